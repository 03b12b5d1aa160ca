"""A change of the claim policy (``--policy flag|drop``) is followed by the whole store.

A stored summary is reused only where it is what the run's policy makes of its claims:
``drop`` keeps no unsupported claim, ``flag`` drops none. The chat summariser answers from a
small local HTTP server (tests/_endpoint.py) with a sentence of each section; the NLI model
(../shared/models), the parser (docling) and DuckDB are real.
"""

from __future__ import annotations

import shutil

import duckdb
import pytest

from docnav.abstractive import ChatOptions, ChatSummarizer
from docnav.embed import HashingEmbedder
from docnav.index import Indexer, IndexOptions
from docnav.store import Store
from docnav.summaries import SummaryPipelineOptions, make_builder
from docnav.verify import VerifyOptions
from _endpoint import ChatEndpoint
from _paths import NLI_MODEL

BUDGET = "The budget funds three new schools in the northern district."
BRIDGE = "The old bridge over the canal was closed for repairs in March."

COUNCIL = f"""# Council

## Budget

The committee approved the budget for 2024 after a long debate. {BUDGET}

## Works

{BRIDGE} Traffic now crosses the canal at the harbour.
"""

# Each section's summary holds the other section's sentence, which its own paragraph does not
# support (dropped by "drop", kept and flagged by "flag"); the summaries above them, checked
# against both paragraphs, are supported throughout and fit either policy.
REPLY = f"{BUDGET} {BRIDGE}"


@pytest.fixture
def endpoint():
    server = ChatEndpoint(REPLY)
    yield server
    server.close()


@pytest.fixture
def docs(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "council.md").write_text(COUNCIL)
    return folder


def indexer(tmp_path, endpoint, nli_model, policy: str) -> Indexer:
    chat = ChatSummarizer(ChatOptions(base_url=endpoint.url, model="test-model", timeout=5))
    options = SummaryPipelineOptions(
        summarizer=chat, nli=VerifyOptions(model=str(NLI_MODEL), policy=policy))
    store = Store(tmp_path / "db" / "graph.duckdb")
    return Indexer(store, IndexOptions(summaries=options), HashingEmbedder(),
                   summaries=make_builder(options, nli_model=nli_model))


def claims(store: Store) -> list[tuple]:
    with duckdb.connect(str(store.path), read_only=True) as con:
        return con.execute(
            "SELECT node_id, tree_hash, idx, text, verdict, kept FROM claims ORDER BY ALL"
        ).fetchall()


def unsupported(store: Store) -> tuple[int, int]:
    """Claims not entailed, and how many of them are kept."""
    with duckdb.connect(str(store.path), read_only=True) as con:
        return con.execute("SELECT count(*), coalesce(sum(kept::int), 0) FROM claims "
                           "WHERE verdict <> 'entail'").fetchone()


def fresh(tmp_path, docs, endpoint, nli_model, policy: str) -> list[tuple]:
    """The claims of a store built from nothing with ``policy``, at the same place."""
    shutil.rmtree(tmp_path / "db")
    run = indexer(tmp_path, endpoint, nli_model, policy)
    assert run.index([docs]).summaries.failed == 0
    return claims(run.store)


def summaries_made(store: Store) -> int:
    with duckdb.connect(str(store.path), read_only=True) as con:
        return con.execute("SELECT count(*) FROM summaries").fetchone()[0]


@pytest.mark.parametrize("before, after", [("flag", "drop"), ("drop", "flag")])
def test_a_new_policy_rebuilds_what_does_not_fit_it_and_equals_a_fresh_build(
        tmp_path, docs, endpoint, nli_model, before, after):
    run = indexer(tmp_path, endpoint, nli_model, before)
    first = run.index([docs])
    assert first.ok and first.summaries.failed == 0
    store = run.store
    made = summaries_made(store)  # two sections, the title's, the document's, the collection's
    assert made == 5
    # each section has one unsupported claim; the collection's cite no paragraph: unsupported
    assert unsupported(store) == ((4, 4) if before == "flag" else (4, 0))

    requests = endpoint.requests
    report = indexer(tmp_path, endpoint, nli_model, after).index([docs])
    assert report.ok and report.summaries.failed == 0
    # every summary is rebuilt: the sections' and the collection's do not fit the new policy,
    # the ones above the sections are made from theirs
    assert report.summaries.rebuilt == endpoint.requests - requests == made
    assert report.summaries.reused == 0
    assert unsupported(store) == ((4, 0) if after == "drop" else (4, 4))
    switched = claims(store)
    assert switched == fresh(tmp_path, docs, endpoint, nli_model, after)


@pytest.mark.parametrize("policy", ["flag", "drop"])
def test_a_run_with_the_same_policy_again_rebuilds_nothing(
        tmp_path, docs, endpoint, nli_model, policy):
    indexer(tmp_path, endpoint, nli_model, policy).index([docs])
    requests = endpoint.requests
    again = indexer(tmp_path, endpoint, nli_model, policy).index([docs])
    assert again.ok and again.summaries.rebuilt == 0 and endpoint.requests == requests


def survey() -> str:
    """A paragraph of one long sentence, which the extractive summariser clips to 400
    characters in the middle of a number: the clipped number is not in the source, so the
    claim is not supported (the NLI check's number guard)."""
    places = [f"{a}{b}" for a in ("bal", "cor", "dun", "fel")
              for b in ("ton", "by", "wick", "stead", "ham", "ley", "worth", "field", "ford")]
    head = ("The survey crossed " + ", ".join(places * 2))[:395].rstrip(", ")
    head += "x" * (395 - len(head))
    return f"# Survey\n\n{head} 12345678 fields in one summer.\n"


@pytest.mark.parametrize("before, after", [("drop", "flag"), ("flag", "drop")])
def test_the_collection_summary_follows_document_summaries_rebuilt_for_a_new_policy(
        tmp_path, nli_model, before, after):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "survey.md").write_text(survey())

    def run(policy: str) -> Indexer:
        options = SummaryPipelineOptions(nli=VerifyOptions(model=str(NLI_MODEL), policy=policy))
        return Indexer(Store(tmp_path / "db" / "graph.duckdb"), IndexOptions(summaries=options),
                       HashingEmbedder(), summaries=make_builder(options, nli_model=nli_model))

    first = run(before)
    first.index([folder])
    # the one claim, made by the section and carried up to the document and the collection
    assert unsupported(first.store) == ((3, 3) if before == "flag" else (1, 0))
    report = run(after).index([folder])
    # under drop the document's and the collection's summaries are empty: they fit flag
    assert report.summaries.rebuilt == 3 and report.summaries.reused == 0
    switched = claims(first.store)
    shutil.rmtree(tmp_path / "db")
    run(after).index([folder])
    assert switched == claims(first.store)


def test_a_summary_carried_under_drop_is_rebuilt_when_the_policy_turns_to_flag(
        tmp_path, docs, endpoint, nli_model):
    """A heading renamed between two drop runs gives the sections new ids: their summaries
    are carried, re-checked from the sentences left after the drop, and were written as if
    nothing had been dropped; the flag run after reused them without the claims it keeps."""
    indexer(tmp_path, endpoint, nli_model, "drop").index([docs])
    (docs / "council.md").write_text(COUNCIL.replace("# Council", "# Town Council"))
    renamed = indexer(tmp_path, endpoint, nli_model, "drop").index([docs])
    assert renamed.ok and renamed.summaries.failed == 0
    store = indexer(tmp_path, endpoint, nli_model, "flag")
    assert store.index([docs]).summaries.failed == 0
    assert unsupported(store.store) == (4, 4)
    switched = claims(store.store)
    assert switched == fresh(tmp_path, docs, endpoint, nli_model, "flag")
