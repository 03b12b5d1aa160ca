"""A paper renamed ("paper.pdf") is still dated by its arXiv identifier, read from the stamp
arXiv prints down its first page's margin ("arXiv:1810.08699v1 [cs.CL] 19 Oct 2018"), which
the native reader drops with the page furniture: the month of its first submission, not
when the PDF was made."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from _paths import FIXTURES, require
from _stores import indexed_copies

from docnav.embed import HashingEmbedder
from docnav.parse._metadata import pdf_metadata
from docnav.query import DocNavGraph, Navigator
from docnav.query.fields import own_date
from docnav.show import document_json, render_document
from docnav.store import Store


@pytest.mark.parametrize("name, stamped", [
    ("1705.07830.pdf", "1705.07830v3"), ("1801.05147.pdf", "1801.05147v1"),
    ("1809.01202.pdf", "1809.01202v2"), ("1810.08699.pdf", "1810.08699v1"),
    ("1909.00754.pdf", "1909.00754v2"), ("1912.01214.pdf", "1912.01214v1"),
    ("2001.03131.pdf", "2001.03131v1"),
    # a page cut out of a paper, and a Redbook: no stamp
    ("2305.03393v1-pg9.pdf", None), ("redp5110_sampled.pdf", None)])
def test_the_arxiv_stamp_is_read_as_a_field(name, stamped):
    pdf = pdfium.PdfDocument(str(require(FIXTURES / "pdf" / name)))
    try:
        assert dict(pdf_metadata(pdf)).get("arxiv") == stamped
    finally:
        pdf.close()


@pytest.fixture(scope="module")
def renamed(tmp_path_factory):
    """pioNER (1810.08699, October 2018; its PDF made in March 2024) as "pioner.pdf", beside
    2001.03131.pdf (January 2020 by its name; its PDF made in January 2022)."""
    base = tmp_path_factory.mktemp("renamed")
    indexed_copies(base, {"pioner.pdf": FIXTURES / "pdf" / "1810.08699.pdf",
                          "2001.03131.pdf": FIXTURES / "pdf" / "2001.03131.pdf"})
    return base


def test_a_renamed_paper_is_dated_by_the_stamp_s_identifier(renamed):
    # pioner.pdf was dated by its PDF (2024-03-10), after 2001.03131.pdf by its name (2020-01)
    graph = DocNavGraph.open(renamed / "g.duckdb", embedder=HashingEmbedder())
    kept = graph.filter(graph.document_roots(), dated_before="2018-10-31")
    assert [Path(graph.node(n).path).name for n in kept] == ["pioner.pdf"]
    answer = Navigator(graph).ask("Which paper is the oldest?", 300)
    (step,) = [s for s in answer.trace if s["op"] == "documents"]
    assert ([Path(p).name for p in step["documents"]], step["dates"]) == (
        ["pioner.pdf"], ["2018-10"])
    assert [Path(p).name for p in step["by_arxiv"]] == ["pioner.pdf"]


def test_show_says_the_stamp_dates_it(renamed):
    store = Store(renamed / "g.duckdb")
    assert ("dated 2018-10 by its arXiv identifier (on its first page)"
            in render_document(store, "pioner.pdf"))
    shown = document_json(store, "pioner.pdf")
    assert (shown["fields"]["arxiv"], shown["dated"], shown["dated_by"]) == (
        "1810.08699v1", "2018-10", "arxiv_identifier")


def test_only_a_pdf_s_arxiv_field_is_the_stamp():
    # a note's front matter naming the paper it is about dated the note by the paper (2018-10)
    note = {"date": "2024-05-01", "arxiv": "1810.08699v1"}
    assert own_date("notes/pioner-notes.md", note) == "2024-05-01"
    assert own_date("papers/pioner.pdf", note) == "2018-10"
