"""The Dagster wiring's truth per partition and per run, in real Dagster runs: each
partition's materialisation carries its own document's outcome beside the run's totals
(``run_…``), the reverify run after a PDF mode change parses the PDFs alone, and a run that
fails as a whole says why first."""

from __future__ import annotations

import shutil
import warnings
from datetime import datetime, timedelta, timezone

from dagster import (
    DagsterEventType, Definitions, RunRequest, SkipReason, build_schedule_context, materialize,
)

from pipelines.assets import collection, document
from pipelines.definitions import code_version, with_code_version
from pipelines.partitions import key_for_path
from pipelines.resources import DocNavResource
from pipelines.sensors import build_reverify_schedule, index_job
from tests._dagster_harness import (  # noqa: F401 (fixtures)
    add_partitions, docs, instance, range_tags, resource, run_meta,
)
from tests._paths import FIXTURES, require

warnings.filterwarnings("ignore", message=".*backfill_policy.*")


def by_partition(result) -> dict[str, dict]:
    return {m.partition: {k: v.value for k, v in m.metadata.items()}
            for m in result.asset_materializations_for_node("document")}


def test_each_partition_of_a_range_run_says_what_happened_to_its_own_document(
        instance, resource, docs):  # noqa: F811
    """A run over a.md, b.md, c.md and an empty e.md gave every partition the run's counts:
    each read "documents_added: 3, documents_failed: 1", e.md's as much as a.md's. Each now
    says its own outcome (e.md's with its error), and the totals are named as the run's."""
    (docs / "e.md").write_text("")
    keys = add_partitions(instance, *(docs / n for n in ("a.md", "b.md", "c.md", "e.md")))
    first = materialize([document], instance=instance, resources={"docnav": resource},
                        tags=range_tags(keys[0], keys[-1]))
    own = by_partition(first)
    assert {k: m["outcome"] for k, m in own.items()} == dict(
        zip(keys, ["added", "added", "added", "failed"]))
    assert own[keys[3]]["error"] == "file is empty (0 bytes)"
    assert "error" not in own[keys[0]] and "documents_added" not in own[keys[0]]
    assert all(m["run_documents_added"] == 3 and m["run_documents_failed"] == 1
               for m in own.values())
    assert run_meta(first)["documents_added"] == 3

    (docs / "b.md").write_text("# Bravo\n\nBravo builds bigger boats.\n")
    again = by_partition(materialize([document], instance=instance,
                                     resources={"docnav": resource},
                                     tags=range_tags(keys[0], keys[-1])))
    assert {k: m["outcome"] for k, m in again.items()} == dict(
        zip(keys, ["unchanged", "changed", "unchanged", "failed"]))
    assert again[keys[3]]["previous_version"] == "none: never indexed"
    # a document failing now whose version last indexed is still served says so (a review
    # found "failed" alone read as if it were gone)
    (docs / "a.md").write_bytes(b"# A\x00\n")
    third = by_partition(materialize([document], instance=instance,
                                     resources={"docnav": resource},
                                     tags=range_tags(keys[0], keys[-1])))
    assert third[keys[0]]["outcome"] == "failed"
    assert third[keys[0]]["previous_version"] == "kept: the version last indexed stays queryable"


def test_the_partition_of_a_file_deleted_before_its_run_says_removed(instance, resource,
                                                                     docs):  # noqa: F811
    """z.md, the end of a run's range, is deleted before the run starts: the run removes its
    document, and Dagster still materialises the partition (every partition of the range);
    it read as indexed, with the run's counts. It now says its document was removed, and
    that the sensor deletes the partition."""
    z = docs / "z.md"
    z.write_text("# Zulu\n\nZulu zigzags.\n")
    keys = add_partitions(instance, docs / "a.md", z)
    materialize([document], instance=instance, resources={"docnav": resource},
                tags=range_tags(keys[0], keys[-1]))
    z.unlink()
    own = by_partition(materialize([document], instance=instance,
                                   resources={"docnav": resource},
                                   tags=range_tags(keys[0], keys[-1])))
    assert own[key_for_path(str(z))]["outcome"] == "removed"
    assert own[key_for_path(str(z))]["why"].startswith("its file is gone")
    assert own[keys[0]]["outcome"] == "unchanged" and "why" not in own[keys[0]]


def reverify(instance, version: str, resource: DocNavResource, minutes: int = 0):
    when = datetime(2026, 12, 6, 12, 5, tzinfo=timezone.utc) + timedelta(minutes=minutes)
    with build_schedule_context(instance=instance, scheduled_execution_time=when,
                                resources={"docnav": resource}) as context:
        return build_reverify_schedule(version)(context)


def test_after_a_pdf_mode_change_the_reverify_run_parses_only_the_pdfs(instance, tmp_path,
                                                                        docs):  # noqa: F811
    """DOCNAV_PDF_MODE native -> auto over three Markdown files and a PDF: the reverify run
    parsed all four again, though only PDFs read the PDF mode; it parses the PDF alone."""
    shutil.copy(require(FIXTURES / "pdf" / "bookmark_sample.pdf"), docs / "d.pdf")
    settings = {"DOCNAV_EMBED_MODEL": "hashing", "DOCNAV_SUMMARIES": "0"}
    old = code_version({**settings, "DOCNAV_PDF_MODE": "native"})
    new = code_version({**settings, "DOCNAV_PDF_MODE": "auto"})
    db = str(tmp_path / "pdf.duckdb")
    native, auto = (DocNavResource(roots=str(docs), db=db, embed_model="hashing",
                                   summaries=False, pdf_mode=mode) for mode in ("native", "auto"))
    keys = add_partitions(instance, *sorted(docs.iterdir()))
    first = materialize([with_code_version(document, old)], instance=instance,
                        resources={"docnav": native}, tags=range_tags(keys[0], keys[-1]))
    assert run_meta(first)["documents_added"] == 4

    request = reverify(instance, new, auto)
    assert isinstance(request, RunRequest)
    assert request.run_config["ops"]["document"]["config"] == {
        "full": True, "reparse_parsed_otherwise": True}
    job = Definitions(assets=[with_code_version(document, new),
                              with_code_version(collection, new)], jobs=[index_job],
                      resources={"docnav": auto}).resolve_job_def("index_documents")
    result = job.execute_in_process(instance=instance, tags=request.tags,
                                    run_config=request.run_config)
    counts = run_meta(result)
    assert counts["docs_parsed"] == 1 and counts["documents_reparsed"] == 1
    assert counts["documents_unchanged"] == 4 and counts["documents_parsed_otherwise"] == 0
    assert isinstance(reverify(instance, new, auto, minutes=5), SkipReason)


def test_a_run_that_fails_as_a_whole_names_the_file_and_the_problem_first(instance, tmp_path,
                                                                          docs):  # noqa: F811
    """DOCNAV_DB names a file that is no database: the step failed with Dagster's "Error
    occurred while executing op "document":" and twenty lines of Dagster's stack before the
    store's message, at the end of the cause chain. The failure now leads with it, and names
    the setting an operator of Dagster can change, not only the CLI's --db."""
    db = tmp_path / "notes.duckdb"
    db.write_text("some notes, not a database\n")
    resource = DocNavResource(roots=str(docs), db=str(db), embed_model="hashing",
                              summaries=False)
    keys = add_partitions(instance, docs / "a.md", docs / "b.md")
    result = materialize([document], instance=instance, resources={"docnav": resource},
                         tags=range_tags(keys[0], keys[-1]), raise_on_error=False)
    assert not result.success
    [failed] = [e for e in result.all_events if e.event_type == DagsterEventType.STEP_FAILURE]
    said = f"{db}: not a DocNav store: not a DuckDB database file."
    described = failed.step_failure_data.user_failure_data.description
    assert described.startswith(said)
    assert "Give --db (or DOCNAV_DB, read by the CLI without --db and by Dagster) a new " \
        "file" in described  # not --db alone
    first = failed.step_failure_data.error.message.splitlines()[0]
    assert first.split(": ", 1)[1].startswith(said), first
    assert db.read_text() == "some notes, not a database\n"
