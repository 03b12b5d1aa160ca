"""What a real RFC referring to no other document builds on or refers to, asked of that RFC
alone: that it refers to none, and its summary, rather than its paragraphs that hold the word
"refer" (the verb, asked as "refer to", was searched for once no reference was found)."""

from __future__ import annotations

import re

import pytest
from _rfcs import rfc_graph

from docnav.ask_text import answer_text
from docnav.query import Navigator

RFCS = ["2497-if-let-chains.md", "2592-futures.md"]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return rfc_graph(tmp_path_factory, RFCS)


@pytest.mark.parametrize("question", ["What does RFC 2497 build on?",
                                      "What does RFC 2497 refer to?",
                                      "Which documents does RFC 2497 depend on?"])
def test_what_an_rfc_referring_to_none_builds_on_is_read_without_the_verb(graph, question):
    # "An if let chain, refers to a chain of multiple let bindings, ..." was read first
    answer = Navigator(graph).ask(question, 300, doc="*2497*")
    assert [s["to"] for s in answer.trace if s["op"] == "refers"] == [None]
    assert answer.route == "cross-reference"
    assert not re.search(r"\brefer", answer.searched_as, re.I)  # (--json: searched_as)
    assert not any(re.search(r"\brefers?\b", e.piece.text, re.I) for e in answer.evidence)
    assert "Summary" in answer.evidence[0].piece.breadcrumb


# the RFCs 2497-if-let-chains.md names (and links on GitHub), none of them indexed
UNINDEXED = ["RFC 160", "RFC 2046", "RFC 2086", "RFC 2260", "RFC 2294"]


def test_an_rfc_referring_to_none_in_the_store_names_those_it_names_outside_it(graph):
    # "(it links to none, nor names one by its number)", though it names RFC 2046 and more
    answer = Navigator(graph).ask("What does RFC 2497 build on?", 300)
    assert answer.count["n"] == 0 and answer.count["unindexed"] == UNINDEXED
    assert ("it links to none of them, nor names one by its number; it names RFC 160, RFC "
            "2046, RFC 2086, RFC 2260 and RFC 2294, not indexed") in answer_text(answer, graph)
    one = Navigator(graph).ask("What does RFC 2497 build on?", 300, doc="*2497*")
    assert [s["unindexed"] for s in one.trace if s["op"] == "refers"] == [UNINDEXED]
    assert ("2497-if-let-chains.md refers to no other document in the store (no link to one, "
            "nor its number; it names RFC 160,") in answer_text(one, graph)
