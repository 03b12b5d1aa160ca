"""A section's place among its document's sections: "What is the first section of the
affective events paper?", "What is the last section of RFC 160?", "What comes after the
Introduction in the saliency paper?", "Which section comes before Conclusion in 1811.00942?"
are answered from the document's headings (the first or last section at its top level, the
next or previous section at the level of the one named), saying which it is. Searched for,
"first" and "after" were words some paragraph held: the answer was a Loss Functions section
at confidence 1.00, or the Introduction's own paragraphs."""

from __future__ import annotations

import re
from pathlib import Path

from docnav.query.evidence import EvidenceState, Run
from docnav.query.graph import DocNavGraph, Piece, count_tokens
from docnav.query.kind_words import BEFORE_FILE

MOST_DOCUMENTS = 3  # documents one answer says the sections of (as outlines: layout.py)
_PART = r"(?:section|chapter|part|heading)"
# "What is the first section of X?", "Which is the last chapter in X?", "What's the final
# heading of X?", "Which section comes first in X?", "What section is last?"
_END = re.compile(rf"^\W*(?:what|which)(?:\s+is|['’]s)\s+the\s+(?P<end>first|last|final)\s+"
                  rf"(?:top[- ]level\s+)?{_PART}\b|"
                  rf"^\W*(?:what|which)\s+{_PART}\s+(?:comes|is)\s+(?P<end2>first|last)\b",
                  re.I)
# "What comes after the Introduction ...?", "Which section follows Motivation?", "What is the
# section before the Conclusion?", "What section comes right before ...?": a section named
# after the cue, found by its heading (none found: the question is no such question)
_SIDE = re.compile(rf"^\W*(?:what|which)(?:\s+(?:is|['’]s)\s+the)?(?:\s+(?:next\s+)?{_PART})?"
                   r"\s+(?:(?:comes?|is|appears?)\s+)?(?:(?:right|just|directly|immediately)"
                   r"\s+)?(?P<side>after|before|follows?|following|precedes?|preceding)\s+"
                   r"(?P<rest>\S.*)$", re.I)


def _top_sections(graph: DocNavGraph, root: str) -> list[str]:
    """The sections at the top of a document's tree: those under its title heading where the
    title is its one section ("# Saliency Maps ..." over all of a paper's), without a
    preamble named as the document is (an RFC's front matter, before its Summary). Only the
    title is passed over: its one section is the top ("Let's swim!" of word_sample.docx, not
    its one subsection "Let's eat")."""
    title = graph.node(root).heading
    top = _sections(graph, root)
    if len(top) == 1 and (inner := _sections(graph, top[0])):
        top = inner
    return [s for s in top if graph.node(s).heading != title or _sections(graph, s)] or top


def _sections(graph: DocNavGraph, node: str) -> list[str]:
    return [c for c in graph.navigate(node, "children") if graph.node(c).kind == "section"]


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


# words a question asking for a section by its place alone may hold besides the section
# named, once the names of its documents are taken out ("... of the ?", "... in the paper?")
_ONLY = frozenset(("of", "in", "for", "the", "this", "its", "section", "chapter", "part",
                   "heading", *BEFORE_FILE))


def _alone(words: str) -> bool:
    """Whether ``words`` ask nothing more: no words but :data:`_ONLY` ("that mentions LRP",
    "and what does it say", "and RFC 160", "Drawbacks or Motivation" ask more)."""
    return all(w in _ONLY for w in words.split())


def _named(graph: DocNavGraph, root: str, rest: str) -> str | None:
    """The section of the document whose heading is the words ``rest`` begin with, whole,
    with nothing more asked after it ("the Introduction in the", the document's name taken
    out), the longest heading first, of any depth; as written ("the await keyword" names no
    section headed "Keywords"; "Pin::new is called" none headed "Pin")."""
    words = re.sub(r"^the ", "", _words(rest))
    best: tuple[int, str] | None = None

    def walk(node: str) -> None:
        nonlocal best
        for s in _sections(graph, node):
            heading = _words(graph.node(s).heading or "")
            if heading and (words == heading or words.startswith(heading + " ")) and _alone(
                    words[len(heading):]) and (best is None or len(heading) > best[0]):
                best = (len(heading), s)
            walk(s)

    walk(root)
    return best[1] if best else None


def _piece(graph: DocNavGraph, section: str, said: str) -> Piece:
    node = graph.node(section)
    return Piece(section, node.path, node.breadcrumb, node.page, said, count_tokens(said))


def _listed(graph: DocNavGraph, sections: list[str], marked: str) -> str:
    return ", ".join(f"[{graph.node(s).heading}]" if s == marked else graph.node(s).heading
                     for s in sections)


def _end_answer(graph: DocNavGraph, root: str, end: str) -> tuple[Piece, dict] | None:
    top = _top_sections(graph, root)
    if not top:
        return None
    which = top[0] if end == "first" else top[-1]
    heading = graph.node(which).heading
    said = (f'The {end} section of {graph.node(root).heading} is "{heading}" ({len(top)} '
            f"section{'s' if len(top) > 1 else ''} at its top level: "
            f"{_listed(graph, top, which)}).")
    return _piece(graph, which, said), {"end": end, "heading": heading}


def _side_answer(graph: DocNavGraph, root: str, side: str,
                 rest: str) -> tuple[Piece, dict] | None:
    named = _named(graph, root, rest)
    if named is None:
        return None
    top = _top_sections(graph, root)
    level = top if named in top else _sections(graph, graph.navigate(named, "parent")[0])
    at = level.index(named)
    other = at + 1 if side == "after" else at - 1
    heading = graph.node(named).heading
    if not 0 <= other < len(level):
        where = "last" if side == "after" else "first"
        said = (f'No section comes {side} "{heading}" at its level: it is the ' + (
            "only one" if len(level) == 1 else
            f"{where} of {len(level)} ({_listed(graph, level, named)})") + ".")
        return _piece(graph, named, said), {"side": side, "of": heading, "heading": None}
    found = level[other]
    said = (f'The section {side} "{heading}" is "{graph.node(found).heading}" (the sections '
            f"at its level: {_listed(graph, level, found)}).")
    return (_piece(graph, found, said),
            {"side": side, "of": heading, "heading": graph.node(found).heading})


def read_sequence(graph: DocNavGraph, run: Run) -> bool:
    """The section the question asks for by its place, of each document asked of (at most
    :data:`MOST_DOCUMENTS`), from its headings: one piece each citing that section and
    saying which it is. False (nothing read) where the question is no such question, is
    asked of more documents, or names a section none of them has a heading for."""
    # read as searched, the names of its documents taken out: nothing may be left but the
    # section's place and the section named (what else is asked is searched, as before; a
    # second document named is no name of the one asked of, and is left to the search too)
    end, side = _END.search(run.question), _SIDE.search(run.question)
    if end and not _alone(_words(run.question[end.end():])):
        end = None
    paths = graph.document_paths(run.scope) if run.scope else graph.document_paths()
    if not (end or side) or not 1 <= len(paths) <= MOST_DOCUMENTS:
        return False
    answers = []
    for path in paths:
        root = graph.document_root(path)
        if end:
            got = _end_answer(graph, root, "first" if (end.group("end") or end.group("end2"))
                              .lower() == "first" else "last")
        else:
            after = side.group("side").lower().startswith(("after", "follow"))
            got = _side_answer(graph, root, "after" if after else "before", side.group("rest"))
        if got is not None:
            answers.append((path, *got))
    if not answers:
        return False
    run.state = EvidenceState("", run.state.budget, remainder=True)  # nothing searched for
    run.op("sections in order", documents=[
        {"document": Path(path).name, **said} for path, _, said in answers],
        added=run.state.add([piece for _, piece, _ in answers], "outline"))
    return True
