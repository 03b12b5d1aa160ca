"""`docnav watch --spool DIR` beside Dagster (DOCNAV_SPOOL=DIR): the watcher's change batches
are what the document sensor acts on. A tick with batches waiting scans the roots and consumes
them; a tick with none scans nothing (the reconcile schedule catches what no batch told of).
Before, nothing read the batches: the folder grew with every change and the sensor polled
the roots on every tick regardless."""

from __future__ import annotations

from dagster import build_sensor_context

from docnav.watch import spool_batches
from pipelines.resources import DocNavResource
from pipelines.sensors import document_sensor
from tests._dagster_harness import docs, instance  # noqa: F401 (fixtures)


def test_the_sensor_acts_on_the_watcher_s_batches(tmp_path, docs, instance):  # noqa: F811
    spool = tmp_path / "spool"
    resource = DocNavResource(roots=str(docs), db=str(tmp_path / "s.duckdb"),
                              embed_model="hashing", summaries=False, spool=str(spool))

    def tick(cursor):
        return document_sensor(build_sensor_context(instance=instance, cursor=cursor,
                                                    resources={"docnav": resource}))

    first = tick(None)  # no cursor yet: the roots are scanned once, batches or not
    assert len(first.run_requests) == 1
    (docs / "b.md").write_text("# Bravo\n\nBravo builds bigger boats.\n")
    idle = tick(first.cursor)  # no batch: nothing scanned, said why
    assert idle.run_requests == [] and idle.skip_reason.skip_message.startswith(
        f"no change batch in {spool} (docnav watch --spool)")
    spool_batches(spool)({str(docs / "b.md")})  # what the watcher writes on the edit
    told = tick(idle.cursor)
    assert len(told.run_requests) == 1
    assert told.run_requests[0].tags["dagster/asset_partition_range_start"].endswith("b.md")
    assert list(spool.glob("*.json")) == []  # consumed
    assert tick(told.cursor).run_requests == []
