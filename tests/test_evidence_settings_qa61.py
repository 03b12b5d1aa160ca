"""EvidenceState's thresholds checked as the navigator's options are (a QA pass of the query
library): confident=2.0 (no piece could ever stop it), min_fill=-1 and min_fill="a" (a
TypeError only when the confidence test was reached) were taken in silence."""

from __future__ import annotations

import re
from dataclasses import fields

import pytest

from docnav.errors import ConfigError, DocNavError, InputError
from docnav.query import EvidenceState


@pytest.mark.parametrize("name, value", [
    ("confident", 2.0), ("confident", -0.1), ("confident", "a"), ("confident", float("nan")),
    ("min_fill", -1), ("min_fill", 1.5), ("min_fill", "a"), ("min_fill", True),
    ("min_relevance", 2), ("min_relevance", None),
])
def test_a_threshold_out_of_its_range_is_refused(name, value):
    with pytest.raises(ConfigError, match=rf"^{name} {value!r} is not valid: give a share "
                                          r"from 0 to 1 \(.+\)$") as raised:
        EvidenceState("impeller seal", 100, **{name: value})
    assert isinstance(raised.value, DocNavError)


def test_thresholds_in_range_are_kept():
    state = EvidenceState("impeller seal", 100, confident=0.5, min_fill=0, min_relevance=1)
    assert (state.confident, state.min_fill, state.min_relevance) == (0.5, 0, 1)
    assert state.stop is None  # nothing collected yet


@pytest.mark.parametrize("question", ["", "  \n "])
def test_an_empty_question_is_refused_naming_the_argument(question):
    # taken in silence, where graph.locate("") and Navigator.ask("") refuse it: a state of no
    # words, never sufficient by what it held
    with pytest.raises(InputError, match=rf"^question {re.escape(repr(question))} is empty: "
                                         r"give the words of the question asked$"):
        EvidenceState(question, budget=1024)


def test_a_rest_of_a_question_is_said_at_init_and_is_no_part_of_the_state():
    # remainder=True (the navigator's own rest of a checked question, which may be blank) was a
    # stored, compared, shown field whose only effect was to let that blank pass
    assert EvidenceState(" ", 16, remainder=True).names_nothing
    assert "remainder" not in {f.name for f in fields(EvidenceState)}
    assert EvidenceState("impeller seal", 16, remainder=True) == EvidenceState("impeller seal",
                                                                               16)
    assert "remainder" not in repr(EvidenceState("impeller seal", 16, remainder=True))
