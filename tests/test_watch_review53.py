"""What a watch batch that changed no document still shows (found by a review of "a batch that
changed nothing prints nothing"): a watched folder coming back, and collection work a run
without it left to do."""

from __future__ import annotations

import os

from docnav.embed import HashingEmbedder
from docnav.index import Indexer, IndexOptions
from docnav.store import Store
from docnav.watch import FULL_RESCAN, index_batches


def _indexer(tmp_path) -> Indexer:
    return Indexer(Store(str(tmp_path / "s.duckdb")),
                   IndexOptions(progress=False, export_parquet=False), HashingEmbedder())


def _gone(tmp_path):
    """A watched folder of one document, indexed, then renamed away: its folder, the lines
    logged, the reports shown and the batch handler."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\nPump sales rose in the north.\n")
    indexer = _indexer(tmp_path)
    indexer.index([str(docs)])
    said, reports = [], []
    on_batch = index_batches(indexer, [str(docs)], log=said.append, on_report=reports.append)
    os.rename(docs, tmp_path / "away")
    on_batch({FULL_RESCAN})
    assert any("is gone" in line for line in said)
    return docs, said, reports, on_batch


def test_a_watched_folder_coming_back_says_so(tmp_path):
    docs, said, reports, on_batch = _gone(tmp_path)
    os.rename(tmp_path / "away", docs)
    on_batch({FULL_RESCAN})
    # the batch changed nothing and printed nothing: only this line tells the folder is back
    assert reports == [] and said[-1].startswith(f"{docs} is back: watched again")


def test_a_watched_folder_coming_back_empty_says_no_count_its_batch_then_removes(tmp_path):
    # "is back: its 1 document(s) are watched again" was read before the batch, which then
    # removed that one document (found by a review)
    docs, said, reports, on_batch = _gone(tmp_path)
    docs.mkdir()
    on_batch({FULL_RESCAN})
    assert said[-1] == f"{docs} is back: watched again (its batch reports what changed there)"
    assert [r.removed for r in reports] == [[str(docs / "a.md")]]


def test_collection_work_left_by_a_run_without_it_is_reported(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\nPump sales rose in the north.\n")
    (docs / "b.md").write_text("# B\n\nPump sales fell in the south.\n")
    indexer = _indexer(tmp_path)
    indexer.index([str(docs)], collection=False)  # as Dagster's per-document runs leave it
    reports = []
    on_batch = index_batches(indexer, [str(docs)], log=lambda line: None,
                             on_report=reports.append)
    (docs / "a.md").touch()
    on_batch({str(docs / "a.md")})
    assert len(reports) == 1 and reports[0].related_recomputed > 0
    assert not reports[0].changed_nothing
