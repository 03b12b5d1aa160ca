"""A question ordering documents with nothing before it to order ("Which of them is the
longest?", asked alone) was a search for "longest" (not in the evidence); now of all asked
of, saying "them" names none. "Which is longer, RFC 3802 or RFC 3801, and why?" asked of
RFC 3802 alone, "longer" and "3801" not in the evidence: now the two are compared and the
line says their lengths do not answer the "why"."""

from __future__ import annotations

import pytest
from _mixed_kinds import rfc_text
from _stores import indexed_graph

from docnav.ask_text import answer_text
from docnav.query import Navigator

LONG = {
    "3801-a.md": rfc_text("3801", "a", "Async functions. " * 40, started="2019-05-01"),
    "3802-b.md": rfc_text("3802", "b", "A line of macros.", started="2015-02-01"),
    "3803-c.md": rfc_text("3803", "c", "Iterators fuse. " * 10, started="2017-03-01")}


@pytest.fixture(scope="module")
def long(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("long"), LONG, search_vectors=False)


def _text(graph, asked: str) -> str:
    return answer_text(Navigator(graph).ask(asked, budget=400), graph)


@pytest.mark.parametrize("asked, line", [
    ("Which of them is the longest?", "the longest of the 3 documents asked of (\"them\" "
     "names none before it: all asked of), by their words: 3801-a.md"),
    ("Which of those is the shortest?", "the shortest of the 3 documents asked of (\"those\""),
    ("Which of them is the oldest?", "the earliest by their own dates of the 3 dated "
     "documents asked of (\"them\"")])
def test_of_them_alone_is_of_all_asked_of_said_so(long, asked, line):
    text = _text(long, asked)
    assert line in text, text


@pytest.mark.parametrize("asked, line", [
    ("Which is longer, RFC 3802 or RFC 3801, and why?",
     "the longer of the 2 documents the question names, by their words: 3801-a.md"),
    ("Which of RFC 3802 and RFC 3801 is older, and why?",
     "the earlier by their own dates of the 2 dated documents the question names: 3802-b.md")])
def test_and_why_is_compared_and_said_unanswered(long, asked, line):
    text = _text(long, asked)
    assert line in text, text
    assert "(\"and why?\" is not answered by their " in text, text


# the note only where nothing narrows them, and of "those RFCs" as of "those" ("Which of them
# is the longest in 2018?" said all were asked of, then those of 2018; "Which of those RFCs
# is the longest?" had no note; a review found them, RC)
@pytest.mark.parametrize("asked", ["Which of them is the longest after 2016?",
                                   "Which of them came last after 2014?",
                                   "Which of them is the longest besides RFC 3801?"])
def test_of_them_narrowed_says_no_note(long, asked):
    text = _text(long, asked)
    assert "names none before it" not in text and "asked of" in text, text


@pytest.mark.parametrize("asked", ["Which of those RFCs is the longest?",
                                   "Which of all those RFCs is the oldest?"])
def test_of_those_rfcs_is_said_as_of_those(long, asked):
    text = _text(long, asked)
    assert "(\"those\" names none before it: all asked of)" in text, text


# ", and by how much?" is answered by their lengths or dates: the difference; ", and how?" is
# not, as "why" (both asked of RFC 3802 alone, "longer" and "3801" not in the evidence: RC)
@pytest.mark.parametrize("asked, line", [
    ("Which is longer, RFC 3802 or RFC 3801, and by how much?", "words apart)"),
    # "shorter" said the difference below zero, "(-1,393 words apart)" (review RX1)
    ("Which is shorter, RFC 3802 or RFC 3801, and by how much?", "words apart)"),
    ("Which of RFC 3802 and RFC 3801 is older, and by how many days?", "1,550 days apart)"),
    ("Which is longer, RFC 3802 or RFC 3801, and how?",
     "(\"and how?\" is not answered by their lengths")])
def test_and_by_how_much_is_the_difference_and_how_unanswered(long, asked, line):
    text = _text(long, asked)
    assert line in text and "documents the question names" in text, text
    assert "(-" not in text, text
