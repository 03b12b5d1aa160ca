"""A question whose words are all a section's heading ("What is the seed lexicon?") reads
that section, subsections and all: the affective events paper's "Appendices > Seed Lexicon"
has no paragraph of its own (its words are under "Positive Words" and "Negative Words"), and
the eleven body paragraphs saying "seed lexicon" filled the budget before it. The rule for a
part most documents have (an RFC's "Drawbacks") asked half of the documents to have it."""

from __future__ import annotations

import pytest
from _stores import indexed_graph

from docnav.query import Navigator

SAYING = ("Our method needs a very small seed lexicon and a large raw corpus; the seed "
          "lexicon labels the events whose polarity is known, and we propagate it further.")
PAPER = ("# Affective Events\n\n## Abstract\n\n" + SAYING + "\n\n## Proposed Method\n\n"
         + "\n\n".join(f"Step {i}: {SAYING}" for i in range(8))
         + "\n\n## Appendices\n\n### Seed Lexicon\n\n#### Positive Words\n\n"
         "rejoice, be glad, be pleasant, be happy, be impressed, be excited, feel nostalgic"
         "\n\n#### Negative Words\n\nget angry, be sad, be lonely, be scared, feel anxious, be "
         "embarrassed, hate\n")
OTHER = ("# Fake Reviews\n\n## Introduction\n\nWe generate reviews of restaurants with a "
         "neural machine translation model and ask workers to tell them apart.\n\n## Method\n\n"
         "The model is trained on reviews of restaurants with their ratings.\n")


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("heading"), {"events.md": PAPER,
                                                              "reviews.md": OTHER})


@pytest.mark.parametrize("question", ["What is the seed lexicon?", "Describe the seed lexicon",
                                      "What is the Seed Lexicon"])
def test_a_question_naming_a_heading_reads_its_section(graph, question):
    for doc in (None, "events.md"):
        answer = Navigator(graph).ask(question, 256, doc=doc)
        texts = [e.piece.text for e in answer.evidence]
        assert "rejoice, be glad" in " ".join(texts), (doc, texts)
        assert "get angry, be sad" in " ".join(texts), (doc, texts)
        step = next(t for t in answer.trace if t.get("to") == "the part the question's words "
                                                               "head")
        assert graph.node(step["node"]).heading == "Seed Lexicon"


def test_other_words_beside_the_heading_are_searched_as_before(graph):
    # "How is the seed lexicon propagated?" asks more than the part: no part is read first
    answer = Navigator(graph).ask("How is the seed lexicon propagated?", 256)
    assert not [t for t in answer.trace if t.get("to") == "the part the question's words head"]
