"""A located node is one hit, whichever ways it matched, and says what it is: locate's k hits
held a section twice where its heading and its summary both matched (QA F2), and a hit of
``kinds=["table"]`` said only kind 'paragraph' (QA F3). The pump manual and field notes
indexed by the real pipeline, with summaries (tests/_pump.py)."""

from __future__ import annotations

import json

from _cli import run

QUERIES = ("impeller seal", "pump seals", "pump")


def test_each_node_is_located_once_at_its_best_match(graph):
    both = []
    for query in QUERIES:
        every = graph.locate(query, k=1000)
        ids = [h.node_id for h in every]
        assert len(ids) == len(set(ids)), query
        assert [h.score for h in every] == sorted((h.score for h in every), reverse=True)
        assert all(h.via == h.vias[0] and len(set(h.vias)) == len(h.vias) for h in every)
        both += [h for h in every if set(h.vias) == {"text", "summary"}]
        assert len({h.node_id for h in graph.locate(query, k=5)}) == 5, query
    assert both  # sections found by their heading and by their summary, each one hit
    # asked for one way alone, a node is found that way
    for via in ("text", "summary"):
        assert {h.vias for h in graph.locate("pump seals", k=50, via=[via])} == {(via,)}


def test_locate_on_the_command_line_gives_k_nodes(built):
    code, out, err = run(built.path, "locate", "pump seals", "-k", "5", "--json")
    assert code == 0, err
    hits = json.loads(out)
    assert len({h["node_id"] for h in hits}) == len(hits) == 5
    assert all(h["vias"][0] == h["via"] for h in hits)


def test_a_hit_says_its_block_kind(graph):
    tables = graph.locate("cable length", k=5, kinds=["table"])
    assert tables and {(h.kind, h.block_kind) for h in tables} == {("paragraph", "table")}
    every = graph.locate("cable length", k=50)
    assert all(h.block_kind == graph.node(h.node_id).block_kind for h in every)
    assert {h.block_kind for h in every if h.kind == "paragraph"} >= {"table", "text"}


def test_a_node_matched_by_its_summary_too_shows_the_summary(built):
    """Since a node is one hit, one matched by its heading and its summary showed the heading
    alone: the summary's words, which its summary hit showed, were in neither output."""
    code, out, err = run(built.path, "locate", "pump seals", "-k", "50", "--json")
    assert code == 0, err
    hits = json.loads(out)
    both = [h for h in hits if h["via"] == "text" and "summary" in h["vias"]]
    assert both  # found by their heading and by their summary
    assert all(h["summary"] and h["summary"] != h["text"] for h in both)
    assert not any("summary" in h for h in hits if "summary" not in h["vias"])
    code, out, err = run(built.path, "locate", "pump seals", "-k", "50")
    assert code == 0, err
    lines = out.splitlines()
    for h in both:
        at = next(i for i, line in enumerate(lines) if line.startswith(h["node_id"][:12]))
        assert lines[at + 1].startswith("    summary: " + h["summary"].split()[0]), lines[at:]
