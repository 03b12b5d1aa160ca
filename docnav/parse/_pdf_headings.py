"""Which native-PDF drafts are headings, and at which level.

A heading is short and set apart from body text: larger, in a heavier font, or in another
font after a paragraph break; or numbered like a heading ("PART II", "Item 7.", "ITEM 1A.",
"Note 4-", "3.2 Results") and at least as heavy or large as body text. Table-of-contents
rows, table rows and column heads, captions, code, formulas, sentence fragments, lines in
parentheses and a form's field lines are not; nor are the drafts :mod:`._pdf_not_headings`
drops once all are classified (a filing's table labels by year, its signers, a paper's author
line). Levels follow size first, then the numbering ("PART" above "Item" above "Note", "3"
above "3.2"), then weight.
"""

from __future__ import annotations

import math
import re
import statistics
from collections import Counter

from docnav.parse._letters import LETTER, mostly_letters
from docnav.parse._pdf_lines import Line, TextStats
from docnav.parse._pdf_not_headings import (drop_author_lines, drop_listed_parts,
                                            drop_repeated_heads, drop_signers, drop_year_labels)
from docnav.parse._pdf_paragraphs import CAPTION, SENTENCE_END, Draft, join_lines

_PART = re.compile(r"^part\s+(?:[ivx]{1,4}|[0-9]{1,2})\b", re.I)
_CHAPTER = re.compile(r"^(?:chapter|appendix)\s+[0-9a-z]{1,3}\b", re.I)
_ITEM = re.compile(r"^item\s+[0-9]{1,2}[a-c]?(?:\s*[.:\u2013\u2014-]|\s+[A-Z]|\s*$)", re.I)
# a financial statement's note: "Note 1-DESCRIPTION OF BUSINESS", "NOTE 2. REVENUE", "Note 3 —"
_NOTE = re.compile(r"^note\s+[0-9]{1,2}\s*(?:[.:\u2013\u2014-]|\s+(?-i:[A-Z]))", re.I)
_NOTES_HEADING = re.compile(r"^notes to\b.*\bfinancial statements\b", re.I)
_DECIMAL = re.compile(r"^([0-9]{1,2}(?:\.[0-9]{1,2}){0,4})\.?\s+[^\s.,;:)%]")
_ROMAN = re.compile(r"^([IVX]{1,5})(?:-[A-Z])?\.?\s+[A-Z]")
_DOT_LEADER = re.compile(r"(?:\.\s?){4,}|…{2,}")
_NUMBER_COLUMNS = re.compile(r"\d[\d.,%]*\s+\d{1,4}\s*$")  # "Test set size 400 1000"
_MATH = re.compile(r"[=<>±×÷∑∏∫√≤≥≈≠∈∀∃∂∇]")
_MONO_FONT = re.compile(r"courier|mono|consol|menlo|inconsolata|cmtt|sfmt|typewriter", re.I)
_SYMBOL_FONT = re.compile(r"CM(?:MI|SY|EX)|MSBM|MSAM|txsy|txex|rtxm|Symbol|Wingding|Dingbat",
                          re.I)
_HEAD_CELL_WORDS = 6  # a table's column head is a few words a line
_ROW_WORDS = 8  # a table's row whose cells came as one line: a few words
_FULL_STOP = re.compile(r"[.!?][\"”’)]?$")  # a sentence's end ("O(mn)" ends a row)
_ROW_GAP = 1.5  # a label inside a table is this close (in line pitches) to the rows around it
_SPACER_GAP = 2.6  # or one blank row away from the rows above it, where a statement's groups part
# A form's check box before an option ("x ANNUAL REPORT PURSUANT TO ...", "¨ TRANSITION REPORT
# ..." on a 10-K's cover: box fonts' glyphs come out as "x", "¨", "þ", "ý", "o"), not a heading
_CHECK_BOX = re.compile(r"^(?:[\u00a8\u2610\u2611\u2612\u25a1\u25a0\u00fe\u00fd]|[xo](?=\s))\s*")
# a page's head over the rest of a section begun earlier ("NOTES TO CONSOLIDATED FINANCIAL
# STATEMENTS (Continued)" on each page of a 10-K's notes): no new section
_CONTINUED = re.compile(r"[(\[]\s*continued\s*[)\]]\s*$|\s[\u2013\u2014-]\s*continued\s*$", re.I)
# a line wholly in parentheses is an aside to what is around it: a table's unit "(In
# millions)", a form's "(Mark One)" or "(Exact name of registrant as specified in its charter)"
_ASIDE = re.compile(r"\([^()]*\)")
# A heading names something: a line that ends on "or", "and", "of", "the" runs on into the next
# (a cover's "For the fiscal year ended December 2, 2022 or", a lone "OR" between two options);
# "None" or "Not applicable" answers the line above; a ZIP code or an SEC file number ends an
# address or a form's field ("Washington, D.C. 20549", "Commission File No. 000-22513")
_RUNS_ON = re.compile(r"(?:^|\s)(?:and|or|nor|of|the|&)$", re.I)
_ANSWER = re.compile(r"(?:none|n/a|not applicable)\.?", re.I)
_FIELD_VALUE = re.compile(r"\b(?:\d{5}(?:-\d{4})?|\d{3}-\d{5})$")
# a figure's caption ("Figure 3-1 CREATE PERMISSION ...", "Fig. 2: ..."), not a sentence
# about it ("Figure 3-5 shows the difference ...")
_FIGURE = re.compile(r"^fig(?:ure)?\.?\s*[0-9]{1,3}(?:[-.][0-9]{1,3})?[a-z]?"
                     r"(?:[.:]|\s+(?-i:[^a-z\s]))", re.I)
_PATTERN_ORDER = {"part": 0, "chapter": 1, "item": 2, "note": 3, "roman": 4, "decimal": 5,
                  "style": 9}


def find_headings(drafts: list[Draft], stats: TextStats) -> None:
    """Set ``pattern``, ``depth`` and ``level`` on the drafts that are headings."""
    toc_pages = contents_pages([x for d in drafts for x in d.lines])
    _classify(drafts, stats, toc_pages)
    drop_listed_parts(drafts, toc_pages)
    drop_year_labels(drafts)
    drop_repeated_heads(drafts)
    drop_signers(drafts)
    drop_author_lines(drafts)
    _assign_levels(drafts, stats)


def is_code(d: Draft) -> bool:
    """Set in a monospaced font."""
    return bool(d.lines) and all(_MONO_FONT.search(x.font) for x in d.lines)


def contents_pages(lines: list[Line]) -> dict[int, float]:
    """Pages that look like a table of contents (many rows ending in page numbers), each with
    the top of its first such row: entries below it are not headings."""
    rows: dict[int, list[float]] = {}
    for line in lines:
        if contents_row(line):
            rows.setdefault(line.page, []).append(line.top)
    return {page: min(tops) for page, tops in rows.items() if len(tops) >= 5}


def contents_row(line: Line) -> bool:
    """A title with dot leaders, or with one page number in a cell of its own. A row ending in
    two numbers is a table's ("Training set size 600 8438"): a page of such rows is no table
    of contents, and the headings below it on the page stay headings."""
    if _DOT_LEADER.search(line.text):
        return True
    return (line.ends_with_number and line.cells >= 2 and mostly_letters(line.text)
            and not _NUMBER_COLUMNS.search(line.text))


def contents_entry(lines: list[Line]) -> str:
    """A table of contents' entry, its title and page number with what stood between them
    (dot leaders, a gap) read as " … ": "1.1 Security fundamentals . . . . . . 2" (a third of
    an entry's tokens were dots) and "Item 1. Business", "3" in a cell of its own become
    "1.1 Security fundamentals … 2", "Item 1. Business … 3"."""
    text = join_lines(lines)
    if _DOT_LEADER.search(text):
        return " ".join(_DOT_LEADER.sub(" … ", text).split())
    title, _, page = text.rpartition(" ")
    return f"{title} … {page}" if lines[-1].ends_with_number and title else text


def _column_lefts(lines: list[Line]) -> dict[int, list[float]]:
    """Per page, the text columns' margins: the left edges shared by at least three of its
    lines, and those of the document's margins (such edges on three pages or more) that any
    of its lines starts at. A page of bullets has two lines of body text at the margin: the
    heading just right of it was "not aligned" and taken for a label in a figure."""
    counts: dict[int, dict[int, int]] = {}
    for line in lines:
        page = counts.setdefault(line.page, {})
        page[round(line.left)] = page.get(round(line.left), 0) + 1
    margins = {p: {x for x, n in c.items() if n >= 3} for p, c in counts.items()}
    pages_at = Counter(x for xs in margins.values() for x in xs)
    usual = {x for x, n in pages_at.items() if n >= 3}
    return {p: sorted(margins[p] | (usual & c.keys())) for p, c in counts.items()}


def _aligned(line: Line, lefts: list[float], em: float) -> bool:
    """At a column's left margin (or just indented from it)."""
    return any(-em <= line.left - x <= 3 * em for x in lefts)


def _classify(drafts: list[Draft], stats: TextStats, toc_pages: dict[int, float]) -> None:
    lines = [x for d in drafts for x in d.lines]
    lefts = _column_lefts(lines)
    extents = _page_extents(lines)
    figures = _figure_areas(drafts, lines, stats)
    previous = "."  # the text before, if it is body text: a sentence may run on
    for i, d in enumerate(drafts):
        d.pattern, d.depth = _heading_kind(d, stats, toc_pages, previous)
        if d.pattern == "style" and not _big(d, stats):
            # the paragraph below, past a subheading that may come first ("Experiments",
            # then "Setup", both centred on the column)
            following = next((f for f in drafts[i + 1: i + 4]
                              if f.page == d.page and len(f.lines) > 1), None)
            areas = [extents[d.page]]
            if following:
                areas.append(_extent(following.lines))
            if not (_aligned(d.lines[0], lefts.get(d.page, []), stats.body_height)
                    or _centered(d.lines[0], areas, stats.body_height)):
                d.pattern = None  # a bold table column header, a label in a figure
        if d.pattern == "style" and _heads_a_table(drafts, i, stats.body_height):
            d.pattern = None  # large or not: a head cell can be as tall as two rows
        if d.pattern == "style" and _labels_rows(drafts, i):
            d.pattern = None
        if d.pattern == "style" and _heads_captioned_rows(drafts, i):
            d.pattern = None
        if d.pattern == "style" and _in_a_figure(d, figures.get(d.page, []), stats.pitch,
                                                 drafts):
            d.pattern = None
        previous = "." if d.pattern else join_lines(d.lines)


_Area = tuple[float, float, float, float]  # top, bottom, left, right


def _figure_areas(drafts: list[Draft], lines: list[Line], stats: TextStats
                  ) -> dict[int, list[_Area]]:
    """Per page, the figures captioned below ("Figure 3-1 CREATE PERMISSION SQL statement"):
    from the lowest line of body text above the caption, in its column, down to the caption;
    as wide as the caption and that line. (A paper's title over a figure atop its first page
    column is no text of the figure: with nothing of the page's text above, no area.)"""
    areas: dict[int, list[_Area]] = {}
    for d in drafts:
        if not d.lines or not _FIGURE.match(join_lines(d.lines)):
            continue
        caption = d.lines[0]
        above = [x for x in lines if x.page == caption.page and x.bottom <= caption.top
                 and x.font == stats.body_font and x.weight == stats.body_weight
                 and x.left < caption.right and x.right > caption.left]
        if above:  # a figure atop the page has no such line: its top is not known
            text = max(above, key=lambda x: x.bottom)
            areas.setdefault(caption.page, []).append(
                (text.bottom, caption.top, min(text.left, caption.left),
                 max(text.right, caption.right)))
    return areas


def _in_a_figure(d: Draft, areas: list[_Area], pitch: float, drafts: list[Draft]) -> bool:
    """Text inside a figure, not a heading: the Redbook's Figure 3-1 draws a CREATE PERMISSION
    statement with its clauses in bold ("FOR ROWS", "ENFORCED FOR ALL ACCESS", "ENABLE"),
    each taken for a heading. A heading set right under the text above the figure, or the
    first thing below that text however much space a heading style puts before it, is the
    figure's section's heading and stays one."""
    top = min(x.top for x in d.lines)
    bottom = max(x.bottom for x in d.lines)
    left, right = min(x.left for x in d.lines), max(x.right for x in d.lines)
    return any(area_top <= top and bottom <= area_bottom and left < area_right
               and right > area_left and top - area_top > 2.5 * pitch
               and _below_others(d, drafts, (area_top, top, area_left, area_right))
               for area_top, area_bottom, area_left, area_right in areas)


def _below_others(d: Draft, drafts: list[Draft], span: _Area) -> bool:
    """Whether another draft of ``d``'s page has a line in ``span`` (top, bottom, left,
    right): between the text above a figure and ``d``, something of the figure."""
    top, bottom, left, right = span
    return any(x.page == d.page and top < x.top < bottom and x.left < right and x.right > left
               for other in drafts if other is not d for x in other.lines)


def _heads_a_table(drafts: list[Draft], i: int, em: float) -> bool:
    """A table's column heads, not a heading: a row of cells follows below on the same page
    (past other head cells set at other heights: "DST Models", "Joint Acc. WoZ 2.0"), and the
    line is a row of cells itself, shares its row with other heads, or spans the table's
    width, or stands over the right half of the rows alone (the head of the figures' column:
    "Components of / % Change / 2022-2021"). A heading above a table ("Board of Directors") is
    a line of its own, from the table's left edge."""
    row = _table_row_below(drafts, i)
    if row is None:
        return False
    line = drafts[i].lines[0]
    left, right = _extent(row.lines)
    return (line.cells >= 2 or _shares_a_row(drafts, i)
            or (abs(line.left - left) <= em and abs(line.right - right) <= em)
            or (line.left > (left + right) / 2 and line.right <= right + em))


def _heads_captioned_rows(drafts: list[Draft], i: int) -> bool:
    """A table's column heads over rows its caption follows, not a heading: the next draft on
    the page is lines of a few words each, none ending a sentence (rows whose cells the text
    layer gave as one: "NBT-CNN (Mrksic et al., 2017) O(mn)"), and the one after it a table's
    caption ("Table 1: The Inference Time Complexity ..."). "DST Models ITC", the heads of
    such a table, made a section of the paper's introduction. A figure's caption is not
    enough: an unnumbered heading may stand over an equation's lines and a figure."""
    rows, caption = drafts[i + 1: i + 3] if i + 2 < len(drafts) else (None, None)
    if rows is None or {rows.page, caption.page} != {drafts[i].page} or len(rows.lines) < 2:
        return False
    text = join_lines(caption.lines)
    return (bool(CAPTION.match(text)) and text[:3].lower() == "tab"
            and all(len(x.text.split()) <= _ROW_WORDS and not _FULL_STOP.search(x.text)
                    for x in rows.lines))


def _labels_rows(drafts: list[Draft], i: int) -> bool:
    """A label inside a table, not a heading: a line or two set at the rows' pitch, with a row
    of cells above and one below, at most one other line between (another label, a row label
    wrapped without its figures): "Operating activities", "Current assets" in a filing's
    statements. A heading between two tables stands apart from both. So does a label after a
    blank row, unless the rows right above and below it have the same number of cells, one
    table's columns going on: Best Buy's "Liabilities and equity / Current liabilities" under
    "Total assets", "Supplemental cash flow information" under "Financing activities"."""
    d = drafts[i]
    if len(d.lines) > 2:
        return False
    if d.gap_before > _ROW_GAP:
        return d.gap_before <= _SPACER_GAP and _table_goes_on(drafts, i)
    return _row_near(drafts, i, -1) and _row_near(drafts, i, +1)


def _table_goes_on(drafts: list[Draft], i: int) -> bool:
    """The line right above ``drafts[i]`` and the first line right below it (at the rows'
    pitch) are rows of the same number of cells, on its page."""
    if not 0 < i < len(drafts) - 1:
        return False
    above, below = drafts[i - 1], drafts[i + 1]
    if not (above.lines and below.lines) or {above.page, below.page} != {drafts[i].page}:
        return False
    if below.gap_before > _ROW_GAP:
        return False
    cells = above.lines[-1].cells
    return cells >= 2 and below.lines[0].cells == cells


def _row_near(drafts: list[Draft], i: int, step: int) -> bool:
    """A row of cells one or two drafts away from ``drafts[i]`` (``step`` -1: above, +1:
    below), each draft at the rows' pitch from the next, on the same page."""
    for k in (i + step, i + 2 * step):
        if not 0 <= k < len(drafts) or not drafts[k].lines or drafts[k].page != drafts[i].page:
            return False
        lower = drafts[max(k, k - step)]  # the lower of the pair: its gap is to the one above
        if lower.gap_before > _ROW_GAP:
            return False
        if drafts[k].lines[-1 if step < 0 else 0].cells >= 2:
            return True
    return False


def _table_row_below(drafts: list[Draft], i: int) -> Draft | None:
    """The first row of cells below, past other head cells (of any number of short lines: "Total
    / Number of / Shares / Purchased / …") and a unit line ("(in millions, except …)")."""
    for f in drafts[i + 1: i + 8]:
        if f.page != drafts[i].page or not f.lines:
            return None
        if f.lines[0].cells >= 2:
            return f
        if not (_head_cell(f) or _ASIDE.fullmatch(join_lines(f.lines))):
            return None
    return None


def _head_cell(d: Draft) -> bool:
    return all(len(x.text.split()) <= _HEAD_CELL_WORDS for x in d.lines)


def _shares_a_row(drafts: list[Draft], i: int) -> bool:
    """Another head cell nearby sits on the same row as this one's first line: its first line,
    or any of its lines when it is a head cell of several (heads of a row set to one baseline,
    the taller ones starting higher: "Period" beside "Total Number of / Shares / Repurchased")."""
    line = drafts[i].lines[0]
    for f in drafts[max(0, i - 7): i + 8]:
        if f is drafts[i] or not f.lines or f.page != line.page:
            continue
        for other in f.lines if _head_cell(f) else f.lines[:1]:
            overlap = min(line.bottom, other.bottom) - max(line.top, other.top)
            if overlap >= 0.5 * min(line.height, other.height):
                return True
    return False


def _big(d: Draft, stats: TextStats) -> bool:
    return statistics.median(stats.size(x) for x in d.lines) >= 1.2


def _page_extents(lines: list[Line]) -> dict[int, tuple[float, float]]:
    by_page: dict[int, list[Line]] = {}
    for line in lines:
        by_page.setdefault(line.page, []).append(line)
    return {page: _extent(group) for page, group in by_page.items()}


def _extent(lines: list[Line]) -> tuple[float, float]:
    return min(x.left for x in lines), max(x.right for x in lines)


def _centered(line: Line, areas: list[tuple[float, float]], em: float) -> bool:
    """Centred on the page's text or on the paragraph below (a centred column heading)."""
    middle = (line.left + line.right) / 2
    return any(abs(middle - (left + right) / 2) < 2 * em for left, right in areas)


def _heading_kind(d: Draft, stats: TextStats, toc_pages: dict[int, float],
                  previous: str) -> tuple[str | None, int]:
    lines = d.lines
    text = join_lines(lines)
    if (CAPTION.match(text) or is_code(d) or _CHECK_BOX.match(text) or _CONTINUED.search(text)
            or _ASIDE.fullmatch(text) or _RUNS_ON.search(text) or _ANSWER.fullmatch(text)
            or _FIELD_VALUE.search(text)):
        return None, 0
    if len(lines) > 3 or len(text) > 180 or len(LETTER.findall(text)) < 2:
        return None, 0
    if _MATH.search(text) or not mostly_letters(text, 0.5):
        return None, 0  # a formula or a row of numbers
    last = lines[-1]
    if _DOT_LEADER.search(text) or (last.ends_with_number and last.cells > 1) \
            or any(x.cells >= 3 for x in lines):
        return None, 0  # a table-of-contents row or a table row
    size = statistics.median(stats.size(x) for x in lines)
    weight = min(x.weight for x in lines)
    big = size >= 1.2 and min(stats.font_size(x) for x in lines) >= 1.1
    heavier = weight >= stats.body_weight + 200
    if lines[0].top >= toc_pages.get(lines[0].page, math.inf) - 1 and size < 1.4:
        return None, 0  # an entry of a table of contents
    for pattern, regex in (("part", _PART), ("chapter", _CHAPTER), ("item", _ITEM),
                           ("note", _NOTE)):
        if regex.match(text) and len(text) <= 160:
            return (pattern, 0) if big or heavier or size >= 1.08 else (None, 0)
    words = len(text.split())
    if text[-1] in ",;" or (words > 12 and text.endswith(".")):
        return None, 0
    if text[0].islower() and (not big or not SENTENCE_END.search(previous)):
        return None, 0  # the rest of a sentence, not a heading
    numbered = _DECIMAL.match(text)
    if numbered and (big or heavier):
        return "decimal", numbered.group(1).count(".") + 1
    if _ROMAN.match(text) and (big or heavier):
        return "roman", 1
    if text.endswith("."):
        return None, 0
    # a 10-K's risk factor is headed by a sentence of twenty words or so, in bold over two
    # lines ("Our Expansion into New Products, Services, Technologies, and Geographic Regions
    # Subjects Us to Additional Business, Legal, Financial, and Competitive Risks")
    if (big and words <= 20) or (heavier and (words <= 15 or words <= 25 and len(lines) <= 2)):
        return "style", 0
    if _set_apart(d, stats, words, text):
        return "style", 0
    return None, 0


def _set_apart(d: Draft, stats: TextStats, words: int, text: str) -> bool:
    """A short line in another text font (italic, another family) after a paragraph break."""
    line = d.lines[0]
    return (len(d.lines) == 1 and words <= 10 and d.gap_before > 1.3
            and line.font != stats.body_font and not _SYMBOL_FONT.search(line.font)
            and line.weight >= stats.body_weight and 0.9 <= stats.size(line) < 1.2
            and text[0].isupper() and not SENTENCE_END.search(text))


def _assign_levels(drafts: list[Draft], stats: TextStats) -> None:
    """Rank heading classes: larger first, then PART > Item > numbering depth, then weight;
    unnumbered front and back matter ranks with the numbered sections it looks like."""
    sizes = {i: statistics.median(stats.size(x) for x in d.lines)
             for i, d in enumerate(drafts) if d.pattern is not None}
    tier = _size_tiers(sorted(set(sizes.values()), reverse=True))
    keys: dict[int, tuple] = {}
    for i, size in sizes.items():
        d = drafts[i]
        weight = min(x.weight for x in d.lines)
        keys[i] = (tier[size], _PATTERN_ORDER[d.pattern], d.depth,
                   -weight if d.pattern == "style" else 0)
    _rank_matter_with_sections(drafts, keys)
    _rank_cover_with_parts(drafts, keys)
    _head_the_notes(drafts, keys)
    ranks = {key: rank for rank, key in enumerate(sorted(set(keys.values())), start=1)}
    for i, key in keys.items():
        drafts[i].level = ranks[key]


def _rank_matter_with_sections(drafts: list[Draft], keys: dict[int, tuple]) -> None:
    """Give an unnumbered heading set like numbered ones (the same size tier, font and weight)
    the rank of the top numbered level when it comes before the first of them or after the
    last, and the numbered ones are the top of the document (nothing ranks above them from the
    first on): a paper's "Abstract", "Acknowledgments" and "References" are siblings of "1
    Introduction" and "6 Conclusion", not subsections of the section before. Between numbered
    headings it stays below them ("9. Shareholders' Equity", then "Stock Compensation Plans"),
    and so it does where they are numbered within something larger (a 10-K's notes in Item 8,
    whose last note's subsections come before Item 9)."""
    numbered: dict[tuple, list[int]] = {}
    for i in sorted(keys):
        if drafts[i].pattern in ("roman", "decimal"):
            numbered.setdefault(_look(drafts[i], keys[i]), []).append(i)
    for same in numbered.values():
        top = min(keys[j] for j in same)
        if any(key < top for j, key in keys.items() if j > same[0]):
            continue
        for i in keys:
            if (drafts[i].pattern == "style" and not same[0] < i < same[-1]
                    and _look(drafts[i], keys[i]) == _look(drafts[same[0]], keys[same[0]])):
                keys[i] = top


def _rank_cover_with_parts(drafts: list[Draft], keys: dict[int, tuple]) -> None:
    """Headings before a filing's first "PART" or "Item" set larger than it (Amazon's cover:
    "UNITED STATES SECURITIES AND EXCHANGE COMMISSION", "FORM 10-K") are its front matter,
    ranked with the parts: as their parents they put the whole filing under "FORM 10-K"."""
    numbered = [i for i in sorted(keys) if drafts[i].pattern in ("part", "item")]
    if not numbered:
        return
    top = min(keys[i] for i in numbered)
    for i in keys:
        if i < numbered[0] and keys[i] < top:
            keys[i] = top


def _head_the_notes(drafts: list[Draft], keys: dict[int, tuple]) -> None:
    """"Notes to (Consolidated) Financial Statements" directly before the first note, no text
    between (Amazon's "Note 1-DESCRIPTION OF BUSINESS", Best Buy's "1. Summary of Significant
    Accounting Policies"), heads the notes: it ranks just above them, they are its
    subsections."""
    for i in sorted(keys):
        head, first = drafts[i], i + 1
        if (head.pattern == "style" and _NOTES_HEADING.match(join_lines(head.lines))
                and first in keys and drafts[first].pattern in ("note", "decimal")
                and keys[i][0] == keys[first][0]):
            keys[i] = (keys[first][0], _PATTERN_ORDER[drafts[first].pattern] - 0.5, 0, 0)


def _look(d: Draft, key: tuple) -> tuple:
    return key[0], d.lines[0].font, min(x.weight for x in d.lines)


def _size_tiers(sizes: list[float]) -> dict[float, int]:
    """Group sizes (largest first) into tiers; sizes within 15% of a tier's largest join it."""
    tiers: dict[float, int] = {}
    tier, head = 0, None
    for size in sizes:
        if head is not None and size < head / 1.15:
            tier += 1
            head = size
        head = head or size
        tiers[size] = tier
    return tiers
