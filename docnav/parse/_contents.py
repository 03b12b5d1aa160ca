"""A table of contents that DOCX and HTML give as plain paragraphs ("Introduction 1", a line
each, as docling reads Word's TOC field) becomes a table, an entry a row ("Introduction … 1"),
as the native PDF reader writes one: the entries were paragraphs of their own, searched and
summed up as text, and named no section."""

from __future__ import annotations

import re

from docnav.model import Block, BlockKind
from docnav.refs import plain_title

# an entry: its title, then its page (a number, or a roman one), after spaces, dots or a tab
_ENTRY = re.compile(r"(.+?)[\s.…]+(\d{1,4}|[ivxlcdm]{1,7})", re.I)
MIN_ENTRIES = 5  # entries in a row that make a table of contents


def contents_as_table(blocks: list[Block]) -> list[Block]:
    """``blocks`` with each run of :data:`MIN_ENTRIES` or more plain paragraphs that are
    entries (a title and a page number) naming headings of the document made one table;
    an entry's title must be a heading's (case, spacing and a closing stop aside), so a list
    of prices or a table's lines stay what they are."""
    headings = {plain_title(b.text) for b in blocks if b.kind is BlockKind.HEADING}
    out: list[Block] = []
    i = 0
    while i < len(blocks):
        rows: list[str] = []
        j = i
        while j < len(blocks) and (row := _entry(blocks[j], headings)):
            rows.append(row)
            j += 1
        if len(rows) >= MIN_ENTRIES:
            run = blocks[i:j]
            out.append(Block(BlockKind.TABLE, "\n".join(rows), page=run[0].page,
                             links=tuple(link for b in run for link in b.links)))
            i = j
        else:
            out.append(blocks[i])
            i += 1
    return out


def _entry(block: Block, headings: set[str]) -> str | None:
    """The block as a contents row ("Introduction … 1"), or None when it is no entry."""
    if block.kind is not BlockKind.TEXT:
        return None
    m = _ENTRY.fullmatch(block.text.strip())
    if m is None or plain_title(m.group(1)) not in headings:
        return None
    return f"{m.group(1).strip()} … {m.group(2)}"
