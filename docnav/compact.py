"""Rewriting the store's tables: in place after a bulk run (:func:`rewrite_tables`), and into
a new file that replaces the store (:func:`compact_store`, `docnav compact`).

DuckDB reuses the blocks freed by deletes for later writes, but never shrinks its file: after
``docnav prune`` has deleted an old embedding model's vectors, or after many edits, the file
stays at its largest. :func:`compact_store` copies every table, in row order, into a new file
beside the store, checks that the copy holds as many rows of each, and renames it over the
store. It holds the writer lock (:mod:`docnav.writer_lock`) exclusively from before it opens
the store until the new file is in place, so no DocNav writer can have the old file open or
open it afterwards; readers that opened it meanwhile read a complete store with the same rows.
If anything fails, or the process dies, before the rename, the store is as it was and the
half-written copy is deleted (by the next compaction, if the process died).
"""

from __future__ import annotations

import os
import time

import duckdb
from dataclasses import dataclass
from pathlib import Path

from docnav import writer_lock
from docnav.errors import StoreError
from docnav.store import Store, fault_point

_COPY = "docnav_compacted"  # the new file's catalog name while it is attached


@dataclass(frozen=True)
class CompactReport:
    path: Path
    bytes_before: int
    bytes_after: int
    seconds: float

    def summary(self) -> str:
        mib = 1024 * 1024
        return (f"{self.path}: {self.bytes_before / mib:.1f} MiB -> {self.bytes_after / mib:.1f} "
                f"MiB ({self.seconds:.1f} s)")


def compact_store(store: Store) -> CompactReport:
    """Rewrite the store at ``store.path`` into a new file of its rows only (see the module
    docstring). :class:`StoreError` when the store is missing, of another schema version, or
    held by a writer or a reader (nothing is changed then)."""
    if not store.exists():
        raise StoreError(f"{store.path}: no store here, nothing to compact")
    t = time.perf_counter()
    path = store.path
    copy = path.with_name(path.name + ".compacting")
    wal = path.with_name(path.name + ".wal")
    with writer_lock.take(path, exclusive=True):
        copy.unlink(missing_ok=True)  # left by a compaction that died: never swapped in
        before = path.stat().st_size + (wal.stat().st_size if wal.exists() else 0)
        try:
            _copy_tables(store, copy)
            _sync(copy)
            fault_point("SWAP")
            os.replace(copy, path)
            _sync(path.parent)
        except BaseException:
            copy.unlink(missing_ok=True)
            raise
    return CompactReport(path, before, path.stat().st_size, time.perf_counter() - t)


def rewrite_tables(con: duckdb.DuckDBPyConnection) -> None:
    """Rewrite every table whole, in its row order, inside the caller's transaction.

    A table filled by many appends (a full build writes a batch at a time, DuckDB
    checkpointing as it goes) is left in many small column segments, and every later
    checkpoint pays for them. On the 1,000-document benchmark store, the checkpoint after a
    one-document rewrite of ``nodes`` took 14.0 ms as built and 7.1 ms after this, one after a
    change to ``meta`` alone 5.5 and 3.3 ms; at 10 documents there was no difference. Rows,
    their order and every value stay as they were. The file keeps its size.
    """
    for table in _tables(con):
        _copy_table(con, table, f'"_compact_{table}"')
        con.execute(f'DROP TABLE "{table}"')
        con.execute(f'ALTER TABLE "_compact_{table}" RENAME TO "{table}"')


def _copy_tables(store: Store, copy: Path) -> None:
    """Every table of the store, in row order, into a new database at ``copy``; checked."""
    con = store._connect(read_only=False, locked=True)
    try:
        store._check_version(con)
        con.execute("CHECKPOINT")  # the WAL into the file: nothing of the store stays beside it
        con.execute(f"ATTACH '{_quoted(copy)}' AS {_COPY}")
        tables = _tables(con)
        for table in tables:
            _copy_table(con, table, f'{_COPY}.main."{table}"')
        for table in tables:
            (old, new) = con.execute(
                f'SELECT (SELECT count(*) FROM "{table}"), '
                f'(SELECT count(*) FROM {_COPY}.main."{table}")').fetchone()
            if old != new:
                raise StoreError(f"{store.path}: the compacted copy of table {table} has "
                                 f"{new} rows, the store {old}; the store is left as it was")
        con.execute(f"DETACH {_COPY}")
    finally:
        store._close(con)
    if store.path.with_name(store.path.name + ".wal").exists():
        raise StoreError(f"{store.path}: a write-ahead log is left beside the store after "
                         "its checkpoint; the store is left as it was")


def _tables(con: duckdb.DuckDBPyConnection) -> list[str]:
    """The store's tables (of the connection's own database, not an attached one)."""
    return [t for (t,) in con.execute(
        "SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() "
        "AND schema_name = 'main' AND NOT temporary ORDER BY 1").fetchall()]


def _copy_table(con: duckdb.DuckDBPyConnection, table: str, target: str) -> None:
    con.execute(f'CREATE TABLE {target} AS SELECT * FROM "{table}" ORDER BY rowid')


def _quoted(path: Path) -> str:
    return str(path).replace("'", "''")


def _sync(path: Path) -> None:
    """Flush a file, or a folder's entries, to disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
