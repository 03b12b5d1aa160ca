"""Questions asking which companies the filings asked of are by ("Which companies are in the
store?", "How many companies are there?"): the registrants their covers name, each with its
filings (:func:`companies`); moved out of :mod:`docnav.query.which`, whose counting phrase
(:data:`~docnav.query.which.COUNTED`) they share."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from docnav.query.count_text import count_line
from docnav.query.evidence import Answer
from docnav.query.which import COUNTED

if TYPE_CHECKING:
    from docnav.query.navigator import Navigator

# "Which companies are in the store?", "How many companies are there?", "What companies do you
# have?": the registrants of the filings asked of
COMPANIES = re.compile(r"^\W*(?:(?P<many>how\s+many)|which|what)\s+(?:of\s+the\s+)?"
                       r"(?P<kind>compan(?:y|ies)|registrants?|issuers?|firms?)\b", re.I)


def asks_companies(asked: str) -> re.Match | None:
    """The match of :data:`COMPANIES` when ``asked`` asks which companies there are, or how
    many, and nothing else ("Which companies are in the store?"); None otherwise ("Which
    companies are in the dataset?" asks of a paper)."""
    m = COMPANIES.search(asked)
    return m if m and (c := COUNTED.match(asked[m.end():])) and not re.search(
        r"\w", asked[m.end() + c.end():]) else None


def companies(nav: Navigator, asked: str, m: re.Match,
              doc: str | list[str] | None) -> Answer | None:
    """The companies whose filings are asked of (``doc``), each with its filings, by the
    registrant their covers name: "Which companies are in the store?" read Best Buy's "Store
    Development" section. The documents no cover names a registrant of are said, not counted;
    None when none has one (papers, RFCs: a question of what they say)."""
    paths = nav.graph.document_paths(doc)
    filed: dict[str, list[str]] = {}
    for p in paths:
        filed.setdefault(nav.graph.fields(p).get("registrant") or "", []).append(p)
    without = filed.pop("", [])
    if not filed:
        return None
    count = {"kind": m.group("kind"), "asked": "how many" if m.group("many") else "which",
             "asked_of": len(paths), "n": len(filed), "documents": [],
             "companies": {name: filed[name] for name in sorted(filed)}, "without": without}
    return Answer(asked, nav.route_of(asked), [], [{
        "op": "count companies", "companies": len(filed), "asked_of": len(paths),
        "without": len(without), "tokens": 0, "confidence": 0.0}], None, 0,
        count_line(count), count=count)
