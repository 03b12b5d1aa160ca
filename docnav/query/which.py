"""Questions asking for documents rather than for what they say: which hold something ("Which
RFCs changed the borrow checker?", "List the papers that use BERT", "Are there RFCs about
traits?"), which there are ("What documents do you have?"), how many ("How many RFCs mention
async?", "How many reports were written by Ada?"), which came first or last by their own
dates ("What is the newest RFC?"). The documents are chosen by their words, their own dates
and their author fields, then each is asked the rest of the question in turn
(:func:`docnav.query.in_turn.in_turn`); a count or a list of them answers without reading.
Which of them hold what is asked, and which are read: :mod:`docnav.query.holding`."""

from __future__ import annotations

import glob
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from docnav.errors import InputError
from docnav.query.count_text import counted_answer
from docnav.query.authored import all_have_authors, authored_by, authors_held
from docnav.query.evidence import LEAVING_OUT, Answer, EvidenceState
from docnav.query.fields import DATE_SOURCES, DATING
from docnav.query.dated import (NAMED_IN_YEAR, NAMED_THAT_WAS, YEAR, dated_in, dates_held,
                                named_dated)
from docnav.query.holding import (REFERRING, Held, best_documents, besides_of, held_by, left_out,
                                  referred_by_asked, unnamed_left_out, words_held)
from docnav.query.joined_or import or_joined, or_words
from docnav.query.in_turn import as_written, in_turn
from docnav.query.kind_words import ASKED_OF, one_of, plural, said
from docnav.query.left_out import (as_besides, left_out_about, left_out_about_first,
                                   left_out_unnamed, left_out_unnamed_last,
                                   left_out_unnamed_within, searched_without)
from docnav.query.lexical import letter_of_a_token, search_words, written_as_name
from docnav.query.names import titled_documents
from docnav.query.neither import (NOT_SAID, ONE_NOT_SAID, SAYS_NEITHER, but_not_count,
                                  neither_count, not_count)
from docnav.query.parts import HAS_PART
from docnav.query.with_part import part_lacked, with_part, without_part
from docnav.query.referring import each_numbered, unindexed_alone
from docnav.query.stem_forms import stem_forms
from docnav.refs import number_mentions

if TYPE_CHECKING:
    from docnav.query.graph import DocNavGraph
    from docnav.query.navigator import Navigator

# "Which RFCs changed the borrow checker?", "What papers use BERT?": asks for documents, as do
# "List the RFCs ...", "Are there RFCs ...?", "Is there a paper ...?", "Do any papers ...?"
# (not "Which RFC ...?": one document, read first of all, but for "Which RFC does not mention
# async?", asking for those that do not, as of several); of a year's ("In 2024, which RFCs
# ...?", "Which 2024 RFCs ...?"); and how many there are ("How many RFCs mention traits?",
# :data:`COUNTED`)
WHICH_DOCUMENTS = re.compile(
    rf"^\W*(?:in\s+(?P<in_year>{YEAR})\s*,?\s*)?(?:(?:in\s+)?(?:which|what)\s+"
    rf"(?:of\s+the\s+)?|(?P<verb>(?:please\s+)?(?:list|find|show(?:\s+me)?|name|give\s+me)"
    rf"\s+(?:all\s+)?(?:of\s+)?|(?P<one>is\s+there\s+(?:an?|any)\s+)|(?:are|is)\s+there\s+"
    rf"(?:any\s+)?|(?:do|does|did)\s+any\s+|(?P<many>how\s+many\s+(?:of\s+)?))(?:the\s+)?)"
    rf"(?:(?P<year>{YEAR})\s+)?"
    rf"(?P<kind>(?(one){said(ASKED_OF)}|(?:{plural(ASKED_OF)}|"
    rf"{one_of(ASKED_OF)}{ONE_NOT_SAID})))\b", re.I)
# "were started", "was published": said of the documents' own dates
# (fields.DATING: left_out reads a date after a name left out by it too)
_DATED_VERB = rf"\s*\b(?:(?:were|was|are|is)\s+)?{DATING}"
# "were started in 2024", "was published after 2019": the documents' own dates, asked by year
# ("Which RFCs that were published in 2018 cite ...?" was counted by its words)
_THAT = r"(?:\s+(?:that|which)(?=\s+(?:were|are|was|is)\b))?"
DATED = re.compile(rf"{_THAT}{_DATED_VERB}\s+(in|after|before|since)\s+({YEAR})\b", re.I)
# "Which RFCs from 2024 ...?", "of 2019", "in 2024", "are from 2024", "that are from 2024"
OF_YEAR = re.compile(rf"{_THAT}\s*\b(?:(?:were|was|are|is)\s+)?(?:from|of|in|dated)\s+"
                     rf"({YEAR})\b", re.I)
# that verb at the end, said of what they hold: "In which RFCs is the borrow checker discussed?"
ABOUT_LAST = re.compile(r"\s+(discussed|mentioned|covered|described|addressed|explained|"
                        r"talked\s+about|referred\s+to|dealt\s+with)\W*$", re.I)
# the documents' date at the end, after what they are about ("Which RFCs on traits were started
# in 2015?"); not "issued" or "released", said of what a document is about ("... notes issued
# in 2020")
DATED_LAST = re.compile(rf"\s+(?:were|was|are|is)\s+(?:started|created|written|published|"
                        rf"dated|filed|submitted|accepted|approved|adopted|merged)\s+"
                        rf"(in|after|before|since)\s+({YEAR})\W*$", re.I)
# what "How many RFCs ...?" goes on with when it asks how many documents there are: nothing
# more ("How many RFCs?"), "are there", "are indexed", "are in the store", "do you have" (not
# "How many articles are in the dataset?", asked of a paper, nor "How many reports were
# filed?": said with an auxiliary, of anything but the store)
# ("How many articles are there in the dataset?" asks of a paper too): the phrase ends the
# question, or what they hold or their date comes after it ("... are there about traits?"),
# or what it leaves out ("... are there besides RFC 2592?", asked of RFC 2592's text; ", other
# than RFC 2592?", "excluding RFC 2592": left_out.as_besides)
_STORE = r"(?:store|index|collection|corpus|database|library|docnav)"
COUNTED = re.compile(
    rf"^\W*(?:(?:(?:are|is)\s+there|exist|(?:do|does)\s+(?:you|we|i|it)\s+(?:have|hold|know)|"
    rf"(?:are|were|have\s+been)\s+(?:indexed|stored|loaded))(?:\s+(?:in|inside)\s+(?:the\s+|"
    rf"this\s+)?{_STORE})?|(?:are\s+|were\s+)?(?:in|inside)\s+(?:the\s+|this\s+)?{_STORE})?"
    rf"(?=\W*$|,?\s+(?:about|on|regarding|concerning|that|which|mentioning|discussing|"
    rf"from|dated|of\s+(?:19|20)\d\d|in\s+(?:19|20)\d\d|{LEAVING_OUT.pattern})\b)", re.I)
# or it goes on with a verb of its own, said of the documents ("How many papers use BERT?")
OWN_VERB = re.compile(r"^\s+(?!(?:are|is|were|was|be|been|do|does|did|have|has|had|can|could|"
                      r"will|would|should|may|might|must|in|of|on|for|with|per|from|to|by|at|"
                      r"the|a|an|and|or|that|which|this|these|there|they|it|we|you)\b)[a-z]+\b",
                      re.I)
# "... were written by Ada Lovelace?", "... did Ada write?", "... by Ada about pumps?": the
# documents of that author (their author field), not passages saying the name; a particle
# ("van", "de") a word of its own ("by Grace discuss valves" was of "Grace di")
AUTHOR_NAME = r"[A-Z][\w.'’-]*(?:\s+(?:[A-Z][\w.'’-]*|(?:van|von|de|der|da|di|le|la|du)\b))*"
BY_AUTHOR = re.compile(
    rf"^\s*(?:(?:(?:were|was|are|is|have\s+been|has\s+been)\s+)?(?:written|authored|"
    rf"prepared|signed|edited)\s+by|by|(?:that|which)\s+(?P<who2>{AUTHOR_NAME})\s+(?:wrote|"
    rf"authored)|(?:did|does|do|has|have)\s+(?P<who3>{AUTHOR_NAME})\s+(?:write|author|"
    rf"written|authored))(?(who2)|(?(who3)|\s+(?P<who>{AUTHOR_NAME})))")
KINDS_SAID = said(ASKED_OF)
# the verb alone, the year said before ("In 2024, which RFCs were started?")
DATED_VERB = re.compile(rf"{_DATED_VERB}\b", re.I)
# what such a question asks of them besides its subject: "discuss", "mention", "talk about"
# (after "are" a verb in -ing, after "have" one in -ed, what they hold said after it: "are
# citing RFC 2394", "have cited", "have built on"; not "are cited by", asking for those one
# document refers to: holding.referred_by_asked; nor "Which RFCs are concerning?", searched)
ABOUT = re.compile(r"\s+(?:and\s+|that\s+|which\s+)?(?:(?:do|does|did)\s+|(?:are|is|were|"
                   r"was)\s+(?=\w+ing\b\W*\w)|(?:have|has|had)\s+(?=(?:\w+ed|built)\b\W*\w))?(?:"
                   r"about|on|concerning|regarding|discuss(?:es|ed|ing)?|mention(?:s|ed|ing)?|"
                   r"talk(?:s|ed|ing)?\s+about|describ(?:e[sd]?|ing)|cover(?:s|ed|ing)?|"
                   r"address(?:es|ed|ing)?|deal(?:s|t|ing)?\s+with|concern(?:s|ed)?|"
                   r"refer(?:s|red|ring)?\s+to|cite[sd]?|citing|referenc(?:e[sd]?|ing)|"
                   r"link(?:s|ed|ing)?\s+to|(?:build(?:s|ing)?|built)\s+(?:up)?on|"
                   r"depend(?:s|ed|ing)?\s+on|rel(?:y|ie[sd]|ying)\s+on|"
                   r"(?:are|is|were|was)\s+related\s+to|explain(?:s|ed|ing)?|"
                   r"(?:are|is|were|was)\s+about|contain(?:s|ed|ing)?|include[sd]?|"
                   r"hold(?:s|ing)?|says?\s+(?:anything\s+)?about)\b", re.I)


def _what_of(asked: str, kind: re.Match) -> tuple[str, tuple[str, int] | None, str | None]:
    """What a question asking for documents (``kind``: :data:`WHICH_DOCUMENTS`' match) asks
    of them after the word naming them: the rest of the question, without the documents' date
    (``("in", 2024)``, or None) and the verb saying they are about it ("discuss", "that
    mention", or None), each as said."""
    rest, dated = asked[kind.end("kind"):], None
    # "Which RFCs were started in 2024?", "... from 2024", "Which 2024 RFCs", "In 2024, which
    # RFCs ...": of the documents so dated
    if m := DATED.match(rest):
        rest, dated = rest[m.end():], (m.group(1).lower(), int(m.group(2)))
    elif m := OF_YEAR.match(rest):
        rest, dated = rest[m.end():], ("in", int(m.group(1)))
    elif year := kind.group("year") or kind.group("in_year"):
        dated = ("in", int(year))
        if m := DATED_VERB.match(rest):  # "In 2024, which RFCs were started?"
            rest = rest[m.end():]
    about = ABOUT.match(rest)
    said = " ".join(about.group().split()) if about else None  # "discuss", "that mention"
    rest = rest[about.end():] if about else rest
    spelled_out = each_numbered(rest)  # "RFCs 2394 and 2592": "RFC 2394 and RFC 2592"
    # or at the end, after what they are about: "Which RFCs on traits were started in 2015?"
    if about and not dated and (m := DATED_LAST.search(rest)) and not (  # (not of the one
            REFERRING.search(said) and NAMED_THAT_WAS.search(spelled_out)):  # named)
        rest, dated = rest[:m.start()], (m.group(1).lower(), int(m.group(2)))
    elif about and not dated and REFERRING.search(said) and (
            m := NAMED_IN_YEAR.search(spelled_out)):  # ("RFC 2394 and
        # 2349 in 2018": each number its kind's; the year was dropped)
        relation = m["relation"].lower().replace("from", "in")  # "... refer to RFC 2394 in
        rest = rest[:len(rest) - (len(spelled_out) - m.start("year"))]  # 2018?": of those
        dated = (relation, int(m["when"]))
        # dated in 2018, as "Which RFCs from 2018 refer to ...?" (the year was no date of
        # theirs, and every RFC referring to RFC 2394 was listed)
    elif not about and (m := ABOUT_LAST.search(rest)):  # "In which RFCs is the borrow
        rest, said = rest[:m.start()], m.group(1)  # checker discussed?"
    return rest, dated, said


def _left_out_of(graph: DocNavGraph, asked: str, kind: re.Match) -> tuple[
        str, tuple[str, int] | None, str | None, dict[str, str], str, list[str], str | None]:
    """:func:`_what_of`, less what the question leaves out ("besides RFC 2592"), and the
    documents it leaves out (:func:`~docnav.query.holding.left_out`: each with its name as
    said), the question as searched without it ("Which RFCs discuss async?"), and what it
    leaves out right after the word naming the documents that names none ("pinning" of
    "Which RFCs besides pinning mention async?", :func:`left_out_unnamed_within`; "pinning"
    of "besides the futures RFC and pinning", :func:`~docnav.query.holding.unnamed_left_out`),
    or none; and what the documents it leaves out are about ("pinning" of "... besides the
    ones about pinning?", :func:`left_out_about`), or None.
    A date before the cue is read first: its pattern took "RFC 2592 mention async" of "...
    published in 2018 besides RFC 2592 mention async?" for the name left out. The verb or
    the date after the cue is read once it is out: "Which RFCs besides 2592 discuss async?"
    searched "discuss", "... besides 2349 were published in 2018?" "published"."""
    rest, dated, said = _what_of(asked, kind)
    cued = as_besides(rest, graph)  # "excluding RFC 2394", "but not RFC 2394": "besides RFC 2394"
    left_rest, left = left_out(graph, cued)
    unnamed, about = unnamed_left_out(graph, cued) if left else [], None
    if left_rest == cued and (described := left_out_about(cued) if said else  # (before it:
            left_out_about_first(cued, lambda tail: bool(  # "besides the ones about pinning
                _what_of(asked[:kind.end("kind")] + tail, kind)[2]))):  # mention async?")
        left_rest, about = described
    elif left_rest == cued:  # (none, or the one asked of: "What does RFC 2592 refer to
        # besides RFC 2592?" is "What does RFC 2592 refer to?"), unless what it leaves out
        # names none
        if (none := _naming_none(cued, said)) is None:
            return rest, dated, said, left, asked, [], None
        left_rest, unnamed = none[0], [none[1]]
    searched = searched_without(asked, asked.find(rest, kind.end("kind")), rest, left_rest)
    rest = left_rest
    if not said:  # said after the cue: "Which RFCs besides 2592 discuss async?"
        rest, again, said = _what_of(asked[:kind.end("kind")] + rest, kind)
        dated = dated or again
    return rest, dated, said, left, searched, unnamed, about


def _naming_none(rest: str, said: str | None) -> tuple[str, str] | None:
    """(``rest`` without what it leaves out, that) where what a question asking for documents
    leaves out names none: right after the word naming them ("Which RFCs besides pinning
    mention async?", :func:`left_out_unnamed_within`), at the end after what they hold
    ("... mention async besides pinning?", :func:`left_out_unnamed_last`), or after asking
    how many there are ("How many RFCs are there besides pinning?": all,
    :func:`left_out_unnamed`; not "Which RFCs besides pinning discuss async?", with no such
    phrase); else None."""
    if within := left_out_unnamed_within(rest):
        return within
    if said and (last := left_out_unnamed_last(rest)):  # "... mention async besides pinning?"
        return last
    listed = None if said else COUNTED.match(rest)
    if listed and listed.group().strip() and (counted := left_out_unnamed(rest[listed.end():])):
        return rest[:listed.end()] + counted[0], counted[1]
    return None


def of_one(asked: str, kind: re.Match) -> str:
    """A question asking which documents (``kind``: :func:`asks_documents`' match) as asked
    of the one document it is asked of (``--doc``, ``--after`` chose it): what that one says
    ("Which RFCs discuss Send?", "How many RFCs mention Send?": "Send?"), without the words
    asking for documents, the verb saying they are about it and their date, which its text
    need not hold (they were named missing: "not in the evidence: rfcs, discuss")."""
    return " ".join((asked[:kind.start()] + " " + _what_of(asked, kind)[0]).split())


def referred_outside(nav: Navigator, asked: str, kind: re.Match, doc: str | list[str] | None,
                     budget: int) -> Answer | None:
    """Of "Which RFCs link to the futures RFC?" (or refer to, mention, are related to it, "How
    many ...?") asked of that RFC alone (``doc``: a glob that chose it): those that do, by the
    store's references, said to be outside the glob and none read. Asked of its text, its
    name, "Which RFCs" and the verb taken out left no word to search for (an error: "query
    'the ?' has no words to search for"). None of any other question, dated or by an author,
    or where the glob chose another document or several. Dated ("Which RFCs from 2019 link to
    the futures RFC?"), of the others so dated: "of the 0 others" where it alone is so. Of
    "Which RFCs cite neither RFC 2394 nor RFC 2349?", whether it does, as of several (it was
    refused: "neither ... nor" is not read)."""
    asked_of = nav.graph.document_paths(doc)
    if len(asked_of) == 1 and SAYS_NEITHER.search(asked):
        return which_documents(nav, asked, budget, kind, doc)
    rest, dated, said, left, *_ = _left_out_of(nav.graph, asked, kind)
    besides = list(left)
    if len(asked_of) != 1 or not said or BY_AUTHOR.match(rest):
        return None
    so = [glob.escape(p) for p in dated_in(nav, None, *dated)] if dated else []
    me = glob.escape(asked_of[0])  # (of those dated so, less it: its references lead from none)
    outside = [p for p in so if p != me] or [me] if dated else None
    held = held_by(nav, asked, rest, said, [], outside, besides)
    if held.refers_to != asked_of[0] or held.referred_by or held.cites:
        return None
    every = [p for p in held.every if p != asked_of[0]]
    if dated and not so and not kind.group("many"):  # ("from 2015" of RFC 1068, of 2015: the
        raise _none_so(asked, f"is dated {dated[0]} {dated[1]}", dates_held(nav, None),  # 0
                       f"a document's date is its own: {DATE_SOURCES}")  # others, no error)
    count = {"kind": kind.group("kind"), "asked": "how many" if kind.group("many") else "which",
             "asked_of": 1, "dated": "%s %d" % dated if dated else None,
             "dates": None if so or not dated else dates_held(nav, None), "by": None,
             "authors": None, "n": len(held.counted), "of": len(every),
             "documents": held.counted, "words": None, "held": 0, "refers_to": held.refers_to,
             "related": held.related, "outside": True, **besides_of(held), **_also(held),
             **({"unindexed": held.unindexed} if held.numbers_read else {})}  # ("or RFC 447")
    return counted_answer(nav, asked, count, "cross-reference")


def asks_documents(asked: str) -> re.Match | None:
    """The match of :data:`WHICH_DOCUMENTS` when ``asked`` asks which documents, or how many
    (those it goes on to date, to say what they are about or who wrote them, to count in the
    store, or to say what they do: "How many RFCs are there?", "How many papers use BERT?",
    "How many reports did Ada write?"); None otherwise
    ("How many articles are in the dataset?" asks of what a document says)."""
    kind = WHICH_DOCUMENTS.search(asked)
    if kind is None or not kind.group("many"):
        return kind
    rest, dated, said = _what_of(asked, kind)
    if (dated or said or COUNTED.match(as_besides(rest)) or OWN_VERB.match(rest)
            or BY_AUTHOR.match(rest) or HAS_PART.match(rest) or referred_by_asked(rest)
            or NOT_SAID.match(rest) or part_lacked(rest, asked)):  # "How many RFCs do not
        return kind  # mention async?", "... lack a Drawbacks section?"
    return None


def counts_the_store(asked: str, kind: re.Match) -> bool:
    """Whether ``asked`` (with :func:`asks_documents`'s match) asks how many documents there
    are and nothing more ("How many documents are in the store?"): answered by the count
    however few are asked of, none or one too."""
    rest, dated, said = _what_of(asked, kind)
    counted = COUNTED.match(rest)
    return bool(kind.group("many")) and not dated and not said and bool(counted) and not (
        re.search(r"\w", rest[counted.end():]))


def which_documents(nav: Navigator, asked: str, budget: int, kind: re.Match,
                    doc: str | list[str] | None = None) -> Answer:
    """A question asking which documents ("Which RFCs changed the borrow checker?") is
    asked of each of the documents whose passages rank best, without the word that names
    the documents (in RFCs' field lines, "rust-lang/rfcs#1607" matched it): the local
    route read one document's passages. Nor is a verb saying only that they are about it
    ("discuss", "mention", "talk about") searched for: "Which RFCs discuss the borrow
    checker?" read "Note that some discussion of this has already taken place:" first, and
    only the documents saying "discussion" too. Only documents holding as many of the question's
    rarer words (held by at most half of the documents) as any document does are read
    ("Which papers use BERT?": those that say BERT, whether or not they say "use"); as
    many as the budget gives ``document_tokens`` each, at most ``documents``; of the
    documents ``doc`` matches (a glob or globs: ``--doc``, ``--after``), else of all."""
    scope = _scope(nav, asked, kind, doc)
    answer = _which_of(nav, asked, budget, kind, scope,
                       len(nav.graph.document_paths(doc)) - len(scope.besides))
    answer.question = scope.searched  # "... besides RFC 2592?": without it (searched_as)
    if scope.unnamed:  # "How many RFCs are there besides RFC 9999?": counted all
        left_unnamed(answer, scope.unnamed)
    if outside := list(scope.outside.values()):  # "besides 2349" of a glob without RFC 2349
        answer.untitled = list(dict.fromkeys([*outside, *answer.untitled]))
        answer.trace.append({"op": "named outside", "not_asked": outside, "left_out": True})
    return answer


def left_unnamed(answer: Answer, names: list[str]) -> None:
    """Says in ``answer`` that ``names``, what its question leaves out, name no one document
    asked of, so none is left out ("\"Pin\" names no one document asked of")."""
    answer.untitled += names
    answer.trace.append({"op": "no document titled", "names": names, "left_out": True})


def _which_of(nav: Navigator, asked: str, budget: int, kind: re.Match, scope: _Scope,
              asked_of: int) -> Answer:
    """:func:`which_documents` of the documents ``scope`` chose; ``asked_of``: how many it is
    asked of, less those it leaves out ("besides 2349": a count of 2018's is of the others)."""
    many = kind.group("many")  # "How many RFCs ...?": they are counted, the best read
    doc, rest, dated, said = scope.doc, scope.rest, scope.dated, scope.said
    besides = list(scope.left)  # "... besides RFC 2592?": not searched, nor counted
    question, rest, listed = _searched(asked, kind, rest, said)
    n = max(1, min(nav.options.documents, budget // nav.options.document_tokens))
    state = EvidenceState(question, budget, remainder=True)
    # "K" of "the Adobe 10-K" is no word asked about: 1811.00942.md holding "k" was counted
    terms = [t for t in state.terms if not letter_of_a_token(t, question)
             ] if re.search(r"\w\w", question) else []
    count = {"kind": kind.group("kind"), "asked": "how many" if many else "which",
             "asked_of": asked_of, "dated": "%s %d" % dated if dated else None,
             "dates": scope.dates, "by": scope.author, "authors": scope.lacking,
             **({"besides_about": scope.about} if scope.about else {})}
    # (a number naming a document is no year: "Which RFCs cite RFC 2033?", "... RFC 2394
    # and 2018?" said "2033 was not read as a date")
    spelled_out = each_numbered(rest)  # "RFCs 2394 and 2592": "RFC 2394 and RFC 2592"
    numbered = {re.sub(r"\D", "", written) for _, written in number_mentions(spelled_out)}
    of_named = NAMED_THAT_WAS.search(spelled_out) if said and REFERRING.search(
        said) else None  # "... cite RFC 2394 that was published in 2018?": RFC 2394's year
    if not dated and not of_named and said and REFERRING.search(said) and (years := [
            y for y in re.findall(rf"\b{YEAR}\b", rest) if y not in numbered]):
        # "Which RFCs cite work published in 2018?": no date of theirs, said so (was silent)
        count.update(year_unread=years,
                     year_verb=" ".join(said.split()))  # (its example: "... mention RFC 2394")
    if scope.left_dated and not scope.so_dated:  # "Which RFCs besides 3668 were published in
        count.update(n=0, of=0, words=None, held=0, documents=[], left_dated=True,  # 2024?":
                     besides=scope.left_dated, besides_referred=[])  # none besides it (was:
        # "no document asked of is dated in 2024", an error, though RFC 3668 is)
        return counted_answer(nav, asked, count)
    # "How many RFCs are there?": as many as are asked of; "What documents do you have?":
    # which they are ("How many RFCs besides 2592 are there?": not RFC 2592)
    if (many and (not terms or scope.dates or scope.lacking)
            or listed and not terms and not dated):
        paths = [] if scope.dates or scope.lacking else [
            p for p in nav.graph.document_paths(doc) if p not in besides]
        count.update(n=len(paths), of=len(paths), words=None, held=0, documents=paths,
                     **({"besides": scope.besides, "besides_referred": []}
                        if scope.besides else {}))
        return counted_answer(nav, asked, count)
    # "Which RFCs have a Drawbacks section?", "How many papers have a related work section?":
    # those with a section so headed, each read from it
    if not said and (lacked := part_lacked(rest, asked, nav.graph)):  # "Which RFCs lack a
        # Drawbacks section?"
        count.update({"besides": scope.besides, "besides_referred": []} if besides else {})
        return without_part(nav, asked, count, lacked, doc, besides)  # (not "besides 0199")
    if part := HAS_PART.match(f" {said}{rest}" if said else rest):  # ("contain": said)
        return with_part(nav, asked, budget, count,
                         " ".join((part.group("part") or part.group("part2")).split()), doc, n)
    if not terms and dated:  # nothing asked but the date: each one's summary, earliest first
        paths = scope.so_dated[:n]
        answer = in_turn(nav, asked, budget, {
            "op": "documents", "documents": paths, "left_out": kind.group("kind"),
            "about": None, "dated": "%s %d" % dated, "earliest_of": len(scope.so_dated),
            "besides": scope.left_dated, "question": "Summarise", "more_with": None},
            [(p, "Summarise", glob.escape(p)) for p in paths])
        # which they are, every one so dated (the earliest read): "Which RFCs were started in
        # 2018?" named only the two read of the 19
        count.update(n=len(scope.so_dated), of=asked_of, words=None, held=0,
                     documents=scope.so_dated, **({"besides": scope.besides,
                                                   "besides_referred": []} if besides else {}))
        answer.count = count
        return answer
    if not terms:
        raise InputError(f"query {asked!r} asks which {kind.group('kind')} but not what "
                         f"about: say what they should hold (\"Which {kind.group('kind')} "
                         f"mention ...?\"); `docnav show` lists every document")
    every = [p for p in nav.graph.document_paths(doc) if p not in besides]
    if neither := (neither_count(nav, asked, rest, said, every)  # "Which RFCs cite
                   or but_not_count(nav, asked, rest, said, every)  # ("... X but not Y?")
                   or not_count(nav, asked, rest, said, every)):  # ("... do not mention X?")
        count.update(neither, **({"besides": scope.besides, "besides_referred": []}  # neither
                                 if scope.besides else {}))  # RFC 2394 nor RFC 2349?"
        return counted_answer(nav, asked, count, "cross-reference"
                              if neither["neither_by"] == "references" else None)
    if said and REFERRING.search(said) and (unindexed := unindexed_alone(nav.graph, rest, every)):
        count.update(n=0, of=len(every), documents=[], words=None, held=0, unindexed=unindexed,
                     refers_unindexed=True, both=not re.search(r"\bor\b", rest, re.I), **({
                         "besides": scope.besides, "besides_referred": []} if scope.besides
                        else {}))  # "Which RFCs cite RFC 9999?": none; "... and ...?": all
        return counted_answer(nav, asked, count, "cross-reference")
    held = held_by(nav, asked, rest, said, terms, doc, besides)
    if (held.referred_by or held.refers_to) and not held.referring:  # "What does RFC 2349
        count.update(n=0, of=len(held.every), held=0, documents=[], words=None,  # build on?"
                     referred_by=held.referred_by, refers_to=held.refers_to,  # of one with
                     **_also(held),  # (the year of the one a clause names: "that was ...")
                     **named_dated(nav, [held.refers_to, *held.refers_also], of_named),
                     related=held.related, unindexed=held.unindexed,  # none, not
                     **besides_of(held, scope.outside))
        return counted_answer(nav, asked, count, held.route)  # those saying "build"
    written = {t: as_written(question, state.words.get(t, t)) for t in terms}  # (held.rare's
    names = not held.referring and held.most > 1 and all(  # terms are of these)
        written_as_name(written[t], question) for t in held.rare)
    # "Which RFCs mention futures or pinning?": those holding either word ("futures", held by
    # most, was no rare word: those holding "pinning" were counted)
    joined = not held.referring and not names and or_words(held, question, written, nav.graph,
                                                           asked)
    words = {t: written[t] for t in held.rare}  # (or_words may have made more of them rare)
    # "Which documents mention Adobe or Amazon?": those holding any one of the names counted
    # ("... Adobe or Amazon in Europe?": one of those two, and "Europe", joined_or.or_joined)
    held.any_of, held.either = (or_joined(question, words, names) if names or joined
                                else (False, frozenset()))
    count.update(n=len(held.counted), of=len(held.every), held=words_held(held, words),
                 documents=held.counted, words=list(dict.fromkeys(words.values())),
                 **({"any": True} if held.any_of else {}), **besides_of(held, scope.outside),
                 **({"either": [w for t, w in words.items() if t in held.either]}
                    if held.either else {}))
    if not names and (forms := stem_forms(nav.graph, held.counted, count["words"])):
        count["forms"] = forms  # "generators": 11 hold "generat", 2 "generator(s)"
    # "Which documents mention Adobe and Amazon?": those holding fewer of the names (the
    # Amazon 10-K, a paper: "Amazon" alone) named too, not read; not of words ("traits")
    if names and not held.any_of:
        count["partly"] = [p for p in held.every  # (not one counted: of "either")
                           if 0 < held.held[p] < held.most and p not in held.counted]
    if held.referring:
        count.update(refers_to=held.refers_to, cites=held.cites, referred_by=held.referred_by,
                     related=held.related, unindexed=held.unindexed, **_also(held),
                     **({"by_title": True} if held.titled else {}))
        count.update(named_dated(nav, [held.refers_to, *held.refers_also], of_named))
        if held.or_holding:  # (--json said "words": [], "held": 0 of those holding "pinning")
            count.update(words=held.or_holding, any=True, held=len(held.or_holding) if set(
                held.or_holders) & set(held.counted) else 0)
    paths, more = best_documents(nav, question, doc, held, n)
    if not held.every:  # all asked of are left out ("by Ada besides alpha-pumps.html", hers
        return counted_answer(nav, asked, count, held.route)  # alone): none, and none to read
    answer = in_turn(nav, asked, budget, {
        "op": "documents", "documents": paths, "left_out": kind.group("kind"),
        "about": re.sub(r"^(?:and|that|which) ", "", said) if said else None,
        "dated": "%s %d" % dated if dated else None,
        "question": question, "more_with": more,
        "refers_to": held.refers_to, "cites": held.cites if held.referring else None,
        "referred_by": held.referred_by, "related": held.related, **_also(held),
        **({"unindexed": held.unindexed} if held.numbers_read else {})},  # ("or RFC 447")
        [(p, question, glob.escape(p)) for p in paths],
        first={p: held.into[p] for p in paths if p in held.referring})  # its references
    answer.count = count  # read first
    if held.referring:  # the words naming what they refer to ("RFC 1961", "1961-clamp.md"):
        # their references lead there, by a link that need not say them
        naming = {w.lower() for w in [*re.findall(r"\w+", rest), *search_words(rest).values()]}
        answer.missing = [w for w in answer.missing if w.lower() not in naming]
        answer.absent = [w for w in answer.absent if w.lower() not in naming]
        # read by the references, as its route says ("Which RFCs does RFC 2349 build on?")
        answer.route = held.route or nav.route_of(asked)
    # nor is "k" of "10-K" said missing from the evidence ("not in the evidence: adobe, k")
    answer.missing = [w for w in answer.missing if not letter_of_a_token(w, question)]
    answer.absent = [w for w in answer.absent if not letter_of_a_token(w, question)]
    if many:
        answer.trace.insert(0, {"op": "count documents", "document_count": count["n"],
                                "asked_of": count["of"], "words": count["words"],
                                "dated": count["dated"], "tokens": 0, "confidence": 0.0})
    return answer


def _also(held: Held) -> dict:
    """The others a count of the documents referring to one names beside it, where it names
    several ("... cite RFC 2394 or RFC 2349?"), and whether to all of them (to the ones not
    indexed too: "... cite RFC 2394 and RFC 9999?"); the words joined to it by "or", whose
    holders are counted too ("... mention RFC 2394 or pinning?")."""
    return ({"refers_also": held.refers_also, "both": held.both}
            if held.refers_also or held.both else {}) | (
        {"or_holding": held.or_holding} if held.or_holding else {}) | (
        {"numbers_read": True} if held.numbers_read else {})


@dataclass
class _Scope:
    """What a question asking which documents is asked of, once the author and the date it
    names chose them: ``doc`` (globs, or as given), and what is left of the question."""
    doc: str | list[str] | None
    rest: str  # the question after the word naming the documents, less author and date
    dated: tuple[str, int] | None  # ("in", 2024)
    said: str | None  # the verb saying they are about it ("discuss")
    left: dict[str, str]  # the documents it leaves out ("besides 2592"), each name as said
    searched: str  # the question without what it leaves out, as searched
    outside: dict[str, str]  # of ``left``, those outside the documents asked of
    author: str | None = None  # the author named, chosen by the documents' author fields
    lacking: str | None = None  # no document is by that author: the authors they have
    dates: str | None = None  # no document is so dated: the dates they have
    so_dated: list[str] = field(default_factory=list)  # those so dated, earliest first
    unnamed: list[str] = field(default_factory=list)  # what it leaves out naming no document
    left_dated: list[str] = field(default_factory=list)  # of ``left``, those so dated
    about: str | None = None  # what those it leaves out hold ("the ones about pinning")

    @property
    def besides(self) -> list[str]:
        """The documents it leaves out that are among those asked of: a count says them."""
        return [p for p in self.left if p not in self.outside]


def _scope(nav: Navigator, asked: str, kind: re.Match, doc: str | list[str] | None
           ) -> _Scope:
    """The documents of ``doc`` a question asking which documents is asked of: those by the
    author it names ("... written by Ada?", by their author field) and of the year it names
    ("... published in 2022?", by their own date). Asked which (not how many) and none is,
    the error says whose and of when those asked of are."""
    many = kind.group("many")
    rest, dated, said, left, searched, unnamed, about = _left_out_of(nav.graph, asked, kind)
    inside = set(nav.graph.document_paths(doc))
    if about:  # "besides the ones about pinning": those asked of holding its words
        terms = list(search_words(about))
        held = nav.graph.term_documents(terms).values() if terms else [set()]
        named = {p for p, _ in titled_documents(nav.graph, each_numbered(rest))}  # (never
        # one named: "Which RFCs cite RFC 2394 besides the ones about pinning?" left out RFC
        # 2394, "... RFC 2394 or 2349 ..." RFC 2349)
        left = {p: about for p in sorted(inside.intersection(*held) - named)}
    scope = _Scope(doc, rest, dated, said, left, searched,
                   {p: name for p, name in left.items() if p not in inside}, unnamed=unnamed,
                   about=about)
    by = BY_AUTHOR.match(rest)
    authored = authored_by(nav, doc, _author(by)) if by else []
    if by and not authored and not all_have_authors(nav, doc):
        # no author field names them, and some documents have none: the name alone is
        # searched for, as a byline holds it ("Tsolak Ghukasyan1, ..." of a PDF without one)
        scope.rest, by = f" {_author(by)}{rest[by.end():]}", None
    if by:  # "... written by Ada?": of hers, by their author field
        scope.author, rest = _author(by), rest[by.end():]
        if not dated and (m := OF_YEAR.match(rest)):  # "... by Ada in 2022?"
            rest, scope.dated = rest[m.end():], ("in", int(m.group(1)))
        if not said and (about := ABOUT.match(rest)):  # "... by Ada about pumps?"
            rest, scope.said = rest[about.end():], " ".join(about.group().split())
        scope.rest = rest
        if not authored:  # who they were written by, then: none is an answer to how many
            scope.lacking = authors_held(nav, doc)
            if not many:
                raise _none_so(asked, f"was written by {scope.author}", scope.lacking,
                               "an author is a document's own field: front matter, document "
                               "properties")
        scope.doc = [glob.escape(p) for p in authored]
    if scope.dated and not scope.lacking:
        every = dated_in(nav, scope.doc, *scope.dated)
        scope.so_dated = [p for p in every if p not in left]  # "... besides 2349 were
        scope.left_dated = [p for p in every if p in left]  # published in 2018?"
        if not every:  # (only those left out are so dated: none besides them, no error)
            scope.dates = dates_held(nav, scope.doc)
            if not many:
                raise _none_so(asked, f"is dated {scope.dated[0]} {scope.dated[1]}",
                               scope.dates, f"a document's date is its own: {DATE_SOURCES}")
        scope.doc = [glob.escape(p) for p in scope.so_dated]
    return scope


def _searched(asked: str, kind: re.Match, rest: str, said: str | None
              ) -> tuple[str, str, re.Match | None]:
    """What a question asking which documents searches each of them for: asked as "Which
    RFCs ...", without its year; ``rest`` without its asking for them all ("... are
    there?", "List the RFCs"), and the match of that."""
    before = asked[:kind.start("kind")]
    for verb in (kind.group("verb"), kind.group("many")):  # "List all the RFCs ...", "How
        if verb:  # many RFCs ...": asked as "Which RFCs ...", no word of it searched for
            before = before.replace(verb, "Which ", 1)
    # "... are there?", "... are indexed?", "... do you have?", nothing ("List the RFCs"); not
    # "Which RFCs discuss?", which asks of what they hold and names nothing
    listed = COUNTED.match(rest) if not said else None
    if listed:
        rest = rest[listed.end():]
    before = re.sub(rf"\b(?:in\s+)?{YEAR}\b\s*,?", " ", before)
    return " ".join((before + rest).split()), rest, listed


def _none_so(asked: str, so: str, held: str, field: str) -> InputError:
    """The error for a question choosing documents by a field of their own that none asked of
    has so ("... is dated in 2030", "... was written by Zed"): what they hold, and where such
    a field comes from."""
    return InputError(f"query {asked!r}: no document asked of {so} ({held}; {field}; "
                      f"`docnav show DOC` prints its fields)")


def _author(by: re.Match) -> str:
    """The author a match of :data:`BY_AUTHOR` names."""
    return by.group("who") or by.group("who2") or by.group("who3")
