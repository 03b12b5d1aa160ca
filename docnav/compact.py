"""Compaction: the store's tables copied into a new file that replaces the store
(:func:`compact_store`: `docnav compact`, and the indexer after a run that wrote much of the
collection).

DuckDB reuses the blocks freed by deletes for later writes, but never shrinks its file: after
``docnav prune`` has deleted an old embedding model's vectors, or after many edits, the file
stays at its largest. A bulk run's appends also leave the tables in many small segments, which
every later checkpoint pays for (on the 1,000-document benchmark store, the checkpoint after a
one-document rewrite of ``nodes`` took 14.0 ms as built, 7.1 ms with the tables rewritten
whole), and the file about twice the size of its rows. :func:`compact_store` copies every
table, in row order, into a new file beside the store, checks that the copy holds as many rows
of each, and renames it over the store. It holds the writer lock (:mod:`docnav.writer_lock`) exclusively from before it opens
the store until the new file is in place, so no DocNav writer can have the old file open or
open it afterwards; readers that opened it meanwhile read a complete store with the same rows.
If anything fails, or the process dies, before the rename, the store is as it was and the
half-written copy is deleted (by the next compaction, if the process died).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import duckdb

from docnav import writer_lock
from docnav.errors import StoreError, cause
from docnav.faults import fault_point
from docnav.store import Store

if TYPE_CHECKING:
    from docnav.report import IndexReport

# a run that wrote at least this many documents, and at least a quarter of the collection (a
# full build, a bulk load), compacts the store afterwards (:func:`worth_compacting`)
_MIN_DOCUMENTS = 16
_COPY = "docnav_compacted"  # the new file's catalog name while it is attached


@dataclass(frozen=True)
class CompactReport:
    path: Path
    bytes_before: int
    bytes_after: int
    seconds: float

    def to_json(self) -> dict:
        """`docnav compact --json`: the file, its size before and after in bytes, seconds."""
        return {"path": str(self.path), "bytes_before": self.bytes_before,
                "bytes_after": self.bytes_after, "seconds": round(self.seconds, 3)}

    def summary(self) -> str:
        return (f"{self.path}: {mib(self.bytes_before)} -> {mib(self.bytes_after)} "
                f"({self.seconds:.1f} s)")


def mib(n: int) -> str:
    """A file size as DocNav prints it: ``12.3 MiB``."""
    return f"{n / 2**20:.1f} MiB"


def worth_compacting(report: IndexReport) -> bool:
    """Whether the run wrote enough of the collection to compact the store afterwards (the
    documents re-embedded with a new model count: their vectors are all rewritten)."""
    written = (len(report.added) + len(report.changed) + len(report.renamed)
               + len(report.reembedded))
    return written >= _MIN_DOCUMENTS and 4 * written >= written + len(report.unchanged)


def compact_store(store: Store) -> CompactReport:
    """Rewrite the store at ``store.path`` into a new file of its rows only (see the module
    docstring). :class:`StoreError` when the store is missing, of another schema version, or
    held by a writer or a reader (nothing is changed then)."""
    if not store.exists() or store.is_empty_file():
        raise StoreError(f"{store.path}: {'an empty file, ' * store.is_empty_file()}no store "
                         "here, nothing to compact")
    t = time.perf_counter()
    path = store.path.resolve()  # a link to the store stays a link to the compacted file
    copy = path.with_name(path.name + ".compacting")
    wal = store.wal_path
    # a run holding the store is waited for (``docnav compact --wait``; it gave up at once)
    with writer_lock.retried(lambda: writer_lock.take(path, exclusive=True), store.lock_wait,
                             waiting=store.waiting):
        copy.unlink(missing_ok=True)  # left by a compaction that died: never swapped in
        before = path.stat().st_size + (wal.stat().st_size if wal.exists() else 0)
        try:
            _copy_tables(store, copy)
            _sync(copy)
            fault_point("SWAP")
            os.replace(copy, path)
            _sync(path.parent)
        except (OSError, duckdb.Error) as exc:  # a full disk, a file size limit
            copy.unlink(missing_ok=True)
            if "lock" in str(exc).lower():  # a process outside DocNav holds the database
                raise StoreError(f"{path}: the store is locked by another process: "
                                 f"{cause(exc)}. The store is left as it was; compact when it "
                                 "is done") from exc
            raise StoreError(f"{path}: could not write the compacted copy {copy.name}: "
                             f"{cause(exc)}. The store is left as it was (compacting needs free "
                             "disk space for the copy)") from exc
        except BaseException:
            copy.unlink(missing_ok=True)
            raise
    return CompactReport(path, before, path.stat().st_size, time.perf_counter() - t)


def _copy_tables(store: Store, copy: Path) -> None:
    """Every table of the store, in row order, into a new database at ``copy``; checked."""
    with store.exclusive() as con:
        con.execute("CHECKPOINT")  # the WAL into the file: nothing of the store stays beside it
        con.execute(f"ATTACH '{_quoted(copy)}' AS {_COPY}")
        tables = _tables(con)
        for table in tables:
            con.execute(f'CREATE TABLE {_COPY}.main."{table}" AS SELECT * FROM "{table}" '
                        "ORDER BY rowid")
        for table in tables:
            (old, new) = con.execute(
                f'SELECT (SELECT count(*) FROM "{table}"), '
                f'(SELECT count(*) FROM {_COPY}.main."{table}")').fetchone()
            if old != new:
                raise StoreError(f"{store.path}: the compacted copy of table {table} has "
                                 f"{new} rows, the store {old}; the store is left as it was")
        con.execute(f"DETACH {_COPY}")
    if store.wal_path.exists():
        raise StoreError(f"{store.path}: a write-ahead log is left beside the store after "
                         "its checkpoint; the store is left as it was")


def _tables(con: duckdb.DuckDBPyConnection) -> list[str]:
    """The store's tables (of the connection's own database, not an attached one)."""
    return [t for (t,) in con.execute(
        "SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() "
        "AND schema_name = 'main' AND NOT temporary ORDER BY 1").fetchall()]


def _quoted(path: Path) -> str:
    return str(path).replace("'", "''")


def _sync(path: Path) -> None:
    """Flush a file, or a folder's entries, to disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
