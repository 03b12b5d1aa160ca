"""The document sensor over a root that holds no file the runs read: a tick with nothing to do
names it (Dagster shows a tick's skip reason) instead of saying nothing."""

from __future__ import annotations

import shutil

from _dagster_harness import docs, instance  # noqa: F401 (fixtures)
from _dagster_harness import launch, run_warnings, stored_paths
from _dagster_harness import tick as sensor_tick
from dagster import Definitions, build_sensor_context

from pipelines.assets import collection, document
from pipelines.changes import PARTITIONS, full_range_request
from pipelines.resources import DocNavResource
from pipelines.sensors import document_sensor, index_job


def test_a_tick_names_a_root_holding_no_document(tmp_path, docs, instance):  # noqa: F811
    empty = tmp_path / "notes"
    empty.mkdir()
    (empty / "todo.txt").write_text("Nothing DocNav reads.\n")
    resource = DocNavResource(roots=f"{docs},{empty}", db=str(tmp_path / "s.duckdb"),
                              embed_model="hashing", summaries=False)

    def tick(cursor):
        return document_sensor(build_sensor_context(instance=instance, cursor=cursor,
                                                    resources={"docnav": resource}))

    first = tick(None)  # the documents of the other root: a run, as before
    assert len(first.run_requests) == 1 and first.skip_reason is None
    idle = tick(first.cursor)  # nothing changed: said why the notes folder adds nothing
    assert idle.run_requests == [] and idle.skip_reason.skip_message == (
        f"no file in {empty} matches what the runs read (*.md, *.markdown, *.html, *.htm, "
        "*.docx, *.pdf)")
    (empty / "todo.md").write_text("# Todo\n\nWater the plants.\n")
    third = tick(idle.cursor)  # a document there: a run, and nothing named after it
    assert len(third.run_requests) == 1
    assert tick(third.cursor).skip_reason is None


def test_a_tick_reads_only_the_files_changed_since_the_last(tmp_path, docs, instance,  # noqa: F811
                                                           monkeypatch):
    # every tick read and hashed every file under the roots (a tree of PDFs, every 30 s)
    import os

    import docnav.scan

    for f in docs.iterdir():  # still for longer than a write could go unseen
        os.utime(f, (f.stat().st_mtime - 10, f.stat().st_mtime - 10))
    read = []
    digest = docnav.scan.file_digest
    monkeypatch.setattr(docnav.scan, "file_digest", lambda path: read.append(path) or
                        digest(path))
    resource = DocNavResource(roots=str(docs), db=str(tmp_path / "s.duckdb"),
                              embed_model="hashing", summaries=False)

    def tick(cursor):
        return document_sensor(build_sensor_context(instance=instance, cursor=cursor,
                                                    resources={"docnav": resource}))

    first = tick(None)
    assert len(first.run_requests) == 1
    before = len(read)
    assert tick(first.cursor).run_requests == [] and len(read) == before  # none read again
    (docs / "b.md").write_text("# Bravo\n\nBravo builds bigger boats.\n")
    changed = tick(first.cursor)
    assert len(changed.run_requests) == 1 and read[before:] == [str(docs / "b.md")]


def test_a_tick_refuses_a_filter_that_reads_no_file_of_a_root(tmp_path, docs,  # noqa: F811
                                                              instance):
    """DOCNAV_INCLUDE mistyped ('*.mdd') after a first load: the tick's run removed every
    document (with a warning after the fact). A filter that reads no file of a root whose
    documents are stored is refused as `docnav index` refuses it (refuse_filtered_out):
    the tick plans no run, says why, and keeps the partitions; set right again, nothing to do."""
    db = str(tmp_path / "s.duckdb")
    right = DocNavResource(roots=str(docs), db=db, embed_model="hashing", summaries=False)
    first = sensor_tick(instance, right, None)
    launch(instance, right, first.run_requests[0])
    keys = instance.get_dynamic_partitions(PARTITIONS)
    typo = DocNavResource(roots=str(docs), db=db, embed_model="hashing", summaries=False,
                          include="*.mdd")
    refused = sensor_tick(instance, typo, first.cursor)
    assert refused.run_requests == [] and refused.cursor == first.cursor
    assert refused.skip_reason.skip_message.startswith(
        f"DOCNAV_INCLUDE ('*.mdd'): the run reads no file of {docs} (3 files: .md: 3), and "
        "the store holds 3 documents indexed from it: the run is refused, nothing indexed or "
        "removed. Check the pattern"), refused.skip_reason
    assert instance.get_dynamic_partitions(PARTITIONS) == keys
    assert stored_paths(db) == {str(docs / n) for n in ("a.md", "b.md", "c.md")}
    again = sensor_tick(instance, right, refused.cursor)
    assert again.run_requests == [] and again.skip_reason is None


def test_a_filter_reading_some_files_removes_the_rest_counting_stored_ones(  # noqa: F811
        tmp_path, docs, instance):
    """A filter that reads some of a root's files narrows it on purpose: the tick's run removes
    the other documents, with its warning. The count was of every record the run dropped,
    the files that never parsed with them ("6 documents were removed" when 4 were indexed)."""
    (docs / "zz-bad.md").write_bytes(bytes(range(256)) * 8)  # never parses
    db = str(tmp_path / "s.duckdb")
    right = DocNavResource(roots=str(docs), db=db, embed_model="hashing", summaries=False)
    first = sensor_tick(instance, right, None)
    launch(instance, right, first.run_requests[0])
    narrow = DocNavResource(roots=str(docs), db=db, embed_model="hashing", summaries=False,
                            include="a.md,b.md")
    warned = run_warnings(instance, launch(instance, narrow,
                                           sensor_tick(instance, narrow, first.cursor)
                                           .run_requests[0]))
    assert ("1 document was removed although its file is still there (c.md), and 1 file that "
            "never parsed (zz-bad.md) is no longer listed as failed: DOCNAV_INCLUDE "
            "('a.md,b.md') and DOCNAV_EXCLUDE ('') leave them out; set them to cover the files "
            "to bring them back") in warned, warned
    assert stored_paths(db) == {str(docs / "a.md"), str(docs / "b.md")}


def test_a_reconcile_run_with_the_typo_is_refused_naming_the_setting(tmp_path, docs,  # noqa: F811
                                                                     instance):
    """The same DOCNAV_INCLUDE typo in a full (reconcile) run removed every document with the
    warning. It now fails as the tick refuses, naming DOCNAV_INCLUDE (not the CLI's --include,
    as 42780a5 did), the folder and what it holds; the store keeps its documents."""
    db = str(tmp_path / "s.duckdb")
    right = DocNavResource(roots=str(docs), db=db, embed_model="hashing", summaries=False)
    launch(instance, right, sensor_tick(instance, right, None).run_requests[0])
    typo = DocNavResource(roots=str(docs), db=db, embed_model="hashing", summaries=False,
                          include="*.mdd")
    request = full_range_request(instance.get_dynamic_partitions(PARTITIONS), run_key="full")
    job = Definitions(assets=[document, collection], jobs=[index_job],
                      resources={"docnav": typo}).resolve_job_def("index_documents")
    result = job.execute_in_process(instance=instance, tags=request.tags,
                                    run_config=request.run_config, raise_on_error=False)
    assert not result.success
    failure = next(e for e in result.all_events if e.is_step_failure)
    said = failure.step_failure_data.error.message
    assert (f"DOCNAV_INCLUDE ('*.mdd'): the run reads no file of {docs} (3 files: .md: 3), "
            "and the store holds 3 documents indexed from it: the run is refused") in said, said
    # a root left out of DOCNAV_ROOTS loses its documents: no such advice (review RD 1)
    assert "leave it out" not in said and "DOCNAV_ROOTS" not in said, said
    assert "To remove its documents on purpose, move its files out of it." in said, said
    # a setting's error: Dagster's run retries leave it (review RD 2)
    assert instance.get_run_by_id(result.run_id).tags.get("dagster/will_retry") != "true"
    assert stored_paths(db) == {str(docs / n) for n in ("a.md", "b.md", "c.md")}


def test_a_tick_without_the_parquet_export_still_refuses_the_typo(tmp_path, docs,  # noqa: F811
                                                                   instance):
    """The tick reads the stored documents from the Parquet export (never the database a run
    may hold): with the export gone it read none, refused nothing, and planned the removal of
    every document (review RD 4). The document partitions now stand for them."""
    db = str(tmp_path / "s.duckdb")
    right = DocNavResource(roots=str(docs), db=db, embed_model="hashing", summaries=False)
    first = sensor_tick(instance, right, None)
    launch(instance, right, first.run_requests[0])
    keys = instance.get_dynamic_partitions(PARTITIONS)
    shutil.rmtree(right.store().parquet_dir)
    typo = DocNavResource(roots=str(docs), db=db, embed_model="hashing", summaries=False,
                          include="*.mdd")
    refused = sensor_tick(instance, typo, first.cursor)
    assert refused.run_requests == [] and refused.cursor == first.cursor
    assert "DOCNAV_INCLUDE ('*.mdd'): the run reads no file of" in (
        refused.skip_reason.skip_message), refused.skip_reason
    assert instance.get_dynamic_partitions(PARTITIONS) == keys
