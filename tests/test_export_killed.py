"""A `docnav index` killed outright (SIGKILL: no handler runs, nothing is cleaned up) after it
wrote documents to the store and before its Parquet export leaves the export marked behind
the store, so that its readers are told: the mark is set before the run's first write and
cleared only after its export. Before, such a run left no mark, and readers of the export
took it for the store. A real run in a real process, killed during the long parse of a big
file after its first batch of documents was committed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from _cli import index, run

from docnav.export import behind_note, export_behind, exported_documents
from docnav.store import Store

REPO = Path(__file__).resolve().parents[1]


def small(i: int) -> str:
    return f"# Note {i}\n\nNote {i} says how the store keeps its sections apart.\n"


def big(parts: int) -> str:
    """A Markdown file whose parse takes seconds (about 2 s a thousand sections)."""
    return "# Big\n\n" + "".join(
        f"## Part {i}\n\nPart {i} says how the store keeps document {i} and its sections "
        f"apart, word {i * 7} after word {i * 11}.\n\n- item {i} one\n- item {i} two\n\n"
        for i in range(parts))


def test_a_run_killed_before_its_export_leaves_the_export_marked_behind(tmp_path):
    docs, db = tmp_path / "docs", tmp_path / "store" / "docnav.duckdb"
    docs.mkdir()
    (docs / "a.md").write_text(small(0))
    assert index(db, docs) == 0  # the export of one document, up to date
    parquet = Store(db).parquet_dir
    assert not export_behind(parquet)
    for i in range(1, 17):  # the run's first batch (16 documents), then the big file
        (docs / f"b{i:02}.md").write_text(small(i))
    (docs / "z.md").write_text(big(1500))

    # stderr is no terminal: the run logs a line after each batch written
    proc = subprocess.Popen(
        [sys.executable, "-m", "docnav.cli", "--db", str(db), "index", str(docs),
         "--embed-model", "hashing", "--no-summaries"],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    said = []
    try:
        for line in proc.stderr:
            said.append(line)
            if line.startswith("indexing: 16/17 documents done"):
                break  # committed; now parsing z.md
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.communicate()
    assert proc.returncode == -signal.SIGKILL, said

    with Store(db).reader() as con:  # the first batch is in the store ...
        assert len(Store.documents(con)) == 17
    assert len(exported_documents(parquet)) == 1  # ... not in its export
    assert export_behind(parquet)
    assert behind_note(parquet) == (
        "the export may be older than the store (a run is writing the store, or one killed "
        "before its export wrote it since; the next run without --no-parquet brings the "
        "export up to date)")

    code, out, _ = run(db, "index", str(docs), "--embed-model", "hashing", "--no-summaries",
                       "--no-progress")
    assert code == 0 and out.startswith("1 added"), out  # z.md; the 16 exported with it
    assert len(exported_documents(parquet)) == 18 and not export_behind(parquet)


def test_the_marks_are_written_whole_and_synced(tmp_path, monkeypatch):
    """``.behind`` as a run sets it before its first write and as it ends behind the store:
    there with its text, no temporary file left beside it, and synced to disk, the file and
    then its folder (the rename), so that a crash of the machine cannot lose it. os.fsync is
    watched (and still called): the test showed only what a reader finds, and passed with the
    syncs taken out."""
    from docnav.export import WRITING, mark_behind, mark_writing

    db = tmp_path / "store" / "docnav.duckdb"
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text(small(0))
    assert index(db, docs) == 0
    store = Store(db)
    mark = store.parquet_dir / ".behind"
    synced: list[tuple[int, int]] = []
    fsync = os.fsync

    def watched(fd: int) -> None:
        st = os.fstat(fd)
        synced.append((st.st_dev, st.st_ino))
        fsync(fd)

    def file_id(path: Path) -> tuple[int, int]:
        st = os.stat(path)
        return st.st_dev, st.st_ino

    monkeypatch.setattr(os, "fsync", watched)
    assert mark_writing(store).found is None
    assert mark.read_text() == f"\n{WRITING}"
    assert synced == [file_id(mark), file_id(store.parquet_dir)]
    synced.clear()
    mark_behind(store.parquet_dir, 3, "why")
    assert mark.read_text() == "3\nwhy"
    assert synced == [file_id(mark), file_id(store.parquet_dir)]
    assert sorted(p.name for p in store.parquet_dir.iterdir() if p.name.endswith(".tmp")) == []
