"""A bold heading that a plain line after it repeats is a table's column head only with
column heads' short lines between: a section "Revenue" whose text is followed by a chart
titled "Revenue" stays a heading (the rule dropped it, and its text fell under the heading
before). Best Buy's store-count heads: tests/test_pdf_headings.py."""

from __future__ import annotations

from _parsing import NATIVE, headings, text_pdf

from docnav.parse import parse_file

BODY = "The company reported results for the year that were in line with the plan, line {}."


def body(y: int, n: int = 3) -> list:
    return [(False, 10, 72, y - 13 * i, BODY.format(i)) for i in range(n)]


def test_a_heading_repeated_by_a_chart_title_after_its_text_stays_a_heading(tmp_path):
    lines = [(True, 16, 72, 740, "Annual Report"), *body(715),
             (True, 12, 72, 660, "Revenue"), *body(640),
             (False, 10, 250, 595, "Revenue"), *body(560),
             (True, 12, 72, 500, "Costs"), *body(480)]
    path = tmp_path / "report.pdf"
    path.write_bytes(text_pdf(lines))
    assert [text for _, text in headings(parse_file(path, NATIVE))] == [
        "Annual Report", "Revenue", "Costs"]

