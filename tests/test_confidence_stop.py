"""When the evidence state may end the search: one piece holding every word of the question
is a sign the answer is in hand only where few paragraphs hold them all."""

from __future__ import annotations

import numpy as np
import pytest

from docnav.embed import HashingEmbedder
from docnav.index import Indexer, IndexOptions
from docnav.query import DocNavGraph, Navigator, NavigatorOptions
from docnav.query.navigator import EvidenceState
from docnav.query.lexical import BM25, tokens
from docnav.store import Store
from docnav.summaries import SummaryPipelineOptions

QUESTION = "How often is the impeller seal replaced?"

# a seal handbook: the question's words are together in six paragraphs, one per model
HANDBOOK = "# Seal Handbook\n\n" + "\n\n".join(
    f"## Model {m}\n\nReplace the impeller seal of model {m} every {h} operating hours; "
    f"check the {part} at the same time and log the work in the service book."
    for m, h, part in [("A", 2000, "gasket"), ("B", 1500, "shaft"), ("C", 1000, "bearing"),
                       ("D", 2500, "housing"), ("E", 3000, "coupling"), ("F", 500, "valve")])
# a manual where one paragraph holds them
MANUAL = ("# Pump Manual\n\n## Installation\n\nMount the pump on a level concrete base and "
          "leave clearance around the motor.\n\n## Wiring\n\nConnect the pump to a dedicated "
          "circuit with its own breaker and a residual current device.\n\n## Maintenance\n\n"
          "Replace the impeller seal every 2000 operating hours.\n\nClean the strainer "
          "each month and look for leaks at the pipe joints.\n")


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    base = tmp_path_factory.mktemp("stop")
    docs = base / "docs"
    docs.mkdir()
    (docs / "handbook.md").write_text(HANDBOOK)
    (docs / "manual.md").write_text(MANUAL)
    store = Store(base / "g.duckdb")
    options = IndexOptions(summaries=SummaryPipelineOptions(verify=False), progress=False)
    Indexer(store, options, HashingEmbedder()).index([docs])
    return DocNavGraph.open(store.path, embedder=HashingEmbedder())


def test_bm25_lists_the_texts_holding_every_term():
    bm25 = BM25(["the pump seal", "a seal", "seals of the pump motor", "motor"])
    assert bm25.holding(tokens("pump seals")).tolist() == [0, 2]  # word forms: stems
    assert bm25.holding(tokens("pump gearbox")).tolist() == []
    assert np.array_equal(bm25.holding([]), np.arange(4))


def test_paragraphs_hold_the_words_of_their_headings(graph):
    terms = tokens("impeller seal replace")
    assert graph.holding_all(terms, kinds=["paragraph"], filters={"path": "*handbook.md"}) == 6
    assert graph.holding_all(terms, kinds=["paragraph"], filters={"path": "*manual.md"}) == 1
    # "model" is in each handbook paragraph's heading ("Model A"), "Maintenance" in one's
    assert graph.holding_all(tokens("model gasket"), kinds=["paragraph"]) == 1
    assert graph.holding_all(tokens("maintenance leaks"), kinds=["paragraph"]) == 1


def test_words_found_together_in_many_paragraphs_do_not_end_the_search(graph):
    # In the handbook every model's paragraph holds "impeller", "seal" and "replace": the
    # first one read is no sign that the answer is in hand, so the search goes on to the
    # budget (the others name other hours). With the rule off it stops at the first.
    budget = 160
    answer = Navigator(graph).ask(QUESTION, budget=budget, doc="*handbook.md")
    assert any(op["op"] == "no confidence stop" and op["paragraphs"] == 6
               for op in answer.trace)
    read = [e for e in answer.evidence if "every" in e.piece.text]
    assert len(read) >= 3 and answer.tokens_used > 0.9 * budget
    lenient = Navigator(graph, NavigatorOptions(specific=10)).ask(QUESTION, budget=budget,
                                                                  doc="*handbook.md")
    assert not any(op["op"] == "no confidence stop" for op in lenient.trace)
    assert lenient.tokens_used < answer.tokens_used


def test_words_found_together_in_one_paragraph_still_end_it(graph):
    # the manual's one maintenance paragraph holds them: once three quarters of the budget
    # hold evidence, the search ends there, before the manual's four paragraphs are read
    answer = Navigator(graph).ask(QUESTION, budget=60, doc="*manual.md")
    assert not any(op["op"] == "no confidence stop" for op in answer.trace)
    assert answer.confidence == 1.0 and 45 <= answer.tokens_used < 60
    assert len(answer.evidence) == 3
    # the same evidence with the words marked common: not enough
    state = EvidenceState(QUESTION, budget=200, min_fill=0.0)
    state.add([e.piece for e in answer.evidence], "passage")
    assert state.sufficient
    state.common = True
    assert not state.sufficient
