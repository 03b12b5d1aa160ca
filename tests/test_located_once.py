"""A located node says what it is: a hit of ``kinds=["table"]`` said only kind 'paragraph'
(QA F3). The pump manual and field notes indexed by the real pipeline (tests/_pump.py)."""

from __future__ import annotations


def test_a_hit_says_its_block_kind(graph):
    tables = graph.locate("cable length", k=5, kinds=["table"])
    assert tables and {(h.kind, h.block_kind) for h in tables} == {("paragraph", "table")}
    every = graph.locate("cable length", k=50)
    assert all(h.block_kind == graph.node(h.node_id).block_kind for h in every)
    assert {h.block_kind for h in every if h.kind == "paragraph"} >= {"table", "text"}
