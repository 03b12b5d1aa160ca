"""Parse a file into a :class:`~docnav.model.ParsedDocument` with docling.

Markdown, HTML, DOCX and PDF all go through docling; the file suffix picks the reader::

    from docnav.parse import ParseOptions, parse_file
    parsed = parse_file("report.pdf", ParseOptions(pdf_mode="native"))

Every problem with the input (missing, empty, too big, wrong type, binary junk, truncated or
corrupt) raises :class:`docnav.errors.DocumentError` naming the file and the cause.
"""

from __future__ import annotations

import re
from itertools import dropwhile
from pathlib import Path

from docnav.errors import DocumentError, InputError
from docnav.model import Block, BlockKind, ParsedDocument
from docnav.months import (
    ENGLISH_MONTHS,
    MONTHS,
    OTHER_ABBREVIATIONS,
    OTHER_MONTHS,
    RANGE_TO,
    alternatives,
)
from docnav.parse._checks import (
    FORMATS,
    check_file,
    check_html_bytes,
    format_for,
    read_markdown_text,
)
from docnav.parse._filing import filing_cover, filing_title
from docnav.parse._fingerprint import (
    PARSER_VERSION,
    parser_fingerprint,
    parser_id,
    recorded_parser,
    same_parser,
)
from docnav.parse._front_matter import FrontMatter, split_front_matter
from docnav.parse._html_rewrite import rewritten_html
from docnav.parse._markdown import image_paragraphs, quoted_blocks
from docnav.parse._named_lines import naming
from docnav.parse._options import ParseOptions
from docnav.parse._scanned import image_only_pages, scanned_warning

__all__ = ["PARSER_VERSION", "SUPPORTED_SUFFIXES", "ParseOptions", "parse_file",
           "parser_fingerprint", "parser_id", "preload", "recorded_parser", "same_parser"]

SUPPORTED_SUFFIXES: tuple[str, ...] = tuple(FORMATS)
COVER_BLOCKS = 80  # a filing's cover is within its first blocks
# a section's number before its heading's words: "1 Glosario", "2.3 Results"
_NUMBERED = re.compile(r"^\d+(?:\.\d+)*\.?\s+[^\W\d_]")
# the months' names and abbreviations (:mod:`docnav.months`), whole words: "3 Decisions" is no
# date; German, French and Spanish ones only with a year after them ("1 Mai Tai", "1 Avril
# Lavigne", "1 Ago" are none), or a name ending the heading ("7. Dezember"); a range of months
# as its first month is ("3 May-June", "3 Mai-Juni 2024", "3 de mayo-junio de 2024", "3 mai–juin
# 2024", "3 Mai bis Juni 2024", "3 mai à juin 2024", "3 de mayo a junio de 2024")
_ENGLISH_MONTH = alternatives(ENGLISH_MONTHS, MONTHS)
_OTHER_MONTH = alternatives(OTHER_MONTHS, MONTHS)
_MONTH_NAME = alternatives(MONTHS)
# a range's last month: the "-Juni" of "Mai-Juni", "–juin" (an en dash), " bis Juni", " à juin",
# " a junio"
_TO = rf"(?:{RANGE_TO}{_MONTH_NAME}\.?)?"
# a day before its month: "3 March", "7. Dezember", "1er mars", "7 de diciembre"
_DAY = r"\d{1,2}(?:\.|er)?\s+(?:de\s+)?"
_ANY_OTHER = rf"{alternatives({**OTHER_MONTHS, **OTHER_ABBREVIATIONS}, MONTHS)}\.?"
# ...which a date or a year is not: "3 March 2024", "2023 results", "7. Febr. 2026"
_DATED = re.compile(
    rf"^(?:(?:19|20)\d\d\b|{_DAY}(?:{_ENGLISH_MONTH}"
    rf"|{_ANY_OTHER}{_TO}\s+(?:de\s+)?\d{{4}}\b|{_OTHER_MONTH}\.?{_TO}\s*$))", re.I)
# headings that open a document's front matter, not its name: "Abstract" over "1 Introduction"
_FRONT_MATTER = frozenset({
    "abstract", "acknowledgements", "acknowledgments", "agenda", "contents", "executive summary",
    "foreword", "introduction", "overview", "preface", "prologue", "summary", "synopsis",
    "table of contents"})
_BYLINE_WORDS = 12  # a page's byline above its heading is no longer ("By Jane Doe")
_MONTH = rf"{_MONTH_NAME}\.?"
# "3 March 2024", "7. Dezember 2026", "7 de diciembre de 2026", "March 3, 2024", "Febr. 2026";
# a range of months as a dated heading's ("März bis April 2018", "mars à avril 2018"), and
# Spanish's "de marzo a abril de 2018", as a metadata field reads it
_DATE = re.compile(
    rf"\b(?:{_DAY}{_MONTH}{_TO}\s+(?:de\s+)?\d{{4}}|{_MONTH}\s+\d{{1,2}},?\s+\d{{4}}"
    rf"|(?:de\s+)?{_MONTH}{_TO}\s+(?:de\s+)?\d{{4}}|\d{{4}}-\d\d-\d\d"
    rf"|\d{{1,2}}/\d{{1,2}}/\d{{4}})\b", re.I)
_NAME_LIST = re.compile(r"[,;|·&]|\band\b")  # "Jane Doe and John Smith, 3 March 2024"


def preload(fmt: str = "markdown") -> None:
    """Load the parser for ``fmt`` now (seconds: docling imports torch), not at the first file."""
    if fmt not in FORMATS.values():
        raise InputError(f"unknown format {fmt!r}; expected one of {sorted(set(FORMATS.values()))}")
    from docnav.parse._docling import preload as _preload

    _preload(fmt)


def parse_file(path: str | Path, options: ParseOptions | None = None) -> ParsedDocument:
    """Parse ``path`` into flat blocks in reading order (headings carry their level).

    Raises :class:`~docnav.errors.DocumentError` for any problem with the file and
    :class:`~docnav.errors.ConfigError` for ``pdf_mode="standard"`` without the layout model.
    """
    path = Path(path)
    with naming(path):  # docling's log lines name the file (_named_lines)
        return _parsed(path, options or ParseOptions())


def _parsed(path: Path, options: ParseOptions) -> ParsedDocument:
    fmt = format_for(path)
    check_file(path, fmt, options)
    front = split_front_matter(read_markdown_text(path)) if fmt == "markdown" else None
    source = _source_text(path, fmt, front)

    from docnav.parse._docling import convert  # imports docling (seconds): only when parsing

    body = front.body if front is not None and front.lines else None
    page = rewritten_html(path) if fmt == "html" else None  # what docling misreads
    converted = convert(path, fmt, options, body if page is None else page)
    if fmt == "pdf" and converted.pdf_pipeline == "native":
        from docnav.parse._pdf import native_pdf

        native = native_pdf(converted.result, converted.document, path, options)
        blocks, title, metadata = native.blocks, native.title, native.metadata
    else:
        from docnav.parse._blocks import document_blocks

        quoted = quoted_blocks(front.body) if front is not None else None
        blocks = document_blocks(converted.document, source, markdown=fmt == "markdown",
                                 quoted=quoted, nested=fmt == "html")
        if fmt in ("docx", "html"):  # Word's table of contents: "Introduction 1", a line each
            from docnav.parse._contents import contents_as_table

            blocks = contents_as_table(blocks)
        title = ((front.title or _markdown_title(blocks, path, front.body)) if front is not None
                 else _docling_title(converted.document, fmt))
        blocks, metadata = _format_extras(path, fmt, blocks, page)
        if fmt in ("pdf", "html", "docx"):  # an SEC filing names itself on its cover
            filing = filing_cover(_cover_lines(blocks[:COVER_BLOCKS]))
            title = filing_title(filing) or title
            metadata += tuple(filing.items())
    warnings = converted.warnings
    scanned = _image_only(path, blocks, dict(metadata).get("pages")) if fmt == "pdf" else []
    if scanned and blocks:
        warnings += (scanned_warning(scanned),)
    if front is not None:  # the front matter's fields first, and in place of a same key
        known = {key for key, _ in front.metadata}
        metadata = front.metadata + tuple((k, v) for k, v in metadata if k not in known)
        warnings += (front.problem,) if front.problem else ()
    if warnings:
        metadata += (("conversion_warnings", "; ".join(warnings)[:2000]),)
    if not blocks:  # nothing to navigate, as in an empty file (the last version stays)
        raise DocumentError(str(path), _no_text(fmt, front, dict(metadata).get("pages"),
                                                bool(scanned)))
    title = title or _leading_title(blocks, None, byline=fmt == "html") or path.stem
    return ParsedDocument(title=title, blocks=tuple(blocks), format=fmt, metadata=metadata)


def _image_only(path: Path, blocks: list[Block], pages: str | None) -> list[int]:
    """The PDF's pages that nothing was read from and that hold an image without text."""
    read = {b.page for b in blocks}
    unread = [n for n in range(1, int(pages or 0) + 1) if n not in read]
    return image_only_pages(path, unread) if unread else []


def _no_text(fmt: str, front: FrontMatter | None, pages: str | None, scanned: bool) -> str:
    if fmt == "pdf":
        where = f"on its {pages} page{'s' * (pages != '1')}" if pages else "in it"
        if not scanned:
            return (f"no text found {where}: {'it holds' if pages == '1' else 'they hold'} "
                    "neither text nor images")
        return (f"no text found {where}: a scanned PDF (pages as images) has no text layer, "
                "and DocNav runs no OCR; add one first (e.g. `ocrmypdf`)")
    if front is not None and front.lines:
        return "no text found after its front matter"
    if fmt == "html":
        return ("no text found in its body (scripts, styles, markup and navigation menus are "
                "not read)")
    return "no text found in it"


def _cover_lines(blocks) -> list[str]:
    """The blocks' lines, a table's rows as their cells' text ("| ACME CORP |" -> "ACME
    CORP"; the rule under a table's head row left out)."""
    lines = []
    for b in blocks:
        for line in b.text.splitlines():
            if b.kind is BlockKind.TABLE:
                cells = [c.strip() for c in line.strip().strip("|").split("|")]
                if all(set(c) <= set("-: ") for c in cells):
                    continue
                line = " ".join(c for c in cells if c)
            lines.append(line)
    return lines


def _source_text(path: Path, fmt: str, front: FrontMatter | None) -> str | None:
    """Markdown/HTML text, checked for binary junk; used to space docling's inline pieces."""
    if front is not None:
        from docnav.parse._markdown import unescape

        return unescape(front.body)
    if fmt == "html":
        return check_html_bytes(path)
    return None


def _markdown_title(blocks, path: Path, source: str) -> str:
    """Markdown has no title element (docling reads every ``# X`` as one): its leading
    heading names it where :func:`_leading_title` says so, else the file name does."""
    return _leading_title(blocks, source) or path.stem


def _leading_title(blocks, source: str | None, byline: bool = False) -> str | None:
    """A leading heading that is the only one at its level names a document that has no
    title of its own; otherwise none does, and the file name will (an RFC starting with
    metadata and several ``#`` sections is "0001-private-fields"; a page without ``<title>``
    or ``<h1>`` whose lead stands over "Install" and "Run" sections is no page "Install",
    that section holding the lead). Images before it do not count: a README's centred logo
    and badges stand above its heading, their alt text read as captions (HTML ``<img>``)
    or as a paragraph (Markdown "![Logo](logo.png)", read in the Markdown ``source``); nor,
    with ``byline`` (a page's), does a short byline or kicker above a heading alone at its
    level ("By Jane Doe" over a page's one ``<h2>``: the file named it). A leading heading
    without a number over others numbered at its level names the document they are the
    parts of (list_after_num_headers.docx's "Chính sách bảo hành" over "1 Glosario"), where
    a heading follows it at once: one holding a paragraph of its own is a part too, as is
    front matter ("Abstract", "Introduction" over "2 Background"), and a date or a year is
    no section's number ("Agenda" over "3 March 2024"); the file names those (each named
    the document in every format, found by a review)."""
    headings = [b for b in blocks if b.kind is BlockKind.HEADING]
    lead = _leading_block(blocks, source, _BYLINE_WORDS if byline else 0)
    if lead is not None and lead.kind is BlockKind.HEADING:
        peers = [h for h in headings if h.level <= lead.level and h is not lead]
        if not peers or _over_its_parts(blocks, lead, peers):
            return " ".join(lead.text.split())
    return None


def _over_its_parts(blocks, lead: Block, peers: list[Block]) -> bool:
    """Whether ``lead``, no front matter and without a number, is followed at once by a
    heading and its ``peers`` all begin with a section's number."""
    words = " ".join(lead.text.split()).casefold().rstrip(":.")
    return (words not in _FRONT_MATTER and not _section_number(lead.text)
            and _holds_no_text(blocks, lead) and all(_section_number(h.text) for h in peers))


def _section_number(heading: str) -> bool:
    """Whether a heading begins with a section's number ("2.3 Results", not "2023 results")."""
    return bool(_NUMBERED.match(heading)) and not _DATED.match(heading)


def _holds_no_text(blocks, heading: Block) -> bool:
    """Whether the next block after ``heading`` (captions aside) is a heading."""
    after = dropwhile(lambda b: b is not heading, blocks)
    next(after, None)
    return next((b.kind is BlockKind.HEADING for b in after
                 if b.kind is not BlockKind.CAPTION), False)


def _leading_block(blocks, source: str | None, byline: int = 0) -> Block | None:
    """The first block that is neither a caption nor the alt text of a paragraph of images
    (the Markdown ``source``'s, read only where a paragraph comes first), nor text of no more
    than ``byline`` words in all before a heading that reads as a byline."""
    images: list[str] | None = None
    skipped = 0
    for block in blocks:
        if block.kind is BlockKind.CAPTION:
            continue
        if (block.kind is BlockKind.TEXT and skipped + len(block.text.split()) <= byline
                and _is_byline(block.text)):
            skipped += len(block.text.split())
            continue
        if block.kind is BlockKind.TEXT and source is not None:
            if images is None:
                images = ["".join(alt.split()) for alt in image_paragraphs(source)]
            text = "".join(block.text.split())
            if images and images[0].startswith(text):  # of its pieces ("Logo *x*"), the next
                images[0] = images[0][len(text):]
                if not images[0]:
                    images.pop(0)
                continue
        return block
    return None


def _is_byline(text: str) -> bool:
    """Whether a page's short text above its heading is shaped as a byline: "By Jane Doe", a
    date, or names beside a date ("Jane Doe and John Smith, 3 March 2024"). By its length
    alone "This page has moved; see the new site instead.", "Home / Docs / Guides" and a
    warning were taken for one (found by a review): they let the heading name the page."""
    if re.match(r"by\s", text, re.I):
        return True
    rest, dates = _DATE.subn(" ", text)
    return bool(dates) and all(
        len(part.split()) <= 4 and all(w[0].isupper() for w in part.split())
        for part in _NAME_LIST.split(rest))


def _docling_title(doc, fmt: str) -> str | None:
    """The body's first title item, else the furniture's (an HTML ``<title>``). docling makes
    each ``<h1>`` of a page a title item: of a page's several (the "Install" and "Run" made
    of a page's classed section titles), none names the page, and the first had taken the
    page's lead paragraph above it into its section (:func:`docnav.tree._join_title`). A
    Word file's Title paragraphs and a PDF's titles, which the layout model tells apart, are
    titles whatever their number."""
    from docling_core.types.doc import ContentLayer, TitleItem

    titles = [t for t in doc.texts if isinstance(t, TitleItem) and t.text.strip()]
    body = [t for t in titles if t.content_layer == ContentLayer.BODY]
    if fmt == "html" and len(body) > 1:
        body = []
    chosen = body or [t for t in titles if t.content_layer != ContentLayer.BODY]
    return " ".join(chosen[0].text.split()) if chosen else None


def _format_extras(path: Path, fmt: str, blocks: list[Block], page: bytes | None = None
                   ) -> tuple[list[Block], tuple[tuple[str, str], ...]]:
    """What docling leaves out: heading anchors, a Markdown file's footnotes, and the
    format's own metadata (of an HTML ``page`` as docling read it, where it was rewritten)."""
    if fmt == "markdown":
        from docnav.parse._footnotes import read_footnotes
        from docnav.parse._markdown import add_heading_anchors, resolve_names
        from docnav.parse._metadata import field_list

        blocks = resolve_names(add_heading_anchors(read_footnotes(blocks)))
        return blocks, field_list(blocks)
    if fmt == "html":
        from docnav.parse._html import (
            add_block_anchors,
            add_heading_anchors,
            drop_navigation,
            html_metadata,
            read_html,
        )

        from docnav.parse._html_sections import section_levels

        soup = read_html(page or path.read_bytes())
        blocks = drop_navigation(soup, add_heading_anchors(soup, blocks))
        return section_levels(soup, add_block_anchors(soup, blocks)), html_metadata(soup)
    if fmt == "docx":
        from docnav.parse._metadata import docx_metadata

        return blocks, docx_metadata(path)
    import pypdfium2 as pdfium  # a PDF read by docling's standard (layout model) pipeline

    from docnav.parse._metadata import pdf_metadata

    pdf = pdfium.PdfDocument(str(path))
    try:
        return blocks, pdf_metadata(pdf) + (("pages", str(len(pdf))), ("pdf_pipeline", "standard"))
    finally:
        pdf.close()
