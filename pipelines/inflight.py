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
"""

from __future__ import annotations

from collections.abc import Collection

from dagster import DagsterInstance, DagsterRunStatus, RunsFilter
from dagster._core.storage.tags import (
    ASSET_PARTITION_RANGE_END_TAG,
    ASSET_PARTITION_RANGE_START_TAG,
    AUTO_RETRY_RUN_ID_TAG,
    PARTITION_NAME_TAG,
    WILL_RETRY_TAG,
)

_UNFINISHED = [DagsterRunStatus.NOT_STARTED, DagsterRunStatus.QUEUED, DagsterRunStatus.STARTING,
               DagsterRunStatus.STARTED, DagsterRunStatus.CANCELING]


def partitions_in_flight(instance: DagsterInstance, ignore: Collection[str] = ()) -> set[str]:
    """The partition keys that unfinished runs, and failed runs still awaiting their automatic
    retry (which copies their tags), name as range ends or as their one partition. Runs whose
    id is in ``ignore`` (orphans the sensor fails this tick) hold nothing."""
    runs = [*instance.get_runs(RunsFilter(statuses=_UNFINISHED)),
            *(run for run in instance.get_runs(RunsFilter(statuses=[DagsterRunStatus.FAILURE],
                                                          tags={WILL_RETRY_TAG: "true"}))
              if AUTO_RETRY_RUN_ID_TAG not in run.tags)]
    tags = (ASSET_PARTITION_RANGE_START_TAG, ASSET_PARTITION_RANGE_END_TAG, PARTITION_NAME_TAG)
    return {run.tags[t] for run in runs if run.run_id not in ignore for t in tags
            if run.tags.get(t)}
