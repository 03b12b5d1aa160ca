"""A question asking for the longest or shortest documents ("Which RFC is the longest?", "What
is the shortest paper?", "Which are the longest RFCs?") is asked of them: the longest or
shortest of the documents asked of by their length in words (the words of their paragraphs,
as "How long is it?" counts them, :func:`docnav.query.evidence.length_of`), one or, asked
for several, as many as the budget gives ``document_tokens`` each; each summed up, or asked
what else the question asks ("Which is the longest RFC about async?": of those holding as
many of its rarer words as any does). "Which RFC is the longest?" searched for "longest" and
read the RFC process's passages."""

from __future__ import annotations

import glob
import re
from typing import TYPE_CHECKING

from docnav.query.evidence import EvidenceState, length_of
from docnav.query.holding import rarer_held
from docnav.query.in_turn import as_written, in_turn
from docnav.query.which import ABOUT, KINDS_SAID

if TYPE_CHECKING:
    from docnav.query.evidence import Answer
    from docnav.query.navigator import Navigator

_LONGEST = r"(?:longest|shortest|biggest|largest|smallest)"
BY_LENGTH = re.compile(
    rf"^\W*(?:which|what)\s+(?:(?:is|was|are|were)\s+)?(?:the\s+)?(?:(?P<adj>{_LONGEST})\s+"
    rf"(?P<kind>{KINDS_SAID})\b|(?P<kind2>{KINDS_SAID})\s+(?:(?:is|was|are|were)\s+)?"
    rf"(?:the\s+)?(?P<adv>{_LONGEST})\b)", re.I)
_SHORTEST = ("shortest", "smallest")


def by_length(nav: Navigator, asked: str, budget: int, m: re.Match,
              doc: str | list[str] | None = None) -> Answer:
    """The answer to a question :data:`BY_LENGTH` matched (``m``), of the documents ``doc``
    chooses (a glob or globs, else all)."""
    said = (m.group("adj") or m.group("adv")).lower()
    kind = m.group("kind") or m.group("kind2")
    end = "adj" if m.group("adj") else "adv"
    rest = asked[m.end():]
    about = ABOUT.match(rest)
    rest = rest[about.end():] if about else rest
    # what else is asked of them: the question without the word ordering them
    question = " ".join((asked[:m.start(end)] + " " + asked[m.end(end):]).split())
    state = EvidenceState(rest, budget)
    terms = state.terms if re.search(r"\w\w", rest) else []
    every, words = nav.graph.document_paths(doc), []
    if terms:  # "Which is the longest RFC about async?": of those that say async
        rare, held = rarer_held(nav.graph.term_documents(terms), every)
        every = [p for p in every if held[p] == max(held.values(), default=0)]
        words = list(dict.fromkeys(as_written(rest, state.words.get(t, t)) for t in rare))
    lengths = {p: length_of(nav.graph, p)[0] for p in every}
    n = (max(1, min(nav.options.documents, budget // nav.options.document_tokens))
         if kind.lower().endswith("s") else 1)  # "the longest RFCs": as many as fit
    shortest = said in _SHORTEST
    paths = sorted(lengths, key=lambda p: (lengths[p] if shortest else -lengths[p], p))[:n]
    ask = question if terms else "Summarise"
    return in_turn(nav, asked, budget, {
        "op": "documents", "documents": paths, "left_out": kind, "about": None, "dated": None,
        "by_length": "shortest" if shortest else "longest",
        "words": [lengths[p] for p in paths], "length_of": len(lengths), "holding": words,
        "question": ask, "more_with": None}, [(p, ask, glob.escape(p)) for p in paths])
