"""Building the BM25 index in bulk. A store of five small RFCs and one paragraph of 300,000
distinct words took ~19 s per query where it took ~2 s: every process built two numpy arrays
per distinct term and stemmed each word through Snowball's cache of 10,000 words. The bulk
build must score exactly as the term-by-term one did (a reference model of it here) and stem
each distinct word once."""

from __future__ import annotations

from collections import Counter, defaultdict

import numpy as np
import pytest
from _rfcs import rfc_texts
from _stores import indexed_graph

from docnav.query import lexical
from docnav.query.lexical import BM25, _stemmed, _words, tokens

RFCS = ["0066-better-temporary-lifetimes.md", "0131-target-specification.md",
        "0505-api-comment-conventions.md", "1440-drop-types-in-const.md",
        "2349-pin.md"]
LINE = " ".join(f"word{i}" for i in range(3000))  # one paragraph of many distinct words


def _terms_and_length(text):
    """A text's search terms and its BM25 length as b5aab06's build took them (the library's
    own helper until the bulk build): its words, a joined word's runs not counted."""
    words = _words(text, addressed=True)
    return _stemmed([word for word, _ in words]), sum(joined is None for _, joined in words)


class TermByTerm:
    """The BM25 of b5aab06, the reference: a dict of postings built text by text."""

    def __init__(self, texts, k1=1.2, b=0.75):
        self.k1, self.b, self.n = k1, b, len(texts)
        lengths = np.zeros(self.n, dtype=np.float32)
        postings = defaultdict(list)
        for i, text in enumerate(texts):
            terms, lengths[i] = _terms_and_length(text)
            for term, tf in Counter(terms).items():
                postings[term].append((i, tf))
        self.lengths, self.avg = lengths, float(lengths.mean())
        self.norm = k1 * (1 - b + b * lengths / max(self.avg, 1e-9))
        self.postings = {t: (np.array([i for i, _ in p], np.int64),
                             np.array([tf for _, tf in p], np.float32))
                         for t, p in postings.items()}

    def scores(self, query, within=None):
        out = np.zeros(self.n, dtype=np.float32)
        n = self.n if within is None else int(within.sum())
        avg = self.avg if within is None else float(self.lengths[within].mean())
        for term in dict.fromkeys(tokens(query)):
            if term not in self.postings:
                continue
            idx, tf = self.postings[term]
            if within is None:
                norm = self.norm[idx]
            else:
                idx, tf = idx[within[idx]], tf[within[idx]]
                if len(idx) == 0:
                    continue
                norm = self.k1 * (1 - self.b + self.b * self.lengths[idx] / max(avg, 1e-9))
            idf = np.log(1 + (n - len(idx) + 0.5) / (len(idx) + 0.5))
            out[idx] += idf * tf * (self.k1 + 1) / (tf + norm)
        return out


@pytest.fixture(scope="module")
def texts(tmp_path_factory):
    """The search items' texts of a real store: five RFCs and the long paragraph."""
    base = tmp_path_factory.mktemp("long")
    graph = indexed_graph(base, {**rfc_texts(base, RFCS), "hugeline.md": LINE + "\n"},
                          search_vectors=False)
    return [text for _, text, _ in graph.search._items]


def test_the_bulk_index_scores_as_the_term_by_term_one(texts):
    new, old = BM25(texts), TermByTerm(texts)
    within = np.random.default_rng(1).random(len(texts)) < 0.5
    queries = ["regular expression", "word123 word", "123", "pinning a value in memory",
               "io::Error crates.io", "temporaries' lifetimes", "the of and"]
    queries += [" ".join(t.split()[:6]) for t in texts[::7]]
    for query in queries:
        for mask in (None, within):
            assert new.scores(query, within=mask).tobytes() == \
                old.scores(query, within=mask).tobytes(), query
        for term in tokens(query):
            held = old.postings.get(term, (np.zeros(0, np.int64),))[0]
            assert new.holding([term]).tolist() == held.tolist(), term
    assert new.scores("word2999").argmax() == texts.index(LINE)


class CountingStemmer:
    """Snowball's stemmer, counting the words it is given."""

    def __init__(self, stemmer):
        self.stemmer, self.words = stemmer, 0

    def stemWords(self, words):  # noqa: N802 (PyStemmer's name)
        self.words += len(words)
        return self.stemmer.stemWords(words)


def test_each_distinct_word_is_stemmed_once(monkeypatch):
    # 60 texts of the same 50 joined words: 3,000 words and their runs ("seal", "10")
    words = [f"seal{i}" if i % 10 == 0 else f"pump{chr(97 + i % 26)}{i}" for i in range(50)]
    texts = [" ".join(words[(i + k) % 50] for k in range(50)) for i in range(60)]
    counting = CountingStemmer(lexical._STEMMER)
    monkeypatch.setattr(lexical, "_STEMMER", counting)
    monkeypatch.setattr(lexical, "_DISTINCT_STEMMER", counting, raising=False)
    bm25 = BM25(texts)
    distinct = {word for text in texts for word, _ in lexical._words(text, addressed=True)}
    assert counting.words == len(distinct) < 200  # of the 60 texts' 8,400 words and runs
    assert len(bm25.holding(["seal"])) == 60
