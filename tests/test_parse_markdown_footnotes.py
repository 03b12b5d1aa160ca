"""GFM footnotes ("a claim[^1]" and "[^1]: The note."), which docling does not know: the
definitions stayed one paragraph of raw syntax ("[^1]: The note. [^2]: Another.") and each mark
stayed "[^1]" in the text that cites it.

The reading chosen: each note is a paragraph of its own where it is defined (the author's
place for it; GitHub lists them all at the document's end), its text led by its label in
brackets ("[1] The note.") and anchored as GitHub anchors it ("fn-1"); a mark reads "[1]" (the
label as written, not GitHub's running number, so adding a note renumbers no other paragraph)
and is a link to that anchor, so the citing paragraph references the note. A mark whose label
no note defines is left as written, as GitHub leaves it."""

from __future__ import annotations

from docnav.model import BlockKind, Link
from docnav.parse import parse_file
from docnav.refs import internal_references
from docnav.tree import build_tree

H, T, L = BlockKind.HEADING, BlockKind.TEXT, BlockKind.LIST_ITEM

TEXT = """\
# T

A claim[^1] and another[^note].

Second paragraph.

[^1]: The note text.
[^note]: Another note with *emphasis* and [a link](https://example.org).

## Next

- Again[^1] and an undefined[^x].
"""


def test_a_note_is_a_paragraph_where_defined_and_a_mark_its_label(tmp_path):
    path = tmp_path / "notes.md"
    path.write_text(TEXT, encoding="utf-8")
    blocks = parse_file(path).blocks
    assert [(b.kind, b.level, b.text) for b in blocks] == [
        (H, 1, "T"), (T, 0, "A claim[1] and another[note]."), (T, 0, "Second paragraph."),
        (T, 0, "[1] The note text."),
        (T, 0, "[note] Another note with emphasis and a link."),
        (H, 2, "Next"), (L, 0, "Again[1] and an undefined[^x]."),
    ]
    assert [b.anchor for b in blocks[3:5]] == ["fn-1", "fn-note"]
    assert blocks[1].links == (Link("#fn-1", "1"), Link("#fn-note", "note"))
    assert blocks[3].links == () and blocks[4].links == (Link("https://example.org/", "a link"),)
    assert blocks[6].links == (Link("#fn-1", "1"),)


def test_a_citing_paragraph_references_its_note(tmp_path):
    path = tmp_path / "notes.md"
    path.write_text(TEXT, encoding="utf-8")
    tree = build_tree(parse_file(path), "doc", str(path))
    text = {n.node_id: n.text for n in tree.nodes}
    assert sorted((text[e.src], text[e.dst]) for e in internal_references(tree)) == [
        ("A claim[1] and another[note].", "[1] The note text."),
        ("A claim[1] and another[note].", "[note] Another note with emphasis and a link."),
        ("Again[1] and an undefined[^x].", "[1] The note text."),
    ]


def test_footnote_syntax_in_code_is_left_as_written(tmp_path):
    path = tmp_path / "notes.md"
    path.write_text("# T\n\nA mark[^1].\n\n```\nx[^1]\n[^1]: not a note\n```\n\n"
                    "[^1]: The note.\n", encoding="utf-8")
    assert [b.text for b in parse_file(path).blocks] == [
        "T", "A mark[1].", "x[^1]\n[^1]: not a note", "[1] The note."]


def test_a_note_of_one_word_or_a_bare_url_is_a_note(tmp_path):
    """Markdown alone reads "[^2]: https://example.org" as a link's reference definition: the
    note vanished and its mark became a link "^2" to it (RFC 3691's notes are bare URLs)."""
    path = tmp_path / "notes.md"
    path.write_text("# T\n\nA[^1] and b[^2].\n\n[^1]: Ibid.\n\n[^2]: https://example.org\n",
                    encoding="utf-8")
    blocks = parse_file(path).blocks
    assert [(b.text, b.anchor) for b in blocks[1:]] == [
        ("A[1] and b[2].", None), ("[1] Ibid.", "fn-1"), ("[2] https://example.org", "fn-2")]
    assert blocks[1].links == (Link("#fn-1", "1"), Link("#fn-2", "2"))


def test_a_note_s_indented_paragraphs_are_the_note_s(tmp_path):
    """A note's second paragraph, indented under it, was read as a code block."""
    path = tmp_path / "notes.md"
    path.write_text("# T\n\nA[^1].\n\n[^1]: The note.\n\n    Its *second* paragraph.\n\n"
                    "        code in the note\n\nAfter.\n", encoding="utf-8")
    assert [(b.kind, b.text, b.anchor) for b in parse_file(path).blocks[1:]] == [
        (T, "A[1].", None), (T, "[1] The note. Its second paragraph.", "fn-1"),
        (BlockKind.CODE, "code in the note", None), (T, "After.", None)]


def test_a_definition_right_under_a_line_of_text_is_a_note(tmp_path):
    """Without a blank line before it, a definition was joined into the paragraph above
    (RFC 3668's notes into its "Feature Name" list item)."""
    path = tmp_path / "notes.md"
    path.write_text("# T\n\n- Name: `x`[^a][^b]\n[^a]: Note a.\n[^b]: Note *b*.\n- Next.\n\n"
                    "Text[^c].\n[^c]: Note c.\n", encoding="utf-8")
    assert [(b.kind, b.text, b.anchor) for b in parse_file(path).blocks[1:]] == [
        (L, "Name: x[a][b]", None), (T, "[a] Note a.", "fn-a"), (T, "[b] Note b.", "fn-b"),
        (L, "Next.", None), (T, "Text[c].", None), (T, "[c] Note c.", "fn-c")]


def test_a_note_defined_among_an_rfc_s_fields_ends_no_field_list(tmp_path):
    path = tmp_path / "notes.md"
    path.write_text("- Feature Name: `x`[^a]\n[^a]: Note a.\n- Start Date: 2024-06-25\n\n"
                    "# Summary\n\nText.\n", encoding="utf-8")
    assert parse_file(path).metadata == (("feature name", "x[a]"), ("start date", "2024-06-25"))
