"""Real Dagster runs of the document/collection assets, the sensor and the checks.

Runs use the hashing embedder and, except in one test, no summaries, so no model loads.
"""

from __future__ import annotations

import json
import os
import subprocess
import warnings
from pathlib import Path

import duckdb
import pytest
from dagster import (
    AssetCheckSeverity,
    DeleteDynamicPartitionsRequest,
    Definitions,
    Failure,
    build_reconstructable_job,
    execute_job,
    instance_for_test,
    materialize,
    multiprocess_executor,
)
from dagster import DagsterRunStatus, MetadataValue, in_process_executor
from dagster._core.definitions.job_base import InMemoryJob
from dagster._core.events import DagsterEvent, DagsterEventType, EngineEventData
from dagster._core.execution.api import execute_run
from dagster._core.storage.dagster_run import DagsterRun
from dagster._core.storage.tags import (
    ASSET_PARTITION_RANGE_END_TAG,
    ASSET_PARTITION_RANGE_START_TAG,
    AUTO_RETRY_RUN_ID_TAG,
    PARTITION_NAME_TAG,
    WILL_RETRY_TAG,
)

from docnav.errors import ConfigError
from docnav.worker import stop_worker, worker_pid
from pipelines.assets import collection, document
from docnav.scan import FoundFile
from pipelines.changes import PARTITIONS, diff_state, plan_tick
from pipelines.inflight import partitions_in_flight
from pipelines.partitions import key_for_path
from pipelines.recovery import (
    RECOVERS_TAG,
    OrphanWork,
    fail_orphan,
    find_orphaned_runs,
    orphan_work,
)
from pipelines.resources import DocNavResource
from pipelines.sensors import index_job
from tests._dagster_harness import (  # noqa: F401 (fixtures)
    add_partitions, docs, instance, launch, meta, paragraphs, range_tags, resource, run_meta,
    stored_paths, tick,
)
from tests._paths import NLI_MODEL, require  # not conftest: the executor's child imports us

warnings.filterwarnings("ignore", message=".*backfill_policy.*")


def checks(result) -> dict:
    return {e.check_name: e for e in result.get_asset_check_evaluations()}


def test_one_partition_then_collection(instance, resource, docs):
    [key] = add_partitions(instance, docs / "a.md")
    result = materialize([document, collection], partition_key=key, instance=instance,
                         resources={"docnav": resource})
    assert result.success
    assert paragraphs(resource.db) == {"Alpha has apples.", "Beta grows beans."}
    counts = run_meta(result)
    assert counts["documents_added"] == 1 and counts["documents_failed"] == 0
    assert counts["nodes_written"] > 0 and counts["texts_embedded"] > 0
    assert "| embeddings computed / reused |" in counts["report"]
    assert "seconds" in meta(result, "collection")
    assert {name: c.passed for name, c in checks(result).items()} == {
        "parse_health": True, "nli_verification": True}
    # summaries off: said so, not a check of claims that all held (a green "0 failed")
    off = checks(result)["nli_verification"]
    assert off.metadata["verification"].value == "off (summaries are off (DOCNAV_SUMMARIES=0))"
    assert off.description == "not checked: summaries are off (DOCNAV_SUMMARIES=0)"

    again = materialize([document], partition_key=key, instance=instance,
                        resources={"docnav": resource})
    counts = run_meta(again)
    assert counts["documents_unchanged"] == 1 and counts["texts_embedded"] == 0


def test_a_reparse_run_parses_unchanged_documents_again(instance, resource, docs):
    """Materialised with ``reparse: true`` (from the Launchpad after an upgrade or a change of
    pdf_mode), a partition's unchanged document is parsed again; its tree being the same, it
    is not rewritten."""
    [key] = add_partitions(instance, docs / "a.md")
    assert materialize([document], partition_key=key, instance=instance,
                       resources={"docnav": resource}).success
    plain = run_meta(materialize([document], partition_key=key, instance=instance,
                                 resources={"docnav": resource}))
    assert plain["docs_parsed"] == 0 and plain["documents_reparsed"] == 0
    again = materialize([document], partition_key=key, instance=instance,
                        resources={"docnav": resource},
                        run_config={"ops": {"document": {"config": {"reparse": True}}}})
    counts = run_meta(again)
    assert counts["docs_parsed"] == 1 and counts["documents_reparsed"] == 1
    assert counts["documents_unchanged"] == 1 and counts["nodes_written"] == 0


def test_a_bad_pdf_mode_fails_the_run_naming_the_setting(instance, tmp_path, docs):
    bad = DocNavResource(roots=str(docs), db=str(tmp_path / "store" / "graph.duckdb"),
                         embed_model="hashing", summaries=False, pdf_mode="fast")
    [key] = add_partitions(instance, docs / "a.md")
    with pytest.raises(Failure, match="pdf_mode='fast' is not valid"):
        materialize([document], partition_key=key, instance=instance,
                    resources={"docnav": bad})


@pytest.mark.parametrize("roots", ["", " , "])
def test_empty_roots_are_refused_and_remove_nothing(instance, tmp_path, resource, docs, roots):
    """DOCNAV_ROOTS=$UNSET: the sensor and a removal run fail naming the setting; the stored
    documents stay (a run with no roots once counted every one of them removed)."""
    launch(instance, resource, tick(instance, resource, None).run_requests[0])
    before = stored_paths(resource.db)
    assert len(before) == 3
    empty = DocNavResource(roots=roots, db=resource.db, embed_model="hashing", summaries=False)
    with pytest.raises(ConfigError, match="DOCNAV_ROOTS"):
        tick(instance, empty, None)
    job = Definitions(assets=[document, collection], jobs=[index_job],
                      resources={"docnav": empty}).resolve_job_def("index_documents")
    with pytest.raises(Failure, match="DOCNAV_ROOTS"):
        job.execute_in_process(instance=instance, asset_selection=[collection.key],
                               run_config={"ops": {"collection": {"config": {
                                   "removed": sorted(before)}}}})
    assert stored_paths(resource.db) == before


def test_runs_hand_their_work_to_the_resident_worker(instance, resource, docs):
    """With resident_worker on, the first run starts the store's worker and every run's
    document and collection work is done there (the metadata says by which pid)."""
    resident = DocNavResource(roots=resource.roots, db=resource.db, embed_model="hashing",
                              summaries=False, resident_worker=True)
    try:
        [key] = add_partitions(instance, docs / "a.md")
        result = materialize([document, collection], partition_key=key, instance=instance,
                             resources={"docnav": resident})
        pid = worker_pid(resident.db)
        assert result.success and pid is not None and pid != os.getpid()
        assert run_meta(result)["indexed_by"] == f"resident worker (pid {pid})"
        assert meta(result, "collection")["indexed_by"] == f"resident worker (pid {pid})"
        assert paragraphs(resident.db) == {"Alpha has apples.", "Beta grows beans."}

        (docs / "a.md").write_text("# Alpha\n\nAlpha has apricots.\n")
        again = materialize([document], partition_key=key, instance=instance,
                            resources={"docnav": resident})
        assert run_meta(again)["indexed_by"] == f"resident worker (pid {pid})"
        assert run_meta(again)["documents_changed"] == 1
        assert paragraphs(resident.db) == {"Alpha has apricots."}
    finally:
        stop_worker(resident.db)
    plain = materialize([document], partition_key=key, instance=instance,
                        resources={"docnav": resource})
    assert run_meta(plain)["indexed_by"] == "the run's own process"


def test_single_run_covers_many_partitions(instance, resource, docs):
    keys = add_partitions(instance, docs / "a.md", docs / "b.md", docs / "c.md")
    result = materialize([document, collection], instance=instance,
                         resources={"docnav": resource}, tags=range_tags(keys[0], keys[-1]))
    assert result.success
    mats = result.asset_materializations_for_node("document")
    assert sorted(m.partition for m in mats) == sorted(keys)
    assert run_meta(result)["documents_added"] == 3
    assert stored_paths(resource.db) == {str(docs / n) for n in ("a.md", "b.md", "c.md")}
    assert len(instance.get_runs()) == 1


def test_a_broken_document_fails_only_itself(instance, resource, docs):
    (docs / "junk.md").write_bytes(bytes(range(256)) * 64 + b"\xff\xfe\x00" * 500)
    keys = add_partitions(instance, docs / "a.md", docs / "junk.md")
    result = materialize([document], instance=instance, resources={"docnav": resource},
                         tags=range_tags(keys[0], keys[-1]))
    assert result.success
    counts = run_meta(result)
    parse = checks(result)["parse_health"]
    if counts["documents_failed"] == 0:
        pytest.skip("the parser accepted the junk bytes as text; nothing failed to check")
    assert not parse.passed and parse.severity == AssetCheckSeverity.WARN
    assert parse.metadata["failed"].value == 1 and parse.metadata["failures"].value.startswith(
        f"- `{docs / 'junk.md'}`: binary data, not Markdown text")  # the path said once
    assert "Alpha has apples." in paragraphs(resource.db)


def test_nli_check_reports_claims(instance, tmp_path, docs):
    resource = DocNavResource(roots=str(docs), db=str(tmp_path / "nli.duckdb"),
                              embed_model="hashing", nli_model=str(require(NLI_MODEL)))
    keys = add_partitions(instance, docs / "a.md", docs / "b.md")
    result = materialize([document], instance=instance, resources={"docnav": resource},
                         tags=range_tags(keys[0], keys[-1]))
    assert result.success
    counts = run_meta(result)
    assert counts["summaries_rebuilt"] > 0 and counts["nli_pairs"] > 0
    nli = checks(result)["nli_verification"]
    assert nli.severity == AssetCheckSeverity.WARN
    assert nli.metadata["claims_checked"].value == counts["claims_checked"] > 0
    assert nli.passed == (nli.metadata["claims_failed"].value == 0)


def test_the_prune_job_deletes_the_old_models_vectors_and_the_compact_job_shrinks_the_file(
        instance, tmp_path, docs):
    from pipelines.maintenance import prune_vectors_job

    db = str(tmp_path / "prune.duckdb")
    keys = add_partitions(instance, docs / "a.md", docs / "b.md", docs / "c.md")
    for model in ("hashing", "all-MiniLM-L6-v2"):  # every document embedded with each
        materialize([document, collection], instance=instance, tags=range_tags(keys[0], keys[-1]),
                    resources={"docnav": DocNavResource(roots=str(docs), db=db,
                                                        embed_model=model, summaries=False)})
    with duckdb.connect(db, read_only=True) as con:
        old = con.execute("SELECT count(*) FROM embeddings WHERE model = 'hashing-v1-256'"
                          ).fetchone()[0]
    assert old > 0
    resource = DocNavResource(roots=str(docs), db=db, summaries=False)
    job = Definitions(jobs=[prune_vectors_job], resources={"docnav": resource}).resolve_job_def(
        "prune_vectors")
    dry = job.execute_in_process(instance=instance, run_config={
        "ops": {"prune_embeddings": {"config": {"dry_run": True}}}})
    assert dry.success and dry.output_for_node("prune_embeddings") == (
        f"would delete {old:,} text vectors ({old:,} of hashing-v1-256); would keep "
        "st:all-MiniLM-L6-v2")
    result = job.execute_in_process(instance=instance)
    assert result.success and result.dagster_run.tags["docnav/store"] == "write"
    (output,) = [e for e in result.all_node_events if e.event_type_value == "STEP_OUTPUT"]
    metadata = {k: v.value for k, v in output.event_specific_data.metadata.items()}
    assert metadata["vectors_deleted"] == old and metadata["documents_reexported"] == 3
    assert metadata["models_in_use"] == {"st:all-MiniLM-L6-v2": 3}
    with duckdb.connect(db, read_only=True) as con:
        assert con.execute("SELECT DISTINCT model FROM embeddings").fetchall() == [
            ("st:all-MiniLM-L6-v2",)]

    from docnav.query import DocNavGraph
    from pipelines.maintenance import compact_store_job

    size = Path(db).stat().st_size
    job = Definitions(jobs=[compact_store_job], resources={"docnav": resource}).resolve_job_def(
        "compact_store")
    result = job.execute_in_process(instance=instance)
    assert result.success and result.dagster_run.tags["docnav/store"] == "write"
    (output,) = [e for e in result.all_node_events if e.event_type_value == "STEP_OUTPUT"]
    metadata = {k: v.value for k, v in output.event_specific_data.metadata.items()}
    assert metadata["bytes_before"] == size and metadata["bytes_after"] == Path(db).stat().st_size
    assert metadata["bytes_after"] < size
    assert DocNavGraph.open(db).model == "st:all-MiniLM-L6-v2"


# -- the sensor --------------------------------------------------------------------------------

def queue(instance, resource, request) -> DagsterRun:
    """The request's run as the sensor daemon creates it, not yet started (the daemon then
    submits it to the queue, where it is QUEUED: also unfinished, but that status needs the
    run's origin in a code location)."""
    return instance.create_run_for_job(
        index_job_def(resource), tags=request.tags, run_config=request.run_config,
        asset_selection=frozenset(request.asset_selection))


def start(instance, resource, run: DagsterRun):
    """The run taken off the queue and executed, as the run queue and its worker do."""
    instance.report_dagster_event(
        DagsterEvent(DagsterEventType.PIPELINE_STARTING.value, job_name=run.job_name),
        run_id=run.run_id)
    return execute_run(InMemoryJob(index_job_def(resource)), instance.get_run_by_id(run.run_id),
                       instance)


def index_job_def(resource):
    return Definitions(assets=[document, collection], jobs=[index_job], executor=in_process_executor,
                       resources={"docnav": resource}).resolve_job_def("index_documents")


def test_a_queued_run_still_indexes_its_range_when_the_file_at_its_end_is_deleted(
        instance, resource, docs):
    """a.md edited and z.md added: one run over a.md..z.md waits in the queue. z.md is deleted
    before it starts. Dagster raised "Nonexistent partition keys" when the run read its range
    (and again when storing its output, and when the retry daemon re-created it), had the next
    tick deleted z.md's partition; the edit of a.md waited for the reconcile schedule. Now the
    partition stays while the run is unfinished: the run indexes a.md and removes z.md, and a
    later tick deletes the partition, requesting nothing."""
    first = tick(instance, resource, None)
    launch(instance, resource, first.run_requests[0])
    a, z = docs / "a.md", docs / "z.md"
    a.write_text("# Alpha\n\nAlpha has apricots now.\n")
    z.write_text("# Zulu\n\nZulu zigzags.\n")
    edited = tick(instance, resource, first.cursor)
    [request] = edited.run_requests
    assert request.tags[ASSET_PARTITION_RANGE_END_TAG] == key_for_path(str(z))
    queued = queue(instance, resource, request)

    z.unlink()
    deleted = tick(instance, resource, edited.cursor)
    result = start(instance, resource, queued)
    assert result.success
    assert "Alpha has apricots now." in paragraphs(resource.db)
    assert "Alpha has apples." not in paragraphs(resource.db)
    assert stored_paths(resource.db) == {str(docs / n) for n in ("a.md", "b.md", "c.md")}
    assert sorted(m.partition for m in result.asset_materializations_for_node("document")) == [
        key_for_path(str(p)) for p in (a, docs / "b.md", docs / "c.md", z)]

    assert key_for_path(str(z)) in instance.get_dynamic_partitions(PARTITIONS)
    [removal] = deleted.run_requests  # the tick that saw z.md go planned its removal
    assert removal.run_config["ops"]["collection"]["config"]["removed"] == [str(z)]
    assert not deleted.dynamic_partitions_requests
    launch(instance, resource, removal)

    released = tick(instance, resource, deleted.cursor)  # no unfinished run names z.md now
    assert not released.run_requests
    [request] = released.dynamic_partitions_requests
    assert isinstance(request, DeleteDynamicPartitionsRequest)
    assert request.partition_keys == [key_for_path(str(z))]
    assert key_for_path(str(z)) not in instance.get_dynamic_partitions(PARTITIONS)
    quiet = tick(instance, resource, released.cursor)
    assert not quiet.run_requests and not quiet.dynamic_partitions_requests


def test_partitions_in_flight_are_the_ends_of_runs_not_finished_or_awaiting_a_retry():
    with instance_for_test() as instance:
        for run_id, status, tags in [
            ("created", DagsterRunStatus.NOT_STARTED, range_tags("/a", "/b")),
            ("started", DagsterRunStatus.STARTED, {PARTITION_NAME_TAG: "/c"}),
            ("done", DagsterRunStatus.SUCCESS, range_tags("/d", "/e")),
            ("to-retry", DagsterRunStatus.FAILURE, {**range_tags("/f", "/g"),
                                                    WILL_RETRY_TAG: "true"}),
            ("retried", DagsterRunStatus.FAILURE, {**range_tags("/h", "/i"),
                                                   WILL_RETRY_TAG: "true",
                                                   AUTO_RETRY_RUN_ID_TAG: "created"}),
            ("orphan", DagsterRunStatus.STARTED, range_tags("/j", "/k")),
        ]:
            instance.add_run(DagsterRun(job_name="index_documents", run_id=run_id, status=status,
                                        tags=tags))
        # "to-retry" holds none: no retry daemon is to read its failure
        # (tests/test_dagster_inflight.py has one that is)
        assert partitions_in_flight(instance, ignore={"orphan"}) == {"/a", "/b", "/c"}


def test_a_failed_document_is_shown_then_indexed_once_its_file_is_fixed(instance, resource, docs):
    """A run over a.md and an empty (invalid) e.md: the run succeeds for a.md, parse_health
    names e.md and its error; once the file is fixed, the sensor's next run indexes it."""
    (docs / "e.md").write_text("")
    (docs / "w.md").write_text("---\ntitle: [unclosed\n---\n\n# Whiskey\n\nIndexed.\n")
    first = tick(instance, resource, None)
    result = launch(instance, resource, first.run_requests[0])
    parse = checks(result)["parse_health"]
    assert not parse.passed and parse.metadata["failed"].value == 1
    assert str(docs / "e.md") in parse.metadata["failures"].value
    assert "empty" in parse.metadata["failures"].value
    # indexed, with what the parser warned of beside the failures
    assert parse.metadata["warned"].value == 1
    assert (f"`{docs / 'w.md'}`: front matter (lines 1-3) kept as text"
            in parse.metadata["warnings"].value)
    assert str(docs / "a.md") in stored_paths(resource.db)

    (docs / "e.md").write_text("# Echo\n\nEcho is fixed now.\n")
    fixed = tick(instance, resource, first.cursor)
    [run] = fixed.run_requests
    assert run.tags[ASSET_PARTITION_RANGE_START_TAG] == key_for_path(str(docs / "e.md"))
    retry = launch(instance, resource, run)
    assert checks(retry)["parse_health"].passed
    assert run_meta(retry)["documents_failed"] == 0
    assert checks(retry)["parse_health"].metadata["warnings"].value == "none"
    assert "Echo is fixed now." in paragraphs(resource.db)


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
    assert run_meta(result)["documents_changed"] == 1
    assert "Bravo builds bigger boats." in paragraphs(resource.db)

    os.rename(c, docs / "d.md")  # rename = delete + add with the same hash
    d = str(docs / "d.md")
    renamed = tick(instance, resource, modified.cursor)
    [run] = renamed.run_requests
    assert run.tags[ASSET_PARTITION_RANGE_START_TAG] == key_for_path(d)
    assert run.run_config["ops"]["document"]["config"]["removed"] == [c]
    assert key_for_path(c) not in instance.get_dynamic_partitions(PARTITIONS)
    result = launch(instance, resource, run)
    assert run_meta(result)["documents_renamed"] == 1
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


def test_the_files_of_a_folder_that_cannot_be_listed_are_not_removed():
    """The scan names a folder it could not list (no permission): the sensor neither removes
    the documents under it (they are not known to be gone) nor makes the folder a partition."""
    selection = {"documents": [document.key], "removals": [collection.key]}
    before = [FoundFile("/d/a.md", "/d", 1, "ha"), FoundFile("/d/locked/l.md", "/d", 1, "hl")]
    cursor = plan_tick(None, before, [], selection).cursor
    now = [FoundFile("/d/a.md", "/d", 1, "ha"),
           FoundFile("/d/locked", "/d", error="cannot list this folder", unlisted=True)]
    result = plan_tick(cursor, now, ["/d/a.md", "/d/locked/l.md"], selection)
    assert not result.run_requests and not result.dynamic_partitions_requests
    back = plan_tick(result.cursor, before, ["/d/a.md", "/d/locked/l.md"], selection)
    assert not back.run_requests  # readable again, as it was: nothing to do


def test_an_orphaned_runs_work_is_replanned_against_the_files_of_now():
    """A run died with the deployment while indexing /a../d; meanwhile /d was deleted and /b
    edited. The tick's one run indexes /a../c, removes /d and names the orphan it recovers."""
    selection = {"documents": [document.key], "removals": [collection.key]}
    keys = ["/a.md", "/b.md", "/c.md", "/d.md"]
    before = [FoundFile(k, "/", 1, f"h{k}") for k in keys]
    cursor = plan_tick(None, before, [], selection).cursor
    orphan = DagsterRun(job_name="index_documents", run_id="dead",
                        tags=range_tags("/a.md", "/d.md"),
                        run_config={"ops": {"document": {"config": {"removed": ["/old.md"]}}}})
    work = orphan_work(orphan, keys)
    assert work == OrphanWork("dead", keys, ["/old.md"], full=False)

    now = [FoundFile("/a.md", "/", 1, "h/a.md"), FoundFile("/b.md", "/", 1, "edited"),
           FoundFile("/c.md", "/", 1, "h/c.md")]
    result = plan_tick(cursor, now, keys, selection, orphans=[work])
    [run] = result.run_requests
    assert (run.tags[ASSET_PARTITION_RANGE_START_TAG], run.tags[ASSET_PARTITION_RANGE_END_TAG]) \
        == ("/a.md", "/c.md")
    assert run.tags[RECOVERS_TAG] == "dead"
    assert run.run_config["ops"]["document"]["config"]["removed"] == ["/d.md", "/old.md"]
    [delete] = result.dynamic_partitions_requests
    assert isinstance(delete, DeleteDynamicPartitionsRequest) and delete.partition_keys == ["/d.md"]

    # with nothing changed on disk the orphan alone still gets its run
    quiet = plan_tick(result.cursor, now, keys[:3], selection,
                      orphans=[orphan_work(orphan, keys[:3])])
    [run] = quiet.run_requests  # its range end is gone: everything is redone, incrementally
    assert run.run_config["ops"]["document"]["config"]["full"] is True
    assert run.tags[RECOVERS_TAG] == "dead"
    assert not plan_tick(quiet.cursor, now, keys[:3], selection).run_requests


def test_an_orphaned_run_is_found_and_failed_without_a_dagster_retry():
    """STARTED with a dead worker: found, failed, and not retried by Dagster (the sensor's run
    redoes its work); a STARTED run whose worker lives is left alone."""
    dead = subprocess.Popen(["true"])
    dead.wait()
    overrides = {"run_retries": {"enabled": True, "max_retries": 2}}
    with instance_for_test(overrides=overrides) as instance:
        for run_id, pid in (("orphan", dead.pid), ("alive", os.getpid())):
            run = instance.add_run(DagsterRun(job_name="index_documents", run_id=run_id,
                                              status=DagsterRunStatus.STARTED))
            instance.report_engine_event("worker started", run,
                                         EngineEventData(metadata={"pid": MetadataValue.int(pid)}))
        [orphan] = find_orphaned_runs(instance)
        assert orphan.run_id == "orphan"
        assert fail_orphan(instance, orphan)
        failed = instance.get_run_by_id("orphan")
        assert failed.status == DagsterRunStatus.FAILURE
        assert failed.tags[WILL_RETRY_TAG] == "false"
        assert not fail_orphan(instance, orphan)  # already failed: nothing to do
        assert instance.get_run_by_id("alive").status == DagsterRunStatus.STARTED
        assert find_orphaned_runs(instance) == []


# -- executors ---------------------------------------------------------------------------------

def multiprocess_job():
    from pipelines.definitions import default_resource

    return Definitions(
        assets=[document, collection], jobs=[index_job], resources={"docnav": default_resource()},
        executor=multiprocess_executor.configured({"max_concurrent": 2}),
    ).resolve_job_def("index_documents")


@pytest.fixture
def mp_db(tmp_path):
    """The store of a run by the deployment's resource (resident_worker on): its worker, which
    outlived the suite by up to its 15 idle minutes (`docnav.worker --idle 900`), is stopped."""
    db = tmp_path / "mp.duckdb"
    yield db
    stop_worker(db)


def test_multiprocess_executor_run(mp_db, docs, monkeypatch):
    db = mp_db
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

    def evaluate():
        now = datetime(2026, 11, 30, 12, 15, tzinfo=timezone.utc)
        with build_schedule_context(instance=instance, scheduled_execution_time=now,
                                    resources={"docnav": resource}) as context:
            return reconcile_schedule(context)  # closed: see evaluate_schedule()

    assert isinstance(evaluate(), SkipReason)  # no partitions yet
    keys = add_partitions(instance, docs / "a.md")  # b.md and c.md not yet partitioned
    request = evaluate()
    assert request.run_key == "reconcile-2026-11-30T12:15:00+00:00"
    assert request.tags[ASSET_PARTITION_RANGE_START_TAG] == keys[0]
    launch(instance, resource, request)
    assert stored_paths(resource.db) == {str(docs / n) for n in ("a.md", "b.md", "c.md")}


@pytest.mark.parametrize("resident", [False, True], ids=["own process", "resident worker"])
def test_a_run_logs_its_progress_to_the_event_log(instance, resource, docs, resident):
    """Each batch of documents written is a line in the run's log, which the Dagster UI shows
    while the run goes on (a run over hundreds of documents said nothing until it was done);
    the resident worker sends its lines back as it writes."""
    for name in ("d", "e", "f"):
        (docs / f"{name}.md").write_text(f"# {name.upper()}\n\nText of {name}.\n")
    keys = add_partitions(instance, *sorted(docs.glob("*.md")))
    resource = DocNavResource(roots=resource.roots, db=resource.db, embed_model="hashing",
                              summaries=False, resident_worker=resident)
    try:
        result = materialize([document], instance=instance, resources={"docnav": resource},
                             tags=range_tags(keys[0], keys[-1]))
        pid = worker_pid(resource.db)
    finally:
        stop_worker(resource.db)
    assert result.success
    assert (run_meta(result)["indexed_by"] == f"resident worker (pid {pid})") is resident
    lines = [r.user_message for r in instance.all_logs(result.run_id)
             if "documents done" in (r.user_message or "")]
    assert lines and lines[-1].startswith("indexing: 6/6 documents done ("), lines
