"""The produced tables, loaded for a :class:`~docnav.query.graph.DocNavGraph`: from the DuckDB
store or its Parquet export, with the vectors of one model per node and the embedder that
made them."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import duckdb
import polars as pl

from docnav.errors import StoreError
from docnav.export import export_files
from docnav.model import SCHEMA_VERSION
from docnav.rows import vector_of
from docnav.schema import stored_version

if TYPE_CHECKING:
    from docnav.query.graph import NodeView


def tables_from_db(con: duckdb.DuckDBPyConnection) -> dict[str, pl.DataFrame]:
    row = con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    if stored_version(row) != SCHEMA_VERSION:
        raise StoreError(f"store schema version {row[0] if row else 'none'} is not "
                         f"{SCHEMA_VERSION}; rebuild it with `docnav index`")
    return {
        "documents": con.execute("SELECT * FROM documents").pl(),
        "nodes": con.execute("SELECT * FROM nodes").pl(),
        "edges": con.execute("SELECT * FROM edges").pl(),
        "summaries": con.execute("SELECT * FROM summaries").pl(),
        "embeddings": con.execute(
            "SELECT e.text_hash, e.model, e.vector FROM embeddings e").pl(),
        "node_vectors": con.execute("SELECT node_id, model, vector FROM node_vectors").pl(),
    }


def tables_from_parquet(folder: Path) -> dict[str, pl.DataFrame]:
    """The export's tables, as one state of it (:func:`docnav.export.export_files`)."""
    def read(files: list[Path]) -> pl.DataFrame:
        return pl.concat([pl.read_parquet(f) for f in files], how="vertical_relaxed") \
            if files else pl.DataFrame()

    names = ("nodes", "edges", "summaries", "embeddings", "node_vectors")
    with export_files(folder, [*names, "documents"]) as files:
        tables = {name: read(files[name]) for name in names}
        tables["documents"] = pl.read_parquet(files["documents"][0])
    if "text_hash" in tables["embeddings"].columns:
        tables["embeddings"] = tables["embeddings"].unique(subset=["text_hash", "model"])
    if tables["summaries"].is_empty():
        tables["summaries"] = pl.DataFrame({"node_id": [], "text": [], "sentences": [],
                                            "status": []}, schema={"node_id": pl.Utf8,
                                            "text": pl.Utf8, "sentences": pl.Utf8,
                                            "status": pl.Utf8})
    return tables


def vectors_by_node(tables: dict[str, pl.DataFrame], nodes: dict[str, NodeView]) -> dict:
    """node id -> vector, all of one model: the one whose vectors cover the most nodes of
    the documents embedded with it (ties go to the first name). Paragraphs and documents by
    text hash, sections by node vector."""
    emb = tables["embeddings"]
    if emb.is_empty():
        return {}
    text_hash = dict(tables["nodes"].select(["node_id", "text_hash"]).iter_rows())
    models: dict[str, dict[str, bytes]] = {}
    for h, m, v in emb.select(["text_hash", "model", "vector"]).iter_rows():
        models.setdefault(m, {})[h] = v
    nv = tables["node_vectors"]
    covered = (_covered(tables, nodes, models, text_hash) if len(models) > 1
               else {next(iter(models)): 0})
    model = min(covered, key=lambda m: (-covered[m], m))
    wanted = {text_hash.get(nid) for nid, n in nodes.items()
              if n.kind in ("paragraph", "document")}
    by_hash = {h: vector_of(v) for h, v in models[model].items() if h in wanted}
    out: dict = {"__model__": model}
    for nid, n in nodes.items():
        if n.kind in ("paragraph", "document") and text_hash.get(nid) in by_hash:
            out[nid] = by_hash[text_hash[nid]]
    if not nv.is_empty():
        for nid, m, v in nv.select(["node_id", "model", "vector"]).iter_rows():
            if m == model and nid in nodes:
                out[nid] = vector_of(v)
    return out


def _covered(tables: dict[str, pl.DataFrame], nodes: dict[str, NodeView],
             models: dict[str, dict[str, bytes]], text_hash: dict[str, str]) -> dict[str, int]:
    """Each model's nodes: its section vectors, and the paragraphs and documents it has a
    vector of, of the documents embedded with it (those of its section vectors; a document
    without any, with each model of its texts), as `docnav show` counts them. A document
    indexed again with a new model keeps the old model's text vectors, and counted for the
    old model too, 2 documents of 3 re-embedded left queries with the old one."""
    sections: dict[str, int] = {}
    uses: dict[str, set[str]] = {}  # doc id -> the models of its section vectors
    nv = tables["node_vectors"]
    for nid, m in (nv.select(["node_id", "model"]).iter_rows() if not nv.is_empty() else ()):
        if nid in nodes:
            sections[m] = sections.get(m, 0) + 1
            uses.setdefault(nodes[nid].doc_id, set()).add(m)
    covered = dict.fromkeys(models, 0)
    for nid, n in nodes.items():
        if n.kind not in ("paragraph", "document"):
            continue
        h, used = text_hash.get(nid), uses.get(n.doc_id)
        for m, by_hash in models.items():
            if h in by_hash and (used is None or m in used):
                covered[m] += 1
    return {m: n + sections.get(m, 0) for m, n in covered.items()}


def embedder_for(model_id: str | None):
    """The embedder that produced a store's vectors, to embed queries the same way. A BERT
    sentence-transformers model in a local folder (the default model is one) is run with
    numpy, which gives its vectors without importing torch (see :mod:`docnav.embed_numpy`)."""
    from docnav.embed import EmbeddingOptions, HashingEmbedder, SentenceTransformerEmbedder, \
        resolve_model
    from docnav.embed_numpy import numpy_embedder

    if not model_id:
        return None
    if model_id.startswith("hashing-v1-"):
        return HashingEmbedder(int(model_id.rsplit("-", 1)[1]))
    if model_id.startswith("st:"):
        options = EmbeddingOptions(model=model_id[3:])
        source = Path(resolve_model(options.model))
        fast = numpy_embedder(source, options) if source.is_dir() else None
        return fast or SentenceTransformerEmbedder(options)
    return None


def where_read(source: str) -> str:
    """Where a graph's tables were read from (``DocNavGraph.source``), as a message says it:
    the store's path, or "the Parquet export DIR" ("duckdb:store.duckdb" said "duckdb:")."""
    kind, _, where = source.partition(":")
    return f"the Parquet export {where}" if kind == "parquet" else where
