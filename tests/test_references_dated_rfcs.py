"""Reference questions of real RFC texts that name a year after the verb ("Which RFCs refer to
RFC 2394 in 2018?"): of the RFCs dated in that year, as the year said before the verb asks
("Which RFCs from 2018 refer to RFC 2394?"); the year was read as no date, and RFC 3668 (of
2024) was listed as referring to RFC 2394."""

from __future__ import annotations

import pytest
from _paths import file_names
from _rfcs import rfc_graph

from docnav.query import Navigator
from docnav.query.count_text import count_line

# 2394 and 2592 of 2018, the futures RFC referring to async/await; 3668 of 2024 refers to it
RFCS = ["2394-async_await.md", "2592-futures.md", "3668-async-closures.md"]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return rfc_graph(tmp_path_factory, RFCS)


@pytest.mark.parametrize("question", ["Which RFCs refer to RFC 2394 in 2018?",
                                      "Which RFCs from 2018 refer to RFC 2394?",
                                      "How many RFCs cite RFC 2394 in 2018?",
                                      # (read as no date once "mention" was left out)
                                      "Which RFCs mention RFC 2394 in 2018?",
                                      "Which RFCs link to 2394-async_await.md in 2018?"])
def test_a_year_after_the_referring_verb_dates_the_rfcs_referring(graph, question):
    answer = Navigator(graph).ask(question, 600)
    assert answer.route == "cross-reference"
    assert answer.count["dated"] == "in 2018"
    assert file_names(answer.count["documents"]) == ["2592-futures.md"]


@pytest.mark.parametrize("question, dated, listed", [
    ("Which RFCs cite RFC 2394 from 2018?", "in 2018", ["2592-futures.md"]),
    ("Which RFCs cite RFC 2394 before 2019?", "before 2019", ["2592-futures.md"]),
    ("Which RFCs refer to RFC 2394 after 2018?", "after 2018", ["3668-async-closures.md"]),
    ("How many RFCs cite 2394-async_await.md since 2019?", "since 2019",
     ["3668-async-closures.md"]),
    # (a title with "/": the year was dropped, both listed)
    ("Which RFCs cite the async/await RFC in 2018?", "in 2018", ["2592-futures.md"])])
def test_a_year_after_the_named_document_dates_them_by_any_relation(graph, question, dated,
                                                                    listed):
    # read with "in" alone: each listed both RFCs referring to RFC 2394, the year dropped
    answer = Navigator(graph).ask(question, 600)
    assert answer.route == "cross-reference"
    assert answer.count["dated"] == dated
    assert file_names(answer.count["documents"]) == listed


def test_a_year_after_the_verb_dates_them_besides_the_one_left_out(graph):
    answer = Navigator(graph).ask("Which RFCs besides 2592 referenced RFC 2394 in 2018?", 600)
    assert answer.count["dated"] == "in 2018"
    assert answer.count["documents"] == []  # (3668-async-closures.md, of 2024, was listed)
    assert file_names(answer.count["besides"]) == ["2592-futures.md"]


@pytest.mark.parametrize("question, said", [
    # (2018, held by all three, is not among the words counted: not "searched as a word")
    ("Which RFCs cite work published in 2018?", "(2018 was not read as a date: "),
    ("How many RFCs link to the blog post written in 2018?",
     "(2018 was searched as a word, not read as a date: ")])
def test_a_year_not_read_as_their_date_is_said(graph, question, said):
    # the count said nothing of it
    answer = Navigator(graph).ask(question, 600)
    assert answer.count["dated"] is None and answer.count["year_unread"] == ["2018"]
    assert said in count_line(answer.count)


@pytest.mark.parametrize("question, said", [
    # counted by their references: no word was searched ("2018 was searched as a word")
    ("Which RFCs cite RFC 2394 published in 2018?",
     '(2018 was not read as a date: a year dates the documents counted only right after the '
     'one they refer to, "... cite RFC 2394 in 2018?")'),
    ("Which RFCs mention async in 2018?",  # counted "async" and "2018": its verb's example
     '(2018 was searched as a word, not read as a date: a year dates the documents counted '
     'only right after the one they refer to, "... mention RFC 2394 in 2018?")'),
    ("Which RFCs cite work published before 2019 and after 2015?",  # said 2019 alone
     "(2019 and 2015 were searched as words, not read as dates: ")])
def test_years_not_read_are_said_as_they_were_counted(graph, question, said):
    assert said in count_line(Navigator(graph).ask(question, 600).count)


def test_a_year_read_as_their_date_is_not_said_unread(graph):
    answer = Navigator(graph).ask("Which RFCs cite RFC 2394 in 2018?", 600)
    assert "year_unread" not in answer.count


@pytest.mark.parametrize("question", ["Which RFCs cite RFC 2018?",
                                      "Which RFCs cite RFC 2394 and 2018?",
                                      "Which RFCs cite RFCs 2394 and 2018?"])
def test_a_number_naming_a_document_is_no_year(graph, question):
    # (said "2018 was not read as a date", beside "RFC 2018, also named, is not indexed")
    assert "year_unread" not in Navigator(graph).ask(question, 600).count
