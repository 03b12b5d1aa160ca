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
"related" nor "work"), and in body text now and then ("Sequence gen-" / "erationmodel for"
of a works cited), are spaced as pdfium's text of the page spaces them, where the line is
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
    pages: dict[int, tuple[str, frozenset[str]]] = {}
    for x in lines:
        if x.page not in pages:
            page_text = _page_text(pdf, x.page)
            pages[x.page] = page_text, frozenset(_WORD.findall(page_text))
    # the document's own, where pdfium writes them as one word too: docling-parse runs words
    # together ("we fine-tune Llama2." of "Llama 2."), and "Llama2Chat" read "Llama2 Chat"
    joined = own_spellings(x.text for x in lines) & own_spellings(t for t, _ in pages.values())
    out = []
    for x in lines:
        page_text, words = pages[x.page]
        text = repaired(x.text, page_text) if UNREADABLE in x.text else x.text
        text = respaced(text, page_text, words, joined)
        out.append(x if text == x.text else replace(x, text=text))
    return out


_WORD = re.compile(r"[^\W\d_]+")  # a run of letters
_LETTERS_BEFORE = re.compile(r"[^\W\d_]+$")  # the word a number follows: "Llama" of "Llama2"
_AFTER_DIGIT = re.compile(r"(?<=\d)[A-Z][a-z]")  # "2019Task": a word after a number
# letters and the number after them, once or more, a word of its own: "HNO3" of "HNO3 is",
# "(CO2)", "H2SO4."; and such letters and numbers before a place in a line ("HNO3" of "HNO3S")
_LETTERS_NUMBER = re.compile(r"(?<![^\W_])(?:[^\W\d_]+\d+)+(?![^\W_])")
_LETTERS_NUMBER_BEFORE = re.compile(r"(?:[^\W\d_]+\d+)+$")


def own_spellings(texts) -> frozenset[str]:
    """The words of letters and numbers after them (:data:`_LETTERS_NUMBER`) that ``texts``
    (a document's lines, or pdfium's pages) write as one word: a formula's ("HNO3", "H2SO4"),
    which pdfium spaces at its subscript ("HNO 3"), not a name's ("Llama 2"). Of docling-parse's
    lines only with pdfium's (:func:`repair_lines`): it writes "Llama2." of "Llama 2."."""
    return frozenset(w for text in texts for w in _LETTERS_NUMBER.findall(text))


def respaced(text: str, page_text: str, words: frozenset[str] | None = None,
             joined: frozenset[str] = frozenset()) -> str:
    """``text`` with a space between two letters of a word that ``page_text`` (whose
    ``words``) never has, where ``page_text`` has one there, if ``text`` is found in it once
    (spaces loose): "5 RelatedWork" of "... 5 Related Work Semi-supervised ...", and
    "erationmodel" of "Sequence gen-eration model" (a gap docling-parse took for none);
    "iPhone" stays as pdfium has it, and so does a word pdfium has elsewhere on the page. A
    found line may be found more than once, alike each time. A letter a space would leave
    alone, but at a capital after a small one ("aModel"), is not cut off (:func:`_pieces`):
    pdfium spaces letter-spaced and kerned text ("A B S T R A C T", "T able", "E ffi
    cient") and a formula's sub- and superscripts ("Rdv" as "R dv", "hner" as "h ner").
    A capitalised word after a number that pdfium spaces is spaced too ("SemEval-2019Task 6"
    of "SemEval-2019 Task 6"), where pdfium never runs the two together on the page, and so
    is a word before that number where pdfium spaces it as well ("Llama2Chat" of "Llama 2
    Chat" read "Llama2 Chat", neither parser's reading), unless the document writes that word
    and number as one word elsewhere (``joined``, :func:`own_spellings`: "HNO3Solution" is
    "HNO3 Solution", not pdfium's "HNO 3 Solution"); a number after a letter is not spaced
    otherwise (pdfium spaces "H2O" as "H 2 O", a subscript)."""
    if len(LETTER.findall(text)) < _MIN_LETTERS:
        return text
    if words is None:
        words = frozenset(_WORD.findall(page_text))
    joints = [m.start() + i for m in _WORD.finditer(text) if m.group() not in words
              for i in range(1, len(m.group()))]  # where a space may go: before text[i]
    numbered = {m.start() for m in _AFTER_DIGIT.finditer(text)
                if text[m.start() - 1:m.end()] not in page_text}
    if not joints and not numbered:
        return text
    # a word before the number: "Llama" of "Llama2Chat", where the number starts, its word's
    named = {j: i for i in numbered if _named(text, j := _number_start(text, i), i, joined)}
    at = set(joints) | numbered | set(named)
    pattern = "".join(("(\\s*)" if i in at else r"\s*") + re.escape(c)
                      for i, c in enumerate(text) if not c.isspace())
    found = _found_once(pattern, page_text)
    if found is None:
        return text
    gaps = {i for i, gap in zip(sorted(at), found) if gap}
    spaced = _pieces(text, gaps - numbered - set(named)) | (gaps & numbered)
    spaced |= {j for j, i in named.items() if j in gaps and i in gaps}
    return "".join((" " if i in spaced else "") + c for i, c in enumerate(text))


def _number_start(text: str, i: int) -> int:
    """Where the number ends at ``text[i]`` starts."""
    while i > 0 and text[i - 1].isdigit():
        i -= 1
    return i


def _named(text: str, j: int, i: int, joined: frozenset[str]) -> bool:
    """Whether the word before the number ``text[j:i]`` is a name's part that pdfium's spaces
    on both sides of the number are read for ("Llama" of "Llama 2 Chat", "GPT 4", "FY 2023"),
    not a formula's letters before a sub- or superscript that pdfium spaces alike ("CO 2
    Emissions", "R 2 Score", "Q 3 Results"): a word of three letters or more, or of two with a
    small one, or any word before a number of two digits or more; never one the document
    writes with its number as one word (``joined``: "HNO3")."""
    word = _LETTERS_BEFORE.search(text, 0, j)
    if word is None or (run := _LETTERS_NUMBER_BEFORE.search(text, 0, i)) and run[0] in joined:
        return False
    letters = word.group()
    return (len(letters) >= 3 or len(letters) == 2 and not letters.isupper()
            or i - j >= 2)


def _pieces(text: str, spaced: set[int]) -> set[int]:
    """Of the places ``spaced`` (a space before ``text[i]``), those of a word cut into pieces
    of two letters or more, those at a capital after a small letter ("RelatedWork"), and an
    initial's before a capitalised name ("Jason DWilliams", 1909.00754's works cited: no
    letter-spaced capitals, "A B S T R A C T", are cut so)."""
    kept = set()
    for m in _WORD.finditer(text):
        cuts = sorted(i for i in spaced if m.start() < i < m.end())
        edges = [m.start(), *cuts, m.end()]
        if all(b - a >= 2 for a, b in zip(edges, edges[1:])):
            kept.update(cuts)
        else:
            kept.update(i for i in cuts if text[i - 1].islower() and text[i].isupper()
                        or i == m.start() + 1 and _initial(text, i, edges))
    return kept


def _initial(text: str, i: int, edges: list[int]) -> bool:
    """A capital cut off a word's start before a capital and small letters, the next cut
    (or the word's end) two letters on or more: "D" of "DWilliams"."""
    after = edges[edges.index(i) + 1]
    return (text[i - 1].isupper() and text[i].isupper() and after - i >= 3
            and text[i + 1:after].islower())


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
