"""Why collecting evidence stopped, said (a QA pass of the query library: `ask "What does the
Unpin auto trait control?" --budget 4000` stopped at 3064 tokens, and nothing said why), and
``EvidenceState.sufficient`` a property as ``confidence`` and ``remaining`` are (as a method,
``if state.sufficient:`` held always)."""

from __future__ import annotations

import pytest
from _stores import indexed_graph

from docnav.ask_text import answer_text
from docnav.query import EvidenceState, Navigator, Piece
from docnav.query.answer import STOPS

# one long paragraph holds every word of the question (160 tokens); the others none
SEAL = ("Replace the impeller seal every 2000 operating hours. " + " ".join(
    f"Step {i}: drain the casing, lift the cover and keep the old gasket for inspection."
    for i in range(1, 9)))
MANUAL = ("# Pump Manual\n\n## Installation\n\nMount the pump on a level concrete base and leave "
          "clearance around the motor.\n\n## Maintenance\n\n" + SEAL + "\n\n## Wiring\n\n"
          "Connect the pump to a dedicated circuit with its own breaker.\n")
QUESTION = "How often is the impeller seal replaced?"


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("stop"), {"manual.md": MANUAL},
                         search_vectors=False)


def _stop(answer) -> dict:
    return answer.trace[-1]


def test_sufficient_is_a_property_false_while_the_evidence_is_short():
    state = EvidenceState("impeller seal", 100)
    assert state.sufficient is False and state.stop is None  # a bound method is always true
    state.add([Piece("a", "m.md", "Maintenance", None, "impeller seal " * 30, 80)], "passage")
    assert state.sufficient is True and state.stop == "confident"
    state.add([Piece("b", "m.md", "Wiring", None, "breaker " * 5, 10)], "passage")
    assert state.stop == "budget"  # 90 of 100 tokens: too few left to cut a paragraph to


def test_an_answer_says_it_stopped_confident(graph):
    answer = Navigator(graph).ask(QUESTION, budget=200, doc="manual.md")
    assert answer.stopped == "confident" and answer.stopped in STOPS
    assert _stop(answer)["op"] == "stop" and _stop(answer)["by"] == "confident"
    assert _stop(answer)["why"] == (f"one piece holds every word searched for, and "
                                    f"{answer.tokens_used} of 200 tokens are used (75% at least)")
    assert answer.to_json()["stopped"] == "confident"
    lines = answer_text(answer, graph).splitlines()  # the last line before the evidence
    assert lines[lines.index("") - 1] == f"stopped: {_stop(answer)['why']}"


def test_an_answer_says_its_budget_was_spent(graph):
    answer = Navigator(graph).ask(QUESTION, budget=40, doc="manual.md")
    assert answer.stopped == "budget" and answer.tokens_used > 24
    assert f"stopped: the budget is spent ({answer.tokens_used} of 40 tokens)" in answer_text(
        answer, graph).splitlines()


def test_an_answer_says_nothing_was_left_to_read(graph):
    answer = Navigator(graph).ask("Which breaker does the pump circuit use?", budget=5000,
                                  doc="manual.md")
    assert answer.stopped == "nothing left" and answer.tokens_used < 1000
    assert _stop(answer)["why"] == (f"nothing left to read ({answer.tokens_used} of 5000 "
                                    "tokens used)")
    assert answer_text(answer, graph, trace=True).count("op=stop") == 1


def test_an_answer_says_it_took_every_step(graph):
    from docnav.query import NavigatorOptions

    answer = Navigator(graph, NavigatorOptions(max_steps=1)).ask(
        "Which breaker does the pump circuit use?", budget=5000, doc="manual.md")
    assert answer.stopped == "steps"
    # its one passage, short, brings the paragraph after it: a step past the limit ("2
    # passages read, max_steps 1" was said)
    assert _stop(answer)["why"] == ("the step limit is reached (1 passage read, max_steps 1, "
                                    "and the paragraph the last leads in to)")
