"""The documents asked of by their own dates (:func:`docnav.query.fields.own_date`): those of a
year a question names ("Which RFCs were started in 2018?", "Which RFC from 2018 is the
longest?"), and what their dates are where none is so dated."""

from __future__ import annotations

import glob
import re
from typing import TYPE_CHECKING

from docnav.query.fields import DATING, own_date
from docnav.query.kind_words import NAMING, NUMBERED, one_of
from docnav.query.names import titled_documents

if TYPE_CHECKING:
    from docnav.query.navigator import Navigator

# a document named: by its number, its file, its title ("the futures RFC")
_NAMED = (rf"(?:\b{one_of(NUMBERED)}\s*#?\d+|[\w.-]+\.(?:md|markdown|pdf|html?|docx)|\bthe\s+"
          rf"[\w.'’/-]+(?:\s+[\w.'’/-]+){{0,3}}?\s+{one_of(NAMING)})")
# a year as questions say one (which.py reads the documents' own years by it too)
YEAR = r"(?:19|20)\d\d"
# a year at the end right after the document a verb refers to ("Which RFCs refer to RFC 2394
# in 2018?", "... cite 2349-pin.md in 2018?", "... mention the futures RFC in 2018?"): the
# referring documents' own year, as nothing else is dated so ("from 2018" too, "before",
# "after", "since": "Which RFCs cite RFC 2349 before 2019?" listed every one referring to it,
# the year dropped); not a year of what they refer to ("Which RFCs cite work published in
# 2018?", "... refer to RFCs accepted in 2018?"); a title's word may hold "/" ("the async/await
# RFC in 2018": its year was dropped, RFC 3668 of 2024 listed)
NAMED_IN_YEAR = re.compile(rf"{_NAMED}(?P<year>\s+(?P<relation>in|from|before|after|since)\s+"
                           rf"(?P<when>{YEAR}))\W*$", re.I)
# a year said of the one document named, not of those referring to it: "Which RFCs cite RFC
# 2394 that was published in 2018?" (was: of the RFCs of 2018 citing it), "..., which was"
NAMED_THAT_WAS = re.compile(rf"{_NAMED}\s*,?\s+(?:that|which)\s+(?:was|is)\s+{DATING}\s+"
                            rf"(?P<relation>in|before|after|since)\s+(?P<when>{YEAR})\W*$",
                            re.I)


def dated_in(nav: Navigator, doc: str | list[str] | None, relation: str, year: int
             ) -> list[str]:
    """The paths of the documents asked of (``doc``) whose own date is ``relation`` ("in",
    "after", "before", "since") ``year``, earliest first."""
    after, before = {"in": (f"{year}-01-01", f"{year}-12-31"),
                     "since": (f"{year}-01-01", None),
                     "after": (f"{year + 1}-01-01", None),
                     "before": (None, f"{year - 1}-12-31")}[relation]
    kept = nav.graph.filter(nav.graph.document_roots(doc), dated_after=after,
                            dated_before=before)
    paths = [nav.graph.node(nid).path for nid in kept]
    return sorted(paths, key=lambda p: (own_date(p, nav.graph.fields(p)) or "", p))


def dates_held(nav: Navigator, doc: str | list[str] | None) -> str:
    """What the dates of the documents asked of are ("theirs run from 2014-03-20 to
    2024-05-01, 3 undated"): said where none is dated as a question asks (a PDF's date is
    often when it was made, not written)."""
    paths = nav.graph.document_paths(doc)
    dates = sorted(d[:10] for d in (own_date(p, nav.graph.fields(p)) for p in paths) if d)
    return (f"theirs run from {dates[0]} to {dates[-1]}"
            f"{f', {len(paths) - len(dates)} undated' if len(dates) < len(paths) else ''}"
            if dates else "none of them has one")


def named_dated(nav: Navigator, paths: list[str], said: re.Match | None) -> dict:
    """What a count of the documents referring to those at ``paths`` says of the date a
    question gives the one of them it names right before (``said``: :data:`NAMED_THAT_WAS`'
    match; "... cite RFC 2394 or RFC 2349 that was published in 2018?": RFC 2349's, though
    RFC 2394's was said): that one, its own date, and whether it is so dated; those referring
    to them are counted either way, none too. {} where no date is said, or none is named."""
    paths = [p for p in paths if p]
    if said is None or not paths:
        return {}
    relation, year = said["relation"].lower(), int(said["when"])
    path = next((p for p, _ in titled_documents(nav.graph, said.group()) if p in paths),
                paths[0])
    return {"named_dated": f"{relation} {year}", "named": path,
            "named_date": own_date(path, nav.graph.fields(path)),
            "named_so": path in dated_in(nav, [glob.escape(path)], relation, year)}


__all__ = ["NAMED_IN_YEAR", "NAMED_THAT_WAS", "YEAR", "dated_in", "dates_held", "named_dated"]
