"""Answers generated from the navigator's evidence through an OpenAI-compatible endpoint (a
local test server), and their sentences checked by NLI against the evidence they cite."""

from __future__ import annotations

import pytest
from _pump import QUESTION

from docnav.errors import ConfigError
from docnav.query import DocNavGraph, Navigator


# -- answer generation (an OpenAI-compatible endpoint, served locally) ---------------------------

@pytest.fixture
def endpoint():
    from _endpoint import ChatEndpoint

    server = ChatEndpoint("The seal is replaced every 2000 operating hours [1].")
    yield server
    server.close()


def answerer(url: str, **kw):
    from docnav.chat import ChatOptions
    from docnav.query.generate import ChatAnswerer

    return ChatAnswerer(ChatOptions(**{"base_url": url, "model": "m", "timeout": 2.0,
                                       "retries": 1, "backoff": 0.01, **kw}))


def test_a_generated_answer_is_written_from_the_numbered_evidence(graph, endpoint):
    plain = Navigator(graph).ask(QUESTION, budget=200)
    answer = Navigator(graph, answerer=answerer(endpoint.url)).ask(QUESTION, budget=200)
    assert answer.text == endpoint.reply and answer.generated_by == "chat:m"
    assert answer.generation_error is None
    assert [e.piece.node_id for e in answer.evidence] == [e.piece.node_id for e in plain.evidence]
    prompt = endpoint.prompt()
    assert endpoint.requests == 1 and QUESTION in prompt
    for i, e in enumerate(answer.evidence, start=1):  # [n] in the answer is evidence n
        assert f"[{i}] {e.piece.breadcrumb}" in prompt and e.piece.text in prompt
    assert answer.trace[-1] == {"op": "generate", "by": "chat:m", "chars": len(endpoint.reply)}
    data = answer.to_json()
    assert data["answer"] == endpoint.reply and data["generated_by"] == "chat:m"
    assert [x["ref"] for x in data["evidence"]] == list(range(1, len(answer.evidence) + 1))


@pytest.mark.parametrize("mode", ["500", "garbage", "truncated", "bad status"])
def test_a_failed_generation_keeps_the_cited_evidence_as_the_answer(graph, endpoint, mode):
    endpoint.mode = mode
    plain = Navigator(graph).ask(QUESTION, budget=200)
    answer = Navigator(graph, answerer=answerer(endpoint.url)).ask(QUESTION, budget=200)
    assert endpoint.requests == 2  # one try and one retry
    assert answer.text == plain.text and answer.generated_by is None
    assert "chat:m" in answer.generation_error and "2 attempts" in answer.generation_error
    assert [e.piece.text for e in answer.evidence] == [e.piece.text for e in plain.evidence]
    assert answer.trace[-1]["op"] == "generate" and "error" in answer.trace[-1]


def test_a_lone_surrogate_in_a_generated_answer_is_replaced(graph, endpoint, nli_model):
    import json

    from docnav.verify import Verifier

    endpoint.reply = "The seal is replaced every 2000 \ud800 operating hours [1]."
    answer = Navigator(graph, answerer=answerer(endpoint.url), verifier=Verifier(nli_model)).ask(
        QUESTION, budget=200)
    assert answer.text == "The seal is replaced every 2000 \ufffd operating hours [1]."
    assert len(answer.claims) == 1  # the NLI tokeniser took it
    json.dumps(answer.to_json(), ensure_ascii=False).encode("utf-8")  # as `ask --json` prints


def test_no_evidence_means_no_generation_request(built, endpoint):
    lexical = DocNavGraph.open(built.path, embedder=None)
    answer = Navigator(lexical, answerer=answerer(endpoint.url)).ask("zebra quokka", budget=200)
    assert answer.evidence == [] and endpoint.requests == 0 and answer.generated_by is None


def test_an_answerer_without_an_endpoint_setting_is_a_config_error(monkeypatch):
    monkeypatch.delenv("DOCNAV_LLM_BASE_URL", raising=False)
    monkeypatch.delenv("DOCNAV_LLM_MODEL", raising=False)
    with pytest.raises(ConfigError, match="DOCNAV_LLM_BASE_URL"):
        answerer("")


def test_a_generated_answer_s_sentences_are_checked_against_the_evidence_they_cite(
        graph, endpoint, nli_model):
    from docnav.query.generate import check_claims
    from docnav.verify import Verifier

    plain = Navigator(graph).ask(QUESTION, budget=200)
    n = 1 + next(i for i, e in enumerate(plain.evidence) if "impeller seal" in e.piece.text)
    endpoint.reply = (f"Replace the impeller seal every 2000 operating hours [{n}]. "
                      f"The pump was designed by a team living on the Moon [{n}].")
    verifier = Verifier(nli_model)
    answer = Navigator(graph, answerer=answerer(endpoint.url), verifier=verifier).ask(
        QUESTION, budget=200)
    supported, invented = answer.claims
    assert supported.text == "Replace the impeller seal every 2000 operating hours."
    assert supported.refs == (n,) and supported.verdict == "entail"
    assert invented.refs == (n,) and invented.verdict != "entail"
    assert answer.trace[-1] == {"op": "verify", "claims": 2, "entailed": 1}
    assert answer.to_json()["claims"][1]["verdict"] == invented.verdict
    # no citation, or a number with no evidence behind it: checked against all the evidence
    loose = check_claims("Replace the impeller seal every 2000 operating hours [99].",
                         answer.evidence, verifier)
    assert loose[0].refs == () and loose[0].verdict == "entail"
    # a citation after the full stop belongs to the sentence before it
    after = check_claims(f"The pump was designed on the Moon. [{n}] Replace the impeller seal "
                         f"every 2000 operating hours. [{n}]", answer.evidence, verifier)
    assert [(c.text, c.refs) for c in after] == [
        ("The pump was designed on the Moon.", (n,)),
        ("Replace the impeller seal every 2000 operating hours.", (n,))]
    assert after[1].sentence == f"Replace the impeller seal every 2000 operating hours [{n}]."
    # marks as models also write them: a list, a range
    listed = check_claims(f"Replace the impeller seal every 2000 operating hours [1, {n}]. "
                          f"The pump was designed on the Moon. [1-{n}]", answer.evidence,
                          verifier)
    assert [(c.text, c.refs) for c in listed] == [
        ("Replace the impeller seal every 2000 operating hours.", (1, n)),
        ("The pump was designed on the Moon.", tuple(range(1, n + 1)))]
    assert listed[0].verdict == "entail" and listed[1].verdict != "entail"
    # a Markdown list: each item a claim of its own (its lead-in none), markers kept aside
    items = check_claims(f"The seal:\n- Replace the impeller seal every 2000 operating hours "
                         f"[{n}]\n- The pump was designed on the Moon [{n}]\n1. Check it [{n}]",
                         answer.evidence, verifier)
    assert [(c.text, c.refs) for c in items] == [
        ("Replace the impeller seal every 2000 operating hours", (n,)),
        ("The pump was designed on the Moon", (n,)), ("Check it", (n,))]
    assert [c.sentence[:2] for c in items] == ["- ", "- ", "1."]
    # sentences citing different evidence, interleaved:
    # each against its own evidence, the verdicts in the answer's order
    m = next(i for i, e in enumerate(answer.evidence, start=1) if "seal" not in e.piece.text)
    mixed = check_claims(f"Replace the impeller seal every 2000 operating hours [{m}]. The "
                         f"pump was designed on the Moon [{n}]. Replace the impeller seal every "
                         f"2000 operating hours [{n}].", answer.evidence, verifier)
    assert [(c.refs, c.verdict == "entail") for c in mixed] == [
        ((m,), False), ((n,), False), ((n,), True)]



def test_the_drop_policy_keeps_only_the_supported_sentences_of_an_answer(
        graph, endpoint, nli_model):
    from docnav.verify import Verifier

    plain = Navigator(graph).ask(QUESTION, budget=200)
    n = 1 + next(i for i, e in enumerate(plain.evidence) if "impeller seal" in e.piece.text)
    supported = f"Replace the impeller seal every 2000 operating hours [{n}]."
    invented = f"The pump was designed by a team living on the Moon [{n}]."
    endpoint.reply = f"{invented} {supported}"
    navigator = Navigator(graph, answerer=answerer(endpoint.url), verifier=Verifier(nli_model),
                          policy="drop")
    answer = navigator.ask(QUESTION, budget=200)
    assert answer.text == supported and answer.generated_by == "chat:m"  # citation kept
    assert [c.text for c in answer.dropped] == [invented.replace(f" [{n}]", "")]
    assert len(answer.claims) == 2  # both checked; only the supported one is in the text
    assert answer.trace[-1] == {"op": "drop", "dropped": 1, "kept": 1}
    assert answer.to_json()["answer"] == supported
    assert answer.to_json()["dropped"][0]["verdict"] == answer.dropped[0].verdict

    endpoint.reply = invented  # nothing supported: the answer is the cited evidence again
    answer = navigator.ask(QUESTION, budget=200)
    assert answer.text == plain.text and answer.generated_by is None
    assert len(answer.dropped) == 1 and answer.trace[-1] == {"op": "drop", "dropped": 1,
                                                             "kept": 0}
    endpoint.reply = f"Two points:\n- {invented}\n- {supported}\n- {supported}"  # a list
    answer = navigator.ask(QUESTION, budget=200)
    assert answer.text == f"- {supported}\n- {supported}"  # items kept on lines of their own
    endpoint.reply = supported  # all supported: nothing dropped, the text as written
    answer = navigator.ask(QUESTION, budget=200)
    assert answer.text == supported and answer.dropped == []
    assert answer.trace[-1]["op"] == "verify"


def test_an_answer_policy_is_flag_or_drop_and_drop_needs_a_verifier(graph, endpoint):
    with pytest.raises(ConfigError, match="answer policy 'remove' is not valid: use 'flag'"):
        Navigator(graph, policy="remove")
    with pytest.raises(ConfigError, match="'drop' needs a verifier"):
        Navigator(graph, answerer=answerer(endpoint.url), policy="drop")


# -- citations of evidence that does not exist ----------------------------------------------------

def test_citations_of_evidence_that_does_not_exist_are_reported_and_taken_out(
        graph, endpoint, nli_model):
    from docnav.verify import Verifier

    plain = Navigator(graph).ask(QUESTION, budget=200)
    n = 1 + next(i for i, e in enumerate(plain.evidence) if "impeller seal" in e.piece.text)
    past = len(plain.evidence) + 3  # no such evidence
    endpoint.reply = (f"Replace the impeller seal every 2000 operating hours [{past}]. "
                      f"The seal wears [0]. It is replaced often []. Check it [{n}, {past}].")
    answer = Navigator(graph, answerer=answerer(endpoint.url)).ask(QUESTION, budget=200)
    assert answer.invalid_citations == [f"[{past}]", "[0]", "[]"]
    assert answer.text == ("Replace the impeller seal every 2000 operating hours. The seal "
                           f"wears. It is replaced often. Check it [{n}].")
    assert answer.cited == [n] and answer.generated_by == "chat:m"
    assert answer.trace[-1]["invalid_citations"] == answer.invalid_citations
    data = answer.to_json()
    assert data["invalid_citations"] == answer.invalid_citations and data["cited"] == [n]

    # checked: each sentence keeps its wrong citations aside and is checked against all the
    # evidence, as one citing none; --policy drop keeps it (without them) when it is supported
    answer = Navigator(graph, answerer=answerer(endpoint.url), verifier=Verifier(nli_model),
                       policy="drop").ask(QUESTION, budget=200)
    first = answer.claims[0]
    assert first.refs == () and first.invalid == (f"[{past}]",) and first.verdict == "entail"
    assert first.sentence == "Replace the impeller seal every 2000 operating hours."
    assert answer.claims[-1].refs == (n,) and answer.claims[-1].invalid == (f"[{past}]",)
    assert answer.text.startswith("Replace the impeller seal every 2000 operating hours.")
    assert f"[{past}]" not in answer.text and "[0]" not in answer.text
    assert answer.to_json()["claims"][0]["invalid_citations"] == [f"[{past}]"]


def test_valid_citations_and_code_are_left_as_written(graph, endpoint):
    from docnav.query.generate import strip_invalid_citations

    text = "Use `v[0]` and `[]` here [1-3]. See [^2].\n```\nx = [9]\n```"
    assert strip_invalid_citations(text, 3) == (text, [])
    assert strip_invalid_citations("Wide [2-5]. Gone [^4].", 3) == ("Wide [2, 3]. Gone.",
                                                                     ["[4]", "[5]"])
    endpoint.reply = "The seal is replaced every 2000 operating hours."  # cites nothing
    answer = Navigator(graph, answerer=answerer(endpoint.url)).ask(QUESTION, budget=200)
    assert answer.cited == [] and answer.invalid_citations == []


@pytest.mark.timeout(60)  # the marks after the stop took 2^n steps: 40 of them, hours
def test_a_long_row_of_citation_marks_is_split_in_linear_time(graph, nli_model):
    from docnav.query.generate import check_claims
    from docnav.verify import Verifier

    evidence = Navigator(graph).ask(QUESTION, budget=200).evidence
    text = "Replace the impeller seal. " + "[1]  " * 40 + "and check it."
    claims = check_claims(text, evidence, Verifier(nli_model))
    assert [(c.text, c.refs) for c in claims] == [("Replace the impeller seal.", ()),
                                                  ("and check it.", (1,))]


def test_citation_marks_as_models_write_them(graph, nli_model):
    from docnav.query.generate import check_claims
    from docnav.verify import Verifier

    evidence = Navigator(graph).ask(QUESTION, budget=200).evidence
    claims = check_claims("The seal wears [1][2]. It is replaced often[^3].\n\n"
                          "[^3]: Pump Manual > 3 Maintenance\n\nCheck it (2).",
                          evidence, Verifier(nli_model))
    assert [(c.text, c.refs) for c in claims] == [
        ("The seal wears.", (1, 2)), ("It is replaced often.", (3,)),  # not its footnote line
        ("Check it (2).", ())]  # "(2)" is no citation: checked against all the evidence


def test_an_answer_in_chinese_is_checked_sentence_by_sentence(graph, nli_model):
    from docnav.query.generate import check_claims
    from docnav.verify import Verifier

    evidence = Navigator(graph).ask(QUESTION, budget=200).evidence
    claims = check_claims("叶轮密封每2000个运行小时更换一次[2]。泵是在月球上设计的[1]！它很重。[3]",
                          evidence, Verifier(nli_model))
    assert [(c.text, c.refs) for c in claims] == [
        ("叶轮密封每2000个运行小时更换一次。", (2,)), ("泵是在月球上设计的！", (1,)), ("它很重。", (3,))]


# -- what else an endpoint sends back -------------------------------------------------------------

def _message(content=None, finish_reason="stop", **fields) -> dict:
    return {"message": {"role": "assistant", "content": content, **fields},
            "finish_reason": finish_reason}


@pytest.mark.parametrize("choice, error, requests", [
    (_message(tool_calls=[{"id": "c1", "type": "function",
                           "function": {"name": "search", "arguments": "{}"}}],
              finish_reason="tool_calls"), "answered with a tool call (search) instead of text", 1),
    (_message(refusal="I cannot help with that."),
     "refused to answer: I cannot help with that.", 1),
    (_message(finish_reason="content_filter"), "finish_reason 'content_filter'", 1),
    # as empty content: "returned an empty answer" said nothing of the filter
    (_message("", finish_reason="content_filter"), "held the answer back (finish_reason "
                                                   "'content_filter')", 1),
    ({"message": {"role": "assistant"}, "finish_reason": "stop"},
     "a message with no text: content null, finish_reason 'stop'", 2),  # retried: no reason
], ids=["tool call", "refusal", "filtered", "filtered, empty", "no content"])
def test_a_message_without_text_says_why(graph, endpoint, choice, error, requests):
    plain = Navigator(graph).ask(QUESTION, budget=200)
    endpoint.choice = choice
    answer = Navigator(graph, answerer=answerer(endpoint.url)).ask(QUESTION, budget=200)
    assert error in answer.generation_error and endpoint.requests == requests
    assert answer.generated_by is None and answer.text == plain.text
    assert endpoint.url in answer.generation_error  # which endpoint: the refusal did not say


def test_an_answer_longer_than_any_answer_is_not_taken(graph, endpoint):
    """4 MB of one sentence repeated failed the sentence check with a traceback after 17 s,
    the evidence lost with it."""
    plain = Navigator(graph).ask(QUESTION, budget=200)
    endpoint.reply = "The seal is replaced every 2000 operating hours [1]. " * 2000
    answer = Navigator(graph, answerer=answerer(endpoint.url)).ask(QUESTION, budget=200)
    assert answer.generated_by is None and answer.text == plain.text
    assert answer.generation_error == (
        f"chat:m: the answer from {endpoint.url}/chat/completions is 106,000 characters long, "
        "more than 50,000: not taken (a model that did not stop; set the endpoint's "
        "max_tokens)")


def test_an_empty_answer_names_the_endpoint_once(graph, endpoint):
    """It said "m: m returned an empty answer" (the model twice, the endpoint never)."""
    endpoint.reply = "  "
    answer = Navigator(graph, answerer=answerer(endpoint.url)).ask(QUESTION, budget=200)
    assert answer.generation_error == (f"chat:m: {endpoint.url}/chat/completions returned an "
                                       "empty answer")


def test_an_answer_cut_off_by_the_output_limit_is_not_taken_for_a_whole_one(graph, endpoint):
    plain = Navigator(graph).ask(QUESTION, budget=200)
    endpoint.choice = _message("Replace the impeller seal every", finish_reason="length")
    answer = Navigator(graph, answerer=answerer(endpoint.url)).ask(QUESTION, budget=200)
    assert answer.generated_by is None and answer.text == plain.text
    assert (f"the answer from {endpoint.url}/chat/completions was cut off by the model's "
            "output limit after 31 characters (finish_reason 'length')"
            ) in answer.generation_error
    assert endpoint.requests == 1
    endpoint.choice = _message("Replace the impeller seal every 2000 operating hours [1].")
    answer = Navigator(graph, answerer=answerer(endpoint.url)).ask(QUESTION, budget=200)
    assert answer.text == endpoint.choice["message"]["content"] and answer.generated_by


def test_a_repeated_prompt_and_the_model_s_reasoning_are_not_the_answer(graph, endpoint):
    from docnav.query.generate import PROMPT, numbered

    plain = Navigator(graph).ask(QUESTION, budget=200)
    prompt = PROMPT.format(question=QUESTION, evidence=numbered(plain.evidence))
    sentence = "Replace the impeller seal every 2000 operating hours [1]."
    asked = Navigator(graph, answerer=answerer(endpoint.url))
    for reply in (f"{prompt}\n\n{sentence}",  # the prompt repeated first
                  " ".join(prompt[prompt.index("Question: "):].split()) + f"\n{sentence}",
                  f"<think>Evidence [3] is about clearance.</think>\n{sentence}",
                  f"Evidence [3] is about clearance.\n</think>\n\n{sentence}"):  # no <think>
        endpoint.reply = reply
        answer = asked.ask(QUESTION, budget=200)
        assert endpoint.prompt() == prompt and answer.text == sentence, reply
    for reply, error in ((prompt, "only repeated the prompt, with no answer"),
                         ("<think>The evidence [3] is", "only the model's reasoning")):
        endpoint.reply = reply
        answer = asked.ask(QUESTION, budget=200)
        assert answer.generated_by is None and error in answer.generation_error
        assert answer.text == plain.text and endpoint.url in answer.generation_error


def test_a_citation_after_the_full_stop_and_a_second_stop_is_the_sentence_s(graph, nli_model):
    from docnav.query.generate import check_claims
    from docnav.verify import Verifier

    evidence = Navigator(graph).ask(QUESTION, budget=200).evidence
    claims = check_claims("Replace the impeller seal every 2000 operating hours. [2]. The pump "
                          "was designed on the Moon [1].", evidence, Verifier(nli_model))
    assert [(c.text, c.refs) for c in claims] == [
        ("Replace the impeller seal every 2000 operating hours.", (2,)),
        ("The pump was designed on the Moon.", (1,))]
