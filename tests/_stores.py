"""A store of a few documents written for a test (or copied from the shared fixtures), indexed by
the real pipeline with the hashing embedder (no model to load), opened as a graph."""

from __future__ import annotations

import shutil
from collections.abc import Iterable, Mapping
from pathlib import Path

import duckdb
from _paths import require

from docnav.embed import HashingEmbedder
from docnav.index import Indexer, IndexOptions
from docnav.query import DocNavGraph
from docnav.store import Store


def indexed_graph(base: Path, files: dict[str, str], summaries=None,
                  search_vectors: bool = True) -> DocNavGraph:
    """``files`` (name -> text) written to ``base``/docs and indexed into ``base``/g.duckdb
    (``summaries``: their options, None for none); the graph searches with the hashing
    embedder, or by its lexical side alone without ``search_vectors``."""
    docs = base / "docs"
    docs.mkdir(parents=True)
    for name, text in files.items():
        (docs / name).write_text(text)
    store = Store(base / "g.duckdb")
    Indexer(store, IndexOptions(summaries=summaries, progress=False),
            HashingEmbedder()).index([docs])
    return DocNavGraph.open(store.path, embedder=HashingEmbedder() if search_vectors else None)


def indexed_copies(base: Path, sources: Iterable[Path] | Mapping[str, Path],
                   embedder=None) -> DocNavGraph:
    """Real files copied to ``base``/docs (``sources``: paths, each kept under its name, or
    name -> path, a name with a folder in it: "z/1810.08699.pdf") and indexed, without
    summaries, into ``base``/g.duckdb; the graph searches with ``embedder`` (the one that
    indexed them: the hashing embedder unless given). A source missing skips the test."""
    embedder = embedder or HashingEmbedder()
    named = dict(sources) if isinstance(sources, Mapping) else {p.name: p for p in sources}
    docs = base / "docs"
    for name, source in named.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(require(source), docs / name)
    store = Store(base / "g.duckdb")
    Indexer(store, IndexOptions(summaries=None, progress=False), embedder).index([docs])
    return DocNavGraph.open(store.path, embedder=embedder)


def html_document(title: str, date: str, author: str, body: str) -> str:
    """An HTML page with a title, and a date and an author as its own fields (meta tags)."""
    return (f'<html><head><title>{title}</title><meta name="date" content="{date}">'
            f'<meta name="author" content="{author}"></head><body><h1>{title}</h1>'
            f"<p>{body}</p></body></html>")


def collection_references(path) -> set[tuple[str, str]]:
    """(source document, target document) file names of the collection's references."""
    con = duckdb.connect(str(path), read_only=True)
    try:
        rows = con.execute(
            "SELECT s.path, t.path FROM edges e JOIN nodes n ON n.node_id = e.src "
            "JOIN documents s ON s.doc_id = n.doc_id JOIN nodes m ON m.node_id = e.dst "
            "JOIN documents t ON t.doc_id = m.doc_id WHERE e.kind = 'references' "
            "AND e.doc_id = '__collection__'").fetchall()
    finally:
        con.close()
    return {(s.rsplit("/", 1)[-1], t.rsplit("/", 1)[-1]) for s, t in rows}
