"""DuckDB store of the document graph; its Parquet export (docnav.export) lives beside it.

One writer at a time (DuckDB allows one writing process). The writer holds the database file
only inside :meth:`Store.transaction`, so read-only readers in other processes can open it
between writes. Each document is replaced inside a single transaction: readers see either
the old or the new version, and a crash mid-write leaves the old one (DuckDB's WAL rolls the
unfinished transaction back on the next open).

The per-document writes, the work queues and the text vectors are in
:mod:`docnav.store_writes`, :mod:`docnav.store_queues` and :mod:`docnav.store_embeddings`
(:class:`Store` has their methods); the change tokens in :mod:`docnav.store_tokens`; a
reading of the export while the store is locked in :mod:`docnav.snapshot`.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import shutil
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

import duckdb

from docnav import rows as _rows
from docnav import writer_lock
from docnav.errors import InputError, RunCancelled, StoreError, StoreLocked, cause
from docnav.faults import fault_point
from docnav.model import DocTree, Edge, EdgeKind, NodeLink
from docnav.rows import DOC_COLUMNS, NODE_COLUMNS, DocumentRecord, node_from_row
from docnav.schema import check_version, initialize
from docnav.store_embeddings import StoredEmbeddings
from docnav.store_queues import WorkQueues
from docnav.store_tokens import DOCUMENTS_TOKEN, read_token
from docnav.store_writes import DocumentWrites

COLLECTION_DOC_ID = "__collection__"
# An alias of docnav.vector_of (the reader of a stored vector), by the name the README gave it
# first: scripts written since import docnav.store.vector_of
vector_of = _rows.vector_of

TABLES = ("documents", "nodes", "edges", "links", "embeddings", "node_vectors", "summaries",
          "claims")
PER_DOC_TABLES = ("nodes", "edges", "links", "embeddings", "node_vectors", "summaries", "claims")


def beyond_its_folder(path: Path) -> bool:
    """Whether a store at ``path`` could not be made with its own folder alone: that folder
    and the one above it are missing (`docnav index` makes the first, not the folders above
    it, as the path is then more likely a typo)."""
    return not os.path.lexists(path.parent) and not os.path.lexists(path.parent.parent)


def no_store(path: Path) -> StoreError:
    """The error for a store that is not there, with the command that makes it. Where its
    folder is missing too (:func:`beyond_its_folder`), `index` refuses to make it there: it
    says so."""
    made = f"`docnav --db {path} index PATH`"
    if beyond_its_folder(path):
        return StoreError(f"{path}: no store here, and no folder {path.parent.parent}: check "
                          f"the path; to make a store there, `mkdir -p {path.parent}` and "
                          f"{made}.")
    return StoreError(f"{path}: no store here. Create it with {made}.")


log = logging.getLogger(__name__)


def _logged(line: str) -> None:
    """A wait's line where the store is given no ``waiting``: logged as a warning, which Python
    prints on stderr where logging is not set up (a library run waited in silence)."""
    log.warning("%s", line)


class Store(DocumentWrites, WorkQueues, StoredEmbeddings):
    """The DuckDB database at ``path`` and its Parquet export at ``parquet_dir``.

    ``lock_wait``: seconds a connection that writes waits for the store while another process
    holds it (a writer, a compaction, or a reader loading its tables, which takes seconds at
    most), retrying with growing pauses; 0 fails at once. Readers never wait: they read the
    Parquet export instead. ``waiting``: told, as such a wait starts, a line naming the holder
    (:func:`docnav.writer_lock.waiting_line`), where a session is given none of its own;
    without it, the line is logged (logger ``docnav.store``, level WARNING)."""

    def __init__(self, path: str | Path, parquet_dir: str | Path | None = None,
                 lock_wait: float = 0.0, waiting: Callable[[str], None] | None = None) -> None:
        self.path = Path(path)
        self.lock_wait = lock_wait
        self.waiting = waiting or _logged
        self.parquet_dir = Path(parquet_dir) if parquet_dir else self.path.parent / "parquet"
        self._session: duckdb.DuckDBPyConnection | None = None
        self._locks: dict[int, BinaryIO] = {}  # id of a writing connection -> its writer lock

    @contextmanager
    def session(self, lock_wait: float | None = None,
                should_stop: Callable[[], bool] | None = None,
                waiting: Callable[[str], None] | None = None) -> Iterator["Store"]:
        """Hold one read-write connection for a whole run (one open instead of many).

        Inside a session, :meth:`reader` and :meth:`transaction` reuse it. Other processes
        cannot open the database meanwhile; they read the Parquet export instead.
        ``lock_wait``: this session's wait for the store (default: the store's), which
        ``should_stop`` may end and ``waiting`` is told of as it starts (:meth:`_connect`).
        """
        if self._session is not None:
            yield self
            return
        new = self._absent()
        self._make_folder()
        self._session = self._connect(read_only=False, wait=lock_wait, should_stop=should_stop,
                                      waiting=waiting)
        undo = False
        try:
            try:
                initialize(self._session, self.path)
            except StoreError:  # a DuckDB database of other tables: "nothing was written"
                undo = True
                raise
            try:
                yield self
            # refused (a setting, another store's export); a run stopped (Ctrl-C, a cancelled
            # Dagster run) keeps the store it made, as it says
            except (InputError, StoreError):
                undo = self.path in new and self._holds_nothing()
                raise
        finally:
            con, self._session = self._session, None
            self._close(con)
            if undo:
                self._remove_new(new)

    def _absent(self) -> list[Path]:
        """What a session would create that is not there yet: the folders up to the store's,
        the database and its write-ahead log, the writer lock, the export folder."""
        folders = [p for p in (self.path.parent, *self.path.parent.parents)
                   if not os.path.lexists(p)]
        made = [self.path, self.wal_path, writer_lock.lock_path(self.path), self.parquet_dir]
        return [p for p in made if not os.path.lexists(p)] + folders

    def _remove_new(self, paths: list[Path]) -> None:
        """What a refused session created (:meth:`_absent`: files, then folders, the deepest
        first): it leaves nothing where there was nothing; an empty store there would be
        taken for one."""
        for path in paths:
            if path == self.parquet_dir:
                shutil.rmtree(path, ignore_errors=True)
            elif path.is_dir():
                with contextlib.suppress(OSError):  # not empty: another process's files
                    path.rmdir()
            else:
                path.unlink(missing_ok=True)

    def _holds_nothing(self) -> bool:
        """Whether the session's store holds no document: a run refused (another store's
        export in its folder, an embedding model that cannot load) wrote none."""
        try:
            return self._session.execute("SELECT count(*) FROM documents").fetchone()[0] == 0
        except duckdb.Error:
            return False

    def _make_folder(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:  # a file in the way, a read-only file system, no permission
            raise StoreError(f"{self.path}: cannot create the store's folder "
                             f"{self.path.parent}: {exc.strerror or exc}") from exc

    # -- connections -----------------------------------------------------------------------

    def exists(self) -> bool:
        return self.path.exists()

    def is_empty_file(self) -> bool:
        """Whether the path is a file of no bytes (`touch`ed): no store yet, which a writing
        open turns into one."""
        return self.path.is_file() and self.path.stat().st_size == 0

    @property
    def wal_path(self) -> Path:
        """DuckDB's write-ahead log beside the database (named after the path used); a path
        with no name (`--db .`) is a folder, refused as :meth:`_open` refuses one."""
        if not self.path.name:
            raise self._folder()
        return self.path.with_name(self.path.name + ".wal")

    def _folder(self) -> StoreError:
        """The error for a path that is a folder (`--db .docnav`: the default store's)."""
        inside = self.path / "docnav.duckdb"
        return StoreError(f"{self.path}: a folder, not a store: a store is one DuckDB file" + (
            f"; this folder holds one: --db {inside}" if inside.is_file() else
            f", such as {inside}"))

    def _connect(self, read_only: bool, locked: bool = False, wait: float | None = None,
                 should_stop: Callable[[], bool] | None = None,
                 waiting: Callable[[str], None] | None = None) -> duckdb.DuckDBPyConnection:
        """A connection; one that writes holds the writer lock shared until :meth:`_close`
        (``locked``: the caller holds it already, exclusively) and waits up to ``wait``
        seconds (default ``lock_wait``) while another process holds the store, unless
        ``should_stop`` says to stop (RunCancelled: a watcher's batch waited out the whole
        ``--wait`` after Ctrl-C); ``waiting`` gets a line naming the holder as a wait starts."""
        def stopped(exc: StoreLocked) -> RunCancelled | None:
            if should_stop is None or not should_stop():
                return None
            return RunCancelled(f"{self.path}: stopped while waiting for the store held by "
                                "another process; nothing was written")

        waits = not read_only or wait is not None  # a reader waits only when asked to
        wait = (self.lock_wait if wait is None else wait) if waits else 0.0
        return writer_lock.retried(lambda: self._open(read_only, locked, waits),
                                   wait, stopped, waiting or self.waiting)

    def _open(self, read_only: bool, locked: bool,
              waits: bool = True) -> duckdb.DuckDBPyConnection:
        if self.path.is_dir():  # `--db .docnav`: the folder the default store is in
            raise self._folder()
        if read_only:  # a writer's lock asks it first
            writer_lock.check_store_file(self.path)
        if read_only and self.is_empty_file():  # `touch`ed, `mktemp`
            raise StoreError(f"{self.path}: an empty file, no store yet. Create it with "
                             f"`docnav --db {self.path} index PATH`.")
        lock = None if read_only or locked else writer_lock.take(self.path, exclusive=False)
        if not read_only and self.is_empty_file():
            self.path.unlink()  # a new store in its place: DuckDB refuses an empty file
        try:
            con = duckdb.connect(str(self.path), read_only=read_only)
        except BaseException as exc:
            if lock is not None:
                lock.close()
            if not isinstance(exc, (duckdb.IOException, duckdb.ConnectionException)):
                raise
            # IOException: another process holds the file; ConnectionException: this process
            # already holds it open read-write (waiting cannot help)
            if isinstance(exc, duckdb.ConnectionException):
                raise StoreLocked(f"{self.path}: the store is locked: this process has it "
                                  "open for writing (an index run in progress)") from exc
            if "lock" in str(exc).lower():
                pid = re.search(r"\(PID (\d+)\)", str(exc))
                by = f" (PID {pid.group(1)})" if pid else ""
                holder = (f"{self.path}: the store is locked by another process{by}: a "
                          "running `docnav index`, Dagster run or resident worker writing to "
                          "it, or a query loading it")
                # a writer (or a reader that waits) cannot use the export: told how to wait
                advice = writer_lock.WAIT_ADVICE if waits else writer_lock.READER_ADVICE
                raise StoreLocked(f"{holder}. {advice}", holder) from exc
            raise StoreError(f"{self.path}: cannot open the store: {exc}") from exc
        if lock is not None:
            self._locks[id(con)] = lock
        if not read_only:
            # No FSST for the strings this connection writes: the columns queries filter on
            # hashes, which FSST barely compresses, while decoding it costs every scan and
            # training it every checkpoint. At 1,000 documents: file +9 %, the checkpoint after
            # a one-document rewrite 33 -> 18 ms, a scan of node ids 4.9 -> 3.3 ms
            # (benchmarks/README.md, edit scaling).
            con.execute(f"SET disabled_compression_methods = '{_NOT_COMPRESSED}'")
        return con

    @contextmanager
    def reader(self, wait: float | None = None) -> Iterator[duckdb.DuckDBPyConnection]:
        """A read-only connection; fails clearly if the store is missing or locked (at once,
        or after ``wait`` seconds: a command that takes --wait, such as `prune --dry-run`)."""
        if self._session is not None:
            yield self._session
            return
        if not self.exists():
            raise no_store(self.path)
        con = self._connect(read_only=True, wait=wait)
        try:
            check_version(con, self.path)
            yield con
        finally:
            self._close(con)

    @contextmanager
    def exclusive(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """A read-write connection, checked for the schema version, for a caller that holds
        the writer lock exclusively (:func:`docnav.compact.compact_store`)."""
        con = self._connect(read_only=False, locked=True)
        try:
            check_version(con, self.path)
            yield con
        finally:
            self._close(con)

    def _close(self, con: duckdb.DuckDBPyConnection) -> None:
        try:
            con.close()
        finally:
            lock = self._locks.pop(id(con), None)
            if lock is not None:
                lock.close()

    @contextmanager
    def transaction(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """A write transaction, on the session's connection or one held only for its duration."""
        con = self._session or self._connect(read_only=False)
        try:
            con.execute("BEGIN TRANSACTION")
            try:
                yield con
            except BaseException:
                con.execute("ROLLBACK")
                raise
            fault_point("COMMIT")
            con.execute("COMMIT")
        except (duckdb.IOException, duckdb.TransactionException) as exc:
            # a full disk, a file size limit, a file that cannot be written
            raise StoreError(f"{self.path}: could not write to the store: {cause(exc)}. "
                             "Nothing of this write was kept (free disk space, or make the "
                             "folder writable, then run again)") from exc
        finally:
            if con is not self._session:
                self._close(con)

    # -- reads -------------------------------------------------------------------------------

    @staticmethod
    def documents(con: duckdb.DuckDBPyConnection) -> dict[str, DocumentRecord]:
        rows = con.execute(f"SELECT {', '.join(DOC_COLUMNS)} FROM documents").fetchall()
        return {r[0]: DocumentRecord(*r) for r in rows}

    @staticmethod
    def documents_token(con: duckdb.DuckDBPyConnection) -> str | None:
        """Changes with every write to the ``documents`` table (see :func:`docnav.store_writes._documents_written`):
        a process that kept the rows it last read or wrote knows from it whether they are
        still the stored ones."""
        return read_token(con, DOCUMENTS_TOKEN)

    @staticmethod
    def verdicts(con: duckdb.DuckDBPyConnection,
                 paths: Sequence[str]) -> list[tuple[str, str, str, float]]:
        """The checked claims of the documents at ``paths``: (path, claim, verdict, score);
        claims not checked (summaries built with verification off) are left out."""
        return con.execute(
            "SELECT d.path, c.text, c.verdict, coalesce(c.score, 0) FROM claims c "
            "JOIN documents d ON d.doc_id = c.doc_id WHERE d.path IN (SELECT unnest(?)) "
            "AND c.verdict IS NOT NULL",
            [list(paths)],
        ).fetchall()

    @staticmethod
    def load_tree(con: duckdb.DuckDBPyConnection, doc_id: str) -> DocTree | None:
        doc = con.execute(
            "SELECT path, title, format, metadata FROM documents WHERE doc_id = ? "
            "AND tree_hash IS NOT NULL", [doc_id]
        ).fetchone()
        if doc is None:
            return None
        rows = con.execute(
            f"SELECT {', '.join(NODE_COLUMNS)} FROM nodes WHERE doc_id = ? ORDER BY position",
            [doc_id],
        ).fetchall()
        nodes = tuple(node_from_row(r) for r in rows)
        edges = tuple(
            Edge(s, d, EdgeKind(k), w)
            for s, d, k, w in con.execute(
                "SELECT src, dst, kind, weight FROM edges WHERE doc_id = ?", [doc_id]
            ).fetchall()
        )
        links = tuple(
            NodeLink(*r)
            for r in con.execute(
                "SELECT node_id, target, text FROM links WHERE doc_id = ?", [doc_id]
            ).fetchall()
        )
        meta = tuple(tuple(x) for x in json.loads(doc[3] or "[]"))
        return DocTree(doc_id, doc[0], doc[1], doc[2], nodes, edges, links, meta)

    # -- parquet -----------------------------------------------------------------------------

    def files(self) -> list[Path]:
        """What the store writes: the database, the files DuckDB and DocNav put beside it (its
        write-ahead log, spill folder, writer lock, a compaction's copy) and the Parquet export.
        A watcher of a folder that holds them must not take its own writes for changes."""
        db = str(self.path)
        return [self.path, *(Path(db + suffix) for suffix in (".wal", ".tmp", ".compacting")),
                Path(str(self.path.resolve()) + ".compacting"), writer_lock.lock_path(self.path),
                self.parquet_dir]

    def export_of_another(self) -> str | None:
        """The path of another store whose Parquet export :attr:`parquet_dir` holds (two
        stores in one folder share its ``parquet/``; a reader given the export folder of a
        store elsewhere): None where it is this store's, or no store's yet. An export beside
        a store of its owner's name, in the store's folder, is that store's: the folder was
        moved or copied with it."""
        try:
            owner = (self.parquet_dir / EXPORT_OWNER).read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError):
            return None
        if not owner:
            return None
        recorded = self.parquet_dir.parent / owner  # an older export names the store beside it
        if recorded.name == self.path.name and _same_path(self.parquet_dir.parent,
                                                          self.path.parent):
            return None
        return None if _same_path(recorded, self.path) else str(recorded)

    def has_export(self) -> bool:
        """Whether :attr:`parquet_dir` holds this store's export, for readers to read while a
        writer holds the database."""
        return ((self.parquet_dir / "documents.parquet").exists()
                and self.export_of_another() is None)

    def without_export(self, exc: StoreLocked) -> StoreLocked:
        """``exc`` (the store held by another process) for a reader that cannot read the
        export instead: who holds it, why there is no export, and what to do. Said from its
        holder alone: the writer's message offers the export and ``--wait``, which a reader
        has not (it said both, then that there is no export)."""
        other = self.export_of_another()
        why = (f"{self.parquet_dir} holds the export of another store, {other}" if other
               else f"{self.parquet_dir} has no documents.parquet: the store's first index "
               "run has not written it yet, or it is indexed with --no-parquet")
        return StoreLocked(f"{exc.holder}. There is no Parquet export to read instead ({why}):"
                           " try again when that process has finished.", exc.holder)

    def claim_export(self) -> None:
        """Before a run writes the export: mark :attr:`parquet_dir` as this store's. An
        error where another store beside this one has it (each would overwrite the other's
        files, and readers would read the wrong store); the export of a store no longer there
        (renamed, deleted) is cleared, to be written again whole."""
        other = self.export_of_another()
        if other is not None:
            if Path(other).exists():
                raise StoreError(
                    f"{self.path}: its Parquet export folder {self.parquet_dir} holds the "
                    f"export of another store, {other}: the two would "
                    f"overwrite each other's files. Give this store a folder of its own "
                    f"(`--db DIR/{self.path.name}`), or index it with --no-parquet")
            shutil.rmtree(self.parquet_dir, ignore_errors=True)
        self._make_folder()
        if self.parquet_dir.exists() and not self.parquet_dir.is_dir():
            raise StoreError(
                f"{self.parquet_dir}: the store's Parquet export goes to a folder of that "
                "name, and a file is there: move the file away, give the store a folder of "
                f"its own (`--db DIR/{self.path.name}`), or index it with --no-parquet")
        try:
            self.parquet_dir.mkdir(parents=True, exist_ok=True)
            (self.parquet_dir / EXPORT_OWNER).write_text(str(self.path.resolve()),
                                                         encoding="utf-8")
        except OSError as exc:
            raise StoreError(f"{self.parquet_dir}: cannot write the Parquet export: "
                             f"{exc.strerror or exc}") from exc

    def remove(self) -> None:
        """Delete the database and its export (used by full rebuilds)."""
        for p in (self.path, self.wal_path):
            p.unlink(missing_ok=True)
        shutil.rmtree(self.parquet_dir, ignore_errors=True)


# in the export folder: the path of the store whose export it is (its file name alone in
# older exports: the store of that name beside the folder)
EXPORT_OWNER = ".store"


def _same_path(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name one file or folder (through links; as written, where
    either is missing)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return a.resolve() == b.resolve()

_NOT_COMPRESSED = "fsst"  # DuckDB compression methods not used (see Store._connect)


def docs_of(con: duckdb.DuckDBPyConnection, node_ids: set[str]) -> set[str]:
    """The documents the nodes ``node_ids`` belong to."""
    if not node_ids:
        return set()
    return {d for (d,) in con.execute(
        "SELECT DISTINCT doc_id FROM nodes WHERE node_id = ANY(?::VARCHAR[])", [sorted(node_ids)]
    ).fetchall()}
