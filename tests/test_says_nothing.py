"""Evidence pieces that say nothing. A paper rendered to Markdown from its LaTeX keeps lines of
markup as paragraphs of their own ("\\\\", "\\begin{center}", "\\end{tabular}", a listing's
"-lower -tgt_words_min_frequency 10"): "Who wrote the fake reviews paper?" read 26 pieces, such
lines among them, as passages and as the paragraph after a short hit. They are read only
where word search found them, and never as the paragraph after a hit. Nor is a piece whose
text its document's evidence already holds read again: Adobe's 10-K read "(dollars in
millions) 2022 2021 2020" four times, and a lead-in twice; but a table's column heads are
kept, being that table's."""

from __future__ import annotations

import pytest
from _stores import indexed_graph

from docnav.query import Navigator
from docnav.query.evidence import COLUMN_HEADS, EvidenceState
from docnav.query.graph import Piece
from docnav.query.markup import says_nothing

PAPER = r"""# Fake Pump Reviews

## Abstract

We generate fake reviews of water pumps with a translation model, and ask readers whether
they can tell them from the reviews that people wrote.

## Evaluation

\\caption{Reviewer study statistics.}

\\begin{center}

\\begin{tabular}{ \| l \| c \| }

Readers asked & 40 \\\\ \\hline

\\end{tabular}

\\end{center}

## Training

The translation model was trained with the default options and these:

-lower -tgt_words_min_frequency 10

\\\\

Training took two days on one graphics card, reading the pump reviews of one year.

\\bibitem{pump-water:2015:EMNLP}
"""

MARKUP = ("\\\\", "\\begin{center}", "\\begin{tabular}{ | l | c | }", "\\end{tabular}",
          "\\end{center}", "-lower -tgt_words_min_frequency 10",
          "\\bibitem{pump-water:2015:EMNLP}")


@pytest.mark.parametrize("text", [*MARKUP, "\\begin{figure}[t]",
                                  # a table's rows, their maths a cell's symbol: markup (a
                                  # formula's exemption took them for prose since 52e2def)
                                  "$\\alpha$ & 0.5 & 0.7 \\\\ \\hline", "& & $\\checkmark$ & \\\\",
                                  "\\multicolumn{2}{c}{$\\dagger$} \\\\",
                                  "\\vspace{2mm} $\\cdot$"])
def test_markup_alone_says_nothing(text):
    assert says_nothing(text)


@pytest.mark.parametrize("text", [
    "\\caption{User study statistics.}",  # a command's braces hold text
    "Readers asked & 40 \\\\ \\hline",  # a row of a table, with its label
    "-valid_tgt reviews-val.txt -save_data model",  # words beside the options
    "$ 7,838 $ 7,230 $ 5,727",  # a row of figures, no markup: a table's
    "2022 2021 2020", "None yet.", "作業が楽だ。", "}",  # no markup (code is read as it is)
    # a formula aligned with "&", one in a table's row, a path in one: markup alone since
    # 96ab3b4 took a row's markup for no formula (review R6)
    "$$\\begin{aligned} L &= -\\sum_i \\log p(y_i) \\\\ &= 0 \\end{aligned}$$",
    "$\\mathbf{W}x + b$ & 0.3 \\\\", "C:\\ProgramData\\DocNav & 12 \\\\",
])
def test_text_or_figures_beside_markup_say_something(text):
    assert not says_nothing(text)


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("paper"), {"pumps.md": PAPER})


def test_the_paper_keeps_its_markup_as_paragraphs(paper):
    # what the tests below leave out is there to leave out
    [root] = paper.document_roots()
    nodes = paper.expand(root, depth=10_000)
    texts = {paper.node(n).text for n in nodes if paper.node(n).kind == "paragraph"}
    assert set(MARKUP) <= texts, texts


def test_markup_is_no_passage(paper):
    nav = Navigator(paper)
    order = [paper.node(n).text for n in nav.passage_order("How was the model trained?", None)]
    assert "Training took two days on one graphics card, reading the pump reviews of one year." \
        in order, order
    assert not [t for t in order if says_nothing(t)], order


def test_markup_is_not_read_as_the_paragraph_after_a_hit(paper):
    # the caption is a short hit, and the lead-in ends in a colon: what follows them is read,
    # over the markup
    answer = Navigator(paper).ask("What are the reviewer study statistics?", 120)
    texts = [e.piece.text for e in answer.evidence]
    assert "\\caption{Reviewer study statistics.}" in texts, texts
    assert "Readers asked & 40 \\\\ \\hline" in texts, texts
    assert not [t for t in texts if says_nothing(t)], texts
    answer = Navigator(paper).ask("Which options was the translation model trained with?", 200)
    texts = [e.piece.text for e in answer.evidence]
    assert not [t for t in texts if says_nothing(t)], texts


REPEATED = """# Pump Guide

## Ratings

Pumps are rated by the litres of water they move per minute.

## Buying

Pumps are rated by the litres of water they move per minute.

A bigger house needs a pump that moves more water per minute.
"""


def test_a_text_its_document_already_said_is_not_read_again(tmp_path):
    graph = indexed_graph(tmp_path, {"guide.md": REPEATED})
    answer = Navigator(graph).ask("How are pumps rated by water per minute?", 400)
    texts = [e.piece.text for e in answer.evidence]
    assert texts.count("Pumps are rated by the litres of water they move per minute.") == 1, \
        texts
    assert "A bigger house needs a pump that moves more water per minute." in texts, texts


def piece(node_id: str, text: str, path: str = "10k.pdf") -> Piece:
    return Piece(node_id, path, "Revenue", 40, text, 8)


def test_a_tables_column_heads_are_read_again_under_another_table():
    heads = "(dollars in millions) 2022 2021 2020"
    state = EvidenceState("What was the revenue?", 400)
    assert state.add([piece("a", heads)], COLUMN_HEADS) == 1
    assert state.add([piece("b", heads)], COLUMN_HEADS) == 1  # another table's
    assert state.add([piece("c", heads)], "next") == 0  # a repeat, no table's
    assert state.add([piece("d", " (dollars  in millions)\n2022 2021 2020")], "passage") == 0
    assert state.add([piece("e", heads, "other-10k.pdf")], "passage") == 1  # another's
    assert list(state.evidence) == ["a", "b", "e"]
