"""Shared by the indexer tests: a folder of real Markdown files, a store and an indexer
whose work is counted (cocoindex-style): parse calls through a counting wrapper around the
real parser, embeddings through the embedder's own counter; and another process holding a
store (:func:`held`)."""

from __future__ import annotations

import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import polars as pl
from polars.testing import assert_frame_equal

from docnav.collection import CollectionOptions
from docnav.embed import HashingEmbedder
from docnav.index import IndexOptions, IndexReport, Indexer
from docnav.parse import ParseOptions, parse_file
from docnav.store import COLLECTION_DOC_ID, Store

from _paths import REPO


ALPHA = """# Alpha guide

Alpha is a small tool that keeps long manuals navigable.

## Motivation

Readers lose their way in long manuals and cannot find the section they need.

Search alone does not show where a passage sits in the whole document.

## Design

The design keeps a tree of headings and paragraphs for every document.

Each node carries a content hash so that unchanged parts are never recomputed.
"""

BETA = """# Beta notes

Beta collects notes about the storage layer of the project.

## Storage

Tables live in DuckDB and are exported to Parquet files beside it.

## Shared

This paragraph appears in two documents of the collection.
"""

GAMMA = """# Gamma handbook

Gamma explains how to run the indexer from the command line.

## Usage

Run the index command on a folder to index every document in it.

## Shared

This paragraph appears in two documents of the collection.

## Limits

Scanned images are not read unless the PDF has a text layer.
"""

DELTA = """# Delta overview

Delta describes the query side: locate, navigate, expand and fetch.

## Queries

A query starts with locate and then walks the graph of sections.
"""

CORPUS = {"alpha.md": ALPHA, "beta.md": BETA, "gamma.md": GAMMA, "delta.md": DELTA}


class CountingParse:
    """Calls the real parser and remembers which paths it was asked to parse."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def __call__(self, path: str, options: ParseOptions):
        self.calls.append(str(path))
        return parse_file(path, options)


class Harness:
    """A folder of Markdown files, a store, and an indexer whose work is counted."""

    def __init__(self, tmp_path: Path, files: dict[str, str], embedder=None,
                 collection: CollectionOptions = CollectionOptions()) -> None:
        self.folder = tmp_path / "docs"
        self.folder.mkdir()
        for name, text in files.items():
            self.write(name, text)
        self.store = Store(tmp_path / "db" / "docnav.duckdb")
        self.parse = CountingParse()
        self.embedder = embedder or HashingEmbedder()
        self.indexer = Indexer(
            self.store, IndexOptions(export_parquet=True, collection=collection),
            self.embedder, parse=self.parse,
        )

    def path(self, name: str) -> str:
        return str(self.folder / name)

    def write(self, name: str, text: str) -> None:
        (self.folder / name).write_text(text, encoding="utf-8")

    def edit(self, name: str, old: str, new: str) -> None:
        text = (self.folder / name).read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {name}"
        self.write(name, text.replace(old, new))

    def index(self) -> IndexReport:
        self.parse.calls.clear()
        report = self.indexer.index([self.folder])
        assert report.ok, report.failed
        assert report.docs_parsed == len(self.parse.calls)
        return report

    def query(self, sql: str, params: list | None = None) -> list[tuple]:
        with self.store.reader() as con:
            return con.execute(sql, params or []).fetchall()

    def frame(self, sql: str) -> pl.DataFrame:
        with self.store.reader() as con:
            return con.execute(sql).pl()

    def doc_id(self, name: str) -> str:
        rows = self.query("SELECT doc_id FROM documents WHERE path = ?", [self.path(name)])
        assert len(rows) == 1, rows
        return rows[0][0]

    def node(self, name: str, label: str) -> tuple[str, str]:
        """(node_id, parent_id) of the one node of a document with this heading or text."""
        rows = self.query(
            "SELECT node_id, parent_id FROM nodes WHERE doc_id = ? AND "
            "((kind = 'section' AND heading = ?) OR (kind = 'paragraph' AND text = ?))",
            [self.doc_id(name), label, label],
        )
        assert len(rows) == 1, (name, label, rows)
        return rows[0]

    def texts(self, name: str) -> set[str]:
        return {t for (t,) in self.query(
            "SELECT text FROM nodes WHERE doc_id = ? AND kind = 'paragraph'",
            [self.doc_id(name)])}

    def distinct_text_hashes(self) -> int:
        return self.query(
            "SELECT count(DISTINCT text_hash) FROM nodes WHERE doc_id <> ?", [COLLECTION_DOC_ID]
        )[0][0]

    def references(self) -> set[tuple[str, str, str]]:
        """Cross-document references as (source path, target path, target heading)."""
        rows = self.query(
            "SELECT ds.path, dd.path, nd.heading FROM edges e "
            "JOIN nodes ns ON ns.node_id = e.src JOIN nodes nd ON nd.node_id = e.dst "
            "JOIN documents ds ON ds.doc_id = ns.doc_id JOIN documents dd ON dd.doc_id = nd.doc_id "
            "WHERE e.kind = 'references' AND e.doc_id = ?", [COLLECTION_DOC_ID])
        return set(rows)


def all_paths(h: Harness) -> list[str]:
    return sorted(h.path(n) for n in CORPUS)


def assert_parquet_matches_store(h: Harness) -> None:
    """Every exported Parquet table holds exactly the rows of its DuckDB table."""
    assert_export_matches(h.store)


def assert_kept_state(h: Harness) -> None:
    """What the indexer keeps in memory between runs is what the store says."""
    with h.store.reader() as con:
        assert h.indexer.kept_state_differences(con) == []


def assert_in_step(h: Harness) -> None:
    """The export holds the store's rows, and the indexer's kept state is the store's."""
    assert_parquet_matches_store(h)
    assert_kept_state(h)


def assert_export_matches(store: Store) -> None:
    """Every exported Parquet table of ``store`` holds exactly the rows of its DuckDB table,
    each file with the table's column types."""
    out = store.parquet_dir
    keys = {
        "documents": ["doc_id"], "nodes": ["node_id"], "links": ["node_id", "target", "text"],
        "edges": ["src", "dst", "kind", "doc_id"], "embeddings": ["text_hash", "model"],
        "node_vectors": ["node_id", "model"], "summaries": None, "claims": None,
    }
    with store.reader() as con:
        tables = {t: con.execute(f"SELECT * FROM {t}").pl() for t in keys}
        stored_docs = {d for (d,) in con.execute("SELECT DISTINCT doc_id FROM nodes").fetchall()}
    for table, key in keys.items():
        stored = tables[table]
        key = key or stored.columns  # no key: every column orders the rows
        stored = stored.sort(key)
        if table == "documents":
            exported = pl.read_parquet(out / "documents.parquet")
        else:
            files = sorted((out / table).glob("*.parquet"))
            for f in files:  # written from a query or from the rows in hand: the same types
                assert pl.read_parquet_schema(f) == dict(stored.schema), (f, stored.schema)
            exported = pl.concat([pl.read_parquet(f) for f in files], how="vertical_relaxed")
            if table == "embeddings":  # a text shared by two documents is in both files
                exported = exported.unique(subset=key, keep="first")
        assert_frame_equal(exported.sort(key), stored, check_dtypes=False, check_exact=True)
    exported_docs = {f.stem for f in (out / "nodes").glob("*.parquet")}
    assert exported_docs == stored_docs  # and no file is left behind for a deleted document


HOLD = ("import duckdb, sys, time; c = duckdb.connect(sys.argv[1], read_only=sys.argv[2] == 'r');"
        " print('held', flush=True); time.sleep(float(sys.argv[3]))")
# a DocNav writer between its writes: the store's writer lock held shared, as a run holds it,
# or exclusive, as a compaction holds it
WRITER = ("import sys, time; from pathlib import Path; from docnav.writer_lock import take;"
          " f = take(Path(sys.argv[1]), exclusive=sys.argv[3] == 'exclusive');"
          " print('held', flush=True); time.sleep(float(sys.argv[2]))")


def held(db: Path, mode: str, seconds: float):
    """Another process holding the store: 'r' as a query loading it does, 'w' as a run."""
    return _holding(HOLD, db, mode, seconds)


def writer_held(db: Path, seconds: float, exclusive: bool = False):
    """Another process holding the store's writer lock (not the file): shared, as a DocNav
    run between its writes, or exclusive, as a compaction."""
    return _holding(WRITER, db, seconds, "exclusive" if exclusive else "shared", cwd=REPO)


@contextmanager
def _holding(code: str, *args, cwd: Path | None = None):
    """A process running ``code`` with ``args``, once it says "held"; killed at the end."""
    holder = subprocess.Popen([sys.executable, "-c", code, *map(str, args)], cwd=cwd,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        yield holder
    finally:
        holder.kill()
        holder.wait()
        holder.stdout.close()
