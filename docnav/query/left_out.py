"""What a question leaves out of its answer ("besides pinning", "other than RFC 2592",
"except for cfg_attr"): the question as searched without it, and the search terms of it,
whose passages are read after the others (:func:`without_left_out`); and where in the
question that is, which the documents a count leaves out are read from too
(docnav/query/holding.py), so that the two readings are one."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from docnav.query.evidence import ASKING, LEAVING_OUT
from docnav.query.fields import DATING
from docnav.query.kind_words import NAMING, said
from docnav.query.lexical import STOPWORDS, search_words
from docnav.query.names import titled_documents

if TYPE_CHECKING:
    from docnav.query.graph import DocNavGraph

# what such a cue leaves out: its words after it, to a comma ("Except for revenue, what
# grew?") or the question's end ("besides pinning?")
_LEFT_OUT = re.compile(rf"(?P<cue>{LEAVING_OUT.pattern})\s+(?P<what>[^,;?!]*\w)(?P<closed>\s*,)?",
                       re.I)
# words by which a question goes on after what it leaves out ("Which RFCs besides RFC 2394
# mention async?", "Can a type other than Box be pinned?", "... besides pinning about
# wakers?"): those words are no part of it
_GOING_ON = frozenset((STOPWORDS - {"a", "an", "the", "and", "or"}) | ASKING | set(
    "am been being done doing get gets got into onto over under than between within without "
    "through during after before since via per he she they them their his her we you i "
    "these those".split()))
# of those, the words that go on with the question's verb, after a name left out in its
# middle ("except for cfg_attr are discussed"); not a preposition, which may go on with the
# name ("besides the one on pinning mention async"), nor a participle, which goes on with it
# ("besides the ones introduced in RFC 2394 are stable" was "... features introduced in RFC
# 2394 are stable?", the opposite asked)
_VERB_AFTER = frozenset((ASKING - {"me", "there", "both", "either"}) | set(
    "is are was were be been being am do does did has have had get gets got discuss discusses "
    "propose proposes introduce introduces cover covers talk talks use uses cite cites "
    "refer refers reference references".split()))
# and those going on with it by their preposition alone ("besides 2394 link to RFC 2592";
# not "besides the build RFC discuss ..."), in the past too ("besides 2592 referred to RFC
# 2394": "2592 referred" was no name, and the question was asked of its words)
_VERB_ON = frozenset(f"{verb} {on}" for verbs, on in (("link links linked referred", "to"), (
    "build builds built depend depends depended rely relies relied", "on"), (
    "deal deals dealt", "with"))
    for verb in verbs.split())
# verbs of a document's own date ("Which RFCs were accepted in 2018?", "besides 2394
# published in 2018 mention async"): none has a date of its own but the document's
# of those verbs, the past forms, which are the question's verb before what it asks of
# ("besides RFC 2394 discussed async?", "besides 2592 cited RFC 2394?"), a participle going
# on with the name before a preposition ("the ones introduced in RFC 2394", "the traits used
# by executors", "the RFCs cited by RFC 2394")
_PAST = frozenset("discussed proposed introduced covered talked used cited referenced".split())
# a question's subject, which a cue right after it leaves out of ("Which types other than
# Box implement Unpin?"): its verb comes after what is left out
_SUBJECT = re.compile(r"^\W*(?:(?:which|what|how\s+many)(?:\s+[\w-]+)?|(?:is|are|was|were)"
                      r"\s+(?:any|some)\w*|\w+\s+else)\s*$", re.I)

# words asking for nothing of their own: "Is there anything besides Pin?" is not "Is there
# anything?", which asks nothing
_NOTHING = frozenset(search_words(
    "there anything something everything else other others more thing things stuff"))


# "excluding RFC 2394", "but not RFC 2394": cues leaving documents out of those a question
# asks for, read as "besides" there alone (:data:`LEAVING_OUT` has neither: "revenue excluding
# currency effects" asks of those effects); "but not" only before a name that is a document's
# ("RFC 2394", "RFCs 2349 and 2394", "2349-pin.md", "the pin RFC", a title of up to four words:
# "the type alias impl trait RFC" was read as one they refer to; longer ones where the store
# holds them, :func:`as_besides`), "Which RFCs mention async
# but not await?" asking of a word
_KIND = said(NAMING)
_EXCLUDING = re.compile(
    rf"\bexcluding\b|\bbut\s+not\b(?=\s+(?:{_KIND}\s*#?\d|[\w.-]+\.(?:md|pdf|html?|txt|docx)\b|"
    rf"the\s+(?:[\w/-]+\s+){{1,4}}{_KIND}\b))", re.I)


# a list of documents' numbers or file names after a cue, with commas: "besides 2349, 2394
# and 2592", "other than RFC 2349, RFC 2394, or 2592-futures.md"; of such names, a comma alone
# before the last ("besides 2349, 2394 mention async" left "2394" a word they must hold)
_ONE = rf"(?:{_KIND}\s*)?#?\d+\b|[\w.-]+\.(?:md|pdf|html?|txt|docx)\b"
_LISTED = re.compile(rf"(?P<cue>{LEAVING_OUT.pattern}|\bexcluding\b)\s+(?P<list>(?:{_ONE})"
                     rf"(?:\s*,\s*(?:{_ONE}))*(?:,?\s+(?:and|or)\s+|\s*,\s*)(?:{_ONE}))",
                     re.I)


def as_besides(rest: str, graph: DocNavGraph | None = None) -> str:
    """``rest`` (what a question asking for documents says after the word naming them) with
    "excluding" and "but not" before a document's name read as "besides" (:data:`_EXCLUDING`),
    and the commas of a list of documents after a cue as "and" (:data:`_LISTED`): "Which RFCs
    mention async, excluding RFC 2394?" was asked of the RFCs referring to RFC 2394, "Which
    RFCs but not RFC 2394 mention async?" of those saying "2394", "Which RFCs besides 2349,
    2394 and 2592 mention async?" of those saying all four. Of ``graph``, "but not the" before
    any title of its documents too, however long ("but not the type changing struct update
    syntax RFC" was read as one they refer to)."""
    rest = _LISTED.sub(lambda m: m.group("cue") + " " + re.sub(
        r",?\s+(?:and|or)\s+|\s*,\s*", " and ", m.group("list")), rest)
    rest = _EXCLUDING.sub("besides", _SET_OFF.sub(r" \g<cued> ", rest))
    rest = _BUT_NOT_ABOUT.sub("besides", rest)  # "but not the ones about pinning"
    if graph is not None and (m := _BUT_NOT_THE.search(rest)) and titled_documents(
            graph, m.group("title")):
        rest = rest[:m.start()] + "besides" + rest[m.end():]
    return rest


_BUT_NOT_ABOUT = re.compile(r"\bbut\s+not\b(?=\s+(?:the\s+ones?|those)\s+(?:(?:that|which)\s+"
                            r"(?:are\s+)?)?(?:about|on|mention|discuss))", re.I)
_BUT_NOT_THE = re.compile(r"\bbut\s+not\b(?=\s+(?P<title>the\s+[^,;?!]*\w))", re.I)


# a cue and its name set off by commas right after the word naming the documents ("Which
# RFCs, excluding RFC 2394, mention async?": "Which RFCs?", "mention async" lost), or a comma
# before one at the end ("How many RFCs are there, excluding RFC 2394?", asked of RFC 2394)
_SET_OFF = re.compile(rf"^\s*,\s*(?P<cued>(?:{LEAVING_OUT.pattern}|{_EXCLUDING.pattern})\s+"
                      r"[^,;?!]*\w)\s*,\s*|,\s*(?=(?:\bexcluding\b|\bbut\s+not\b)[^,;]*$)",
                      re.I)


def without_left_out(question: str) -> tuple[str, frozenset[str]]:
    """(the question without what it leaves out, the search terms of what it leaves out that
    the rest does not hold): "What does the futures RFC depend on besides pinning?" searched
    for "pinning" and read the futures RFC's paragraphs on Pin first; "Which attributes
    except for cfg_attr are discussed?" (:func:`left_out_within`) read cfg_attr's RFC
    first. The question as it is, and none, where it leaves nothing out, no word would be
    left to search, or where what it leaves out ends is not clear: "Which types other than
    Box implement Unpin?" is not "Which types?" (:func:`_ends_left_out`), nor "What besides
    Pin changed?" "What?" (an error), nor "What types other than Box matter?" "What
    types?", nor "Is there anything besides Pin?" "Is there anything?". "RFC" of "besides
    RFC 2394" is not pushed down where the rest says "RFCs"."""
    m = _LEFT_OUT.search(question)
    before = question[:m.start()] if m else ""
    # closed by commas, or by one where it opens the question ("Besides pinning, what ...?");
    # not "refer to besides RFC 2349, RFC 2394?"
    aside = m is not None and bool(m.group("closed")) and bool(
        re.fullmatch(r"\W*|.*,\s*", before))
    if m is not None and (aside or _ends_left_out(question, m)):
        if aside and before.strip():  # ("What does it, besides pinning, depend on?")
            before = before.rstrip()[:-1]
        rest, what = before + " " + question[m.end():], m.group("what")
    elif within := left_out_within(question):
        rest, what = within
    else:
        return question, frozenset()
    rest = " ".join(rest.split())
    rest = re.sub(r"^[\s,;]+|[\s,;]+(?=[?!]|$)|\s+(?=[,;])", "", rest)
    kept = set(search_words(rest))
    if not kept - _NOTHING:
        return question, frozenset()
    if question.lstrip()[:1].isupper():  # "Besides pinning, what does ...?": "What does ...?"
        rest = rest[:1].upper() + rest[1:]
    return rest, frozenset(t for t in search_words(what) if t not in kept and f"{t}s" not in kept)


def left_out_within(question: str) -> tuple[str, str] | None:
    """(the question without a cue in its middle and the name it leaves out, that name),
    where the question goes on after a name of a word or two with its verb: "Which
    attributes except for cfg_attr are discussed?" is "Which attributes are discussed?"
    leaving "cfg_attr" out, "Which RFCs besides RFC 2394 mention async?" "Which RFCs
    mention async?" (both were searched as asked, the name's passages read first); None
    where no verb follows the name soon ("other than Box implement Unpin": "Box implement"
    may be the name as well as "Box")."""
    m = _LEFT_OUT.search(question)
    if m is None:
        return None
    words = list(re.finditer(r"\S+", m.group("what")))
    for i, word in enumerate(words):
        after = words[i + 1].group().lower() if i + 1 < len(words) else ""
        name = " ".join(w.group() for w in words[:i])  # ("besides the one from 2018 ...":
        year = _YEAR_THEN.match(m.group("what")[word.start():])  # the date is the name's)
        if year and name and _a_name(name) and not re.search(r"(?i)\bones?$", name) and _verb(
                *year.group("verb", "after")):  # "besides 2394 from 2018 mention async"
            return question[:m.start()] + question[m.start("what") + word.start():], name
        by = _AUTHOR_THEN.match(m.group("what")[word.start():])  # (and the author's)
        if by and name and _a_name(name) and not re.search(r"(?i)\bones?$", name) and _verb(
                *by.group("verb", "after")):  # "besides delta.md by Grace mention valves"
            return question[:m.start()] + question[m.start("what") + word.start():], name
        if _verb(word.group(), after):
            if not name or not _a_name(name):
                return None
            return question[:m.start()] + question[m.start("what") + word.start():], name
        if word.group().lower() in _GOING_ON:
            return None
    return None


# a date said between the name left out and the question's verb: "besides 2394 from 2018
# mention async" ("2394" was searched for as a word, 2018 not read)
_YEAR_THEN = re.compile(rf"(?:{DATING}\s+)?(?:from|in|of|dated)\s+(?:19|20)\d\d\b"
                        r"\s+(?P<verb>\S+)(?:\s+(?P<after>\S+))?", re.I)


# an author said between the name left out and the question's verb: "besides delta.md by
# Grace mention valves" ("by" ended no name, and "delta", "Grace" were searched as words);
# a name capitalised, as which.BY_AUTHOR reads it
_AUTHOR_THEN = re.compile(r"(?i:(?:(?:written|authored|prepared|signed|edited)\s+)?by)\s+"
                          r"[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*)*\s+(?P<verb>\S+)"
                          r"(?:\s+(?P<after>\S+))?")


def _verb(verb: str | None, after: str | None) -> bool:
    """Whether ``verb`` (a word, ``after`` the one after it) is the question's verb going on
    after a name left out: one of :data:`_VERB_AFTER`, :data:`_VERB_ON` with its preposition,
    or a past form (:data:`_PAST`) not followed by a preposition (a participle, then)."""
    verb, after = (verb or "").lower(), (after or "").lower()
    return (verb in _VERB_AFTER or f"{verb} {after}" in _VERB_ON
            or verb in _PAST and after not in STOPWORDS - {"a", "an", "the"})


def left_out_alone(rest: str) -> str | None:
    """The name a cue opening ``rest`` leaves out where nothing follows it (``rest``: what a
    question asking for documents says after the word naming them, " other than RFC 2592" of
    "List the RFCs other than RFC 2592"), else None; its words were searched for, RFC 2592
    not left out of those listed. Not of more than names ("other than Box implement Unpin")."""
    m = re.fullmatch(rf"\s*(?:{LEAVING_OUT.pattern})\s+(\S.*?)[\W]*", rest, re.I)
    return m.group(1) if m and _a_name(m.group(1)) else None


def _a_name(what: str) -> bool:
    """Whether ``what`` names a thing or things of a word or two each ("pinning", "the pin
    RFC", "RFC 2349 and RFC 2394"), no word by which a question goes on among them."""
    for name in re.split(r"\s+(?:and|or)\s+", what):
        words = [w for w in name.split() if not w.isdigit()]
        if {w.lower() for w in words} & _GOING_ON:
            return False
        if len([w for w in words if w.lower() not in ("a", "an", "the")]) > 2:
            return False
    return True


def _ends_left_out(question: str, m: re.Match) -> bool:
    """Whether what the cue leaves out runs to the question's end, with nothing more asked
    after it: after a comma ("How does the waker work, apart from the poll call?"), or a
    name of a word or two ("besides pinning", "other than the pin RFC", "besides RFC 2349
    and RFC 2394") after the question's verb. Where the question went on after it, its
    rest was lost: "Which RFCs besides RFC 2394 mention async?" was "Which RFCs?"."""
    if re.search(r"[^?!.\s]", question[m.end():]):
        return False
    before = question[:m.start()]
    if re.search(r",\s*$", before):
        return True
    return not _SUBJECT.match(before) and _a_name(m.group("what"))


def left_out_unnamed(rest: str) -> tuple[str, str] | None:
    """(``rest`` without it, what it leaves out) where a cue leaving something out opens
    ``rest`` (what a count asks after "are there": " besides pinning?") and no document was
    found that it names (:func:`docnav.query.holding.left_out` took those out before): the
    documents are counted all, its words none they must hold ("How many RFCs are there besides
    pinning?" counted those holding "pinning", the opposite); else None."""
    m = re.fullmatch(rf"\s*(?:{LEAVING_OUT.pattern})\s+(?P<what>.*?\w)(?P<end>\W*)", rest, re.I)
    return (m.group("end"), m.group("what")) if m else None


def left_out_unnamed_within(rest: str) -> tuple[str, str] | None:
    """(``rest`` without it, what it leaves out) where a cue leaving something out opens
    ``rest`` (what a question asking for documents says after the word naming them: " besides
    pinning mention async?") and its name of a word or two goes on with the question's verb
    (:func:`left_out_within`), no document being found that it names
    (:func:`docnav.query.holding.left_out` took those out before): the documents are those
    the rest asks for, its words none they must hold ("Which RFCs besides pinning mention
    async?" counted those holding "pinning" and "async", as if it said "pinning and async");
    else None."""
    if not re.match(rf"\s*(?:{LEAVING_OUT.pattern})\s", rest, re.I):
        return None
    return left_out_within(rest)


def left_out_unnamed_last(rest: str) -> tuple[str, str] | None:
    """(``rest`` without it, what it leaves out) where a cue and a name of a word or two end
    ``rest`` (what a question asking for documents says after its verb: " async besides
    pinning?"), no document being found that it names (:func:`docnav.query.holding.left_out`
    took those out before): as :func:`left_out_unnamed_within`, its words none they must hold
    ("Which RFCs mention async besides pinning?" counted those holding "pinning" too, where
    "Which RFCs besides pinning mention async?" did not); else None."""
    m = re.fullmatch(rf"(?P<asked>.*?\w)\s*,?\s+(?:{LEAVING_OUT.pattern})\s+"
                     r"(?P<what>[^,;?!]*\w)(?P<end>\W*)", rest, re.I | re.S)
    if m is None or not _a_name(m.group("what")):
        return None
    return m.group("asked") + m.group("end"), m.group("what")


def searched_without(asked: str, at: int, rest: str, left_rest: str) -> str:
    """``asked`` as searched, its part ``rest`` (from ``at``) read as ``left_rest``, without
    what it leaves out: its spaces and a comma before the cue gone ("Which RFCs mention
    async, besides RFC 2394?": "Which RFCs mention async?"), its question mark kept ("How
    many RFCs are there besides RFC 2592?": "How many RFCs are there?")."""
    searched = " ".join((asked[:at] + left_rest + asked[at + len(rest):]).split())
    searched = re.sub(r"\s+(?=[?!.,])|[,;]+(?=[?!.]*$)", "", searched)
    if asked.rstrip().endswith("?") and not searched.endswith("?"):
        searched += "?"
    return searched



# documents left out by what they are about, not by name: "besides the ones about pinning",
# "other than those mentioning Pin", "except the RFCs on pinning"
_ABOUT_ONES = re.compile(
    rf"(?P<asked>.*?\w)\s*,?\s+(?:{LEAVING_OUT.pattern})\s+(?:the\s+ones?|those|any|the\s+"
    rf"{_KIND})\s+(?:(?:that|which)\s+(?:are\s+)?)?(?:about|on|mention(?:s|ing)?|"
    r"discuss(?:es|ing)?)\s+(?P<what>[^,;?!]*\w)(?P<end>\W*)", re.I | re.S)


def left_out_about(rest: str) -> tuple[str, str] | None:
    """(``rest`` without it, what they are about) where a cue at the end of ``rest`` (what a
    question asking for documents says after its verb: " async besides the ones about
    pinning?") leaves out the documents about something rather than by their names: those
    holding its words are left out (:func:`docnav.query.which.which_documents`); "Which RFCs
    mention async besides the ones about pinning?" counted those holding "async" and
    "pinning", the opposite; else None."""
    m = _ABOUT_ONES.fullmatch(rest)
    return (m.group("asked") + m.group("end"), m.group("what")) if m else None


_ABOUT_FIRST = re.compile(
    rf"^\s*,?\s*(?:{LEAVING_OUT.pattern})\s+(?:the\s+ones?|those|any|the\s+{_KIND})\s+"
    r"(?:(?:that|which)\s+(?:are\s+)?)?(?:about|on|mention(?:s|ing)?|discuss(?:es|ing)?)\s+"
    r"(?P<tail>\w.*)$", re.I | re.S)


def left_out_about_first(rest: str, verb_at: Callable[[str], bool]) -> tuple[str, str] | None:
    """:func:`left_out_about` of a cue right after the word naming the documents, before the
    verb (" besides the ones about pinning mention async?"): what they are about runs to the
    first word ``verb_at`` reads a verb at ("mention async?"); "Which RFCs besides the ones
    about pinning mention async?" counted those holding "pinning" and "async", the opposite."""
    if not (m := _ABOUT_FIRST.match(rest)):
        return None
    words = m.group("tail").split(" ")
    for at in range(1, len(words)):
        if verb_at(" " + " ".join(words[at:])):
            return " " + " ".join(words[at:]), " ".join(words[:at])
    return None
