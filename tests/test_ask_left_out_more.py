"""Questions leaving a document out ("besides delta-chillers.md", "other than 3668") where
something else is said around it: an author before it, a count of the documents there are,
a year only the one left out is of."""

from __future__ import annotations


import pytest
from _paths import file_names
from _stores import html_document as _html, indexed_graph

from docnav.ask_text import answer_text
from docnav.query import Navigator

REPORTS = {
    "delta-chillers.html": _html("Delta chiller report", "2021-03-01", "Grace",
                                 "Expansion valves on the delta chiller were recalibrated."),
    "epsilon-fans.html": _html("Epsilon fan report", "2020-05-05", "Grace",
                               "Fan bearings were greased and the belts tensioned."),
    "alpha-pumps.html": _html("Alpha pump report", "2022-01-10", "Ada",
                              "The alpha pump's intake valves were replaced."),
}


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("reports"), REPORTS)


def test_an_author_before_what_is_left_out_keeps_what_is_asked(reports):
    # "1 document asked of by Grace: epsilon-fans.html", which never says "valves": the name
    # left out was read as "delta-chillers.html mention valves", the question as "by Grace"
    answer = Navigator(reports).ask(
        "Which reports by Grace besides delta-chillers.html mention valves?", 300)
    assert answer.count["words"] == ["valves"] and answer.count["n"] == 0
    assert file_names(answer.count["besides"]) == ["delta-chillers.html"]
    assert answer.to_json()["searched_as"] == "Which reports by Grace mention valves?"
    assert ("besides delta-chillers.html, no document of the 1 asked of by Grace holds "
            '"valves"') in answer_text(answer, reports)


@pytest.mark.parametrize("question, searched", [
    ("Which reports besides delta-chillers.html by Grace mention valves?",
     "Which reports by Grace mention valves?"),
    ("Which reports besides delta-chillers.html written by Grace mention valves?",
     "Which reports written by Grace mention valves?")])
def test_an_author_after_what_is_left_out_keeps_what_is_asked(reports, question, searched):
    # "1 of the 2 documents asked of holds 1 of "delta", "chillers.html", "Grace", "valves"":
    # "by" ended no name left out, and the name, the author and the verb were searched words
    answer = Navigator(reports).ask(question, 300)
    assert answer.count["words"] == ["valves"] and answer.count["n"] == 0
    assert answer.count["by"] == "Grace"
    assert file_names(answer.count["besides"]) == ["delta-chillers.html"]
    assert answer.to_json()["searched_as"] == searched
    assert ("besides delta-chillers.html, no document of the 1 asked of by Grace holds "
            '"valves"') in answer_text(answer, reports)
