"""A question asking for one document referring to another it names ("Which RFC cites RFC
2394?", "Which RFC that was published in 2018 cites RFC 2394?") is asked as "Which RFCs ...
cite RFC 2394?" is: it was asked of RFC 2394 alone, "cites" and "published" not in the
evidence."""

from __future__ import annotations

from pathlib import Path

import pytest
from _rfcs import rfc_graph
from test_references_dated_rfcs import RFCS

from docnav.query import Navigator


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return rfc_graph(tmp_path_factory, RFCS)


@pytest.mark.parametrize("question, dated, listed", [
    ("Which RFC that was published in 2018 cites RFC 2394?", "in 2018", ["2592-futures.md"]),
    ("Which RFC from 2018 refers to the async/await RFC?", "in 2018", ["2592-futures.md"]),
    ("Which RFC cites RFC 2394?", None, ["2592-futures.md", "3668-async-closures.md"]),
])
def test_one_asked_for_is_of_those_referring(graph, question, dated, listed):
    answer = Navigator(graph).ask(question, 600)
    assert answer.route == "cross-reference"
    assert answer.count.get("dated") == dated
    assert sorted(Path(p).name for p in answer.count["documents"]) == listed
    assert answer.question == question and answer.searched_as.startswith("Which RFCs ")


def test_one_referring_to_what_names_no_document_is_asked_as_it_was(graph):
    # (of no document named, nothing to refer to: asked as any question)
    answer = Navigator(graph).ask("Which RFC mentions pinning?", 600)
    assert answer.searched_as is None


@pytest.mark.parametrize("question, unindexed", [
    ("Which RFC refers to RFC 9999?", ["RFC 9999"]),
    ("Which RFC cites RFCs 9999 and 9998?", ["RFC 9999", "RFC 9998"]),
])
def test_one_referring_to_numbers_none_is_nor_names_is_asked_as_several(graph, question,
                                                                        unindexed):
    # (read the best match: "no document asked of is titled "RFC 9999"", as "Which RFCs refer
    # to RFC 9999?" was answered: none refers to it)
    answer = Navigator(graph).ask(question, 600)
    assert answer.route == "cross-reference" and answer.searched_as.startswith("Which RFCs ")
    assert answer.count["refers_unindexed"] and answer.count["documents"] == []
    assert answer.count["unindexed"] == unindexed


def test_one_referring_to_an_unindexed_number_and_a_word_is_asked_as_it_was(graph):
    # ("RFC 9999 or pinning" says more than names: searched by its words, as the plural is)
    answer = Navigator(graph).ask("Which RFC refers to RFC 9999 or pinning?", 600)
    assert answer.searched_as is None
