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
import os
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO, TypeVar

from docnav.errors import GIVE_STORE, StoreError, StoreLocked

T = TypeVar("T")
# what to do about a store another process holds: a writer, or `prune --dry-run` (a reader
# that waits as writers do), waits; a query reads the Parquet export meanwhile; after a wait
# given, it is told to give a longer one (retried)
WAIT_ADVICE = ("Try again when it has finished, or give `--wait SECONDS` to wait for it "
               "(index, watch, prune and compact take it).")
READER_ADVICE = "Wait for it to finish, or read the Parquet export instead."
_WAITED_ADVICE = "Try again when it has finished, or give a longer `--wait SECONDS`."
_DUCKDB_MAGIC = b"DUCK"  # a DuckDB database file's bytes 8-11


def lock_path(db: Path) -> Path:
    """Beside the database file itself: a store reached through a symbolic link, or by
    another path, has one lock."""
    db = db.resolve()
    return db.with_name(db.name + ".lock")


def take(db: Path, exclusive: bool) -> BinaryIO:
    """The writer lock of the store at ``db``, held until the returned file is closed;
    :class:`StoreError` at once when it is held the other way, or when ``db`` cannot be a
    store (no lock file is made beside it)."""
    check_store_file(db)
    try:
        f = open(lock_path(db), "a+b")
    except OSError as exc:
        raise StoreError(f"{db}: cannot open the store's lock file: {exc}") from exc
    try:
        fcntl.flock(f, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
    except BlockingIOError:
        holders = _holders(os.fstat(f.fileno()))[:1]
        f.close()
        by = "".join(f" (PID {pid})" for pid, _ in holders)
        if exclusive and not any(writing for _, writing in holders):
            pids = "".join(f"PID {pid}: " for pid, _ in holders)
            holder = (f"{db}: the store is locked by another process that is writing to it "
                      f"({pids}a running `docnav index`, Dagster run or resident worker)")
            raise StoreLocked(f"{holder}. Wait for it to finish, then compact.",
                              holder) from None
        if exclusive:  # held exclusively: only a compaction does
            holder = f"{db}: the store is locked: `docnav compact` is compacting it{by}"
            raise StoreLocked(f"{holder}. Wait for it to finish.", holder) from None
        # held exclusively, asked shared: a writer (index, prune, watch), never a reader
        holder = f"{db}: the store is locked: `docnav compact` is compacting it{by}"
        raise StoreLocked(f"{holder}. {WAIT_ADVICE}", holder) from None
    return f


def _holders(lock: os.stat_result) -> list[tuple[int, bool]]:
    """The other processes holding a lock on the file ``lock`` is the status of, as Linux lists
    them in /proc/locks ("1: FLOCK ADVISORY READ 4242 fd:01:917 0 EOF"): each one's PID and
    whether it holds the lock exclusively (WRITE: a compaction), so that a wait and its error
    name the holder as DuckDB's do; none known elsewhere."""
    try:
        with open("/proc/locks") as listing:
            rows = [line.split() for line in listing]
    except OSError:
        return []
    this = f"{os.major(lock.st_dev):02x}:{os.minor(lock.st_dev):02x}:{lock.st_ino}"
    held = {(int(row[4]), row[3] == "WRITE") for row in rows
            if len(row) > 5 and row[1] == "FLOCK" and row[5] == this
            and row[4].isdigit()}  # ("->" rows: processes waiting)
    return sorted(h for h in held if h[0] != os.getpid())


def check_store_file(db: Path) -> None:
    """:class:`StoreError` where ``db`` is there but can be no DuckDB store: not a regular file
    (`/dev/null`, a pipe), or a file of other bytes (a text file). Asked before the lock file
    is made, so that a store refused leaves nothing beside it."""
    try:
        mode = db.stat().st_mode
    except FileNotFoundError:  # a new store
        return
    except OSError as exc:
        raise StoreError(f"{db}: cannot read the store: {exc.strerror or exc}") from exc
    if stat.S_ISDIR(mode):  # the store's opener names the store a folder holds
        return
    if not stat.S_ISREG(mode):
        raise StoreError(f"{db}: not a regular file, so no store. {GIVE_STORE} a DuckDB file "
                         "(or a new path). Nothing was written.")
    try:
        with open(db, "rb") as f:
            head = f.read(12)
    except OSError as exc:
        raise StoreError(f"{db}: cannot read the store: {exc.strerror or exc}") from exc
    if head and head[8:12] != _DUCKDB_MAGIC:  # an empty file is a store yet to be made
        raise StoreError(f"{db}: not a DocNav store: not a DuckDB database file. {GIVE_STORE} "
                         "a new file (or a DocNav store); nothing was written.")


def retried(attempt: Callable[[], T], wait: float,
            stopped: Callable[[StoreLocked], Exception | None] = lambda exc: None,
            waiting: Callable[[str], None] | None = None) -> T:
    """``attempt()``, tried again while it raises :class:`StoreLocked` (another process holds
    the store), for up to ``wait`` seconds, after pauses of 0.05 s doubling up to 1 s; then
    that error, with "(waited N s)". ``stopped``: asked before each pause, the error to raise
    instead of waiting on (None: wait on). ``waiting``: told once, before the first pause, who
    holds the store and how long this waits (a Dagster run's log: a wait said nothing)."""
    deadline, pause = time.monotonic() + wait, 0.05
    while True:
        try:
            return attempt()
        except StoreLocked as exc:
            left = deadline - time.monotonic()
            if left <= 0:
                if wait > 0:  # it gave --wait: a longer one may do
                    said = str(exc)
                    if said.endswith(WAIT_ADVICE):
                        said = said[:-len(WAIT_ADVICE)] + _WAITED_ADVICE
                    raise StoreLocked(f"{said} (waited {wait:g} s)", exc.holder) from exc
                raise
            stop = stopped(exc)
            if stop is not None:
                raise stop from exc
            if waiting is not None:
                waiting(waiting_line(exc, wait))
                waiting = None
        time.sleep(min(pause, left))
        pause = min(pause * 2, 1.0)


def waiting_line(exc: StoreLocked, wait: float) -> str:
    """What a wait for the store says as it starts: the holder, as the error names it (its
    PID where DuckDB gives one), without the error's advice to wait."""
    return f"{exc.holder}; waiting up to {wait:g} s for it to finish"
