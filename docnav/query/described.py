"""A document named by what it is about rather than by its title: "Summarize the RFC on
pinning", "What sections does the paper on saliency maps have?" ("pinning" is no word of
"2349-pin")."""

from __future__ import annotations

import glob
import re

from docnav.query.graph import DocNavGraph
from docnav.query.kind_words import DESCRIBED, ungrouped
from docnav.query.lexical import tokens
from docnav.query.names import SUMMED, document_titles

# "Summarize the RFC on pinning", "an overview of the paper about NER": one document asked to
# be summed up, named by what it is about rather than by its title ("pinning" is no word of
# "2349-pin")
# ... or to have its parts listed: "What sections does the paper on saliency maps have?",
# "What is the structure of the paper on affective events?" (it was a search: outlines named
# documents by their titles alone)
_DESCRIBED = re.compile(r"\b" + SUMMED + r"\s+"
                        rf"the\s+(?P<kind>{ungrouped(DESCRIBED)})"
                        r"\s+(?:on|about|regarding|concerning)\s+(?P<about>[^?.!]*?\w)"
                        r"(?=\s+(?:have|has|contain)\b|\s*[?.!]|\s*$)", re.I)


def described_document(graph: DocNavGraph, question: str
                       ) -> tuple[list[str], list[str], list[str]]:
    """(paths, names, also): the document a question asking for one document's summary
    names by what it is about ("Summarize the RFC on pinning"): of those whose titles hold
    the most of those words, the one whose summaries (else paragraphs) match them best; the
    words naming it ("RFC on pinning"), which are no evidence inside it; and the others
    whose titles hold as many of the words, which the answer names (of 0003-attribute-usage
    and 0016-more-attributes, "the RFC on attributes" read one and never said the other
    fitted as well; not 2349-pin of "the RFC on unsafe pinned", a title holding one word
    where 3467-unsafe-pinned holds both). Nothing when one document is indexed, or nothing
    matches. Summed up from the best summaries of all, the answer never said which RFC it
    was."""
    m = _DESCRIBED.search(question)
    if m is None or len(graph.document_paths()) < 2:
        return [], [], []
    about, name = m.group("about"), question[m.start("kind"):m.end()]
    # of those holding every word of it ("the paper on zebras" is none's: not the nearest
    # in meaning), those whose titles hold the most ("the RFC on the futures API":
    # 2592-futures, not the async/await RFC whose summaries say "futures" more), else all
    holders = list(graph.term_documents(tokens(about)).values())
    every = set.intersection(*holders) if holders else set()
    titles, words = document_titles(graph), set(tokens(about))
    held = {p: len(titles.get(p, set()) & words) for p in every}
    most = max(held.values(), default=0)
    titled = sorted(p for p, n in held.items() if most and n == most)
    if len(titled) == 1:
        return [glob.escape(titled[0])], [name], []
    within = {"path": [glob.escape(p) for p in sorted(titled or every)]}
    hits = every and (graph.locate(about, k=1, via=["summary"], filters=within)
                      or graph.locate(about, k=1, kinds=["paragraph"], filters=within))
    if not hits:
        return [], [], []
    path = graph.node(hits[0].node_id).path
    return [glob.escape(path)], [name], [p for p in titled if p != path]
