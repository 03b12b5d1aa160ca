"""Document metadata (author, dates) where the format has it, as (key, value) pairs."""

from __future__ import annotations

import re
from datetime import date
from itertools import takewhile
from pathlib import Path

from docnav.model import BlockKind
from docnav.parse._footnotes import is_note

_PDF_KEYS = {
    "Title": "title",
    "Author": "author",
    "Subject": "subject",
    "Keywords": "keywords",
    "Creator": "creator",
    "Producer": "producer",
    "CreationDate": "created",
    "ModDate": "modified",
}
_DOCX_KEYS = ("title", "author", "subject", "keywords", "last_modified_by", "created",
              "modified", "revision")
_PDF_DATE = re.compile(
    r"D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?"
)


# what a PDF library or a word processor writes when nobody gave a value (ReportLab's
# "untitled", "anonymous", "unspecified"): as the document's author, "--meta author=..." and
# "Who wrote ...?" took it for one; and an EDGAR accession number as a filing's title
_PLACEHOLDER = re.compile(r"(?i)^\(?(?:untitled|anonymous|unspecified|unknown|none|n/?a|-+)\)?$"
                          r"|^\d{10}-\d{2}-\d{6}$")


def _given(key: str, value: str) -> bool:
    """Whether ``value`` is one somebody gave (not a placeholder) for a text field."""
    return not (key in ("title", "author", "subject", "keywords", "last_modified_by")
                and _PLACEHOLDER.match(value.strip()))


def docx_metadata(path: Path) -> tuple[tuple[str, str], ...]:
    import docx

    props = docx.Document(str(path)).core_properties
    out = []
    for key in _DOCX_KEYS:
        value = getattr(props, key, None)
        if value in (None, "", 0) or not _given(key, str(value)):
            continue
        out.append((key, value.isoformat() if hasattr(value, "isoformat") else str(value)))
    return tuple(out)


def pdf_metadata(pdf) -> tuple[tuple[str, str], ...]:
    """The info dictionary of an open ``pypdfium2.PdfDocument``, dates as ISO 8601, and the
    arXiv identifier stamped on its first page (:func:`arxiv_stamp`)."""
    out = []
    for key, value in pdf.get_metadata_dict(skip_empty=True).items():
        name = _PDF_KEYS.get(key)
        value = " ".join(str(value).split())
        if name and value and _given(name, value):
            out.append((name, pdf_date(value) if name in ("created", "modified") else value))
    return tuple(out) + arxiv_stamp(pdf)


# arXiv's stamp: its identifier and version, the subject class, the date of that version
_ARXIV_STAMP = re.compile(r"arXiv:(\d{4}\.\d{4,5}v\d+)\s*\[[\w.-]+\]\s+"
                          r"(?P<day>\d{1,2})\s+(?P<month>[A-Z][a-z]{2})\s+(?P<year>\d{4})")
_MONTH_ABBRS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
                "Dec")


def arxiv_stamp(pdf) -> tuple[tuple[str, str], ...]:
    """``("arxiv", "1810.08699v1"), ("arxiv_version_date", "2018-10-19")`` where the first
    page of an open PDF carries the stamp arXiv prints down its margin ("arXiv:1810.08699v1
    [cs.CL] 19 Oct 2018"): it dates a paper whose file was renamed ("paper.pdf") by its first
    submission (:func:`docnav.query.fields.arxiv_date`), not by when the PDF was made, and
    the native reader drops it, rotated in the margin, with the page furniture. The date is
    the stamped version's: a first version's is the day the paper was submitted, a later
    one's is not (1705.07830v3 is stamped 2 Mar 2018, submitted in May 2017). A work cited
    on that page ("arXiv preprint arXiv:1508.01991") has no subject class and date after it."""
    from docnav.parse._pdf_glyphs import _page_text

    found = _ARXIV_STAMP.search(_page_text(pdf, 1))
    if not found:
        return ()
    dated = _stamp_day(found)
    return (("arxiv", found.group(1)),) + ((("arxiv_version_date", dated),) if dated else ())


def _stamp_day(found: re.Match) -> str | None:
    """``YYYY-MM-DD`` of a stamp's date; None for one no calendar has ("31 Feb 2018")."""
    if found["month"] not in _MONTH_ABBRS:
        return None
    try:
        return date(int(found["year"]), _MONTH_ABBRS.index(found["month"]) + 1,
                    int(found["day"])).isoformat()
    except ValueError:
        return None


def pdf_date(value: str) -> str:
    """``D:20230117110122-08'00'`` -> ``2023-01-17T11:01:22-08:00``; other text unchanged."""
    m = _PDF_DATE.match(value)
    if not m:
        return value
    year, month, day, hour, minute, second, zone = m.groups()
    out = f"{year}-{month or '01'}-{day or '01'}"
    if hour:
        out += f"T{hour}:{minute or '00'}:{second or '00'}"
        if zone == "Z":
            out += "Z"
        elif zone:
            digits = zone.replace("'", "")
            out += f"{digits[:3]}:{digits[3:5] or '00'}"
    return out


# "- Start Date: 2014-09-18": a line of the field list a Markdown document opens with (a Rust
# RFC's "Feature Name", "Start Date", "RFC PR", "Rust Issue")
_FIELD = re.compile(r"([A-Za-z][\w()/.#-]*(?: [\w()/.#-]+){0,3}):(?:\s+(.*))?")
_NUMBERED_KEY = re.compile(r"\s(?:\d+|[ivx]+|[a-z])$", re.I)  # "Step 1", "Phase II", "Part B"


def field_list(blocks) -> tuple[tuple[str, str], ...]:
    """The fields of the list a Markdown document opens with, when its items are "Key:
    Value" lines (keys of at most four words, in lower case): an RFC's header. A key with no
    value takes the lines under it ("Rust Issues:" and its sub-items, joined by commas).
    Nothing when the document opens otherwise (a paragraph that begins "Note: ...", a
    "title: x" line under a front matter that was never closed, a heading) or when an item
    of the list is no field. A title heading may come first: a heading over nothing but the
    list, the document's first section's heading right after it ("# Module system cleanups",
    its fields, "# Summary": 18 of the 639 RFCs); a heading over the list and more is
    content. A footnote defined among the fields is no field, and does not end the list (RFC
    3668 defines its feature name's two notes under it)."""
    blocks = [b for b in blocks if not is_note(b)]
    if blocks and blocks[0].kind is BlockKind.HEADING:
        items = list(takewhile(lambda b: b.kind is BlockKind.LIST_ITEM, blocks[1:]))
        after = blocks[1 + len(items):]
        if not items or not after or after[0].kind is not BlockKind.HEADING:
            return ()
        blocks = items
    lines = []
    for block in blocks:  # the list the document opens with
        if block.kind is not BlockKind.LIST_ITEM:
            break
        lines += [line.strip() for line in block.text.splitlines() if line.strip()]
    fields: list[list[str]] = []
    for line in lines:
        m = _FIELD.fullmatch(line)
        if m and _NUMBERED_KEY.search(m.group(1)):
            return ()  # "Step 1: Open the valve.": numbered steps, not a document's fields
        if m:
            fields.append([" ".join(m.group(1).lower().split()), (m.group(2) or "").strip()])
        elif fields and (not fields[-1][1] or fields[-1][1].endswith(",")):
            fields[-1][1] += (" " if fields[-1][1] else "") + line + ","  # a value's item
        else:
            return ()
    return tuple((key, value.rstrip(",")) for key, value in fields if value)
