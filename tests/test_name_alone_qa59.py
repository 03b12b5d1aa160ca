"""A question that is only the name of the document it is asked of: `ask "What is
black_box?"` (of 27 RFCs, 2360-bench-black-box.md's title holding "black_box") took the words
naming the document out of its search, and was refused: "query 'What is ?' has no words to
search for". The words are searched then, in that document, and the trace says why."""

from __future__ import annotations

import pytest
from _stores import indexed_graph

from docnav.query import Navigator

FILES = {
    "2360-bench-black-box.md": "# bench_black_box\n\n## Summary\n\nThis RFC adds black_box, a "
                               "function that hides a value from the optimizer.\n\n## Usage\n\n"
                               "Wrap a benchmark's input in black_box to keep it computed.\n",
    "pump.md": "# Pump\n\n## Seal\n\nReplace the impeller seal every 2000 hours.\n",
    "valve.md": "# Valve\n\nThe valve closes at 6 bar.\n",
}


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("alone59"), FILES, search_vectors=False)


def test_a_question_only_naming_its_document_searches_those_words(graph):
    answer = Navigator(graph).ask("What is black_box?", budget=400)
    assert answer.evidence and {e.piece.doc_path.rsplit("/", 1)[1] for e in answer.evidence} \
        == {"2360-bench-black-box.md"}
    (step,) = [s for s in answer.trace if s.get("names_kept")]
    assert step["named_by"] and "searched" not in step  # its words, as asked
    assert step["names_kept"] == "the words naming it are all the question asks: searched"
    assert any("hides a value" in e.piece.text for e in answer.evidence)


@pytest.mark.parametrize("asked", ["black_box", "black_box?"])
def test_a_word_with_underscores_asked_alone_reads_the_paragraphs_holding_it(graph, asked):
    # (a guard: reported as "not in the evidence"; answered so at ad44ca8 already, with or
    # without the fix of "What is black_box?")
    answer = Navigator(graph).ask(asked, budget=400)
    assert not answer.missing
    assert [e.piece.text for e in answer.evidence if "black_box" in e.piece.text] == [
        "This RFC adds black_box, a function that hides a value from the optimizer.",
        "Wrap a benchmark's input in black_box to keep it computed."]
