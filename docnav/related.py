"""The collection's ``related`` edges: for each section, its top-k most similar sections
(cosine of section vectors) above a threshold, excluding its own ancestors and descendants.

Recomputed exactly, but only where a change can matter: the changed sections (new, or with
another vector or heading path) get a full top-k; a list that held a changed or removed
section is settled from the changed sections' new scores when its other entries allow, else
recomputed; every other section only checks whether one of the changed sections now beats its
k-th neighbour.

Their owner is the collection (``doc_id = '__collection__'``), like every collection-owned row.
A long-running process keeps the section vectors and the lists in memory between updates
(:class:`SectionVectors`).
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Iterable
from dataclasses import dataclass, field

import duckdb
import numpy as np
import polars as pl

from docnav.model import Edge, EdgeKind
from docnav.rows import edges_frame, insert_frame, vector_matrix
from docnav.store import COLLECTION_DOC_ID, docs_of
from docnav.store_tokens import COLLECTION_TOKEN, read_token, stamp_token


def update_related(
    con: duckdb.DuckDBPyConnection, section: _Vectors, changed_docs: list[str], k: int,
    threshold: float,
) -> tuple[int, set[str]]:
    """Bring the related edges up to date inside the caller's transaction, for ``section``
    (from :meth:`SectionVectors.load`) after ``changed_docs`` were written. Returns how many
    lists were recomputed in full, and the documents of the sections whose lists were
    rewritten or dropped."""
    if not section.ids:
        section.related = _Related({}, {})
        gone = con.execute(
            "DELETE FROM edges WHERE doc_id = ? AND kind = 'related' RETURNING src",
            [COLLECTION_DOC_ID]).fetchall()
        return 0, docs_of(con, {src for (src,) in gone})
    related = section.lists(con)
    changed = _changed_rows(section, changed_docs)
    changed_ids = {section.ids[i] for i in np.flatnonzero(changed)}
    stale, vanished = _stale_rows(con, section, changed_docs, changed_ids, changed)

    update = _Update(section, k, threshold, changed, stale)
    update.full_lists(np.flatnonzero(changed).tolist(), collect=True)
    recompute = update.settle_stale(related, changed_ids)
    update.full_lists(recompute, collect=False)
    update.add_candidates(related)

    _write(con, section, related, update.new_lists, vanished)
    full = int(changed.sum()) + len(recompute)
    return full, {section.docs[i] for i in update.new_lists} | docs_of(con, set(vanished))


def _changed_rows(section: _Vectors, changed_docs: list[str]) -> np.ndarray:
    """Rows whose lists need a full recompute: the sections of changed documents, less those
    known to be as before (same id, key and vector: an edit changes the vectors of the edited
    paragraph's ancestors only)."""
    index, by_doc = section.rows(), section.by_doc()
    changed = np.zeros(len(section.ids), dtype=bool)
    for d in set(changed_docs):
        changed[by_doc.get(d, [])] = True
    changed[[index[n] for n in section.same if n in index]] = False
    return changed


def _stale_rows(
    con: duckdb.DuckDBPyConnection, section: _Vectors, changed_docs: list[str],
    changed_ids: set[str], changed: np.ndarray,
) -> tuple[np.ndarray, list[str]]:
    """Rows not changed themselves whose lists held a changed or vanished section ("stale"),
    and the sources of lists whose own section vanished (those lists go)."""
    index = section.rows()
    stale = np.zeros(len(section.ids), dtype=bool)
    vanished = []
    for src in _stale_lists(con, section, changed_docs, changed_ids):
        i = index.get(src)
        if i is None:
            vanished.append(src)
        elif not changed[i]:
            stale[i] = True
    return stale, vanished


class _Update:
    """One update's passes over the matrix and the lists they produce (row -> new list).

    The changed sections' rows are computed in full. Similarity is symmetric (and so is the
    family exclusion), so their rows also give every other section the changed sections' new
    scores: an unchanged section's list changes only if one of them beats its k-th neighbour
    (collected as candidates), and a stale list needs them all (above the threshold).
    """

    def __init__(self, section: _Vectors, k: int, threshold: float, changed: np.ndarray,
                 stale: np.ndarray) -> None:
        self._section, self._k, self._threshold = section, k, threshold
        bar = np.maximum(section.kth_bar(k, threshold), threshold)
        bar[stale] = threshold
        self._others = np.flatnonzero(~changed)
        self._others_bar = bar[self._others]
        # a column's bar for the candidates: an unchanged section's; a changed one takes none
        self._column_bar = np.full(len(section.ids), np.inf)
        self._column_bar[self._others] = self._others_bar
        self._stale = stale
        self._family = _Family(section.docs, section.keys, section.by_doc(),
                               np.flatnonzero(changed | stale).tolist())
        self.candidates: dict[int, list[tuple[str, float]]] = {}
        self.new_lists: dict[int, list[tuple[str, float]]] = {}

    def full_lists(self, rows: list[int], collect: bool) -> None:
        """Recompute the lists of ``rows``; with ``collect``, note each score of theirs that
        reaches an unchanged section's bar as a candidate for that section's list."""
        ids, others, others_bar = self._section.ids, self._others, self._others_bar
        for start in range(0, len(rows), 256):
            chunk = rows[start : start + 256]
            sims = _similarities(self._section.matrix, chunk, self._threshold, self._k,
                                 [self._family.excluded(i) for i in chunk],
                                 self._column_bar if collect else None)
            for r, i in enumerate(chunk):
                if collect:
                    scores = sims[r, others]
                    for h in np.flatnonzero(scores >= others_bar).tolist():
                        self.candidates.setdefault(int(others[h]), []).append(
                            (ids[i], float(scores[h])))
                self.new_lists[i] = _top_k(sims[r], ids, self._k, self._threshold)

    def settle_stale(self, related: _Related, changed_ids: set[str]) -> list[int]:
        """Settle the stale lists that can be without their rows; returns the rows of those
        that cannot. A stale list is settled when its unchanged entries plus the changed
        sections' new scores still fill k places, the last no worse than the old k-th: every
        other section scored below the old k-th (or below the threshold, when the list was
        short), and their scores did not change."""
        ids, index, k = self._section.ids, self._section.rows(), self._k
        recompute = []
        for i in np.flatnonzero(self._stale).tolist():
            current = related.lists.get(ids[i], [])
            kept = [(n, s) for n, s in current if n not in changed_ids and n in index]
            merged = sorted(kept + self.candidates.pop(i, []), key=_order)[:k]
            if len(current) < k or (len(merged) == k and _order(merged[-1]) <= _order(current[-1])):
                if merged != current:
                    self.new_lists[i] = merged
            else:
                recompute.append(i)
        return recompute

    def add_candidates(self, related: _Related) -> None:
        """Merge the remaining candidates into their (unchanged, not stale) sections' lists."""
        ids = self._section.ids
        for i, extra in self.candidates.items():
            current = related.lists.get(ids[i], [])
            merged = sorted(current + extra, key=_order)[:self._k]
            if merged != current:
                self.new_lists[i] = merged


def _write(
    con: duckdb.DuckDBPyConnection, section: _Vectors, related: _Related,
    new_lists: dict[int, list[tuple[str, float]]], vanished: list[str],
) -> None:
    """Store the new lists and drop the vanished sections' ones, in the store and in the
    lists (and k-th scores) kept in memory."""
    ids = section.ids
    rewrite = [ids[i] for i in new_lists] + vanished
    for i, lst in new_lists.items():
        related.put(ids[i], lst)
        if section.kth is not None:
            section.kth[i] = lst[-1][1] if len(lst) >= section.kth_k else np.nan
    for src in vanished:
        related.put(src, [])
    con.execute(
        "DELETE FROM edges WHERE doc_id = ? AND kind = 'related' AND src = ANY(?::VARCHAR[])",
        [COLLECTION_DOC_ID, rewrite])
    insert_frame(con, "edges", edges_frame(
        (Edge(ids[i], dst, EdgeKind.RELATED, w) for i, lst in new_lists.items() for dst, w in lst),
        COLLECTION_DOC_ID))


def _order(entry: tuple[str, float]) -> tuple[float, str]:
    """A related list's order: best score first, ties by id."""
    return -entry[1], entry[0]


def _stale_lists(
    con: duckdb.DuckDBPyConnection, section: _Vectors, changed_docs: list[str],
    changed_ids: set[str],
) -> list[str]:
    """Sources of related lists that hold a changed section or a section that has no vector
    any more, or whose own section has none (a superset is harmless)."""
    if section.replaced is not None and section.related is not None:
        # The lists in hand were built from the vectors this process holds: a section that
        # vanished or changed since belonged to a replaced document, so its id is among the
        # replaced ones or the changed ones, and the lists holding it are known without a
        # query.
        index = section.rows()
        vanished = [n for n in section.replaced if n not in index]
        return section.related.holding([*vanished, *changed_ids])
    con.register("_changed_docs",
                 pl.DataFrame({"doc_id": changed_docs}, schema={"doc_id": pl.Utf8}))
    try:
        return [src for (src,) in con.execute(
            "SELECT DISTINCT src FROM edges WHERE doc_id = $c AND kind = 'related' AND ("
            "dst IN (SELECT node_id FROM node_vectors WHERE model = $m AND doc_id IN "
            "(SELECT doc_id FROM _changed_docs)) "
            "OR dst NOT IN (SELECT node_id FROM node_vectors WHERE model = $m) "
            "OR src NOT IN (SELECT node_id FROM node_vectors WHERE model = $m))",
            {"c": COLLECTION_DOC_ID, "m": section.model},
        ).fetchall()]
    finally:
        con.unregister("_changed_docs")


@dataclass
class _Related:
    """The stored related lists: source section -> [(section, score)] best first, and the
    reverse: section -> the sources whose list holds it."""

    lists: dict[str, list[tuple[str, float]]]
    holders: dict[str, set[str]]

    @classmethod
    def read(cls, con: duckdb.DuckDBPyConnection) -> _Related:
        frame = con.execute(
            "SELECT src, dst, weight FROM edges WHERE doc_id = ? AND kind = 'related'",
            [COLLECTION_DOC_ID]).fetchnumpy()
        lists: dict[str, list[tuple[str, float]]] = {}
        holders: dict[str, set[str]] = {}
        for src, dst, w in zip(frame["src"].tolist(), frame["dst"].tolist(),
                               frame["weight"].tolist()):
            lists.setdefault(src, []).append((dst, w))
            holders.setdefault(dst, set()).add(src)
        for lst in lists.values():
            lst.sort(key=lambda x: (-x[1], x[0]))
        return cls(lists, holders)

    def put(self, src: str, lst: list[tuple[str, float]]) -> None:
        """Replace ``src``'s list (an empty one removes it)."""
        for dst, _ in self.lists.pop(src, []):
            holding = self.holders.get(dst)
            if holding is not None:
                holding.discard(src)
                if not holding:
                    del self.holders[dst]
        if lst:
            self.lists[src] = lst
            for dst, _ in lst:
                self.holders.setdefault(dst, set()).add(src)

    def holding(self, sections: Iterable[str]) -> list[str]:
        """Sources whose list holds one of ``sections``, and those sections' own lists."""
        out: set[str] = set()
        for n in sections:
            out |= self.holders.get(n, set())
            if n in self.lists:
                out.add(n)
        return sorted(out)


@dataclass
class _Vectors:
    """Every section vector of one model: ids, documents, keys and a float32 matrix, row i
    for section i (in no particular order)."""

    model: str
    ids: list[str]
    docs: list[str]
    keys: list[str]
    matrix: np.ndarray
    # ids the sections of the documents replaced in this update had before it; None when
    # everything was read from the store (nothing is known about the previous state)
    replaced: list[str] | None = None
    # of the sections of the documents replaced in this update, those with the same id, key
    # and vector as before it (their related lists can change only as any other's can)
    same: set[str] = field(default_factory=set)
    # the stored related lists, read once and then kept in step by this process's updates
    related: _Related | None = None
    # per row, the k-th (lowest) score of its related list when that holds ``kth_k``
    # entries, else NaN; kept in step with the rows and the lists
    kth: np.ndarray | None = None
    kth_k: int = 0
    _rows: dict[str, int] | None = None
    _by_doc: dict[str, list[int]] | None = None

    def rows(self) -> dict[str, int]:
        """Section id -> row."""
        if self._rows is None:
            self._rows = {node_id: i for i, node_id in enumerate(self.ids)}
        return self._rows

    def by_doc(self) -> dict[str, list[int]]:
        """Document -> its rows."""
        if self._by_doc is None:
            self._by_doc = {}
            for i, d in enumerate(self.docs):
                self._by_doc.setdefault(d, []).append(i)
        return self._by_doc

    def lists(self, con: duckdb.DuckDBPyConnection) -> _Related:
        if self.related is None:
            self.related, self.kth = _Related.read(con), None
        return self.related

    def restore_kth(self, sections: Iterable[str]) -> None:
        """Set the k-th scores of ``sections`` from their related lists (kept, not rebuilt)."""
        if self.kth is None or self.related is None:
            return
        index = self.rows()
        for n in sections:
            lst = self.related.lists.get(n, [])
            self.kth[index[n]] = lst[-1][1] if len(lst) >= self.kth_k else np.nan

    def kth_bar(self, k: int, threshold: float) -> np.ndarray:
        """Per row, the score a newcomer must reach to enter its list: the k-th score when
        the list is full, else the threshold."""
        if self.kth is None or self.kth_k != k:
            assert self.related is not None
            self.kth, self.kth_k = np.full(len(self.ids), np.nan), k
            index = self.rows()
            for src, lst in self.related.lists.items():
                i = index.get(src)
                if i is not None and len(lst) >= k:
                    self.kth[i] = lst[-1][1]
        return np.where(np.isnan(self.kth), threshold, self.kth)


class SectionVectors:
    """The section vectors of the store, kept in memory between collection updates.

    Reading every section vector costs time proportional to the collection, on every edit.
    A long-running process (the watcher, a benchmark, a Dagster resource) keeps one instance:
    each update then reads only the vectors of the documents changed since the last one, and
    the related lists it wrote are kept with them. That is exact because section vectors are
    only written together with queued collection work: the documents queued since the last
    update are exactly those whose vectors may differ. A token written with each update
    proves no other process updated the collection in between; otherwise (or after a failed
    transaction) everything is read again.
    """

    _TOKEN_KEY = COLLECTION_TOKEN

    def __init__(self) -> None:
        self._committed: tuple[str, _Vectors] | None = None
        self._pending: tuple[str, _Vectors] | None = None

    def load(
        self, con: duckdb.DuckDBPyConnection, model: str, changed_docs: list[str]
    ) -> _Vectors:
        """The current vectors, inside the update's transaction; stamps a new token."""
        stored = read_token(con, self._TOKEN_KEY)
        cached = self._committed
        if cached is not None and stored is not None and cached[0] == stored \
                and cached[1].model == model:
            old = cached[1]
            rows = [i for d in set(changed_docs) for i in old.by_doc().get(d, [])]
            before = {old.ids[i]: (old.keys[i], old.matrix[i].copy()) for i in rows}
            fresh = _read_vectors(con, model, changed_docs)
            same = {n for n, key, v in zip(fresh.ids, fresh.keys, fresh.matrix)
                    if n in before and before[n][0] == key and np.array_equal(before[n][1], v)}
            vectors = _merge(old, fresh, changed_docs)
            vectors.replaced, vectors.same = list(before), same
            vectors.restore_kth(same)
        else:
            vectors = _read_vectors(con, model, None)
        self._pending = (stamp_token(con, self._TOKEN_KEY), vectors)
        return vectors

    def differences(self, con: duckdb.DuckDBPyConnection) -> list[str]:
        """What the kept state says that the store does not (empty when in step): the
        section ids, the related lists and their k-th scores. A self-check for tests."""
        if self._committed is None:
            return []
        kept = self._committed[1]
        out = []
        stored_ids = {n for (n,) in con.execute(
            "SELECT node_id FROM node_vectors WHERE model = ?", [kept.model]).fetchall()}
        if stored_ids != set(kept.ids):
            out.append(f"section ids: {len(stored_ids ^ set(kept.ids))} differ")
        if kept.related is not None:
            stored = _Related.read(con)
            for src in sorted(set(stored.lists) | set(kept.related.lists)):
                if stored.lists.get(src) != kept.related.lists.get(src):
                    out.append(f"related list of {src}: kept {kept.related.lists.get(src)}, "
                               f"stored {stored.lists.get(src)}")
            if stored.holders != kept.related.holders:
                out.append("related lists: the reverse index differs")
            if kept.kth is not None:
                for i, src in enumerate(kept.ids):
                    lst = stored.lists.get(src, [])
                    want = lst[-1][1] if len(lst) >= kept.kth_k else None
                    have = None if np.isnan(kept.kth[i]) else float(kept.kth[i])
                    if want != have:
                        out.append(f"k-th score of {src}: kept {have}, stored {want}")
        return out[:10]

    def committed(self) -> None:
        """The update's transaction committed: keep what it saw."""
        if self._pending is not None:
            self._committed, self._pending = self._pending, None

    def discard(self) -> None:
        """The transaction failed: forget everything (the next update reads it all)."""
        self._committed = self._pending = None


def _read_vectors(
    con: duckdb.DuckDBPyConnection, model: str, docs: list[str] | None
) -> _Vectors:
    """Section vectors of ``docs`` (None = all), through Arrow (a DuckDB ``ORDER BY`` would
    move every vector and cost ten times the fetch; the order does not matter)."""
    query = "SELECT node_id, doc_id, local_key, vector FROM node_vectors WHERE model = ?"
    if docs is None:
        table = con.execute(query, [model]).to_arrow_table()
    else:
        table = con.execute(query + " AND doc_id = ANY(?::VARCHAR[])",
                            [model, docs]).to_arrow_table()
    ids = table.column("node_id").to_pylist()
    if not ids:
        return _Vectors(model, [], [], [], np.zeros((0, 0), dtype=np.float32))
    matrix = vector_matrix(table.column("vector").to_pylist())
    return _Vectors(model, ids, table.column("doc_id").to_pylist(),
                    table.column("local_key").to_pylist(), matrix)


def _merge(old: _Vectors, fresh: _Vectors, replaced_docs: list[str]) -> _Vectors:
    """``old`` without the rows of ``replaced_docs``, plus ``fresh`` (row order is free:
    results never depend on it), keeping the related lists. An edit usually keeps a
    document's section count, and then the fresh rows take the old ones' places in
    ``old``'s arrays, which are reused. The replaced rows' k-th scores are unknown (NaN) until
    their lists are recomputed, which every update does for the rows of changed documents."""
    gone = set(replaced_docs)
    by_doc = old.by_doc()
    slots = sorted(i for d in gone for i in by_doc.get(d, []))
    if len(slots) == len(fresh.ids) and old.ids:
        rows = old.rows()
        for d in gone:
            by_doc.pop(d, None)
        for i in slots:  # all deleted first: a kept section id may move to another slot
            del rows[old.ids[i]]
        for j, i in enumerate(slots):
            old.ids[i], old.docs[i], old.keys[i] = fresh.ids[j], fresh.docs[j], fresh.keys[j]
            rows[old.ids[i]] = i
            by_doc.setdefault(old.docs[i], []).append(i)
        if slots:
            old.matrix[slots] = fresh.matrix
            if old.kth is not None:
                old.kth[slots] = np.nan
        return old
    keep = [i for i, d in enumerate(old.docs) if d not in gone]
    parts = [m for m in (old.matrix[keep] if keep else None, fresh.matrix)
             if m is not None and len(m)]
    merged = _Vectors(
        old.model, [old.ids[i] for i in keep] + fresh.ids,
        [old.docs[i] for i in keep] + fresh.docs, [old.keys[i] for i in keep] + fresh.keys,
        np.concatenate(parts) if parts else np.zeros((0, 0), dtype=np.float32),
        related=old.related, kth_k=old.kth_k)
    if old.kth is not None:
        merged.kth = np.concatenate([old.kth[keep], np.full(len(fresh.ids), np.nan)])
    return merged


class _Family:
    """Which sections a section may not be related to: itself, its ancestors and descendants.

    Ancestors follow from a section's key (its heading path); descendants are the keys that
    extend it, found by bisecting the document's sorted keys. Built only for the documents of
    the rows being recomputed.
    """

    def __init__(self, docs: list[str], keys: list[str], by_doc: dict[str, list[int]],
                 rows: list[int]) -> None:
        self._docs, self._keys = docs, keys
        self._by_key: dict[tuple[str, str], int] = {}
        self._sorted: dict[str, list[tuple[str, int]]] = {}
        for d in {docs[i] for i in rows}:
            entries = sorted((keys[j], j) for j in by_doc[d])
            self._sorted[d] = entries
            self._by_key.update(((d, key), j) for key, j in entries)

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


# float32 products err by far less than this (|error| <= dim * 2**-24 for unit vectors: 2.3e-5 at
# 384 dimensions), so a pair below ``x - _SCREEN_MARGIN`` in float32 is below ``x`` exactly
_SCREEN_MARGIN = 1e-3

# An edit scores a handful of rows against every section. Those few go through einsum, on one
# thread (~0.5 ms a row at 14K sections; multi-threaded BLAS takes about half that), because
# BLAS's worker threads busy-wait for a while after a call and take a core from the writes
# that follow (per-edit A/B at 1,000 documents: the edit's growth over 10 documents 16.0 ->
# 7.4 ms with einsum). Larger blocks (full builds) keep BLAS.
_BLAS_ROWS = 8


def _similarities(
    matrix: np.ndarray, rows: list[int], floor: float, k: int, excluded: list[list[int]],
    bars: np.ndarray | None = None,
) -> np.ndarray:
    """Cosine similarities of ``rows`` against every row, rounded to 5 decimals, computed in
    float64 wherever they can matter; -inf for the rest and for each row's ``excluded``
    columns (itself, its family).

    A score can matter if it can reach ``floor`` and either place in the row's own top ``k``
    or reach the column's entry in ``bars`` (an unchanged section's k-th score, which a
    changed section must reach to enter its list; None: no such use). The pass over every
    section runs in float32 (half the memory traffic of float64, and the matrix kept in memory
    is half the size); only the pairs it cannot rule out are computed again in float64 (about
    k per row instead of every pair above the floor: with real embeddings thousands of
    sections of a large collection pass 0.6). Rounded float32 scores would not do: a similarity
    is computed by different products (a changed section's row, another section's full row, a
    full build's block), and in float32 those can differ in the 5th decimal and turn a tie
    between identical sections into a different neighbour than a from-scratch build picks.
    """
    if len(rows) < _BLAS_ROWS:
        approx = np.einsum("kj,ij->ki", matrix[rows], matrix)
    else:
        approx = matrix[rows] @ matrix.T
    sims = np.full(approx.shape, -np.inf)
    for r, i in enumerate(rows):
        scores = approx[r]
        scores[excluded[r]] = -np.inf
        cols = np.flatnonzero(scores >= floor - _SCREEN_MARGIN)
        if len(cols) > k:
            # every column below the k-th best by more than twice the float32 error is below
            # k others in float64 too: it cannot place, and only a bar can still use it
            screened = scores[cols]
            kth = np.partition(screened, len(cols) - k)[len(cols) - k]
            keep = screened >= kth - 2 * _SCREEN_MARGIN
            if bars is not None:
                keep |= screened >= bars[cols] - _SCREEN_MARGIN
            cols = cols[keep]
        if len(cols):
            exact = matrix[cols].astype(np.float64) @ matrix[i].astype(np.float64)
            sims[r, cols] = np.round(exact, 5)
    return sims


def _top_k(sims: np.ndarray, ids: list[str], k: int, threshold: float) -> list[tuple[str, float]]:
    """The k best (id, score) above the threshold; ties broken by id, so results are exact."""
    above = np.flatnonzero(sims >= threshold)
    if len(above) > 4 * k:
        kth = np.partition(sims[above], len(above) - k)[len(above) - k]
        above = above[sims[above] >= kth]
    scored = sorted(((ids[j], float(sims[j])) for j in above), key=lambda x: (-x[1], x[0]))
    return scored[:k]
