"""The store's tables, and the upgrade of a store written by an older DocNav.

Every writer creates the tables that are missing (:func:`initialize`); a store of an older
schema version is brought up to date in place when :data:`_UPGRADES` knows how (a column added,
say), in one transaction, and refused with what to do otherwise. Readers only check the
version (:func:`check_version`): they cannot upgrade, so they say which command does.
"""

from __future__ import annotations

from pathlib import Path

import duckdb

from docnav.errors import GIVE_STORE, StoreError
from docnav.model import SCHEMA_VERSION
from docnav.summary_rows import SUMMARY_SCHEMA

_TABLES_SQL = """
CREATE TABLE IF NOT EXISTS meta (key VARCHAR, value VARCHAR);
CREATE TABLE IF NOT EXISTS documents (
    doc_id VARCHAR, path VARCHAR, format VARCHAR, title VARCHAR,
    content_hash VARCHAR,        -- hash of the bytes of the indexed version
    seen_hash VARCHAR,           -- hash of the bytes last seen (differs when that failed)
    tree_hash VARCHAR, version INTEGER, status VARCHAR, error VARCHAR,
    size_bytes BIGINT, n_nodes INTEGER, metadata VARCHAR,
    indexed_at DOUBLE, checked_at DOUBLE,
    parsed_with VARCHAR          -- the parser and options that made the stored tree
);
CREATE TABLE IF NOT EXISTS nodes (
    node_id VARCHAR, doc_id VARCHAR, local_key VARCHAR, kind VARCHAR, block_kind VARCHAR,
    level INTEGER, position INTEGER, parent_id VARCHAR, heading VARCHAR, breadcrumb VARCHAR,
    text VARCHAR, page INTEGER, anchor VARCHAR, text_hash VARCHAR, tree_hash VARCHAR
);
CREATE TABLE IF NOT EXISTS edges (
    src VARCHAR, dst VARCHAR, kind VARCHAR, weight DOUBLE,
    doc_id VARCHAR               -- owner: the source's document, or __collection__
);
CREATE TABLE IF NOT EXISTS links (node_id VARCHAR, doc_id VARCHAR, target VARCHAR, text VARCHAR);
CREATE TABLE IF NOT EXISTS embeddings (text_hash VARCHAR, model VARCHAR, vector BLOB);
-- text hashes of replaced or deleted nodes: the only embeddings a prune may find unused
CREATE TABLE IF NOT EXISTS pending_prune (text_hash VARCHAR);
-- ids of nodes that replaced or deleted documents no longer have, since the last collection
-- update, among those a collection reference can use: the only endpoints it can have lost
CREATE TABLE IF NOT EXISTS pending_gone (node_id VARCHAR);
-- collection-level work queued by per-document runs (Dagster partitions)
CREATE TABLE IF NOT EXISTS pending_collection (doc_id VARCHAR, path VARCHAR, kind VARCHAR);
-- documents written or deleted whose Parquet files may not show it yet: queued with the
-- write, cleared once exported, so a run that died in between leaves them to the next one
CREATE TABLE IF NOT EXISTS pending_export (doc_id VARCHAR);
-- one vector per section (mean of its subtree's paragraphs and heading): the related graph
CREATE TABLE IF NOT EXISTS node_vectors (
    node_id VARCHAR, doc_id VARCHAR, local_key VARCHAR, model VARCHAR, vector BLOB
);
"""


# schema version -> the statements that bring a store of it to the next version
_UPGRADES = {
    2: ["ALTER TABLE documents ADD COLUMN parsed_with VARCHAR"],  # NULL: parsed by an older DocNav
}


def _upgrade(con: duckdb.DuckDBPyConnection, version: int) -> None:
    """Bring a store of an older ``version`` to :data:`SCHEMA_VERSION` in one transaction
    (a failure leaves it as it was)."""
    con.execute("BEGIN TRANSACTION")
    try:
        while version != SCHEMA_VERSION:
            for statement in _UPGRADES[version]:
                con.execute(statement)
            version += 1
        con.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'",
                    [str(SCHEMA_VERSION)])
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise


def stored_version(row: tuple | None) -> int | None:
    """The schema version a meta row holds; None for none, or one that is no number (a
    damaged meta table: int() of it was a traceback in every command)."""
    if row is None:
        return None
    try:
        return int(row[0])
    except (TypeError, ValueError):
        return None


def initialize(con: duckdb.DuckDBPyConnection, path: Path) -> None:
    """Create the tables if missing; upgrade a store of an older version that can be
    upgraded in place; refuse any other schema version, and a database that holds other
    things than a DocNav store (``path`` names the store)."""
    _refuse_foreign(con, path)
    con.execute(_TABLES_SQL)
    con.execute(SUMMARY_SCHEMA)
    row = con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    version = stored_version(row)
    if row is None:
        con.execute("INSERT INTO meta VALUES ('schema_version', ?)", [str(SCHEMA_VERSION)])
    elif version in _UPGRADES:
        _upgrade(con, version)
    elif version != SCHEMA_VERSION:
        raise StoreError(_other_version(path, row[0], version, "writes"))


def _refuse_foreign(con: duckdb.DuckDBPyConnection, path: Path, writer: bool = True) -> None:
    """A DuckDB file of something else (no ``meta`` table, but tables, views or schemas of its
    own) is not made into a store: DocNav's tables would be written into it, and a compaction
    keeps only those. A reader, which writes nothing to any file, asks for a store alone."""
    if con.execute("SELECT count(*) FROM duckdb_tables() WHERE database_name = "
                   "current_database() AND schema_name = 'main' AND table_name = 'meta'"
                   ).fetchone()[0]:
        return
    found = [f"{kind} {name}" for kind, name in con.execute(
        "SELECT 'table', schema_name || '.' || table_name FROM duckdb_tables() "
        "WHERE database_name = current_database() "
        "UNION ALL SELECT 'view', schema_name || '.' || view_name FROM duckdb_views() "
        "WHERE database_name = current_database() AND NOT internal "
        "UNION ALL SELECT 'schema', schema_name FROM duckdb_schemas() "
        "WHERE database_name = current_database() AND NOT internal AND schema_name <> 'main' "
        "ORDER BY 1, 2").fetchall()]
    if found:
        shown = ", ".join(found[:5]) + (", ..." if len(found) > 5 else "")
        fix = ("a new file (or a DocNav store); nothing was written." if writer else
               "a DocNav store.")
        raise StoreError(f"{path}: not a DocNav store: this DuckDB database holds {shown}. "
                         f"{GIVE_STORE} {fix}")


def check_version(con: duckdb.DuckDBPyConnection, path: Path) -> None:
    """For a reader: the store is of this DocNav's schema version, or the error says what to
    run (the upgrade in place, or a rebuild)."""
    try:
        row = con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    except duckdb.CatalogException as exc:
        _refuse_foreign(con, path, writer=False)  # one of something else: what it holds
        raise StoreError(f"{path}: not a DocNav store (no meta table)") from exc
    version = stored_version(row)
    if version in _UPGRADES:
        raise StoreError(
            f"{path}: store has schema version {row[0]}, this DocNav reads version "
            f"{SCHEMA_VERSION}. Upgrade it in place (nothing is re-indexed): run "
            "`docnav index` on its folders once."
        )
    if version != SCHEMA_VERSION:
        raise StoreError(_other_version(path, row[0] if row else "none", version, "reads"))


def _other_version(path: Path, found: str, version: int | None, does: str) -> str:
    """Why a store of schema version ``found`` is refused, and what to do: of a newer DocNav's
    store, upgrading DocNav (deleting it would lose what the newer one wrote); of an older
    one that cannot be upgraded in place, or a version that is no number, a rebuild."""
    if version is not None and version > SCHEMA_VERSION:
        return (f"{path}: written by a newer DocNav (schema {version}; this one {does} "
                f"{SCHEMA_VERSION}): upgrade DocNav to use it; the store is left as it is")
    return (f"{path}: store has schema version {found}, this DocNav {does} version "
            f"{SCHEMA_VERSION}. Rebuild it: delete {path} and run `docnav index` again.")
