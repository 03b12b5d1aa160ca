"""Questions of the three kinds the router tells apart, asked as a user asks them of a store
(the pump manual and field notes, tests/_pump.py)."""

from __future__ import annotations

import pytest
from _stores import indexed_graph

from docnav.ask_text import answer_text
from docnav.query import Navigator
from docnav.query.router import route


@pytest.mark.parametrize("question", ["What is this collection about?",
                                      "What are these documents about?",
                                      "What are all the reports about?",
                                      "What are the RFCs about?"])
def test_what_the_collection_is_about_is_summed_up_by_its_summary(graph, question):
    # "collection" was searched as a word on the local route: of 30 RFCs, the async iterator
    # RFC's passages answered "What is this collection about?", the collection's summary unread
    collection = next(n.node_id for n in graph._nodes.values() if n.kind == "collection")
    answer = Navigator(graph).ask(question, budget=200)
    assert answer.route == "global" and answer.missing == [] and answer.confidence is None
    first = next(t for t in answer.trace if t["op"] == "expand")
    assert (first["node"], first["to"]) == (collection, "summary sources")


@pytest.mark.parametrize("question", ["What is the seal about?",
                                      "What is the collection of spare parts for?",
                                      "What are the documents about the impeller?"])
def test_a_question_about_a_thing_is_no_question_about_the_collection(question):
    assert route(question) == "local"


@pytest.mark.parametrize("question", ["Which RFCs reference RFC 1961?",
                                      "How many RFCs reference the clamp RFC?",
                                      "Which RFCs referenced RFC 1961?"])
def test_documents_that_reference_one_are_those_whose_references_lead_to_it(tmp_path,
                                                                            question):
    # "reference" was no verb of referring: the documents holding "1961" were counted, so
    # of 30 RFCs "Which RFCs reference the nonparametric dropck RFC?" left out RFC 769,
    # which links to it, and a year said elsewhere counted
    graph = indexed_graph(tmp_path, {
        "1961-clamp.md": "# 1961-clamp\n\nAdd clamp to Ord.\n",
        "3516-deps.md": "# Public dependencies\n\nThis supersedes RFC 1961 in part.\n",
        "2000-link.md": "# Linker\n\nSee [the clamp proposal](1961-clamp.md) for the idea.\n",
        "2001-year.md": "# History\n\nThe first compiler of 1961 did nothing of clamping.\n"})
    count = Navigator(graph).ask(question, 300).count
    assert count.get("refers_to", "").endswith("1961-clamp.md")
    assert sorted(p.rsplit("/", 1)[-1] for p in count["documents"]) == [
        "2000-link.md", "3516-deps.md"]


@pytest.mark.parametrize("question", ["Which RFCs does RFC 3516 refer to?",
                                      "Which RFCs does the public dependencies RFC cite?",
                                      "Which RFCs does RFC 3516 build on?"])
def test_documents_one_refers_to_are_those_its_references_lead_to(tmp_path, question):
    # read the other way round, as "Which RFCs refer to RFC 3516?": of 30 RFCs, "Which RFCs
    # does RFC 1974 refer to?" answered RFC 1183, which says it is superseded by RFC 1974,
    # and not RFC 1398 or RFC 1183 as the ones RFC 1974 builds on
    graph = indexed_graph(tmp_path, {
        "1961-clamp.md": "# 1961-clamp\n\nAdd clamp to Ord.\n",
        "3516-deps.md": "# Public dependencies\n\nThis supersedes RFC 1961 in part.\n",
        "3600-next.md": "# Next steps\n\nThis builds on RFC 3516 and its dependencies.\n"})
    answer = Navigator(graph).ask(question, 300)
    assert answer.count["referred_by"].endswith("3516-deps.md")
    assert [p.rsplit("/", 1)[-1] for p in answer.count["documents"]] == ["1961-clamp.md"]
    assert {e.piece.doc_path.rsplit("/", 1)[-1] for e in answer.evidence} >= {"1961-clamp.md"}
    assert answer.missing == [] and answer.absent == []
    text = answer_text(answer, graph)
    assert "asked of the 1 document that 3516-deps.md refers to" in text
    assert "3516-deps.md refers to (by its references" in text


@pytest.mark.parametrize("question", ["What are the main ideas of the pump documents?",
                                      "Summarise the wiring documents"])
def test_the_kind_of_documents_a_global_question_sums_up_is_no_missing_word(graph, question):
    # "the allocator RFCs": "What are the main ideas of the allocator RFCs?" said "not in
    # the evidence: rfcs" ("the RFCs" alone was left out, not with a word before it)
    answer = Navigator(graph).ask(question, budget=200)
    assert answer.route == "global" and answer.evidence
    assert "documents" not in answer.missing and "documents" not in answer.absent
