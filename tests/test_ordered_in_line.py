""""First in line for X" is no order by date: "Which of the RFCs is first in line for
stabilization?" read the earliest of those holding "line" (a review found it, R1); it asks
of their text. "Which RFC came first?" is ordered by date (it was a search for "came")."""

from __future__ import annotations

import pytest
from _mixed_kinds import rfc_text
from _stores import indexed_graph

from docnav.ask_text import answer_text
from docnav.query import Navigator
from docnav.query.ordered import BY_DATE

DATED = {
    "3701-a.md": rfc_text("3701", "a", "Async functions are next in line for stabilization.",
                          started="2019-05-01"),
    "3702-b.md": rfc_text("3702", "b", "A line of macros.", started="2015-02-01"),
    "3703-c.md": rfc_text("3703", "c", "Iterators fuse.", started="2017-03-01")}


@pytest.fixture(scope="module")
def dated(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("dated"), DATED, search_vectors=False)


@pytest.mark.parametrize("question", [
    "Which of the RFCs is first in line for stabilisation?",
    "Which RFC is first in line for stabilization?",
    "Which of the RFCs is last in line to be stabilised?"])
def test_first_in_line_is_no_question_of_dates(question):
    assert BY_DATE.search(question) is None


@pytest.mark.parametrize("question", ["Which RFC came first?", "Which RFC came last?",
                                      "Which RFC was the first in 2018?",
                                      "Which RFC was accepted first?"])
def test_came_first_and_first_in_a_year_are(question):
    assert BY_DATE.search(question)


def test_ask_reads_the_text_of_first_in_line_and_the_earliest_of_came_first(dated):
    answer = Navigator(dated).ask("Which of the RFCs is first in line for stabilization?",
                                  budget=400)
    text = answer_text(answer, dated)
    assert "by their own dates" not in text, text
    assert any(e.piece.doc_path.endswith("3701-a.md") for e in answer.evidence), text
    text = answer_text(Navigator(dated).ask("Which RFC came first?", budget=400), dated)
    assert "asked of the earliest by their own dates" in text and "3702-b.md" in text, text


# "came first" with more said after it than a year is no order by date ("Which RFC came first
# in the discussion of pinning?" read the earliest of the 3 of 27 holding "pinning",
# 1210-impl-specialization.md, which says "pin down"; a review found it, RC)
@pytest.mark.parametrize("question", [
    "Which RFC came first in the discussion of pinning?",
    "Which RFC came first to mention pinning?", "Which RFC came last to discuss pinning?",
    "Which RFC came first with pinning?", "Which RFC came first in line for pinning?"])
def test_came_first_with_more_said_is_no_question_of_dates(question):
    assert BY_DATE.search(question) is None


@pytest.mark.parametrize("question", ["Which RFC came first in 2018?",
                                      "Which RFC came last in 2017?",
                                      "Which of the RFCs came first?",
                                      "Which RFC came first of those from 2018?"])
def test_came_first_in_a_year_is(question):
    assert BY_DATE.search(question)


def test_ask_came_first_to_mention_reads_the_text(dated):
    answer = Navigator(dated).ask("Which RFC came first to mention stabilization?", budget=400)
    text = answer_text(answer, dated)
    # (it was "asked of the one dated document asked of holding "stabilization"", and "in
    # none of the documents asked of: came")
    assert "dated document" not in text and "by their own dates" not in text, text
    assert any(e.piece.doc_path.endswith("3701-a.md") for e in answer.evidence), text


# "came first" and what it leaves out, or "of all": still an order by date (33f96d1 made them
# searches, reading the very RFC left out: review RX1)
@pytest.mark.parametrize("question", [
    "Which RFC came first, besides RFC 2349?", "Which RFC came last, excluding RFC 2394?",
    "Which RFC came first, other than RFC 1210?",
    "Which RFC came first in 2018, besides RFC 2349?", "Which RFC came first of all?"])
def test_came_first_leaving_one_out_is(question):
    assert BY_DATE.search(question)


def test_ask_came_first_besides_one_leaves_it_out(dated):
    text = answer_text(Navigator(dated).ask("Which RFC came first, besides RFC 3702?",
                                            budget=400), dated)
    assert "by their own dates" in text and "3703-c.md" in text, text
