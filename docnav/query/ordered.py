"""A question asking for the first or last documents by their own dates ("What is the newest
RFC?", "Which RFC was started first?") or for the longest or shortest by their words ("Which
RFC is the longest?", "What is the shortest paper?") is asked of them: of the documents asked
of, one or, asked for several ("the newest RFCs"), as many as the budget gives
``document_tokens`` each; each summed up, or asked what else the question asks ("What was the
first paper to use BERT?": of those holding as many of its rarer words as any does, asked
"What was the paper to use BERT?"). "What is the newest RFC?" said no document was titled
"newest RFC", and "Which RFC is the longest?" searched for "longest" (of 27 RFCs it read the
RFC process, 782 words, beside 2497-if-let-chains.md's 10,421). A year after them, or before
the verb, is their own date ("the longest RFC from 2018", "Which RFC from 2018 is the
longest?"), what the question leaves out is not ordered ("...,
besides RFC 2497?"), and only what they are said to be about restricts them."""

from __future__ import annotations

import glob
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from docnav.errors import InputError
from docnav.query.comparative import compared, compared_named
from docnav.query.dated import YEAR, dated_in
from docnav.query.answer import said_once
from docnav.query.evidence import LEAVING_OUT, EvidenceState
from docnav.query.fields import DATE_SOURCES, DATING, arxiv_date, date_span, own_date
from docnav.query.holding import REFERRING, rarer_held, referring_to_any
from docnav.query.in_turn import as_written, in_turn
from docnav.query.lexical import search_words
from docnav.query.neither import SAYS_NEITHER, neither_unread
from docnav.query.ordered_left_out import LEFT_UNNAMED, left_of
from docnav.query.names import NAMING_WORDS, said_alone, untitled_names
from docnav.query.parts import length_of
from docnav.query.referring import each_numbered, references_from
from docnav.query.which import ABOUT, DATED, KINDS_SAID, OF_YEAR, left_unnamed
from docnav.query.with_part import PartHad, part_had

if TYPE_CHECKING:
    from docnav.query.graph import DocNavGraph
    from docnav.query.evidence import Answer
    from docnav.query.navigator import Navigator

# "after 2018", "before 2018", "since 2020": their own dates' bound, as "from 2018" is
_BOUND = re.compile(r"\s+(after|before|since)\s+((?:19|20)\d\d)\b", re.I)
# what may follow the word ordering them said last ("Which RFC is the longest?"): nothing,
# "one", what they are about ("... about traits", "... on traits", "... that mention async"),
# "of ...", their year ("from 2018", "after 2018"), what it leaves out ("besides RFC 2497"), a
# comma, the kind again ("the longest RFC"), "and what/who/which/how ..." (asked of them); of a
# date "to ..." too ("Which paper was the first to use BERT?"). Not a noun: "Which RFC is the
# biggest change to the language?" asked of length, "the first change to the borrow checker"
# of dates. Nor "in line" ("Which of the RFCs is first in line for stabilisation?" read the
# earliest of those holding "line": it asks of a text).
GOES_ON = (rf"(?=\W*$|\s+ones?\b|\s+{KINDS_SAID}\b|\s*,|\s+(?:of|from|in(?!\s+line\b))\b|"
           rf"{ABOUT.pattern}|\s+and\s+(?:what|who|which|how)\b|"
           rf"\s+(?:after|before|since)\s+(?:19|20)\d\d\b|"
           rf"\s+(?:{LEAVING_OUT.pattern}|excluding\b|but\s+not\b))")
# a year said of the documents: "from 2018", "published after 2018"
_YEAR_SAID = rf"(?:{DATING}\s+)?(?:from|of|in|dated|after|before|since)\s+{YEAR}"
# "Which RFC from 2018 is the longest?", "Which RFC published after 2018 was the first?":
# their year, before the verb (it was no question of order)
_YEAR_BEFORE = rf"(?P<year>(?:(?:that|which)\s+(?:were|was|are|is)\s+)?{_YEAR_SAID},?\s+)?"
# "Which RFC besides 2497 is the longest?": what it leaves out, before the word ordering them
# (and their year after it: "Which RFC besides 2497 from 2018 is the longest?" left out "2497
# from 2018", an error)
_LEFT_BEFORE = (r"(?:(?P<left>(?:besides|excluding|except(?:\s+for)?|other\s+than|but\s+not|"
                r"(?:apart|aside)\s+from)\s+[^?]*?)"
                rf"(?P<year_after>,?\s+{_YEAR_SAID})?,?\s+(?=(?:is|was|are|were)\s))?")


# the kind of the documents ordered by length, or "files" ("Which of the files is the
# longest?" was no question of order, where "... of the documents ..." was: review R1); not
# by date ("What is the last file to be loaded?" is of a text)
_KIND = rf"(?:{KINDS_SAID}|files?)"


# "Which of the RFCs is the shortest?", "Which one of all the papers was the first?": the kind
# said after "of" before the verb, as "Which RFC is ...?" says it before (it was a search for
# "shortest"); "the", "these", "those" or "all" before it ("Which of RFC 2394 and RFC 2349 is
# longer?" names two: docnav.query.comparative); "of them" with no documents said before
# (of a question alone: all asked of, said so; it was a search for "longest")
def _of_kind(kind: str) -> str:
    """The kind (``kind``, a pattern) said after "of" before the verb."""
    return (rf"(?:one\s+)?of\s+(?:(?:all\s+(?:of\s+)?(?:the\s+|(?P<them_all>these|those)\s+)?|"
            rf"the\s+|(?P<them_kind>these|those)\s+)(?P<kind_of>{kind})|"
            rf"(?P<them>them|these|those)),?\s+")


def _of_them(ordering: str, by: str, kind: str) -> str:
    """No kind said before the verb, the documents after "of" ("Which is the longest of those
    that were published in 2018?", "Which is the longest of the RFCs?": once no question of
    order, where "Which RFC is the longest of those ...?" was); their kind, of_kind. Not "of
    those changes" ("What was the first of those changes?": of a document's text), nor of the
    kind's noun or possessive ("the first of the RFCs' drawbacks", "the last of the documents
    listed in RFC 0002": once the earliest of them all, where the best match was read)."""
    return (rf"(?=(?:(?:is|was|are|were)\s+)?(?:the\s+)?{ordering}\s+of\s+(?:(?:those|"
            rf"the\s+ones)(?={_THOSE_GO_ON})|the\s+(?P<of_kind>{kind})(?={_THOSE_GO_ON}|"
            rf",?\s+by\s+(?:{by})\W*$)))")


# what may follow "of those" said of documents: nothing, what restricts them, "in" a year (of
# the kind named, the order's own measure too: "Which is the first of the RFCs, by date?", not
# "..., by length?"). Not a comma else, nor "in", "on" or "by": "the first of those in RFC
# 2394", "... on the roadmap", "... by date", "..., and why?" are of a text (the earliest of
# them all was read)
_THOSE_GO_ON = (rf"\W*$|\s+in\s+{YEAR}|\s+(?:that|which|who|from|of|after|before|since|about|"
                r"with|besides|excluding|except|but|other|apart|aside|published|dated|started|"
                r"written|\w+ing)\b")


# "What is the newest RFC?", "Which RFC was started first?", "Which RFC is the oldest?", "What
# was the first paper to use BERT?", "Which RFC came first?" (was a search for "came"): the
# documents first or last by their own dates
DATE_ORDERING = r"(?:newest|latest|most\s+recent|oldest|earliest|first|last)"
# "came first" followed by nothing but a year, those asked of ("... came first in 2018?",
# "... of all?") or what it leaves out (", besides RFC 2349?": it read the RFC left out):
# "... came first to mention pinning?" asks of a text (it read the earliest holding "pinning")
_CAME_ENDS = (rf"(?(came)(?=\W*$|\s+(?:in|from|of|during|since|after|before)\s+{YEAR}\W*$|"
              rf"\s+(?:of|among)\s+(?:them|those|these|all|the\s+\w+)(?:\s+(?:from|in)\s+"
              rf"{YEAR})?\W*$|(?:\s+(?:in|from)\s+{YEAR})?,?\s+(?:{LEAVING_OUT.pattern}|"
              r"excluding\b|except\b)))")
BY_DATE = re.compile(
    rf"^\W*(?:which|what(?:['’]s)?)\s+(?:(?:is|was|are|were)\s+)?(?:the\s+)?(?:"
    rf"(?P<adj>{DATE_ORDERING})\s+(?P<kind>{KINDS_SAID})\b|"
    rf"(?:(?:(?P<kind2>{KINDS_SAID}),?\s+|{_of_kind(KINDS_SAID)}){_YEAR_BEFORE}{_LEFT_BEFORE}|"
    rf"{_of_them(DATE_ORDERING, 'date', KINDS_SAID)})"
    rf"(?:(?:is|was|are|were)\s+|(?P<came>came\s+))?(?:{DATING}\s+)?(?:the\s+)?(?P<adv>first|"
    rf"earliest|last|latest|most\s+recently|oldest|newest|most\s+recent)\b{_CAME_ENDS}"
    rf"{GOES_ON[:-1]}|\s+to\b))",
    re.I)
_EARLIEST = ("oldest", "earliest", "first")
# "Which RFC is the longest?", "What is the shortest paper?", "Which are the longest RFCs?"
LENGTH_ORDERING = r"(?:longest|shortest|biggest|largest|smallest)"
# the words ordering documents, by date or length (:mod:`docnav.query.formats`: "the newest PDF")
ORDERING = rf"(?:{DATE_ORDERING}|{LENGTH_ORDERING})"
BY_LENGTH = re.compile(
    rf"^\W*(?:which|what(?:['’]s)?)\s+(?:(?:is|was|are|were)\s+)?(?:the\s+)?(?:"
    rf"(?P<adj>{LENGTH_ORDERING})\s+(?P<kind>{_KIND})\b|"
    rf"(?:(?:(?P<kind2>{_KIND}),?\s+|{_of_kind(_KIND)}){_YEAR_BEFORE}{_LEFT_BEFORE}|"
    rf"{_of_them(LENGTH_ORDERING, 'length|size', _KIND)})"
    rf"(?:(?:is|was|are|were)\s+)?(?:the\s+)?(?P<adv>{LENGTH_ORDERING})\b{GOES_ON})", re.I)
_SHORTEST = ("shortest", "smallest")
# what restricts the documents to order, said after them without "about" or a verb of
# holding: "What was the first paper to use BERT?", "... that uses BERT", "... using BERT"
_HOLDING = re.compile(r"\s+(?:to|that|which|who|using|with)\b", re.I)
# "of those mentioning pinning", "of those that cite RFC 2394": what follows restricts them
_OF_THOSE = re.compile(r"\s+of\s+(?:those|the\s+ones)(?=\s)", re.I)
# "of those that RFC 2592 cites": what one document refers to
_CITED_BY = re.compile(r"\s*(?:that|which)\s+(?P<named>\S[^?]*?)\s+(?:cites|refers\s+to|"
                       r"references|mentions|links\s+to|builds\s+(?:up)?on|depends\s+on|"
                       r"relies\s+on)\W*$", re.I)
# "of the async ones": the words before "ones" restrict them
_OF_ONES = re.compile(r"\s+of\s+(?:the\s+)?(?P<held>[^?,]+?)\s+ones?\b", re.I)
# anything else after "of" or "in" but a year ("in the language team"): its words restrict them
_OF_ELSE = re.compile(r"\s+(?:of|in)\s", re.I)
# the words after it that say which documents, or what they are measured by, not what they
# hold: "of all", "of them", "in the store", "in this collection", "in length", "in words"
_NOT_HELD = frozenset(search_words(
    "all them these those lot ones store collection repository corpus index length size words "
    "terms total pages tokens"))
# their year at the end, after what it leaves out ("..., besides 2497, after 2018?")
_YEAR_LAST = re.compile(rf",?\s+{_YEAR_SAID}\W*$", re.I)
# what it leaves out that points at the documents of a year said after it: "besides those
# (from 2018)", "except the ones", "other than the RFCs"
_POINTING = re.compile(rf"^\W*(?:{LEAVING_OUT.pattern}|excluding\b|but\s+not\b|except\b|"
                       rf"other\s+than\b|(?:apart|aside)\s+from\b)\s*(?:for\s+)?(?:those|"
                       rf"the\s+ones|the\s+{KINDS_SAID})\W*$", re.I)
# the documents of a year said last of what it leaves out, beside one named: "besides RFC
# 1068 and those (from 2018)"
_AND_POINTING = re.compile(rf",?\s+and\s+(?:those|the\s+ones|the\s+{KINDS_SAID})\W*$", re.I)
# ... or first: "besides those from 2018 and RFC 1068" ("those from 2018" named no document)
_POINTING_FIRST = re.compile(
    rf"^(?P<lead>\W*(?:{LEAVING_OUT.pattern}|excluding\b|but\s+not\b|except\b|other\s+than\b|"
    rf"(?:apart|aside)\s+from\b)\s*(?:for\s+)?)(?:those|the\s+ones|the\s+{KINDS_SAID})"
    rf"(?P<year>\s+{_YEAR_SAID})"
    rf"(?:,?\s+and\b|,)\s*(?P<rest>\S.*)$", re.I)
# the words naming one document besides its name (names.NAMING_WORDS), and between the names
# of several ("RFC 2394 or RFC 2349"), but not beside one: "the futures RFC or futures" names
# RFC 2592 and a word, not RFC 2592 alone
_JOINING = NAMING_WORDS | {"or", "and"}
# what else it asks of them: "Which RFCs are the shortest, and what do they propose?"
_AND_ASKS = re.compile(r"\s*,?\s*(?:and\s+)?(?P<asks>(?:what|which|who|how|when|where|why|"
                       r"does|do|is|are)\b.*)", re.I)


@dataclass
class _Ordered:
    """What a question matched by :data:`BY_DATE` or :data:`BY_LENGTH` asks: the word
    ordering the documents ("newest", "most recently"), the kind named ("RFC"), what else it
    asks of them, the documents to order (of those asked of, the ones of the year it names,
    less those it leaves out, holding as many of the rarer words of what it says they are
    about as any does, which ``words`` are) and how many are read."""
    said: str
    kind: str
    question: str  # "Summarise", or the question without the ordering word
    every: list[str]
    words: list[str]
    n: int
    holding_words: bool  # restricted to those holding the words it says they are about
    dated: str | None  # "in 2018" ("Which is the longest RFC from 2018?")
    besides: list[str]  # the documents it leaves out ("besides RFC 2497"), not ordered
    unnamed: list[str]  # what it leaves out that names no document ("besides Pin")
    referring_to: str | None  # the document they refer to, as named ("RFC 2394")
    first: dict[str, list[str]]  # of each, its nodes referring to it, read first
    # the year whose documents ``besides`` are ("in 2018" of "besides those from 2018"): said
    # as that group, not each (19 RFCs were named one by one)
    besides_year: str | None = None
    besides_dated: list[str] = field(default_factory=list)  # those of that year
    cited_by: str | None = None  # the document referring to them, as named ("RFC 2592")
    part: str | None = None  # the heading of a section each has ("Drawbacks")
    part_lacking: bool = False  # each lacks it instead ("without a Drawbacks section")
    held_by_none: bool = False  # none of those asked of holds ``words`` (each is ordered)


def _ordered(nav: Navigator, asked: str, budget: int, m: re.Match,
             doc: str | list[str] | None) -> _Ordered:
    """:class:`_Ordered` of a question's match ``m``, of the documents ``doc`` chooses. Only
    what it says they are about ("about traits", "that mention async", "to use BERT")
    restricts them: "Which RFC is the shortest one?" was of those holding "one", "Which RFCs
    are the shortest, and what do they propose?" of those holding "they" and "propose"
    (asked of them now), "Which is the longest RFC from 2018?" of those holding "2018"."""
    if SAYS_NEITHER.search(asked):  # "... of those that cite neither RFC 2394 nor RFC 2349?"
        raise neither_unread(asked)  # (ordered those holding "neither", "2394", "nor", "2349")
    end = "adj" if m.group("adj") else "adv"
    said = " ".join(m.group(end).lower().split())
    kind = m.group("kind") or m.group("kind2")
    # "Which is the longest of the RFCs?": one (of "are", several) of that kind, said after
    # "of", or of any kind ("of those from 2018")
    several = kind.lower().endswith("s") if kind else bool(
        re.search(r"(?i)\b(?:are|were)\s+(?:the\s+)?$", asked[:m.start(end)]))
    kind = kind or m.group("of_kind") or m.group("kind_of") or (
        "documents" if several else "document")
    of_kind = re.match(r"(?i)\s+of\s+the\s+\w+", asked[m.end():]) if m.group("of_kind") else None
    # "the shortest one", "the longest RFC": no word held
    one = re.match(rf"\s+(?:ones?|{_KIND})\b", asked[m.end():], re.I)
    rest = asked[m.end() + (one.end() if one else of_kind.end() if of_kind else 0):]
    # "of those with a Drawbacks section": those with a section so headed (those holding
    # "Drawbacks" and "section" were ordered); what follows is read as if said alone ("...
    # from 2018", ", besides RFC 2094", " about async": once dropped, those holding "2018")
    if part := _part_had(nav, rest):
        rest = part.rest
    # "from 2018", "were started in 2018", "after 2018"; or before the verb ("Which RFC from
    # 2018 is the longest?")
    dated, _ = _dated(f" {m.group('year') or m.group('year_after') or ''}")
    if not dated:
        dated, at = _dated(rest)
        if not dated and (those := _OF_THOSE.match(rest)):  # "of those from 2018", "of those
            dated, at = _dated(rest[those.end():])  # that were published in 2018" (ordered
            at += those.end() if dated else 0  # those holding "2018" or "published")
        rest = rest[at:]
    # "..., besides 2497, after 2018?": their year after what it leaves out ends its name
    last = _YEAR_LAST.search(rest) if not dated and LEFT_UNNAMED.match(rest) else None
    if last and (dated := _dated(rest[last.start():])[0]):
        rest = rest[:last.start()]
    left_before = m.group("left") or ""  # "Which RFC besides 2497 is the longest?"
    # "besides those from 2018" (before the verb or last): the documents of that year are
    # left out, not ordered ("those" named no document, of those of 2018: an error)
    # ("besides RFC 1068 and those from 2018": RFC 1068 left out, of those of 2018, reversed)
    pointing = left_before if m.group("year_after") else rest if last else ""
    pointed = _POINTING.match(pointing) or _AND_POINTING.search(pointing)
    year_left = None
    if pointed and dated:
        year_left, dated = dated, None
        kept = pointing[:pointed.start()] if pointed.re is _AND_POINTING else ""
        left_before, rest = (kept, rest) if m.group("year_after") else (left_before, kept)
    elif not dated and (first := _POINTING_FIRST.match(left_before)
                        or _POINTING_FIRST.match(rest)):  # "besides those from 2018 and ..."
        year_left = _dated(first["year"])[0]
        kept = first["lead"] + first["rest"]
        left_before, rest = (kept, rest) if m.group("left") else (left_before, kept)
    # (its name ends at the verb: "besides if let chains is the longest about async" left
    # out "if let chains about async", which named none, an error)
    left, unnamed = left_of(nav, f" {left_before}", asked)[1:] if left_before else ({}, [])
    rest, after, none = left_of(nav, rest, asked)
    left, unnamed = {**left, **after}, unnamed + none
    every = nav.graph.document_paths(doc)
    if year_left:
        left.update((p, "%s %d" % year_left) for p in dated_in(nav, doc, *year_left))
    if dated:  # of those so dated, by their own dates (as "Which RFCs from 2018 ...?")
        every = dated_in(nav, doc, *dated)
        if not every:
            raise InputError(f"query {asked!r}: no document asked of is dated {dated[0]} "
                             f"{dated[1]} (a document's date is its own: {DATE_SOURCES}; "
                             f"`docnav show DOC` prints its fields)")
    every = [p for p in every if p not in left]
    # "of those that RFC 2592 cites": those it refers to (ordered by holding "2592", "cites")
    if cited := _cited_by(nav, rest):
        every = [p for p in every if p in cited[0]]
        if not every:
            raise InputError(f"query {asked!r}: no document asked of is one {cited[1]} refers "
                             f"to (a link to it or its number); `docnav ask \"Which documents "
                             f"does {cited[1]} refer to?\"` lists those it does")
    # "of those that cite RFC 2394": those whose references lead into it (RFC 2394 was asked)
    into, referred = _referring(nav, rest, asked) if not cited else ({}, None)
    if referred:
        every = [p for p in every if p in into]
        if not every:
            raise InputError(f"query {asked!r}: no document asked of refers to {referred} (a "
                             f"link to it or its number); `docnav ask \"Which documents refer "
                             f"to {referred}?\"` lists those that do")
    if part:  # (a heading some document indexed has: "with many sections" was an error)
        every = [p for p in every if p in part.documents]
        if not every:  # (the other question suggested: "Which documents lack ...?" of none)
            a = "an" if part.heading[:1].lower() in "aeiou" else "a"
            raise InputError(f"query {asked!r}: {'every' if part.lacking else 'no'} document "
                             f"asked of has a section headed {part.heading!r}; `docnav ask "
                             f"\"Which documents {'lack' if part.lacking else 'have'} {a} "
                             f"{part.heading} section?\"` counts those that "
                             f"{'lack one' if part.lacking else 'do'}")
    held = None if referred or cited else _held(rest)
    # "the first RFC's feature name", ", and what do they propose": asked of it, not which
    owned = re.match(r"['’]s\b", rest)
    asks = None if held is not None or owned else _AND_ASKS.match(rest)
    held = held or ""
    state = EvidenceState(held, budget, remainder=True)
    terms = state.terms if re.search(r"\w\w", held) else []
    words, held_by_none = [], False
    if terms:  # "... the first paper to use BERT": of those that say BERT
        rare, holding = rarer_held(nav.graph.term_documents(terms), every)
        every = [p for p in every if holding[p] == max(holding.values(), default=0)]
        held_by_none = not any(holding.values())  # (all kept: said so, not that they hold)
        words = list(dict.fromkeys(as_written(held, state.words.get(t, t)) for t in rare))
    n = (max(1, min(nav.options.documents, budget // nav.options.document_tokens))
         if several else 1)  # "the newest RFCs": as many as fit
    # what else is asked, of those documents: the question without the word ordering them
    # ("Which RFC is the of those mentioning pinning?" was asked): "Which RFC is mentioning
    # pinning?", "Which RFC is about async?", "Which RFC mentions async?" (of "that mentions
    # async"), "Which paper was the one to use BERT?"
    if those := _OF_THOSE.match(rest):
        rest = rest[those.end():]
    before = asked[:m.start(end)]
    the = end == "adv" and not one and re.search(r"(?i)\bthe\s+$", before)
    to = bool(re.match(r"\s+to\b", rest))
    if the and not to:
        before = before[:the.start()]
        if that := re.match(r"(?i)\s+(?:that|which|who)\b", rest):
            before, rest = re.sub(r"(?i)\b(?:is|was|are|were)\s+$", "", before), rest[that.end():]
    head = before + (" one " if the and to else " ") + asked[m.end(end):m.end()]
    for before in (m.group("year"), m.group("left"), m.group("year_after")):  # (said)
        if before:
            head = head.replace(before, " ", 1)
    question = ("Summarise" if not (terms or owned or asks) else
                asks.group("asks")[:1].upper() + asks.group("asks")[1:] if asks else
                " ".join((head + (one.group() if one else "") + rest).split()))
    return _Ordered(said, kind, question, every, words, n, bool(terms),
                    "%s %d" % dated if dated else None, list(left), unnamed, referred,
                    {p: into[p] for p in every} if referred else {},
                    "%s %d" % year_left if year_left else None,
                    [p for p, why in left.items() if year_left and why == "%s %d" % year_left],
                    cited[1] if cited else None, part.heading if part else None,
                    bool(part and part.lacking), held_by_none)


def _referring(nav: Navigator, rest: str, asked: str
               ) -> tuple[dict[str, list[str]], str | None]:
    """(the documents whose references lead into the one document ``rest`` says they refer
    to, each with its nodes that do; its name as said) of "of those that cite RFC 2394", "that
    refer to the pin RFC", "mentioning RFC 2349"; into any of several ("that cite RFC 2394 or
    RFC 2349"; all of them, of "and"); ({}, None) of any other ``rest``. A name no
    title holds ("that cite RFC 9999") is an error: all were ordered by holding "9999"."""
    those = _OF_THOSE.match(rest)
    rest = rest[those.end():] if those else rest
    about = ABOUT.match(rest)
    referring = bool(about and REFERRING.search(about.group()))
    named = _named(nav, each_numbered(rest[about.end():])) if referring else None
    unknown = (untitled_names(nav.graph, rest[about.end():], nav.graph.document_paths())
               if referring and not named else [])
    if unknown:
        raise InputError(f"query {asked!r}: no document indexed is "
                         f"{_as_said(unknown[0], rest)}, so none asked of refers to it "
                         f"(`docnav show` lists the documents)")
    if not named:
        return {}, None
    if len(named) > 1:  # "of those that cite RFC 2394 or RFC 2349": to any of them (to all,
        # of "and"), as "Which RFCs cite RFC 2394 or RFC 2349?" reads them (ordered by their
        # words "2394" and "2349")
        names = rest[about.end():]
        both = not re.search(r"\bor\b", names, re.I)
        into = referring_to_any(nav.graph, [p for p, _ in named], nav.graph.document_paths(),
                                both)[0]
        return into, " ".join(names.split()).rstrip("?!.")
    return nav.graph.references_into(named[0][0]), _as_said(named[0][1], rest)


def _cited_by(nav: Navigator, rest: str) -> tuple[list[str], str] | None:
    """(the documents the one document ``rest`` names refers to, its name as said) of "of
    those that RFC 2592 cites", "which the futures RFC refers to"; None of any other."""
    those = _OF_THOSE.match(rest)
    by = _CITED_BY.match(rest[those.end():]) if those else None
    named = _named(nav, each_numbered(by["named"])) if by else None
    if not named or len(named) > 1:
        return None
    return list(references_from(nav.graph, named[0][0])), _as_said(named[0][1], by["named"])


def _part_had(nav: Navigator, rest: str) -> PartHad | None:
    """:class:`~.with_part.PartHad` of "of those with a Drawbacks section", "without a
    Drawbacks section", "that have a section on drawbacks, besides RFC 2094"
    (:func:`~.with_part.part_had`) where what follows may follow the word ordering them
    (:data:`GOES_ON`); None of any other ("with many sections": their words restrict them)."""
    those = _OF_THOSE.match(rest)
    return part_had(nav.graph, rest[those.end() if those else 0:], GOES_ON)


def _named(nav: Navigator, said: str) -> list[tuple[str, str]] | None:
    """The documents ``said`` names alone (:func:`said_alone`): one, or several joined by "or"
    or "and" (a word joined to one is no name of it)."""
    several = said_alone(nav.graph, said, _JOINING)
    return several if several and len(several) > 1 else said_alone(nav.graph, said, NAMING_WORDS)


def _as_said(name: str, said: str) -> str:
    """A document's ``name`` as ``said`` gives it, "the" too ("the pin RFC" was said "pin
    RFC")."""
    written = re.search(rf"(?i)(?:\bthe\s+)?{re.escape(name)}", said)
    return written.group() if written else name


def _dated(said: str) -> tuple[tuple[str, int] | None, int]:
    """(their dates' relation and year, "in" 2018, where ``said`` opens with them: "from
    2018", "were started in 2018", "after 2018", ", after 2018"; how much of ``said`` that
    is)."""
    opened = re.match(r"\s*,(?=\s)", said)  # ", after 2018" (the year was dropped unsaid)
    at = opened.end() if opened else 0
    year = DATED.match(said, at) or _BOUND.match(said, at) or OF_YEAR.match(said, at)
    if year is None:
        return None, 0
    return ("in", int(year.group(1))) if year.re is OF_YEAR else (
        year.group(1).lower(), int(year.group(2))), year.end()


def _held(rest: str) -> str | None:
    """What restricts the documents to order, of what follows the word ordering them (less
    their year and what it leaves out): what they are said to be about ("about pinning",
    "of those mentioning pinning", "that use BERT", "of the async ones"), else the words after
    "of" or "in" where they say more than which documents or what they are measured by ("in
    the store", "of all", "in length", "in words": a review found them read as words the
    documents must hold); None where it says nothing of what they hold."""
    those = _OF_THOSE.match(rest)
    rest = rest[those.end():] if those else rest
    if about := ABOUT.match(rest):
        return rest[about.end():]
    if _HOLDING.match(rest):
        return rest
    if ones := _OF_ONES.match(rest):
        return ones.group("held")
    if those:
        return rest
    other = _OF_ELSE.match(rest)
    if other is None or not set(search_words(rest[other.end():])) - _NOT_HELD:
        return None
    return rest[other.end():]


def by_date(nav: Navigator, asked: str, budget: int, m: re.Match,
            doc: str | list[str] | None = None) -> Answer:
    """The answer to a question :data:`BY_DATE` matched (``m``): the earliest or latest of
    the documents asked of (``doc``) by their own dates; none dated is an error saying where
    a date comes from."""
    o = _ordered(nav, asked, budget, m, doc)
    earliest = o.said in _EARLIEST
    dates = {p: d for p in o.every if (d := own_date(p, nav.graph.fields(p)))}
    if not dates:
        holding = " holding its words" if o.holding_words else ""
        # ("Which RFC was started most recently?": the most recent RFC)
        which = "most recent" if o.said == "most recently" else o.said
        raise InputError(f"query {asked!r} asks for the {which} {o.kind} by their dates, and "
                         f"none of the {len(o.every)} documents asked of{holding} has a date "
                         f"of its own ({DATE_SOURCES}; `docnav show DOC` prints its fields)")
    paths = sorted(dates, key=lambda p: (date_span(dates[p])[0], p),
                   reverse=not earliest)[:o.n]
    return _said_unnamed(o, in_turn(nav, asked, budget, {
        "op": "documents", "documents": paths, "left_out": o.kind, "about": None,
        "dated": o.dated, "besides": o.besides, "besides_year": o.besides_year,
        "besides_dated": o.besides_dated,
        "order": "earliest" if earliest else "latest",
        "them": not m["year"] and (m["them"] or m["them_kind"] or m["them_all"]),
        "dates": [dates[p] for p in paths], "dated_of": len(dates),
        "undated": len(o.every) - len(dates), "holding": o.words,
        "held_by_none": o.held_by_none,
        "by_arxiv": [p for p in paths if arxiv_date(p, nav.graph.fields(p))],
        "question": o.question, "more_with": None, "referring_to": o.referring_to,
        "cited_by": o.cited_by, "part": o.part, "part_lacking": o.part_lacking},
        [(p, o.question, glob.escape(p)) for p in paths], o.first))


def by_length(nav: Navigator, asked: str, budget: int, m: re.Match,
              doc: str | list[str] | None = None) -> Answer:
    """The answer to a question :data:`BY_LENGTH` matched (``m``): the longest or shortest of
    the documents asked of (``doc``) by the words of their paragraphs, as "How long is it?"
    counts them (:func:`docnav.query.parts.length_of`)."""
    o = _ordered(nav, asked, budget, m, doc)
    shortest = o.said in _SHORTEST
    lengths = {p: length_of(nav.graph, p)[0] for p in o.every}
    paths = sorted(lengths, key=lambda p: (lengths[p] if shortest else -lengths[p], p))[:o.n]
    return _said_unnamed(o, in_turn(nav, asked, budget, {
        "op": "documents", "documents": paths, "left_out": o.kind, "about": None,
        "dated": o.dated, "besides": o.besides, "besides_year": o.besides_year,
        "besides_dated": o.besides_dated,
        "by_length": "shortest" if shortest else "longest",
        "them": not m["year"] and (m["them"] or m["them_kind"] or m["them_all"]),
        "words": [lengths[p] for p in paths], "length_of": len(lengths), "holding": o.words,
        "held_by_none": o.held_by_none,
        "question": o.question, "more_with": None, "referring_to": o.referring_to,
        "cited_by": o.cited_by, "part": o.part, "part_lacking": o.part_lacking},
        [(p, o.question, glob.escape(p)) for p in paths], o.first))


def ordering(graph: DocNavGraph, asked: str, asked_of: list[str]
             ) -> re.Match | tuple[re.Match, list[str]] | None:
    """What orders the documents ``asked`` asks of (``asked_of``): two or more it names
    compared ("Which is longer, RFC 2394 or RFC 2349?", "Which RFC is the longest, RFC 2394
    or RFC 2349?": :func:`docnav.query.comparative.compared_named`, first, as BY_LENGTH
    matches the second too), else the match of :data:`BY_DATE` or :data:`BY_LENGTH`. Raises
    :class:`InputError` where the documents it compares are named and one names no document
    indexed ("Which is older, RFC 9999 or RFC 2394?": :func:`compared_named`)."""
    return (compared_named(graph, asked, asked_of) or BY_DATE.search(asked)
            or BY_LENGTH.search(asked))


def answer_ordered(nav: Navigator, asked: str, budget: int,
                   first: re.Match | tuple[re.Match, list[str]],
                   doc: str | list[str] | None) -> Answer:
    """The answer to a question :func:`ordering` found ``first`` of."""
    if isinstance(first, tuple):
        return compared(nav, asked, budget, *first)
    return (by_date if first.re is BY_DATE else by_length)(nav, asked, budget, first, doc)


def _said_unnamed(o: _Ordered, answer: Answer) -> Answer:
    """``answer``, saying what the question leaves out that names no document, and what
    chose the documents ordered (their words, a heading) first of what it searched, each once,
    then the words the question wrote of what was asked of them ("one" of "the first to
    mention async", asked of them as "the one to mention async", was said)."""
    if o.unnamed:
        left_unnamed(answer, o.unnamed)
    written = [w for w in answer.searched
               if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", answer.question, re.I)]
    answer.searched = said_once([*([o.part] if o.part else []), *o.words, *written],
                                answer.question)
    return answer


__all__ = ["BY_DATE", "BY_LENGTH", "DATE_ORDERING", "GOES_ON", "LENGTH_ORDERING", "ORDERING",
           "answer_ordered", "by_date", "by_length", "ordering"]
