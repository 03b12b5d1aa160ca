"""A compound in capitals broken at its hyphen at a line's end ("LONG-" / "LIVED ASSETS",
"TWENTY-" / "FIVE") keeps the hyphen (``docnav.parse._pdf_paragraphs._hyphen_before_capital``).
A rule that joined two halves in capitals where the document writes neither on its own in
capitals, meant for "In COL-" / "ING." (1909.00754), glued these into "LONGLIVED" and
"TWENTYFIVE" (found by a review). A second half that is only a suffix ("ING", "TIONS") is no
word a compound could end with, so there the word was broken and is joined: "COLING"."""

from __future__ import annotations

import pytest
from _parsing import NATIVE
from _paths import FIXTURES, require

from docnav.parse import parse_file
from docnav.parse._pdf_lines import Line
from docnav.parse._pdf_paragraphs import join_lines, mark_word_hyphens


@pytest.mark.parametrize("lines, joined", [
    (["LONG-", "LIVED ASSETS"], "LONG-LIVED ASSETS"),
    (["NON-", "CASH ITEMS"], "NON-CASH ITEMS"),
    (["MULTI-HEAD SELF-", "ATTENTION"], "MULTI-HEAD SELF-ATTENTION"),
    (["CROSS-", "LINGUAL"], "CROSS-LINGUAL"),
    (["TWENTY-", "FIVE"], "TWENTY-FIVE"),
    (["MARKET-", "BASED"], "MARKET-BASED"),
    (["The AMAZON-", "WHOLE FOODS deal"], "The AMAZON-WHOLE FOODS deal"),
    (["INVESTMENTS AVAILABLE-", "FOR-SALE"], "INVESTMENTS AVAILABLE-FOR-SALE"),
    (["RIGHT-", "OF-USE ASSETS"], "RIGHT-OF-USE ASSETS"),
    (["STATE-", "OF-THE-ART"], "STATE-OF-THE-ART"),
    # acronyms' compounds
    (["the BERT-", "BASE model beats BERT"], "the BERT-BASE model beats BERT"),
    (["certain NON-", "GAAP measures; GAAP"], "certain NON-GAAP measures; GAAP"),
    (["the LSTM-", "CRF model"], "the LSTM-CRF model"),
    # written whole elsewhere: a word broken there
    (["In COL-", "ING 2018, a COLING paper"], "In COLING 2018, a COLING paper"),
])
def test_a_compound_in_capitals_broken_at_its_hyphen_keeps_it(lines, joined):
    marked = mark_word_hyphens([Line(t, 1, 0, 10 * i, 100, 10 * i + 9)
                                for i, t in enumerate(lines)])
    assert join_lines(marked) == joined


@pytest.mark.parametrize("lines, joined", [
    (["classification. In COL-", "ING."], "classification. In COLING."),
    (["CONSOLIDATED STATEMENTS OF OPERA-", "TIONS"], "CONSOLIDATED STATEMENTS OF OPERATIONS"),
    (["THE CORPORA-", "TION"], "THE CORPORATION"),
    (["BUSINESS DEVELOP-", "MENT"], "BUSINESS DEVELOPMENT"),
    (["LIQUID-", "ITY AND CAPITAL RESOURCES"], "LIQUIDITY AND CAPITAL RESOURCES"),
    # written with the hyphen elsewhere, it stays
    (["the X-", "ING style; X-ING"], "the X-ING style; X-ING"),
])
def test_a_word_in_capitals_broken_before_a_suffix_is_joined(lines, joined):
    """Read "In COL-ING." (1909.00754's works cited): the hyphen after a capital was taken for
    an acronym's compound's, but "ING" is a suffix, not a word."""
    marked = mark_word_hyphens([Line(t, 1, 0, 10 * i, 100, 10 * i + 9)
                                for i, t in enumerate(lines)])
    assert join_lines(marked) == joined


def test_coling_broken_in_the_works_cited_is_one_word():
    texts = [b.text for b in parse_file(require(FIXTURES / "pdf" / "1909.00754.pdf"),
                                        NATIVE).blocks]
    assert any("multi-label classification. In COLING." in t for t in texts)


@pytest.mark.parametrize("lines, joined", [
    (["by Chen-", "Ing Wu"], "by Chen-Ing Wu"),
    # the first half not in capitals: a name whose second half is written in capitals (it
    # read "ChenING WU")
    (["by Chen-", "ING WU"], "by Chen-ING WU"),
])
def test_a_name_after_a_hyphen_is_no_suffix(lines, joined):
    marked = mark_word_hyphens([Line(t, 1, 0, 10 * i, 100, 10 * i + 9)
                                for i, t in enumerate(lines)])
    assert join_lines(marked) == joined


@pytest.mark.parametrize("lines, joined", [
    (["Sales returned to PRE-", "COVID levels"], "Sales returned to PRE-COVID levels"),
    (["we report certain NON-", "GAAP measures"], "we report certain NON-GAAP measures"),
    (["trained on MULTI-", "GPU clusters"], "trained on MULTI-GPU clusters"),
    (["hired an EX-", "CEO of a rival"], "hired an EX-CEO of a rival"),
    (["drugs for ANTI-", "HIV therapy"], "drugs for ANTI-HIV therapy"),
    (["in POST-", "IPO trading"], "in POST-IPO trading"),
    (["a CO-", "CEO structure"], "a CO-CEO structure"),
    (["the MID-", "ATLANTIC region"], "the MID-ATLANTIC region"),
    (["the UN-", "AMERICAN committee"], "the UN-AMERICAN committee"),
    (["the TRANS-", "PACIFIC Partnership"], "the TRANS-PACIFIC Partnership"),
    # a heading set in capitals, an acronym the document writes again, a hyphen's prefix
    (["NON-", "CASH ITEMS"], "NON-CASH ITEMS"),
    (["the certain NON-", "GAAP measures; GAAP"], "the certain NON-GAAP measures; GAAP"),
    (["a Transformer with SELF-", "ATTENTION"], "a Transformer with SELF-ATTENTION"),
    # a bare suffix, or the whole written elsewhere: a word broken there
    (["sales from OPERA-", "TIONS in the year"], "sales from OPERATIONS in the year"),
    (["In INTER-", "SPEECH 2019; INTERSPEECH"], "In INTERSPEECH 2019; INTERSPEECH"),
])
def test_a_prefix_in_capitals_before_an_acronym_in_a_sentence_keeps_its_hyphen(lines, joined):
    """Read "PRECOVID", "NONGAAP", "EXCEO": a prefix in capitals before a word in capitals the
    document wrote nowhere else, in a line of lower-case text, was joined to it (meant for "In
    INTER-" / "SPEECH."; found by a review)."""
    marked = mark_word_hyphens([Line(t, 1, 0, 10 * i, 100, 10 * i + 9)
                                for i, t in enumerate(lines)])
    assert join_lines(marked) == joined


@pytest.mark.xfail(strict=True, reason="known: a name in capitals broken after a prefix reads "
                   "like a prefix before an acronym (\"PRE-\" / \"COVID\"), which keeps it; "
                   "1912.01214 writes neither INTERSPEECH nor \"speech\" in any form elsewhere")
def test_interspeech_broken_in_the_works_cited_is_one_word():
    texts = [b.text for b in parse_file(require(FIXTURES / "pdf" / "1912.01214.pdf"),
                                        NATIVE).blocks]
    assert any("Interlingua based statistical machine translation. In INTERSPEECH." in t
               for t in texts)
    assert not [t for t in texts if "INTER-SPEECH" in t]
