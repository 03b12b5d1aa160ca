"""A date that names only a month (the arXiv month of a paper stamped as a later version,
whose stamp's day is that version's) beside dates that name a day: the date bounds keep it
where its month overlaps what they allow, and an order by date reads it as its month's first
day, newest first or oldest first alike (the rule of :func:`docnav.query.fields.own_date`),
so that one paper is not both the newest and the oldest."""

from __future__ import annotations

from pathlib import Path

import pytest
from _paths import FIXTURES
from _stores import html_document, indexed_copies

from docnav.embed import HashingEmbedder
from docnav.query import DocNavGraph, Navigator
from docnav.show import document_json
from docnav.store import Store


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    """A store (g.duckdb) of 1809.01202.pdf, dated September 2018 by its arXiv identifier (its
    second version's stamp: 18 October 2018), and two reports dated the 5th and the 20th of
    that month."""
    base = tmp_path_factory.mktemp("september")
    (base / "docs").mkdir()
    for name, day in (("early.html", "2018-09-05"), ("late.html", "2018-09-20")):
        (base / "docs" / name).write_text(
            html_document(f"Report of {day}", day, "Ada Lovelace", "Pump sales rose."))
    indexed_copies(base, [FIXTURES / "pdf" / "1809.01202.pdf"])
    return base


@pytest.fixture(scope="module")
def september(base):
    return DocNavGraph.open(base / "g.duckdb", embedder=HashingEmbedder())


def _kept(graph, **bounds) -> set[str]:
    return {Path(graph.node(n).path).name
            for n in graph.filter(graph.document_roots(), **bounds)}


def test_a_bound_inside_its_month_keeps_a_month_only_date(september):
    # --after 2018-09-15 left out the September paper, read as of the 1st: it may be of the 30th
    assert _kept(september, dated_after="2018-09-15") == {"1809.01202.pdf", "late.html"}
    assert _kept(september, dated_before="2018-09-15") == {"1809.01202.pdf", "early.html"}
    assert _kept(september, dated_after="2018-09-30", dated_before="2018-09-30") == {
        "1809.01202.pdf"}
    assert _kept(september, dated_after="2018-10-01") == set()
    assert _kept(september, dated_before="2018-08-31") == set()


@pytest.mark.parametrize("question, bounds, read, dated", [
    # one order: the September paper (as of the 1st) before both reports; read as its month's
    # last day for the newest and its first for the oldest, it was both the newest and the
    # oldest of the three
    ("What is the newest document?", {}, "late.html", "2018-09-20"),
    ("What is the oldest document?", {}, "1809.01202.pdf", "2018-09"),
    ("What is the newest document?", {"dated_before": "2018-09-10"}, "early.html", "2018-09-05"),
    ("What is the oldest document?", {"dated_after": "2018-09-15"}, "1809.01202.pdf",
     "2018-09")])
def test_an_order_by_date_reads_a_month_as_its_first_day(september, question, bounds, read,
                                                          dated):
    answer = Navigator(september).ask(question, 300, where=bounds)
    (step,) = [s for s in answer.trace if s["op"] == "documents"]
    assert [Path(p).name for p in step["documents"]] == [read]
    assert step["dates"] == [dated]


def test_show_json_gives_the_date_the_bounds_read_and_where_it_comes_from(base):
    # `show --json` gave the PDF's fields alone ("created": "2022-02-01..."), while the text
    # said "dated 2018-09 by its arXiv identifier"
    store = Store(base / "g.duckdb")
    shown = {name: document_json(store, name) for name in ("1809.01202.pdf", "late.html")}
    assert {name: (s["dated"], s["dated_by"]) for name, s in shown.items()} == {
        "1809.01202.pdf": ("2018-09", "arxiv_identifier"), "late.html": ("2018-09-20", "fields")}
