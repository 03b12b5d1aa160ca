"""Documents named to be compared ("Which is older, A or B?") where some have no date of their
own: the dated ones are compared, those undated said by their file names; fewer than two
dated, the first named is read, and the line says which have no date ("Which is older,
1805.02400.md or 1811.00942.md?", two Markdown papers, was an error naming a full path). Three
or more named: "beside A and B", not "beside A, beside B"."""

from __future__ import annotations

from pathlib import Path

import pytest
from _paths import file_names
from _stores import indexed_graph
from test_ordered_asks import DOCS

from docnav.ask_text import answer_text
from docnav.query import Navigator

UNDATED = {"delta.md": "# Delta notes\n\nThe boiler heats the water in the cellar.\n",
           "epsilon.md": "# Epsilon notes\n\nThe pipes carry the water upstairs.\n"}


@pytest.fixture(scope="module")
def nav(tmp_path_factory):
    return Navigator(indexed_graph(tmp_path_factory.mktemp("undated"), {**DOCS, **UNDATED}))


def _asked(nav, question) -> tuple[list[str], list[str]]:
    answer = nav.ask(question, 300)
    step = next(s for s in answer.trace if s["op"] == "documents")
    assert {Path(e.piece.doc_path).name for e in answer.evidence} == set(
        file_names(step["documents"]))
    return file_names(step["documents"]), answer_text(answer, nav.graph).splitlines()


@pytest.mark.parametrize("question, read, line", [
    ("Which is older, delta.md or epsilon.md?", "delta.md",
     "asked of delta.md, the first the question names (undated: delta.md and epsilon.md, so "
     "the 2 are not ordered by date)"),
    ("Which is newer, epsilon.md or alpha.html?", "epsilon.md",
     "asked of epsilon.md, the first the question names (undated: epsilon.md, so the 2 are "
     "not ordered by date)"),
    ("Which is newer, delta.md, alpha.html or beta.html?", "beta.html",
     "asked of the later by their own dates of the 2 dated documents the question names, "
     "1 undated (delta.md): beta.html (2018-09-01), beside alpha.html (2018-03-01)"),
])
def test_those_undated_are_said_by_their_file_names(nav, question, read, line):
    documents, said = _asked(nav, question)
    assert documents == [read] and line in said, said


@pytest.mark.parametrize("question, line", [
    ("Which is older, gamma.html, beta.html or alpha.html?",
     "beta.html (2018-09-01) and gamma.html (2021-05-01)"),
    ("Which is longer, beta.html, alpha.html or gamma.html?", " and beta.html ("),
])
def test_three_named_are_said_beside_the_first_once(nav, question, line):
    said = "\n".join(_asked(nav, question)[1])
    assert said.count("beside") == 1 and line in said, said
