"""Shared by the Dagster tests: a folder of three Markdown files, a resource over it with the
hashing embedder and no summaries (no model loads), a test instance, and small helpers."""

from __future__ import annotations

import duckdb
import pytest
from dagster import (
    AddDynamicPartitionsRequest,
    DagsterInstance,
    DeleteDynamicPartitionsRequest,
    Definitions,
    build_sensor_context,
    instance_for_test,
)
from dagster._core.storage.tags import (
    ASSET_PARTITION_RANGE_END_TAG,
    ASSET_PARTITION_RANGE_START_TAG,
)

from pipelines.assets import collection, document
from pipelines.changes import PARTITIONS
from pipelines.partitions import key_for_path
from pipelines.resources import DocNavResource
from pipelines.sensors import document_sensor, index_job


@pytest.fixture
def docs(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.md").write_text("# Alpha\n\nAlpha has apples.\n\n## Beta\n\nBeta grows beans.\n")
    (folder / "b.md").write_text("# Bravo\n\nBravo builds boats.\n")
    (folder / "c.md").write_text("# Charlie\n\nCharlie counts coins.\n")
    return folder


@pytest.fixture
def resource(tmp_path, docs):
    return DocNavResource(roots=str(docs), db=str(tmp_path / "store" / "graph.duckdb"),
                          embed_model="hashing", summaries=False)


@pytest.fixture
def instance():
    with instance_for_test() as inst:
        yield inst


def paragraphs(db: str) -> set[str]:
    with duckdb.connect(db, read_only=True) as con:
        return {r[0] for r in con.execute("SELECT text FROM nodes WHERE kind='paragraph'").fetchall()}


def stored_paths(db: str) -> set[str]:
    with duckdb.connect(db, read_only=True) as con:
        return {r[0] for r in con.execute("SELECT path FROM documents").fetchall()}


def add_partitions(instance: DagsterInstance, *paths) -> list[str]:
    keys = [key_for_path(str(p)) for p in paths]
    instance.add_dynamic_partitions(PARTITIONS, keys)
    return keys


def range_tags(first: str, last: str) -> dict[str, str]:
    return {ASSET_PARTITION_RANGE_START_TAG: first, ASSET_PARTITION_RANGE_END_TAG: last}


def meta(result, node: str) -> dict:
    return {k: v.value for k, v in result.asset_materializations_for_node(node)[0].metadata.items()}


def run_meta(result) -> dict:
    """What the run's `document` materialisations say of the whole run (its ``run_…``
    entries, named without the prefix), beside each document's own outcome."""
    return {k.removeprefix("run_"): v for k, v in meta(result, "document").items()}


def tick(instance, resource, cursor):
    """One sensor evaluation; its partition requests applied as the daemon would."""
    context = build_sensor_context(instance=instance, cursor=cursor, resources={"docnav": resource})
    result = document_sensor(context)
    for request in result.dynamic_partitions_requests or []:
        if isinstance(request, AddDynamicPartitionsRequest):
            instance.add_dynamic_partitions(request.partitions_def_name, request.partition_keys)
        elif isinstance(request, DeleteDynamicPartitionsRequest):
            for key in request.partition_keys:
                instance.delete_dynamic_partition(request.partitions_def_name, key)
    return result


def launch(instance, resource, request):
    job = Definitions(assets=[document, collection], jobs=[index_job],
                      resources={"docnav": resource}).resolve_job_def("index_documents")
    result = job.execute_in_process(instance=instance, tags=request.tags,
                                    run_config=request.run_config,
                                    asset_selection=request.asset_selection)
    assert result.success
    return result


def run_warnings(instance, result) -> list[str]:
    """The warnings the run logged (``context.log.warning``), as its event log holds them."""
    records = instance.all_logs(result.run_id)
    return [r.user_message for r in records if r.level >= 30 and r.user_message]
