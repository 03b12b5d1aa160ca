"""Papers a question asks how they relate ("How does sparse.md relate to trees.md?") that cite
each other in their works cited, by title, not by a link or a number: those entries are their
references to each other, read first. Counting links and numbers alone, the two were said to be
"neither refers to the other"."""

from __future__ import annotations

import pytest
from _stores import indexed_graph

from docnav.ask_text import answer_text
from docnav.query import Navigator

SPARSE = ("# Sparse attention for long documents\n\n## Abstract\n\nWe read long documents "
          "with sparse attention.\n\n## Method\n\nOur method builds on hierarchical retrieval "
          "[1].\n\n## References\n\n[1] Jane Smith and Tom Jones. 2020. Hierarchical retrieval "
          "over document trees. In Proceedings of ACL.\n\n[2] Ann Lee. 2019. Tokenizers. In "
          "EMNLP.\n")
TREES = ("# Hierarchical retrieval over document trees\n\n## Abstract\n\nWe retrieve over "
         "trees of sections.\n\n## Related work\n\nSparse attention was proposed by Brown "
         "[1].\n\n## References\n\n[1] Ada Brown. 2021. Sparse attention for long documents. "
         "In Proceedings of NAACL.\n\n[2] Bo Chen. 2018. Trees. In ACL.\n")
TABLES = ("# Reading tables in scanned filings\n\n## Abstract\n\nWe read tables.\n\n"
          "## References\n\n[1] Bo Chen. 2018. Trees. In ACL.\n")


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("papers"),
                         {"sparse.md": SPARSE, "trees.md": TREES, "tables.md": TABLES})


def _refers(answer) -> dict[tuple[str, str], list[str]]:
    return {(s["document"].rsplit("/", 1)[-1], s["to"].rsplit("/", 1)[-1]): s["nodes"]
            for s in answer.trace if s["op"] == "refers"}


def test_papers_citing_each_other_by_title_refer_to_each_other(graph):
    answer = Navigator(graph).ask("How does sparse.md relate to trees.md?", 300)
    refers = _refers(answer)
    assert set(refers) == {("sparse.md", "trees.md"), ("trees.md", "sparse.md")}
    for (source, _), nodes in refers.items():
        # the entry citing the other, read first
        assert [graph.node(n).text.split(".")[0] for n in nodes] == [
            "[1] Jane Smith and Tom Jones" if source == "sparse.md" else "[1] Ada Brown"]
        assert set(nodes) <= {e.piece.node_id for e in answer.evidence}
    assert answer.route == "cross-reference"
    text = answer_text(answer, graph)
    assert "neither refers to the other" not in text
    assert ("sparse.md refers to trees.md: 1 of its paragraphs links to it or names it (read "
            "first; 1 is an entry of its works cited holding its title)") in text


def test_papers_whose_works_cited_hold_neither_title_say_so(graph):
    answer = Navigator(graph).ask("How does tables.md relate to trees.md?", 300)
    assert not any(_refers(answer).values())
    text = answer_text(answer, graph)
    assert ("tables.md makes no reference to trees.md (no link to it, nor its number, nor its "
            "title in its works cited)") in text
    assert "neither refers to the other" in text


@pytest.mark.parametrize("question", [
    "Does sparse.md cite trees.md?",
    "Does sparse.md refer to trees.md?",
    "Does the sparse attention paper cite the hierarchical retrieval paper?",
])
def test_whether_a_paper_cites_another_counts_its_works_cited_as_relations_do(graph, question):
    # asked as any question: "in none of the documents asked of: cite, trees.md", though its
    # works cited hold the other's title (as "How does sparse.md relate to trees.md?" said)
    answer = Navigator(graph).ask(question, 300)
    refers = _refers(answer)
    assert list(refers) == [("sparse.md", "trees.md")]
    [entry] = refers[("sparse.md", "trees.md")]
    assert graph.node(entry).text.startswith("[1] Jane Smith and Tom Jones")
    assert entry in {e.piece.node_id for e in answer.evidence}
    assert answer.route == "cross-reference"
    text = answer_text(answer, graph)
    assert ("sparse.md refers to trees.md: 1 of its paragraphs links to it or names it (read "
            "first; 1 is an entry of its works cited holding its title)") in text
    assert "in none of the documents asked of" not in text


def test_whether_a_paper_citing_none_cites_another_says_so(graph):
    answer = Navigator(graph).ask("Does tables.md cite trees.md?", 300)
    assert _refers(answer) == {("tables.md", "trees.md"): []}
    assert ("tables.md makes no reference to trees.md (no link to it, nor its number, nor its "
            "title in its works cited)") in answer_text(answer, graph)


def test_whether_a_paper_relies_on_another_asks_what_it_says(graph):
    # "rely on", "build on" of a paper: what its text says, not its works cited
    assert not _refers(Navigator(graph).ask("Does sparse.md rely on trees.md?", 300))


@pytest.mark.parametrize("question", [
    "Which papers cite trees.md?", "How many papers refer to the hierarchical retrieval paper?"])
def test_which_papers_cite_another_counts_their_works_cited_as_relations_do(graph, question):
    # asked of those holding "trees.md" (none), though sparse.md's works cited hold its title
    answer = Navigator(graph).ask(question, 300)
    assert [p.rsplit("/", 1)[-1] for p in answer.count["documents"]] == ["sparse.md"]
    assert answer.count["refers_to"].endswith("trees.md") and answer.count["by_title"]
    assert answer.route == "cross-reference"
    assert "a link to it, its number, its title in their works cited" in answer_text(answer,
                                                                                      graph)
    if not question.startswith("How many"):
        assert any(e.piece.text.startswith("[1] Jane Smith") for e in answer.evidence)


@pytest.mark.parametrize("question", ["What does sparse.md cite?",
                                      "What does the sparse attention paper reference?"])
def test_what_a_paper_cites_is_its_works_cited(graph, question):
    # its text was searched for "cite" ("in none of the documents asked of: cite")
    answer = Navigator(graph).ask(question, 300)
    assert any(s["op"] == "works cited" for s in answer.trace)
    assert [e.piece.text.split(".")[0] for e in answer.evidence] == [
        "[1] Jane Smith and Tom Jones", "[2] Ann Lee"]
    assert "cite" not in answer.missing and "reference" not in answer.missing
