"""A paper's date by its arXiv identifier: the month it was first submitted, which the file's
name says, not when arXiv made the PDF (tests/test_works_cited.py asks which is the oldest)."""

from __future__ import annotations

import pytest

from _paths import FIXTURES
from _stores import indexed_copies
from docnav.query.fields import arxiv_date
from docnav.show import render_document
from docnav.store import Store


@pytest.mark.parametrize("path, date", [
    ("/docs/1912.01214.pdf", "2019-12"), ("1705.07830.pdf", "2017-05"),
    ("2305.03393v1.pdf", "2023-05"), ("0704.0001.pdf", "2007-04"),
    ("1412.6980v9.PDF", "2014-12"), ("1501.00001v3.pdf", "2015-01"),
    ("1912.01214 (1).pdf", "2019-12"),  # a copy downloaded again
    # more after it: a page of the paper ("2305.03393v1-pg9.pdf" was dated by the PDF's
    # creation, 2024, though the error said its file's name dates it)
    ("2305.03393v1-pg9.pdf", "2023-05"), ("1912.01214_extract.pdf", "2019-12"),
    # not a PDF named by an arXiv identifier: no month 13, none before April 2007, four digits
    # until 2014 and five since, no other words before it, no other format
    ("1913.01214.pdf", None), ("0703.0001.pdf", None), ("2349-pin.md", None),
    ("ADOBE_2022_10K.htm", None), ("notes.md", None), ("1912.012.pdf", None),
    ("1501.0001.pdf", None), ("1412.00001.pdf", None), ("2103.1234-notes.md", None),
    ("2310.0415_meeting.docx", None), ("2305.03393-pg9.md", None),
    ("arXiv_0704.0001.pdf", None), ("1912.01214.md", None)])
def test_an_arxiv_identifier_dates_a_paper_by_its_month(path, date):
    assert arxiv_date(path) == date


def test_show_prints_the_arxiv_date_that_the_date_filters_read(tmp_path):
    # `docnav show` printed the PDF's own "created = 2021-..." alone, though --after/--before
    # and the questions by date read 2019-09 from its identifier (its second version's stamp
    # is of 18 October 2019); read from the stamp before the file's name, it said the name's
    indexed_copies(tmp_path, [FIXTURES / "pdf" / "1909.00754.pdf"])
    shown = render_document(Store(tmp_path / "g.duckdb"), "1909.00754.pdf")
    assert "dated 2019-09 by its arXiv identifier (on its first page)" in shown
