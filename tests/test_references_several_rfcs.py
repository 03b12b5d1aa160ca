"""Questions asking which real RFCs refer to one of several RFCs they name ("Which RFCs cite
RFC 2394 or RFC 2349?"), or to all of them ("... and ..."): those whose references lead to
them, as of one named; the numbers were searched as words ("in none of the documents asked
of: 2349"), and RFC 3668 listed for holding "2394"."""

from __future__ import annotations


import pytest
from _paths import file_names
from _rfcs import rfc_graph

from docnav.ask_text import answer_text
from docnav.query import Navigator

# 2349 and 2394 named; 2592 (2018) refers to both, 3668 (2024) to 2394 alone
RFCS = ["2349-pin.md", "2394-async_await.md", "2592-futures.md", "3668-async-closures.md"]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return rfc_graph(tmp_path_factory, RFCS)


@pytest.mark.parametrize("question, dated, listed", [
    ("Which RFCs cite RFC 2394 or RFC 2349?", None,
     ["2592-futures.md", "3668-async-closures.md"]),
    ("Which RFCs cite RFC 2394 or RFC 2349 in 2018?", "in 2018", ["2592-futures.md"]),
    # (the year was dropped of a bare number: "2349 in 2018" named no document)
    ("Which RFCs cite RFC 2394 or 2349 in 2018?", "in 2018", ["2592-futures.md"]),
    ("Which RFCs cite RFCs 2394 and 2349 in 2018?", "in 2018", ["2592-futures.md"]),
    ("How many RFCs refer to RFC 2394 and RFC 2349?", None, ["2592-futures.md"])])
def test_those_referring_to_any_of_several_named(graph, question, dated, listed):
    answer = Navigator(graph).ask(question, 600)
    assert answer.route == "cross-reference"
    assert answer.count["dated"] == dated
    assert file_names(answer.count["documents"]) == listed
    assert file_names([answer.count["refers_to"], *answer.count["refers_also"]]) == [
        "2394-async_await.md", "2349-pin.md"]
    joined = "and" if " and " in question else "or"
    assert f"to 2394-async_await.md {joined} 2349-pin.md (by their references" in answer_text(
        answer, graph)
    assert "2349" not in answer.missing


def test_named_that_cite_each_other_are_counted(graph):
    # RFC 2394 and RFC 2592 cite each other: each is asked of, of its references to the other
    # (only 3668-async-closures.md was given); of "and", each refers to all the others
    answer = Navigator(graph).ask("Which RFCs cite RFC 2394 or RFC 2592?", 600)
    assert file_names(answer.count["documents"]) == [
        "2394-async_await.md", "2592-futures.md", "3668-async-closures.md"]
    assert answer.count["of"] == len(RFCS)
    answer = Navigator(graph).ask("Which RFCs cite RFC 2394 and RFC 2592?", 600)
    assert file_names(answer.count["documents"]) == ["2394-async_await.md", "2592-futures.md"]


def test_neither_nor_is_never_read_as_any_of_them(graph):
    # it was read as "and": 2592-futures.md, the one citing both; then left to their words,
    # which listed 3668-async-closures.md, citing RFC 2394; then refused ("not read"): now
    # those citing none of them, none here (tests/test_references_asked_more_rfcs.py: one)
    answer = Navigator(graph).ask("Which RFCs cite neither RFC 2394 nor RFC 2349?", 600)
    assert (answer.count["n"], answer.count["of"], answer.count["documents"]) == (0, 2, [])


@pytest.mark.parametrize("question, said", [
    ("Which RFCs cite RFC 3668 or RFC 2349 in 2024?",  # (3668 alone is of 2024)
     "the one document asked of dated in 2024 does not refer to 3668-async-closures.md or "
     "2349-pin.md (no link to them, nor their numbers)"),
    ("Which RFCs cite RFC 3668 and RFC 2349?",  # (2592-futures.md links to 2349-pin.md)
     "refers to 3668-async-closures.md and 2349-pin.md (none links to, or names the number "
     "of, each of them)")])
def test_none_referring_to_several_says_them(graph, question, said):
    # said "none links to it, nor names its number"
    assert said in answer_text(Navigator(graph).ask(question, 600), graph)


@pytest.mark.parametrize("question, listed, named", [
    # 2349 was dropped without a word; "RFCs 2394 and 2349" searched both numbers as words
    ("Which RFCs cite RFC 2394 or 2349?", ["2592-futures.md", "3668-async-closures.md"],
     ["2394-async_await.md", "2349-pin.md"]),
    ("Which RFCs refer to RFCs 2394 and 2349?", ["2592-futures.md"],
     ["2394-async_await.md", "2349-pin.md"]),
    ("Which RFCs cite RFC 2394 or RFC 9999?", ["2592-futures.md", "3668-async-closures.md"],
     ["2394-async_await.md"])])
def test_each_number_named_is_read_or_said_not_indexed(graph, question, listed, named):
    answer = Navigator(graph).ask(question, 600)
    assert answer.route == "cross-reference"
    assert file_names(answer.count["documents"]) == listed
    assert file_names([answer.count["refers_to"], *answer.count.get("refers_also", [])]) == named
    said = "; RFC 9999 is not indexed: read by its number)"  # (was silent of RFC 9999; then
    # held by the words "RFC", "9999" too)
    assert (said in answer_text(answer, graph)) == ("9999" in question)


@pytest.mark.parametrize("question, said", [
    ("Which RFCs cite RFC 2394 or RFC 2349 or RFC 2592?",  # "A or B or C"
     "3 of the 4 documents asked of refer to 2394-async_await.md, 2349-pin.md or "
     "2592-futures.md (by their references"),
    ("Which RFCs cite RFC 2394 or RFC 2349 in 2024?",  # "1 of the 1 documents"
     "the one document asked of dated in 2024 refers to 2394-async_await.md or 2349-pin.md "
     "(by its references: ")])
def test_several_named_are_listed_as_a_list_says_them(graph, question, said):
    assert said in answer_text(Navigator(graph).ask(question, 600), graph)


@pytest.mark.parametrize("question", ["Which RFCs cite RFC 2394 or RFC 2592 besides 2592?",
                                      "Which RFCs cite RFC 2394 or 2592 besides RFC 2592?"])
def test_one_of_several_named_left_out_is_not_listed(graph, question):
    # (2592-futures.md was listed, "besides" unsaid: one named was never left out)
    answer = Navigator(graph).ask(question, 600)
    assert file_names(answer.count["documents"]) == ["3668-async-closures.md"]
    assert file_names(answer.count["besides"]) == ["2592-futures.md"]


@pytest.mark.parametrize("question, said", [
    ("Which RFCs cite RFCs 2394, 2349 and 2592?",
     "(by their references: a link to them, their numbers; the evidence reads the best): "
     "2592-futures.md (named, refers to the others)"),
    ("Which RFCs cite RFC 2394 or RFC 2592?",
     "2394-async_await.md (named, refers to the other), 2592-futures.md (named, refers to the "
     "other), 3668-async-closures.md")])
def test_one_named_listed_is_said_to_be_named(graph, question, said):
    # (listed unsaid, as if it were not one of those named)
    assert said in answer_text(Navigator(graph).ask(question, 600), graph)
