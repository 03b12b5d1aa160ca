"""The part a question names ("What does the Drawbacks section of the pin RFC say?") is the
first of the evidence: read in reading order among the passages of the same document, the
pin RFC's Drawbacks came fourth, after passages of its explanation."""

from __future__ import annotations

import pytest

from _stores import indexed_graph
from docnav.query import Navigator
from docnav.summaries import SummaryPipelineOptions

PIN = """# Pin

## Summary

Pin keeps a value in place in memory, so that a self-referential value stays valid.

## Guide-level explanation

The pin API says what a pinned value may do. A pinned value cannot move. The pin type wraps
a pointer and says what the pointer may do with the value it points to.

Pinning also says that the pin type never moves the value behind the pointer, so the pin says
what the value may rely on.

## Reference-level explanation

The pin type is a wrapper around a pointer. What the pin says is kept by the unsafe APIs.

## Drawbacks

This adds more APIs to std, including an auto trait.

## Rationale and alternatives

A Move trait was considered instead of the pin type; it says more than the pin does.
"""
OTHER = """# Futures

## Summary

The futures API for asynchronous code, with wakers and tasks.

## Drawbacks

Futures need an executor to run.
"""


def test_the_section_a_question_names_comes_first_in_the_evidence(tmp_path):
    graph = indexed_graph(tmp_path, {"2349-pin.md": PIN, "2592-futures.md": OTHER})
    answer = Navigator(graph).ask("What does the Drawbacks section of the pin RFC say?", 400)
    assert answer.route == "cross-reference"
    crumbs = [e.piece.breadcrumb for e in answer.evidence]
    assert len(crumbs) > 1 and crumbs[0].endswith("Drawbacks"), crumbs
    # the rest in reading order after it
    positions = [graph.node(e.piece.node_id).position for e in answer.evidence[1:]]
    assert positions == sorted(positions)


@pytest.mark.parametrize("question", ["Summarise the Drawbacks section of the pin RFC",
                                      "What are the main points of the pin RFC's Drawbacks "
                                      "section?"])
def test_the_section_a_global_question_names_is_read_first_by_its_summary(tmp_path, question):
    # "Summarise the Drawbacks section of the pin RFC" looked for a part headed "Drawbacks
    # section", found none, read the RFC's summary and gave the Drawbacks ninth, with
    # "section" missing
    graph = indexed_graph(tmp_path, {"2349-pin.md": PIN, "2592-futures.md": OTHER},
                          summaries=SummaryPipelineOptions(verify=False))
    answer = Navigator(graph).ask(question, 400)
    assert answer.route == "global"
    assert answer.evidence[0].piece.breadcrumb.endswith("Drawbacks")
    assert "section" not in answer.missing


def test_a_plural_part_word_is_no_label(tmp_path):
    # "Which sections of the futures RFC refer to other RFCs?": the "s" of "sections" was
    # read as a label, "Section S", that no section carries: "in none of the documents
    # asked of: sections"
    graph = indexed_graph(tmp_path, {"2349-pin.md": PIN, "2592-futures.md": OTHER})
    for question in ("Which sections of the pin RFC say what the pin type wraps?",
                     "What do the notes in the Drawbacks section say?"):
        answer = Navigator(graph).ask(question, 300)
        assert answer.route == "cross-reference"
        assert not [s for s in answer.trace if s["op"] == "no part"]
        assert "sections" not in answer.absent
