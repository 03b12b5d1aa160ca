"""What names a document that has no title of its own (docnav/parse/__init__.py), and where
its text before the first heading goes (docnav/tree.py): a page without ``<title>`` and
``<h1>``, one of several ``<h1>``, a Word file without a Title paragraph; a leading heading
that shares its level (an unnumbered heading over numbered parts) or stands below a byline
(a page's one ``<h2>`` under "By Jane Doe")."""

from __future__ import annotations

from pathlib import Path

import pytest
from _paths import FIXTURES, require

from docnav.model import NodeKind
from docnav.parse import parse_file
from docnav.tree import PREAMBLE, build_tree

INSTALL = "Download the archive from the release page and unpack it into a folder."
RUN = "Start the tool with the run command and watch its log for errors."


def _outline(path) -> tuple[str, list[tuple[str, list[str]]]]:
    """The tree's title, and each top section's heading (a preamble's as "preamble") over
    its paragraphs."""
    tree = build_tree(parse_file(path), "d", str(path))
    sections = [n for n in tree.children(tree.root.node_id) if n.kind is NodeKind.SECTION]
    return tree.title, [
        (PREAMBLE if s.block_kind == PREAMBLE else s.heading,
         [c.text for c in tree.children(s.node_id) if c.kind is NodeKind.PARAGRAPH])
        for s in sections]


@pytest.mark.parametrize("body", [
    f"<div class='section'><div class='section-title'>Install</div><p>{INSTALL}</p></div>"
    f"<div class='section'><div class='section-title'>Run</div><p>{RUN}</p></div>",
    f"<h2>Install</h2><p>{INSTALL}</p><h2>Run</h2><p>{RUN}</p>",
    f"<h1>Install</h1><p>{INSTALL}</p><h1>Run</h1><p>{RUN}</p>",
], ids=["classed-sections", "h2-sections", "several-h1"])
def test_a_page_without_a_title_is_named_by_its_file_and_keeps_its_lead(tmp_path, body):
    """A page with neither ``<title>`` nor a single ``<h1>`` was titled by its first
    section, "Install", and its lead paragraph went into that section, as if the page
    were "Install" and its lead that section's text. The file names it now, the lead is
    its own text before its sections (as a Markdown file's before several headings), and
    "Install" holds only what is under it."""
    path = tmp_path / "tool-guide.html"
    path.write_text(f"<html><body><p>Lead text of the page.</p>{body}</body></html>",
                    encoding="utf-8")
    assert _outline(path) == ("tool-guide", [
        (PREAMBLE, ["Lead text of the page."]), ("Install", [INSTALL]), ("Run", [RUN])])


def test_a_page_is_named_by_its_one_h1_its_lone_heading_or_its_title(tmp_path):
    """A page's only ``<h1>`` names it even below a kicker, which opens its section (the
    Word subtitle rule of ``_join_title``), as before; so does a leading heading alone at
    its level, as before, and a ``<title>`` over several ``<h1>`` (new: the first ``<h1>``
    named it); a ``<section>`` holding a heading and its short lead still holds the steps
    after it."""
    path = tmp_path / "page.html"
    path.write_text("<html><body><p>Kicker</p><h1>Pumps</h1><p>a.</p><h2>Parts</h2><p>b.</p>"
                    "</body></html>", encoding="utf-8")
    assert _outline(path) == ("Pumps", [("Pumps", ["Kicker", "a."])])
    path.write_text("<html><body><h2>Guide</h2><p>a.</p><h3>Use</h3><p>b.</p></body></html>",
                    encoding="utf-8")
    assert parse_file(path).title == "Guide"
    path.write_text("<html><head><title>Tool guide</title></head><body><p>Lead.</p>"
                    f"<h1>Install</h1><p>{INSTALL}</p><h1>Run</h1><p>{RUN}</p></body></html>",
                    encoding="utf-8")
    assert _outline(path) == ("Tool guide", [
        (PREAMBLE, ["Lead."]), ("Install", [INSTALL]), ("Run", [RUN])])
    path.write_text("<html><body><section><h2>Installing the pump</h2><p>A short guide.</p>"
                    "</section><p>Step 1 ...</p></body></html>", encoding="utf-8")
    assert _outline(path) == ("Installing the pump", [
        ("Installing the pump", ["A short guide.", "Step 1 ..."])])


def test_a_word_file_without_a_title_is_named_by_its_file(tmp_path):
    """A Word file without a Title paragraph, its lead over two "Heading 1" parts, was
    titled by the first part, which took in the lead."""
    docx = pytest.importorskip("docx", reason="python-docx (a docling dependency) is missing")
    document = docx.Document()
    document.add_paragraph("Lead text of the report.")
    document.add_heading("Scope", 1)
    document.add_paragraph("What is covered.")
    document.add_heading("Results", 1)
    document.add_paragraph("What was found.")
    path = tmp_path / "q3-report.docx"
    document.save(path)
    assert _outline(path) == ("q3-report", [
        (PREAMBLE, ["Lead text of the report."]), ("Scope", ["What is covered."]),
        ("Results", ["What was found."])])


def test_a_word_file_s_first_title_paragraph_names_it_among_several(tmp_path):
    """Unlike a page's several ``<h1>``, a Word file's Title paragraphs are said to be
    titles: the first names it."""
    docx = pytest.importorskip("docx", reason="python-docx (a docling dependency) is missing")
    document = docx.Document()
    document.add_heading("Annual report", 0)
    document.add_paragraph("Lead.")
    document.add_heading("Second title", 0)
    document.add_heading("Scope", 1)
    document.add_paragraph("What is covered.")
    path = tmp_path / "annual.docx"
    document.save(path)
    assert parse_file(path).title == "Annual report"


def test_a_word_file_s_unnumbered_heading_over_numbered_parts_names_it():
    """list_after_num_headers.docx: "Chính sách bảo hành" (warranty policy, a Heading 2
    without a number) over its numbered part "1 ĐỐI TƯỢNG ÁP DỤNG" and a numbered Heading 2
    "1 Glosario" was named by its file since 62fdb8d (the heading shares its level)."""
    path = require(FIXTURES / "docx" / "list_after_num_headers.docx")
    assert parse_file(path).title == "Chính sách bảo hành"


def _word_file(path: Path, parts: list[tuple[str, str | None]]) -> Path:
    """A Word file at ``path`` of "Heading 1" parts, each heading with its text, if any."""
    docx = pytest.importorskip("docx", reason="python-docx (a docling dependency) is missing")
    document = docx.Document()
    for heading, text in parts:
        document.add_heading(heading, 1)
        if text:
            document.add_paragraph(text)
    document.save(path)
    return path


def test_a_word_file_s_heading_over_numbered_parts_names_it(tmp_path):
    path = _word_file(tmp_path / "pump.docx",
                      [("Pump guide", None), ("1 Install", INSTALL), ("2 Run", RUN)])
    assert parse_file(path).title == "Pump guide"
    # numbered itself, or with an unnumbered peer: the file names it, as before
    for first, second in (("1 Scope", "2 Results"), ("Scope", "Results"),
                          ("Scope", "1 Results")):
        _word_file(path, [(first, INSTALL), (second, RUN), ("Appendix", None)])
        assert parse_file(path).title == "pump", (first, second)


@pytest.mark.parametrize("byline", [
    "By Jane Doe, 3 March 2024", "3 March 2024", "Jane Doe and John Smith, March 3, 2024",
    # in German, French and Spanish month names ("7. Dezember 2026" was no date, so no byline)
    "Von Jana Schmidt, 7. Dezember 2026", "7. Dezember 2026", "3. MÄRZ 2026",
    "Par Marie Curie, 7 décembre 2026", "1er mars 2026", "Marie Curie, 7 decembre 2026",
    "Por Ana García, 7 de diciembre de 2026", "diciembre de 2026"])
def test_a_page_s_one_h2_under_a_byline_names_it(tmp_path, byline):
    """A page without ``<title>`` and ``<h1>`` whose only ``<h2>`` has a byline above it
    was named by its file, the byline a preamble before it."""
    path = tmp_path / "pump-notes.html"
    path.write_text(f"<html><body><p>{byline}</p><h2>Installing the pump</h2>"
                    f"<p>{INSTALL}</p><h3>Running it</h3><p>{RUN}</p></body></html>",
                    encoding="utf-8")
    assert _outline(path) == ("Installing the pump", [
        ("Installing the pump", [byline, INSTALL])])


@pytest.mark.parametrize("lead", [
    "This page has moved; see the new site instead.", "Home / Docs / Guides",
    "Warning: do not run this on production servers."])
def test_a_page_s_one_h2_under_a_short_lead_that_is_no_byline_does_not_name_it(tmp_path, lead):
    """Each was taken for a byline by its length alone and the page titled "Install" (found
    by a review): a byline starts with "By", or is a date, or names beside a date."""
    path = tmp_path / "pump-notes.html"
    path.write_text(f"<html><body><p>{lead}</p><h2>Install</h2><p>{INSTALL}</p>"
                    f"<h3>Linux</h3><p>{RUN}</p></body></html>", encoding="utf-8")
    assert _outline(path) == ("pump-notes", [(PREAMBLE, [lead]), ("Install", [INSTALL])])


@pytest.mark.parametrize("body", [
    f"<p>{INSTALL} {RUN}</p><h2>Installing the pump</h2><p>{INSTALL}</p>",  # a lead, no byline
    f"<p>By Jane Doe</p><h2>Install</h2><p>{INSTALL}</p><h2>Run</h2><p>{RUN}</p>",
], ids=["long-lead", "two-h2"])
def test_a_page_s_h2_under_a_lead_or_beside_another_does_not_name_it(tmp_path, body):
    path = tmp_path / "pump-notes.html"
    path.write_text(f"<html><body>{body}</body></html>", encoding="utf-8")
    assert parse_file(path).title == "pump-notes"


@pytest.mark.parametrize("markdown", [
    f"# Pump guide\n\n# 1 Install\n\n{INSTALL}\n\n# 2 Run\n\n{RUN}\n",
    f"# Pump guide\n\n## Overview\n\n{INSTALL}\n\n# 1 Install\n\n{INSTALL}\n\n# 2 Run\n\n{RUN}\n",
], ids=["parts-at-once", "its-own-subheading"])
def test_an_unnumbered_heading_followed_at_once_by_a_heading_names_it(tmp_path, markdown):
    path = tmp_path / "pump.md"
    path.write_text(markdown, encoding="utf-8")
    assert parse_file(path).title == "Pump guide"


@pytest.mark.parametrize("markdown", [
    # a paragraph of its own: a part like the numbered ones
    f"# Pump guide\n\n{INSTALL}\n\n# 1 Install\n\n{INSTALL}\n\n# 2 Run\n\n{RUN}\n",
    f"# Introduction\n\n{INSTALL}\n\n# 2 Background\n\n{RUN}\n\n# 3 Design\n\n{INSTALL}\n",
    # front matter, though a heading follows it at once
    f"# Abstract\n\n# 1 Introduction\n\n{INSTALL}\n\n# 2 Method\n\n{RUN}\n",
    f"# Executive summary\n\n# 1. Background\n\n{INSTALL}\n\n# 2. Findings\n\n{RUN}\n",
    f"# Table of Contents\n\n# 1 Scope\n\n{INSTALL}\n\n# 2 Terms\n\n{RUN}\n",
    f"# Contents\n\n# 1 Install\n\n{INSTALL}\n\n# 2 Run\n\n{RUN}\n",
    # dates and years are no section numbers
    f"# Agenda of the week\n\n# 3 March 2024\n\n{INSTALL}\n\n# 10 March 2024\n\n{RUN}\n",
    f"# Annual letter\n\n# 2023 results\n\n{INSTALL}\n\n# 2024 outlook\n\n{RUN}\n",
], ids=["own-paragraph", "introduction", "abstract", "executive-summary", "table-of-contents",
        "contents", "dates", "years"])
def test_an_unnumbered_heading_that_is_a_part_or_front_matter_does_not_name_it(tmp_path,
                                                                               markdown):
    """Each was named by its heading ("Abstract", "Agenda of the week", "Annual letter") in
    every format, found by a review; the file had named them."""
    path = tmp_path / "pump.md"
    path.write_text(markdown, encoding="utf-8")
    assert parse_file(path).title == "pump"


def test_a_word_file_s_front_matter_heading_does_not_name_it(tmp_path):
    path = _word_file(tmp_path / "paper.docx",
                      [("Abstract", None), ("1 Introduction", INSTALL), ("2 Methods", RUN)])
    assert parse_file(path).title == "paper"


@pytest.mark.parametrize("agenda, first, second", [
    ("Tagesordnung", "7. Dezember 2026", "14. Dezember 2026"),
    ("Ordre du jour", "7 décembre 2026", "14 décembre 2026"),
    ("Orden del día", "7 de diciembre de 2026", "14 de diciembre de 2026"),
])
def test_a_date_in_german_french_or_spanish_is_no_section_number(tmp_path, agenda, first,
                                                                 second):
    """"7. Dezember 2026" was read as section 7 ("Dezember" no month), and the heading over
    the dated ones named the document, in Markdown and in a Word file alike."""
    path = tmp_path / "pump.md"
    path.write_text(f"# {agenda}\n\n# {first}\n\n{INSTALL}\n\n# {second}\n\n{RUN}\n",
                    encoding="utf-8")
    assert parse_file(path).title == "pump"
    path = _word_file(tmp_path / "pump.docx", [(agenda, None), (first, INSTALL), (second, RUN)])
    assert parse_file(path).title == "pump"


def test_a_number_before_a_word_that_starts_like_a_month_is_a_section_number(tmp_path):
    """A month was any word starting with one's first three letters: "2 Decisions" and "3
    Marketing" read as dates, so "Pump guide" over them was no heading over numbered parts
    and the file named the document."""
    path = tmp_path / "pump.md"
    path.write_text(f"# Pump guide\n\n# 1 Install\n\n{INSTALL}\n\n# 2 Decisions\n\n{RUN}\n\n"
                    f"# 3 Marketing\n\n{RUN}\n", encoding="utf-8")
    assert parse_file(path).title == "Pump guide"


@pytest.mark.parametrize("first, second", [
    ("7. Febr. 2026", "14. Febr. 2026"), ("7. Marz 2026", "14. Marz 2026"),
    ("7 janv. 2026", "14 janv. 2026"), ("7. Dezember", "14. Dezember")])
def test_a_date_with_an_abbreviated_or_unaccented_month_is_no_section_number(tmp_path, first,
                                                                             second):
    """"Febr" and "Marz" were no months once months were whole words (found by a review):
    "Tagesordnung" over "7. Febr. 2026" was read as a heading over sections 7 and 14."""
    path = tmp_path / "pump.md"
    path.write_text(f"# Tagesordnung\n\n# {first}\n\n{INSTALL}\n\n# {second}\n\n{RUN}\n",
                    encoding="utf-8")
    assert parse_file(path).title == "pump"


def test_a_byline_dated_with_an_abbreviated_german_month_names_the_page(tmp_path):
    path = tmp_path / "pump-notes.html"
    byline = "Von Jana Schmidt, 7. Febr. 2026"
    path.write_text(f"<html><body><p>{byline}</p><h2>Installing the pump</h2>"
                    f"<p>{INSTALL}</p><h3>Running it</h3><p>{RUN}</p></body></html>",
                    encoding="utf-8")
    assert _outline(path)[0] == "Installing the pump"


@pytest.mark.parametrize("title, first, second", [
    ("Cocktails", "1 Mai Tai", "2 Mojito"), ("Singers", "1 Avril Lavigne", "2 Adele"),
    ("Pump guide", "1 Ago", "2 Now")])
def test_a_number_before_a_foreign_month_s_name_without_a_year_is_a_section_number(
        tmp_path, title, first, second):
    """"Mai", "Avril", "Ago" (agosto) read as months wherever they stood (found by a review),
    so the heading over "1 Mai Tai" and "2 Mojito" was none and the file named the document; a
    month not in English is a date's only with a year after it or ending the heading."""
    path = tmp_path / "pump.md"
    path.write_text(f"# {title}\n\n# {first}\n\n{INSTALL}\n\n# {second}\n\n{RUN}\n",
                    encoding="utf-8")
    assert parse_file(path).title == title
