"""Search over the graph's nodes: every paragraph, section and document by its text, and
every summary, by BM25 and by embedding, the two rankings fused (reciprocal rank fusion).
Filters on kind, level, what matched and document path are arrays over the search items;
the graph's other criteria go through its ``filter``."""

from __future__ import annotations

import fnmatch
import inspect
import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import polars as pl

from docnav.query._checks import (check_filters, check_globs, check_kinds, check_levels,
                                  check_query, check_via, given, listed, whole)
from docnav.query.lexical import BM25
from docnav.query.vectors import ItemVectors
from docnav.scan import absolute

if TYPE_CHECKING:
    from docnav.query.graph import NodeView

RRF_K = 60  # the constant of reciprocal rank fusion (Cormack et al., 2009)


@dataclass(frozen=True)
class Hit:
    """A located node, once, at its best match's score. ``via`` says what that match was:
    its text, or its summary; ``vias``, every way it matched, the best first (a section found
    by its heading and by its summary: ``("text", "summary")``). ``kind`` is its node kind;
    ``block_kind`` what a paragraph is ("table", "list_item", "code", "text", ...: what
    ``kinds=["table"]`` chooses; of a section or document, what the store records: "heading",
    "preamble", "document")."""

    node_id: str
    score: float
    kind: str
    via: str = "text"
    block_kind: str | None = None
    vias: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.vias:  # (frozen: set as the dataclass sets its fields)
            object.__setattr__(self, "vias", (self.via,))


def named_by(ref: str, paths: dict[str, str]) -> list[str]:
    """The keys of ``paths`` whose path ``ref`` names: the path itself, as given or made
    absolute, else those ending in "/ref" or whose file name begins it; in path order."""
    whole = {ref, str(absolute(ref))}
    exact = [key for key, path in paths.items() if path in whole]
    return sorted(exact or [key for key, path in paths.items()
                            if path.endswith("/" + ref) or Path(path).name.startswith(ref)],
                  key=paths.get)


def path_matches(path: str, glob: str | Sequence[str]) -> bool:
    """A document path matches a glob as a whole or from any folder down: ``acme.md`` and
    ``*10K*`` match ``/data/filings/acme.md`` and ``/data/AMZN_10K_2023.pdf``. A list of globs
    matches where any of them does."""
    if not isinstance(glob, str):
        return any(path_matches(path, g) for g in glob)
    return (fnmatch.fnmatch(path, glob) or fnmatch.fnmatch(path, "*/" + glob)
            or not any(c in glob for c in "*?[") and _stem_named(path, glob))


def _stem_named(path: str, name: str) -> bool:
    """Whether ``name`` is the path without its extension, whole or its end after a "/"
    (``--doc 1811.00942`` of 1811.00942.md, as ``docnav show 1811.00942`` and a question's
    "1811.00942" name it: it matched none)."""
    stem = os.path.normcase(os.path.splitext(path)[0]) if path else ""
    name = os.path.normcase(name)
    return bool(stem) and (stem == name or stem.endswith("/" + name))


def unclosed_set(glob: str | Sequence[str]) -> str:
    """What a message says of a glob matching nothing that opens a set of characters and
    never closes it ("[abc": fnmatch matches its "[" as itself); "" for any other."""
    for g in [glob] if isinstance(glob, str) else glob:
        at = g.find("[")
        while at >= 0:
            at += 1 + g.startswith("!", at + 1)
            at += g.startswith("]", at)  # "[]x]": its first "]" is in the set
            if (end := g.find("]", at)) < 0:
                return (f" ({g!r} opens a set of characters with \"[\" and never closes it, "
                        "so its \"[\" matches itself; a set is closed, as in \"[0-9]\", and "
                        "\"[[]\" matches a \"[\")")
            at = g.find("[", end)
    return ""


class SearchIndex:
    """The search items of a graph and their BM25 index and vectors (see the module)."""

    def __init__(self, nodes: dict[str, NodeView], order: list[str], summaries: dict[str, dict],
                 tables: dict[str, pl.DataFrame], source: str, embedder,
                 refine: Callable[..., list[str]]) -> None:
        """``nodes`` in ``order`` (documents, then position), ``summaries`` by node id;
        ``refine``: the graph's :meth:`~docnav.query.graph.DocNavGraph.filter`, for the
        criteria that are not arrays here (metadata, dates, verification)."""
        self._nodes, self.source, self._refine = nodes, source, refine
        # the keys ``locate``'s filters take: ``path`` and ``refine``'s criteria
        self._filter_keys = ("path", *(p for p in inspect.signature(refine).parameters
                                       if p not in ("node_ids", "path")))
        items: list[tuple[str, str, str]] = []  # (node_id, text, via)
        for nid in order:
            n = nodes[nid]
            if n.kind == "paragraph":
                items.append((nid, f"{n.text}", "text"))
            elif n.kind in ("section", "document"):
                items.append((nid, f"{n.heading} {n.breadcrumb}", "text"))
        for nid, s in summaries.items():
            if nid in nodes and s.get("text"):
                items.append((nid, s["text"], "summary"))
        self._items = items
        views = [nodes[nid] for nid, _, _ in items]
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
        self._vectors = ItemVectors(tables, nodes, [nid for nid, _, _ in items], source,
                                    embedder)
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

    def locate(
        self,
        query: str,
        k: int = 10,
        kinds: Sequence[str] | None = None,
        levels: Sequence[int] | None = None,
        filters: dict | None = None,
        via: Sequence[str] | None = None,
    ) -> list[Hit]:
        """Hybrid search: BM25 and embedding ranks fused (RRF), filtered, best first: ``k``
        nodes, each once. A node found both by its text and by its summary is one hit, at
        the better of the two scores, its ``vias`` saying both (it was two hits, and took two
        of the ``k``). ``kinds``, ``levels`` and ``via`` take one value or a list."""
        k = whole(k, "k", 1, "ask for at least 1 hit")
        fused = np.zeros(len(self._items), dtype=np.float64)
        for ranked in self._ranked_items(query, max(k * 10, 50), kinds, levels, filters,
                                         via).values():
            fused[ranked] += 1.0 / (RRF_K + np.arange(1, len(ranked) + 1))
        order = np.flatnonzero(fused > 0)
        order = order[np.argsort(-fused[order], kind="stable")]
        best: dict[str, tuple[float, list[str]]] = {}  # by node, best first: score, vias
        for i in order:
            nid, _, v = self._items[i]
            if nid not in best:
                best[nid] = (float(fused[i]), [v])
            elif v not in best[nid][1]:
                best[nid][1].append(v)
        return [Hit(nid, score, self._nodes[nid].kind, vias[0], self._nodes[nid].block_kind,
                    tuple(vias)) for nid, (score, vias) in list(best.items())[:k]]

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

    def holders(self, terms: str | Sequence[str], kinds: Sequence[str] | None = None,
                filters: dict | None = None) -> list[str]:
        """The nodes (of ``kinds``, passing ``filters``) holding every one of ``terms`` (search
        terms: stemmed words, :func:`docnav.query.lexical.tokens`) in their text or their
        breadcrumb (the headings above them), as the navigator's evidence state reads them;
        in no particular order."""
        held = np.ones(len(self._items), dtype=bool)
        above = self._enclosing >= 0
        for term in set(listed(terms)):  # one term as a string, not its letters
            has = np.zeros(len(self._items), dtype=bool)
            has[self._bm25.holding([term])] = True
            has[above] |= has[self._enclosing[above]]
            held &= has
        mask = self._mask(kinds, None, filters, ["text"]) & held
        return list(dict.fromkeys(self._items[i][0] for i in np.flatnonzero(mask)))

    def holding_all(self, terms: str | Sequence[str], kinds: Sequence[str] | None = None,
                    filters: dict | None = None) -> int:
        """How many nodes :meth:`holders` gives."""
        return len(self.holders(terms, kinds, filters))

    def term_documents(self, terms: str | Sequence[str]) -> dict[str, set[str]]:
        """Each of ``terms`` (search terms), in their order, and the paths of the documents
        holding it, anywhere in their text or headings."""
        # (in their order, not a set's: that changes from run to run, and the words a count
        # names were said in it)
        return {term: {self._paths[i] for i in np.unique(
            self._item_path[self._bm25.holding([term])]).tolist() if self._paths[i]}
            for term in dict.fromkeys(listed(terms))}  # (the collection's summary has no path)

    def _ranked_items(self, query, limit, kinds, levels, filters, via) -> dict[str, np.ndarray]:
        """Search item indices by BM25 and by embedding, the top ``limit`` of each."""
        query = check_query(query)
        filters = check_filters(filters, self._filter_keys)
        in_docs = self._path_mask(filters.get("path"))
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
            check_levels(levels)
            mask &= np.isin(self._item_level, list(levels))
        if via:
            check_via(via)
            mask &= np.isin(self._item_via, codes(via))
        rest = check_filters(filters, self._filter_keys)
        path = rest.pop("path", None)
        if path:
            mask &= self._path_mask(path) if in_docs is None else in_docs
        if any(given(v) for v in rest.values()):  # indexed_after=0 too
            todo = np.flatnonzero(mask)
            allowed = set(self._refine([self._items[i][0] for i in todo], **rest))
            for i in todo:
                if self._items[i][0] not in allowed:
                    mask[i] = False
        return mask

    def as_named(self, glob: str | Sequence[str]) -> str | Sequence[str]:
        """``glob`` with each pattern that is an indexed document's path as written (whole, or
        its end after a ``/``) escaped: ``--doc "notes [draft].md"`` means that file, where as a
        pattern its ``[draft]`` matches one letter ("notes d.md") and never the file itself;
        and one relative to here ("./docs/x.md", "../docs/*.md", "~/x.md") made absolute, as
        ``document_at`` reads it: a stored path has no "./" to match."""
        if isinstance(glob, str):
            return self._named(glob)
        return [self._named(g) for g in glob]

    def _named(self, pattern: str) -> str:
        if pattern.startswith(("./", "../", "~/")):
            pattern = str(absolute(pattern))
        if not any(c in pattern for c in "*?["):
            return pattern
        plain, tail = os.path.normcase(pattern), "/" + os.path.normcase(pattern)
        if any(p and (p == plain or p.endswith(tail)) for p in self._plain_paths):
            return re.sub(r"([*?[])", r"[\1]", pattern)
        return pattern

    def _path_mask(self, path: str | None) -> np.ndarray | None:
        """Search items of the documents matching the glob; None without a glob."""
        if not path:
            return None
        check_globs(path, "path")
        path = self.as_named(path)
        if isinstance(path, str) and not any(c in path for c in "*?["):
            # a plain path (the navigator's one document): compared, not matched as a pattern
            # (fnmatch over 2,000 paths took 10 ms a question at 100,000 nodes)
            plain, tail = os.path.normcase(path), "/" + os.path.normcase(path)
            ok = [bool(p) and (p == plain or p.endswith(tail)) for p in self._plain_paths]
            if not any(ok):  # a file's name without its extension
                ok = [_stem_named(p, path) for p in self._paths]
        else:
            ok = [path_matches(p, path) for p in self._paths]
        return np.asarray(ok, dtype=bool)[self._item_path]

    def document_paths(self, glob: str | Sequence[str] | None = None) -> list[str]:
        """Paths of the indexed documents; with ``glob`` (or a list of globs), those it matches
        (as the ``path`` filter does: the whole path, or its end after a ``/``)."""
        check_globs(glob, "glob")
        glob = self.as_named(glob) if glob else glob
        return [p for p in self._paths if p and (not glob or path_matches(p, glob))]


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

