"""DuckDB store of the document graph; its Parquet export (docnav.export) lives beside it.

One writer at a time (DuckDB allows one writing process). The writer holds the database file
only inside :meth:`Store.transaction`, so read-only readers in other processes can open it
between writes. Each document is replaced inside a single transaction: readers see either
the old or the new version, and a crash mid-write leaves the old one (DuckDB's WAL rolls the
unfinished transaction back on the next open).
"""

from __future__ import annotations

import json
import re
import shutil
import time
import uuid
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Literal

import duckdb
import numpy as np
import polars as pl

from docnav import writer_lock
from docnav.errors import StoreError, StoreLocked
from docnav.faults import fault_point
from docnav.model import DocTree, Edge, EdgeKind, NodeKind, NodeLink
from docnav.rows import (
    DOC_COLUMNS, NODE_COLUMNS, DocumentRecord, edges_frame, embeddings_frame, insert_frame,
    links_frame, node_from_row, nodes_frame, vector_bytes,
)
from docnav.rows import vector_of  # also docnav.store.vector_of, as the README says
from docnav.schema import check_version, initialize

if TYPE_CHECKING:
    from docnav.texts import KeptTexts

COLLECTION_DOC_ID = "__collection__"

TABLES = ("documents", "nodes", "edges", "links", "embeddings", "node_vectors", "summaries",
          "claims")
PER_DOC_TABLES = ("nodes", "edges", "links", "embeddings", "node_vectors", "summaries", "claims")

@dataclass(frozen=True)
class CachedEmbeddings:
    """vectors: text hash -> stored vector of the model asked for; other_models: the hashes
    that also have vectors of other models (their export cannot be written from ``vectors``)."""

    vectors: dict[str, np.ndarray]
    other_models: set[str]


class Store:
    """The DuckDB database at ``path`` and its Parquet export at ``parquet_dir``.

    ``lock_wait``: seconds a connection that writes waits for the store while another process
    holds it (a writer, a compaction, or a reader loading its tables, which takes seconds at
    most), retrying with growing pauses; 0 fails at once. Readers never wait: they read the
    Parquet export instead."""

    def __init__(self, path: str | Path, parquet_dir: str | Path | None = None,
                 lock_wait: float = 0.0) -> None:
        self.path = Path(path)
        self.lock_wait = lock_wait
        self.parquet_dir = Path(parquet_dir) if parquet_dir else self.path.parent / "parquet"
        self._session: duckdb.DuckDBPyConnection | None = None
        self._locks: dict[int, BinaryIO] = {}  # id of a writing connection -> its writer lock

    @contextmanager
    def session(self, lock_wait: float | None = None) -> Iterator["Store"]:
        """Hold one read-write connection for a whole run (one open instead of many).

        Inside a session, :meth:`reader` and :meth:`transaction` reuse it. Other processes
        cannot open the database meanwhile; they read the Parquet export instead.
        ``lock_wait``: this session's wait for the store (default: the store's).
        """
        if self._session is not None:
            yield self
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:  # a file in the way, a read-only file system, no permission
            raise StoreError(f"{self.path}: cannot create the store's folder "
                             f"{self.path.parent}: {exc.strerror or exc}") from exc
        self._session = self._connect(read_only=False, wait=lock_wait)
        try:
            initialize(self._session, self.path)
            yield self
        finally:
            con, self._session = self._session, None
            self._close(con)

    # -- connections -----------------------------------------------------------------------

    def exists(self) -> bool:
        return self.path.exists()

    def _connect(self, read_only: bool, locked: bool = False,
                 wait: float | None = None) -> duckdb.DuckDBPyConnection:
        """A connection; one that writes holds the writer lock shared until :meth:`_close`
        (``locked``: the caller holds it already, exclusively) and waits up to ``wait``
        seconds (default ``lock_wait``) while another process holds the store."""
        wait = self.lock_wait if wait is None else wait
        deadline, pause = time.monotonic() + (0.0 if read_only else wait), 0.05
        while True:
            try:
                return self._open(read_only, locked)
            except StoreLocked as exc:
                if time.monotonic() + pause > deadline:
                    if wait > 0 and not read_only:
                        raise StoreLocked(f"{exc} (waited {wait:g} s)") from exc
                    raise
                time.sleep(pause)
                pause = min(pause * 2, 1.0)

    def _open(self, read_only: bool, locked: bool) -> duckdb.DuckDBPyConnection:
        lock = None if read_only or locked else writer_lock.take(self.path, exclusive=False)
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
                holder = f" (PID {pid.group(1)})" if pid else ""
                raise StoreLocked(
                    f"{self.path}: the store is locked by another process{holder}: a running "
                    "`docnav index`, Dagster run or resident worker writing to it, or a query "
                    "loading it. Wait for it to finish (`--wait SECONDS`), or read the Parquet "
                    "export instead."
                ) from exc
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
    def reader(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """A read-only connection; fails clearly if the store is missing or locked."""
        if self._session is not None:
            yield self._session
            return
        if not self.exists():
            raise StoreError(
                f"{self.path}: no store here. Create it with `docnav --db {self.path} index PATH`."
            )
        con = self._connect(read_only=True)
        try:
            check_version(con, self.path)
            yield con
        finally:
            self._close(con)

    @contextmanager
    def snapshot(self) -> Iterator[tuple[duckdb.DuckDBPyConnection, bool]]:
        """A read-only connection for a listing, and whether it reads the Parquet export:
        while another process holds the database, the export (the last complete state) is
        read instead, through views named as the tables. Missing store: as :meth:`reader`."""
        try:
            with self.reader() as con:
                yield con, False
                return
        except StoreLocked:
            if not (self.parquet_dir / "documents.parquet").exists():
                raise
        con = self._export_connection()
        try:
            yield con, True
        finally:
            con.close()

    def _export_connection(self) -> duckdb.DuckDBPyConnection:
        """An in-memory database whose tables are views of the Parquet export (empty tables
        where the export has no file). Text vectors are exported with each document that
        uses them: the ``embeddings`` view keeps each once."""
        con = duckdb.connect()
        initialize(con, self.path)
        for table in TABLES:
            if table == "documents":
                files = [self.parquet_dir / "documents.parquet"]
            else:
                files = sorted((self.parquet_dir / table).glob("*.parquet"))
            if not files:
                continue
            listed = ", ".join("'" + str(f).replace("'", "''") + "'" for f in files)
            distinct = "DISTINCT " if table == "embeddings" else ""
            con.execute(f"DROP TABLE {table}")
            con.execute(f"CREATE VIEW {table} AS SELECT {distinct}* FROM "
                        f"read_parquet([{listed}], union_by_name = true)")
        return con

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
            raise StoreError(f"{self.path}: could not write to the store: {exc}. Nothing of "
                             "this write was kept (free disk space, or make the folder "
                             "writable, then run again)") from exc
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
        """Changes with every write to the ``documents`` table (see :func:`_documents_written`):
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

    def cached_embeddings(
        self, con: duckdb.DuckDBPyConnection, model: str, text_hashes: Sequence[str],
        near: Sequence[str] = (), known: KeptTexts | None = None,
    ) -> CachedEmbeddings:
        """The stored vectors of ``model`` for those of ``text_hashes`` that have one.

        DuckDB reads the vector column whole even when a filter keeps a few rows (~30 ms at
        50K vectors, on every edit), so which hashes are stored is asked without the vectors,
        and the vectors are read first from the exported embeddings of the documents ``near``
        (the previous versions of the documents being indexed, which hold most of their
        texts), and only the rest from the database. A stored vector never changes (it is
        keyed by text hash and model), so an exported copy of one is that vector. (An ART index
        on text_hash would make the database lookup ~3 ms, but DuckDB rewrites the whole index
        at every checkpoint: +0.6 s per edit at 1,000 documents. Not used.) ``known``: which
        vectors are stored, when the caller keeps that (then only the vectors are read).
        """
        wanted = sorted(set(text_hashes))
        if not wanted:
            return CachedEmbeddings({}, set())
        stored: set[str] = set()
        other_models: set[str] = set()
        if known is not None:
            pairs = [(h, m) for h in wanted for m in known.models.get(h, ())]
        else:
            pairs = con.execute(
                "SELECT text_hash, model FROM embeddings WHERE text_hash = ANY(?::VARCHAR[])",
                [wanted]).fetchall()
        for h, m in pairs:
            (stored if m == model else other_models).add(h)
        vectors = self._exported_vectors(near, model, stored)
        rest = sorted(stored - vectors.keys())
        if rest:
            for h, m, v in con.execute(
                "SELECT text_hash, model, vector FROM embeddings "
                "WHERE text_hash = ANY(?::VARCHAR[])", [rest],
            ).fetchall():
                if m == model:
                    vectors[h] = vector_of(v)
        return CachedEmbeddings(vectors, other_models)

    def _exported_vectors(
        self, doc_ids: Sequence[str], model: str, wanted: set[str]
    ) -> dict[str, np.ndarray]:
        """Vectors of ``model`` among ``wanted`` found in the export files of ``doc_ids``;
        a missing or unreadable file just contributes nothing."""
        found: dict[str, np.ndarray] = {}
        for doc_id in doc_ids:
            path = self.parquet_dir / "embeddings" / f"{doc_id}.parquet"
            try:
                frame = pl.read_parquet(path, columns=["text_hash", "model", "vector"])
            except (OSError, pl.exceptions.PolarsError):
                continue
            frame = frame.filter(
                (pl.col("model") == model) & pl.col("text_hash").is_in(sorted(wanted)))
            for h, v in zip(frame["text_hash"].to_list(), frame["vector"].to_list()):
                if v is not None:
                    found[h] = vector_of(v)
        return found

    # -- writes ------------------------------------------------------------------------------

    @staticmethod
    def update_document_rows(con: duckdb.DuckDBPyConnection,
                             records: Iterable[DocumentRecord]) -> None:
        """Rewrite the ``documents`` rows of ``records`` only (their trees stay as stored)."""
        for record in records:
            _write_document_row(con, record)
        _documents_written(con)

    @staticmethod
    def replace_document(
        con: duckdb.DuckDBPyConnection, record: DocumentRecord, tree: DocTree | None,
        stored: DocTree | None | Literal["read"] = "read",
    ) -> dict[str, pl.DataFrame]:
        """Write the document row and, when ``tree`` is given, replace its nodes and edges;
        returns the rows written per table (for the export). ``stored``: the tree stored now
        (None: none), when the caller has it in hand; by default it is read."""
        _write_document_row(con, record)
        _documents_written(con)
        if tree is None:
            return {}
        _queue_replaced(con, record.doc_id, {n.node_id for n in tree.nodes},
                        {n.text_hash for n in tree.nodes}, stored)
        for table in ("nodes", "edges", "links", "node_vectors"):
            con.execute(f"DELETE FROM {table} WHERE doc_id = ?", [record.doc_id])
        frames = {"nodes": nodes_frame(tree.nodes),
                  "edges": edges_frame(tree.edges, record.doc_id),
                  "links": links_frame(tree.links, record.doc_id)}
        for table, frame in frames.items():
            insert_frame(con, table, frame)
        return frames

    @staticmethod
    def delete_document(con: duckdb.DuckDBPyConnection, doc_id: str) -> list[str | None]:
        """Remove the document with everything it owns; returns its nodes' text hashes."""
        # edges first: collection-owned edges from this document's nodes go with them
        con.execute(
            "DELETE FROM edges WHERE doc_id = ? OR src IN (SELECT node_id FROM nodes "
            "WHERE doc_id = ?)", [doc_id, doc_id]
        )
        texts = _queue_replaced(con, doc_id, set(), set())
        for table in ("documents", "nodes", "links", "node_vectors", "summaries", "claims"):
            con.execute(f"DELETE FROM {table} WHERE doc_id = ?", [doc_id])
        _documents_written(con)
        return texts

    @staticmethod
    def put_embeddings(
        con: duckdb.DuckDBPyConnection, model: str, vectors: dict[str, np.ndarray],
        absent: bool = False,
    ) -> None:
        """Store the vectors of ``model`` by text hash, skipping those already stored.

        absent: the caller knows none of them is stored (it keeps the stored texts, see
        :class:`docnav.texts.KeptTexts`): they are appended without the check, a join with
        every stored vector's hash (+2 ms an edit at 1,000 documents)."""
        if not vectors:
            return
        if absent:
            insert_frame(con, "embeddings", embeddings_frame(model, vectors))
            return
        con.register("_new_embeddings", embeddings_frame(model, vectors))
        try:
            con.execute(
                "INSERT INTO embeddings SELECT n.* FROM _new_embeddings n ANTI JOIN embeddings e "
                "ON e.text_hash = n.text_hash AND e.model = n.model"
            )
        finally:
            con.unregister("_new_embeddings")

    @staticmethod
    def put_node_vectors(
        con: duckdb.DuckDBPyConnection, model: str, doc_id: str,
        rows: list[tuple[str, str, np.ndarray]],
    ) -> pl.DataFrame:
        """Store (node_id, local_key, vector) rows of one document, after
        :meth:`replace_document` removed its old ones; returns the rows written."""
        frame = pl.DataFrame(
            {
                "node_id": [r[0] for r in rows],
                "doc_id": [doc_id] * len(rows),
                "local_key": [r[1] for r in rows],
                "model": [model] * len(rows),
                "vector": [vector_bytes(r[2]) for r in rows],
            },
            schema={"node_id": pl.Utf8, "doc_id": pl.Utf8, "local_key": pl.Utf8,
                    "model": pl.Utf8, "vector": pl.Binary},
        )
        insert_frame(con, "node_vectors", frame)
        return frame

    @staticmethod
    def queue_collection_work(
        con: duckdb.DuckDBPyConnection, changed: Sequence[str], removed: Sequence[str],
        touched_paths: Sequence[str],
    ) -> None:
        rows = ([(d, None, "changed") for d in changed] + [(d, None, "removed") for d in removed]
                + [(None, p, "touched") for p in touched_paths])
        if rows:
            con.executemany("INSERT INTO pending_collection VALUES (?, ?, ?)", rows)

    @staticmethod
    def queue_export(con: duckdb.DuckDBPyConnection, doc_ids: Iterable[str]) -> None:
        """Note, in the transaction that writes them, documents whose export is to follow."""
        ids = list(dict.fromkeys(doc_ids))
        if ids:  # once per document: runs without export leave the queue as it is
            con.execute("DELETE FROM pending_export WHERE doc_id = ANY(?::VARCHAR[])", [ids])
            con.execute("INSERT INTO pending_export SELECT unnest(?::VARCHAR[])", [ids])

    @staticmethod
    def pending_exports(con: duckdb.DuckDBPyConnection) -> list[str]:
        return sorted(d for (d,) in con.execute(
            "SELECT DISTINCT doc_id FROM pending_export").fetchall())

    @staticmethod
    def exported(con: duckdb.DuckDBPyConnection, doc_ids: Sequence[str]) -> None:
        """The export of ``doc_ids`` is written: no longer pending."""
        if doc_ids:
            con.execute("DELETE FROM pending_export WHERE doc_id = ANY(?::VARCHAR[])",
                        [list(doc_ids)])

    @staticmethod
    def take_collection_work(
        con: duckdb.DuckDBPyConnection,
    ) -> tuple[list[str], list[str], list[str]]:
        """(changed doc ids, removed doc ids, touched paths) queued so far; the queue is emptied
        in the caller's transaction, so a failed collection step leaves it for the next one."""
        rows = con.execute("SELECT DISTINCT doc_id, path, kind FROM pending_collection").fetchall()
        con.execute("DELETE FROM pending_collection")
        changed = sorted({d for d, _, k in rows if k == "changed"})
        removed = sorted({d for d, _, k in rows if k == "removed"})
        return changed, removed, sorted({p for _, p, k in rows if k == "touched"})

    @staticmethod
    def prune_embeddings(
        con: duckdb.DuckDBPyConnection, known: KeptTexts | None = None
    ) -> list[str]:
        """Drop embeddings no stored node uses any more (after deletes and edits); returns
        the texts whose vectors were dropped.

        Only the texts of nodes replaced or deleted since the last prune can have lost their
        last user, so only those are checked: the cost follows the edit, not the store.
        ``known``: how many nodes use each text, when the caller keeps that.
        """
        candidates = [h for (h,) in con.execute(
            "SELECT DISTINCT text_hash FROM pending_prune").fetchall()]
        con.execute("DELETE FROM pending_prune")
        if not candidates:
            return []
        if known is not None:
            used = {h for h in candidates if h in known.users}
        else:
            used = {h for (h,) in con.execute(
                "SELECT DISTINCT text_hash FROM nodes WHERE text_hash = ANY(?::VARCHAR[])",
                [candidates]).fetchall()}
        unused = sorted(h for h in candidates if h not in used)
        if unused:
            con.execute("DELETE FROM embeddings WHERE text_hash = ANY(?::VARCHAR[])", [unused])
        return unused

    # -- parquet -----------------------------------------------------------------------------

    def files(self) -> list[Path]:
        """What the store writes: the database, the files DuckDB and DocNav put beside it (its
        write-ahead log, spill folder, writer lock, a compaction's copy) and the Parquet export.
        A watcher of a folder that holds them must not take its own writes for changes."""
        db = str(self.path)
        return [self.path, *(Path(db + suffix) for suffix in (".wal", ".tmp", ".compacting")),
                Path(str(self.path.resolve()) + ".compacting"), writer_lock.lock_path(self.path),
                self.parquet_dir]

    def remove(self) -> None:
        """Delete the database and its export (used by full rebuilds)."""
        for p in (self.path, Path(str(self.path) + ".wal")):
            p.unlink(missing_ok=True)
        shutil.rmtree(self.parquet_dir, ignore_errors=True)


_NOT_COMPRESSED = "fsst"  # DuckDB compression methods not used (see Store._connect)

DOCUMENTS_TOKEN = "documents_token"
# stamped by every collection update (docnav.related.SectionVectors)
COLLECTION_TOKEN = "collection_token"


def docs_of(con: duckdb.DuckDBPyConnection, node_ids: set[str]) -> set[str]:
    """The documents the nodes ``node_ids`` belong to."""
    if not node_ids:
        return set()
    return {d for (d,) in con.execute(
        "SELECT DISTINCT doc_id FROM nodes WHERE node_id = ANY(?::VARCHAR[])", [sorted(node_ids)]
    ).fetchall()}


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


def _write_document_row(con: duckdb.DuckDBPyConnection, record: DocumentRecord) -> None:
    # An UPDATE of the existing row, not DELETE + INSERT: an appended row makes the next
    # checkpoint rewrite the table's last row group (every document's row, ~30 ms at 1,000
    # documents), an updated one only the changed values.
    values = [getattr(record, c) for c in DOC_COLUMNS[1:]]
    (updated,) = con.execute(
        f"UPDATE documents SET {', '.join(f'{c} = ?' for c in DOC_COLUMNS[1:])} "
        "WHERE doc_id = ?", [*values, record.doc_id],
    ).fetchone()
    if not updated:
        con.execute(f"INSERT INTO documents VALUES ({', '.join('?' * len(DOC_COLUMNS))})",
                    [record.doc_id, *values])


def _documents_written(con: duckdb.DuckDBPyConnection) -> None:
    stamp_token(con, DOCUMENTS_TOKEN)


def _queue_replaced(
    con: duckdb.DuckDBPyConnection, doc_id: str, kept: set[str], kept_texts: set[str],
    stored: DocTree | None | Literal["read"] = "read",
) -> list[str | None]:
    """Before ``doc_id``'s nodes are replaced or deleted, remember the texts not in
    ``kept_texts`` (their embedding may lose its last user) and which of the ids not in
    ``kept`` a collection reference can use: sections and the document node (link targets)
    and nodes with links (sources). ``stored``: its stored tree, if the caller has it (the
    query scans the nodes table, time in proportion to the collection). Returns the text
    hashes of the nodes stored now, one per node."""
    if isinstance(stored, str):  # "read"
        rows = con.execute(
            "SELECT node_id, text_hash, kind IN ('section', 'document') OR node_id IN "
            "(SELECT node_id FROM links WHERE doc_id = $d) FROM nodes WHERE doc_id = $d",
            {"d": doc_id}).fetchall()
    elif stored is None:
        rows = []
    else:
        sources = {link.node_id for link in stored.links}
        rows = [(n.node_id, n.text_hash,
                 n.kind in (NodeKind.SECTION, NodeKind.DOCUMENT) or n.node_id in sources)
                for n in stored.nodes]
    hashes = sorted({h for _, h, _ in rows if h is not None and h not in kept_texts})
    gone = sorted(n for n, _, endpoint in rows if endpoint and n not in kept)
    if hashes:
        con.execute("INSERT INTO pending_prune SELECT unnest(?::VARCHAR[])", [hashes])
    if gone:
        con.execute("INSERT INTO pending_gone SELECT unnest(?::VARCHAR[])", [gone])
    return [h for _, h, _ in rows]
