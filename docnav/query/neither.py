"""Which documents hold none of what a question asking for documents names after "neither
... nor" (:mod:`docnav.query.which`): of "Which RFCs cite neither RFC 2394 nor RFC 2349?",
those whose references lead to none of the documents it names (as "Which RFCs cite RFC 2394
or RFC 2349?" reads them, the others); of "Which RFCs mention neither async nor pinning?",
those whose text holds neither word (as "Which RFCs mention async?" counts by their words).
They are counted and listed, none read: there is nothing of theirs to read about what they
lack. The first was refused ("neither ... nor" is not read), the second counted those
holding "neither", "async", "nor" and "pinning". Of "Which RFCs mention async but not
pinning?", those holding the first and not the second (both were counted as wanted)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from docnav.errors import InputError
from docnav.query.holding import REFERRING, SAYS_NEITHER, referring_to_any
from docnav.query.joined_or import THE_WORD, holding_any
from docnav.query.lexical import search_words
from docnav.query.names import NAMING_WORDS, said_alone
from docnav.query.referring import each_numbered, unindexed_alone

if TYPE_CHECKING:
    from docnav.query.graph import DocNavGraph
    from docnav.query.navigator import Navigator

# what a question asking for documents says after its verb: " neither RFC 2394 nor RFC 2349?"
_NEITHER = re.compile(r"^\s*neither\s+(?P<names>\S.*?)\W*$", re.I)
# "nor", or a comma before the last ("neither RFC 2592, RFC 2394 nor RFC 2349": the first two
# were read as one name, and the question refused as naming a document and a word)
_NOR = re.compile(r"\s*,\s*(?:nor\s+)?|\s+nor\s+", re.I)
_OR = re.compile(r"\s*,\s*(?:or\s+)?|\s+or\s+", re.I)  # "don't mention async or pinning"
_OR_NOR = re.compile(r"\s*,\s*(?:n?or\s+)?|\s+n?or\s+", re.I)  # "... async nor pinning" too
# what goes on past a name of words: "pinning and mention async", "async but closures"
_GOES_ON = re.compile(r"\b(?:and|or|but|that|which|who|whose|with|without|besides)\b", re.I)
# "do not mention async", "don't cite RFC 2394 or RFC 2349", "are not about async": of the
# documents holding none of it (those holding "async" were counted, "not" no word searched for)
# verbs saying what a document's text holds, so that its words are what is counted: "use"
# too ("Which papers do not use BERT?" was refused); not "implement", "support", "accept",
# "require", "change": said of what is done, not of what a text says
_HOLD_VERB = (r"mention(?:s|ed)?|discuss(?:es|ed)?|cite[sd]?|refer(?:s|red)?\s+to|"
              r"link(?:s|ed)?\s+to|talk(?:s|ed)?\s+about|cover(?:s|ed)?|describe[sd]?|"
              r"contain(?:s|ed)?|hold(?:s)?|use[sd]?|include[sd]?|referenc(?:e[sd]?)")
_NOT_VERB = rf"{_HOLD_VERB}|about"
# "never" is a "not" right before a verb of saying words alone ("never mention pinning":
# those holding "never" and "pinning" were counted); right after the documents asked for,
# before another verb, a "not" not read ("Which RFCs were never accepted?": refused, see
# _NEVER_THEM); elsewhere no negation ("the never type", "say a value is never moved",
# "never-returning": each was refused, saying "not" is read only in ...)
# ("have never mentioned", "never once mention", "never talk about", "never use" were refused:
# any tense, "once" said after it, a verb of holding words)
_NEVER_VERB = (r"mention(?:s|ed)?|cite[sd]?|discuss(?:es|ed)?|refer(?:s|red)?\s+to|"
               r"talk(?:s|ed)?\s+about|use[sd]?")
# "do not" before a verb of what a text holds; "are not" before "about" alone: a passive
# ("are not referenced by RFC 2394", "are not included in", "are not used anymore") counted
# those not holding "by RFC 2394" (it is refused, "not" not read there)
_NOT = (rf"(?:(?:do|does|did)(?:\s+not|n[’']t)(?=\s+(?:{_HOLD_VERB})\s)|"
        rf"(?:are|is|were|was)(?:\s+not|n[’']t)(?=\s+about\s)|"
        rf"(?:(?:have|has|had)\s+)?never(?:\s+once)?(?=\s+(?:{_NEVER_VERB})\s))")
# "lack pinning" as "do not mention pinning" (those holding "lack" were counted)
_LACK = r"lack(?:s|ed)?"
NOT_SAID = re.compile(rf"^\s+(?:(?P<not>{_NOT})\s+(?P<verb>{_NOT_VERB})|(?P<lack>{_LACK}))\s+"
                      rf"(?P<names>\w.*?)\W*$", re.I)
# a negation said otherwise of the documents asked for ("... are not yet implemented?", "...
# still aren't implemented?", "... that mention async don't mention pinning?"): refused
# (not_count), rather than the opposite counted; not one in a clause of what they hold (a "why"
# or "how" clause, a "that" one after a word of theirs) whose verb reads no document ("...
# explain why async closures are not stable?", "... mention code that can't be moved?")
_NEGATED = re.compile(r"\b(?:(?:do|does|did|are|is|were|was|have|has|had|can|could|will|would|"
                      r"should)(?:\s+not|n[’']t)|won[’']t|can[’']t|cannot)\b", re.I)
# "mention async but not pinning", "... and not pinning", "... but never pinning", "... but
# never mention pinning", "... without mentioning pinning": those holding the first and not
# the second (both were counted as wanted); only after a verb of holding words (a verb of a
# topic, "about", "discuss", "cover", "describe", may name one thing: "Which RFCs are about
# pinning but not async?" is searched as before); a bare "without" is no "not" ("mention
# training without labels", "functions without arguments": one topic, searched as before);
# nor where a place, a manner or a time follows ("but not in the summary", "but not always",
# "used to be unstable but not anymore")
_BUT_VERB = (r"mention(?:s|ed)?|cite[sd]?|citing|refer(?:s|red)?\s+to|referenc(?:e[sd]?)|"
             r"link(?:s|ed)?\s+to|contain(?:s|ed)?|hold(?:s)?|include[sd]?|use[sd]?")
_BUT_CUE = (r"(?:but|and)\s+(?:not|never)(?:\s+(?:mention|cite|refer|reference|contain|include|"
            r"use)s?(?:\s+to)?)?|without\s+(?:mentioning|citing|referring\s+to|referencing|"
            r"containing|including|using)")
_NOT_NAME = (r"(?:in|on|at|as|by|for|from|of|with|to|only|yet|always|anymore|any\s+more|ever|"
             r"all|both|either|each|every|much|necessarily|explicitly|directly|just|really|so|"
             r"too|very|how|why|when|where|what|whether|that|this|these|those|it|them|one|"
             r"do|does|did|is|are|was|were)\b")
_BUT_NOT = re.compile(rf"^\s+(?P<held>\w.*?)\s*,?\s+(?P<cue>{_BUT_CUE})\s+(?!{_NOT_NAME})"
                      rf"(?P<names>\w.*?)(?:\s*,?\s+and)?\W*$", re.I)  # (", and were published in
# 2018": its date read, which.DATED_LAST, "and" left)
_SAID_BUT = re.compile(rf"\b(?:{_BUT_VERB})$", re.I)
# any of those, or "lack", "have no", said of one document ("Which RFC isn't accepted?", "...
# does not mention async?") asks for those so, as of several: counted, or refused where its
# "not" is not read (:data:`docnav.query.which.WHICH_DOCUMENTS`: it read the best match as if
# nothing were negated): a lookahead after the word naming it
# ("Which RFC mentions lifetimes but not closures?" too: it read the best match, 2094-nll.md,
# which says "closures"); "Which RFC cites neither RFC 2394 nor RFC 2349?" too (read as naming
# RFC 2394, "neither", "nor" and "2349" said missing); "Which RFC neither cites ...?" is refused
# as of several
# ("Which RFC describes pinning but not in detail?", of a verb of a topic or with a place or
# manner after "but not", is read as of one, as before)
ONE_NOT_SAID = (rf"(?=\s+(?:{_NEGATED.pattern}|(?:(?:is|was|has|had|does|did)\s+)?never\b(?!-)|"
                rf"{_LACK}\b|(?:has|have)\s+no\b|(?:{_BUT_VERB})\s+[^?!.]*?"
                rf"\b(?:{_BUT_CUE})\s+(?!{_NOT_NAME})|(?:(?:{_NOT_VERB})\s+)?neither\s+\w))")
_CLAUSE = re.compile(r"\b(?:why|how|what|when|where|whether)\b|\w\W+(?:that|which|who)\b", re.I)
_READING = re.compile(rf"\s+(?:{_NOT_VERB}|say(?:s)?|said)\b", re.I)


# "never" said of the documents asked for, right after the word naming them ("Which RFCs
# were never accepted?", "... never stabilized?"): a "not" of theirs
_NEVER_THEM = re.compile(r"^\s+(?:(?:are|is|were|was|have|has|had|do|does|did)\s+)?never\b"
                         r"(?!-)", re.I)


def _negates_them(rest: str) -> bool:
    """Whether ``rest`` (a question's words after the documents asked for) says a "not" of
    them: one not inside a clause of what they hold (:data:`_NEGATED`)."""
    return any(not (_CLAUSE.search(rest[:m.start()]) and not _READING.match(rest[m.end():]))
               for m in _NEGATED.finditer(rest))


_NOT_READ = ('"do not" (or "does not", "don\'t") "mention", "use", "cite", "hold", "discuss" '
             'or "refer to" X right after the documents asked for ("Which RFCs do not mention '
             'async?"), "never mention" (or "cite", "discuss", "refer to", "talk about", '
             '"use") X, "lack X", '
             '"mention X but not Y", "do not have a X section", "are not about X", "are not '
             '<kind>" ("Which documents are not RFCs?") and "neither ... nor"')
_ASKED_SO = ('("Which RFCs cite neither RFC 2394 nor RFC 2349?", "Which RFCs mention neither '
             'async nor pinning?")')
# what works of a negation said with more after it ("... do not mention async and were
# published in 2018?"): their date before it; what else they hold is not read with it (the
# error suggested "neither ... nor", which reads no more either)
_NOT_ASKED_SO = ('("Which RFCs that were published in 2018 do not mention async?", "Which RFCs '
                 'from 2018 do not mention async?"); what else they hold is not read with it: '
                 'ask that apart ("Which RFCs mention async?")')

# of "lack" said with more after it ("... lack a Drawbacks section and mention async?"): the
# forms of "lack" that work (the error suggested "do not mention" with a date)
_LACK_ASKED_SO = ('("Which RFCs lack a Drawbacks section?", "Which RFCs from 2018 lack '
                  'pinning?"); what else they hold is not read with it: ask that apart '
                  '("Which RFCs mention async?")')


def neither_count(nav: Navigator, asked: str, rest: str, said: str | None, every: list[str]
                  ) -> dict | None:
    """What a count of the documents ``every`` (those asked of) holding none of the names
    after "neither" in ``rest`` says (what the question ``asked`` says after its verb
    ``said``): of a verb of referring ("cite", "mention") where each name names one document
    (or a number no document is, nor holds: cited by none), those whose references lead to
    none of them, the named ones left out (``"neither_by"``: "references", ``"neither_paths"``:
    each one's path, None of a number not indexed); else those holding the words of none of
    them (``"neither_by"``: "words"); ``"neither"``: the names as said, either way (it held
    the paths of the first); None where ``asked`` says no "neither" or "nor". An
    InputError where it says them elsewhere than right after its verb ("Which RFCs neither
    cite ...", "... mention async but neither ..."), of a mix of documents and words, or where
    a name says more than a name ("nor RFC 2349 and mention async"): each was read as words,
    or that dropped."""
    if not SAYS_NEITHER.search(asked):
        return None
    if not said and NOT_SAID.match(rest) and not re.search(r"\bneither\b", rest, re.I):
        return None  # "don't mention async nor await": not_count's, "nor" as "or"
    if not said and (use := _USE.match(rest)):  # "use neither unsafe nor Send" ("use": no
        said, rest = use["verb"], rest[use.end():]  # verb of which.ABOUT: refused, "right
        # after the verb" said of it)
    m = _NEITHER.match(rest) if said else None
    if not m or not re.search(r"\bnor\b", m["names"], re.I):
        raise neither_unread(asked)
    return _none_of(nav, asked, m["names"], _NOR.split(m["names"]), said, every,
                    '"neither ... nor"')


def not_count(nav: Navigator, asked: str, rest: str, said: str | None, every: list[str]
              ) -> dict | None:
    """What :func:`neither_count` says of a question asking for the documents that do not hold
    what it names ("Which RFCs do not mention async?", "... don't cite RFC 2394 or RFC
    2349?", "... are not about async?": ``rest``, with no verb ``said`` before it): those
    holding none of it, by their references or by their words (one name: ``"neither"`` holds
    it alone); None of any other. Those holding "async" were counted ("not", "do" no words
    searched for); "about" is read as of a question asking which documents are about
    something, by their words, as "besides the ones about pinning" leaves out those holding
    "pinning"."""
    m = None if said else NOT_SAID.match(rest)
    if m is None and (_negates_them(rest) or not said and _NEVER_THEM.match(rest)):  # "...
        # are not yet implemented?", "... were never accepted?": "not" dropped,
        raise InputError(f"query {asked!r}: \"not\" is read only in {_NOT_READ}; here it "
                         f"would be dropped and the opposite counted: ask in one of those "
                         f"forms")  # (the others were counted)
    if m is None:
        return None
    if m["lack"] and (more := next((name for name in _OR_NOR.split(m["names"])
                                    if _MORE_THAN_A_NAME.search(name) and not (
                                        _GOES_ON.search(name) or _DATED_NAME.match(name)
                                        or THE_WORD.match(name))), None)):
        # ("lack any mention of pinning" was counted as the words "any mention of pinning")
        raise InputError(f"query {asked!r}: \"{m['lack']}\" is read of a name alone (\"lack "
                         f"pinning\") or of a part (\"lack a Drawbacks section\"), and "
                         f"{more!r} says more than a name: ask \"... do not mention "
                         f"{_ASKED_OF.split(_DETERMINER.sub('', more))[-1]}?\"")
    verb = "mention" if m["lack"] or m["verb"].lower() == "about" else m["verb"]
    return _none_of(nav, asked, m["names"], _OR_NOR.split(m["names"]), verb, every,
                    f'"{m["lack"]}"' if m["lack"] else f'"{m["not"]} {m["verb"]}"',
                    _LACK_ASKED_SO if m["lack"] else _NOT_ASKED_SO)


# what says more than a name after "lack": an article or a word of a phrase before it ("a
# borrow checker", "any mention of pinning"), a preposition inside it
_DETERMINER = re.compile(r"^(?:an?|the|any|some|one|such|much|many)\s+", re.I)
_ASKED_OF = re.compile(r"\s(?:of|on|in|for|from|about|at|to|by|into)\s", re.I)
_MORE_THAN_A_NAME = re.compile(rf"{_DETERMINER.pattern}\S|{_ASKED_OF.pattern}", re.I)


_USE = re.compile(r"^\s+(?P<verb>use[sd]?)(?=\s)(?!\s+to\b)", re.I)  # (not "used to be")


# names joined by "and" ("async and await"), not a clause after it ("fuse and were published
# in 2018", "box and mention fuse")
_JOINED_AND = re.compile(rf"(?!.*\band\s+(?:(?:are|is|were|was|do|does|did|have|has|had)\b|"
                         rf"(?:{_NOT_VERB})\b))\w[\w\s-]*?\s+and\s+\w[\w\s-]*", re.I)


def but_not_count(nav: Navigator, asked: str, rest: str, said: str | None, every: list[str]
                  ) -> dict | None:
    """What :func:`neither_count` says of a question asking for the documents that hold one
    thing and not another ("Which RFCs mention async but not pinning?": ``rest`` after its verb
    ``said``): of those holding the words of the first (any one of several joined by "or"),
    those holding none of the second, by their words (``"holding"``: the first, as said);
    None of any other. An InputError where the first names a document ("cite RFC 2394 but not
    pinning"): its words would be counted, not its references."""
    if not said and (use := _USE.match(rest)):  # "use BERT but not ELMo" ("use": no verb
        said, rest = use["verb"], rest[use.end():]  # of which.ABOUT, searched as a word)
    m = _BUT_NOT.match(rest) if said and _SAID_BUT.search(said) else None
    if m is None:
        return None
    held = _OR.split(m["held"])
    if REFERRING.search(said) and any(_each_named(nav.graph, m["held"], len(held), every)):
        raise InputError(f"query {asked!r}: \"{m['cue']}\" is read of words alone, and "
                         f"{m['held']!r} names a document: ask of it apart (\"... {said} "
                         f"{m['held']}?\", \"... {said} neither ... nor ...?\")")
    if not all(search_words(name) for name in held):
        return None
    found = holding_any(nav.graph, held, every)  # ("if-let" in any spelling, not "if", "let")
    holding = [p for p in every if p in found]
    count = _none_of(nav, asked, m["names"], _OR.split(m["names"]), said, holding,
                     f'"{m["cue"]}"', _NOT_ASKED_SO)
    # (how many hold the first: "0 of the 27 ... hold "async", and do not hold "pinning""
    # read as if none held "async")
    return count and {**count, "of": len(every), "holding": held, "holding_n": len(holding)}


# a date said after the names ("... but not Send, published in 2018?", "..., and were
# published in 2018?"): no name
_DATED_NAME = re.compile(r"^(?:and\s+)?(?:(?:were|was|are|is)\s+)?(?:started|created|written|"
                         r"published|dated|filed|submitted|accepted|approved|adopted|merged)\b|"
                         r"^(?:from|in|before|after|since)\s+\d{4}\b", re.I)


def _none_of(nav: Navigator, asked: str, said_names: str, names: list[str], said: str,
             every: list[str], form: str, ask_as: str = _ASKED_SO) -> dict | None:
    """:func:`neither_count` (or :func:`not_count`, ``form`` saying which: "do not mention")
    of the names ``said_names`` (``names``: each) after the verb ``said``; ``ask_as``: the
    questions that work, which an error of names saying more suggests."""
    if REFERRING.search(said):
        named = _each_named(nav.graph, said_names, len(names), every)
        if all(named):
            indexed = set(nav.graph.document_paths())  # (not "RFC 9999": cited by none)
            paths = list(dict.fromkeys(one for one in named if one in indexed))
            into = referring_to_any(nav.graph, paths, every, False)[0] if paths else {}
            others = [p for p in every if p not in paths]
            return {**_count([p for p in others if p not in into], len(others), names,
                             "references"),
                    "neither_paths": [one if one in indexed else None for one in named]}
        if any(named) and not any(_GOES_ON.search(name) for name in names):
            raise _mixed(asked, names, named, form)
    if dated := next((name for name in names if _DATED_NAME.match(name)), None):
        # ("... but not Send, published in 2018?": "Send" and "published in 2018" were
        # counted as two names)
        raise InputError(f"query {asked!r}: a date said after {form} is not read there "
                         f"({dated!r} would be read as a name): say it right after the "
                         f"documents asked for (\"Which RFCs from 2018 mention unsafe but not "
                         f"Send?\", \"Which RFCs published in 2018 do not mention async?\")")
    if ask_as == _NOT_ASKED_SO and any(_JOINED_AND.fullmatch(name) for name in names):
        # "do not mention async and await": of none of them, or not of both? (refused as
        # saying more than a name, the error suggested a date)
        joined = re.sub(r"\s+and\s+", " or ", said_names)
        raise InputError(f"query {asked!r}: {form} with names joined by \"and\" is not read "
                         f"(none of them, or not all of them?): ask \"... {form[1:-1]} "
                         f"{joined}?\" (those holding none of them), or of each apart")
    if goes_on := [name for name in names if _GOES_ON.search(name)]:  # ("... nor RFC 2349
        # and mention async?": "and mention async" was dropped)
        raise InputError(f"query {asked!r}: {form} is read of names alone, and "
                         f"{goes_on[0]!r} says more than a name (it would be read as words, "
                         f"or dropped); ask as {ask_as}")
    names = [THE_WORD.sub("", name) for name in names]
    if not all(search_words(name) for name in names):  # a name of no word searched for
        return None  # ("neither this nor that")
    # (a hyphenated word in any spelling: "neither if-let nor pinning" was counted by "if" and
    # "let" held anywhere, and said 'hold neither "if-let" nor "pinning"')
    found = holding_any(nav.graph, names, every)
    holding = [p for p in every if p not in found]
    return _count(holding, len(every), names, "words")


def neither_unread(asked: str) -> InputError:
    """The error of a question saying "neither" or "nor" where it is not read: its words were
    counted, "neither" too ("Which RFCs neither cite RFC 2394 nor RFC 2349?" listed RFC 3668,
    which cites RFC 2394)."""
    return InputError(f"query {asked!r}: \"neither ... nor\" is read only right after the verb "
                      f"saying what the documents asked for hold, naming documents or words "
                      f"alone {_ASKED_SO}; here it would be read as words")


def _each_named(graph: DocNavGraph, names: str, many: int, every: list[str]
                ) -> list[str | None]:
    """Of the names said after "neither", joined by "nor" (``many`` of them), each one's
    path where it names one document alone, its number as said ("RFC 9999") where it names
    none indexed that none of those at ``every`` holds, else None."""
    # each number with its kind, as of "or" ("RFC 2394 nor 2349": "RFC 2349")
    numbered = re.split(r"\s*,?\s+or\s+", each_numbered(_NOR.sub(" or ", names)))
    if len(numbered) != many:  # a name saying "or" itself
        return [None] * many
    named: list[str | None] = []
    for name in numbered:
        one = said_alone(graph, name, NAMING_WORDS)
        unindexed = unindexed_alone(graph, name, every) if not one else []
        named.append(one[0][0] if one and len(one) == 1 else
                     unindexed[0] if len(unindexed) == 1 else None)
    return named


def _mixed(asked: str, names: list[str], named: list[str | None], form: str) -> InputError:
    """The error of "neither ... nor" (``form``) naming documents and words: neither count
    reads both."""
    document = next(name for name, one in zip(names, named) if one)
    other = next(name for name, one in zip(names, named) if not one)
    return InputError(f"query {asked!r}: {form} names a document ({document!r}) "
                      f"and {other!r}, which names no one document indexed alone: ask of the "
                      f"documents or of the words apart {_ASKED_SO}")


def _count(documents: list[str], of: int, neither: list, by: str) -> dict:
    """What :func:`neither_count` gives a count: none of them read."""
    return {"n": len(documents), "of": of, "documents": documents, "words": None, "held": 0,
            "neither": neither, "neither_by": by}


__all__ = ["NOT_SAID", "ONE_NOT_SAID", "SAYS_NEITHER", "but_not_count", "neither_count",
           "neither_unread", "not_count"]
