"""Papers asked which cite one of several papers they name ("Which papers cite trees.md or
sparse.md?"), of papers citing each other by title in their works cited, and a survey citing
both: the named papers are counted too, each of its references to the others."""

from __future__ import annotations

from pathlib import Path

import pytest
from _stores import indexed_graph
from test_ask_relating_papers import SPARSE, TABLES, TREES

from docnav.ask_text import answer_text
from docnav.query import Navigator

SURVEY = ("# A survey of long document reading\n\n## Abstract\n\nWe survey methods.\n\n"
          "## Body\n\nSparse attention [1] and tree retrieval [2] are compared.\n\n"
          "## References\n\n[1] Ada Brown. 2021. Sparse attention for long documents. In "
          "Proceedings of NAACL.\n\n[2] Jane Smith and Tom Jones. 2020. Hierarchical "
          "retrieval over document trees. In Proceedings of ACL.\n")


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("papers"),
                         {"sparse.md": SPARSE, "trees.md": TREES, "tables.md": TABLES,
                          "survey.md": SURVEY})


def test_papers_citing_either_named_include_the_named(graph):
    answer = Navigator(graph).ask("Which papers cite trees.md or sparse.md?", 600)
    assert [Path(p).name for p in answer.count["documents"]] == [
        "sparse.md", "survey.md", "trees.md"]
    assert "of the 4 documents asked of" in answer_text(answer, graph)


def test_how_several_named_were_counted_says_them_and_their_titles(graph):
    # said "a link to it, its number" (survey.md cites both by their titles alone)
    answer = Navigator(graph).ask("Which papers cite trees.md or sparse.md?", 600)
    assert answer.count["by_title"]
    assert ("refer to trees.md or sparse.md (by their references: a link to them, their "
            "numbers, their titles in their works cited; ") in answer_text(answer, graph)
