"""DOCX: docling's Word reader, with what it leaves out put back.

:class:`WordBackend` is docling's ``MsWordDocumentBackend`` with these changes:

* Footnotes and endnotes are read where they are cited: a note's text is a paragraph right
  after the paragraph that cites it (a list item's, within the item; a table's, after the
  table; a paragraph holding only the mark, in its place). docling files the notes as page
  furniture, which DocNav does not read ("Footnote body papa." was in no block). After its
  citing paragraph, a note is found in the section it explains and read with it, as a reader
  follows the mark; a "Notes" part at the end would hold every note apart from its context. A
  note cited nowhere in the body (from a header, or by nothing) follows the body's last
  paragraph, where Word prints endnotes.
* A heading style with no number in its name ("Appendix Heading", "MyHeading", "Heading")
  has a level: that of the style it is based on or of its outline level, else one below the
  heading before it. docling gave it none and set it beside its parent's sections, so it came
  after them, empty, and its paragraphs stayed under the heading before it.
* A paragraph's own outline level (``w:outlineLvl`` in its properties, not its style's) makes
  it a heading of that level, as Word's navigation pane shows it; docling read only the
  style's. Body level (9) makes a heading-styled paragraph body text.
* A style's outline level is that of the first style of its basedOn chain to set one, as Word
  reads it: a "Chapter" style based on Heading 1 makes level-1 headings, and Word's "TOC
  Heading" (based on Heading 1, set to body level so the contents leave themselves out) body
  text. docling read only the style's own.
* A text box's text follows the paragraph it is anchored in; docling read the box first
  ("Box text oscar." before "Anchor paragraph."). A list item's or heading's box is its first
  part after its text (a list item's closed the list, and one in a list's first item came
  after the whole list; a heading's came before it or after its section) and a table cell's
  follows the cell's text (it came first).
* A page or column break inside a paragraph reads as a line break (a space): python-docx reads
  it as nothing, which ran words together ("Before break lima.After break mike.").
"""

from __future__ import annotations

import re

from docling.backend.msword_backend import MsWordDocumentBackend
from docling_core.types.doc import (
    ContentLayer,
    DocItemLabel,
    DoclingDocument,
    InlineGroup,
    ListItem,
    SectionHeaderItem,
    TableItem,
    TitleItem,
)
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.oxml import parse_xml
from docx.oxml.ns import qn
from docx.text.paragraph import Paragraph

_NOTE_PARTS = (("footnote", RT.FOOTNOTES), ("endnote", RT.ENDNOTES))
_NOT_NOTES = {"separator", "continuationSeparator", "continuationNotice"}  # Word's rules
_BUILT_IN_HEADING = re.compile(r"heading [1-9]", re.IGNORECASE)


class WordBackend(MsWordDocumentBackend):
    """docling's Word reader with the changes the module lists."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._citing: list[tuple[list, list[tuple[str, str]]]] = []  # (items made, notes cited)
        self._heading_level = 0  # of the last heading read; a title is 0
        self._box: tuple[object, object] | None = None  # (anchor paragraph, its box's group)
        if self.docx_obj is not None:
            _breaks_as_line_breaks(self.docx_obj.element.body)

    def _get_label_and_level(self, paragraph):
        label, level = super()._get_label_and_level(paragraph)
        outline = _own_outline_level(paragraph) or self._style_outline_level(paragraph.style)
        if outline == 10 and "Heading" in label:
            label, level = "Normal", None
        elif outline is not None and outline <= 9 and label != "Title":
            label, level = "Heading", outline
        if "Heading" in label and level is None:  # docling reads "Heading" in it as a heading
            level = self._style_level(paragraph.style) or min(self._heading_level + 1, 9)
        if "Heading" in label:
            self._heading_level = level
        elif label == "Title":
            self._heading_level = 0
        return label, level

    def _style_outline_level(self, style) -> int | None:
        """The outline level ``style`` has or inherits, 1-based as docling's (10 body text):
        that of the first style of its basedOn chain to set one, as Word reads it. docling read
        only the style's own: ChainB, based on ChainA, based on Heading 3, was body text, and
        Word's "TOC Heading" (based on Heading 1, body level) a heading. A built-in "Heading
        3" has level 3 even where the file leaves it out, as in Word."""
        for chain_style in self._get_style_chain(style):
            level = self._get_outline_level_from_style(chain_style)
            if level is None and _BUILT_IN_HEADING.fullmatch(chain_style.name or ""):
                level = int(chain_style.name[-1])
            if level is not None:
                return level if 1 <= level <= 10 else None
        return None

    def _style_level(self, style) -> int | None:
        """The heading level of the first style of ``style``'s chain to give one: its outline
        level, or a number in its name ("Heading 2")."""
        for chain_style in self._get_style_chain(style):
            level = self._get_outline_level_from_style(chain_style)
            if level is None and "heading" in (chain_style.name or "").lower():
                level = self._get_heading_and_level(chain_style.name)[1]
            if level is not None and 1 <= level <= 9:
                return level
        return None

    def _handle_text_elements(self, element, doc: DoclingDocument, skip_empty_text=False):
        box = self._box if self._box is not None and self._box[0] is element else None
        self._box = None
        made = len(doc.texts)
        refs = super()._handle_text_elements(element, doc, skip_empty_text)
        if cited := _cited_notes(element):
            # a list item is in no ref docling returns (those are the groups it opened)
            self._citing.append(([r.resolve(doc) for r in refs] + doc.texts[made:], cited))
        if box is not None:
            return refs + _place_box(doc, box[1], refs, doc.texts[made:])
        return refs

    def _handle_tables(self, element, doc: DoclingDocument):
        """A table's notes follow it: most of its cells are no items of their own (a table
        cell's note was after the document's last paragraph), and a note inside a row would
        break it."""
        start = len(self._citing)
        refs = super()._handle_tables(element, doc)
        tables = [r.resolve(doc) for r in refs if isinstance(r.resolve(doc), TableItem)]
        if tables:  # else a one-cell table, read as body paragraphs: theirs stand
            del self._citing[start:]
            if cited := _cited_notes(element, within=True):
                self._citing.append((tables[:1], cited))
        return refs

    def _handle_textbox_content(self, textbox_elements, doc: DoclingDocument):
        """Read the box apart from any list around it: in a list item, its paragraphs closed
        the list, were read outside the box's group, and the list went on anew. The group is
        returned with its anchor paragraph's items (:func:`_place_box`), as a table cell's
        items are grouped in the order they are returned: the box came before the cell's
        text."""
        with self._isolated_list_context():
            self.history = {key: [None] for key in self.history}
            self.level_at_new_list, self.nested_lists = None, []
            refs = super()._handle_textbox_content(textbox_elements, doc)
        anchor = list(textbox_elements[0].iterancestors(qn("w:p")))[-1:]  # the outermost
        if not (refs and anchor):
            return refs
        self._box = (anchor[0], refs[0].resolve(doc))
        return []

    def _add_footnotes_and_endnotes(self, docx_obj, doc: DoclingDocument) -> None:
        notes = self._note_texts(docx_obj)
        unplaced: list[str] = []
        for items, cited in self._citing:
            texts = [notes.pop(key) for key in cited if key in notes]
            anchor = _anchor(doc, items)
            if anchor is None:
                unplaced += texts
            for text in reversed(texts) if anchor is not None else ():
                _insert_after(doc, anchor, text)
        for text in unplaced + list(notes.values()):
            doc.add_text(label=DocItemLabel.FOOTNOTE, text=text)

    def _note_texts(self, docx_obj) -> dict[tuple[str, str], str]:
        """Each note's text by (kind, id), in the order of the parts: footnotes, endnotes."""
        texts: dict[tuple[str, str], str] = {}
        for kind, reltype in _NOTE_PARTS:
            part = next((r.target_part for r in docx_obj.part.rels.values()
                         if r.reltype == reltype), None)
            if part is None:
                continue
            for note in parse_xml(part.blob).iterchildren(qn(f"w:{kind}")):
                if note.get(qn("w:type")) in _NOT_NOTES:
                    continue
                said = [self._get_paragraph_text(Paragraph(p, docx_obj)).strip()
                        for p in note.iter(qn("w:p"))
                        if not self._is_hidden_paragraph(Paragraph(p, docx_obj))]
                if text := " ".join(t for t in said if t):
                    texts[(kind, note.get(qn("w:id")))] = text
        return texts


def _own_outline_level(paragraph) -> int | None:
    """The paragraph's own outline level, 1-based as docling's (1-9 headings, 10 body text)."""
    outline = paragraph._p.find(f"{qn('w:pPr')}/{qn('w:outlineLvl')}")
    value = outline.get(qn("w:val")) if outline is not None else None
    return int(value) + 1 if value is not None and value.isdigit() and int(value) <= 9 else None


def _breaks_as_line_breaks(body) -> None:
    """Make the page and column breaks of ``body`` (this conversion's own copy) line breaks,
    which python-docx reads as a line's end; the pages are no part of what DocNav reads."""
    for br in body.iter(qn("w:br")):
        if br.get(qn("w:type")) in ("page", "column"):
            br.set(qn("w:type"), "textWrapping")


def _place_box(doc: DoclingDocument, group, refs, made) -> list:
    """Put a text box's ``group`` right after its anchor paragraph, which returned ``refs``
    and made the text items ``made``: in its list item or heading, as the first of its parts
    after its text (its sublists or section come later); else after it, or after the inline
    group holding it (in the group the box was read as part of the paragraph). Return the
    refs to add to the paragraph's: none for a group in an item, which a table cell's group
    would take out of it."""
    item = _outside_inline(doc, next((i for i in made if isinstance(i, ListItem)), None) or (
        refs[-1].resolve(doc) if refs else None))
    if isinstance(item, (ListItem, SectionHeaderItem, TitleItem)):
        _move(doc, group, item)
        return []
    if item is not None:
        _move(doc, group, item.parent.resolve(doc), after=item)
    return [group.get_ref()]


def _move(doc: DoclingDocument, group, parent, after=None) -> None:
    """Make ``group`` a child of ``parent``: right after its child ``after``, else its last."""
    group.parent.resolve(doc).children.remove(group.get_ref())
    at = parent.children.index(after.get_ref()) + 1 if after is not None else None
    parent.children.insert(len(parent.children) if at is None else at, group.get_ref())
    group.parent = parent.get_ref()


def _cited_notes(element, within: bool = False) -> list[tuple[str, str]]:
    """The (kind, id) of the notes that paragraph ``element`` itself cites (not a text box in
    it), or with ``within`` that anything in ``element`` (a table) cites."""
    cited = []
    for ref in element.iter(qn("w:footnoteReference"), qn("w:endnoteReference")):
        owner = next(ref.iterancestors(qn("w:p")), None)
        if within or owner is element:
            kind = "footnote" if ref.tag == qn("w:footnoteReference") else "endnote"
            cited.append((kind, ref.get(qn("w:id"))))
    return cited


def _anchor(doc: DoclingDocument, items):
    """The body item that the notes of the paragraph (or table) that made ``items`` follow:
    its table, its list item, else the last item with text (an empty one: a paragraph holding
    only the mark), or the inline group holding it: a paragraph with a bold word is in pieces,
    and a note beside its last piece was read as part of it ("... plain end. Bold note.")."""
    items = [i for i in items if getattr(i, "content_layer", None) is ContentLayer.BODY]
    texts = [i for i in items if getattr(i, "text", None) is not None]
    return _outside_inline(doc, next(
        (i for i in items if isinstance(i, (TableItem, ListItem))), None) or next(
        (i for i in reversed(texts) if i.text), texts[-1] if texts else None))


def _outside_inline(doc: DoclingDocument, item):
    """``item``, or the inline group holding it (a paragraph with a bold word is in pieces)."""
    while item is not None and isinstance(parent := item.parent.resolve(doc), InlineGroup):
        item = parent
    return item


def _insert_after(doc: DoclingDocument, anchor, text: str) -> None:
    """The note right after its citing paragraph. A heading's note leads its section (the
    paragraphs of a docling Word heading are its children: after it was after them all) and a
    list item's is its first part after its text (a note beside it in the list would be no
    list item, and after its sublists it would be after their items' notes)."""
    if isinstance(anchor, (SectionHeaderItem, ListItem)):
        first = next((c.resolve(doc) for c in anchor.children
                      if not isinstance(c.resolve(doc), InlineGroup)), None)
        if first is not None:
            doc.insert_text(sibling=first, label=DocItemLabel.FOOTNOTE, text=text, after=False)
        else:
            doc.add_text(label=DocItemLabel.FOOTNOTE, text=text, parent=anchor)
    else:
        doc.insert_text(sibling=anchor, label=DocItemLabel.FOOTNOTE, text=text)
