"""The Parquet export of an index run (:class:`docnav.index.Indexer`): the files of the
documents whose export is pending written, and the mark its readers go by (``.behind``: how
far the export is behind the store, and why) set as the run ends."""

from __future__ import annotations

import polars as pl

from docnav.export import NO_PARQUET, STOPPED, changing, export_documents, mark_behind
from docnav.kept_documents import KeptDocuments
from docnav.store import Store


def export_pending(store: Store, documents: KeptDocuments,
                   in_hand: dict[str, dict[str, pl.DataFrame]] | None) -> list[str]:
    """Write the Parquet files of the documents whose export is pending: this run's, and
    those of a run that died before its export; returns them (pending until the transaction
    that says they are exported commits)."""
    with store.reader() as con:
        pending = store.pending_exports(con)
        # the export deleted (or cleared as another store's): written again whole
        whole = not (store.parquet_dir / "documents.parquet").exists()
        if pending or whole:
            current = documents.rows(con)
            pending = sorted(set(pending) | set(current)) if whole else pending
        if pending:  # (the collection's own files: by the collection step)
            with changing(store.parquet_dir):
                export_documents(con, store.parquet_dir, [d for d in pending if d in current],
                                 [d for d in pending if d not in current], in_hand)
    return pending


def note_export(store: Store, export_parquet: bool, stopped: bool = False,
                before: set[str] | None = None) -> None:
    """The export marked as older than the store by the documents whose export is pending
    after a run without it (not ``export_parquet``) or one ``stopped`` before it, unmarked
    after one with it (not only documents written: rows naming a new parser or vectors of a
    new model, too). One stopped with the same pending as ``before`` it wrote nothing: a mark
    stays as it was."""
    if export_parquet and not stopped:
        mark_behind(store.parquet_dir, 0)
    elif store.has_export():
        with store.reader() as con:
            pending = store.pending_exports(con)
        mark_behind(store.parquet_dir, len(pending), STOPPED if export_parquet else NO_PARQUET,
                    unless_marked=stopped and set(pending) == before)


__all__ = ["export_pending", "note_export"]
