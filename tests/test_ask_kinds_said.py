"""Kind words and names in questions: a kind of document as the subject ("Which RFCs do the
10-Ks mention?" searched the RFCs for "10", "Ks"), a kind left out ("besides RFCs" was read as
a document's name), "headings" asked for as sections are ("Which headings are on lifetimes?"
said "headings" was missing), names joined by "or" beside another ("Adobe or Amazon in
Europe" counted those holding "Europe" alone), and a year's documents left out said as that
group (19 RFCs of 2018 were named one by one)."""

from __future__ import annotations

from pathlib import Path

import pytest
from _mixed_kinds import MIXED, rfc_text, unordered_navigator as _nav
from _paths import sorted_names as _names
from _stores import indexed_graph

from docnav.ask_text import answer_text


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("said"), MIXED, search_vectors=False)


def test_a_kind_as_the_subject_asks_what_those_documents_refer_to(mixed):
    answer = _nav(mixed).ask("Which RFCs do the 10-Ks mention?", budget=300)
    (step,) = [s for s in answer.trace if s["op"] == "referred by kind"]
    assert (step["kind"], step["by"], step["by_count"]) == ("RFC", "filing", 1)
    assert {Path(t).name: _names(by) for t, by in step["referred"].items()} == {
        "2001-pins.md": ["globex.md"]}
    assert not answer.evidence  # the RFCs' own words were searched for "10", "Ks"
    text = answer_text(answer, mixed)
    assert ("which RFCs: 1 of the 2 RFCs asked of is one the 1 filing refers to (by their "
            "references: a link, a number; none read): 2001-pins.md (by globex.md)") in text
    # none: said so
    none = _nav(mixed).ask("Which RFCs do the papers mention?", budget=300)
    assert "which RFCs: none of the 2 RFCs asked of is one the 2 papers refer to" in (
        answer_text(none, mixed))


@pytest.mark.parametrize("asked", ["Which papers mention pins, besides rfc?",
                                   "Which papers mention pins, besides RFCs?",
                                   "Which papers mention pins but not the RFCs?",
                                   "Which papers, other than the RFCs, mention pins?"])
def test_a_kind_left_out_is_no_name(mixed, asked):
    answer = _nav(mixed).ask(asked, budget=300)
    assert answer.trace[0] == {"op": "kind left out", "kind": "RFC", "document_count": 2,
                               "asked_of": 5}
    text = answer_text(answer, mixed)
    assert "leaving out the 2 RFCs of the 5 documents asked of" in text
    assert "names a document" not in text and "names no one" not in text
    assert _names(answer.count["documents"]) == ["sails.md"]


def test_documents_of_a_kind_left_out_are_not_counted(mixed):
    answer = _nav(mixed).ask("Which documents mention engines, besides the 10-Ks?", budget=300)
    assert _names(answer.count["documents"]) == ["2001-pins.md", "2002-dots.md", "demand.md"]
    assert "leaving out the 1 filing of the 5 documents asked of" in answer_text(answer, mixed)


LIFETIMES = {f"{n}-r{n}.md": rfc_text(str(n), f"r{n}", f"Rule {n} of the borrow checker.")
             for n in range(3001, 3005)}
LIFETIMES["3005-capture.md"] = (rfc_text("3005", "capture", "Async functions.") + (
    "\n## Lifetime capture\n\nAll of the input lifetimes are captured in the future.\n"))


def test_headings_on_a_topic_are_the_sections_on_it(tmp_path):
    graph = indexed_graph(tmp_path, LIFETIMES, search_vectors=False)
    headings = _nav(graph).ask("Which headings are on lifetimes?", budget=300)
    assert "headings" not in headings.missing  # said missing
    assert any(e.piece.breadcrumb.endswith("Lifetime capture") for e in headings.evidence)
    sections = _nav(graph).ask("Which sections are on lifetimes?", budget=300)
    assert [e.piece.node_id for e in headings.evidence] == [
        e.piece.node_id for e in sections.evidence]


NAMES = {"a.md": "# A\n\nInitech sells staplers in Europe.\n",
         "b.md": "# B\n\nGlobex sells engines in Asia.\n",
         "c.md": "# C\n\nGlobex sells engines in Europe.\n",
         "d.md": "# D\n\nHooli sells phones in Europe.\n",
         **{f"{n}.md": f"# {n}\n\nA note on {n} of the ledgers.\n" for n in "efgh"}}


def test_names_joined_by_or_beside_another_name(tmp_path):
    graph = indexed_graph(tmp_path, NAMES, search_vectors=False)
    answer = _nav(graph).ask("Which documents mention Initech or Globex in Europe?", budget=300)
    assert _names(answer.count["documents"]) == ["a.md", "c.md"]  # (and b.md, d.md: "Europe"
    # was joined to the names, any one held)
    assert '2 of the 8 documents asked of hold "Initech" or "Globex", and "Europe"' in (
        answer_text(answer, graph))
    alone = _nav(graph).ask("Which documents mention Initech or Globex?", budget=300)
    assert _names(alone.count["documents"]) == ["a.md", "b.md", "c.md"]


YEARS = {f"{n}-y{n}.md": rfc_text(str(n), f"y{n}", "Words of the rule. " * (n - 4000))
         for n in range(4001, 4005)}
YEARS["4010-late.md"] = rfc_text("4010", "late", "A later rule. " * 3, started="2024-02-01")
YEARS["4011-later.md"] = rfc_text("4011", "later", "The latest rule. " * 2, started="2024-03-01")


def test_a_year_left_out_is_said_as_its_documents(tmp_path):
    graph = indexed_graph(tmp_path, YEARS, search_vectors=False)
    answer = _nav(graph).ask("Which RFC besides those from 2018 is the longest?", budget=300)
    step = next(s for s in answer.trace if s["op"] == "documents")
    assert _names(step["besides"]) == [f"{n}-y{n}.md" for n in range(4001, 4005)]
    text = answer_text(answer, graph)
    assert ("asked of the longest of the 2 documents asked of besides the 4 documents dated in "
            "2018, by their words: 4010-late.md") in text
    assert "4001-y4001.md" not in text  # each was named
