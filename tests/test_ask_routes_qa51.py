"""Questions of the three kinds the router tells apart, asked as a user asks them of a store
(the pump manual and field notes, tests/_pump.py)."""

from __future__ import annotations

import pytest

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
