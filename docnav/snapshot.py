"""Reading the store while another process writes it: its Parquet export (the last complete
state), through views named as the tables."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import duckdb

from docnav.errors import StoreLocked
from docnav.schema import initialize
from docnav.store import TABLES, Store


@contextmanager
def snapshot(store: Store) -> Iterator[tuple[duckdb.DuckDBPyConnection, bool]]:
    """A read-only connection for a listing, and whether it reads the Parquet export:
    while another process holds the database, the export (the last complete state) is
    read instead, through views named as the tables. Missing store: as :meth:`Store.reader`."""
    try:
        with store.reader() as con:
            yield con, False
            return
    except StoreLocked:
        if not store.has_export():  # none, or another store's beside it
            raise
    con = _export_connection(store)
    try:
        yield con, True
    finally:
        con.close()


def _export_connection(store: Store) -> duckdb.DuckDBPyConnection:
    """An in-memory database whose tables are views of the Parquet export (empty tables
    where the export has no file). Text vectors are exported with each document that
    uses them: the ``embeddings`` view keeps each once."""
    con = duckdb.connect()
    initialize(con, store.path)
    for table in TABLES:
        if table == "documents":
            files = [store.parquet_dir / "documents.parquet"]
        else:
            files = sorted((store.parquet_dir / table).glob("*.parquet"))
        if not files:
            continue
        listed = ", ".join("'" + str(f).replace("'", "''") + "'" for f in files)
        distinct = "DISTINCT " if table == "embeddings" else ""
        con.execute(f"DROP TABLE {table}")
        con.execute(f"CREATE VIEW {table} AS SELECT {distinct}* FROM "
                    f"read_parquet([{listed}], union_by_name = true)")
    return con
