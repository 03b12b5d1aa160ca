"""Kind words and names in questions, as a review of their first changes found them: three
names chained by "or" ("Adobe or Amazon or Yelp" counted those holding "Yelp" alone, "Adobe"
and "Amazon" as one or the other, and lost the Adobe 10-K), the very kind asked of left out
("Which RFCs mention futures, besides RFCs?" listed the others as RFCs), a kind left out of a
question read for its format ("Which Markdown files ..., besides RFCs?"), the line of those
another kind refers to, "but not rfc" (a word, not the kind), and a year's documents left out
beside one named."""

from __future__ import annotations

from pathlib import Path

import pytest
from _stores import indexed_graph

from docnav.ask_text import answer_text
from docnav.errors import InputError
from docnav.query import Navigator, NavigatorOptions

FILING = """---
registrant: GLOBEX CORPORATION
form: 10-K
---

# Annual report

## Business

We make engines for ships, and we sell them in many markets over many years of trade.
Our engines follow RFC 2001 for the pins that hold them in place at sea.
"""


def _rfc(number: str, name: str, text: str, started: str = "2018-01-01") -> str:
    return (f"# {number}-{name}\n\n- Start Date: {started}\n- RFC PR: rust-lang/rfcs#{number}"
            f"\n\n## Summary\n\n{text}\n")


def _paper(title: str, text: str) -> str:
    return (f"# {title}\n\n## Abstract\n\n{text}\n\n## Introduction\n\n"
            f"Our main contribution is {text}\n")


MIXED = {
    "globex.md": FILING,
    "2001-pins.md": _rfc("2001", "pins", "Add pins to the language so that engines stay put."),
    "2002-dots.md": _rfc("2002", "dots", "Add dots, which engines print."),
    "demand.md": _paper("Widget demand", "a survey of widget demand for ship engines."),
    "sails.md": _paper("Ship sails", "a model of ship sails at sea, without pins."),
    "notes.html": "<html><body><h1>Notes</h1><p>Pins hold the sails of ships.</p></body></html>",
}


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("review"), MIXED, search_vectors=False)


def _nav(graph) -> Navigator:
    return Navigator(graph, NavigatorOptions(sections=0))


def _names(paths) -> list[str]:
    return sorted(Path(p).name for p in paths)


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


def test_but_not_a_lower_case_kind_word_is_a_word(mixed):
    word = _nav(mixed).ask("Which documents mention engines but not rfc?", budget=300)
    assert not any(s["op"] == "kind left out" for s in word.trace)  # (every RFC was left out)
    for kind in ("RFCs", "the RFCs", "RFC documents", "RFC"):
        left = _nav(mixed).ask(f"Which documents mention engines but not {kind}?", budget=300)
        assert left.trace[0]["op"] == "kind left out", kind
        assert _names(left.count["documents"]) == ["demand.md", "globex.md"], kind
