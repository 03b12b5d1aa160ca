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


@pytest.mark.parametrize("lines, joined", [
    # two common words, each written in lower case elsewhere, never as one: a dash
    (["Our revenue and net income grew.", "Revenue-", "Net sales rose by a tenth."],
     "Our revenue and net income grew. Revenue- Net sales rose by a tenth."),
    # names, never in lower case, are joined; so is a compound the document writes elsewhere
    (["Sales in Russia fell.", "the Russia-", "Ukraine war and Ukraine"],
     "Sales in Russia fell. the Russia-Ukraine war and Ukraine"),
    (["net of long-term debt, for the term", "Other Long-", "Term Liabilities"],
     "net of long-term debt, for the term Other Long-Term Liabilities"),
    # words written in lower case only as a piece of another broken word are no evidence
    (["the revenue grew on the inter-", "net; Revenue-", "Net sales rose."],
     "the revenue grew on the internet; Revenue-Net sales rose."),
])
def test_a_dash_between_two_common_words_keeps_its_space(lines, joined):
    """A dash at a line's end after a capitalised word before another ("Revenue-" / "Net
    sales ...") was read as a hyphen and the two glued ("Revenue-Net sales"): both are words
    the document writes on their own in lower case, and never as one, so it is a dash."""
    marked = mark_word_hyphens([Line(t, 1, 0, 10 * i, 100, 10 * i + 9)
                                for i, t in enumerate(lines)])
    assert join_lines(marked) == joined
