"""A paragraph that a page break cuts after a word no sentence ends on ("... furnish with the" /
"Securities and Exchange Commission ...") goes on across the break though the next page
starts in upper case; a heading, a table, a caption or a list item there does not take it
(``docnav.parse._pdf_paragraphs._hangs_over_break``)."""

from __future__ import annotations

import pytest
from _parsing import NATIVE, filing, pages_pdf

from docnav.parse import parse_file

FIRST = ["We make available on our website, free of charge, the annual and quarterly reports",
         "that we file with or furnish to regulators as soon as reasonably practicable after",
         "we file them, and the reports that our officers and directors file or furnish with the"]
REST = ["Securities and Exchange Commission about their holdings of our shares, together with",
        "the charters of the committees of our board and our code of conduct and ethics."]


def page(top: int, texts: list[str], x: int = 72) -> list:
    return [(False, 10, x, top - 13 * i, t) for i, t in enumerate(texts)]


def blocks(tmp_path, first: list, second: list) -> list[str]:
    path = tmp_path / "report.pdf"
    path.write_bytes(pages_pdf([first, second]))
    return [b.text for b in parse_file(path, NATIVE).blocks]


def test_a_sentence_cut_after_the_goes_on_across_the_page_break(tmp_path):
    """Amazon's 10-K ends page 4 with "... the reports that we file or furnish with the" and
    starts page 5 with "Securities and Exchange Commission ("SEC"), corporate governance
    ...": only a lower-case start went on, and the sentence was two paragraphs."""
    texts = blocks(tmp_path, page(400, FIRST), page(700, REST))
    assert any("file or furnish with the Securities and Exchange Commission about their" in t
               and t.endswith("code of conduct and ethics.") for t in texts)
    texts = [b.text for b in filing("AMAZON_2017_10K").blocks]
    assert any("the reports that we file or furnish with the Securities and Exchange "
               'Commission ("SEC"), corporate governance information' in t for t in texts)
    assert not any(t.startswith("Securities and Exchange Commission") for t in texts)


def test_a_caption_atop_the_next_page_is_held_aside_while_the_sentence_goes_on(tmp_path):
    caption = "Table 2: Net sales by segment, in millions of dollars."
    texts = blocks(tmp_path, page(400, FIRST), [(False, 10, 72, 700, caption),
                                                *page(670, REST)])
    assert texts[-1] == caption
    assert "furnish with the Securities and Exchange Commission about" in texts[-2]


@pytest.mark.parametrize("second, starts", [
    # a heading set in the body font, a line of its own above the next paragraph
    ([(False, 10, 72, 700, "Competition"), *page(670, REST)], "Competition"),
    # a table: its head row's cells, then its rows
    ([(False, 10, 72, 700, "Name"), (False, 10, 250, 700, "Age"),
      (False, 10, 320, 700, "Position"), (False, 10, 72, 687, "Jane Doe"),
      (False, 10, 250, 687, "52"), (False, 10, 320, 687, "Chief Executive Officer"),
      (False, 10, 72, 674, "John Roe"), (False, 10, 250, 674, "47"),
      (False, 10, 320, 674, "Chief Financial Officer")], "Name"),
    # a figure's labels, a line with hardly a word in lower case
    ([(False, 10, 72, 700, "Model Precision Recall F1 Accuracy"), *page(670, REST)],
     "Model Precision Recall"),
    ([*page(700, ["1. Securities filings are posted within a day of their filing, and",
                  "the charters of the committees of our board are posted there too."])],
     "1. Securities filings"),
    # a heading in sentence case, or one naming a note, above the next paragraph (found by a
    # review: each was joined to the cut sentence)
    ([(False, 10, 72, 700, "Risk factors"), *page(670, REST)], "Risk factors"),
    ([(False, 10, 72, 700, "Note 4 to the financial statements"), *page(670, REST)],
     "Note 4 to the financial statements"),
    # a table of two columns, its labels half in lower case
    ([(False, 10, 72, 700, "Net sales"), (False, 10, 400, 700, "$ 177,866"),
      (False, 10, 72, 687, "Operating income"), (False, 10, 400, 687, "$ 4,106"),
      (False, 10, 72, 674, "Net income"), (False, 10, 400, 674, "$ 3,033")], "Net sales"),
])
def test_what_starts_the_next_page_apart_from_sentences_does_not_take_the_cut_one(
        tmp_path, second, starts):
    texts = blocks(tmp_path, page(400, FIRST), second)
    assert any(t.endswith("file or furnish with the") for t in texts)
    assert any(t.startswith(starts) for t in texts)


def test_a_capital_letter_a_label_or_a_paragraph_below_on_the_same_page_is_no_break(tmp_path):
    """"... the results reported for sub-task A" ends on a label, not the article; and a
    paragraph set apart below another on the same page was split by the layout (a gap), not
    by a break that a word could say the sentence went on across."""
    label = [*FIRST[:2], "we file them, and the results are reported for the shared sub-task A"]
    texts = blocks(tmp_path, page(400, label), page(700, REST))
    assert any(t.startswith("Securities and Exchange Commission") for t in texts)
    texts = blocks(tmp_path, page(400, FIRST) + page(300, REST), page(700, REST))
    assert any(t.endswith("file or furnish with the") for t in texts)


def test_a_sentence_cut_after_a_comma_or_inside_a_name_goes_on_across_the_page_break(tmp_path):
    """Amazon's 10-K ends page 67 with "... including Canada, China, Germany, India, Japan,"
    and starts page 68 with "Luxembourg, and the United Kingdom. ..."; page 60 ends with "In
    March 2016, the United States" and page 61 starts "District Court for the Western
    District of Kentucky dismissed ...": each sentence was two paragraphs."""
    listed = [*FIRST[:2], "we file them, in the countries where we sell, such as Canada, Japan,"]
    texts = blocks(tmp_path, page(400, listed), page(700, REST))
    assert any("such as Canada, Japan, Securities and Exchange Commission about" in t
               for t in texts)
    named = [*FIRST[:2], "we file them, as the rules of the Securities and Exchange Commission"]
    texts = blocks(tmp_path, page(400, named), page(700, ["Division of Corporation Finance "
                                                          "require of us, and the charters",
                                                          *REST[1:]]))
    assert any("Securities and Exchange Commission Division of Corporation Finance require"
               in t for t in texts)
    texts = [b.text for b in filing("AMAZON_2017_10K").blocks]
    assert any("India, Japan, Luxembourg, and the United Kingdom. We are under" in t
               for t in texts)
    assert any("In March 2016, the United States District Court for the Western District of "
               "Kentucky dismissed" in t for t in texts)
