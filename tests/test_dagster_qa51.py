"""The Dagster wiring as an operator meets it: jobs launched by hand from the CLI or the
Launchpad, settings with typos, runs that failed, and what the ticks and runs then say."""

from __future__ import annotations

import os
import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest
import yaml
from dagster import (
    DagsterInstance,
    Definitions,
    Failure,
    RunRequest,
    SkipReason,
    build_schedule_context,
    build_sensor_context,
    instance_for_test,
    materialize,
)

from docnav.errors import ConfigError
from docnav.worker import _Paths
from pipelines.assets import collection, document
from pipelines.changes import PARTITIONS
from pipelines.definitions import code_version, default_resource, with_code_version
from pipelines.resources import DocNavResource
from pipelines.sensors import (
    build_reverify_schedule,
    document_sensor,
    index_job,
    reconcile_schedule,
)
from tests._dagster_harness import (  # noqa: F401 (fixtures)
    add_partitions, docs, instance, launch, range_tags, resource, run_meta, stored_paths, tick,
)

ROOT = Path(__file__).resolve().parents[1]


def test_a_run_naming_no_partition_says_how_to_name_them(instance, resource, docs):  # noqa: F811
    """`dagster job execute -j index_documents` names no partition: the run failed with
    Dagster's "Cannot access partition_key for a non-partitioned run", which says nothing of
    what to give; it now says how to name documents, or to index every root."""
    job = Definitions(assets=[document, collection], jobs=[index_job],
                      resources={"docnav": resource}).resolve_job_def("index_documents")
    with pytest.raises(Failure, match="names no document partition") as raised:
        job.execute_in_process(instance=instance)
    said = str(raised.value)
    assert "--partition" in said and "full: true" in said
    # the commands it gives run from a command line: a full run with the config file shipped
    # (before: `--select document --partition KEY`, which Dagster refuses until a sensor tick
    # has added the partition, and `--partition-range`, which it refuses for these assets)
    assert "--partition-range" not in said and "--select document --" not in said
    command = "dagster job execute -m pipelines.definitions -j index_documents -c "
    assert command + "pipelines/full.yaml" in said
    assert not (docs.parent / "store").exists()

    full = job.execute_in_process(
        instance=instance, run_config=yaml.safe_load((ROOT / "pipelines/full.yaml").read_text()))
    assert full.success
    assert stored_paths(resource.db) == {str(docs / n) for n in ("a.md", "b.md", "c.md")}


def test_a_spool_folder_no_watcher_made_is_named_in_the_skip_reason(tmp_path, docs,  # noqa: F811
                                                                     instance):  # noqa: F811
    """DOCNAV_SPOOL with a typo (or no `docnav watch --spool` started): every tick said only
    "no change batch in /data/spol", as if nothing had changed, while edits waited for the
    15-minute reconcile. The watcher makes its folder when it starts, so a missing one (or a
    file in its place) means no watcher writes there: the tick says so, and warns."""
    spool = tmp_path / "spol"
    resource = DocNavResource(roots=str(docs), db=str(tmp_path / "s.duckdb"),
                              embed_model="hashing", summaries=False, spool=str(spool))

    def tick(cursor):
        return document_sensor(build_sensor_context(instance=instance, cursor=cursor,
                                                    resources={"docnav": resource}))

    first = tick(None)
    (docs / "b.md").write_text("# Bravo\n\nBravo builds bigger boats.\n")
    idle = tick(first.cursor)
    assert idle.run_requests == []
    said = idle.skip_reason.skip_message
    assert said.startswith(f"no change batch in {spool} (docnav watch --spool)")
    assert f"DOCNAV_SPOOL {spool}: no such folder" in said
    assert f"`docnav watch --spool {spool}`" in said

    spool.write_text("a file where the folder should be")
    assert f"DOCNAV_SPOOL {spool}: not a folder" in tick(first.cursor).skip_reason.skip_message
    spool.unlink()
    spool.mkdir()  # the watcher's folder, no batch yet: nothing to add
    assert tick(first.cursor).skip_reason.skip_message == (
        f"no change batch in {spool} (docnav watch --spool): nothing scanned")


def test_reconcile_removes_what_a_failed_removal_run_left(instance, resource, docs):  # noqa: F811
    """Every file deleted: the tick deletes every partition and requests the removal run. If
    that run failed (a store held past lock_wait, three times with the retries), the reconcile
    schedule skipped for ever ("no document partitions yet") and the deleted documents stayed
    answerable. With no partition left it now asks for a collection run over every root while
    the store's export lists documents under the roots there, and skips once it lists none."""
    def reconcile():
        now = datetime(2026, 12, 6, 12, 15, tzinfo=timezone.utc)
        with build_schedule_context(instance=instance, scheduled_execution_time=now,
                                    resources={"docnav": resource}) as context:
            return reconcile_schedule(context)

    first = tick(instance, resource, None)
    launch(instance, resource, first.run_requests[0])
    for name in ("a.md", "b.md", "c.md"):
        (docs / name).unlink()
    removal = tick(instance, resource, first.cursor)  # its run fails: not launched here
    assert list(removal.run_requests[0].asset_selection) == [collection.key]
    assert instance.get_dynamic_partitions(PARTITIONS) == []

    request = reconcile()
    assert isinstance(request, RunRequest) and list(request.asset_selection) == [collection.key]
    assert request.run_config == {"ops": {"collection": {"config": {"full": True}}}}
    assert request.tags["docnav/store"] == "write"
    launch(instance, resource, request)
    assert stored_paths(resource.db) == set()
    assert isinstance(reconcile(), SkipReason)  # nothing left to remove: no run


def test_a_fifo_s_failure_names_the_dagster_setting_that_skips_it(instance, resource,  # noqa: F811
                                                                  docs):  # noqa: F811
    """A named pipe called x.md fails alone; its failure said to skip it "with --exclude", a
    flag no Dagster operator can pass: it names DOCNAV_EXCLUDE too, as the model errors do."""
    os.mkfifo(docs / "pipe.md")
    result = launch(instance, resource, tick(instance, resource, None).run_requests[0])
    [parse] = [c for c in result.get_asset_check_evaluations() if c.check_name == "parse_health"]
    failures = parse.metadata["failures"].value
    assert failures.startswith(f"- `{docs / 'pipe.md'}`: not a regular file (a named pipe)")
    assert "--exclude (DOCNAV_EXCLUDE under Dagster)" in failures
    assert stored_paths(resource.db) >= {str(docs / n) for n in ("a.md", "b.md", "c.md")}


def test_the_reverify_log_says_why_files_are_parsed_again(instance, resource, docs,  # noqa: F811
                                                       capfd):
    """DOCNAV_PDF_MODE changed over Markdown files: the schedule's log said "every file is
    parsed again (0 documents have trees of another parser)", a reason that gives none. It
    names the parser setting that changed when the stored trees are not the reason, and (as
    only PDFs read the PDF mode) that only the documents another mode made are parsed."""
    settings = {"DOCNAV_EMBED_MODEL": "hashing", "DOCNAV_SUMMARIES": "0"}
    old = code_version({**settings, "DOCNAV_PDF_MODE": "native"})
    new = code_version(settings)
    keys = add_partitions(instance, docs / "a.md", docs / "b.md")
    first = materialize([with_code_version(document, old)], instance=instance,
                        resources={"docnav": resource}, tags=range_tags(keys[0], keys[-1]))
    assert first.success
    capfd.readouterr()
    when = datetime(2026, 12, 6, 12, 5, tzinfo=timezone.utc)
    with build_schedule_context(instance=instance, scheduled_execution_time=when,
                                resources={"docnav": resource}) as context:
        request = build_reverify_schedule(new)(context)
    assert request.run_config["ops"]["document"]["config"] == {
        "full": True, "reparse_parsed_otherwise": True}
    said = capfd.readouterr().err
    assert ("the documents another PDF mode made (the PDFs; no other format reads it) are "
            "parsed again: pdf_mode=native -> pdf_mode=auto") in said
    assert "0 documents" not in said


def test_a_sole_root_that_is_not_there_is_not_said_to_leave_others_indexed(tmp_path,
                                                                           instance):  # noqa: F811
    """DOCNAV_ROOTS=/data/docz (a typo, the only root): every tick said "...; the other roots
    are indexed", of roots there are none, while nothing was indexed at all."""
    typo = tmp_path / "docz"
    resource = DocNavResource(roots=str(typo), db=str(tmp_path / "s.duckdb"),
                              embed_model="hashing", summaries=False)
    said = tick(instance, resource, None).skip_reason.skip_message
    assert said == (f"every root of DOCNAV_ROOTS is gone ({typo}): no such file or folder, "
                    "and no document was indexed from it, so nothing is indexed; check "
                    "DOCNAV_ROOTS for a typo")
    assert "the other roots are indexed" not in said and "keeps" not in said
    assert not (tmp_path / "s.duckdb").exists()


@pytest.mark.parametrize("cursor", ["0", "not json", "[1, 2]"])
def test_a_cursor_the_sensor_did_not_write_is_named_with_the_fix(instance, resource,  # noqa: F811
                                                                 cursor):
    """A cursor edited by hand (the UI's sensor page lets one set any text) failed every tick
    with json's "Expecting value: line 1 column 1 (char 0)" or an AttributeError: the error
    now says which cursor is not this sensor's and how to start afresh."""
    with pytest.raises(ConfigError, match="document_sensor's cursor .* is not one it wrote") as e:
        tick(instance, resource, cursor)
    assert "clear the cursor" in str(e.value)


def test_why_a_run_indexed_without_the_resident_worker_is_in_its_event_log(
        tmp_path, docs, monkeypatch):  # noqa: F811
    """The worker could not start (here its log file's name is taken by a folder): the run
    indexed in its own process and its metadata said so ("the run's own process"), but why
    went only to the process's stderr, not to the event log the UI shows and filters; with
    dagster.yaml's python_logs, DocNav's warnings are events of the run."""
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    shutil.copy(ROOT / "dagster_home" / "dagster.yaml", tmp_path / "home" / "dagster.yaml")
    resident = DocNavResource(roots=str(docs), db=str(tmp_path / "store" / "graph.duckdb"),
                              embed_model="hashing", summaries=False, resident_worker=True)
    taken = _Paths.for_store(resident.db).log
    taken.mkdir()
    try:
        with DagsterInstance.from_config(str(tmp_path / "home")) as home:
            [key] = add_partitions(home, docs / "a.md")
            result = materialize([document], partition_key=key, instance=home,
                                 resources={"docnav": resident})
            assert result.success
            assert run_meta(result)["indexed_by"] == "the run's own process"
            said = [r.user_message for r in home.all_logs(result.run_id) if r.level >= 30]
    finally:
        taken.rmdir()
    assert any(m.startswith("could not start the resident worker") for m in said), said


def test_a_setting_no_retry_can_mend_fails_the_run_without_retries(tmp_path, docs):  # noqa: F811
    """DOCNAV_EMBED_MODEL=hashin: the run failed clearly but carried dagster/will_retry: true,
    and the daemon ran it twice more, failing the same way, before the edit's next run."""
    bad = DocNavResource(roots=str(docs), db=str(tmp_path / "store" / "graph.duckdb"),
                         embed_model="hashin", summaries=False)
    job = Definitions(assets=[document, collection], jobs=[index_job],
                      resources={"docnav": bad}).resolve_job_def("index_documents")
    retries = {"run_retries": {"enabled": True, "max_retries": 2}}
    with instance_for_test(overrides=retries) as inst:
        result = job.execute_in_process(
            instance=inst, run_config={"ops": {"document": {"config": {"full": True}}}},
            raise_on_error=False)
        assert not result.success
        failure = next(e for e in result.all_events if e.event_type_value == "STEP_FAILURE")
        assert "cannot load embedding model 'hashin'" in failure.step_failure_data.error.message
        assert inst.get_run_by_id(result.run_id).tags.get("dagster/will_retry") == "false"


def test_unset_roots_load_and_each_run_names_the_setting(monkeypatch):
    """DOCNAV_ROOTS unset: the run failed with Dagster's "You have attempted to fetch the
    environment variable DOCNAV_ROOTS which is not set"; the code location still loads (the
    UI shows it), and the resource says what the setting is for."""
    monkeypatch.setenv("DOCNAV_DB", "/data/graph.duckdb")
    for unset in (None, "  "):
        if unset is None:
            monkeypatch.delenv("DOCNAV_ROOTS", raising=False)
        else:
            monkeypatch.setenv("DOCNAV_ROOTS", unset)
        resource = default_resource(os.environ)
        with pytest.raises(ConfigError, match=r"DOCNAV_ROOTS \(the resource's roots\) is not "
                                              r"set \(or blank\): it is required"):
            resource.process_config_and_initialize().root_list()
