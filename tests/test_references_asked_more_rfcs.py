"""Reference questions of real RFC texts said in other words than "Which RFCs cite RFC
2394?": with an auxiliary ("Which RFCs are citing RFC 2394?", counted by their words "citing"
and "2394"), with a year said of the RFC named ("... cite RFC 2394 that was published in
2018?", which dated those citing it) or of those citing it ("Which RFCs that were published in
2018 cite RFC 2394?", counted by their words)."""

from __future__ import annotations


import pytest
from _paths import file_names
from _rfcs import rfc_graph

from docnav.ask_text import answer_text
from docnav.query import Navigator

# 2349 (2018) and 2394 (2018-03-30) named; 2592 (2018) refers to both, 3668 (2024) to 2394
# alone, 0002 (2014) to neither
RFCS = ["0002-rfc-process.md", "2349-pin.md", "2394-async_await.md", "2592-futures.md",
        "3668-async-closures.md"]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return rfc_graph(tmp_path_factory, RFCS)


@pytest.mark.parametrize("question", ["Which RFCs are citing RFC 2394?",
                                      "Which RFCs are referencing RFC 2394?",
                                      "Which RFCs have cited RFC 2394?",
                                      "Which RFCs do cite RFC 2394?"])
def test_a_verb_with_an_auxiliary_is_read_as_cite(graph, question):
    answer = Navigator(graph).ask(question, 600)
    assert answer.route == "cross-reference"
    assert file_names([answer.count["refers_to"]]) == ["2394-async_await.md"]
    assert file_names(answer.count["documents"]) == ["2592-futures.md", "3668-async-closures.md"]


def test_a_passive_verb_still_asks_what_one_refers_to(graph):
    answer = Navigator(graph).ask("Which RFCs are cited by RFC 2592?", 600)
    assert answer.route == "cross-reference"
    assert file_names([answer.count["referred_by"]]) == ["2592-futures.md"]
    assert file_names(answer.count["documents"]) == ["2349-pin.md", "2394-async_await.md"]


@pytest.mark.parametrize("year, so", [(2018, True), (2019, False)])
def test_a_year_of_the_one_named_does_not_date_those_citing_it(graph, year, so):
    question = f"Which RFCs cite RFC 2394 that was published in {year}?"
    answer = Navigator(graph).ask(question, 600)
    assert answer.route == "cross-reference"
    assert answer.count["dated"] is None
    assert file_names(answer.count["documents"]) == ["2592-futures.md", "3668-async-closures.md"]
    assert (answer.count["named_dated"], answer.count["named_so"]) == (f"in {year}", so)
    held = f"in {year}, as said" if so else f"not in {year} as said"
    assert (f"(2394-async_await.md is dated 2018-03-30: {held}; the year is its, not theirs)"
            in answer_text(answer, graph))


def test_a_year_of_the_one_named_is_said_where_none_cites_it(graph):
    # none cites RFC 3668: the year it is said to have was dropped without a word
    answer = Navigator(graph).ask("Which RFCs cite RFC 3668 that was published in 2018?", 600)
    assert answer.count["n"] == 0 and answer.count["dated"] is None
    assert (answer.count["named_dated"], answer.count["named_so"]) == ("in 2018", False)
    assert ("(3668-async-closures.md is dated 2024-06-25: not in 2018 as said; the year is its, "
            "not theirs)") in answer_text(answer, graph)


def test_a_year_of_those_citing_before_the_verb_dates_them(graph):
    answer = Navigator(graph).ask("Which RFCs that were published in 2018 cite RFC 2394?", 600)
    assert answer.route == "cross-reference"
    assert answer.count["dated"] == "in 2018"
    assert file_names(answer.count["documents"]) == ["2592-futures.md"]


@pytest.mark.parametrize("question", ["Which RFCs cite neither RFC 2394 nor RFC 2349?",
                                      "How many RFCs refer to neither RFC 2394 nor 2349?"])
def test_those_citing_neither_of_two_named(graph, question):
    # (refused: "neither ... nor" is not read)
    answer = Navigator(graph).ask(question, 600)
    assert answer.route == "cross-reference"
    assert answer.count["neither_by"] == "references"
    # (the names as said, as of words; their paths apart: "neither" held the paths)
    assert answer.count["neither"] == ["RFC 2394", question.split(" nor ")[1].rstrip("?")]
    assert file_names(answer.count["neither_paths"]) == ["2394-async_await.md", "2349-pin.md"]
    assert (answer.count["n"], answer.count["of"]) == (1, 3)
    assert file_names(answer.count["documents"]) == ["0002-rfc-process.md"]
    assert ("1 of the 3 documents asked of refers to neither 2394-async_await.md nor "
            "2349-pin.md (by their references") in answer_text(answer, graph)


def test_those_mentioning_neither_of_two_words(graph):
    # (counted those holding "neither", "async", "nor", "pinning": RFC 3668 alone)
    answer = Navigator(graph).ask("Which RFCs mention neither async nor pinning?", 600)
    assert (answer.count["neither_by"], answer.count["neither"]) == ("words", ["async",
                                                                               "pinning"])
    holding = graph.term_documents(["async", "pin"])
    assert answer.count["documents"] == [p for p in graph.document_paths()
                                         if not any(p in held for held in holding.values())]
    assert file_names(answer.count["documents"]) == ["0002-rfc-process.md"]
    assert ('1 of the 5 documents asked of holds neither "async" nor "pinning" (counted by '
            "their words; none read)") in answer_text(answer, graph)


@pytest.mark.parametrize("question, longest, of", [
    ("Which RFC is the longest of those that cite RFC 2394 or RFC 2349?",
     "3668-async-closures.md", 2),
    ("Which RFC is the shortest of those that cite RFC 2394 or RFC 2349?", "2592-futures.md",
     2),
    ("Which RFC is the longest of those that cite RFC 2394 and 2349?", "2592-futures.md", 1)])
def test_the_longest_of_those_citing_either_of_two_named(graph, question, longest, of):
    # (ordered those holding "2394" and "2349": RFC 2394 and RFC 2349 themselves too)
    answer = Navigator(graph).ask(question, 600)
    step = next(s for s in answer.trace if s["op"] == "documents")
    assert file_names(step["documents"]) == [longest]
    assert step["length_of"] == of
    assert step["referring_to"] == question.split(" cite ")[1].rstrip("?")
    assert step["holding"] == []


def test_those_citing_an_rfc_not_indexed_that_none_names(graph):
    # (searched for "9999": "in none of the documents asked of: 9999", the best read)
    answer = Navigator(graph).ask("Which RFCs cite RFC 9999?", 600)
    assert answer.route == "cross-reference"
    assert (answer.count["n"], answer.count["documents"]) == (0, [])
    assert answer.count["unindexed"] == ["RFC 9999"]
    assert answer.text == ("none of the 5 documents asked of refers to RFC 9999 (it is not "
                           "indexed, and none names its number)")


@pytest.mark.parametrize("question, joined", [
    ("Which RFCs cite RFCs 9999 and 9998?", "and"),
    ("Which RFCs cite RFC 9999 and RFC 9998?", "and"),
    ("Which RFCs cite RFC 9999 or RFC 9998?", "or")])
def test_those_citing_several_not_indexed_are_said_as_joined(graph, question, joined):
    # ("and" was said "or"; of indexed ones "and" is all of them: "refers to 2394-async_await.md
    # and 2349-pin.md")
    answer = Navigator(graph).ask(question, 600)
    assert answer.text == (f"none of the 5 documents asked of refers to RFC 9999 {joined} RFC "
                           f"9998 (they are not indexed, and none names their numbers)")
