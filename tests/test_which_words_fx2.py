"""Questions asking which documents hold words, as a review found them: a word written whole
("black_box") joined by "or" counted those holding any of its pieces ("box")."""

from __future__ import annotations

from pathlib import Path

import pytest
from _mixed_kinds import rfc_text
from _stores import indexed_graph

from docnav.ask_text import answer_text
from docnav.query import Navigator, NavigatorOptions

BOXES = {"3201-a.md": rfc_text("3201", "a", "Add black_box, a hint to the optimizer."),
         "3202-b.md": rfc_text("3202", "b", "A box holds a value on the heap."),
         "3203-c.md": rfc_text("3203", "c", "The black cat sleeps."),
         "3204-d.md": rfc_text("3204", "d", "Iterators fuse once done."),
         "3205-e.md": rfc_text("3205", "e", "Macros expand to code.")}


@pytest.fixture(scope="module")
def boxes(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("boxes"), BOXES, search_vectors=False)


def _nav(graph) -> Navigator:
    return Navigator(graph, NavigatorOptions(sections=0))


def _names(paths) -> list[str]:
    return sorted(Path(p).name for p in paths)


@pytest.mark.parametrize("asked", ["Which RFCs mention fuse or black_box?",
                                   "Which RFCs mention black_box or fuse?"])
def test_a_word_written_whole_joined_by_or_is_held_whole(boxes, asked):
    answer = _nav(boxes).ask(asked, budget=300)
    # (b.md, holding "box", and c.md, "black", were counted: any term of "black_box")
    assert _names(answer.count["documents"]) == ["3201-a.md", "3204-d.md"]
    assert '2 of the 5 documents asked of hold "' in answer_text(answer, boxes)
