"""Readers' gaps found in review: each case is a small real file parsed by docling through
DocNav's readers."""

from __future__ import annotations

from docnav.model import BlockKind
from docnav.parse import parse_file

H, T, L, C = BlockKind.HEADING, BlockKind.TEXT, BlockKind.LIST_ITEM, BlockKind.CODE


def _shape(tmp_path, name: str, text: str) -> list[tuple[BlockKind, int, str]]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return [(b.kind, b.level, b.text) for b in parse_file(path).blocks]


def test_a_quote_in_a_footnote_leaves_the_quoted_headings_after_it_paragraphs(tmp_path):
    """A note's indented lines are its own blocks to docling's reader (a quote with a heading
    here), a code block to GFM alone: the two lists of headings did not pair up, so no quoted
    heading of the document was read as quoted, and "Quoted aside" opened a section."""
    text = ("# Guide\n\nA claim.[^1]\n\n[^1]: The note, quoting the spec:\n\n"
            "    > ## Scope\n    >\n    > The spec's words.\n\n## Usage\n\nText of usage.\n\n"
            "> ## Quoted aside\n>\n> Aside text.\n\n## Limits\n\nText of limits.\n")
    assert _shape(tmp_path, "notes.md", text) == [
        (H, 1, "Guide"), (T, 0, "A claim.[1]"), (T, 0, "[1] The note, quoting the spec:"),
        (T, 0, "Scope"), (T, 0, "The spec's words."), (H, 2, "Usage"), (T, 0, "Text of usage."),
        (T, 0, "Quoted aside"), (T, 0, "Aside text."), (H, 2, "Limits"),
        (T, 0, "Text of limits.")]


def test_a_definition_with_no_term_before_it_is_not_joined_to_the_next_term(tmp_path):
    """docling puts a ``<dd>`` with no ``<dt>`` before it in the list as an item, as it puts
    a term, and it was read as a term sharing the next one's definitions ("An orphan, Term:
    Its definition.")."""
    page = ("<html><body><h1>Glossary</h1><dl><dd>An orphan <a href='#x'>linked</a>.</dd>"
            "<dt>Term</dt><dd>Its definition.</dd></dl><h2>Shared</h2>"
            "<dl><dd>Another orphan.</dd><dt>A</dt><dt><code>B</code> term</dt>"
            "<dd>Their definition.</dd></dl></body></html>")
    assert _shape(tmp_path, "glossary.html", page) == [
        (H, 1, "Glossary"), (L, 0, "An orphan linked."), (L, 0, "Term: Its definition."),
        (H, 2, "Shared"), (L, 0, "Another orphan."), (L, 0, "A, B term: Their definition.")]


def test_a_list_items_blocks_keep_the_files_order_around_its_nested_list(tmp_path):
    """docling put a list item's later blocks in the list after the item, and its nested
    list under the item, so the nested list read ahead of the blocks above it ("sub of one"
    before "code of one") and of the rest of the item's first paragraph ("3. Bold", "sub
    three", "code", "item"); the blocks after the nested list it put under the item already."""
    text = ("# Doc\n\n1. Step one\n\n   ```\n   code of one\n   ```\n\n   More of one.\n\n"
            "   - sub of one\n\n   Tail of one.\n2. Step two\n\n   More of two.\n"
            "   - sub of two\n3. **Bold `code` item**\n   - sub three\n\nAfter.\n")
    assert _shape(tmp_path, "steps.md", text) == [
        (H, 1, "Doc"), (L, 0, "1. Step one"), (C, 0, "code of one"), (T, 0, "More of one."),
        (L, 0, "sub of one"), (T, 0, "Tail of one."), (L, 0, "2. Step two"),
        (T, 0, "More of two."), (L, 0, "sub of two"), (L, 0, "3. Bold code item"),
        (L, 0, "sub three"), (T, 0, "After.")]
