"""A real RFC named by a number the store has no document of ("RFC 9999" of five RFCs of the
shared bundle): the answer says so first, and the kind word "RFC" is never searched."""

from __future__ import annotations

import pytest

from _paths import file_names
from _rfcs import rfc_graph
from docnav.ask_text import answer_text
from docnav.query import Navigator

RFCS = ["2349-pin.md", "2394-async_await.md", "2094-nll.md", "3467-unsafe-pinned.md",
        "1068-rust-governance.md"]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return rfc_graph(tmp_path_factory, RFCS)


@pytest.mark.parametrize("question, name", [
    ("What does RFC 9999 say about pinning?", "RFC 9999"),
    ("Does rfc9999 mention pinning?", "rfc9999"),
    ("What does RFC-9999 say about pinning?", "RFC-9999")])
def test_a_number_not_stored_with_a_topic_says_so_and_searches_the_topic(graph, question,
                                                                         name):
    # searched "RFC", "9999", "pinning", under a line saying only that no document is
    # titled "RFC 9999" ("RFC-9999": nothing said at all)
    answer = Navigator(graph).ask(question, 600)
    assert [w.lower() for w in answer.searched] == ["9999", "pinning"]
    assert answer.missing == ["9999"] and answer.confidence == 0.5
    assert "2349-pin.md" in file_names(e.piece.doc_path for e in answer.evidence)
    text = answer_text(answer, graph)
    assert (f"{name} is not in the store: none of its 5 documents has that number; "
            "the nearest by number: 3467-unsafe-pinned.md, 2394-async_await.md") in text
    assert f"the evidence is theirs, not {name}" in text
    assert "no document asked of is titled" not in text


@pytest.mark.parametrize("question", ["Summarise RFC 9999", "What is RFC 9999?",
                                      "What does RFC 9999 propose?"])
def test_a_number_not_stored_asked_nothing_else_reads_nothing(graph, question):
    # "Summarise RFC 9999" read the summaries saying "RFC" (1068's "RFC process")
    answer = Navigator(graph).ask(question, 600)
    assert answer.evidence == [] and not answer.confidence
    assert "rfc" not in [w.lower() for w in answer.searched]
    text = answer_text(answer, graph)
    assert "RFC 9999 is not in the store: none of its 5 documents" in text
    assert "the question asks nothing else of it, so nothing was read" in text


@pytest.mark.parametrize("question", ["What does RFC 2349 say about pinning?",
                                      "What does rfc2349 say about pinning?",
                                      "What does RFC-2349 say about pinning?"])
def test_a_number_stored_chooses_its_document_however_written(graph, question):
    # "RFC-2349" was searched as "RFC", "2349", "pinning" over all five
    answer = Navigator(graph).ask(question, 600)
    assert set(file_names(e.piece.doc_path for e in answer.evidence)) == {"2349-pin.md"}
    assert [w.lower() for w in answer.searched] == ["pinning"]
    assert "asked of 2349-pin.md, which the question names by its title" in answer_text(
        answer, graph)


@pytest.mark.parametrize("question", ["List the RFCs after RFC 9999",
                                      "Which RFCs come after RFC 9999?"])
def test_the_not_in_store_line_is_said_once(graph, question):
    # (review RB 4: said once for each of the documents read in turn, 5 times)
    text = answer_text(Navigator(graph).ask(question, 600), graph)
    assert text.count("RFC 9999 is not in the store") == 1


def test_no_nearest_of_another_kind(graph):
    # (review RB 8: "the nearest by number: 1068-rust-governance.md, ..." of PEP 8: RFCs)
    text = answer_text(Navigator(graph).ask("What does PEP 8 say about pinning?", 600), graph)
    assert "PEP 8 is not in the store: none of its 5 documents has that number (" in text
    assert "nearest" not in text


@pytest.mark.parametrize("question, number", [("What does RFC 1 say about pinning?", "1"),
                                              ("Does RFC 2 mention pinning?", "2")])
def test_a_small_number_not_stored_is_said_and_stays_missing(graph, question, number):
    # (review RB 9: "1" is a word of most texts: nothing was said, and the confidence was
    # 1.00 on the other documents' evidence)
    answer = Navigator(graph).ask(question, 600)
    assert number in answer.missing and answer.confidence == 0.5
    assert f"RFC {number} is not in the store" in answer_text(answer, graph)


def test_two_numbers_not_stored_say_those_numbers_and_the_nearest_of_each(graph):
    text = answer_text(Navigator(graph).ask("Summarise RFC 9999 and RFC 1000", 600), graph)
    assert ("RFC 9999 and RFC 1000 are not in the store: none of its 5 documents has those "
            "numbers; the nearest by number: 3467-unsafe-pinned.md, 2394-async_await.md (to "
            "RFC 9999); 1068-rust-governance.md, 2094-nll.md (to RFC 1000)") in text
    assert "the question asks nothing else of them, so nothing was read" in text
