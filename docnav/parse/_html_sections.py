"""How an HTML page's sectioning elements (``<section>``, ``<article>``, ``<aside>``,
``<nav>``) nest its sections, where the blocks' flat order and its headings' levels say
otherwise.

Blocks are flat: a paragraph belongs to the heading before it, a heading to the last one of a
lower level. A page that nests ``<section>`` elements says more. Its headings may all be
``<h2>``, as HTML5 outline-style pages write them: ``<section><h2>Outer</h2><section><h2>Inner
</h2></section></section>`` makes "Inner" a subsection of "Outer", and such a heading is given
the level below the heading of the section around it (the headings of its own section move with
it). And ``<section><h2>Outer</h2><p>a</p><section><h3>Inner</h3><p>b</p></section><p>c</p>
</section>`` puts "c" back in "Outer" after "Inner" has ended, where the flat blocks left it
under "Inner": such a paragraph is given the level of the heading it belongs to (see
:class:`docnav.model.Block`), so the tree puts it in that heading's section. A ``<section>``
without a heading of its own (a wrapper) is no level. A page that heads each ``<section>`` with
an ``<h1>`` under its own ``<h1>`` (as HTML5 outlines allowed) has its sections below that
first heading while it is open, not beside it.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import replace

from docnav.model import Block, BlockKind
from docnav.parse._html import _HEADINGS, _words

_SECTIONS = ("section", "article", "aside", "nav")  # HTML's sectioning elements
_WRAPPERS = ("section",)  # what may wrap a heading alone
_ASIDES = ("aside", "nav")  # beside the page's flow: their headings close none of its sections
_UNREAD = ("script", "style", "template", "noscript", "head", "title")
_WINDOW = 20_000  # how far past the last paragraph found the next one is looked for


def section_levels(soup, blocks: list[Block]) -> list[Block]:
    """``blocks`` with the levels the page's ``<section>`` elements give them: a heading
    that heads a section nested in another's one below that one's heading, and each paragraph
    (list item, table) that a closed ``<section>`` left under the wrong heading its own
    heading's level: the heading whose section it stands in, found by its words in the page.
    A section that wraps its heading alone is given what follows it first, in ``soup``."""
    if soup.find(_SECTIONS) is None:
        return blocks
    _heading_wrappers(soup)
    elements = _heading_elements(soup, blocks)
    blocks = _nested_headings(soup, blocks, elements)
    headings = {id(element): i for i, element in elements.items()}
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


def _heading_wrappers(soup) -> None:
    """Give each ``<section>`` that holds nothing but its heading the elements after it up
    to the next heading of its heading's rank or above (moved into it, in ``soup``; a
    section headed lower goes in too): such a section wraps its heading alone, and the page
    goes on with that heading's text. "<section><h2>A</h2></section><p>A text.</p><h3>A
    sub</h3>" read "A" as an empty section, "A text." as the page's and "A sub" beside "A".
    Such a section next to another is one of a list of them (cards, each a title alone),
    and the text after the list is the page's: the last one of "<section><h2>Post one</h2>
    </section><section><h2>Post two</h2></section><p>Subscribe.</p>" took in "Subscribe.".
    An ``<article>`` stands alone, as HTML has it: what follows a blog's teaser
    "<article><h2>Post two</h2></article>" is not that post's."""
    wrappers = [s for s in soup.find_all(_WRAPPERS) if _wraps_heading_alone(s)]
    listed = {id(s) for s in wrappers}
    for section in wrappers:
        if any(id(s) in listed for s in (section.find_previous_sibling(),
                                         section.find_next_sibling()) if s is not None):
            continue
        rank = section.find(_HEADINGS).name
        for sibling in list(section.next_siblings):
            if getattr(sibling, "name", None) is not None and _ends_wrapper(sibling, rank):
                break
            section.append(sibling.extract())


def _wraps_heading_alone(section) -> bool:
    headings = section.find_all(_HEADINGS)
    return len(headings) == 1 and _words(section.get_text(" ")) == _words(
        headings[0].get_text(" "))


def _ends_wrapper(element, rank: str) -> bool:
    """Whether ``element`` is or holds a heading of ``rank`` (``"h2"``) or above, outside an
    ``<aside>`` or a ``<nav>``: a side note's heading closes no section around it ("<aside>
    <h2>Note</h2>...</aside>" after a wrapped "<h2>A</h2>" left "A" empty, its text after
    the note the page's)."""
    if element.name in _ASIDES:
        return False
    names = [element.name, *(e.name for e in element.find_all(_HEADINGS)
                             if not any(a is element for a in _aside_parents(e)))]
    return any(n in _HEADINGS and n <= rank for n in names)


def _aside_parents(heading) -> list:
    """The elements around ``heading``'s nearest ``<aside>`` or ``<nav>``, that one too;
    none where it stands in neither."""
    side = heading.find_parent(_ASIDES)
    return [side, *side.parents] if side is not None else []


def _nested_headings(soup, blocks: list[Block], elements: dict[int, object]) -> list[Block]:
    """``blocks`` with each heading of a section nested in another's one level below the
    heading of the section around it, where its own level put it beside or above that one
    (``<h2>`` in ``<h2>``'s section), and the other headings of its section moved as far.
    A heading after the end of the sections of the last headings, where an earlier heading's
    section holds it, is raised out of theirs (an ``<h3>`` after an ``<article>`` headed by
    an ``<h2>``), and where none does, out of all of theirs but a level-1 heading's (the
    page's title, which holds the page wherever it stands): after "<section><h2>W</h2>
    <section><h2>A</h2></section></section>", an ``<h3>`` is beside "W", where its level put
    it in "W" beside "A" (a page with an ``<h1>`` before the sections read it so already);
    one heading a section in no other, where the page's first heading
    stands in none and is still open, is below that one. A heading in an ``<aside>`` or a
    ``<nav>`` is at least one level below the last open heading around that element: a side
    note's ``<h2>`` in a page's ``<h3>`` section would otherwise close that section and its
    ``<h2>`` one, and take in the text and the ``<h3>`` sections after the note; below it,
    the headings after the note's end find the sections open as they were before it."""
    own = _own_headings(soup)
    out = list(blocks)
    first = next((i for i, b in enumerate(blocks) if b.kind is BlockKind.HEADING), None)
    if first is None or first not in elements or elements[first].find_parent(_SECTIONS):
        first = None
    stack: list[int] = []  # the open sections' heading blocks, as the tree nests them
    moved: dict[int, int] = {}  # id(heading element) -> how far its level moved
    for i, block in enumerate(blocks):
        if block.kind is not BlockKind.HEADING:
            continue
        level = block.level
        element = elements.get(i)
        outer = _outer_heading(element, own) if element is not None else None
        if outer is not None:
            level = max(1, level + moved.get(id(outer), 0))
        if element is not None:
            held = [k for k, j in enumerate(stack)
                    if out[j].level == 1 or _holds(elements.get(j), element)]
            closed = held[-1] + 1 if held else 0
            if closed < len(stack):
                level = min(level, out[stack[closed]].level)
            heads = own.get(id(element.find_parent(_SECTIONS))) is element
            above = next((j for j in stack if elements.get(j) is outer), None)
            if heads and above is not None:
                level = max(level, out[above].level + 1)
            elif heads and outer is None and first in stack:
                level = max(level, out[first].level + 1)
            side = element.find_parent(_ASIDES)
            around = [j for j in stack if _holds(elements.get(j), side)] if side else []
            if around:
                level = max(level, out[around[-1]].level + 1)
            moved[id(element)] = level - block.level
        if level != block.level:
            out[i] = replace(block, level=level)
        while stack and out[stack[-1]].level >= level:
            stack.pop()
        stack.append(i)
    return out


def _holds(heading, element) -> bool:
    """Whether ``element`` stands in what ``heading`` holds: the section it stands in (the
    one it heads, if any), else the page. A heading matched to no page heading holds all."""
    section = heading.find_parent(_SECTIONS) if heading is not None else None
    return section is None or any(p is section for p in element.parents)


def _own_headings(soup) -> dict[int, object]:
    """Each headed section's heading (by ``id`` of the section): its first heading that
    stands in no section within it. A section without one is a wrapper, and no level."""
    own: dict[int, object] = {}
    for heading in soup.find_all(_HEADINGS):
        section = heading.find_parent(_SECTIONS)
        if section is not None:
            own.setdefault(id(section), heading)
    return own


def _outer_heading(heading, own: dict[int, object]):
    """The heading of the nearest headed section around ``heading`` that it does not head
    itself; None: the page's."""
    for section in heading.find_parents(_SECTIONS):
        found = own.get(id(section))
        if found is not None and found is not heading:
            return found
    return None


def _heading_elements(soup, blocks: list[Block]) -> dict[int, object]:
    """Each heading block's page heading (by the block's index), matched in order by their
    words."""
    found = soup.find_all(_HEADINGS)
    keys = [_words(h.get_text(" ")) for h in found]
    out: dict[int, object] = {}
    cursor = 0
    for i, block in enumerate(blocks):
        if block.kind is BlockKind.HEADING:
            key = _words(block.text)
            hit = next((j for j in range(cursor, len(keys)) if keys[j] == key), None)
            if hit is not None:
                out[i] = found[hit]
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
