"""Words docling-parse runs together in a native PDF's line, spaced as pdfium's text of the
page spaces them."""

from __future__ import annotations

import pytest
from _parsing import NATIVE, text_pdf
from _paths import FIXTURES, require

from docnav.parse import parse_file
from docnav.parse._pdf_glyphs import own_spellings, respaced


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


@pytest.mark.parametrize("text, page, expected", [
    ("at SemEval-2019Task 6: Identifying", "at SemEval-2019 Task 6: Identifying Offensive",
     "at SemEval-2019 Task 6: Identifying"),
    ("and Jason DWilliams. 2013.", "Thomson, and Jason D Williams. 2013. Pomdp",
     "and Jason D Williams. 2013."),
    # pdfium runs them together elsewhere on the page; no name after the capital
    ("the 2019Task and", "the 2019 Task and the 2019Task", "the 2019Task and"),
    ("a 3Dmodel here", "a 3D model here", "a 3Dmodel here"),
    ("the ABCdef here", "the A B Cdef here", "the ABCdef here"),
    ("the DWilliams here", "the D W illiams here", "the DWilliams here"),
])
def test_a_word_after_a_number_or_an_initial_is_spaced_as_pdfium_spaces_it(
        text, page, expected):
    """Read "SemEval-2019Task" (pdfium's spaces were looked for between letters only) and
    "Jason DWilliams" (a letter cut off alone was left on, for letter-spaced text)."""
    assert respaced(text, page) == expected


def test_a_task_number_and_an_initial_in_works_cited_are_spaced():
    """2001.03131 and 1909.00754, where docling-parse runs the words together."""
    texts = [b.text for name in ("2001.03131", "1909.00754")
             for b in parse_file(require(FIXTURES / "pdf" / f"{name}.pdf"), NATIVE).blocks]
    assert any("UM-IU@ LING at SemEval-2019 Task 6: Identifying Offensive" in t for t in texts)
    assert any("Blaise Thomson, and Jason D Williams. 2013. Pomdp-based" in t for t in texts)
    assert not [t for t in texts if "2019Task" in t or "DWilliams" in t]


@pytest.mark.parametrize("text, page, expected", [
    ("the Llama2Chat model", "x the Llama 2 Chat model y", "the Llama 2 Chat model"),
    ("in FY2023Revenue grew", "in FY 2023 Revenue grew", "in FY 2023 Revenue grew"),
    ("with GPT4Turbo and", "with GPT 4 Turbo and", "with GPT 4 Turbo and"),
    # pdfium spaces one side only, or runs the number and the word together: as before
    ("the Llama2Chat model", "x the Llama2 Chat model y", "the Llama2 Chat model"),
    ("the Llama2Chat model", "x the Llama 2Chat model y", "the Llama2Chat model"),
    # a number after a letter with no word after it that pdfium spaces: a subscript
    ("the H2O molecule here", "the H 2 O molecule here", "the H2O molecule here"),
    ("2019Task and a 5", "2019 Task and a 5", "2019 Task and a 5"),
])
def test_a_number_between_two_words_pdfium_spaces_is_spaced_on_both_sides(text, page, expected):
    """Read "Llama2 Chat" where pdfium reads "Llama 2 Chat" (found by a review): only the
    word after the number was spaced, a reading neither parser made."""
    assert respaced(text, page) == expected


@pytest.mark.parametrize("text, page, expected", [
    ("Scope 1 CO2Emissions were", "Scope 1 CO 2 Emissions were", "Scope 1 CO2 Emissions were"),
    ("the R2Score is", "the R 2 Score is", "the R2 Score is"),
    ("our Q3Results are", "our Q 3 Results are", "our Q3 Results are"),
    ("the Llama2Chat model", "x the Llama 2 Chat model y", "the Llama 2 Chat model"),
])
def test_a_formula_s_letters_before_a_subscript_pdfium_spaces_are_not_spaced(text, page,
                                                                            expected):
    """pdfium spaces a sub- or superscript on both sides as it spaces "Llama 2 Chat": "CO2
    Emissions" read "CO 2 Emissions" (found by a review); one capital or two before a one-digit
    number are a formula's, and only the word after the number is spaced, as before."""
    assert respaced(text, page) == expected


@pytest.mark.parametrize("text, page, joined, expected", [
    ("the HNO3Solution was", "the HNO 3 Solution was", {"HNO3"}, "the HNO3 Solution was"),
    ("with GPT4Turbo and", "with GPT 4 Turbo and", {"HNO3"}, "with GPT 4 Turbo and"),
    ("of H2SO4Acid here", "of H 2 SO 4 Acid here", {"H2SO4"}, "of H2SO4 Acid here"),
    ("the Llama2Chat model", "x the Llama 2 Chat model y", set(), "the Llama 2 Chat model"),
])
def test_letters_and_a_number_the_document_writes_as_one_word_are_not_spaced(text, page, joined,
                                                                             expected):
    """pdfium spaces a formula's subscript as it spaces "Llama 2 Chat": "HNO3Solution" read
    "HNO 3 Solution" (three capitals are a name's, as "GPT 4"); a document that writes "HNO3"
    as a word elsewhere ("HNO3 is", "(HNO3)") keeps it one."""
    assert respaced(text, page, joined=frozenset(joined)) == expected


def test_a_document_s_own_spellings_are_its_letters_and_numbers_written_as_one_word():
    assert own_spellings(["Dilute HNO3 (65%) and H2SO4.", "the Llama2Chat model",
                          "Llama 2 and GPT-4", "CO2, 3D, v2x"]) == {"HNO3", "H2SO4", "CO2"}


def test_a_spelling_is_the_document_s_own_only_where_pdfium_writes_it_as_one_word(tmp_path):
    """docling-parse runs words together ("we fine-tune Llama2." where the page says "Llama
    2."), so "Llama2" was taken for the document's own spelling and "the Llama2Chat model"
    read "the Llama2 Chat model"; one pdfium writes as one word too ("HNO3 is") is kept."""
    import pypdfium2 as pdfium

    from docnav.parse._pdf_glyphs import repair_lines
    from docnav.parse._pdf_lines import Line

    said = [("the Llama2Chat model", "the Llama 2 Chat model"),
            ("we fine-tune Llama2.", "we fine-tune Llama 2."),
            ("the HNO3Solution was", "the HNO 3 Solution was"),
            ("Dilute HNO3 is used.", "Dilute HNO3 is used.")]
    path = tmp_path / "spelt.pdf"
    path.write_bytes(text_pdf([(False, 11, 72, 700 - 20 * i, page)
                               for i, (_, page) in enumerate(said)]))
    lines = [Line(text, 1, 72, 92 + 20 * i, 300, 103 + 20 * i)
             for i, (text, _) in enumerate(said)]
    pdf = pdfium.PdfDocument(str(path))
    try:
        read = [x.text for x in repair_lines(lines, pdf)]
    finally:
        pdf.close()
    assert read[0] == "the Llama 2 Chat model" and read[2] == "the HNO3 Solution was", read
