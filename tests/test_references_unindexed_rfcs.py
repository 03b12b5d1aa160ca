"""What a real RFC refers to, where it refers to documents in the store and names others that
are not indexed: those are said too, as of one referring to none ("What does RFC 3668 refer
to?" named RFC 2394 alone, not RFC 2229, RFC 3513 and RFC 3654, which it names)."""

from __future__ import annotations

from pathlib import Path

import pytest
from _rfcs import rfc_graph

from docnav.ask_text import answer_text
from docnav.query import Navigator

RFCS = ["2394-async_await.md", "3668-async-closures.md"]
# the RFCs 3668-async-closures.md names by number, none of them indexed
UNINDEXED = ["RFC 2229", "RFC 3513", "RFC 3654"]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return rfc_graph(tmp_path_factory, RFCS)


def test_a_count_of_what_it_refers_to_names_those_outside_the_store(graph):
    answer = Navigator(graph).ask("What does RFC 3668 refer to?", 600)
    assert [Path(p).name for p in answer.count["documents"]] == ["2394-async_await.md"]
    assert answer.count["unindexed"] == UNINDEXED
    assert ("the evidence reads the best; it also names RFC 2229, RFC 3513 and RFC 3654, not "
            "indexed)") in answer_text(answer, graph)


def test_what_it_refers_to_asked_of_it_alone_names_those_outside_the_store(graph):
    answer = Navigator(graph).ask("What does RFC 3668 refer to?", 600, doc="*3668*")
    assert [s["unindexed"] for s in answer.trace if s["op"] == "refers"] == [UNINDEXED]
    assert ("3668-async-closures.md also names RFC 2229, RFC 3513 and RFC 3654, not indexed"
            in answer_text(answer, graph))


def test_whether_it_refers_to_one_names_none_outside_the_store(graph):
    answer = Navigator(graph).ask("Does RFC 3668 refer to RFC 2394?", 600)
    assert "not indexed" not in answer_text(answer, graph)
