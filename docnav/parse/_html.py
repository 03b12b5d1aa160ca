"""HTML extras docling does not keep: heading anchors (``id=``) and ``<head>`` metadata."""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import takewhile

from docnav.model import Block, BlockKind

_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
_ID_BLOCKS = ("p", "li", "table", "pre", "blockquote", "dt", "dd")
_META_NAMES = ("author", "description", "keywords", "date", "dcterms.created", "dcterms.modified")


def read_html(page: bytes):
    """The page as a BeautifulSoup tree (lxml parser, encoding sniffed from the bytes)."""
    from bs4 import BeautifulSoup

    return BeautifulSoup(page, "lxml")


def add_heading_anchors(soup, blocks: list[Block]) -> list[Block]:
    """Give each heading block the ``id`` of its HTML heading, matched in order by text, and
    that heading's spacing: docling joins the pieces of a heading with inline markup by
    spaces ("Using <code>--fast</code>, then" became "Using --fast , then")."""
    found = soup.find_all(_HEADINGS)
    keys = [_norm(h.get_text(" ")) for h in found]
    out: list[Block] = []
    cursor = 0
    for block in blocks:
        if block.kind is BlockKind.HEADING:
            key = _norm(block.text)
            hit = next((i for i in range(cursor, len(keys)) if keys[i] == key), None)
            if hit is not None:
                cursor = hit + 1
                block = replace(block, text=_as_written(found[hit], block.text),
                                anchor=_anchor_of(found[hit]) or block.anchor)
        out.append(block)
    return out


def add_block_anchors(soup, blocks: list[Block]) -> list[Block]:
    """Give a paragraph, list item, table or code block the ``id`` of its HTML element
    (``<table id="limits">``), matched in order by its words, so a ``#limits`` link leads to
    it; the headings have theirs already. A ``<dt>`` term begins the block that says its
    definitions after it."""
    out = list(blocks)
    words = [None if b.kind is BlockKind.HEADING else _words(b.text) for b in out]
    cursor = 0
    for element in soup.find_all(_ID_BLOCKS, id=True):
        key = _words(" ".join(t.get_text(" ") for t in _terms_up_to(element)))
        ends = str.startswith if element.name == "dt" else str.endswith
        hit = next((i for i in range(cursor, len(out))
                    if key and words[i] is not None and ends(words[i], key)), None)
        if hit is not None:
            out[hit] = replace(out[hit], anchor=out[hit].anchor or element["id"])
            cursor = hit + 1
    return out


def _terms_up_to(element) -> list:
    """``element``, and where it is a ``<dt>`` of several that share definitions, the terms
    before it: their block begins with them all ("A, B: d"; matched by its own words, the
    id of "B" anchored the next block that began with them)."""
    if element.name != "dt":
        return [element]
    after = element.find_next_sibling()
    while after is not None and after.name == "dt":
        after = after.find_next_sibling()
    if after is None or after.name != "dd":
        return [element]
    before = list(takewhile(lambda e: e.name == "dt", element.find_previous_siblings()))
    return [*reversed(before), element]


def _words(text: str) -> str:
    """Letters and digits only: a table's Markdown and its cells' text, a list item with or
    without its number, compare equal."""
    return re.sub(r"[\W_]+", "", text).casefold()


def _as_written(heading, text: str) -> str:
    """The heading's text as the page spaces it, where it differs from ``text`` only there."""
    for br in heading.find_all("br"):
        br.replace_with(" ")
    written = " ".join(heading.get_text().split())
    return written if written.split() and "".join(written.split()) == "".join(text.split()) \
        else text


def _anchor_of(heading) -> str | None:
    if heading.get("id"):
        return heading["id"]
    inner = heading.find("a", attrs={"name": True}) or heading.find(attrs={"id": True})
    if inner is not None:
        return inner.get("id") or inner.get("name")
    parent = heading.parent
    if parent is not None and parent.name in ("section", "article", "div") and parent.get("id"):
        if parent.find(_HEADINGS) is heading:
            return parent["id"]
    return None


def drop_navigation(soup, blocks: list[Block]) -> list[Block]:
    """Before the first heading, the blocks that are the page's navigation (a ``<nav>`` or
    ``role="navigation"`` element's links and items): docling files all of that region as
    furniture, and DocNav keeps it (a page's lead, a filing's cover) but for its menus."""
    menus = soup.find_all("nav") + soup.find_all(attrs={"role": "navigation"})
    if not menus:
        return blocks
    texts = {_norm(el.get_text(" ")) for menu in menus
             for el in [menu, *menu.find_all(["li", "a", "p", "span", "div"])]}
    first = next((i for i, b in enumerate(blocks) if b.kind is BlockKind.HEADING), len(blocks))
    return [b for i, b in enumerate(blocks) if i >= first or _norm(b.text) not in texts]


def html_metadata(soup) -> tuple[tuple[str, str], ...]:
    """``<title>`` and the author/description/date ``<meta>`` tags."""
    out: list[tuple[str, str]] = []
    if soup.title and soup.title.get_text(strip=True):
        out.append(("title", " ".join(soup.title.get_text().split())))
    for meta in soup.find_all("meta", attrs={"name": True, "content": True}):
        name = meta["name"].strip().lower()
        if name in _META_NAMES and meta["content"].strip():
            out.append((name, meta["content"].strip()))
    return tuple(out)


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()
