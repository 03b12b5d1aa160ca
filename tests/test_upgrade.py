"""After an upgrade of DocNav: a store of the previous schema version is upgraded in place by
the next index run (nothing re-indexed, everything queryable), and a run names the documents
whose trees another parser made, until `--reparse` parses them again. Real parser, real
store."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from _harness import CORPUS, Harness

from docnav.cli import main
from docnav.errors import StoreError
from docnav.index import Indexer, IndexOptions
from docnav.model import SCHEMA_VERSION
from docnav.parse import ParseOptions, parser_id
from docnav.query import DocNavGraph


def as_version_2(db: Path) -> None:
    """Turn a store into what DocNav wrote before schema version 3."""
    with duckdb.connect(str(db)) as con:
        con.execute("ALTER TABLE documents DROP COLUMN parsed_with")
        con.execute("UPDATE meta SET value = '2' WHERE key = 'schema_version'")


def stored(db: Path) -> dict[str, tuple[int, str | None]]:
    with duckdb.connect(str(db), read_only=True) as con:
        return {Path(p).name: (v, w) for p, v, w in
                con.execute("SELECT path, version, parsed_with FROM documents").fetchall()}


def test_a_version_2_store_is_upgraded_in_place_by_the_next_run(tmp_path):
    h = Harness(tmp_path, CORPUS)
    h.index()
    assert SCHEMA_VERSION == 3
    as_version_2(h.store.path)
    with pytest.raises(StoreError, match="schema version 2.*Upgrade it in place.*docnav index"):
        DocNavGraph.open(h.store.path)

    # the upgraded DocNav runs in a new process: a new indexer
    h.indexer = Indexer(h.store, IndexOptions(export_parquet=True), h.embedder, parse=h.parse)
    report = h.index()  # nothing changed: nothing parsed, the store upgraded
    assert report.ok and report.docs_parsed == 0 and report.nodes_written == 0
    with duckdb.connect(str(h.store.path), read_only=True) as con:
        assert con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone() \
            == ("3",)
    assert {name: v for name, (v, _) in stored(h.store.path).items()} == {
        "alpha.md": 1, "beta.md": 1, "gamma.md": 1, "delta.md": 1}
    # their trees came from a DocNav that did not record its parser
    assert sorted(Path(p).name for p in report.parsed_otherwise) == [
        "alpha.md", "beta.md", "delta.md", "gamma.md"]
    assert DocNavGraph.open(h.store.path).locate("storage layer", k=1)


def test_a_run_names_documents_of_another_parser_until_they_are_parsed_again(tmp_path, capsys):
    h = Harness(tmp_path, CORPUS)
    h.index()
    current = parser_id("markdown", ParseOptions())
    assert {w for _, w in stored(h.store.path).values()} == {current}
    with duckdb.connect(str(h.store.path)) as con:  # alpha and beta as an older DocNav left them
        con.execute("UPDATE documents SET parsed_with = 'an-older-parser' "
                    "WHERE path LIKE '%alpha.md' OR path LIKE '%beta.md'")
    h.indexer = Indexer(h.store, IndexOptions(export_parquet=False), h.embedder, parse=h.parse)

    report = h.index()
    assert sorted(Path(p).name for p in report.parsed_otherwise) == ["alpha.md", "beta.md"]
    assert report.counts()["documents_parsed_otherwise"] == 2

    # through the CLI: a note on stderr says what to run
    code = main(["--db", str(h.store.path), "index", str(h.folder), "--embed-model", "hashing",
                 "--no-summaries", "--no-progress"])
    err = capsys.readouterr().err
    assert code == 0
    assert "2 documents were parsed by another version of DocNav's parsers" in err
    assert "--reparse" in err and "alpha.md" in err

    # parsed again: they come out the same, so nothing is rewritten, but the record is current
    report = h.indexer.index([h.folder], reparse=True)
    assert report.nodes_written == 0 and report.parsed_otherwise == []
    assert stored(h.store.path) == {
        name: (1, current) for name in ("alpha.md", "beta.md", "gamma.md", "delta.md")}
    with h.store.reader() as con:  # the rows the indexer keeps were brought up to date too
        assert h.indexer.kept_state_differences(con) == []
    assert h.index().parsed_otherwise == []


def test_pdf_documents_record_the_options_they_were_read_with():
    default = parser_id("pdf", ParseOptions())
    assert "pdf_mode=auto" in default
    assert parser_id("pdf", ParseOptions(pdf_mode="native")) != default
    assert parser_id("pdf", ParseOptions(pdf_outline=False)) != default
    assert parser_id("pdf", ParseOptions(pdf_parser_threads=1)) == default  # same output
    # the PDF settings do not concern other formats
    assert parser_id("markdown", ParseOptions(pdf_mode="native")) == \
        parser_id("markdown", ParseOptions())


def test_the_document_list_counts_trees_of_an_older_parser(tmp_path, capsys):
    h = Harness(tmp_path, CORPUS)
    h.index()
    assert main(["--db", str(h.store.path), "show"]) == 0
    assert "another version of DocNav's parsers" not in capsys.readouterr().out
    with duckdb.connect(str(h.store.path)) as con:
        con.execute("UPDATE documents SET parsed_with = NULL WHERE path LIKE '%alpha.md'")
        con.execute("UPDATE documents SET parsed_with = 'an-older-parser;pdf_mode=auto' "
                    "WHERE path LIKE '%beta.md'")
    assert main(["--db", str(h.store.path), "show"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2] == ("2 documents parsed by another version of DocNav's parsers "
                         "(`docnav index DIR --reparse` parses them again)")
