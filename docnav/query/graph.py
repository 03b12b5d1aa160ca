"""DocNavGraph: read-only navigation over the produced tables.

The graph is loaded into memory from the DuckDB store (read-only) or, when a writer holds the
database, from its Parquet export — the last complete state, since each export file is
replaced atomically. Navigation is then dictionary work (microseconds); ``locate`` fuses BM25
and embedding scores with reciprocal rank fusion.
"""

from __future__ import annotations

import fnmatch
import inspect
import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from docnav.errors import InputError, StoreError, StoreLocked
from docnav.query._checks import (
    check_filters, check_kinds, check_query, iso_date, listed, unix_time, whole,
)
from docnav.query.fields import date_of, parse_fields
from docnav.query.lexical import BM25
from docnav.query.tables import tables_from_db, tables_from_parquet
from docnav.query.vectors import STORED, ItemVectors
from docnav.scan import absolute
from docnav.store import COLLECTION_DOC_ID, Store

DIRECTIONS = ("parent", "children", "siblings", "next", "previous", "references", "related")
RRF_K = 60  # the constant of reciprocal rank fusion (Cormack et al., 2009)


@dataclass(frozen=True)
class NodeView:
    node_id: str
    doc_id: str
    path: str
    kind: str
    block_kind: str
    level: int
    position: int
    parent_id: str | None
    heading: str
    breadcrumb: str
    text: str
    page: int | None


@dataclass(frozen=True)
class Hit:
    """A located node. ``via`` says what matched: its text, or its summary."""

    node_id: str
    score: float
    kind: str
    via: str = "text"


@dataclass(frozen=True)
class Piece:
    """Fetched text with its citation."""

    node_id: str
    doc_path: str
    breadcrumb: str
    page: int | None
    text: str
    tokens: int


def count_tokens(text: str) -> int:
    """Budget tokens: ~4/3 per word, the usual ratio for English subword tokenisers."""
    return (len(text.split()) * 4 + 2) // 3


class DocNavGraph:
    """The document graph, loaded for reading and navigation.

    ``embedder`` embeds queries for the dense side of :meth:`locate`: ``"stored"`` (the
    default) is the model that made the stored vectors, loaded at the first query that needs
    it; an embedder object must be that model too (checked by its ``model_id``); ``None``
    searches with BM25 alone. A store indexed with two embedding models (documents left
    unchanged since a model change keep their old vectors) is searched with the model that
    covers most of it; ``documents_without_vectors`` lists the documents only BM25 finds.
    """

    def __init__(self, tables: dict[str, pl.DataFrame], source: str, embedder=STORED) -> None:
        self.source = source
        nodes = tables["nodes"].sort(["doc_id", "position"])
        docs = {r["doc_id"]: r for r in tables["documents"].iter_rows(named=True)}
        self.documents = docs
        self._fields = {d: parse_fields(r.get("metadata")) for d, r in docs.items()}
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
        self._adopt_documents()
        self.summaries = {r["node_id"]: r for r in tables["summaries"].iter_rows(named=True)}
        self._doc_paragraphs: dict[str, list[str]] | None = None
        self._build_search(tables, embedder)

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
        store = Store(db, parquet_dir)
        if not store.exists():
            raise StoreError(f"{store.path}: no store here. Create it with "
                             f"`docnav --db {store.path} index PATH`.")
        try:
            with store.reader() as con:
                tables = tables_from_db(con)
            source = f"duckdb:{store.path}"
        except StoreLocked as exc:
            if not (store.parquet_dir / "documents.parquet").exists():
                raise StoreLocked(f"{exc} There is no Parquet export to read instead "
                                  f"({store.parquet_dir} has no documents.parquet): wait for "
                                  "the other process to finish.") from exc
            tables = tables_from_parquet(store.parquet_dir)
            source = f"parquet:{store.parquet_dir}"
        return cls(tables, source, embedder)

    def _build_search(self, tables: dict[str, pl.DataFrame], embedder) -> None:
        """Searchable items: every paragraph, section and document, and every summary."""
        items: list[tuple[str, str, str]] = []  # (node_id, text, via)
        for nid in self._order:
            n = self._nodes[nid]
            if n.kind == "paragraph":
                items.append((nid, f"{n.text}", "text"))
            elif n.kind in ("section", "document"):
                items.append((nid, f"{n.heading} {n.breadcrumb}", "text"))
        for nid, s in self.summaries.items():
            if nid in self._nodes and s.get("text"):
                items.append((nid, s["text"], "summary"))
        self._items = items
        views = [self._nodes[nid] for nid, _, _ in items]
        # kinds, block kinds and via as small integer codes: np.isin on objects is slow
        self._codes: dict[str, int] = {}
        code = lambda x: self._codes.setdefault(x, len(self._codes))  # noqa: E731
        self._item_kind = np.array([code(n.kind) for n in views], dtype=np.int32)
        self._item_block = np.array([code(n.block_kind) for n in views], dtype=np.int32)
        self._item_level = np.array([n.level for n in views])
        self._item_via = np.array([code(v) for _, _, v in items], dtype=np.int32)
        self._paths = sorted({n.path for n in views})
        self._plain_paths = [os.path.normcase(p) if p else "" for p in self._paths]
        slot = {p: i for i, p in enumerate(self._paths)}
        self._item_path = np.array([slot[n.path] for n in views], dtype=np.int64)
        self._bm25 = BM25([t for _, t, _ in items])
        # each item's enclosing section (or document) as a search item, whose text holds the
        # headings above it: -1 for none
        heads = {nid: i for i, (nid, _, via) in enumerate(items)
                 if via == "text" and views[i].kind != "paragraph"}
        self._enclosing = np.array([heads.get(n.parent_id, -1) for n in views], dtype=np.int64)
        self._vectors = ItemVectors(tables, self._nodes, [nid for nid, _, _ in items],
                                    self.source, embedder)
        self.documents_without_vectors = sorted({
            views[i].path for i, (nid, _, via) in enumerate(items)
            if via == "text" and views[i].kind == "paragraph" and not self._vectors.has_vector[i]
        }) if self.model else []

    @property
    def model(self) -> str | None:
        """The model id that made the stored vectors (None when the store has none)."""
        return self._vectors.model

    @property
    def embedder(self):
        """The query embedder, None for BM25 alone; the stored model is loaded here, once."""
        return self._vectors.embedder

    # -- basic access ------------------------------------------------------------------------

    def node(self, node_id: str) -> NodeView:
        try:
            return self._nodes[node_id]
        except KeyError:
            raise InputError(f"unknown node id {node_id!r}: it is not in the graph "
                             f"({self.source}); `docnav locate` finds node ids") from None

    def __len__(self) -> int:
        return len(self._nodes)

    def fields(self, path: str) -> dict[str, str]:
        """The metadata fields (keys lower-cased) of the document at ``path``; {} for none."""
        return self._fields.get(self._doc_at.get(path), {})

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
        its file name), which stands for that document's root node too."""
        ref = ref.strip()
        if not ref:
            raise InputError("empty node id: `docnav locate` and `docnav show` print node ids")
        if ref in self._nodes:
            return ref
        roots = {n.doc_id: nid for nid, n in self._nodes.items() if n.kind == "document"}
        low = ref.lower()  # ids are lower-case hex; one copied in capitals still names them
        matches = sorted({nid for nid in self._nodes if nid.startswith(low)}
                         | {root for doc_id, root in roots.items() if doc_id.startswith(low)})
        if len(matches) == 1:
            return matches[0]
        if matches:
            shown = ", ".join(m[:12] for m in matches[:5])
            raise InputError(f"{ref!r} begins {len(matches)} node ids ({shown}"
                             f"{', ...' if len(matches) > 5 else ''}); give more of it")
        documents = self._documents_at(ref, roots.values())
        if len(documents) == 1:
            return documents[0]
        if documents:
            shown = ", ".join(self._nodes[r].path or r for r in documents[:5])
            raise InputError(f"{ref!r} names {len(documents)} documents ({shown}"
                             f"{', ...' if len(documents) > 5 else ''}); give more of the path")
        return self.node(low).node_id  # raises the unknown-id error

    def _documents_at(self, ref: str, roots: Iterable[str]) -> list[str]:
        """The root nodes of the documents whose path ``ref`` names: the path itself, as
        given or made absolute, else those ending in "/ref" or whose file name begins it."""
        paths = {root: self._nodes[root].path or "" for root in roots}
        whole = {ref, str(absolute(ref))}
        exact = [root for root, path in paths.items() if path in whole]
        return sorted(exact or [root for root, path in paths.items()
                                if path.endswith("/" + ref) or Path(path).name.startswith(ref)],
                      key=paths.get)

    # -- locate ------------------------------------------------------------------------------

    def locate(
        self,
        query: str,
        k: int = 10,
        kinds: Sequence[str] | None = None,
        levels: Sequence[int] | None = None,
        filters: dict | None = None,
        via: Sequence[str] | None = None,
    ) -> list[Hit]:
        """Hybrid search: BM25 and embedding ranks fused (RRF), filtered, best first.

        A node found both by its text and by its summary is listed twice, once per ``via``.
        ``kinds``, ``levels`` and ``via`` take one value or a list."""
        k = whole(k, "k", 1, "ask for at least 1 hit")
        fused = np.zeros(len(self._items), dtype=np.float64)
        for ranked in self._ranked_items(query, max(k * 10, 50), kinds, levels, filters,
                                         via).values():
            fused[ranked] += 1.0 / (RRF_K + np.arange(1, len(ranked) + 1))
        order = np.flatnonzero(fused > 0)
        order = order[np.argsort(-fused[order], kind="stable")]
        hits, seen = [], set()
        for i in order:
            nid, _, v = self._items[i]
            if (nid, v) in seen:
                continue
            seen.add((nid, v))
            hits.append(Hit(nid, float(fused[i]), self._nodes[nid].kind, v))
            if len(hits) == k:
                break
        return hits

    def rankings(
        self,
        query: str,
        k: int = 50,
        kinds: Sequence[str] | None = None,
        levels: Sequence[int] | None = None,
        filters: dict | None = None,
        via: Sequence[str] | None = None,
    ) -> dict[str, list[str]]:
        """The rankings ``locate`` fuses, kept apart: ``{"lexical": ids, "dense": ids}``, best
        first, at most ``k`` node ids each (a node matched by its text and its summary appears
        once, at its better rank). For callers that fuse them with other evidence (see
        :func:`rrf`); ``dense`` is absent without an embedder."""
        k = whole(k, "k", 1, "ask for at least 1 hit")
        out = {}
        for signal, ranked in self._ranked_items(query, k, kinds, levels, filters,
                                                 via).items():
            out[signal] = list(dict.fromkeys(self._items[i][0] for i in ranked))
        return out

    def holding_all(self, terms: Sequence[str], kinds: Sequence[str] | None = None,
                    filters: dict | None = None) -> int:
        """How many nodes (of ``kinds``, passing ``filters``) hold every one of ``terms`` (search
        terms: stemmed words, :func:`docnav.query.lexical.tokens`) in their text or their
        breadcrumb (the headings above them), as the navigator's evidence state reads them."""
        held = np.ones(len(self._items), dtype=bool)
        above = self._enclosing >= 0
        for term in set(terms):
            has = np.zeros(len(self._items), dtype=bool)
            has[self._bm25.holding([term])] = True
            has[above] |= has[self._enclosing[above]]
            held &= has
        mask = self._mask(kinds, None, filters, ["text"]) & held
        return len({self._items[i][0] for i in np.flatnonzero(mask)})

    def term_documents(self, terms: Sequence[str]) -> dict[str, set[str]]:
        """Each of ``terms`` (search terms) and the paths of the documents holding it,
        anywhere in their text or headings."""
        return {term: {self._paths[i] for i in np.unique(
            self._item_path[self._bm25.holding([term])]).tolist() if self._paths[i]}
            for term in set(terms)}  # (the collection's summary has no path)

    def _ranked_items(self, query, limit, kinds, levels, filters, via) -> dict[str, np.ndarray]:
        """Search item indices by BM25 and by embedding, the top ``limit`` of each."""
        query = check_query(query)
        in_docs = self._path_mask((filters or {}).get("path"))
        mask = self._mask(kinds, levels, filters, via, in_docs)
        lexical = self._bm25.scores(query, within=in_docs)
        dense = self._vectors.scores(query)
        out = {}
        for signal, scores in (("lexical", lexical), ("dense", dense)):
            if scores is None:
                continue
            candidates = np.flatnonzero(mask & (scores > 0))
            if len(candidates) > limit:  # keep the top `limit` (and ties) before sorting
                cut = np.partition(scores[candidates], len(candidates) - limit)[
                    len(candidates) - limit]
                candidates = candidates[scores[candidates] >= cut]
            out[signal] = candidates[np.argsort(-scores[candidates], kind="stable")][:limit]
        return out

    def _mask(self, kinds, levels, filters, via, in_docs=None) -> np.ndarray:
        """Which search items pass the filters: arrays for kind, level, via and path (one glob
        test per document, not per item); the other filters go through :meth:`filter` on the
        items still in."""
        mask = np.ones(len(self._items), dtype=bool)
        kinds, levels, via = listed(kinds), listed(levels), listed(via)

        def codes(names):
            return [self._codes[x] for x in names if x in self._codes]

        if kinds:
            check_kinds(kinds)
            mask &= np.isin(self._item_kind, codes(kinds)) | np.isin(self._item_block,
                                                                     codes(kinds))
        if levels:
            mask &= np.isin(self._item_level, list(levels))
        if via:
            mask &= np.isin(self._item_via, codes(via))
        rest = dict(filters or {})
        check_filters(rest, FILTER_KEYS)
        path = rest.pop("path", None)
        if path:
            mask &= self._path_mask(path) if in_docs is None else in_docs
        if any(v for v in rest.values()):
            todo = np.flatnonzero(mask)
            allowed = set(self.filter([self._items[i][0] for i in todo], **rest))
            for i in todo:
                if self._items[i][0] not in allowed:
                    mask[i] = False
        return mask

    def _path_mask(self, path: str | None) -> np.ndarray | None:
        """Search items of the documents matching the glob; None without a glob."""
        if not path:
            return None
        if isinstance(path, str) and not any(c in path for c in "*?["):
            # a plain path (the navigator's one document): compared, not matched as a pattern
            # (fnmatch over 2,000 paths took 10 ms a question at 100,000 nodes)
            plain, tail = os.path.normcase(path), "/" + os.path.normcase(path)
            ok = [bool(p) and (p == plain or p.endswith(tail)) for p in self._plain_paths]
        else:
            ok = [path_matches(p, path) for p in self._paths]
        return np.asarray(ok, dtype=bool)[self._item_path]

    def document_paths(self, glob: str | Sequence[str] | None = None) -> list[str]:
        """Paths of the indexed documents; with ``glob`` (or a list of globs), those it matches
        (as the ``path`` filter does: the whole path, or its end after a ``/``)."""
        return [p for p in self._paths if p and (not glob or path_matches(p, glob))]

    # -- navigate / expand -------------------------------------------------------------------

    def navigate(self, node_id: str, direction: str) -> list[str]:
        n = self.node(node_id)
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
        kind = "references" if direction == "references" else "related"
        out = sorted(self._out.get((node_id, kind), []), key=lambda x: -x[1])
        return list(dict.fromkeys(d for d, _ in out if d in self._nodes))

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
        self.node(node_id)
        depth = whole(depth, "depth", 0, "give 0 (the node alone) or more")
        out, stack = [], [(node_id, 0)]
        while stack:
            nid, d = stack.pop()
            out.append(nid)
            if d < depth:
                stack.extend((c, d + 1) for c in reversed(self._children.get(nid, [])))
        return out

    # -- fetch / filter ----------------------------------------------------------------------

    def fetch(self, node_ids: Iterable[str], budget: int = 1024) -> list[Piece]:
        """Paragraph text with breadcrumbs, in document order, each paragraph once, cut to a
        token budget. A section or document stands for the paragraphs under it."""
        budget = whole(budget, "budget", 0, "give a number of tokens")
        wanted: dict[str, None] = {}
        for nid in listed(node_ids):
            n = self.node(nid)
            if n.kind == "paragraph":
                wanted[nid] = None
            else:
                for sub in self.expand(nid, depth=10_000):
                    if self._nodes[sub].kind == "paragraph":
                        wanted[sub] = None
        ordered = sorted(wanted, key=lambda nid: self._reading[nid])
        pieces, used = [], 0
        for nid in ordered:
            n = self._nodes[nid]
            cost = count_tokens(n.text)
            if used + cost > budget:
                room = budget - used
                if room < 16:
                    break
                words = n.text.split()[: room * 3 // 4]
                pieces.append(Piece(nid, n.path, n.breadcrumb, n.page, " ".join(words) + " …",
                                    room))
                used = budget
                break
            pieces.append(Piece(nid, n.path, n.breadcrumb, n.page, n.text, cost))
            used += cost
        return pieces

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
        indexing (the collection node, having none, is left out by either bound);
        metadata: values the document's metadata must have (case-insensitive; author, title,
        ...); dated_after/before: ISO dates (``2023-01-31``) bounding the document's own date
        (see :func:`docnav.query.fields.date_of`) — a document without one is left out by
        either bound."""
        kinds, levels = listed(kinds), listed(levels)
        if kinds:
            check_kinds(kinds)
        after, before = iso_date(dated_after), iso_date(dated_before)
        indexed_after = unix_time(indexed_after, "indexed_after")
        indexed_before = unix_time(indexed_before, "indexed_before")
        metadata = {str(k).lower(): v for k, v in (metadata or {}).items()}
        out = []
        for nid in listed(node_ids):
            n = self.node(nid)
            doc = self.documents.get(n.doc_id, {})
            if path and not path_matches(n.path, path):
                continue
            if kinds and n.kind not in kinds and n.block_kind not in kinds:
                continue
            if levels and n.level not in levels:
                continue
            if indexed_after or indexed_before:  # the collection node has no indexing time
                when = doc.get("indexed_at")
                if when is None or (indexed_after and when < indexed_after) or (
                        indexed_before and when > indexed_before):
                    continue
            if metadata:
                meta = self._fields.get(n.doc_id, {})
                if any(str(meta.get(k, "")).lower() != str(v).lower() for k, v in metadata.items()):
                    continue
            if verified_only and (self.summaries.get(nid) or {}).get("status") != "verified":
                continue
            if after or before:
                dated = date_of(self._fields.get(n.doc_id, {}))
                if not dated or (after and dated < after) or (before and dated > before):
                    continue
            out.append(nid)
        return out

    def summary_sources(self, node_id: str) -> list[str]:
        """Paragraph ids the node's summary sentences came from."""
        s = self.summaries.get(node_id)
        if not s:
            return []
        ids = [x.get("source_id") for x in json.loads(s.get("sentences") or "[]")]
        return [i for i in dict.fromkeys(ids) if i and i in self._nodes]


def path_matches(path: str, glob: str | Sequence[str]) -> bool:
    """A document path matches a glob as a whole or from any folder down: ``acme.md`` and
    ``*10K*`` match ``/data/filings/acme.md`` and ``/data/AMZN_10K_2023.pdf``. A list of globs
    matches where any of them does."""
    if not isinstance(glob, str):
        return any(path_matches(path, g) for g in glob)
    return fnmatch.fnmatch(path, glob) or fnmatch.fnmatch(path, "*/" + glob)


def rrf(rankings: Iterable[Sequence[str]], k: int = RRF_K,
        weights: Sequence[float] | None = None) -> list[tuple[str, float]]:
    """Reciprocal rank fusion of ranked id lists: score = sum of weight / (k + rank), best
    first (ties keep first-seen order); each ranking weighs 1 unless ``weights`` says (one of
    weight 0 adds nothing, not even its ids)."""
    rankings = list(rankings)
    if weights is not None and len(weights) != len(rankings):
        raise ValueError(f"{len(weights)} weights for {len(rankings)} rankings")
    scores: dict[str, float] = {}
    for ranked, weight in zip(rankings, weights or [1.0] * len(rankings)):
        if not weight:
            continue
        for rank, nid in enumerate(ranked, start=1):
            scores[nid] = scores.get(nid, 0.0) + weight / (k + rank)
    return sorted(scores.items(), key=lambda x: -x[1])


# the keys ``locate``'s filters take: ``path`` and :meth:`DocNavGraph.filter`'s criteria
FILTER_KEYS = ("path", *(p for p in inspect.signature(DocNavGraph.filter).parameters
                         if p not in ("self", "node_ids", "path")))


__all__ = ["DocNavGraph", "Hit", "Piece", "NodeView", "DIRECTIONS", "COLLECTION_DOC_ID", "rrf"]
