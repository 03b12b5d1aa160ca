"""What is no evidence though its words match: a LaTeX bibliography left in a paper's text
under another heading; a table's column heads read alone after a lead-in to the table."""

from __future__ import annotations

from _parsing import table_page, text_pdf
from _stores import indexed_copies, indexed_graph

from docnav.query import Navigator
from docnav.query.parts import bibliographies

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


# a 10-K's page as Adobe's sets it: a lead-in, the column heads as lines of their own, the rows
REPORT = table_page("Digital Media", ("Revenue by major offerings in our Digital Media segment "
                                        "for fiscal 2022, 2021 and", "2020 were as follows:"),
                    [("Creative Cloud", "$ 10,459", "$ 9,546", "$ 7,736", "10 %"),
                     ("Document Cloud", "2,383", "1,974", "1,497", "21 %")])


def test_a_lead_in_to_a_table_under_column_heads_is_read_with_the_table(tmp_path):
    """Adobe's 10-K leads in to its revenue by offering ("... were as follows:") over the
    column heads "(dollars in millions) 2022 2021 2020" and "% Change": the lead-in
    was read with the first head alone as the paragraph after it, which says nothing. Now
    the table is read after it, with its heads."""
    path = tmp_path / "report.pdf"
    path.write_bytes(text_pdf(REPORT))
    graph = indexed_copies(tmp_path / "store", [path])
    answer = Navigator(graph).ask("What was the revenue by major offerings in Digital Media?",
                                  budget=200)
    (table,) = [n.node_id for n in graph._nodes.values() if n.block_kind == "table"]
    (lead_in,) = [n.node_id for n in graph._nodes.values()
                  if n.text.startswith("Revenue by major offerings")]
    assert [op["to"] for op in answer.trace
            if op["op"] == "navigate" and op["node"] == lead_in][:1] == [[table]]
    texts = [e.piece.text for e in answer.evidence]
    lead = texts.index(graph.node(lead_in).text)
    assert texts[lead + 1:lead + 4] == ["(dollars in millions) 2022 2021 2020", "% Change",
                                        graph.node(table).text], texts
    assert {e.found_by for e in answer.evidence if e.piece.text.startswith(("(dollars", "%"))
            } == {"column heads"}


def test_a_latex_bibliography_without_its_end_ends_with_its_section(tmp_path):
    """A \\\\begin{thebibliography} with no \\\\end hid every paragraph after it to the
    document's end, across headings: the Appendix was never read."""
    graph = indexed_graph(tmp_path, {"reviews.md": PAPER.replace(
        "\\end{thebibliography}\n", "")})
    hidden = {graph.node(n).text for n in bibliographies(graph)}
    assert any("newblock" in t for t in hidden), hidden
    assert not [t for t in hidden if "prompts" in t], hidden
    answer = Navigator(graph).ask("Which prompts are listed here?")
    assert any("prompts used are listed" in e.piece.text for e in answer.evidence)


def test_a_latex_bibliography_is_the_works_cited_counted(tmp_path):
    """"How many works does the paper cite?" of 1805.02400.md, whose \\\\begin{thebibliography}
    is under "Acknowledgments", said "no document asked of has a section headed References
    or Bibliography"; its 25 \\\\bibitem entries are counted now."""
    graph = indexed_graph(tmp_path, {"reviews.md": PAPER.replace(
        "\\end{thebibliography}", "\\bibitem{murphy2012}\nMurphy, K.: Machine learning (2012)"
        "\n\n\\end{thebibliography}")})
    answer = Navigator(graph).ask("How many works does the paper cite?")
    listed = [d for op in answer.trace if op["op"] == "works cited" for d in op["documents"]]
    assert [(d["entries"], d["counted"]) for d in listed] == [(2, "\\bibitem entries")]
    assert not [op for op in answer.trace if op["op"] == "no works cited"]


def test_a_section_asked_for_is_read_without_the_latex_bibliography_left_in_it(tmp_path):
    """1805.02400's Markdown has "\\\\bibliographystyle{splncs}" and its bibliography under
    "Acknowledgments": "What does the Acknowledgments section say?" read the style line and
    the entries after the thanks, as the section's text (read whole by name, where passages
    leave works cited out). Now the thanks alone; asked about the references, the entries."""
    graph = indexed_graph(tmp_path, {"reviews.md": PAPER.replace(
        "\\begin{thebibliography}", "\\bibliographystyle{splncs}\n\n\\begin{thebibliography}")})
    answer = Navigator(graph).ask("What does the Acknowledgments section say?")
    acknowledgments = [e.piece.text for e in answer.evidence
                       if e.piece.breadcrumb.endswith("Acknowledgments")]
    assert acknowledgments == ["We thank the participants of the user study for their time."]
    asked = Navigator(graph).ask("What references does the Acknowledgments section list?")
    assert any("Automated crowdturfing attacks" in e.piece.text for e in asked.evidence)


VALVES = """# Adaptive valves

## 1 Introduction

Irrigation pumps waste water when valves open on a fixed schedule.

## 2 Results

Water use fell by 21 percent across the 14 farms, and yields were unchanged.

## 3 References

[1] A. Smith. Valve scheduling for irrigation. Journal of Water, 2019.

### Appendix A: Sensor calibration

The probes were calibrated against oven-dried soil samples, giving a mean error of 2 percent.
"""


def test_a_section_asked_for_in_the_works_cited_is_read_with_them(tmp_path):
    """Since 6f70559 a section read whole left out the works cited even where they were the
    section asked for: "What does section 3 say?" of a paper whose "3 References" holds an
    appendix read no entry and no appendix. A section asked for inside the works cited is read
    whole, and a subsection with its own heading under them is no works cited."""
    from docnav.query.parts import works_cited

    graph = indexed_graph(tmp_path, {"valves.md": VALVES})
    assert [graph.node(n).text[:3] for n in works_cited(graph)] == ["[1]"]
    texts = [e.piece.text for e in Navigator(graph).ask("What does section 3 say?").evidence]
    assert texts[:2] == ["[1] A. Smith. Valve scheduling for irrigation. Journal of Water, 2019.",
                         "The probes were calibrated against oven-dried soil samples, giving a "
                         "mean error of 2 percent."], texts


def test_biblatex_s_commands_are_not_read_with_a_section(tmp_path):
    """biblatex's "\\\\addbibresource{refs.bib}" and "\\\\printbibliography" were read as the
    text of the section holding them ("What does the Acknowledgments section say?"), where
    "\\\\bibliographystyle{...}" and "\\\\bibliography{...}" were left out."""
    graph = indexed_graph(tmp_path, {"reviews.md": PAPER.replace(
        "\\begin{thebibliography}", "\\addbibresource[location=local]{reviews.bib}\n\n"
        "\\printbibliography[heading=none]\n\n\\begin{thebibliography}")})
    answer = Navigator(graph).ask("What does the Acknowledgments section say?")
    acknowledgments = [e.piece.text for e in answer.evidence
                       if e.piece.breadcrumb.endswith("Acknowledgments")]
    assert acknowledgments == ["We thank the participants of the user study for their time."]
