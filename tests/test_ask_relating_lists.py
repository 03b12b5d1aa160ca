"""Relation questions naming their documents as a list ("How do RFCs 2592, 2394 and 2349
relate?": "RFCs" said once before the numbers) or naming six or more: each read as a relation,
its documents in the question's order. Before, the list named one document (RFC 2592), and six
were more than a relation took: either was asked as any question, of one document."""

from __future__ import annotations

import pytest

from _rfcs import rfc_graph
from docnav.ask_text import answer_text
from docnav.query import Navigator
from docnav.query.relating import MOST_RELATED

RFCS = ["2349-pin.md", "2592-futures.md", "2394-async_await.md", "3467-unsafe-pinned.md",
        "1068-rust-governance.md", "0002-rfc-process.md", "0003-attribute-usage.md",
        "0016-more-attributes.md", "1683-docs-team.md", "3668-async-closures.md"]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return rfc_graph(tmp_path_factory, RFCS)


def _related(answer) -> dict | None:
    return next((s for s in answer.trace if s["op"] == "relate documents"), None)


def _names(paths: list[str]) -> list[str]:
    return [p.rsplit("/", 1)[-1].split("-")[0] for p in paths]


@pytest.mark.parametrize("question", [
    "How do RFCs 2592, 2394 and 2349 relate?",
    "What is the relationship between RFCs 2592, 2394 and 2349?",
    # "RFC" said once, singular (found by a review): "2394" and "2349" named no document, the
    # question asked of RFC 2592 alone ("in none of the documents asked of: 2394, 2349")
    "How do RFC 2592, 2394 and 2349 relate?",
])
def test_rfcs_said_once_before_a_list_of_numbers_are_related(graph, question):
    answer = Navigator(graph).ask(question, 400)
    step = _related(answer)
    assert step is not None and _names(step["documents"]) == ["2592", "2394", "2349"]
    text = answer_text(answer, graph)
    assert "in none of the documents asked of" not in text
    assert "2592-futures.md refers to 2394-async_await.md" in text


def test_six_documents_named_are_related(graph):
    answer = Navigator(graph).ask("How are RFC 2592, RFC 2394, RFC 2349, RFC 3668, RFC 3467 "
                                  "and RFC 1068 related?", 600)
    step = _related(answer)
    assert step is not None and _names(step["documents"]) == [
        "2592", "2394", "2349", "3668", "3467", "1068"]
    assert "not_related" not in step
    assert sum(s["op"] == "refers" for s in answer.trace) == 6 * 5
    assert "in none of the documents asked of" not in answer_text(answer, graph)


def test_past_the_most_a_relation_reads_those_named_last_are_said_not_read(graph):
    # "RFC 2" named last is no start of "RFC 2592" (its "rfc 2" was taken out of "RFC 2592",
    # "592" left, and the list said more than names)
    answer = Navigator(graph).ask("How are RFCs 2592, 2394, 2349, 3668, 3467, 1068, 16, 1683, "
                                  "3 and 2 related?", 800)
    step = _related(answer)
    assert MOST_RELATED == 8 and step is not None
    assert _names(step["documents"]) == ["2592", "2394", "2349", "3668", "3467", "1068", "0016",
                                         "1683"]
    assert step["not_related"] == ["RFC 3", "RFC 2"]
    assert {p.rsplit("/", 1)[-1] for e in answer.evidence
            for p in [e.piece.doc_path]}.isdisjoint({"0002-rfc-process.md",
                                                     "0003-attribute-usage.md"})
    assert ("not read, past the 8 a relation question reads: RFC 3, RFC 2"
            in answer_text(answer, graph))


@pytest.mark.parametrize("question", ["Compare RFCs 2592, 2394 and 2349.",
                                      "Compare RFC 2592, 2394 and 2349."])
def test_a_comparison_of_rfcs_said_once_before_a_list_is_asked_of_each(graph, question):
    """"Compare RFCs 2592, 2394 and 2349." was asked of 2592 and 2349 alone (their numbers
    match their titles; "2394" named none) and said 2394 was in none of them (a review)."""
    answer = Navigator(graph).ask(question, 600)
    step = next((s for s in answer.trace if s["op"] == "compare documents"), None)
    assert step is not None and _names(step["documents"]) == ["2592", "2394", "2349"]
    assert "in none of the documents asked of" not in answer_text(answer, graph)
