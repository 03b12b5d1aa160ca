"""Anchors written as inline HTML in Markdown, outside an HTML block: '<a id="defid"></a>' on
the line before "### Handling DefIds" (RFC 1298), '## <a name="y"></a>Third', '<a name="n1">1.
</a> The note'. docling passes over inline HTML, so the names were lost and links to them led
nowhere. A name now anchors the block it stands in, or, in a paragraph of nothing else, the
block after it; a heading so named keeps its slug, as on GitHub, and links to the name are
pointed at it."""

from __future__ import annotations

from docnav.model import BlockKind
from docnav.parse import parse_file
from docnav.refs import internal_references
from docnav.tree import build_tree

H, T, L = BlockKind.HEADING, BlockKind.TEXT, BlockKind.LIST_ITEM
C, TABLE = BlockKind.CODE, BlockKind.TABLE
TABLE_TEXT = "| a   | b   |\n|-----|-----|\n| x   | y   |"

NAMED = """# T

See [d](#defid), [y](#y), [n](#n1), [li](#li), [t](#t), [c](#c), [h](#h) and [m](#mid).

<a id="defid"></a>
### Handling DefIds

## <a name="y"></a>Third

<a name="n1">1.</a> The note.

- <a id="li"></a>An item with `code`

<a id="t"></a>

| a | b |
|---|---|
| x | y |

<a id="h"></a>
<div>In a <b>div</b>.</div>

<a id="c"></a>
```
code
```

End <a id="mid"></a> text.

<a id="last"></a>
"""


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


def test_an_inline_anchor_names_the_block_it_stands_in_or_before(tmp_path):
    found = blocks(tmp_path, NAMED)
    assert [(b.kind, b.text, b.anchor) for b in found[2:]] == [
        (H, "Handling DefIds", "handling-defids"), (H, "Third", "third"),
        (T, "1. The note.", "n1"),
        (L, "An item with code", "li"), (TABLE, TABLE_TEXT, "t"), (T, "In a div.", "h"),
        (C, "code", "c"), (T, "End text.", "mid")]


def test_links_to_inline_anchors_are_references(tmp_path):
    path = tmp_path / "doc.md"
    path.write_text(NAMED, encoding="utf-8")
    tree = build_tree(parse_file(path), "doc", str(path))
    said = {n.node_id: n.heading or n.text for n in tree.nodes}
    assert sorted(said[e.dst] for e in internal_references(tree)) == [
        "1. The note.", "An item with code", "End text.", "Handling DefIds", "In a div.",
        "Third", "code", TABLE_TEXT]


def test_a_named_heading_keeps_its_slug_and_is_reached_by_both(tmp_path):
    """A heading named by an inline anchor was anchored by the name alone: a link to its slug
    ("#handling-defids", as GitHub has it too) led nowhere, and the slug was not counted, so a
    later heading of the same text took it ("#setup" led to the second "Setup")."""
    path = tmp_path / "doc.md"
    path.write_text('# T\n\nSee [a](#defid), [b](#handling-defids), [c](#x), [d](#setup), '
                    '[e](#setup-1).\n\n<a id="defid"></a>\n### Handling DefIds\n\nOne.\n\n'
                    '<a id="x"></a>\n## Setup\n\nTwo.\n\n## Setup\n\nThree.\n',
                    encoding="utf-8")
    parsed = parse_file(path)
    assert [(b.text, b.anchor) for b in parsed.blocks if b.kind is H] == [
        ("T", "t"), ("Handling DefIds", "handling-defids"), ("Setup", "setup"),
        ("Setup", "setup-1")]
    tree = build_tree(parsed, "doc", str(path))
    sections = [n.node_id for n in tree.nodes if n.heading]  # the document, "T", then these
    assert sorted(sections.index(e.dst) for e in internal_references(tree)) == [2, 3, 4]
    links = [link.target for b in parsed.blocks for link in b.links]
    assert links == ["#handling-defids", "#handling-defids", "#setup", "#setup", "#setup-1"]
