"""What a run says of unchanged documents whose stale summaries it rebuilt, or tried to: the
`document` partition's outcome in Dagster and `docnav index --json`. The summaries come from a
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
