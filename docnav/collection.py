"""The collection level of the graph, updated around what changed.

* the collection node and its ``contains`` edges to every document node;
* ``references`` edges for links between documents, re-resolved only for links from changed
  documents and links whose target names a document that appeared, changed or went away;
* ``related`` edges: for each section, its top-k most similar sections (cosine of section
  vectors) above a threshold, excluding its own ancestors and descendants. Recomputed exactly,
  but only where a change can matter: the changed sections get a full top-k, sections whose
  list held a changed or removed section are recomputed, and every other section only checks
  whether one of the changed sections now beats its k-th neighbour.

All collection-owned rows carry ``doc_id = '__collection__'``.
"""

from __future__ import annotations

import bisect
import json
import posixpath
import re
from collections.abc import Iterable
from dataclasses import dataclass

import duckdb
import numpy as np
import polars as pl

from docnav.hashing import digest
from docnav.model import EdgeKind, NodeKind
from docnav.refs import cross_references
from docnav.store import COLLECTION_DOC_ID, _insert
from docnav.tree import node_id_for

COLLECTION_NODE_ID = node_id_for(COLLECTION_DOC_ID, "collection")


@dataclass(frozen=True)
class CollectionOptions:
    """related_k: neighbours kept per section; related_threshold: minimum cosine similarity."""

    name: str = "collection"
    related_k: int = 5
    related_threshold: float = 0.6


def update_collection(
    con: duckdb.DuckDBPyConnection,
    model: str,
    changed_docs: Iterable[str],
    touched_paths: Iterable[str],
    options: CollectionOptions = CollectionOptions(),
) -> int:
    """Bring collection rows up to date inside the caller's transaction.

    ``changed_docs``: doc ids written in this run; ``touched_paths``: paths of documents that
    were added, changed, renamed (old and new path) or removed. Returns how many sections had
    their related list fully recomputed.
    """
    changed_docs = list(changed_docs)
    touched_paths = list(touched_paths)
    _drop_dangling(con)
    _write_collection_node(con, options.name)
    _update_cross_references(con, changed_docs, touched_paths)
    return _update_related(con, model, changed_docs, options)


def _drop_dangling(con: duckdb.DuckDBPyConnection) -> None:
    # Related edges are left to _update_related: a list that points at a vanished section
    # is how it knows that list must be recomputed (the next-best neighbour moves up).
    con.execute(
        "DELETE FROM edges WHERE doc_id = ? AND kind <> 'related' AND "
        "(src NOT IN (SELECT node_id FROM nodes) OR dst NOT IN (SELECT node_id FROM nodes))",
        [COLLECTION_DOC_ID],
    )


def _write_collection_node(con: duckdb.DuckDBPyConnection, name: str) -> None:
    docs = con.execute(
        "SELECT d.tree_hash, n.node_id FROM documents d JOIN nodes n "
        "ON n.doc_id = d.doc_id AND n.kind = 'document' "
        "WHERE d.tree_hash IS NOT NULL ORDER BY d.path"
    ).fetchall()
    tree_hash = digest("collection", name, *(h for h, _ in docs))
    con.execute("DELETE FROM nodes WHERE doc_id = ?", [COLLECTION_DOC_ID])
    con.execute(
        "INSERT INTO nodes VALUES (?, ?, 'collection', 'collection', 'collection', 0, 0, NULL, "
        "?, ?, '', NULL, NULL, ?, ?)",
        [COLLECTION_NODE_ID, COLLECTION_DOC_ID, name, name, digest(name), tree_hash],
    )
    con.execute("DELETE FROM edges WHERE doc_id = ? AND kind = 'contains'", [COLLECTION_DOC_ID])
    con.execute(
        "INSERT INTO edges SELECT ?, n.node_id, 'contains', 1.0, ? FROM nodes n "
        "JOIN documents d USING (doc_id) WHERE n.kind = 'document' ORDER BY d.path",
        [COLLECTION_NODE_ID, COLLECTION_DOC_ID],
    )


def _update_cross_references(
    con: duckdb.DuckDBPyConnection, changed_docs: list[str], touched_paths: list[str]
) -> None:
    names = sorted({posixpath.basename(p) for p in touched_paths if p})
    if not names and not changed_docs:
        return
    # RE2 (DuckDB's regex engine) has no lookahead: "\\b\\B" is its never-matching pattern
    pattern = "|".join(re.escape(n) for n in names) or "\\b\\B"
    con.register("_changed_docs", pl.DataFrame({"doc_id": changed_docs}, schema={"doc_id": pl.Utf8}))
    try:
        # Every link of an affected node, not only the matching ones: the node's old edges are
        # all deleted below, so its links to untouched documents must be resolved again too.
        links = con.execute(
            "SELECT node_id, doc_id, target FROM links WHERE node_id IN (SELECT node_id "
            "FROM links WHERE doc_id IN (SELECT doc_id FROM _changed_docs) "
            "OR regexp_matches(target, ?))",
            [pattern],
        ).fetchall()
    finally:
        con.unregister("_changed_docs")
    sources = sorted({node_id for node_id, _, _ in links})
    con.register("_sources", pl.DataFrame({"src": sources}, schema={"src": pl.Utf8}))
    try:
        con.execute(
            "DELETE FROM edges WHERE doc_id = ? AND kind = 'references' "
            "AND src IN (SELECT src FROM _sources)",
            [COLLECTION_DOC_ID],
        )
    finally:
        con.unregister("_sources")
    if not links:
        return
    doc_paths = dict(con.execute(
        "SELECT doc_id, path FROM documents WHERE tree_hash IS NOT NULL"
    ).fetchall())
    doc_of_path = {p: d for d, p in doc_paths.items()}
    anchors = {
        (d, a): n
        for d, a, n in con.execute(
            "SELECT doc_id, anchor, min(node_id) FROM nodes WHERE anchor IS NOT NULL "
            "AND kind = 'section' GROUP BY doc_id, anchor"
        ).fetchall()
    }
    doc_nodes = {d: node_id_for(d, "doc") for d in doc_paths}
    edges = cross_references(links, doc_paths, doc_of_path, anchors, doc_nodes)
    frame = pl.DataFrame(
        [(e.src, e.dst, EdgeKind.REFERENCES.value, 1.0, COLLECTION_DOC_ID) for e in edges],
        schema={"src": pl.Utf8, "dst": pl.Utf8, "kind": pl.Utf8, "weight": pl.Float64,
                "doc_id": pl.Utf8},
        orient="row",
    )
    _insert(con, "edges", frame)


def _update_related(
    con: duckdb.DuckDBPyConnection, model: str, changed_docs: list[str], options: CollectionOptions
) -> int:
    table = con.execute(
        "SELECT node_id, doc_id, local_key, vector FROM node_vectors WHERE model = ? "
        "ORDER BY node_id", [model]
    ).pl()
    k, threshold = options.related_k, options.related_threshold
    existing = con.execute(
        "SELECT src, dst, weight FROM edges WHERE doc_id = ? AND kind = 'related'",
        [COLLECTION_DOC_ID],
    ).fetchall()
    if table.is_empty():
        con.execute("DELETE FROM edges WHERE doc_id = ? AND kind = 'related'", [COLLECTION_DOC_ID])
        return 0
    ids = table["node_id"].to_list()
    docs = table["doc_id"].to_list()
    keys = table["local_key"].to_list()
    dim = len(table["vector"][0])
    matrix = table["vector"].list.to_array(dim).to_numpy().astype(np.float32)
    index = {node_id: i for i, node_id in enumerate(ids)}

    lists: dict[str, list[tuple[str, float]]] = {}
    for src, dst, w in existing:
        lists.setdefault(src, []).append((dst, w))
    changed_set = set(changed_docs)
    changed_rows = [i for i, d in enumerate(docs) if d in changed_set]
    changed_ids = {ids[i] for i in changed_rows}
    # sections whose list pointed at a changed or vanished section need a full recompute
    recompute = set(changed_rows)
    for src, neighbours in lists.items():
        i = index.get(src)
        if i is not None and any(d in changed_ids or d not in index for d, _ in neighbours):
            recompute.add(i)
    new_lists: dict[int, list[tuple[str, float]]] = {}
    rows = sorted(recompute)
    family = _Family(docs, keys, rows)
    for start in range(0, len(rows), 256):
        chunk = rows[start : start + 256]
        sims = np.round(matrix[chunk] @ matrix.T, 5)
        for r, i in enumerate(chunk):
            sims[r, family.excluded(i)] = -np.inf
            new_lists[i] = _top_k(sims[r], ids, k, threshold)
    if changed_rows:
        # Sections of unchanged documents: only a changed section that now beats their k-th
        # neighbour alters their list (they never share a document with a changed section).
        others = np.array([i for i in range(len(ids)) if i not in recompute], dtype=np.int64)
        targets = matrix[changed_rows].T
        for start in range(0, len(others), 4096):
            block_rows = others[start : start + 4096]
            block = np.round(matrix[block_rows] @ targets, 5)
            for r in np.flatnonzero(block.max(axis=1) >= threshold):
                i = int(block_rows[r])
                candidates = [(ids[changed_rows[c]], float(block[r, c]))
                              for c in np.flatnonzero(block[r] >= threshold)]
                current = sorted(lists.get(ids[i], []), key=lambda x: (-x[1], x[0]))
                merged = sorted(current + candidates, key=lambda x: (-x[1], x[0]))[:k]
                if merged != current:
                    new_lists[i] = merged
    vanished = [s for s in lists if s not in index]
    rewrite = [ids[i] for i in new_lists] + vanished
    con.register("_rewrite", pl.DataFrame({"src": rewrite}, schema={"src": pl.Utf8}))
    try:
        con.execute(
            "DELETE FROM edges WHERE doc_id = ? AND kind = 'related' "
            "AND src IN (SELECT src FROM _rewrite)", [COLLECTION_DOC_ID]
        )
    finally:
        con.unregister("_rewrite")
    frame = pl.DataFrame(
        [(ids[i], dst, EdgeKind.RELATED.value, w, COLLECTION_DOC_ID)
         for i, lst in new_lists.items() for dst, w in lst],
        schema={"src": pl.Utf8, "dst": pl.Utf8, "kind": pl.Utf8, "weight": pl.Float64,
                "doc_id": pl.Utf8},
        orient="row",
    )
    _insert(con, "edges", frame)
    return len(recompute)


class _Family:
    """Which sections a section may not be related to: itself, its ancestors and descendants.

    Ancestors follow from a section's key (its heading path); descendants are the keys that
    extend it, found by bisecting the document's sorted keys. Built only for the documents of
    the rows being recomputed.
    """

    def __init__(self, docs: list[str], keys: list[str], rows: list[int]) -> None:
        wanted = {docs[i] for i in rows}
        self._docs, self._keys = docs, keys
        self._by_key: dict[tuple[str, str], int] = {}
        self._sorted: dict[str, list[tuple[str, int]]] = {}
        for j, (d, key) in enumerate(zip(docs, keys)):
            if d in wanted:
                self._by_key[(d, key)] = j
                self._sorted.setdefault(d, []).append((key, j))
        for entries in self._sorted.values():
            entries.sort()

    def excluded(self, i: int) -> list[int]:
        doc, key = self._docs[i], self._keys[i]
        out = [i]
        if key.startswith("s:"):
            path = json.loads(key[2:])
            for depth in range(1, len(path)):
                prefix = "s:" + json.dumps(path[:depth], ensure_ascii=False)
                j = self._by_key.get((doc, prefix))
                if j is not None:
                    out.append(j)
        entries = self._sorted.get(doc, [])
        stem = key[:-1] + ","
        lo = bisect.bisect_left(entries, (stem, -1))
        hi = bisect.bisect_left(entries, (stem + "\uffff", -1))
        out += [j for _, j in entries[lo:hi]]
        return out


def _top_k(sims: np.ndarray, ids: list[str], k: int, threshold: float) -> list[tuple[str, float]]:
    """The k best (id, score) above the threshold; ties broken by id, so results are exact."""
    above = np.flatnonzero(sims >= threshold)
    if len(above) > 4 * k:
        kth = np.partition(sims[above], len(above) - k)[len(above) - k]
        above = above[sims[above] >= kth]
    scored = sorted(((ids[j], float(sims[j])) for j in above), key=lambda x: (-x[1], x[0]))
    return scored[:k]
