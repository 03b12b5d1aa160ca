"""The documents with a section of a heading a question names ("Which RFCs have a Drawbacks
section?", "How many papers have a related work section?"), asked of by
:mod:`docnav.query.which`: counted, and the first read from that section."""

from __future__ import annotations

import glob
from typing import TYPE_CHECKING

from docnav.query.count_text import counted_answer
from docnav.query.evidence import Answer
from docnav.query.in_turn import in_turn
from docnav.query.parts import headed

if TYPE_CHECKING:
    from docnav.query.navigator import Navigator


def with_part(nav: Navigator, asked: str, budget: int, count: dict, part: str,
              doc: str | list[str] | None, n: int) -> Answer:
    """The documents with a section headed ``part`` (:func:`docnav.query.parts.headed`):
    counted ("How many ...?"), and as many as ``n`` read, each from that section. Searched
    as words, "Which RFCs have drawbacks sections?" read one document's "Unsafe traits" and
    said "sections" was in none of them."""
    every = nav.graph.document_paths(doc)
    headed_in = {nav.graph.node(s).path
                 for s in headed(nav.graph, part, {"path": [glob.escape(p) for p in every]})}
    headed_so = [p for p in every if p in headed_in]
    count.update(n=len(headed_so), of=len(every), words=None, held=0, documents=headed_so,
                 part=part)
    if count["asked"] == "how many" or not headed_so:
        return counted_answer(nav, asked, count)
    paths = headed_so[:n]
    more = ((len(paths) + 1) * nav.options.document_tokens if len(headed_so) > n
            and n < nav.options.documents else None)
    answer = in_turn(nav, asked, budget, {
        "op": "documents", "documents": paths, "left_out": count["kind"], "about": None,
        "dated": None, "question": f"What does the {part} section say?",
        "more_with": more, "part": part},
        [(p, f"What does the {part} section say?", glob.escape(p)) for p in paths])
    answer.count = count
    return answer


__all__ = ["with_part"]
