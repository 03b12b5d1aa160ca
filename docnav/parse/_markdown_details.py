"""A Markdown file's raw HTML disclosures (``<details><summary>Options</summary>``) as
sections headed by their summaries, as a page's are (``_disclosures`` in
:mod:`docnav.parse._html_rewrite`).

Markdown inside a disclosure needs a blank line after its summary, so the usual way to write
one puts its parts in HTML blocks of their own with Markdown between them:
"<details>\\n<summary>Options</summary>", the Markdown it discloses, "</details>". Each HTML
block is read alone (:mod:`docnav.parse._markdown_html`) and none holds the whole
disclosure: its summary was read as a paragraph, what it discloses as the text of the
section around it. So where each block opens and closes a disclosure is marked while the
blocks are read (:func:`disclosure_marks`), and the sections are made once all are
(:func:`disclosure_sections`). The elements around them are marked too: a disclosure in a
site's menu (a ``<nav>``, a ``role="navigation"`` element, a ``<header>`` or a ``<footer>``)
stays as it is, as a page's does, whichever block opened that element; and a site's
navigation is left out, as a page's is (:func:`without_navigation`).
"""

from __future__ import annotations

import html as html_text
import re
from bisect import bisect_left
from dataclasses import dataclass, replace

from docnav.model import Block, BlockKind
from docnav.parse._html import _words
from docnav.parse._html_rewrite import _MENU_PLACES, reads_as_heading

_TAGS = re.compile(r"<!--.*?-->|<summary\b[^>]*>(.*?)</summary\s*>|<(/?)([a-z][\w:-]*)([^>]*)>",
                   re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"<[^>]*>")
_NAVIGATION = re.compile(r"\brole\s*=\s*[\"']?\s*navigation\b", re.IGNORECASE)
_VOID = frozenset(("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                   "param", "source", "track", "wbr"))  # elements that have no end


@dataclass(frozen=True, slots=True)
class Mark:
    """A disclosure's opening or end, by the blocks around it: ``at`` is the block of its
    summary (None: it has none read as a block of its own) or the first block after its
    end. Another element's (``tag``) opening or end, ``at`` the first block after its tag,
    says what stands around the disclosures and blocks after it; ``menu``: that element is
    a site's menu, ``navigation``: its navigation (a ``<nav>``, ``role="navigation"``)."""

    opens: bool
    at: int | None
    tag: str = "details"
    menu: bool = False
    navigation: bool = False


def disclosure_marks(html: str, blocks: list[Block], before: int) -> list[Mark]:
    """Where the HTML block ``html`` opens and ends disclosures, by the index their blocks
    have in the document, whose ``before`` blocks precede ``blocks``, those read of it. A
    tag and a block are placed by the words of the block's text before them."""
    events: list[tuple[str, int, str]] = []  # ("open" | "summary" | "end", words before, said)
    said: list[str] = []
    size = 0
    cursor = 0
    # (the next event's index, the words before it, an element's tag)
    elements: list[tuple[int, int, Mark]] = []
    for match in _TAGS.finditer(html):
        said.append(_text_words(html[cursor:match.start()]))
        size += len(said[-1])
        cursor = match.end()
        tag = (match.group(3) or "").lower()
        if match.group(1) is not None:
            events.append(("summary", size, _text_words(match.group(1))))
            said.append(events[-1][2])
            size += len(said[-1])
        elif tag == "details":
            events.append(("end" if match.group(2) else "open", size, ""))
        elif tag and tag not in _VOID and not match.group(4).rstrip().endswith("/"):
            navigation = tag == "nav" or bool(_NAVIGATION.search(match.group(4)))
            elements.append((len(events), size, Mark(not match.group(2), None, tag,
                                                     navigation or tag in _MENU_PLACES,
                                                     navigation)))
    stream = "".join(said) + _text_words(html[cursor:])
    starts: list[int] = []  # where each block's words begin in the stream
    end = 0  # where the last block found ends: "<p>Options</p>" before a summary "Options"
    for block in blocks:
        key = _words(block.text)
        found = stream.find(key, end) if key else -1
        starts.append(found if found >= 0 else (starts[-1] if starts else 0))
        end = found + len(key) if found >= 0 else end
    marks: list[tuple[int, Mark]] = []  # (its event's index, a disclosure's opening or end)
    last = ""
    for index, (kind, offset, summary) in enumerate(events):
        at = bisect_left(starts, offset)
        if kind == "open":
            marks.append((index, Mark(True, None)))
        elif kind == "end":
            marks.append((index, Mark(False, before + at)))
        elif last == "open" and at < len(blocks) and starts[at] == offset \
                and _words(blocks[at].text) == summary:
            marks[-1] = (marks[-1][0], Mark(True, before + at))
        last = kind
    placed = [(index, replace(mark, at=before + bisect_left(starts, offset)))
              for index, offset, mark in elements]
    # an element's tag placed before the event it precedes (a stable sort keeps it first)
    return [mark for _, mark in sorted(placed + marks, key=lambda placed: placed[0])]


def _text_words(html: str) -> str:
    """The letters and digits of ``html``'s text, its tags left out."""
    return _words(html_text.unescape(_TAG.sub(" ", html)))


def disclosure_sections(blocks: list[Block], marks: list[Mark]) -> list[Block]:
    """``blocks`` with each disclosure that ``marks`` open and end made a section as a
    page's is: its summary a heading one level below the section it stands in, the first
    block after its end back in that section. One stays as it was where a page's would: its
    summary a heading already or longer than one (:func:`reads_as_heading`), nothing in it
    but its summary, a heading of its summary's level or above in it. So does one that no
    heading's section holds (before the first heading: the blocks after its end would have
    no section to go back to), one followed by a heading deeper than its summary, which
    would be read as its subsection, and one in a site's menu: a "<nav>" block, a "<details>"
    block, "<summary>Menu</summary>", a list of links and the tags' ends made a section
    "Menu" of the links, the text after it back in the section before the menu."""
    out = list(blocks)
    opened: list[tuple[Mark, bool]] = []  # (a disclosure's opening, whether in a menu)
    elements: list[Mark] = []  # the other elements open, outermost first
    pairs: list[tuple[int | None, int]] = []  # (its summary, the block after its end)
    for mark in marks:
        if mark.tag != "details":
            _walk(elements, mark)
        elif mark.opens:
            opened.append((mark, any(m.menu for m in elements)))
        elif opened:
            opening, menu = opened.pop()
            if not menu:
                pairs.append((opening.at, mark.at))
    pairs += [(mark.at, len(out)) for mark, menu in opened if not menu]
    for summary, end in sorted((s, e) for s, e in pairs if s is not None):
        around = _section_level(out, summary)
        level = min(around + 1, 6)
        after = out[end] if end < len(out) else None
        if not around or out[summary].kind is not BlockKind.TEXT or end <= summary + 1 \
                or not reads_as_heading(out[summary].text) \
                or any(b.kind is BlockKind.HEADING and b.level <= level
                       for b in out[summary + 1:end]) \
                or after is not None and after.kind is BlockKind.HEADING and after.level > level:
            continue
        out[summary] = replace(out[summary], kind=BlockKind.HEADING, level=level)
        if after is not None and after.kind is not BlockKind.HEADING:
            out[end] = replace(after, level=min(after.level or around, around))
    return out


def without_navigation(blocks: list[Block], marks: list[Mark]) -> list[Block]:
    """``blocks`` without those in a site's navigation, as a page's reader leaves them out
    (``drop_navigation`` in :mod:`docnav.parse._html`, ``_footers`` in
    :mod:`docnav.parse._html_rewrite`): what a ``<nav>`` or ``role="navigation"`` element
    holds, lists and lines of links alone, and in a ``<footer>`` a list whose items are
    links alone. A "<nav>" block, a Markdown list of links and a "</nav>" block read "Home"
    and "Docs" as list items of the document's text, which every file of a site holds. A
    navigation's headings and prose stay (a table of contents in a ``<nav>``, "## Contents"
    and "Install explains how ...", went with it, where a page keeps them), and so do a
    ``<header>``'s and a footer's other text, as a page's do, and what an element never
    ended holds: its end is no more than a guess."""
    dropped: set[int] = set()
    elements: list[Mark] = []  # those open, outermost first
    since: dict[str, int] = {}  # "navigation", "footer" -> the first block in it
    for mark in marks:
        if mark.tag == "details":
            continue
        _walk(elements, mark)
        for place, inside in (("navigation", any(m.navigation for m in elements)),
                              ("footer", any(m.tag == "footer" for m in elements))):
            if inside:
                since.setdefault(place, mark.at)
            elif place in since:
                start = since.pop(place)
                dropped.update(_link_lists(blocks, start, mark.at))
                if place == "navigation":  # ("[Previous](/a) | [Next](/b)")
                    dropped.update(i for i in range(start, mark.at)
                                   if blocks[i].kind is BlockKind.TEXT
                                   and _links_alone(blocks[i]))
    return [b for i, b in enumerate(blocks) if i not in dropped]


def _link_lists(blocks: list[Block], start: int, end: int) -> list[int]:
    """The blocks from ``start`` to ``end`` that are runs of list items whose every item is
    links alone ("[Home](/)", not "Read [the guide](/g) first")."""
    out: list[int] = []
    run: list[int] = []
    for i in range(start, end + 1):
        if i < end and blocks[i].kind is BlockKind.LIST_ITEM:
            run.append(i)
            continue
        if run and all(_links_alone(blocks[j]) for j in run):
            out += run
        run = []
    return out


def _links_alone(block: Block) -> bool:
    said = _words(block.text)
    return bool(said) and said == "".join(_words(link.text) for link in block.links)


def _walk(elements: list[Mark], mark: Mark) -> None:
    """``elements``, those open before ``mark``, as those open after it: an element's end
    ends those opened in it and left open too ("<p>" without its "</p>"); an end opened by
    nothing ends nothing."""
    if mark.opens:
        elements.append(mark)
        return
    at = next((i for i in range(len(elements) - 1, -1, -1) if elements[i].tag == mark.tag),
              None)
    if at is not None:
        del elements[at:]


def _section_level(blocks: list[Block], at: int) -> int:
    """The level of the section that the block ``at``, not a heading, stands in; 0: none."""
    level = 0
    for block in blocks[:at + 1]:
        if block.kind is BlockKind.HEADING or block.level:
            level = block.level
    return level
