"""Reading the store while another process writes it: its Parquet export (the last complete
state), through views named as the tables."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import duckdb

from docnav.errors import StoreLocked
from docnav.export import export_files
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
    except StoreLocked as exc:
        if not store.has_export():  # none, or another store's beside it
            raise store.without_export(exc) from exc
    with export_files(store.parquet_dir, TABLES) as files:  # one state of the export
        con = _export_connection(store, files)
        try:
            yield con, True
        finally:
            con.close()


def _export_connection(store: Store, tables: dict[str, list[Path]]
                       ) -> duckdb.DuckDBPyConnection:
    """An in-memory database whose tables are views of the Parquet export's ``tables``
    (their files; empty tables where the export has none). Text vectors are exported with
    each document that uses them: the ``embeddings`` view keeps each once."""
    con = duckdb.connect()
    initialize(con, store.path)
    for table in TABLES:
        files = tables[table]
        if not files:
            continue
        listed = ", ".join("'" + str(f).replace("'", "''") + "'" for f in files)
        distinct = "DISTINCT " if table == "embeddings" else ""
        con.execute(f"DROP TABLE {table}")
        con.execute(f"CREATE VIEW {table} AS SELECT {distinct}* FROM "
                    f"read_parquet([{listed}], union_by_name = true)")
    return con
