"""Runs orphaned by a killed ``dagster dev`` are failed, so run retries launch them again.

With the local run launcher, a run's worker is a child of the code server. When the whole
deployment dies (killed, machine restarted) mid-run, the run stays STARTED in the run storage
forever: Dagster's run monitoring cannot check the health of local workers. Such a run would
also hold the ``docnav/store`` run-queue slot, so no later store write could start. This
sensor marks it failed; ``run_retries`` in dagster.yaml then re-executes it, and since the
store commits each document atomically and the indexer is incremental, the retry finishes the
work without losing or duplicating a document version.
"""

from __future__ import annotations

import os

from dagster import (
    DagsterEventType,
    DagsterInstance,
    DagsterRunStatus,
    DefaultSensorStatus,
    RunsFilter,
    SensorDefinition,
    SensorEvaluationContext,
    SkipReason,
    sensor,
)
from dagster._core.launcher import DefaultRunLauncher


def worker_pid(instance: DagsterInstance, run_id: str) -> int | None:
    """The pid of the run's worker process, from its first engine event that records one."""
    records = instance.get_records_for_run(run_id, of_type=DagsterEventType.ENGINE_EVENT).records
    for record in records:
        data = record.event_log_entry.dagster_event.engine_event_data
        pid = data.metadata.get("pid") if data and data.metadata else None
        if pid is not None:
            return int(pid.value)
    return None


def process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: it exists
        return True
    return True


def fail_orphaned_runs(instance: DagsterInstance) -> list[str]:
    """Mark STARTED runs whose local worker process is gone as failed; their run ids."""
    failed = []
    for run in instance.get_runs(RunsFilter(statuses=[DagsterRunStatus.STARTED])):
        pid = worker_pid(instance, run.run_id)
        if pid is None or process_alive(pid):
            continue
        current = instance.get_run_by_id(run.run_id)  # it may have finished meanwhile
        if current is None or current.status != DagsterRunStatus.STARTED:
            continue
        instance.report_run_failed(
            current, f"The run's worker process (pid {pid}) is gone: the deployment was killed "
                     "or restarted mid-run. Marked failed so that run retries launch it again.")
        failed.append(run.run_id)
    return failed


def build_orphaned_run_sensor(minimum_interval_seconds: int = 30) -> SensorDefinition:
    @sensor(name="orphaned_run_sensor", minimum_interval_seconds=minimum_interval_seconds,
            default_status=DefaultSensorStatus.RUNNING)
    def orphaned_run_sensor(context: SensorEvaluationContext):
        """Fail runs whose local worker died with the deployment, so that they are retried."""
        if not isinstance(context.instance.run_launcher, DefaultRunLauncher):
            return SkipReason("not the local run launcher: Dagster's run monitoring covers it")
        failed = fail_orphaned_runs(context.instance)
        if failed:
            return SkipReason(f"marked {len(failed)} orphaned run(s) failed: {', '.join(failed)}")
        return SkipReason("no orphaned runs")

    return orphaned_run_sensor
