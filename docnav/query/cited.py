"""A paper's works cited asked about as a whole: "How many references does the pioNER paper
have?", "How many papers does it cite?", "List the references of ...". Its works cited (the
paragraphs under "References" or "Bibliography") are read in order, and each document's are
counted (:func:`docnav.refs.count_entries`). Searched as words, "papers" and "cite" were "in
none of the documents asked of", and the introduction was read."""

from __future__ import annotations

import re

from docnav.query.evidence import Run
from docnav.query.graph import DocNavGraph
from docnav.query.kind_words import ASKED_OF, said
from docnav.query.parts import bibitems, bibliographies, citing_documents, works_cited
from docnav.refs import count_entries

_WORKS = r"(?:papers|works|articles|publications|sources)"
# (not "How many papers cite Devlin?", which asks which documents do; nor "How many
# citations does it have?", which asks how often others cite it)
WORKS_ASKED = re.compile(
    rf"\bhow\s+many\s+(?:references|bibliography\s+entries|works\s+cited|"
    rf"{_WORKS}\s+(?:are|were|is|was)\s+(?:cited|referenced)|"
    rf"{_WORKS}\s+(?:does|do|did)\b.*?\b(?:cite|reference)|"
    rf"entries\s+(?:does|do|did|are\s+in|in)\b.*?\b(?:references|bibliography))\b|"
    rf"\b(?:what|which)\s+{_WORKS}\s+(?:does|do|did)\b.*?\b(?:cite|reference)\b|"
    rf"\b(?:what|which)\s+(?:{_WORKS}\s+)?(?:are|were)\s+cited\b|"
    rf"\b(?:what|which)\s+(?:{_WORKS}|references)\s+(?:cited|referenced)\s+(?:by|in)\b|"
    r"\b(?:list|show|give)\s+(?:me\s+)?(?:the\s+|its\s+|all\s+(?:the\s+|its\s+)?)?"
    r"(?:references|works\s+cited|bibliography)\b|"
    r"\bwhat\s+(?:are|is)\s+(?:the\s+|its\s+)?(?:references|works\s+cited|bibliography)\b",
    re.I)
# "Compare the references of the pioNER paper and ...", and each part asked in turn ("the
# references of the pioNER paper"): works cited where the documents have them (an RFC's
# references are its links to others, :mod:`docnav.query.holding`)
_REFERENCES_OF = re.compile(r"^\W*(?:compar(?:e|ing)\s+)?(?:the\s+)?(?:references|works\s+"
                            r"cited|bibliograph(?:y|ies))\s+of\b", re.I)
# "Which paper is the oldest, and how many references does it have?", asked of the oldest:
# "Which paper" asked which document, answered before its works cited are read
WHICH_ONE = re.compile(rf"\b(?:which|what)\s+{said(ASKED_OF)}\b", re.I)


def asks_works(graph: DocNavGraph, question: str, scope: str | list[str] | None) -> bool:
    """Whether the question asks for the works cited of the documents ``scope`` matches: in
    words that ask for nothing else (:data:`WORKS_ASKED`), or as "(Compare) the references
    of ..." where each of them has a section headed "References" or "Bibliography". Read as
    works cited, "Compare the references of RFC 2394 and RFC 2592" said twice that no
    document asked of has such a section."""
    if WORKS_ASKED.search(question):
        return True
    if not _REFERENCES_OF.search(question):
        return False
    paths = set(graph.document_paths(scope))
    return bool(paths) and paths <= citing_documents(graph)


def unasked(question: str) -> str:
    """The question without its words asking for works cited, nor those asking which document
    ("Which paper is the oldest, and how many references does it have?", of the oldest): left
    in, "paper" was what the entries were to hold, and a paper's 35 were said to be none."""
    return WHICH_ONE.sub(" ", _REFERENCES_OF.sub(" ", WORKS_ASKED.sub(" ", question)))


def read_works_cited(graph: DocNavGraph, run: Run) -> bool:
    """The works cited of the documents asked of, each document's in reading order, as the
    budget allows, and how many works each lists (the trace's "works cited" step); where the
    question names something else (``run.state``: "... about Wikipedia"), only the entries
    holding its words, best first. False where none has a section headed "References" or
    "Bibliography", or no entry holds those words (the question is then searched as any
    other)."""
    paths = graph.document_paths(run.scope) if run.scope else graph.document_paths()
    order = {p: i for i, p in enumerate(paths)}
    # a LaTeX bibliography left in the text under another heading is works cited too: "How
    # many works does the paper cite?" of 1805.02400.md said it had no section of them
    cited = works_cited(graph) | bibliographies(graph)
    by_document: dict[str, list[str]] = {}
    for nid in sorted((n for n in cited if graph.node(n).path in order),
                      key=lambda n: (order[graph.node(n).path], graph.node(n).position)):
        by_document.setdefault(graph.node(nid).path, []).append(nid)
    if not by_document:
        run.op("no works cited", document_count=len(paths))
        return False
    # the question's words, each once ("2nd" is searched by its run "nd" too)
    words = list(dict.fromkeys(run.state.words.values()))
    about = [] if run.state.names_nothing else [
        nid for nid in graph.rankings(" ".join(words), k=200, kinds=["paragraph"],
                                      filters=run.filters).get("lexical", [])
        if nid in cited and graph.node(nid).path in by_document]
    if not run.state.names_nothing and not about:
        run.op("no works cited", document_count=len(paths), about=words)
        return False
    counted = []
    for path, ids in by_document.items():
        found = _counted([graph.node(n).text for n in ids])
        counted.append({"document": path, "entries": found[0] if found else None,
                        "counted": found[1] if found else None, "paragraphs": len(ids),
                        "holding": sum(graph.node(n).path == path for n in about)})
    run.op("works cited", documents=counted, of=len(paths), about=words if about else None)
    if about:
        run.take(about, "works cited")
    else:
        for ids in by_document.values():
            run.take(ids, "works cited")
    return True


def _counted(entries: list[str]) -> tuple[int, str] | None:
    """How many works ``entries`` list, and how they were counted: a LaTeX bibliography's
    by its "\\bibitem"s (:func:`docnav.query.parts.bibitems`), else as
    :func:`docnav.refs.count_entries` counts them."""
    items = bibitems(entries)
    return (items, "\\bibitem entries") if items else count_entries(entries)
