"""A crash mid-write leaves every document wholly old or wholly new, and a rerun recovers.

The indexer runs as `python -m docnav.cli index` in a subprocess with the store's fault point
switched on: it sleeps inside a write transaction, just before COMMIT, after writing the
marker file. The test waits for the marker and SIGKILLs the process there.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from _harness import assert_export_matches

from docnav.embed import HashingEmbedder
from docnav.index import IndexOptions, IndexReport, Indexer
from docnav.parse import ParseOptions, parse_file
from docnav.store import COLLECTION_DOC_ID, TABLES, Store
from docnav.tree import build_tree

REPO = Path(__file__).resolve().parents[1]

OLD = {
    "a.md": "# Alpha\n\nAlpha intro text.\n\n## Setup\n\nInstall alpha with the installer, "
            "then run it once.\n\n## Use\n\nRead [the beta notes](b.md#storage) first.\n",
    "b.md": "# Beta\n\nBeta intro text.\n\n## Storage\n\nBeta stores tables in DuckDB files "
            "on disk.\n\n## Setup\n\nInstall beta with the installer, then run it once.\n",
    "c.md": "# Gamma\n\nGamma intro text.\n\n## Limits\n\nGamma reads text layers only.\n",
}
NEW = {
    "a.md": OLD["a.md"].replace("Read [the beta notes](b.md#storage) first.",
                                "Read [the delta notes](d.md#usage) first, then relax.")
                       .replace("## Setup", "## Installation"),
    "b.md": OLD["b.md"],
    "d.md": "# Delta\n\nDelta intro text.\n\n## Usage\n\nDelta stores tables in DuckDB files "
            "too.\n",
}


def write_folder(folder: Path, files: dict[str, str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.md"):
        if old.name not in files:
            old.unlink()
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")


def content(nodes) -> list[tuple]:
    """What a document says, independent of ids: kinds, headings and texts in order."""
    return [(str(k), b, h, t) for k, b, h, t in nodes]


def expected_versions(tmp: Path, path: Path) -> dict[str, tuple[str, list[tuple]]]:
    """The parse, from scratch, of each version (old, new) of a file that has one."""
    out = {}
    for version, files in (("old", OLD), ("new", NEW)):
        if path.name not in files:
            continue
        copy = tmp / f"expected-{version}" / path.name
        copy.parent.mkdir(exist_ok=True)
        copy.write_text(files[path.name], encoding="utf-8")
        tree = build_tree(parse_file(str(copy), ParseOptions()), "expected", str(path))
        out[version] = (tree.tree_hash, content(
            (n.kind.value, n.block_kind, n.heading, n.text) for n in tree.nodes))
    return out


def stored_versions(store: Store) -> dict[str, tuple[str, list[tuple]]]:
    """path -> (tree_hash, content) of every document in the store."""
    with store.reader() as con:
        out = {}
        for doc in Store.documents(con).values():
            rows = con.execute(
                "SELECT kind, block_kind, heading, text FROM nodes WHERE doc_id = ? "
                "ORDER BY position", [doc.doc_id]).fetchall()
            assert doc.n_nodes == len(rows), doc.path
            out[doc.path] = (doc.tree_hash, content(rows))
    return out


def assert_each_document_wholly_old_or_new(tmp: Path, store: Store) -> dict[str, str]:
    """Check every stored document against both versions.

    Returns file name -> 'old', 'new', or 'same' where both versions are equal.
    """
    which = {}
    for path, stored in stored_versions(store).items():
        versions = expected_versions(tmp, Path(path))
        matches = [v for v, expected in versions.items() if expected == stored]
        assert matches, f"{path} is neither its old nor its new version: {stored}"
        which[Path(path).name] = matches[0] if len(matches) == 1 else "same"
    with store.reader() as con:  # nothing half-written around the documents either
        orphans = con.execute(
            "SELECT count(*) FROM nodes WHERE doc_id <> ? AND doc_id NOT IN "
            "(SELECT doc_id FROM documents)", [COLLECTION_DOC_ID]).fetchone()[0]
        assert orphans == 0
        for table in ("links", "node_vectors"):
            n = con.execute(f"SELECT count(*) FROM {table} WHERE doc_id NOT IN "
                            "(SELECT doc_id FROM documents)").fetchone()[0]
            assert n == 0, table
    return which


def dump(store: Store) -> dict[str, list[tuple]]:
    with store.reader() as con:
        return {t: sorted(con.execute(f"SELECT * FROM {t}").fetchall(), key=repr) for t in TABLES}


def canonical_edges(store: Store) -> list[tuple]:
    """Edges with node ids replaced by (path, local_key): comparable across stores."""
    with store.reader() as con:
        rows = con.execute(
            "SELECT coalesce(ds.path, ns.doc_id), ns.local_key, coalesce(dd.path, nd.doc_id), "
            "nd.local_key, e.kind, round(e.weight, 4) FROM edges e "
            "JOIN nodes ns ON ns.node_id = e.src JOIN nodes nd ON nd.node_id = e.dst "
            "LEFT JOIN documents ds ON ds.doc_id = ns.doc_id "
            "LEFT JOIN documents dd ON dd.doc_id = nd.doc_id").fetchall()
        total = con.execute("SELECT count(*) FROM edges").fetchone()[0]
    assert len(rows) == total, "edges point at nodes that do not exist"
    return sorted(rows)


def index_in_process(db: Path, folder: Path) -> IndexReport:
    report = Indexer(Store(db), IndexOptions(progress=False), HashingEmbedder()).index([folder])
    assert report.ok, report.failed
    return report


def run_cli_and_kill(db: Path, folder: Path, marker: Path, commits_before_kill: int,
                     sleep_s: float) -> None:
    """Run the CLI with the fault point on; SIGKILL it inside the n-th write transaction."""
    env = {
        **os.environ,
        "DOCNAV_FAULT_SLEEP_BEFORE_COMMIT": str(sleep_s),
        "DOCNAV_FAULT_MARKER": str(marker),
        "HF_HUB_OFFLINE": "1",
    }
    cmd = [sys.executable, "-m", "docnav.cli", "--db", str(db), "index", str(folder),
           "--embed-model", "hashing", "--no-summaries", "--no-progress"]
    proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    seen: list[str] = []
    deadline = time.monotonic() + 120
    try:
        while len(seen) < commits_before_kill + 1:
            if proc.poll() is not None:
                out, err = proc.communicate()
                pytest.fail(f"indexer exited ({proc.returncode}) before the fault point "
                            f"#{commits_before_kill + 1}:\n{out}\n{err}")
            assert time.monotonic() < deadline, "the fault point was never reached"
            stamp = marker.read_text() if marker.exists() else ""
            if stamp and (not seen or stamp != seen[-1]):
                seen.append(stamp)
                continue
            time.sleep(0.02)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.communicate()
    assert proc.returncode == -signal.SIGKILL


@pytest.fixture
def setup(tmp_path: Path) -> tuple[Path, Path, Path]:
    folder, db, marker = tmp_path / "docs", tmp_path / "db" / "docnav.duckdb", tmp_path / "marker"
    return folder, db, marker


def test_crash_during_the_first_index_leaves_an_empty_store_and_a_rerun_completes(
    tmp_path, setup
):
    folder, db, marker = setup
    write_folder(folder, NEW)
    run_cli_and_kill(db, folder, marker, commits_before_kill=0, sleep_s=30)

    store = Store(db)
    which = assert_each_document_wholly_old_or_new(tmp_path, store)
    assert set(which.values()) <= {"new", "same"}  # a first index has no old version
    with store.reader() as con:
        assert con.execute("SELECT count(*) FROM nodes WHERE doc_id <> ?",
                           [COLLECTION_DOC_ID]).fetchone()[0] == sum(
            d.n_nodes for d in Store.documents(con).values())

    report = index_in_process(db, folder)
    assert sorted(Path(p).name for p in report.added) == sorted(
        n for n in NEW if n not in which)
    assert assert_each_document_wholly_old_or_new(tmp_path, store) == {
        "a.md": "new", "b.md": "same", "d.md": "new"}


def test_crash_while_writing_an_update_keeps_the_old_version_and_a_rerun_applies_it(
    tmp_path, setup
):
    folder, db, marker = setup
    write_folder(folder, OLD)
    index_in_process(db, folder)
    store = Store(db)
    before = dump(store)

    write_folder(folder, NEW)  # a.md edited, b.md unchanged, c.md deleted, d.md added
    run_cli_and_kill(db, folder, marker, commits_before_kill=0, sleep_s=30)

    which = assert_each_document_wholly_old_or_new(tmp_path, store)
    assert which == {"a.md": "old", "b.md": "same", "c.md": "old"}
    assert dump(store) == before  # nothing of the killed run is visible

    report = index_in_process(db, folder)
    assert [Path(p).name for p in report.changed] == ["a.md"]
    assert [Path(p).name for p in report.added] == ["d.md"]
    assert [Path(p).name for p in report.removed] == ["c.md"]
    assert assert_each_document_wholly_old_or_new(tmp_path, store) == {
        "a.md": "new", "b.md": "same", "d.md": "new"}
    scratch = tmp_path / "scratch" / "docnav.duckdb"
    index_in_process(scratch, folder)
    assert canonical_edges(store) == canonical_edges(Store(scratch))


@pytest.fixture(scope="module")
def crash_after_documents_commit(tmp_path_factory) -> dict:
    """Kill a run inside its second transaction, after the documents' one committed; rerun.

    One killed run serves the tests below (a subprocess costs a docling import).
    """
    tmp = tmp_path_factory.mktemp("collection-crash")
    folder, db, marker = tmp / "docs", tmp / "db" / "docnav.duckdb", tmp / "marker"
    write_folder(folder, OLD)
    index_in_process(db, folder)
    store = Store(db)
    write_folder(folder, NEW)
    run_cli_and_kill(db, folder, marker, commits_before_kill=1, sleep_s=3)
    after_crash = assert_each_document_wholly_old_or_new(tmp, store)

    rerun = index_in_process(db, folder)
    try:
        assert_export_matches(store)
        export = "matches the store"
    except AssertionError as exc:
        export = f"differs: {exc}"
    scratch = tmp / "scratch" / "docnav.duckdb"
    index_in_process(scratch, folder)
    return {
        "after_crash": after_crash, "rerun": rerun, "export": export,
        "after_rerun": assert_each_document_wholly_old_or_new(tmp, store),
        "edges": canonical_edges(store), "scratch_edges": canonical_edges(Store(scratch)),
    }


def test_crash_after_the_documents_commit_keeps_whole_documents(crash_after_documents_commit):
    run = crash_after_documents_commit
    # The documents' transaction committed; deleting c.md belonged to the killed one.
    assert run["after_crash"] == {"a.md": "new", "b.md": "same", "c.md": "old", "d.md": "new"}
    assert [Path(p).name for p in run["rerun"].removed] == ["c.md"]
    assert run["after_rerun"] == {"a.md": "new", "b.md": "same", "d.md": "new"}


def test_crash_after_the_documents_commit_is_repaired_by_the_next_run(crash_after_documents_commit):
    run = crash_after_documents_commit
    assert run["edges"] == run["scratch_edges"]
    # the killed run committed documents but never wrote their files: the rerun did
    assert run["export"] == "matches the store"
