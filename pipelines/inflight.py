"""The document partitions that runs not yet finished still name, which the sensor must keep.

Dagster resolves a run's partition range ``start..end`` against the partitions that exist each
time it reads it: when the run is created, when the asset body reads ``partition_keys``, when
the step stores its output (one materialisation per key) and when the retry daemon re-executes
a failed run. Each time both ends must still be partitions, else it raises "Partition range ...
is not a valid range. Nonexistent partition keys". So a run queued over ``a.md..z.md`` failed
when ``z.md`` was deleted, and its partition with it, before the run started, taking the other
documents of the range with it. Keys inside the range may go; only its ends matter.

The document sensor therefore deletes the partition of a gone file only once no such run names
it (pipelines/changes.py defers it). The run itself indexes the gone file's path, which removes
the document, as the tick that saw the file go had also planned.

A failed run tagged ``dagster/will_retry: true`` is retried by the daemon's event log consumer
alone, which reads the RUN_FAILURE events after its cursor (a first start sets the cursor at the
newest event and ignores those before). Such a run names its partitions only while that retry
can still come: its failure is after the cursor. Every run failed outside a deployment carries
the tag (``dagster job execute``, a script, a test); no cursor, or one past the failure, and
nothing will retry it: those runs pinned their partitions for ever. Once retried, the failed run
carries ``dagster/auto_retry_run_id`` and the retry, with the same tags, names them itself.
"""

from __future__ import annotations

from collections.abc import Collection

from dagster import DagsterEventType, DagsterInstance, DagsterRunStatus, RunsFilter
from dagster._core.storage.tags import (
    ASSET_PARTITION_RANGE_END_TAG,
    ASSET_PARTITION_RANGE_START_TAG,
    AUTO_RETRY_RUN_ID_TAG,
    PARTITION_NAME_TAG,
    WILL_RETRY_TAG,
)

try:  # a private name of Dagster's: a version without it holds every failed run to retry
    from dagster._daemon.auto_run_reexecution.event_log_consumer import _create_cursor_key
except ImportError:  # pragma: no cover - Dagster 1.13 has it
    _create_cursor_key = None

# where the daemon's event log consumer keeps how far it has read the RUN_FAILURE events
_RETRY_CURSOR = (_create_cursor_key(DagsterEventType.RUN_FAILURE) if _create_cursor_key
                 else None)

_UNFINISHED = [DagsterRunStatus.NOT_STARTED, DagsterRunStatus.QUEUED, DagsterRunStatus.STARTING,
               DagsterRunStatus.STARTED, DagsterRunStatus.CANCELING]


def partitions_in_flight(instance: DagsterInstance, ignore: Collection[str] = ()) -> set[str]:
    """The partition keys that unfinished runs, and failed runs whose automatic retry can still
    come (:func:`awaiting_retry`), name as range ends or as their one partition. Runs whose id is
    in ``ignore`` (orphans the sensor fails this tick) hold nothing."""
    waiting = awaiting_retry(instance) if _RETRY_CURSOR else None  # None: every one
    runs = [*instance.get_runs(RunsFilter(statuses=_UNFINISHED)),
            *(run for run in (instance.get_runs(RunsFilter(
                run_ids=None if waiting is None else sorted(waiting),
                statuses=[DagsterRunStatus.FAILURE], tags={WILL_RETRY_TAG: "true"}))
                if waiting is None or waiting else [])
              if AUTO_RETRY_RUN_ID_TAG not in run.tags)]
    tags = (ASSET_PARTITION_RANGE_START_TAG, ASSET_PARTITION_RANGE_END_TAG, PARTITION_NAME_TAG)
    return {run.tags[t] for run in runs if run.run_id not in ignore for t in tags
            if run.tags.get(t)}


def awaiting_retry(instance: DagsterInstance) -> set[str]:
    """The ids of the runs whose failure the run retry daemon has yet to read: those after its
    cursor, as it reads them (none where no daemon has run on this instance: one starting
    later ignores the failures before it)."""
    key = _RETRY_CURSOR
    cursor = instance.daemon_cursor_storage.get_cursor_values({key}).get(key)
    if cursor is None:
        return set()
    failures = instance.event_log_storage.get_logs_for_all_runs_by_log_id(
        after_cursor=int(cursor), dagster_event_type=DagsterEventType.RUN_FAILURE)
    return {entry.run_id for entry in failures.values()}
