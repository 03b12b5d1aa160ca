"""A hyphen at a line's end before a capital that is a dash between two phrases keeps its
space (found by a review of "a hyphen at a line's end before a capital loses the space"):
each of these was glued into one word."""

from __future__ import annotations

import pytest

from docnav.parse._pdf_lines import Line
from docnav.parse._pdf_paragraphs import join_lines, mark_word_hyphens


@pytest.mark.parametrize("lines, joined", [
    (["the scores on SQuAD-", "The results were good."],
     "the scores on SQuAD- The results were good."),
    (["we compare with BERT-", "A strong baseline."], "we compare with BERT- A strong baseline."),
    (["see Part II-", "Other Information"], "see Part II- Other Information"),
    (["in Phase I-", "The first phase."], "in Phase I- The first phase."),
    (["as said in Item 7-", "MD&A describes"], "as said in Item 7- MD&A describes"),
    (["a blog post-", "Google described it."], "a blog post- Google described it."),
    # still joined: names, acronyms, a prefix before an acronym, a form's letter
    (["the baseline LSTM-", "CRF and our models"], "the baseline LSTM-CRF and our models"),
    (["Sarikaya, R.; and Fosler-", "Lussier, E. 2017."],
     "Sarikaya, R.; and Fosler-Lussier, E. 2017."),
    (["certain non-", "GAAP financial information"], "certain non-GAAP financial information"),
    (["Report on Form 10-", "Q for the Quarter"], "Report on Form 10-Q for the Quarter"),
])
def test_a_dash_before_a_capital_keeps_its_space(lines, joined):
    marked = mark_word_hyphens([Line(t, 1, 0, 10 * i, 100, 10 * i + 9)
                                for i, t in enumerate(lines)])
    assert join_lines(marked) == joined


TITLE_CONTEXT = ("the character level and the attention we paid; it is based on data; the "
                 "term is short; fine tuning; the stock price; the net revenue")


@pytest.mark.parametrize("lines, joined", [
    (["Character-", "Level Convolutional Networks"], "Character-Level Convolutional Networks"),
    (["Attention-", "Based Models"], "Attention-Based Models"),
    (["Fine-", "Tuning Language Models"], "Fine-Tuning Language Models"),
    (["Short-", "Term Memory"], "Short-Term Memory"),
    (["Stock-", "Based Compensation"], "Stock-Based Compensation"),
    # names, never in lower case, and a compound the document writes elsewhere
    (["the Russia-", "Ukraine war and Ukraine"], "the Russia-Ukraine war and Ukraine"),
    (["of long-term debt, Other Long-", "Term Liabilities"],
     "of long-term debt, Other Long-Term Liabilities"),
])
def test_a_title_case_compound_keeps_its_hyphen(lines, joined):
    """Titles of works cited set compounds in Title Case across a line's end, and the document
    writes both words in lower case elsewhere: read as a dash, "Character-" / "Level" kept a
    space ("Character- Level")."""
    marked = mark_word_hyphens([Line(t, 1, 0, 10 * i, 100, 10 * i + 9)
                                for i, t in enumerate([TITLE_CONTEXT, *lines])])
    assert join_lines(marked) == f"{TITLE_CONTEXT} {joined}"
