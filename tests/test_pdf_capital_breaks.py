"""A word in capitals broken at a line's end ("COL-" / "ING.", "INTER-" / "SPEECH." in the
works cited of 1909.00754 and 1912.01214) is one word; a compound of acronyms or names in
capitals keeps its hyphen (``docnav.parse._pdf_paragraphs._hyphen_before_capital``)."""

from __future__ import annotations

import pytest
from _parsing import NATIVE
from _paths import FIXTURES, require

from docnav.parse import parse_file
from docnav.parse._pdf_lines import Line
from docnav.parse._pdf_paragraphs import join_lines, mark_word_hyphens


@pytest.mark.parametrize("lines, joined", [
    # neither half written on its own in capitals, nor the compound nor the whole elsewhere
    (["for multi-label classification. In COL-", "ING."],
     "for multi-label classification. In COLING."),
    (["machine translation. In INTER-", "SPEECH. Speech and the inter-", "lingua"],
     "machine translation. In INTERSPEECH. Speech and the interlingua"),
    (["NATIONAL COR-", "PUS. 2009."], "NATIONAL CORPUS. 2009."),
    # written whole elsewhere
    (["In COL-", "ING 2018, a COLING paper"], "In COLING 2018, a COLING paper"),
    # a half the document writes on its own in capitals: an acronym's compound
    (["the BERT-", "BASE model beats BERT"], "the BERT-BASE model beats BERT"),
    (["certain NON-", "GAAP measures; GAAP"], "certain NON-GAAP measures; GAAP"),
    (["the LSTM-", "CRF model"], "the LSTM-CRF model"),
])
def test_a_word_in_capitals_broken_at_a_line_end_is_joined(lines, joined):
    marked = mark_word_hyphens([Line(t, 1, 0, 10 * i, 100, 10 * i + 9)
                                for i, t in enumerate(lines)])
    assert join_lines(marked) == joined


@pytest.mark.parametrize("name, entry", [
    ("1909.00754.pdf", "Sgm: Sequence generationmodel for multi-label classification. In "
     "COLING."),
    ("1912.01214.pdf", "Interlingua based statistical machine translation. In INTERSPEECH."),
])
def test_a_venue_in_capitals_broken_in_the_works_cited_is_one_word(name, entry):
    """Read "In COL-ING." and "In INTER-SPEECH.": the venue kept the line break's hyphen."""
    texts = [b.text for b in parse_file(require(FIXTURES / "pdf" / name), NATIVE).blocks]
    assert any(t.endswith(entry) for t in texts)
