"""`docnav compact`: the store's file shrinks to its rows, every row and type stays, writers
are kept out while the copy is swapped in, and a compaction killed before the swap leaves the
store as it was. Real Markdown, parser, DuckDB files and CLI processes."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from _harness import CORPUS, Harness, assert_kept_state, assert_parquet_matches_store

from docnav import writer_lock
from docnav.cli import main
from docnav.compact import compact_store
from docnav.embed import HashingEmbedder
from docnav.errors import StoreError
from docnav.index import IndexOptions, Indexer
from docnav.model import SCHEMA_VERSION
from docnav.prune import prune_vectors
from docnav.query import DocNavGraph
from docnav.store import Store

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def corpus(tmp_path: Path) -> Harness:
    return Harness(tmp_path, CORPUS)


def snapshot(store: Store) -> dict[str, tuple[list, list]]:
    """Every table: its columns with their types, and its rows in stored order."""
    with store.reader() as con:
        tables = [t for (t,) in con.execute(
            "SELECT table_name FROM duckdb_tables() ORDER BY 1").fetchall()]
        return {t: (con.execute(f'DESCRIBE "{t}"').fetchall(),
                    con.execute(f'SELECT * FROM "{t}" ORDER BY rowid').fetchall())
                for t in tables}


def test_compact_shrinks_the_file_after_a_prune_and_keeps_every_row(corpus):
    corpus.index()
    corpus.indexer = Indexer(corpus.store, IndexOptions(export_parquet=True),
                             HashingEmbedder(dim=128), parse=corpus.parse)
    corpus.index()  # every document re-embedded with the new model
    corpus.index()  # from now on the indexer keeps the stored texts' models
    prune_vectors(corpus.store)
    before, size = snapshot(corpus.store), corpus.store.path.stat().st_size

    report = compact_store(corpus.store)

    assert report.bytes_before == size and report.bytes_after == corpus.store.path.stat().st_size
    assert report.bytes_after < size
    assert report.summary().startswith(f"{corpus.store.path}: ")
    assert snapshot(corpus.store) == before  # same tables, column types, rows and row order
    assert sorted(p.name for p in corpus.store.path.parent.iterdir()) == [
        "docnav.duckdb", "docnav.duckdb.lock", "parquet"]  # no copy or log left beside it
    assert DocNavGraph.open(corpus.store.path).locate("search", k=1)
    # the long-lived indexer goes on with the new file: one text embedded, kept state in step
    corpus.edit("alpha.md", "Search alone does not show", "Search on its own never shows")
    assert corpus.index().texts_embedded == 1
    assert_kept_state(corpus)
    assert_parquet_matches_store(corpus)


def test_no_writer_opens_the_store_while_a_compaction_holds_it(corpus):
    corpus.index()
    before = snapshot(corpus.store)
    with writer_lock.take(corpus.store.path, exclusive=True):  # as compact_store holds it
        corpus.edit("alpha.md", "Search alone does not show", "Search on its own never shows")
        with pytest.raises(StoreError, match="`docnav compact` is compacting it"):
            corpus.index()
        with pytest.raises(StoreError, match="`docnav compact` is compacting it"):
            prune_vectors(corpus.store)
        assert snapshot(corpus.store) == before
    assert corpus.index().texts_embedded == 1  # the edit, once the compaction is done


def test_compact_refuses_a_store_a_writer_holds(corpus):
    corpus.index()
    size = corpus.store.path.stat().st_size
    with corpus.store.session():  # as an index run holds it
        with pytest.raises(StoreError, match="locked by another process that is writing"):
            compact_store(corpus.store)
    assert corpus.store.path.stat().st_size == size
    assert not corpus.store.path.with_name("docnav.duckdb.compacting").exists()


def test_compact_waits_for_a_query_or_a_run_that_holds_the_store(corpus, capsys):
    """A query loading the store made compact give up at once, and its message named
    `--wait`, which compact did not take."""
    from _harness import held

    corpus.index()
    db = corpus.store.path
    with held(db, "r", 1.5):  # a query loading it, done in 1.5 s
        assert main(["--db", str(db), "compact", "--wait", "20"]) == 0
    capsys.readouterr()
    with held(db, "w", 60) as writer:  # a run, longer than the wait
        started = time.monotonic()
        assert main(["--db", str(db), "compact", "--wait", "1"]) == 2
        assert time.monotonic() - started >= 0.5  # it gave up at once
    err = capsys.readouterr().err
    assert "locked by another process" in err and "(waited 1 s)" in err, err
    assert writer.pid


def test_a_store_reached_through_a_link_is_compacted_in_place_and_stays_linked(corpus, tmp_path):
    corpus.index()
    link = tmp_path / "link.duckdb"
    link.symlink_to(corpus.store.path)
    before = snapshot(corpus.store)
    report = compact_store(Store(link))
    assert report.path == corpus.store.path.resolve()
    assert link.is_symlink() and link.resolve() == corpus.store.path.resolve()
    assert snapshot(Store(link)) == before
    # writers through the link and through the real path share one lock, beside the file
    assert writer_lock.lock_path(link) == writer_lock.lock_path(corpus.store.path)
    with writer_lock.take(link, exclusive=True):
        with pytest.raises(StoreError, match="`docnav compact` is compacting it"):
            corpus.index()


def test_compact_of_a_missing_or_foreign_store_says_so(tmp_path, capsys):
    with pytest.raises(StoreError, match="no store here, nothing to compact"):
        compact_store(Store(tmp_path / "none.duckdb"))
    assert not (tmp_path / "none.duckdb").exists()
    assert main(["--db", str(tmp_path / "none.duckdb"), "compact"]) == 2
    assert "nothing to compact" in capsys.readouterr().err
    # a `touch`ed file: said so, and left as it was (it became an empty DuckDB database,
    # which every command then refused as "not a DocNav store (no meta table)")
    empty = tmp_path / "empty.duckdb"
    empty.touch()
    for command, said in (("compact", "nothing to compact"), ("prune", "nothing to prune")):
        assert main(["--db", str(empty), command]) == 2
        assert f"{empty}: an empty file, no store here, {said}" in capsys.readouterr().err
        assert empty.stat().st_size == 0
    assert main(["--db", str(empty), "show"]) == 2
    assert "an empty file, no store yet" in capsys.readouterr().err

    import duckdb

    old = tmp_path / "old.duckdb"
    con = duckdb.connect(str(old))
    con.execute("CREATE TABLE meta (key VARCHAR, value VARCHAR)")
    con.execute("INSERT INTO meta VALUES ('schema_version', ?)", [str(SCHEMA_VERSION - 1)])
    con.close()
    size = old.stat().st_size
    with pytest.raises(StoreError, match=f"schema version {SCHEMA_VERSION - 1}"):
        compact_store(Store(old))
    assert old.stat().st_size == size and not (tmp_path / "old.duckdb.compacting").exists()


def test_a_compaction_killed_before_the_swap_leaves_the_store_and_blocks_no_one_after(
        corpus, tmp_path):
    """The compaction runs as `docnav compact` in a subprocess, sleeping at its fault point
    just before the copy replaces the store: a writer started then stops with a clear error,
    a reader answers from the store, and after a SIGKILL there the store is as it was; the next
    compaction deletes the half-done copy and completes."""
    corpus.index()
    before = snapshot(corpus.store)
    db, marker = corpus.store.path, tmp_path / "marker"
    env = {**os.environ, "DOCNAV_FAULT_SLEEP_BEFORE_SWAP": "60",
           "DOCNAV_FAULT_MARKER": str(marker), "HF_HUB_OFFLINE": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "docnav.cli", "--db", str(db), "compact"],
                            cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "the fault point was never reached"
            time.sleep(0.02)
        copy = db.with_name("docnav.duckdb.compacting")
        assert copy.exists()
        corpus.edit("alpha.md", "Search alone does not show", "Search on its own never shows")
        writer = subprocess.run(
            [sys.executable, "-m", "docnav.cli", "--db", str(db), "index", str(corpus.folder),
             "--embed-model", "hashing", "--no-summaries", "--no-progress"],
            cwd=REPO, env={**os.environ, "HF_HUB_OFFLINE": "1"}, capture_output=True,
            text=True, timeout=120)
        assert writer.returncode == 2, writer.stderr
        assert "`docnav compact` is compacting it" in writer.stderr
        assert DocNavGraph.open(db).locate("search", k=1)  # readers are not kept out
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.communicate()
    assert proc.returncode == -signal.SIGKILL
    assert copy.exists() and snapshot(corpus.store) == before

    assert corpus.index().texts_embedded == 1  # the lock died with the process
    assert main(["--db", str(db), "compact"]) == 0
    assert not copy.exists()
    assert_parquet_matches_store(corpus)


WRITER = """
import sys, time
from pathlib import Path
from docnav.embed import HashingEmbedder
from docnav.errors import StoreError
from docnav.index import IndexOptions, Indexer
from docnav.store import Store

db, folder, rounds = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
indexer = Indexer(Store(db), IndexOptions(progress=False), HashingEmbedder())
waits = 0
for i in range(rounds):
    (folder / "alpha.md").write_text(sys.argv[4] + f"\\n\\nEdit number {i} of the stress run.\\n")
    while True:
        try:
            indexer.index([folder])
            break
        except StoreError as exc:
            assert "locked" in str(exc), exc
            waits += 1
            time.sleep(0.01)
print(waits)
"""


def test_compactions_beside_a_writer_lose_no_write(corpus, tmp_path):
    """A writer process edits and indexes in a loop (waiting out the lock) while this process
    compacts the store again and again: every edit arrives, and the store is then what a
    fresh build of the folder makes."""
    from test_property_incremental import canonical

    corpus.index()
    rounds = 30
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(corpus.store.path), str(corpus.folder), str(rounds),
         CORPUS["alpha.md"]], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True)
    compactions = refused = 0
    while writer.poll() is None:
        try:
            compact_store(corpus.store)
            compactions += 1
        except StoreError as exc:
            assert "locked" in str(exc), exc
            refused += 1
        time.sleep(0.005)
    out, err = writer.communicate()
    assert writer.returncode == 0, err
    assert compactions >= 3 and refused >= 1  # both sides really met
    texts = [t for (t,) in corpus.query("SELECT text FROM nodes WHERE kind = 'paragraph'")]
    assert f"Edit number {rounds - 1} of the stress run." in texts
    assert not any(f"Edit number {i} " in t for i in range(rounds - 1) for t in texts)
    fresh = Store(tmp_path / "fresh" / "s.duckdb")
    Indexer(fresh, IndexOptions(export_parquet=False), HashingEmbedder()).index([corpus.folder])
    assert canonical(corpus.store) == canonical(fresh)
    assert_parquet_matches_store(corpus)
    print(f"{compactions} compactions, {refused} refused; writer waited {out.strip()} times")


def test_show_tells_how_much_a_compaction_gives_back_at_least(corpus):
    from docnav.show import render_documents

    corpus.index()
    assert render_documents(corpus.store).splitlines()[-1].startswith("store file ")
    assert "docnav compact" not in render_documents(corpus.store)  # a fresh build: nothing free
    corpus.indexer = Indexer(corpus.store, IndexOptions(export_parquet=False),
                             HashingEmbedder(dim=128), parse=corpus.parse)
    corpus.index()
    prune_vectors(corpus.store)
    line = render_documents(corpus.store).splitlines()[-1]
    match = re.fullmatch(r"store file [\d.]+ MiB; (\d+) of its (\d+) blocks are free: "
                         r"`docnav compact` gives at least ([\d.]+) MiB back", line)
    assert match, line
    report = compact_store(corpus.store)
    given_back = (report.bytes_before - report.bytes_after) / 2**20
    assert given_back >= float(match[3])  # "at least" holds
    assert "docnav compact" not in render_documents(corpus.store)
