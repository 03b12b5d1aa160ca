"""What is no evidence though its words match: a LaTeX bibliography left in a paper's text
under another heading."""

from __future__ import annotations

from _stores import indexed_graph

from docnav.query import Navigator

PAPER = """# Fake reviews

## Background

Crowd workers write reviews for pay, and some sites pay them for positive ratings.

## Method

We generate reviews with a translation model trained on restaurant reviews.

## Acknowledgments

We thank the participants of the user study for their time.

\\begin{thebibliography}{10}

\\bibitem{yao2017automated}
Yao, Y., Viswanath, B.:

\\newblock Automated crowdturfing attacks and defenses in online review systems.

\\newblock In: Proceedings of the 2017 ACM SIGSAC Conference (2017)

\\end{thebibliography}

## Appendix

The prompts used are listed here.
"""


def test_a_latex_bibliography_under_another_heading_is_no_evidence(tmp_path):
    """1805.02400's Markdown keeps its \\\\begin{thebibliography} under "Acknowledgments"
    (no "References" heading): "What is crowdturfing?" read "\\\\newblock Automated
    crowdturfing attacks ..." as its evidence, at confidence 1. Asked about the references,
    the entries are read as before."""
    graph = indexed_graph(tmp_path, {"reviews.md": PAPER})
    answer = Navigator(graph).ask("What are automated crowdturfing attacks?")
    texts = [e.piece.text for e in answer.evidence]
    assert texts and not [t for t in texts if "newblock" in t or "bibitem" in t], texts
    assert "crowdturfing" in answer.missing
    asked = Navigator(graph).ask("Which reference is about automated crowdturfing attacks?")
    assert any("Automated crowdturfing attacks" in e.piece.text for e in asked.evidence)
