"""The assets' code version and the reverify schedule: a change of model re-verifies or
re-embeds every document, a change of parser parses every file again; real Dagster runs with
the hashing embedder unless a test changes the model."""

from __future__ import annotations

import datetime
import warnings

import duckdb
from dagster import Definitions, RunRequest, SkipReason, build_schedule_context, materialize
from dagster._core.definitions.data_version import CODE_VERSION_TAG
from dagster._core.storage.tags import (
    ASSET_PARTITION_RANGE_END_TAG,
    ASSET_PARTITION_RANGE_START_TAG,
)

from pipelines.assets import collection, document
from pipelines.definitions import code_version, with_code_version
from pipelines.resources import DocNavResource
from pipelines.sensors import REVERIFY_TAG, build_reverify_schedule, index_job
from tests._dagster_harness import (  # noqa: F401 (fixtures)
    add_partitions, docs, instance, range_tags, run_meta,
)
from tests._paths import NLI_MODEL, require

warnings.filterwarnings("ignore", message=".*backfill_policy.*")


WHEN = datetime.datetime(2026, 12, 1, 10, 5, tzinfo=datetime.timezone.utc)  # a schedule tick
LATER = WHEN + datetime.timedelta(minutes=5)  # the tick after


def evaluate_schedule(schedule, instance, when: datetime.datetime, resource: DocNavResource):
    """One evaluation of ``schedule`` at ``when``. The context is closed afterwards: it enters
    an instance of its own, which would otherwise stay Dagster's current one after the test."""
    with build_schedule_context(instance=instance, scheduled_execution_time=when,
                                resources={"docnav": resource}) as context:
        return schedule(context)


def materialize_all(instance, keys: list[str], resource: DocNavResource, version: str):
    """Every document partition, then the collection, with the assets at code ``version``."""
    return materialize([with_code_version(document, version),
                        with_code_version(collection, version)],
                       instance=instance, resources={"docnav": resource},
                       tags=range_tags(keys[0], keys[-1]))


def launch(instance, request: RunRequest, resource: DocNavResource, version: str) -> dict:
    """The schedule's request run as the daemon runs it, with the assets at code ``version``;
    the document step's metadata."""
    job = Definitions(assets=[with_code_version(document, version),
                              with_code_version(collection, version)], jobs=[index_job],
                      resources={"docnav": resource}).resolve_job_def("index_documents")
    result = job.execute_in_process(instance=instance, tags=request.tags,
                                    run_config=request.run_config)
    return run_meta(result)


def test_a_model_change_marks_assets_stale_and_the_reverify_schedule_reverifies(
        instance, tmp_path, docs):
    """Summaries built without NLI; then the NLI model is switched on. The code version the
    materialisations recorded differs from the new one, so the reverify schedule requests one
    run over every document, which re-verifies the claims without re-parsing anything."""
    db = str(tmp_path / "reverify.duckdb")
    before = {"DOCNAV_EMBED_MODEL": "hashing", "DOCNAV_VERIFY": "0"}
    after = {"DOCNAV_EMBED_MODEL": "hashing", "DOCNAV_NLI_MODEL": str(require(NLI_MODEL))}
    old, new = code_version(before), code_version(after)
    assert old != new and "nli=off" in old
    plain = DocNavResource(roots=str(docs), db=db, embed_model="hashing", verify=False)
    keys = add_partitions(instance, docs / "a.md", docs / "b.md", docs / "c.md")
    first = materialize([with_code_version(document, old)], instance=instance,
                        resources={"docnav": plain}, tags=range_tags(keys[0], keys[-1]))
    assert run_meta(first)["claims_checked"] == 0
    event = instance.get_latest_materialization_event(document.key)
    assert event.asset_materialization.tags[CODE_VERSION_TAG] == old

    skipped = evaluate_schedule(build_reverify_schedule(old), instance, WHEN, plain)
    assert isinstance(skipped, SkipReason)
    request = evaluate_schedule(build_reverify_schedule(new), instance, WHEN, plain)
    assert isinstance(request, RunRequest)
    assert request.tags[ASSET_PARTITION_RANGE_START_TAG] == keys[0]
    assert request.tags[ASSET_PARTITION_RANGE_END_TAG] == keys[-1]
    assert request.tags[REVERIFY_TAG] and request.run_config["ops"]["document"]["config"]["full"]
    assert "reparse" not in request.run_config["ops"]["document"]["config"]  # same parser

    verifying = DocNavResource(roots=str(docs), db=db, embed_model="hashing",
                               nli_model=str(require(NLI_MODEL)))
    counts = launch(instance, request, verifying, new)
    assert counts["docs_parsed"] == 0 and counts["documents_unchanged"] == 3
    assert counts["summaries_rebuilt"] > 0 and counts["claims_checked"] > 0
    assert instance.get_latest_materialization_event(document.key) \
        .asset_materialization.tags[CODE_VERSION_TAG] == new
    skipped = evaluate_schedule(build_reverify_schedule(new), instance, LATER, verifying)
    assert isinstance(skipped, SkipReason)


def test_switching_nli_off_keeps_the_verdicts_of_the_reverify_runs_documents(
        instance, tmp_path, docs):
    """Summaries verified; then verification is switched off (DOCNAV_VERIFY=0). The reverify
    schedule's run over every document rebuilds no summary: each keeps its verdicts. Before,
    it rebuilt them all unverified, and switching NLI on again verified the whole store."""
    db = str(tmp_path / "nli-off.duckdb")
    on = {"DOCNAV_EMBED_MODEL": "hashing", "DOCNAV_NLI_MODEL": str(require(NLI_MODEL))}
    old, new = code_version(on), code_version({**on, "DOCNAV_VERIFY": "0"})
    verifying = DocNavResource(roots=str(docs), db=db, embed_model="hashing",
                               nli_model=str(require(NLI_MODEL)))
    keys = add_partitions(instance, docs / "a.md", docs / "b.md", docs / "c.md")
    assert run_meta(materialize_all(instance, keys, verifying, old))["claims_checked"] > 0

    def statuses() -> list[tuple]:
        with duckdb.connect(db, read_only=True) as con:
            return con.execute("SELECT node_id, status, nli_model FROM summaries "
                               "ORDER BY ALL").fetchall()

    verified = statuses()
    assert {status for _, status, _ in verified} == {"verified"}
    plain = DocNavResource(roots=str(docs), db=db, embed_model="hashing", verify=False)
    request = evaluate_schedule(build_reverify_schedule(new), instance, WHEN, plain)
    assert isinstance(request, RunRequest)
    counts = launch(instance, request, plain, new)
    assert counts["documents_unchanged"] == 3 and counts["summaries_rebuilt"] == 0
    assert statuses() == verified


def test_after_a_parser_change_the_reverify_run_parses_every_file_again(instance, tmp_path, docs):
    """Documents materialised by another parser (an older DocNav): the reverify schedule's run
    parses the unchanged files again; those whose trees come out the same are not rewritten.
    Then the recorded version is current and the schedule skips."""
    db = str(tmp_path / "reparse.duckdb")
    settings = {"DOCNAV_EMBED_MODEL": "hashing", "DOCNAV_SUMMARIES": "0"}
    old, new = code_version(settings, parser="0123456789ab"), code_version(settings)
    resource = DocNavResource(roots=str(docs), db=db, embed_model="hashing", summaries=False)
    keys = add_partitions(instance, docs / "a.md", docs / "b.md", docs / "c.md")
    materialize_all(instance, keys, resource, old)
    (docs / "b.md").write_text((docs / "b.md").read_text() + "\nA paragraph added since.\n")

    request = evaluate_schedule(build_reverify_schedule(new), instance, WHEN, resource)
    assert isinstance(request, RunRequest)
    assert request.run_config["ops"]["document"]["config"] == {"full": True, "reparse": True}
    counts = launch(instance, request, resource, new)
    assert counts["docs_parsed"] == 3 and counts["documents_reparsed"] == 2
    assert counts["documents_unchanged"] == 2 and counts["documents_changed"] == 1
    skipped = evaluate_schedule(build_reverify_schedule(new), instance, LATER, resource)
    assert isinstance(skipped, SkipReason)


def test_a_one_file_run_after_a_parser_change_does_not_hide_the_other_documents(
        instance, tmp_path, docs, monkeypatch):
    """Indexed by an older DocNav; after the upgrade a file is edited before the schedule's
    next tick, and the sensor's one-file run records the new code version. The documents' own
    record of their parser still makes the schedule ask for a run that parses them again (the
    two not parsed since: c.md's tree is current)."""
    from docnav.parse import _fingerprint

    db = str(tmp_path / "race.duckdb")
    settings = {"DOCNAV_EMBED_MODEL": "hashing", "DOCNAV_SUMMARIES": "0"}
    old, new = code_version(settings, parser="0ld0ld0ld0ld"), code_version(settings)
    resource = DocNavResource(roots=str(docs), db=db, embed_model="hashing", summaries=False,
                              resident_worker=False)
    keys = add_partitions(instance, docs / "a.md", docs / "b.md", docs / "c.md")
    with monkeypatch.context() as older:  # the older DocNav
        older.setattr(_fingerprint, "parser_fingerprint", lambda: "0ld0ld0ld0ld")
        materialize_all(instance, keys, resource, old)
    (docs / "c.md").write_text((docs / "c.md").read_text() + "\nEdited after the upgrade.\n")
    (c_key,) = [k for k in keys if k.endswith("c.md")]
    materialize([with_code_version(document, new), with_code_version(collection, new)],
                instance=instance, resources={"docnav": resource}, partition_key=c_key)
    assert instance.get_latest_materialization_event(document.key) \
        .asset_materialization.tags[CODE_VERSION_TAG] == new

    request = evaluate_schedule(build_reverify_schedule(new), instance, WHEN, resource)
    assert isinstance(request, RunRequest), request
    assert request.run_config["ops"]["document"]["config"] == {
        "full": True, "reparse_parsed_otherwise": True}
    counts = launch(instance, request, resource, new)
    assert counts["documents_reparsed"] == 2 and counts["documents_parsed_otherwise"] == 0
    skipped = evaluate_schedule(build_reverify_schedule(new), instance, LATER, resource)
    assert isinstance(skipped, SkipReason)


def test_the_reverify_run_after_an_embedding_model_change_re_embeds_every_document(
        instance, tmp_path, docs):
    """Indexed with the hashing embedder; then the model is switched to all-MiniLM-L6-v2. The
    reverify schedule's run over every document embeds them with the new model, unparsed."""
    from docnav.query import DocNavGraph

    db = str(tmp_path / "embed.duckdb")
    before = {"DOCNAV_EMBED_MODEL": "hashing", "DOCNAV_SUMMARIES": "0"}
    after = {"DOCNAV_EMBED_MODEL": "all-MiniLM-L6-v2", "DOCNAV_SUMMARIES": "0"}
    old, new = code_version(before), code_version(after)
    keys = add_partitions(instance, docs / "a.md", docs / "b.md", docs / "c.md")
    hashing = DocNavResource(roots=str(docs), db=db, embed_model="hashing", summaries=False)
    materialize_all(instance, keys, hashing, old)
    assert DocNavGraph.open(db).model == "hashing-v1-256"

    request = evaluate_schedule(build_reverify_schedule(new), instance, WHEN, hashing)
    assert isinstance(request, RunRequest)
    minilm = DocNavResource(roots=str(docs), db=db, embed_model="all-MiniLM-L6-v2",
                            summaries=False)
    counts = launch(instance, request, minilm, new)
    assert counts["docs_parsed"] == 0 and counts["documents_reembedded"] == 3
    graph = DocNavGraph.open(db)
    assert graph.model == "st:all-MiniLM-L6-v2" and graph.documents_without_vectors == []
    with duckdb.connect(db, read_only=True) as con:
        assert con.execute("SELECT DISTINCT model FROM node_vectors").fetchall() == [
            ("st:all-MiniLM-L6-v2",)]
