"""What a paper rendered to Markdown from its LaTeX source leaves in its text, as `docnav show`
counts it and a section read whole reads it: the lines of a bibliography environment, a
"\\label{...}" alone on its line."""

from __future__ import annotations

import json

import pytest

from _cli import indexed_files, run

PAPER = """# Fake reviews

## Method

We generate reviews with a translation model trained on restaurant reviews.

## Acknowledgments

We thank the participants of the user study for their time.

\\bibliographystyle{splncs}

\\begin{thebibliography}{10}

\\bibitem{yao2017automated}
Yao, Y., Viswanath, B.:

\\newblock Automated crowdturfing attacks and defenses in online review systems.

\\bibitem{murphy2012}
Murphy, K.: Machine learning (2012)

\\end{thebibliography}

## Appendix

The prompts used are listed here.
"""


def test_show_counts_a_latex_bibliography_apart_from_a_section_s_paragraphs(tmp_path):
    """`docnav show` said "Acknowledgments (7 paragraphs)": the thanks, and the style line
    and six lines of the bibliography, which a question reads as works cited, never as the
    section's text. Now 1 paragraph, and 6 of a bibliography of 2 entries."""
    db = indexed_files(tmp_path, {"reviews.md": PAPER})
    code, out, _ = run(db, "show", "reviews.md")
    assert code == 0, out
    lines = {line.strip().split("  [")[0]: line for line in out.splitlines()}
    assert lines["Acknowledgments"].endswith(
        "(1 paragraph, and 6 of a LaTeX bibliography: 2 \\bibitem entries)"), out
    assert lines["Appendix"].endswith("(1 paragraph)"), out
    assert "4 sections, 3 paragraphs (and 6 of LaTeX bibliographies), " in out, out
    code, out, _ = run(db, "show", "reviews.md", "--json")
    shown = json.loads(out)
    assert (shown["paragraphs"], shown["bibliography_paragraphs"]) == (3, 6)
    sections = {s["heading"]: s for s in shown["tree"]["children"][0]["children"]}
    assert [(sections[h]["paragraphs"], sections[h]["bibliography_paragraphs"])
            for h in ("Method", "Acknowledgments")] == [(1, 0), (1, 6)]


INTRODUCTION = """# Fake reviews

## Introduction

\\label{sec:intro}

Fake reviews mislead buyers, and crowd workers write many of them for pay.

\\begin{center}

Sites remove the reviews they find, but most go unnoticed for months.

\\end{center}

## Method

We generate reviews with a translation model trained on restaurant reviews.
"""


def test_a_section_read_whole_leaves_out_its_lines_of_markup_alone(tmp_path):
    """"What does the Introduction section say?" read "\\\\label{sec:intro}",
    "\\\\begin{center}" and "\\\\end{center}" as the section's text, beside its two sentences:
    markup alone, which the passages and a hit's neighbours leave out. Now the sentences."""
    from _stores import indexed_graph

    from docnav.query import Navigator

    graph = indexed_graph(tmp_path, {"reviews.md": INTRODUCTION})
    answer = Navigator(graph).ask("What does the Introduction section say?")
    read = [e.piece.text for e in answer.evidence
            if e.piece.breadcrumb.endswith("Introduction")]
    assert read == [
        "Fake reviews mislead buyers, and crowd workers write many of them for pay.",
        "Sites remove the reviews they find, but most go unnoticed for months."], read


PROOF = """# Notes on proofs

## Lemma

The widget count is even.

\\begin{proof}

Pair each widget with its twin.

\\end{proof}

}

end

## Loss

The loss is:

$$L = -\\sum_{i} \\log p(y_i \\mid x_i)$$

where p is the model.

## Paths

Install it under:

C:\\ProgramData\\DocNav

and restart.
"""


def test_a_section_read_whole_reads_its_formula_path_and_short_lines(tmp_path):
    """"What does the Loss section say?" left out "$$L = -\\sum_{i} ...$$" and "What does the
    Paths section say?" "C:\\ProgramData\\DocNav", the answer, as markup alone (fa291fc);
    only lines of structure alone ("\\begin{proof}") are left out, not "}" or "end"."""
    from _stores import indexed_graph

    from docnav.query import Navigator

    graph = indexed_graph(tmp_path, {"proof.md": PROOF})
    navigator = Navigator(graph)
    read = {}
    for section in ("Lemma", "Loss", "Paths"):
        answer = navigator.ask(f"What does the {section} section say?")
        read[section] = [e.piece.text for e in answer.evidence
                         if e.piece.breadcrumb.endswith(section)]
    assert read == {
        "Lemma": ["The widget count is even.", "Pair each widget with its twin.", "}", "end"],
        "Loss": ["The loss is:", "$$L = -\\sum_{i} \\log p(y_i \\mid x_i)$$",
                 "where p is the model."],
        "Paths": ["Install it under:", "C:\\ProgramData\\DocNav", "and restart."]}, read


@pytest.mark.parametrize("text", ["$$L = -\\sum_{i} \\log p(y_i \\mid x_i)$$",
                                  "C:\\ProgramData\\DocNav", "\\\\fileserver\\share\\docs"])
def test_a_formula_or_a_path_written_as_a_paragraph_is_no_markup_alone(text):
    """The passages left a formula or a Windows path out as markup alone (its backslashes
    read as commands) unless word search found it, and never read it as a hit's neighbour."""
    from docnav.query.markup import says_nothing

    assert not says_nothing(text)


@pytest.mark.parametrize("text", ["\\label{sec:intro}", "\\begin{center}", "\\end{proof}",
                                  "\\begin{figure}[t] \\label{fig:a}"])
def test_a_line_of_structure_alone_is_markup_alone(text):
    from docnav.query.markup import says_nothing, structure_alone

    assert (says_nothing(text), structure_alone(text)) == (True, True)


CODE = """# LaTeX tips

## Bibliographies

Use the thebibliography environment like this:

```latex
\\begin{thebibliography}{9}
\\bibitem{a} A. Author.
```

Then close it later. This paragraph is real text about widgets.

Another real paragraph about gadgets.

### Appendix

Appendix text.
"""


def test_a_code_block_showing_a_bibliography_opens_none(tmp_path):
    """A fenced ```latex block opening "\\\\begin{thebibliography}" with no end was taken for a
    bibliography running to its section's end: `docnav show` said "Bibliographies (1
    paragraph, and 3 of a LaTeX bibliography: 1 \\\\bibitem entry)", two of them prose, and
    "What is said about gadgets?" read neither. Now 4 paragraphs (the code block among them),
    and the gadgets read."""
    from _stores import indexed_graph

    from docnav.query import Navigator

    db = indexed_files(tmp_path, {"code.md": CODE})
    code, out, _ = run(db, "show", "code.md")
    assert code == 0, out
    lines = {line.strip().split("  [")[0]: line for line in out.splitlines()}
    assert lines["Bibliographies"].endswith("(4 paragraphs)"), out
    assert "3 sections, 5 paragraphs, " in out, out
    graph = indexed_graph(tmp_path / "graph", {"code.md": CODE})
    answer = Navigator(graph).ask("What is said about gadgets?")
    read = [e.piece.text for e in answer.evidence]
    assert "Another real paragraph about gadgets." in read, read
