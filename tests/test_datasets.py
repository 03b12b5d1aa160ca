"""Reading Qasper files: the v0.3 release layout and the HuggingFace ``allenai/qasper`` layout
(columns instead of rows; a JSON list, JSON Lines, or objects one after another) give the same
papers; a file that is neither says which file and what is wrong."""

from __future__ import annotations

import json

import pytest
from _paths import QASPER, require

from docnav.datasets import load_financebench, load_qasper, qasper_to_markdown
from docnav.errors import InputError


def _columns(rows: list[dict]) -> dict:
    keys = list(rows[0]) if rows else []
    return {key: [row[key] for row in rows] for key in keys}


def _huggingface(pid: str, paper: dict) -> dict:
    """The v0.3 paper written the way the HuggingFace dataset stores it."""
    questions = []
    for qa in paper["qas"]:
        row = {key: value for key, value in qa.items() if key != "answers"}
        row["answers"] = _columns(qa["answers"])
        questions.append(row)
    return {
        "id": pid,
        "title": paper["title"],
        "abstract": paper["abstract"],
        "full_text": {"section_name": [s["section_name"] for s in paper["full_text"]],
                      "paragraphs": [s["paragraphs"] for s in paper["full_text"]]},
        "qas": _columns(questions),
        "figures_and_tables": _columns(paper["figures_and_tables"]),
    }


@pytest.mark.parametrize("form", ["list", "lines", "pretty objects"])
def test_the_huggingface_layout_reads_as_the_v03_papers(form, tmp_path):
    papers = load_qasper(require(QASPER))
    rows = [_huggingface(pid, paper) for pid, paper in papers.items()]
    path = tmp_path / "qasper.json"
    if form == "list":
        path.write_text(json.dumps(rows), encoding="utf-8")
    elif form == "lines":
        path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    else:
        path.write_text("\n".join(json.dumps(row, indent=2) for row in rows) + "\n\n", encoding="utf-8")
    assert rows[0]["qas"]["answers"][0]["answer"]  # the columns really are columns
    assert load_qasper(path) == papers


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"1909.00694": {"title": "t", "full_text": [], "qas": []}\n{"x"', "not valid JSON at line 2"),
        ("", "no Qasper papers"),
        ('[{"title": "T", "full_text": {"section_name": [], "paragraphs": []}}]', "has no 'id'"),
        ('{"id": "1", "title": "T", "full_text": {"section_name": ["A"], "paragraphs": []}}',
         "paper 1 is in neither the v0.3 nor the HuggingFace Qasper layout"),
        ('{"1": {"title": "T"}}', "paper 1 has no 'title' and 'full_text'"),
        ("[3]", "expected Qasper papers"),
        ('{"id": "1", "title": "T", "full_text": [], "qas": []}\n'
         '{"id": "1", "title": "T", "full_text": [], "qas": []}', "paper 1 appears twice"),
    ],
)
def test_a_file_that_is_not_qasper_names_the_file_and_the_problem(content, message, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError, match="bad.json") as err:
        load_qasper(path)
    assert message in str(err.value)


def test_a_missing_file_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match="absent.json: cannot read the Qasper file"):
        load_qasper(tmp_path / "absent.json")


def test_financebench_lines_that_are_not_questions_name_the_file_and_line(tmp_path):
    path = tmp_path / "questions.jsonl"
    good = '{"question": "q", "doc_name": "d", "evidence": []}'
    path.write_text(f"{good}\n\n{good}\n", encoding="utf-8")
    assert len(load_financebench(path)) == 2
    path.write_text(f"{good}\n{{broken\n", encoding="utf-8")
    with pytest.raises(InputError, match="questions.jsonl: line 2 is not a JSON object"):
        load_financebench(path)
    path.write_text("[1, 2]\n", encoding="utf-8")
    with pytest.raises(InputError, match="line 1 is not a JSON object: \\[1, 2\\]"):
        load_financebench(path)
    path.write_text('{"question": "q"}\n', encoding="utf-8")
    with pytest.raises(InputError, match="line 1 has no 'doc_name', 'evidence'"):
        load_financebench(path)


def test_latex_headings_left_in_a_papers_text_are_rendered_as_headings():
    """Qasper's extraction left some papers' own headings in their text as LaTeX lines; they
    are headings at their LaTeX level, and the next Qasper section still gets its headings."""
    paper = {"title": "T", "abstract": "A.", "full_text": [
        {"section_name": "Model", "paragraphs": [
            "We propose a model.", "\\subsubsection{Training Settings}", "We train it.",
            "\\subsection*{ Generation }", "\\label{sec:gen}", "\\section{Evaluation}",
            "We evaluate.", "\\section{}", "\\subsection{A} and text after it"]},
        {"section_name": "Model ::: Details", "paragraphs": ["More."]},
    ]}
    lines = [line for line in qasper_to_markdown(paper).splitlines() if line]
    assert lines == [
        "# T", "## Abstract", "A.",
        "## Model", "We propose a model.", "#### Training Settings", "We train it.",
        "### Generation", "\\\\label{sec:gen}", "## Evaluation", "We evaluate.",
        # not a heading: no title, or text after the command
        "\\\\section{}", "\\\\subsection{A} and text after it",
        # the Qasper section after a LaTeX heading is written with its parent again
        "## Model", "### Details", "More.",
    ]
