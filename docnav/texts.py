"""What a long-lived indexer keeps of the store's texts between runs: how many nodes use each
text and which vectors are stored (:class:`KeptTexts`), checked against the store's tokens."""

from __future__ import annotations

import sys
from collections.abc import Iterable

import duckdb

from docnav.store import COLLECTION_DOC_ID
from docnav.store_tokens import COLLECTION_TOKEN, DOCUMENTS_TOKEN


class KeptTexts:
    """How many stored nodes use each text, and the models each text has a stored vector of.

    What the embedding look-up of an edit and the prune would otherwise ask the store, each
    by a scan of a column of the nodes or embeddings table: time in proportion to the
    collection, on every edit. A long-lived indexer keeps one in step with its own writes.
    ``tokens``: the store's documents and collection tokens when it was last known to be
    right; every writer of nodes or embeddings stamps one of them in the same transaction,
    so when they differ, another process wrote, and it is read again.
    """

    def __init__(self, collection_text: str | None, tokens: tuple[str | None, str | None]) -> None:
        self.users: dict[str, int] = {}
        # text hash -> the models (sorted) it has vectors of; the tuples are shared, and so
        # are the hash strings with ``users``: ~9 MB at 1,000 documents (50K texts)
        self.models: dict[str, tuple[str, ...]] = {}
        self._tuples: dict[tuple[str, ...], tuple[str, ...]] = {}
        self.collection_text = collection_text  # the collection node's text hash
        self.tokens = tokens

    @classmethod
    def read(cls, con: duckdb.DuckDBPyConnection) -> KeptTexts:
        row = con.execute("SELECT text_hash FROM nodes WHERE doc_id = ?",
                          [COLLECTION_DOC_ID]).fetchone()
        kept = cls(row[0] if row else None, texts_tokens(con))
        kept.users = {sys.intern(h): n for h, n in con.execute(
            "SELECT text_hash, count(*) FROM nodes WHERE text_hash IS NOT NULL GROUP BY ALL"
        ).fetchall()}
        for h, m in con.execute("SELECT text_hash, model FROM embeddings").fetchall():
            kept.embedded(m, [h])
        return kept

    def replaced(self, old: Iterable[str | None], new: Iterable[str | None]) -> None:
        """Nodes with the texts ``old`` were deleted and nodes with ``new`` written."""
        for h in old:
            if h is not None:
                left = self.users.get(h, 0) - 1
                if left > 0:
                    self.users[h] = left
                else:
                    self.users.pop(h, None)
        for h in new:
            if h is not None:
                h = sys.intern(h)
                self.users[h] = self.users.get(h, 0) + 1

    def collection_written(self, text_hash: str) -> None:
        self.replaced([self.collection_text], [text_hash])
        self.collection_text = text_hash

    def embedded(self, model: str, hashes: Iterable[str]) -> None:
        for h in hashes:
            have = self.models.get(h, ())
            if model not in have:
                both = tuple(sorted((*have, model)))
                self.models[sys.intern(h)] = self._tuples.setdefault(both, both)

    def pruned(self, hashes: Iterable[str]) -> None:
        for h in hashes:
            self.models.pop(h, None)

    def differences(self, con: duckdb.DuckDBPyConnection) -> list[str]:
        """What this says that the store does not (empty when in step). For tests."""
        stored = KeptTexts.read(con)
        out = []
        if stored.tokens != self.tokens:
            out.append(f"text uses: kept tokens {self.tokens}, stored {stored.tokens}")
        for name, kept, have in (("users", self.users, stored.users),
                                 ("models", self.models, stored.models)):
            diff = sorted(h for h in set(kept) | set(have) if kept.get(h) != have.get(h))
            out += [f"text {h}: kept {name} {kept.get(h)}, stored {have.get(h)}"
                    for h in diff[:5]]
        # a vector is stored once per text and model (appended unchecked when the kept
        # texts say it is absent: see Store.put_embeddings)
        out += [f"text {h}: {n} stored vectors of {m}" for h, m, n in con.execute(
            "SELECT text_hash, model, count(*) FROM embeddings GROUP BY ALL "
            "HAVING count(*) > 1 ORDER BY ALL LIMIT 5").fetchall()]
        if stored.collection_text != self.collection_text:
            out.append(f"collection text: kept {self.collection_text}, "
                       f"stored {stored.collection_text}")
        return out


def texts_tokens(con: duckdb.DuckDBPyConnection) -> tuple[str | None, str | None]:
    """The documents and collection tokens: one of them changes with every write of nodes
    or embeddings (see :class:`KeptTexts`)."""
    found = dict(con.execute("SELECT key, value FROM meta WHERE key IN (?, ?)",
                             [DOCUMENTS_TOKEN, COLLECTION_TOKEN]).fetchall())
    return found.get(DOCUMENTS_TOKEN), found.get(COLLECTION_TOKEN)
