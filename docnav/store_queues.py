"""The store's queues of work to follow a write: the collection step's changed, removed and
touched documents (``pending_collection``) and the documents whose export is to be written
(``pending_export``), each filled in the transaction that writes."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import duckdb


class WorkQueues:
    """The work queues of :class:`docnav.store.Store`."""

    @staticmethod
    def queue_collection_work(
        con: duckdb.DuckDBPyConnection, changed: Sequence[str], removed: Sequence[str],
        touched_paths: Sequence[str],
    ) -> None:
        rows = ([(d, None, "changed") for d in changed] + [(d, None, "removed") for d in removed]
                + [(None, p, "touched") for p in touched_paths])
        if rows:
            con.executemany("INSERT INTO pending_collection VALUES (?, ?, ?)", rows)

    @staticmethod
    def queue_export(con: duckdb.DuckDBPyConnection, doc_ids: Iterable[str]) -> None:
        """Note, in the transaction that writes them, documents whose export is to follow."""
        ids = list(dict.fromkeys(doc_ids))
        if ids:  # once per document: runs without export leave the queue as it is
            con.execute("DELETE FROM pending_export WHERE doc_id = ANY(?::VARCHAR[])", [ids])
            con.execute("INSERT INTO pending_export SELECT unnest(?::VARCHAR[])", [ids])

    @staticmethod
    def pending_exports(con: duckdb.DuckDBPyConnection) -> list[str]:
        return sorted(d for (d,) in con.execute(
            "SELECT DISTINCT doc_id FROM pending_export").fetchall())

    @staticmethod
    def exported(con: duckdb.DuckDBPyConnection, doc_ids: Sequence[str]) -> None:
        """The export of ``doc_ids`` is written: no longer pending."""
        if doc_ids:
            con.execute("DELETE FROM pending_export WHERE doc_id = ANY(?::VARCHAR[])",
                        [list(doc_ids)])

    @staticmethod
    def take_collection_work(
        con: duckdb.DuckDBPyConnection,
    ) -> tuple[list[str], list[str], list[str]]:
        """(changed doc ids, removed doc ids, touched paths) queued so far; the queue is emptied
        in the caller's transaction, so a failed collection step leaves it for the next one."""
        rows = con.execute("SELECT DISTINCT doc_id, path, kind FROM pending_collection").fetchall()
        con.execute("DELETE FROM pending_collection")
        changed = sorted({d for d, _, k in rows if k == "changed"})
        removed = sorted({d for d, _, k in rows if k == "removed"})
        return changed, removed, sorted({p for _, p, k in rows if k == "touched"})
