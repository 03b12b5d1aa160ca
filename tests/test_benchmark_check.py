"""The replay benchmark's check that an incremental store equals a rebuild
(benchmarks/_common.compare_canonical): a related list may differ from the rebuild's only in
which equally scored sections of a renamed document fill its last places, nothing else."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import _common as C  # noqa: E402

S, X, Y = ("a.md", "s:1"), ("b.md", "s:1"), ("c.md", "s:1")
RENAMED = ("new.md", "s:1")  # the document at new.md has another id in each store


def store(related: list[tuple[tuple, float]], new_md_id: str) -> dict[str, set]:
    edges = {(S, dst, "related", w, "__collection__") for dst, w in related}
    edges.add((S, X, "references", 1.0, "a.md"))
    ids = {("a.md", "A"), ("b.md", "B"), ("c.md", "C"), ("new.md", new_md_id)}
    return {"edges": edges, "_doc_ids": ids}


def check(a: dict, b: dict) -> tuple[list[str], list[str]]:
    notes: list[str] = []
    return C.compare_canonical(a, b, notes=notes), notes


def test_a_tie_broken_the_other_way_for_a_renamed_document_is_not_a_difference():
    a = store([(X, 0.9), (Y, 0.7)], new_md_id="old-id")
    b = store([(X, 0.9), (RENAMED, 0.7)], new_md_id="new-id")
    diff, notes = check(a, b)
    assert diff == []
    assert len(notes) == 1 and notes[0].startswith("related: 1 lists")


def test_a_tie_without_a_renamed_document_is_a_difference():
    a = store([(X, 0.9), (Y, 0.7)], new_md_id="same-id")
    b = store([(X, 0.9), (RENAMED, 0.7)], new_md_id="same-id")  # same ids: must agree
    diff, notes = check(a, b)
    assert diff and diff[0].startswith("edges: 1 rows only in incremental, 1 only in rebuild")
    assert notes == []


def test_a_difference_above_the_last_score_or_in_a_score_is_a_difference():
    a = store([(X, 0.9), (Y, 0.7)], new_md_id="old-id")
    above = store([(RENAMED, 0.9), (Y, 0.7)], new_md_id="new-id")  # not at the last place
    assert check(a, above)[0]
    other_score = store([(X, 0.9), (RENAMED, 0.6)], new_md_id="new-id")  # not a tie
    assert check(a, other_score)[0]
    shorter = store([(X, 0.9)], new_md_id="new-id")
    assert check(a, shorter)[0]
