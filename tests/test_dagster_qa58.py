"""A user's QA pass of the Dagster wiring (session 58), in real Dagster runs and sensor ticks:
a run waiting for the store says who holds it; a typo in DOCNAV_ROOTS that leaves no root
there keeps the partitions, as the run keeps the documents; a preview of the sensor starts
no resident worker, a daemon's tick does."""

from __future__ import annotations

import threading
import warnings
from datetime import datetime, timezone
from pathlib import Path

import pytest
from dagster import SensorEvaluationContext, SkipReason, build_schedule_context

from docnav.errors import InputError
from docnav.worker import stop_worker, worker_pid
from pipelines.changes import PARTITIONS
from pipelines.resources import DocNavResource
from pipelines.sensors import build_reverify_schedule, document_sensor, reconcile_schedule
from tests._dagster_harness import (  # noqa: F401 (fixtures)
    docs, instance, launch, resource, tick,
)
from tests._harness import held

warnings.filterwarnings("ignore", message=".*backfill_policy.*")


def run_lines(inst, result) -> list[str]:
    return [r.user_message for r in inst.all_logs(result.run_id) if r.user_message]


def test_a_run_waiting_for_the_store_says_who_holds_it(instance, resource, docs):
    """Another `docnav index` held the store: the `document` step took a minute and its log
    said nothing of the wait, the lock or its holder. It says so as the wait starts, naming
    the holder's PID as the CLI's lock error does."""
    resource = DocNavResource(roots=resource.roots, db=resource.db, embed_model="hashing",
                              summaries=False, lock_wait_seconds=60)
    first = tick(instance, resource, None)
    launch(instance, resource, first.run_requests[0])
    (docs / "b.md").write_text("# Bravo\n\nBravo builds boats and barges.\n")
    second = tick(instance, resource, first.cursor)
    with held(Path(resource.db), "w", 4) as holder:
        result = launch(instance, resource, second.run_requests[0])
    said = [line for line in run_lines(instance, result) if "waiting up to 60 s" in line]
    assert len(said) == 1, "\n".join(run_lines(instance, result))
    assert f"locked by another process (PID {holder.pid})" in said[0]
    assert said[0].endswith("; waiting up to 60 s for it to finish")


def test_a_typo_leaving_no_root_keeps_the_partitions_as_the_run_keeps_the_documents(
        instance, resource, docs):
    """DOCNAV_ROOTS with a typo (a root that does not exist, no other root): the tick deleted
    every partition of the old root and asked for a removal run, which then refused ("every
    root of DOCNAV_ROOTS is gone ...: the store keeps their documents"). The tick now keeps
    the partitions and its cursor, asks for no run, and says what the run says."""
    first = tick(instance, resource, None)
    launch(instance, resource, first.run_requests[0])
    keys = instance.get_dynamic_partitions(PARTITIONS)
    typo = DocNavResource(roots=f"{docs}s", db=resource.db, embed_model="hashing",
                          summaries=False)
    result = tick(instance, typo, first.cursor)
    assert instance.get_dynamic_partitions(PARTITIONS) == keys and len(keys) == 3
    assert not result.run_requests and result.cursor == first.cursor
    logged = []
    with pytest.raises(InputError) as refused:
        typo.run_roots(logged.append)
    assert result.skip_reason.skip_message == str(refused.value)
    assert logged == []  # no per-root line saying "check DOCNAV_ROOTS" before the error
    assert f"every root of DOCNAV_ROOTS is gone ({docs}s)" in str(refused.value)


def evaluate(instance, resource, log_key):
    """The sensor evaluated as Dagster's code server evaluates it; ``log_key``: the daemon's
    ([repository, sensor, tick id]); None: a preview's (`dagster sensor preview`, the UI's
    "Test sensor")."""
    with SensorEvaluationContext(None, cursor=None, log_key=log_key, instance=instance,
                                 repository_name="__repository__",
                                 sensor_name="document_sensor",
                                 resources={"docnav": resource}) as context:
        result = document_sensor(context)
    for thread in threading.enumerate():  # the worker's preload, started in the background
        if thread.name == "docnav-worker-preload":
            thread.join(120)
    return result


def test_a_preview_of_the_sensor_starts_no_resident_worker(instance, resource, docs):
    """`dagster sensor preview -m pipelines.definitions document_sensor` left a `python -m
    docnav.worker --idle 900` behind (~730 MB resident for 15 idle minutes): every
    evaluation preloaded the worker. A preview preloads nothing; a daemon's tick still does,
    so the first run finds the models loaded."""
    resident = DocNavResource(roots=resource.roots, db=resource.db, embed_model="hashing",
                              summaries=False, resident_worker=True)
    try:
        assert evaluate(instance, resident, None).run_requests
        assert worker_pid(resident.db) is None
        evaluate(instance, resident, ["__repository__", "document_sensor", "42"])
        assert worker_pid(resident.db) is not None
    finally:
        stop_worker(resident.db)


def test_the_schedules_skip_while_no_root_is_there_as_the_tick_does(instance, resource, docs):
    """With the typo's partitions kept, reconcile_schedule asked for a run every 15 minutes
    (reverify_schedule too, after a change of the code version), each failing with "every
    root of DOCNAV_ROOTS is gone"; before the partitions were kept it skipped. Both skip now,
    with the tick's reason."""
    first = tick(instance, resource, None)
    launch(instance, resource, first.run_requests[0])
    typo = DocNavResource(roots=f"{docs}s", db=resource.db, embed_model="hashing",
                          summaries=False)
    said = tick(instance, typo, first.cursor).skip_reason.skip_message
    when = datetime(2026, 11, 30, 12, 15, tzinfo=timezone.utc)
    with build_schedule_context(instance=instance, scheduled_execution_time=when,
                                resources={"docnav": typo}) as context:
        assert reconcile_schedule(context) == SkipReason(said)
        assert build_reverify_schedule("another version")(context) == SkipReason(said)
