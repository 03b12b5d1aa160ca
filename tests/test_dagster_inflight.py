"""A failed run names its partitions (keeps them from the sensor's deletes) only while its
automatic retry can still come: the run retry daemon has yet to read its failure."""

from __future__ import annotations

from _dagster_harness import docs  # noqa: F401 (fixture)
from _dagster_harness import launch, range_tags, stored_paths, tick
from dagster import DagsterRun, DagsterRunStatus, instance_for_test
from dagster._core.storage.tags import WILL_RETRY_TAG

from pipelines.changes import PARTITIONS
from pipelines.inflight import _RETRY_CURSOR, partitions_in_flight
from pipelines.partitions import key_for_path
from pipelines.resources import DocNavResource

RETRIES = {"run_retries": {"enabled": True, "max_retries": 2}}  # as dagster.yaml sets them


def failed_run(instance, run_id: str, tags: dict[str, str]) -> DagsterRun:
    """A run over ``tags``' partitions that failed, with its RUN_FAILURE event; Dagster tags
    it will_retry, as every run that fails outside a deployment is (`dagster job execute`)."""
    run = instance.add_run(DagsterRun(job_name="index_documents", run_id=run_id,
                                      status=DagsterRunStatus.STARTED, tags=tags))
    instance.report_run_failed(run)
    failed = instance.get_run_by_id(run_id)
    assert failed.status == DagsterRunStatus.FAILURE and failed.tags[WILL_RETRY_TAG] == "true"
    return failed


def daemon_read_up_to_now(instance) -> None:
    """The run retry daemon's cursor at the newest event, as it leaves it after an iteration
    (or sets it when it first starts: older failures are never retried)."""
    newest = instance.event_log_storage.get_maximum_record_id() or 0
    instance.daemon_cursor_storage.set_cursor_values({_RETRY_CURSOR: str(newest)})


def test_a_failed_run_holds_its_partitions_while_the_retry_daemon_has_yet_to_read_it():
    with instance_for_test(overrides=RETRIES) as instance:
        failed_run(instance, "before", range_tags("/a", "/b"))
        # no retry daemon has run on this instance: nothing retries it (one started later
        # ignores the failures before it); it held /a and /b for ever
        assert partitions_in_flight(instance) == set()
        daemon_read_up_to_now(instance)
        failed_run(instance, "after", range_tags("/c", "/d"))
        # the daemon has read up to before it: its retry comes at the next iteration
        assert partitions_in_flight(instance) == {"/c", "/d"}
        daemon_read_up_to_now(instance)  # read, and not retried (none made: no job origin)
        assert partitions_in_flight(instance) == set()


def test_a_deleted_files_partition_goes_when_no_retry_can_come(tmp_path, docs):  # noqa: F811
    """D's report, item 3: a run over a.md..c.md failed outside a deployment (will_retry true,
    nothing to retry it); c.md deleted: the tick's run removed its document, and every later
    tick kept its partition, as if the failed run's retry were still to come."""
    resource = DocNavResource(roots=str(docs), db=str(tmp_path / "s.duckdb"),
                              embed_model="hashing", summaries=False)
    with instance_for_test(overrides=RETRIES) as instance:
        first = tick(instance, resource, None)
        launch(instance, resource, first.run_requests[0])
        keys = instance.get_dynamic_partitions(PARTITIONS)
        failed_run(instance, "failed", range_tags(keys[0], keys[-1]))
        (docs / "c.md").unlink()
        deleted = tick(instance, resource, first.cursor)
        launch(instance, resource, deleted.run_requests[0])
        later = tick(instance, resource, deleted.cursor)
        assert later.run_requests == []
        assert key_for_path(str(docs / "c.md")) not in instance.get_dynamic_partitions(PARTITIONS)
        assert stored_paths(resource.db) == {str(docs / "a.md"), str(docs / "b.md")}
