"""DOCX read by docling's Word reader with DocNav's changes (``docnav/parse/_docx.py``): what
Word writes that docling left out or misread. The files are built with python-docx; parts it
has no API for (footnotes, text boxes) are written as XML."""

from __future__ import annotations

from pathlib import Path

import pytest
from _parsing import headings

from docnav.parse import parse_file

docx = pytest.importorskip("docx", reason="python-docx (a docling dependency) is missing")

from docx.enum.style import WD_STYLE_TYPE  # noqa: E402
from docx.enum.text import WD_BREAK  # noqa: E402
from docx.opc.constants import RELATIONSHIP_TYPE as RT  # noqa: E402
from docx.opc.packuri import PackURI  # noqa: E402
from docx.opc.part import Part  # noqa: E402
from docx.oxml import OxmlElement, parse_xml  # noqa: E402
from docx.oxml.ns import qn  # noqa: E402

W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'


def _texts(path: Path) -> list[tuple[str, str]]:
    return [(b.kind.value, b.text) for b in parse_file(path).blocks]


# -- footnotes and endnotes ------------------------------------------------------------------


def _notes_part(document, kind: str, notes: dict[int, str]) -> None:
    """``word/footnotes.xml`` (or endnotes) as Word writes it: its separator and continuation
    separator first (no notes), then ``notes`` by id, each opening with its mark."""
    rules = "".join(f'<w:{kind} w:type="{t}" w:id="{i}"><w:p><w:r><w:separator/></w:r></w:p>'
                    f"</w:{kind}>" for i, t in ((-1, "separator"), (0, "continuationSeparator")))
    bodies = "".join(f'<w:{kind} w:id="{i}"><w:p><w:r><w:{kind}Ref/></w:r><w:r>'
                     f'<w:t xml:space="preserve"> {text}</w:t></w:r></w:p></w:{kind}>'
                     for i, text in notes.items())
    blob = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
            f"<w:{kind}s {W}>{rules}{bodies}</w:{kind}s>").encode()
    content_type = f"application/vnd.openxmlformats-officedocument.wordprocessingml.{kind}s+xml"
    part = Part(PackURI(f"/word/{kind}s.xml"), content_type, blob, document.part.package)
    document.part.relate_to(part, RT.FOOTNOTES if kind == "footnote" else RT.ENDNOTES)


def _cite(paragraph, kind: str, note: int) -> None:
    run, mark = OxmlElement("w:r"), OxmlElement(f"w:{kind}Reference")
    mark.set(qn("w:id"), str(note))
    run.append(mark)
    paragraph._p.append(run)


def test_footnotes_and_endnotes_follow_the_paragraph_citing_them(tmp_path):
    """docling filed the notes as page furniture: "Footnote body papa." was in no block.
    Each note is a paragraph after the one citing it, in its section; a note cited from a
    heading leads the heading's section; Word's separators are no notes."""
    document = docx.Document()
    document.add_heading("Pump", 1)
    cites = document.add_paragraph("Sentence with footnote alpha")
    _cite(cites, "footnote", 1)
    cites.add_run(" continues bravo.")
    _cite(cites, "endnote", 1)
    document.add_paragraph("Plain charlie.")
    _cite(document.add_heading("Seals", 1), "footnote", 2)
    document.add_paragraph("Seal text delta.")
    _notes_part(document, "footnote", {1: "Footnote body papa.", 2: "Heading note echo."})
    _notes_part(document, "endnote", {1: "Endnote body india.", 2: "Uncited endnote golf."})
    path = tmp_path / "notes.docx"
    document.save(path)
    assert _texts(path) == [
        ("heading", "Pump"), ("text", "Sentence with footnote alpha continues bravo."),
        ("text", "Footnote body papa."), ("text", "Endnote body india."),
        ("text", "Plain charlie."), ("heading", "Seals"), ("text", "Heading note echo."),
        ("text", "Seal text delta."), ("text", "Uncited endnote golf.")]


def test_a_list_item_s_table_s_or_bare_mark_s_notes_follow_it_in_citation_order(tmp_path):
    """docling returns no item for a list item and reads most table cells as no paragraphs of
    their own: "List note.", "Mark-only note." and "Table cell note." followed "Final para
    foxtrot.", out of order. A list item's note comes after its text (before its sublist), a
    table's notes after the table, and a paragraph holding only the mark keeps its place."""
    document = docx.Document()
    table = document.add_table(rows=1, cols=2)
    table.cell(0, 0).text, table.cell(0, 1).text = "Cell kilo", "Cell two"
    _cite(table.cell(0, 0).paragraphs[0], "footnote", 2)
    _cite(document.add_paragraph("List item one", style="List Bullet"), "footnote", 3)
    _cite(document.add_paragraph("Sub item", style="List Bullet 2"), "endnote", 1)
    document.add_paragraph("List item two", style="List Bullet")
    _cite(document.add_paragraph("Text hotel."), "footnote", 5)
    _cite(document.add_paragraph(), "footnote", 7)
    document.add_paragraph("Final para foxtrot.")
    _notes_part(document, "footnote", {2: "Table cell note.", 3: "List note.",
                                       5: "Text note.", 7: "Mark-only note."})
    _notes_part(document, "endnote", {1: "Sub item note."})
    path = tmp_path / "placed.docx"
    document.save(path)
    assert [text for _, text in _texts(path)][1:] == [
        "Table cell note.", "List item one", "List note.", "Sub item", "Sub item note.",
        "List item two", "Text hotel.", "Text note.", "Mark-only note.",
        "Final para foxtrot."]


def test_a_note_cited_in_a_paragraph_with_formatting_is_a_paragraph_of_its_own(tmp_path):
    """docling reads a paragraph with a bold word in pieces; the note went beside the last
    piece and was read as part of the paragraph: "Plain start bold middle plain end. Bold
    note."."""
    document = docx.Document()
    paragraph = document.add_paragraph("Plain start ")
    paragraph.add_run("bold middle").bold = True
    paragraph.add_run(" plain end.")
    _cite(paragraph, "footnote", 1)
    document.add_paragraph("Next para.")
    _notes_part(document, "footnote", {1: "Bold note."})
    path = tmp_path / "bold.docx"
    document.save(path)
    assert _texts(path) == [("text", "Plain start bold middle plain end."),
                            ("text", "Bold note."), ("text", "Next para.")]


# -- headings --------------------------------------------------------------------------------


@pytest.mark.parametrize(("style", "based_on", "level"), [
    ("Appendix Heading", "Heading 2", 3), ("Sub Heading", "Normal", 4),
    ("MyHeading", "Normal", 4), ("Heading", "Normal", 4), ("Deep Heading", "Heading 3", 4)])
def test_a_heading_style_without_a_number_has_a_level_and_its_paragraphs(tmp_path, style,
                                                                         based_on, level):
    """docling gave such a heading no level and set it beside its parent's sections: it came
    after them, empty, and "custom text." stayed under "Two". Now its level is its base
    style's (Heading 2 gives 3, as "Two" has), else one below the heading before it ("Two")."""
    document = docx.Document()
    document.styles.add_style(style, WD_STYLE_TYPE.PARAGRAPH).base_style = (
        document.styles[based_on])
    document.add_heading("One", 1)
    document.add_heading("Two", 2)
    document.add_paragraph("two text.")
    document.add_paragraph("Custom", style=style)
    document.add_paragraph("custom text.")
    document.add_heading("Three", 1)
    document.add_paragraph("three text.")
    path = tmp_path / "custom.docx"
    document.save(path)
    parsed = parse_file(path)
    assert headings(parsed) == [(2, "One"), (3, "Two"), (level, "Custom"), (2, "Three")]
    texts = [b.text for b in parsed.blocks]
    assert texts[texts.index("Custom"):] == ["Custom", "custom text.", "Three", "three text."]


def _outline(paragraph, level: int) -> None:
    outline = OxmlElement("w:outlineLvl")
    outline.set(qn("w:val"), str(level))
    paragraph._p.get_or_add_pPr().append(outline)


def test_a_paragraph_s_own_outline_level_makes_it_a_heading(tmp_path):
    """Word's navigation pane shows a paragraph with an outline level of its own (not its
    style's) as a heading; docling read only the style's: "Direct outline" was text under
    "One". Body level (9) on a heading style makes body text."""
    document = docx.Document()
    document.add_heading("One", 1)
    _outline(document.add_paragraph("Direct outline"), 1)
    document.add_paragraph("direct text.")
    _outline(document.add_heading("Styled but body level", 1), 9)
    _outline(document.add_paragraph("Top outline"), 0)
    path = tmp_path / "outline.docx"
    document.save(path)
    parsed = parse_file(path)
    assert headings(parsed) == [(2, "One"), (3, "Direct outline"), (2, "Top outline")]
    assert [b.text for b in parsed.blocks][2:4] == ["direct text.", "Styled but body level"]


def test_a_style_inherits_its_base_style_s_outline_level(tmp_path):
    """Word reads a style's outline level from the first style of its basedOn chain to set
    one; docling read only the style's own: "Chain heading" (ChainB, based on ChainA, based on
    Heading 3) and "Chapter two" (based on Heading 1) were body text, and "Contents" in Word's
    TOC Heading (based on Heading 1, but body level) a heading. A built-in Heading 2 with no
    outline level in the file still has level 2, as in Word: so has Clause, based on Part,
    based on it."""
    document = docx.Document()
    styles = document.styles
    for name, based_on in (("Chapter", "Heading 1"), ("ChainA", "Heading 3"),
                           ("ChainB", "ChainA"), ("Part", "Heading 2"),
                           ("Clause", "Part")):
        styles.add_style(name, WD_STYLE_TYPE.PARAGRAPH).base_style = styles[based_on]
    outline = styles["Heading 2"].element.find(f"{qn('w:pPr')}/{qn('w:outlineLvl')}")
    outline.getparent().remove(outline)
    document.add_paragraph("Contents", style="TOC Heading")
    document.add_heading("One", 1)
    document.add_paragraph("Chapter two", style="Chapter")
    document.add_paragraph("Chain heading", style="ChainB")
    document.add_paragraph("chain text.")
    document.add_paragraph("Clause three", style="Clause")
    path = tmp_path / "chain.docx"
    document.save(path)
    parsed = parse_file(path)
    assert headings(parsed) == [(2, "One"), (2, "Chapter two"), (4, "Chain heading"),
                                (3, "Clause three")]
    assert (parsed.blocks[0].kind.value, parsed.blocks[0].text) == ("text", "Contents")


# -- text ------------------------------------------------------------------------------------


def test_a_page_break_inside_a_paragraph_reads_as_a_space(tmp_path):
    """python-docx reads a page (or column) break as nothing: "Before break lima.After break
    mike." ran two sentences together."""
    document = docx.Document()
    for kind in (WD_BREAK.PAGE, WD_BREAK.COLUMN, WD_BREAK.LINE):
        paragraph = document.add_paragraph("Before break lima.")
        paragraph.add_run().add_break(kind)
        paragraph.add_run("After break mike.")
    paragraph = document.add_paragraph("Break at the end.")
    paragraph.add_run().add_break(WD_BREAK.PAGE)
    path = tmp_path / "breaks.docx"
    document.save(path)
    assert _texts(path) == [("text", "Before break lima. After break mike.")] * 3 + [
        ("text", "Break at the end.")]


# -- text boxes ------------------------------------------------------------------------------

_BOX_NAMESPACES = (
    f'{W} xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"'
    ' xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
    ' xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"'
    ' xmlns:v="urn:schemas-microsoft-com:vml"'
    ' xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"')


def _text_box(text: str, form: str = "drawing"):
    """A run holding a text box as Word writes it: a drawing shape ("drawing"), a VML shape
    ("vml"), or the two as an mc:AlternateContent's choice and fallback ("alternate")."""
    content = f"<w:txbxContent><w:p><w:r><w:t>{text}</w:t></w:r></w:p></w:txbxContent>"
    drawing = (
        '<w:drawing><wp:inline><wp:extent cx="914400" cy="914400"/><wp:docPr id="1" name="Box"/>'
        '<a:graphic><a:graphicData'
        ' uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp>'
        f"<wps:spPr/><wps:txbx>{content}</wps:txbx><wps:bodyPr/></wps:wsp></a:graphicData>"
        "</a:graphic></wp:inline></w:drawing>")
    vml = f"<w:pict><v:shape><v:textbox>{content}</v:textbox></v:shape></w:pict>"
    inner = {"drawing": drawing, "vml": vml,
             "alternate": f'<mc:AlternateContent><mc:Choice Requires="wps">{drawing}'
                          f"</mc:Choice><mc:Fallback>{vml}</mc:Fallback></mc:AlternateContent>"}
    return parse_xml(f"<w:r {_BOX_NAMESPACES}>{inner[form]}</w:r>")


def _with_text_box(path: Path) -> Path:
    document = docx.Document()
    document.add_paragraph("Before anchor.")
    document.add_paragraph("Anchor paragraph.")._p.append(_text_box("Box text oscar."))
    document.add_paragraph("After anchor.")
    document.save(path)
    return path


def test_docling_s_drawing_notice_is_a_conversion_warning_not_a_log_line(tmp_path, caplog):
    """docling logged "Found DrawingML elements in document, but no DOCX to PDF converters
    ... LibreOffice ..." on stderr, naming no file, for any DOCX with a text box."""
    parsed = parse_file(_with_text_box(tmp_path / "box.docx"))
    assert not [r for r in caplog.records if "DrawingML" in r.getMessage()]
    assert dict(parsed.metadata)["conversion_warnings"] == (
        "docling: drawings (shapes, diagrams) are read for the text in their text boxes only")
    assert "Box text oscar." in [b.text for b in parsed.blocks]


def test_a_text_box_s_text_follows_its_anchor_paragraph(tmp_path):
    """docling read a text box before the paragraph it is anchored in: "Box text oscar." came
    before "Anchor paragraph."."""
    assert _texts(_with_text_box(tmp_path / "box.docx")) == [
        ("text", "Before anchor."), ("text", "Anchor paragraph."), ("text", "Box text oscar."),
        ("text", "After anchor.")]


@pytest.mark.parametrize("form", ["drawing", "vml", "alternate"])
def test_a_text_box_in_a_list_item_follows_the_item_s_text(tmp_path, form):
    """A text box in a list's first item came after the whole list ("First box." after "Item
    three"), and one in a later item before the item, outside the list, which then went on as
    a new list. It is now the item's first part after its text, before its sublist."""
    document = docx.Document()
    document.add_paragraph("Item one", style="List Bullet")._p.append(
        _text_box("First box.", form))
    document.add_paragraph("Item two", style="List Bullet")._p.append(
        _text_box("List box.", form))
    document.add_paragraph("Sub item", style="List Bullet 2")
    document.add_paragraph("Item three", style="List Bullet")
    document.add_paragraph("After list.")
    path = tmp_path / "list.docx"
    document.save(path)
    assert _texts(path) == [
        ("list_item", "Item one"), ("text", "First box."), ("list_item", "Item two"),
        ("text", "List box."), ("list_item", "Sub item"), ("list_item", "Item three"),
        ("text", "After list.")]


@pytest.mark.parametrize("form", ["drawing", "vml", "alternate"])
def test_a_text_box_in_a_table_cell_follows_the_cell_s_text(tmp_path, form):
    """docling read a table cell's text box before the cell's own text: "Cell box. Cell
    text."."""
    document = docx.Document()
    table = document.add_table(rows=2, cols=2)
    for cell, text in zip(table._cells, ("Head A", "Head B", "Cell text.", "Other")):
        cell.text = text
    table.cell(1, 0).paragraphs[0]._p.append(_text_box("Cell box.", form))
    document.add_paragraph("After table.")
    path = tmp_path / "cell.docx"
    document.save(path)
    (kind, table_text), after = _texts(path)
    row = table_text.splitlines()[-1]
    assert (kind, after) == ("table", ("text", "After table."))
    assert row.index("Cell text.") < row.index("Cell box.") < row.index("Other")


def test_two_text_boxes_in_a_paragraph_with_formatting_follow_it_in_order(tmp_path):
    """docling reads a paragraph with a bold word in pieces, in an inline group; its boxes
    came before it ("First box.", "Second box.", "Anchor bold paragraph.")."""
    document = docx.Document()
    anchor = document.add_paragraph("Anchor ")
    anchor._p.append(_text_box("First box."))
    anchor.add_run("bold").bold = True
    anchor._p.append(_text_box("Second box.", "vml"))
    anchor.add_run(" paragraph.")
    document.add_paragraph("After anchor.")
    path = tmp_path / "two.docx"
    document.save(path)
    assert _texts(path) == [
        ("text", "Anchor bold paragraph."), ("text", "First box."), ("text", "Second box."),
        ("text", "After anchor.")]


def test_a_text_box_in_a_heading_leads_its_section(tmp_path):
    """A box in a heading came before it ("Seals box." before "Seals"), or where the heading
    opened a level after all that level holds ("Pump box." last, after "Seals text.")."""
    document = docx.Document()
    document.add_heading("Pump", 1)._p.append(_text_box("Pump box."))
    document.add_paragraph("Pump text.")
    document.add_heading("Seals", 1)._p.append(_text_box("Seals box."))
    document.add_paragraph("Seals text.")
    path = tmp_path / "heading.docx"
    document.save(path)
    assert _texts(path) == [
        ("heading", "Pump"), ("text", "Pump box."), ("text", "Pump text."),
        ("heading", "Seals"), ("text", "Seals box."), ("text", "Seals text.")]


def test_a_text_box_in_a_header_stays_out_of_the_body(tmp_path):
    """A header is page furniture, which DocNav does not read; its text box is too."""
    document = docx.Document()
    document.sections[0].header.paragraphs[0]._p.append(_text_box("Header box."))
    document.add_paragraph("Item one", style="List Bullet")
    document.add_paragraph("Body text.")
    path = tmp_path / "header.docx"
    document.save(path)
    assert _texts(path) == [("list_item", "Item one"), ("text", "Body text.")]
