"""Headings and paragraphs for PDFs read by docling's model-free ``NativePdfPipeline``.

That pipeline yields one text item per line and no headings. DocNav pairs the lines with their
fonts (:mod:`._pdf_lines`), drops page furniture, merges lines into paragraphs
(:mod:`._pdf_paragraphs`) and takes the headings from

1. the PDF outline (bookmarks, :mod:`._pdf_outline`) when it has at least two entries, and
   inside its sections of three pages or more, the headings printed there, or
2. the text itself: size, weight and numbering (:mod:`._pdf_headings`).

Characters the parser could not read (U+FFFD) and the spaces of words it ran together are
taken from pdfium's text first, and bullets written as glyph names made bullets again
(:mod:`._pdf_glyphs`).
"""

from __future__ import annotations

import math
import re
import statistics
from dataclasses import dataclass, replace
from pathlib import Path

from docnav.errors import DocumentError
from docnav.model import Block, BlockKind
from docnav.parse._filing import filing_cover, filing_title
from docnav.parse._letters import LETTER, mostly_letters
from docnav.parse._metadata import pdf_metadata
from docnav.parse._options import ParseOptions
from docnav.parse._pdf_glyphs import name_bullets, repair_lines
from docnav.parse._pdf_hanging import hanging_entries
from docnav.parse._pdf_headings import (contents_entry, contents_pages, contents_row,
                                        find_headings, is_code)
from docnav.parse._pdf_lines import Line, TextStats, drop_furniture, extract_lines, text_stats
from docnav.parse._pdf_outline import apply_outline, place_outline, read_outline
from docnav.parse._pdf_paragraphs import (BULLET, CAPTION, GLYPH_BULLET, Draft, hyphen_words,
                                          join_lines, mark_word_hyphens, merge_runons,
                                          segment)

_FOOTNOTE_MARKS = " *∗†‡§¶"  # "… Crowd Annotations∗": the mark of the title's footnote
_TITLE_SIZE = 1.3  # text this much larger than body text on the first page can be the title
LONG_SECTION_PAGES = 3  # an outline section this long gets the printed headings inside it
# a table of contents' title ("Contents", "TABLE OF CONTENTS", "INDEX TO CONSOLIDATED
# FINANCIAL STATEMENTS") and an entry's dot leaders up to its page number ("... . . . 14", "xi")
_CONTENTS_TITLE = re.compile(r"^\W*(?:table\s+of\s+)?contents\b|^\W*index\b", re.I)
_LEADER_TO_PAGE = re.compile(r"(?:\.\s?){4,}\s*(?:[0-9]{1,4}|[ivxlcdm]{1,7})\s*$", re.I)
# a paper's abstract and list of works cited ("Abstract", "References" set in the body font or
# a bold one, out of the bookmarks)
_WORKS_CITED = re.compile(r"^(?:references|bibliography|works cited)$", re.I)
_ABSTRACT = re.compile(r"^abstract$", re.I)


@dataclass(frozen=True)
class NativePdf:
    """What :func:`native_pdf` found."""

    blocks: list[Block]
    title: str | None
    metadata: tuple[tuple[str, str], ...]


def native_pdf(result, doc, path: Path, options: ParseOptions) -> NativePdf:
    """Blocks, a title and metadata for a document converted by ``NativePdfPipeline``."""
    import pypdfium2 as pdfium

    pages = extract_lines(result, doc)
    try:
        pdf = pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError as exc:  # a truncated file docling's repair could still read
        raise DocumentError(str(path), "PDF is damaged or truncated and cannot be opened "
                            f"({exc})") from exc
    try:
        pages = replace(pages, lines=name_bullets(repair_lines(pages.lines, pdf)))
        outline = read_outline(pdf, pages.page_heights) if options.pdf_outline else []
        metadata = pdf_metadata(pdf)
    finally:
        pdf.close()
    lines = drop_furniture(pages) if options.pdf_drop_furniture else pages.lines
    words = hyphen_words(lines)  # the document's own spellings, counted once for both passes
    lines = mark_word_hyphens(lines, words)
    stats = text_stats(lines)
    outline = [e for e in outline if e.page is not None]
    use_outline = len(outline) >= 2
    items = apply_outline(lines, place_outline(outline, lines)) if use_outline else lines
    drafts = hanging_entries(segment(items, stats), stats)
    if use_outline:
        _headings_under_outline(drafts, stats)
    else:
        find_headings(drafts, stats)
    drafts = merge_runons(drafts, pages.page_heights)
    # each paragraph's line-end hyphens again, now that a float read between two of its lines
    # is set aside: "multi-" / a table's rows / "domain dialogue" had read "multidomain"
    for d in drafts:
        d.lines = mark_word_hyphens(d.lines, words)
    contents = _contents_pages(lines)
    blocks = [b for d in drafts for b in _blocks(d, contents) if b is not None]
    info = (("pages", str(len(pages.page_heights))), ("pdf_pipeline", "native"),
            ("heading_source", "outline" if use_outline else "fonts"))
    filing = filing_cover([join_lines(d.lines) for d in drafts if d.lines and d.page == 1])
    metadata += tuple(filing.items())
    title = filing_title(filing) or _title(drafts, stats, dict(metadata),
                                           pages.page_heights.get(1, 792.0))
    return NativePdf(_without_title_line(blocks, title), title, metadata + info)


def _without_title_line(blocks: list[Block], title: str | None) -> list[Block]:
    """The title printed as a line of text at the top of the first page is the document's
    title, which every breadcrumb starts with, not a paragraph: as one it matched every
    question sharing its words, and led the reader on to the author line below it."""
    if not title:
        return blocks
    key = _plain(title)
    for i, b in enumerate(blocks[:5]):
        if b.kind is BlockKind.TEXT and b.page == 1 and _plain(b.text) == key:
            return blocks[:i] + blocks[i + 1:]
    return blocks


def _plain(text: str) -> str:
    return " ".join(text.split()).rstrip(_FOOTNOTE_MARKS).casefold()


def _headings_under_outline(drafts: list[Draft], stats: TextStats) -> None:
    """The outline's headings, and inside a long stretch that the outline leaves without one
    (``LONG_SECTION_PAGES`` pages or more) the printed headings found as in a PDF without an
    outline (:mod:`._pdf_headings`), each a subsection of the outline heading before it,
    ranked below the outline's deepest level. A 10-K's bookmarks name its items and notes;
    the headings inside them ("Revenue Recognition" in a seven-page Note 1) are only printed.
    In a shorter section a printed heading counts only when it looks like (same class and
    level) one found in a long section: Note 16's "Royalties" (two pages) does. A paper's
    outline names every section, has no long one, and in its sections of a page or two the
    fonts find more formula and table fragments than headings, so those are left as they
    are."""
    outlined = [d for d in drafts if d.outline is not None]
    for d in outlined:
        d.pattern, d.level = "outline", d.outline.level
    find_headings([d for d in drafts if d.outline is None], stats)
    deepest = max(d.level for d in outlined)
    runs: list[list[Draft]] = [[]]
    for d in drafts:
        if d.outline is not None:
            runs.append([])
        else:
            runs[-1].append(d)
    long = [len({d.page for d in run}) >= LONG_SECTION_PAGES for run in runs]
    looks = {(d.pattern, d.level) for run, is_long in zip(runs, long) if is_long
             for d in run if d.pattern is not None}
    for run, is_long in zip(runs, long):
        for d in run:
            if d.pattern is None:
                continue
            if is_long or (d.pattern, d.level) in looks:
                d.level += deepest
            else:
                d.pattern, d.depth, d.level = None, 0, 0
    # "Abstract" on a line of its own on the first page and "References", which the outline
    # leaves out (2001.03131, and 1705.07830 before its appendices): the abstract and the
    # works cited, top-level sections, not paragraphs of the front matter or of the section
    # before
    for unlisted, first_page in ((_ABSTRACT, True), (_WORKS_CITED, False)):
        for d in drafts:
            if (d.outline is None and len(d.lines) == 1 and (d.page == 1 or not first_page)
                    and unlisted.match(join_lines(d.lines).strip(" .:"))):
                d.pattern, d.depth, d.level = "outline", 0, min(x.level for x in outlined)
                break


def _title(drafts: list[Draft], stats: TextStats, metadata: dict[str, str],
           first_page_height: float) -> str | None:
    """A large first-page heading, else a wordy metadata title, else large text at the top of
    the first page, else the first heading."""
    headings = [d for d in drafts if d.pattern is not None]
    first_page = [d for d in headings if d.lines and d.page == headings[0].page == 1]
    if first_page:
        top = min(first_page, key=lambda d: d.level)
        if stats.size(top.lines[0]) >= _TITLE_SIZE:
            return join_lines(top.lines)
    meta = metadata.get("title", "")
    if " " in meta.strip() and len(LETTER.findall(meta)) >= 4 and meta.lower() != "untitled":
        return meta  # not a file name or an SEC accession number
    printed = _printed_title(drafts, stats, first_page_height)
    if printed:
        return printed
    if not headings:
        return None
    return headings[0].outline.title if headings[0].outline else join_lines(headings[0].lines)


def _printed_title(drafts: list[Draft], stats: TextStats, page_height: float) -> str | None:
    """The largest text in the top third of the first page, if title-sized and title-shaped.

    A paper that sets its title in the body font at a larger size has no heading there
    (heading sizes are measured against each font's usual size): without this, its first
    section ("1 Introduction") was taken for its title."""
    best, best_size = None, _TITLE_SIZE
    for d in drafts:
        if d.page != 1 or not d.lines or len(d.lines) > 3 or d.lines[0].top > page_height / 3:
            continue
        size = statistics.median(stats.size(x) for x in d.lines)
        text = join_lines(d.lines)
        if (size >= best_size and 2 <= len(text.split()) <= 25 and not text.endswith(".")
                and mostly_letters(text)):
            best, best_size = text, size + 1e-9  # the first of equal sizes
    return best.rstrip(_FOOTNOTE_MARKS) if best else None


# -- output ----------------------------------------------------------------------------------


def _contents_pages(lines: list[Line]) -> dict[int, float]:
    """Pages of a table of contents, each with the top of its first entry: pages of five
    entries or more (:func:`contents_pages`) that have a title saying so ("Contents", "TABLE
    OF CONTENTS", "INDEX TO CONSOLIDATED FINANCIAL STATEMENTS"), or five entries with dot
    leaders, or follow such a page. A page of a financial statement's rows ("Total lease
    liabilities $ 548") has as many rows ending in a number, and is none."""
    rows = contents_pages(lines)
    led: dict[int, int] = {}
    keep = set()
    for x in lines:
        if x.page not in rows:
            continue
        if _LEADER_TO_PAGE.search(x.text):
            led[x.page] = led.get(x.page, 0) + 1
        if len(x.text.split()) <= 6 and _CONTENTS_TITLE.match(x.text.strip()):
            keep.add(x.page)
    keep |= {page for page, n in led.items() if n >= 5}
    for page in sorted(rows):
        if page - 1 in keep:
            keep.add(page)
    return {page: top for page, top in rows.items() if page in keep}


def _blocks(d: Draft, contents: dict[int, float]) -> list[Block | None]:
    """The draft's block; a table of contents' lines as a table of their own, apart from a
    line above its first entry that the paragraph took with them ("Page No.")."""
    at = _contents_start(d, contents)
    if at is None:
        return [_to_block(d)]
    head = [_to_block(replace(d, lines=d.lines[:at]))] if at else []
    return head + [_contents_block(d.lines[at:])]


def _contents_start(d: Draft, contents: dict[int, float]) -> int | None:
    """Where a table of contents starts in the draft's lines: the first line on a contents
    page at or below its first entry, when every line from there on is, and half of them or
    more are an entry's last line (its page number). None where the draft holds none."""
    if d.outline is not None or d.pattern is not None:
        return None
    below = [x.top >= contents.get(x.page, math.inf) - 1 for x in d.lines]
    if True not in below:
        return None
    at = below.index(True)
    rest = d.lines[at:]
    if not all(below[at:]) or 2 * sum(contents_row(x) for x in rest) < len(rest):
        return None
    return at


def _contents_block(lines: list[Line]) -> Block:
    """A table of contents' lines as a table, an entry a row ("Item 1A. Risk Factors … 20"):
    joined as a paragraph ("Item 1. Business 3 Item 1A. Risk Factors 20 ..."), its entries
    ran together, a quarter of a redbook's contents were dot leaders, and the summaries took
    them for sentences (an entry alone too: "DB2 for i Center of Excellence … ix" summed up
    the contents). An entry whose title wraps ends at the line with its page number."""
    entries, run = [], []
    for x in lines:
        run.append(x)
        if contents_row(x):
            entries.append(contents_entry(run))
            run = []
    if run:  # lines after the last page number: a title whose entry the next page ends
        entries.append(join_lines(run))
    return Block(BlockKind.TABLE, "\n".join(entries), page=lines[0].page)


def _to_block(d: Draft) -> Block | None:
    if d.outline is not None:
        return Block(BlockKind.HEADING, d.outline.title, level=d.level, page=d.page)
    if d.pattern is not None:
        return Block(BlockKind.HEADING, join_lines(d.lines), level=d.level, page=d.page)
    if all(x.cells >= 3 for x in d.lines):  # rows of three or more cells, a row a line
        text = "\n".join(x.text for x in d.lines)
        kind = BlockKind.TABLE if len(d.lines) >= 2 else BlockKind.TEXT  # one row: a line
        return Block(kind, text, page=d.page) if text.strip() else None
    text = join_lines(d.lines)
    if not text:
        return None
    if CAPTION.match(text):
        return Block(BlockKind.CAPTION, text, page=d.page)
    if is_code(d):
        return Block(BlockKind.CODE, "\n".join(x.text for x in d.lines), page=d.page)
    if BULLET.match(text):
        return Block(BlockKind.LIST_ITEM, GLYPH_BULLET.sub("", text), page=d.page)
    return Block(BlockKind.TEXT, text, page=d.page)
