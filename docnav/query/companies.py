"""Questions asking which companies the filings asked of are by ("Which companies are in the
store?", "How many companies are there?"): the registrants their covers name, each with its
filings (:func:`companies`); moved out of :mod:`docnav.query.which`, whose counting phrase
(:data:`~docnav.query.which.COUNTED`) they share; and questions asked of each company in turn
(:func:`each_company`), or of one called "the company" (:func:`company_mentions`)."""

from __future__ import annotations

import glob
import re
from typing import TYPE_CHECKING

from docnav.query.count_text import count_line
from docnav.query.evidence import Answer
from docnav.query.names import named_registrants, registrant_names, registrants_of
from docnav.query.which import COUNTED

if TYPE_CHECKING:
    from docnav.query.graph import DocNavGraph
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


# how a question asked of a company's filings refers to the company without its name
_THE_COMPANY = re.compile(r"\bthe (company|registrant|firm)\b", re.I)
# "each company's revenue", "all the companies", "every registrant", "which company had the
# highest revenue": every company in turn
_EACH_COMPANY = re.compile(r"\b(?:each|every|all(?: the)?|both(?: the)?|the|which|what)\s+"
                           r"(?:of\s+the\s+)?(?:compan(?:y|ies)|registrants?|firms?)\b", re.I)


_SUPERLATIVE = re.compile(r"\b(?:highest|lowest|largest|smallest|biggest|greatest|most|least|"
                          r"best|worst|strongest|weakest|fastest|slowest)\s+", re.I)


def each_company(graph: DocNavGraph, question: str,
                 most: int) -> tuple[str, list[tuple[list[str], list[str]]]]:
    """A question about each company of a collection of filings ("What was each company's
    revenue?"): the question as asked of one ("What was the company's revenue?") and
    (paths, names) of every registrant, by name. Nothing unless the question says so, of two
    to ``most`` companies; where some document has no registrant (papers, RFCs), "the
    company" says nothing of each."""
    registrants = registrants_of(graph)
    names = sorted({r for r in registrants.values() if r})
    each = _EACH_COMPANY.search(question)
    # of a store holding other documents too, "each company", "which company", "the
    # companies" are the filings' companies; "the company" is none of them (a paper says it)
    the_one = bool(each) and re.match(r"the\s+\w+$", each.group(0), re.I) is not None and (
        not each.group(0).lower().endswith("s"))
    if not each or not 1 < len(names) <= most or (None in registrants.values() and the_one):
        return question, []
    if each.group(0).split()[0].lower() in ("which", "what"):  # "Which company had the
        # highest revenue?": each one's revenue, the comparison the reader's to make; not
        # "What company did Adobe agree to acquire?", which names one and asks of another
        if named_registrants(graph, question):
            return question, []
        question = _SUPERLATIVE.sub("", question)
    return _EACH_COMPANY.sub("the company", question), [
        ([glob.escape(p) for p in sorted(p for p, r in registrants.items() if r == name)],
         registrant_names(name)) for name in names]



def company_mentions(question: str) -> list[str]:
    """"the company", "the registrant", "the firm", as the question writes them: asked of one
    company's filings, they name that company, and are no evidence inside its filings (the
    few paragraphs saying "the Company" outranked the statement asked about)."""
    return list(dict.fromkeys(f"the {m.group(1)}" for m in _THE_COMPANY.finditer(question)))
