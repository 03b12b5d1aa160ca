"""How an HTML page's structure reads in DocNav's blocks: merged table cells, description
lists, nested lists, nested sections."""

from __future__ import annotations

from docnav.model import BlockKind
from docnav.parse import parse_file
from docnav.tree import build_tree


def _table_rows(text: str) -> list[list[str]]:
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in text.splitlines()]
    return [r for r in rows if not all(set(c) <= set("-: ") and c for c in r)]


def _table(tmp_path, html: str) -> list[list[str]]:
    path = tmp_path / "table.html"
    path.write_text(f"<h1>T</h1>{html}", encoding="utf-8")
    table = next(b for b in parse_file(path).blocks if b.kind is BlockKind.TABLE)
    return _table_rows(table.text)


def test_a_merged_cell_s_text_is_said_once(tmp_path):
    """docling's Markdown repeated a cell's text in every place it spans: "| Total | Total |
    42 |", and a row spanning cell "R" in the row below it too."""
    rows = _table(tmp_path, "<table><tr><th>Item</th><th>Q1</th><th>Q2</th></tr>"
                  "<tr><td colspan='2'>Total</td><td>42</td></tr>"
                  "<tr><td rowspan='2'>R</td><td>3</td><td>4</td></tr>"
                  "<tr><td>5</td><td>6</td></tr></table>")
    assert rows == [["Item", "Q1", "Q2"], ["Total", "", "42"], ["R", "3", "4"], ["", "5", "6"]]


def test_a_line_break_in_a_cell_is_one_space(tmp_path):
    """A cell's "<br>" was read as a Markdown hard break in the cell's one line, two spaces
    before it: "12 Main   Springfield"."""
    rows = _table(tmp_path, "<table><tr><th>Name</th><th>Address</th></tr>"
                  "<tr><td>ACME</td><td>12 Main<br>Springfield</td></tr>"
                  "<tr><td>B</td><td>1 <b>Side</b> St<br/>Shelbyville</td></tr></table>")
    assert rows == [["Name", "Address"], ["ACME", "12 Main Springfield"],
                    ["B", "1 **Side** St Shelbyville"]]


def test_a_merged_header_names_each_column_it_heads_over_their_own_names(tmp_path):
    """A group heading over columns that have headings of their own heads each ("2023 -
    Q1"); one over columns with none is said once."""
    grouped = _table(tmp_path, "<table><thead><tr><th rowspan=2>Region</th><th colspan=2>2023"
                     "</th></tr><tr><th>Q1</th><th>Q2</th></tr></thead>"
                     "<tr><td>North</td><td>1</td><td>2</td></tr></table>")
    assert grouped == [["Region", "2023 - Q1", "2023 - Q2"], ["North", "1", "2"]]
    alone = _table(tmp_path, "<table><tr><th>Item</th><th colspan=2>Quarter</th></tr>"
                   "<tr><td>A</td><td>1</td><td>2</td></tr></table>")
    assert alone == [["Item", "Quarter", ""], ["A", "1", "2"]]


def test_a_description_list_s_term_and_its_definitions_are_one_item(tmp_path):
    """Each ``<dt>`` and ``<dd>`` was a list item of its own ("Term one", then "Def one."):
    the term now says its definitions after it, their links and its ``id`` kept; a list in
    a definition is lines of the term's item."""
    path = tmp_path / "glossary.html"
    path.write_text(
        "<h1>T</h1><dl><dt id='one'>Term one</dt><dd>Def <a href='d.html'>one</a>.</dd>"
        "<dt>Colour</dt><dd>red</dd><dd>blue</dd><dt>Ask?</dt><dd>Yes.</dd>"
        "<dt>Steps</dt><dd>In order:<ul><li>first</li><li>second</li></ul></dd></dl>"
        "<p>After.</p>", encoding="utf-8")
    blocks = parse_file(path).blocks
    assert [(b.kind, b.text) for b in blocks[1:]] == [
        (BlockKind.LIST_ITEM, "Term one: Def one."), (BlockKind.LIST_ITEM, "Colour: red; blue"),
        (BlockKind.LIST_ITEM, "Ask? Yes."),
        (BlockKind.LIST_ITEM, "Steps: In order:\n  - first\n  - second"),
        (BlockKind.TEXT, "After.")]
    assert blocks[1].anchor == "one"
    assert [k.target for k in blocks[1].links] == [str(tmp_path / "d.html")]


def test_terms_sharing_a_definition_read_together(tmp_path):
    """Several <dt> terms over one set of <dd> definitions: docling puts the definitions under
    the last term, and the ones before it were read alone ("A", then "B: d"). A term's id
    anchors the block its terms share (it anchored the next block beginning with its words);
    terms with no definition after them are each their own item."""
    path = tmp_path / "terms.html"
    path.write_text(
        "<h1>T</h1><dl><dt>Colour</dt><dt id='b'>Color</dt><dd>a <a href='#b'>hue</a></dd>"
        "<dt>Grey</dt><dt>Gray</dt><dd>In between:<ul><li>light</li></ul></dd><dd>dull</dd>"
        "<dt>Red</dt><dd>hot</dd><dt>Lone</dt><dt>Alone</dt></dl>"
        "<ul><li>Item<dl><dt>X</dt><dt>Y</dt><dd>z</dd></dl></li></ul><p>Color me.</p>",
        encoding="utf-8")
    blocks = parse_file(path).blocks
    assert [(b.kind, b.text) for b in blocks[1:]] == [
        (BlockKind.LIST_ITEM, "Colour, Color: a hue"),
        (BlockKind.LIST_ITEM, "Grey, Gray: In between: dull\n  - light"),
        (BlockKind.LIST_ITEM, "Red: hot"), (BlockKind.LIST_ITEM, "Lone"),
        (BlockKind.LIST_ITEM, "Alone"), (BlockKind.LIST_ITEM, "Item\n  - X, Y: z"),
        (BlockKind.TEXT, "Color me.")]
    assert [b.anchor for b in blocks[1:]] == ["b", None, None, None, None, None, None]


def test_a_definition_all_in_bold_without_a_term_is_no_term(tmp_path):
    """docling sets a ``<dt>`` bold, and puts a ``<dd>`` with no term before it in the list as
    an item too: one all in bold ("<dd><b>Orphan</b></dd>") was read as a term sharing the
    next term's definitions ("Orphan, Term: def"). It is read alone, as a plain one is; a
    definition all in bold under its term stays that term's."""
    path = tmp_path / "orphans.html"
    path.write_text(
        "<h1>T</h1><dl><dd><b>Orphan</b></dd><dt>Term</dt><dd><strong>Bold def</strong></dd>"
        "</dl><dl><div><dd><strong>Bold <a href='x.html'>link</a></strong></dd></div>"
        "<dd>plain</dd><dt>T2</dt><dd>d2</dd><dt></dt><dd><b>After empty</b></dd>"
        "<dt>T3</dt><dd>d3</dd></dl>", encoding="utf-8")
    assert [b.text for b in parse_file(path).blocks[1:]] == [
        "Orphan", "Term: Bold def", "Bold link", "plain", "T2: d2", "After empty", "T3: d3"]


def test_a_term_defined_by_a_list_of_terms_does_not_share_the_next_term_s(tmp_path):
    """A term whose definition is a description list of its own has no definitions of its
    own in docling's document, and was read as sharing the next term's: "Group, Next: n",
    with "In" under it. It is its own item, the inner terms its lines."""
    path = tmp_path / "nested-terms.html"
    path.write_text("<h1>T</h1><dl><dt>Group</dt><dd><dl><dt>In</dt><dd>i</dd></dl></dd>"
                    "<dt>Next</dt><dd>n</dd></dl>", encoding="utf-8")
    assert [b.text for b in parse_file(path).blocks[1:]] == ["Group\n  - In: i", "Next: n"]


def test_a_definition_s_own_text_beside_a_list_of_terms_is_kept(tmp_path):
    """docling reads only the ``<dl>`` of a ``<dd>`` that holds one: "Outer def", "Para."
    and "Tail." were lost without a word. They are the term's definition, the inner terms
    its lines; a ``<dl>`` deeper in a definition was read and stays so."""
    path = tmp_path / "nested-definitions.html"
    path.write_text(
        "<h1>T</h1><dl><dt>A</dt><dd>Outer <b>def</b><dl><dt>I1</dt><dd>d1</dd></dl></dd>"
        "<dd>second</dd><dt>B</dt><dd><p>Para.</p><dl><dt>I2</dt><dd>d2</dd></dl><p>Tail.</p>"
        "</dd><dt>C</dt><dd>Deep <div><dl><dt>I3</dt><dd>d3</dd></dl></div></dd></dl>",
        encoding="utf-8")
    assert [b.text for b in parse_file(path).blocks[1:]] == [
        "A: Outer def; second\n  - I1: d1", "B: Para. Tail.\n  - I2: d2",
        "C: Deep\n  - I3: d3"]


def test_a_definition_s_own_text_on_either_side_of_its_list_stays_apart(tmp_path):
    """The text before and after a ``<dd>``'s ``<dl>`` was run together ("Own text here.More
    own text.")."""
    path = tmp_path / "split-definition.html"
    path.write_text(
        "<h1>T</h1><dl><dt>A</dt><dd>Own text here.<dl><dt>I</dt><dd>i def.</dd></dl>"
        "More own text.</dd></dl>", encoding="utf-8")
    assert [b.text for b in parse_file(path).blocks[1:]] == [
        "A: Own text here. More own text.\n  - I: i def."]


def test_a_nested_list_s_items_are_lines_of_their_parent_item(tmp_path):
    """A sub-item was a list item of its own after its parent, read as the next of the
    parent's list ("Parent a", "Child a1", "Parent b" alike): it is now a line of its parent's
    item, indented by its depth, with its links; a list holding only a list is that list."""
    path = tmp_path / "nested.html"
    path.write_text(
        "<h1>T</h1><ul><li id='a'>Parent a<ul><li>Child a1</li><li>Child <a href='c.html'>a2"
        "</a><ol><li>Deep</li></ol></li></ul></li><li>Parent b</li></ul>"
        "<ul><li><ul><li>Only nested</li></ul></li></ul><p>After.</p>", encoding="utf-8")
    blocks = parse_file(path).blocks
    assert [(b.kind, b.text) for b in blocks[1:]] == [
        (BlockKind.LIST_ITEM, "Parent a\n  - Child a1\n  - Child a2\n    - Deep"),
        (BlockKind.LIST_ITEM, "Parent b"), (BlockKind.LIST_ITEM, "Only nested"),
        (BlockKind.TEXT, "After.")]
    assert blocks[1].anchor == "a"
    assert [k.target for k in blocks[1].links] == [str(tmp_path / "c.html")]


def test_a_paragraph_after_a_nested_section_s_end_is_in_the_section_around_it(tmp_path):
    """Blocks are flat: "Outer p2." after ``</section>`` of "Inner" was read as Inner's (and
    "Top tail." as Deep's). It now stands in the section its markup puts it in, after that
    section's subsections; a page whose sections are flat reads as before."""
    path = tmp_path / "sections.html"
    path.write_text(
        "<h1>T</h1><section><h2>Outer</h2><p>Outer p1.</p><section><h3>Inner</h3><p>Inner p."
        "</p><section><h4>Deep</h4><p>Deep p.</p></section></section><p>Outer p2.</p>"
        "<ul><li>Outer item</li></ul></section><p>Top tail.</p><section><h2>Next</h2>"
        "<p>Next p.</p><h3>Flat</h3><p>Flat p.</p></section>", encoding="utf-8")
    tree = build_tree(parse_file(path), "doc", str(path))
    by_id = {n.node_id: n for n in tree.nodes}
    assert [(n.text, by_id[n.parent_id].heading) for n in tree.nodes if n.text] == [
        ("Outer p1.", "Outer"), ("Inner p.", "Inner"), ("Deep p.", "Deep"),
        ("Outer p2.", "Outer"), ("Outer item", "Outer"), ("Top tail.", "T"),
        ("Next p.", "Next"), ("Flat p.", "Flat")]
    assert [n.heading or n.text for n in tree.nodes if by_id.get(n.parent_id) is not None
            and by_id[n.parent_id].heading == "Outer"] == [
        "Outer p1.", "Inner", "Outer p2.", "Outer item"]
