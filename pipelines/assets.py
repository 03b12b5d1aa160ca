"""Assets: each body calls one docnav function and reports counts as metadata."""

from __future__ import annotations

from dagster import AssetExecutionContext, MaterializeResult, MetadataValue, asset

from docnav.embed import EmbeddingOptions
from docnav.index import IndexOptions, Indexer
from docnav.store import Store
from pipelines.resources import DocNavResource


@asset(description="The document graph in DuckDB/Parquet, updated incrementally from the roots.")
def document_graph(context: AssetExecutionContext, docnav: DocNavResource) -> MaterializeResult:
    options = IndexOptions(embedding=EmbeddingOptions(model=docnav.embed_model), progress=False)
    report = Indexer(Store(docnav.db), options).index(docnav.root_list())
    for path, error in report.failed:
        context.log.warning(error)
    return MaterializeResult(
        metadata={
            "added": len(report.added),
            "changed": len(report.changed),
            "renamed": len(report.renamed),
            "removed": len(report.removed),
            "unchanged": len(report.unchanged),
            "failed": len(report.failed),
            "nodes_written": report.nodes_written,
            "texts_embedded": report.texts_embedded,
            "embeddings_reused": report.embeddings_reused,
            "seconds": round(report.seconds, 3),
            "summary": MetadataValue.text(report.summary()),
        }
    )
