"""Which of the documents asked of hold what a question asking for documents asks
(:mod:`docnav.query.which`): those whose references lead into the document it names ("Which
RFCs refer to RFC 1961?"), those whose works cited hold a work of the author it names ("Which
papers cite Devlin et al.?"), else those holding as many of its rarer words as any does
("Which papers use BERT?": those saying BERT); and of those, the ones read: whose passages
rank best. A question asking what one document builds on, or what builds on it ("What does
RFC 2349 build on?"), is asked as the question asking which documents
(:func:`as_documents_referred`)."""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import TYPE_CHECKING

from docnav.errors import InputError
from docnav.query.joined_or import holding_any, words_or_named
from docnav.query.left_out import left_out_alone, left_out_within
from docnav.query.lexical import search_words
from docnav.query.names import (JOINED, said_alone, titled_documents, titled_exactly,
                                word_titled)
from docnav.query.parts import citing_documents, works_cited
from docnav.query.referring import (NAMED_LEFT_OUT, REFERRING_OR_MENTIONING,
                                    WHAT_IT_REFERS_TO, WHICH_IT_REFERS_TO, asks_its_kind,
                                    cited_by_title, each_numbered, left_out_named,
                                    numbers_unindexed, references_from, unindexed_named)
from docnav.query.router import REFERENCED_KIND, RELATED
from docnav.refs import first_author

if TYPE_CHECKING:
    from docnav.query.graph import DocNavGraph
    from docnav.query.navigator import Navigator


# a verb saying the documents point at another: "refer to", "cite", "citing", "mention",
# "link to"
# (and a year after the document it names dates them: docnav/query/which.py)
REFERRING = re.compile(r"\b(?:refer|cite|citing|mention|link|buil[dt]|depend|"
                       r"rel(?:y|ies|ied|ated))", re.I)
# "Which RFCs are related to RFC 2349?": its references either way, those it makes too
_RELATED = re.compile(r"\brelated\b", re.I)
# the other way: "Which RFCs does RFC 1974 refer to?", those its references lead into (read
# as "Which RFCs refer to RFC 1974?", RFC 1183, which RFC 1974 supersedes, answered)
# (or in the passive: "Which RFCs are referenced by the futures RFC?")
SAYS_NEITHER = re.compile(r"\b(?:neither|nor)\b", re.I)  # "cite neither RFC 2394 nor RFC 2349"
_REFERRED_BY = re.compile(rf"^\s+(?:(?:do|does|did)\s+\S.*?\s+(?:{REFERRING_OR_MENTIONING})|"
                          r"(?:are|were|is|was)\s+(?:referenced|referred\s+to|cited|linked\s+"
                          r"to|mentioned|built\s+(?:up)?on)\s+(?:by|in|from)\s+\S.*?)\W*$",
                          re.I)
# what such a verb points at, a work by its authors: "Devlin et al.", "Devlin and Chang",
# "Devlin (2018)", "Devlin et al., 2018", "Devlin": its first author, nothing after it
_CITED_WORK = re.compile(r"^\s*(?:the\s+(?:work|paper|article)s?\s+(?:of|by)\s+)?"
                         r"(?P<name>[A-Z][\w'’-]+)(?:\s+et\s+al\.?|"
                         r"\s+and\s+[A-Z][\w'’-]+)?"
                         r"(?:\s*,?\s*\(?(?P<year>(?:19|20)\d\d)[a-z]?\)?)?[\s?.!]*$")


# "What is RFC 3673 related to?": those its references lead to and those leading to it
_WHAT_IT_IS_RELATED_TO = re.compile(r"^\W*what\s+(?:is|are)\s+(?P<who>\S.*?)\s+related\s+to"
                                    r"\W*$", re.I)
# "What builds on RFC 2349?", "What refers to the pin RFC?": those whose references lead into
# it, as "Which documents build on RFC 2349?" asks
# (or of one: "Which RFC builds on RFC 2394?", read as asking for RFC 2394 itself)
_WHAT_REFERS_TO_IT = re.compile(r"^\W*(?:what|which\s+(?:rfc|pep|paper|document|report|"
                                r"article))\s+(?P<verb>(?:builds\s+(?:up)?on|depends\s+on|"
                                r"relies\s+on|refers\s+to|links\s+to|cites))\s+(?P<it>\S.*?)"
                                r"\W*$", re.I)
# "What does RFC 2592 refer to as well as RFC 2349?": what it refers to, the one named too,
# answered as "What does RFC 2592 refer to?" is (asked of RFC 2349's text, "What does RFC
# 2349 refer to as well as RFC 2592?" said "2592" was in none of the documents asked of).
# Not "besides", "other than", "apart from": those leave the one named out
# (``referring.NAMED_LEFT_OUT``), and read so, its answer listed it
_BESIDES = re.compile(r"^(?P<asked>.*?\S)\s+as\s+well\s+as\s+(?P<other>\S.*?)\W*$", re.I)
# "What does the futures RFC depend on besides pinning?": what a document needs, asked of its
# text, which says so in words of its own ("depend" was said missing)
_WHAT_IT_NEEDS = re.compile(r"^\W*what\s+(?:does|did|do)\s+(?P<who>\S.*?)\s+(?P<verb>depend|"
                            r"rely|build)\s+(?:up)?on\b", re.I)
# "What do the RFCs say about the pin RFC?": what the others say of it, where they refer to
# it, as "Which RFCs mention the pin RFC?" asks (it was asked of the pin RFC itself, "the
# RFCs" naming no document: "not in the evidence: rfcs")
_WHAT_THEY_SAY_OF_IT = re.compile(r"^\W*what\s+(?:do|did)\s+(?:(?:all\s+)?the\s+)?"
                                  r"(?:other\s+)?(?P<they>rfcs|documents)\s+(?:say|write|"
                                  r"tell\s+us)\s+(?:about|of)\s+(?P<it>\S.*?)\W*$", re.I)


# "Which RFCs does RFC 2592 refer to?": asked for as documents already (docnav/query/which.py)
_ASKING_DOCUMENTS = re.compile(r"^\W*(?:which|what|how\s+many)\s+(?:documents|rfcs)\b", re.I)


def as_documents_referred(nav: Navigator, asked: str) -> str:
    """A question asking what one document builds on, depends on or refers to, or what
    does so to it, as the question asking which documents ("What does RFC 2349 build on?":
    "Which documents does RFC 2349 build on?", answered by its references; its words
    "build" and "on" were searched for; "What builds on RFC 2349?": "Which documents build
    on RFC 2349?"; "What do the RFCs say about the pin RFC?": "Which RFCs mention the pin
    RFC?") where it names one document; any other as it is ("What does the borrow checker
    depend on?" asks what the text says); "What does RFC 2592 refer to as well as RFC
    2349?", naming another, as "Which documents does RFC 2592 refer to?", which lists the
    one named too where it is referred to; "... besides RFC 2349?" (or "other than", "apart
    from", "except") as "Which documents does RFC 2592 refer to besides RFC 2349?", whose
    count leaves it out (:func:`held_by`), as "besides 2349" (a number alone) is."""
    besides = _BESIDES.match(asked) or NAMED_LEFT_OUT.match(asked)
    other = besides.group("other") if besides else ""
    if besides and titled_documents(nav.graph, left_out_named(other)):
        shorter = f"{besides.group('asked')}?"
        # (or what refers to it, left out: "What builds on RFC 1068 apart from RFC 1607?"; or
        # "Which RFC does RFC 2592 refer to besides RFC 2349?", once asked of its text)
        if WHAT_IT_REFERS_TO.match(shorter) or (besides.re is NAMED_LEFT_OUT and (
                _WHAT_REFERS_TO_IT.match(shorter) or WHICH_IT_REFERS_TO.match(shorter))):
            referred = as_documents_referred(nav, shorter)
            if referred != shorter:  # (of one document named: "What does RFC 2592 ...")
                # "besides RFC 2592" kept, the one :func:`held_by` leaves out
                return (referred if besides.re is _BESIDES else
                        f"{referred[:-1]} {besides.group('but')} {other}?")
    # "Which RFC does RFC 2592 refer to?", "Which other RFCs ...?", "Which document does it
    # build on?": as "Which documents ...?" (no question asking for documents, its text was
    # read, none of its references)
    m = WHICH_IT_REFERS_TO.match(asked)
    if (m and not _ASKING_DOCUMENTS.match(asked) and asks_its_kind(m)
            and REFERENCED_KIND.search(m.group("who"))
            and (named := _only_named(nav.graph, m.group("who")))
            and named not in citing_documents(nav.graph)):  # ("How many other RFCs ...?")
        many = "How many" if re.match(r"\W*how\s+many\b", asked, re.I) else "Which"
        return f"{many} documents does {each_numbered(m.group('who'))} {m.group('verb')}?"
    m = WHAT_IT_REFERS_TO.match(asked)
    if not (RELATED.search(asked) or m and _refers_by_links(nav.graph, m)):
        return asked  # "What does the futures API depend on?": of the API
    if m and _only_named(nav.graph, m.group("who")):
        return f"Which documents does {each_numbered(m.group('who'))} {m.group('verb')}?"
    m = _WHAT_IT_IS_RELATED_TO.match(asked)
    if m and len(titled_documents(nav.graph, m.group("who"))) == 1:
        return f"Which documents are related to {m.group('who')}?"
    m = _WHAT_REFERS_TO_IT.match(asked)
    if m and len(titled_documents(nav.graph, m.group("it"))) == 1:
        said, *rest = m.group("verb").split()
        verb = said[:-3] + "y" if said.lower().endswith("ies") else said[:-1]
        return f"Which documents {' '.join([verb, *rest])} {m.group('it')}?"
    m = _WHAT_THEY_SAY_OF_IT.match(asked)
    if m and len(titled_documents(nav.graph, m.group("it"))) == 1:
        return f"Which {m.group('they')} mention {m.group('it')}?"
    return asked


def _refers_by_links(graph: DocNavGraph, m: re.Match) -> bool:
    """Whether "What does the RFC process paper refer to?"
    (:data:`~docnav.query.referring.WHAT_IT_REFERS_TO`) names one RFC or PEP, by a name the
    router reads as no RFC ("paper refer to"), that cites no works: what it refers to are its
    links and numbers, as of "the RFC process RFC". Asked as "List the references of the RFC
    process paper" (:func:`docnav.query.referring.as_referring`), its text was searched for
    "What does the refer to?" ("refer" missing, confidence 0). So of "What does RFC 2592
    cite?" (or "reference"), which the router reads as no relation (a paper's works cited):
    its text was read, "cite" said missing, where "Which RFCs does RFC 2592 cite?" listed
    those it refers to."""
    verb, who = m.group("verb"), m.group("who")
    if not re.fullmatch(r"refer\s+to|cite|reference", verb, re.I) or not (
            REFERENCED_KIND.search(who)):
        return False
    named = _only_named(graph, who)
    return named is not None and named not in citing_documents(graph)


# words that go with a document's name and say no more of it
_NAMING = frozenset("the a an this that itself document proposal paper rfc pep text".split())


def _only_named(graph: DocNavGraph, who: str) -> str | None:
    """The path of the one document ``who`` names, where it says nothing but its name ("RFC
    2592", "the RFC process paper"), words naming a document ("the futures RFC proposal",
    "RFC 2592 itself") or its file's words ("RFC 2592 (futures)"); None where it says more:
    "What does the term structural pinning in the pin RFC proposal refer to?" asks what a
    term of the pin RFC means, and read as asking which documents the pin RFC refers to it
    was answered with none of its text (nor "What does Unpin in the pin RFC refer to?", nor
    "the futures RFC's Context type")."""
    named = said_alone(graph, who, _NAMING)
    return named[0][0] if named and len(named) == 1 else None


def needing_verb(asked: str, names: list[str]) -> frozenset[str]:
    """The search terms of the verb of "What does the futures RFC depend on ...?" (or "rely
    on", "build on"), where ``names`` (those choosing the document it is asked of) name
    what depends: no gap of that document's text, which may say what it needs in any words;
    none of any other question ("What does the borrow checker depend on?")."""
    m = _WHAT_IT_NEEDS.match(asked)
    if m and any(n.lower() in m.group("who").lower() for n in names):
        return frozenset(search_words(m.group("verb")))
    return frozenset()


@dataclass
class Held:
    """Which of the documents asked of hold what a question asking which documents asks."""
    every: list[str]  # the documents asked of, less one the question names
    into: dict[str, list[str]]  # those referring to the one it names: their nodes that do
    referring: set[str]  # of ``every``, those referring to it (or citing the work it names)
    refers_to: str | None  # the document named, referred to
    cites: str | None  # the work named, as said ("Devlin et al.")
    rare: list[str]  # the search terms telling the documents apart
    held: dict[str, int]  # how many of those each document holds (1: it refers)
    holders: dict[str, set[str]]  # each search term's documents (none when they refer)
    referred_by: str | None = None  # the document named, whose references lead to them
    related: bool = False  # those referring to the one named, and those it refers to
    besides: list[str] = field(default_factory=list)  # those left out ("... besides RFC 2592?")
    besides_referred: list[str] = field(default_factory=list)  # of those, the ones in ``into``
    # of ``referred_by``: the documents it names by number that are not indexed ("RFC 2046"),
    # none of those asked of (of one referring to others too: RFC 3668 names RFC 2229)
    unindexed: list[str] = field(default_factory=list)
    titled: bool = False  # of ``into``, one is an entry of works cited holding its title
    # the others named beside ``refers_to`` ("... cite RFC 2394 or RFC 2349?"), and whether
    # those counted refer to all of them ("and") rather than to any ("or"), those of
    # ``unindexed`` too ("... cite RFC 2394 and RFC 9999?": naming its number)
    refers_also: list[str] = field(default_factory=list)
    both: bool = False
    any_of: bool = False  # those holding any one counted ("Which ... mention Adobe or Amazon?")
    # of ``rare``, the names joined by "or" where another is not ("Adobe or Amazon" of "...
    # mention Adobe or Amazon in Europe?"): those counted hold one of them and each other
    either: frozenset[str] = frozenset()
    # of ``refers_to``, the words joined to it by "or", each as said: those holding them are
    # counted too ("... mention RFC 2394 or pinning?")
    or_holding: list[str] = field(default_factory=list)
    # whether those naming by number the ones named that are not indexed are counted too (of
    # "or": "... cite RFC 2394 or RFC 9999?")
    numbers_read: bool = False
    # of those asked of, the ones holding the words of ``or_holding``
    or_holders: list[str] = field(default_factory=list)

    @property
    def most(self) -> int:
        """The most any document holds."""
        return max(self.held.values(), default=0)

    @property
    def counted(self) -> list[str]:
        """Those holding that many, in path order: how many, or which ("Which RFCs mention
        async?" read the best two, and did not say the others)."""
        if self.either:  # ("Europe" was joined to them: "hold "Adobe" or "Amazon" or "Europe"")
            return sorted(p for p in self.every if any(p in self.holders[t] for t in self.either)
                          and all(p in self.holders[t] for t in self.rare if t not in self.either))
        most = self.most
        least = 1 if self.any_of else most
        return sorted(p for p in self.every if most and least <= self.held[p])

    @property
    def route(self) -> str | None:
        """"cross-reference" where the references between the documents and the one named
        chose them, else None (the router's): "Which RFCs mention the pin RFC?" was answered
        by the futures RFC's links to it and said "route: local", the router's route for
        "mention" (of a thing, "Which RFCs mention subteams?", words of the text). So of a
        router given as ``Navigator(router=...)`` too: the references chose the documents
        whatever route it gives, which reads only what comes after their referring
        paragraphs (the trace's ops say what)."""
        return "cross-reference" if self.refers_to or self.referred_by else None


def held_by(nav: Navigator, asked: str, rest: str, said: str | None, terms: list[str],
            doc: str | list[str] | None, besides: list[str] | None = None) -> Held:
    """The documents of ``doc`` holding what is asked: those referring to the document it
    names, or citing the work it names, where any does; else those holding as many of its
    rarer words as any does; never ``besides``, those it leaves out (:func:`left_out`)."""
    besides = besides or []
    every = nav.graph.document_paths(doc)  # of those asked of (``doc``: a glob or globs)
    # not a document the question names ("Which RFCs refer to RFC 2349?" read RFC 2349): none
    # is one of those that refer to it
    # ("RFCs 2394 and 2349", "RFC 2394 or 2349": each number said with its kind, as
    # :func:`each_numbered` reads them; 2349 was dropped, or both searched as words)
    asked, rest = each_numbered(asked), each_numbered(rest)
    named = {p for p, _ in titled_documents(nav.graph, asked)} - set(besides)
    referring_verb = bool(said and REFERRING.search(said))  # "refer to", "cite", "link to"
    if named and referring_verb and SAYS_NEITHER.search(asked):  # (its words were counted: "Which
        # RFCs cite neither RFC 2394 nor RFC 2349?" listed RFC 3668, which cites RFC 2394)
        either = re.sub(r"(?i)\bnor\b", "or", re.sub(r"(?i)\bneither\s+", "", asked))
        raise InputError(f"query {asked!r}: \"neither ... nor\" is not read (no document is "
                         f"listed as referring to none of them); `docnav ask {either!r}` lists "
                         f"those referring to either")
    if not named and referring_verb:  # "Which documents refer to the parts list?": a title
        # said whole, with no kind word ("the ... guide") to name it by
        whole = titled_exactly(nav.graph, rest)
        named = {whole} if whole else set()
    # (the one named where it alone is asked of: "Which RFCs refer to RFC 2349?" of its glob;
    # never one left out: "Which reports by Ada besides alpha-pumps.html ...?" of hers alone
    # listed alpha-pumps.html as holding "valves", "besides" it)
    every = [p for p in every if p not in besides]
    # "Which RFCs cite RFC 2394 or RFC 2349?": those referring to either (to both, of "and"),
    # read from their nodes that do (both numbers were searched as words); each named is
    # asked of too, of its references to the others (RFC 2394 and RFC 2592 cite each other)
    # (never of "neither ... nor", which was read as "and": left to their words)
    several = ([p for p, _ in titled_documents(nav.graph, rest) if p in named]
               if len(named) > 1 and referring_verb and not _RELATED.search(said or "")
               and not _REFERRED_BY.match(rest) and not SAYS_NEITHER.search(asked) else [])
    several = several if len(several) > 1 else []
    if not several:
        every = [p for p in every if p not in named] or every
    # "Which RFCs refer to RFC 1961?": those whose references lead into it (its number, a
    # link to it) where any does, rather than those holding "1961" (a year, a version)
    into = (nav.graph.references_into(next(iter(named)))
            if len(named) == 1 and referring_verb else {})
    by = next(iter(named)) if len(named) == 1 and _REFERRED_BY.match(rest) else None
    titled = {}
    if by:  # its nodes referring to each
        into = references_from(nav.graph, by)
    elif len(named) == 1 and referring_verb:  # and those whose works cited hold its title
        # ("Which papers cite trees.md?" was asked of those holding "trees.md": none)
        titled = _citing_title(nav.graph, next(iter(named)), every)
        into = {p: nav.graph.in_reading_order({*into.get(p, []), *titled.get(p, [])})
                for p in sorted({*into, *titled})}
    related = len(named) == 1 and referring_verb and bool(_RELATED.search(said or ""))
    if related and not by:  # and those it refers to, by its nodes
        for path, nodes in references_from(nav.graph, next(iter(named))).items():
            into[path] = list(dict.fromkeys([*into.get(path, []), *nodes]))
        into = dict(sorted(into.items()))
    both = bool(several) and not re.search(r"\bor\b", rest, re.I)
    if several:
        into, titled = referring_to_any(nav.graph, several, every, both)
    # "Which RFCs mention RFC 2394 or pinning?": those holding the words joined to the ones
    # named too ("pinning" was dropped: "none of the 26 documents ... refers to" RFC 2394)
    or_holding = (words_or_named(nav.graph, rest, asked) if named and referring_verb and not by
                  and not related else [])
    # (and those naming a number joined by "or" that no document is, by that number: "... cite
    # RFC 401 or RFC 447?" counted those holding "RFC" and "447" anywhere)
    numbers_too = (numbers_unindexed(nav.graph, rest) if named and referring_verb and not by
                   and not related and not both and re.search(r"\bor\b", rest, re.I) else [])
    for path in every if numbers_too else []:
        if set(numbers_too) & set(unindexed_named(nav.graph, path)):
            into[path] = into.get(path, [])
    # (those referring are kept, those left out among them, the holders of the words added: an
    # ``into`` rebuilt of those asked of said 2094-nll.md, left out, "makes no reference to"
    # RFC 2025, which it cites)
    or_holders = sorted(holding_any(nav.graph, or_holding, every)) if or_holding else []
    if or_holding:
        into = {p: into.get(p, []) for p in sorted({*into, *or_holders})}
    # "Which papers cite Devlin et al.?": those whose works cited hold a work of Devlin's,
    # read from the paragraphs citing it, rather than those holding "Devlin", "et", "al"
    work = _CITED_WORK.match(rest) if not named and referring_verb else None
    cites = re.sub(r"(?<!\bal)\.$", "", " ".join(work.group(0).split()).rstrip("?! ")
                   ) if work else None  # "Devlin et al." as said, without the question's "?"
    if work:
        into = citing(nav.graph, work.group("name"), work.group("year"), every)
    # "Which RFCs cite RFC 2394 and RFC 9999?": of those, the ones naming RFC 9999 too, by its
    # number (not indexed, no link leads there): all of those citing RFC 2394 were listed
    unindexed_too = (numbers_unindexed(nav.graph, rest) if named and referring_verb and not by
                     and not related and re.search(r"\band\b", rest, re.I)
                     and not re.search(r"\bor\b", rest, re.I) else [])
    if unindexed_too:
        into = {p: nodes for p, nodes in into.items()
                if set(unindexed_too) <= set(unindexed_named(nav.graph, p))}
    referring = set(into) & set(every)
    # "What is RFC 130 related to?", "Which RFCs depend on RFC 1068?", of an RFC no reference
    # leads to (or from): none, not those holding "130" (its number, said nowhere else)
    unreferred = ((len(named) == 1 or bool(several)) and referring_verb and not referring
                  and not by and bool(REFERENCED_KIND.search(asked)))
    # (not the one whose references lead to them: "Which RFCs does RFC 2592 refer to?" gave
    # RFC 2592 as both, --json's count "refers_to" and "referred_by")
    refers_to = ((several or list(named))[0] if (referring or unreferred) and named and not by
                 else None)
    if referring:
        holders, rare, held = {}, [], {p: int(p in referring) for p in every}
    else:
        holders = nav.graph.term_documents(terms)
        rare, held = rarer_held(holders, every)
    # (the one named, whose references lead nowhere: "What does RFC 2349 build on?" is
    # answered by none, not by the documents holding "build"; but of a paper, whose
    # references are its works cited, its words: "Which papers does the BERT paper build
    # on?" was answered "none", nothing read)
    by = by if referring or REFERENCED_KIND.search(asked) else None
    return Held(every, into, referring, refers_to, cites, rare, held, holders,
                by, related and (bool(referring) or unreferred), besides,
                [p for p in besides if p in into],
                unindexed_named(nav.graph, by) if by else  # (those named, beside it: "...
                numbers_unindexed(nav.graph, rest) if refers_to else [],  # or RFC 9999?")
                bool(set(titled) & referring), several[1:] if refers_to else [],
                both or bool(unindexed_too), or_holding=or_holding,
                numbers_read=bool(numbers_too), or_holders=or_holders)


def referring_to_any(graph: DocNavGraph, paths: list[str], every: list[str], both: bool
                      ) -> tuple[dict[str, list[str]], set[str]]:
    """Of the documents ``every``, those referring to any of the documents at ``paths`` (to
    all of them where ``both``), by a link, a number or a title in their works cited, each
    with its nodes that do, in reading order; and those whose works cited hold a title."""
    each, by_title = [], set()
    for path in paths:  # (a named one refers to the others, never to itself)
        into, titled = graph.references_into(path), _citing_title(graph, path, every)
        each.append({p: [*into.get(p, []), *titled.get(p, [])] for p in {*into, *titled}
                     if p != path})
        by_title |= set(titled) - {path}
    # (of "and", a named one refers to all the others)
    keep = ({p for p in set().union(*each)
             if all(p in e for e, path in zip(each, paths) if path != p)}
            if both else set().union(*each))
    return {p: graph.in_reading_order({n for e in each for n in e.get(p, [])})
            for p in sorted(keep)}, by_title & keep


def _citing_title(graph: DocNavGraph, path: str, every: list[str]) -> dict[str, list[str]]:
    """Of the documents ``every``, those whose works cited hold an entry holding the title of
    the document at ``path`` (:func:`docnav.query.referring.cited_by_title`), each with those
    entries: "Does sparse.md cite trees.md?" counted them, "Which papers cite trees.md?" not."""
    out = {}
    for source in sorted(set(every) & citing_documents(graph)):
        if cited := cited_by_title(graph, source, [path]).get(path):
            out[source] = cited
    return out


def referred_by_asked(rest: str) -> bool:
    """Whether ``rest`` (what a question asking for documents says after the word naming
    them) asks for those one document refers to: " does RFC 2592 refer to?", " are cited by
    the futures RFC?", " does RFC 2592 refer to besides RFC 2349?"."""
    left = NAMED_LEFT_OUT.match(rest)
    return bool(_REFERRED_BY.match(left.group("asked") if left else rest))


def left_out(graph: DocNavGraph, rest: str) -> tuple[str, dict[str, str]]:
    """(``rest`` without what it leaves out, the documents left out, each with the name the
    question gives it: "RFC 2592"; "2592" of "besides 2592") of "Which documents does
    RFC 2394 refer to besides RFC 2592?" (:func:`as_documents_referred`): those it refers
    to but RFC 2592, which is neither named as referring nor one of those counted; of
    "Which RFCs refer to RFC 2349 besides RFC 2592?", those referring to RFC 2349 but RFC
    2592 (both numbers were searched as words, and said missing); of "Which RFCs mention
    async besides RFC 2394?", those holding "async" but RFC 2394 (read as those referring
    to RFC 2394); of several ("besides RFC 2349 and RFC 2394"), each. One the question asks
    of is not left out ("What does RFC 2592 refer to besides RFC 2592?" is "What does RFC
    2592 refer to?"; it named no document asked about, and its "2592" was searched for);
    of "Which RFCs besides RFC 2394 mention async?" (:func:`left_out_within`), those holding
    "async" but RFC 2394 ("2394" was counted as a word they hold, and none but one did);
    "besides 2394" as "besides RFC 2394"; of "List the RFCs other than RFC 2592"
    (:func:`left_out_alone`), all but RFC 2592; ``(rest, {})`` of any other."""
    asked, other = _cued(rest)
    # "Which RFCs besides 2592 ...?": "2592" was counted as a word the documents hold
    named = _named_left_out(graph, other) if other else {}
    if not named:
        return rest, {}
    asked_about = {p for p, _ in titled_documents(graph, each_numbered(asked))}
    # (of several named, one is left out: "Which RFCs cite RFC 2394 or RFC 2592 besides
    # 2592?" listed RFC 2592, "besides" unsaid)
    asked_about = asked_about if len(asked_about) == 1 else set()
    bare = not re.search(r"\bdocument\b", other, re.I)  # ("document 2349" of "2349")
    return asked, {p: re.sub(r"(?i)^document\s+", "", name) if bare else name
                   for p, name in named.items() if p not in asked_about}


def _cued(rest: str) -> tuple[str, str]:
    """(``rest`` without what a cue leaves out, that; "" where none is) of
    :func:`left_out`."""
    # the name ends at the verb going on after it: "delta-chillers.md mention valves" was
    # left out of "by Grace besides delta-chillers.md mention valves?", "valves" unsearched
    within, alone = left_out_within(rest), left_out_alone(rest)
    left = None if within else NAMED_LEFT_OUT.match(rest)
    return (left.group("asked"), left.group("other")) if left else (
        within or (("", alone) if alone else (rest, "")))


def unnamed_left_out(graph: DocNavGraph, rest: str) -> list[str]:
    """Of the names a cue leaves out (:func:`left_out`), where one names a document, those
    naming none, as said: "pinning" of "... mention async besides the futures RFC and
    pinning?", which left out the futures RFC and said nothing of "pinning" (of "besides
    pinning" alone it is said to name none)."""
    other = _cued(rest)[1]
    parts = re.split(JOINED, each_numbered(other).strip())
    if len(parts) < 2:
        return []
    return [part for part in parts if part and not _named_left_out(graph, part)]


def _named_left_out(graph: DocNavGraph, other: str) -> dict[str, str]:
    """The documents ``other`` (what a cue leaves out) names, each with its name as said: by
    their numbers ("2349", "RFCs 2349 and 2394", :func:`each_numbered`), file names and
    titles, and, each of its names of two words without "the ... RFC" ("async closures",
    "unsafe pinned and async-closures"), by the words of one title or file name alone;
    "besides RFCs 2349 and 2394", "besides async closures" were said to name none; by a
    file's name without its extension ("cold-water-valves"; once of ordered questions only,
    and "Which reports mention valves besides cold-water-valves?" counted it). A word
    alone names the one document whose title or file name holds it (:func:`_word_named`)."""
    named = dict(titled_documents(graph, left_out_named(each_numbered(other))))
    if named:
        return named
    for name in re.split(JOINED, other.strip()):
        words = len(re.findall(r"[^\W_]+", name))
        # "besides cold-water-valves": a file's name without its extension names it
        if stem := [p for p in graph.document_paths()
                    if PurePath(p).stem.casefold() == name.casefold()]:
            named.update((p, name) for p in stem)
        elif words == 2 and not re.search(r"(?i)\b(?:the|this|that|a|an)\b|\d", name):
            named.update((p, name) for p, _ in titled_documents(graph, f"the {name} document"))
        elif words == 1:
            named.update((p, name) for p in _word_named(graph, name))
    return named


# words left out that point at documents rather than name one ("besides those")
_NOT_A_NAME = frozenset("the this that these those them it they a an all one ones".split())


def _word_named(graph: DocNavGraph, name: str) -> list[str]:
    """The one document whose title or file name holds the word ``name`` ("besides Pin":
    2349-pin.md, once said to name none, as "Which RFC is the longest besides chains?"
    answered RFC 2497 saying "chains" named none); none of a number (its numbers name it;
    not "10K", once said to name none) or of a word pointing at documents ("those"); held by
    several, an error naming them."""
    held = ([] if re.fullmatch(r"#?\d+", name) or name.casefold() in _NOT_A_NAME
            else word_titled(graph, name))
    if len(held) > 1:
        raise InputError(f"{name!r} is left out, and the titles or file names of {len(held)} "
                         f"documents hold it: {', '.join(PurePath(p).name for p in held)}; "
                         f"name one by its file's name (\"besides {PurePath(held[0]).name}\")")
    return held


def besides_of(held: Held, outside: Collection[str] = ()) -> dict:
    """What a count says of the documents a question leaves out ("... refer to besides RFC
    2592?"), where it does: those, and those of them the one asked of refers to (or that
    refer to the one named); not those ``outside`` the documents asked of, none of which
    a count leaves out."""
    besides = [p for p in held.besides if p not in outside]
    return {"besides": besides, "besides_referred": [
        p for p in held.besides_referred if p not in outside]} if besides else {}


def words_held(held: Held, words: dict[str, str]) -> int:
    """How many of the question's words (``words``: of each rare term) the documents counted
    hold, a term of each at least: a name searched by its parts too ("crates.io": "crate",
    "io") is one word, as a joined word is ("fy2022": "fy", "2022")."""
    if not held.counted:
        return 0
    path = held.counted[0]  # each holds as many terms (any one of them: all are said)
    return len({word for t, word in words.items()
                if held.any_of or held.either or path in held.holders[t]})


def best_documents(nav: Navigator, question: str, doc: str | list[str] | None, held: Held,
                   n: int) -> tuple[list[str], int | None]:
    """The ``n`` documents holding what is asked whose passages rank best (those referring
    that the search did not find after them), and the budget that would read one more
    (None: no more holds it, or ``documents`` are read already)."""
    paths: list[str] = []
    for nid in nav.passage_order(question, {"path": doc} if doc else None):
        path = nav.graph.node(nid).path
        if path not in paths and held.held.get(path) == held.most:
            paths.append(path)
            if len(paths) > n:
                break
    if held.referring and len(paths) <= n:  # those referring that the search did not find
        # (a link's words need not be the question's)
        paths += [p for p in sorted(held.referring) if p not in paths][: n + 1 - len(paths)]
    if not paths:  # no passage found at all ("Which RFCs mention zebras?", no word held and
        # none close in meaning): the first documents asked of, which say they lack it
        paths = [p for p in held.every if held.held[p] == held.most][: n + 1]
    # one more document holds the words, and the budget left it out: what would read it (none
    # when no document holds any: another found only close in meaning is no better)
    more = ((n + 1) * nav.options.document_tokens
            if len(paths) > n and n < nav.options.documents and held.most else None)
    return paths[:n], more


def citing(graph: DocNavGraph, name: str, year: str | None,
           paths: list[str]) -> dict[str, list[str]]:
    """Of the documents ``paths``, those whose works cited hold an entry whose first author
    is ``name`` (as :func:`docnav.refs.citations` knows it: "Jacob Devlin, ...", "Devlin,
    J.; ..."; of ``year`` when given: the entry's), each with the paragraphs
    citing such an entry (the entries where none does), in reading order. A word of a title
    is none ("Ann Lee. 2019. A reply to Devlin ..."), nor an acronym ("Which papers mention
    LSTM?")."""
    inside = set(paths)
    out: dict[str, set[str]] = {}
    for nid in works_cited(graph):
        entry = graph.node(nid)
        author, dated = first_author(entry.text)
        if entry.path not in inside or author != name or (
                year and (dated is None or dated[:4] != year)):
            continue
        by = [n for n in graph.navigate(nid, "referenced-by")
              if graph.node(n).path == entry.path]
        out.setdefault(entry.path, set()).update(by or [nid])
    return {p: sorted(ids, key=lambda n: graph.node(n).position)
            for p, ids in sorted(out.items())}


def rarer_held(holders: dict[str, set[str]], every: list[str]
               ) -> tuple[list[str], dict[str, int]]:
    """Of the search terms (``holders``: each one's documents, ``term_documents``), those that
    tell the documents ``every`` apart, held by at most half of them ("use" is not; all the
    terms when none is so rare), and how many of those each holds."""
    rare = [t for t, docs in holders.items()
            if len(docs & set(every)) <= len(every) / 2] or list(holders)
    return rare, {p: sum(p in holders[t] for t in rare) for p in every}


__all__ = ["REFERRING", "SAYS_NEITHER", "Held", "as_documents_referred", "best_documents",
           "besides_of", "citing", "held_by", "left_out", "needing_verb", "rarer_held",
           "referred_by_asked", "referring_to_any", "unnamed_left_out", "words_held"]
