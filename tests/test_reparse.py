"""`docnav index --reparse`: unchanged files are parsed again (after an upgrade of the parsers or
a change of parse options), and only the documents whose tree comes out different are written.
Real parser, real store; work counted."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from _harness import Harness
from _paths import FIXTURES, require

from docnav.cli import main
from docnav.embed import HashingEmbedder
from docnav.index import Indexer, IndexOptions
from docnav.parse import ParseOptions
from docnav.store import Store

ROOT = Path(__file__).resolve().parents[1]


def pdf_and_notes(tmp_path: Path) -> tuple[Path, Store]:
    """A folder with a bookmarked PDF and a Markdown note, and an empty store."""
    docs = tmp_path / "docs"
    docs.mkdir()
    shutil.copy(require(FIXTURES / "pdf" / "bookmark_sample.pdf"), docs)
    (docs / "notes.md").write_text("# Notes\n\nNothing about PDFs.\n")
    return docs, Store(tmp_path / "store.duckdb")


def versions(store: Store) -> dict[str, int]:
    with store.reader() as con:
        return dict(con.execute("SELECT path, version FROM documents").fetchall())


def test_reparsing_unchanged_markdown_parses_everything_and_writes_nothing(tmp_path):
    h = Harness(tmp_path, {"a.md": "# A\n\nOne paragraph.\n", "b.md": "# B\n\nTwo.\n\n## C\n\nThree.\n"})
    h.index()
    before = versions(h.store)
    again = Indexer(h.store, IndexOptions(export_parquet=True), h.embedder, parse=h.parse)
    h.parse.calls.clear()
    report = again.index([h.folder], reparse=True)
    assert sorted(Path(p).name for p in h.parse.calls) == ["a.md", "b.md"]
    assert report.docs_parsed == 2 and report.nodes_written == 0
    assert sorted(Path(p).name for p in report.unchanged) == ["a.md", "b.md"]
    assert report.changed == [] and report.added == [] and report.ok
    assert versions(h.store) == before


def test_reparsing_after_a_change_of_parse_options_rewrites_what_comes_out_differently(tmp_path):
    docs, store = pdf_and_notes(tmp_path)

    def run(reparse: bool, outline: bool):
        options = IndexOptions(parse=ParseOptions(pdf_mode="native", pdf_outline=outline),
                               export_parquet=False, progress=False)
        return Indexer(store, options, HashingEmbedder()).index([docs], reparse=reparse)

    assert run(reparse=False, outline=False).ok

    def heading_source() -> str:
        with store.reader() as con:
            (metadata,) = con.execute("SELECT metadata FROM documents WHERE path LIKE '%.pdf'"
                                      ).fetchone()
        return dict(json.loads(metadata))["heading_source"]

    assert heading_source() == "fonts"
    plain = run(reparse=False, outline=True)  # new options alone: nothing is looked at again
    assert plain.docs_parsed == 0 and len(plain.unchanged) == 2 and heading_source() == "fonts"
    before = versions(store)
    report = run(reparse=True, outline=True)
    assert report.docs_parsed == 2 and len(report.reparsed) == 2
    assert "2 unchanged files parsed again (1 came out different); " in report.summary()
    assert [Path(p).name for p in report.changed] == ["bookmark_sample.pdf"]
    assert [Path(p).name for p in report.unchanged] == ["notes.md"]
    assert heading_source() == "outline"
    after = versions(store)
    pdf = next(p for p in after if p.endswith(".pdf"))
    md = next(p for p in after if p.endswith(".md"))
    assert after[pdf] == before[pdf] + 1 and after[md] == before[md]


def test_the_cli_reparses_on_request(tmp_path, capsys):
    docs = shutil.copytree(ROOT / "samples" / "rfcs", tmp_path / "rfcs")
    db = tmp_path / "store.duckdb"
    common = ["--db", str(db), "index", str(docs), "--embed-model", "hashing",
              "--no-summaries", "--no-progress"]
    assert main(common) == 0
    capsys.readouterr()
    assert main([*common, "--reparse"]) == 0
    out = capsys.readouterr().out.strip().splitlines()[-1]
    assert out.startswith("0 added, 0 changed, 0 renamed, 0 removed, 4 unchanged, 0 failed")
    assert "4 unchanged files parsed again (0 came out different); " in out


def test_a_document_that_fails_to_parse_again_keeps_its_stored_version(tmp_path):
    """Reparsing with a PDF pipeline this machine cannot run (the layout model is not here):
    the PDF's error names the setting, its previous version stays queryable, the rest of the
    batch is parsed."""
    from docnav.parse._docling import _layout_model_cached
    from docnav.query import DocNavGraph

    if _layout_model_cached():
        pytest.skip("docling's layout model is in the local cache: the standard pipeline runs")
    docs, store = pdf_and_notes(tmp_path)

    def run(mode: str, reparse: bool):
        options = IndexOptions(parse=ParseOptions(pdf_mode=mode), export_parquet=False,
                               progress=False)
        return Indexer(store, options, HashingEmbedder()).index([docs], reparse=reparse)

    assert run("native", reparse=False).ok
    before = versions(store)
    report = run("standard", reparse=True)
    assert report.docs_parsed == 2
    ((path, error),) = report.failed
    assert path.endswith("bookmark_sample.pdf") and "pdf_mode" in error and "native" in error
    assert "2 unchanged files parsed again (0 came out different, 1 failed); " in report.summary()
    assert [Path(p).name for p in report.unchanged] == ["notes.md"]
    assert versions(store) == before
    graph = DocNavGraph.open(store.path, embedder=None)
    hits = graph.locate("Payment Schedule", k=3)
    assert hits
    assert graph.documents[graph.node(hits[0].node_id).doc_id]["path"].endswith(".pdf")

    # back to the mode that reads it: the next run retries the failed PDF, which comes out as
    # stored, so only its row is put right (status, error), not a new version of it; the run
    # counts it changed (failed before, ok now)
    report = run("native", reparse=False)
    assert report.ok and report.docs_parsed == 1 and report.nodes_written == 0
    assert [Path(p).name for p in report.changed] == ["bookmark_sample.pdf"]
    assert [Path(p).name for p in report.unchanged] == ["notes.md"]
    assert versions(store) == before
    with store.reader() as con:
        assert con.execute("SELECT DISTINCT status, error FROM documents").fetchall() == [
            ("ok", None)]


def test_a_reparse_rewrites_what_differs_besides_the_text(tmp_path):
    """Pages (and anchors, levels, links) are not in a tree's hash: a store whose pages an older
    parser got wrong is put right by a reparse, though every text is the same."""
    docs = tmp_path / "docs"
    docs.mkdir()
    shutil.copy(require(FIXTURES / "pdf" / "bookmark_sample.pdf"), docs)
    store = Store(tmp_path / "store.duckdb")
    options = IndexOptions(parse=ParseOptions(pdf_mode="native"), export_parquet=False,
                           progress=False)
    assert Indexer(store, options, HashingEmbedder()).index([docs]).ok
    with store.transaction() as con:  # as an older parser might have stored them
        con.execute("UPDATE nodes SET page = 99 WHERE page IS NOT NULL")
    report = Indexer(store, options, HashingEmbedder()).index([docs], reparse=True)
    assert [Path(p).name for p in report.changed] == ["bookmark_sample.pdf"]
    with store.reader() as con:
        assert con.execute("SELECT count(*) FROM nodes WHERE page = 99").fetchone() == (0,)
        assert con.execute("SELECT count(*) FROM nodes WHERE page = 1").fetchone()[0] > 0


def test_a_file_edited_while_it_was_parsed_again_is_no_reparse_alike():
    from docnav.plan import Job, parsed_alike
    from docnav.rows import DocumentRecord
    from docnav.scan import FoundFile
    from docnav.tree import build_tree
    from docnav.model import Block, BlockKind, ParsedDocument

    parsed = ParsedDocument(format="md", title="T", blocks=(Block(BlockKind.TEXT, "Text."),))
    tree = build_tree(parsed, "d", "/x.md")
    stored = DocumentRecord(
        doc_id="d", path="/x.md", format="md", title="T", content_hash="old", seen_hash="old",
        tree_hash=tree.tree_hash, version=1, status="ok", error=None, size_bytes=5, n_nodes=2,
        metadata="[]", indexed_at=0.0, checked_at=0.0)
    same = Job(FoundFile("/x.md", "/", size=5, content_hash="old"), "d", stored, "reparse")
    edited = Job(FoundFile("/x.md", "/", size=5, content_hash="new"), "d", stored, "reparse")
    assert parsed_alike(same, tree, tree)
    assert not parsed_alike(edited, tree, tree)

