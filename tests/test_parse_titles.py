"""What names a document that has no title of its own (docnav/parse/__init__.py), and where
its text before the first heading goes (docnav/tree.py): a page without ``<title>`` and
``<h1>``, one of several ``<h1>``, a Word file without a Title paragraph."""

from __future__ import annotations

import pytest

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
