"""A paper's publishing notices and first-page footnotes ("∗Corresponding Author.",
"Copyright c© 2020, Association for the Advancement of Artificial Intelligence ... All rights
reserved.") are close in meaning to any short question: the real embedder ranked
"∗Corresponding Author." first for "What are the limitations of the zero-shot translation
paper?", and it was read with the copyright line after it. They are read only where the
question asks their words; nor is one read as the paragraph after a short hit. So for a PDF's
fragments of a few words (a pie chart's "13% society", an equation's line, a table's lone
cell "2."), which the embedder ranked high for "What are the contributions of it?"."""

from __future__ import annotations

import pytest
from _paths import FIXTURES
from _stores import indexed_copies, indexed_graph

from docnav.query import Navigator

NOTICES = ("∗Corresponding Author.", "Copyright c© 2020")


@pytest.fixture(scope="module")
def paper(tmp_path_factory, st_embedder):
    """The zero-shot translation paper (AAAI, its notices on its first page), indexed with
    the real embedder."""
    return indexed_copies(tmp_path_factory.mktemp("paper"),
                          [FIXTURES / "pdf" / "1912.01214.pdf"], st_embedder)


def test_notices_answer_no_question_but_one_asking_their_words(paper):
    nav = Navigator(paper)
    for question in ("What are the limitations of the zero-shot translation paper?",
                     "What are the limitations?"):
        texts = [e.piece.text for e in nav.ask(question, 400).evidence]
        assert not [t for t in texts if t.startswith(NOTICES)], (question, texts)
        # nor anywhere in the passage order
        order = [paper.node(n).text for n in nav.passage_order(question, None)]
        assert order and not [t for t in order if t.startswith(NOTICES)], question
    texts = [e.piece.text for e in nav.ask("Who holds the copyright?", 200).evidence]
    assert texts and texts[0].startswith("Copyright c© 2020, Association for the Advancement")
    texts = [e.piece.text for e in nav.ask("Who is the corresponding author?", 200).evidence]
    assert any(t.startswith("∗Corresponding Author.") for t in texts), texts


@pytest.fixture(scope="module")
def papers(tmp_path_factory, st_embedder):
    """The Chinese NER paper ("∗The corresponding author is Wenliang Chen.", then its AAAI
    copyright) and pioNER (its IEEE notice after a footnote's link, its pie charts' labels
    as paragraphs), indexed with the real embedder."""
    return indexed_copies(tmp_path_factory.mktemp("papers"),
                          [FIXTURES / "pdf" / "1801.05147.pdf",
                           FIXTURES / "pdf" / "1810.08699.pdf"], st_embedder)


def test_a_notice_worded_as_a_sentence_is_one(papers):
    nav = Navigator(papers)
    order = [papers.node(n).text for n in nav.passage_order(
        "What are the contributions of it?", {"path": "*1801.05147.pdf"})]
    assert order and not [t for t in order if "corresponding author" in t.lower()
                          or t.startswith("Copyright")], order[:3]
    texts = [e.piece.text for e in nav.ask("Who is the corresponding author of the Chinese "
                                           "NER paper?", 200).evidence]
    assert "∗The corresponding author is Wenliang Chen." in texts, texts


def test_no_notice_is_read_as_the_paragraph_after_a_short_hit(papers):
    # pioNER's footnote "1 https://github.com/ispras-texterra/pioner" is a short hit for
    # "pioNER"; the IEEE notice follows it, then the figure's caption
    answer = Navigator(papers).ask("How many entities are in the pioNER test set?", 600)
    texts = [e.piece.text for e in answer.evidence]
    assert "1 https://github.com/ispras-texterra/pioner" in texts, texts
    assert not [t for t in texts if t.startswith("© 2018 IEEE")], texts
    assert "Fig. 1: Steps of automatic dataset extraction from Wikipedia" in texts, texts


def test_fragments_answer_no_question_but_one_asking_their_words(papers):
    nav = Navigator(papers)
    pioner = {"path": "*1810.08699.pdf"}
    order = nav.passage_order("What are the contributions of it?", pioner)
    assert papers.node(order[0]).text.startswith("The contributions of this work are")
    assert not [papers.node(n).text for n in order if nav.passages.fragment(n)]
    # nor where word search found their section, which says more ("III Test dataset")
    order = nav.passage_order("How was the test dataset annotated?", pioner)
    assert order and not [papers.node(n).text for n in order if nav.passages.fragment(n)]
    # fragments there are: its pie charts' labels
    assert nav.passages.fragment(papers.locate("13% society", k=1)[0].node_id)
    # a fragment holding a word asked is found by it
    order = [papers.node(n).text for n in nav.passage_order("What share is society news?",
                                                            pioner)]
    assert "13% society" in order[:5], order[:5]


def test_a_fragment_in_a_section_word_search_found_is_read(tmp_path):
    # an RFC's "Unresolved questions" saying only "None yet." is that section's answer
    graph = indexed_graph(tmp_path, {"0001-pumps.md": (
        "# Pumps\n\n## Summary\n\nPumps move water from the well to the tank in the "
        "attic.\n\n## Unresolved questions\n\nNone yet.\n\n## Drawbacks\n\nPumps are loud "
        "at night and wear out their seals.\n")})
    order = [graph.node(n).text for n in Navigator(graph).passage_order(
        "What are the unresolved questions?", None)]
    assert "None yet." in order[:2], order
