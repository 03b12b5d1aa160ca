"""The Parquet export beside the database, for readers that cannot open it while it is written.

Per-document tables are partitioned one file per document (``<table>/<doc_id>.parquet``) and
``documents.parquet`` holds every document row; the collection's own rows go to
``<table>/__collection__.parquet`` and its edges to one file per source document. Every file is
written to a temporary name and renamed into place, so readers never see half a file; and a
writer marks each change of the files (:func:`changing`), so that a reader takes the files of
one state, not some of the files before a change and some after (:func:`export_files`).
"""

from __future__ import annotations

import functools
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import duckdb
import polars as pl

from docnav.errors import StoreError, cause
from docnav.model import SCHEMA_VERSION
from docnav.rows import DOC_COLUMNS, DocumentRecord
from docnav.store import COLLECTION_DOC_ID, PER_DOC_TABLES, Store
from docnav.texts import KeptTexts
from docnav.wording import counted

_COLLECTION_MARK = ".collection_token"  # the collection token the collection files show
# "<n> writing" while a writer changes the files (the n-th change), "<n> done" after it
_STATE = ".state"
_READING = ".reading-"  # a reader's hard links to the files it reads (export_files)
_BEHIND = ".behind"  # "<n>\n<why>": a run wrote n documents, not their export, since the export
READ_WAIT = 30.0  # seconds a reader waits for a change of the files to end

F = TypeVar("F", bound=Callable)


def _writes_export(fn: F) -> F:
    """A failure to write the export (a full disk, a folder that cannot be written) becomes a
    StoreError that names the file and says what is kept: the store has the documents, and
    those whose files were not written stay queued (``pending_export``) for the next run."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except (OSError, duckdb.IOException, pl.exceptions.PolarsError) as exc:
            raise StoreError(
                f"could not write the Parquet export: {cause(exc)}. The store has every document "
                "written; the files not written stay queued and the next run writes them "
                "(free disk space, or make the folder writable, first)") from exc
    return wrapper  # type: ignore[return-value]


@_writes_export
def export_documents(
    con: duckdb.DuckDBPyConnection, parquet_dir: Path, changed: Iterable[str],
    removed: Iterable[str], in_hand: Mapping[str, Mapping[str, pl.DataFrame]] | None = None,
) -> None:
    """Bring the Parquet export of documents up to date after a write.

    Per-document tables are partitioned one file per document (``<table>/<doc_id>.parquet``);
    only the files of ``changed`` documents are rewritten and those of ``removed`` ones
    deleted; ``documents.parquet`` is rewritten whole. Every file is written to a temporary
    name and renamed into place, so readers of the export never see half a file.

    in_hand: for some of ``changed``, the rows just written, per table (embeddings: see
    :func:`docnav.store.embeddings_frame`): written as they are, where a query would scan the whole table
    (and for embeddings read every stored vector, see Store.cached_embeddings).
    """
    in_hand = in_hand or {}
    for table in PER_DOC_TABLES:
        (parquet_dir / table).mkdir(parents=True, exist_ok=True)
    for doc_id in removed:
        for table in PER_DOC_TABLES:
            (parquet_dir / table / f"{doc_id}.parquet").unlink(missing_ok=True)
        # collection-owned edges from its nodes were deleted with it
        _collection_edges_file(parquet_dir, doc_id).unlink(missing_ok=True)
    # One query per table for a chunk of documents, split per document in memory: a query
    # per document and table rescans the table each time, quadratic in a full build.
    doc_ids = list(changed)
    for start in range(0, len(doc_ids), _EXPORT_CHUNK):
        chunk = doc_ids[start : start + _EXPORT_CHUNK]
        for table in PER_DOC_TABLES:
            docs = [d for d in chunk if table not in in_hand.get(d, {})]
            if docs:
                _export_partitions(con, table, docs, parquet_dir / table)
    for doc_id, frames in in_hand.items():
        for table, frame in frames.items():
            _write_in_hand(con, table, frame, parquet_dir / table / f"{doc_id}.parquet")
    _copy_table_atomic(con, "documents", parquet_dir / "documents.parquet")


@_writes_export
def export_collection(
    con: duckdb.DuckDBPyConnection, parquet_dir: Path, edges: Mapping[str, pl.DataFrame],
    removed: Iterable[str] = (), in_hand: Mapping[str, pl.DataFrame] | None = None,
    known: KeptTexts | None = None,
) -> None:
    """Bring the export of the collection's own rows up to date.

    Collection-owned edges (related, cross-document references, contains) are partitioned
    by the document of their source node, ``edges/__collection__.<doc_id>.parquet``, so an
    edit rewrites only the partitions of the documents whose edges changed: ``edges`` holds
    each of those documents' edges, all of them, as the update left them (an empty frame
    removes the file). The collection's other rows (its node, summary, claims) are small
    and go to ``<table>/__collection__.parquet``.

    in_hand: of those tables, the collection's rows as just written (a query for its one node
    row scans every node). known: which texts have vectors, when the caller keeps that (the
    collection node's text normally has none, and the query to find that out scans every
    embedding's hash).
    """
    in_hand = in_hand or {}
    for table in PER_DOC_TABLES:
        (parquet_dir / table).mkdir(parents=True, exist_ok=True)
    for table in ("nodes", "embeddings", "summaries", "claims"):  # it has no links or vectors
        final = parquet_dir / table / f"{COLLECTION_DOC_ID}.parquet"
        if table in in_hand:
            _write_in_hand(con, table, in_hand[table], final)
        elif table == "embeddings" and "nodes" in in_hand:
            # the vectors of its nodes' texts, looked up by hash (no scan of every node)
            hashes = sorted(set(in_hand["nodes"]["text_hash"].to_list()))
            if known is not None and not any(known.models.get(h) for h in hashes):
                _write_atomic(pl.DataFrame(schema=_schema(con, table)), final)
            else:
                _copy_atomic(con, "SELECT * FROM embeddings WHERE text_hash = "
                             "ANY($hashes::VARCHAR[]) ORDER BY rowid", final, {"hashes": hashes})
        else:
            _export_partitions(con, table, [COLLECTION_DOC_ID], parquet_dir / table)
    for doc_id in removed:
        _collection_edges_file(parquet_dir, doc_id).unlink(missing_ok=True)
    # the whole-collection edges file of exports written before the partitioning
    (parquet_dir / "edges" / f"{COLLECTION_DOC_ID}.parquet").unlink(missing_ok=True)
    for doc_id, frame in edges.items():
        final = _collection_edges_file(parquet_dir, doc_id)
        if frame.is_empty():
            final.unlink(missing_ok=True)
        else:
            _write_in_hand(con, "edges", frame, final)


@_writes_export
def export_whole_collection(
    con: duckdb.DuckDBPyConnection, parquet_dir: Path, known: KeptTexts | None = None,
) -> None:
    """Write every file of the collection's own rows from the store, and remove the edge
    partitions of documents that are gone: after a run that died between its collection
    update and that update's export (which files it changed is not known then)."""
    frame = con.execute(
        "SELECT coalesce(n.doc_id, e.doc_id) AS _doc, e.* FROM edges e "
        "LEFT JOIN nodes n ON n.node_id = e.src WHERE e.doc_id = ? ORDER BY e.rowid",
        [COLLECTION_DOC_ID]).pl()
    parts = frame.partition_by("_doc", as_dict=True, include_key=False)
    empty = frame.clear().drop("_doc")
    docs = [d for (d,) in con.execute("SELECT doc_id FROM documents").fetchall()]
    edges = {d: parts.get((d,), empty) for d in [COLLECTION_DOC_ID, *docs]}
    prefix = f"{COLLECTION_DOC_ID}."
    for f in (parquet_dir / "edges").glob(f"{prefix}*.parquet"):
        if f.name[len(prefix):-len(".parquet")] not in edges:
            f.unlink(missing_ok=True)
    export_collection(con, parquet_dir, edges, known=known)


@contextmanager
def changing(parquet_dir: Path) -> Iterator[None]:
    """Around a writer's change of the export's files (a run's documents, its collection
    files): readers wait while it lasts, and a reader that took files while one began or
    ended takes them again (:func:`export_files`). A failed change is marked ended too: its
    files are what a reader can have (the store queues them for the next run)."""
    parquet_dir.mkdir(parents=True, exist_ok=True)
    n = _generation(parquet_dir) + 1
    _mark(parquet_dir / _STATE, f"{n} writing")
    try:
        yield
    finally:
        _mark(parquet_dir / _STATE, f"{n} done")
        _clear_readings(parquet_dir)


def _generation(parquet_dir: Path) -> int:
    state = _state(parquet_dir)
    return int(state.split()[0]) if state and state.split()[0].isdigit() else 0


def _state(parquet_dir: Path) -> str | None:
    try:
        return (parquet_dir / _STATE).read_text()
    except OSError:
        return None


@contextmanager
def export_files(parquet_dir: Path, tables: Iterable[str], wait: float = READ_WAIT
                 ) -> Iterator[dict[str, list[Path]]]:
    """The export's files of ``tables`` (``documents``: documents.parquet) as one state of
    the export: taken while no writer changes them (a reader waits up to ``wait`` seconds
    for a change to end, then takes what there is), and hard-linked into a folder of the
    reader's own for as long as it reads them, so that a writer replacing or deleting them
    meanwhile changes nothing it reads. Before, a reader during a run saw the new document
    rows beside the old documents' nodes (or edges into nodes just deleted), or failed on a
    file deleted between its listing and its read. Where no link can be made (a read-only
    folder), the files themselves, listed while no change ran."""
    tables = list(tables)
    deadline = time.monotonic() + wait
    while True:
        before = _state(parquet_dir)
        if before and before.endswith("writing") and time.monotonic() < deadline:
            time.sleep(0.02)
            continue
        files = {t: [parquet_dir / "documents.parquet"] if t == "documents" else
                 sorted((parquet_dir / t).glob("*.parquet")) for t in tables}
        try:
            own = Path(tempfile.mkdtemp(prefix=_READING, dir=parquet_dir))
        except OSError:  # cannot write there: the files as listed
            if _state(parquet_dir) == before or time.monotonic() >= deadline:
                yield files
                return
            continue
        try:
            linked = _linked(files, own)
            if linked is not None and (_state(parquet_dir) == before
                                       or time.monotonic() >= deadline):
                yield linked
                return
        finally:
            shutil.rmtree(own, ignore_errors=True)


def _linked(files: dict[str, list[Path]], own: Path) -> dict[str, list[Path]] | None:
    """``files`` hard-linked into ``own`` (None: one was deleted meanwhile)."""
    out: dict[str, list[Path]] = {}
    for table, paths in files.items():
        (own / table).mkdir()
        out[table] = []
        for path in paths:
            link = own / table / path.name
            try:
                os.link(path, link)
            except FileNotFoundError:
                if table == "documents":  # no export: the caller says so
                    out[table].append(path)
                    continue
                return None
            out[table].append(link)
    return out


def _clear_readings(parquet_dir: Path, older: float = 3600.0) -> None:
    """The link folders of readers that died an hour ago or more."""
    for folder in parquet_dir.glob(f"{_READING}*"):
        try:
            if time.time() - folder.stat().st_mtime > older:
                shutil.rmtree(folder, ignore_errors=True)
        except OSError:
            pass


NO_PARQUET = "a run with --no-parquet wrote the store since"
PRUNED = "`docnav prune --no-parquet` deleted vectors since"
STOPPED = "a run that stopped before its export wrote the store since"
WRITING = "a run is writing the store, or one killed before its export wrote it since"


@dataclass(frozen=True)
class WritingMark:
    """The export of a store marked as being written as a run took the store
    (:func:`mark_writing`), and the mark the run found there (None: none), which a run that
    wrote nothing puts back."""

    parquet_dir: Path
    found: str | None

    def put_back(self) -> None:
        """The mark as the run found it (where it found none: no mark)."""
        if self.found is None:
            (self.parquet_dir / _BEHIND).unlink(missing_ok=True)
        else:
            _mark(self.parquet_dir / _BEHIND, self.found)


def mark_writing(store: Store) -> WritingMark | None:
    """Before a run's first write to ``store``: its export marked as older than the store, by
    a count not known yet, so that a run killed outright (SIGKILL, the OOM killer) after it
    wrote the store and before its export leaves the readers told; the run sets the mark it
    ends with (:func:`mark_behind`) after its export. None where there is no export of this
    store to mark."""
    if not store.has_export():
        return None
    mark = store.parquet_dir / _BEHIND
    try:
        found: str | None = mark.read_text()
    except OSError:
        found = None
    _mark(mark, f"\n{WRITING}")
    return WritingMark(store.parquet_dir, found)


def mark_behind(parquet_dir: Path, behind: int, why: str = NO_PARQUET) -> None:
    """Note that the export is older than the store by ``behind`` documents (written or
    removed, their export pending) and ``why``, or that it is not (0: a run wrote the export);
    readers say which."""
    mark = parquet_dir / _BEHIND
    if not behind:
        mark.unlink(missing_ok=True)
    elif (parquet_dir / "documents.parquet").exists():
        _mark(mark, f"{behind}\n{why}")


def export_behind(parquet_dir: Path) -> bool:
    """Whether a run wrote the store and not the export after the export was last written."""
    return (parquet_dir / _BEHIND).exists()


def behind_note(parquet_dir: Path, store: str = "the store") -> str:
    """What readers of an export behind ``store`` are told: by how many documents, and why."""
    try:
        count, why = (parquet_dir / _BEHIND).read_text().split("\n", 1)
    except (OSError, ValueError):  # gone since, or marked by an older DocNav: no count
        count, why = "", NO_PARQUET
    if count.isdigit():
        behind = f"is behind {store} by {counted(int(count), 'document')}"
    elif why == WRITING:  # a run holds the store: it may have written nothing (yet)
        behind = f"may be older than {store}"
    else:
        behind = f"is older than {store}"
    return (f"the export {behind} ({why}; the next run without --no-parquet brings the "
            "export up to date)")


def collection_export_mark(parquet_dir: Path) -> str | None:
    """The store's collection token as of the collection files exported last (None: none)."""
    mark = parquet_dir / _COLLECTION_MARK
    return mark.read_text() if mark.exists() else None


@_writes_export
def mark_collection_export(parquet_dir: Path, token: str | None) -> None:
    """Note that the collection files show the store at collection token ``token``."""
    _mark(parquet_dir / _COLLECTION_MARK, token or "")


def _mark(mark: Path, text: str) -> None:
    """``text`` as the whole of the file ``mark`` (``.behind``, the collection's token), on
    disk with the folder's entry for it before this returns: a run's mark set before its first
    write would otherwise be lost to a crash of the machine (written, not synced), leaving
    readers of an export older than the store told nothing."""
    tmp = mark.with_suffix(".tmp")
    try:
        with open(tmp, "w") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, mark)
        folder = os.open(mark.parent, os.O_RDONLY)
        try:
            os.fsync(folder)  # the rename itself
        finally:
            os.close(folder)
    finally:
        tmp.unlink(missing_ok=True)  # left only when the write failed


def _write_in_hand(
    con: duckdb.DuckDBPyConnection, table: str, frame: pl.DataFrame, final: Path
) -> None:
    """Write rows held in memory as a query of ``table`` would give them (its column order
    and types; a frame built with them is written as it is: the no-op conversion costs two
    query plans, ~0.3 ms a file, and an edit writes one file per document whose edges changed)."""
    schema = _schema(con, table)
    if frame.schema != schema:
        frame = frame.select(list(schema)).cast(dict(schema))
    _write_atomic(frame, final)


# (schema version, table) -> the columns and types a query of the table gives (a store
# of another version is refused when it is opened)
_SCHEMAS: dict[tuple[int, str], pl.Schema] = {}


def _schema(con: duckdb.DuckDBPyConnection, table: str) -> pl.Schema:
    """The data-frame schema of ``table``, looked up once per process and schema version (a
    look-up costs a query and a conversion of its result, on every edit otherwise)."""
    key = (SCHEMA_VERSION, table)
    if key not in _SCHEMAS:
        _SCHEMAS[key] = con.execute(f"SELECT * FROM {table} LIMIT 0").pl().schema
    return _SCHEMAS[key]


def _copy_atomic(
    con: duckdb.DuckDBPyConnection, query: str, final: Path, params: dict | None = None
) -> None:
    frame = con.execute(query, params).pl() if params else con.execute(query).pl()
    _write_atomic(frame, final)


def _copy_table_atomic(con: duckdb.DuckDBPyConnection, table: str, final: Path) -> None:
    """Write a whole table with DuckDB's own Parquet writer: for a table rewritten on every
    edit, such as ``documents``, it saves the conversion to a data frame (at 1,000 documents
    2.8 instead of 7.1 ms, the same schema)."""
    tmp = final.with_name(f".{final.name}.tmp{os.getpid()}")
    quoted = str(tmp).replace("'", "''")
    try:
        con.execute(f"COPY (SELECT * FROM {table}) TO '{quoted}' (FORMAT parquet)")
        os.replace(tmp, final)
    finally:
        tmp.unlink(missing_ok=True)  # left only when the write failed


def _write_atomic(frame: pl.DataFrame, final: Path) -> None:
    tmp = final.with_name(f".{final.name}.tmp{os.getpid()}")
    try:
        frame.write_parquet(tmp)
        os.replace(tmp, final)
    finally:
        tmp.unlink(missing_ok=True)  # left only when the write failed


def _collection_edges_file(parquet_dir: Path, doc_id: str) -> Path:
    return parquet_dir / "edges" / f"{COLLECTION_DOC_ID}.{doc_id}.parquet"


_EXPORT_CHUNK = 128  # documents exported per query (bounds the memory of a full build's export)


def _export_partitions(
    con: duckdb.DuckDBPyConnection, table: str, doc_ids: list[str], folder: Path
) -> None:
    """Write ``<folder>/<doc_id>.parquet`` for each of ``doc_ids``: that document's rows of
    ``table`` (for embeddings: the rows of its nodes' text hashes), in table order."""
    query = (
        "SELECT n.doc_id AS _doc, e.* FROM embeddings e JOIN (SELECT DISTINCT doc_id, "
        "text_hash FROM nodes WHERE doc_id = ANY($docs::VARCHAR[])) n "
        "USING (text_hash) ORDER BY _doc, e.rowid"
        if table == "embeddings"
        else f"SELECT doc_id AS _doc, * FROM {table} "
        "WHERE doc_id = ANY($docs::VARCHAR[]) ORDER BY _doc, rowid"
    )
    if not con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]:
        # an empty table (summaries and claims when summaries are off): no query to convert;
        # its result costs ~5 ms per table and edit, and at times 20-50 ms (benchmarks/README)
        empty = pl.DataFrame(schema=_schema(con, table))
        for doc_id in dict.fromkeys(doc_ids):
            _write_atomic(empty, folder / f"{doc_id}.parquet")
        return
    # a list parameter, not a joined table: DuckDB can then skip the row groups of other
    # documents instead of joining every row of the table
    frame = con.execute(query, {"docs": list(doc_ids)}).pl()
    parts = frame.partition_by("_doc", as_dict=True, maintain_order=True, include_key=False)
    empty = frame.clear().drop("_doc")
    for doc_id in dict.fromkeys(doc_ids):  # a document without rows gets an empty file
        _write_atomic(parts.get((doc_id,), empty), folder / f"{doc_id}.parquet")


def exported_documents(parquet_dir: Path) -> dict[str, DocumentRecord] | None:
    """The document rows as the export shows them (None when there is no export to read):
    for a process that must not open the database, whose read-only open would make a writer
    starting then fail. An export written before a column existed gives its default."""
    path = Path(parquet_dir) / "documents.parquet"
    try:
        frame = pl.read_parquet(path)
    except (OSError, pl.exceptions.PolarsError):
        return None
    columns = [c for c in DOC_COLUMNS if c in frame.columns]
    try:
        return {row["doc_id"]: DocumentRecord(**row)
                for row in frame.select(columns).iter_rows(named=True)}
    except TypeError:  # a column without a default missing: not an export of this DocNav's
        return None
