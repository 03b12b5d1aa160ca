"""Tables and figures mentioned as papers write them: several at once ("Tables V and IV",
"Figures 2, 3"), abbreviated ("Tab. 1"), or with the PDF's space lost ("Table1"). pioNER's
"(Tables V and IV)" and "(Figures 2, 3)" referred to nothing, nor did "Table1 show the data
distribution"; "What does Tab. 1 show?" was a search for "tab" and "1"."""

from __future__ import annotations

import pytest
from _paths import FIXTURES
from _stores import indexed_copies

from docnav.query import Navigator
from docnav.refs import float_refs, label_range


@pytest.fixture(scope="module")
def papers(tmp_path_factory):
    """pioNER ("TABLE IV:", "Fig. 2:"), the offensive language paper ("Table 1:", and
    "Table1 show ..." in its text) and the dialogue state tracking paper ("Table 4:"), read
    by the native PDF pipeline."""
    pdf = FIXTURES / "pdf"
    return indexed_copies(tmp_path_factory.mktemp("papers"), {
        "z/1810.08699.pdf": pdf / "1810.08699.pdf",  # pioNER's path sorts last
        "2001.03131.pdf": pdf / "2001.03131.pdf", "1909.00754.pdf": pdf / "1909.00754.pdf"})


def _caption(graph, start: str) -> str:
    (nid,) = [nid for nid, n in graph.nodes_of_kind("paragraph") if n.text.startswith(start)]
    return nid


def _referring(graph, caption: str) -> list[str]:
    return [graph.node(n).text for n in graph.navigate(caption, "referenced-by")]


def test_mentions_are_read_as_papers_write_them():
    assert [(r.kind, r.labels, r.written) for r in float_refs(
        "news (Figures 2, 3), CRF (Tables V and IV); see Tab. 4 and Figs. 2 & 5; Table1 show "
        "it; Figures 1, 2, and 3; Tables 2-4")] == [
        ("figure", ("2", "3"), "Figures 2, 3"), ("table", ("5", "4"), "Tables V and IV"),
        ("table", ("4",), "Tab. 4"), ("figure", ("2", "5"), "Figs. 2 & 5"),
        ("table", ("1",), "Table1"), ("figure", ("1", "2", "3"), "Figures 1, 2, and 3"),
        ("table", ("2-4",), "Tables 2-4")]
    assert [r.roman for r in float_refs("Tables V and IV; Table 4")] == [True, False]
    # "2-4" is a range where no table is numbered so by chapter (the caller tells)
    assert label_range("2-4") == ["2", "3", "4"] and label_range("7-26") == []
    assert label_range("4") == [] and label_range("4-2") == []
    # no mention: a word going on ("Tablet 2"), a lower-case Roman number ("table iv")
    assert float_refs("Tablet 2 and the table iv and Figured 3") == []


def test_several_tables_or_figures_in_one_mention_each_refer(papers):
    for caption in ("TABLE V:", "TABLE IV:"):
        assert any("(Tables V and IV)" in t for t in _referring(papers, _caption(papers,
                                                                                  caption)))
    for caption in ("Fig. 2:", "Fig. 3:"):
        assert any("(Figures 2, 3)" in t for t in _referring(papers, _caption(papers,
                                                                               caption)))


def test_a_label_whose_space_the_pdf_lost_refers(papers):
    referring = _referring(papers, _caption(papers, "Table 1: Illustrates the Data"))
    assert any("Table1 show the data distribution" in t for t in referring), referring


def test_an_abbreviated_label_asked_reads_its_table(papers):
    answer = Navigator(papers).ask("What does Tab. 1 show?", 400, doc="*2001.03131*")
    texts = [e.piece.text for e in answer.evidence]
    assert "Table 1: Illustrates the Data distribution" in texts
    assert "NOT 8840 243 620\nOFF 4400 77 280" in texts
    # "tab" is no missing word: the label found its caption
    assert answer.missing == [] and answer.absent == [] and answer.confidence == 1.0


def test_tables_asked_together_and_a_range(papers):
    # Roman numerals asked: pioNER's "TABLE IV" and "TABLE V" before the dialogue paper's
    # "Table 4" and "Table 5"
    answer = Navigator(papers).ask("What do Tables IV and V show?", 2000)
    (step,) = [s for s in answer.trace if s.get("over") == "tables and figures named by label"]
    hits = [papers.node(n).text[:10] for n in step["hits"]]
    assert hits[:2] == ["TABLE IV: ", "TABLE V: E"], hits
    assert sorted(hits[2:]) == ["Table 4: T", "Table 5: T"], hits
    # but asked about the dialogue paper's ablation study, its own "Table 4" and "Table 5"
    answer = Navigator(papers).ask(
        "What do Tables IV and V show about the ablation study of dialogue state tracking?", 2000)
    (step,) = [s for s in answer.trace if s.get("over") == "tables and figures named by label"]
    hits = [papers.node(n).text[:10] for n in step["hits"]]
    assert hits[:2] == ["Table 4: T", "Table 5: T"], hits
    # a range: each table of it, and those no caption carries said by label
    answer = Navigator(papers).ask("What do Tables 2-9 show?", 2000, doc="*1810.08699*")
    (step,) = [s for s in answer.trace if s.get("over") == "tables and figures named by label"]
    assert [papers.node(n).text[:9] for n in step["hits"]] == [
        "TABLE II:", "TABLE III", "TABLE IV:", "TABLE V: ", "TABLE VI:"]
    assert answer.absent == ["Table 7", "Table 8", "Table 9"] and answer.missing == []
    # a label found and one not: the found one's number is no missing word either
    answer = Navigator(papers).ask("What do Tables IV and IX show?", 2000, doc="*1810.08699*")
    assert answer.absent == ["Table 9"] and answer.missing == [], (answer.absent,
                                                                   answer.missing)
