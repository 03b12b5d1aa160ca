"""Writes that fail (a full disk, a file size limit, a folder that cannot be written): a clear
error naming the file and the problem, nothing half-written, the previous version queryable,
and the next run completing the work. A full disk is simulated with RLIMIT_FSIZE, which makes
every write past the limit fail with EFBIG ("File too large") for any user, root included
(Python ignores the SIGXFSZ that comes with it)."""

from __future__ import annotations

import resource
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
from _harness import (
    CORPUS, Harness, assert_export_matches, assert_kept_state, assert_parquet_matches_store,
)

from docnav.compact import compact_store
from docnav.errors import StoreError
from docnav.query import DocNavGraph
from docnav.store import Store

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "samples" / "rfcs"
LIMIT = 1_000  # bytes: below the store's file and any write-ahead log of a document


@contextmanager
def file_size_limit(limit: int):
    """Writes past ``limit`` bytes fail in this process until the block ends."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))


def _index_cli(db: Path, *paths: Path, limit: int | None = None) -> subprocess.CompletedProcess:
    def preexec():
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run(
        [sys.executable, "-m", "docnav.cli", "--db", str(db), "index", *map(str, paths),
         "--embed-model", "hashing", "--no-summaries", "--no-progress"],
        cwd=REPO, capture_output=True, text=True, timeout=300, preexec_fn=preexec)


def test_a_run_that_cannot_write_the_store_says_so_and_keeps_the_previous_version(tmp_path):
    docs = tmp_path / "docs"
    shutil.copytree(SAMPLES, docs)
    names = sorted(p.name for p in docs.glob("*.md"))
    for name in names[2:]:
        (docs / name).rename(tmp_path / name)  # indexed later
    db = tmp_path / "store" / "docnav.duckdb"
    assert _index_cli(db, docs).returncode == 0
    for name in names[2:]:
        (tmp_path / name).rename(docs / name)

    failed = _index_cli(db, docs, limit=LIMIT)

    assert failed.returncode == 2, failed.stderr
    assert f"docnav: error: {db}: could not write to the store" in failed.stderr
    assert "File too large" in failed.stderr and "Traceback" not in failed.stderr
    graph = DocNavGraph.open(db)  # the previous version, queryable
    assert sorted(Path(p).name for p in graph.document_paths()) == names[:2]
    assert_export_matches(Store(db))

    done = _index_cli(db, docs)
    assert done.returncode == 0, done.stderr
    assert sorted(Path(p).name for p in DocNavGraph.open(db).document_paths()) == names
    assert_export_matches(Store(db))


def test_a_long_lived_indexer_goes_on_after_a_write_failed(tmp_path):
    h = Harness(tmp_path, CORPUS)
    h.index()
    h.edit("alpha.md", "Search alone does not show", "Search on its own never shows")
    with file_size_limit(LIMIT), pytest.raises(StoreError, match="could not write to the store"):
        h.index()
    assert all("on its own" not in t for (t,) in h.query("SELECT text FROM nodes"))
    report = h.index()  # the same edit again, with room to write it
    assert report.changed == [h.path("alpha.md")] and report.texts_embedded == 1
    assert_kept_state(h)
    assert_parquet_matches_store(h)


def test_an_export_that_cannot_be_written_is_left_queued_for_the_next_run(tmp_path):
    h = Harness(tmp_path, CORPUS)
    h.index()
    (doc_id,) = h.query("SELECT doc_id FROM documents WHERE path = ?", [h.path("alpha.md")])[0]
    blocked = h.store.parquet_dir / "embeddings" / f"{doc_id}.parquet"
    blocked.unlink()
    (blocked / "in the way").mkdir(parents=True)  # a folder where its file should go
    h.edit("alpha.md", "Search alone does not show", "Search on its own never shows")
    with pytest.raises(StoreError, match="could not write the Parquet export") as failure:
        h.index()
    assert str(blocked) in str(failure.value)
    assert "the files not written stay queued" in str(failure.value)
    # the store has the edit; the export is behind, with no temporary file left in it
    assert any("on its own" in t for (t,) in h.query("SELECT text FROM nodes"))
    with h.store.reader() as con:
        assert h.store.pending_exports(con)
    assert not [p for p in h.store.parquet_dir.rglob("*") if ".tmp" in p.name]

    shutil.rmtree(blocked)
    report = h.index()  # nothing to index: the queued export is written
    assert report.docs_parsed == 0
    assert_parquet_matches_store(h)
    with h.store.reader() as con:
        assert h.store.pending_exports(con) == []
    assert_kept_state(h)


def test_a_compaction_without_room_for_the_copy_leaves_the_store_as_it_was(tmp_path):
    h = Harness(tmp_path, CORPUS)
    h.index()
    before = h.store.path.read_bytes()
    with file_size_limit(LIMIT), pytest.raises(StoreError) as failure:
        compact_store(h.store)
    message = str(failure.value)
    assert message.startswith(f"{h.store.path}: could not write the compacted copy")
    assert "File too large" in message and "left as it was" in message
    assert h.store.path.read_bytes() == before
    assert not h.store.path.with_name("docnav.duckdb.compacting").exists()
    assert compact_store(h.store).bytes_after > 0  # with room, it completes
    assert_parquet_matches_store(h)
