"""Why collecting evidence stopped, said truthfully (a review of the "stopped:" line):
a question naming nothing to look for is not said to have found "every word searched for"
(`ask "What is the pin RFC about?"` searched "about" alone); a budget with tokens left says
the rule (fewer than 16 left); a step limit passed by the paragraph a last passage leads in to
says so, not "201 passages read, max_steps 200"; the stop is said once."""

from __future__ import annotations

import pytest
from _stores import indexed_graph
from test_evidence_stop import MANUAL, QUESTION

from docnav.query import EvidenceState, Navigator, NavigatorOptions, Piece
from docnav.query.evidence import Run

VALVE = ("# Valve Guide\n\n## Setup\n\nThe valve is fitted in three steps, as follows:\n\n"
         "Close the line, fit the valve, open the line.\n\n## Care\n\nOil the valve stem "
         "yearly.\n")


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("said"), {"manual.md": MANUAL,
                                                          "valve.md": VALVE},
                         search_vectors=False)


def _run(graph, question: str, state: EvidenceState) -> Run:
    return Run(graph, question, question, "global", state, None)


def test_a_question_naming_nothing_is_not_said_to_hold_every_word(graph):
    state = EvidenceState("What is it about?", 100)
    state.add([Piece("a", "m.md", "Scope", None, "what it is about " * 12, 80)], "summary")
    assert state.names_nothing and state.stop == "confident"  # when it stops: unchanged
    run = _run(graph, "What is it about?", state)
    assert run.record_stop() == "confident"
    step = run.trace[-1]
    assert step["why"] == ("80 of 100 tokens are used (75% at least), the question naming "
                           "nothing to look for")
    assert step["confidence"] is None  # as the answer's: 1.0 was said of the word "about"


def test_a_stop_is_recorded_once(graph):
    state = EvidenceState("impeller seal", 100)
    state.add([Piece("a", "m.md", "Maintenance", None, "impeller seal " * 30, 80)], "passage")
    run = _run(graph, "impeller seal", state)
    assert run.record_stop() == "confident" and run.record_stop() == "confident"
    assert [s["op"] for s in run.trace] == ["stop"]
    assert run.trace[-1]["why"] == ("one piece holds every word searched for, and 80 of 100 "
                                    "tokens are used (75% at least)")


def test_a_budget_with_tokens_left_says_the_rule(graph):
    answer = Navigator(graph).ask(QUESTION, budget=33, doc="manual.md")
    assert answer.stopped == "budget" and answer.tokens_used < 33  # 32: none of it cut to 1
    assert answer.trace[-1]["why"] == (f"the budget is spent ({answer.tokens_used} of 33 "
                                       "tokens; fewer than 16 left, too few to cut a paragraph "
                                       "to)")


def test_a_step_limit_passed_by_a_lead_in_says_so(graph):
    answer = Navigator(graph, NavigatorOptions(max_steps=1)).ask(
        "How is the valve fitted?", budget=5000, doc="valve.md")
    assert answer.stopped == "steps" and [s["op"] for s in answer.trace].count("navigate") == 1
    assert answer.trace[-1]["why"] == ("the step limit is reached (1 passage read, max_steps 1, "
                                       "and the paragraph the last leads in to)")


def test_an_answer_in_parts_has_no_stop_of_its_own_as_the_readme_says(graph):
    answer = Navigator(graph).ask("How many documents mention the valve?", budget=400)
    assert answer.count is not None and answer.stopped is None
    stops = [step for step in answer.trace if step["op"] == "stop"]
    assert stops and all(step["of"].endswith("valve.md") for step in stops)  # of a part read
    from pathlib import Path

    readme = " ".join(Path(__file__).parent.parent.joinpath("README.md").read_text().split())
    assert "The line under the answer's header says why" not in readme  # the last note's
    assert ("An answer collected in parts (a count of documents, a list of them, a question "
            "asked of each document in turn) has no such line, and `stopped` is None: each "
            "part read has its own `stop` step in the trace, marked `of` its document.") in readme
