"""Kind words and names in questions, as a review of their first changes found them: three
names chained by "or" ("Adobe or Amazon or Yelp" counted those holding "Yelp" alone, "Adobe"
and "Amazon" as one or the other, and lost the Adobe 10-K), the very kind asked of left out
("Which RFCs mention futures, besides RFCs?" listed the others as RFCs), a kind left out of a
question read for its format ("Which Markdown files ..., besides RFCs?"), the line of those
another kind refers to, "but not rfc" (the kind, as "but not RFCs"), and a year's documents
left out beside one named."""

from __future__ import annotations

from pathlib import Path

import pytest
from _mixed_kinds import MIXED as KINDS_MIXED, rfc_text, unordered_navigator as _nav
from _paths import sorted_names as _names
from _stores import indexed_graph

from docnav.ask_text import answer_text
from docnav.errors import InputError

MIXED = {**KINDS_MIXED, "notes.html": (
    "<html><body><h1>Notes</h1><p>Pins hold the sails of ships.</p></body></html>")}


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("review"), MIXED, search_vectors=False)


NAMES = {"a.md": "# A\n\nInitech sells staplers in Europe.\n",
         "b.md": "# B\n\nGlobex sells engines in Asia.\n",
         "c.md": "# C\n\nGlobex sells engines in Europe.\n",
         "d.md": "# D\n\nHooli sells phones in Europe.\n",
         **{f"{n}.md": f"# {n}\n\nA note on {n} of the ledgers.\n" for n in "efgh"}}


def test_three_names_chained_by_or(tmp_path):
    graph = indexed_graph(tmp_path, NAMES, search_vectors=False)
    answer = _nav(graph).ask("Which documents mention Initech or Globex or Hooli?", budget=300)
    assert _names(answer.count["documents"]) == ["a.md", "b.md", "c.md", "d.md"]  # (d.md
    # alone: "Initech" or "Globex", and "Hooli")
    assert '4 of the 8 documents asked of hold 1 of "Initech", "Globex", "Hooli"' in (
        answer_text(answer, graph))
    listed = _nav(graph).ask("Which documents mention Initech, Globex or Hooli?", budget=300)
    assert _names(listed.count["documents"]) == ["a.md", "b.md", "c.md", "d.md"]
    beside = _nav(graph).ask("Which documents mention Initech or Globex or Hooli in Asia?",
                             budget=300)
    assert _names(beside.count["documents"]) == ["b.md"]


@pytest.mark.parametrize("asked", ["Which RFCs mention pins, besides RFCs?",
                                   "Which papers mention pins, besides papers?",
                                   "Which 10-Ks mention engines, other than the filings?"])
def test_the_very_kind_asked_of_left_out_is_refused(mixed, asked):
    # (the RFCs left out, the others were listed as "RFCs"; of papers, "pins" held by none)
    with pytest.raises(InputError, match="leaves the .*s out: none is left to ask"):
        _nav(mixed).ask(asked, budget=300)


def test_a_kind_left_out_of_a_format_named(mixed):
    answer = _nav(mixed).ask("Which Markdown files mention pins, besides RFCs?", budget=300)
    text = answer_text(answer, mixed)
    assert "names no one document" not in text  # "RFCs" was read as a document's name
    assert text.splitlines()[1] == ("leaving out the 2 RFCs of the 6 documents asked of, the "
                                    "kind the question leaves out")
    assert _names(answer.count["documents"]) == ["globex.md", "sails.md"]  # (not notes.html)


def test_the_one_another_kind_refers_to_is_said_so(mixed):
    answer = _nav(mixed).ask("Which RFCs do the 10-Ks mention?", budget=300)
    assert ("which RFCs: 1 of the 2 RFCs asked of is one the 1 filing refers to (by their "
            "references: a link, a number; none read): 2001-pins.md (by globex.md)") in (
        answer_text(answer, mixed))  # "... asked of the 1 filing refer to"


def test_but_not_a_kind_word_leaves_the_kind_out(mixed):
    # "but not rfc" read as a word listed those holding "rfc", the word asked for dropped
    for kind in ("rfc", "RFCs", "the RFCs", "RFC documents", "RFC"):
        left = _nav(mixed).ask(f"Which documents mention engines but not {kind}?", budget=300)
        assert left.trace[0]["op"] == "kind left out", kind
        assert _names(left.count["documents"]) == ["demand.md", "globex.md"], kind


YEARS = {f"{n}-y{n}.md": rfc_text(str(n), f"y{n}", "Words of the rule, async. " * (n - 4000))
         for n in range(4001, 4005)}
YEARS["4008-mid.md"] = rfc_text("4008", "mid", "A middle rule. " * 40, started="2022-02-01")
YEARS["4010-late.md"] = rfc_text("4010", "late", "A later rule, async. " * 3, started="2024-02-01")
YEARS["4011-later.md"] = rfc_text("4011", "later", "The latest rule. " * 2, started="2024-03-01")


@pytest.fixture(scope="module")
def years(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("years"), YEARS, search_vectors=False)


@pytest.mark.parametrize("asked", [
    "Which RFC is the longest, besides RFC 4008 and those from 2018?",  # (of those of 2018)
    "Which RFC besides those from 2018 and RFC 4008 is the longest?",  # (an error)
    "Which RFC besides RFC 4008 and those from 2018 is the longest?",
    "Which RFC is the longest, besides those from 2018 and RFC 4008?"])
def test_a_year_left_out_beside_one_named(years, asked):
    answer = _nav(years).ask(asked, budget=300)
    step = next(s for s in answer.trace if s["op"] == "documents")
    assert _names(step["besides"]) == ["4001-y4001.md", "4002-y4002.md", "4003-y4003.md",
                                       "4004-y4004.md", "4008-mid.md"]
    assert ("asked of the longest of the 2 documents asked of besides 4008-mid.md and the 4 "
            "documents dated in 2018, by their words: 4010-late.md") in answer_text(answer, years)


def test_what_they_hold_is_said_before_those_left_out(years):
    answer = _nav(years).ask("Which RFC besides those from 2018 is the longest about async?",
                             budget=300)
    assert ('asked of the one document asked of holding "async" besides the 4 documents dated '
            'in 2018, by its words') in answer_text(answer, years)  # (the 4 "holding" it)


def test_three_of_a_year_left_out_are_named_each(tmp_path):
    three = {n: t for n, t in YEARS.items() if n != "4004-y4004.md"}
    graph = indexed_graph(tmp_path, three, search_vectors=False)
    answer = _nav(graph).ask("Which RFC besides those from 2018 is the longest?", budget=300)
    text = answer_text(answer, graph)
    assert ("besides 4001-y4001.md and 4002-y4002.md and 4003-y4003.md, by their words: "
            "4008-mid.md") in text  # three: named; four: "the 4 documents dated in 2018"
    assert "documents dated in 2018" not in text


def test_a_kind_as_the_subject_said_passive_or_counted(mixed):
    passive = _nav(mixed).ask("Which RFCs are mentioned by the 10-Ks?", budget=300)
    (step,) = [s for s in passive.trace if s["op"] == "referred by kind"]  # ("10", "Ks")
    assert {Path(t).name: _names(by) for t, by in step["referred"].items()} == {
        "2001-pins.md": ["globex.md"]}
    many = _nav(mixed).ask("How many RFCs do the 10-Ks mention?", budget=300)
    assert "how many RFCs: 1 of the 2 RFCs asked of is one the 1 filing refers to" in (
        answer_text(many, mixed))  # (said "which RFCs: ...")


@pytest.mark.parametrize(("asked", "left"), [
    ("Which documents besides RFCs mention engines?", ["demand.md", "globex.md"]),
    ("Which document except the 10-Ks is the longest?", None)])  # (an error, "the 10-Ks")
def test_a_kind_left_out_before_the_verb(mixed, asked, left):
    answer = _nav(mixed).ask(asked, budget=300)
    assert answer.trace[0]["op"] == "kind left out"
    if left:
        assert _names(answer.count["documents"]) == left
    else:
        step = next(s for s in answer.trace if s["op"] == "documents")
        assert step["by_length"] == "longest" and step["length_of"] == 5


def test_what_a_document_of_another_kind_named_refers_to(mixed):
    answer = _nav(mixed).ask("Which RFCs does the Globex 10-K mention?", budget=300)
    assert "which RFCs: 1 of the 2 RFCs asked of is one globex.md refers to" in (
        answer_text(answer, mixed))  # (globex.md was listed as one of the RFCs)
    (step,) = [s for s in answer.trace if s["op"] == "referred by kind"]
    assert {Path(t).name: _names(by) for t, by in step["referred"].items()} == {
        "2001-pins.md": ["globex.md"]}
