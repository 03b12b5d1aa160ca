"""The store's writer lock: ``<store>.lock``, a file beside the database.

DuckDB keeps two processes from writing one database file, but it cannot keep a process from
opening a file that is about to be replaced. Every DocNav connection that writes holds this
lock shared for as long as it is open (writers still exclude each other through DuckDB, as
before); :func:`docnav.compact.compact_store` holds it exclusively while it copies the
database and renames the copy over it, so no writer has the old file open then, or can open
it afterwards. Readers do not take it: a reader that opened the old file reads a complete
store, the same rows as the copy. The kernel lets go of the lock when its process dies.
"""

from __future__ import annotations

import fcntl
from pathlib import Path
from typing import BinaryIO

from docnav.errors import StoreError, StoreLocked


def lock_path(db: Path) -> Path:
    """Beside the database file itself: a store reached through a symbolic link, or by
    another path, has one lock."""
    db = db.resolve()
    return db.with_name(db.name + ".lock")


def take(db: Path, exclusive: bool) -> BinaryIO:
    """The writer lock of the store at ``db``, held until the returned file is closed;
    :class:`StoreError` at once when it is held the other way."""
    try:
        f = open(lock_path(db), "a+b")
    except OSError as exc:
        raise StoreError(f"{db}: cannot open the store's lock file: {exc}") from exc
    try:
        fcntl.flock(f, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
    except BlockingIOError:
        f.close()
        if exclusive:
            raise StoreLocked(
                f"{db}: the store is locked by another process that is writing to it (a "
                "running `docnav index`, Dagster run or resident worker). Wait for it to "
                "finish, then compact."
            ) from None
        raise StoreLocked(
            f"{db}: the store is locked: `docnav compact` is rewriting it. Wait for it to "
            "finish (readers meanwhile use the Parquet export)."
        ) from None
    return f
