"""A question asking when a document was made by a verb no field of it names ("When was RFC
2349 merged?": an RFC's header list has a "Start Date") is answered by the document's own date
as questions by date read it, saying no field says when it was so and where the date comes
from. The answer had been paragraphs holding neither the verb nor a date, with confidence
1.00, and nothing said that no merge date is known."""

from __future__ import annotations

import pytest
from _cli import run
from _stores import indexed_graph

from docnav.query import Navigator

PIN = """# Pin

- Feature Name: pin
- Start Date: 2018-02-19

## Summary

Introduce new APIs to libcore for pinning values so that they are never moved.

## Drawbacks

This adds another reference type to the language; executors created later must learn it.
"""
NOTE = "# Notes\n\nThe executor was created in a hurry.\n"
LOG = "---\ncreated: 2024-05-01\n---\n\n# Pump log\n\nThe pump ran.\n"


@pytest.fixture()
def graph(tmp_path):
    return indexed_graph(tmp_path, {"2349-pin.md": PIN, "notes.md": NOTE, "log.md": LOG})


@pytest.mark.parametrize("question, verb", [
    ("When was RFC 2349 merged?", "merged"), ("When was the pin RFC written?", "written"),
    ("When was RFC 2349 accepted?", "accepted"), ("When did RFC 2349 merge?", "merge"),
])
def test_when_a_document_was_made_is_its_own_date(graph, question, verb):
    answer = Navigator(graph).ask(question, budget=150)
    path = next(p for p in graph.document_paths() if p.endswith("2349-pin.md"))
    expected = {path: {"verb": verb, "date": "2018-02-19", "by": 'by its "start date" field',
                       "field": "start date"}}
    assert answer.dated == expected and answer.to_json()["dated"] == expected
    # the line giving the date is read first, and cited
    assert answer.evidence[0].piece.text == "Start Date: 2018-02-19"


@pytest.mark.parametrize("question", [
    "When did RFC 2349 start?",  # its "start date" field answers, as a field asked for
    "When was the executor created?",  # a thing in a document, not the document
    "What was merged in RFC 2349?",
])
def test_a_date_field_asked_or_a_part_asked_when_is_not_the_document_s_date(graph, question):
    assert Navigator(graph).ask(question, budget=150).dated == {}


def test_ask_says_no_field_says_and_what_dates_it(graph, tmp_path):
    code, out, err = run(tmp_path / "g.duckdb", "ask", "When was RFC 2349 merged?")
    assert code == 0, err
    assert ('asked when 2349-pin.md was merged: no field of it says; it is dated 2018-02-19 '
            'by its "start date" field, as questions by date read it') in out.splitlines(), out
    # of an undated document, that nothing dates it
    code, out, err = run(tmp_path / "g.duckdb", "ask", "When was notes.md written?")
    assert code == 0, err
    assert ("asked when notes.md was written: no field of it says; nothing dates it "
            "(`docnav show` lists its fields)") in out.splitlines(), out


@pytest.mark.parametrize("question", ["When was log.md written?", "When was the pump log written?",
                                      "When was log.md created?"])
def test_when_it_was_written_is_its_created_field(graph, question):
    # "When was multi_page.pdf written?" said "no field of it says" of its "created" field
    answer = Navigator(graph).ask(question, budget=150)
    path = next(p for p in graph.document_paths() if p.endswith("log.md"))
    assert answer.fields == {path: {"created": "2024-05-01"}} and answer.dated == {}
