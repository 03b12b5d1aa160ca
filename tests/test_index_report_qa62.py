"""A run's report as QA found it at b5aab06: a new file deleted mid-run was said only with
--json or -v, and -v said "(deleted before it was read)" of one the run had parsed; counts
said "1 texts embedded", "writing 1 documents", "its 1 document(s) are kept"; `docnav locate
--help` had no description (nor had nav and fetch). Real stores, the hashing embedder."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from _cli import index, run, summary_counts, written

from docnav.cli import _parser
from docnav.embed import HashingEmbedder
from docnav.index import IndexOptions, Indexer
from docnav.parse import ParseOptions, parse_file
from docnav.prune import PruneReport
from docnav.report import IndexReport
from docnav.store import Store
from docnav.summaries import SummaryStats

FLAGS = ("--embed-model", "hashing", "--no-summaries", "--no-progress")


def test_a_new_file_deleted_after_it_was_parsed_is_counted_and_said_truly(tmp_path):
    docs = written(tmp_path / "docs", {"a.md": "# A\n\nAlpha.\n", "b.md": "# B\n\nBravo.\n"})
    b = docs / "b.md"

    def parse_then_delete(path: str, options: ParseOptions):
        parsed = parse_file(path, options)  # read and parsed; gone before its check
        if Path(path) == b:
            b.unlink()
        return parsed

    options = IndexOptions(summaries=None, progress=False, export_parquet=False)
    report = Indexer(Store(tmp_path / "s.duckdb"), options, HashingEmbedder(),
                     parse=parse_then_delete).index([docs])
    assert (report.added, report.vanished, report.failed) == ([str(docs / "a.md")], [str(b)], [])
    assert report.summary().startswith("1 added, 0 changed, 0 renamed, 0 removed, 0 unchanged, "
                                       "0 failed, 1 new file vanished; "), report.summary()
    assert f"vanished: {b} (deleted before it was stored)" in report.change_lines()


def test_counts_of_one_are_singular(tmp_path):
    docs = written(tmp_path / "docs", {"a.md": "# A\n\nAlpha.\n\nMore alpha.\n"})
    db = tmp_path / "s.duckdb"
    assert run(db, "index", str(docs), *FLAGS)[0] == 0
    (docs / "a.md").write_text("# A\n\nAlpha, edited.\n\nMore alpha.\n")
    code, out, _ = run(db, "index", str(docs), *FLAGS)
    assert code == 0 and re.search(r"; \d+ nodes? written, 1 text embedded \(", out), out
    one = IndexReport(nodes_written=1, texts_embedded=1, reembedded=["x.md"], reparsed=["x.md"],
                      reembedded_texts=1, summaries=SummaryStats(rebuilt=1, claims_checked=1))
    assert ("; 1 node written, 1 text embedded (0 reused); 1 unchanged document embedded with "
            "a new model; 1 unchanged file parsed again (0 came out different); 1 summary "
            "rebuilt (0 reused, 0 failed), 1 claim checked (0 flagged); ") in one.summary()
    assert PruneReport(users={"m": ["x.md"]}, pruned={"old": 1}, exported=1).summary() == (
        "deleted 1 text vector (1 of old); kept m; 1 document re-exported")


def test_a_run_of_one_document_says_writing_1_document(tmp_path, capsys, monkeypatch):
    import docnav.progress as progress_module

    monkeypatch.setattr(progress_module, "DELAY", 0.0)  # every stage drawn, however fast
    monkeypatch.setattr(progress_module, "_REDRAW", 0.0)
    docs = written(tmp_path / "docs", {"a.md": "# A\n\nAlpha.\n"})
    options = IndexOptions(summaries=None, progress=True, export_parquet=False)
    Indexer(Store(tmp_path / "s.duckdb"), options, HashingEmbedder()).index([docs])
    err = capsys.readouterr().err
    assert "writing 1 document" in err and "writing 1 documents" not in err, err
    assert not re.search(r"\b1 (documents|texts)\b", err), err


def test_every_command_help_has_a_description():
    sub = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    missing = [name for name, p in sub.choices.items() if not p.description]
    assert missing == [], f"no description paragraph in --help: {missing}"
    assert "BM25" in sub.choices["locate"].format_help()


def test_every_count_of_the_summary_line_is_written_alike():
    """'12,345 nodes written, 2,345 texts embedded (23456 reused)': counted() separated the
    thousands of some counts and not of the numbers beside them."""
    many = IndexReport(added=[f"{n}.md" for n in range(1200)], nodes_written=12345,
                       texts_embedded=2345, embeddings_reused=23456,
                       summaries=SummaryStats(rebuilt=1500, reused=4000, claims_checked=9000,
                                              claims_flagged=1200))
    line = many.summary()
    assert line.startswith("1,200 added, 0 changed, 0 renamed, 0 removed, 0 unchanged, "
                           "0 failed; 12,345 nodes written, 2,345 texts embedded (23,456 "
                           "reused); 1,500 summaries rebuilt (4,000 reused, 0 failed), 9,000 "
                           "claims checked (1,200 flagged); "), line
    assert summary_counts(line)["added"] == 1200


def test_dagsters_note_of_one_excluded_document_is_singular():
    from pipelines.reporting import excluded_note

    note = excluded_note(IndexReport(excluded=["/d/a.md"]), "*.mdd", "")
    assert note == ("1 document was removed although its file is still there (a.md): "
                    "DOCNAV_INCLUDE ('*.mdd') and DOCNAV_EXCLUDE ('') leave it out; set them "
                    "to cover the files to bring it back")


def test_the_clis_note_of_excluded_documents_is_singular_or_plural_as_they_are(tmp_path):
    """Dagster's twin was made singular for one document (55dcc0a); the CLI's said "leave them
    out ... cover them to bring them back" of one document."""
    docs = written(tmp_path / "docs", {"a.md": "# A\n\nA.\n", "b.md": "# B\n\nB.\n",
                                       "c.md": "# C\n\nC.\n"})
    db = tmp_path / "s.duckdb"
    assert index(db, docs) == 0
    for pattern, said in (("b.md", "1 document was removed although its file is still there "
                           "(b.md): this run's --include/--exclude leave it out. Index the "
                           "folder with the settings that cover it to bring it back."),
                          ("[ac].md", "2 documents were removed although their files are "
                           "still there (a.md, c.md): this run's --include/--exclude leave "
                           "them out. Index the folder with the settings that cover them to "
                           "bring them back.")):
        assert index(db, docs) == 0
        code, _, err = run(db, "index", str(docs), "--embed-model", "hashing",
                           "--no-summaries", "--no-progress", "--exclude", pattern)
        assert code == 0 and f"note: {said}\n" in err, err


def test_locate_help_says_block_kinds_and_that_a_section_hit_shows_its_summary():
    """It said the nodes were "paragraphs, sections, documents" and each hit printed "then its
    text"; hits are also tables, list items, code, and a section shows its summary."""
    sub = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    described = " ".join(sub.choices["locate"].description.split())
    assert "tables, list items, code" in described, described
    assert "a section's or document's summary" in described, described
