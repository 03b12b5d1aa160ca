"""What a run's materialization says in the Dagster UI beside its counts: which documents it
added, changed, renamed and removed, and its failures, each list cut to a readable length; and
what each partition's outcome says of its own document."""

from __future__ import annotations

from docnav.embed import HashingEmbedder
from docnav.index import Indexer, IndexOptions
from docnav.report import IndexReport
from docnav.store import Store
from docnav.summaries import SummaryPipelineOptions
from pipelines.reporting import (
    LISTED,
    document_outcomes,
    nli_verification,
    parse_health,
    report_metadata,
)


def _indexer(tmp_path) -> Indexer:
    return Indexer(Store(tmp_path / "g.duckdb"), IndexOptions(progress=False),
                   HashingEmbedder())


def test_a_run_s_metadata_names_the_documents_it_added_changed_renamed_and_removed(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    for name, text in [("a", "Apples grow on trees."), ("b", "Bees make honey."),
                       ("c", "Cows give milk.")]:
        (docs / f"{name}.md").write_text(f"# {name.upper()}\n\n{text}\n")
    indexer = _indexer(tmp_path)
    first = report_metadata(indexer.index([docs]))["changes"].value
    assert first == "\n".join(f"- added `{docs / n}.md`" for n in "abc")

    (docs / "a.md").write_text("# A\n\nApples grow on trees in autumn.\n")
    (docs / "b.md").rename(docs / "bees.md")
    (docs / "c.md").unlink()
    (docs / "d.md").write_text("# D\n\nDucks swim.\n")
    second = report_metadata(indexer.index([docs]))["changes"].value
    assert second.splitlines() == [f"- added `{docs / 'd.md'}`", f"- changed `{docs / 'a.md'}`",
                                   f"- renamed `{docs / 'b.md'}` → `{docs / 'bees.md'}`",
                                   f"- removed `{docs / 'c.md'}`"]
    assert report_metadata(indexer.index([docs]))["changes"].value == "none"


def test_a_run_over_many_failing_files_lists_the_first_and_counts_the_rest(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    for n in range(LISTED + 3):
        (docs / f"broken-{n:03}.pdf").write_text("not a PDF\n")
    check = parse_health(_indexer(tmp_path).index([docs]))
    listing = check.metadata["failures"].value.splitlines()
    assert check.metadata["failed"].value == LISTED + 3
    assert len(listing) == LISTED + 1
    assert listing[0].startswith(f"- `{docs / 'broken-000.pdf'}`: ")
    assert listing[-1] == "- … and 3 more"


def test_an_unchanged_document_embedded_with_a_new_model_says_re_embedded(tmp_path):
    """Switched to another embedding model, an unchanged a.md read "outcome: unchanged" (with
    ``reembedded: True`` beside it), though the run embedded every one of its texts again, as
    "summaries rebuilt" says of the summaries. One whose summaries were rebuilt as well keeps
    that outcome, the flag saying the rest."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\nApples grow on trees.\n")
    (docs / "b.md").write_text("# B\n\nBees make honey.\n")
    a, b = str(docs / "a.md"), str(docs / "b.md")
    store = Store(tmp_path / "g.duckdb")

    def run(dim: int, summaries: SummaryPipelineOptions | None = None):
        options = IndexOptions(progress=False, summaries=summaries)
        return Indexer(store, options, HashingEmbedder(dim=dim)).index([docs])

    run(256)
    (docs / "b.md").write_text("# B\n\nBees make honey in hives.\n")
    assert document_outcomes(run(128), [a, b]) == {
        a: {"outcome": "re-embedded", "reembedded": True}, b: {"outcome": "changed"}}
    outcomes = document_outcomes(run(256, SummaryPipelineOptions(verify=False)), [a, b])
    assert outcomes == {p: {"outcome": "summaries rebuilt", "reembedded": True} for p in (a, b)}


def test_a_path_not_there_is_counted_apart_from_failed_documents_in_the_table():
    # the table said "documents unchanged / failed | 0 / 1" beside documents_failed 0 and
    # paths_unread 1 (review R5 of 0a35313): one count of each, as the run's line says them
    report = IndexReport(unchanged=["/docs/a.md"], failed=[("/missing", "no such file")],
                         unread=["/missing"])
    meta = report_metadata(report)
    assert (meta["documents_failed"], meta["paths_unread"]) == (0, 1)
    assert "| documents unchanged / failed / paths not read | 1 / 0 / 1 |" in meta["report"].md_str


def test_the_nli_check_of_a_run_whose_every_document_failed_says_none_was_checked(tmp_path):
    """Both documents failed to parse: the check passed with claims_checked 0, as if every
    claim held."""
    docs = tmp_path / "docs"
    docs.mkdir()
    for name in ("a", "b"):
        (docs / f"{name}.md").write_bytes(bytes(range(256)) * 64 + b"\xff\xfe\x00" * 500)
    indexer = _indexer(tmp_path)
    report = indexer.index([docs])
    assert len(report.failed) == 2
    check = nli_verification(indexer.store, report)
    assert not check.passed and check.severity.value == "WARN"
    assert check.description == "no claim checked: every document of the run failed (2; see " \
                                "parse_health)"
    assert check.metadata["claims_checked"].value == 0
