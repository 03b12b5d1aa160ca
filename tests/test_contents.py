"""A table of contents ("Chapter 2. Roles and separation of duties … 7") holds the headings'
words and page numbers, no text: it was read first for "What is separation of duties?" of
the IBM redbook, and for "What is a row permission?". Its entries are passages only where the
question asks about contents, chapters, sections or pages."""

from __future__ import annotations

import pytest
from _paths import FIXTURES
from _stores import indexed_copies

from docnav.query import Navigator
from docnav.query.parts import contents


@pytest.fixture(scope="module")
def redbook(tmp_path_factory):
    """The IBM redbook's sample pages ("Contents", its entries set as a table), read by the
    native PDF pipeline."""
    return indexed_copies(tmp_path_factory.mktemp("redbook"),
                          [FIXTURES / "pdf" / "redp5110_sampled.pdf"])


def test_the_contents_answer_no_question_but_one_asking_about_them(redbook):
    entries = contents(redbook)
    assert any(redbook.node(n).text.startswith("Chapter 2. Roles and separation of duties")
               for n in entries)
    nav = Navigator(redbook)
    for question in ("What is separation of duties?", "What is a row permission?"):
        answer = nav.ask(question, 300)
        assert answer.evidence and not {e.piece.node_id for e in answer.evidence} & entries
        assert not set(nav.passage_order(question, None)) & entries, question
    # asked about its chapters, or pages, they are read
    order = nav.passage_order("Which chapter covers separation of duties?", None)
    assert set(order) & entries
