"""How two documents a question names relate ("How does RFC 2592 relate to RFC 2394?", "What
is the relationship between the pin RFC and the futures RFC?"): the references between them,
both ways, and each asked of in turn, its paragraphs referring to the other read first, then
its summary (or its start), as a comparison naming nothing else reads it. Asked as any
question, the first name chose the one document it was asked of, and the other's number was
said to be "in none of the documents asked of", though one linked the other."""

from __future__ import annotations

import glob
import re
from pathlib import PurePath
from typing import TYPE_CHECKING

from docnav.query.in_turn import in_turn
from docnav.query.names import titled_documents
from docnav.query.referring import references_from, refers_steps

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


def related_pair(graph: DocNavGraph, asked: str, asked_of: list[str]
                 ) -> list[tuple[str, str]] | None:
    """(path, its name as the question says it) of the two documents of ``asked_of`` a
    question asks how they relate names, in its order, where it says nothing else of them
    ("How does the Waker of RFC 2592 relate to RFC 2394?" asks of a thing: None); None of
    any other question."""
    named: list[tuple[str, str]] = []
    if m := _ONE_TO_OTHER.match(asked) or _OF_TO.match(asked):
        sides = [_names_alone(graph, m["a"]), _names_alone(graph, m["b"])]
        named = [s[0] for s in sides if s and len(s) == 1]
    # ("How are A and B related to each other?": not B, "each other")
    if len(named) != 2 and (m := _BOTH.match(asked)):
        named = _names_alone(graph, m["both"] or m["between"]) or []
    if len(named) != 2 or named[0][0] == named[1][0]:
        return None
    return named if all(p in asked_of for p, _ in named) else None


def _names_alone(graph: DocNavGraph, said: str) -> list[tuple[str, str]] | None:
    """The documents ``said`` names (:func:`titled_documents`), where it says nothing but
    their names, words naming documents and their files' words; None where it says more."""
    named = titled_documents(graph, said)
    rest = said.casefold()
    for _, name in named:
        rest = rest.replace(name.casefold(), " ")
    files = {w for p, _ in named for w in re.findall(r"\w+", PurePath(p).stem.casefold())}
    return named if named and set(re.findall(r"\w+", rest)) <= _NAMING | files else None


def relate(nav: Navigator, asked: str, budget: int, pair: list[tuple[str, str]]) -> Answer:
    """Each of the two documents of ``pair`` (:func:`related_pair`) asked of in turn, as of it
    alone by its name: its paragraphs referring to the other read first, in reading order,
    then, with what budget is left, its summary; the references each way are the trace's
    "refers" steps (a document referring to none, its nodes none), each with how many of its
    nodes were read ("read") and the budget that reads both documents' all ("every_with"),
    which the answer says. Both documents' referring paragraphs have the whole budget before
    either's summary (half each, RFC 2592 read 3 of its 5 and RFC 2394's half went to its
    summary). Its route is "cross-reference" where either refers to the other, else that of
    a summary."""
    (a, name_a), (b, name_b) = pair
    refers = {a: references_from(nav.graph, a).get(b, []),
              b: references_from(nav.graph, b).get(a, [])}
    costs = [sum(p.tokens for p in nav.graph.fetch(refers[path], budget=10**9))
             for path in (a, b)]
    # each asked as its name alone, "the" kept where the question says it ("the pin RFC": as
    # "pin RFC" it named no document, and its words were searched for)
    questions = [said.group(0) if (said := re.search(rf"\bthe\s+{re.escape(name)}", asked,
                                                     re.I)) else name
                 for name in (name_a, name_b)]
    shares = _shares(budget, costs)
    answer = in_turn(nav, asked, budget, {
        "op": "relate documents", "documents": [a, b], "words": [[name_a], [name_b]],
        "questions": questions, "referring": {a: len(refers[a]), b: len(refers[b])},
        "shares": dict(zip((a, b), shares))},
        [(a, questions[0], glob.escape(a)), (b, questions[1], glob.escape(b))], first=refers,
        shares=shares)
    read = {path: [e.piece.node_id for e in answer.evidence if e.piece.doc_path == path]
            for path in (a, b)}
    answer.trace[0]["read"] = {p: len(set(refers[p]) & set(read[p])) for p in (a, b)}
    # what sums it up: what it read besides its referring paragraphs
    answer.trace[0]["summed_up"] = [p for p in (a, b) if set(read[p]) - set(refers[p])]
    steps = refers_steps({a: {b: refers[a]}, b: {a: refers[b]}})
    for step in steps:
        step.update(read=answer.trace[0]["read"][step["document"]], every_with=sum(costs))
    answer.trace[:0] = steps
    if refers[a] or refers[b]:
        answer.route = "cross-reference"
    return answer


def _shares(budget: int, costs: list[int]) -> list[int]:
    """The budget of each of two documents whose referring paragraphs cost ``costs`` tokens:
    each its paragraphs' and half of what is left where the budget holds both's; else half
    each, one needing less leaving the rest to the other."""
    first, second = costs
    if first + second <= budget:
        left = budget - first - second
        return [first + left - left // 2, second + left // 2]
    mine = min(first, max(budget - budget // 2, budget - second))
    return [mine, budget - mine]


__all__ = ["related_pair", "relate"]
