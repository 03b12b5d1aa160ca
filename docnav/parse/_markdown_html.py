"""Raw HTML blocks in Markdown (a badge's ``<img>``, a comment, a ``<div align="center">``, a
``<table>``), each read alone by docling's HTML reader where it stands.

docling reads a Markdown file that has one by writing the whole document out as HTML and
reading that back, and the round trip lost the Markdown's paragraphs: those with inline markup
ran together ("A **fast** tool." and "Install with `pip`." became "A fast tool. Install with
pip.", a quote and the paragraphs around it one paragraph), a paragraph was cut in two at an
image, and words came apart ("H 2 O", "Ctrl ."). Its Markdown reader here keeps each HTML block
as the marked code item docling makes of it before the round trip, and leaves the trip out.
"""

from __future__ import annotations

import functools
from io import BytesIO

from docnav.model import Block, BlockKind


def markdown_format_option():
    """docling's Markdown format option with the reader that leaves out the round trip."""
    from docling.document_converter import MarkdownFormatOption

    return MarkdownFormatOption(backend=_reader())


@functools.cache
def _reader():
    from docling.backend.md_backend import MarkdownDocumentBackend

    class MarkdownWithoutHTMLTrip(MarkdownDocumentBackend):
        """Counts no HTML block, so ``convert`` returns the document as the Markdown made it
        (the round trip is taken where the count is above 0)."""

        @property
        def _html_blocks(self) -> int:
            return 0

        @_html_blocks.setter
        def _html_blocks(self, value: int) -> None:
            pass

    return MarkdownWithoutHTMLTrip


def html_block(text: str) -> str | None:
    """The HTML of a code item that stands for a Markdown HTML block; None for real code."""
    from docling.backend.md_backend import _START_MARKER, _STOP_MARKER

    if text.startswith(_START_MARKER) and text.endswith(_STOP_MARKER):
        return text[len(_START_MARKER):-len(_STOP_MARKER)]
    return None


def html_block_blocks(html: str) -> list[Block]:
    """The blocks docling's HTML reader makes of ``html`` (none of a comment or an image),
    rewritten first as a page is (:mod:`docnav.parse._html_rewrite`: a table's footer rows,
    a ``<footer>``'s text); an HTML block it cannot read is its text, a paragraph."""
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
        return document_blocks(document, html)
    text = soup.get_text(" ", strip=True)
    return [Block(BlockKind.TEXT, text)] if text else []
