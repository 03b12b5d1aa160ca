"""Real Dagster runs of the document/collection assets, the sensor and the checks.

Runs use the hashing embedder and, except in one test, no summaries, so no model loads.
"""

from __future__ import annotations

import json
import os
import warnings

import duckdb
import pytest
from dagster import (
    AddDynamicPartitionsRequest,
    AssetCheckSeverity,
    DagsterInstance,
    DeleteDynamicPartitionsRequest,
    Definitions,
    build_reconstructable_job,
    build_sensor_context,
    execute_job,
    instance_for_test,
    materialize,
    multiprocess_executor,
)
from dagster._core.storage.tags import (
    ASSET_PARTITION_RANGE_END_TAG,
    ASSET_PARTITION_RANGE_START_TAG,
)

from pipelines.assets import collection, document
from docnav.scan import FoundFile
from pipelines.changes import PARTITIONS, diff_state, plan_tick
from pipelines.partitions import key_for_path
from pipelines.resources import DocNavResource
from pipelines.sensors import document_sensor, index_job
from tests.conftest import NLI_MODEL, require

warnings.filterwarnings("ignore", message=".*backfill_policy.*")


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


def checks(result) -> dict:
    return {e.check_name: e for e in result.get_asset_check_evaluations()}


def test_one_partition_then_collection(instance, resource, docs):
    [key] = add_partitions(instance, docs / "a.md")
    result = materialize([document, collection], partition_key=key, instance=instance,
                         resources={"docnav": resource})
    assert result.success
    assert paragraphs(resource.db) == {"Alpha has apples.", "Beta grows beans."}
    counts = meta(result, "document")
    assert counts["documents_added"] == 1 and counts["documents_failed"] == 0
    assert counts["nodes_written"] > 0 and counts["texts_embedded"] > 0
    assert "| embeddings computed / reused |" in counts["report"]
    assert "seconds" in meta(result, "collection")
    assert {name: c.passed for name, c in checks(result).items()} == {
        "parse_health": True, "nli_verification": True}

    again = materialize([document], partition_key=key, instance=instance,
                        resources={"docnav": resource})
    counts = meta(again, "document")
    assert counts["documents_unchanged"] == 1 and counts["texts_embedded"] == 0


def test_single_run_covers_many_partitions(instance, resource, docs):
    keys = add_partitions(instance, docs / "a.md", docs / "b.md", docs / "c.md")
    result = materialize([document, collection], instance=instance,
                         resources={"docnav": resource}, tags=range_tags(keys[0], keys[-1]))
    assert result.success
    mats = result.asset_materializations_for_node("document")
    assert sorted(m.partition for m in mats) == sorted(keys)
    assert meta(result, "document")["documents_added"] == 3
    assert stored_paths(resource.db) == {str(docs / n) for n in ("a.md", "b.md", "c.md")}
    assert len(instance.get_runs()) == 1


def test_a_broken_document_fails_only_itself(instance, resource, docs):
    (docs / "junk.md").write_bytes(bytes(range(256)) * 64 + b"\xff\xfe\x00" * 500)
    keys = add_partitions(instance, docs / "a.md", docs / "junk.md")
    result = materialize([document], instance=instance, resources={"docnav": resource},
                         tags=range_tags(keys[0], keys[-1]))
    assert result.success
    counts = meta(result, "document")
    parse = checks(result)["parse_health"]
    if counts["documents_failed"] == 0:
        pytest.skip("the parser accepted the junk bytes as text; nothing failed to check")
    assert not parse.passed and parse.severity == AssetCheckSeverity.WARN
    assert parse.metadata["failed"].value == 1 and "junk.md" in parse.metadata["failures"].value
    assert "Alpha has apples." in paragraphs(resource.db)


def test_nli_check_reports_claims(instance, tmp_path, docs):
    resource = DocNavResource(roots=str(docs), db=str(tmp_path / "nli.duckdb"),
                              embed_model="hashing", nli_model=str(require(NLI_MODEL)))
    keys = add_partitions(instance, docs / "a.md", docs / "b.md")
    result = materialize([document], instance=instance, resources={"docnav": resource},
                         tags=range_tags(keys[0], keys[-1]))
    assert result.success
    counts = meta(result, "document")
    assert counts["summaries_rebuilt"] > 0 and counts["nli_pairs"] > 0
    nli = checks(result)["nli_verification"]
    assert nli.severity == AssetCheckSeverity.WARN
    assert nli.metadata["claims_checked"].value == counts["claims_checked"] > 0
    assert nli.passed == (nli.metadata["claims_failed"].value == 0)


# -- the sensor --------------------------------------------------------------------------------

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


def test_sensor_follows_add_modify_rename_delete(instance, resource, docs):
    a, b, c = (str(docs / n) for n in ("a.md", "b.md", "c.md"))

    first = tick(instance, resource, None)  # initial load: three adds, ONE run
    [run] = first.run_requests
    assert instance.get_dynamic_partitions(PARTITIONS) == [key_for_path(p) for p in (a, b, c)]
    assert (run.tags[ASSET_PARTITION_RANGE_START_TAG], run.tags[ASSET_PARTITION_RANGE_END_TAG]) \
        == (key_for_path(a), key_for_path(c))
    assert run.tags["docnav/store"] == "write"
    assert set(json.loads(first.cursor)["files"]) == {a, b, c}
    launch(instance, resource, run)
    assert stored_paths(resource.db) == {a, b, c}

    same = tick(instance, resource, first.cursor)  # nothing changed: nothing requested
    assert not same.run_requests and not same.dynamic_partitions_requests
    assert same.cursor == first.cursor

    retried = tick(instance, resource, None)  # a re-evaluated tick asks for the same run key
    assert retried.run_requests[0].run_key == run.run_key

    (docs / "b.md").write_text("# Bravo\n\nBravo builds bigger boats.\n")
    modified = tick(instance, resource, first.cursor)
    [run] = modified.run_requests
    assert run.tags[ASSET_PARTITION_RANGE_START_TAG] == run.tags[ASSET_PARTITION_RANGE_END_TAG] \
        == key_for_path(b)
    assert not modified.dynamic_partitions_requests
    result = launch(instance, resource, run)
    assert meta(result, "document")["documents_changed"] == 1
    assert "Bravo builds bigger boats." in paragraphs(resource.db)

    os.rename(c, docs / "d.md")  # rename = delete + add with the same hash
    d = str(docs / "d.md")
    renamed = tick(instance, resource, modified.cursor)
    [run] = renamed.run_requests
    assert run.tags[ASSET_PARTITION_RANGE_START_TAG] == key_for_path(d)
    assert run.run_config["ops"]["document"]["config"]["removed"] == [c]
    assert key_for_path(c) not in instance.get_dynamic_partitions(PARTITIONS)
    result = launch(instance, resource, run)
    assert meta(result, "document")["documents_renamed"] == 1
    assert stored_paths(resource.db) == {a, b, d}

    os.remove(a)  # a deletion alone: the collection run removes it from the store
    deleted = tick(instance, resource, renamed.cursor)
    [run] = deleted.run_requests
    assert list(run.asset_selection) == [collection.key]
    assert run.run_config["ops"]["collection"]["config"]["removed"] == [a]
    assert instance.get_dynamic_partitions(PARTITIONS) == [key_for_path(b), key_for_path(d)]
    result = launch(instance, resource, run)
    assert meta(result, "collection")["documents_removed"] == 1
    assert stored_paths(resource.db) == {b, d}
    assert len({r.run_key for r in (first, modified, renamed, deleted)
                for r in r.run_requests}) == 4


def test_change_back_to_earlier_content_gets_a_new_run_key():
    assert diff_state({"/x": "h1"}, {"/y": "h1"}).renamed == [("/x", "/y")]
    selection = {"documents": [document.key], "removals": [collection.key]}
    cursor, keys = None, []
    for content in ("h1", "h2", "h1", "h2"):  # A -> B -> A -> B: every change is a new run
        result = plan_tick(cursor, [FoundFile("/x.md", "/", 1, content)], ["/x.md"], selection)
        cursor = result.cursor
        keys.append(result.run_requests[0].run_key)
    assert len(set(keys)) == 4
    assert not plan_tick(cursor, [FoundFile("/x.md", "/", 1, "h2")], ["/x.md"],
                         selection).run_requests


# -- executors ---------------------------------------------------------------------------------

def multiprocess_job():
    from pipelines.definitions import default_resource

    return Definitions(
        assets=[document, collection], jobs=[index_job], resources={"docnav": default_resource()},
        executor=multiprocess_executor.configured({"max_concurrent": 2}),
    ).resolve_job_def("index_documents")


def test_multiprocess_executor_run(tmp_path, docs, monkeypatch):
    db = tmp_path / "mp.duckdb"
    for var, value in {"DOCNAV_ROOTS": str(docs), "DOCNAV_DB": str(db),
                       "DOCNAV_EMBED_MODEL": "hashing", "DOCNAV_SUMMARIES": "0"}.items():
        monkeypatch.setenv(var, value)
    with instance_for_test() as instance:
        keys = add_partitions(instance, docs / "a.md", docs / "b.md")
        # by module name: pytest imports this file under a name a subprocess cannot import
        job = build_reconstructable_job("tests.test_dagster", "multiprocess_job")
        with execute_job(job, instance,
                         tags=range_tags(keys[0], keys[-1])) as result:
            assert result.success
            assert len(result.asset_materializations_for_node("document")) == 2
    assert stored_paths(str(db)) == {str(docs / "a.md"), str(docs / "b.md")}


def test_reconcile_schedule_indexes_every_root(instance, resource, docs):
    from datetime import datetime, timezone

    from dagster import SkipReason, build_schedule_context

    from pipelines.sensors import reconcile_schedule

    def context():
        now = datetime(2026, 11, 30, 12, 15, tzinfo=timezone.utc)
        return build_schedule_context(instance=instance, scheduled_execution_time=now)

    assert isinstance(reconcile_schedule(context()), SkipReason)  # no partitions yet
    keys = add_partitions(instance, docs / "a.md")  # b.md and c.md not yet partitioned
    request = reconcile_schedule(context())
    assert request.run_key == "reconcile-2026-11-30T12:15:00+00:00"
    assert request.tags[ASSET_PARTITION_RANGE_START_TAG] == keys[0]
    launch(instance, resource, request)
    assert stored_paths(resource.db) == {str(docs / n) for n in ("a.md", "b.md", "c.md")}
