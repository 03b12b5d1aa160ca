"""The collection level of the graph, updated around what changed.

* the collection node and its ``contains`` edges to every document node;
* ``references`` edges for links between documents, re-resolved only for links from changed
  documents and links whose target names a document that appeared, changed or went away;
* ``related`` edges between similar sections (:mod:`docnav.related`).

All collection-owned rows carry ``doc_id = '__collection__'``. A long-running process keeps
these edges in memory between updates (:class:`CollectionState`), so an update reads and
writes only what changed and the export of the edges is written from memory.
"""

from __future__ import annotations

import functools
import posixpath
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import duckdb
import polars as pl

from docnav.hashing import digest
from docnav.model import Edge, EdgeKind, Node, NodeKind
from docnav.pull_requests import OWN_PULL_LINE, named_pull_requests, pull_owners, pull_request
from docnav.refs import cross_references, mention_targets, resolve_document, split_link
from docnav.related import SectionVectors, _Vectors, update_related
from docnav.rows import edges_frame, insert_frame, nodes_frame
from docnav.store import COLLECTION_DOC_ID
from docnav.tree import node_id_for

COLLECTION_NODE_ID = node_id_for(COLLECTION_DOC_ID, "collection")
# The version of the rules that resolve links between documents (refs.cross_references, the
# RFC PR lines of pull_requests.py, the anchors _resolve_links picks), recorded in the meta
# table under RESOLVER_KEY. Bump it by hand with any change that resolves some link otherwise:
# a store an older version resolved has every link resolved again once, by the next collection
# update (RFC 2's line came to own pull request 6, which it lists second, and a link to pull
# request 6 stayed without its edge until a fresh build). A newer version's store is not
# resolved again by an older one; but where the older one's run changes documents, it resolves
# their links by its own rules and records its own version, so that the newer one resolves
# every link again once on its next run (a store left saying the newer version while holding
# the older one's links was never repaired). Two versions writing one store resolve it again
# only after each other's changes, not on every run.
# tests/test_resolver_fingerprint.py holds what this version resolves of a fixed corpus.
RESOLVER_VERSION = 1
RESOLVER_KEY = "references_resolver_version"
# (DocNav before it recorded a digest of the resolver's sources, "references_resolved_by": such
# a store counts as resolved by version 0. That key is left be, so that a DocNav of then sharing
# the store finds its own digest and does not resolve every link again on each of its runs.)


@functools.lru_cache(maxsize=1 << 16)
def _document_node(doc_id: str) -> str:
    """The id of a document's root node (hashed once per document, not on every edit)."""
    return node_id_for(doc_id, "doc")


def stored_resolver(con: duckdb.DuckDBPyConnection) -> int:
    """The version of the resolver that resolved the store's references: 0 where none is
    recorded (a new store, or one of a DocNav that recorded a digest of its sources)."""
    row = con.execute("SELECT value FROM meta WHERE key = ?", [RESOLVER_KEY]).fetchone()
    return int(row[0]) if row is not None and row[0].isdigit() else 0


def references_outdated(con: duckdb.DuckDBPyConnection) -> bool:
    """Whether an older resolver resolved the store's references: the next collection update
    resolves every link again."""
    return stored_resolver(con) < RESOLVER_VERSION


@dataclass(frozen=True)
class CollectionOptions:
    """related_k: neighbours kept per section; related_threshold: minimum cosine similarity."""

    name: str = "collection"
    related_k: int = 5
    related_threshold: float = 0.6


@dataclass
class CollectionUpdate:
    """What a collection update did: related lists recomputed in full, and for the Parquet
    export the collection's own rows as written and, per document whose collection-owned
    edges (from its nodes) may have changed, all of those edges."""

    related_recomputed: int = 0
    references_written: int = 0  # reference edges deleted or inserted
    # RFC PR lines read (as rows, one per link of a line) and pull request links scanned for
    # a pull request that lost a rival claimant: the whole store's in a process's first update
    pull_lines_read: int = 0
    pull_links_scanned: int = 0
    # the collection's own rows as written, per table
    written: dict[str, pl.DataFrame] = field(default_factory=dict)
    # document -> every collection-owned edge from its nodes (the collection node's
    # contains edges under the collection's id); empty when it has none any more
    edges: dict[str, pl.DataFrame] = field(default_factory=dict)


@dataclass
class _KeptEdges:
    """The collection's ``contains`` and ``references`` edges as stored, kept in step with
    the store by the updates of the process that holds them (like the related lists)."""

    contains: list[str]  # the document nodes, in stored order
    # the source node's document -> (source, target) -> weight
    references: dict[str, dict[tuple[str, str], float]]
    doc_of: dict[str, str]  # source node -> its document
    # document -> the pull requests its RFC PR lines name, kept from the last update (None
    # until an update reads them: then the store's lines are the changed documents' new ones,
    # and which pull requests they named before is not known)
    pulls: dict[str, frozenset[str]] | None = None

    @classmethod
    def read(cls, con: duckdb.DuckDBPyConnection) -> _KeptEdges:
        contains = [dst for (dst,) in con.execute(
            "SELECT dst FROM edges WHERE doc_id = ? AND kind = 'contains' ORDER BY rowid",
            [COLLECTION_DOC_ID]).fetchall()]
        kept = cls(contains, {}, {})
        # a reference whose source node is gone is dropped by this update (_drop_dangling)
        kept.add(con.execute(
            "SELECT e.src, e.dst, e.weight, n.doc_id FROM edges e JOIN nodes n "
            "ON n.node_id = e.src WHERE e.doc_id = ? AND e.kind = 'references'",
            [COLLECTION_DOC_ID]).fetchall())
        return kept

    def add(self, edges: Iterable[tuple[str, str, float, str]]) -> None:
        """Add (source, target, weight, source's document) references."""
        for src, dst, weight, doc in edges:
            self.references.setdefault(doc, {})[(src, dst)] = weight
            self.doc_of[src] = doc

    def drop(self, pairs: Iterable[tuple[str, str]]) -> set[str]:
        """Drop the (source, target) references deleted from the store; returns their
        sources' documents. A source without references left is forgotten, so ``doc_of``
        names only documents in ``references``."""
        docs = set()
        for src, dst in pairs:
            doc = self.doc_of.get(src)
            if doc is None:
                continue
            refs = self.references[doc]
            refs.pop((src, dst), None)
            docs.add(doc)
            if not any(s == src for s, _ in refs):
                del self.doc_of[src]
            if not refs:
                del self.references[doc]
        return docs

    def from_sources(self, sources: set[str]) -> dict[tuple[str, str], float]:
        """The references from ``sources``: (source, target) -> weight."""
        docs = {self.doc_of[s] for s in sources if s in self.doc_of}
        return {pair: weight for doc in docs for pair, weight in self.references[doc].items()
                if pair[0] in sources}

    def drop_documents(self, docs: Iterable[str]) -> None:
        """Forget the references from deleted documents (deleted with their nodes)."""
        for doc in docs:
            for src, _ in self.references.pop(doc, {}):
                self.doc_of.pop(src, None)

    def frame(self, doc: str, section: _Vectors) -> pl.DataFrame:
        """Every collection-owned edge from ``doc``'s nodes (for the collection's own id, its
        contains edges), as the store holds them."""
        edges = []
        if doc == COLLECTION_DOC_ID:
            edges += [Edge(COLLECTION_NODE_ID, d, EdgeKind.CONTAINS) for d in self.contains]
        edges += [Edge(s, d, EdgeKind.REFERENCES, w)
                  for (s, d), w in sorted(self.references.get(doc, {}).items())]
        lists = section.related.lists if section.related is not None else {}
        for i in section.by_doc().get(doc, []):
            src = section.ids[i]
            edges += [Edge(src, d, EdgeKind.RELATED, w) for d, w in lists.get(src, [])]
        return edges_frame(edges, COLLECTION_DOC_ID)

    def differences(self, con: duckdb.DuckDBPyConnection) -> list[str]:
        """Where these edges and the store's differ (empty when in step). For tests."""
        stored = _KeptEdges.read(con)
        out = []
        if stored.contains != self.contains:
            out.append(f"contains edges: kept {len(self.contains)}, stored {len(stored.contains)}")
        for doc in sorted(set(stored.references) | set(self.references)):
            if stored.references.get(doc, {}) != self.references.get(doc, {}):
                out.append(f"references from {doc}: kept {self.references.get(doc)}, "
                           f"stored {stored.references.get(doc)}")
        if self.pulls is not None:
            lines = named_pull_requests(_pull_lines(con))
            out += [f"pull requests named by {d}: kept {sorted(self.pulls.get(d, ()))}, stored "
                    f"{sorted(lines.get(d, ()))}" for d in sorted(set(lines) | set(self.pulls))
                    if lines.get(d) != self.pulls.get(d)]
        return out


class CollectionState:
    """What a long-running process (the watcher, a Dagster resource, a benchmark) keeps of the
    collection level between updates: the section vectors with their related lists
    (:class:`SectionVectors`) and the contains and references edges. Both are used only
    while the collection token is the one their process stamped last (no other writer updated
    the collection since); a failed update forgets them."""

    def __init__(self) -> None:
        self.vectors = SectionVectors()
        self._edges: _KeptEdges | None = None
        self._pending: _KeptEdges | None = None

    def edges(self, con: duckdb.DuckDBPyConnection, section: _Vectors) -> _KeptEdges:
        """The kept edges for the update that loaded ``section``: those of the last update
        when the vectors were kept too (same token), else read from the store."""
        kept = section.replaced is not None and self._edges is not None
        self._pending = self._edges if kept else _KeptEdges.read(con)
        return self._pending

    def committed(self) -> None:
        self.vectors.committed()
        if self._pending is not None:
            self._edges, self._pending = self._pending, None

    def discard(self) -> None:
        self.vectors.discard()
        self._edges = self._pending = None

    def differences(self, con: duckdb.DuckDBPyConnection) -> list[str]:
        """What the kept state says that the store does not (empty when in step)."""
        out = self.vectors.differences(con)
        if self._edges is not None:
            out += self._edges.differences(con)
        return out[:10]


def update_collection(
    con: duckdb.DuckDBPyConnection,
    model: str,
    changed_docs: Iterable[str],
    touched_paths: Iterable[str],
    documents: Mapping[str, tuple[str, str | None]],
    options: CollectionOptions = CollectionOptions(),
    removed_docs: Iterable[str] = (),
    state: CollectionState | None = None,
) -> CollectionUpdate:
    """Bring collection rows up to date inside the caller's transaction.

    ``changed_docs``: doc ids written since the last update; ``removed_docs``: doc ids deleted
    since; ``touched_paths``: paths of documents that were added, changed, renamed (old and new
    path) or removed. ``state``: a process's copy of the collection level, kept in step with
    the store between updates (see :class:`CollectionState`); None reads it all.
    ``documents``: every stored document's (path, tree_hash) as of this transaction (the
    indexer keeps them between runs, so the update does not query the ``documents`` table).
    """
    changed_docs = list(changed_docs)
    removed_docs = list(removed_docs)
    touched_paths = list(touched_paths)
    state = state or CollectionState()
    # the documents with a stored tree (a document that never parsed has none), by path
    trees = sorted((p, d, h) for d, (p, h) in documents.items() if h is not None)
    doc_paths = {d: p for p, d, _ in trees}
    section = state.vectors.load(con, model, [*changed_docs, *removed_docs])
    kept = state.edges(con, section)
    kept.drop_documents(removed_docs)  # their edges went with their nodes
    # the documents whose collection-owned edges change, for the export (removed documents'
    # edges go with them)
    source_docs = _drop_dangling(con, kept) | set(changed_docs)
    contains_changed, node_row = _write_collection_node(
        con, options.name, kept, [(d, h) for _, d, h in trees])
    if contains_changed:
        source_docs.add(COLLECTION_DOC_ID)
    stored = stored_resolver(con)
    every = stored < RESOLVER_VERSION
    update = CollectionUpdate()
    references_docs = _update_cross_references(
        con, changed_docs, removed_docs, touched_paths, kept, doc_paths, update, every)
    if every or stored > RESOLVER_VERSION and (changed_docs or removed_docs or touched_paths):
        con.execute("DELETE FROM meta WHERE key = ?", [RESOLVER_KEY])
        con.execute("INSERT INTO meta VALUES (?, ?)", [RESOLVER_KEY, str(RESOLVER_VERSION)])
    source_docs |= references_docs
    recomputed, related_docs = update_related(
        con, section, changed_docs, options.related_k, options.related_threshold)
    update.related_recomputed = recomputed
    update.written = {"nodes": node_row}
    update.edges = {d: kept.frame(d, section)
                    for d in sorted(source_docs | related_docs) if d not in removed_docs}
    return update


def _drop_dangling(con: duckdb.DuckDBPyConnection, kept: _KeptEdges) -> set[str]:
    """Drop the collection's reference edges from or to nodes that are gone; returns their
    sources' documents. Only the ids that replaced or deleted documents lost since the last update are
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
    return kept.drop(con.execute(
        "DELETE FROM edges WHERE doc_id = $owner AND kind = 'references' AND "
        "(src = ANY($gone::VARCHAR[]) OR dst = ANY($gone::VARCHAR[])) RETURNING src, dst",
        {"owner": COLLECTION_DOC_ID, "gone": gone},
    ).fetchall())


def _write_collection_node(
    con: duckdb.DuckDBPyConnection, name: str, kept: _KeptEdges, docs: list[tuple[str, str]]
) -> tuple[bool, pl.DataFrame]:
    """The collection node, and its ``contains`` edges to the document nodes in path order.
    Returns whether the edges changed (an edit keeps the set of documents, and rewriting a
    thousand unchanged edges would cost every edit time in proportion to the collection), and
    the node's row as written (its export is written from it, not queried back).
    ``docs``: (doc_id, tree_hash) of the documents with a tree, in path order."""
    node = Node(COLLECTION_NODE_ID, COLLECTION_DOC_ID, "collection", NodeKind.COLLECTION,
                "collection", 0, 0, None, name, name, "", None, None, digest(name),
                digest("collection", name, *(h for _, h in docs)))
    row = nodes_frame([node])
    con.execute("DELETE FROM nodes WHERE doc_id = ?", [COLLECTION_DOC_ID])
    insert_frame(con, "nodes", row)
    wanted = [_document_node(d) for d, _ in docs]  # every stored tree has this root
    if kept.contains == wanted:
        return False, row
    con.execute("DELETE FROM edges WHERE doc_id = ? AND kind = 'contains'", [COLLECTION_DOC_ID])
    insert_frame(con, "edges", edges_frame(
        (Edge(COLLECTION_NODE_ID, d, EdgeKind.CONTAINS) for d in wanted), COLLECTION_DOC_ID))
    kept.contains = wanted
    return True, row


def _update_cross_references(
    con: duckdb.DuckDBPyConnection, changed_docs: list[str], removed_docs: list[str],
    touched_paths: list[str], kept: _KeptEdges, doc_paths: dict[str, str],
    update: CollectionUpdate, every: bool = False,
) -> set[str]:
    """Re-resolve the affected links (``every``: all of them); returns the documents whose
    edges changed, and counts on ``update`` the edges deleted or inserted and the pull
    request lines and links read."""
    named, named_before = _named_pulls(con, changed_docs, removed_docs, kept, update)
    names = sorted({posixpath.basename(p) for p in touched_paths if p})
    if not names and not changed_docs and not every:
        return set()
    # a touched 0439-cmp-ops-reform.md is what the mentions of RFC 439 name (or named)
    numbers = sorted({t for p in touched_paths if p for t in mention_targets(p)})
    # and the pull requests the changed documents' RFC PR lines name, and named before where
    # that is known (else a touched file's number: a document that went, whose line is gone)
    pulls = sorted({int(t.split(":")[1]) for t in numbers} | {
        int(p.rsplit("#", 1)[1]) for p in named | (named_before or set())})
    owners = pull_owners(kept.pulls or {})
    # Where the lines before are not known, the links to a pull request that now has one
    # document naming it and no edge to it: it was two documents' before, and one of them
    # went or names another now. (A scan of the store's pull request links.)
    unresolved = [] if named_before is not None else _unresolved_pull_links(
        con, kept, owners, update)
    # RE2 (DuckDB's regex engine) has no lookahead: "\\b\\B" is its never-matching pattern
    pattern = "|".join([*(re.escape(n) for n in names), *(f"^{t}$" for t in numbers),
                        *(f"(?:/pull/|/issues/|^pr:.*#)0*{n}(?:[/?#]|$)" for n in pulls)]
                       ) or "\\b\\B"
    # Every link of an affected node, not only the matching ones: the node's edges are
    # compared with all of its links' targets, so its links to untouched documents count too.
    # And the links now leading into a changed document: its RFC PR line may name another
    # pull request than the one they name (an edge to its root, whose id it keeps).
    links = con.execute(
        "SELECT node_id, doc_id, target FROM links WHERE $every OR node_id IN (SELECT node_id "
        "FROM links WHERE doc_id = ANY($docs::VARCHAR[]) OR regexp_matches(target, $pattern) "
        "UNION SELECT src FROM edges WHERE doc_id = $owner AND kind = 'references' "
        "AND dst = ANY($roots::VARCHAR[]) UNION SELECT unnest($unresolved::VARCHAR[]))",
        {"docs": changed_docs, "pattern": pattern, "owner": COLLECTION_DOC_ID,
         "roots": [_document_node(d) for d in changed_docs], "unresolved": unresolved,
         "every": every},
    ).fetchall()
    # The edges these links had, and every reference from a changed document: a node that
    # lost its link keeps its id, and its old edge must go.
    sources = {node_id for node_id, _, _ in links}
    sources |= {src for d in changed_docs for src, _ in kept.references.get(d, {})}
    if every:
        sources |= set(kept.doc_of)
    old = kept.from_sources(sources)
    if not links and not old:
        return set()
    new = _resolve_links(con, links, doc_paths, owners) if links else {}
    # Only the edges that differ are written: an edit mostly leaves its links' targets as
    # they were, and deleting and re-inserting them would cost a scan and the checkpoint.
    gone = sorted(pair for pair, weight in old.items() if new.get(pair) != weight)
    added = [(src, dst, weight) for (src, dst), weight in new.items()
             if old.get((src, dst)) != weight]
    sources_changed = set()
    if gone:
        sources_changed |= kept.drop(con.execute(
            "DELETE FROM edges WHERE doc_id = ? AND kind = 'references' "
            "AND src = ANY(?::VARCHAR[]) AND src || ' ' || dst = ANY(?::VARCHAR[]) "
            "RETURNING src, dst",
            [COLLECTION_DOC_ID, sorted({s for s, _ in gone}), [f"{s} {d}" for s, d in gone]],
        ).fetchall())
    if added:
        insert_frame(con, "edges", edges_frame(
            (Edge(s, d, EdgeKind.REFERENCES, w) for s, d, w in added), COLLECTION_DOC_ID))
        doc_of = {node_id: doc_id for node_id, doc_id, _ in links}
        kept.add((s, d, w, doc_of[s]) for s, d, w in added)
        sources_changed |= {doc_of[s] for s, _, _ in added}
    update.references_written = len(gone) + len(added)
    return sources_changed


def _resolve_links(
    con: duckdb.DuckDBPyConnection, links: list[tuple[str, str, str]], doc_paths: dict[str, str],
    pulls: dict[str, str],
) -> dict[tuple[str, str], float]:
    """The references that (node id, document, target) links resolve to now:
    (source, target node) -> weight. ``doc_paths``: the path of each document with a tree;
    ``pulls``: the document whose RFC PR line names each pull request."""
    doc_of_path = {p: d for d, p in doc_paths.items()}
    # anchors only of the documents the links lead to
    named = sorted({d for _, src_doc, target in links
                    if (link := split_link(target, doc_paths.get(src_doc, ""))) is not None
                    and (d := resolve_document(link, doc_of_path)) is not None})
    anchors = {
        (d, a): n
        for d, a, n in con.execute(
            # an element's own id (a paragraph's anchor) wins over a heading's slug, as within
            # the document (docnav.refs.internal_references)
            "SELECT doc_id, anchor, coalesce(min(node_id) FILTER (WHERE kind = 'paragraph'), "
            "min(node_id)) FROM nodes WHERE anchor IS NOT NULL AND kind IN ('section', "
            "'paragraph') AND doc_id = ANY(?::VARCHAR[]) GROUP BY doc_id, anchor",
            [named],
        ).fetchall()
    } if named else {}
    doc_nodes = {d: _document_node(d) for d in doc_paths}
    return {(e.src, e.dst): e.weight for e in cross_references(
        links, doc_paths, doc_of_path, anchors, doc_nodes, pulls)}


def _named_pulls(
    con: duckdb.DuckDBPyConnection, changed_docs: list[str], removed_docs: list[str],
    kept: _KeptEdges, update: CollectionUpdate,
) -> tuple[set[str], set[str] | None]:
    """Bring ``kept.pulls`` up to date: the store's RFC PR lines in a process's first update
    (or after another writer's), else the changed documents' alone. Returns the pull requests
    the changed documents' lines name, and those the changed and removed documents' lines
    named before (None where not known)."""
    if kept.pulls is None:
        lines = _pull_lines(con)
        kept.pulls = named_pull_requests(lines)
        update.pull_lines_read += len(lines)
        return {p for d in changed_docs for p in kept.pulls.get(d, ())}, None
    before = {p for d in [*changed_docs, *removed_docs] for p in kept.pulls.pop(d, ())}
    lines = _pull_lines(con, changed_docs)
    update.pull_lines_read += len(lines)
    named = named_pull_requests(lines)
    kept.pulls.update(named)
    return {p for pulls in named.values() for p in pulls}, before


def _pull_lines(con: duckdb.DuckDBPyConnection, docs: list[str] | None = None
                ) -> list[tuple[str, str, str | None]]:
    """(document, text, a link target or None) of the RFC PR lines of ``docs`` (all when
    None), as :func:`docnav.pull_requests.named_pull_requests` reads them."""
    if docs is not None and not docs:
        return []
    return con.execute(
        "SELECT n.doc_id, n.text, l.target FROM nodes n LEFT JOIN links l "
        "ON l.node_id = n.node_id WHERE n.kind = 'paragraph' AND regexp_matches(n.text, ?) "
        "AND (? OR n.doc_id = ANY(?::VARCHAR[]))",
        [OWN_PULL_LINE.pattern, docs is None, docs or []]).fetchall()


def _unresolved_pull_links(con: duckdb.DuckDBPyConnection, kept: _KeptEdges,
                           owners: dict[str, str], update: CollectionUpdate) -> list[str]:
    """The nodes linking to a pull request that one document's RFC PR line names, with no
    edge to it: a pull request two lines named was neither's, and the lines of the changed
    documents name it no more (one went, or names another), so nothing else finds its links
    again. A scan of the pull request links, only where a line names one (``owners``: the
    document whose line names each)."""
    if not owners:
        return []
    edges = {pair for refs in kept.references.values() for pair in refs}
    links = con.execute(
        "SELECT node_id, doc_id, target FROM links WHERE regexp_matches(target, "
        "'(?i)^pr:|github\\.com/[^/]+/[^/]+/(?:pull|issues)/[0-9]')").fetchall()
    update.pull_links_scanned += len(links)
    # (an RFC's link to its own pull request is no reference: its own line's, left be)
    return sorted({node_id for node_id, doc_id, target in links
                   if (owner := owners.get(pull_request(target) or "")) not in (None, doc_id)
                   and (node_id, _document_node(owner)) not in edges})
