"""A document asked to be summed up, named by what it is about rather than by its title
("Summarize the RFC on pinning"), is asked of alone, and the answer says which it is: summed
up from the best summaries of all, the answer never named the RFC it summed up."""

from __future__ import annotations

import pytest

from _stores import indexed_graph
from docnav.ask_text import answer_text
from docnav.query import Navigator
from docnav.summaries import SummaryPipelineOptions

FILES = {
    "2349-pin.md": "# 2349-pin\n\n## Summary\n\nPinning keeps a value in place in memory.\n\n"
                   "## Drawbacks\n\nPinning adds another pointer type to learn.\n",
    "2592-futures.md": "# 2592-futures\n\n## Summary\n\nThe futures API for async code, with "
                       "wakers and tasks.\n\n## Motivation\n\nAsync code needs a future trait.\n",
    "2394-async_await.md": "# 2394-async_await\n\n## Summary\n\nAsync functions return "
                           "futures; await suspends until a future is ready. The futures "
                           "API is what async functions build on, and futures are polled.\n",
}


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("described"), FILES,
                         summaries=SummaryPipelineOptions(verify=False))


@pytest.mark.parametrize("question, path", [
    ("Summarize the RFC on pinning", "2349-pin.md"),
    # "futures" is a word of one title: not the async/await RFC saying it more
    ("Summarise the RFC about the futures API", "2592-futures.md"),
])
def test_a_document_summed_up_by_what_it_is_about_is_named(graph, question, path):
    answer = Navigator(graph).ask(question, 300)
    assert answer.route == "global"
    assert {e.piece.doc_path.rsplit("/", 1)[-1] for e in answer.evidence} == {path}
    (focus,) = [s for s in answer.trace if s["op"] == "focus"]
    assert focus["by"] == "description"
    assert f"asked of {path}, the document that best matches" in answer_text(answer, graph)


def test_a_description_no_document_holds_chooses_none(graph):
    # the nearest in meaning is no RFC on zebras
    answer = Navigator(graph).ask("Summarize the RFC on zebras", 300)
    assert not [s for s in answer.trace if s["op"] == "focus"]
