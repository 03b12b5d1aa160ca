"""The line of a count of the documents a real RFC refers to ("Which RFCs does RFC 2592
mention?", "... cite?") says them as the line of none does ("none of the 3 documents asked of
is one 2349-pin.md refers to"): it read "2 of the 3 documents asked of 2592-futures.md refers
to", as if they were asked of it."""

from __future__ import annotations

import pytest
from _rfcs import rfc_graph
from test_references_asked_rfcs import RFCS

from docnav.ask_text import answer_text
from docnav.query import Navigator


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return rfc_graph(tmp_path_factory, RFCS)


@pytest.mark.parametrize("question", ["Which RFCs does RFC 2592 mention?",
                                      "Which RFCs does RFC 2592 cite?"])
def test_the_documents_an_rfc_refers_to_are_said_as_ones_it_refers_to(graph, question):
    text = answer_text(Navigator(graph).ask(question, 300), graph)
    assert ("which RFCs: 2 of the 3 documents asked of are ones 2592-futures.md refers to (by "
            "its references: a link, a number; the evidence reads the best): 2349-pin.md, "
            "2394-async_await.md") in text.splitlines(), text


def test_one_it_refers_to_is_said_as_one(graph):
    text = answer_text(Navigator(graph).ask(
        "Which RFCs does RFC 2592 cite besides RFC 2349?", 300), graph)
    assert ("1 of the 2 documents asked of is one 2592-futures.md refers to (by its "
            "references") in text, text
