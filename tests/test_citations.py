"""A paper's citations are references: "[12]", "(Devlin et al., 2018)" lead to the entry of its
works cited that they cite (`docnav nav <paragraph> --dir references`), and back
(`--dir referenced-by`: where a work is cited). Before, a paper's text and its works cited
were not joined at all. The entries are no evidence unless a question asks about them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from _cli import indexed_files, run
from _paths import FIXTURES, require
from _stores import indexed_graph

from docnav.embed import HashingEmbedder
from docnav.index import Indexer, IndexOptions
from docnav.query import DocNavGraph, Navigator
from docnav.refs import citations
from docnav.store import Store
from docnav.summaries import SummaryPipelineOptions

NUMBERED = [("e1", "[1] David Yarowsky, Grace Ngai. Inducing multilingual text. 2001."),
            ("e2", "[2] Imed Zitouni, Radu Florian. Mention detection. 2008."),
            ("e3", "[3] Xu, J. M., Jun, K. S. Learning from bullying traces. 2012.")]
AUTHOR_YEAR = [
    ("devlin", "Jacob Devlin, Ming-Wei Chang, Kenton Lee, and Kristina Toutanova. 2018. BERT."),
    ("aharoni", "Aharoni, R.; Johnson, M.; and Firat, O. 2019. Massively multilingual NMT."),
    ("baeza", "Ricardo Baeza-Yates and Berthier Ribeiro-Neto. 1999. Modern Information Retrieval."),
    ("seo-a", "Minjoon Seo, Aniruddha Kembhavi, and Ali Farhadi. 2017a. Bidirectional flow."),
    ("seo-b", "Minjoon Seo, Sewon Min, and Ali Farhadi. 2017b. Neural speed reading."),
]


@pytest.mark.parametrize("text, cited", [
    ("As in [2].", ["e2"]),
    ("Both [1, 3] and [2] do.", ["e1", "e3", "e2"]),
    ("A range [1-3].", ["e1", "e2", "e3"]),
    ("No such entry [9], nor a year [2014].", []),
])
def test_a_numbered_citation_leads_to_its_entry(text, cited):
    assert citations([("p", text)], NUMBERED) == [("p", e) for e in cited]


@pytest.mark.parametrize("text, cited", [
    ("BERT (Devlin et al., 2018) is used.", ["devlin"]),
    ("As Devlin et al. (2018) show.", ["devlin"]),
    ("(Aharoni et al. 2019; see Baeza-Yates and Ribeiro-Neto, 1999)", ["aharoni", "baeza"]),
    ("[Aharoni et al. 2019] said so.", ["aharoni"]),
    ("(Aharoni, Johnson, and Firat 2019)", ["aharoni"]),  # AAAI's three authors
    ("Recently, Baeza-Yates & Ribeiro-Neto (1999) did.", ["baeza"]),  # not "Recently"
    ("BiDAF (Seo et al., 2017a) and its reader (Seo et al., 2017b).", ["seo-a", "seo-b"]),
    ("Devlin (2019) is another year; (Smith et al., 2018) no entry of ours.", []),
])
def test_an_author_year_citation_leads_to_its_entry(text, cited):
    assert sorted(e for _, e in citations([("p", text)], AUTHOR_YEAR)) == sorted(cited)


def test_a_markdown_numbered_list_s_entries_are_cited_by_number_and_by_author():
    """A Markdown paper's works cited as an ordered list ("1. Ann Lee. ..."); a numbered
    entry is its first author's and year's too ("Lee (2019)" in a numbered paper)."""
    listed = [("l1", "1. Ann Lee. Pumps. 2019."), ("l2", "2. Bo Chen. Seals. 2020.")]
    assert citations([("p", "We follow [2] and [1].")], listed) == [("p", "l2"), ("p", "l1")]
    assert citations([("p", "As Lee (2019) and (Chen, 2020) found.")], listed) == [
        ("p", "l1"), ("p", "l2")]
    assert citations([("p", "Yarowsky (2001) did.")], NUMBERED) == [("p", "e1")]


def test_a_label_two_entries_share_cites_neither():
    twice = [("a", "Jane Smith. 2020. One."), ("b", "Jane Smith and Ann Lee. 2020. Two."),
             ("n1", "[1] A. One."), ("n1b", "[1] A. Again.")]
    assert citations([("p", "(Smith et al., 2020) and [1]")], twice) == []


def test_a_list_labelled_by_years_is_no_numbered_list_but_author_year():
    # 1801.05147 labels its entries "[2014] Bi, W.; ...": "[2014]" is no entry's number
    entries = [("y", "[2014] Bi, W.; Wang, L. 2014. Learning to predict."),
               ("z", "[2016] Chen, X.; Sun, Y. 2016. Adversarial.")]
    assert citations([("p", "As in [2014] and [2016].")], entries) == []
    # its entries are known by author and year, as it cites them
    assert citations([("p", "As in [Bi et al. 2014].")], entries) == [("p", "y")]


PAPER = """# A paper

## Method

We fine-tune BERT (Devlin et al., 2018) on the task.

Our encoder follows Seo et al. (2017a) closely.

## Results

The model beats the baseline.

## References

Jacob Devlin, Ming-Wei Chang, Kenton Lee, and Kristina Toutanova. 2018. BERT: pre-training.

Minjoon Seo, Aniruddha Kembhavi, and Ali Farhadi. 2017a. Bidirectional attention flow.
"""


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("paper"), {"paper.md": PAPER})


def _paragraph(graph: DocNavGraph, start: str) -> str:
    (found,) = [nid for nid, n in graph.nodes_of_kind("paragraph") if n.text.startswith(start)]
    return found


def test_a_paper_s_citations_are_references_to_its_works_cited_and_back(paper):
    bert = _paragraph(paper, "We fine-tune BERT")
    devlin = _paragraph(paper, "Jacob Devlin")
    assert paper.navigate(bert, "references") == [devlin]
    assert paper.navigate(_paragraph(paper, "Minjoon Seo"), "referenced-by") == [
        _paragraph(paper, "Our encoder follows")]
    assert paper.navigate(devlin, "referenced-by") == [bert]


def test_the_works_cited_are_read_by_a_question_about_them_only(paper):
    nav = Navigator(paper)
    answer = nav.ask("What does the Method section say?", budget=300)
    texts = [e.piece.text for e in answer.evidence]
    assert any(t.startswith("We fine-tune BERT") for t in texts)
    assert not any(t.startswith(("Jacob Devlin", "Minjoon Seo")) for t in texts), texts
    answer = nav.ask("Which works does the Method section cite?", budget=300)
    assert {e.piece.text[:12] for e in answer.evidence if e.found_by == "reference"} == {
        "Jacob Devlin", "Minjoon Seo,"}


def test_the_works_cited_are_not_read_by_their_summary_unasked(tmp_path):
    """"What is the main contribution of it?" of pioNER read its references: the global route
    found their section's summary and read its sources."""
    graph = indexed_graph(tmp_path, {"paper.md": PAPER + "\nAda Lee. 2019. The main "
                                     "contribution of attention flow models.\n"},
                          summaries=SummaryPipelineOptions(verify=False))
    nav = Navigator(graph)
    answer = nav.ask("What is the main contribution?", budget=300)
    assert answer.route == "global"
    texts = [e.piece.text for e in answer.evidence]
    assert any(t.startswith("We fine-tune BERT") for t in texts), texts
    assert not any(t.startswith(("Jacob Devlin", "Minjoon Seo", "Ada Lee")) for t in texts), texts
    # asked about them, they are read
    answer = nav.ask("What is the main contribution of the cited works?", budget=300)
    assert any(e.piece.text.startswith("Ada Lee") for e in answer.evidence)


def test_a_real_pdf_paper_s_citations_lead_to_its_entries(tmp_path):
    """1909.00754 (ACL style, author-year) and 2001.03131 (numbered), read by the native
    PDF reader."""
    docs = tmp_path / "docs"
    docs.mkdir()
    for name in ("1909.00754.pdf", "2001.03131.pdf"):
        shutil.copy(require(FIXTURES / "pdf" / name), docs / name)
    store = Store(tmp_path / "g.duckdb")
    Indexer(store, IndexOptions(summaries=None, progress=False), HashingEmbedder()).index([docs])
    graph = DocNavGraph.open(store.path, embedder=None)

    def cited_by(start: str) -> list[str]:
        (entry,) = [nid for nid, n in graph.nodes_of_kind("paragraph")
                    if n.text.startswith(start)]
        return [graph.node(n).text for n in graph.navigate(entry, "referenced-by")]

    adam = cited_by("Diederik P. Kingma and Jimmy Ba. 2015.")
    assert adam and all("(Kingma and Ba, 2015)" in t for t in adam)
    first = cited_by("[1] Cheng, J., Bernstein, M.")
    assert first and all("[1]" in t or "[1," in t for t in first)


OTHER = """# Another paper

## Method

We follow Seo et al. (2017) and thank Jacob Devlin for his advice.

## References

Minjoon Seo and Ali Farhadi. 2017. Bidirectional attention flow.

Ann Lee. 2019. A reply to Devlin on pre-training.
"""


@pytest.fixture(scope="module")
def three(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("three"), {
        "paper.md": PAPER, "other.md": OTHER,
        "notes.md": "# Notes\n\nDevlin et al. wrote about BERT, we hear.\n"})


def test_the_papers_citing_an_author_are_those_whose_works_cited_hold_one_of_theirs(three):
    """"Which papers cite Devlin et al.?" read the papers holding "Devlin", "et" and "al": a
    thank-you, a note and a title naming him are no citation. Those whose works cited hold
    an entry of Devlin's (its first author) are read, from the paragraphs citing it."""
    nav = Navigator(three)
    for question in ("Which papers cite Devlin et al.?", "Which papers cite Devlin (2018)?",
                     "Which documents mention Devlin et al., 2018?"):
        answer = nav.ask(question, 300)
        step = answer.trace[0]
        assert ([Path(p).name for p in step["documents"]], step["cites"]) == (
            ["paper.md"], question.split(" ", 3)[3].rstrip("?")), question
        assert answer.evidence[0].piece.text.startswith("We fine-tune BERT (Devlin et al.")
    # of another year, none; nor of a second author, nor an acronym: their words are
    # searched for instead
    for question in ("Which papers cite Devlin (2017)?", "Which papers cite Farhadi?",
                     "Which papers mention BERT?"):
        assert nav.ask(question, 300).trace[0]["cites"] is None, question
    assert nav.ask("Which papers cite Seo?", 300).trace[0]["cites"] == "Seo"
    count = nav.ask("How many papers cite Seo et al.?", 300).count
    assert (count["n"], [Path(p).name for p in count["documents"]], count["cites"]) == (
        2, ["other.md", "paper.md"], "Seo et al.")


def test_ask_says_the_papers_were_chosen_by_their_works_cited(tmp_path):
    db = indexed_files(tmp_path, {"paper.md": PAPER, "other.md": OTHER})
    code, out, err = run(db, "ask", "How many papers cite Seo et al.?")
    assert code == 0, err
    assert out.splitlines()[1:3] == [
        "asked of the 2 documents whose works cited hold Seo et al., 512 tokens each",
        "how many papers: 2 of the 2 documents asked of cite Seo et al. (by their works cited: "
        "an entry of that author's; the evidence reads the best): other.md, paper.md"]
