"""Assets: each body calls one docnav function and reports counts as metadata."""

from dagster import (
    AssetCheckSpec,
    AssetExecutionContext,
    BackfillPolicy,
    Config,
    MaterializeResult,
    asset,
)

from docnav.errors import ConfigError
from pipelines.failures import readable_failure
from pipelines.partitions import documents_partitions, path_for_key
from pipelines.reporting import (
    NLI_VERIFICATION,
    PARSE_HEALTH,
    common_outcome,
    document_outcomes,
    excluded_note,
    nli_verification,
    parse_health,
    report_metadata,
    run_metadata,
)
from pipelines.resources import DocNavResource, outside

# Runs that write the store carry this tag; dagster.yaml queues them one at a time. Runs started
# from the UI lack it, so the assets also sit in a pool whose limit dagster.yaml sets to 1.
STORE_TAGS = {"docnav/store": "write"}
STORE_POOL = "docnav_store"


_NO_PARTITION = (
    "this run names no document partition (a job launched without one, e.g. `dagster job "
    "execute -j index_documents`). From a command line, index every root (only what changed "
    "is parsed): `dagster job execute -m pipelines.definitions -j index_documents -c "
    "pipelines/full.yaml` (the op config `full: true`: ops: document: config: full: true). "
    "Documents are partitions only once a sensor tick (the daemon: `dagster dev`) has added "
    "them; then name them in the Launchpad or with `dagster asset materialize -m "
    "pipelines.definitions --select document,collection --partition KEY`")


class DocumentConfig(Config):
    removed: list[str] = []  # paths deleted or renamed away: removed (or matched as renames)
    full: bool = False  # reconcile: an incremental index of every root, not only these keys
    # parse the documents again even if their files are unchanged (after a DocNav upgrade or a
    # change of the resource's pdf_mode); those that come out the same are not rewritten
    reparse: bool = False
    # parse again only the documents whose trees another parser or other parse options made:
    # the reverify run after a change of pdf_mode alone (the PDFs; no other format reads it)
    reparse_parsed_otherwise: bool = False


class CollectionConfig(Config):
    removed: list[str] = []  # deletions with no document left to run: removed here
    full: bool = False  # redo an orphaned reconcile when no document partition is left


@asset(
    partitions_def=documents_partitions,
    backfill_policy=BackfillPolicy.single_run(),
    pool=STORE_POOL,
    check_specs=[
        AssetCheckSpec(PARSE_HEALTH, asset="document",
                       description="Every document of the run parsed."),
        AssetCheckSpec(NLI_VERIFICATION, asset="document",
                       description="Summary claims of the run's documents are entailed."),
    ],
    description="One document's tree, embeddings and summaries in the store. "
                "The partition key is the document's path (see pipelines/partitions.py).",
)
def document(context: AssetExecutionContext, config: DocumentConfig, docnav: DocNavResource):
    with readable_failure(context):
        if not (config.full or context.has_partition_key or context.has_partition_key_range):
            raise ConfigError(_NO_PARTITION)
        roots, gone = docnav.run_roots(context.log.warning)
        keys = context.partition_keys if (context.has_partition_key
                                          or context.has_partition_key_range) else []
        paths = None if config.full else outside([path_for_key(k) for k in keys] + config.removed,
                                                 gone)
        indexer = docnav.indexer(log=context.log.info)  # progress lines in the run's event log
        reparse = config.reparse or config.reparse_parsed_otherwise and "parsed_otherwise"
        report = indexer.index(roots, paths=paths, collection=False, reparse=reparse)
        for _, error in report.failed:
            context.log.warning(error)
        for path, said in report.warned:
            context.log.warning(f"{path}: {said}")
        _warn_excluded(context, report, docnav)
        common = _describe_partitions(context, report, keys, docnav)
        yield MaterializeResult(metadata={**common, **run_metadata(report, indexer)})
        yield parse_health(report)
        yield nli_verification(docnav.store(), report, off=docnav.verification_off())


@asset(
    deps=[document],
    pool=STORE_POOL,
    description="Collection level: links between documents, related edges, collection summary.",
)
def collection(context: AssetExecutionContext, config: CollectionConfig,
               docnav: DocNavResource) -> MaterializeResult:
    with readable_failure(context):
        indexer = docnav.indexer(log=context.log.info)
        if config.full or config.removed:
            roots, gone = docnav.run_roots(context.log.warning)
        if config.full:
            report = indexer.index(roots)
        elif config.removed:  # the documents are gone, so no document run can remove them
            report = indexer.index(roots, paths=outside(config.removed, gone))
        else:
            report = indexer.update_collection()
        _warn_excluded(context, report, docnav)
        return MaterializeResult(metadata=report_metadata(report, indexer))


def _describe_partitions(context: AssetExecutionContext, report, keys: list[str],
                         docnav: DocNavResource) -> dict:
    """Each partition's own outcome where it is not the run's most common one, which is
    returned for the run to give to the rest (see :func:`common_outcome`). A failed one says
    whether the version last indexed is still served: "failed" alone read as if the document
    were gone from the store."""
    outcomes = document_outcomes(report, [path_for_key(k) for k in keys])
    failed = [p for p, m in outcomes.items() if m["outcome"] == "failed"]
    if failed:
        store = docnav.store()
        with store.reader() as con:
            kept = {r.path for r in store.documents(con).values() if r.content_hash}
        for path in failed:
            outcomes[path]["previous_version"] = (
                "kept: the version last indexed stays queryable" if path in kept
                else "none: never indexed")
    common = common_outcome(outcomes)
    for key in keys:
        if outcomes[path_for_key(key)] != common:
            context.add_asset_metadata(outcomes[path_for_key(key)], partition_key=key)
    return common


def _warn_excluded(context: AssetExecutionContext, report, docnav: DocNavResource) -> None:
    note = excluded_note(report, docnav.include, docnav.exclude)
    if note:
        context.log.warning(note)
