"""Headings in Markdown block quotes ("> # Note"): quoted text, read as a paragraph of the
section the quote stands in. docling reads a quote's blocks as if they were not quoted: before,
such a heading opened a section of the document that took in every section after it (and, at
the top level, made the file's name the document's title)."""

from __future__ import annotations

import pytest

from docnav.model import BlockKind
from docnav.parse import parse_file

H, T, L, C = BlockKind.HEADING, BlockKind.TEXT, BlockKind.LIST_ITEM, BlockKind.CODE
AFTER = [(H, 2, "B"), (T, 0, "Text B.")]

CASES = {
    "atx": ("# Title\n\nIntro.\n\n## A\n\nText A.\n\n> # Quoted heading\n>\n> quoted text\n\n"
            "After the quote.\n\n## B\n\nText B.\n",
            [(H, 1, "Title"), (T, 0, "Intro."), (H, 2, "A"), (T, 0, "Text A."),
             (T, 0, "Quoted heading"), (T, 0, "quoted text"), (T, 0, "After the quote."),
             *AFTER]),
    "setext": ("# Title\n\n> Quoted\n> -------\n>\n> quoted text\n\n## B\n\nText B.\n",
               [(H, 1, "Title"), (T, 0, "Quoted"), (T, 0, "quoted text"), *AFTER]),
    "nested quotes": ("# Title\n\n> > ## Deep\n> text\n\n## B\n\nText B.\n",
                      [(H, 1, "Title"), (T, 0, "Deep"), (T, 0, "text"), *AFTER]),
    "quote in a list item": ("# Title\n\n- item\n  > ## Quoted in list\n\n## B\n\nText B.\n",
                             [(H, 1, "Title"), (L, 0, "item"), (T, 0, "Quoted in list"),
                              *AFTER]),
    # a quote's marker in a code block quotes nothing; the headings still pair up after it
    "code block": ("# Title\n\n```\n> # not a heading\n```\n\n> ### Quoted\n\n## B\n\nText B.\n",
                   [(H, 1, "Title"), (C, 0, "> # not a heading"), (T, 0, "Quoted"), *AFTER]),
    # an HTML block's heading is one of docling's headings too (read through its HTML reader)
    "HTML block": ("# Title\n\n<div>\n<h2>Raw</h2>\n</div>\n\n> # Quoted\n\n## B\n\nText B.\n",
                   [(H, 1, "Title"), (H, 2, "Raw"), (T, 0, "Quoted"), *AFTER]),
    # a bare "#" is no heading of docling's: the two lists of headings still pair up
    "empty heading": ("# Title\n\n#\n\n> ## Quoted\n\n## B\n\nText B.\n",
                      [(H, 1, "Title"), (T, 0, "Quoted"), *AFTER]),
    # an HTML block in a quote: its headings are quoted too; one outside is a heading
    "HTML block in a quote": ("# Title\n\n> <h2>HTML heading</h2>\n> <p>HTML para</p>\n\n"
                              "<h2>Raw</h2>\n\nText.\n\n## B\n\nText B.\n",
                              [(H, 1, "Title"), (T, 0, "HTML heading"), (T, 0, "HTML para"),
                               (H, 2, "Raw"), (T, 0, "Text."), *AFTER]),
    # the front matter's lines are blanked, not removed: the quote is found in the same text
    "front matter": ("---\ntitle: Front\n---\n# Title\n\n> # Quoted\n\n## B\n\nText B.\n",
                     [(H, 1, "Title"), (T, 0, "Quoted"), *AFTER]),
}


@pytest.mark.parametrize("case", CASES)
def test_a_quoted_heading_is_a_paragraph_and_the_sections_after_it_keep_their_place(
        tmp_path, case):
    text, expected = CASES[case]
    path = tmp_path / "quoted.md"
    path.write_text(text, encoding="utf-8")
    parsed = parse_file(path)
    shape = [(b.kind, b.level, b.text) for b in parsed.blocks]
    assert shape == expected, shape
    assert parsed.title == ("Front" if case == "front matter" else "Title")


def test_a_document_without_quotes_keeps_every_heading(tmp_path):
    path = tmp_path / "plain.md"
    path.write_text("# Title\n\nA > B is text.\n\n## A\n\nText.\n\n### A.1\n\nMore.\n",
                    encoding="utf-8")
    headings = [(b.level, b.text) for b in parse_file(path).blocks if b.kind is H]
    assert headings == [(1, "Title"), (2, "A"), (3, "A.1")]
