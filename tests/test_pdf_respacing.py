"""Words docling-parse runs together in a native PDF's line, spaced as pdfium's text of the
page spaces them."""

from __future__ import annotations

import pytest
from _parsing import NATIVE
from _paths import FIXTURES, require

from docnav.parse import parse_file
from docnav.parse._pdf_glyphs import respaced


def test_a_word_run_together_after_a_line_end_hyphen_is_spaced():
    """1909.00754's works cited: docling-parse reads the line after "Sequence gen-" as
    "erationmodel for multi-label classification", where pdfium reads "gen\\ufffeeration
    model"; the entry read "Sequence generationmodel" and matched neither word."""
    texts = [b.text for b in parse_file(require(FIXTURES / "pdf" / "1909.00754.pdf"),
                                        NATIVE).blocks]
    assert any("Sgm: Sequence generation model for multi-label classification" in t
               for t in texts)
    assert not [t for t in texts if "generationmodel" in t]


@pytest.mark.parametrize("text, page, expected", [
    ("erationmodel for multi-label", "Sequence gen-eration model for multi-label class",
     "eration model for multi-label"),
    ("work frommultiple sources", "x work from multiple sources y",
     "work from multiple sources"),
    ("the LSTMmodule is", "x the LSTM module is y", "the LSTM module is"),
    ("a randomwalk here", "a random walk here, and a randomwalk there",
     "a randomwalk here"),  # pdfium has the word as it is, elsewhere on the page
    ("the randomwalk", "the random walk, the random walk", "the random walk"),
    ("the randomwalk", "the random walk and the ran dom walk", "the randomwalk"),
    ("values 12345 here", "values 123 45 here", "values 12345 here"),  # letters only
    # a letter alone is kept on: letter-spaced or kerned text, a formula's subscripts
    ("ABSTRACT We study graphs", "A B S T R A C T We study graphs", "ABSTRACT We study graphs"),
    ("Table 3 shows results", "T able 3 shows results", "Table 3 shows results"),
    ("Efficient inference", "E ffi cient inference", "Efficient inference"),
    ("where hner is the state", "where h ner is the state", "where hner is the state"),
    ("the aModel of it", "the a Model of it", "the a Model of it"),  # at a capital, as before
])
def test_letters_of_a_word_pdfium_never_has_are_spaced_as_pdfium_spaces_them(
        text, page, expected):
    assert respaced(text, page) == expected
