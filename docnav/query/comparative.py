"""A question asking which of the documents it names is the longer or shorter, by their words,
or the older or newer, by their own dates ("Which is longer, RFC 2394 or RFC 2349?", "Which
RFC is older, RFC 2592 or RFC 2394?") is answered as "Which RFC is the longest?" is, of those
it names alone: the one so ordered first is summed up, and the trace's line says each one's
length or date. Before, the first named (RFC 2394) was asked of alone, and "longer" and
"2349" were not in the evidence; so were "Which of RFC 2394 and RFC 2349 is longer?", "Which
is the longest, RFC 2394 or RFC 2349?" and "Which RFC came first, RFC 2394 or RFC 2349?" (by
their own dates, as "Which RFC is the oldest?" orders them), which now are compared too. A
name of no document asked of ("RFC 9999") is an error saying so."""

from __future__ import annotations

import glob
import re
from datetime import date
from pathlib import PurePath
from typing import TYPE_CHECKING

from docnav.errors import InputError
from docnav.query.fields import DATING, arxiv_date, date_span, own_date
from docnav.query.in_turn import in_turn
from docnav.query.kind_words import as_said
from docnav.query.names import (NAMING_WORDS, said_alone, titled_documents,
                               untitled_names)
from docnav.query.parts import length_of
from docnav.query.which import KINDS_SAID

if TYPE_CHECKING:
    from docnav.query.graph import DocNavGraph
    from docnav.query.evidence import Answer
    from docnav.query.navigator import Navigator

# what compares them: a comparative, or a superlative said of those named ("Which is the
# longest, RFC 2394 or RFC 2349?"), "first" and "last" by their dates ("Which RFC came first,
# ...?"); each as the comparative it is asked as
_AS_COMPARED = {"longest": "longer", "shortest": "shorter", "biggest": "bigger",
                "largest": "larger", "smallest": "smaller", "oldest": "older",
                "newest": "newer", "earliest": "earlier", "latest": "later",
                "most recent": "more recent", "first": "earlier", "sooner": "earlier",
                "last": "later"}
_THAN = (r"(?P<than>longer|shorter|bigger|larger|smaller|older|newer|earlier|later|sooner|"
         r"more\s+recent)")
# a superlative before the names is said with a comma, a colon or "of" ("Which RFC is the
# longest of those ...?", "... the longest about traits" ask of all the documents)
_MOST = (r"(?P<most>longest|shortest|biggest|largest|smallest|oldest|newest|earliest|latest|"
         r"most\s+recent|first|last)")
# "is", "was published", "are" ("Which RFCs are shorter, ...?"), "came", "came out", "appeared"
_VERB = rf"(?:(?:is|was|are|were)(?:\s+{DATING})?|came(?:\s+out)?|appeared)"
# ", and why?" after the names: what their lengths or dates do not answer, said so (the
# names read with it were no names, and the first named was asked of alone)
# (", and how?" too); ", and by how much?" is answered by them: the difference is said
_WHY = (r"(?:(?P<why>\s*,?\s+and\s+(?:why|how\s+come|for\s+what\s+reason|how))|"
        r"(?P<much>\s*,?\s+and\s+by\s+how\s+(?:much|many\s+(?:words|days)|long|far)))?")
# "Which is longer, RFC 2394 or RFC 2349?", "Which RFC was newer: RFC 2592 or RFC 2394?",
# "Which is the longest, RFC 2394 or RFC 2349?", "Which RFC came first, RFC 2394 or RFC 2349?",
# "Which of the RFCs is the shortest, RFC 2394 or RFC 2349?"; the kind after it, before a
# comma or colon ("Which is the latest RFC, RFC 2394 or RFC 2349?" read the latest of all)
COMPARED = re.compile(
    rf"^\W*(?:which|what)(?:\s+(?:one|{KINDS_SAID}|(?:one\s+)?of\s+the\s+{KINDS_SAID}))?"
    rf"\s+{_VERB}\s+(?:the\s+)?(?:{_THAN}(?:\s+{KINDS_SAID}\s*[,:]\s*|\s*[,:]?\s+)|"
    rf"{_MOST}(?:\s+{KINDS_SAID}\s*[,:]\s*|\s*[,:]\s*|\s+of\s+))"
    rf"(?P<names>[^?]+?){_WHY}\W*$", re.I)
# "Which of RFC 2394 and RFC 2349 is longer?", "Which of RFC 2394 or RFC 2349 came first?"
_OF_NAMED = re.compile(
    rf"^\W*(?:which|what)(?:\s+one)?\s+of\s+(?P<names>[^?]+?)\s*,?\s+{_VERB}\s+(?:the\s+)?"
    rf"(?:{_THAN}|{_MOST}){_WHY}\W*$", re.I)
# "Is the fake reviews paper longer than the saliency paper?", "Was RFC 2394 shorter than RFC
# 2349?": asked as "Which is longer, A or B?" (it read the first named alone, "longer" and
# "saliency" said to be in none)
_IS_THAN = re.compile(rf"^\W*(?:is|was|are|were)\s+(?P<first>\S.*?)\s+{_THAN}\s+than\s+"
                      r"(?P<second>[^?]+?)\W*$", re.I)
# "Which paper is longer?", "Which one is shorter?": two compared, and none named
_NONE_NAMED = re.compile(rf"^\W*(?:which|what)(?:\s+(?:one|{KINDS_SAID}|(?:one\s+)?of\s+(?:the|"
                         rf"these|those)\s+(?:two\s+)?{KINDS_SAID}))?\s+{_VERB}\s+{_THAN}\W*$",
                         re.I)
_SHORTER = ("shorter", "smaller")
_EARLIER = ("older", "earlier")
_BY_DATE = (*_EARLIER, "newer", "later", "more recent")
# the words of their names besides the names, and between them ("RFC 2394 or RFC 2349"), and
# how many they are ("Which of the two, RFC 2394 or RFC 2349, is older?")
_JOINING = NAMING_WORDS | {"or", "and", "two", "three"}


def compared_named(graph: DocNavGraph, asked: str, asked_of: list[str]
                   ) -> tuple[re.Match, list[str]] | None:
    """(the match of :data:`COMPARED` or of "Which of A and B is longer?", the paths of the
    documents it names, in its order) of a question comparing two or more documents named
    alone, all of them asked of; else None. A name of no document indexed ("Which is older,
    RFC 9999 or RFC 2394?") is an error, where those it names are asked of: RFC 2394 was read
    alone, 9999 said nowhere. One indexed outside those asked of (--doc, --after, --meta) is
    not compared, and the answer says it is outside them, as before (it was called no
    document: names are looked up in the whole store, then among those asked of)."""
    if is_than := _IS_THAN.match(asked):
        asked = f"Which is {is_than['than']}, {is_than['first']} or {is_than['second']}?"
    elif none_named := _NONE_NAMED.match(asked):
        asked = _two_asked_of(graph, asked, none_named, asked_of)
    m = COMPARED.match(asked) or _OF_NAMED.match(asked)
    named = said_alone(graph, m["names"], _JOINING) if m else None
    paths = list(dict.fromkeys(p for p, _ in named or []))
    outside = m and any(p not in asked_of for p, _ in titled_documents(graph, m["names"]))
    if (m and len(paths) < 2 and not outside
            and (unknown := _unknown_named(graph, m["names"], graph.document_paths()))):
        raise InputError(f"query {asked!r} compares {unknown[0]}, and no document indexed "
                         f"is {unknown[0]} (no title or file name holds its words), so it is "
                         f"not compared (`docnav show` lists the documents)")
    if len(paths) < 2 or not set(paths) <= set(asked_of):
        return None
    return m, paths


def _two_asked_of(graph: DocNavGraph, asked: str, m: re.Match, asked_of: list[str]) -> str:
    """"Which paper is longer?" asked of two documents, as "Which is longer, A or B?" of
    them; of more, an InputError asking which two (it searched for "longer")."""
    than = " ".join(m["than"].split())
    names = [PurePath(p).name for p in asked_of]
    if len(names) == 2:
        return f"Which is {than}, {names[0]} or {names[1]}?"
    kind = re.search(rf"\b{KINDS_SAID}\b", asked, re.I)
    kind = as_said(kind.group(0)) if kind else "document"
    kinds = kind if kind.endswith("s") else f"{kind}s"
    by = "oldest" if than in _BY_DATE else "shortest" if than in _SHORTER else "longest"
    raise InputError(f"query {asked!r} asks which is {than} and names no two of the "
                     f"{len(names)} documents asked of: name them (\"Which is {than}, "
                     f"{names[0]} or {names[1]}?\"), or ask \"Which of the {kinds} is the "
                     f"{by}?\"")


def _unknown_named(graph: DocNavGraph, said: str, paths: list[str]) -> list[str]:
    """The names in ``said`` of no document at ``paths`` (:func:`untitled_names`: "RFC
    9999"), where it says nothing but names, of those or of documents indexed, and the words
    joining them; else [] ("besides RFC 9999" is no list of the documents compared)."""
    unknown = untitled_names(graph, said, paths)
    rest = said
    for name in [*unknown, *(name for _, name in titled_documents(graph, said))]:
        rest = re.sub(rf"(?i)(?<!\w){re.escape(name)}(?!\w)", " ", rest)
    return unknown if set(re.findall(r"\w+", rest.casefold())) <= _JOINING else []


def compared(nav: Navigator, asked: str, budget: int, m: re.Match, paths: list[str]
             ) -> Answer:
    """The answer to a question :func:`compared_named` matched (``m``), of the documents it
    names (``paths``): the one first by their words or their own dates, summed up; the others
    said beside it."""
    than = " ".join((m["than"] or m["most"]).lower().split())
    than = _AS_COMPARED.get(than, than)
    step = {"op": "documents", "left_out": "document", "about": None, "dated": None,
            "besides": [], "holding": [], "question": "Summarise", "more_with": None,
            "referring_to": None, "named": True,
            **({"why": " ".join(m["why"].strip(" ,").split()[1:])} if m["why"] else {}),
            **({"much": " ".join(m["much"].strip(" ,").split()[1:])} if m["much"] else {})}
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
        if m["much"] and len(dates) == 2 and all(len(d) > 7 for d in dates.values()):
            first, second = (date.fromisoformat(dates[p]) for p in order)
            step["by"] = f"{abs((second - first).days):,} days"
    else:
        lengths = {p: length_of(nav.graph, p)[0] for p in paths}
        order = sorted(paths, key=lambda p: (
            lengths[p] if than in _SHORTER else -lengths[p], p))
        step.update(by_length="shorter" if than in _SHORTER else "longer",
                    words=[lengths[order[0]]], length_of=len(paths),
                    beside=[[p, lengths[p]] for p in order[1:]])
        if m["much"] and len(paths) == 2:
            step["by"] = f"{abs(lengths[order[0]] - lengths[order[1]]):,} words"
    step["documents"] = order[:1]
    return in_turn(nav, asked, budget, step, [(order[0], "Summarise", glob.escape(order[0]))])


__all__ = ["COMPARED", "compared", "compared_named"]
