"""Markdown list items that hold a heading (`- # Heading`): an item of the list, not a part of
the document. Before, it became a top-level section that took in the rest of the document
(and made the file's name its title, the document having two top-level headings)."""

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
