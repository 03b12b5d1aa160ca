"""Words and names a question asking which documents joins by "or" ("Which documents mention
Adobe or Amazon?", "Which RFCs mention futures or pinning?"): those holding any one of them
are counted (:mod:`docnav.query.which`), not those holding all, nor, of a word held by most
("futures"), those holding the others alone."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable

from docnav.errors import InputError
from docnav.query.hyphenated import HYPHENATED, spelled_any_way
from docnav.query.kind_words import NAMING, said
from docnav.query.lexical import search_words
from docnav.query.names import NAMING_WORDS, said_alone, titled_documents

if TYPE_CHECKING:
    from docnav.query.graph import DocNavGraph
    from docnav.query.holding import Held

# names joined by "or" ("Adobe or Amazon", "Best Buy, Adobe or Amazon", "Adobe or Amazon or
# Yelp": each "or" of the chain, or the run stopped at two and "Yelp" was to be held too)
_NAME = r"[A-Z][\w.&'’-]*(?:\s+[A-Z][\w.&'’-]*)*"
_OR_JOINED = re.compile(rf"{_NAME}(?:\s*,\s*{_NAME})*(?:,?\s+or\s+{_NAME})+")


# words joined by "or" ("futures or pinning", "traits, closures or futures"), of any case
_WORD = r"[\w'’-]+"
_OR_WORDS = re.compile(rf"{_WORD}(?:\s*,\s*{_WORD})*(?:,?\s+or\s+{_WORD})+")
# the kind word of a document named by its number, no word joined ("RFC 9999 or RFC 9998 or
# async": "9999", "9998", "async"; "RFC" was joined to "9999" and counted as a word to hold)
_NUMBERED_KIND = re.compile(rf"\b{said(NAMING)}\s+(?=#?\d)", re.I)
# nor are "whether or not", "or not" words joined ("... discuss whether or not to stabilize?"
# counted those holding "whether" or "not", and "stabilize")
_OR_NOT = re.compile(r"\bor\s+not\b", re.I)


def or_joined(question: str, words: dict[str, str], names: bool = True
              ) -> tuple[bool, frozenset[str]]:
    """Of a question asking which documents hold names (``words``: each rare term's word as
    written; words of any case where not ``names``) joined by "or" and not "and": (whether
    those counted hold any one of them, :attr:`~docnav.query.holding.Held.any_of`; the terms
    of those joined where another is not, :attr:`~docnav.query.holding.Held.either`): "...
    mention Adobe or Amazon?": (True, none); "... mention Adobe or Amazon in Europe?":
    (False, "adobe" and "amazon"), "Europe" held too."""
    if not re.search(r"\bor\b", question) or re.search(r"\band\b", question):
        return False, frozenset()
    joined = _joined(question, words, names)
    return (True, frozenset()) if len(joined) < 2 or len(joined) == len(words) else (
        False, joined)


def _joined(question: str, words: dict[str, str], names: bool) -> frozenset[str]:
    """The terms of ``words`` (each term's word as written) that ``question`` joins by "or"."""
    runs = [m.group() for m in _OR_JOINED.finditer(question)] if names else [
        m.group() for m in _OR_WORDS.finditer(_phrased(
            _plain(question), lambda phrase: phrase.lower() in words))]
    return frozenset(t for t, w in words.items() if any(
        re.search(rf"(?<![\w-]){re.escape(w.replace(' ', '-'))}(?![\w-])", run)
        for run in runs))


def _plain(question: str) -> str:
    """``question`` less what "or" joins that is no word to hold ("RFC" of "RFC 9999 or
    async", "or not")."""
    return _OR_NOT.sub("", _NUMBERED_KIND.sub("", question))


# a hyphenated word and the word after it, one piece of words joined by "or" ("non-lexical
# lifetimes or pinning", "pinning or non-lexical lifetimes?": "lifetimes" or "pinning" were
# held, and "lexical" by each, 2349-pin.md missed)
# (and the two words before the first "or", the question read as "Which ... trait objects or
# ...?": "mention trait objects or dyn-trait syntax" held "objects" alone, 13 of 27 RFCs where 8
# say "trait objects"; glued where the first is no word of the asking, :func:`_first_piece`)
_PHRASE = re.compile(rf"({HYPHENATED.pattern})\s+(\w+)(?=\s*(?:,|\bor\b))"
                     rf"|(?<=\bor\s)({HYPHENATED.pattern})\s+(\w+)(?=\s*[?.!]*\s*$)"
                     r"|^(which\s+(?:[\w'’-]+\s+)*?)(\w+)\s+(\w+)(?=\s*(?:,|\bor\b))"
                     # (a later piece of two words: "closures, trait objects or pinning",
                     # "pinning or const generics?": "generics" was held by every one)
                     r"|(?:(?<=,\s)|(?<=\bor\s))(\w+)\s+(\w+)(?=\s*(?:,|\bor\b)|\s*[?.!]*\s*$)",
                     re.I)
# a word before the first of those joined that is none of it: "either", an adverb, a verb the
# question asks by ("Which RFCs mention either closures or pinning?", "... use closures or
# pinning?", "... mention also closures ...": "either closures" or "pinning" were held, 3 of
# 27 RFCs where 11 hold "closures" or "pinning")
_ADVERB = re.compile(r"\w+ly$", re.I)
# a word that never starts or ends a piece: an article or determiner ("Which RFCs mention the
# closures or pinning?" held "the closures": 4 of 27 RFCs where 11 hold one), an adverb of time
# or degree ("... pinning or traits today?" held "traits today", a phrase none holds)
_FUNCTION = re.compile(
    r"(?:the|a|an|any|all|some|these|those|this|that|its|their|each|every|such|no|"
    r"today|now|still|currently|yet|already|again|ever|anymore|anywhere|here|there|"
    r"either|neither|both|also|too|only|even|just|at|in|of)$", re.I)
# an adverb after the last piece ("... closures or traits specifically?"), not a noun of the
# same ending ("inline assembly", "family", "supply")
_TRAILING = re.compile(r"\w+(?<!mb|mi|ma|pp|ep|ip|pl|mp)ly$", re.I)
# what may stand between the kind word and the question's verb ("Which RFCs explicitly
# mention ...", "... also mention ...", "... do not mention ...")
_BEFORE_VERB = r"(?:(?:do|does|did|not|\w+ly|also|now|still|only|even|just|too)\s+)*"
_VERB = re.compile(
    r"(?:(?:use|say|propose|introduce|define|add|suggest|require|need|allow|support|explain|"
    r"state|cover|discuss|describe|mention|reference|refer|cite|contain|include|hold|have|"
    r"has|talk|list|give|show|do|does|did)(?:s|es|d|ed)?|said|uses|says)$", re.I)
_AUXILIARY = re.compile(r"(?:do|does|did)$", re.I)


def _first_piece(before: str, first: str, second: str, held_as: Callable[[str], bool],
                 asked: str = "") -> bool:
    """Whether ``first`` and ``second``, the two words before the first "or" (``before``:
    what precedes them), are one piece of those joined: not where ``first`` is a word of the
    asking (a marker, "either", of :data:`_FUNCTION`; the question's own verb, "Which RFCs
    use closures or ...?", not one after it, "... mention use cases or ...?", as ``asked``
    says it, the question before its verb of holding was taken out; an adverb, "explicitly
    closures", unless the documents hold the two as a phrase, ``held_as``: "early returns"),
    nor where either word is one of :data:`_FUNCTION` ("the closures"). Split, the first
    word was a word every document counted held ("const" of "const generics or
    specialization": 5 of 27 RFCs, 1210-impl-specialization missed)."""
    if (_FUNCTION.match(first) or _FUNCTION.match(second)
            or not search_words(second)):
        return False
    if not search_words(first):  # "use cases", "use" a word of any text
        return held_as(f"{first}-{second}")
    if _VERB.match(first):
        prev = before.split()[-1] if before.split() else ""
        if _VERB.match(prev) and not _AUXILIARY.match(prev):
            return True
        return (not re.search(
            rf"\b{said(NAMING)}\s+{_BEFORE_VERB}{re.escape(first)}\s+"
            rf"{re.escape(second)}\b", asked, re.I) if asked
                else held_as(f"{first}-{second}"))  # (glued before, of :func:`_joined`)
    return not _ADVERB.match(first) or held_as(f"{first}-{second}")


def _phrased(plain: str, held_as: Callable[[str], bool] = lambda phrase: False,
             asked: str = "") -> str:
    """``plain`` with each hyphenated word that is one piece of an "or" list with the word
    after it (a search word: not "in" of "if-let in 2018") joined to it by a hyphen, one
    word held in any spelling of it (:func:`~docnav.query.hyphenated.spelled_any_way`:
    "non-lexical lifetimes", "non-lexical lifetime", "non lexical lifetimes" across a line);
    and the two words before the first "or" where they are one piece (:func:`_first_piece`),
    held as a phrase, else by the two together (:func:`_hyphenated`); else the single word,
    as said."""
    def joined(m: re.Match) -> str:
        if m[6]:
            return (f"{m[5]}{m[6]}-{m[7]}" if _first_piece(m[5], m[6], m[7], held_as, asked)
                    else m.group())
        if m[8]:  # (of a list joined by "or": not "..., mention pinning?" of any question)
            return (f"{m[8]}-{m[9]}" if listed and search_words(m[8]) and search_words(m[9])
                    and not _VERB.match(m[8])
                    and not _FUNCTION.match(m[8]) and not _FUNCTION.match(m[9])
                    and not (_TRAILING.match(m[9]) and not held_as(f"{m[8]}-{m[9]}"))
                    else m.group())
        word, after = (m[1], m[2]) if m[1] else (m[3], m[4])
        return (f"{word}-{after}" if search_words(after) and search_words(word)
                else m.group())
    listed = bool(re.search(r"\bor\b", plain, re.I))
    return _PHRASE.sub(joined, plain)


def or_words(held: Held, question: str, written: dict[str, str], graph: DocNavGraph,
             asked: str = "") -> dict[str, str]:
    """Of a question asking which documents hold words joined by "or" ("... mention futures or
    pinning?"; ``written``: each search term's word as written), those words' terms, each as
    written, made rare terms of ``held`` however many documents hold them, so that those
    holding any one are counted (:func:`or_joined`); none where it joins fewer than two, or
    where those holding one of them are counted already ("1 of "Initech", "Globex"").
    "futures", held by 19 of 27 RFCs, was no rare term: the 5 holding "pinning" alone were
    counted, and said to be those holding it. A hyphenated word joined ("if-let") is one
    term of ``held`` and ``written`` (its own, the word lower-cased), held in any of its
    spellings (:func:`~docnav.query.hyphenated.spelled_any_way`), its parts' terms dropped
    ("if", "let": "... mention if-let or pinning?" counted those holding "pinning").
    ``asked``: the question as asked, its verb of holding said (:func:`_first_piece`)."""
    if not re.search(r"\bor\b", question) or re.search(r"\band\b", question):
        # (a hyphenated word asked alone, or joined by "and", is held as in the negated shapes,
        # :func:`holding_any`: "Which RFCs mention if-let?" counted 19 of 27 RFCs by "if" and
        # "let" anywhere, and "... don't mention if-let?" 24)
        if _hyphenated(held, question, written, graph, whole=True):
            held.rare = [t for t in written if t in held.rare or t in _compounds(question)]
            held.held = {p: sum(p in held.holders[t] for t in held.rare) for p in held.every}
        return {}
    if compounds := _hyphenated(held, question, written, graph, asked=asked):
        held.rare = [t for t in written if t in held.rare or t in compounds]
        held.held = {p: sum(p in held.holders[t] for t in held.rare) for p in held.every}
    joined = _joined(question, written, False)
    pieces = _pieces({t: w for t, w in written.items() if t in joined})
    terms = {t: w for t, w in written.items() if t in joined and t not in pieces}
    if len(terms) < 2 or not compounds and held.most <= 1 and all(t in held.rare
                                                                   for t in terms):
        return {}  # (each rare, none held with another: those holding one are counted)
    held.rare = [t for t in written  # (in question order)
                 if (t in held.rare or t in terms) and t not in pieces]
    held.held = {p: sum(p in held.holders[t] for t in held.rare) for p in held.every}
    return terms


def _compounds(question: str) -> set[str]:
    """The terms of the hyphenated words of ``question``."""
    return {m.group().lower() for m in HYPHENATED.finditer(question)}


def _hyphenated(held: Held, question: str, written: dict[str, str], graph: DocNavGraph,
                whole: bool = False, asked: str = "") -> list[str]:
    """Each hyphenated word that ``question`` joins by "or" (any it says, where ``whole``)
    made one term of ``held`` (its documents,
    :func:`~docnav.query.hyphenated.spelled_any_way`) and of ``written``, in place of its
    parts' terms; those terms."""
    phrases: dict[str, set[str]] = {}  # (each two words glued: its documents)

    def held_as(phrase: str) -> bool:
        if phrase.lower() not in phrases:
            phrases[phrase.lower()] = spelled_any_way(graph, phrase, held.every)
        return bool(phrases[phrase.lower()])
    plain = _phrased(_plain(question), held_as, asked)
    found = [] if whole else list(_OR_WORDS.finditer(plain))
    runs = [plain] if whole else [m.group() for m in found]
    words = list(dict.fromkeys(m.group() for run in runs for m in HYPHENATED.finditer(run)))
    # (a word said alone beside it is its own piece, held alone: "let" of "let or if-let",
    # "async" of "async or async-await" were dropped, the compound's holders counted alone;
    # but not one a word to hold follows, its run's last: "type" of "type-ascription or type
    # inference" was held alone, 12 of 27 RFCs counted by "type" and "inference" apart)
    alone = set()
    for m in found:
        pieces = _OR_PIECES.split(m.group())
        followed = bool(search_words(_NEXT_WORD.match(plain, m.end()).group(1)))
        alone |= {piece.strip().lower() for i, piece in enumerate(pieces)
                  if not HYPHENATED.fullmatch(piece.strip())
                  and not (followed and i == len(pieces) - 1)}
    of_part = {part.lower(): word for word in words for part in word.split("-")
               if part.lower() not in alone}
    each = list(written.items())  # (in the question's order, each word where its parts were)
    written.clear()
    for term, word in each:
        if word.lower() in of_part:
            written.setdefault(of_part[word.lower()].lower(), of_part[word.lower()])
        else:
            written[term] = word
    for word in words:  # (a part that is no term: "state-of-the-art")
        # (a phrase as the question says it: "non-lexical lifetimes", not "...-lifetimes")
        said_so = re.search(r"(?<![\w-])" + r"[\s-]+".join(map(re.escape, word.split("-")))
                            + r"(?![\w-])", question, re.I)
        written[word.lower()] = said_so.group() if said_so else written.get(word.lower(), word)
        held.holders[word.lower()] = (phrases[word.lower()] if word.lower() in phrases
                                      else spelled_any_way(graph, word, held.every))
        if (not held.holders[word.lower()] and said_so and " " in said_so.group().strip()
                and (first := re.search(r"\bor\b", question, re.I))
                and said_so.end() <= first.start()):
            # a first piece no document holds as a phrase ("const generics or ..."): those
            # holding its words together, never its first word required of every one (its
            # first word may say what the list is of: "Rust closures or pinning"); a later
            # one is held as a phrase alone ("... or type inference": not "type" and
            # "inference" apart)
            held.holders[word.lower()] = _together(graph, said_so.group(), held.every)
    return [word.lower() for word in words]


def _together(graph: DocNavGraph, said: str, every: list[str]) -> set[str]:
    """Of the documents ``every``, those holding each word of ``said`` (a hyphenated one in
    any spelling of it)."""
    holding = set(every)
    for word in said.split():
        terms = [] if HYPHENATED.fullmatch(word) else list(search_words(word))
        holding &= (spelled_any_way(graph, word, sorted(holding)) if not terms else
                    set.intersection(*graph.term_documents(terms).values()))
    return holding


# the word after a run of words joined by "or", if any ("inference" of "type inference")
_NEXT_WORD = re.compile(r"\s*([\w'’-]*)")


def _pieces(written: dict[str, str]) -> set[str]:
    """Of ``written`` (each term's word as written), the terms that are pieces of a word
    written whole ("black", "box" of "black_box", whose term is the longest of them): a word
    joined by "or" is held whole, not by any piece ("... mention fuse or black_box?" counted
    the 11 of 27 RFCs holding "box")."""
    terms: dict[str, list[str]] = {}
    for t, w in written.items():
        terms.setdefault(w.lower(), []).append(t)
    return {t for each in terms.values() if len(each) > 1
            for t in each if t != max(each, key=len)}


# what a question asking which documents refer to one names, as the pieces "or" joins ("RFC
# 2394 or pinning", "RFC 2394, pinning or wakers")
_OR_PIECES = re.compile(r"\s*,\s*(?:or\s+)?|\s+or\s+", re.I)


# a verb saying what a text holds, said again after "or" ("cite RFC 2394 or mention pinning":
# "mention" was a word to hold, and 2349-pin.md, which holds "pinning" alone, was missed);
# not "use", a noun too, nor one "of" follows ("or use cases" was held as "cases", "or uses
# of unsafe" as "of unsafe")
_HOLDING_VERB = re.compile(
    r"^\s*(?:(?:do|does|are|is|were|was)\s+)?(?:mention(?:s|ed)?|discuss(?:es|ed)?|"
    r"cite[sd]?|refer(?:s|red)?\s+to|link(?:s|ed)?\s+to|talk(?:s|ed)?\s+about|"
    r"cover(?:s|ed)?|describe[sd]?|contain(?:s|ed)?|hold(?:s)?|include[sd]?|"
    r"referenc(?:e[sd]?)|about)\s+(?=\w)(?!of\b)", re.I)
# "the word", "the term" before what a piece names ("the word unsafe" was counted, "word"
# with it; "RFC 2025 or the word pinning": held by those holding "word" too, 2349-pin.md
# missed)
THE_WORD = re.compile(r"^(?:the\s+)?(?:words?|terms?)\s+(?=\w|[\"“'])", re.I)
# a piece naming a document by its kind and number alone ("RFC 9999"), indexed or not: read by
# its number (:func:`docnav.query.referring.numbers_unindexed`), never as words to hold
_NUMBERED_ALONE = re.compile(rf"\s*{said(NAMING)}\s+#?\d+\s*", re.I)
_NUMBERED_IN = re.compile(rf"\b{said(NAMING)}\s+#?\d+\b", re.I)


def _by_name(asked: str | None, said: str, more: str, plain: str) -> str:
    """The question ``asked`` again with the piece ``more`` (a document and more said of it,
    of ``said``: what follows its verb) its name alone, joined to ``plain`` as it was ("Which
    RFCs cite RFC 3902 or mention pinning?"); a form to fill where there is no name by number
    to take (it said "Which RFCs mention RFC 2394 or pinning?" of any question)."""
    name = _NUMBERED_IN.search(more)
    at = asked.rfind(said.strip()) if asked else -1
    if not name or at < 0:
        return f"\"... {plain} or\" the document's name alone"
    pieces = sorted([(said.find(more), name.group()), (said.find(plain), plain)])
    return f"\"{asked[:at]}{' or '.join(p for _, p in pieces)}?\""


def words_or_named(graph: DocNavGraph, said: str, asked: str | None = None) -> list[str]:
    """Of what a question asking which documents refer to others says after its verb
    (``said``: " RFC 2394 or pinning?"), joined by "or" alone, the pieces naming no document,
    each as said (["pinning"]), where another names documents alone: those holding their
    words are counted beside those referring ("none of the 26 documents asked of refers to
    2394-async_await.md" was said, "pinning" dropped). None where no piece names a document,
    or one says a document and more ("RFC 2394 in its summary or pinning") and no other
    words: an InputError (of the question ``asked``) where others are words."""
    if not re.search(r"\bor\b", said, re.I) or re.search(r"\b(?:and|nor|neither)\b", said,
                                                          re.I):
        return []
    pieces = [THE_WORD.sub("", _HOLDING_VERB.sub("", p).strip())
              for p in _OR_PIECES.split(re.sub(r"[\s?.!]+$", "", said)) if p.strip()]
    named = [bool(said_alone(graph, piece, NAMING_WORDS) or _NUMBERED_ALONE.fullmatch(piece))
             for piece in pieces]
    words = [piece.strip() for piece, one in zip(pieces, named) if not one]
    # a document and more ("RFC 2394 in its summary or pinning"): where it is referred to is
    # not read, and the words joined to it were dropped silently; refused, saying so
    more = [w for w in words if _NUMBERED_IN.search(w) or titled_documents(graph, w)]
    if more and len(more) < len(words):
        plain = [w for w in words if w not in more]
        raise InputError(f"query {asked or said.strip()!r}: {more[0]!r} says more of a "
                         f"document than its name (where it is referred to is not read), "
                         f"joined by \"or\" to {plain[0]!r}: ask of the document by its name "
                         f"alone ({_by_name(asked, said, more[0], plain[0])}) or of the two "
                         f"apart")
    if not any(named) or not words or any(titled_documents(graph, w) or not search_words(w)
                                          for w in words):
        return []
    return words


def holding_any(graph: DocNavGraph, pieces: list[str], every: list[str]) -> set[str]:
    """Of the documents ``every``, those holding any of ``pieces`` (as :func:`words_or_named`
    gives them): each piece's every word, a hyphenated one in any spelling a reader takes as
    it (:func:`~docnav.query.hyphenated.spelled_any_way`; "if-let" was held by those holding
    "if" and "let" anywhere: 18 of 27 RFCs, where 3 write it)."""
    terms_of = [list(search_words(HYPHENATED.sub(" ", piece))) for piece in pieces]
    holders = graph.term_documents([t for each in terms_of for t in each])
    found: set[str] = set()
    for piece, terms in zip(pieces, terms_of):  # (its other words by their terms: "non-lexical
        hyphenated = HYPHENATED.findall(piece)  # lifetimes")
        if not terms and not hyphenated:
            continue
        holding = {p for p in every if all(p in holders[t] for t in terms)}
        for word in hyphenated:
            holding &= spelled_any_way(graph, word, sorted(holding))
        found |= holding
    return found


__all__ = ["THE_WORD", "holding_any", "or_joined", "or_words", "words_or_named"]
