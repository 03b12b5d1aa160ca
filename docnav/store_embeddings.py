"""The store's text vectors (``embeddings``, keyed by text hash and model, shared by every node
with that text): stored once, looked up for an edit (from the export where it can), and pruned
when no node uses them any more."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import duckdb
import numpy as np
import polars as pl

from docnav.rows import embeddings_frame, insert_frame, vector_of

if TYPE_CHECKING:
    from docnav.texts import KeptTexts


@dataclass(frozen=True)
class CachedEmbeddings:
    """vectors: text hash -> stored vector of the model asked for; other_models: the hashes
    that also have vectors of other models (their export cannot be written from ``vectors``)."""

    vectors: dict[str, np.ndarray]
    other_models: set[str]


class StoredEmbeddings:
    """The text vectors of :class:`docnav.store.Store` (``parquet_dir``: its export)."""

    parquet_dir: Path

    def cached_embeddings(
        self, con: duckdb.DuckDBPyConnection, model: str, text_hashes: Sequence[str],
        near: Sequence[str] = (), known: KeptTexts | None = None,
    ) -> CachedEmbeddings:
        """The stored vectors of ``model`` for those of ``text_hashes`` that have one.

        DuckDB reads the vector column whole even when a filter keeps a few rows (~30 ms at
        50K vectors, on every edit), so which hashes are stored is asked without the vectors,
        and the vectors are read first from the exported embeddings of the documents ``near``
        (the previous versions of the documents being indexed, which hold most of their
        texts), and only the rest from the database. A stored vector never changes (it is
        keyed by text hash and model), so an exported copy of one is that vector. (An ART index
        on text_hash would make the database lookup ~3 ms, but DuckDB rewrites the whole index
        at every checkpoint: +0.6 s per edit at 1,000 documents. Not used.) ``known``: which
        vectors are stored, when the caller keeps that (then only the vectors are read).
        """
        wanted = sorted(set(text_hashes))
        if not wanted:
            return CachedEmbeddings({}, set())
        stored: set[str] = set()
        other_models: set[str] = set()
        if known is not None:
            pairs = [(h, m) for h in wanted for m in known.models.get(h, ())]
        else:
            pairs = con.execute(
                "SELECT text_hash, model FROM embeddings WHERE text_hash = ANY(?::VARCHAR[])",
                [wanted]).fetchall()
        for h, m in pairs:
            (stored if m == model else other_models).add(h)
        vectors = self._exported_vectors(near, model, stored)
        rest = sorted(stored - vectors.keys())
        if rest:
            for h, m, v in con.execute(
                "SELECT text_hash, model, vector FROM embeddings "
                "WHERE text_hash = ANY(?::VARCHAR[])", [rest],
            ).fetchall():
                if m == model:
                    vectors[h] = vector_of(v)
        return CachedEmbeddings(vectors, other_models)

    def _exported_vectors(
        self, doc_ids: Sequence[str], model: str, wanted: set[str]
    ) -> dict[str, np.ndarray]:
        """Vectors of ``model`` among ``wanted`` found in the export files of ``doc_ids``;
        a missing or unreadable file just contributes nothing."""
        found: dict[str, np.ndarray] = {}
        for doc_id in doc_ids:
            path = self.parquet_dir / "embeddings" / f"{doc_id}.parquet"
            try:
                frame = pl.read_parquet(path, columns=["text_hash", "model", "vector"])
            except (OSError, pl.exceptions.PolarsError):
                continue
            frame = frame.filter(
                (pl.col("model") == model) & pl.col("text_hash").is_in(sorted(wanted)))
            for h, v in zip(frame["text_hash"].to_list(), frame["vector"].to_list()):
                if v is not None:
                    found[h] = vector_of(v)
        return found

    @staticmethod
    def put_embeddings(
        con: duckdb.DuckDBPyConnection, model: str, vectors: dict[str, np.ndarray],
        absent: bool = False,
    ) -> None:
        """Store the vectors of ``model`` by text hash, skipping those already stored.

        absent: the caller knows none of them is stored (it keeps the stored texts, see
        :class:`docnav.texts.KeptTexts`): they are appended without the check, a join with
        every stored vector's hash (+2 ms an edit at 1,000 documents)."""
        if not vectors:
            return
        if absent:
            insert_frame(con, "embeddings", embeddings_frame(model, vectors))
            return
        con.register("_new_embeddings", embeddings_frame(model, vectors))
        try:
            con.execute(
                "INSERT INTO embeddings SELECT n.* FROM _new_embeddings n ANTI JOIN embeddings e "
                "ON e.text_hash = n.text_hash AND e.model = n.model"
            )
        finally:
            con.unregister("_new_embeddings")

    @staticmethod
    def prune_embeddings(
        con: duckdb.DuckDBPyConnection, known: KeptTexts | None = None
    ) -> list[str]:
        """Drop embeddings no stored node uses any more (after deletes and edits); returns
        the texts whose vectors were dropped.

        Only the texts of nodes replaced or deleted since the last prune can have lost their
        last user, so only those are checked: the cost follows the edit, not the store.
        ``known``: how many nodes use each text, when the caller keeps that.
        """
        candidates = [h for (h,) in con.execute(
            "SELECT DISTINCT text_hash FROM pending_prune").fetchall()]
        con.execute("DELETE FROM pending_prune")
        if not candidates:
            return []
        if known is not None:
            used = {h for h in candidates if h in known.users}
        else:
            used = {h for (h,) in con.execute(
                "SELECT DISTINCT text_hash FROM nodes WHERE text_hash = ANY(?::VARCHAR[])",
                [candidates]).fetchall()}
        unused = sorted(h for h in candidates if h not in used)
        if unused:
            con.execute("DELETE FROM embeddings WHERE text_hash = ANY(?::VARCHAR[])", [unused])
        return unused
