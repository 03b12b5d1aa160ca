"""The file scan: its hash cache (unchanged files are not read again, any rewrite is seen),
what it leaves out, and what it cannot read."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest

from docnav.hashing import file_digest
from docnav.scan import HashCache, scan


def test_a_still_file_keeps_its_hash_and_a_rewrite_is_seen_even_with_its_mtime_put_back(
    tmp_path,
):
    f = tmp_path / "a.md"
    f.write_text("# A\n\nalpha\n")
    old = time.time_ns() - 10 * 10**9
    os.utime(f, ns=(old, old))
    cache = HashCache()
    first = scan([tmp_path], hashes=cache)[0].content_hash
    assert first == file_digest(f)
    assert cache.lookup(str(f), f.stat()) == first  # the next scan will not read it

    # same size, mtime restored (as `cp -p` or an archive would): its ctime still moved
    f.write_text("# A\n\nomega\n")
    os.utime(f, ns=(old, old))
    assert cache.lookup(str(f), f.stat()) is None
    second = scan([tmp_path], hashes=cache)[0].content_hash
    assert second == file_digest(f) != first


def test_a_file_hashed_just_after_it_was_written_is_read_again(tmp_path):
    # its next write may land in the same clock tick and leave every time unchanged
    g = tmp_path / "b.md"
    g.write_text("# B\n")
    cache = HashCache()
    scan([tmp_path], hashes=cache)
    assert cache.lookup(str(g), g.stat()) is None


def test_an_excluded_folder_name_leaves_out_everything_under_it(tmp_path):
    """``--exclude drafts`` as ``drafts/*`` (and as a .gitignore line would), at any depth, in
    a full scan and in a per-document one."""
    from docnav.scan import scan_paths

    for rel in ("a.md", "drafts/b.md", "drafts/deep/c.md", "guide/drafts/d.md",
                "guide/e.md", "drafts-old.md"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(f"# {rel}\n\ntext\n")
    names = lambda found: sorted(os.path.relpath(f.path, tmp_path) for f in found)  # noqa: E731
    kept = ["a.md", "drafts-old.md", "guide/e.md"]
    assert names(scan([tmp_path], exclude=["drafts"])) == kept
    assert names(scan([tmp_path], exclude=["guide/drafts"])) == [
        "a.md", "drafts-old.md", "drafts/b.md", "drafts/deep/c.md", "guide/e.md"]
    every = [str(p) for p in tmp_path.rglob("*.md")]
    assert names(scan_paths(every, [tmp_path], exclude=["drafts"])) == kept


def test_editor_lock_files_are_not_documents(tmp_path):
    """Emacs's lock link and Office's owner file sit beside the document while it is open."""
    from docnav.scan import scan_paths

    (tmp_path / "a.md").write_text("# A\n\ntext\n")
    (tmp_path / ".#a.md").symlink_to("user@host.1234:1700000000")  # dangling, as Emacs makes it
    (tmp_path / "~$report.docx").write_bytes(b"\x0cuser")
    every = [str(tmp_path / n) for n in ("a.md", ".#a.md", "~$report.docx")]
    assert [os.path.basename(f.path) for f in scan([tmp_path])] == ["a.md"]
    assert [os.path.basename(f.path) for f in scan_paths(every, [tmp_path])] == ["a.md"]


def test_a_file_name_that_is_not_utf8_is_a_failed_document_the_rest_indexed(tmp_path):
    from docnav.embed import HashingEmbedder
    from docnav.index import Indexer, IndexOptions
    from docnav.store import Store

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\nApples.\n")
    bad = os.path.join(os.fsencode(docs), b"caf\xe9.md")
    with open(bad, "wb") as f:
        f.write(b"# Cafe\n\nCoffee.\n")
    readable = str(docs / "caf\\xe9.md")
    indexer = Indexer(Store(tmp_path / "s.duckdb"), IndexOptions(summaries=None, progress=False),
                      HashingEmbedder())
    report = indexer.index([docs])
    assert report.added == [str(docs / "a.md")]
    assert report.failed == [(readable, f"{readable}: file name is not valid UTF-8 (bytes "
                              "shown as \\xNN); rename the file to index it")]
    # a run over the one path (as the watcher's) says the same, and the rename is indexed
    again = indexer.index([docs], paths=[os.fsdecode(bad)])
    assert [p for p, _ in again.failed] == [readable]
    # and over the name it is shown by (a Dagster partition's key): failed again, not
    # removed as if gone (the run dropped its failure, and parse_health passed)
    shown = indexer.index([docs], paths=[readable])
    assert [p for p, _ in shown.failed] == [readable] and shown.removed == []
    os.rename(bad, docs / "cafe.md")
    renamed = indexer.index([docs])
    assert renamed.added == [str(docs / "cafe.md")] and renamed.removed == [readable]


def unprivileged() -> list[str]:
    """A command prefix under which file permissions apply: root passes over them, unless
    it runs without the capabilities that let it."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv, which makes permissions apply to root")
    return ["setpriv", "--bounding-set", "-dac_override,-dac_read_search"]


def test_a_folder_that_cannot_be_listed_keeps_its_documents_and_is_named(tmp_path):
    """A folder without read permission (or with an I/O error) hides its files from the scan,
    but they are not gone: their documents stay as they are, and the run fails naming the
    folder and why, until it can be read again."""
    from docnav.embed import HashingEmbedder
    from docnav.index import Indexer, IndexOptions
    from docnav.store import Store

    docs, db = tmp_path / "docs", tmp_path / "s.duckdb"
    (docs / "locked").mkdir(parents=True)
    (docs / "a.md").write_text("# A\n\nApples.\n")
    (docs / "locked" / "l.md").write_text("# L\n\nLemons.\n")
    indexer = Indexer(Store(db), IndexOptions(summaries=None, progress=False), HashingEmbedder())
    indexer.index([docs])
    (docs / "b.md").write_text("# B\n\nBananas.\n")
    os.chmod(docs / "locked", 0)
    try:
        run = subprocess.run(
            [*unprivileged(), sys.executable, "-m", "docnav.cli", "--db", str(db), "index",
             str(docs), "--embed-model", "hashing", "--no-summaries", "--no-progress"],
            capture_output=True, text=True,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    finally:
        os.chmod(docs / "locked", 0o755)
    assert run.returncode == 1, run.stderr
    assert (f"error: {docs / 'locked'}: cannot list this folder (Permission denied): the "
            "documents indexed from it are kept as they are until it can be read") in run.stderr
    assert run.stdout.startswith(
        "1 added, 0 changed, 0 renamed, 0 removed, 1 unchanged, 0 failed, 1 path not read")
    with duckdb.connect(str(db), read_only=True) as con:
        rows = dict(con.execute("SELECT path, status FROM documents").fetchall())
    assert rows == {str(docs / "a.md"): "ok", str(docs / "b.md"): "ok",
                    str(docs / "locked" / "l.md"): "ok"}
    again = indexer.index([docs])  # readable again: nothing to do
    assert again.ok and not again.removed and len(again.unchanged) == 3


RUN_OVER_PATHS = """
import sys
from docnav.embed import HashingEmbedder
from docnav.index import Indexer, IndexOptions
from docnav.store import Store
indexer = Indexer(Store(sys.argv[1]), IndexOptions(summaries=None, progress=False),
                  HashingEmbedder())
report = indexer.index([sys.argv[2]], paths=sys.argv[3:])
print(report.summary())
for path, error in report.failed:
    print(error)
"""


def test_a_file_in_a_folder_that_cannot_be_read_fails_alone_in_a_run_over_paths(tmp_path):
    """A run over given paths (a watch batch) that cannot tell whether a file is there (its
    folder lost its permissions) records the failure on the stored version, which stays; the
    other paths are indexed. The batch used to fail as a whole with PermissionError, and the
    watcher retried it, holding back every later change, until the folder could be read."""
    from docnav.embed import HashingEmbedder
    from docnav.index import Indexer, IndexOptions
    from docnav.store import Store

    docs, db = tmp_path / "docs", tmp_path / "s.duckdb"
    (docs / "locked").mkdir(parents=True)
    (docs / "locked" / "l.md").write_text("# L\n\nLemons.\n")
    Indexer(Store(db), IndexOptions(summaries=None, progress=False),
            HashingEmbedder()).index([docs])
    (docs / "b.md").write_text("# B\n\nBananas.\n")
    locked = docs / "locked" / "l.md"
    os.chmod(docs / "locked", 0)
    try:
        run = subprocess.run(
            [*unprivileged(), sys.executable, "-c", RUN_OVER_PATHS, str(db), str(docs),
             str(locked), str(docs / "b.md")], capture_output=True, text=True,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    finally:
        os.chmod(docs / "locked", 0o755)
    assert run.returncode == 0, run.stderr
    summary, error = run.stdout.splitlines()
    assert summary.startswith("1 added, 0 changed, 0 renamed, 0 removed, 0 unchanged, 1 failed")
    assert error == f"{locked}: cannot read file: Permission denied"
    with duckdb.connect(str(db), read_only=True) as con:
        rows = dict(con.execute("SELECT path, status FROM documents").fetchall())
        texts = {r[0] for r in con.execute("SELECT text FROM nodes WHERE kind = 'paragraph'")
                 .fetchall()}
    assert rows == {str(locked): "failed", str(docs / "b.md"): "ok"}
    assert texts == {"Lemons.", "Bananas."}  # the failed document's last version stays


def test_a_folder_holding_no_document_the_run_reads_is_named_with_what_it_holds(tmp_path,
                                                                               capsys):
    # `docnav index notes/` of .txt files said "0 added, ..." and nothing of why
    import json

    from docnav.cli import main

    notes, empty, docs = (tmp_path / n for n in ("notes", "empty", "docs"))
    for folder in (notes, empty, docs):
        folder.mkdir()
    for name in ("a.txt", "b.txt", "c.rst", "README"):
        (notes / name).write_text("Plain text.\n")
    (docs / "a.md").write_text("# A\n\nAlpha.\n")
    run = ["--db", str(tmp_path / "s.duckdb"), "index", "--embed-model", "hashing",
           "--no-summaries", "--no-progress"]
    assert main([*run, str(notes), str(empty), str(docs)]) == 0
    err = capsys.readouterr().err.splitlines()
    reads = "*.md, *.markdown, *.html, *.htm, *.docx, *.pdf"
    assert err == [f"note: {notes}: no file here matches what this run reads ({reads}); it "
                   "holds 4 files (.txt: 2, no suffix: 1, .rst: 1)",
                   f"note: {empty}: no file here matches what this run reads ({reads}); it "
                   "is empty"]
    # the globs the run was given; a folder with a document in it is not named. (Into another
    # store: into this one, which holds a.md, the run is refused: tests/test_index_filters_qa62)
    run[1] = str(tmp_path / "other" / "t.duckdb")  # with an export folder of its own
    assert main([*run, str(docs), "--include", "*.pdf", "--exclude", "x*", "--json"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["empty_roots"] == [str(docs)]
    assert out.err.splitlines()[-1] == (
        f"note: {docs}: no file here matches what this run reads (*.pdf, less what --exclude "
        "leaves out); it holds 1 file (.md: 1)")


def test_the_default_patterns_match_a_suffix_in_any_case(tmp_path):
    # NOTES.MD and Report.Html were never indexed (the sensor said no file in the folder
    # matched, the CLI that it held ".md: 1"); the parser reads them
    (tmp_path / "NOTES.MD").write_text("# N\n\nText.\n")
    (tmp_path / "Report.Html").write_text("<html><body><p>Text.</p></body></html>")
    (tmp_path / "notes.txt").write_text("not read")
    assert [Path(f.path).name for f in scan([tmp_path])] == ["NOTES.MD", "Report.Html"]
    assert scan([tmp_path], include=["*.md"]) == []  # a pattern given matches as written
    assert [Path(f.path).name for f in scan([tmp_path], include=["*.MD"])] == ["NOTES.MD"]
