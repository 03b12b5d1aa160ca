"""What a question asking for documents in order leaves out, said after them ("Which RFC is the
longest, excluding if-let chains?", "..., besides RFC 2497 and async await"): the documents it
names, by :func:`docnav.query.holding.left_out` or else by the words of their titles, and its
names of one word that name none (:mod:`docnav.query.ordered`)."""

from __future__ import annotations

import re
from pathlib import PurePath
from typing import TYPE_CHECKING

from docnav.errors import InputError
from docnav.query.evidence import LEAVING_OUT
from docnav.query.holding import left_out
from docnav.query.left_out import as_besides
from docnav.query.names import JOINED, titled_documents

if TYPE_CHECKING:
    from docnav.query.navigator import Navigator

# what it leaves out, right after them, that holding.left_out names no document of ("Which
# RFC is the longest, excluding if-let chains?"), or not all of ("excluding if-let chains and
# async await": 2394 alone)
LEFT_UNNAMED = re.compile(rf"^\W*(?:{LEAVING_OUT.pattern}|excluding\b|but\s+not\b)\s+"
                          r"(?P<other>\S.*?)\W*$", re.I)
# between the names of a list left out: "if-let chains, async closures and async await"
_NAMES = re.compile(JOINED)


def left_of(nav: Navigator, rest: str, asked: str
            ) -> tuple[str, dict[str, str], list[str]]:
    """(``rest`` without what a cue in it leaves out, the documents that names, its names of
    one word that name none): by :func:`docnav.query.holding.left_out`, else by the words of
    their titles (:func:`titled_left_out`) where the cue and its name end ``rest``."""
    said = rest
    rest, left = left_out(nav.graph, as_besides(rest, nav.graph))
    cue = LEFT_UNNAMED.match(said if not (left and re.search(r"\w", rest)) else "")
    if cue is None:
        return rest, left, []
    # "..., excluding if-let chains?"; and each name of a list naming none of those found
    # ("excluding if-let chains and async await" left out 2394 alone, if-let chains unsaid)
    found = set(re.findall(r"\w+", " ".join(left.values()).casefold()))
    unsaid = []
    for name in _NAMES.split(cue.group("other").strip()):
        if not set(re.findall(r"\w+", name.casefold())) & found:  # ("2497 and Pin": 2497)
            alone = left_out(nav.graph, f" besides {name}")[1]
            left, unsaid = {**left, **alone}, unsaid + ([] if alone else [name])
    # "but not" naming no document is no cue: "the longest but not the most complex", "...,
    # but not by much" (errors: it named no document), "the shortest but not trivial"
    but_not = re.match(r"\W*but\s+not\b", said, re.I)
    try:
        named, unnamed = (titled_left_out(nav, " and ".join(unsaid), asked) if unsaid
                          else ({}, []))
    except InputError:
        if but_not and not left:
            return said, {}, []
        raise
    if but_not and not (left or named):
        return said, {}, []
    return "", {**left, **named}, unnamed


def titled_left_out(nav: Navigator, other: str, asked: str
                    ) -> tuple[dict[str, str], list[str]]:
    """The documents ``other`` (what the question leaves out, which
    :func:`docnav.query.holding.left_out` named none of, nor by a file's name without its
    extension, "besides needle") names by the words of one title or file name, each name of
    two words or more ("if-let chains", "if let chains"), and its names of one word no title
    or file name holds (:func:`docnav.query.holding.left_out` leaves out the one holding it:
    "besides chains"), as of "Which RFCs mention async besides Pin?" (said, none left out;
    it was an error); a longer name naming none is an error (its words were dropped unsaid,
    and RFC 2497 was the longest)."""
    named: dict[str, str] = {}
    unnamed: list[str] = []
    for name in _NAMES.split(other.strip()):
        if len(re.findall(r"[^\W_]+", name)) == 1:  # "besides Pin", no title holding it
            unnamed.append(name)
            continue
        found = titled_documents(nav.graph, f"the {name} document")
        if not found:
            one = PurePath(nav.graph.document_paths()[0]).name  # (an example of the store's)
            raise InputError(f"query {asked!r} leaves out {name!r}, which names no document "
                             f"asked of by the words of its title or file name; name it by its "
                             f"file's name or the words of its title (\"besides {one}\")")
        named.update((p, name) for p, _ in found)
    return named, unnamed


__all__ = ["LEFT_UNNAMED", "left_of", "titled_left_out"]
