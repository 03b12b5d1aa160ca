"""The OpenAI-compatible chat summariser against a small local HTTP server started here.

The server stands in for an LLM endpoint (nobody has one here); everything else is real:
the summariser's HTTP client and retries, Punkt claims and the NLI model.
"""

from __future__ import annotations

import re
import socket

import duckdb
import pytest

from docnav.abstractive import ChatOptions, ChatSummarizer, SummarizerError
from docnav.chat import ChatError
from docnav.errors import ConfigError
from docnav.model import Block, BlockKind, ParsedDocument
from docnav.summaries import SummaryBuilder, SummaryStats
from docnav.summary_rows import FAILED, FLAGGED
from docnav.summarize import SummaryInput
from docnav.tree import build_tree
from docnav.verify import ENTAIL, Verifier, VerifyOptions
from _endpoint import ChatEndpoint

SOURCE = (
    "The committee approved the budget for 2024 after a long debate. "
    "The budget funds three new schools in the northern district. "
    "Construction of the schools starts in September."
)
SUPPORTED = "The budget funds three new schools in the northern district."
FABRICATED = "The mayor resigned in protest and moved to Lisbon."
CONTRADICTED = "The committee rejected the budget for 2024."
ANSWER = f"{SUPPORTED} {FABRICATED} {CONTRADICTED}"


@pytest.fixture
def endpoint():
    server = ChatEndpoint(ANSWER)
    yield server
    server.close()


def chat(url: str, **kw) -> ChatSummarizer:
    options = dict(base_url=url, model="test-model", timeout=0.5, retries=2, backoff=0.05)
    options.update(kw)
    return ChatSummarizer(ChatOptions(**options))


def doc_tree():
    blocks = (Block(BlockKind.HEADING, "Budget", level=1), Block(BlockKind.TEXT, SOURCE))
    return build_tree(ParsedDocument("Council", blocks, "md"), "d1", "/x/council.md")


def test_fabricated_and_contradicted_claims_are_flagged(endpoint, nli_model):
    builder = SummaryBuilder(chat(endpoint.url), Verifier(nli_model), policy="flag")
    stats = SummaryStats()
    summaries = builder.build_document(doc_tree(), {}, stats)
    section = next(s for s in summaries if s.node_id != doc_tree().root.node_id)
    verdicts = {c.text: c.verdict.label for c in section.claims}
    assert set(verdicts) == {SUPPORTED, FABRICATED, CONTRADICTED}  # Punkt split the answer
    assert verdicts[SUPPORTED] == ENTAIL
    assert verdicts[FABRICATED] != ENTAIL and verdicts[CONTRADICTED] != ENTAIL
    assert section.status == FLAGGED
    assert stats.claims_flagged >= 2


def test_drop_policy_keeps_only_supported_claims(endpoint, nli_model):
    builder = SummaryBuilder(chat(endpoint.url), Verifier(nli_model), policy="drop")
    summaries = builder.build_document(doc_tree(), {}, SummaryStats())
    section = next(s for s in summaries if s.node_id != doc_tree().root.node_id)
    kept = [c.text for c in section.claims if c.kept]
    assert kept == [SUPPORTED]
    # the answer is split into sentences: the unsupported ones go, the supported one stays
    assert section.text == SUPPORTED


@pytest.mark.parametrize("mode", ["500", "garbage", "truncated", "bad status"])
def test_endpoint_errors_are_retried_then_raised(endpoint, mode):
    endpoint.mode = mode
    summarizer = chat(endpoint.url)
    tree = doc_tree()
    item = SummaryInput(tree.sections[0], tree.paragraphs)
    with pytest.raises(SummarizerError) as err:
        summarizer.summarize(item)
    assert endpoint.requests == 3  # first try + 2 retries
    assert "3 attempts" in str(err.value)


@pytest.mark.parametrize("mode", ["slow", "drip"])
def test_an_endpoint_without_an_answer_in_time_is_given_up_at_once(endpoint, mode):
    endpoint.mode = mode  # slow: 1.5 s; drip: a byte every 50 ms, 8 s for the answer
    summarizer = chat(endpoint.url)
    tree = doc_tree()
    with pytest.raises(SummarizerError, match=r"no answer from http\S+ within 0.5 s") as err:
        summarizer.summarize(SummaryInput(tree.sections[0], tree.paragraphs))
    assert endpoint.requests == 1 and "after 1 attempt: " in str(err.value)  # a timeout: no retry


def test_the_timeout_is_read_from_the_environment(endpoint, monkeypatch):
    monkeypatch.setenv("DOCNAV_LLM_TIMEOUT", "7.5")
    assert ChatOptions(base_url=endpoint.url, model="m").resolved().timeout == 7.5
    assert ChatOptions(base_url=endpoint.url, model="m", timeout=2).resolved().timeout == 2
    monkeypatch.setenv("DOCNAV_LLM_TIMEOUT", "soon")
    with pytest.raises(ConfigError, match="DOCNAV_LLM_TIMEOUT='soon' is not valid"):
        ChatSummarizer(ChatOptions(base_url=endpoint.url, model="m"))


def test_a_rate_limit_s_retry_after_is_waited_out(endpoint):
    endpoint.mode = "429"  # Retry-After: 1, then answered
    summarizer = chat(endpoint.url, timeout=5)
    tree = doc_tree()
    sentences = summarizer.summarize(SummaryInput(tree.sections[0], tree.paragraphs))
    assert " ".join(s.text for s in sentences) == ANSWER
    assert endpoint.requests == 2
    assert endpoint.times[1] - endpoint.times[0] >= 1.0  # not the 0.05 s backoff


@pytest.mark.parametrize("mode", ["401", "error"])
def test_the_server_s_error_message_is_reported_and_not_retried(endpoint, mode):
    endpoint.mode = mode  # HTTP 401, or HTTP 200 with an error body
    summarizer = chat(endpoint.url)
    tree = doc_tree()
    with pytest.raises(SummarizerError, match="Incorrect API key provided") as err:
        summarizer.summarize(SummaryInput(tree.sections[0], tree.paragraphs))
    assert endpoint.requests == 1
    assert "not an OpenAI chat completion" not in str(err.value)
    assert ("HTTP 401" if mode == "401" else "answered with an error") in str(err.value)


def test_a_base_url_that_is_not_http_is_a_config_error():
    with pytest.raises(ConfigError, match="'localhost:8000/v1' is not an http.s. URL: set "
                                          "DOCNAV_LLM_BASE_URL"):
        ChatSummarizer(ChatOptions(base_url="localhost:8000/v1", model="m"))


def test_a_lone_surrogate_in_the_answer_is_replaced(endpoint, nli_model):
    endpoint.reply = f"{SUPPORTED[:-1]} \ud800."  # a JSON escape no encoder takes
    builder = SummaryBuilder(chat(endpoint.url), Verifier(nli_model), policy="flag")
    summaries = builder.build_document(doc_tree(), {}, SummaryStats())
    section = next(s for s in summaries if s.node_id != doc_tree().root.node_id)
    assert section.text == f"{SUPPORTED[:-1]} \ufffd."
    section.text.encode("utf-8")


@pytest.mark.parametrize("reply", ["", "  \n\t "])
def test_an_empty_answer_is_a_failed_summary(endpoint, nli_model, reply):
    endpoint.reply = reply
    builder = SummaryBuilder(chat(endpoint.url), Verifier(nli_model))
    stats = SummaryStats()
    summaries = builder.build_document(doc_tree(), {}, stats)
    assert summaries and all(s.status == FAILED for s in summaries)
    assert "returned an empty answer" in summaries[0].error
    assert stats.rebuilt == 0 and stats.failed == len(summaries)


def test_a_reasoning_model_s_thinking_is_not_the_summary(endpoint, nli_model):
    endpoint.reply = f"<think>The user wants a summary. Pumps?</think>\n{SUPPORTED}"
    builder = SummaryBuilder(chat(endpoint.url), Verifier(nli_model), policy="flag")
    summaries = builder.build_document(doc_tree(), {}, SummaryStats())
    section = next(s for s in summaries if s.node_id != doc_tree().root.node_id)
    assert section.text == SUPPORTED and "think" not in section.text
    endpoint.reply = "<think>The user wants a summary, so I will"  # it never stopped
    failed = builder.build_document(doc_tree(), {}, SummaryStats())
    assert all(s.status == FAILED for s in failed)
    assert "returned only its reasoning" in failed[0].error


def test_a_summary_cut_off_by_the_output_limit_is_a_failed_summary(endpoint, nli_model):
    endpoint.choice = {"message": {"role": "assistant", "content": f"{SUPPORTED} The seal"},
                       "finish_reason": "length"}
    builder = SummaryBuilder(chat(endpoint.url), Verifier(nli_model))
    stats = SummaryStats()
    summaries = builder.build_document(doc_tree(), {}, stats)
    assert summaries and all(s.status == FAILED for s in summaries)
    assert "cut off by the model's output limit" in summaries[0].error
    assert "max_tokens" in summaries[0].error and stats.rebuilt == 0


def test_endpoint_down_is_retried_then_raised():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    summarizer = chat(f"http://127.0.0.1:{port}/v1")
    tree = doc_tree()
    with pytest.raises(SummarizerError, match="cannot reach"):
        summarizer.summarize(SummaryInput(tree.sections[0], tree.paragraphs))
    assert summarizer.requests == 3


def test_missing_endpoint_setting_is_a_config_error(monkeypatch):
    monkeypatch.delenv("DOCNAV_LLM_BASE_URL", raising=False)
    with pytest.raises(ConfigError, match="DOCNAV_LLM_BASE_URL"):
        ChatSummarizer(ChatOptions(model="m"))


def test_failed_endpoint_keeps_previous_summary_and_reports_it(endpoint, nli_model, tmp_path):
    from docnav.embed import HashingEmbedder
    from docnav.index import Indexer, IndexOptions
    from docnav.store import Store

    docs = tmp_path / "docs"
    docs.mkdir()
    page = docs / "council.md"
    page.write_text(f"# Budget\n\n{SOURCE}\n")
    store = Store(tmp_path / "db" / "g.duckdb")
    builder = SummaryBuilder(chat(endpoint.url), Verifier(nli_model, VerifyOptions()))
    indexer = Indexer(store, IndexOptions(), HashingEmbedder(), summaries=builder)
    first = indexer.index([docs])
    assert first.summaries.rebuilt > 0 and first.summaries.failed == 0

    endpoint.mode = "500"
    page.write_text(f"# Budget\n\n{SOURCE} The mayor attended.\n")
    second = indexer.index([docs])
    assert second.summaries.failed > 0
    assert "failed" in second.summary()
    with duckdb.connect(str(store.path), read_only=True) as con:
        rows = con.execute(
            "SELECT status, text, error FROM summaries WHERE doc_id <> '__collection__'"
        ).fetchall()
    assert rows and all(status == FAILED for status, _, _ in rows)
    assert all(SUPPORTED in text for _, text, _ in rows)  # the previous text stays
    assert all("HTTP 500" in error for _, _, error in rows)

    endpoint.mode = "ok"
    third = indexer.index([docs])  # the stale tree hash makes the next run try again
    assert third.summaries.failed == 0 and third.summaries.rebuilt > 0



def test_summaries_built_while_the_endpoint_was_down_are_redone(endpoint, nli_model, tmp_path):
    """The document and collection summaries are made from their sections' summaries: when
    those failed, they fail too, instead of being stored as verified empty texts and reused."""
    from docnav.embed import HashingEmbedder
    from docnav.index import Indexer, IndexOptions
    from docnav.store import Store

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "council.md").write_text(f"# Budget\n\n{SOURCE}\n")
    store = Store(tmp_path / "db" / "g.duckdb")
    builder = SummaryBuilder(chat(endpoint.url), Verifier(nli_model, VerifyOptions()))
    indexer = Indexer(store, IndexOptions(), HashingEmbedder(), summaries=builder)

    def stored():
        with duckdb.connect(str(store.path), read_only=True) as con:
            return con.execute("SELECT n.kind, s.status, s.text FROM summaries s JOIN nodes n "
                               "USING (node_id) ORDER BY n.kind").fetchall()

    endpoint.mode = "500"
    down = indexer.index([docs])
    assert {kind for kind, _, _ in stored()} == {"collection", "document", "section"}
    assert all(status == FAILED for _, status, _ in stored())
    assert down.summaries.failed == 3 and endpoint.requests == 3  # only the section asked

    endpoint.mode = "ok"
    up = indexer.index([docs])
    assert up.summaries.failed == 0 and up.summaries.rebuilt == 3
    assert all(status != FAILED and SUPPORTED in text for _, status, text in stored())


def test_after_a_401_the_run_s_other_summaries_fail_without_asking(
        endpoint, tmp_path, monkeypatch, capsys):
    from docnav.cli import main

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "council.md").write_text(f"# Budget\n\n{SOURCE}\n\n# Schools\n\n{SUPPORTED}\n")
    monkeypatch.setenv("DOCNAV_LLM_BASE_URL", endpoint.url)
    monkeypatch.setenv("DOCNAV_LLM_MODEL", "m")
    endpoint.mode = "401"
    main(["--db", str(tmp_path / "g.duckdb"), "index", str(docs), "--embed-model", "hashing",
          "--summarizer", "chat", "--no-verify", "--no-progress"])
    warnings = [line for line in capsys.readouterr().err.splitlines() if "warning" in line]
    assert endpoint.requests == 1  # the second section was not asked for
    assert len(warnings) == 4  # two sections, the document, the collection
    assert all("Incorrect API key provided" in w for w in warnings)
    assert not any("previous kept" in w for w in warnings)  # there was none
    # each named by where it is, not by its node id only ("summary of node 3f2a… failed")
    named = [re.match(r"warning: summary of (.+) \(node [0-9a-f_]+\) failed: ", w)
             for w in warnings]
    page = docs / "council.md"
    assert sorted(m.group(1) for m in named) == sorted(
        [f"{page} › Budget", f"{page} › Schools", str(page), "the collection"]), warnings


def test_after_failed_calls_in_a_row_the_client_stops_asking(endpoint):
    from docnav.chat import GIVE_UP_AFTER, GIVE_UP_FOR, ChatClient

    endpoint.mode = "500"
    client = ChatClient(ChatOptions(base_url=endpoint.url, model="m", retries=0))
    errors = []
    for _ in range(GIVE_UP_AFTER + 2):
        with pytest.raises(ChatError) as err:
            client.complete("Summarise this.")
        errors.append(str(err.value))
    assert endpoint.requests == GIVE_UP_AFTER
    assert errors[-1] == errors[-2] == f"{errors[GIVE_UP_AFTER - 1]} (not asked again for {GIVE_UP_FOR:g} s)"
    assert "HTTP 500" in errors[-1]


def test_a_documents_own_summary_is_in_its_prompt_first(endpoint):
    # a document's prompt is made of its parts' summaries (here the endpoint's canned answer);
    # the summary its authors wrote (its Abstract) goes first, in their words
    abstract = "We propose a cheaper way to fund schools from the regional budget."
    blocks = (Block(BlockKind.HEADING, "Abstract", level=1), Block(BlockKind.TEXT, abstract),
              Block(BlockKind.HEADING, "Budget", level=1), Block(BlockKind.TEXT, SOURCE))
    tree = build_tree(ParsedDocument("Council", blocks, "md"), "d1", "/x/council.md")
    summaries = SummaryBuilder(chat(endpoint.url), None).build_document(tree, {}, SummaryStats())
    assert summaries[-1].node_id == tree.root.node_id  # the document's is built last
    prompt = endpoint.prompt()
    assert abstract in prompt and prompt.index(abstract) < prompt.index(SUPPORTED)
