"""The PDF outline (bookmarks) as headings placed in the text.

Each outline entry is looked up on its destination page: the line, or run of up to four
lines, whose text equals the entry's title (ignoring case, spacing, punctuation and a leading
section number, which the two may write differently: "II-A Dataset extraction" is printed "A.
Dataset extraction") becomes that heading, above the lines of its column that it stands over
(the text's order may put a page's head last); where nothing matches, the heading is inserted at
the destination's position — in the destination's column, on a page set in columns — so the
structure is still there.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from docnav.parse._pdf_lines import Line

_NON_WORD = re.compile(r"[\W_]+")
_INDENT = 40.0  # points: how far right of a column's edge its lines may start
# a leading section number followed by a space: "3", "3.1", "2.1." ; "II-A", "IV.B" ; "A.",
# "(b)", "iv)", "II." -- a letter or Roman numeral only with its punctuation, so that words
# ("A survey", "I think", "X-ray imaging", "Civil law") keep their first word
_LEADING_NUMBER = re.compile(
    r"^\s*(?:[0-9]+(?:[.\-\u2013][0-9A-Za-z]{1,3})*[.):]?"
    r"|[IVXLC]+(?:[.\-\u2013][0-9A-Z]{1,3})+[.):]?"
    r"|\(?(?:[IVXLC]+|[ivxlc]+|[A-Za-z])[.)])\s+")


@dataclass(frozen=True, slots=True)
class OutlineEntry:
    title: str
    level: int  # 1 = top
    page: int | None  # 1-based
    y: float | None  # destination's top, from the page's top
    x: float | None = None  # destination's left edge


def read_outline(pdf, page_heights: dict[int, float]) -> list[OutlineEntry]:
    """The bookmarks of an open ``pypdfium2.PdfDocument``, in document order."""
    entries: list[OutlineEntry] = []
    for mark in pdf.get_toc(max_depth=32):
        title = " ".join((mark.get_title() or "").split())
        if not title:
            continue
        dest = mark.get_dest()
        index = dest.get_index() if dest is not None else None
        page = index + 1 if index is not None else None
        x = y = None
        if dest is not None and page is not None:
            _, view = dest.get_view()
            if len(view) >= 2 and view[1]:
                y = page_heights.get(page, 792.0) - float(view[1])
            if len(view) >= 1 and view[0]:
                x = float(view[0])
        entries.append(OutlineEntry(title, mark.level + 1, page, y, x))
    return entries


@dataclass(frozen=True, slots=True)
class Placed:
    """Where an outline heading goes: before line ``index``, replacing ``span`` lines; or,
    with ``at``, before line ``at``, the ``span`` lines at ``index`` taken out."""

    index: int
    span: int
    entry: OutlineEntry
    at: int | None = None


def place_outline(entries: list[OutlineEntry], lines: list[Line]) -> list[Placed]:
    """Find each entry's heading line(s); unmatched entries go to their destination."""
    by_page: dict[int, list[int]] = {}
    for i, line in enumerate(lines):
        by_page.setdefault(line.page, []).append(i)
    used: set[int] = set()
    placed: list[Placed] = []
    for entry in entries:
        if entry.page is None:
            continue
        hit = None
        for page in (entry.page, entry.page + 1):
            hit = _best_match(entry, lines, by_page.get(page, []), used)
            if hit:
                break
        if hit:
            start, span = hit
            used.update(range(start, start + span))
            placed.append(Placed(start, span, entry, _read_before(start, lines, by_page)))
        else:
            placed.append(Placed(_insertion_point(entry, lines, by_page), 0, entry))
    return placed


def _best_match(entry: OutlineEntry, lines: list[Line], indices: list[int],
                used: set[int]) -> tuple[int, int] | None:
    key = _key(entry.title)
    number, rest = _split_number(entry.title)
    core = _key(rest)  # the title without its number
    if not key:
        return None
    matches: list[tuple[int, int, int]] = []  # (0 the same text / 1 numbered otherwise, index, span)
    for pos, i in enumerate(indices):
        if i in used:
            continue
        acc = acc_core = ""
        line_number: list[str] = []
        for span, j in enumerate(indices[pos: pos + 4], start=1):
            if j in used:
                break
            acc += _key(lines[j].text)
            if span == 1:
                line_number, line_rest = _split_number(lines[j].text)
                acc_core = _key(line_rest)
            else:
                acc_core += _key(lines[j].text)
            if acc == key or (line_number and acc_core == key):  # "1 Introduction"
                matches.append((0, i, span))
                break
            if core and acc_core == core and _same_number(line_number, number):
                matches.append((1, i, span))
                break
            if not key.startswith(acc) and not (core and core.startswith(acc_core)):
                break
    if not matches:
        return None
    # a line with the bookmark's own text before one numbered otherwise; then the nearest
    best = min(matches, key=lambda m: (m[0], m[1] if entry.y is None
                                       else abs(lines[m[1]].top - entry.y)))
    return best[1], best[2]


def _read_before(index: int, lines: list[Line], by_page: dict[int, list[int]]) -> int | None:
    """The first line of the page that the heading line at ``index`` stands above (the same
    column, below it) but that comes before it in the text's order; None when there is none.
    A page's head can come last in the extracted text: Adobe's "NOTES TO CONSOLIDATED
    FINANCIAL STATEMENTS", printed over "NOTE 1.", followed the page's last paragraph."""
    head = lines[index]
    for i in by_page.get(head.page, []):
        if i >= index:
            return None
        line = lines[i]
        if line.top >= head.bottom and line.left < head.right and head.left < line.right:
            return i
    return None


def _insertion_point(entry: OutlineEntry, lines: list[Line], by_page: dict[int, list[int]]) -> int:
    """Before the first line at or below the destination; on a page in columns, the first
    such line of the destination's column, or after the column's last line when the
    destination is below it."""
    indices = by_page.get(entry.page, [])
    if entry.y is not None and entry.x is not None:
        column = [i for i in indices if _in_column(lines[i], entry.x)]
        below = [i for i in column if lines[i].top >= entry.y - 2]
        if below:
            return min(below, key=lambda i: (lines[i].top, i))
        if column:
            return max(column, key=lambda i: (lines[i].top, i)) + 1
    for i in indices:
        if entry.y is None or lines[i].top >= entry.y - 2:
            return i
    if indices:
        return indices[-1] + 1
    later = [i for page, idx in by_page.items() if page > entry.page for i in idx]
    return min(later) if later else len(lines)


def _in_column(line: Line, x: float) -> bool:
    """In the column whose left edge is ``x``: the line spans it, or starts just right of it
    (an indented first line, a short line)."""
    return line.left - 3 <= x <= line.right or 0 <= line.left - x <= _INDENT


def _key(text: str) -> str:
    return _NON_WORD.sub("", unicodedata.normalize("NFKC", text).casefold())


def _split_number(text: str) -> tuple[list[str], str]:
    """A heading's leading section number, as its parts ("II-A" -> ["II", "A"]), and the rest."""
    match = _LEADING_NUMBER.match(text)
    if not match:
        return [], text
    return re.findall(r"[0-9A-Za-z]+", match.group(0).upper()), text[match.end():]


def _same_number(line: list[str], bookmark: list[str]) -> bool:
    """The printed number is none, the bookmark's, or its last parts ("A." under "II-A")."""
    return not line or bookmark[-len(line):] == line


def apply_outline(lines: list[Line], placed: list[Placed]) -> list[Line | OutlineEntry]:
    """The lines with outline headings in place: matched lines replaced, others inserted."""
    before: dict[int, list[Placed]] = {}
    for p in placed:
        before.setdefault(p.index if p.at is None else p.at, []).append(p)
    skip: set[int] = set()
    out: list[Line | OutlineEntry] = []
    for i in range(len(lines) + 1):
        for p in before.get(i, ()):
            out.append(p.entry)
            skip.update(range(p.index, p.index + p.span))
        if i < len(lines) and i not in skip:
            out.append(lines[i])
    return out
