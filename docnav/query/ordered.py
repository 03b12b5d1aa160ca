"""A question asking for the first or last documents by their own dates ("What is the newest
RFC?", "Which RFC was started first?") or for the longest or shortest by their words ("Which
RFC is the longest?", "What is the shortest paper?") is asked of them: of the documents asked
of, one or, asked for several ("the newest RFCs"), as many as the budget gives
``document_tokens`` each; each summed up, or asked what else the question asks ("What was the
first paper to use BERT?": of those holding as many of its rarer words as any does, asked
"What was the paper to use BERT?"). "What is the newest RFC?" said no document was titled
"newest RFC", and "Which RFC is the longest?" searched for "longest" (of 27 RFCs it read the
RFC process, 782 words, beside 2497-if-let-chains.md's 10,421)."""

from __future__ import annotations

import glob
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from docnav.errors import InputError
from docnav.query.evidence import EvidenceState, length_of
from docnav.query.fields import DATE_SOURCES, DATING, arxiv_date, date_span, own_date
from docnav.query.holding import rarer_held
from docnav.query.in_turn import as_written, in_turn
from docnav.query.which import ABOUT, KINDS_SAID

if TYPE_CHECKING:
    from docnav.query.evidence import Answer
    from docnav.query.navigator import Navigator

# "What is the newest RFC?", "Which RFC was started first?", "Which RFC is the oldest?", "What
# was the first paper to use BERT?": the documents first or last by their own dates
BY_DATE = re.compile(
    rf"^\W*(?:which|what)\s+(?:(?:is|was|are|were)\s+)?(?:the\s+)?(?:(?P<adj>newest|latest|"
    rf"most\s+recent|oldest|earliest|first|last)\s+(?P<kind>{KINDS_SAID})\b|"
    rf"(?P<kind2>{KINDS_SAID})\s+"
    rf"(?:(?:is|was|are|were)\s+)?(?:{DATING}\s+)?(?:the\s+)?(?P<adv>first|earliest|last|"
    rf"latest|most\s+recently|oldest|newest|most\s+recent)\b)", re.I)
_EARLIEST = ("oldest", "earliest", "first")
# "Which RFC is the longest?", "What is the shortest paper?", "Which are the longest RFCs?"
_LONGEST = r"(?:longest|shortest|biggest|largest|smallest)"
BY_LENGTH = re.compile(
    rf"^\W*(?:which|what)\s+(?:(?:is|was|are|were)\s+)?(?:the\s+)?(?:(?P<adj>{_LONGEST})\s+"
    rf"(?P<kind>{KINDS_SAID})\b|(?P<kind2>{KINDS_SAID})\s+(?:(?:is|was|are|were)\s+)?"
    rf"(?:the\s+)?(?P<adv>{_LONGEST})\b)", re.I)
_SHORTEST = ("shortest", "smallest")


@dataclass
class _Ordered:
    """What a question matched by :data:`BY_DATE` or :data:`BY_LENGTH` asks: the word
    ordering the documents ("newest", "most recently"), the kind named ("RFC"), what else it
    asks of them, the documents to order (of those asked of, the ones holding as many of its
    rarer words as any does, which ``words`` are) and how many are read."""
    said: str
    kind: str
    question: str  # "Summarise", or the question without the ordering word
    every: list[str]
    words: list[str]
    n: int
    asks_more: bool


def _ordered(nav: Navigator, asked: str, budget: int, m: re.Match,
             doc: str | list[str] | None) -> _Ordered:
    """:class:`_Ordered` of a question's match ``m``, of the documents ``doc`` chooses."""
    end = "adj" if m.group("adj") else "adv"
    said = " ".join(m.group(end).lower().split())
    kind = m.group("kind") or m.group("kind2")
    rest = asked[m.end():]
    about = ABOUT.match(rest)
    rest = rest[about.end():] if about else rest
    # "the first RFC's feature name" asks a thing of it, not which RFCs
    owned = re.match(r"['’]s\b", rest)
    state = EvidenceState(rest, budget)
    terms = state.terms if re.search(r"\w\w", rest) and not owned else []
    every, words = nav.graph.document_paths(doc), []
    if terms:  # "... the first paper to use BERT": of those that say BERT
        rare, held = rarer_held(nav.graph.term_documents(terms), every)
        every = [p for p in every if held[p] == max(held.values(), default=0)]
        words = list(dict.fromkeys(as_written(rest, state.words.get(t, t)) for t in rare))
    n = (max(1, min(nav.options.documents, budget // nav.options.document_tokens))
         if kind.lower().endswith("s") else 1)  # "the newest RFCs": as many as fit
    # what else is asked, of those documents: the question without the word ordering them
    question = " ".join((asked[:m.start(end)] + " " + asked[m.end(end):]).split())
    return _Ordered(said, kind, question if terms or owned else "Summarise", every, words, n,
                    bool(terms))


def by_date(nav: Navigator, asked: str, budget: int, m: re.Match,
            doc: str | list[str] | None = None) -> Answer:
    """The answer to a question :data:`BY_DATE` matched (``m``): the earliest or latest of
    the documents asked of (``doc``) by their own dates; none dated is an error saying where
    a date comes from."""
    o = _ordered(nav, asked, budget, m, doc)
    earliest = o.said in _EARLIEST
    dates = {p: d for p in o.every if (d := own_date(p, nav.graph.fields(p)))}
    if not dates:
        holding = " holding its words" if o.asks_more else ""
        # ("Which RFC was started most recently?": the most recent RFC)
        which = "most recent" if o.said == "most recently" else o.said
        raise InputError(f"query {asked!r} asks for the {which} {o.kind} by their dates, and "
                         f"none of the {len(o.every)} documents asked of{holding} has a date "
                         f"of its own ({DATE_SOURCES}; `docnav show DOC` prints its fields)")
    paths = sorted(dates, key=lambda p: (date_span(dates[p])[0], p),
                   reverse=not earliest)[:o.n]
    return in_turn(nav, asked, budget, {
        "op": "documents", "documents": paths, "left_out": o.kind, "about": None,
        "dated": None, "order": "earliest" if earliest else "latest",
        "dates": [dates[p] for p in paths], "dated_of": len(dates),
        "undated": len(o.every) - len(dates), "holding": o.words,
        "by_arxiv": [p for p in paths if arxiv_date(p, nav.graph.fields(p))],
        "question": o.question, "more_with": None},
        [(p, o.question, glob.escape(p)) for p in paths])


def by_length(nav: Navigator, asked: str, budget: int, m: re.Match,
              doc: str | list[str] | None = None) -> Answer:
    """The answer to a question :data:`BY_LENGTH` matched (``m``): the longest or shortest of
    the documents asked of (``doc``) by the words of their paragraphs, as "How long is it?"
    counts them (:func:`docnav.query.evidence.length_of`)."""
    o = _ordered(nav, asked, budget, m, doc)
    shortest = o.said in _SHORTEST
    lengths = {p: length_of(nav.graph, p)[0] for p in o.every}
    paths = sorted(lengths, key=lambda p: (lengths[p] if shortest else -lengths[p], p))[:o.n]
    return in_turn(nav, asked, budget, {
        "op": "documents", "documents": paths, "left_out": o.kind, "about": None,
        "dated": None, "by_length": "shortest" if shortest else "longest",
        "words": [lengths[p] for p in paths], "length_of": len(lengths), "holding": o.words,
        "question": o.question, "more_with": None},
        [(p, o.question, glob.escape(p)) for p in paths])
