"""A question asking how many sections, headings, paragraphs or words a document has ("How
many paragraphs are in RFC 0002?", "How many sections does RFC 2388 have?") is answered by its
length, counted, as "How long is it?" of a document without pages is. They read passages and
said "in none of the documents asked of: paragraphs", or printed the outline with no count."""

from __future__ import annotations

import pytest
from _cli import run
from _stores import indexed_graph

from docnav.query import Navigator

GUIDE = """# Pump guide

## Fitting

The fitter mounts the pump on the frame.

Then the fitter tightens four bolts.

## Servicing

Service the pump every year.
"""
LENGTH = "19 words in 3 paragraphs under 3 headings"


@pytest.fixture()
def graph(tmp_path):
    return indexed_graph(tmp_path, {"pump-guide.md": GUIDE, "log.md": "# Log\n\nPump ran.\n"})


@pytest.mark.parametrize("question", [
    "How many paragraphs are in the pump guide?", "How many sections does the pump guide have?",
    "How many words does pump-guide.md have?", "How many headings are there in the pump guide?",
])
def test_how_many_parts_a_document_has_is_its_length(graph, question):
    answer = Navigator(graph).ask(question, budget=100)
    path = next(p for p in graph.document_paths() if p.endswith("pump-guide.md"))
    assert answer.fields == {path: {"length": LENGTH}}
    assert not {"paragraphs", "sections", "words", "headings"} & set(answer.missing
                                                                      + answer.absent)


@pytest.mark.parametrize("question", [
    "How many sections discuss the pump?",  # which parts, not how many it has
    "How many paragraphs mention bolts in the pump guide?",
])
def test_parts_asked_of_by_what_they_say_are_not_counted_so(graph, question):
    assert Navigator(graph).ask(question, budget=100).fields == {}


def test_ask_prints_the_count(graph, tmp_path):
    code, out, err = run(tmp_path / "g.duckdb", "ask", "How many sections does the pump guide "
                         "have?")
    assert code == 0, err
    assert f"the length of pump-guide.md, counted: {LENGTH}" in out.splitlines(), out


def test_the_section_text_before_a_first_heading_is_put_in_is_no_heading(tmp_path):
    # an RFC's field list, before its first heading, is put in a section under the file's
    # name: "How many headings does RFC 2349 have?" counted it (22 of the file's 21)
    rfc = "- Feature Name: pin\n- Start Date: 2018-02-19\n\n## Summary\n\nPin values.\n"
    graph = indexed_graph(tmp_path, {"2349-pin.md": rfc, "log.md": "# Log\n\nPump ran.\n"})
    answer = Navigator(graph).ask("How many headings does 2349-pin.md have?", budget=100)
    (fields,) = answer.fields.values()
    assert fields["length"].endswith("under 1 heading"), fields
