"""Tables and figures a question names by label ("What does Table 2 show?"): the caption so
labelled, the table it captions (below it or above it, as the paper sets them), and the
paragraphs referring to it; "Table 4" is also IEEE's "TABLE IV"; a label no caption carries
is said. Searched as words, "Table 2" read the causal explanation paper's Table 1 first."""

from __future__ import annotations

import shutil

import pytest
from _cli import indexed_files, run
from _paths import FIXTURES, require
from _stores import indexed_copies, indexed_graph

from docnav.embed import HashingEmbedder
from docnav.index import Indexer, IndexOptions
from docnav.query import DocNavGraph, Navigator
from docnav.store import Store


@pytest.fixture(scope="module")
def papers(tmp_path_factory):
    """The causal explanation paper (captions below their tables, "Table 2:") and pioNER
    (captions above, "TABLE III:"), read by the native PDF pipeline."""
    return indexed_copies(tmp_path_factory.mktemp("papers"),
                          [FIXTURES / "pdf" / n for n in ("1809.01202.pdf", "1810.08699.pdf")])


def _texts(answer) -> list[str]:
    return [e.piece.text for e in answer.evidence]


def test_a_table_named_by_label_is_read_with_the_rows_above_its_caption(papers):
    answer = Navigator(papers).ask("What does Table 2 show?", 500, doc="*1809.01202*")
    texts = _texts(answer)
    caption = next(i for i, t in enumerate(texts) if t.startswith("Table 2: The number of"))
    # its rows sit above it; Table 1's, above those, are not read, nor any other caption
    assert texts[caption - 3:caption] == ["Causality messages CE DA Total DA Training 1,278 "
                                          "5,606", "Validation 160 652\nTest 160 757",
                                          "Total 1,598 7,015"]
    assert not [t for t in texts if t.startswith(("Table 1", "Table 3", "Figure"))], texts
    # the paragraph referring to it ("... (Table 2)") is read with it
    assert {e.found_by for e in answer.evidence if e.piece.text.startswith(
        "We created our own causal explanation dataset")} == {"reference"}
    assert answer.route == "cross-reference" and answer.confidence == 1.0
    (step,) = [s for s in answer.trace if s.get("over") == "tables and figures named by label"]
    assert [papers.node(n).text[:8] for n in step["hits"]] == ["Table 2:"]


def test_a_roman_numbered_table_is_read_with_the_rows_below_its_caption(papers):
    # pioNER sets "TABLE IV: ..." above its rows, and Table V's caption right under them
    for question in ("What does Table 4 show?", "What does Table IV show?"):
        answer = Navigator(papers).ask(question, 500, doc="*1810.08699*")
        texts = _texts(answer)
        caption = texts.index("TABLE IV: Evaluation results for Char-biLSTM+biLSTM+CRF")
        assert texts[caption + 1] == "Word embeddings train embeddings=False train " \
                                     "embeddings=True"
        assert texts[caption + 2].startswith("dev F1 test F1 dev F1 test F1\nGloVe (dim=50)")
        assert not [t for t in texts if t.startswith(("TABLE V", "TABLE III"))], texts
        # "4" is not missing: the label found it
        assert answer.missing == [] and answer.confidence == 1.0
    # and the text's "Table III shows ..." refers to TABLE III
    (caption,) = [nid for nid, n in papers.nodes_of_kind("paragraph")
                  if n.text.startswith("TABLE III:")]
    assert [papers.node(n).text[:17] for n in papers.navigate(caption, "referenced-by")] == [
        "Table III shows t"]


def test_a_label_no_caption_carries_is_said(papers):
    answer = Navigator(papers).ask("What does Table 9 show?", 300, doc="*1810.08699*")
    assert "Table 9" in answer.absent
    assert any(s["op"] == "no part" and s["labels"] == ["Table 9"] for s in answer.trace)


def test_a_markdown_caption_is_read_with_the_table_under_it(tmp_path):
    graph = indexed_graph(tmp_path, {"r.md": (
        "# Report\n\n## Results\n\nTable 1: Accuracy by model.\n\n| Model | Acc |\n| --- | --- |"
        "\n| A | 91 |\n\nAs Table 1 shows, model A wins on every split we tried here today.\n\n"
        "Table 2: Speed by model.\n\n| Model | Speed |\n| --- | --- |\n| A | 3 |\n")})
    answer = Navigator(graph).ask("What is in Table 1?", 300)
    texts = _texts(answer)
    assert texts[0] == "Table 1: Accuracy by model." and texts[1].startswith("| Model   |   Acc |")
    assert "Table 2: Speed by model." not in texts


def test_of_several_documents_the_table_of_the_one_the_question_is_about_comes_first(papers):
    # both papers have a Table 2: asked of both, the one about the test sets of Armenian
    # (pioNER's "TABLE II: Comparison of Armenian, ...") is read first, not the first by path
    answer = Navigator(papers).ask("What does Table 2 show about the Armenian test sets?", 200)
    (step,) = [s for s in answer.trace if s.get("over") == "tables and figures named by label"]
    assert [papers.node(n).text[:28] for n in step["hits"]] == [
        "TABLE II: Comparison of Arme", "Table 2: The number of disco"]
    assert answer.evidence[0].piece.doc_path.endswith("1810.08699.pdf")
    assert any(t.startswith("TABLE II: Comparison of Armenian") for t in _texts(answer))


def test_a_manual_s_chapter_numbered_table_and_its_caption_among_sentences(tmp_path):
    """A manual numbers its tables by chapter ("Table 2-2", "Figure 7-26."): "Table 2-2" was
    Table 2. A sentence opening with the label ("Table 2-2 shows a comparison ...", which
    the PDF reader may take for a caption) is no caption where one is: it refers to it."""
    graph = indexed_graph(tmp_path, {"manual.md": (
        "# Security manual\n\n## 2 Roles\n\nTable 2-2 shows a comparison of the roles and "
        "their rights.\n\nTable 2-1 Roles\n\n| Role | Since |\n| --- | --- |\n| admin | 1 |\n\n"
        "Table 2-2 Comparison of roles\n\n| Role | Rights |\n| --- | --- |\n| admin | all |\n\n"
        "## 7 Nuts\n\nFigure 7-26. Self-locking nuts. Figure 7-27. Stainless steel nut.\n")})
    answer = Navigator(graph).ask("What does Table 2-2 show?", 300)
    texts = _texts(answer)
    caption = texts.index("Table 2-2 Comparison of roles")
    assert "| admin  | all      |" in texts[caption + 1]
    assert "Table 2-1 Roles" not in texts
    assert {e.found_by for e in answer.evidence
            if e.piece.text.startswith("Table 2-2 shows")} == {"reference"}
    # two captions in one paragraph (the FAA handbook's): each figure is found by it
    for question in ("What does Figure 7-26 show?", "What does Figure 7-27 show?"):
        answer = Navigator(graph).ask(question, 300)
        assert _texts(answer) == ["Figure 7-26. Self-locking nuts. Figure 7-27. Stainless "
                                  "steel nut."], question


def test_the_tables_asked_for_are_listed_by_their_captions(papers):
    """"What tables does the pioNER paper have?" searched for "tables": its captions answer,
    in reading order; "Which tables show F1 scores?" asks what they show, and is searched."""
    answer = Navigator(papers).ask("What tables does it have?", 400, doc="*1810.08699*")
    assert [t[:9] for t in _texts(answer)] == [
        "TABLE I: ", "TABLE II:", "TABLE III", "TABLE IV:", "TABLE V: ", "TABLE VI:"]
    assert {e.found_by for e in answer.evidence} == {"caption"}
    figures = Navigator(papers).ask("List the figures", 400, doc="*1809.01202*")
    assert [t[:9] for t in _texts(figures)] == ["Figure 1:", "Figure 2:"]
    searched = Navigator(papers).ask("Which tables show F1 scores?", 400, doc="*1810.08699*")
    assert not [s for s in searched.trace if s["op"] == "captions"]


def test_ask_says_it_lists_captions(tmp_path):
    db = indexed_files(tmp_path, {"r.md": "# R\n\n## A\n\nTable 1: Output.\n\n| a | b |\n"
                                          "| --- | --- |\n| 1 | 2 |\n\nFigure 1: A pump.\n"})
    code, out, err = run(db, "ask", "What tables and figures are there?")
    assert code == 0, err
    assert ("the captions of the figures and tables of the documents asked of: 2 in 1 "
            "document, in reading order, as many as the budget allows") in out.splitlines()


def test_ask_says_each_documents_captions_when_each_is_asked(tmp_path):
    # "How many tables does each paper have?" said the first document's count alone
    db = indexed_files(tmp_path, {
        "r.md": "# R\n\n## A\n\nTable 1: Output.\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n",
        "s.md": "# S\n\n## B\n\nTable 1: Input.\n\n| c | d |\n| --- | --- |\n| 3 | 4 |\n\n"
                "Table 2: Costs.\n\n| e | f |\n| --- | --- |\n| 5 | 6 |\n",
        "t.md": "# T\n\n## C\n\nThe costs.\n\n| g | h |\n| --- | --- |\n| 7 | 8 |\n\n"
                "The prices.\n\n| i | j |\n| --- | --- |\n| 9 | 0 |\n"})
    code, out, err = run(db, "ask", "How many tables does each document have?")
    assert code == 0, err
    lines = out.splitlines()
    assert ("the captions of the tables of r.md: 1, in reading order, as many as the budget "
            "allows") in lines, out
    assert ("the captions of the tables of s.md: 2, in reading order, as many as the budget "
            "allows") in lines, out
    # and of one captioning none, its tables
    assert ("2 tables without a caption in t.md, which captions none, read in order as the "
            "budget allows") in lines, out


def test_an_appendix_s_table_is_labelled_by_its_letter(tmp_path):
    # "Table A.1" and "Figure S2" were no labels: "table", "a", "1" were searched for
    graph = indexed_graph(tmp_path, {"paper.md": (
        "# Paper\n\n## Results\n\nTable 1: Scores.\n\n| model | F1 |\n| --- | --- |\n| A | 91 |"
        "\n\n## Appendix\n\nTable A.1: Learning rates tried.\n\n| rate | F1 |\n| --- | --- |\n"
        "| 0.1 | 90 |\n\nFigure S2: The loss curve.\n")})
    for question in ("What does Table A.1 show?", "What does Table A1 show?"):
        texts = _texts(Navigator(graph).ask(question, 300))
        assert texts[0] == "Table A.1: Learning rates tried." and "0.1 |" in texts[1], question
        assert "Table 1: Scores." not in texts
    assert _texts(Navigator(graph).ask("What is in Figure S2?", 300)) == [
        "Figure S2: The loss curve."]


def test_a_document_captioning_none_of_its_tables_lists_the_tables(tmp_path):
    """"What tables does word_sample.docx have?": its calorie table, which no caption names,
    was searched for the word "tables" ("in none of the documents asked of: tables")."""
    (tmp_path / "docs").mkdir()
    shutil.copy(require(FIXTURES / "docx" / "word_sample.docx"), tmp_path / "docs")
    (tmp_path / "docs" / "r.md").write_text("# R\n\n## A\n\nTable 1: Output.\n\n| a | b |\n"
                                            "| --- | --- |\n| 1 | 2 |\n")
    store = Store(tmp_path / "g.duckdb")
    Indexer(store, IndexOptions(summaries=None, progress=False), HashingEmbedder()).index(
        [tmp_path / "docs"])
    graph = DocNavGraph.open(store.path, embedder=HashingEmbedder())
    answer = Navigator(graph).ask("What tables does word_sample.docx have?", 300)
    assert [(e.found_by, e.piece.text.split("\n")[0].split()) for e in answer.evidence] == [
        ("table", ["|", "|", "Food", "|", "Calories", "per", "portion", "|"])]
    assert answer.missing == [] and answer.confidence is None
    (step,) = [s for s in answer.trace if s["op"] == "captions"]
    assert (step["n"], step["uncaptioned"], step["uncaptioned_in"]) == (0, 1, 1)
    # a document captioning its tables: the captions, not the tables
    answer = Navigator(graph).ask("What tables does r.md have?", 300)
    assert [(e.found_by, e.piece.text) for e in answer.evidence] == [
        ("caption", "Table 1: Output.")]
    code, out, err = run(store.path, "ask", "What tables does word_sample.docx have?")
    assert code == 0, err
    assert ("1 table without a caption in 1 document captioning none, read in order as the "
            "budget allows") in out.splitlines(), out


def test_documents_with_no_table_say_so_and_a_count_says_its_number(tmp_path):
    """"List the tables" and "How many tables are there?" of papers holding none read the
    paragraphs saying "table" at confidence 1.00; of a store with some, the count was told
    only by its parts ("the captions ...: 1", "1 table without a caption")."""
    db = indexed_files(tmp_path, {
        "a.md": "# A\n\n## Method\n\nWe train a model on the reviews and report it below.\n",
        "b.md": "# B\n\n## Results\n\nThe table of results was lost, the text says.\n",
        "r.md": "# R\n\n## A\n\nTable 1: Output.\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n",
        "t.md": "# T\n\n## C\n\nThe costs.\n\n| g | h |\n| --- | --- |\n| 7 | 8 |\n\n"
                "The prices.\n\n| i | j |\n| --- | --- |\n| 9 | 0 |\n"})
    for question in ("List the tables", "How many tables are there?"):
        code, out, err = run(db, "ask", question, "--doc", "[ab].md")
        assert code == 0, err
        assert "none of the 2 documents asked of has a table" in out.splitlines(), out
        assert "The table of results" not in out
        answer = Navigator(DocNavGraph.open(db)).ask(question, 300, doc="[ab].md")
        assert answer.evidence == [] and answer.confidence is None
    code, out, err = run(db, "ask", "What tables does it have?", "--doc", "a.md")
    assert code == 0 and "the document asked of has no table" in out.splitlines(), out
    code, out, err = run(db, "ask", "How many tables are there?")
    assert code == 0, err
    assert "3 tables in 2 of the 4 documents asked of" in out.splitlines(), out
