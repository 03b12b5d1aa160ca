"""The collection level of the graph, updated around what changed.

* the collection node and its ``contains`` edges to every document node;
* ``references`` edges for links between documents, re-resolved only for links from changed
  documents and links whose target names a document that appeared, changed or went away;
* ``related`` edges between similar sections (:mod:`docnav.related`).

All collection-owned rows carry ``doc_id = '__collection__'``.
"""

from __future__ import annotations

import functools
import posixpath
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

import duckdb
import polars as pl

from docnav.hashing import digest
from docnav.model import Edge, EdgeKind, Node, NodeKind
from docnav.refs import cross_references, resolve_document, split_link
from docnav.related import SectionVectors, update_related
from docnav.store import COLLECTION_DOC_ID, _insert, docs_of, edges_frame, nodes_frame
from docnav.tree import node_id_for

COLLECTION_NODE_ID = node_id_for(COLLECTION_DOC_ID, "collection")


@functools.lru_cache(maxsize=1 << 16)
def _document_node(doc_id: str) -> str:
    """The id of a document's root node (hashed once per document, not on every edit)."""
    return node_id_for(doc_id, "doc")


@dataclass(frozen=True)
class CollectionOptions:
    """related_k: neighbours kept per section; related_threshold: minimum cosine similarity."""

    name: str = "collection"
    related_k: int = 5
    related_threshold: float = 0.6


@dataclass
class CollectionUpdate:
    """What a collection update did: related lists recomputed in full, the documents whose
    collection-owned rows (edges from their nodes) may have changed and the collection's own
    rows as written, for the Parquet export."""

    related_recomputed: int = 0
    source_docs: set[str] = field(default_factory=set)
    # the collection's own rows as written, per table (for the export)
    written: dict[str, pl.DataFrame] = field(default_factory=dict)


def update_collection(
    con: duckdb.DuckDBPyConnection,
    model: str,
    changed_docs: Iterable[str],
    touched_paths: Iterable[str],
    options: CollectionOptions = CollectionOptions(),
    removed_docs: Iterable[str] = (),
    vectors: SectionVectors | None = None,
) -> CollectionUpdate:
    """Bring collection rows up to date inside the caller's transaction.

    ``changed_docs``: doc ids written since the last update; ``removed_docs``: doc ids deleted
    since; ``touched_paths``: paths of documents that were added, changed, renamed (old and new
    path) or removed. ``vectors``: a process's copy of the section vectors, kept in step with
    the store between updates (see :class:`SectionVectors`); None reads them all.
    """
    changed_docs = list(changed_docs)
    touched_paths = list(touched_paths)
    # the documents whose collection-owned edges change, for the export (removed documents'
    # edges go with them)
    source_docs = docs_of(con, _drop_dangling(con)) | set(changed_docs)
    contains_changed, node_row = _write_collection_node(con, options.name)
    if contains_changed:
        source_docs.add(COLLECTION_DOC_ID)
    source_docs |= _update_cross_references(con, changed_docs, touched_paths)
    vectors = vectors or SectionVectors()
    section = vectors.load(con, model, [*changed_docs, *removed_docs])
    recomputed, related_docs = update_related(
        con, section, changed_docs, options.related_k, options.related_threshold)
    return CollectionUpdate(recomputed, source_docs | related_docs, {"nodes": node_row})


def _drop_dangling(con: duckdb.DuckDBPyConnection) -> set[str]:
    """Drop the collection's reference edges from or to nodes that are gone; returns their
    sources. Only the ids that replaced or deleted documents lost since the last update are
    looked for (queued with the replacement), so the cost follows the edit, not the store.
    Related edges are left to _update_related: a list that points at a vanished section is
    how it knows that list must be recomputed (the next-best neighbour moves up). Contains
    edges are all rewritten by _write_collection_node."""
    queued = sorted({n for (n,) in con.execute("SELECT node_id FROM pending_gone").fetchall()})
    con.execute("DELETE FROM pending_gone")
    if not queued:
        return set()
    used = sorted(set(queued) & {n for pair in con.execute(
        "SELECT src, dst FROM edges WHERE doc_id = $owner AND kind = 'references' AND "
        "(src = ANY($q::VARCHAR[]) OR dst = ANY($q::VARCHAR[]))",
        {"owner": COLLECTION_DOC_ID, "q": queued}).fetchall() for n in pair})
    if not used:
        return set()
    # a node may have come back since (a section removed by one run, restored by the next)
    back = {n for (n,) in con.execute(
        "SELECT node_id FROM nodes WHERE node_id = ANY(?::VARCHAR[])", [used]).fetchall()}
    gone = [n for n in used if n not in back]
    if not gone:
        return set()
    return {src for (src,) in con.execute(
        "DELETE FROM edges WHERE doc_id = $owner AND kind = 'references' AND "
        "(src = ANY($gone::VARCHAR[]) OR dst = ANY($gone::VARCHAR[])) RETURNING src",
        {"owner": COLLECTION_DOC_ID, "gone": gone},
    ).fetchall()}


def _write_collection_node(con: duckdb.DuckDBPyConnection, name: str) -> tuple[bool, pl.DataFrame]:
    """The collection node, and its ``contains`` edges to the document nodes in path order.
    Returns whether the edges changed (an edit keeps the set of documents, and rewriting a
    thousand unchanged edges would cost every edit time in proportion to the collection), and
    the node's row as written (its export is written from it, not queried back)."""
    docs = con.execute(
        "SELECT doc_id, tree_hash FROM documents WHERE tree_hash IS NOT NULL ORDER BY path"
    ).fetchall()
    node = Node(COLLECTION_NODE_ID, COLLECTION_DOC_ID, "collection", NodeKind.COLLECTION,
                "collection", 0, 0, None, name, name, "", None, None, digest(name),
                digest("collection", name, *(h for _, h in docs)))
    row = nodes_frame([node])
    con.execute("DELETE FROM nodes WHERE doc_id = ?", [COLLECTION_DOC_ID])
    _insert(con, "nodes", row)
    wanted = [_document_node(d) for d, _ in docs]  # every stored tree has this root
    stored = [dst for (dst,) in con.execute(
        "SELECT dst FROM edges WHERE doc_id = ? AND kind = 'contains' ORDER BY rowid",
        [COLLECTION_DOC_ID],
    ).fetchall()]
    if stored == wanted:
        return False, row
    con.execute("DELETE FROM edges WHERE doc_id = ? AND kind = 'contains'", [COLLECTION_DOC_ID])
    _insert(con, "edges", edges_frame(
        (Edge(COLLECTION_NODE_ID, d, EdgeKind.CONTAINS) for d in wanted), COLLECTION_DOC_ID))
    return True, row


def _update_cross_references(
    con: duckdb.DuckDBPyConnection, changed_docs: list[str], touched_paths: list[str]
) -> set[str]:
    """Re-resolve the affected links; returns the documents whose edges were rewritten."""
    names = sorted({posixpath.basename(p) for p in touched_paths if p})
    if not names and not changed_docs:
        return set()
    # RE2 (DuckDB's regex engine) has no lookahead: "\\b\\B" is its never-matching pattern
    pattern = "|".join(re.escape(n) for n in names) or "\\b\\B"
    # Every link of an affected node, not only the matching ones: the node's old edges are
    # all deleted below, so its links to untouched documents must be resolved again too.
    links = con.execute(
        "SELECT node_id, doc_id, target FROM links WHERE node_id IN (SELECT node_id "
        "FROM links WHERE doc_id = ANY(?::VARCHAR[]) OR regexp_matches(target, ?))",
        [changed_docs, pattern],
    ).fetchall()
    sources = sorted({node_id for node_id, _, _ in links})
    source_docs = {doc_id for _, doc_id, _ in links}
    if sources:
        con.execute(
            "DELETE FROM edges WHERE doc_id = ? AND kind = 'references' "
            "AND src = ANY(?::VARCHAR[])", [COLLECTION_DOC_ID, sources])
    if not links:
        return source_docs
    doc_paths = dict(con.execute(
        "SELECT doc_id, path FROM documents WHERE tree_hash IS NOT NULL"
    ).fetchall())
    doc_of_path = {p: d for d, p in doc_paths.items()}
    # anchors only of the documents the links lead to
    named = sorted({d for _, src_doc, target in links
                    if (link := split_link(target, doc_paths.get(src_doc, ""))) is not None
                    and (d := resolve_document(link, doc_of_path)) is not None})
    anchors = {
        (d, a): n
        for d, a, n in con.execute(
            "SELECT doc_id, anchor, min(node_id) FROM nodes WHERE anchor IS NOT NULL "
            "AND kind = 'section' AND doc_id = ANY(?::VARCHAR[]) GROUP BY doc_id, anchor",
            [named],
        ).fetchall()
    }
    doc_nodes = {d: _document_node(d) for d in doc_paths}
    edges = cross_references(links, doc_paths, doc_of_path, anchors, doc_nodes)
    _insert(con, "edges", edges_frame(edges, COLLECTION_DOC_ID))
    return source_docs
