"""Who the documents asked of were written by, by their own author fields (front matter,
document properties; not a paper's byline): those a question asking for an author's documents
chooses ("Which reports were written by Ada?", :mod:`docnav.query.which`)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from docnav.query.evidence import AUTHOR_KEYS

if TYPE_CHECKING:
    from docnav.query.navigator import Navigator


def authored_by(nav: Navigator, doc: str | list[str] | None, author: str) -> list[str]:
    """The paths of the documents asked of (``doc``) whose author field names ``author`` (its
    words, in order, anywhere in the field: "Ada" of "Ada Lovelace; Bo Li")."""
    said = re.compile(rf"\b{re.escape(author)}\b", re.I)
    return [p for p in nav.graph.document_paths(doc)
            if any(said.search(str(v)) for k, v in nav.graph.fields(p).items()
                   if k in AUTHOR_KEYS)]


def all_have_authors(nav: Navigator, doc: str | list[str] | None) -> bool:
    """Whether every document asked of has an author field."""
    return all(any(k in AUTHOR_KEYS for k in nav.graph.fields(p))
               for p in nav.graph.document_paths(doc))


def authors_held(nav: Navigator, doc: str | list[str] | None) -> str:
    """Who the documents asked of were written by ("their authors: Ada Lovelace, Bo"), or that
    none has an author field: said where none is by the author a question names."""
    paths = nav.graph.document_paths(doc)
    authors = sorted({str(v) for p in paths for k, v in nav.graph.fields(p).items()
                      if k in AUTHOR_KEYS})
    if not authors:
        return f"none of the {len(paths)} has an author field"
    more = f", … ({len(authors)} in all)" if len(authors) > 8 else ""
    return f"their authors: {', '.join(authors[:8])}{more}"
