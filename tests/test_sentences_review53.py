"""Where the sentence splitter's rules for inline code, "?"/"!" before a lower-case word and a
lone "e.g." went too far (found by a review of docnav/sentences.py): each joined two sentences
of ordinary prose."""

from __future__ import annotations

import pytest

from docnav.sentences import split_sentences


@pytest.mark.parametrize("text, sentences", [
    # LaTeX quotes, which Qasper's papers keep (``forgotten''), are no inline code
    ("We call it ``forgotten''. Then we use ``forced'' words.",
     ["We call it ``forgotten''.", "Then we use ``forced'' words."]),
    ("We call it `forgotten'. Then we use `forced' words.",
     ["We call it `forgotten'.", "Then we use `forced' words."]),
    # a question ends its sentence before an enumerator or a word of a name or a figure
    ("We study two questions. i) Does pretraining help? ii) Does it help on small data? We "
     "answer both.", ["We study two questions.", "i) Does pretraining help?",
                      "ii) Does it help on small data?", "We answer both."]),
    ("We study: a) Is BERT better? b) Is it faster? Both hold.",
     ["We study: a) Is BERT better?", "b) Is it faster?", "Both hold."]),
    ("Does the model help? k-means clustering shows it does.",
     ["Does the model help?", "k-means clustering shows it does."]),
    ("How did sales do? iPhone revenue grew 5%.",
     ["How did sales do?", "iPhone revenue grew 5%."]),
    ("What is the revenue? the answer is in Note 5. It grew.",
     ["What is the revenue?", "the answer is in Note 5.", "It grew."]),
    # a lone "E.g." leads in to the sentence after it, not the one before
    ("It failed. E.g. The parser crashed on tables. We fixed it.",
     ["It failed.", "E.g. The parser crashed on tables.", "We fixed it."]),
    ("Some models overfit. I.e. They memorise the training set.",
     ["Some models overfit.", "I.e. They memorise the training set."]),
])
def test_ordinary_prose_keeps_its_sentences(text, sentences):
    assert split_sentences(text) == sentences


@pytest.mark.parametrize("text, sentences", [
    # what the rules are for, still so
    ("The # modifier (e.g. {:#?}) will be interpreted as alternate.",
     ["The # modifier (e.g. {:#?}) will be interpreted as alternate."]),
    ("Use the vec! macro here. The ? operator returns early.",
     ["Use the vec! macro here.", "The ? operator returns early."]),
    ("The `#` modifier (e.g. `{:#?}`) is new.", ["The `#` modifier (e.g. `{:#?}`) is new."]),
    ("It will clamp the input to the range. I.E.", ["It will clamp the input to the range. I.E."]),
])
def test_code_and_a_closing_abbreviation_still_go_on(text, sentences):
    assert split_sentences(text) == sentences
