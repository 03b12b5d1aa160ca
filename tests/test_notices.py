"""A paper's publishing notices and first-page footnotes ("∗Corresponding Author.",
"Copyright c© 2020, Association for the Advancement of Artificial Intelligence ... All rights
reserved.") are close in meaning to any short question: the real embedder ranked
"∗Corresponding Author." first for "What are the limitations of the zero-shot translation
paper?", and it was read with the copyright line after it. They are read only where the
question asks their words."""

from __future__ import annotations

import pytest
from _paths import FIXTURES
from _stores import indexed_copies

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
