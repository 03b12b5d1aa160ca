"""Drafts the font rules take for headings that are none: a table of contents' entries for
parts repeated later, a filing's table labels that differ only in a year, a column head that
the next rows' heads repeat, the signers under "SIGNATURES", a paper's author line. Each runs over every draft once the headings are found."""

from __future__ import annotations

import re

from docnav.parse._pdf_paragraphs import Draft, join_lines

_SIGNING = re.compile(r"^(?:signatures?|certifications?)\b", re.I)
# a name with a middle initial, perhaps a title after it: "Wendell P. Weeks Director"
_SIGNER = re.compile(r"[A-Z][a-z]+(?:\s+[A-Z]\.)+\s+[A-Z][a-z'-]+(?:\s+[A-Z][a-z]+)*")
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_FOOTNOTE_MARK = re.compile(r"\s*(?:\(\d{1,2}\)|\*+|[\u2020\u2021])$")
_NEAR = 8  # drafts after a column head within which the next row repeats it
_HEAD_WORDS = 6  # a column head is a few words a line

# A person's name: capitalised words and initials ("H. Andrew Schwartz", "Julian McAuley",
# "Jean-Luc de la Croix"), footnote marks after it ("Ren1,*", "Duan†‡∗"); names listed
# with commas, "and" or "&": an author line under a paper's title.
_NAME_WORD = r"(?:[A-Z][a-z]*[A-Z]?[a-z]+(?:[-'][A-Z]?[a-z]+)*|[A-Z]\.(?:-?[A-Z]\.)?)"
_PARTICLE = r"(?:de|da|di|del|der|den|van|von|la|le|du|dos|bin|al)"
_MARKS = r"[\d*\u2217\u2020\u2021\u00a7\u00b6,]*"
_PERSON = rf"{_NAME_WORD}(?:\s+(?:{_PARTICLE}\s+)*{_NAME_WORD}){{1,4}}{_MARKS}"
_AUTHORS = re.compile(rf"{_PERSON}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*){_PERSON})*")
_BODY_START = re.compile(r"^(?:abstract|introduction|summary|keywords)\b", re.I)


def drop_listed_parts(drafts: list[Draft], toc_pages: dict[int, float]) -> None:
    """A numbered heading ("PART I") on a table-of-contents page, repeated by a heading later
    in the document, is the table's entry for that part, not the part: Amazon's index page
    starts with "PART I" over its first rows, and the index became a second Part I."""
    numbered = [d for d in drafts if d.pattern in ("part", "chapter", "item")]
    last_page = {_words_of(d): d.page for d in numbered}  # the page of each text's last heading
    for d in numbered:
        if d.page in toc_pages and last_page[_words_of(d)] != d.page:
            d.pattern, d.depth = None, 0


def drop_year_labels(drafts: list[Draft]) -> None:
    """Headings on one page that differ only in a year ("Fiscal 2022", "Fiscal 2021", "Fiscal
    2020" over Adobe's revenue tables; Amazon's "Year Ended December 31, 2016 (1)" and "...
    2017 (1)") label tables or columns, one per year: as headings, the sections that followed
    became subsections of the last year's label."""
    series: dict[tuple, list[Draft]] = {}
    for d in drafts:
        if d.pattern is not None and d.lines and _YEAR.search(_words_of(d)):
            series.setdefault((d.page, _YEAR.sub("#", _words_of(d))), []).append(d)
    for same in series.values():
        if len(same) >= 2:
            for d in same:
                d.pattern, d.depth = None, 0


def drop_repeated_heads(drafts: list[Draft]) -> None:
    """A heading whose words (less a footnote mark: "(1)", "*") a line of text near it on the
    same page repeats, with only column heads' short lines between, is a table's column head
    set bold in its first row and plain in the next ones: Best Buy's store counts head three
    groups of columns "Stores Opened", "Stores Closed (1)", "Total Stores at End of Fiscal
    Year", and the bold first "Stores Closed (1)" became a section that took in the rest of the
    page's segment. A paragraph between ends the search: a section "Revenue" whose text is
    followed by a chart titled "Revenue" is a heading."""
    for i, d in enumerate(drafts):
        if d.pattern != "style" or not d.lines:
            continue
        words = _FOOTNOTE_MARK.sub("", _words_of(d))
        for x in drafts[i + 1 : i + 1 + _NEAR]:
            if x.page != d.page or not x.lines or len(_words_of(x).split()) > _HEAD_WORDS:
                break
            if x.pattern is None and _FOOTNOTE_MARK.sub("", _words_of(x)) == words:
                d.pattern, d.depth = None, 0
                break


def drop_signers(drafts: list[Draft]) -> None:
    """Under "SIGNATURES" or "CERTIFICATIONS" a name set bold ("Jeffrey P. Bezos", "Wendell
    P. Weeks Director") is a signer, not a heading; until the next numbered heading."""
    signing = False
    for d in drafts:
        if d.pattern is None or not d.lines:
            continue
        text = join_lines(d.lines)
        if d.pattern != "style":
            signing = False
        elif _SIGNING.match(text):
            signing = True
        elif signing and _SIGNER.fullmatch(text):
            d.pattern, d.depth = None, 0


def _words_of(d: Draft) -> str:
    return " ".join(join_lines(d.lines).casefold().split())


def drop_author_lines(drafts: list[Draft]) -> None:
    """A list of names between the title and the body ("Abstract", "1 Introduction") on the
    first page with headings is the paper's authors, not a heading. Only where that body
    starts on the page (a paper's first page), and one name alone only after a heading (the
    title): "Data Collection and Model Training" could head a report's first section."""
    seen_heading = False
    first_page = None
    names: list[Draft] = []
    for d in drafts:
        if d.pattern is None or not d.lines:
            continue
        first_page = d.page if first_page is None else first_page
        text = join_lines(d.lines).strip()
        if d.page != first_page:
            return  # no body on the first page: no paper's title page
        if d.pattern != "style" or _BODY_START.match(text):
            for name in names:
                name.pattern, name.depth = None, 0
            return
        if _AUTHORS.fullmatch(text) and (seen_heading or re.search(r",|\band\b|&", text)):
            names.append(d)
        else:
            seen_heading = True
