"""How two documents a question names relate ("How does RFC 2592 relate to RFC 2394?", "What
is the relationship between the pin RFC and the futures RFC?"): the references between them,
both ways, and each asked of in turn, its paragraphs referring to the other read first, then
its summary (or its start), as a comparison naming nothing else reads it. Asked as any
question, the first name chose the one document it was asked of, and the other's number was
said to be "in none of the documents asked of", though one linked the other."""

from __future__ import annotations

import glob
import re
from typing import TYPE_CHECKING

from docnav.query._checks import MOST_BUDGET
from docnav.query.in_turn import in_turn
from docnav.query.names import said_alone
from docnav.query.referring import each_numbered, mark_cited, references_to, refers_steps

if TYPE_CHECKING:
    from docnav.query.evidence import Answer
    from docnav.query.graph import DocNavGraph
    from docnav.query.navigator import Navigator

_VERB = r"(?:relate[sd]?|connect(?:s|ed)?|linked|tied)"
_EACH_OTHER = r"(?:\s+(?:to|with)\s+(?:each\s+other|one\s+another))?"
_RELATION = r"(?:relationships?|relations?|connections?|links?)"
# "How does A relate to B?", "How is A related to B?", "Is A related to B?", "Does A relate to
# B?", "In what way is A related to B?"
_ONE_TO_OTHER = re.compile(rf"^\W*(?:(?:how|in\s+what\s+ways?)\s+(?:does|did|do|is|was|are|"
                           rf"were)|is|was|does|did)\s+(?P<a>\S.*?)\s+{_VERB}\s+(?:to|with)\s+"
                           rf"(?P<b>\S.*?)\W*$", re.I)
# "What's the relation of A to B?", "Explain the relationship of A with B"
_OF_TO = re.compile(rf"^\W*(?:(?:what\s+(?:is|was)|what['’]s|explain|describe)\s+)?(?:the\s+)?"
                    rf"{_RELATION}\s+of\s+(?P<a>\S.*?)\s+(?:to|with)\s+(?P<b>\S.*?)\W*$", re.I)
# "How do A and B relate?", "How are A and B related to each other?", "Are A and B related?"
# "What is the relationship (relation, connection, link) between A and B?", "Is there a
# relationship between A and B?", "What relationship is there between ...", "Explain the ..."
_BOTH = re.compile(rf"^\W*(?:(?:how\s+(?:do|did|are|were)|are|were)\s+(?P<both>\S.*?)\s+"
                   rf"{_VERB}{_EACH_OTHER}|(?:(?:what\s+(?:is|was|are|were)|what['’]s|"
                   rf"(?:is|are)\s+there|explain|describe|what)\s+)?(?:the\s+|an?\s+|any\s+)?"
                   rf"{_RELATION}\s+(?:(?:is|are)\s+there\s+)?between"
                   rf"\s+(?P<between>\S.*?))\W*$", re.I)
# words that go with documents' names and say no more of them
_NAMING = frozenset("the a an this that document documents proposal proposals paper papers "
                    "rfc rfcs pep peps text and both".split())
# documents a relation question reads at most, each in turn; those named after them are said,
# not read (each of eight has an eighth of the budget, and 56 "refers" lines are said)
MOST_RELATED = 8


def related_named(graph: DocNavGraph, asked: str, asked_of: list[str]
                  ) -> list[tuple[str, str]] | None:
    """(path, its name as the question says it) of the documents of ``asked_of``, two or
    more, a question asks how they relate names, in its order, where it says nothing else of
    them ("How does the Waker of RFC 2592 relate to RFC 2394?" asks of a thing: None); None
    of any other question. The kind said once before several numbers ("RFCs 2592, 2394 and
    2349") is said before each (it named one document, and was asked as any question); six
    or more had not been read as a relation (now any number is: :func:`relate` reads the
    first :data:`MOST_RELATED`)."""
    named: list[tuple[str, str]] = []
    asked = each_numbered(asked)
    if m := _ONE_TO_OTHER.match(asked) or _OF_TO.match(asked):
        sides = [said_alone(graph, m["a"], _NAMING), said_alone(graph, m["b"], _NAMING)]
        named = sides[0] + sides[1] if sides[0] and sides[1] else []
    # ("How are A and B related to each other?": not B, "each other")
    if len(named) < 2 and (m := _BOTH.match(asked)):
        named = said_alone(graph, m["both"] or m["between"], _NAMING) or []
    named.sort(key=lambda n: _at(asked, n[1]))  # ("RFC 2" of "RFC 2592, ..., RFC 2": last)
    paths = [p for p, _ in named]
    if len(paths) < 2 or len(set(paths)) < len(paths):
        return None
    return named if all(p in asked_of for p in paths) else None


def relate(nav: Navigator, asked: str, budget: int, named: list[tuple[str, str]]) -> Answer:
    """Each of the documents of ``named`` (:func:`related_named`) asked of in turn, as of it
    alone by its name: its paragraphs referring to the others read first, in reading order,
    then, with what budget is left, its summary; the references each way are the trace's
    "refers" steps (a document referring to none, its nodes none), each with how many of its
    nodes were read whole ("read"), cut to fit ("cut"), and the budget that reads every
    document's all ("every_with"), which the answer says. All the documents' referring
    paragraphs have the whole budget before any summary (half each, RFC 2592 read 3 of its 5
    and RFC 2394's half went to its summary). Its route is "cross-reference" where one refers
    to another, else that of a summary. Of more than :data:`MOST_RELATED`, the first so many
    named are, the others' names the step's "not_related"."""
    named, past = named[:MOST_RELATED], [name for _, name in named[MOST_RELATED:]]
    paths = [path for path, _ in named]
    # (a paper citing another in its works cited, by its title, refers to it)
    refers = {path: references_to(nav.graph, path, [p for p in paths if p != path])
              for path in paths}
    first = {path: nav.graph.in_reading_order({n for nodes in refers[path].values()
                                               for n in nodes}) for path in paths}
    costs = [sum(p.tokens for p in nav.graph.fetch(first[path], budget=MOST_BUDGET))
             for path in paths]
    # each asked as its name alone, "the" kept where the question says it ("the pin RFC": as
    # "pin RFC" it named no document, and its words were searched for)
    questions = [said.group(0) if (said := re.search(rf"\bthe\s+{re.escape(name)}", asked,
                                                     re.I)) else name
                 for _, name in named]
    shares = _shares(budget, costs)
    answer = in_turn(nav, asked, budget, {
        "op": "relate documents", "documents": paths, "words": [[name] for _, name in named],
        "questions": questions, "referring": {p: len(first[p]) for p in paths},
        "shares": dict(zip(paths, shares)),
        **({"not_related": past, "most": MOST_RELATED} if past else {})},
        [(path, question, glob.escape(path)) for path, question in zip(paths, questions)],
        first=first, shares=shares)
    read = {path: {e.piece.node_id for e in answer.evidence if e.piece.doc_path == path}
            for path in paths}
    # a paragraph cut to fit is not read (at one token under the budget said to read them
    # all, the last was cut, and "(read first)" said all were)
    whole = {path: {e.piece.node_id for e in answer.evidence if e.piece.doc_path == path
                    and e.piece.text == nav.graph.node(e.piece.node_id).text}
             for path in paths}
    answer.trace[0]["read"] = {p: len(set(first[p]) & whole[p]) for p in paths}
    # what sums it up: what it read besides its referring paragraphs
    answer.trace[0]["summed_up"] = [p for p in paths if read[p] - set(first[p])]
    steps = refers_steps({p: {q: refers[p].get(q, []) for q in paths if q != p} for p in paths})
    mark_cited(nav.graph, steps)
    for step in steps:
        nodes = set(step["nodes"])
        step.update(read=len(nodes & whole[step["document"]]),
                    cut=len(nodes & (read[step["document"]] - whole[step["document"]])),
                    every_with=sum(costs))
    answer.trace[:0] = steps
    if any(first.values()):
        answer.route = "cross-reference"
    return answer


def _at(asked: str, name: str) -> int:
    """Where ``asked`` says ``name``, a whole name ("RFC 2", not the start of "RFC 2592")."""
    said = re.search(rf"(?<!\w){re.escape(name)}(?!\w)", asked, re.I)
    return said.start() if said else len(asked)


def _shares(budget: int, costs: list[int]) -> list[int]:
    """The budget of each document whose referring paragraphs cost ``costs`` tokens: each its
    paragraphs' and an equal part of what is left where the budget holds them all; else an
    equal part each, one needing less leaving the rest to the others."""
    if sum(costs) <= budget:
        left, n = budget - sum(costs), len(costs)
        return [cost + left // n + (i < left % n) for i, cost in enumerate(costs)]
    shares, left = [0] * len(costs), budget
    for k, i in enumerate(sorted(range(len(costs)), key=costs.__getitem__)):
        shares[i] = min(costs[i], left // (len(costs) - k))
        left -= shares[i]
    return shares


__all__ = ["MOST_RELATED", "related_named", "relate"]
