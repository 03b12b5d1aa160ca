"""A document named by the kind of document it is alone ("the handbook", "the manual", "the
guide"), where that word is in one title only: "How many figures does the handbook have?"
searched every document for "handbook" (its captions were listed only for "the AMT
handbook"). "The paper", "the RFC", "the report" name no one document so: the one asked of,
whatever its title."""

from __future__ import annotations

from pathlib import Path

import pytest
from _paths import FIXTURES
from _stores import indexed_copies

from docnav.query import Navigator
from docnav.query.names import titled_documents


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    """The FAA handbook's sample page ("AMT General Handbook", two figures captioned in one
    paragraph) and a paper's page with a table, read by the native PDF pipeline."""
    return indexed_copies(tmp_path_factory.mktemp("kind"),
                          [FIXTURES / "pdf" / "amt_handbook_sample.pdf",
                           FIXTURES / "pdf" / "2305.03393v1-pg9.pdf"])


def test_the_handbook_names_the_one_document_so_titled(store):
    assert [(Path(p).name, name) for p, name in titled_documents(
        store, "What does the handbook say about self-locking nuts?")] == [
        ("amt_handbook_sample.pdf", "the handbook")]
    assert [name for _, name in titled_documents(
        store, "What does the handbook's author say?")] == ["the handbook"]
    # a word of no title ("manual"), a kind no single title names ("paper"): none
    assert titled_documents(store, "What is the manual about?") == []
    assert titled_documents(store, "What does the paper say about nuts?") == []

def test_how_many_figures_the_handbook_has(store):
    answer = Navigator(store).ask("How many figures does the handbook have?", 400)
    (step,) = [s for s in answer.trace if s["op"] == "captions"]
    # one paragraph captions two: "Figure 7-26. Self-locking nuts. Figure 7-27. ..."
    assert (step["n"], step["document_count"]) == (2, 1)
    assert [e.piece.text for e in answer.evidence] == [
        "Figure 7-26. Self-locking nuts. Figure 7-27. Stainless steel self-locking nut."]
