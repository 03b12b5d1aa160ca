"""Change tokens in the store's ``meta`` table: a writer stamps a new random token in the
transaction that writes, so a process that kept what it last read knows, by comparing tokens,
whether another process wrote since."""

from __future__ import annotations

import uuid

import duckdb

DOCUMENTS_TOKEN = "documents_token"
# stamped by every collection update (docnav.related.SectionVectors)
COLLECTION_TOKEN = "collection_token"


def read_token(con: duckdb.DuckDBPyConnection, key: str) -> str | None:
    """The token stored under ``key`` in ``meta`` (None if never stamped)."""
    row = con.execute("SELECT value FROM meta WHERE key = ?", [key]).fetchone()
    return row[0] if row else None


def stamp_token(con: duckdb.DuckDBPyConnection, key: str) -> str:
    """Store a new random token under ``key`` (in the writer's transaction); returns it."""
    token = uuid.uuid4().hex
    (updated,) = con.execute("UPDATE meta SET value = ? WHERE key = ?", [token, key]).fetchone()
    if not updated:
        con.execute("INSERT INTO meta VALUES (?, ?)", [key, token])
    return token
