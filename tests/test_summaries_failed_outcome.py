"""What a run says of documents whose summaries it rebuilt, or tried to: the `document`
partition's outcome in Dagster and `docnav index --json`. The summaries come from a
chat endpoint (a local HTTP test double), down for one run and back up for the next; the
parser, store and indexer are real."""

from __future__ import annotations

import pytest
from _endpoint import ChatEndpoint

from docnav.abstractive import ChatOptions, ChatSummarizer
from docnav.embed import HashingEmbedder
from docnav.index import Indexer, IndexOptions
from docnav.store import Store
from docnav.summaries import SummaryPipelineOptions
from pipelines.reporting import document_outcomes

ALPHA = "# Alpha\n\nAlpha has apples.\n\n## Beta\n\nBeta grows beans.\n"
BRAVO = "# Bravo\n\nBravo builds boats.\n"


@pytest.fixture
def endpoint():
    server = ChatEndpoint("Alpha has apples.")
    yield server
    server.close()


def chat_run(store: Store, endpoint: ChatEndpoint, docs):
    chat = ChatSummarizer(ChatOptions(base_url=endpoint.url, model="m", timeout=5, retries=0))
    options = IndexOptions(summaries=SummaryPipelineOptions(summarizer=chat, verify=False))
    return Indexer(store, options, HashingEmbedder()).index([docs])


def test_unchanged_documents_whose_summaries_failed_do_not_read_rebuilt(tmp_path, endpoint):
    """Indexed without summaries, then run with a chat summariser whose endpoint answers 500:
    every summary failed ("0 rebuilt, 6 failed"), yet a.md's and b.md's partitions read
    "summaries rebuilt", run after run, and `--json` named neither."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text(ALPHA)
    (docs / "b.md").write_text(BRAVO)
    paths = sorted(str(p) for p in docs.iterdir())
    store = Store(tmp_path / "s.duckdb")
    assert Indexer(store, IndexOptions(), HashingEmbedder()).index([docs]).ok
    endpoint.mode = "500"
    for _ in range(2):  # failed, they stay stale: the next run tries again, and says so again
        report = chat_run(store, endpoint, docs)
        assert report.summaries.rebuilt == 0 and report.summaries.failed > 0
        outcomes = document_outcomes(report, paths)
        assert [o["outcome"] for o in outcomes.values()] == ["summaries failed"] * 2
        assert all("500" in o["summary_error"] for o in outcomes.values()), outcomes
        said = report.to_json()
        assert said["resummarised"] == [] and said["resummary_failed"] == paths

    endpoint.mode = "ok"
    report = chat_run(store, endpoint, docs)
    assert report.summaries.failed == 0 and report.summaries.rebuilt > 0
    assert document_outcomes(report, paths) == {p: {"outcome": "summaries rebuilt"}
                                                 for p in paths}
    said = report.to_json()
    assert said["resummarised"] == paths and said["resummary_failed"] == []
    assert chat_run(store, endpoint, docs).to_json()["resummarised"] == []


def test_changed_and_added_documents_whose_summaries_failed_say_so(tmp_path, endpoint):
    """Summarised, then a.md edited, b.md renamed and c.md added while the endpoint answers
    500: a.md's and c.md's partitions read just "changed" and "added", nothing of their failed
    summaries (only the run's totals and stderr said it). The renamed b.md reuses its own."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text(ALPHA)
    (docs / "b.md").write_text(BRAVO)
    store = Store(tmp_path / "s.duckdb")
    assert chat_run(store, endpoint, docs).summaries.failed == 0
    (docs / "a.md").write_text(ALPHA + "\nAlpha sells apples.\n")
    (docs / "b.md").rename(docs / "bravo.md")
    (docs / "c.md").write_text("# Charlie\n\nCharlie carves chairs.\n")
    endpoint.mode = "500"
    report = chat_run(store, endpoint, docs)
    a, b, bravo, c = (str(docs / n) for n in ("a.md", "b.md", "bravo.md", "c.md"))
    outcomes = document_outcomes(report, [a, bravo, c])
    assert outcomes[bravo] == {"outcome": "renamed", "renamed_from": b}
    assert [outcomes[p]["outcome"] for p in (a, c)] == ["changed", "added"]
    assert all("HTTP 500" in outcomes[p]["summary_error"] for p in (a, c)), outcomes

    endpoint.mode = "ok"
    report = chat_run(store, endpoint, docs)
    assert document_outcomes(report, [a, bravo, c]) == {
        a: {"outcome": "summaries rebuilt"}, bravo: {"outcome": "unchanged"},
        c: {"outcome": "summaries rebuilt"}}
