"""The document sensor over a root that holds no file the runs read: a tick with nothing to do
names it (Dagster shows a tick's skip reason) instead of saying nothing."""

from __future__ import annotations

from _dagster_harness import docs, instance  # noqa: F401 (fixtures)
from _dagster_harness import launch, run_warnings
from _dagster_harness import tick as sensor_tick
from dagster import build_sensor_context

from pipelines.changes import PARTITIONS, full_range_request
from pipelines.resources import DocNavResource
from pipelines.sensors import document_sensor


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


def test_a_run_says_which_documents_its_patterns_removed(tmp_path, docs, instance):  # noqa: F811
    """DOCNAV_INCLUDE mistyped ('*.mdd') after a first load: the next tick's run removes every
    document (what the patterns say), and its log now says why and how to bring them back;
    it did so in silence, as `docnav index --include` does not."""
    db = str(tmp_path / "s.duckdb")
    right = DocNavResource(roots=str(docs), db=db, embed_model="hashing", summaries=False)
    first = sensor_tick(instance, right, None)
    assert run_warnings(instance, launch(instance, right, first.run_requests[0])) == []
    typo = DocNavResource(roots=str(docs), db=db, embed_model="hashing", summaries=False,
                          include="*.mdd")
    warned = run_warnings(instance, launch(instance, typo,
                                           sensor_tick(instance, typo, first.cursor).run_requests[0]))
    assert ("3 documents were removed although their files are still there (a.md, b.md, c.md): "
            "DOCNAV_INCLUDE ('*.mdd') and DOCNAV_EXCLUDE ('') leave them out; set them to "
            "cover the files to bring them back") in warned


def test_a_reconcile_run_with_the_typo_does_what_a_tick_run_does(tmp_path, docs,  # noqa: F811
                                                                 instance):
    """The same DOCNAV_INCLUDE typo in a full (reconcile) run: since 42780a5 it failed with an
    error naming `--include`, an option no Dagster user typed, while a tick's run removed the
    documents with the warning. The refusal is the CLI's alone (IndexOptions
    refuse_filtered_out): both Dagster runs remove them, and say why."""
    db = str(tmp_path / "s.duckdb")
    right = DocNavResource(roots=str(docs), db=db, embed_model="hashing", summaries=False)
    launch(instance, right, sensor_tick(instance, right, None).run_requests[0])
    typo = DocNavResource(roots=str(docs), db=db, embed_model="hashing", summaries=False,
                          include="*.mdd")
    request = full_range_request(instance.get_dynamic_partitions(PARTITIONS), run_key="full")
    warned = run_warnings(instance, launch(instance, typo, request))
    assert any("3 documents were removed although their files are still there" in w
               and "DOCNAV_INCLUDE ('*.mdd')" in w for w in warned), warned
