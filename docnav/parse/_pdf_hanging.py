"""Lists set with a hanging indent: a paper's works cited, each entry's first line at the
margin and the lines it wraps onto indented.

Line by line, such an entry reads like paragraphs: its wrapped line set in italics ("... In"
/ "Proceedings of EMNLP, pp. 2011-2021, 2017.") or indented after a stop ("Xu, J. M., ...
(2012, June)." / "Learning from bullying traces ...") seemed to start a paragraph, and an
entry whose last line reached the margin ran on into the next ("... In ACL, 334-343." /
"[2015] Felt, P.; ..."). Where a page shows the indent in two entries or more, an indented
line goes on with the entry above it and a line back at the margin starts the next.
"""

from __future__ import annotations

from collections import Counter

from docnav.parse._pdf_lines import Line, TextStats
from docnav.parse._pdf_paragraphs import BULLET, Draft

_TOLERANCE = 1.5  # points: the wrapped lines of one list sit this close to each other
_MIN_INDENT = 3.0  # points: a smaller step in is a line's own unevenness
_MAX_INDENT = 3.0  # ems
Indents = list[tuple[int, float, float]]  # (page, margin, indent) of each list found


def hanging_entries(drafts: list[Draft], stats: TextStats) -> list[Draft]:
    """``drafts`` with each hanging-indent entry one draft: its wrapped lines joined to it
    (:func:`_wraps_onto`), and the entries that ran together apart (:func:`_entries`)."""
    indents = _indents(drafts, stats)
    if not indents:
        return drafts
    merged: list[Draft] = []
    for d in drafts:
        if merged and _wraps_onto(merged[-1], d, indents, stats):
            merged[-1].lines.extend(d.lines)
        else:
            merged.append(d)
    return [part for d in merged for part in _entries(d, indents, stats)]


def _indents(drafts: list[Draft], stats: TextStats) -> Indents:
    """Each page's hanging indents, as (page, margin, indent): a shape two drafts or more show
    there, one line at the margin and every other one at the indent. That line is a draft's
    first, or one after the last lines of the entry above, at the indent: where an entry's
    title is set smaller than its first line (1810.08699's italics), each entry is split
    after that line, and a draft that holds an entry's first line with its wrapped ones
    starts with the lines of the one before ("... No 1. 2018." / "[5] Weber and Pötzl. ..."
    / "ceedings of GermEval ..."); counting only those starting at the margin, the left
    column showed the shape once, and its list went unseen."""
    shapes: Counter[tuple[int, float, float]] = Counter()
    for d in drafts:
        if d.outline is not None or len(d.lines) < 2 \
                or any(x.cells >= 3 or x.page != d.lines[0].page for x in d.lines):
            continue
        for at, (first, wrapped) in enumerate(zip(d.lines, d.lines[1:])):
            indent = wrapped.left - first.left
            if not BULLET.match(first.text) \
                    and _MIN_INDENT <= indent <= _MAX_INDENT * stats.body_height and all(
                    abs(x.left - wrapped.left) <= _TOLERANCE
                    for x in d.lines[:at] + d.lines[at + 2:]):
                shapes[(first.page, round(first.left), round(indent))] += 1
                break
    found: Indents = []
    for (page, margin, indent), n in shapes.items():
        near = sum(m for (p, a, b), m in shapes.items()
                   if p == page and abs(a - margin) <= _TOLERANCE
                   and abs(b - indent) <= _TOLERANCE)
        if near >= 2:
            found.append((page, margin, indent))
    return found


def _list_at(line: Line, indents: Indents) -> tuple[float, float] | None:
    """The (margin, indent) of the hanging list whose margin ``line`` starts at, or None."""
    for page, margin, indent in indents:
        if page == line.page and abs(line.left - margin) <= _TOLERANCE:
            return margin, indent
    return None


def _inside(d: Draft, margin: float, indent: float) -> bool:
    """Every line of ``d`` at the list's margin or at its indent."""
    return all(abs(x.left - margin) <= _TOLERANCE or abs(x.left - margin - indent)
               <= _TOLERANCE for x in d.lines)


def _wraps_onto(prev: Draft, d: Draft, indents: Indents, stats: TextStats) -> bool:
    """Whether ``d``, starting at a hanging list's indent right under ``prev``, an entry
    started at its margin, holds lines that entry wraps onto. One line at the margin is an
    entry's first only when it fills the line as the entry's others do: a short one is a
    paragraph's last, and the indented line below the next paragraph's first."""
    if prev.outline is not None or d.outline is not None or not prev.lines or not d.lines \
            or BULLET.match(prev.lines[0].text) or BULLET.match(d.lines[0].text):
        return False
    head, last, first = prev.lines[0], prev.lines[-1], d.lines[0]
    place = _list_at(head, indents)
    if place is None or first.page != last.page:
        return False
    margin, indent = place
    if abs(first.left - margin - indent) > _TOLERANCE or not (
            _inside(prev, margin, indent) and _inside(d, margin, indent)):
        return False
    if len(prev.lines) > 1 and abs(prev.lines[1].left - margin - indent) > _TOLERANCE:
        return False
    # the heights the lines have or their sizes against their fonts' usual ones: an entry's
    # title set in italics, a font the paper uses most in smaller text, is no smaller there
    # (1810.08699); a line's box may be taller than its neighbour's (1801.05147)
    sizes = sorted((stats.size(last), stats.size(first)))
    heights = sorted((last.height / stats.body_height, first.height / stats.body_height))
    step = first.top - last.top
    if min(sizes[1] / sizes[0], heights[1] / heights[0]) > 1.15 or not (
            0 < step <= 1.3 * stats.pitch * max(min(sizes[1], heights[1]), 1.0)):
        return False
    return len(prev.lines) > 1 or head.right >= first.right - 4 * stats.body_height


def _entries(d: Draft, indents: Indents, stats: TextStats) -> list[Draft]:
    """``d`` cut before each line at the list's margin, when ``d`` is a hanging list's entry
    (its first line at the margin, its second at the indent): an entry starts there."""
    if d.outline is not None or len(d.lines) < 2 or BULLET.match(d.lines[0].text):
        return [d]
    place = _list_at(d.lines[0], indents)
    if place is None:
        return [d]
    margin, indent = place
    if abs(d.lines[1].left - margin - indent) > _TOLERANCE or not _inside(d, margin, indent):
        return [d]
    parts = [Draft([d.lines[0]], gap_before=d.gap_before)]
    for before, line in zip(d.lines, d.lines[1:]):
        if abs(line.left - margin) <= _TOLERANCE:
            parts.append(Draft([line], gap_before=(line.top - before.top) / stats.pitch))
        else:
            parts[-1].lines.append(line)
    return parts
