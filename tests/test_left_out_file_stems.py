"""A file's name without its extension names the document it leaves out, whatever the
question asks ("besides cold-water-valves" of cold-water-valves.md, titled otherwise): it
did so of ordered questions only, and "Which reports mention valves besides
cold-water-valves?" counted it."""

from __future__ import annotations

from pathlib import Path

import pytest
from _stores import html_document as _html, indexed_graph

from docnav.query import Navigator

DOCS = {
    "cold-water-valves.html": _html("Chiller survey", "2018-07-01", "Ada Lovelace",
                                    "Chillers open the valves. " * 12),
    "pump.html": _html("Pump report", "2017-01-01", "Bo Li", "The pump moves the valves. " * 4),
    "needle.html": _html("Needle report", "2019-08-01", "Di Ross", "A needle in the pipes."),
}


@pytest.fixture(scope="module")
def nav(tmp_path_factory):
    return Navigator(indexed_graph(tmp_path_factory.mktemp("stems"), DOCS))


@pytest.mark.parametrize("question", ["Which reports mention valves besides cold-water-valves?",
                                      "How many reports are there besides cold-water-valves?",
                                      "Which report is the longest besides cold-water-valves?"])
def test_a_files_name_without_its_extension_leaves_it_out(nav, question):
    answer = nav.ask(question, 300)
    besides = answer.count["besides"] if answer.count else next(
        s for s in answer.trace if s["op"] == "documents")["besides"]
    assert [Path(p).name for p in besides] == ["cold-water-valves.html"]
    assert answer.untitled == []
