"""Questions asking which real RFCs hold something, leaving some out by names that are not
all names of documents ("besides the futures RFC and pinning") or by a long title ("but not
the type alias impl trait RFC"): each name is read as the one-name question reads it."""

from __future__ import annotations


import pytest
from _paths import file_names
from _rfcs import rfc_graph

from docnav.ask_text import answer_text
from docnav.query import Navigator

RFCS = ["2349-pin.md", "2394-async_await.md", "2515-type_alias_impl_trait.md",
        "2592-futures.md"]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return rfc_graph(tmp_path_factory, RFCS)


@pytest.mark.parametrize("question", [
    "Which RFCs mention async besides the futures RFC and pinning?",
    "Which RFCs besides the futures RFC and pinning mention async?"])
def test_a_name_left_out_beside_a_document_that_names_none_is_said(graph, question):
    # the futures RFC was left out, and nothing said of "pinning"
    answer = Navigator(graph).ask(question, 600)
    assert file_names(answer.count["besides"]) == ["2592-futures.md"]
    assert answer.count["words"] == ["async"]
    assert answer.untitled == ["pinning"]
    assert ("\"pinning\" names no one document asked of: none is left out of those counted"
            in answer_text(answer, graph))


def test_names_left_out_that_all_name_documents_say_none_unnamed(graph):
    answer = Navigator(graph).ask("Which RFCs mention async besides RFCs 2349 and 2592?", 600)
    assert file_names(answer.count["besides"]) == ["2349-pin.md", "2592-futures.md"]
    assert answer.untitled == []


@pytest.mark.parametrize("question, left", [
    ("Which RFCs mention async but not the type alias impl trait RFC?",
     "2515-type_alias_impl_trait.md"),
    ("Which RFCs mention async but not the async/await RFC?", "2394-async_await.md")])
def test_but_not_a_title_of_more_than_two_words_leaves_it_out(graph, question, left):
    # read as the RFCs referring to the one named ("none ... refers to
    # 2515-type_alias_impl_trait.md"), "but not" and "async" lost
    answer = Navigator(graph).ask(question, 600)
    assert answer.count["words"] == ["async"] and not answer.count.get("refers_to")
    assert file_names(answer.count["besides"]) == [left]


@pytest.mark.parametrize("question", [
    "Which RFCs mention async besides the ones about pinning?",
    "How many RFCs mention async, except those mentioning pinning?",
    # before the verb, and of "but not": those holding "pinning" and "async" were counted
    "Which RFCs besides the ones about pinning mention async?",
    "Which RFCs mention async but not the ones about pinning?"])
def test_documents_left_out_by_what_they_are_about_are_those_holding_it(graph, question):
    # counted those holding "async" and "pinning" (2349-pin.md, 2592-futures.md), the opposite
    answer = Navigator(graph).ask(question, 600)
    assert answer.count["words"] == ["async"] and answer.count["besides_about"] == "pinning"
    assert {"2349-pin.md", "2592-futures.md"} <= set(file_names(answer.count["besides"]))
    assert not {"2349-pin.md", "2592-futures.md"} & set(file_names(answer.count["documents"]))
    assert "besides the %d holding \"pinning\" (2349-pin.md" % len(
        answer.count["besides"]) in answer_text(answer, graph)


def test_the_one_named_is_never_left_out_as_about_it(graph):
    # 2394-async_await.md holds "pinning": it was left out, and "2394" searched as a word
    answer = Navigator(graph).ask("Which RFCs cite RFC 2394 besides the ones about pinning?",
                                  600)
    assert file_names([answer.count["refers_to"]]) == ["2394-async_await.md"]
    assert "2394-async_await.md" not in file_names(answer.count["besides"])
    assert "2592-futures.md" in file_names(answer.count["besides"])
    assert "2394" not in answer.missing


def test_none_of_several_named_is_left_out_as_about_it(graph):
    # 2349-pin.md, a bare number of the list, was left out as holding "pinning"
    answer = Navigator(graph).ask(
        "Which RFCs cite RFC 2394 or 2349 besides the ones about pinning?", 600)
    assert not {"2394-async_await.md", "2349-pin.md"} & set(file_names(answer.count["besides"]))
    assert "2592-futures.md" in file_names(answer.count["besides"])


@pytest.fixture(scope="module")
def long_titled(tmp_path_factory):
    return rfc_graph(tmp_path_factory, ["2394-async_await.md",
                                        "2528-type-changing-struct-update-syntax.md"])


def test_but_not_before_a_title_of_any_length_leaves_it_out(long_titled):
    # five words: read as those referring to it, "none ... refers to 2528-type-changing-..."
    answer = Navigator(long_titled).ask(
        "Which RFCs mention async but not the type changing struct update syntax RFC?", 600)
    assert file_names(answer.count["besides"]) == ["2528-type-changing-struct-update-syntax.md"]
    assert answer.count["words"] == ["async"] and not answer.count.get("refers_to")


def test_none_left_out_by_what_none_is_about_is_said(graph):
    answer = Navigator(graph).ask("Which RFCs mention async besides the ones about zebras?", 600)
    assert answer.count["words"] == ["async"] and not answer.count.get("besides")
    assert 'no document holds "zebras": none left out; ' in answer_text(answer, graph)


@pytest.mark.parametrize(("question", "besides", "held"), [
    ("Which RFCs mention async besides the pin one?", ["2349-pin.md"],
     ["2394-async_await.md", "2592-futures.md"]),
    ("Which RFCs besides the futures one mention async?", ["2592-futures.md"],
     ["2349-pin.md", "2394-async_await.md"]),
    ("Which RFCs other than the pin one mention async?", ["2349-pin.md"],
     ["2394-async_await.md", "2592-futures.md"])])
def test_the_x_one_left_out_names_a_document_as_the_x_rfc_does(graph, question, besides,
                                                                held):
    # ('"the pin one" names no one document asked of', and 2349-pin.md was counted)
    answer = Navigator(graph).ask(question, 600)
    assert file_names(answer.count["besides"]) == besides
    assert file_names(answer.count["documents"]) == held
    assert answer.untitled == []


def test_the_longest_besides_the_x_one(graph):
    # (refused: "'the pin one' names no document asked of")
    answer = Navigator(graph).ask("Which is the longest RFC besides the pin one?", 600)
    assert "documents asked of besides 2349-pin.md" in answer_text(answer, graph)
