"""Markdown extras: GitHub-style heading anchors, so ``[x](#setup-1)`` links can resolve, and
which headings stand in block quotes."""

from __future__ import annotations

import re
from dataclasses import replace

from docnav.model import Block, BlockKind, Link
from docnav.tree import slugify

_QUOTE = re.compile(r"^[ \t]*>", re.MULTILINE)
_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


def unescape(source: str) -> str:
    """The source with backslash escapes resolved (``\\_`` -> ``_``), as docling reads the
    text: inline pieces are then found in it and the markup between them is real markup."""
    return _ESCAPE.sub(r"\1", source)


def add_heading_anchors(blocks: list[Block]) -> list[Block]:
    """``## Setup`` twice -> anchors ``setup`` and ``setup-1``, as GitHub renders them. A
    heading of an HTML block anchored by its own id (``<h2 id="setup-here">``) keeps it."""
    used: dict[str, int] = {}
    out: list[Block] = []
    for block in blocks:
        if block.kind is BlockKind.HEADING and block.anchor is None:
            base = slugify(block.text)
            n = used.get(base, 0)
            anchor = base if n == 0 else f"{base}-{n}"
            while anchor in used and anchor != base:
                n += 1
                anchor = f"{base}-{n}"
            used[base] = n + 1
            used.setdefault(anchor, 1)
            block = replace(block, anchor=anchor)
        out.append(block)
    return out


def resolve_names(blocks: list[Block]) -> list[Block]:
    """``blocks`` with each link to a block's other name ("#defid", :attr:`Block.names`)
    pointed at its anchor ("#handling-defids"), where no block is anchored by that name."""
    anchored = {b.anchor for b in blocks if b.anchor}
    to = {n: b.anchor for b in blocks if b.anchor for n in b.names if n not in anchored}
    if not to:
        return blocks

    def retarget(link: Link) -> Link:
        name = link.target[1:] if link.target.startswith("#") else None
        return replace(link, target=f"#{to[name]}") if name in to else link

    return [replace(b, links=tuple(map(retarget, b.links))) if b.links else b for b in blocks]


def quoted_blocks(text: str) -> list[tuple[str, bool]]:
    """For each heading ("heading") and raw HTML block ("html") of the Markdown ``text``, in
    order, whether it stands in a block quote ("> # Note", "> <h2>Note</h2>"). docling reads a
    quote's blocks as if they were not quoted, so such a heading opened a section of the
    document that took in the sections after it. Read as docling reads Markdown
    (:func:`_as_docling_reads`), so they come in docling's order (a text without a quote is
    not read twice: an empty list)."""
    if not _QUOTE.search(text):
        return []
    from marko.block import BlockElement, Heading, HTMLBlock, Quote, SetextHeading

    out: list[tuple[str, bool]] = []
    stack = [(_as_docling_reads(text), False)]
    while stack:
        element, quoted = stack.pop()
        if isinstance(element, (Heading, SetextHeading)):
            if not _empty(element):  # docling makes no heading of a bare "#"
                out.append(("heading", quoted))
            continue
        if isinstance(element, HTMLBlock):
            if element.body:  # as docling: an empty one is no block
                out.append(("html", quoted))
            continue
        inside = quoted or isinstance(element, Quote)
        children = element.children if isinstance(element.children, list) else []
        stack.extend((c, inside) for c in reversed(children) if isinstance(c, BlockElement))
    return out


def _as_docling_reads(text: str):
    """The Markdown ``text`` parsed by marko with the extension docling's reader parses it
    with, as DocNav changes it (:mod:`docnav.parse._footnotes`). Read with GFM alone, a
    footnote's indented lines ("    > ## Scope" under "[^1]: The note:") were a code block,
    where docling reads a quote and its heading: the headings no longer paired up with
    docling's, and no quoted heading of the document was read as quoted."""
    import marko
    from docling.backend import md_backend

    from docnav.parse._footnotes import keep_footnote_definitions

    keep_footnote_definitions()
    return marko.Markdown(extensions=[md_backend._GFM_EXTENSION]).parse(text)


def _empty(heading) -> bool:
    """A heading with no text: nothing, or white space alone."""
    from marko.inline import RawText

    return all(isinstance(c, RawText) and not c.children.strip() for c in heading.children)


def image_paragraphs(text: str) -> list[str]:
    """The alt text of each paragraph of images alone ("![Logo](logo.png)", badges
    "[![CI](ci.svg)](ci) [![PyPI](pypi.svg)](pypi)") among the Markdown ``text``'s blocks
    before its first heading or first other paragraph, in order (one without alt text left
    out, as docling reads no text of it). docling reads such a paragraph as a plain one, of the
    alt text, and the title rule would take it for text ahead of a README's heading."""
    from marko.block import BlankLine, HTMLBlock, LinkRefDef, Paragraph

    out: list[str] = []
    for block in _as_docling_reads(text).children:
        if isinstance(block, (BlankLine, HTMLBlock, LinkRefDef)):
            continue
        if not (isinstance(block, Paragraph) and _images_only(block.children)):
            break
        alt = " ".join(_alt_text(block.children).split())
        if alt:
            out.append(alt)
    return out


def _images_only(children: list) -> bool:
    """Images, links of images alone, and the white space between them; at least one image."""
    from marko.inline import Image, LineBreak, Link, RawText

    images = 0
    for child in children:
        if isinstance(child, Image):
            images += 1
        elif isinstance(child, Link) and child.children and _images_only(child.children):
            images += 1
        elif not (isinstance(child, LineBreak)
                  or isinstance(child, RawText) and not child.children.strip()):
            return False
    return images > 0


def _alt_text(children: list) -> str:
    """The text of the inline ``children``, each run apart from the next."""
    return " ".join(c.children if isinstance(c.children, str) else _alt_text(c.children)
                    for c in children)
