"""The evidence-recall harness (benchmarks/eval_navigation.py): how a gold paragraph or page
counts as found, which annotator counts, and the paired comparison that says how far a mean
over a few questions can be trusted."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from _paths import QASPER, require

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import eval_navigation as E  # noqa: E402

from docnav.datasets import load_qasper  # noqa: E402
from docnav.query.graph import Piece  # noqa: E402

GOLD = "The baseline model is a deep sequence-to-sequence encoder/decoder model with attention."


def piece(text: str, page: int | None = None) -> Piece:
    return Piece("n", "d.md", "d", page, text, len(text.split()))


def test_a_gold_paragraph_counts_when_a_piece_holds_it_or_covers_most_of_it():
    assert E.paragraph_found(GOLD, [f"Intro words. {GOLD} More words."])
    assert E.paragraph_found(GOLD, [GOLD[:-10]])  # a piece cut near its end: 89 % of it
    assert not E.paragraph_found(GOLD, [GOLD[:55]])  # 63 %: not enough of it was read
    assert not E.paragraph_found(GOLD, ["", "Unrelated text."])


def test_recall_is_the_best_annotator_and_strips_the_cut_marker():
    other = "A second evidence paragraph that only one annotator chose."
    pieces = [piece(GOLD[:-10] + E.CUT)]
    # annotator 1 needs two paragraphs (one found), annotator 2 only the found one
    assert E.qasper_recall([[GOLD, other], [GOLD]], pieces) == 1.0
    assert E.qasper_recall([[GOLD, other]], pieces) == 0.5
    assert E.qasper_recall([[], []], pieces) is None  # no text evidence: not scored


def test_page_recall_is_the_share_of_gold_pages_fetched():
    assert E.page_recall({3, 7}, [piece("a", 3), piece("b", None), piece("c", 5)]) == 0.5
    assert E.page_recall(set(), [piece("a", 3)]) is None


def _results(pairs: list[tuple[float, float]], budget: int = 1024) -> list[dict]:
    rows = []
    for i, (ours, theirs) in enumerate(pairs):
        rows.append({"qid": f"q{i}", "method": "docnav", "budget": budget, "recall": ours})
        rows.append({"qid": f"q{i}", "method": "dense", "budget": budget, "recall": theirs})
        rows.append({"qid": f"q{i}", "method": "docnav", "budget": 512, "recall": 0.0})
    rows.append({"qid": "none", "method": "docnav", "budget": budget, "recall": None})
    rows.append({"qid": "none", "method": "dense", "budget": budget, "recall": None})
    return rows


def test_the_paired_comparison_counts_questions_and_brackets_the_observed_gain():
    pairs = [(1.0, 0.5), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 1.0), (0.5, 0.0)]
    p = E.paired(_results(pairs), 1024, "dense")
    assert (p["n"], p["wins"], p["ties"], p["losses"]) == (6, 3, 2, 1)
    observed = sum(o for o, _ in pairs) / sum(t for _, t in pairs) - 1  # +33 %
    assert p["gain_low"] < observed < p["gain_high"]
    assert p["gain_low"] < 0  # six questions cannot show this gain
    assert E.paired(_results(pairs), 1024, "dense") == p  # seeded: the same interval each run
    four_times = E.paired(_results(pairs * 4), 1024, "dense")  # same gain, 24 questions
    assert four_times["gain_high"] - four_times["gain_low"] < 0.7 * (p["gain_high"] - p["gain_low"])
    line = E.paired_line(p)
    assert "3 better, 2 equal, 1 worse" in line and "%" in line


def test_a_gain_on_every_question_gives_an_interval_above_zero():
    p = E.paired(_results([(1.0, 0.5)] * 12 + [(0.5, 0.25)] * 12), 1024, "dense")
    assert p["wins"] == 24 and p["gain_low"] == pytest.approx(1.0)  # +100 % in every resample
    assert E.paired([], 1024, "dense") == {"n": 0}
    assert "no question" in E.paired_line({"n": 0})


def test_held_out_papers_leave_out_those_another_file_holds(tmp_path):
    papers = load_qasper(require(QASPER))
    ids = sorted(papers)
    seen = tmp_path / "seen.json"
    seen.write_text(json.dumps({pid: papers[pid] for pid in ids[:2]}), encoding="utf-8")
    docs = tmp_path / "docs"
    docs.mkdir()
    questions = E.qasper_questions(QASPER, docs, quick=False, skip=seen)
    assert {q["doc"] for q in questions} == {f"{pid}.md" for pid in ids[2:]}
    assert sorted(p.name for p in docs.iterdir()) == sorted(f"{pid}.md" for pid in ids[2:])
    assert len(questions) == sum(len(papers[pid]["qas"]) for pid in ids[2:])


def test_a_file_that_is_not_qasper_stops_the_harness_with_its_name(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"id": "1"', encoding="utf-8")
    before = set(E.OUT_DIR.glob("*")) if E.OUT_DIR.exists() else set()
    assert E.main(["--qasper", str(bad)]) == 2
    assert "bad.json: not valid JSON at line 1" in capsys.readouterr().err
    assert set(E.OUT_DIR.glob("*")) == before  # no empty trace folder left behind
    skip_all = tmp_path / "all.json"
    skip_all.write_text(require(QASPER).read_text(encoding="utf-8"), encoding="utf-8")
    assert E.main(["--qasper", str(QASPER), "--skip-papers-in", str(skip_all)]) == 2
    assert "every paper is also in" in capsys.readouterr().err


def test_the_target_line_names_the_questions_file():
    # the harness takes any file of the two formats; the line says which one it measured
    summary = {(m, 1024): r for m, r in [("bm25", 0.5), ("dense", 0.4), ("hybrid", 0.6),
                                         ("docnav", 0.72), ("docnav-nostop", 0.7)]}
    line = E.verdict(summary, "financebench", (1024,), "financebench-other-kinds.jsonl")
    assert line.startswith("TARGET financebench (financebench-other-kinds.jsonl) @ 1024 tokens")
    assert "best flat hybrid 0.600" in line and "needs >= 0.690" in line and ": MET" in line
    assert ": NOT met" in E.verdict({**summary, ("docnav", 1024): 0.68}, "qasper", (1024,))


def test_the_flat_baselines_rank_one_document_s_paragraphs(tmp_path):
    """The flat baselines read the graph's stored paragraph vectors: a refactor that moved
    them broke the harness with no test failing."""
    from _stores import indexed_graph

    from docnav.embed import HashingEmbedder

    flat = E.Flat(indexed_graph(tmp_path, {
        "pump.md": "# Pump\n\n## Seal\n\nReplace the impeller seal yearly.\n\n"
                   "## Wiring\n\nConnect the motor to its own breaker.\n",
        "other.md": "# Other\n\nThe impeller seal of another pump.\n"}))
    embedder = HashingEmbedder()
    path = flat.doc_path("pump.md")
    question = "When is the impeller seal replaced?"
    qvec = embedder.embed([question])[0]
    for ranked in (flat.rank_bm25(question, path), flat.rank_dense(qvec, path),
                   flat.rank_hybrid(question, path)):
        assert flat.graph.node(ranked[0]).text == "Replace the impeller seal yearly."
        assert {flat.graph.node(n).path for n in ranked} == {path}
    pieces = flat.fetch_ranked(flat.rank_bm25(question, path), budget=8)
    assert [p.text for p in pieces] == ["Replace the impeller seal yearly."]


def test_searching_every_document_counts_only_the_question_s_own(tmp_path):
    """``--scope store``: every method searches the whole store, as ``docnav ask`` without
    ``--doc`` does; the same text found in another document is not the question's evidence."""
    from _stores import indexed_graph

    graph = indexed_graph(tmp_path, {
        "pump.md": "# Pump\n\n## Seal\n\nReplace the impeller seal yearly.\n\n"
                   "## Wiring\n\nConnect the motor to its own breaker.\n",
        "other.md": "# Other\n\nThe impeller seal of another pump.\n"})
    flat = E.Flat(graph)
    question = "Which impeller seal?"
    ranked = flat.rank_bm25(question, E.STORE)
    assert {graph.node(n).path for n in ranked} == set(flat.by_doc)  # both documents
    assert {graph.node(n).path for n in flat.rank_hybrid(question, E.STORE)} == set(flat.by_doc)
    gold_here, gold_elsewhere = "Replace the impeller seal yearly.", "The impeller seal of another pump."
    questions = [{"doc": "pump.md", "question": question, "qid": q, "type": "t", "gold": [[g]]}
                 for q, g in (("here", gold_here), ("elsewhere", gold_elsewhere))]
    traces = tmp_path / "traces"
    traces.mkdir()
    by_scope = {}
    for scope in ("document", "store"):
        rows = E.run("qasper", questions, graph, (1024,), traces, scope)
        by_scope[scope] = {(r["qid"], r["method"]): r for r in rows}
    for method in ("bm25", "dense", "hybrid", "docnav"):
        store, document = by_scope["store"], by_scope["document"]
        assert store[("here", method)]["recall"] == 1.0
        assert store[("elsewhere", method)]["recall"] == 0.0  # fetched, but not pump.md's
        assert store[("elsewhere", method)]["n_pieces"] > store[("elsewhere", method)]["own_pieces"]
        assert document[("elsewhere", method)]["n_pieces"] == document[("elsewhere", method)]["own_pieces"]


def test_the_tables_give_the_questions_asking_for_a_figure_a_row_of_their_own():
    # two questions, one asking for a figure: each row is its own questions' mean recall
    rows = [{"qid": qid, "type": "extractive", "method": m, "asks_figure": asks, "budget": 1024,
             "recall": recall, "tokens": 1000, "seconds": 0.01, "route": "local"}
            for qid, asks, recall in (("q1", True, 1.0), ("q2", False, 0.5))
            for m in E.METHODS]
    text, _ = E.tables(rows, [1024], "qasper")
    lines = text.splitlines()
    figure = next(x for x in lines if x.startswith("| *asks for a figure* | 1/1 |"))
    other = next(x for x in lines if x.startswith("| *asks for none* | 1/1 |"))
    assert figure.count("1.00") == len(E.METHODS) and other.count("0.50") == len(E.METHODS)
