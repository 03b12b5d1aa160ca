"""Native PDF lines -> paragraph drafts.

A paragraph ends at a larger vertical gap than the usual line pitch, a change of size, a
change of font after a short line, or a bold title whose line ends elsewhere than the lighter
line below it; at a bullet, an indented first line after a full stop, a
short last line, a new column or a new page. Paragraphs split by a page or column break in
mid-sentence are joined again afterwards.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace

from docnav.parse._letters import mostly_letters
from docnav.parse._pdf_lines import Line, TextStats
from docnav.parse._pdf_outline import OutlineEntry

_GLYPHS = "[•●▪■◦○∙·‣⁃∞➢✓❖►▶\uf0b7\uf0a7]"
BULLET = re.compile(
    rf"^\s*(?:{_GLYPHS}|[-–—*](?=\s)|\(?[0-9]{{1,2}}[.)](?=\s)|"
    r"\([a-z]\)|\([ivx]{1,4}\))\s*"
)
GLYPH_BULLET = re.compile(rf"^\s*{_GLYPHS}\s*")
SENTENCE_END = re.compile(r"[.!?:;\"”’)]$")


@dataclass
class Draft:
    """Lines that belong together (a paragraph, a heading, a table row run) or an outline
    heading without lines; ``pattern`` is set once it is known to be a heading."""

    lines: list[Line] = field(default_factory=list)
    outline: OutlineEntry | None = None
    pattern: str | None = None
    depth: int = 0
    level: int = 0
    gap_before: float = 99.0  # distance from the previous line's top, in body line pitches

    @property
    def page(self) -> int | None:
        return self.lines[0].page if self.lines else (self.outline.page if self.outline else None)


def segment(items: list[Line | OutlineEntry], stats: TextStats) -> list[Draft]:
    """Group consecutive lines into drafts; each outline heading is a draft of its own."""
    drafts: list[Draft] = []
    current: Draft | None = None
    previous: Line | None = None
    for item in items:
        if isinstance(item, OutlineEntry):
            drafts.append(Draft(outline=item))
            current = None
            continue
        if current is not None and _continues(current.lines, item, stats):
            current.lines.append(item)
        else:
            current = Draft([item])
            if previous is not None and previous.page == item.page and item.top > previous.top:
                current.gap_before = (item.top - previous.top) / stats.pitch
            drafts.append(current)
        if any(c.isalnum() for c in item.text):  # a stray "." line is no paragraph
            previous = item
    return drafts


def _continues(lines: list[Line], line: Line, stats: TextStats) -> bool:
    """Whether ``line`` continues the paragraph made of ``lines``."""
    prev = lines[-1]
    if line.page != prev.page or BULLET.match(line.text):
        return False
    if line.cells >= 3 or prev.cells >= 3:  # table rows stay rows
        return line.cells >= 3 and prev.cells >= 3 and line.top - prev.top < 2.5 * stats.pitch
    size_prev, size_line = stats.size(prev), stats.size(line)
    if max(size_prev, size_line) > 1.15 * min(size_prev, size_line):
        return False
    step = line.top - prev.top
    if step <= 0 or line.left > prev.right or line.right < prev.left:
        return False  # moved up or sideways: a new column or a float
    pitch = stats.pitch * max(size_prev, size_line, 1.0)
    if step > 1.3 * pitch:
        return False
    em = stats.body_height
    right = max(x.right for x in lines)
    short_prev = prev.right < max(right, line.right) - 4 * em
    # a bullet glyph's line takes the glyph's font (Symbol): the line it wraps onto, set in
    # the text's font under the text, goes on with it ("• ... for legal professionals, like" /
    # "WordPerfect, offered ..."), where its font seemed to start a new paragraph
    wrapped = (len(lines) == 1 and bool(GLYPH_BULLET.match(prev.text)) and not short_prev
               and line.left > prev.left + 0.5 * em)
    if (prev.font != line.font or prev.weight != line.weight) and not wrapped and (
            short_prev or step > 1.1 * pitch or line.left > prev.left + 0.5 * em
            or (prev.weight >= line.weight + 200 and abs(prev.right - line.right) > em
                and _title_like(prev.text))):
        # a change of font after a short line, or after a bold title whose line ends where the
        # lighter line below does not: a heading over a block ("Consolidated Balance Sheets"
        # over "$ in millions, except ..."). A bold run-in heading fills its line as the text
        # does, and a bold sentence ("Jim Bainbridge is a senior consultant ...") is no title
        return False
    ends = bool(SENTENCE_END.search(prev.text))
    if ends and line.left > prev.left + 1.5 * em:
        return False  # the next paragraph's first line is indented
    if ends and len(lines) > 1 and short_prev:
        return False  # prev was the short last line of a paragraph
    return True


_MINOR_WORDS = frozenset("a an and as at by for from in of on or our the to with about its their "
                         "your".split())


def _title_like(text: str) -> bool:
    """Every word but the minor ones capitalised (or no word at all in letters):
    "Consolidated Statements of Cash Flows", "Information about our Executive Officers"."""
    words = [w for w in re.findall(r"[^\W\d_][\w'’.-]*", text) if w.lower() not in _MINOR_WORDS]
    return all(w[0].isupper() for w in words)


def merge_runons(drafts: list[Draft], page_heights: dict[int, float]) -> list[Draft]:
    """Join paragraphs split by a page or column break in mid-sentence, and a list item
    with the lines it wraps onto that were taken for a paragraph of their own ("• Pivot-based
    Method is a common strategy to obtain a" / "source→target model by introducing a pivot
    language. ..."; "• ... with source/pivot monolin-" / "gual or source↔pivot bilingual
    data."). A float that falls into a paragraph, a footnote at the foot of a column
    (:func:`_is_note`) or a complete caption after running text cut in mid-sentence
    (:func:`_is_float_caption`), is held aside meanwhile and placed after the paragraph ("...
    out of the original 35M. The" / "1 https://github.com/google/sentencepiece" / "refined
    model has visibly better quality": the footnote and "refined model ..." were one
    paragraph). So is a table or figure ending with its caption, found once the paragraph's
    other part comes (:func:`_cut_by_float`)."""
    out: list[Draft] = []
    floats: list[Draft] = []
    aside: set[int] = set()  # every float set aside (by id): none is prose to go on with
    for d in drafts:
        if _is_note(d, page_heights) or (
                out and _is_float_caption(d) and _cut_prose(out[-1], aside)):
            floats.append(d)
            aside.add(id(d))
            continue
        prev = out[-1] if out else None
        joins = prev is not None and _joins(prev, d)
        if floats and not (joins and len(join_lines(d.lines).split()) >= 3):
            if _joins(floats[-1], d):  # a broken web address goes on in the note, which
                floats[-1].lines.extend(d.lines)  # stays aside: a caption after it may cut
                continue  # the paragraph too ("... generate sample responses that" / note /
                # "renll/ComerNet" / two captions / "return information about ...")
            out.extend(floats)
            floats = []
            prev = out[-1]
            joins = _joins(prev, d)
        if joins:
            prev.lines.extend(d.lines)
        elif (at := _cut_by_float(out, d, aside)) is not None:
            # a table or figure with its caption set between the two parts of a paragraph
            # ("... the lowest accuracies ((Biran and McK-" / a table's rows / "Table 5: ..."
            # / "eown, 2015) and ..."): the paragraph goes on, the float after it
            group = out[at + 1:]
            del out[at + 1:]
            out[at].lines.extend(d.lines)
            out.extend(group)
        else:
            out.append(d)
    return out + floats


_FLOAT_REACH = 12  # blocks a float set inside a paragraph may take, at most


def _cut_by_float(out: list[Draft], d: Draft, aside: set[int]) -> int | None:
    """Where ``d``, a paragraph starting in lower case, goes on from a paragraph of running
    text cut in mid-sentence (its index in ``out``) across a float: the blocks between end
    with a caption, and none is running text (a table's rows, its column heads, a figure's
    labels, headings read off the figure, footnotes); the paragraph on the same page as ``d``
    or the page before, and no footnote ("3 RST parsing builds ... from social media texts",
    five lines at 1809.01202's page foot, is not what "build a recursive neural network ..."
    goes on from, after Tables 1 and 2). None otherwise: an equation set between a lead-in
    and its "where ..." has no caption, and stays where it is."""
    if not _is_body(d) or not re.match(r"[a-z]", d.lines[0].text):
        return None
    for at in range(len(out) - 1, max(-1, len(out) - 1 - _FLOAT_REACH), -1):
        block = out[at]
        if _cut_prose(block, aside) and _in_sentences(block) and block.page is not None \
                and d.page is not None and 0 <= d.page - block.page <= 1 \
                and not _NOTE.match(block.lines[0].text):  # a footnote taller than _is_note's
            last = out[-1] if at < len(out) - 1 else None  # a caption ends the float
            captioned = last is not None and bool(last.lines) and bool(
                CAPTION.match(last.lines[0].text))
            # or footnotes alone, too tall for _is_note's ("... for the causality" / "1
            # Off-the-shelf Penn Discourse Treebank ..." / "2 Each discourse relation ..." /
            # "detection, while ...": 1809.01202's page 2), and a sentence goes on, not a
            # web address's end ("twitter.27B.zip", a footnote's)
            noted = last is not None and len(join_lines(d.lines).split()) >= 3 and all(
                b.lines and _NOTE.match(b.lines[0].text) for b in out[at + 1:])
            return at if (captioned or noted) and _runs_on(
                block.lines[-1].text, d.lines[0].text, False) else None
        if not _float_piece(block, aside):
            return None
    return None


def _in_sentences(d: Draft) -> bool:
    """Most words in lower case, as in sentences: a table's head row is mostly capitalised
    ("Direction Fr →Es En→Es De→Fr ... Baselines", "Causality messages CE DA Total DA")."""
    words = re.findall(r"[^\W\d_]+", join_lines(d.lines))
    return sum(w[0].islower() for w in words) >= 0.5 * len(words)


def _float_piece(d: Draft, aside: set[int]) -> bool:
    """A block of a figure or a table, or of its caption or footnotes: not running text; a
    table's head row read as a line of text too, its words mostly capitalised ("Direction
    Fr →Es En→Es De→Fr En→Fr Ro→De En→De Baselines" over 1912.01214's Table 2), and a
    footnote of five lines ("3 RST parsing builds ...", set between 1809.01202's "... Then,
    we" and, after Tables 1 and 2, "build a recursive neural network model ...")."""
    if id(d) in aside or d.pattern is not None or not d.lines:
        return True
    if all(x.cells >= 3 for x in d.lines) or CAPTION.match(d.lines[0].text) \
            or _NOTE.match(d.lines[0].text):  # a footnote taller than :func:`_is_note`'s
        return True
    text = join_lines(d.lines)
    return len(text.split()) < 8 or not mostly_letters(text, 0.75) or not _in_sentences(d)


def _joins(prev: Draft, d: Draft) -> bool:
    return ((_is_body(prev) or _is_item(prev)) and _is_body(d)
            and (_runs_on(prev.lines[-1].text, d.lines[0].text, _is_item(prev))
                 or _hangs_over_break(prev, d)))


def _hangs_over_break(prev: Draft, d: Draft) -> bool:
    """Whether running text that a page or column break cuts after a word no sentence ends on
    ("... the reports that we file or furnish with the" / "Securities and Exchange Commission
    ("SEC"), corporate ...": Amazon's pages 4 and 5), after a comma ("... India, Japan," /
    "Luxembourg, and the United Kingdom.": its pages 67 and 68) or inside a name ("... In
    March 2016, the United States" / "District Court for the Western District ...": pages 60
    and 61) goes on in ``d`` though it starts in upper case. The word is in lower case or a
    name's, not one capital ("sub-task A" ends on a label), and both sides read as
    sentences: a table's head row ("Model Prec Rec F1"), a heading the fonts missed, a caption
    or a footnote at the top of the next page or column is no sentence's rest, nor is a
    footnote what goes on. Two paragraphs on one page, one below the other, were split by the
    layout (a gap, a change of font), which a word cannot overrule."""
    last, first = prev.lines[-1], d.lines[0]
    if first.page == last.page and first.top > last.top:
        return False
    end = last.text.rstrip()
    word = re.search(r"\b([^\W\d_]+)-?$", end)
    cut = end.endswith(",") or word is not None and (
        word.group(1) in _HANGING or word.group(1)[0].isupper() and len(word.group(1)) > 1)
    if not cut or not re.match(r"[A-Z]", first.text):
        return False
    if CAPTION.match(first.text) or _NOTE.match(first.text) or _NOTE.match(prev.lines[0].text):
        return False
    text, rest = join_lines(prev.lines), join_lines(d.lines)
    # the sentence ends in what goes on: a heading the fonts missed ("Risk factors", "Note 4
    # to the financial statements") or a table's rows ("Net sales $ 177,866 ...") ends none
    ends = re.search(r"[.!?][\"”’)]*(?:\s|$)", rest) is not None
    lone_title = len(d.lines) == 1 and _title_like(rest) and not SENTENCE_END.search(rest)
    return (len(text.split()) >= 8 and mostly_letters(text, 0.75) and _in_sentences(prev)
            and _in_sentences(d) and ends and mostly_letters(rest, 0.75) and not lone_title)


# a word a sentence goes on after: an article, a preposition, a conjunction, a possessive
_HANGING = _MINOR_WORDS | frozenset("than that into onto upon between including nor but".split())


# a footnote's mark: a number or a symbol before a capital or a web address; or a copyright
# notice set at a column's foot as a footnote is ("Copyright c© 2020, Association for the
# Advancement of Artificial Intelligence ...": AAAI's first page)
_NOTE = re.compile(r"^\s*(?:(?:\d{1,2}|[*∗†‡§¶])\s?(?=https?://|www\.|[A-Z])"
                   r"|(?i:copyright)\b|©)")


def _cut_prose(d: Draft, aside: set[int]) -> bool:
    """A paragraph of running text (eight words or more, mostly letters; no footnote set
    aside) that stops in mid-sentence: what a float set after it may have cut in two. A table
    row or a figure's label ("Total 1,598 7,015", "Worker-Adversarial") stops so too."""
    text = join_lines(d.lines)
    return (_is_body(d) and id(d) not in aside and not SENTENCE_END.search(d.lines[-1].text)
            and len(text.split()) >= 8 and mostly_letters(text, 0.75))


def _is_float_caption(d: Draft) -> bool:
    """A figure's or table's caption whose sentence is complete ("Figure 1: An example
    dialogue ... MultiWOZ."): set where the figure floats, it may fall between the two parts of
    a paragraph, and no line after it goes on with it."""
    return (_is_body(d) and bool(CAPTION.match(d.lines[0].text))
            and bool(SENTENCE_END.search(d.lines[-1].text)))


def _is_note(d: Draft, page_heights: dict[int, float]) -> bool:
    """A footnote: a paragraph of four lines at most, all in the bottom quarter of its page,
    opening with a footnote's mark ("1 https://...", "3 As in (Kumaran & Carvalho, 2009)",
    "∗Corresponding Author.") or a copyright notice ("Copyright c© 2020, ...")."""
    return (_is_body(d) and len(d.lines) <= 4 and bool(_NOTE.match(d.lines[0].text))
            and all(x.top >= 0.75 * page_heights.get(x.page, 792.0) for x in d.lines))


def _runs_on(last: str, first: str, item: bool) -> bool:
    """Whether a paragraph (``item``: a list item) whose last line is ``last`` goes on in one
    whose first is ``first``: no sentence ends there, and the next starts in lower case, or,
    after a list item, in upper case where the line stops at a word that cannot end a
    sentence, a comma or a broken word ("introduced for NMT by" / "Zoph et al. (2016), ...").
    After body text an upper-case start is no sign: what a column break puts there is as often
    a footnote, a caption or a table row ("Figure 1: ...", "1 https://...", "Model Prec Rec");
    :func:`_hangs_over_break` reads the paragraphs on both sides for that."""
    last = last.rstrip()
    lower = bool(re.match(r"[a-z]", first))
    if lower and (_ABBREVIATION.search(last) or item and last.endswith((";", ")"))):
        # "... the reduction in the U.S." / "statutory federal corporate tax rate ..."; a list
        # item's "... Labor Relations Board rule changes;" / "healthcare reform; ...", "As
        # augmented reality (AR) and virtual reality (VR)" / "technology advance, ..."
        return True
    # a quotation closed in mid-sentence ('the label before "I-XX"' / "must be either ...")
    # ends no sentence before lower case; a parenthesis does, as often as not (an equation's
    # "(1)" before "where ...", a caption's "(CE DA)" before the text after the figure)
    if SENTENCE_END.search(last) and not (lower and _CLOSED_INSIDE.search(last)):
        return False
    if lower:
        return True
    if not item or not re.match(r"[A-Z]", first) or CAPTION.match(first):
        return False
    word = re.search(r"([^\W\d_]+)(-?)$", last)
    return last.endswith(",") or bool(word and (word.group(2) or
                                                word.group(1).lower() in _MINOR_WORDS))


_CLOSED_INSIDE = re.compile(r"[^.!?\s][\"”]$")  # a quotation closed with no stop inside it
# a stop that ends an abbreviation, not (before lower case) a sentence: "U.S.", "e.g.", "et al."
_ABBREVIATION = re.compile(r"(?:\b(?:[A-Za-z]\.){2,}|\b(?:et al|etc|vs|cf|approx|incl|Inc|Corp|"
                           r"Co|Ltd|No|Nos|Fig|Figs|Eq|Eqs|Sec|Mr|Mrs|Ms|Dr|St)\.)$")

# "Figure 3:", "Table 2.", "Fig. 1", "Exhibit 99", a book's "Table 3-1" or "Table 2.3.1": a
# caption's (or a float's) label; not one that a sentence goes on from ("Figure 1 shows a
# multi-domain dialogue ...", "Table 3-1 summarizes these special registers ...": running
# text)
CAPTION = re.compile(
    r"^(?:fig(?:ure)?|table|tab|exhibit|chart|example|listing)\.?\s*[0-9]{1,3}"
    r"(?:[-.][0-9]{1,3})*[a-z]?\b(?![-.][0-9])(?!\s+(?-i:[a-z]))", re.I)


def _is_body(d: Draft) -> bool:
    return d.pattern is None and bool(d.lines) and not BULLET.match(d.lines[0].text) \
        and all(x.cells < 3 for x in d.lines)


def _is_item(d: Draft) -> bool:
    """A list item ("• ...", "1. ...", "(a) ..."), not a heading or table row."""
    return d.pattern is None and bool(d.lines) and bool(BULLET.match(d.lines[0].text)) \
        and all(x.cells < 3 for x in d.lines)


# a word left hanging on its hyphen for the next to complete: "short- and long-term",
# "low- or no-interest", "short- to intermediate-term"
SUSPENDED = re.compile(r"(?:and|or|nor|to|&)\b")


def join_lines(lines: list[Line]) -> str:
    """Join lines with spaces, undoing end-of-line hyphenation ("informa-" + "tion"); a
    hyphen after a capital or a digit is the word's own ("E-" + "commerce", "RNN-" + "based",
    "N-" + "gram"), as is one :func:`mark_word_hyphens` found ("self-" + "publishing"),
    joined without the space, unless it found the word written whole ("McK-" + "eown"), and
    so is one before a number ("602-" + "610", "GPT-" + "2"); one hanging for a later word
    ("short-" + "and long-term") stays before its space. Before a capital the hyphen keeps
    its space unless :func:`mark_word_hyphens` judged it ("Fosler-" + "Lussier")."""
    out, kept = "", None
    for line in lines:
        text = line.text.strip()
        glued = out.endswith("-") and len(out) > 1 and out[-2].isalnum()
        if glued and text[:1].islower() and not SUSPENDED.match(text):
            broken = out[-2].islower() if kept is None else not kept
            out = out[:-1] + text if broken else out + text
        elif glued and text[:1].isdigit():
            out += text
        elif glued and text[:1].isupper() and kept is not None:
            out = out + text if kept else out[:-1] + text
        else:
            out = f"{out} {text}" if out else text
        kept = line.word_hyphen
    return out


_WORD = r"[^\W\d_]+(?:-[^\W\d_]+)*"  # a word, hyphenated or not: "state-of-the-art"
_BROKEN = re.compile(rf"({_WORD})-$")
_WORD_START = re.compile(rf"({_WORD})")
_COMPOUND = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)+")
# "self-" makes compounds with a hyphen ("self-publishing", "self-attention"); "selfish",
# "selfless" break there too, and are one word
_HYPHEN_PREFIXES = frozenset({"self"})
_ONE_WORD_ENDINGS = frozenset({"ish", "less", "hood", "same", "dom", "ness"})
# words that end a closed compound of a function word, as common on their own:
# "further-" / "more", "there-" / "after", "every-" / "thing", "other-" / "wise"
_CLOSED_ENDINGS = frozenset("more after thing things where body ever over self selves wise "
                            "while".split())
# a suffix that is a word too ("profit-" / "able", "account-" / "ability", "often-" /
# "times"), and a word that starts closed words ("there-" / "under", "under-" / "taken",
# "cyber-" / "security", "trade-" / "mark"): broken there, these are one word
_SUFFIX_WORDS = frozenset("able ably ability abilities ible ibly less ness ment ments ship "
                          "ships hood ward wards times place places".split())
_CLOSED_STARTS = frozenset("under there where after cyber trade".split())
# ...but before an adjective these make compounds with a hyphen: "cyber-" / "physical"
_ADJECTIVE_END = re.compile(r"(?:al|ic)$")
# prefixes that take a hyphen before a name or an acronym: "non-GAAP", "pre-COVID", "mid-March"
_PREFIXES = frozenset({"anti", "bi", "co", "cross", "ex", "inter", "intra", "macro", "micro",
                       "mid", "multi", "neo", "non", "pan", "post", "pre", "pro", "pseudo",
                       "quasi", "self", "semi", "sub", "trans", "tri", "ultra", "un"})
# capitalised, these start a phrase after a dash rather than end a compound
_CAPITAL_FUNCTION_WORDS = frozenset(
    "The A An And Or But Of In On At To For From By With As We It Its Our This That These "
    "Those Other Another Then There Here If When While".split())
# suffixes that are no words, so end no compound: after one, a word in capitals was broken
_BARE_SUFFIXES = frozenset("ing ings tion tions sion sions ment ments ity ities".split())
_LAST_RUN = re.compile(r"([^\W_]+)-$")
_FIRST_RUN = re.compile(r"[^\W_]+")
_SUSPENDED_ANY_CASE = re.compile(SUSPENDED.pattern, re.IGNORECASE)
_ENDINGS = ("s", "es", "e", "ed", "ing")  # a word's other forms: "attacks", "trained"


@dataclass(frozen=True)
class Spellings:
    """How the document writes its words, for telling a hyphen from a dash or a break:
    ``words``, case folded, counts each word (a compound's parts too) and each hyphenated
    compound; ``alone`` each word as written on its own, out of any compound and no piece of
    a word broken at a line's end ("net" of "inter-" / "net"), so that a word written there
    is one the document uses by itself, not only a half of another."""

    words: Counter
    alone: Counter

    def written(self, first: str, rest: str, hyphen: str = "") -> tuple[int, int]:
        """How often the document writes ``first`` and ``rest`` as one word (``hyphen``
        between), in any case: as it is, and with any ending of ``rest`` ("cyber-" /
        "attack" counts "cyber-attacks", "pre-" / "training" counts "pre-trained"; an ending
        leaves three letters of ``rest``, so "Chen-" / "Ing" does not count "Chen"). So
        compared, the form itself counts first: "post-processing" written once outweighs
        "postprocess" twice."""
        rest = rest.casefold()
        rests = {rest, *(rest[:-len(e)] for e in _ENDINGS
                         if rest.endswith(e) and len(rest) - len(e) >= 3)}
        word = f"{first}{hyphen}".casefold()
        return (self.words[word + rest],
                sum(self.words[word + r + e] for r in rests for e in ("", *_ENDINGS)))


_ALONE = re.compile(r"(?<![\w-])[^\W\d_]+(?![\w-])")


def hyphen_words(lines: list[Line]) -> Spellings:
    """How often the document writes each word and each hyphenated compound
    (:class:`Spellings`)."""
    words = Counter(w.casefold() for x in lines for w in _COMPOUND.findall(x.text))
    words.update(w.casefold() for x in lines for w in re.findall(r"[^\W\d_]+", x.text))
    alone: Counter = Counter()
    broken = False
    for x in lines:
        text = x.text.strip()
        alone.update(m.group() for m in _ALONE.finditer(text) if m.start() or not broken)
        broken = text.endswith("-")
    return Spellings(words, alone)


def mark_word_hyphens(lines: list[Line], spellings: Spellings | None = None) -> list[Line]:
    """``lines`` with ``word_hyphen`` set on each whose hyphen at the end belongs to the word
    broken there, so that joining the lines keeps it. Neither docling nor pdfium tells a
    hyphen put in to break a word from one that was there already: both give "cloud-" at a
    10-K's line end, and "lan-" in a paper. It is the word's own where the word is a compound
    of three parts or more ("state-" + "of-the-art", "business-to-" + "everyone"), where the
    document writes the compound with the hyphen inside a line more often than as one word
    ("non-" + "experts": "non-experts" four times, "nonexperts" never), or after "self" (a
    prefix that always takes one). Undone, "self-publishing" read "selfpublishing" and search
    for it found nothing. After a capital a hyphen is the word's own ("BERT-" / "based")
    unless the document writes the word whole more often than with it, when ``word_hyphen``
    is set to False: a name broken across lines ("Biran and McK-" / "eown", 1809.01202) kept
    it. A compound of two words that the document writes on their own, never as one, keeps
    it too ("linear-" / "time", "content-" / "based", "Wikipedia-" / "based"; see
    :func:`_two_words`). Before a capital, see :func:`_hyphen_before_capital`. ``spellings``
    are the document's (:func:`hyphen_words`) where ``lines`` are one paragraph's."""
    spellings = hyphen_words(lines) if spellings is None else spellings
    out = list(lines)
    for i, (line, after) in enumerate(zip(lines, lines[1:])):
        if (own := _word_hyphen(line, after, spellings)) != line.word_hyphen:
            out[i] = replace(line, word_hyphen=own)
    return out


def _word_hyphen(line: Line, after: Line, spellings: Spellings) -> bool | None:
    if after.text.strip()[:1].isupper():
        return _hyphen_before_capital(line.text.rstrip(), after.text.strip(), spellings)
    words = spellings.words
    head, tail = _BROKEN.search(line.text.rstrip()), _WORD_START.match(after.text.strip())
    if head is None or tail is None or not tail.group(1)[0].islower():
        return None
    first, rest = head.group(1), tail.group(1)
    # a compound broken inside its last part ("three-dimen-" + "sional") is joined: its
    # rest is no word the document writes elsewhere, nor the whole compound
    broken_inside = ("-" not in rest and words[f"{first}-{rest}".casefold()] == 0
                     and words[rest.casefold()] < 2)
    # each in any form: "cyber-attacks" keeps "cyber-" / "attack" hyphenated
    hyphened, whole = spellings.written(first, rest, "-"), spellings.written(first, rest)
    if ("-" in first and not broken_inside or "-" in rest or hyphened > whole
            or (first.casefold() in _HYPHEN_PREFIXES
                and rest.casefold() not in _ONE_WORD_ENDINGS)):
        return True
    if first[-1].isupper():
        # after a capital, a word's own hyphen ("BERT-" / "based", "X-" / "ray") unless the
        # document writes the word whole more often: a name broken there ("McK-" / "eown")
        return False if whole > hyphened else None
    return _two_words(first, rest, spellings)


def _two_words(first: str, rest: str, spellings: Spellings) -> bool:
    """Two words the document writes on their own, and never as one in any form, are a
    compound broken at its hyphen ("A linear-" / "time bottom-up parser", 1809.01202, read
    "lineartime"). Both halves being words is weak evidence: hyphenation breaks words there
    too ("profit-" / "able", "there-" / "under", "frame-" / "works"; a review found each kept
    the hyphen). So a first half under five letters or a second under four ("over-" /
    "all"), a suffix that is a word ("able", "times"), a start of closed words ("under",
    "cyber") before no adjective ("cyber-" / "physical" is a compound, and read
    "cyberphysical") or the whole written in another form ("framework" for "frame-" /
    "works") make it one word. A closed word drops the letter its halves share ("where" and
    "ever" make "wherever"): "where-" / "ever" is no word broken there (a break adds no
    letter), and keeps the hyphen it is printed with (it read "whereever")."""
    start, end = first.casefold(), rest.casefold()
    if start in _CLOSED_STARTS and end in _CLOSED_ENDINGS and start[-1] == end[0]:
        return True
    return (len(first) >= 5 and len(rest) >= 4
            and (start not in _CLOSED_STARTS or bool(_ADJECTIVE_END.search(end)))
            and rest not in _CLOSED_ENDINGS | _SUFFIX_WORDS
            and not any(spellings.written(first, rest))
            and all(spellings.alone[w] for w in (first, rest)))


def _hyphen_before_capital(text: str, after: str, spellings: Spellings) -> bool | None:
    """A hyphen glued to a word at a line's end before a capital joins two names or acronyms
    ("Fosler-" / "Lussier", "LSTM-" / "CRF", "Sarbanes-" / "Oxley", "Form 10-" / "Q") or a
    prefix to one ("non-" / "GAAP"), and loses the space; joining the lines had kept it
    ("Fosler- Lussier"). After a lower-case word that is no prefix it is a dash set between
    two phrases ("positive samples-" / "Bhatia used ...", 1809.01202) and keeps it. A word
    the document writes whole more often was broken there ("AL-" / "Crowd" in a paper that
    writes "ALCrowd", "DESCRIP-" / "TION"), and loses the hyphen. Before a capitalised
    function word ("SQuAD-" / "The results were good", "Part II-" / "Other Information"), a
    name after a prefix ("blog post-" / "Google described it") or an acronym after a number
    ("Item 7-" / "MD&A") it is a dash too, unless the document writes the compound elsewhere
    (found by a review: each was glued). Between two capitalised words it is read as a Title
    Case compound's hyphen ("Character-" / "Level Convolutional Networks", "Short-" / "Term
    Memory"), common in the titles of works cited, though a dash there ("Revenue-" / "Net
    sales ...") is glued too. So it is between two halves in capitals ("LONG-" / "LIVED",
    "TWENTY-" / "FIVE", "RIGHT-" / "OF-USE"), unless the second is a suffix that is no word
    ("In COL-" / "ING.", 1909.00754, read "COL-ING"; "OPERA-" / "TIONS"): a word broken
    there. Other words in capitals broken at a line keep the hyphen: the document's own
    spellings cannot tell them from compounds without a dictionary. A prefix before an acronym
    ("returned to PRE-" / "COVID levels", "an EX-" / "CEO", "the MID-" / "ATLANTIC") reads
    like a name broken after a prefix ("In INTER-" / "SPEECH.", 1912.01214), so that one
    keeps its hyphen too; joining it glued "PRECOVID", "EXCEO" (found by a review)."""
    head, tail = _LAST_RUN.search(text), _FIRST_RUN.match(after)
    if head is None or tail is None or _SUSPENDED_ANY_CASE.match(after):
        return None
    first, rest = head.group(1), tail.group(0)
    compound = spellings.written(first, rest, "-")
    if spellings.written(first, rest) > compound:
        return False
    if rest in _CAPITAL_FUNCTION_WORDS:  # "SQuAD-" / "The results ...", "Part II-" / "Other"
        return None
    if any(compound) or first.isdigit() and len(rest) == 1 and rest.isupper():
        return True  # written so elsewhere; "Form 10-" / "Q", not "Item 7-" / "MD&A"
    if first.isupper() and rest.isupper() and rest.casefold() in _BARE_SUFFIXES:  # "COL-"/"ING."
        return False
    if first.casefold() in _PREFIXES:  # "non-" / "GAAP", not "blog post-" / "Google ..."
        return True if sum(c.isupper() for c in rest) >= 2 else None
    return True if first[0].isupper() else None
