"""Characters docling's PDF parser could not read, taken from pdfium's text of the same page.

A font without a Unicode mapping for some of its glyphs makes docling-parse write U+FFFD in
their place: LaTeX papers lose every ligature ("o\ufffdensive" for "offensive", "\ufffdrst"
for "first"), their bullets and math symbols. Search then misses the word and the bullet is not
seen as a list item. pdfium decodes those glyphs, but its text has no fonts or boxes, so each
damaged line is found in pdfium's text of its page (the readable parts as they are, up to three
characters for each unreadable one, spaces loose) and the unreadable characters are taken from
there. A line found twice with different characters, or not found (a formula pdfium reads
otherwise), stays as it was.

Words run together in a line of a bold LaTeX font ("5 RelatedWork", "3.1 EncodingModule":
docling-parse sees no space where the font sets a gap, and the heading then matches neither
"related" nor "work") are spaced as pdfium's text of the page spaces them, where the line is
found there once.

A glyph without a Unicode mapping but with a name is written as its name: IBM's Redbooks set
their bullets in a symbol font whose bullet is "SM590000", so each list item read "SM590000
Work Function Usage (WRKFCNUSG)" and, no bullet seen, a list ran together into one paragraph.
"""

from __future__ import annotations

import re
from dataclasses import replace

from docnav.parse._letters import LETTER
from docnav.parse._pdf_lines import Line

UNREADABLE = "\ufffd"
_MIN_LETTERS = 4  # readable letters a line needs to be found with any certainty
_AS_DOCLING = str.maketrans({"\ufffe": "-", "\u2018": "'", "\u2019": "'", "\u201c": '"',
                             "\u201d": '"'})


# a glyph's name at a line's start: "SM590000", "uniF0B7", "g1234"; or the letter a symbol
# font's bullet is typed with, before a capital: Wingdings' "r Database performance", "§",
# "Ø", "ü", a word processor's "o"
_GLYPH_NAME = re.compile(r"^\s*([A-Za-z]{1,4}[0-9]{3,8}|uni[0-9A-Fa-f]{4,6}|"
                         r"[lnoqruvw§Øü](?=\s+[A-Z0-9]))\s+(?=\S)")
NAMED_BULLET_LINES = 3  # lines a glyph name must start, and it must stand nowhere else


def name_bullets(lines: list[Line], bullet: str = "•") -> list[Line]:
    """``lines`` with a bullet glyph written as its name (or as the letter its symbol font
    types it with) made ``bullet`` again: a name that starts :data:`NAMED_BULLET_LINES`
    lines at least and stands nowhere else in the text (a table's column of codes has a
    different one on each row; a code cited in a sentence stands inside text too)."""
    starts: dict[str, int] = {}
    for x in lines:
        if m := _GLYPH_NAME.match(x.text):
            starts[m.group(1)] = starts.get(m.group(1), 0) + 1
    names = {name for name, n in starts.items() if n >= NAMED_BULLET_LINES
             and sum(len(re.findall(rf"(?<!\S){re.escape(name)}(?!\S)", x.text))
                     for x in lines) == n}
    if not names:
        return lines
    return [replace(x, text=f"{bullet} {x.text[m.end():]}")
            if (m := _GLYPH_NAME.match(x.text)) and m.group(1) in names else x for x in lines]


def repair_lines(lines: list[Line], pdf) -> list[Line]:
    """``lines`` with their U+FFFD characters replaced from ``pdf`` (a pypdfium2 document)
    wherever the line is found once on its page, and words run together where pdfium's text
    spaces them (:func:`respaced`)."""
    pages = sorted({x.page for x in lines
                    if UNREADABLE in x.text or _RUN_TOGETHER.search(x.text)})
    if not pages:
        return lines
    texts = {page: _page_text(pdf, page) for page in pages}
    out = []
    for x in lines:
        text = repaired(x.text, texts[x.page]) if UNREADABLE in x.text else x.text
        if _RUN_TOGETHER.search(text):
            text = respaced(text, texts[x.page])
        out.append(x if text == x.text else replace(x, text=text))
    return out


# a lower-case letter followed by a capital: "RelatedWork", and "iPhone", "McDonald", "DocNav"
_RUN_TOGETHER = re.compile(r"[a-z][A-Z]")


def respaced(text: str, page_text: str) -> str:
    """``text`` with a space between a lower-case letter and a capital where ``page_text``
    has one there, if ``text`` is found in it once (spaces loose): "5 RelatedWork" of
    "... 5 Related Work Semi-supervised ..."; "iPhone" stays as pdfium has it."""
    chars = [c for c in text if not c.isspace()]
    if len(LETTER.findall(text)) < _MIN_LETTERS:
        return text
    pattern = "".join(
        re.escape(c) + ((r"(\s*)" if c.islower() and nxt.isupper() else r"\s*") if nxt else "")
        for c, nxt in zip(chars, chars[1:] + [""]))
    found = _found_once(pattern, page_text)
    if found is None:
        return text
    gaps = iter(found)
    out: list[str] = []
    last = ""  # the last character not a space
    for c in text:
        if last.islower() and c.isupper() and next(gaps) and out[-1] == last:
            out.append(" ")
        out.append(c)
        last = c if not c.isspace() else last
    return "".join(out)


def repaired(text: str, page_text: str) -> str:
    """``text`` with each U+FFFD replaced by what ``page_text`` has there, if found once."""
    parts = text.split(UNREADABLE)
    if len(LETTER.findall("".join(parts))) < _MIN_LETTERS:
        return text
    # spaces anywhere (the parsers space words differently: "2019Task", "T ∗ ,")
    pattern = r"\s*(\S{1,3}?)\s*".join(
        r"\s*".join(re.escape(c) for c in part if not c.isspace()) for part in parts)
    chars = _found_once(pattern, page_text)
    if chars is None or any(UNREADABLE in c for c in chars):
        return text
    out = [parts[0]]
    for c, part in zip(chars, parts[1:]):
        out += [c, part]
    return "".join(out)


def _found_once(pattern: str, page_text: str) -> tuple[str, ...] | None:
    """The groups of ``pattern`` (a line's characters, spaces loose) where it is found in
    ``page_text``, alike wherever it is; None where it is not found, or found differently."""
    found = {m.groups() for m in re.finditer(pattern, page_text)}
    return next(iter(found)) if len(found) == 1 else None


def _page_text(pdf, page_no: int) -> str:
    """pdfium's text of the page; "" where pdfium cannot read it (its lines stay as parsed: the
    repair is a bonus, never a reason for a document to fail)."""
    import pypdfium2 as pdfium

    try:
        page = pdf[page_no - 1]
        try:
            textpage = page.get_textpage()
            try:
                text = textpage.get_text_range()
            finally:
                textpage.close()
        finally:
            page.close()
    except (pdfium.PdfiumError, IndexError):
        return ""
    # pdfium joins a word hyphenated at a line end and marks the hyphen U+FFFE; docling keeps
    # the hyphen. Quotes: docling writes them straight.
    return " ".join(text.translate(_AS_DOCLING).split())
