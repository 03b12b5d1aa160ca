"""An orphaned run (its worker killed) gives back the pool slot it held when the document sensor
fails it, so the run that redoes its work, and every later store write, can start without the
run monitoring daemon."""

from __future__ import annotations

import subprocess

from dagster import DagsterRun, DagsterRunStatus, MetadataValue, instance_for_test
from dagster._core.events import EngineEventData

from pipelines.assets import STORE_POOL
from pipelines.recovery import fail_orphan, find_orphaned_runs


def test_a_failed_orphan_frees_its_store_pool_slot():
    """D's report, item 2: a run killed mid-step kept its docnav_store slot after fail_orphan
    marked it failed; the recovery run waited on it for ever ("Step blocked by limit for pool
    docnav_store", at DEBUG) unless the monitoring daemon ran."""
    dead = subprocess.Popen(["true"])
    dead.wait()
    with instance_for_test() as instance:
        storage = instance.event_log_storage
        storage.set_concurrency_slots(STORE_POOL, 1)  # dagster.yaml's pools default_limit
        run = instance.add_run(DagsterRun(job_name="index_documents", run_id="orphan",
                                          status=DagsterRunStatus.STARTED))
        pid = {"pid": MetadataValue.int(dead.pid)}
        instance.report_engine_event("worker started", run, EngineEventData(metadata=pid))
        claimed = storage.claim_concurrency_slot(STORE_POOL, "orphan", "document")
        assert claimed.is_claimed
        assert storage.get_concurrency_info(STORE_POOL).active_run_ids == {"orphan"}
        [orphan] = find_orphaned_runs(instance)
        assert fail_orphan(instance, orphan)
        assert storage.get_concurrency_info(STORE_POOL).claimed_slots == []
        recovery = storage.claim_concurrency_slot(STORE_POOL, "recovery", "document")
        assert recovery.is_claimed
