"""The reverify schedule over stored trees of more than one parser, and what each partition of
its run says: which files it parses again (only the stale ones), what its log gives as the
reason (an estimate where the Parquet export it reads is older than the store), and the
outcome of a document whose summaries alone were rebuilt. Real Dagster runs over real stores;
an older DocNav is its parser's fingerprint."""

from __future__ import annotations

import shutil
import warnings
from dataclasses import replace
from datetime import datetime, timezone

import pytest
from dagster import Definitions, RunRequest, SkipReason, build_schedule_context, materialize

from docnav.embed import HashingEmbedder
from docnav.export import export_behind
from docnav.index import Indexer, IndexOptions
from docnav.parse import _fingerprint
from docnav.store import Store
from pipelines.assets import collection, document
from pipelines.definitions import code_version, with_code_version
from pipelines.resources import DocNavResource
from pipelines.sensors import build_reverify_schedule, index_job, pdf_mode_note, stale_note
from tests._dagster_harness import (  # noqa: F401 (fixtures)
    add_partitions, docs, instance, range_tags, run_meta,
)
from tests._paths import FIXTURES, require

warnings.filterwarnings("ignore", message=".*backfill_policy.*")

SETTINGS = {"DOCNAV_EMBED_MODEL": "hashing", "DOCNAV_SUMMARIES": "0"}
OLD_PARSER = "0ld0ld0ld0ld"


def by_partition(result) -> dict[str, dict]:
    return {m.partition: {k: v.value for k, v in m.metadata.items()}
            for m in result.asset_materializations_for_node("document")}


def index(instance, keys: list[str], resource: DocNavResource, version: str):
    return materialize([with_code_version(document, version),
                        with_code_version(collection, version)], instance=instance,
                       resources={"docnav": resource}, tags=range_tags(keys[0], keys[-1]))


def index_with_older_parser(instance, keys, resource, monkeypatch):
    """``keys`` indexed by an older DocNav (another parser fingerprint)."""
    with monkeypatch.context() as older:
        older.setattr(_fingerprint, "parser_fingerprint", lambda: OLD_PARSER)
        index(instance, keys, resource, code_version(SETTINGS, parser=OLD_PARSER))


def reverify(instance, version: str, resource: DocNavResource):
    when = datetime(2026, 12, 6, 12, 5, tzinfo=timezone.utc)
    with build_schedule_context(instance=instance, scheduled_execution_time=when,
                                resources={"docnav": resource}) as context:
        return build_reverify_schedule(version)(context)


def launch(instance, request: RunRequest, resource: DocNavResource, version: str):
    job = Definitions(assets=[with_code_version(document, version),
                              with_code_version(collection, version)], jobs=[index_job],
                      resources={"docnav": resource}).resolve_job_def("index_documents")
    return job.execute_in_process(instance=instance, tags=request.tags,
                                  run_config=request.run_config)


def reparsed(result, keys: list[str]) -> list[str]:
    """The partitions whose document the run parsed again, by file name."""
    own = by_partition(result)
    return sorted(k.rsplit("/", 1)[-1] for k in keys if own[k].get("reparsed"))


@pytest.mark.parametrize("recorded", ["current", "another embedding model"])
def test_stale_trees_alone_make_the_reverify_run_parse_only_those(
        instance, tmp_path, docs, monkeypatch, capfd, recorded):  # noqa: F811
    """a.md and b.md indexed by an older DocNav, c.md since by this one, whose run recorded
    the code version (the current one, or one whose embedding model differs). The parser
    being the same, the stored trees of a.md and b.md are the reason to reparse: the run
    parsed all three again, c.md too (its log: "every file is parsed again"); it parses a.md
    and b.md."""
    resource = DocNavResource(roots=str(docs), db=str(tmp_path / "stale.duckdb"),
                              embed_model="hashing", summaries=False)
    keys = add_partitions(instance, docs / "a.md", docs / "b.md", docs / "c.md")
    index_with_older_parser(instance, keys[:2], resource, monkeypatch)
    new = code_version(SETTINGS)
    label = new if recorded == "current" else code_version(
        {**SETTINGS, "DOCNAV_EMBED_MODEL": "all-MiniLM-L6-v2"})
    index(instance, keys[2:], resource, label)
    capfd.readouterr()

    request = reverify(instance, new, resource)
    assert isinstance(request, RunRequest), request
    assert ("parsed again: 2 documents with trees of another parser (only those)"
            in capfd.readouterr().err)
    assert request.run_config["ops"]["document"]["config"] == {
        "full": True, "reparse_parsed_otherwise": True}
    result = launch(instance, request, resource, new)
    assert reparsed(result, keys) == ["a.md", "b.md"]
    assert run_meta(result)["docs_parsed"] == 2


def test_the_log_after_a_pdf_mode_change_names_the_other_parsers_documents_too(
        instance, tmp_path, docs, monkeypatch, capfd):  # noqa: F811
    """a.md and b.md indexed by an older DocNav; c.md and d.pdf by this one in native PDF
    mode, which the latest materialisation records; then DOCNAV_PDF_MODE=auto. The run
    parses d.pdf, a.md and b.md again, but the log said only "the documents another PDF mode
    made (the PDFs; no other format reads it) are parsed again"."""
    shutil.copy(require(FIXTURES / "pdf" / "bookmark_sample.pdf"), docs / "d.pdf")
    db = str(tmp_path / "pdf.duckdb")
    native, auto = (DocNavResource(roots=str(docs), db=db, embed_model="hashing",
                                   summaries=False, pdf_mode=mode) for mode in ("native", "auto"))
    keys = add_partitions(instance, *sorted(docs.iterdir()))
    index_with_older_parser(instance, keys[:2], native, monkeypatch)
    index(instance, keys[2:], native, code_version({**SETTINGS, "DOCNAV_PDF_MODE": "native"}))
    new = code_version({**SETTINGS, "DOCNAV_PDF_MODE": "auto"})
    capfd.readouterr()

    request = reverify(instance, new, auto)
    said = capfd.readouterr().err
    assert request.run_config["ops"]["document"]["config"] == {
        "full": True, "reparse_parsed_otherwise": True}
    assert ("parsed again: 1 PDF after a PDF-mode change (pdf_mode=native -> pdf_mode=auto) "
            "and 2 documents with trees of another parser") in said
    assert "the PDFs; no other format reads it" not in said
    assert reparsed(launch(instance, request, auto, new), keys) == ["a.md", "b.md", "d.pdf"]


def test_a_partition_whose_summaries_alone_were_rebuilt_says_so(instance, tmp_path,
                                                               docs):  # noqa: F811
    """Indexed with summaries off, then run with them on (as the reverify run after a
    change of summariser does) and b.md edited: a.md's and c.md's partitions read
    "outcome: unchanged", as if the run had done nothing to them."""
    db = str(tmp_path / "summaries.duckdb")
    keys = add_partitions(instance, docs / "a.md", docs / "b.md", docs / "c.md")
    index(instance, keys, DocNavResource(roots=str(docs), db=db, embed_model="hashing",
                                         summaries=False), code_version(SETTINGS))
    (docs / "b.md").write_text((docs / "b.md").read_text() + "\nBravo also sails.\n")
    summarised = DocNavResource(roots=str(docs), db=db, embed_model="hashing", verify=False)
    result = index(instance, keys, summarised,
                   code_version({**SETTINGS, "DOCNAV_SUMMARIES": "1", "DOCNAV_VERIFY": "0"}))
    own = by_partition(result)
    assert {k.rsplit("/", 1)[-1]: own[k]["outcome"] for k in keys} == {
        "a.md": "summaries rebuilt", "b.md": "changed", "c.md": "summaries rebuilt"}
    assert run_meta(result)["summaries_rebuilt"] > 0


def test_trees_parsed_again_without_the_export_make_its_stale_list_an_estimate(
        instance, tmp_path, docs, monkeypatch, capfd):  # noqa: F811
    """a.md and b.md indexed by an older DocNav, c.md by this one; then `docnav index --reparse
    --no-parquet` parsed a.md and b.md again. The export still named the older parser for them
    and was not marked behind (the run added, changed, renamed and removed nothing), so the
    schedule logged "parsed again: 2 documents with trees of another parser (only those)" for
    a run that parses none."""
    db = tmp_path / "behind.duckdb"
    resource = DocNavResource(roots=str(docs), db=str(db), embed_model="hashing",
                              summaries=False)
    keys = add_partitions(instance, docs / "a.md", docs / "b.md", docs / "c.md")
    index_with_older_parser(instance, keys[:2], resource, monkeypatch)
    new = code_version(SETTINGS)
    index(instance, keys[2:], resource, new)
    by_hand = Indexer(Store(db), IndexOptions(export_parquet=False), HashingEmbedder())
    assert len(by_hand.index([docs], reparse=True).reparsed) == 3
    assert export_behind(Store(db).parquet_dir)
    capfd.readouterr()

    request = reverify(instance, new, resource)
    said = capfd.readouterr().err
    assert "(only those)" not in said
    assert ("parsed again: the documents whose trees another parser made, as the store "
            "records them (an estimate: the Parquet export, older than the store, lists 2 "
            "documents)") in said
    result = launch(instance, request, resource, new)
    assert reparsed(result, keys) == [] and run_meta(result)["docs_parsed"] == 0
    assert not export_behind(Store(db).parquet_dir)
    skipped = reverify(instance, new, resource)
    assert isinstance(skipped, SkipReason), skipped


def test_the_pdf_mode_log_over_an_export_behind_the_store_says_its_counts_are_estimates(
        instance, tmp_path, docs, monkeypatch, capfd):  # noqa: F811
    """As the PDF-mode test above, but a.md and b.md then parsed again by this DocNav with
    `--no-parquet`: the log still counted "2 documents with trees of another parser", as the
    export says, while the run parses d.pdf alone."""
    shutil.copy(require(FIXTURES / "pdf" / "bookmark_sample.pdf"), docs / "d.pdf")
    db = tmp_path / "pdf_behind.duckdb"
    native, auto = (DocNavResource(roots=str(docs), db=str(db), embed_model="hashing",
                                   summaries=False, pdf_mode=mode) for mode in ("native", "auto"))
    keys = add_partitions(instance, *sorted(docs.iterdir()))
    index_with_older_parser(instance, keys[:2], native, monkeypatch)
    index(instance, keys[2:], native, code_version({**SETTINGS, "DOCNAV_PDF_MODE": "native"}))
    by_hand = Indexer(Store(db), replace(native.index_options(), export_parquet=False),
                      HashingEmbedder())
    assert by_hand.index([docs], reparse="parsed_otherwise").docs_parsed == 2
    new = code_version({**SETTINGS, "DOCNAV_PDF_MODE": "auto"})
    capfd.readouterr()

    request = reverify(instance, new, auto)
    assert ("parsed again: 1 PDF after a PDF-mode change (pdf_mode=native -> pdf_mode=auto) "
            "and 2 documents with trees of another parser, as the Parquet export lists them "
            "(an estimate: it is older than the store; the run parses those the store names)"
            ) in capfd.readouterr().err
    assert reparsed(launch(instance, request, auto, new), keys) == ["d.pdf"]


def test_the_notes_count_thousands_as_the_library_does():
    """The log of a large store's run said "1200 documents" where `docnav ask` says "1,234
    words in 40 paragraphs": both now word counts with one function."""
    stale = [f"d{i}.md" for i in range(1200)] + [f"p{i}.pdf" for i in range(1500)]
    assert stale_note(stale[:1200], behind=False) == (
        "parsed again: 1,200 documents with trees of another parser (only those)")
    # (and over an export older than the store: it said "lists 1200")
    assert stale_note(stale[:1200], behind=True).endswith(
        "older than the store, lists 1,200 documents)")
    assert stale_note(stale[:1], behind=True).endswith("lists 1 document)")
    assert pdf_mode_note(stale, "pdf_mode=native -> pdf_mode=auto") == (
        "parsed again: 1,500 PDFs after a PDF-mode change (pdf_mode=native -> pdf_mode=auto) "
        "and 1,200 documents with trees of another parser")
