"""A global question ("What is the main contribution of the pioNER paper?") searches the
summaries for what it is left with ("contribution"); an introduction's summary read its
opening, which says none, and the one paragraph saying "The contributions of this work are
..." was not read. Where a few paragraphs (``specific``) hold every word left, they are read
first; where many do, the summaries answer as before."""

from __future__ import annotations

import pytest
from _paths import FIXTURES
from _stores import indexed_copies

from docnav.query import Navigator

HELD = "the paragraphs holding every word of the question"


@pytest.fixture(scope="module")
def papers(tmp_path_factory, st_embedder):
    return indexed_copies(tmp_path_factory.mktemp("papers"),
                          [FIXTURES / "pdf" / "1801.05147.pdf",
                           FIXTURES / "pdf" / "1810.08699.pdf"], st_embedder)


def test_the_few_paragraphs_holding_a_global_questions_words_come_first(papers):
    nav = Navigator(papers)
    answer = nav.ask("What is the main contribution of the pioNER paper?", 600)
    assert answer.route == "global"
    assert any(e.piece.text.startswith("The contributions of this work are (i) the "
                                       "silver-standard training corpus")
               for e in answer.evidence), [e.piece.text[:60] for e in answer.evidence]
    assert not answer.missing and answer.confidence == 1.0
    steps = [s for s in answer.trace if s.get("over") == HELD]
    assert len(steps) == 1 and len(steps[0]["hits"]) == 1
    # of two papers, the one named: its "In this paper, we propose ... contributions"
    answer = nav.ask("What are the main contributions of the Chinese NER paper?", 600)
    first = [s for s in answer.trace if s["op"] in ("fetch", "locate")][0]
    assert first.get("over") == HELD, answer.trace[:3]
    assert answer.evidence and not answer.missing


def test_words_many_paragraphs_hold_leave_the_summaries_first(papers):
    nav = Navigator(papers)
    question = "What are the main results of the pioNER paper?"
    held = papers.holders(["result"], kinds=["paragraph"], filters={"path": "*1810.08699.pdf"})
    assert len(held) > nav.options.specific
    answer = nav.ask(question, 600)
    assert answer.route == "global" and answer.evidence
    assert not [s for s in answer.trace if s.get("over") == HELD]
