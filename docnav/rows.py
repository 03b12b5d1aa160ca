"""How the graph's rows look in the store: vectors as bytes, node, edge, link and embedding
rows as Polars frames, document rows as :class:`DocumentRecord` (used by :mod:`docnav.store`
and the modules that write beside it)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import duckdb
import numpy as np
import polars as pl

from docnav.model import Edge, Node, NodeKind, NodeLink

# Vectors are stored as the bytes of little-endian float32 arrays (BLOB), not FLOAT[]: DuckDB's
# checkpoint rewrites the row group that new rows were appended to (up to ~2,048 rows) with each
# float re-analysed for compression; as a BLOB the same rewrite is a copy of bytes. With 256-d
# vectors and a ~1,900-row tail: 19 ms -> 4.5 ms per checkpoint (benchmarks/README.md).
VECTOR_DTYPE = np.dtype("<f4")


def vector_bytes(vector: np.ndarray) -> bytes:
    """A vector as stored in the ``vector`` columns."""
    return np.asarray(vector, dtype=VECTOR_DTYPE).tobytes()


def vector_of(stored: bytes) -> np.ndarray:
    """A stored ``vector`` value as a float32 array (read-only: it shares the bytes)."""
    return np.frombuffer(stored, dtype=VECTOR_DTYPE)


def vector_matrix(stored: Sequence[bytes]) -> np.ndarray:
    """Stored vectors of one model (same length) as the rows of a float32 matrix (writable)."""
    if not stored:
        return np.zeros((0, 0), dtype=np.float32)
    joined = bytearray(b"".join(stored))
    return np.frombuffer(joined, dtype=VECTOR_DTYPE).reshape(len(stored), -1)


NODE_COLUMNS = [
    "node_id", "doc_id", "local_key", "kind", "block_kind", "level", "position", "parent_id",
    "heading", "breadcrumb", "text", "page", "anchor", "text_hash", "tree_hash",
]
_NODE_SCHEMA = {
    "node_id": pl.Utf8, "doc_id": pl.Utf8, "local_key": pl.Utf8, "kind": pl.Utf8,
    "block_kind": pl.Utf8, "level": pl.Int32, "position": pl.Int32, "parent_id": pl.Utf8,
    "heading": pl.Utf8, "breadcrumb": pl.Utf8, "text": pl.Utf8, "page": pl.Int32,
    "anchor": pl.Utf8, "text_hash": pl.Utf8, "tree_hash": pl.Utf8,
}
_EDGE_SCHEMA = {"src": pl.Utf8, "dst": pl.Utf8, "kind": pl.Utf8, "weight": pl.Float64,
                "doc_id": pl.Utf8}
_LINK_SCHEMA = {"node_id": pl.Utf8, "doc_id": pl.Utf8, "target": pl.Utf8, "text": pl.Utf8}


@dataclass(frozen=True)
class DocumentRecord:
    """A row of the ``documents`` table."""

    doc_id: str
    path: str
    format: str
    title: str
    content_hash: str | None
    seen_hash: str | None
    tree_hash: str | None
    version: int
    status: str
    error: str | None
    size_bytes: int
    n_nodes: int
    metadata: str
    indexed_at: float | None
    checked_at: float | None
    # the parser (docnav.parse.parser_id) that made the stored tree; None: an older DocNav's
    parsed_with: str | None = None


DOC_COLUMNS = list(DocumentRecord.__dataclass_fields__)


def nodes_frame(nodes: Sequence[Node]) -> pl.DataFrame:
    rows = {c: [] for c in NODE_COLUMNS}
    for n in nodes:
        for c in NODE_COLUMNS:
            v = getattr(n, c)
            rows[c].append(v.value if isinstance(v, NodeKind) else v)
    return pl.DataFrame(rows, schema=_NODE_SCHEMA)


def embeddings_frame(model: str, vectors: Mapping[str, np.ndarray]) -> pl.DataFrame:
    """Rows of the ``embeddings`` table: text hash -> vector, of ``model``."""
    return pl.DataFrame(
        {"text_hash": list(vectors), "model": [model] * len(vectors),
         "vector": [vector_bytes(v) for v in vectors.values()]},
        schema={"text_hash": pl.Utf8, "model": pl.Utf8, "vector": pl.Binary},
    )


def edges_frame(edges: Iterable[Edge], owner: str) -> pl.DataFrame:
    rows = [(e.src, e.dst, e.kind.value, float(e.weight), owner) for e in edges]
    return pl.DataFrame(rows, schema=_EDGE_SCHEMA, orient="row")


def links_frame(links: Iterable[NodeLink], doc_id: str) -> pl.DataFrame:
    rows = [(x.node_id, doc_id, x.target, x.text) for x in links]
    return pl.DataFrame(rows, schema=_LINK_SCHEMA, orient="row")


def insert_frame(con: duckdb.DuckDBPyConnection, table: str, frame: pl.DataFrame) -> None:
    """Append ``frame``'s rows (its columns in the table's order) to ``table``."""
    if frame.is_empty():
        return
    con.register("_rows", frame)
    try:
        con.execute(f"INSERT INTO {table} SELECT * FROM _rows")
    finally:
        con.unregister("_rows")


def node_from_row(r: tuple) -> Node:
    """A ``nodes`` row (its columns as :data:`NODE_COLUMNS`) as a Node."""
    values = dict(zip(NODE_COLUMNS, r))
    values["kind"] = NodeKind(values["kind"])
    return Node(**values)
