"""Which documents hold none of what a question asking for documents names after "neither
... nor" (:mod:`docnav.query.which`): of "Which RFCs cite neither RFC 2394 nor RFC 2349?",
those whose references lead to none of the documents it names (as "Which RFCs cite RFC 2394
or RFC 2349?" reads them, the others); of "Which RFCs mention neither async nor pinning?",
those whose text holds neither word (as "Which RFCs mention async?" counts by their words).
They are counted and listed, none read: there is nothing of theirs to read about what they
lack. The first was refused ("neither ... nor" is not read), the second counted those
holding "neither", "async", "nor" and "pinning"."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from docnav.query.holding import REFERRING, referring_to_any
from docnav.query.lexical import search_words
from docnav.query.names import titled_documents
from docnav.query.referring import each_numbered

if TYPE_CHECKING:
    from docnav.query.navigator import Navigator

# what a question asking for documents says after its verb: " neither RFC 2394 nor RFC 2349?"
_NEITHER = re.compile(r"^\s*neither\s+(?P<names>\S.*?)\W*$", re.I)
_NOR = re.compile(r"\s*,?\s+nor\s+", re.I)


def neither_count(nav: Navigator, rest: str, said: str, every: list[str]) -> dict | None:
    """What a count of the documents ``every`` (those asked of) holding none of the names
    after "neither" in ``rest`` says (what the question says after its verb ``said``): of a
    verb of referring ("cite", "mention") where each name names one document, those whose
    references lead to none of them, the named ones left out (``"neither"``: their paths,
    ``"neither_by"``: "references"); else those holding the words of none of them
    (``"neither"``: the names as said, ``"neither_by"``: "words"); None where ``rest`` says
    no "neither ... nor"."""
    m = _NEITHER.match(rest)
    if not m or not _NOR.search(m["names"]):
        return None
    names = _NOR.split(m["names"])
    # each number with its kind, as of "or" ("RFC 2394 nor 2349": "RFC 2349")
    numbered = re.split(r"\s*,?\s+or\s+", each_numbered(_NOR.sub(" or ", m["names"])))
    named = [titled_documents(nav.graph, name) for name in numbered]
    if REFERRING.search(said) and all(len(one) == 1 for one in named):
        paths = list(dict.fromkeys(one[0][0] for one in named))
        into, _ = referring_to_any(nav.graph, paths, every, False)
        others = [p for p in every if p not in paths]
        return _count([p for p in others if p not in into], len(others), paths, "references")
    terms = [list(search_words(name)) for name in names]
    if not all(terms):  # a name of no word searched for ("neither this nor that")
        return None
    holders = nav.graph.term_documents([t for each in terms for t in each])
    holding = [p for p in every if not any(all(p in holders[t] for t in each)
                                           for each in terms)]
    return _count(holding, len(every), names, "words")


def _count(documents: list[str], of: int, neither: list[str], by: str) -> dict:
    """What :func:`neither_count` gives a count: none of them read."""
    return {"n": len(documents), "of": of, "documents": documents, "words": None, "held": 0,
            "neither": neither, "neither_by": by}


__all__ = ["neither_count"]
