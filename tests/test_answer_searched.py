"""Answer.searched on the routes that answer without the evidence search: a count by words
("Which RFCs never mention pinning?", "... async but not pinning?"), by a heading ("Which
RFCs lack a Drawbacks section?") and an order of those with a heading said [] (`ask --json`
did not carry the field at all), so a reader could not see what was looked for, and
`matched_words` fell back to the question's own words ("rfcs", "never", "mention")."""

from __future__ import annotations

import re

import pytest
from _mixed_kinds import rfc_text
from _stores import indexed_graph

from docnav.ask_text import answer_text
from docnav.errors import InputError
from docnav.query import Navigator, NavigatorOptions

_DRAWBACKS = "\n## Drawbacks\n\nMore syntax to learn.\n"
RFCS = {
    "3401-a.md": rfc_text("3401", "a", "Async functions and pinning.") + _DRAWBACKS,
    "3402-b.md": rfc_text("3402", "b", "Async blocks run later, written out at some length "
                          "to be the longest of them.") + _DRAWBACKS,
    "3403-c.md": rfc_text("3403", "c", "Unsafe code keeps a value in place for read_buf."),
    "3404-d.md": rfc_text("3404", "d", "Macros expand to code.")}


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("searched"), RFCS, search_vectors=False)


def _ask(graph, asked: str):
    return Navigator(graph, NavigatorOptions(sections=0)).ask(asked, budget=600)


@pytest.mark.parametrize("asked, searched", [
    ("Which RFCs never mention pinning?", ["pinning"]),
    ("Which RFCs do not mention pinning?", ["pinning"]),
    ("Which RFCs mention async but not pinning?", ["async", "pinning"]),
    ("Which RFCs mention neither macros nor pinning?", ["macros", "pinning"]),
    ("Which RFCs lack a Drawbacks section?", ["Drawbacks"]),
    ("How many RFCs have a Drawbacks section?", ["Drawbacks"]),
    ("How many RFCs mention async?", ["async"]),  # (as before)
])
def test_a_count_says_what_it_looked_for(graph, asked, searched):
    answer = _ask(graph, asked)
    assert answer.count, answer.text
    assert answer.searched == searched
    assert answer.to_json()["searched"] == searched


def test_an_order_by_a_heading_says_the_heading(graph):
    answer = _ask(graph, "Which is the longest of those with a Drawbacks section?")
    assert answer.evidence and "3402-b.md" in answer.evidence[0].piece.doc_path
    assert answer.searched[:1] == ["Drawbacks"]


@pytest.mark.parametrize("asked", ["How many RFCs are there?", "Which is the longest RFC?"])
def test_an_answer_of_what_there_is_searched_nothing(graph, asked):
    # counted or ordered by what the documents are: no word was looked for
    assert _ask(graph, asked).searched == []


@pytest.mark.parametrize("asked", [
    "Which is the longest RFC without a Drawbacks section?",
    "Which is the longest RFC that lacks a Drawbacks section?",
    "Which is the longest RFC with no Drawbacks section?"])
def test_an_order_of_those_lacking_a_heading_orders_those(graph, asked):
    # "without" was unread: the longest overall (3402, which has one) was answered
    answer = _ask(graph, asked)
    assert answer.evidence and "3403-c.md" in answer.evidence[0].piece.doc_path, answer.text
    assert answer.searched[:1] == ["Drawbacks"]


@pytest.mark.parametrize("asked", ["Which RFC was the first to mention async?",
                                   "What is read_buf?", "Which is the longest RFC about async?"])
def test_searched_holds_each_word_once_as_the_question_wrote_it(graph, asked):
    # "the first to mention async" searched [async, rfc, one] ("one" put in as it was asked
    # of the first); "read_buf" was said once for each of its terms (read_buf, read, buf)
    searched = _ask(graph, asked).searched
    assert searched and len(set(searched)) == len(searched)
    assert all(w.lower() in asked.lower() for w in searched), searched


@pytest.mark.parametrize("asked, doc", [
    ("Which is the longest RFC without a Drawbacks section?", "3403-c.md"),
    ("Which is the shortest RFC that lacks a Drawbacks section?", "3404-d.md"),
    ("Which was the first RFC with no Drawbacks section?", "3403-c.md")])
def test_an_order_of_those_lacking_a_heading_says_they_lack_it(graph, asked, doc):
    # the line said "... documents asked of with a section headed "Drawbacks"" of them
    answer = _ask(graph, asked)
    assert doc in answer.evidence[0].piece.doc_path, answer.text
    text = answer_text(answer, graph)
    assert 'documents asked of without a section headed "Drawbacks"' in text, text
    assert "with a section headed" not in text
    focus = next(s for s in answer.trace if s["op"] == "documents")
    assert focus["part"] == "Drawbacks" and focus["part_lacking"] is True


def test_an_order_of_those_having_a_heading_is_not_marked_lacking(graph):
    answer = _ask(graph, "Which is the longest RFC with a Drawbacks section?")
    text = answer_text(answer, graph)
    assert 'of the 2 documents asked of with a section headed "Drawbacks"' in text, text
    focus = next(s for s in answer.trace if s["op"] == "documents")
    assert focus["part_lacking"] is False


def test_none_lacking_a_heading_suggests_asking_which_lack_it(graph):
    # the refusal suggested "Which documents have a Drawbacks section?", the other question
    with pytest.raises(InputError) as raised:
        _ask(graph, "Which is the shortest RFC without a Drawbacks section, besides RFC 3403 "
                    "and RFC 3404?")
    message = str(raised.value)
    assert "every document asked of has a section headed 'Drawbacks'" in message
    assert '"Which documents lack a Drawbacks section?"' in message, message


@pytest.mark.parametrize("asked", [
    "Which is the longest RFC without a Drawbacks section about async?",
    "Which is the shortest RFC with no Drawbacks section about async?"])
def test_an_order_whose_documents_hold_none_of_its_words_says_so(graph, asked):
    # 3403 and 3404 lack the section and hold no "async": the line said they held it
    text = answer_text(_ask(graph, asked), graph)
    assert 'without a section headed "Drawbacks" (none holding "async")' in text, text
    assert 'holding "async" without' not in text


def test_an_order_whose_documents_hold_its_words_says_they_hold_them(graph):
    text = answer_text(_ask(graph, "Which is the longest RFC about async?"), graph)
    assert 'of the 2 documents asked of holding "async", by their words: 3402-b.md' in text
    assert "none holding" not in text


@pytest.mark.parametrize("asked", [
    "Which was the first RFC to mention Async?", "Which is the longest RFC about Async code?",
    "What does the A RFC say about Pinning?", "What do the RFCs say about Async and async?"])
def test_searched_holds_each_word_once_whatever_its_case_as_written(graph, asked):
    # "Which was the first RFC to mention `impl Trait`?" searched [impl, Trait, rfc, trait];
    # "What does the pin RFC say about Unpin?" [unpin]
    searched = _ask(graph, asked).searched
    assert searched and len({w.lower() for w in searched}) == len(searched), searched
    assert all(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", asked) for w in searched), searched
