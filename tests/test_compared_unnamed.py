"""Two documents compared without "Which is longer, A or B?": "Is A longer than B?" compares
the two (it read A alone, "longer" and B's title words said to be in none), and "Which paper
is longer?" compares the two asked of, or asks which two of more (it was a search)."""

from __future__ import annotations

import pytest
from _mixed_kinds import paper_text
from _paths import file_names
from _stores import indexed_graph

from docnav.errors import InputError
from docnav.query import Navigator

PAPERS = {"saliency.md": paper_text("Saliency maps for summaries",
                                    "saliency maps of a summariser. " * 40),
          "reviews.md": paper_text("Fake restaurant reviews", "fake reviews. " * 5),
          "trees.md": paper_text("Parsing trees", "a tree parser, " * 12)}


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("unnamed"), PAPERS, search_vectors=False)


def _compared(graph, question: str, doc=None) -> dict:
    answer = Navigator(graph).ask(question, 300, doc=doc)
    return next(s for s in answer.trace if s["op"] == "documents")


@pytest.mark.parametrize(("question", "first", "beside"), [
    ("Is the fake reviews paper longer than the saliency paper?", "saliency.md", "reviews.md"),
    ("Is the saliency paper shorter than the trees paper?", "trees.md", "saliency.md"),
    ("Was the trees paper longer than the fake reviews paper?", "trees.md", "reviews.md")])
def test_is_a_longer_than_b_compares_the_two(graph, question, first, beside):
    step = _compared(graph, question)
    assert file_names(step["documents"]) == [first]
    assert file_names([p for p, _ in step["beside"]]) == [beside]


def test_which_is_longer_of_two_asked_of_compares_them(graph):
    step = _compared(graph, "Which paper is shorter?", doc=["*reviews*", "*trees*"])
    assert file_names(step["documents"]) == ["reviews.md"]
    assert file_names([p for p, _ in step["beside"]]) == ["trees.md"]


@pytest.mark.parametrize("question", ["Which paper is longer?", "Which one is shorter?"])
def test_which_is_longer_of_more_asks_which_two(graph, question):
    with pytest.raises(InputError, match=r"names no two of the 3 documents asked of: name them "
                                         r"\(\"Which is (longer|shorter), \S+ or \S+\?\"\)"):
        Navigator(graph).ask(question, 300)


def test_the_kind_asked_of_is_said_as_the_store_says_it(graph):
    # (lower-cased, "Which RFC is longer?" was answered 'ask "Which of the rfcs is ...?"')
    with pytest.raises(InputError, match=r"or ask \"Which of the RFCs is the longest\?\""):
        Navigator(graph).ask("Which RFC is longer?", 300)
