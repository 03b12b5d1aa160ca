"""Markdown list items: one that holds a heading (`- # Heading`) is an item of the list, not a
part of the document (before, it became a top-level section that took in the rest of the
document, and made the file's name its title, the document having two top-level headings); an
item's paragraphs come in the source's order."""

from __future__ import annotations

from docnav.model import BlockKind
from docnav.parse import parse_file

TEXT = """Main Title
==========

Intro text.

- item one
- # heading in list
- item three

## Back to two

Text two.
"""


def test_a_heading_in_a_list_item_is_a_list_item(tmp_path):
    path = tmp_path / "setext.md"
    path.write_text(TEXT, encoding="utf-8")
    parsed = parse_file(path)
    shape = [(b.kind, b.level, b.text) for b in parsed.blocks]
    assert shape == [
        (BlockKind.HEADING, 1, "Main Title"),
        (BlockKind.TEXT, 0, "Intro text."),
        (BlockKind.LIST_ITEM, 0, "item one"),
        (BlockKind.LIST_ITEM, 0, "heading in list"),
        (BlockKind.LIST_ITEM, 0, "item three"),
        (BlockKind.HEADING, 2, "Back to two"),
        (BlockKind.TEXT, 0, "Text two."),
    ], shape
    assert parsed.title == "Main Title"


def test_a_paragraph_met_out_of_order_does_not_lose_the_source_s_spacing(tmp_path):
    """A list item's later paragraph with markup ("Third with `code`") was read before its
    plain one ("All good here."); looking for the plain one forward, its first word was
    found inside a later one ("Allow"), the place in the source jumped past the paragraphs
    between, and their spaces were guessed: RFC 1398's heading "`alloc`/`dealloc`" read
    "alloc /dealloc". A first word now stands alone where it is found."""
    path = tmp_path / "doc.md"
    path.write_text("# T\n\n1. First *x* para.\n\n   All good here.\n\n   Third with `code` "
                    "inside.\n\n2. Item.\n\nSee `x`/`y` here.\n\nAllow it.\n", encoding="utf-8")
    assert "See x/y here." in [b.text for b in parse_file(path).blocks]


def test_a_list_item_s_paragraphs_keep_the_source_s_order(tmp_path):
    """A list item's later paragraphs are blocks after it, in order, whether or not they hold
    markup. Those with markup ("Third with `code`") were joined onto the item's first
    paragraph, ahead of the plain ones between (RFC 1398's condition 4 and its paragraphs)."""
    path = tmp_path / "doc.md"
    path.write_text("# T\n\n1. First *x* para.\n\n   All good here.\n\n   Third with `code` "
                    "inside.\n\n2. Plain.\n\n   Second plain.\n\n   Third [link](#t).\n",
                    encoding="utf-8")
    assert [(b.kind, b.text) for b in parse_file(path).blocks[1:]] == [
        (BlockKind.LIST_ITEM, "1. First x para."), (BlockKind.TEXT, "All good here."),
        (BlockKind.TEXT, "Third with code inside."), (BlockKind.LIST_ITEM, "2. Plain."),
        (BlockKind.TEXT, "Second plain."), (BlockKind.TEXT, "Third link.")]
