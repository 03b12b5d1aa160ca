"""A paper's works cited asked about as a whole: "How many papers does the pioNER paper
cite?" read its introduction ("papers" and "cite" were "in none of the documents asked of");
now its works cited are read in order and counted, as a numbered list or an author-year one
(entries the PDF split or joined counted once each), and "... cite about Wikipedia?" reads
the entries holding that word."""

from __future__ import annotations

from pathlib import Path

import pytest
from _cli import indexed_files, run
from _paths import FIXTURES
from _stores import indexed_copies

from docnav.ask_text import answer_text
from docnav.query import Navigator
from docnav.refs import count_entries


def test_entries_are_counted_as_the_list_numbers_or_opens_them():
    # a numbered list, by its highest number: "[3]" lost, "[5]" joined to the entry before
    assert count_entries([
        "[1] David Yarowsky, Grace Ngai. Inducing multilingual text analysis tools.",
        "In Proceedings of HLT, pp. 1-8. 2001.",
        "[2] Imed Zitouni, Radu Florian. Mention detection. 2008.",
        "[4] Klesti Hoxha. An Automatically Generated Corpus. 2018. [5] Weber and Pötzl. NERU.",
    ]) == (5, "numbered 1 to 5")
    # an author-year list: an entry whose year the PDF split off into the next paragraph is
    # one entry, the split-off part none
    assert count_entries([
        "Ricardo Baeza-Yates and Berthier Ribeiro-Neto. Modern Information Retrieval. 1999.",
        "Robin Jia and Percy Liang. Adversarial examples for evaluating reading systems. In",
        "Proceedings of EMNLP, pp. 2011-2021, 2017.",
        "Rhetorical structure theory: A theory of text organization. University of California.",
    ]) == (2, "entries by their authors and years")
    # surname first: two entries the PDF joined are two; a particle opens one ("de Gispert")
    assert count_entries([
        "Aharoni, R.; Johnson, M.; and Firat, O. 2019. Massively multilingual neural machine "
        "translation. In NAACL-HLT. Al-Shedivat, M., and Parikh, A. P. 2019. Consistency.",
        "de Gispert, A., and Mariño, J. B. 2006. Catalan-english statistical translation.",
        "Devlin, J.; Chang, M.-W.; Lee, K.; and Toutanova, K. 2018. Bert: Pre-training.",
    ]) == (4, "entries by their authors and years")
    # a Markdown list's numbers ("1. Devlin, J. ...")
    assert count_entries(["1. Devlin, J. 2018. Bert.", "2. Vaswani, A. 2017. Attention.",
                          "3. Ho, J. 2020. Diffusion."]) == (3, "numbered 1 to 3")
    assert count_entries(["Thanks to the reviewers.", "See the appendix."]) is None


@pytest.fixture(scope="module")
def papers(tmp_path_factory):
    """pioNER (a numbered list the PDF splits and joins), the question reformulation paper
    (an author-year list, names first) and the zero-shot translation paper (surnames first,
    entries joined), read by the native PDF pipeline."""
    return indexed_copies(tmp_path_factory.mktemp("papers"), [
        FIXTURES / "pdf" / n for n in ("1810.08699.pdf", "1705.07830.pdf", "1912.01214.pdf")])


def _counted(answer) -> dict[str, int]:
    (step,) = [s for s in answer.trace if s["op"] == "works cited"]
    return {Path(d["document"]).name: d["entries"] for d in step["documents"]}


def test_a_paper_s_works_cited_are_read_and_counted(papers):
    answer = Navigator(papers).ask("How many papers does the pioNER paper cite?", 300)
    assert _counted(answer) == {"1810.08699.pdf": 21}
    assert answer.evidence[0].piece.text.startswith("[1] David Yarowsky")
    assert {e.found_by for e in answer.evidence} == {"works cited"}
    assert answer.missing == [] and answer.absent == []
    # of every paper asked of, each counted however its list is set
    for question in ("How many references does each paper have?",
                     "How many works are cited in the papers?"):
        assert _counted(Navigator(papers).ask(question, 300)) == {
            "1705.07830.pdf": 35, "1810.08699.pdf": 21, "1912.01214.pdf": 35}, question


def test_works_cited_about_something_are_those_holding_it(papers):
    answer = Navigator(papers).ask("What papers does the pioNER paper cite about Wikipedia?",
                                   300)
    texts = [e.piece.text for e in answer.evidence]
    assert texts and all("Wikipedia" in t for t in texts), texts
    assert any(t.startswith("[6] Nothman J.") for t in texts), texts
    # none holding it: said, and the question searched as any other
    answer = Navigator(papers).ask("Which works cited by the pioNER paper are about zebras?",
                                   300)
    assert [s["about"] for s in answer.trace if s["op"] == "no works cited"] == [["zebras"]]
    assert not [s for s in answer.trace if s["op"] == "works cited"]
    # a word searched by its runs too is said once ("zebra2k, zebra2k")
    answer = Navigator(papers).ask("Which works cited by the pioNER paper are about zebra2k?",
                                   300)
    assert [s["about"] for s in answer.trace if s["op"] == "no works cited"] == [["zebra2k"]]
    # the works a part cites are still those its references lead to (tests/test_citations.py)
    answer = Navigator(papers).ask("Which works does Section II of the pioNER paper cite?", 300)
    assert not [s for s in answer.trace if s["op"] == "works cited"]
    # papers citing an author are still the documents whose works cited hold that author's
    answer = Navigator(papers).ask("How many papers cite Devlin et al.?", 300)
    assert answer.count is not None and answer.count["n"] == 1
    assert not [s for s in answer.trace if s["op"] == "works cited"]


def test_works_cited_asked_of_a_document_in_turn_keep_their_count_of_documents(papers):
    # its step's own "of" (how many documents were asked of) was overwritten by the path of
    # the document asked of in turn (the newest by its first version's arXiv stamp, 3 December
    # 2019)
    answer = Navigator(papers).ask("Which is the newest paper and what are its references?",
                                   300)
    (step,) = [s for s in answer.trace if s["op"] == "works cited"]
    assert step["of"] == 1 and step["part_of"].endswith("1912.01214.pdf")
    assert [Path(d["document"]).name for d in step["documents"]] == ["1912.01214.pdf"]


def test_works_cited_of_the_paper_asked_for_are_not_searched_for_the_asking_words(papers):
    # "Which paper" asks which paper, the oldest (May 2017, by its arXiv identifier): its 35
    # works were said to be none, as no entry held "paper"
    answer = Navigator(papers).ask(
        "Which paper is the oldest, and how many references does it have?", 300)
    assert _counted(answer) == {"1705.07830.pdf": 35}
    assert not [s for s in answer.trace if s["op"] == "no works cited"]
    assert {e.found_by for e in answer.evidence} == {"works cited"}


def test_the_oldest_paper_is_the_first_submitted_to_arxiv(papers):
    # by the dates their PDFs were made (2021, 2024 and 2024), 1912.01214.pdf was the oldest
    # and 1705.07830.pdf, submitted in May 2017, the newest
    for question, paper, dated in (
            ("Which paper is the oldest?", "1705.07830.pdf", "2017-05, by its arXiv identifier"),
            # its first version's stamp gives the day
            ("What is the newest paper?", "1912.01214.pdf",
             "2019-12-03, by its first version's arXiv stamp")):
        answer = Navigator(papers).ask(question, 300)
        (step,) = [s for s in answer.trace if s["op"] == "documents"]
        assert [Path(p).name for p in step["documents"]] == [paper], question
        assert f"{paper} ({dated})" in answer_text(answer, papers), question


def test_a_paper_s_arxiv_identifier_is_its_date_for_bounds_and_years_too(papers):
    # the oldest was 1705.07830.pdf (May 2017) by its identifier, yet after 2018 by its PDF's
    # date (2024), and no paper was "from 2017"
    nav = Navigator(papers)
    answer = nav.ask("Which paper is the oldest?", 300, where={"dated_after": "2018-01-01"})
    (step,) = [s for s in answer.trace if s["op"] == "documents"]
    assert [Path(p).name for p in step["documents"]] == ["1810.08699.pdf"]
    kept = papers.filter(papers.document_roots(), dated_before="2017-12-31")
    assert [Path(papers.node(n).path).name for n in kept] == ["1705.07830.pdf"]
    assert {Path(e.piece.doc_path).name
            for e in nav.ask("Which papers are from 2017?", 300).evidence} == {"1705.07830.pdf"}


@pytest.mark.parametrize("question, said", [
    ("How many references does paper 1912.01214.pdf have?", "paper 1912.01214.pdf"),
    ("How many references does the paper 1912.01214 have?", "paper 1912.01214"),
    # a version of the paper, its file named without it: "paper 1912.01214v2" named none
    ("How many references does paper 1912.01214v2 have?", "paper 1912.01214v2"),
    ("How many references does 1912.01214v2.pdf have?", "1912.01214v2.pdf")])
def test_a_paper_named_by_its_file_s_name_after_the_word_paper_is_asked_of(papers, question,
                                                                             said):
    # "paper 1912" named it, and ".01214.pdf" was searched in its entries, said to be in none
    answer = Navigator(papers).ask(question, 300)
    assert _counted(answer) == {"1912.01214.pdf": 35}
    assert not [s for s in answer.trace if s["op"] == "no works cited"]
    (focus,) = [s for s in answer.trace if s["op"] == "focus"]
    assert focus["left_out"] == [said]
    assert f'which the question names by its file\'s name ("{said}")' in answer_text(
        answer, papers)


def test_ask_prints_the_count_and_says_where_there_is_none(tmp_path):
    db = indexed_files(tmp_path, {
        "paper.md": "# A paper\n\n## Method\n\nWe fine-tune BERT.\n\n## References\n\n"
                    "Devlin, J.; Chang, M.-W.; and Toutanova, K. 2018. Bert: Pre-training.\n\n"
                    "Vaswani, A.; Shazeer, N.; and Parmar, N. 2017. Attention is all you "
                    "need.\n",
        "notes.md": "# Notes\n\n## Method\n\nWe read papers and cite none of them.\n"})
    code, out, _ = run(db, "ask", "How many references does the paper have?",
                       "--doc", "*paper.md")
    assert code == 0
    assert ("the works cited of paper.md: 2 (entries by their authors and years), 2 "
            "paragraphs, read in order as the budget allows") in out, out
    # one entry holding what it names: one paragraph, said so
    code, out, _ = run(db, "ask", "What papers does the paper cite about attention?",
                       "--doc", "*paper.md")
    assert code == 0
    assert ("the works cited of paper.md: 2 (entries by their authors and years); 1 "
            "paragraph of them holds attention") in out, out
    code, out, _ = run(db, "ask", "How many references does it have?", "--doc", "*notes.md")
    assert code == 0
    assert "no document asked of has a section headed References or Bibliography" in out, out
