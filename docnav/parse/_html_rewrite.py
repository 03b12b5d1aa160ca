"""The page as docling's HTML reader should see it: what that reader drops or misplaces is
rewritten before it reads the page.

The page is parsed as docling parses it (BeautifulSoup's ``html.parser``, the encoding sniffed
from the bytes) and handed over as UTF-8 after a byte-order mark, which outranks any charset
the page declares. A page that needs none of the rewrites is read as it is.
"""

from __future__ import annotations

import codecs
import re
from itertools import takewhile
from pathlib import Path

# what a rewrite works on: a page with none of it is not parsed for one (each page was, an
# extra parse of every HTML file): a table's or a page's footer, a quote, anything but white
# space after </body> (and its </html>) or </html>, before <body> anything but a <head>, or
# a table that may be the page's layout
_REWRITABLE = re.compile(
    rb"<(?:tfoot|footer|blockquote)[\s>/]|</(?:body|html)\s*>(?!\s*(?:</html\s*>\s*)?\Z)"
    rb"|(?:</head\s*>|<html(?:\s[^>]*)?>)\s*(?!<(?:head|body)[\s>])\S"
    # a table cell holding a heading, a paragraph or a list; a table said to be no table
    rb"|<t[dh][\s>][^<]*(?:<(?!/?t[dhr][\s>/]|(?:h[1-6]|p|[uod]l|pre)[\s>])[^<]*)*"
    rb"<(?:h[1-6]|p|[uod]l|pre)[\s>]|<table\s[^>]*\brole\s*=\s*[\"']?(?:presentation|none)\b"
    # a definition that begins in bold, or holds a description list
    rb"|<dd(?:\s[^>]*)?>(?:\s|<[a-z][^>]*>)*<(?:b|strong)[\s>]"
    rb"|<dd(?:\s[^>]*)?>(?:[^<]|<(?!/?d[dl][\s>]))*<dl[\s>]"
    rb"|\srole\s*=\s*[\"']?\s*heading\b"  # an element said to be a heading
    rb"|<summary[\s>]",  # a disclosure's summary, the heading of what it discloses
    re.IGNORECASE)
_BEFORE_HTML = re.compile(  # what may open a page, before its <html>, <head> or <body>
    rb"(?:\xef\xbb\xbf)?(?:\s|<!--.*?-->|<![^>]*>|<\?[^>]*>)*", re.DOTALL)
# a block classed as a heading, on a page without one: <p class="title">
_CLASSED = re.compile(rb"<(?:div|p)\s[^>]*\bclass\s*=[^>]*(?:heading|title|\bh[1-6]\b)",
                      re.IGNORECASE)
_HEADED = re.compile(rb"<h[1-6][\s>]", re.IGNORECASE)
_BODY = re.compile(rb"<body[\s>]", re.IGNORECASE)
_TITLE = re.compile(rb"<title[\s>]", re.IGNORECASE)


def rewritten_html(path: Path) -> bytes | None:
    """The page's bytes with what docling misreads rewritten, or None where nothing is."""
    from bs4 import BeautifulSoup

    data = path.read_bytes()
    if not _rewritable(data):
        return None
    soup = BeautifulSoup(data, "html.parser")
    menus = _menu_disclosures(soup)  # before a footer is read as a <div>
    changed = [rewrite(soup), _classed_headings(soup), _disclosures(soup, menus)]
    return codecs.BOM_UTF8 + soup.encode("utf-8") if any(changed) else None


def _rewritable(data: bytes) -> bool:
    """Whether the page holds something a rewrite works on."""
    if _REWRITABLE.search(data):
        return True
    if _CLASSED.search(data) and not _HEADED.search(data):
        return True
    if not _BODY.search(data):  # a page without one whose <title> docling reads as text
        return bool(_TITLE.search(data))
    start = _BEFORE_HTML.match(data).end()
    return not re.match(rb"<(?:html|head|body)[\s>]", data[start:], re.IGNORECASE)


def rewrite(soup) -> bool:
    """Rewrite the parsed page (or a Markdown file's HTML block) in place; whether anything
    changed."""
    changed = [step(soup) for step in _REWRITES]  # every one, not up to the first
    return any(changed)


def _said_headings(soup) -> bool:
    """An element said to be a heading (``role="heading"``) as the ``<h1>``..``<h6>`` of its
    ``aria-level``, 2 where it names none (as ARIA has it): docling read a page whose headings
    are ``<div role="heading" aria-level="2">`` as paragraphs, all of it one section. Only a
    block is renamed, and none in a paragraph: "<p><span role="heading">Note:</span> this
    explains...</p>" made a section "Note:" that took in the paragraphs after it, where the
    page shows one paragraph."""
    said = [element for element in soup.find_all(_SAID_BLOCKS, attrs={"role": True})
            if str(element["role"]).split()[:1] == ["heading"]
            and element.find_parent("p") is None]
    for element in said:
        level = str(element.get("aria-level", "")).strip()
        element.name = f"h{min(max(int(level), 1), 6) if level.isdigit() else 2}"
    return bool(said)


def _classed_headings(soup) -> bool:
    """On a page without a heading, a short block classed as one (``<p class="title">``,
    ``<div class="section-heading">``, ``class="h3"``) as the ``<h1>``..``<h6>`` its class
    names (:func:`_class_level`): docling read such a page as paragraphs, all of it
    one section. A page with a heading of its own keeps its classes as styling (a "title"
    card in a list, a Doxygen page's title over its ``<h2>`` sections); a block holding
    other blocks, a long one and one in a paragraph, list, table or quote stay as they are,
    and so does the title of each card of a grid (:func:`_in_a_grid`): "Alpha" and "Beta"
    of "<div class=card><div class=card-title>Alpha</div><p>Alpha does a.</p></div>" (a
    card each) were ``<h1>`` sections, the last one holding the page's text after the grid.
    A page's ``<title>`` stays its title: on a page with one, the headings made here are a
    level lower where one would be an ``<h1>`` (docling titles a page by its first
    ``<h1>``; "Alpha" was the title). A ``<div>`` classed as a section and beginning with a
    heading made here is a ``<section>``, read as one (:mod:`docnav.parse._html_sections`):
    its titles of one class made one level of headings, one such div within another was
    beside it, and the outer one's text after it stood in it."""
    if soup.find(_HEADINGS) is not None:
        return False
    classed = [e for e in soup.find_all(("div", "p"), class_=True)
               if _class_level(e) and e.find(_BLOCKS) is None
               and 0 < len(e.get_text(" ").split()) <= _HEADING_WORDS
               and e.find_parent(_INLINE_PLACES) is None and not _in_a_grid(e)]
    titled = any(t.get_text(strip=True) and t.find_parent("svg") is None
                 for t in soup.find_all("title"))
    below = int(titled and any(_class_level(e) == 1 for e in classed))
    for element in classed:
        element.name = f"h{min(_class_level(element) + below, 6)}"
        wrapper = element.find_parent("div")
        if wrapper is not None and _section_classed(wrapper) and _begins(wrapper, element):
            wrapper.name = "section"
    return bool(classed)


def _in_a_grid(element) -> bool:
    """Whether an element around ``element`` has a sibling of its tag and classes that holds
    one of ``element``'s tag and classes: a card of a grid, ``element`` its title, one of
    several such. A run of named sections is no grid (:func:`_named_sections`)."""
    shape = _shape(element)
    for around in element.parents:
        if around.name in ("body", "html") or around.parent is None:
            return False
        alike = [s for s in (*around.find_previous_siblings(around.name),
                             *around.find_next_siblings(around.name))
                 if _shape(s) == _shape(around)]
        titled = [s for s in alike if any(_shape(e) == shape for e in s.find_all(element.name))]
        if titled and not _named_sections([around, *titled], shape):
            return True
    return False


def _named_sections(members: list, shape: tuple) -> bool:
    """Whether ``members``, alike elements each holding a title of ``shape``, are a
    document's named sections rather than a grid's cards: each is said to be a section (a
    ``<section>``, or classed "section", "chapter", "doc-section", "sect1"), its text begins
    with its title, and at least half of them go on in prose, a paragraph of a sentence of
    :data:`_PROSE_WORDS` words or more, not mostly a link's. Three "<div class=section><div
    class=section-title>Install</div><p>Download the archive from the release page
    ...</p></div>" were read as cards: no heading, the page one section. A card says a blurb
    ("Alpha does a."), a price or links, and is told by its name, not the length of its
    blurb: a sentence of ten words is a section's whole prose as often as a card's. So no
    member may be called a card, a tile, an item, a product or a feature (its class or its
    title's: "<section class=card>", "product-section" over "card-title"; a class naming a
    section is a section's whatever it is about, "feature-section"), nor most of them
    end in a link of their own, a card's "Learn more" (:func:`_ends_in_link`): each card of
    a grid ends so, where one section ending in "Read more →" left its run of sections
    text."""
    prose = linked = 0
    for member in members:
        title = next(e for e in member.find_all(shape[0]) if _shape(e) == shape)
        if not (member.name == "section" or _section_classed(member)) \
                or not _begins(member, title) or _card_classed(member) \
                or _card_classed(title):
            return False
        prose += any(_prose(p) for p in member.find_all("p") if p is not title)
        linked += _ends_in_link(member)
    return 2 * prose >= len(members) and 2 * linked <= len(members)


def _card_classed(element) -> bool:
    """Whether a class of ``element`` calls it a card, one naming a section aside: a run of
    "feature-section" divs of prose, its features' sections, was read as a card grid."""
    return any(part in _CARD_WORDS for name in element.get("class", [])
               if not _SECTION_CLASS.fullmatch(name)
               for part in re.split(r"[-_]", name.lower()))


def _ends_in_link(element) -> bool:
    """Whether ``element``'s last words are a link's standing alone, loose in it or a block
    of its own: "Learn more" after a card's blurb, not "see <a>the guide</a>." ending a
    paragraph."""
    from docnav.parse._html import _words

    last = next((t for t in reversed(element.find_all(string=True)) if t.strip()), None)
    link = last.find_parent("a") if last is not None else None
    if link is None or not any(p is element for p in link.parents):
        return False
    block = link.find_parent(_BLOCKS)
    return block is None or block is element \
        or _words(block.get_text(" ")) == _words(link.get_text(" "))


def _section_classed(element) -> bool:
    return any(_SECTION_CLASS.fullmatch(name) for name in element.get("class", []))


def _begins(element, title) -> bool:
    """Whether ``element``'s text begins with ``title``'s."""
    from docnav.parse._html import _words

    return _words(element.get_text(" ")).startswith(_words(title.get_text(" ")))


def _prose(paragraph) -> bool:
    """Whether ``paragraph`` says a sentence: :data:`_PROSE_WORDS` words or more, ending as a
    sentence does, fewer than half of them a link's."""
    said = paragraph.get_text(" ").split()
    linked = sum(len(a.get_text(" ").split()) for a in paragraph.find_all("a"))
    return len(said) >= _PROSE_WORDS and 2 * linked < len(said) \
        and _SENTENCE_END.search(said[-1]) is not None


def _shape(element) -> tuple:
    return element.name, tuple(sorted(element.get("class", [])))


def _class_level(element) -> int:
    """The level of heading ``element``'s class names (a digit in it, else a title 1, a
    heading 2 and a subheading 3); 0: none."""
    for name in element.get("class", []):
        said = _HEADING_CLASS.fullmatch(name)
        if said:
            digit = said.group(1) or said.group(3)
            return int(digit) if digit else _CLASS_LEVELS[said.group(2).lower()]
    return 0


def _menu_disclosures(soup) -> list:
    """The ``<details>`` in a ``<nav>``, a ``role="navigation"`` element, a ``<header>`` or a
    ``<footer>``: a site's menu ("Products" over "Alpha", "Beta"), not the page's text."""
    return [d for d in soup.find_all("details")
            if d.find_parent(_MENU_PLACES) is not None
            or d.find_parent(attrs={"role": "navigation"}) is not None]


def _disclosures(soup, menus: list) -> bool:
    """A ``<details>`` as a section headed by its ``<summary>``, one level below the heading
    whose section it stands in (an ``<h2>`` where none does): docling read "Options" of
    "<details><summary>Options</summary><p>a</p></details>" as a paragraph, and what the
    disclosure holds as the enclosing section's own text. A page's only, not a Markdown
    file's HTML block: that one is read alone, without the headings around it. A disclosure
    in a list, a table, a quote or a paragraph, or whose summary holds a heading already,
    stays as it is, and so does one of ``menus`` (:func:`_menu_disclosures`): a site menu's
    "Products" in a ``<header>`` was a section before the page's ``<h1>``, holding the menu's
    links. A page without a heading keeps its disclosures: no heading after one
    would end its section, so "Options" held the rest of the page and became its title. So
    does one with no words besides its summary's (a review form under "Write a review"): as
    a section it wrapped its heading alone, which ``_html_sections`` gives the paragraphs
    after it; a disclosure made a section never does, as it says more words than its
    heading. And so does one holding a heading of its summary's level or above ("<h3>Proxy
    </h3>" under "Advanced", "<h2>v2</h2>" under "Changelog" below an ``<h1>``): that
    heading, its own section's, left the summary's an empty one beside it. A summary that
    says more than a heading does stays text too (:func:`reads_as_heading`)."""
    from docnav.parse._html import _words
    from docnav.parse._html_sections import _holds

    if soup.find(_HEADINGS) is None:
        return False
    shown = [s for s in soup.find_all("summary") if s.parent is not None
             and s.parent.name == "details" and s.get_text(strip=True)
             and s.find(_HEADINGS) is None and s.find_parent(_INLINE_PLACES) is None
             and not any(s.parent is menu for menu in menus)
             and _words(s.parent.get_text(" ")) != _words(s.get_text(" "))
             and reads_as_heading(s.get_text(" "))]
    made = []
    for summary in shown:
        around = next((h for h in summary.find_all_previous(_HEADINGS) if _holds(h, summary)),
                      None)
        level = min((int(around.name[1]) if around is not None else 1) + 1, 6)
        if any(int(h.name[1]) <= level for h in summary.parent.find_all(_HEADINGS)):
            continue
        summary.parent.name = "section"
        summary.name = f"h{level}"
        made.append(summary)
    return bool(made)


def reads_as_heading(summary: str) -> bool:
    """Whether a disclosure's ``summary`` reads as a heading: :data:`_HEADING_WORDS` words at
    most, in one sentence (a numbered label's "Step 1." of "Step 1. Install" is none) or in
    questions only. An FAQ's short question heads its answer, and so do two asked together
    ("What is v2.0? Is it stable?"); "How do I reset my password if I no longer have access
    to the email address ... ?" (26 words) or "Why is it slow? It reads the whole disk
    first." is the text of the section the disclosure stands in, as a paragraph before what
    it discloses: as a heading it was a section's name that said a question and its
    answer."""
    from docnav.sentences import split_sentences

    said = " ".join(summary.split())
    sentences = [s for s in split_sentences(said) if len(s.split()) >= _SENTENCE_WORDS]
    return len(said.split()) <= _HEADING_WORDS and (
        len(sentences) <= 1 or all(_QUESTION_END.search(s) for s in sentences))


def _table_footers(soup) -> bool:
    """A ``<tfoot>``'s rows as its table's last rows: docling reads the rows of a table's
    ``<thead>`` and ``<tbody>`` only, so a bill's "Total 3" row was lost, wherever the footer
    stood (HTML allows it before the body)."""
    footers = [f for f in soup.find_all("tfoot") if f.find_parent("table") is not None]
    for footer in footers:
        table = footer.find_parent("table")
        footer.name = "tbody"
        table.append(footer.extract())
    return bool(footers)


def _layout_tables(soup) -> bool:
    """A table that lays the page out, its cells' content read as the page's, a cell after
    another: docling read it as one data table, a "| Left Left para. - L1 - L2 | Right ... |"
    row whose headings opened no section. A layout table is one said to be none
    (``role="presentation"``), one with a heading in a cell, or a single row of cells holding
    paragraphs or lists; a data table with a list in a cell stays a table. Its caption, if
    any, is read first, as a paragraph."""
    layout = [t for t in soup.find_all("table") if _lays_out(t)]
    for table in layout:
        cells = _own(table, ("caption", "td", "th"))
        for cell in cells:
            cell.name = "div"
        table.replace_with(*[cell.extract() for cell in cells])
    return bool(layout)


def _lays_out(table) -> bool:
    if str(table.get("role", "")).strip().lower() in ("presentation", "none"):
        return True
    if _own(table, _HEADINGS):
        return True
    return len(_own(table, ("tr",))) == 1 and bool(_own(table, ("p", "ul", "ol", "dl", "pre")))


def _own(table, names) -> list:
    """The elements so named in ``table``, not in a table within it."""
    return [e for e in table.find_all(names) if e.find_parent("table") is table]


def _footers(soup) -> bool:
    """A ``<footer>`` read as the block it is: docling files a footer's text as page
    furniture, so a page's or an article's closing paragraph and a quote's attribution
    ("Author Name") were dropped without a word (a footer with a heading in it was kept). A
    site's footer is read too (its "Edit this page", its copyright line), but for its menus,
    which are navigation as a menu before the first heading is: a ``<nav>``, a list of links
    alone ("About", "Careers", "Privacy"), and a heading over nothing else ("Company"),
    which every page of a site would otherwise hold."""
    footers = soup.find_all("footer")
    for footer in footers:
        menus = (footer.find_all("nav") + footer.find_all(attrs={"role": "navigation"})
                 + [x for x in footer.find_all(("ul", "ol")) if _links_alone(x)])
        for menu in menus:
            if not menu.decomposed:  # not within a menu gone already
                menu.decompose()
        for heading in footer.find_all(_HEADINGS):
            if not _heads_text(heading):
                heading.decompose()
        footer.name = "div"
    return bool(footers)


def _links_alone(items) -> bool:
    """A list each of whose items is links and nothing else."""
    rows = items.find_all("li")
    return bool(rows) and all(
        (said := li.get_text(" ", strip=True)) and said == " ".join(
            a.get_text(" ", strip=True) for a in li.find_all("a")) for li in rows)


def _heads_text(heading) -> bool:
    """Whether text follows ``heading`` among its siblings before the next heading."""
    for sibling in heading.next_siblings:
        if getattr(sibling, "name", None) in _HEADINGS:
            return False
        if sibling.get_text(strip=True) if hasattr(sibling, "get_text") else sibling.strip():
            return True
    return False


def _quoted_headings(soup) -> bool:
    """A heading in a ``<blockquote>`` as a paragraph of the section the quote stands in, as
    the Markdown reader reads "> # Note": docling opened a section with it that took in what
    follows the quote ("After quote." fell under the quoted "Quoted title"), and a quoted
    ``<h1>`` titled the page. Rewritten here rather than paired with docling's headings by
    count as Markdown's are: those count a page's ``<title>``, and the title is docling's."""
    quoted = [h for h in soup.find_all(_HEADINGS) if h.find_parent("blockquote") is not None]
    for heading in quoted:
        heading.name = "p"
    return bool(quoted)


def _termless_definitions(soup) -> bool:
    """A ``<dd>`` with no term before it in its ``<dl>`` (or after a term with no text) read
    without its bold: docling sets each ``<dt>`` bold and puts such a ``<dd>`` in the list
    beside the terms, so one all in bold ("<dd><b>Orphan</b></dd>") was read as a term that
    shares the next one's definitions ("Orphan, Term: def"). A list item's text keeps no bold."""
    bold = []
    for items in soup.find_all("dl"):
        term = False
        for item in _described(items):
            if item.name == "dt":
                term = bool(item.get_text(strip=True))
            elif not term:
                bold += item.find_all(("b", "strong"))
    for tag in bold:
        tag.name = "span"
    return bool(bold)


def _described(items) -> list:
    """A ``<dl>``'s terms and definitions, those in a ``<div>`` of it too, as docling reads
    them."""
    out = []
    for child in items.find_all(("dt", "dd", "div"), recursive=False):
        out += _described(child) if child.name == "div" else [child]
    return out


def _definitions_beside_lists(soup) -> bool:
    """What a ``<dd>`` holding a ``<dl>`` says beside that list, as a ``<dd>`` of its own
    before it: docling reads only the list of such a definition, so its text ("<dd>Outer
    def.<dl>...</dl></dd>", its paragraphs) was lost without a word. What stood on either
    side of a list stays apart: "Own text.<dl>...</dl>More text." read "Own text.More text."."""
    split = [dd for dd in soup.find_all("dd") if dd.find("dl", recursive=False) is not None
             and any(_said(node) for node in dd.contents if node.name != "dl")]
    for dd in split:
        own = soup.new_tag("dd")
        apart = False
        for node in list(dd.contents):
            if node.name == "dl":
                apart = bool(own.contents)
                continue
            if apart:
                own.append(" ")
                apart = False
            own.append(node.extract())
        dd.insert_before(own)
    return bool(split)


def _said(node) -> bool:
    """Whether ``node`` is an element with text, or text."""
    from bs4 import NavigableString, Tag

    return bool(node.get_text(strip=True) if isinstance(node, Tag)
                else type(node) is NavigableString and node.strip())


def _after_the_body(soup) -> bool:
    """What follows ``</body>`` or ``</html>`` moved to the body's end, where browsers show it:
    docling reads the body only, so "</html>\nTrailing text bravo." was lost."""
    from bs4 import NavigableString, Tag

    body = soup.body
    if body is None:  # no <body>: docling reads the whole page
        return False
    after = [node for element in (body, *body.parents) for node in list(element.next_siblings)
             if isinstance(node, Tag) or (type(node) is NavigableString and node.strip())]
    for node in after:
        body.append(node.extract())
    return bool(after)


def _before_the_body(soup) -> bool:
    """What stands before ``<body>``, outside the ``<head>``, as the body's first content,
    where browsers show it: docling reads the body only, so "Stray text." between
    ``</head>`` and ``<body>`` (or before ``<html>``) was lost. A page with a ``<title>`` and
    no ``<body>`` is given one around all but its head: docling read the whole page, its
    title "T" as a paragraph too."""
    body = soup.body
    if body is None and soup.title is None:  # docling reads the whole page: all is shown
        return False
    around = set() if body is None else {id(body), *(id(p) for p in body.parents)}
    nodes = list(takewhile(lambda node: id(node) not in around, _page_level(soup)))
    nodes = [n for n in nodes if _shown(n)]
    if not any(n.name or n.strip() for n in nodes):
        return False
    if body is None:
        body = soup.new_tag("body")
        (soup.html or soup).append(body)
    for node in reversed(nodes):
        body.insert(0, node.extract())
    return True


def _page_level(soup):
    """The page's top-level nodes, those in its ``<html>`` in that one's place."""
    for node in list(soup.contents):
        yield from list(node.contents) if node is soup.html else (node,)


def _shown(node) -> bool:
    """Text or an element of the body's, not of the head's (a doctype, a comment: neither)."""
    from bs4 import NavigableString, Tag

    return node.name not in _HEAD_ONLY if isinstance(node, Tag) \
        else type(node) is NavigableString


_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
_SAID_BLOCKS = ("div", "p", "section", "article", "aside", "nav", "header", "footer", "main",
                "li", "dt", "dd", "td", "th", "caption", "figcaption", "summary", "legend",
                "address", "hgroup")  # what a role="heading" may make a heading of
_INLINE_PLACES = ("li", "dt", "dd", "td", "th", "caption", "p", "blockquote", "summary",
                  *_HEADINGS)  # where a heading made by a rewrite would split what holds it
# a class that names a heading: "h3", "page-title", "section-heading", "subheading-4"
_HEADING_CLASS = re.compile(
    r"h([1-6])|(?:[a-z]+[-_])*(title|heading|subheading)(?:[-_]?([1-6]))?", re.IGNORECASE)
_CLASS_LEVELS = {"title": 1, "heading": 2, "subheading": 3}  # where no digit says it
# a class that names a section of a document: "section", "doc-section", "subsection", "sect2"
_SECTION_CLASS = re.compile(r"(?:[a-z0-9]+[-_])*(?:sub)*(?:section|chapter|sect[1-6])",
                            re.IGNORECASE)
# a class's part that names a card of a grid: "card", "card-title", "feature-tile"
_CARD_WORDS = frozenset(("card", "tile", "item", "product", "feature"))
_PROSE_WORDS = 8  # a sentence of prose says this many words at least
_SENTENCE_END = re.compile(r"[.!?][\"')\]\u201d\u2019]*$")
_QUESTION_END = re.compile(r"\?[\"')\]\u201d\u2019]*$")
_MENU_PLACES = ("nav", "header", "footer")  # where a disclosure is a site's menu
_HEADING_WORDS = 20  # a heading says this many words at most
_SENTENCE_WORDS = 3  # a sentence says this many words at least; "Step 1." none
_BLOCKS = ("p", "div", "ul", "ol", "dl", "table", "pre", "blockquote", "section", "article",
           *_HEADINGS)
_HEAD_ONLY = ("head", "title", "meta", "link", "base", "style", "script")
_REWRITES = (_said_headings, _table_footers, _layout_tables, _footers, _quoted_headings,
             _termless_definitions, _definitions_beside_lists, _after_the_body, _before_the_body)
