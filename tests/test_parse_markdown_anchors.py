"""Inline HTML at a Markdown paragraph's start: a first line of tags alone ('<a id="x"></a>')
and the paragraph's text on the next line."""

from __future__ import annotations

from docnav.model import BlockKind
from docnav.parse import parse_file

H, T, L = BlockKind.HEADING, BlockKind.TEXT, BlockKind.LIST_ITEM


def blocks(tmp_path, text: str):
    path = tmp_path / "doc.md"
    path.write_text(text, encoding="utf-8")
    return parse_file(path).blocks


def test_a_paragraph_under_a_line_of_tags_is_not_joined_to_the_one_before(tmp_path):
    """The line break after the tags was read as one inside the paragraph before: "Next
    paragraph." was joined onto "Previous one.", a quote's text onto the list item above."""
    found = blocks(tmp_path, '# T\n\nPrevious one.\n\n<a id="x"></a>\nNext paragraph.\n\n'
                   '- item\n\n> <a id="q"></a>\n> quoted `c`\n')
    assert [(b.kind, b.text) for b in found] == [
        (H, "T"), (T, "Previous one."), (T, "Next paragraph."), (L, "item"), (T, "quoted c")]
