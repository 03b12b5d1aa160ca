"""BM25 over node texts, in memory: an inverted index of numpy postings per term.

A term is a word's Snowball English stem (PyStemmer, the Snowball project's C stemmers), so
"desugaring" finds "desugar" and "operators" finds "operator", as in the English analysers of
Lucene and Elasticsearch. Common words are dropped before stemming. A word joined of letters and
digits or with underscores ("2025h2", "FY2022", "max_len") is a term, and so is each run of
two or more letters or digits in it ("2025", "fy", "2022", "max", "len"), as Lucene's word
delimiter filter splits words with the original kept: "2025" finds the "2025h2" goals.
A Latin letter's accents are no part of a term ("zurich" finds "Zürich"), and text in Chinese,
Japanese or Korean characters, which leaves no space between words, is searched by each pair
of characters in a run of them, as Lucene's CJK bigram filter does ("東京" finds "東京は...").
A name joined by dots or double colons ("crates.io", "node.js", "U.S.", "io::Error") is a term
as written, unstemmed, and so is each run of two or more of its parts ("crates.io" of
"static.crates.io", "io::error" of "std::io::Error"), beside its parts: "Which RFCs discuss
crates.io?" asked for "io", and counted a paper holding only `io::Error`.
"""

from __future__ import annotations

import array
import functools
import itertools
import re
import unicodedata
from collections.abc import Sequence

import numpy as np
import Stemmer

_TOKEN = re.compile(r"\w+", re.UNICODE)
# the tail of a possessive or a contraction ("Amazon's", "we're") is no search term: as a word
# of its own, the "s" of "company's" was in every filing and never in the evidence; a negated
# verb is the verb ("wasn't" was "wasn", missing from every answer; "can't" is "can")
_CLITIC = re.compile(r"(?<=\w)['’](?:s|re|ll|ve|d|m)\b")
_NEGATED = re.compile(r"\b(\w+?)n['’]t\b")
_NEGATED_VERB = {"ca": "can", "wo": "will", "sha": "shall"}
_RUN = re.compile(r"\d{2,}|[^\W\d_]{2,}")  # a run of two or more digits, or of letters
_NAME = re.compile(r"(?<!\w)\w++(?:(?:\.|::)\w++)+")  # "crates.io", "u.s", "std::io::error"
_NAME_HINT = re.compile(r"\w(?:\.|::)\w")  # (one quick pass: most paragraphs hold no name)
_PART = re.compile(r"(\.|::)")
_NAMED_WORD = re.compile(r"^.*(?:\.|::).*$", re.M)  # a word of a list, one a line, with a _PART
_LETTER = re.compile(r"[^\W\d_]")  # no name without one: "3.14" and "1.2.3" are numbers
STOPWORDS = frozenset(
    "a an and are as at be by for from had has have how in is it its of on or that the this to "
    "was were what when where which who why with does do did which whose".split()
)


# who asks and who is asked ("How do I ...?", "Can you tell me ...?", "What do we know ...?")
# address the reader, not the documents: no search term of a question ("i" was "not in the
# evidence" of every answer, and its matches ranked the paragraphs saying "I propose"). A
# text's own words keep them, for BM25's lengths; "I" after a word that numbers ("Part I",
# "Table I") is a numeral, and "I/O" a term: kept.
_ADDRESS = frozenset("i me my myself we our ours you your yours".split())  # not "us" (US), "mine"
_NUMBERING = frozenset("""part parts section chapter item volume vol appendix annex schedule
exhibit table figure fig phase stage step type class level tier article title book division
subpart act""".split())

_STEMMER = Stemmer.Stemmer("english")
_DISTINCT_STEMMER = Stemmer.Stemmer("english", 0)  # (no cache: for words each given once)

# Han, Hiragana, Katakana and Hangul: runs of them are words without spaces between
_CJK = re.compile(r"([\u2e80-\u2fdf\u3040-\u30ff\u3100-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
                  r"\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f]+)")
_NON_ASCII = re.compile(r"[^\x00-\x7f]")


@functools.lru_cache(maxsize=4096)
def _unaccented(char: str) -> str:
    """A Latin letter without its accents ("ü": "u"); any other character as it is (a kana's
    voicing mark is no accent)."""
    base, *marks = unicodedata.normalize("NFKD", char)
    if base.isascii() and base.isalpha() and marks and all(unicodedata.combining(m)
                                                            for m in marks):
        return base
    return char


def _folded(text: str) -> str:
    return text if text.isascii() else _NON_ASCII.sub(lambda m: _unaccented(m[0]), text)


def _pairs(run: str) -> list[str]:
    """A run of CJK characters as its overlapping pairs; one character alone as itself."""
    return [run] if len(run) == 1 else [run[i:i + 2] for i in range(len(run) - 1)]


def tokens(text: str) -> list[str]:
    """The text's search terms: its words lower-cased, common words dropped, stemmed."""
    return _stemmed([word for word, _ in _words(text)])


def letter_of_a_token(term: str, question: str) -> bool:
    """Whether ``term`` is a single letter the question says only as a piece of a hyphenated
    token ("k" of "10-K")."""
    return len(term) == 1 and term.isalpha() and not re.search(
        rf"(?<![\w-]){re.escape(term)}(?![\w-])", question, re.I)


def written_as_name(word: str, question: str) -> bool:
    """Whether ``word`` is written as a name in ``question``: capitalised, of two letters or
    more, a whole word ("K" of "the Adobe 10-K" is none)."""
    return (len(word) > 1 and word[:1].isupper()
            and bool(re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", question)))


def _stemmed(words: list[str], stemmer: Stemmer.Stemmer = _STEMMER) -> list[str]:
    """Each word's stem, a name's itself: Snowball took "node.js" to "node.j", "u.s" to "u.".
    (Most texts hold no name: their words are stemmed without a look at each.)"""
    stems = stemmer.stemWords(words)
    names = set(_NAMED_WORD.findall("\n".join(words)))
    if not names:
        return stems
    return [word if word in names else stem for word, stem in zip(words, stems)]


def search_words(text: str) -> dict[str, str]:
    """The text's search terms, each with the first word of the text that gave it (a joined
    word's runs with that word: "fy" and "2022" of "FY2022" are the question's "fy2022")."""
    words = _words(text)
    first: dict[str, str] = {}
    for term, (word, joined) in zip(_stemmed([w for w, _ in words]), words):
        first.setdefault(term, joined or word)
    return first


def _words(text: str, addressed: bool = False) -> list[tuple[str, str | None]]:
    """The text's words and joined words' runs, in order, each run with its joined word
    (None for a word of the text); without the words addressing the reader
    (:data:`_ADDRESS`) unless ``addressed`` keeps them. A name joined by dots or colons is
    a word, and its parts and their runs are its runs, as a joined word's are."""
    text = _NEGATED.sub(lambda m: _NEGATED_VERB.get(m[1], m[1]), _folded(text.lower()))
    text = _CLITIC.sub("", text)
    names = ([m for m in _NAME.finditer(text) if _LETTER.search(m[0])][::-1]
             if _NAME_HINT.search(text) else [])
    words: list[tuple[str, str | None]] = []
    name, name_end = None, -1
    # (a text's words as found: BM25 reads every paragraph through here when a graph loads,
    # and where it is written without a name, where each word starts is not needed)
    found = (_found(text, addressed) if names or not addressed
             else ((0, word) for word in _TOKEN.findall(text)))
    for start, word in found:
        while names and names[-1].start() <= start:  # its first word may be dropped: "i.e."
            at = names.pop()
            name, name_end = at[0], at.end()
            words += _name_terms(name)
        within = name if start < name_end else None
        if not word.isascii() and _CJK.search(word):  # "東京は日本の首都です": no spaces
            for part in _CJK.split(word):
                if _CJK.fullmatch(part):
                    words += [(pair, within) for pair in _pairs(part)]
                elif part and part not in STOPWORDS:
                    words.append((part, within))
            continue
        if word not in STOPWORDS:
            words.append((word, within))
        if not (word.isalpha() or word.isdigit()):  # joined: with "_", or digits and letters
            words += [(run, within or word) for run in _RUN.findall(word)
                      if run != word and run not in STOPWORDS]
    return words


def _name_terms(name: str) -> list[tuple[str, str | None]]:
    """A name as a word, and each run of two or more of its parts but the whole as its runs
    ("static.crates.io": "static.crates", "crates.io")."""
    parts = _PART.split(name)  # the parts with their separators between them
    n = len(parts) // 2 + 1
    runs = ["".join(parts[2 * i:2 * j + 1]) for i in range(n) for j in range(i + 1, n)]
    return [(name, None)] + [(run, name) for run in runs if run != name]


def _found(text: str, addressed: bool) -> list[tuple[int, str]]:
    """The words of ``text`` (lower case) with where each starts; unless ``addressed``, less
    those addressing the reader (:data:`_ADDRESS`): "i" after a word that numbers, or beside
    a "/" ("I/O"), stays."""
    if addressed:
        return [(m.start(), m.group()) for m in _TOKEN.finditer(text)]
    out, before = [], ""
    for m in _TOKEN.finditer(text):
        word = m.group()
        if word not in _ADDRESS or (word == "i" and (
                before in _NUMBERING or "/" in text[max(m.start() - 1, 0):m.end() + 1])):
            out.append((m.start(), word))
        before = word
    return out


class BM25:
    """Okapi BM25 (k1 = 1.2, b = 0.75) over a fixed list of texts.

    The postings are built in bulk, not term by term: every word of every text is stemmed
    once per distinct word (Snowball's own cache of 10,000 words thrashed on a paragraph of
    300,000 distinct ones), and the (term, text) pairs are counted and sorted by numpy into
    three arrays, each term's postings a slice of them. Two numpy arrays per term, as they
    were, cost 10 s for the 600,000 terms of one 3 MB paragraph, in every process that
    searched the store."""

    def __init__(self, texts: Sequence[str], k1: float = 1.2, b: float = 0.75) -> None:
        self.k1, self.b = k1, b
        self.n = len(texts)
        lengths = np.zeros(self.n, dtype=np.float32)
        # every text's words, one after the other, as the ids of the distinct words (in the
        # order first found): a list of the words themselves held a string per word, 40 %
        # more at the build's peak than the Counter per text built before ef79b16
        word_ids: dict[str, int] = {}
        words = array.array("q")
        counts = np.zeros(self.n, dtype=np.int64)
        for i, text in enumerate(texts):
            found = _words(text, addressed=True)
            lengths[i] = sum(joined is None for _, joined in found)
            counts[i] = len(found)
            words.extend([word_ids.setdefault(word, len(word_ids)) for word, _ in found])
        self._lengths = lengths
        self.avg = float(lengths.mean()) if self.n else 0.0
        self._norm = k1 * (1 - b + b * lengths / max(self.avg, 1e-9))
        stems = _stemmed(list(word_ids), _DISTINCT_STEMMER)
        del word_ids
        self._terms = dict(zip(dict.fromkeys(stems), itertools.count()))  # term -> slot
        term_of_word = np.fromiter(map(self._terms.__getitem__, stems), np.int64, len(stems))
        # one key per (term, text) occurrence: sorted and counted, the postings of each term
        # are its texts in order with their term frequencies
        keys = (term_of_word[np.frombuffer(words, dtype=np.int64)] * max(self.n, 1)
                + np.repeat(np.arange(self.n, dtype=np.int64), counts))
        del words
        keys, tf = np.unique(keys, return_counts=True)
        self._texts = keys % max(self.n, 1)
        self._tf = tf.astype(np.float32)
        self._starts = np.searchsorted(keys // max(self.n, 1),
                                       np.arange(len(self._terms) + 1, dtype=np.int64))

    def _postings(self, term: str) -> tuple[np.ndarray, np.ndarray] | None:
        """The texts holding ``term``, in order, and its frequency in each; None for none."""
        slot = self._terms.get(term)
        if slot is None:
            return None
        start, end = self._starts[slot], self._starts[slot + 1]
        return self._texts[start:end], self._tf[start:end]

    def holding(self, terms: Sequence[str]) -> np.ndarray:
        """Indices of the texts holding every one of ``terms`` (search terms, as
        :func:`tokens` gives them); every text for no terms."""
        held: np.ndarray | None = None
        for term in set(terms):
            idx = (self._postings(term) or (np.zeros(0, np.int64),))[0]
            held = idx if held is None else np.intersect1d(held, idx, assume_unique=True)
        return np.arange(self.n) if held is None else held

    def scores(self, query: str, within: np.ndarray | None = None) -> np.ndarray:
        """BM25 score of every text. ``within`` (a boolean mask) is the collection actually
        searched: document frequencies and the average length are counted inside it, so a
        word that is everywhere in the searched documents (the company's name in its own
        10-K) weighs little even when it is rare in the whole store. Texts outside the mask
        score 0."""
        out = np.zeros(self.n, dtype=np.float32)
        n, avg = self.n, self.avg
        if within is not None:
            n = int(within.sum())
            if n == 0:
                return out
            avg = float(self._lengths[within].mean())
        for term in dict.fromkeys(tokens(query)):  # in the query's order: a set's changes
            # from run to run, and float32 sums in another order differ in their last bits
            hit = self._postings(term)
            if hit is None:
                continue
            idx, tf = hit
            if within is None:
                norm = self._norm[idx]
            else:
                keep = within[idx]
                idx, tf = idx[keep], tf[keep]
                if len(idx) == 0:
                    continue
                norm = self.k1 * (1 - self.b + self.b * self._lengths[idx] / max(avg, 1e-9))
            idf = np.log(1 + (n - len(idx) + 0.5) / (len(idx) + 0.5))
            out[idx] += idf * tf * (self.k1 + 1) / (tf + norm)
        return out
