"""After an upgrade of DocNav: a store of the previous schema version is upgraded in place by
the next index run (nothing re-indexed, everything queryable), and a run names the documents
whose trees another parser made, until `--reparse` parses them again. Real parser, real
store."""

from __future__ import annotations

import re
import shlex
import shutil
from dataclasses import replace
from pathlib import Path

import duckdb
import pytest
from _harness import CORPUS, Harness
from _paths import FIXTURES, require

from docnav.cli import main
from docnav.embed import HashingEmbedder
from docnav.errors import StoreError
from docnav.index import Indexer, IndexOptions
from docnav.model import SCHEMA_VERSION
from docnav.parse import ParseOptions, parse_file, parser_id, same_parser
from docnav.query import DocNavGraph
from docnav.store import Store


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

    # parsed again: they come out the same, so nothing is rewritten, but the record is current
    report = h.indexer.index([h.folder], reparse=True)
    assert report.nodes_written == 0 and report.parsed_otherwise == []
    assert stored(h.store.path) == {
        name: (1, current) for name in ("alpha.md", "beta.md", "gamma.md", "delta.md")}
    with h.store.reader() as con:  # the rows the indexer keeps were brought up to date too
        assert h.indexer.kept_state_differences(con) == []
    assert h.index().parsed_otherwise == []
    # a second reparse has nothing to record: the rows and their export stay as they are
    exported = {p: p.stat().st_mtime_ns for p in h.store.parquet_dir.rglob("*.parquet")}
    with duckdb.connect(str(h.store.path), read_only=True) as con:
        token = con.execute("SELECT value FROM meta WHERE key = 'documents_token'").fetchall()
    h.indexer.index([h.folder], reparse=True)
    assert {p: p.stat().st_mtime_ns for p in h.store.parquet_dir.rglob("*.parquet")} == exported
    with duckdb.connect(str(h.store.path), read_only=True) as con:
        assert con.execute("SELECT value FROM meta WHERE key = 'documents_token'").fetchall() \
            == token


def test_the_cli_note_gives_the_command_that_parses_them_again(tmp_path, capsys):
    """The command repeats the run's store and settings: run as printed, it reparses into the
    same store with the same embedder (nothing re-embedded), and the note is gone."""
    h = Harness(tmp_path, CORPUS)
    db = tmp_path / "elsewhere.duckdb"
    run = ["--db", str(db), "index", str(h.folder), "--embed-model", "hashing",
           "--no-summaries", "--no-progress", "--exclude", "delta.md"]
    assert main(run) == 0
    capsys.readouterr()
    with duckdb.connect(str(db)) as con:
        con.execute("UPDATE documents SET parsed_with = NULL WHERE path LIKE '%alpha.md'")
    assert main(run) == 0
    err = capsys.readouterr().err
    assert "note: 1 document was parsed by another version of DocNav's parsers" in err
    (command,) = re.findall(r"`(docnav [^`]+)` parses them again", err)
    argv = shlex.split(command)
    assert argv[:3] == ["docnav", "--db", str(db)] and "--reparse" in argv
    assert argv[argv.index("--embed-model") + 1] == "hashing" and "--no-summaries" in argv
    assert argv[argv.index("--exclude") + 1] == "delta.md"

    assert main(argv[1:]) == 0
    out = capsys.readouterr()
    assert "parsed by another version" not in out.err
    assert "0 texts embedded" in out.out and "0 nodes written" in out.out
    assert "3 unchanged files parsed again (0 came out different)" in out.out
    assert main(run) == 0 and "note:" not in capsys.readouterr().err


def test_pdf_documents_record_the_options_they_were_read_with():
    default = parser_id("pdf", ParseOptions())
    assert "pdf_mode=auto" in default
    assert parser_id("pdf", ParseOptions(pdf_mode="native")) != default
    assert parser_id("pdf", ParseOptions(pdf_outline=False)) != default
    assert parser_id("pdf", ParseOptions(pdf_parser_threads=1)) == default  # same output
    # the outline and furniture settings only concern the native pipeline
    standard = parser_id("pdf", ParseOptions(pdf_mode="standard"))
    assert standard != default
    assert parser_id("pdf", ParseOptions(pdf_mode="standard", pdf_outline=False)) == standard
    # the PDF settings do not concern other formats
    assert parser_id("markdown", ParseOptions(pdf_mode="native")) == \
        parser_id("markdown", ParseOptions())
    # the pipeline that read a PDF is recorded too, but a tree is made by the parser asked for
    # whichever pipeline read it: which one `auto` would choose now needs the layout model
    read = parser_id("pdf", ParseOptions(), "native")
    assert read == default + ";pipeline=native"
    assert same_parser(read, default) and same_parser(default, default)
    assert not same_parser(read, parser_id("pdf", ParseOptions(pdf_mode="native")))
    assert not same_parser(None, default)


def _pdf_and_note(tmp_path: Path) -> Path:
    docs = tmp_path / "docs"
    docs.mkdir()
    shutil.copy(require(FIXTURES / "pdf" / "bookmark_sample.pdf"), docs)
    (docs / "notes.md").write_text("# Notes\n\nNo PDF here.\n")
    return docs


def test_a_pdf_read_with_pdf_mode_auto_records_and_shows_the_pipeline_that_read_it(
        tmp_path, capsys):
    """`--pdf-mode auto` was recorded as `auto`: nothing said which pipeline read the PDF."""
    from docnav.parse._docling import resolve_pdf_mode

    docs, db = _pdf_and_note(tmp_path), tmp_path / "store.duckdb"
    run = ["--db", str(db), "index", str(docs), "--embed-model", "hashing", "--no-summaries",
           "--no-progress"]
    assert main(run) == 0
    used = resolve_pdf_mode(ParseOptions())  # native here: the layout model is not downloaded
    recorded = stored(db)
    assert recorded["bookmark_sample.pdf"] == (1, parser_id("pdf", ParseOptions(), used))
    assert recorded["bookmark_sample.pdf"][1].endswith(f";pdf_mode=auto;outline=True;"
                                                       f"furniture=True;pipeline={used}")
    assert recorded["notes.md"] == (1, parser_id("markdown", ParseOptions()))
    capsys.readouterr()
    assert main(["--db", str(db), "show", "bookmark_sample.pdf"]) == 0
    read_by = f"PDF read by the {used} pipeline (--pdf-mode auto)"
    assert capsys.readouterr().out.splitlines()[1].endswith(read_by)
    assert main(["--db", str(db), "show"]) == 0
    assert f"PDFs: 1 read by the {used} pipeline (--pdf-mode auto)" in capsys.readouterr().out
    assert main(run) == 0  # the pipeline recorded is not another parser
    assert "note:" not in capsys.readouterr().err

    # a row recorded before the pipeline was is not another parser either; `show` takes the
    # pipeline from the document's metadata, and a reparse that changes nothing records it
    with duckdb.connect(str(db)) as con:
        con.execute("UPDATE documents SET parsed_with = split_part(parsed_with, ';pipeline=', 1)")
    assert main(run) == 0
    assert "note:" not in capsys.readouterr().err
    assert main(["--db", str(db), "show", "bookmark_sample.pdf"]) == 0
    assert capsys.readouterr().out.splitlines()[1].endswith(read_by)
    assert main([*run, "--reparse"]) == 0
    assert stored(db) == recorded


def test_a_pdf_indexed_before_schema_3_says_its_mode_was_not_recorded(tmp_path, capsys):
    """A store upgraded from schema 2 keeps no parser record of its PDFs: `show` said
    "(--pdf-mode unknown)", as if "unknown" were a mode; it says why none is recorded."""
    from docnav.parse._docling import resolve_pdf_mode

    docs, db = _pdf_and_note(tmp_path), tmp_path / "store.duckdb"
    assert main(["--db", str(db), "index", str(docs), "--embed-model", "hashing",
                 "--no-summaries", "--no-progress"]) == 0
    with duckdb.connect(str(db)) as con:  # as the upgrade from schema 2 leaves it
        con.execute("UPDATE documents SET parsed_with = NULL")
    used = resolve_pdf_mode(ParseOptions())
    capsys.readouterr()
    assert main(["--db", str(db), "show"]) == 0
    assert (f"PDFs: 1 read by the {used} pipeline (--pdf-mode not recorded: indexed by an "
            "older DocNav; `docnav index DIR --reparse` records it)") in capsys.readouterr().out
    assert main(["--db", str(db), "show", "bookmark_sample.pdf"]) == 0
    # one wording for the parser and the mode, said once (it said "parsed by an older DocNav
    # (its parser was not recorded)" and "(--pdf-mode not recorded: indexed before schema 3)")
    assert capsys.readouterr().out.splitlines()[1] == (
        "indexed by an older DocNav, which did not record its parser: `docnav index DIR "
        f"--reparse` records it; PDF read by the {used} pipeline (--pdf-mode not recorded)")
    assert main(["--db", str(db), "index", str(docs), "--embed-model", "hashing",
                 "--no-summaries", "--no-progress", "--reparse"]) == 0
    capsys.readouterr()
    assert main(["--db", str(db), "show", "bookmark_sample.pdf"]) == 0
    line = capsys.readouterr().out.splitlines()[1]
    assert line.endswith(f"PDF read by the {used} pipeline (--pdf-mode auto)"), line


def test_the_record_names_the_pipeline_the_parser_used_not_the_mode_asked(tmp_path):
    """With the layout model downloaded, `auto` reads PDFs with the standard pipeline. It is
    not here: a parser that labels the native pipeline's document as the standard one's
    stands in for it."""
    from docnav.show import render_document

    def as_if_standard(path, options):
        parsed = parse_file(path, replace(options, pdf_mode="native"))
        return replace(parsed, metadata=tuple((k, "standard" if k == "pdf_pipeline" else v)
                                              for k, v in parsed.metadata))

    docs = _pdf_and_note(tmp_path)
    store = Store(tmp_path / "store.duckdb")
    Indexer(store, IndexOptions(summaries=None, progress=False), HashingEmbedder(),
            parse=as_if_standard).index([docs])
    assert stored(store.path)["bookmark_sample.pdf"][1] == parser_id(
        "pdf", ParseOptions(), "standard")
    assert render_document(store, "bookmark_sample.pdf").splitlines()[1].endswith(
        "PDF read by the standard pipeline (--pdf-mode auto)")


def test_the_document_list_counts_trees_of_an_older_parser(tmp_path, capsys):
    h = Harness(tmp_path, CORPUS)
    h.index()
    assert main(["--db", str(h.store.path), "show"]) == 0
    assert "another version of DocNav's parsers" not in capsys.readouterr().out
    with duckdb.connect(str(h.store.path)) as con:
        con.execute("UPDATE documents SET parsed_with = NULL WHERE path LIKE '%alpha.md'")
        con.execute("UPDATE documents SET parsed_with = 'an-older-parser;pdf_mode=auto' "
                    "WHERE path LIKE '%beta.md'")
        # a failed one is parsed again by every run anyway: not counted, as in the run's note
        con.execute("UPDATE documents SET parsed_with = NULL, status = 'failed', "
                    "error = 'ParseError: unreadable' WHERE path LIKE '%gamma.md'")
    assert main(["--db", str(h.store.path), "show"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2] == ("2 documents parsed by another version of DocNav's parsers "
                         "(`docnav index DIR --reparse` parses them again)")
    from docnav.parse import parser_fingerprint

    with duckdb.connect(str(h.store.path)) as con:  # one: "1 document" ("1 documents")
        con.execute("UPDATE documents SET parsed_with = ? WHERE path LIKE '%alpha.md'",
                    [parser_fingerprint() + ";pdf_mode=auto"])
    assert main(["--db", str(h.store.path), "show"]) == 0
    assert capsys.readouterr().out.splitlines()[-2].startswith(
        "1 document parsed by another version of DocNav's parsers")


def test_failed_documents_and_those_out_of_scope_are_not_named():
    """A failed document is parsed again by every run anyway; one outside the run's scope is
    not the run's to name."""
    from dataclasses import replace

    from docnav.plan import parsed_otherwise
    from docnav.rows import DocumentRecord

    base = DocumentRecord(
        doc_id="d1", path="/docs/a.md", format="markdown", title="A", content_hash="h",
        seen_hash="h", tree_hash="t", version=1, status="ok", error=None, size_bytes=1,
        n_nodes=1, metadata="[]", indexed_at=0.0, checked_at=0.0,
        parsed_with=parser_id("markdown", ParseOptions()))
    stored = {
        "d1": base,
        "d2": replace(base, doc_id="d2", path="/docs/b.md", parsed_with=None),
        "d3": replace(base, doc_id="d3", path="/docs/c.md", parsed_with="old", status="failed"),
        "d4": replace(base, doc_id="d4", path="/other/d.md", parsed_with="old"),
        "d5": replace(base, doc_id="d5", path="/docs/e.pdf", format="pdf",
                      parsed_with=parser_id("pdf", ParseOptions(pdf_mode="native"))),
    }
    in_docs = lambda path: path.startswith("/docs/")  # noqa: E731
    assert parsed_otherwise(stored, ParseOptions(), in_docs) == ["/docs/b.md", "/docs/e.pdf"]
    assert parsed_otherwise(stored, ParseOptions(pdf_mode="native"), in_docs) == ["/docs/b.md"]


def test_the_resident_worker_is_replaced_when_the_parsing_libraries_change(monkeypatch):
    """A worker that loaded the old docling would parse with it and record the new parser."""
    import docnav.parse
    from docnav.worker import code_fingerprint

    before = code_fingerprint()
    monkeypatch.setattr(docnav.parse, "parser_fingerprint", lambda: "0123456789ab")
    assert code_fingerprint() != before


def test_the_exported_rows_read_without_the_database(tmp_path):
    """What the Dagster schedule reads instead of opening the database: the export's document
    rows; none when there is no export or it cannot be read; an export written before
    `parsed_with` existed reads as parsed by an older DocNav."""
    import polars as pl

    from docnav.export import exported_documents

    h = Harness(tmp_path, CORPUS)
    h.index()
    folder = h.store.parquet_dir
    rows = exported_documents(folder)
    assert sorted(Path(r.path).name for r in rows.values()) == [
        "alpha.md", "beta.md", "delta.md", "gamma.md"]
    assert {r.parsed_with for r in rows.values()} == {parser_id("markdown", ParseOptions())}

    frame = pl.read_parquet(folder / "documents.parquet")
    frame.drop("parsed_with").write_parquet(folder / "documents.parquet")
    assert {r.parsed_with for r in exported_documents(folder).values()} == {None}
    frame.drop("path").write_parquet(folder / "documents.parquet")
    assert exported_documents(folder) is None  # not an export of this DocNav's
    (folder / "documents.parquet").write_bytes(b"PAR1 not really")
    assert exported_documents(folder) is None
    assert exported_documents(tmp_path / "no-export") is None


def test_a_schema_version_that_is_no_number_is_said_by_every_command(tmp_path, capsys):
    """A damaged meta table ('abc' for the version) was a traceback in every command
    (ValueError from int()), and nothing on stdout with --json."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# Alpha\n\nAlpha pumps water.\n")
    db = tmp_path / "s" / "g.duckdb"
    assert main(["--db", str(db), "index", str(docs), "--embed-model", "hashing",
                 "--no-summaries", "--no-progress"]) == 0
    with duckdb.connect(str(db)) as con:
        con.execute("UPDATE meta SET value = 'abc' WHERE key = 'schema_version'")
    capsys.readouterr()
    for command in (["show"], ["locate", "pumps", "--json"], ["compact"], ["prune"],
                    ["index", str(docs), "--embed-model", "hashing", "--no-summaries"]):
        assert main(["--db", str(db), *command]) == 2, command
        out, err = capsys.readouterr()
        said = err + out
        assert "store has schema version abc" in said and "Rebuild it" in said, command
        assert "Traceback" not in said
