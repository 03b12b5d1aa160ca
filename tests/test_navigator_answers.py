"""What an answer says beyond the pieces it found: a section asked for that has nothing
under its heading, and a summary source read with the list it leads in to. Stores built by
the real pipeline (hashing embedder)."""

from __future__ import annotations

import pytest
from _stores import indexed_graph

from docnav.query import Navigator
from docnav.query.parts import headed
from docnav.summaries import SummaryPipelineOptions


METADATA_RFC = ("# Feature metadata\n\n## Summary\n\nAdd descriptions to Cargo features.\n\n"
                "## Motivation\n\nFeatures are hard to document today.\n\n"
                "## Prior art\n\n[prior-art]: #prior-art\n\n## Unresolved questions\n\n"
                "## Future possibilities\n\nMore metadata for features.\n")
CLAMP_RFC = ("# Clamp\n\n## Summary\n\nClamp a value to a range.\n\n## Prior art\n\n"
             "Other languages clamp numbers too.\n\n## Unresolved questions\n\nNone.\n")


@pytest.mark.parametrize("question", [
    "What does the Prior art section of the feature metadata RFC say?",  # cross-reference
    "What does the feature metadata RFC say about prior art?",  # local
])
def test_a_section_asked_for_with_nothing_under_its_heading_is_said_to_be_empty(tmp_path,
                                                                                question):
    # RFC 3416's "Prior art" is a heading and a link label: the answer gave other sections'
    # pieces and "sections headed by those words, not read (docnav fetch ID reads one)" for
    # it, whose fetch reads nothing
    graph = indexed_graph(tmp_path, {"3416-feature-metadata.md": METADATA_RFC,
                                     "1961-clamp.md": CLAMP_RFC})
    (prior_art,) = [s for s in headed(graph, "prior art")
                    if graph.node(s).path.endswith("metadata.md")]
    answer = Navigator(graph).ask(question, budget=100)
    assert answer.empty == [prior_art] and answer.to_json()["empty"] == [prior_art]
    assert all(prior_art not in sections for sections in answer.headed.values())
    # the same question of an RFC whose section has text: read, and nothing said empty
    answer = Navigator(graph).ask(question.replace("feature metadata", "clamp"), budget=100)
    assert answer.empty == []
    assert any("Other languages clamp" in e.piece.text for e in answer.evidence)


def test_an_empty_section_named_is_not_read(tmp_path):
    graph = indexed_graph(tmp_path, {"3416-feature-metadata.md": METADATA_RFC,
                                     "1961-clamp.md": CLAMP_RFC})
    answer = Navigator(graph).ask(
        "What does the Unresolved questions section of the feature metadata RFC say?", 100)
    (step,) = [s for s in answer.trace if s["op"] == "empty"]
    assert answer.empty == step["nodes"] and len(answer.empty) == 1
    assert graph.node(answer.empty[0]).heading == "Unresolved questions"
    # nothing to read there: it takes none of the two sections' places (here no other
    # section is found; it was expanded and fetched, adding nothing)
    assert all(s.get("node") != answer.empty[0] for s in answer.trace if s["op"] == "expand")


def test_a_summary_source_leading_in_to_a_list_is_read_with_the_list(tmp_path):
    # RFC 458's summary sentence "I propose altering the Send trait as proposed by RFC #17 as
    # follows:" was read without the list that is the proposal (its items, lines of a list,
    # are no summary sentences of the document)
    rfc = ("# Feature metadata\n\n## Summary\n\nThis RFC unblocks the following RFCs:\n\n"
           "- Cargo Feature Descriptions\n- Cargo Feature Deprecation\n\n"
           "## Motivation\n\nFeatures are hard to document today, and users guess what they "
           "enable.\n\n```toml\n[features]\nfoo = []\n```\n\n## Drawbacks\n\nMore syntax to learn.\n")
    graph = indexed_graph(tmp_path, {"3416-feature-metadata.md": rfc, "1961-clamp.md": CLAMP_RFC},
                          summaries=SummaryPipelineOptions(verify=False))
    answer = Navigator(graph).ask("What is the feature metadata RFC about?", budget=200)
    text = {e.piece.node_id: e.piece.text for e in answer.evidence}
    fetched = [[text.get(n) for n in s["nodes"]] for s in answer.trace if s["op"] == "fetch"]
    # the lead-in is fetched with its list, as one read
    assert ["This RFC unblocks the following RFCs:", "Cargo Feature Descriptions",
            "Cargo Feature Deprecation"] in fetched
    # a source that leads in to nothing is read alone: not with the code after it
    motivation = next(f for f in fetched if f[0].startswith("Features are hard"))
    assert motivation == [motivation[0]]
