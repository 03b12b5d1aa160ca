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
(:func:`disclosure_sections`).
"""

from __future__ import annotations

import html as html_text
import re
from bisect import bisect_left
from dataclasses import dataclass, replace

from docnav.model import Block, BlockKind
from docnav.parse._html import _words
from docnav.parse._html_rewrite import reads_as_heading

_TAGS = re.compile(r"<!--.*?-->|<(/?)details\b[^>]*>|<summary\b[^>]*>(.*?)</summary\s*>",
                   re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"<[^>]*>")


@dataclass(frozen=True, slots=True)
class Mark:
    """A disclosure's opening or end, by the blocks around it: ``at`` is the block of its
    summary (None: it has none read as a block of its own) or the first block after its
    end."""

    opens: bool
    at: int | None


def disclosure_marks(html: str, blocks: list[Block], before: int) -> list[Mark]:
    """Where the HTML block ``html`` opens and ends disclosures, by the index their blocks
    have in the document, whose ``before`` blocks precede ``blocks``, those read of it. A
    tag and a block are placed by the words of the block's text before them."""
    events: list[tuple[str, int, str]] = []  # ("open" | "summary" | "end", words before, said)
    said: list[str] = []
    size = 0
    cursor = 0
    for match in _TAGS.finditer(html):
        said.append(_text_words(html[cursor:match.start()]))
        size += len(said[-1])
        cursor = match.end()
        if match.group(2) is not None:
            events.append(("summary", size, _text_words(match.group(2))))
            said.append(events[-1][2])
            size += len(said[-1])
        elif not match.group(0).startswith("<!--"):
            events.append(("end" if match.group(1) else "open", size, ""))
    stream = "".join(said) + _text_words(html[cursor:])
    starts: list[int] = []  # where each block's words begin in the stream
    end = 0  # where the last block found ends: "<p>Options</p>" before a summary "Options"
    for block in blocks:
        key = _words(block.text)
        found = stream.find(key, end) if key else -1
        starts.append(found if found >= 0 else (starts[-1] if starts else 0))
        end = found + len(key) if found >= 0 else end
    marks: list[Mark] = []
    last = ""
    for kind, offset, summary in events:
        at = bisect_left(starts, offset)
        if kind == "open":
            marks.append(Mark(True, None))
        elif kind == "end":
            marks.append(Mark(False, before + at))
        elif last == "open" and at < len(blocks) and starts[at] == offset \
                and _words(blocks[at].text) == summary:
            marks[-1] = Mark(True, before + at)
        last = kind
    return marks


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
    no section to go back to), and one followed by a heading deeper than its summary, which
    would be read as its subsection."""
    out = list(blocks)
    opened: list[Mark] = []
    pairs: list[tuple[int | None, int]] = []  # (its summary, the block after its end)
    for mark in marks:
        if mark.opens:
            opened.append(mark)
        elif opened:
            pairs.append((opened.pop().at, mark.at))
    pairs += [(mark.at, len(out)) for mark in opened]
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


def _section_level(blocks: list[Block], at: int) -> int:
    """The level of the section that the block ``at``, not a heading, stands in; 0: none."""
    level = 0
    for block in blocks[:at + 1]:
        if block.kind is BlockKind.HEADING or block.level:
            level = block.level
    return level
