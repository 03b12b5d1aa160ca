"""The dense side of ``DocNavGraph.locate``: the search items' stored vectors and the embedder
that puts a query beside them.

Queries must be embedded by the model that made the stored vectors: ``"stored"`` (the default)
loads that model by name at the first query that needs it; an embedder object is checked by
its ``model_id``; ``None`` leaves BM25 alone.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import polars as pl

from docnav.errors import ConfigError, InputError
from docnav.query.tables import embedder_for, vectors_by_node

STORED = "stored"  # embed queries with the model that made the stored vectors


class ItemVectors:
    """One stored vector per search item (zeros where an item has none), and query scores."""

    def __init__(self, tables: dict[str, pl.DataFrame], nodes: dict, item_ids: Sequence[str],
                 source: str, embedder=STORED) -> None:
        self.source = source
        vectors = vectors_by_node(tables, nodes)
        self.model: str | None = vectors.pop("__model__", None)
        self._embedder = self._checked(embedder)
        dim = next((len(v) for v in vectors.values()), 0)
        self.matrix = np.zeros((len(item_ids), dim), dtype=np.float32)
        self.has_vector = np.zeros(len(item_ids), dtype=bool)
        for i, nid in enumerate(item_ids):
            v = vectors.get(nid)
            if v is not None:
                self.matrix[i], self.has_vector[i] = v, True
        self._last: dict = {}

    def _checked(self, embedder):
        if embedder is None or self.model is None:
            return None  # BM25 alone: asked for, or no stored vectors to compare with
        if isinstance(embedder, str):
            if embedder != STORED:
                raise InputError(f"embedder {embedder!r}: give {STORED!r}, None or an embedder")
            if not self.model.startswith(("st:", "hashing-v1-")):
                raise ConfigError(
                    f"{self.source}: the stored vectors were made by {self.model!r}, which "
                    "DocNav cannot load by name; open the graph with that embedder "
                    "(embedder=...) or with embedder=None for BM25 search alone")
            return STORED  # resolved at the first query that needs it: see `embedder`
        made_by = getattr(embedder, "model_id", None)
        if made_by != self.model:
            raise ConfigError(
                f"{self.source}: the stored vectors were made by {self.model!r}, this embedder "
                f"is {made_by!r}; queries must be embedded by the same model. Open the graph "
                f"with embedder={STORED!r} (the default) or with an embedder of {self.model!r}")
        return embedder

    @property
    def embedder(self):
        """The query embedder, None for BM25 alone; the stored model is loaded here, once."""
        if isinstance(self._embedder, str):  # STORED
            self._embedder = embedder_for(self.model)
        return self._embedder

    def scores(self, query: str) -> np.ndarray | None:
        """Each item's cosine with the query (0 for an item without a vector, or below 0);
        None when there is nothing to compare: no embedder, or no vectors."""
        if self._embedder is None or not self.has_vector.any():
            return None
        last = self._last  # read once: another thread may replace it
        if last.get("text") == query:  # the navigator asks several times
            return last["scores"]
        q = self.embedder.embed([query])[0]
        if q.shape[0] != self.matrix.shape[1]:
            raise ConfigError(f"{self.source}: the query vector has {q.shape[0]} dimensions, "
                              f"the stored vectors of {self.model!r} {self.matrix.shape[1]}")
        scores = self.matrix @ q
        scores[~self.has_vector] = 0.0
        scores = np.maximum(scores, 0.0)
        scores.flags.writeable = False  # shared by the next calls with this query
        self._last = {"text": query, "scores": scores}
        return scores
