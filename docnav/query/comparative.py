"""A question asking which of the documents it names is the longer or shorter, by their words,
or the older or newer, by their own dates ("Which is longer, RFC 2394 or RFC 2349?", "Which
RFC is older, RFC 2592 or RFC 2394?") is answered as "Which RFC is the longest?" is, of those
it names alone: the one so ordered first is summed up, and the trace's line says each one's
length or date. Before, the first named (RFC 2394) was asked of alone, and "longer" and
"2349" were not in the evidence."""

from __future__ import annotations

import glob
import re
from typing import TYPE_CHECKING

from docnav.query.fields import arxiv_date, date_span, own_date
from docnav.query.in_turn import in_turn
from docnav.query.names import NAMING_WORDS, said_alone
from docnav.query.parts import length_of
from docnav.query.which import KINDS_SAID

if TYPE_CHECKING:
    from docnav.query.graph import DocNavGraph
    from docnav.query.evidence import Answer
    from docnav.query.navigator import Navigator

# "Which is longer, RFC 2394 or RFC 2349?", "Which RFC was newer: RFC 2592 or RFC 2394?"
COMPARED = re.compile(
    rf"^\W*(?:which|what)(?:\s+(?:one|{KINDS_SAID}))?\s+(?:is|was)\s+(?P<than>longer|shorter|"
    rf"bigger|larger|smaller|older|newer|earlier|later|more\s+recent)\s*[,:]?\s+"
    rf"(?P<names>[^?]+?)\W*$", re.I)
_SHORTER = ("shorter", "smaller")
_EARLIER = ("older", "earlier")
_BY_DATE = (*_EARLIER, "newer", "later", "more recent")
# the words of their names besides the names, and between them ("RFC 2394 or RFC 2349")
_JOINING = NAMING_WORDS | {"or", "and"}


def compared_named(graph: DocNavGraph, asked: str, asked_of: list[str]
                   ) -> tuple[re.Match, list[str]] | None:
    """(the match of :data:`COMPARED`, the paths of the documents it names, in its order) of a
    question comparing two or more documents named alone, all of them asked of; else None."""
    m = COMPARED.match(asked)
    named = said_alone(graph, m["names"], _JOINING) if m else None
    paths = list(dict.fromkeys(p for p, _ in named or []))
    if len(paths) < 2 or not set(paths) <= set(asked_of):
        return None
    return m, paths


def compared(nav: Navigator, asked: str, budget: int, m: re.Match, paths: list[str]
             ) -> Answer:
    """The answer to a question :func:`compared_named` matched (``m``), of the documents it
    names (``paths``): the one first by their words or their own dates, summed up; the others
    said beside it."""
    than = " ".join(m["than"].lower().split())
    step = {"op": "documents", "left_out": "document", "about": None, "dated": None,
            "besides": [], "holding": [], "question": "Summarise", "more_with": None,
            "referring_to": None, "named": True}
    if than in _BY_DATE:
        dates = {p: d for p in paths if (d := own_date(p, nav.graph.fields(p)))}
        # those undated are said, the others compared; fewer than two dated, the first named
        # is read ("Which is older, 1805.02400.md or 1811.00942.md?", two Markdown papers, was
        # an error naming a full path)
        undated = [p for p in paths if p not in dates]
        order = sorted(dates, key=lambda p: (date_span(dates[p])[0], p),
                       reverse=than not in _EARLIER) if len(dates) > 1 else paths
        step.update(order="earlier" if than in _EARLIER else "later",
                    dates=[dates.get(order[0])], dated_of=len(dates), undated=len(undated),
                    undated_named=undated,
                    by_arxiv=[p for p in order[:1] if arxiv_date(p, nav.graph.fields(p))],
                    beside=[[p, dates[p]] for p in order[1:]] if len(dates) > 1 else [])
    else:
        lengths = {p: length_of(nav.graph, p)[0] for p in paths}
        order = sorted(paths, key=lambda p: (
            lengths[p] if than in _SHORTER else -lengths[p], p))
        step.update(by_length="shorter" if than in _SHORTER else "longer",
                    words=[lengths[order[0]]], length_of=len(paths),
                    beside=[[p, lengths[p]] for p in order[1:]])
    step["documents"] = order[:1]
    return in_turn(nav, asked, budget, step, [(order[0], "Summarise", glob.escape(order[0]))])


__all__ = ["COMPARED", "compared", "compared_named"]
