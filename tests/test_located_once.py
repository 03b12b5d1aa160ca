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
