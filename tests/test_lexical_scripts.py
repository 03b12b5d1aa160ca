"""Search terms of text beyond plain English: accents folded on Latin letters, and Chinese,
Japanese or Korean text (no spaces between words) searched by pairs of characters. Before,
`docnav ask "東京"` and `ask "zurich"` said the word was in none of the documents while their
evidence held "東京は日本の首都です" and "Zürich"."""

from __future__ import annotations

from _stores import indexed_graph

from docnav.query import Navigator
from docnav.query.lexical import BM25, tokens

TEXT = "Ceci est un paragraphe avec des accents: café, naïve, Zürich. 東京は日本の首都です。"


def test_accents_of_latin_letters_are_no_part_of_a_term():
    assert tokens("zurich cafe naive") == tokens("Zürich café naïve") == ["zurich", "cafe",
                                                                          "naiv"]
    # a kana's voicing mark is no accent: が stays が (not か); symbols stay as they are
    assert tokens("がっこう") != tokens("かっこう") and tokens("x²") == ["x²"]


def test_cjk_text_is_searched_by_pairs_of_its_characters():
    terms = tokens(TEXT)
    assert {"東京", "日本", "首都"} <= set(terms) and "東京は日本の首都です" not in terms
    assert tokens("東京") == ["東京"] and tokens("京") == ["京"]
    bm25 = BM25(["Rockets fly to the moon.", TEXT, "大阪は港町です。"])
    assert bm25.scores("首都 東京").argmax() == 1 and bm25.scores("大阪").argmax() == 2
    assert list(bm25.holding(tokens("zurich"))) == [1]


def test_a_word_the_evidence_holds_is_not_said_missing(tmp_path):
    nav = Navigator(indexed_graph(tmp_path, {"uni.md": f"# Notes\n\n{TEXT}\n",
                                             "other.md": "# Other\n\nRockets fly.\n"}))
    for question in ("東京", "zurich", "What is said of 首都?"):
        answer = nav.ask(question, 100)
        assert answer.missing == [] and answer.absent == [], question
        assert "Zürich" in answer.evidence[0].piece.text
