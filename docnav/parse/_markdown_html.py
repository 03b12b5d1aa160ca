"""Raw HTML blocks in Markdown (a badge's ``<img>``, a comment, a ``<div align="center">``, a
``<table>``), each read alone by docling's HTML reader where it stands.

docling reads a Markdown file that has one by writing the whole document out as HTML and
reading that back, and the round trip lost the Markdown's paragraphs: those with inline markup
ran together ("A **fast** tool." and "Install with `pip`." became "A fast tool. Install with
pip.", a quote and the paragraphs around it one paragraph), a paragraph was cut in two at an
image, and words came apart ("H 2 O", "Ctrl ."). Its Markdown reader here keeps each HTML block
as the marked code item docling makes of it before the round trip, and leaves the trip out.
It also reads a ``<br>`` in a pipe table's cell as the break between the cell's lines, and
puts what a list item holds under the item, in the file's order.
"""

from __future__ import annotations

import functools
import re
from io import BytesIO

from docnav.model import Block, BlockKind

_LINE_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)


def markdown_format_option():
    """docling's Markdown format option with the reader that leaves out the round trip."""
    from docling.document_converter import MarkdownFormatOption

    return MarkdownFormatOption(backend=_reader())


@functools.cache
def _reader():
    from docling.backend.md_backend import MarkdownDocumentBackend

    from docnav.parse._footnotes import keep_footnote_definitions
    from docnav.parse._markdown_anchors import PendingAnchors

    keep_footnote_definitions()

    class MarkdownWithoutHTMLTrip(MarkdownDocumentBackend):
        """Counts no HTML block, so ``convert`` returns the document as the Markdown made it
        (the round trip is taken where the count is above 0). Notes the names inline HTML
        gives a block (:mod:`docnav.parse._markdown_anchors`)."""

        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self._paragraph_start = -1  # the document's text items when a paragraph began
            self._anchors = PendingAnchors()
            self._items: list[int] = []  # per list item read now, the texts made before it

        def _iterate_elements(self, *, element, doc, **kwargs) -> None:
            """A line break before a paragraph's first text is none: after a first line of
            inline HTML alone ('<a id="x"></a>' above "Next paragraph."), the reader joined
            the paragraph's text onto the last text item, the paragraph before (a setext
            heading of inline pieces is by then an item with no text: the text went on it)."""
            from marko.block import Heading, ListItem, Paragraph, SetextHeading
            from marko.inline import LineBreak

            if isinstance(element, (Paragraph, Heading, SetextHeading)):
                self._paragraph_start = len(doc.texts)
            elif isinstance(element, LineBreak) and not any(
                    t.text for t in doc.texts[self._paragraph_start:]):
                return
            texts, tables = len(doc.texts), len(doc.tables)
            kwargs["parent_item"] = self._in_its_item(element, **kwargs)
            if isinstance(element, ListItem):
                self._items.append(texts)
            super()._iterate_elements(element=element, doc=doc, **kwargs)
            if isinstance(element, ListItem):
                self._items.pop()
            if isinstance(element, SetextHeading) and len(doc.texts) > texts:
                _group_pieces(doc, doc.texts[texts])
            self._anchors.walked(element, doc, texts, tables)

        def _in_its_item(self, element, *, parent_item, list_last_item_by_ref, **_):
            """Where what a list item holds after docling made the item of its first text
            goes: under that item. docling put it in the list, after the item (the rest of
            the first paragraph's pieces, "`code` item" of "- **Bold `code` item**", and the
            item's later blocks), but the item's nested list under the item, so the nested
            list read ahead of them ("- Step", "More.", "- sub": "sub" before "More."), and
            what it put after the item lost its place in the file (the spacing of the
            paragraphs after it: "in.cargo/config"). An item without text or anything under
            it yet is left be: what came first under it would be read as its text."""
            from docling_core.types.doc import ListGroup
            from marko.block import ListItem

            if not self._items or isinstance(element, ListItem) \
                    or not isinstance(parent_item, ListGroup):
                return parent_item
            item = list_last_item_by_ref.get(parent_item.self_ref)
            if item is None or int(item.self_ref.rsplit("/", 1)[1]) < self._items[-1] \
                    or not (item.text.strip() or item.children):
                return parent_item
            return item

        @property
        def _html_blocks(self) -> int:
            return 0

        @_html_blocks.setter
        def _html_blocks(self, value: int) -> None:
            pass

        def _parse_gfm_table(self, table, doc, parent_item) -> None:
            """A ``<br>`` in a pipe table's cell read as the space between its lines (the
            reader kept the tag in the cell's text: "12 Main<br>Springfield")."""
            for row in table.children:
                for cell in row.children:
                    _line_breaks_as_spaces(cell.children)
            super()._parse_gfm_table(table, doc, parent_item)

    return MarkdownWithoutHTMLTrip


def _group_pieces(doc, heading) -> None:
    """A setext heading's inline pieces ("Setext *e* two" over "---") put in an inline group
    under it, as docling puts an ATX heading's: it left them bare under the heading, whose
    text is empty, and they were read as three paragraphs, "Setext", "e", "two", and no
    heading. (A heading over two lines is one such piece.)"""
    from docling_core.types.doc import SectionHeaderItem, TitleItem

    if not isinstance(heading, (TitleItem, SectionHeaderItem)) or heading.text.strip() \
            or not heading.children:
        return
    pieces = list(heading.children)
    group = doc.add_inline_group(parent=heading)
    heading.children = [group.get_ref()]
    group.children = pieces
    for ref in pieces:
        ref.resolve(doc).parent = group.get_ref()


def _line_breaks_as_spaces(children: list) -> None:
    """Each ``<br>`` tag among the inline ``children`` (and theirs) as one space, the white
    space around it taken in; a code span's text is not looked into."""
    from marko.inline import CodeSpan, InlineHTML, RawText

    for i, child in enumerate(children):
        if isinstance(child, InlineHTML) and _LINE_BREAK.fullmatch(child.children.strip()):
            children[i] = RawText(" ")
            if i and isinstance(children[i - 1], RawText):
                children[i - 1].children = children[i - 1].children.rstrip()
            if i + 1 < len(children) and isinstance(children[i + 1], RawText):
                children[i + 1].children = children[i + 1].children.lstrip()
        elif isinstance(child.children, list) and not isinstance(child, CodeSpan):
            _line_breaks_as_spaces(child.children)


def html_block(text: str) -> str | None:
    """The HTML of a code item that stands for a Markdown HTML block; None for real code."""
    from docling.backend.md_backend import _START_MARKER, _STOP_MARKER

    if text.startswith(_START_MARKER) and text.endswith(_STOP_MARKER):
        return text[len(_START_MARKER):-len(_STOP_MARKER)]
    return None


def html_block_blocks(html: str) -> list[Block]:
    """The blocks docling's HTML reader makes of ``html`` (none of a comment or an image),
    rewritten first as a page is (:mod:`docnav.parse._html_rewrite`: a table's footer rows,
    a ``<footer>``'s text), anchored by their elements' ids as a page's are; an HTML block it
    cannot read is its text, a paragraph."""
    from bs4 import BeautifulSoup
    from docling_core.types.io import DocumentStream

    from docnav.parse._blocks import document_blocks
    from docnav.parse._docling import _converter
    from docnav.parse._html_rewrite import rewrite

    soup = BeautifulSoup(html, "html.parser")
    if rewrite(soup):
        html = str(soup)

    # its bytes say their encoding: undeclared, they were guessed as another ("├──" read
    # back as "вќљ")
    data = ('<meta charset="utf-8">' + html).encode("utf-8")
    stream = DocumentStream(name="block.html", stream=BytesIO(data))
    try:
        document = _converter("html", None, None).convert(stream, raises_on_error=False).document
    except Exception:  # docling raises assorted errors for inputs it cannot read
        document = None
    if document is not None:
        from docnav.parse._html import add_block_anchors, add_heading_anchors

        # its ids, as a page's: "[limits](#limits)" leads to '<p id="limits">'
        blocks = document_blocks(document, html, nested=True)
        return add_block_anchors(soup, add_heading_anchors(soup, blocks))
    text = soup.get_text(" ", strip=True)
    return [Block(BlockKind.TEXT, text)] if text else []
