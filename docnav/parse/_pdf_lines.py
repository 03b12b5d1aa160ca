"""Text lines of a natively parsed PDF: position, size and font weight, page furniture removed.

docling's ``NativePdfPipeline`` emits one ``TextItem`` per text line with its box; the fonts
stay in the parsed pages of the conversion result (``page.parsed_page.textline_cells``), in the
same order, and are paired back here. Cells that share a row (a label and its value, a table row,
"Item 1." and "Business" in a 10-K) are merged into one line.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass, replace

from docling_core.types.doc import DoclingDocument, TextItem

_WEIGHTS = (
    (re.compile(r"black|heavy|ultra|extrabold|xbold", re.I), 900),
    (re.compile(r"bold|semibold|demi|[-,_ ]bd\b|bd$|cmbx|sfbx|bx\d|-b$|,b$|medi\b|medi$|heavy",
                re.I), 700),
    (re.compile(r"medium|-md\b|md$", re.I), 500),
    (re.compile(r"light|thin|-lt\b|lt$", re.I), 300),
)
# "12", "xi", "Page 3 of 9", and a manual's chapter-page numbers ("7-45", "A-3")
_PAGE_NUMBER = re.compile(
    r"^\s*(page\s+)?([0-9]{1,4}|[ivxlcdm]{1,7}|[0-9a-z]{1,2}\s?[-\u2013]\s?[0-9]{1,4})"
    r"(\s*(of|/)\s*[0-9]{1,4})?\s*$", re.I
)
_NUMBER_CELL = re.compile(r"^\s*[0-9]{1,4}\s*$")
_DIGITS = re.compile(r"\d+")
_RULE = re.compile(r"^\s*_{3,}[\s_]*$")  # drawn with underscores: a footnote's, a signature's
_SHORT = 8  # words: a running header below the margin is no longer (a sentence repeated is text)
# a page number at either end of a running foot or head: "Chapter 3. Row and Column Access
# Control 19", "© Copyright IBM Corp. 2014. All rights reserved. xi", "20 Row and Column ..."
_NUMBER_AT_END = re.compile(r"\S\s+([0-9]{1,4}|[ivxlcdm]{1,7})\s*$", re.I)
_NUMBER_AT_START = re.compile(r"^\s*([0-9]{1,4}|[ivxlcdm]{1,7})\s+\S", re.I)


@dataclass(frozen=True, slots=True)
class Line:
    """One text line; coordinates in points with the origin at the page's top left."""

    text: str
    page: int
    left: float
    top: float
    right: float
    bottom: float
    font: str = ""
    weight: int = 400
    cells: int = 1
    ends_with_number: bool = False  # last cell of the row is a bare number (TOC page refs)
    # its last hyphen is the word's own ("self-" / "publishing"), or put in to break a word
    # ("McK-" / "eown" where the document writes "McKeown"); None: not judged, a hyphen after
    # a lower-case letter taken out and one after a capital or a digit kept
    word_hyphen: bool | None = None

    @property
    def height(self) -> float:
        return self.bottom - self.top


@dataclass(frozen=True)
class PageLines:
    lines: list[Line]
    page_heights: dict[int, float]


def font_weight(font: str) -> int:
    """A CSS-like weight guessed from a PDF font name (``TimesNewRoman-Bold`` -> 700)."""
    name = font.split("+", 1)[-1]
    for pattern, weight in _WEIGHTS:
        if pattern.search(name):
            return weight
    return 400


def extract_lines(result, doc: DoclingDocument) -> PageLines:
    """The document's lines in the parser's order, with fonts where they can be paired."""
    heights = {no: page.size.height for no, page in doc.pages.items()}
    fonts = _fonts_by_page(result)
    per_page: dict[int, list[TextItem]] = defaultdict(list)
    for item in doc.texts:
        if item.prov and item.text.strip():
            per_page[item.prov[0].page_no].append(item)
    lines: list[Line] = []
    for page_no in sorted(per_page):
        items = per_page[page_no]
        page_fonts = fonts.get(page_no)
        if page_fonts is None or [t for t, _ in page_fonts] != [i.text for i in items]:
            page_fonts = [("", "")] * len(items)
        height = heights.get(page_no, 792.0)
        for item, (_, font) in zip(items, page_fonts):
            box = item.prov[0].bbox
            top, bottom = sorted((height - box.t, height - box.b))
            lines.append(Line(" ".join(item.text.split()), page_no, box.l, top, box.r, bottom,
                              font, font_weight(font),
                              ends_with_number=bool(_NUMBER_CELL.match(item.text))))
    return PageLines(merge_rows(lines), heights)


def _fonts_by_page(result) -> dict[int, list[tuple[str, str]]]:
    out: dict[int, list[tuple[str, str]]] = {}
    for page in getattr(result, "pages", None) or ():
        parsed = getattr(page, "parsed_page", None)
        if parsed is None:
            continue
        out[page.page_no] = [(c.text, getattr(c, "font_name", "") or "")
                             for c in parsed.textline_cells if c.text and c.text.strip()]
    return out


def merge_rows(lines: list[Line]) -> list[Line]:
    """Merge consecutive cells on the same row (vertical overlap, left to right)."""
    out: list[Line] = []
    for line in lines:
        prev = out[-1] if out else None
        if prev is not None and _same_row(prev, line):
            out[-1] = replace(
                prev,
                text=f"{prev.text} {line.text}",
                left=min(prev.left, line.left),
                top=min(prev.top, line.top),
                right=max(prev.right, line.right),
                bottom=max(prev.bottom, line.bottom),
                weight=min(prev.weight, line.weight),  # bold only if every cell is
                cells=prev.cells + 1,
                ends_with_number=(line if line.left >= prev.left else prev).ends_with_number,
            )
        else:
            out.append(line)
    return out


def _same_row(a: Line, b: Line) -> bool:
    """``b`` sits on ``a``'s row: right of it, or just left of it (a number set before a title)."""
    if a.page != b.page:
        return False
    overlap = min(a.bottom, b.bottom) - max(a.top, b.top)
    if overlap < 0.6 * min(a.height, b.height):
        return False
    if b.left >= a.right - 1.0:
        return True
    return b.right <= a.left + 1.0 and a.left - b.right < 3 * max(a.height, b.height)


def drop_furniture(pages: PageLines, margin: float = 0.1, band: float = 0.15) -> list[Line]:
    """Drop page numbers, running headers/footers, rotated margin text and rules drawn with
    underscores.

    A running header or footer is text repeated on many pages in the page's ``margin`` (its top
    or bottom tenth), or at one height within the wider ``band`` ("NOTES TO CONSOLIDATED
    FINANCIAL STATEMENTS (Continued)" sits just below Adobe's top margin on each page of its
    notes) if it is short; a carry-over line ending in "(continued)" needs three such pages.
    A line in the margin with a page number at either end is furniture where lines ending in
    a page number stand at its height on that many pages, each a different number: a book's
    running foot names the chapter it is in ("Chapter 3. Row and Column Access Control 19"),
    so no one text of it repeats often enough. A book's running head alternates, its left-hand
    pages' text unlike its right-hand ones': a line at one place (to the point) in the margin
    of pages that are all even or all odd is furniture on half as many pages (the Korean
    report's "이슈와 논점" heads its pages 2 and 4 of 4, and was read as a heading twice)."""
    n_pages = len(pages.page_heights) or 1
    lines = [x for x in pages.lines if not _vertical(x) and not _RULE.match(x.text)]
    spots: list[tuple[bool, tuple[str, int] | None]] = []  # in the margin; (key, height) in band
    seen: dict[str, set[int]] = defaultdict(set)
    fixed: dict[tuple[str, int], set[int]] = defaultdict(set)
    numbered: dict[int, set[str]] = defaultdict(set)  # height: the page numbers ending lines
    placed: dict[tuple[str, int, int], set[int]] = defaultdict(set)  # (key, top, left): pages
    for line in lines:
        h = pages.page_heights.get(line.page, 792.0)
        key = _furniture_key(line.text)
        edge = line.bottom < h * margin or line.top > h * (1 - margin)
        spot = None
        if (edge or len(key.split()) <= _SHORT) and (line.bottom < h * band
                                                     or line.top > h * (1 - band)):
            spot = (key, round(100 * line.top / h))
            fixed[spot].add(line.page)
        if edge:
            seen[key].add(line.page)
            placed[_place(key, line)].add(line.page)
            if m := _NUMBER_AT_END.search(line.text):
                numbered[spot[1]].add(m.group(1).casefold())
        spots.append((edge, spot))
    repeated = max(3, int(0.3 * n_pages))
    footers = {height for height, numbers in numbered.items() if len(numbers) >= repeated}

    def furniture(line: Line, edge: bool, spot) -> bool:
        if edge and _PAGE_NUMBER.match(line.text):
            return True
        if n_pages < 3 or spot is None:
            return False
        if edge and spot[1] in footers and (_NUMBER_AT_END.search(line.text)
                                            or _NUMBER_AT_START.match(line.text)):
            return True
        times = len(fixed[spot])
        return ((edge and len(seen[spot[0]]) >= repeated) or times >= repeated
                or (times >= 3 and spot[0].endswith("(continued)"))
                or (edge and _alternate(placed[_place(spot[0], line)], repeated)))

    numbers = _floating_page_numbers(lines, repeated) if n_pages >= 3 else set()
    return [line for i, (line, (edge, spot)) in enumerate(zip(lines, spots))
            if i not in numbers and not furniture(line, edge, spot)]


def _place(key: str, line: Line) -> tuple[str, int, int]:
    return key, round(line.top), round(line.left)


def _alternate(pages: set[int], repeated: int) -> bool:
    """On every other page: two or more, half as many as ``repeated``, each two pages after
    the one before (pages 2 and 4 of the Korean report). Of one parity alone, a real heading
    at the top of pages 3 and 7 (each chapter opening with its "Summary") was furniture."""
    ordered = sorted(pages)
    return len(ordered) >= max(2, repeated // 2) and all(
        b - a == 2 for a, b in zip(ordered, ordered[1:]))


def _floating_page_numbers(lines: list[Line], repeated: int) -> set[int]:
    """Indices of page numbers set where a page's text ends, anywhere on the page (a filing
    printed from HTML: Amazon's "6" two thirds down page 6): a bare number, its page's lowest
    line, that counts with the pages (page minus number the same) on ``repeated`` pages."""
    lowest: dict[int, int] = {}
    for i, line in enumerate(lines):
        if line.page not in lowest or line.bottom > lines[lowest[line.page]].bottom:
            lowest[line.page] = i
    bare = [i for i in lowest.values() if _NUMBER_CELL.match(lines[i].text)]
    offsets = Counter(lines[i].page - int(lines[i].text) for i in bare)
    if not offsets:
        return set()
    offset, times = offsets.most_common(1)[0]
    if times < repeated:
        return set()
    return {i for i in bare if lines[i].page - int(lines[i].text) == offset}


def _vertical(line: Line) -> bool:
    """Rotated text, such as arXiv's stamp in the left margin."""
    return len(line.text) > 3 and line.height > 2 * (line.right - line.left)


def _furniture_key(text: str) -> str:
    return _DIGITS.sub("#", " ".join(text.split()).casefold())


@dataclass(frozen=True)
class TextStats:
    """What body text looks like in this document."""

    body_height: float
    body_weight: int
    body_font: str
    pitch: float  # usual distance from one body line's top to the next one's
    font_height: dict[str, float]

    def size(self, line: Line) -> float:
        """Line height relative to body text, snapped to its font's usual height."""
        usual = self.font_height.get(line.font)
        h = line.height
        if usual and abs(h - usual) <= 0.3 * usual:
            h = usual
        return h / self.body_height if self.body_height else 1.0

    def font_size(self, line: Line) -> float:
        """The usual height of the line's font, relative to body text."""
        usual = self.font_height.get(line.font) or line.height
        return usual / self.body_height if self.body_height else 1.0


def text_stats(lines: list[Line]) -> TextStats:
    by_font: dict[str, Counter] = defaultdict(Counter)
    for line in lines:
        by_font[line.font][round(line.height, 1)] += len(line.text)
    font_height = {font: _weighted_median(c) for font, c in by_font.items()}
    chars = Counter()
    for line in lines:
        chars[(line.font, line.weight)] += len(line.text)
    if not chars:
        return TextStats(10.0, 400, "", 12.0, {})
    (body_font, body_weight), _ = chars.most_common(1)[0]
    body_height = font_height.get(body_font) or 10.0
    pitches = [
        b.top - a.top
        for a, b in zip(lines, lines[1:])
        if a.page == b.page and a.font == b.font == body_font
        and 0 < b.top - a.top < 3 * body_height
    ]
    pitch = statistics.median(pitches) if pitches else 1.2 * body_height
    return TextStats(body_height, body_weight, body_font, pitch, font_height)


def _weighted_median(counter: Counter) -> float:
    total = sum(counter.values())
    running = 0
    for value in sorted(counter):
        running += counter[value]
        if running * 2 >= total:
            return value
    return 0.0
