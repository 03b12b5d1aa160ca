"""Maintenance jobs launched by hand from the Dagster UI (Jobs -> prune_vectors or
compact_store -> Launchpad)."""

from dagster import Config, MetadataValue, OpExecutionContext, Output, job, op

from docnav.compact import compact_store
from docnav.prune import prune_vectors
from docnav.wording import counted
from pipelines.assets import STORE_POOL, STORE_TAGS
from pipelines.failures import readable_failure
from pipelines.resources import DocNavResource


class PruneConfig(Config):
    dry_run: bool = False  # only say what would be deleted


@op(pool=STORE_POOL, description="Delete the text vectors of embedding models no document "
    "uses any more (after a change of DOCNAV_EMBED_MODEL and the re-embedding run), and "
    "rewrite the Parquet export without them.")
def prune_embeddings(context: OpExecutionContext, config: PruneConfig,
                     docnav: DocNavResource) -> Output[str]:
    with readable_failure(context):
        report = prune_vectors(docnav.store(context.log.info), dry_run=config.dry_run)
    if len(report.users) > 1:
        context.log.warning(
            "more than one embedding model is in use, each by documents no run has embedded "
            "with another since: " + "; ".join(f"{m}: {counted(len(p), 'document')}"
                                               for m, p in report.users.items()))
    summary = report.summary()
    context.log.info(summary)
    return Output(summary, metadata={
        "models_in_use": MetadataValue.json({m: len(p) for m, p in report.users.items()}),
        "vectors_deleted": sum(report.pruned.values()) if not config.dry_run else 0,
        "vectors_of_unused_models": MetadataValue.json(report.pruned),
        "documents_reexported": report.exported,
        "dry_run": config.dry_run,
    })


@job(name="prune_vectors", tags=STORE_TAGS,
     description="Delete the vectors of embedding models no document uses.")
def prune_vectors_job():
    prune_embeddings()


@op(pool=STORE_POOL, description="Copy the store's tables into a new DuckDB file and swap it "
    "in: the file shrinks to its rows (DuckDB reuses the space of deleted rows but never "
    "gives it back). Writers outside Dagster stop with a 'locked' error meanwhile.")
def compact_database(context: OpExecutionContext, docnav: DocNavResource) -> Output[str]:
    with readable_failure(context):
        report = compact_store(docnav.store(context.log.info))
    context.log.info(report.summary())
    return Output(report.summary(), metadata={
        "bytes_before": report.bytes_before,
        "bytes_after": report.bytes_after,
        "seconds": round(report.seconds, 2),
    })


@job(name="compact_store", tags=STORE_TAGS,
     description="Shrink the store's database file to its rows (after a prune or many edits).")
def compact_store_job():
    compact_database()
