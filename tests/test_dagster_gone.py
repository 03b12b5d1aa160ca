"""A root of DOCNAV_ROOTS that is gone (an unmounted drive, a share offline) in real sensor
ticks and runs: the other roots go on being indexed, its documents stay in the store until it
comes back, and the tick and the runs say so. Before, the sensor's scan failed every tick
("no such file or folder to index") and no root was indexed while one was away."""

from __future__ import annotations

from dagster import DagsterEventType, Definitions

from pipelines.assets import collection, document
from pipelines.changes import full_range_request
from pipelines.resources import DocNavResource
from pipelines.sensors import index_job
from tests._dagster_harness import (  # noqa: F401 (fixtures)
    docs, instance, launch, paragraphs, run_warnings, stored_paths, tick,
)


def test_a_gone_root_keeps_its_documents_and_the_others_are_indexed(tmp_path, docs,  # noqa: F811
                                                                    instance):  # noqa: F811
    drive = tmp_path / "drive"
    drive.mkdir()
    (drive / "d.md").write_text("# Delta\n\nDelta drills deep wells.\n")
    resource = DocNavResource(roots=f"{docs},{drive}", db=str(tmp_path / "s.duckdb"),
                              embed_model="hashing", summaries=False)
    first = tick(instance, resource, None)
    launch(instance, resource, first.run_requests[0])
    assert len(stored_paths(resource.db)) == 4

    drive.rename(tmp_path / "away")  # unmounted; meanwhile a file of the other root is edited
    (docs / "b.md").write_text("# Bravo\n\nBravo builds bigger boats.\n")
    edited = tick(instance, resource, first.cursor)
    [request] = edited.run_requests
    assert request.run_config["ops"]["document"]["config"]["removed"] == []
    result = launch(instance, resource, request)
    assert "Bravo builds bigger boats." in paragraphs(resource.db)
    assert str(drive / "d.md") in stored_paths(resource.db)
    said = f"{drive} (DOCNAV_ROOTS) is gone: any documents indexed from it are kept until it"
    assert any(m.startswith(said) for m in run_warnings(instance, result))

    idle = tick(instance, resource, edited.cursor)  # nothing else: the tick says why
    assert idle.run_requests == [] and idle.skip_reason.skip_message.startswith(
        f"{drive} (DOCNAV_ROOTS) is gone: the documents indexed from it are kept until it "
        "comes back")
    reconcile = launch(instance, resource, full_range_request(
        instance.get_dynamic_partitions("documents")))  # the 15-minute full run too
    assert str(drive / "d.md") in stored_paths(resource.db)
    assert any(m.startswith(said) for m in run_warnings(instance, reconcile))

    (tmp_path / "away").rename(drive)  # back, unchanged: nothing to redo
    back = tick(instance, resource, idle.cursor)
    assert back.run_requests == [] and back.skip_reason is None

    (drive / "d.md").unlink()  # an empty folder in its place removes its documents
    emptied = tick(instance, resource, back.cursor)
    launch(instance, resource, emptied.run_requests[0])
    assert str(drive / "d.md") not in stored_paths(resource.db)
    assert len(stored_paths(resource.db)) == 3


def test_every_root_gone_fails_the_run_and_keeps_the_store(tmp_path, docs, instance):  # noqa: F811
    resource = DocNavResource(roots=str(docs), db=str(tmp_path / "s.duckdb"),
                              embed_model="hashing", summaries=False)
    first = tick(instance, resource, None)
    launch(instance, resource, first.run_requests[0])
    docs.rename(tmp_path / "away")
    idle = tick(instance, resource, first.cursor)
    assert idle.run_requests == [] and "is gone" in idle.skip_reason.skip_message
    request = full_range_request(instance.get_dynamic_partitions("documents"))
    job = Definitions(assets=[document, collection], jobs=[index_job],
                      resources={"docnav": resource}).resolve_job_def("index_documents")
    result = job.execute_in_process(instance=instance, tags=request.tags,
                                    run_config=request.run_config, raise_on_error=False)
    assert not result.success
    failure = next(e for e in result.all_events if e.event_type == DagsterEventType.STEP_FAILURE)
    assert "every root of DOCNAV_ROOTS is gone" in failure.step_failure_data.error.to_string()
    assert len(stored_paths(resource.db)) == 3
