"""A paper renamed ("paper.pdf") is still dated by the stamp arXiv prints down its first
page's margin ("arXiv:1810.08699v1 [cs.CL] 19 Oct 2018"), which the native reader drops with
the page furniture, not by when the PDF was made: a first version's by the day it gives, the
day the paper was submitted; a later version's by its identifier's month, the month of the
first submission (the day is that version's)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from _paths import FIXTURES, require
from _stores import html_document, indexed_copies

from docnav.embed import HashingEmbedder
from docnav.parse._metadata import pdf_metadata
from docnav.query import DocNavGraph, Navigator
from docnav.query.fields import own_date, read_date, stamp_day_unused
from docnav.show import document_json, render_document
from docnav.store import Store


@pytest.mark.parametrize("name, stamped, dated", [
    # the date of the version stamped: a first version's is the day the paper was submitted
    ("1705.07830.pdf", "1705.07830v3", "2018-03-02"),
    ("1801.05147.pdf", "1801.05147v1", "2018-01-16"),
    ("1809.01202.pdf", "1809.01202v2", "2018-10-18"),
    ("1810.08699.pdf", "1810.08699v1", "2018-10-19"),
    ("1909.00754.pdf", "1909.00754v2", "2019-10-18"),
    ("1912.01214.pdf", "1912.01214v1", "2019-12-03"),
    ("2001.03131.pdf", "2001.03131v1", "2020-01-09"),
    # a page cut out of a paper, and a Redbook: no stamp
    ("2305.03393v1-pg9.pdf", None, None), ("redp5110_sampled.pdf", None, None)])
def test_the_arxiv_stamp_is_read_as_fields(name, stamped, dated):
    pdf = pdfium.PdfDocument(str(require(FIXTURES / "pdf" / name)))
    try:
        fields = dict(pdf_metadata(pdf))
    finally:
        pdf.close()
    assert (fields.get("arxiv"), fields.get("arxiv_version_date")) == (stamped, dated)


@pytest.fixture(scope="module")
def renamed(tmp_path_factory):
    """pioNER (1810.08699v1, first submitted on 19 October 2018; its PDF made in March 2024)
    as "pioner.pdf", a dialogue state tracker (1909.00754v2: September 2019, its stamp of 18
    October 2019 the second version's) as "dst.pdf", 2001.03131.pdf (v1, 9 January 2020) and
    a report dated 2018-10-10."""
    base = tmp_path_factory.mktemp("renamed")
    (base / "docs").mkdir()
    (base / "docs" / "report.html").write_text(
        html_document("Report", "2018-10-10", "Ada Lovelace", "Pump sales rose."))
    indexed_copies(base, {"pioner.pdf": FIXTURES / "pdf" / "1810.08699.pdf",
                          "dst.pdf": FIXTURES / "pdf" / "1909.00754.pdf",
                          "2001.03131.pdf": FIXTURES / "pdf" / "2001.03131.pdf"})
    return base


def _kept(graph, **bounds) -> set[str]:
    return {Path(graph.node(n).path).name
            for n in graph.filter(graph.document_roots(), **bounds)}


def test_a_renamed_paper_is_dated_by_its_stamp(renamed):
    # pioner.pdf was dated by its PDF (2024-03-10), after 2001.03131.pdf by its name (2020-01)
    graph = DocNavGraph.open(renamed / "g.duckdb", embedder=HashingEmbedder())
    assert _kept(graph, dated_before="2018-10-31") == {"pioner.pdf", "report.html"}
    answer = Navigator(graph).ask("Which paper is the oldest?", 300,
                                  where={"dated_after": "2018-10-11"})
    (step,) = [s for s in answer.trace if s["op"] == "documents"]
    assert ([Path(p).name for p in step["documents"]], step["dates"]) == (
        ["pioner.pdf"], ["2018-10-19"])
    assert [Path(p).name for p in step["by_arxiv"]] == ["pioner.pdf"]


def test_a_first_version_is_dated_by_its_stamp_s_day(renamed):
    # read as its month (2018-10), pioner.pdf was kept after the 20th and came before the
    # report of the 10th; its first version is of the 19th
    graph = DocNavGraph.open(renamed / "g.duckdb", embedder=HashingEmbedder())
    assert _kept(graph, dated_after="2018-10-20", dated_before="2019-01-01") == set()
    assert _kept(graph, dated_after="2018-10-19", dated_before="2018-10-19") == {"pioner.pdf"}
    answer = Navigator(graph).ask("What is the oldest document?", 300)
    (step,) = [s for s in answer.trace if s["op"] == "documents"]
    assert ([Path(p).name for p in step["documents"]], step["dates"]) == (
        ["report.html"], ["2018-10-10"])
    answer = Navigator(graph).ask("What is the newest document?", 300)
    (step,) = [s for s in answer.trace if s["op"] == "documents"]
    assert ([Path(p).name for p in step["documents"]], step["dates"]) == (
        ["2001.03131.pdf"], ["2020-01-09"])


def test_a_later_version_is_dated_by_its_identifier_s_month(renamed):
    # the second version's stamp (18 October 2019) is no date of the paper's: September 2019
    graph = DocNavGraph.open(renamed / "g.duckdb", embedder=HashingEmbedder())
    assert _kept(graph, dated_after="2019-09-30", dated_before="2019-09-30") == {"dst.pdf"}
    assert _kept(graph, dated_after="2019-10-01", dated_before="2019-12-31") == set()


def test_show_says_what_dates_it(renamed):
    store = Store(renamed / "g.duckdb")
    for name, said in (
            ("pioner.pdf", "dated 2018-10-19 by its first version's arXiv stamp (on its first "
             "page)"),
            ("dst.pdf", "dated 2019-09 by its arXiv identifier (on its first page), as "
             "--after/--before and questions by date read it (its stamp's 2019-10-18 is the "
             "day of version 2, not of its first)")):
        assert said in render_document(store, name), name
    shown = {name: document_json(store, name) for name in ("pioner.pdf", "dst.pdf")}
    assert {name: (s["fields"]["arxiv"], s["fields"]["arxiv_version_date"], s["dated"],
                   s["dated_by"]) for name, s in shown.items()} == {
        "pioner.pdf": ("1810.08699v1", "2018-10-19", "2018-10-19", "arxiv_stamp"),
        "dst.pdf": ("1909.00754v2", "2019-10-18", "2019-09", "arxiv_identifier")}


@pytest.mark.parametrize("path, fields, dated", [
    # a first version's stamp gives the day; a later one's, or a day outside the identifier's
    # month, leaves the month
    ("pioner.pdf", {"arxiv": "1810.08699v1", "arxiv_version_date": "2018-10-19"}, "2018-10-19"),
    ("1810.08699.pdf", {"arxiv": "1810.08699v1", "arxiv_version_date": "2018-10-19"},
     "2018-10-19"),
    ("pioner.pdf", {"arxiv": "1810.08699v1", "arxiv_version_date": "2018-11-02"}, "2018-10"),
    ("pioner.pdf", {"arxiv": "1810.08699v1"}, "2018-10"),
    ("pioner.pdf", {"arxiv": "1810.08699v12", "arxiv_version_date": "2018-10-19"}, "2018-10"),
    ("x.pdf", {"arxiv": "1809.01202v2", "arxiv_version_date": "2018-10-18"}, "2018-09"),
    ("x.pdf", {"arxiv": "1705.07830v3", "arxiv_version_date": "2018-03-02"}, "2017-05"),
    # a file's name alone gives the month, whatever its fields say
    ("1810.08699v1.pdf", {"arxiv_version_date": "2018-10-19"}, "2018-10"),
    ("1810.08699.pdf", {}, "2018-10")])
def test_only_a_first_version_s_stamp_gives_the_day(path, fields, dated):
    assert own_date(path, fields) == dated


def test_only_a_pdf_s_arxiv_field_is_the_stamp():
    # a note's front matter naming the paper it is about dated the note by the paper (2018-10)
    note = {"date": "2024-05-01", "arxiv": "1810.08699v1", "arxiv_version_date": "2018-10-19"}
    assert own_date("notes/pioner-notes.md", note) == "2024-05-01"
    assert own_date("papers/pioner.pdf", note) == "2018-10-19"


@pytest.mark.parametrize("fields, unused", [
    ({"arxiv": "1705.07830v3", "arxiv_version_date": "2018-03-02"}, ("2018-03-02", "version 3")),
    ({"arxiv": " 1705.07830v3 ", "arxiv_version_date": "2018-03-02"},
     ("2018-03-02", "version 3")),  # (read as arxiv_dated reads it: stripped)
    ({"arxiv": "1810.08699v1", "arxiv_version_date": "2018-11-02"}, ("2018-11-02", "outside")),
    ({"arxiv": "1810.08699v1", "arxiv_version_date": "2018-10-19"}, None),  # it dates it
    ({"arxiv": "1810.08699v1", "arxiv_version_date": "2018-13-45"}, None),  # no day
    ({"arxiv": "1810.08699v1"}, None), ({"arxiv_version_date": "2018-10-19"}, None)])
def test_show_says_why_a_stamp_s_day_does_not_date_it(fields, unused):
    assert stamp_day_unused("paper.pdf", fields) == unused
    assert stamp_day_unused("paper.md", fields) is None  # only a PDF's stamp


@pytest.mark.parametrize("value, read", [("2018-10-19", "2018-10-19"),
                                         ("2018-10-19T08:00:00Z", "2018-10-19"),
                                         ("2018-13-45", None), ("2024-02-30", None),
                                         ("19 Oct 2018", "2018-10-19"), ("30 Feb 2024", None)])
def test_a_date_read_from_a_field_is_a_real_date(value, read):
    # an ISO-looking value was taken as it was, "2018-13-45" too, though a worded one was
    # checked: front matter "date: 2024-02-30" dated a document
    assert read_date(value) == read
