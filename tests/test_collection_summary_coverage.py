"""A global question answered by the collection's summary says how many of the documents
that summary draws on: its few sentences came from 7 of 30 RFCs, and the answer read as one
about them all."""

from __future__ import annotations

from _stores import indexed_graph
from docnav.ask_text import answer_text
from docnav.query import Navigator
from docnav.summaries import SummaryPipelineOptions
from docnav.summarize import Budget, SummaryOptions

FILES = {
    "0001-fields.md": "# Private fields\n\nFields are private unless marked public.\n",
    "0002-process.md": "# RFC process\n\nChanges to the language go through an RFC.\n",
    "0003-attributes.md": "# Attributes\n\nUnused attributes are reported as errors.\n",
    "0004-lints.md": "# Lints\n\nLints warn about code that is probably wrong.\n",
}
QUESTION = "What are the main themes across these RFCs?"


def _graph(tmp_path, sentences: int):
    summaries = SummaryPipelineOptions(verify=False, summary=SummaryOptions(
        collection=Budget(sentences, 1600)))
    return indexed_graph(tmp_path, FILES, summaries=summaries)


def test_the_answer_says_how_many_documents_the_collection_summary_draws_on(tmp_path):
    graph = _graph(tmp_path, 2)
    answer = Navigator(graph).ask(QUESTION, 400)
    (step,) = [s for s in answer.trace if s["op"] == "expand" and s.get("node") ==
               next(nid for nid, _ in graph.nodes_of_kind("collection"))]
    assert (step["document_count"], step["of"]) == (2, 4)
    assert "the collection's summary draws on 2 of the 4 documents" in answer_text(answer, graph)


def test_a_collection_summary_drawing_on_every_document_is_said_no_more(tmp_path):
    graph = _graph(tmp_path, 8)
    answer = Navigator(graph).ask(QUESTION, 400)
    assert "collection's summary draws on" not in answer_text(answer, graph)
