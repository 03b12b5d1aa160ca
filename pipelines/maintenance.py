"""Maintenance jobs launched by hand from the Dagster UI (Jobs -> prune_vectors -> Launchpad)."""

from dagster import Config, MetadataValue, OpExecutionContext, Output, job, op

from docnav.prune import prune_vectors
from pipelines.assets import STORE_POOL, STORE_TAGS
from pipelines.resources import DocNavResource


class PruneConfig(Config):
    dry_run: bool = False  # only say what would be deleted


@op(pool=STORE_POOL, description="Delete the text vectors of embedding models no document "
    "uses any more (after a change of DOCNAV_EMBED_MODEL and the re-embedding run), and "
    "rewrite the Parquet export without them.")
def prune_embeddings(context: OpExecutionContext, config: PruneConfig,
                     docnav: DocNavResource) -> Output[str]:
    report = prune_vectors(docnav.store(), dry_run=config.dry_run)
    if len(report.users) > 1:
        context.log.warning(
            "more than one embedding model is in use, each by documents no run has embedded "
            "with another since: " + "; ".join(f"{m}: {len(p)} documents"
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
