"""The documents with a section of a heading a question names ("Which RFCs have a Drawbacks
section?", "How many papers have a related work section?"), asked of by
:mod:`docnav.query.which`: counted, and the first read from that section; and those without
one ("Which RFCs lack a Drawbacks section?", "... do not have ...?"): counted, none read."""

from __future__ import annotations

import glob
import re
from typing import TYPE_CHECKING, NamedTuple

from docnav.errors import InputError
from docnav.query.count_text import counted_answer
from docnav.query.evidence import Answer
from docnav.query.fields import own_date
from docnav.query.in_turn import in_turn
from docnav.query.parts import HAS_PART, common_heading, heading_terms, headed

if TYPE_CHECKING:
    from docnav.query.graph import DocNavGraph
    from docnav.query.navigator import Navigator


# "do not have a Drawbacks section", "lack a section on drawbacks", "have no Drawbacks
# section", "are without ...": of those with no section so headed ("Which RFCs lack a
# Drawbacks section?" counted those holding "lack"; "... do not have ..." was refused)
_LACKING = re.compile(r"^\s*(?:that\s+|which\s+)?(?:(?P<not>(?:do|does|did)(?:\s+not|n[’']t)"
                      r"\s+)|(?:lack(?:s|ed)?|(?:have|has)\s+no|(?:are|is)\s+without|without)"
                      r"\s+)", re.I)


# what names no heading before "section": "lack a section" (read as headed "a"), "do not
# contain the word section" (headed "word": it was counted by its words)
_NO_HEADING = re.compile(r"^(?:an?|the|any|one|single|such|words?|terms?|names?)$", re.I)
# more than one heading: "lack a Drawbacks or Alternatives section", "lack both a Drawbacks
# and an Alternatives section" (each read as one heading, "Drawbacks or Alternatives", held by
# none: every document listed)
_HEADINGS = re.compile(r"\b(?:or|and|both|either|nor)\b|,", re.I)


# a word naming a part ("heading" read as "section": "lack a Motivation heading" was counted
# as the words "a Motivation heading"), and a year said after the part ("lack a drawbacks
# section from 2018": counted as words, the year neither a date nor refused)
_PART_WORD = re.compile(r"\b(?:sections?|headings?|chapters?|parts?)\b", re.I)
_YEAR_AFTER = re.compile(r"\b(?:from|in|of|since|before|after)\s+\d{4}\b", re.I)
# "Which papers that lack a Conclusion mention LSTM?": a part lacked in a clause, what else
# they hold after it (it counted those holding "lack")
_RELATIVE = re.compile(r"^\s*(?:that|which)\s", re.I)
# the word a question names its documents with ("Which papers ...", "How many RFCs ...")
_KIND_SAID = re.compile(r"\b(?:which|how\s+many)\s+(?:of\s+the\s+)?(?P<kind>[a-z][\w-]*s)\b",
                        re.I)


def part_lacked(rest: str, asked: str | None = None,
                graph: DocNavGraph | None = None) -> str | None:
    """The heading of the part that ``rest`` (what a question asking for documents says
    after the word naming them) says they lack ("do not have a Drawbacks section", "lack a
    Drawbacks heading", "lack a Drawbacks section," before a "besides": "Drawbacks"); None
    where it says no such thing, or "do not" names no heading ("do not contain the word
    section"). An InputError (of the question ``asked``) where "lack" (or "have no",
    "without") says a part whose heading is not read ("lack a section", "lack a drawbacks
    section from 2018"), or says it in a clause with more after it ("that lack a Conclusion
    mention LSTM": those holding "lack" were counted); of no ``graph`` (the store, whose
    heading the error's example is), the words said, for it to be refused where it is."""
    if not (m := _LACKING.match(rest)):
        return None
    said = re.sub(r"[\s,;?.!]+$", "", re.sub(r"\b(heading)(s?)\b", r"section\2",
                                               rest[m.end():], flags=re.I))
    part = HAS_PART.match(said if m["not"] else f" have {said}")
    heading = " ".join((part.group("part") or part.group("part2")).split()) if part else None
    if heading is not None and not _NO_HEADING.match(heading) and not _YEAR_AFTER.search(
            heading):
        return heading
    if m["not"] or not (_PART_WORD.search(said) or _RELATIVE.match(rest)):
        return None
    if graph is None:  # refused where the store is read (its example heading is one of its)
        return said
    raise InputError(lack_unread(asked or rest.strip(), graph, bool(_RELATIVE.match(rest))))


def _words(text: str) -> str:
    return " " + " ".join(re.findall(r"[^\W_]+", text.lower())) + " "


def _store_heading_in(graph: DocNavGraph, asked: str) -> str | None:
    """The longest heading of the store whose words ``asked`` says ("lack a drawbacks section
    from 2018": "Drawbacks"), as the store writes it."""
    said = _words(asked)
    return max((n.heading for _, n in graph.nodes_of_kind("section")
                if n.heading and _words(n.heading) in said), key=len, default=None)


def lack_unread(asked: str, graph: DocNavGraph, more: bool = False) -> str:
    """Why "lack" in ``asked`` is not read, with the forms that are read, in the words the
    question names its documents with and of a heading the store has; a date in the example
    only where the store's documents have one (of its latest), and that what else they hold
    is not read only where ``more`` is asked ("that lack a Conclusion mention LSTM")."""
    kind = _KIND_SAID.search(asked)
    kind = kind.group("kind") if kind else "documents"
    heading = _store_heading_in(graph, asked) or common_heading(graph) or "Conclusion"
    years = sorted(d[:4] for d in (own_date(p, graph.fields(p))
                                   for p in graph.document_paths()) if d)
    dated = (f" (\"Which {kind} from {years[-1]} lack {_a(heading)} section?\")"
             if years else "")
    date_read = " (a date is read before \"lack\")" if years else ""
    unread, apart = ((" (what else they hold is not read with it)",
                      f", and what else apart (\"Which {kind} mention ...?\")") if more
                     else ("", ""))
    return (f"query {asked!r}: a part lacked is read right after the {kind} asked for, of one "
            f"heading said before \"section\" (or \"heading\", \"chapter\", \"part\") or "
            f"after \"a section on\", with nothing after it but a \"besides\"{date_read}; "
            f"here it is not read{unread}: ask \"Which {kind} lack {_a(heading)} section?\""
            f"{dated}{apart}")


# "with a Drawbacks section", "that have a section on drawbacks", more said after it or not
# (", besides RFC 2094", " from 2018"): a heading before "section", or the words after "on"
_PART_OPENS = re.compile(
    r"^\s*(?:that\s+|which\s+)?(?:have|has|had|with|contain|contains|include|includes)\s+"
    r"(?:an?\s+|the\s+|any\s+)?(?:(?:sections?|parts?|chapters?)\s+(?:on|about|called|named|"
    r"headed|titled)\s+(?P<quote>[\"“']?)(?P<part>[^\"”'?,]+)[\"”']?|[\"“']?"
    r"(?P<part2>[^\"”'?,]+?)[\"”']?\s+(?:sections?|parts?|chapters?)\b)", re.I)


def part_opening(graph: DocNavGraph, said: str) -> tuple[str, int] | None:
    """(the heading, how much of ``said`` names it) where ``said`` opens by saying the
    documents have a section so headed ("with a Drawbacks section", "that have a section on
    drawbacks from 2018": "drawbacks", the longest run of words after "on" that is one, less
    words adding no term to it) and some document of ``graph`` has a section so headed; None
    of any other: "with many sections", "with the most sections", "with unsafe parts" name no
    heading (a review found them an error naming none)."""
    if not (m := _PART_OPENS.match(said)):
        return None
    if m["part2"] is not None:
        heading = " ".join(m["part2"].split())
        return (heading, m.end()) if headed(graph, heading) else None
    words = list(re.finditer(r"\S+", m["part"]))
    runs = [" ".join(w.group() for w in words[:n]) for n in range(1, len(words) + 1)]
    # the longest run that is a heading, less the words after it that add no term to it
    # ("drawbacks from 2018" is headed "drawbacks": a year and "from" are no terms of one)
    found = next((n for n in range(len(runs), 0, -1) if headed(graph, runs[n - 1])), 0)
    while found > 1 and heading_terms(runs[found - 2]) == heading_terms(runs[found - 1]):
        found -= 1
    if not found:
        return None
    end = m.start("part") + words[found - 1].end()
    closing = re.match(r"[\"”']", said[end:]) if m["quote"] else None
    return runs[found - 1], end + (closing.end() if closing else 0)


def without_part(nav: Navigator, asked: str, count: dict, part: str,
                 doc: str | list[str] | None, besides: list[str]) -> Answer:
    """The documents with no section headed ``part``: counted and listed, none read (there
    is nothing of theirs to read about what they lack); of those at ``doc``, less those at
    ``besides`` ("... besides RFC 0199?": it was listed). An InputError where ``part`` names
    more than one heading ("a Drawbacks or Alternatives section")."""
    if _HEADINGS.search(part) and not headed(nav.graph, part):  # (a heading so said whole:
        # "Rationale and alternatives" was refused as naming two)
        raise InputError(f"query {asked!r}: a section lacked is read of one heading alone, "
                         f"and {part!r} names more than one (lacking one of them, or all?): "
                         f"ask of each apart (\"Which {count['kind']} lack a "
                         f"{_first_heading(part)} section?\")")
    every = [p for p in nav.graph.document_paths(doc) if p not in besides]
    headed_in = _headed_in(nav, part, every)
    lacking = [p for p in every if p not in headed_in]
    count.update(n=len(lacking), of=len(every), words=None, held=0, documents=lacking,
                 part=part, lacking=True)
    return counted_answer(nav, asked, count)


def _headed_in(nav: Navigator, part: str, every: list[str]) -> set[str]:
    """Of the documents at ``every``, those with a section headed ``part``."""
    return {nav.graph.node(s).path
            for s in headed(nav.graph, part, {"path": [glob.escape(p) for p in every]})}


def _first_heading(part: str) -> str:
    """The first heading of those ``part`` names ("both a Drawbacks and an Alternatives":
    "Drawbacks")."""
    pieces = [re.sub(r"^(?:an?|the)\s+", "", piece.strip(), flags=re.I)
              for piece in _HEADINGS.split(part)]
    return next(piece for piece in pieces if piece)


# what joins the headings of a part said of several: "a Drawbacks or Alternatives section",
# "both a Drawbacks and an Alternatives section" (read as one heading, held by none: 0 listed)
_JOINING = re.compile(r"(\s*\b(?:or|and|both|either|neither|nor)\b\s*|\s*,\s*)", re.I)
_ARTICLE = re.compile(r"^(?:(?:an?|the|one)\s+)+", re.I)
# what a piece says besides its heading: "section" of "a Drawbacks section or an Alternatives
# section" (read as a heading "Drawbacks section", none had it), "on" of "a section on drawbacks
# or on alternatives" (a heading "on alternatives")
_NOT_HEADING = re.compile(r"^(?:(?:an?|the|one|on|about)\s+)+|\s+(?:section|part|chapter)s?$",
                          re.I)


def _heading_said(graph: DocNavGraph, words: str) -> str:
    """The heading ``words`` (a piece of a part said of several) names: less what is said
    around a heading ("Drawbacks section", "on alternatives"), unless no document has that
    heading and one has it as said less its article ("On stability")."""
    said = " ".join(_ARTICLE.sub("", words.strip()).split())
    bare = " ".join(_NOT_HEADING.sub("", _NOT_HEADING.sub("", said)).split())
    return said if bare != said and not headed(graph, bare) and headed(graph, said) else bare


def _a(heading: str) -> str:
    """``heading`` after its article ("a Drawbacks", "an Alternatives")."""
    return f"{'an' if heading[:1].lower() in 'aeiou' else 'a'} {heading}"


def parts_joined(graph: DocNavGraph, asked: str, part: str,
                 kind: str = "documents") -> tuple[list[str], str] | None:
    """(the headings, "or" or "and") where ``part`` names more than one heading ("Drawbacks
    or Alternatives": any of them; "both a Drawbacks and an Alternatives": all), a run of
    them that some document of ``graph`` has as one heading kept whole ("Rationale and
    alternatives or Drawbacks"), each less what is said around it ("a Drawbacks section or
    an Alternatives section"); None where it names one. An InputError where the words
    joining them say neither plainly ("Drawbacks and Motivation or Alternatives"), or say
    "neither ... nor" (not counted: those with any of them are)."""
    if not _HEADINGS.search(part) or headed(graph, part):
        return None
    said = _JOINING.split(part)  # [words, joining, words, ...]
    headings: list[str] = []
    joins: set[str] = set()
    i = 0
    while i < len(said):
        # the longest run of words from here that is one heading, else these words alone
        j = next((j for j in range(len(said) - 1, i, -2)
                  if headed(graph, _heading_said(graph, "".join(said[i:j + 1])))), i)
        if heading := _heading_said(graph, "".join(said[i:j + 1])):
            headings.append(heading)
        joins |= {w.lower().strip() for w in said[j + 1:j + 2] if w.strip(", ")}
        i = j + 2
    joins = {"or" if w == "either" else "and" if w == "both" else "nor" if w == "neither"
             else w for w in joins}
    if len(headings) < 2:
        return None
    if "nor" in joins:  # (not both "or" and "and": "not both" was said of it)
        raise InputError(f"query {asked!r}: {part!r} names headings none of which those "
                         f"counted would have, and a count is of those with a section: ask "
                         f"\"Which {kind} have {_a(headings[0])} or {headings[1]} section?\" "
                         f"(the others have neither), or of each apart (\"Which {kind} lack "
                         f"{_a(headings[0])} section?\")")
    if len(joins) != 1 or any(_NO_HEADING.match(h) for h in headings):
        raise InputError(f"query {asked!r}: {part!r} names more than one heading, and is read "
                         f"of headings joined by \"or\" (any of them) or by \"and\" (all of "
                         f"them), not both: ask \"Which {kind} have {_a(headings[0])} or "
                         f"{headings[1]} section?\" or \"... both {_a(headings[0])} and "
                         f"{_a(headings[1])} section?\"")
    return headings, joins.pop()


def with_part(nav: Navigator, asked: str, budget: int, count: dict, part: str,
              doc: str | list[str] | None, n: int) -> Answer:
    """The documents with a section headed ``part`` (:func:`docnav.query.parts.headed`):
    counted ("How many ...?"), and as many as ``n`` read, each from that section. Searched
    as words, "Which RFCs have drawbacks sections?" read one document's "Unsafe traits" and
    said "sections" was in none of them. Of several headings (:func:`parts_joined`), those
    with a section of any of them ("or") or of each ("and"), with how many have each, each
    read from the first of them it has."""
    every = nav.graph.document_paths(doc)
    joined = parts_joined(nav.graph, asked, part, count["kind"])
    headings, joins = joined or ([part], "or")
    headed_each = {h: _headed_in(nav, h, every) for h in headings}
    headed_so = [p for p in every if (any if joins == "or" else all)(
        p in headed_each[h] for h in headings)]
    count.update(n=len(headed_so), of=len(every), words=None, held=0, documents=headed_so,
                 part=None if joined else part)  # (not "Drawbacks or Alternatives": no heading)
    if joined:  # 22 have "Drawbacks", 18 "Alternatives"
        count.update(parts={h: len(headed_each[h]) for h in headings}, parts_joined=joins)
    if count["asked"] == "how many" or not headed_so:
        return counted_answer(nav, asked, count)
    paths = headed_so[:n]
    more = ((len(paths) + 1) * nav.options.document_tokens if len(headed_so) > n
            and n < nav.options.documents else None)
    first_had = {p: next(h for h in headings if p in headed_each[h]) for p in paths}
    said = f" {joins} ".join(f'"{h}"' for h in headings) if joined else part
    answer = in_turn(nav, asked, budget, {
        "op": "documents", "documents": paths, "left_out": count["kind"], "about": None,
        "dated": None, "question": (f"What does the section headed {said} say?" if joined
                                    else f"What does the {part} section say?"),
        "more_with": more, "part": said},
        [(p, f"What does the {first_had[p]} section say?", glob.escape(p)) for p in paths])
    answer.count = count
    return answer


# "without a Drawbacks section", "lacking ...", "with no ...", "that do not have ...": of those
# with no section so headed, as an order reads them ("the shortest RFC without a Drawbacks
# section" was of all: docnav.query.ordered)
LACKING = re.compile(r"\s*(?:without|lacking|with\s+no|(?:that|which)\s+(?:lacks?|lacked|"
                     r"(?:do|does|did)\s+not\s+have|(?:has|have|had)\s+no))(?=\s)", re.I)


class PartHad(NamedTuple):
    """A section the documents an order is asked of have, or lack (:func:`part_had`)."""
    heading: str  # "Drawbacks"
    documents: set[str]  # the paths of those with a section so headed; or without one
    rest: str  # what the question says after it (" from 2018", ", besides RFC 2094")
    lacking: bool  # of those without one ("without a Drawbacks section")


def part_had(graph: DocNavGraph, said: str, goes_on: str) -> PartHad | None:
    """:class:`PartHad` where ``said`` opens by saying the documents have a section so headed
    (:func:`part_opening`: "with a Drawbacks section", "that have a section on drawbacks") or
    lack one (:data:`LACKING`, read as "with": "without a Drawbacks section", "that lacks
    ...") and goes on as ``goes_on`` matches; None of any other ("with many sections")."""
    lacking = LACKING.match(said)
    opening = part_opening(graph, f" with{said[lacking.end():]}" if lacking else said)
    if opening is None:
        return None
    end = opening[1] + (lacking.end() - len(" with") if lacking else 0)  # (in ``said``)
    if not re.match(goes_on, said[end:], re.I):
        return None
    have = {graph.node(s).path for s in headed(graph, opening[0])}
    return PartHad(opening[0], set(graph.document_paths(None)) - have if lacking else have,
                   said[end:], bool(lacking))


__all__ = ["LACKING", "PartHad", "part_had", "part_lacked", "part_opening", "parts_joined",
           "with_part", "without_part"]
