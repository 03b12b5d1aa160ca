"""A question asking for the longest or shortest documents ("Which RFC is the longest?",
"What is the shortest paper?") is asked of them, by their words: it searched for "longest"
and read the best match's passages (of 27 RFCs, the RFC process, 782 words, beside
2497-if-let-chains.md's 10,421)."""

from __future__ import annotations

import pytest
from _cli import run
from _stores import indexed_graph

from docnav.query import Navigator
from docnav.query.ordered import BY_LENGTH

SHORT = "# Valves\n\nThe valve opens.\n"
MIDDLE = ("# Pumps\n\n## Fitting\n\nThe fitter mounts the pump on the frame and tightens the "
          "bolts.\n\n## Servicing\n\nService the pump every year.\n")
LONG = ("# Boilers\n\n## Firing\n\n" + "The boiler heats water for the whole building. " * 8
        + "\n\n## Pumps\n\nA pump moves the hot water through the pipes to every floor.\n")


@pytest.fixture()
def graph(tmp_path):
    return indexed_graph(tmp_path, {"valves.md": SHORT, "pumps.md": MIDDLE,
                                    "boilers.md": LONG})


def _read(answer) -> list[str]:
    return list(dict.fromkeys(e.piece.doc_path.rsplit("/", 1)[-1] for e in answer.evidence))


def _step(answer) -> dict:
    return next(s for s in answer.trace if s.get("by_length"))


@pytest.mark.parametrize("question, expected", [
    ("Which document is the longest?", ["boilers.md"]),
    ("What is the longest document?", ["boilers.md"]),
    ("What is the shortest document?", ["valves.md"]),
    ("Which document is the smallest?", ["valves.md"]),
    ("Which is the longest document about pumps?", ["boilers.md"]),
    ("What is the shortest document about pumps?", ["pumps.md"]),
])
def test_the_longest_or_shortest_document_is_asked_of(graph, question, expected):
    answer = Navigator(graph).ask(question, budget=200)
    step = _step(answer)
    assert [p.rsplit("/", 1)[-1] for p in step["documents"]] == expected
    assert _read(answer) == expected


def test_several_asked_for_are_as_many_as_the_budget_gives(graph):
    answer = Navigator(graph).ask("Which are the longest documents?", budget=400)
    step = _step(answer)
    assert [p.rsplit("/", 1)[-1] for p in step["documents"]] == ["boilers.md", "pumps.md"]
    assert step["words"] == [76, 17] and step["length_of"] == 3


@pytest.mark.parametrize("question", [
    "What is the longest river?", "Which pump is the largest?", "How long is the longest pipe?",
])
def test_a_longest_thing_that_is_no_document_is_not_read_so(question):
    assert BY_LENGTH.search(question) is None


def test_ask_says_which_by_their_words(graph, tmp_path):
    code, out, err = run(tmp_path / "g.duckdb", "ask", "Which document is the longest?")
    assert code == 0, err
    assert ("asked of the longest of the 3 documents asked of, by their words: boilers.md (76 "
            "words)") in out.splitlines(), out
    # of one document asked of, nothing to order: asked as any question
    code, out, err = run(tmp_path / "g.duckdb", "ask", "Which document is the longest?",
                         "--doc", "*pumps.md")
    assert code == 0, err
    assert "by their words" not in out
