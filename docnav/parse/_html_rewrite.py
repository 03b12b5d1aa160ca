"""The page as docling's HTML reader should see it: what that reader drops or misplaces is
rewritten before it reads the page.

The page is parsed as docling parses it (BeautifulSoup's ``html.parser``, the encoding sniffed
from the bytes) and handed over as UTF-8 after a byte-order mark, which outranks any charset
the page declares. A page that needs none of the rewrites is read as it is.
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path

# what a rewrite works on: a page with none of it is not parsed for one (each page was, an
# extra parse of every HTML file): a table's or a page's footer, a quote, or anything but
# white space after </body> (and its </html>) or </html>
_REWRITABLE = re.compile(
    rb"<(?:tfoot|footer|blockquote)[\s>/]|</(?:body|html)\s*>(?!\s*(?:</html\s*>\s*)?\Z)",
    re.IGNORECASE)


def rewritten_html(path: Path) -> bytes | None:
    """The page's bytes with what docling misreads rewritten, or None where nothing is."""
    from bs4 import BeautifulSoup

    data = path.read_bytes()
    if not _REWRITABLE.search(data):
        return None
    soup = BeautifulSoup(data, "html.parser")
    return codecs.BOM_UTF8 + soup.encode("utf-8") if rewrite(soup) else None


def rewrite(soup) -> bool:
    """Rewrite the parsed page (or a Markdown file's HTML block) in place; whether anything
    changed."""
    changed = [step(soup) for step in _REWRITES]  # every one, not up to the first
    return any(changed)


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


_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
_REWRITES = (_table_footers, _footers, _quoted_headings, _after_the_body)
