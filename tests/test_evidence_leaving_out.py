"""The words of "besides", "other than", "apart from" are phrasing only where they say so:
"other" of "other comprehensive income" is a word the evidence must hold (found by a review:
"What was other comprehensive income other than currency translation?" said nothing missing
of a filing that has only "comprehensive income")."""

from __future__ import annotations

import pytest

from docnav.query.evidence import EvidenceState


@pytest.mark.parametrize("question, terms", [
    ("What was other comprehensive income other than currency translation?",
     ["other", "comprehens", "incom", "currenc", "translat"]),
    ("What changed besides the model?", ["chang", "model"]),
    ("Except for revenue, what grew?", ["revenu", "grew"]),
    ("What does the futures RFC depend on apart from pinning?",
     ["futur", "rfc", "depend", "pin"]),
])
def test_the_words_of_leaving_out_are_left_out_only_there(question, terms):
    assert EvidenceState(question, 100).terms == terms
