"""DocNavGraph: read-only navigation over the produced tables.

The graph is loaded into memory from the DuckDB store (read-only) or, when a writer holds the
database, from its Parquet export — the last complete state, since each export file is
replaced atomically. Navigation is then dictionary work (microseconds); ``locate`` fuses BM25
and embedding scores with reciprocal rank fusion (:mod:`docnav.query.search`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from pathlib import Path

import polars as pl

from docnav.errors import (
    InputError, StoreError, StoreLocked, names_several, quoted, without_path,
)
from docnav.query._checks import (check_globs, check_kinds, listed, named_both_ways, node_list,
                                  not_a_node_id, path_text, store_paths, token_budget, whole)
from docnav.query.across import parts_lead_to, references_into
from docnav.query.criteria import Criteria
from docnav.query.fields import (DATE_FORMS, DATE_SOURCES, own_date_span, parse_fields,
                                 unread_date)
from docnav.query.node_view import NodeView
from docnav.query.pieces import Fetched, Piece, count_tokens, fetched
from docnav.query.search import Hit, SearchIndex, named_by, path_matches, rrf, unclosed_set
from docnav.query.tables import tables_from_db, tables_from_parquet, where_read
from docnav.query.vectors import STORED
from docnav.store import COLLECTION_DOC_ID, Store, no_store
from docnav.store_tokens import COLLECTION_TOKEN, DOCUMENTS_TOKEN, read_token

DIRECTIONS = ("parent", "children", "siblings", "next", "previous", "references",
              "referenced-by", "related")


def _write_tokens(con) -> tuple[str | None, str | None]:
    """The store's change tokens: every run that writes documents, summaries or the
    collection level stamps a new one (:mod:`docnav.store_tokens`)."""
    return read_token(con, DOCUMENTS_TOKEN), read_token(con, COLLECTION_TOKEN)


class DocNavGraph:
    """The document graph, loaded for reading and navigation.

    ``embedder`` embeds queries for the dense side of :meth:`locate`: ``"stored"`` (the
    default) is the model that made the stored vectors, loaded at the first query that needs
    it; an embedder object must be that model too (checked by its ``model_id``); ``None``
    searches with BM25 alone. A store indexed with two embedding models (documents left
    unchanged since a model change keep their old vectors) is searched with the model that
    covers most of it; ``documents_without_vectors`` lists the documents only BM25 finds.
    """

    def __init__(self, tables: dict[str, pl.DataFrame], source: str, embedder=STORED,
                 store: Store | None = None, tokens: tuple | None = None) -> None:
        self.source = source
        self._store, self._tokens = store, tokens  # where it was read, and its change tokens
        nodes = tables["nodes"].sort(["doc_id", "position"])
        docs = {r["doc_id"]: r for r in tables["documents"].iter_rows(named=True)}
        self.documents = docs
        self._fields = {d: parse_fields(r.get("metadata")) for d, r in docs.items()}
        self._spans = {d: own_date_span(r.get("path") or "", self._fields[d])
                       for d, r in docs.items()}
        self._doc_at = {r["path"]: d for d, r in docs.items() if r.get("path")}
        self._nodes: dict[str, NodeView] = {}
        self._order: list[str] = []
        self._children: dict[str, list[str]] = {}
        for r in nodes.iter_rows(named=True):
            path = docs.get(r["doc_id"], {}).get("path", "")
            view = NodeView(r["node_id"], r["doc_id"], path, r["kind"], r["block_kind"],
                            r["level"], r["position"], r["parent_id"], r["heading"] or "",
                            r["breadcrumb"] or "", r["text"] or "", r["page"])
            self._nodes[view.node_id] = view
            self._order.append(view.node_id)
            if view.parent_id:
                self._children.setdefault(view.parent_id, []).append(view.node_id)
        self._reading = {nid: i for i, nid in enumerate(
            sorted(self._order, key=lambda n: (self._nodes[n].path, self._nodes[n].position)))}
        self._out: dict[tuple[str, str], list[tuple[str, float]]] = {}
        self._in: dict[tuple[str, str], list[tuple[str, float]]] = {}
        for src, dst, kind, weight in tables["edges"].select(
                ["src", "dst", "kind", "weight"]).iter_rows():
            self._out.setdefault((src, kind), []).append((dst, weight))
            self._in.setdefault((dst, kind), []).append((src, weight))
        self._parent = {nid: n.parent_id for nid, n in self._nodes.items()
                        if n.parent_id in self._nodes}
        # each document's root node and path, in node order
        self._roots = [(nid, n.path) for nid, n in self._nodes.items() if n.kind == "document"]
        self._root_at = {path: nid for nid, path in self._roots}
        self._doc_roots = {self._nodes[nid].doc_id: nid for nid, _ in self._roots}
        self._adopt_documents()
        self.summaries = {r["node_id"]: r for r in tables["summaries"].iter_rows(named=True)}
        self._doc_paragraphs: dict[str, list[str]] | None = None
        self.search = SearchIndex(self._nodes, self._order, self.summaries, tables, source,
                                  embedder, self.filter)
        self.documents_without_vectors = self.search.documents_without_vectors

    def _adopt_documents(self) -> None:
        """The collection node's children are the document nodes it ``contains`` (by path), and
        each document's parent is the collection: a document root has no ``parent_id``, the
        collection's edges are its only link to them."""
        for nid, n in self._nodes.items():
            if n.kind != "collection":
                continue
            docs = [d for d, _ in self._out.get((nid, "contains"), []) if d in self._nodes]
            self._children[nid] = sorted(dict.fromkeys(docs), key=lambda d: self._nodes[d].path)
            for d in self._children[nid]:
                self._parent[d] = nid

    # -- opening -----------------------------------------------------------------------------

    @classmethod
    def open(cls, db: str | Path, embedder=STORED, parquet_dir: str | Path | None = None):
        """Load from the store at ``db``; from its Parquet export if a writer holds it.
        ``embedder``: see the class."""
        store_paths(db, parquet_dir)
        store = Store(db, parquet_dir)
        if not store.exists():
            raise no_store(store.path)
        tokens = None
        try:
            with store.reader() as con:
                tables = tables_from_db(con)
                tokens = _write_tokens(con)
            source = f"duckdb:{store.path}"
        except StoreLocked as exc:
            if not store.has_export():
                raise store.without_export(exc) from exc
            tables = tables_from_parquet(store.parquet_dir)
            source = f"parquet:{store.parquet_dir}"
        return cls(tables, source, embedder, store, tokens)

    def is_current(self) -> bool | None:
        """Whether the store still holds what this graph read: False once a run wrote to it
        since (the graph is a copy taken when it was opened; open it again to see the run).
        None where that cannot be told now: the graph was read from the Parquet export, or a
        writer holds the store."""
        if self._store is None or self._tokens is None:
            return None
        try:
            with self._store.reader() as con:
                return _write_tokens(con) == self._tokens
        except StoreLocked:
            return None
        except StoreError:  # gone, or rebuilt with another schema: not what was read
            return False

    @property
    def export_behind(self) -> bool:
        """Whether this graph was read from a Parquet export that is older than the store (a
        run with ``--no-parquet`` wrote the store since the export was written), as the CLI
        notes."""
        from docnav.export import export_behind

        return self.source.startswith("parquet:") and export_behind(
            Path(self.source.removeprefix("parquet:")))

    @property
    def model(self) -> str | None:
        """The model id that made the stored vectors (None when the store has none)."""
        return self.search.model

    @property
    def embedder(self):
        """The query embedder, None for BM25 alone; the stored model is loaded here, once."""
        return self.search.embedder

    # -- basic access ------------------------------------------------------------------------

    def node(self, node_id: str) -> NodeView:
        """The node of ``node_id``, or of a whole document id: its root node, as
        :meth:`navigate`, :meth:`expand` and :meth:`fetch` take it. A short id, one in capitals
        or with spaces, or a path is refused, naming what :meth:`resolve` gives for it."""
        if not isinstance(node_id, str):  # a list of ids is no key, nor None
            raise InputError(f"node id {node_id!r}: give one node id as a string; "
                             "`docnav locate` finds node ids")
        if (view := self._nodes.get(node_id)) is not None:
            return view
        if node_id in self._doc_roots:  # (NodeView.doc_id gives them)
            return self._nodes[self._doc_roots[node_id]]
        raise not_a_node_id(self, node_id)

    def _id(self, ref) -> str:
        """The node id ``ref`` is, or the root of the document whose path it is (as
        :meth:`document_at` takes it, as ``docnav nav`` and ``fetch`` do: "2349-pin.md" was an
        unknown node id; a Path always names a document); :meth:`node`'s error else. A short
        ref that both begins ids (as :meth:`resolve` reads them) and names a document is
        refused, naming both: which it was taken for hung on the ids' hashes."""
        if isinstance(ref, os.PathLike):
            return self._root_at[self.document_at(ref)]
        if not isinstance(ref, str) or ref in self._nodes or ref in self._doc_roots or (
                not ref.strip()):  # (a whole document id: its root, as the CLI takes it)
            return self.node(ref).node_id
        documents = self._documents_at(ref, [root for root, _ in self._roots])
        if not documents:
            return self.node(ref).node_id  # (not whole, where it begins node ids)
        named_both_ways(ref, self._nodes, [root for root, _ in self._roots], documents)
        return self._root_at[self.document_at(ref)]  # (its error where it names several)

    def __len__(self) -> int:
        return len(self._nodes)

    def fields(self, path: str) -> dict[str, str]:
        """The metadata fields (keys lower-cased) of the document at ``path`` (as
        :meth:`document_at` takes it; :class:`InputError` where it names none, as there:
        "nosuch.md" gave {}, as a document without fields does)."""
        path = path_text(path)
        if not (isinstance(path, str) and path in self._doc_at):
            path = self.document_at(path)
        return self._fields.get(self._doc_at[path], {})

    def document_root(self, path: str) -> str | None:
        """The root node id of the document at ``path`` (as :meth:`document_at` takes it);
        None for no such document."""
        return self._root_at.get(self._path_named(path))

    def _path_named(self, path: str) -> str | None:
        """The path of the document ``path`` names, as :meth:`document_at` reads it (a path
        as stored first: the library's own calls give those); None where it names none, and
        :meth:`document_at`'s error where it names several."""
        path = path_text(path)
        if not isinstance(path, str) or not path.strip():
            return None
        if path in self._doc_at:
            return path
        if self._documents_at(path, [root for root, _ in self._roots]):
            return self.document_at(path)
        return None

    def document_at(self, path: str) -> str:
        """The path of the indexed document ``path`` names, as ``docnav show`` takes it (as
        indexed, relative to here, its end after a "/", or the start of its file name);
        :class:`InputError` when it names none, or several."""
        path = path_text(path)
        if not isinstance(path, str):
            raise InputError(f"path {path!r}: give a document's path as a string")
        if path in self._root_at:
            return path
        roots = [root for root, _ in self._roots]
        found = self._documents_at(path, roots) if path.strip() else []
        if len(found) == 1:
            return self._nodes[found[0]].path
        if found:
            raise names_several(path, [self._nodes[r].path for r in found])
        never = named_by(path, {doc_id: r["path"] for doc_id, r in self._never_indexed()})
        if len(never) == 1:
            row = self.documents[never[0]]
            raise InputError(f"{row['path']}: not indexed, its last run failed ({_cause(row)})")
        raise InputError(f"no indexed document at {path!r} ({where_read(self.source)}); "
                         "`docnav show` lists the documents")

    def document_roots(self, glob: str | Sequence[str] | None = None) -> list[str]:
        """The root node ids of the documents whose path ``glob`` matches (a glob or a list of
        them, as :meth:`document_paths` takes it; every document without one)."""
        if not glob:
            return [nid for nid, _ in self._roots]
        wanted = set(self.document_paths(glob))
        return [nid for nid, path in self._roots if path in wanted]

    def nodes_of_kind(self, kind: str) -> list[tuple[str, NodeView]]:
        """(id, node) of every node of ``kind``: "collection", "document", "section" or
        "paragraph"."""
        check_kinds([kind])
        return [(nid, n) for nid, n in self._nodes.items() if n.kind == kind]

    def resolve(self, ref: str) -> str:
        """The node id ``ref`` names: a node id, a unique prefix of one, or a document id (or
        unique prefix), which stands for the document's root node — the ids that ``docnav
        show`` and ``docnav locate`` print; failing those, a document's path as ``docnav
        show`` takes it (as indexed, relative to here, its end after a "/", or the start of
        its file name), which stands for that document's root node too. A short ref that both
        begins ids and names a document is refused, naming both, as :meth:`navigate` does."""
        if not isinstance(ref, str):
            raise InputError(f"ref {ref!r}: give a node id, a document id or a document's "
                             "path as a string")
        ref = ref.strip()
        if not ref:
            raise InputError("empty node id: `docnav locate` and `docnav show` print node ids")
        if ref in self._nodes:
            return ref
        roots = {n.doc_id: nid for nid, n in self._nodes.items() if n.kind == "document"}
        low = ref.lower()  # ids are lower-case hex; one copied in capitals still names them
        matches = sorted({nid for nid in self._nodes if nid.startswith(low)}
                         | {root for doc_id, root in roots.items() if doc_id.startswith(low)})
        if matches and (named := self._documents_at(ref, roots.values())):
            named_both_ways(ref, self._nodes, list(roots.values()), named)  # as _id does
        if len(matches) == 1:
            return matches[0]
        if matches:
            # a document's root named by its document id is said as such: its node id does
            # not begin with what was given
            shown = ", ".join(m[:12] if m.startswith(low) else
                              f"{self._nodes[m].path} (document id {self._nodes[m].doc_id[:12]})"
                              for m in matches[:5])
            what = "node ids" if all(m.startswith(low) for m in matches) else "ids"
            raise InputError(f"{ref!r} begins {len(matches)} {what} ({shown}"
                             f"{', ...' if len(matches) > 5 else ''}); give more of it")
        documents = self._documents_at(ref, roots.values())
        if len(documents) == 1:
            return documents[0]
        if documents:
            raise names_several(ref, [self._nodes[r].path or r for r in documents])
        # a document whose every run failed has no node: its error says why
        never = named_by(ref, {doc_id: r["path"] for doc_id, r in self._never_indexed()})
        if len(never) == 1:
            row = self.documents[never[0]]
            raise InputError(f"{row['path']}: not indexed, its last run failed "
                             f"({_cause(row)}); fix the file and run `docnav index` again")
        raise InputError(f"unknown node id {quoted(ref)}, nor a document's path "
                         f"({where_read(self.source)}): `docnav locate` finds node ids, "
                         "`docnav show` lists the documents")

    def _documents_at(self, ref: str, roots: Iterable[str]) -> list[str]:
        """The root nodes of the documents whose path ``ref`` names (:func:`_named_by`)."""
        return named_by(ref, {root: self._nodes[root].path or "" for root in roots})

    # -- locate (docnav/query/search.py) -----------------------------------------------------

    def locate(self, query: str, k: int = 10, kinds: Sequence[str] | None = None,
               levels: Sequence[int] | None = None, filters: dict | None = None,
               via: Sequence[str] | None = None) -> list[Hit]:
        """Hybrid search: BM25 and embedding ranks fused (RRF), filtered, best first
        (:meth:`SearchIndex.locate <docnav.query.search.SearchIndex.locate>`)."""
        return self.search.locate(query, k, kinds, levels, filters, via)

    def rankings(self, query: str, k: int = 50, kinds: Sequence[str] | None = None,
                 levels: Sequence[int] | None = None, filters: dict | None = None,
                 via: Sequence[str] | None = None) -> dict[str, list[str]]:
        """The rankings ``locate`` fuses, kept apart (:meth:`SearchIndex.rankings
        <docnav.query.search.SearchIndex.rankings>`)."""
        return self.search.rankings(query, k, kinds, levels, filters, via)

    def holders(self, terms: str | Sequence[str], kinds: Sequence[str] | None = None,
                filters: dict | None = None) -> list[str]:
        """The nodes holding every one of ``terms`` in their text or breadcrumb, in reading
        order (:meth:`SearchIndex.holders <docnav.query.search.SearchIndex.holders>`)."""
        return sorted(self.search.holders(terms, kinds, filters), key=self._reading.__getitem__)

    def holding_all(self, terms: str | Sequence[str], kinds: Sequence[str] | None = None,
                    filters: dict | None = None) -> int:
        """How many nodes hold every one of ``terms`` in their text or breadcrumb
        (:meth:`SearchIndex.holding_all <docnav.query.search.SearchIndex.holding_all>`)."""
        return self.search.holding_all(terms, kinds, filters)

    def term_documents(self, terms: str | Sequence[str]) -> dict[str, set[str]]:
        """Each of ``terms`` (one term or several) and the paths of the documents holding it."""
        return self.search.term_documents(terms)

    def document_paths(self, glob: str | Sequence[str] | None = None) -> list[str]:
        """Paths of the indexed documents; with ``glob`` (or a list of globs), those it matches
        (as the ``path`` filter does: the whole path, or its end after a ``/``)."""
        return self.search.document_paths(glob)

    def stale(self, paths: str | Iterable[str]) -> list[tuple[str, str]]:
        """Of the documents at ``paths`` (one path or several), those whose file failed to
        index after the version stored (what is read of them is that version), each with the
        error without its path; in the order given, each once
        (``[e.piece.doc_path for e in answer.evidence]``)."""
        failed = {r["path"]: _cause(r) for r in self.documents.values()
                  if r["status"] == "failed"}
        every = {r["path"]: r["path"] for r in self.documents.values()}
        out = {}
        for path in listed(paths):  # as indexed (evidence's doc_path), or as document_at
            # takes it: relative to here, its end after a "/", its file name's start
            named = [path] if path in failed else named_by(path, every)
            if len(named) == 1 and named[0] in failed:
                out.setdefault(path, failed[named[0]])
        return list(out.items())

    def unindexed(self) -> dict[str, str]:
        """The documents with no stored version (every run of theirs failed): path -> the
        error without its path."""
        return {r["path"]: _cause(r) for _, r in self._never_indexed()}

    def _never_indexed(self) -> list[tuple[str, dict]]:
        """(doc id, row) of the documents with no stored version: every run of theirs failed."""
        return [(doc_id, r) for doc_id, r in self.documents.items()
                if r["path"] not in self._root_at]

    def in_reading_order(self, node_ids: Iterable[str]) -> list[str]:
        """``node_ids`` as a reader meets them: by document path, then position."""
        node_ids = node_list(node_ids)
        for nid in node_ids:
            if nid not in self._reading:
                self.node(nid)  # raises the unknown-id error (a KeyError was all it said)
        return sorted(node_ids, key=self._reading.__getitem__)

    def references_into(self, path: str) -> dict[str, list[str]]:
        """The other documents with a reference into the document at ``path`` (a link to it
        or one of its sections, its number: "RFC 1977"), in path order, each with the nodes
        that make them, in reading order. ``path`` as :meth:`document_at` takes it."""
        return references_into(self, path)

    def matching_documents(self, glob: str | Sequence[str]) -> list[str]:
        """:meth:`document_paths` of ``glob``, which must match one at least (``--doc``):
        :class:`InputError` otherwise; of a list, each of its globs (``--doc A --doc B``,
        one of them mistyped, read the other's documents alone without a word)."""
        if not isinstance(glob, str) and glob is not None:
            check_globs(glob, "glob")
            for one in glob:
                self.matching_documents(one)
            return self.document_paths(glob)
        paths = self.document_paths(glob)
        if not paths:
            # the documents it names that no run could index: their errors say why
            failed = [r for _, r in self._never_indexed() if path_matches(r["path"], glob)]
            why = "; ".join(r["error"] or r["path"] for r in failed[:3]) + (
                "; ..." if len(failed) > 3 else "")
            raise InputError(f"no indexed document matches {glob!r}{unclosed_set(glob)}"
                             + (f": it names only documents that failed to index ({why})"
                                if failed else "; `docnav show` lists them"))
        return paths

    # -- navigate / expand -------------------------------------------------------------------

    def navigate(self, node_id: str, direction: str) -> list[str]:
        """The nodes one step from ``node_id``: a node id, or a document's id or path (as
        ``docnav nav`` takes it) for its root, as :meth:`expand`, :meth:`fetch` and others take
        it. A node's own links only: a document refers to nothing itself, its sections and
        paragraphs do; :meth:`parts_lead_to` gives theirs (``docnav nav``'s from_sections)."""
        n = self.node(node_id := self._id(node_id))
        if direction not in DIRECTIONS:
            raise InputError(f"unknown direction {direction!r}; valid: {', '.join(DIRECTIONS)}")
        parent = self._parent.get(node_id)
        if direction == "parent":
            return [parent] if parent else []
        if direction == "children":
            return list(self._children.get(node_id, []))
        if direction == "siblings":
            return [s for s in self._children.get(parent or "", []) if s != node_id]
        if direction in ("next", "previous"):
            edge = self._out if direction == "next" else self._in
            found = [d for d, _ in edge.get((node_id, "sequential"), [])]
            if found:
                return found
            if n.kind == "paragraph":  # across a section boundary: reading order
                return self._reading_neighbour(node_id, +1 if direction == "next" else -1)
            return []
        if direction == "referenced-by":  # the nodes whose references lead here, in reading
            # order ("RFC 1977 originally proposed ..." of 3516-public-private-dependencies)
            found = {s for s, _ in self._in.get((node_id, "references"), []) if s in self._nodes}
            return sorted(found, key=self._reading.__getitem__)
        kind = "references" if direction == "references" else "related"
        out = sorted(self._out.get((node_id, kind), []), key=lambda x: -x[1])
        return list(dict.fromkeys(d for d, _ in out if d in self._nodes))

    def parts_lead_to(self, node_id: str, direction: str) -> dict[str, list[str]]:
        """Of a document or section, the nodes outside it that its sections and paragraphs
        lead to by "references" or "referenced-by", its own links aside, each with the parts
        the link is of (:func:`docnav.query.across.parts_lead_to`)."""
        return parts_lead_to(self, node_id, direction)

    def _reading_neighbour(self, node_id: str, step: int) -> list[str]:
        if self._doc_paragraphs is None:  # built once: a scan per call is O(graph)
            self._doc_paragraphs = {}
            for nid in self._order:
                n = self._nodes[nid]
                if n.kind == "paragraph":
                    self._doc_paragraphs.setdefault(n.doc_id, []).append(nid)
            self._paragraph_slot = {nid: i for ps in self._doc_paragraphs.values()
                                    for i, nid in enumerate(ps)}
        paragraphs = self._doc_paragraphs[self._nodes[node_id].doc_id]
        i = self._paragraph_slot[node_id] + step
        return [paragraphs[i]] if 0 <= i < len(paragraphs) else []

    def expand(self, node_id: str, depth: int = 1) -> list[str]:
        """The node's subtree to ``depth`` levels, in document order (the node first)."""
        node_id = self._id(node_id)
        depth = whole(depth, "depth", 0, "give 0 (the node alone) or more")
        out, stack = [], [(node_id, 0)]
        while stack:
            nid, d = stack.pop()
            out.append(nid)
            if d < depth:
                stack.extend((c, d + 1) for c in reversed(self._children.get(nid, [])))
        return out

    # -- fetch / filter ----------------------------------------------------------------------

    def fetch(self, node_ids: Iterable[str], budget: int = 1024) -> Fetched:
        """Paragraph text with breadcrumbs, in document order, each paragraph once, cut to a
        token budget (the last one as :func:`docnav.query.pieces.cut` cuts it: a table by its
        rows, left out where none fits under its head, the paragraphs after it read in the room
        left). A section or document stands for the paragraphs under it. Where the budget
        reads none of them, or not all, the result's ``note`` says why, or what it left out
        (:class:`~.pieces.Fetched`)."""
        budget = token_budget(budget)
        asked: dict[str, set[str]] = {}  # each node asked: its paragraphs
        for nid in map(self._id, node_list(node_ids)):
            asked[nid] = {nid} if self._nodes[nid].kind == "paragraph" else {
                sub for sub in self.expand(nid, depth=10_000)
                if self._nodes[sub].kind == "paragraph"}
        ordered = sorted(set().union(*asked.values()), key=self._reading.__getitem__)
        return fetched([self._nodes[nid] for nid in ordered], budget, list(asked.values()))

    def filter(
        self,
        node_ids: Iterable[str],
        path: str | None = None,
        kinds: Sequence[str] | None = None,
        levels: Sequence[int] | None = None,
        indexed_after: float | None = None,
        indexed_before: float | None = None,
        metadata: dict[str, str] | None = None,
        verified_only: bool = False,
        dated_after: str | None = None,
        dated_before: str | None = None,
    ) -> list[str]:
        """Keep the nodes matching every given criterion.

        path: a glob on document paths; indexed_after/before: Unix times of the document's last
        indexing (the collection node, having none, is left out by either bound, 0 too);
        metadata: values the document's metadata must have (case-insensitive; author, title,
        ...; an author also by a name of its: "Ada" of "Ada Lovelace; Bo Li"); verified_only
        (True or False): only nodes whose summary was verified;
        dated_after/before: ISO dates (``2023-01-31``; an ISO time is cut to its date)
        bounding the document's own date (see
        :func:`docnav.query.fields.own_date_span`) — a document without one is left out by either
        bound."""
        criteria = Criteria.read(self.search.as_named, path, kinds, levels, indexed_after,
                                 indexed_before, metadata, verified_only, dated_after,
                                 dated_before)
        return [nid for nid in node_list(node_ids) if criteria.holds(
            n := self.node(nid), self.documents.get(n.doc_id, {}), self._fields.get(n.doc_id, {}),
            self._spans.get(n.doc_id), self.summaries.get(nid))]

    def documents_where(self, doc: str | Sequence[str] | None, where: dict,
                        said_as: dict | None = None) -> list[str]:
        """The root ids of the documents ``doc`` matches (a glob or globs; all for None)
        whose own fields match ``where`` (:meth:`filter`'s ``metadata``, ``dated_after``,
        ``dated_before``); :class:`InputError` naming the criteria where none does, each as
        ``said_as`` says it where it does (the CLI: ``--meta author=Jane``)."""
        kept = self.filter(self.document_roots(), path=doc, **where)
        if not kept:
            said = ", ".join((said_as or {}).get(k, f"{k}={v!r}") for k, v in where.items() if v)
            dates = (f"a document's date is its own: {DATE_SOURCES}{self._unread_dates(doc)}; "
                     if where.get("dated_after") or where.get("dated_before") else "")
            raise InputError(f"no indexed document{' matching ' + repr(doc) if doc else ''} "
                             f"has {said} ({dates}`docnav show DOC` prints a document's fields)")
        return kept

    def _unread_dates(self, doc: str | Sequence[str] | None, shown: int = 3) -> str:
        """The documents of ``doc`` whose date field holds no date :func:`date_of` reads,
        said with their values and the forms it reads ("" for none): a date bound left
        them out, though the field looks like a date to whoever wrote it."""
        unread = sorted((self._nodes[root].path, value) for root in self.document_roots(doc)
                        if (value := unread_date(self._fields.get(self._nodes[root].doc_id,
                                                                  {}))))
        if not unread:
            return ""
        said = ", ".join(f"{path} ({value!r})" for path, value in unread[:shown])
        more = f" and {len(unread) - shown} more" if len(unread) > shown else ""
        return (f"; no date read from the date field of {said}{more}: the forms read are "
                f"{DATE_FORMS}")

    def summary_sources(self, node_id: str) -> list[str]:
        """Paragraph ids the node's summary sentences came from ([] for a node without a
        summary; ``node_id`` as :meth:`navigate` takes it)."""
        s = self.summaries.get(self._id(node_id))
        if not s:
            return []
        ids = [x.get("source_id") for x in json.loads(s.get("sentences") or "[]")]
        return [i for i in dict.fromkeys(ids) if i and i in self._nodes]


def _cause(row: dict) -> str:
    """A failed document's error without the path it begins with."""
    return without_path(row["path"], row["error"] or "")


__all__ = ["DocNavGraph", "Hit", "Piece", "NodeView", "DIRECTIONS", "COLLECTION_DOC_ID", "rrf",
           "count_tokens"]
