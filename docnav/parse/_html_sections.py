"""The section an HTML page's ``<section>`` puts a paragraph in, where it is not the last
heading's.

Blocks are flat: a paragraph belongs to the heading before it. A page that nests
``<section>`` elements says more: ``<section><h2>Outer</h2><p>a</p><section><h3>Inner</h3>
<p>b</p></section><p>c</p></section>`` puts "c" back in "Outer" after "Inner" has ended, where
the flat blocks left it under "Inner". Such a paragraph is given the level of the heading it
belongs to (see :class:`docnav.model.Block`), so the tree puts it in that heading's section.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import replace

from docnav.model import Block, BlockKind
from docnav.parse._html import _HEADINGS, _words

_SECTIONS = ("section", "article")
_UNREAD = ("script", "style", "template", "noscript", "head", "title")
_WINDOW = 20_000  # how far past the last paragraph found the next one is looked for


def section_levels(soup, blocks: list[Block]) -> list[Block]:
    """``blocks`` with each paragraph (list item, table) that a closed ``<section>`` left
    under the wrong heading given its own heading's level: the heading whose section it
    stands in, found by its words in the page."""
    if soup.find(_SECTIONS) is None:
        return blocks
    headings = _heading_blocks(soup, blocks)
    stream, owners = _owned_text(soup)
    starts = [start for start, _ in owners]
    out = list(blocks)
    cursor = 0
    open_: list[int] = []  # the open sections' heading blocks, as the tree nests them
    for i, block in enumerate(blocks):
        if block.kind is BlockKind.HEADING:
            while open_ and blocks[open_[-1]].level >= block.level:
                open_.pop()
            open_.append(i)
            continue
        key = _words(block.text)
        found = stream.find(key, cursor, cursor + _WINDOW + len(key)) if key else -1
        if found < 0:
            continue
        cursor = found + len(key)
        at = bisect_right(starts, found) - 1
        owner = headings.get(id(owners[at][1])) if at >= 0 else None
        if owner in open_ and owner != open_[-1]:
            out[i] = replace(block, level=blocks[owner].level)
            del open_[open_.index(owner) + 1:]
    return out


def _heading_blocks(soup, blocks: list[Block]) -> dict[int, int]:
    """The index of each page heading's block (by ``id`` of the element), matched in order
    by their words."""
    found = soup.find_all(_HEADINGS)
    keys = [_words(h.get_text(" ")) for h in found]
    out: dict[int, int] = {}
    cursor = 0
    for i, block in enumerate(blocks):
        if block.kind is BlockKind.HEADING:
            key = _words(block.text)
            hit = next((j for j in range(cursor, len(keys)) if keys[j] == key), None)
            if hit is not None:
                out[id(found[hit])] = i
                cursor = hit + 1
    return out


def _owned_text(soup) -> tuple[str, list[tuple[int, object]]]:
    """The words of the page's text outside its headings, run together, and where each
    heading's part of them begins: (offset, heading) in order. A heading holds the text after
    it until the end of its own ``<section>`` (the one it heads), or if none of the section
    it stands in, or the page's; an earlier heading whose section is still open holds what
    follows the end of a later one's."""
    from bs4 import NavigableString, Tag

    words: list[str] = []
    size = 0
    owners: list[tuple[int, object]] = []
    open_: list[tuple[object, object]] = []  # (heading, the element it holds text to the end of)
    stack: list[tuple[object, bool]] = [(soup.body or soup, False)]
    while stack:
        node, leaving = stack.pop()
        if leaving:
            before = open_[-1][0] if open_ else None
            while open_ and open_[-1][1] is node:
                open_.pop()
            if (open_[-1][0] if open_ else None) is not before:
                owners.append((size, open_[-1][0] if open_ else None))
            continue
        if isinstance(node, NavigableString):
            if type(node) is NavigableString and (said := _words(node)):
                words.append(said)
                size += len(said)
            continue
        if not isinstance(node, Tag) or node.name in _UNREAD:
            continue
        if node.name in _HEADINGS:
            open_.append((node, _scope(node) or soup))
            owners.append((size, node))
            continue
        stack.append((node, True))
        stack.extend((child, False) for child in reversed(node.contents))
    return "".join(words), owners


def _scope(heading):
    """The element whose end ends what ``heading`` holds: the section it heads, else the
    section it stands in; None: the page."""
    around = heading.find_parents(_SECTIONS)
    return next((s for s in around if s.find(_HEADINGS) is heading), around[0] if around else None)
