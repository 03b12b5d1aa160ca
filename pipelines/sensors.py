"""The document sensor and the reconcile schedule; their logic is in pipelines/changes.py."""

from __future__ import annotations

from pathlib import Path

from dagster import (
    DagsterInstance,
    DagsterRunStatus,
    DefaultScheduleStatus,
    RunRequest,
    RunsFilter,
    ScheduleDefinition,
    DefaultSensorStatus,
    ScheduleEvaluationContext,
    SensorResult,
    SensorDefinition,
    SensorEvaluationContext,
    SkipReason,
    define_asset_job,
    schedule,
    sensor,
)

from dagster._core.definitions.data_version import CODE_VERSION_TAG

from docnav.errors import InputError
from docnav.hashing import digest
from docnav.index_options import IndexOptions
from docnav.export import export_behind, exported_documents
from docnav.plan import parsed_otherwise
from docnav.filter_refusal import refuse_filtered_out
from docnav.scan import FoundFile, HashCache, empty_roots, in_scope, root_of, scan
from docnav.watch import spooled
from docnav.wording import counted
from pipelines.assets import STORE_TAGS, collection, document
from pipelines.changes import PARTITIONS, full_range_request, plan_tick, read_cursor
from pipelines.inflight import partitions_in_flight
from pipelines.recovery import fail_orphan, find_orphaned_runs, orphan_work
from pipelines.resources import DocNavResource, every_root_gone, gone_note
from pipelines.versions import needs_reparse, parse_change, pdf_mode_alone

index_job = define_asset_job(
    "index_documents", selection=[document, collection], tags=STORE_TAGS,
    description="Index documents (a key range of the document partitions), then the collection.",
)


DEFAULT_SENSOR_INTERVAL = 30  # seconds; DOCNAV_SENSOR_INTERVAL overrides it (definitions.py)

# the content hashes of the files earlier ticks read, in this code server: a file unchanged
# since (inode, size, times) is not read again; every tick read and hashed every file
_SEEN = HashCache()


def build_document_sensor(minimum_interval_seconds: int = DEFAULT_SENSOR_INTERVAL
                          ) -> SensorDefinition:
    """The document sensor, evaluated at most every ``minimum_interval_seconds``."""

    @sensor(job=index_job, name="document_sensor",
            minimum_interval_seconds=minimum_interval_seconds,
            default_status=DefaultSensorStatus.RUNNING)
    def document_sensor(context: SensorEvaluationContext, docnav: DocNavResource):
        """Scan the roots; add/delete document partitions (not those an unfinished run's range
        ends at: pipelines/inflight.py); one run for everything that changed and for the work
        of runs orphaned by a killed deployment (pipelines/recovery.py)."""
        if daemon_tick(context):  # at once, not at the first run: a deployment keeps models warm
            docnav.preload_worker()
        orphans = find_orphaned_runs(context.instance)
        # beside `docnav watch --spool`: its batches say when to scan (the first tick scans
        # anyway, and the reconcile schedule scans every root every 15 minutes)
        waiting = spooled(docnav.spool) if docnav.spool else []
        if docnav.spool and not waiting and context.cursor and not orphans:
            said = f"no change batch in {docnav.spool} (docnav watch --spool): nothing scanned"
            unwatched = spool_unwatched(docnav.spool)
            if unwatched:
                context.log.warning(unwatched)
            return SensorResult(cursor=context.cursor,
                                skip_reason="; ".join(filter(None, [said, unwatched])))
        options = docnav.index_options()
        roots, gone = docnav.roots_now()  # once a tick: what it skips with is what it scans
        said = no_root_there(docnav, context.instance, roots, gone)
        if said:  # the run would refuse: the partitions are kept, as the documents are
            context.log.warning(said)
            return SensorResult(cursor=context.cursor, skip_reason=said)
        found = scan(roots, options.include, options.exclude, _SEEN)
        said = filtered_out(docnav, options, roots, found, context.instance)
        if said:  # a typo in DOCNAV_INCLUDE: no removal planned, as a full run refuses it
            context.log.warning(said)
            return SensorResult(cursor=context.cursor, skip_reason=said)
        empty = empty_roots(roots, found)
        # a gone folder's files keep their state (as a folder that cannot be listed); a gone
        # root the cursor holds as a file was that file: deleted, its document is removed
        old = read_cursor(context.cursor)[1] if gone else {}  # (plan_tick reads it too)
        away = [g for g in gone if g not in old]
        found += [FoundFile(g, g, unlisted=True, error="gone") for g in away]
        idle = [gone_note(g, any(in_scope(p, [g]) for p in old)) for g in away]
        for note in idle:
            context.log.warning(note)
        idle += ([
            f"no file in {', '.join(empty)} matches what the runs read "
            f"({', '.join(options.include)})"] if empty else [])
        keys = context.instance.get_dynamic_partitions(PARTITIONS)
        result = plan_tick(
            context.cursor, found, keys, orphans=[orphan_work(run, keys) for run in orphans],
            selection={"documents": [document.key, collection.key], "removals": [collection.key]},
            in_flight=partitions_in_flight(context.instance, ignore={r.run_id for r in orphans}),
            idle="; ".join(idle) or None,
        )
        # Failed only now that their work is planned. Should the daemon die before the run is
        # submitted, the reconcile schedule still indexes every root.
        for run in orphans:
            if fail_orphan(context.instance, run):
                context.log.warning(f"run {run.run_id} was orphaned (its worker is gone): "
                                    "failed, its work redone by this tick's run")
        for batch in waiting:  # told of by this tick's scan (a later one waits for the next)
            batch.unlink(missing_ok=True)
        return result

    return document_sensor


document_sensor = build_document_sensor()


def daemon_tick(context: SensorEvaluationContext) -> bool:
    """Whether the daemon evaluates the sensor for a tick it records, not a preview (`dagster
    sensor preview`, the UI's "Test sensor"), which should start no resident worker (one that
    loads the models for 15 idle minutes). Dagster says so only by the log key: the daemon
    passes [repository, sensor, tick id], a preview none (Dagster then makes one ending in
    the time, YYYYmmdd_HHMMSS). Should that change, a tick preloads nothing: the first run
    starts the worker itself."""
    return bool(context.log_key) and str(context.log_key[-1]).isdigit()


def spool_unwatched(spool: str) -> str | None:
    """Why no watcher can be writing batches to ``spool``: `docnav watch --spool` makes its
    folder when it starts, so a missing folder (a typo in DOCNAV_SPOOL, no watcher started)
    or a file in its place leaves every change to the reconcile schedule."""
    path = Path(spool)
    if path.is_dir():
        return None
    what = "not a folder" if path.exists() else "no such folder"
    return (f"DOCNAV_SPOOL {spool}: {what}, so no watcher writes batches there: start "
            f"`docnav watch --spool {spool}` over DOCNAV_ROOTS, or correct DOCNAV_SPOOL (unset "
            "it to scan the roots every tick); until then only the reconcile schedule (every "
            "15 minutes) indexes changes")


@schedule(job=index_job, cron_schedule="*/15 * * * *", name="reconcile_schedule",
          default_status=DefaultScheduleStatus.RUNNING)
def reconcile_schedule(context: ScheduleEvaluationContext, docnav: DocNavResource):
    """Catch anything missed (a failed run, an event lost): an incremental index of every root.
    With no partition left (every file deleted, and the run removing them failed), a
    collection run over every root, as long as the store still lists documents there."""
    keys = context.instance.get_dynamic_partitions(PARTITIONS)
    roots, gone = docnav.roots_now()  # once: the skip and the documents left see one state
    said = no_root_there(docnav, context.instance, roots, gone)
    if said:
        return SkipReason(said)
    stamp = context.scheduled_execution_time.isoformat()
    request = full_range_request(keys, run_key=f"reconcile-{stamp}")
    if request is not None:
        return request
    left = stored_under_roots(docnav, roots)
    if not left:
        return SkipReason("no document partitions yet: the document sensor adds them")
    more = ", ..." if len(left) > 1 else ""
    held = counted(len(left), "document")
    context.log.info(f"no document partition, yet the store holds {held} under the roots "
                     f"({left[0]}{more}): a run over every root removes those gone")
    return RunRequest(
        run_key=f"reconcile-{stamp}", asset_selection=[collection.key], tags=STORE_TAGS,
        run_config={"ops": {"collection": {"config": {"full": True}}}})


def no_root_there(docnav: DocNavResource, instance: DagsterInstance, roots: list[str],
                  gone: list[str]) -> str | None:
    """What the sensor and the schedules skip with while no root of DOCNAV_ROOTS is there
    (``roots``, ``gone``: :meth:`DocNavResource.roots_now`; a run would fail on it every
    time); it speaks of kept documents and partitions only where there are some (a first
    tick with a typo has none)."""
    if roots:
        return None
    kept = (bool(instance.get_dynamic_partitions(PARTITIONS))
            or bool(exported_documents(docnav.store().parquet_dir)))
    return every_root_gone(gone, kept)


def filtered_out(docnav: DocNavResource, options: IndexOptions, roots: list[str],
                 found: list[FoundFile], instance: DagsterInstance) -> str | None:
    """Why a tick plans no run: DOCNAV_INCLUDE / DOCNAV_EXCLUDE read no file (``found``: the
    scan of ``roots`` with them) of a root whose documents the store holds while their files
    are there (:func:`refuse_filtered_out`, the rule `docnav index` and a full run refuse by;
    the documents indexed as the Parquet export lists them, read without opening the
    database; not the records of files that never parsed). Without an export to read, the
    document partitions (what the tick would delete) stand for them. ``options``: the tick's
    index options, which ``found`` was scanned with."""

    def indexed() -> list[str]:
        stored = exported_documents(docnav.store().parquet_dir)
        if stored is None:  # no export (removed, unreadable): the partitions the plan drops
            return list(instance.get_dynamic_partitions(PARTITIONS))
        return [r.path for r in stored.values() if r.content_hash]

    try:
        refuse_filtered_out(roots, found, indexed,
                            options.include, options.exclude, options.filter_settings)
    except InputError as exc:
        return str(exc)
    return None


def stored_under_roots(docnav: DocNavResource, roots: list[str]) -> list[str]:
    """The documents the store's Parquet export lists under ``roots``, those there now
    (:meth:`DocNavResource.roots_now`; read without opening the database, as
    :func:`stored_parsed_otherwise` does)."""
    scope = root_of(roots)
    stored = exported_documents(docnav.store().parquet_dir) or {}
    return sorted(r.path for r in stored.values() if in_scope(r.path, scope))


REVERIFY_TAG = "docnav/reverify"  # digest of the code version a re-verification run brings
_ACTIVE = [DagsterRunStatus.QUEUED, DagsterRunStatus.NOT_STARTED, DagsterRunStatus.STARTING,
           DagsterRunStatus.STARTED]


def build_reverify_schedule(code_version: str) -> ScheduleDefinition:
    """Every 5 minutes: when the assets' code version (embedding model, summariser, NLI model,
    parser and PDF mode: pipelines/versions.py) differs from the one the latest `document`
    materialisation recorded, one run over every document. It re-indexes incrementally, which
    rebuilds exactly the summaries and NLI verdicts made with other models and re-verifies
    their claims; after a change of the parser it also parses every file again (``reparse``:
    documents whose trees come out the same are not rewritten), after a change of the PDF mode
    alone the documents another mode or parser made (``reparse_parsed_otherwise``: the PDFs).

    The latest materialisation may be a one-file run after the change, which records the new
    version while the other documents still have trees of the old parser; so the documents'
    own record of their parser (the store's Parquet export, read without opening the database,
    which would make a writer starting then fail) asks for a run too, which parses those
    documents alone (``reparse_parsed_otherwise``): the files parsed since are current."""

    @schedule(job=index_job, cron_schedule="*/5 * * * *", name="reverify_schedule",
              default_status=DefaultScheduleStatus.RUNNING)
    def reverify_schedule(context: ScheduleEvaluationContext, docnav: DocNavResource):
        latest = context.instance.get_latest_materialization_event(document.key)
        if latest is None or latest.asset_materialization is None:
            return SkipReason("no document materialised yet")
        said = no_root_there(docnav, context.instance, *docnav.roots_now())
        if said:
            return SkipReason(said)
        recorded = (latest.asset_materialization.tags or {}).get(CODE_VERSION_TAG)
        stale = stored_parsed_otherwise(docnav)
        if recorded == code_version and not stale:
            return SkipReason(f"code version unchanged ({code_version})")
        version_tag = {REVERIFY_TAG: digest(code_version)[:12]}
        if context.instance.get_runs(RunsFilter(tags=version_tag, statuses=_ACTIVE), limit=1):
            return SkipReason("a re-verification run for this code version is under way")
        keys = context.instance.get_dynamic_partitions(PARTITIONS)
        stamp = context.scheduled_execution_time.isoformat()
        pdfs = pdf_mode_alone(recorded, code_version)
        every = needs_reparse(recorded, code_version) and not pdfs
        request = full_range_request(
            keys, run_key=f"reverify-{version_tag[REVERIFY_TAG]}-{stamp}", tags=version_tag,
            reparse=True if every else "parsed_otherwise" if pdfs or stale else False)
        if request is None:
            return SkipReason("no document partitions")
        if recorded != code_version:
            context.log.info(f"code version changed: {recorded!r} -> {code_version!r}")
        behind = bool(stale) and export_behind(docnav.store().parquet_dir)
        if pdfs:
            context.log.info(pdf_mode_note(stale, parse_change(recorded, code_version), behind))
        elif every:
            context.log.info("every file is parsed again: " + parse_change(recorded, code_version))
        elif stale:
            context.log.info(stale_note(stale, behind))
        return request

    return reverify_schedule


def stale_note(stale: list[str], behind: bool) -> str:
    """What the run for ``stale`` (the documents the Parquet export says another parser made)
    parses again. An export older than the store (a run without it wrote since, such as
    `docnav index --reparse --no-parquet`) may still name the old parser for documents parsed
    since: the run parses those the store names, and the count is an estimate."""
    if behind:
        return ("parsed again: the documents whose trees another parser made, as the store "
                "records them (an estimate: the Parquet export, older than the store, lists "
                f"{counted(len(stale), 'document')})")
    return (f"parsed again: {counted(len(stale), 'document')} with trees of another parser "
            "(only those)")


def pdf_mode_note(stale: list[str], change: str, behind: bool = False) -> str:
    """What the run after a change of the PDF mode alone parses again: the documents with
    trees of another parser or PDF mode (``stale``, from the Parquet export), the PDFs among
    them named apart from the others, which another parser made. Without a stale document
    to count (no export to read), the documents another mode made. ``behind``: the export is
    older than the store, its counts an estimate (:func:`stale_note`)."""
    if not stale:
        return ("the documents another PDF mode made (the PDFs; no other format reads it) "
                f"are parsed again: {change}")
    pdfs = sum(1 for path in stale if path.lower().endswith(".pdf"))
    others = len(stale) - pdfs
    parts = [f"{counted(pdfs, 'PDF')} after a PDF-mode change ({change})"] if pdfs else []
    if others:
        parts.append(f"{counted(others, 'document')} with trees of another parser")
    return "parsed again: " + " and ".join(parts) + (
        ", as the Parquet export lists them (an estimate: it is older than the store; the run "
        "parses those the store names)" if behind else "")


def stored_parsed_otherwise(docnav: DocNavResource) -> list[str]:
    """The documents under the roots whose trees another parser made, as the store's Parquet
    export shows them; [] when there is none to read (the code version decides then)."""
    stored = exported_documents(docnav.store().parquet_dir)
    if not stored:
        return []
    scope = root_of(docnav.root_list())
    return parsed_otherwise(stored, docnav.index_options().parse, lambda p: in_scope(p, scope))
