"""The document-choice benchmark (benchmarks/eval_best_document.py): its question file."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import eval_best_document as E  # noqa: E402


def test_the_bundled_questions_name_one_document_each():
    rows = E.read_questions(E.QUESTIONS)
    assert len(rows) == 40
    assert all(doc.endswith(".md") and question.endswith("?") for doc, question in rows)
    assert ("1192-inclusive-ranges.md",
            "Which RFC introduced inclusive ranges and what syntax does it use?") in rows


def test_a_line_without_its_tab_is_refused_with_its_place(tmp_path):
    f = tmp_path / "q.tsv"
    f.write_text("# comment\n\na.md\tWhat is a?\nb.md What is b?\n", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"q\.tsv:4: expected 'document<TAB>question'"):
        E.read_questions(f)
