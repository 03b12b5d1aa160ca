"""A run without NLI (``--no-verify``) on a verified store reuses every summary it may, with
its verdicts: only the summaries it must rebuild (a changed section and those above it) are
stored unverified, and the next run with the model verifies those alone. Before, the run
rebuilt every summary of the store unverified, as a summary's key held the NLI model.

Real parser, real NLI model (../shared/models), real DuckDB; `docnav show` and `docnav locate
--verified-only` say what a user sees."""

from __future__ import annotations

import json

import duckdb
import pytest

from docnav.embed import HashingEmbedder
from docnav.index import Indexer, IndexOptions
from docnav.store import Store
from docnav.summaries import SummaryPipelineOptions, make_builder

from _cli import run

GUIDE = """# River Guide

The river runs for four hundred kilometres from the glacier to the sea.

## Floods

The river floods every spring when the snow melts in the mountains.

## Farming

Farmers along the banks plant rice after the water recedes.
"""

CITY = """# City Notes

The city grew around a market square in the twelfth century.

## Cathedral

Its cathedral took two hundred years to finish. The spire is ninety metres tall.
"""


def indexer(store: Store, nli_model=None) -> Indexer:
    """An indexer with NLI (``nli_model``) or without it (``--no-verify``)."""
    options = SummaryPipelineOptions(verify=nli_model is not None)
    return Indexer(store, IndexOptions(summaries=options), HashingEmbedder(),
                   summaries=make_builder(options, nli_model=nli_model))


@pytest.fixture
def docs(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "guide.md").write_text(GUIDE)
    (folder / "city.md").write_text(CITY)
    return folder


def summaries(store: Store) -> dict[str, tuple]:
    """Each summary's heading (or kind), tree hash, status and NLI model, by node id."""
    with duckdb.connect(str(store.path), read_only=True) as con:
        return {r[0]: r[1:] for r in con.execute(
            "SELECT s.node_id, coalesce(n.heading, n.kind), s.tree_hash, s.status, "
            "s.nli_model FROM summaries s JOIN nodes n USING (node_id)").fetchall()}


def claims(store: Store) -> list[tuple]:
    with duckdb.connect(str(store.path), read_only=True) as con:
        return con.execute("SELECT node_id, idx, text, verdict, nli_model FROM claims "
                           "ORDER BY ALL").fetchall()


def shown(store: Store, name: str) -> dict[str, str]:
    """`docnav show NAME --json`: each section's summary status, by heading."""
    code, out, err = run(store.path, "show", name, "--json")
    assert code == 0, err
    sections, statuses = list(json.loads(out)["tree"]["children"]), {}
    while sections:
        section = sections.pop()
        sections += section["children"]
        if section["summary"]:
            statuses[section["heading"]] = section["summary"]["status"]
    return statuses


def verified_hits(store: Store, query: str) -> set[str]:
    code, out, err = run(store.path, "locate", query, "--verified-only", "--json")
    assert code == 0, err
    return {hit["breadcrumb"] for hit in json.loads(out)}


def test_a_run_without_nli_keeps_the_verdicts_of_an_unchanged_store(tmp_path, docs, nli_model):
    store = Store(tmp_path / "db" / "g.duckdb")
    assert indexer(store, nli_model).index([docs]).ok
    before, verdicts = summaries(store), claims(store)
    assert {status for _, _, status, _ in before.values()} == {"verified"}

    report = indexer(store).index([docs])
    assert report.ok and report.docs_parsed == 0
    assert report.summaries.rebuilt == 0 and report.summaries.claims_checked == 0
    assert summaries(store) == before and claims(store) == verdicts
    assert shown(store, "guide.md") == {
        "River Guide": "verified", "Floods": "verified", "Farming": "verified"}
    assert "River Guide › Farming" in verified_hits(store, "farmers plant rice")


def test_a_run_without_nli_stores_only_what_it_rebuilds_unverified(tmp_path, docs, nli_model):
    store = Store(tmp_path / "db" / "g.duckdb")
    assert indexer(store, nli_model).index([docs]).ok
    before = summaries(store)
    (docs / "guide.md").write_text(GUIDE.replace("after the water recedes.",
                                                 "after the water recedes in May."))

    report = indexer(store).index([docs])
    assert report.ok and report.summaries.claims_checked == 0
    after = summaries(store)
    rebuilt = {node for node, row in after.items() if row != before.get(node)}
    # the path up from the edit: its section, the title's section, the document, the collection
    assert sorted(after[node][0] for node in rebuilt) == [
        "Farming", "River Guide", "River Guide", "collection"]
    assert report.summaries.rebuilt == len(rebuilt)
    assert {after[node][2:] for node in rebuilt} == {("unverified", "none")}
    assert shown(store, "guide.md") == {
        "River Guide": "unverified", "Floods": "verified", "Farming": "unverified"}
    assert shown(store, "city.md") == {"City Notes": "verified", "Cathedral": "verified"}
    hits = verified_hits(store, "farmers plant rice in May; the river floods every spring")
    assert "River Guide › Floods" in hits and "River Guide › Farming" not in hits

    again = indexer(store, nli_model).index([docs])  # with the model: those alone verified
    assert again.summaries.rebuilt == len(rebuilt) and again.summaries.claims_checked > 0
    final = summaries(store)
    assert {status for _, _, status, _ in final.values()} == {"verified"}
    assert {node: row for node, row in final.items() if node not in rebuilt} == {
        node: row for node, row in before.items() if node in final and node not in rebuilt}
    assert "River Guide › Farming" in verified_hits(store, "farmers plant rice in May")


def test_a_store_built_without_nli_is_verified_whole_by_the_next_run(tmp_path, docs, nli_model):
    store = Store(tmp_path / "db" / "g.duckdb")
    assert indexer(store).index([docs]).ok
    unchecked = summaries(store)
    assert {row[2:] for row in unchecked.values()} == {("unverified", "none")}
    assert not verified_hits(store, "farmers plant rice")

    report = indexer(store, nli_model).index([docs])
    assert report.summaries.rebuilt == len(unchecked) and report.summaries.reused == 0
    verified = summaries(store)
    assert set(verified) == set(unchecked)
    assert {row[2] for row in verified.values()} == {"verified"}
    assert shown(store, "guide.md") == {
        "River Guide": "verified", "Floods": "verified", "Farming": "verified"}

    again = indexer(store).index([docs])  # and without it again: nothing to rebuild
    assert again.summaries.rebuilt == 0 and summaries(store) == verified
