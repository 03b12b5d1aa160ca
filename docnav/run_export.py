"""The Parquet export of an index run (:class:`docnav.index.Indexer`): the files of the
documents whose export is pending written, and the mark its readers go by (``.behind``: how
far the export is behind the store, and why) set as the run ends."""

from __future__ import annotations

import polars as pl

from docnav.export import (NO_PARQUET, STOPPED, WritingMark, changing, export_documents,
                           mark_behind)
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


def note_export(store: Store, export_parquet: bool) -> None:
    """After a run that ended: the export unmarked where the run wrote it (not only documents
    written: rows naming a new parser or vectors of a new model, too), else marked as older
    than the store by the documents whose export is pending."""
    if export_parquet:
        mark_behind(store.parquet_dir, 0)
    elif store.has_export():
        with store.reader() as con:
            mark_behind(store.parquet_dir, len(store.pending_exports(con)), NO_PARQUET)


def note_stopped(store: Store, export_parquet: bool, pending_before: set[str],
                 marked: WritingMark | None) -> None:
    """After a run stopped (a signal, a failure) before it ended: the export marked as older
    than the store by the documents whose export is pending; a run that wrote nothing (the
    same pending as ``pending_before``) puts back the mark it found (``marked``)."""
    if not store.has_export():
        return
    with store.reader() as con:
        pending = store.pending_exports(con)
    if marked is not None and marked.found and set(pending) == pending_before:
        marked.put_back()
    else:
        mark_behind(store.parquet_dir, len(pending), STOPPED if export_parquet else NO_PARQUET)


__all__ = ["export_pending", "note_export", "note_stopped"]
