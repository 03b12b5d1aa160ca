"""The Parquet export of an index run (:class:`docnav.index.Indexer`): the files of the
documents whose export is pending written, and the mark its readers go by (``.behind``: how
far the export is behind the store, and why) set as the run ends."""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from docnav import export
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


@dataclass(frozen=True)
class Marked:
    """The export marked behind as a run starts (:func:`mark_writing`), and the mark there
    before (None: none), which a run that wrote nothing puts back."""

    before: str | None


def mark_writing(store: Store) -> Marked | None:
    """Before the run's first write: the store's export marked as older than the store, so
    that readers are told even when the run is killed before its export and clears nothing;
    None where there is no export of this store to mark."""
    if not store.has_export():
        return None
    return Marked(export.mark_writing(store.parquet_dir))


def put_back(store: Store, marked: Marked | None) -> None:
    """After a run that wrote nothing of the documents' export (the collection step alone):
    the mark as it found it."""
    if marked is not None:
        export.put_back_mark(store.parquet_dir, marked.before)


def note_export(store: Store, export_parquet: bool, stopped: bool = False,
                before: set[str] | None = None, marked: Marked | None = None) -> None:
    """The export marked as older than the store by the documents whose export is pending
    after a run without it (not ``export_parquet``) or one ``stopped`` before it, unmarked
    after one with it (not only documents written: rows naming a new parser or vectors of a
    new model, too). One stopped with the same pending as ``before`` it wrote nothing: the
    mark it found, ``marked``, is put back."""
    if export_parquet and not stopped:
        mark_behind(store.parquet_dir, 0)
    elif store.has_export():
        with store.reader() as con:
            pending = store.pending_exports(con)
        if stopped and set(pending) == before and marked is not None and marked.before:
            put_back(store, marked)
        else:
            mark_behind(store.parquet_dir, len(pending),
                        STOPPED if export_parquet else NO_PARQUET)


__all__ = ["Marked", "export_pending", "mark_writing", "note_export", "put_back"]
