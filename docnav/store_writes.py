"""Writes of one document's rows: its ``documents`` row and tree (nodes, edges, links), which
stamp the documents token, and its section vectors. Replacing or deleting a tree queues the
texts that may lose their last user (for the prune) and the link endpoints that go (for the
collection step)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

import duckdb
import numpy as np
import polars as pl

from docnav.model import DocTree, NodeKind
from docnav.rows import (
    DOC_COLUMNS, DocumentRecord, edges_frame, insert_frame, links_frame, nodes_frame,
    vector_bytes,
)
from docnav.store_tokens import DOCUMENTS_TOKEN, stamp_token


class DocumentWrites:
    """The per-document writes of :class:`docnav.store.Store`, each in the caller's
    transaction."""

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
