"""A document named by a number the store has no document of ("RFC 9999" of 27 RFCs).

Asked of the 27 RFCs, "What does RFC 9999 say about pinning?" searched "rfc", "9999" and
"pinning": the kind word pushed up passages saying "RFC", and the answer read other RFCs
under a line saying only that no document is titled "RFC 9999". Now the answer says first
that the store holds no RFC 9999, how many documents it holds and the numbers nearest; the
kind word is never searched. A question asking something besides the document ("... about
pinning?", "Does RFC 9999 mention async?") is searched for the rest, the number with it (no
evidence holds it: it stays missing, and the confidence says so); one asking nothing else
("Summarise RFC 9999", "What is RFC 9999?", "What does RFC 9999 propose?") reads nothing.
A name of words ("the async closures RFC") is left as it was: its words may be the topic
(8c2b3ec).
"""

from __future__ import annotations

import re
from pathlib import PurePath
from typing import TYPE_CHECKING

from docnav.query.evidence import names_nothing
from docnav.query.kind_words import KIND_OF, NUMBERED
from docnav.query.kinds import document_kinds
from docnav.query.names import _NUMBERED, untitled_names, without_names
from docnav.query.router import GLOBAL, WHAT_IT_DOES

if TYPE_CHECKING:
    from docnav.query.answer import Answer
    from docnav.query.evidence import Run
    from docnav.query.graph import DocNavGraph

# ("RFC 9999", "rfc9999", "RFC #9999", "RFC-9999": names._NUMBERED, the number its group 1)
NEAREST = 2  # the documents of the nearest numbers an answer names


def unheld_numbers(graph: DocNavGraph, asked: str) -> list[str]:
    """The names the question gives documents by a number ("RFC 9999") that no document of
    the store has in its title or file name, as said (one the store holds outside those
    asked of is :func:`docnav.query.names.named_outside`'s)."""
    paths = graph.document_paths()
    if len(paths) < 2:  # of a store of one, its file's name alone is a name (names.py)
        return []
    unheld = [name for name in untitled_names(graph, asked, paths) if _NUMBERED.fullmatch(name)]
    # a small number ("RFC 1") is a word most documents hold, so untitled_names names nothing
    # by it: of a store whose files are named by number, a kind's number none begins with
    numbers = {int(m[0]) for p in paths if (m := re.match(r"\d+", PurePath(p).name))}
    said = {_number(name) for name in unheld}
    for m in _NUMBERED.finditer(asked) if numbers else ():
        if (_kind(m.group()) in NUMBERED and int(m[1]) not in numbers
                and int(m[1]) not in said):
            unheld.append(m.group())
            said.add(int(m[1]))
    return unheld


def _number(name: str) -> int:
    """The number of a name by number ("RFC 9999": 9999)."""
    return int(_NUMBERED.fullmatch(name)[1])


def _kind(name: str) -> str:
    """The kind word of a name by number, lower-cased ("RFC 9999": "rfc")."""
    return re.match(r"[a-z]+", name, re.I).group().lower()


def unkinded(asked: str, unheld: list[str]) -> str:
    """The question with the kind word of each name of ``unheld`` taken out, its number
    kept ("What does 9999 say about pinning?"): a word of every RFC's text is no evidence of
    one the store lacks."""
    for name in unheld:
        asked = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", str(_NUMBERED.fullmatch(name)[1]),
                       asked, flags=re.I)
    return asked


def said_not_in_store(graph: DocNavGraph, run: Run, unheld: list[str]) -> bool:
    """The step saying the documents ``unheld`` names are not in the store (with its count
    of documents and the nearest numbers); True where the question asks nothing else, so
    that nothing is read."""
    if not unheld:
        return False
    paths = graph.document_paths()
    rest = WHAT_IT_DOES.sub(" ", GLOBAL.sub(" ", without_names(run.asked, unheld, keep=False)))
    alone = names_nothing(rest)
    # the nearest of the kind named only ("PEP 8" of 27 RFCs: no RFC is a PEP near 8)
    kinds = document_kinds(graph)
    run.op("not in the store", names=unheld, documents=len(paths), nearest={
        name: nearest_numbered([p for p in paths if _kind(name) == "document"
                                or kinds.get(p) == KIND_OF.get(_kind(name), "")], _number(name))
        for name in unheld}, searched=not alone)
    return alone


def capped(run: Run, unheld: list[str]) -> Answer:
    """The answer of ``run``, each number of ``unheld`` missing from it and its confidence
    what the rest of its words make it: "What does RFC 1 say about closures?" of 27 RFCs read
    other documents holding "1" and "closures", with confidence 1.00 (review RB 9)."""
    answer = run.answer()
    numbers = [str(_number(name)) for name in unheld]
    terms = set(run.state.terms)
    held = [n for n in numbers if n in terms and n not in answer.missing]
    if held and answer.confidence:
        answer.missing = [*answer.missing, *held]
        answer.confidence = min(answer.confidence, round(1 - len(held) / len(terms), 4))
    return answer


def nearest_numbered(paths: list[str], number: int) -> list[str]:
    """The file names of the documents whose names begin with the numbers nearest
    ``number`` (an RFC's "2930-read-buf.md"), nearest first; none where no name begins with
    a number."""
    numbered = [(int(m[0]), PurePath(p).name) for p in paths
                if (m := re.match(r"\d+", PurePath(p).name))]
    return [name for _, name in sorted(numbered, key=lambda nn: (abs(nn[0] - number),
                                                                 nn[0]))[:NEAREST]]


def not_in_store_line(step: dict) -> str:
    """The answer's line of a "not in the store" step."""
    names = " and ".join(step["names"])
    several = len(step["names"]) > 1
    nearest = "; ".join(f"{', '.join(near)}" + (f" (to {name})" if several else "")
                        for name, near in step["nearest"].items() if near)
    nearest = f"; the nearest by number: {nearest}" if nearest else ""
    then = ("the rest of the question was searched in the others: the evidence is theirs, "
            "not " + names if step["searched"] else "the question asks nothing else of "
            f"{'them' if several else 'it'}, so nothing was read")
    return (f"{names} {'are' if several else 'is'} not in the store: none of its "
            f"{step['documents']} documents has {'those numbers' if several else 'that number'}"
            f"{nearest} (`docnav "
            f"show` lists them); {then}")


__all__ = ["capped", "nearest_numbered", "not_in_store_line", "said_not_in_store",
           "unheld_numbers", "unkinded"]
