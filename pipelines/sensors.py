"""The document sensor and the reconcile schedule; their logic is in pipelines/changes.py."""

from __future__ import annotations

from dagster import (
    DefaultScheduleStatus,
    DefaultSensorStatus,
    ScheduleEvaluationContext,
    SensorDefinition,
    SensorEvaluationContext,
    SkipReason,
    define_asset_job,
    schedule,
    sensor,
)

from docnav.scan import scan
from pipelines.assets import STORE_TAGS, collection, document
from pipelines.changes import PARTITIONS, full_range_request, plan_tick
from pipelines.recovery import fail_orphan, find_orphaned_runs, orphan_work
from pipelines.resources import DocNavResource

index_job = define_asset_job(
    "index_documents", selection=[document, collection], tags=STORE_TAGS,
    description="Index documents (a key range of the document partitions), then the collection.",
)


DEFAULT_SENSOR_INTERVAL = 30  # seconds; DOCNAV_SENSOR_INTERVAL overrides it (definitions.py)


def build_document_sensor(minimum_interval_seconds: int = DEFAULT_SENSOR_INTERVAL
                          ) -> SensorDefinition:
    """The document sensor, evaluated at most every ``minimum_interval_seconds``."""

    @sensor(job=index_job, name="document_sensor",
            minimum_interval_seconds=minimum_interval_seconds,
            default_status=DefaultSensorStatus.RUNNING)
    def document_sensor(context: SensorEvaluationContext, docnav: DocNavResource):
        """Scan the roots; add/delete document partitions; one run for everything that changed
        and for the work of runs orphaned by a killed deployment (pipelines/recovery.py)."""
        docnav.preload_worker()  # at once, not at the first run: a deployment keeps models warm
        options = docnav.index_options()
        found = scan(docnav.root_list(), options.include, options.exclude)
        keys = context.instance.get_dynamic_partitions(PARTITIONS)
        orphans = find_orphaned_runs(context.instance)
        result = plan_tick(
            context.cursor, found, keys, orphans=[orphan_work(run, keys) for run in orphans],
            selection={"documents": [document.key, collection.key], "removals": [collection.key]},
        )
        # Failed only now that their work is planned. Should the daemon die before the run is
        # submitted, the reconcile schedule still indexes every root.
        for run in orphans:
            if fail_orphan(context.instance, run):
                context.log.warning(f"run {run.run_id} was orphaned (its worker is gone): "
                                    "failed, its work redone by this tick's run")
        return result

    return document_sensor


document_sensor = build_document_sensor()


@schedule(job=index_job, cron_schedule="*/15 * * * *", name="reconcile_schedule",
          default_status=DefaultScheduleStatus.RUNNING)
def reconcile_schedule(context: ScheduleEvaluationContext):
    """Catch anything missed (a failed run, an event lost): an incremental index of every root."""
    keys = context.instance.get_dynamic_partitions(PARTITIONS)
    stamp = context.scheduled_execution_time.isoformat()
    return full_range_request(keys, run_key=f"reconcile-{stamp}") or SkipReason(
        "no document partitions yet: the document sensor adds them"
    )
