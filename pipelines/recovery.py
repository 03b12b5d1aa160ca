"""Runs orphaned by a killed ``dagster dev``: found, failed, and their work re-planned.

With the local run launcher, a run's worker is a child of the code server. When the whole
deployment dies (killed, machine restarted) mid-run, the run stays STARTED in the run storage
forever: Dagster's run monitoring cannot check the health of local workers. Such a run would
also hold the ``docnav/store`` run-queue slot, so no later store write could start.

The document sensor (pipelines/sensors.py) calls :func:`find_orphaned_runs` on every tick, folds
what each orphan was doing (:func:`orphan_work`) into the run it requests, and then marks the
orphan failed without a Dagster retry. A plain re-execution would replay the orphan's partition
range as it was, and that range may name a document deleted while the deployment was down: such a
retry never starts. The sensor re-plans against the files and partitions of the moment instead.
Since the store commits each document atomically and the indexer is incremental, the new run
finishes the work without losing or duplicating a document version.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

from dagster import DagsterEventType, DagsterInstance, DagsterRunStatus, RunsFilter
from dagster._core.launcher import DefaultRunLauncher
from dagster._core.storage.dagster_run import DagsterRun
from dagster._core.storage.tags import (
    ASSET_PARTITION_RANGE_END_TAG,
    ASSET_PARTITION_RANGE_START_TAG,
    MAX_RETRIES_TAG,
    PARTITION_NAME_TAG,
)

from pipelines.partitions import path_for_key

RECOVERS_TAG = "docnav/recovers"  # on the run that redoes an orphan's work: the orphans' run ids


@dataclass(frozen=True)
class OrphanWork:
    """What an orphaned run was asked to do, in terms the sensor can plan again."""

    run_id: str
    paths: list[str]  # documents it was indexing
    removed: list[str]  # paths it was removing from the store
    full: bool  # a reconcile: an incremental index of every root


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


def find_orphaned_runs(instance: DagsterInstance) -> list[DagsterRun]:
    """STARTED runs whose local worker process is gone (none unless the launcher is local:
    other launchers have Dagster's run monitoring)."""
    if not isinstance(instance.run_launcher, DefaultRunLauncher):
        return []
    orphans = []
    for run in instance.get_runs(RunsFilter(statuses=[DagsterRunStatus.STARTED])):
        pid = worker_pid(instance, run.run_id)
        if pid is not None and not process_alive(pid):
            orphans.append(run)
    return orphans


def orphan_work(run: DagsterRun, partition_keys: Sequence[str]) -> OrphanWork:
    """The orphan's documents: its partition range resolved over ``partition_keys`` (the
    partitions as they were before this tick deletes any), or its single partition."""
    tags = run.tags
    start, end = tags.get(ASSET_PARTITION_RANGE_START_TAG), tags.get(ASSET_PARTITION_RANGE_END_TAG)
    keys: list[str] = []
    if start in partition_keys and end in partition_keys:
        keys = list(partition_keys[partition_keys.index(start):partition_keys.index(end) + 1])
    elif tags.get(PARTITION_NAME_TAG):
        keys = [tags[PARTITION_NAME_TAG]]
    ops = (run.run_config or {}).get("ops", {})
    document = ops.get("document", {}).get("config", {})
    collection = ops.get("collection", {}).get("config", {})
    # a range whose ends are no longer partitions cannot be resolved: redo everything
    full = bool(document.get("full")) or (start is not None and not keys)
    return OrphanWork(
        run_id=run.run_id, paths=[path_for_key(k) for k in keys],
        removed=[*document.get("removed", []), *collection.get("removed", [])], full=full,
    )


def fail_orphan(instance: DagsterInstance, run: DagsterRun) -> bool:
    """Mark the orphan failed with no Dagster retry (the sensor's run tagged ``docnav/recovers``
    redoes its work), and free the pool slots it held (``docnav_store``): they went back only
    with the run monitoring daemon, so without one (`dagster job execute`, a script) the
    recovery run and every later store write waited for the dead run's slot for ever. False
    if it is no longer STARTED (it finished meanwhile)."""
    current = instance.get_run_by_id(run.run_id)
    if current is None or current.status != DagsterRunStatus.STARTED:
        return False
    instance.add_run_tags(run.run_id, {MAX_RETRIES_TAG: "0"})
    pid = worker_pid(instance, run.run_id)
    instance.report_run_failed(
        instance.get_run_by_id(run.run_id),
        f"The run's worker process (pid {pid}) is gone: the deployment was killed or restarted "
        f"mid-run. Marked failed; the document sensor's run tagged {RECOVERS_TAG} redoes its "
        "work, against the files as they are now.")
    if instance.event_log_storage.supports_global_concurrency_limits:  # its worker is gone
        instance.event_log_storage.free_concurrency_slots_for_run(run.run_id)
    return True
