"""Questions about how real RFCs refer to each other (the texts of the shared RFC bundle): the
route the answer says is the one that answered it, what one RFC says about another is read
from its paragraphs referring to it, a summary asked of "the RFC on attributes" says which
other RFC fits as well, and the words of "refer to as" are no gaps."""

from __future__ import annotations

import pytest

from _rfcs import rfc_texts
from _stores import indexed_graph
from docnav.ask_text import answer_text
from docnav.query import Navigator

RFCS = ["2349-pin.md", "2592-futures.md", "2394-async_await.md", "3467-unsafe-pinned.md",
        "0003-attribute-usage.md", "0016-more-attributes.md", "1068-rust-governance.md",
        "1683-docs-team.md"]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    base = tmp_path_factory.mktemp("rfcs")
    return indexed_graph(base, rfc_texts(base, RFCS))


def _names(paths) -> list[str]:
    return [p.rsplit("/", 1)[-1] for p in paths]


@pytest.mark.parametrize("question", ["Which RFCs mention the pin RFC?",
                                      "Which RFCs mention RFC 2349?"])
def test_documents_chosen_by_their_references_say_the_cross_reference_route(graph, question):
    # answered by the futures RFC's links to the pin RFC, it said "route: local" (the
    # router's route for "mention", which it reads as words of the text)
    answer = Navigator(graph).ask(question, 300)
    assert answer.count["refers_to"].endswith("2349-pin.md")
    assert _names(answer.count["documents"]) == ["2592-futures.md"]
    assert answer.route == "cross-reference"
    assert answer_text(answer, graph).startswith("route: cross-reference;")


def test_documents_none_of_which_refers_to_the_one_named_say_the_route_too(graph):
    # none refers to the docs team RFC: the count of none came from the references as well
    answer = Navigator(graph).ask("Which RFCs mention RFC 1683?", 300)
    assert answer.count["n"] == 0 and answer.count["refers_to"].endswith("1683-docs-team.md")
    assert answer.route == "cross-reference"


def test_which_rfcs_discuss_a_thing_keeps_the_local_route(graph):
    answer = Navigator(graph).ask("Which RFCs mention subteams?", 300)
    assert answer.count.get("refers_to") is None and answer.route == "local"
