"""The replay benchmark's check that an incremental store equals a rebuild
(benchmarks/_common.compare_canonical): a related list may differ from the rebuild's only in
which equally scored sections of a renamed document fill its last places, nothing else."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

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


# -- pooling edit-scaling runs (benchmarks/pool_edit.py) ------------------------------------


def _run(walls: dict[int, list[float]]) -> dict:
    return {"sizes": {str(n): {"edits": [{"wall": w, "stage_seconds": {"store": w / 2}}
                                         for w in ws]} for n, ws in walls.items()}}


def test_pooled_ratio_is_over_every_edit_of_every_run(tmp_path, capsys):
    import pool_edit

    # per run 1.0x and 1.5x; pooled, the medians of all six edits per size: 0.2 vs 0.3 s
    files = []
    for i, walls in enumerate([{10: [0.1, 0.2, 0.2], 1000: [0.1, 0.2, 0.3]},
                               {10: [0.2, 0.2, 0.3], 1000: [0.3, 0.3, 0.4]}]):
        files.append(tmp_path / f"run{i}.json")
        files[-1].write_text(json.dumps(_run(walls)))
    assert pool_edit.main([str(f) for f in files]) == 0
    out = capsys.readouterr().out
    assert "pooled over 6 edits per size: 0.2000 vs 0.3000 s = 1.500x" in out
    assert "store" in out and "+50.0" in out  # the stage's growth, in ms


def test_pooling_a_run_without_one_of_the_sizes_is_an_error(tmp_path, capsys):
    import pool_edit

    f = tmp_path / "run.json"
    f.write_text(json.dumps(_run({10: [0.1]})))
    assert pool_edit.main([str(f)]) == 2
    assert "without N=1000" in capsys.readouterr().err


def test_the_benchmarks_refuse_a_parser_without_parse_file(monkeypatch, capsys):
    import docnav.parse

    monkeypatch.delattr(docnav.parse, "parse_file")
    with pytest.raises(SystemExit) as exit_:
        C.require_parser()
    assert exit_.value.code == 2
    assert "docnav.parse has no parse_file" in capsys.readouterr().out
