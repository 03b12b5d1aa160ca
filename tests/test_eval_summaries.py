"""The summary benchmark (benchmarks/eval_summaries.py): which part of an RFC is its authors'
summary, how the rest is scored against it, and the lead baseline it is compared with."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import eval_summaries as E  # noqa: E402

from docnav.parse import parse_file  # noqa: E402
from docnav.summarize import Budget, SummaryOptions  # noqa: E402
from docnav.tree import build_tree  # noqa: E402

RFC = """- Start Date: 2014-06-15

# Summary

Add a `clamp` function to `Ord`.

```
# Summary in a comment, not a heading
```

## Details of the summary

Still the summary.

# Motivation

Clamping is common.
"""


def test_the_summary_section_and_its_subsections_are_taken_out():
    rest, summary = E.without_summary(RFC)
    assert summary.strip().startswith("Add a `clamp`")
    assert "Still the summary." in summary and "# Summary in a comment" in summary
    assert rest.splitlines() == ["- Start Date: 2014-06-15", "", "# Motivation", "",
                                 "Clamping is common."]
    assert E.without_summary("# Motivation\n\nNo summary here.\n") is None


def test_rouge_counts_shared_word_grams_against_the_reference():
    assert E.rouge("the cat sat", "the cat sat", 1) == (1.0, 1.0, 1.0)
    recall, precision, f1 = E.rouge("the cat", "the cat sat down", 1)
    assert (recall, precision) == (0.5, 1.0) and f1 == pytest.approx(2 / 3)
    assert E.rouge("cat the", "the cat", 2) == (0.0, 0.0, 0.0)  # bigrams keep their order
    assert E.rouge("", "the cat", 1) == (0.0, 0.0, 0.0)


def test_the_lead_baseline_reads_sentences_in_order_leaving_out_field_lines(tmp_path):
    doc = tmp_path / "rfc.md"
    doc.write_text("- Start Date: 2014-06-15\n\n# Motivation\n\nOne. Two.\n\n```\ncode()\n```\n\n"
                   "Three is here.\n")
    tree = build_tree(parse_file(doc), "rfc", str(doc))
    assert E.lead_sentences(tree, SummaryOptions().document) == "One. Two. Three is here."
    assert E.lead_sentences(tree, Budget(2, 1000)) == "One. Two."
    # the summariser's own summary of the same tree is what the benchmark scores
    assert E.document_summary(tree, SummaryOptions())
