"""A section asked for by its place ("the first section of ...", "what comes after the
Introduction in ...") is read from the document's headings, saying which it is: searched for,
"first" and "after" were words some paragraph held, answered at confidence 1.00."""

from __future__ import annotations

import pytest
from _stores import indexed_graph

from docnav.ask_text import answer_text
from docnav.query import Navigator

# a paper as Qasper's Markdown writes it: its title the one top heading, its sections below
SALIENCY = ("# Saliency Maps for Summaries\n\n## Abstract\n\nWe map saliency first.\n\n"
            "## Introduction\n\nSaliency comes first, then the model after it.\n\n"
            "## The Model\n\nThe model comes after the data.\n\n"
            "### Attention\n\nThe first layer attends.\n\n"
            "## Conclusion\n\nWe conclude, after all.\n\n## Appendix\n\nThe last tables.\n")
REVIEWS = ("# Fake Restaurant Reviews\n\n## Abstract\n\nFake reviews come first.\n\n"
           "## Introduction\n\nReviews are written after a meal.\n\n"
           "## Related Work\n\nOthers came first.\n")
# an RFC: its front matter a part named as the file is, before its Summary
RFC = ("# 0160-if-let\n\n- Start Date: 2014-08-26\n\n## Summary\n\nIntroduce if let first.\n\n"
       "## Motivation\n\nMatching comes after.\n\n## Drawbacks\n\nThe last one.\n")


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("sequence"), {
        "1907.05664.md": SALIENCY, "1805.02400.md": REVIEWS, "0160-if-let.md": RFC})


@pytest.mark.parametrize(("question", "heading", "said"), [
    ("What is the first section of the saliency paper?", "Abstract",
     'the first section of 1907.05664.md, by its headings: "Abstract"'),
    ("What is the last section of the fake reviews paper?", "Related Work",
     'the last section of 1805.02400.md, by its headings: "Related Work"'),
    ("What comes after the Introduction in the saliency paper?", "The Model",
     'the section after "Introduction" in 1907.05664.md, by its headings: "The Model"'),
    ("Which section comes before Conclusion in 1907.05664?", "The Model",
     'the section before "Conclusion" in 1907.05664.md, by its headings: "The Model"'),
    ("Which section follows the Introduction in the fake reviews paper?", "Related Work",
     'the section after "Introduction" in 1805.02400.md, by its headings: "Related Work"'),
    ("What is the first section of RFC 160?", "Summary",
     'the first section of 0160-if-let.md, by its headings: "Summary"'),
    ("What is the last section of RFC 160?", "Drawbacks",
     'the last section of 0160-if-let.md, by its headings: "Drawbacks"'),
])
def test_a_section_by_its_place_is_read_from_the_headings(graph, question, heading, said):
    answer = Navigator(graph).ask(question, budget=400)
    assert [e.piece.breadcrumb.split(" › ")[-1] for e in answer.evidence] == [heading]
    assert answer.confidence is None  # nothing was searched for
    assert said in answer_text(answer, graph)


def test_the_last_section_at_its_level_has_none_after_it(graph):
    answer = Navigator(graph).ask("What comes after the Attention section in the saliency "
                                  "paper?", budget=400)
    assert "no section comes after \"Attention\" in 1907.05664.md" in answer_text(answer, graph)


def test_a_question_naming_no_heading_is_searched(graph):
    """"after" before words no heading begins with asks what the text says."""
    answer = Navigator(graph).ask("What comes after the data in the saliency paper?",
                                  budget=400)
    assert not any(s["op"] == "sections in order" for s in answer.trace)
    assert any("after the data" in e.piece.text for e in answer.evidence)


@pytest.mark.parametrize("question", [
    "What is the first section of the saliency paper that mentions attention?",
    "Which section comes first in RFC 160, Drawbacks or Motivation?",
    "What is the last section of the saliency paper to discuss tables?",
    "What comes after Attention is paid in the saliency paper?",
    "What is after the Introduction in the saliency paper and what does it say?",
    "What is the first section of RFC 160 and the saliency paper?",
    "What comes after Motivation in RFC 160 and the fake reviews paper?"])
def test_a_question_asking_more_than_the_section_is_searched(graph, question):
    """Words left besides the section's place and the document (a heading named by the words
    it begins, "Attention" of "Attention is paid"; what a section holds; a second document
    named) are no question the headings answer: the heading alone answered, the rest (or
    the other document) dropped without a word."""
    answer = Navigator(graph).ask(question, budget=400)
    assert not any(s["op"] == "sections in order" for s in answer.trace)


@pytest.mark.parametrize("question", ["What is the first section of the pump guide?",
                                      "What is the last section of the pump guide?"])
def test_the_one_section_under_the_title_is_the_first_and_last(tmp_path, question):
    """Only the title heading is passed over: its one section, whose subsections are its
    own, is the document's first and last ("Let's swim!" of word_sample.docx, not its
    subsection "Let's eat")."""
    graph = indexed_graph(tmp_path, {
        "guide.md": "# Pump guide\n\n## Fitting\n\nBolt it down.\n\n### Bolts\n\nFour.\n\n"
                    "### Gaskets\n\nTwo.\n",
        "other.md": "# Valve notes\n\n## Scope\n\nValves.\n"})
    answer = Navigator(graph).ask(question, budget=400)
    assert [e.piece.breadcrumb.split(" › ")[-1] for e in answer.evidence] == ["Fitting"]
    assert "(1 section at its top level: [Fitting])" in answer.evidence[0].piece.text
