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


LEAD = ("# Parsing Tweets\n\n## Introduction\n\nThe dataset of this paper is a dataset of tweets;"
        " the dataset was annotated twice and the evaluation of the dataset is by F1.\n\n"
        "## Results\n\nOn the dataset the parser reaches 91 F1 in our evaluation.\n")
HEADED = ("# Movie Reviews\n\n## Dataset\n\nWe collect five hundred reviews of films from a "
          "forum.\n\n## Evaluation\n\nTwo judges rate each summary of the reviews.\n")


@pytest.fixture(scope="module")
def several(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("lead"), {"tweets.md": LEAD,
                                                           "movies.md": HEADED})


@pytest.mark.parametrize("question", ["What is the dataset?", "Evaluation"])
def test_a_heading_of_another_document_than_the_one_read_first_is_not_read(several, question):
    # "What is the dataset?" said "read first: 1805.02400.md" and read 1909's "Experiments >
    # Dataset" as its first pieces: the part is read in the lead document only
    answer = Navigator(several).ask(question, 256)
    assert not [t for t in answer.trace if t.get("to") == "the part the question's words head"]
    assert answer.evidence[0].piece.doc_path.endswith("tweets.md"), answer.evidence
    # asked of the one document so headed, it is read
    alone = Navigator(several).ask(question, 256, doc="movies.md")
    assert [t for t in alone.trace if t.get("to") == "the part the question's words head"]
