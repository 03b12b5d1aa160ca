"""What a real RFC referring to no other document builds on or refers to, asked of that RFC
alone: that it refers to none, and its summary, rather than its paragraphs that hold the word
"refer" (the verb, asked as "refer to", was searched for once no reference was found)."""

from __future__ import annotations

import re

import pytest
from _rfcs import rfc_graph

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
