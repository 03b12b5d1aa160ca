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
from docnav.query.kind_words import BY_NUMBER, one_of
from docnav.query.names import untitled_names, without_names
from docnav.query.router import GLOBAL, WHAT_IT_DOES

if TYPE_CHECKING:
    from docnav.query.evidence import Run
    from docnav.query.graph import DocNavGraph

# "RFC 9999", "rfc9999", "RFC #9999", "RFC-9999": the kind word, then the number
_NUMBERED = re.compile(rf"\b(?P<kind>{one_of(BY_NUMBER)})\s*[#-]?\s*(?P<number>\d+)\b", re.I)
NEAREST = 2  # the documents of the nearest numbers an answer names


def unheld_numbers(graph: DocNavGraph, asked: str) -> list[str]:
    """The names the question gives documents by a number ("RFC 9999") that no document of
    the store has in its title or file name, as said (one the store holds outside those
    asked of is :func:`docnav.query.names.named_outside`'s)."""
    paths = graph.document_paths()
    if len(paths) < 2:  # of a store of one, its file's name alone is a name (names.py)
        return []
    return [name for name in untitled_names(graph, asked, paths) if _NUMBERED.fullmatch(name)]


def unkinded(asked: str, unheld: list[str]) -> str:
    """The question with the kind word of each name of ``unheld`` taken out, its number
    kept ("What does 9999 say about pinning?"): a word of every RFC's text is no evidence of
    one the store lacks."""
    for name in unheld:
        number = _NUMBERED.fullmatch(name)["number"]
        asked = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", number, asked, flags=re.I)
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
    numbers = [int(_NUMBERED.fullmatch(name)["number"]) for name in unheld]
    run.op("not in the store", names=unheld, documents=len(paths),
           nearest=nearest_numbered(paths, numbers[0]), searched=not alone)
    return alone


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
    nearest = (f"; the nearest by number: {', '.join(step['nearest'])}"
               if step["nearest"] else "")
    then = ("the rest of the question was searched in the others: the evidence is theirs, "
            "not " + names if step["searched"] else "the question asks nothing else of it, "
            "so nothing was read")
    return (f"{names} {'is' if len(step['names']) == 1 else 'are'} not in the store: none of "
            f"its {step['documents']} documents has that number{nearest} (`docnav "
            f"show` lists them); {then}")


__all__ = ["nearest_numbered", "not_in_store_line", "said_not_in_store", "unheld_numbers",
           "unkinded"]
