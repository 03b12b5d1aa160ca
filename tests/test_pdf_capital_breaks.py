"""A compound in capitals broken at its hyphen at a line's end ("LONG-" / "LIVED ASSETS",
"TWENTY-" / "FIVE") keeps the hyphen (``docnav.parse._pdf_paragraphs._hyphen_before_capital``).
A rule that joined two halves in capitals where the document writes neither on its own in
capitals, meant for "In COL-" / "ING." (1909.00754), glued these into "LONGLIVED" and
"TWENTYFIVE" (found by a review); "COL-ING" is left as a known defect."""

from __future__ import annotations

import pytest

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
