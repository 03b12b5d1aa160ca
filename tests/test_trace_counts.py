"""In an answer's trace (``ask --json``), "documents" is always a list of paths (or of what
each was asked), and a number of documents is "document_count": "count documents", "format",
"captions", "no works cited" and the collection's summary gave the number as "documents",
the name every other step gives a list, so a consumer of traces met two types under it."""

from __future__ import annotations

import pytest
from _stores import indexed_graph

from docnav.query import Navigator
from docnav.summaries import SummaryPipelineOptions

TEXTS = {
    "pumps.md": "# Pumps\n\n## Seals\n\nThe pump seal is replaced every year by the crew.\n\n"
                "Table 1: Output.\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n",
    "valves.md": "# Valves\n\n## Upkeep\n\nThe valve is greased each month by the crew.\n",
    "harbour.html": "<html><head><title>Harbour seals</title></head><body><h1>Harbour seals"
                    "</h1><p>The harbour seal rests on rocks at low tide.</p></body></html>",
}
QUESTIONS = {
    "How many documents are there?": "count documents",
    "How many HTML documents are there?": "format",
    "What are the main themes across these documents?": "expand",
    "What tables are there?": "captions",
    "How many references does each document have?": "no works cited",
}


@pytest.fixture(scope="module")
def nav(tmp_path_factory) -> Navigator:
    base = tmp_path_factory.mktemp("counts")
    return Navigator(indexed_graph(base, TEXTS, summaries=SummaryPipelineOptions(verify=False)))


@pytest.mark.parametrize("question, op", QUESTIONS.items())
def test_a_number_of_documents_is_no_list_of_them(nav, question, op):
    trace = nav.ask(question, 300).to_json()["trace"]
    counted = [s for s in trace if s["op"] == op and "document_count" in s]
    assert counted and all(isinstance(s["document_count"], int) for s in counted), trace
    assert all(isinstance(s["documents"], list) for s in trace if "documents" in s), trace


def test_the_opening_of_each_document_says_how_many_by_its_count(tmp_path):
    graph = indexed_graph(tmp_path, {n: t for n, t in TEXTS.items() if n.endswith(".md")})
    trace = Navigator(graph).ask("Summarise", 40).to_json()["trace"]
    (step,) = [s for s in trace if s.get("to") == "the opening of each document asked of"]
    assert step["document_count"] == 2 and "documents" not in step
