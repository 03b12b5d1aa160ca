"""Summaries are rebuilt only on the changed path; NLI runs only for new claims.

Real parser (docling), real NLI model (../shared/models), real DuckDB; the hashing embedder
keeps embeddings fast (embeddings are not what is counted here).
"""

from __future__ import annotations

import json

import duckdb
import pytest

from docnav.diff import diff_trees
from docnav.embed import HashingEmbedder
from docnav.index import Indexer, IndexOptions
from docnav.model import NodeKind
from docnav.store import Store
from docnav.summaries import SummaryPipelineOptions, make_builder

from _harness import assert_export_matches

GUIDE = """# River Guide

The river runs for four hundred kilometres from the glacier to the sea.

## Floods

The river floods every spring when the snow melts in the mountains.

### Defences

In 1952 a dam was built upstream to control the floods. The dam holds
back two billion cubic metres of water.

### Warnings

Sirens sound in the villages when the water rises above the red mark.

## Farming

Farmers along the banks plant rice after the water recedes.
"""

CITY = """# City Notes

The city grew around a market square in the twelfth century.

## Cathedral

Its cathedral took two hundred years to finish. The spire is ninety metres tall.
"""

PORT = """# Port

The harbour was dredged in 1998 so that larger ships could dock.

## Trade

Grain and timber leave the port every week during the summer.
"""


@pytest.fixture
def setup(tmp_path, nli_model):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "guide.md").write_text(GUIDE)
    (docs / "city.md").write_text(CITY)
    (docs / "port.md").write_text(PORT)
    store = Store(tmp_path / "db" / "graph.duckdb")
    builder = make_builder(SummaryPipelineOptions(), nli_model=nli_model)
    indexer = Indexer(store, IndexOptions(summaries=SummaryPipelineOptions()),
                      HashingEmbedder(), summaries=builder)
    first = indexer.index([docs])
    assert first.ok and first.summaries.failed == 0
    return docs, store, indexer, nli_model


def summary_rows(store: Store) -> dict[str, tuple]:
    with duckdb.connect(str(store.path), read_only=True) as con:
        return {r[0]: r[1:] for r in con.execute(
            "SELECT node_id, tree_hash, text, status FROM summaries").fetchall()}


def tree(store: Store, name: str):
    with store.reader() as con:
        (doc_id,) = con.execute(
            "SELECT doc_id FROM documents WHERE path LIKE ?", [f"%/{name}"]).fetchone()
        return store.load_tree(con, doc_id)


def test_first_build_summarises_every_section_document_and_the_collection(setup):
    docs, store, _, _ = setup
    rows = summary_rows(store)
    with duckdb.connect(str(store.path), read_only=True) as con:
        expected = con.execute(
            "SELECT count(*) FROM nodes WHERE kind IN ('section', 'document', 'collection')"
        ).fetchone()[0]
    assert len(rows) == expected
    assert all(text for _, text, _ in rows.values())


def test_one_paragraph_edit_at_depth_d_rebuilds_d_plus_2_summaries(setup):
    docs, store, indexer, nli = setup
    before = tree(store, "guide.md")
    edited = GUIDE.replace("red mark.", "red mark painted on the bridge.")
    (docs / "guide.md").write_text(edited)
    pairs_before = nli.pairs_scored
    report = indexer.index([docs])
    after = tree(store, "guide.md")

    paragraph = next(n for n in after.paragraphs if "red mark painted" in n.text)
    depth = sum(1 for a in after.ancestors(paragraph.node_id) if a.kind is NodeKind.SECTION)
    assert depth == 3  # River Guide > Floods > Warnings
    assert report.summaries.rebuilt == depth + 2  # sections on the path, document, collection
    assert report.docs_parsed == 1

    dirty = set(diff_trees(before, after).dirty)
    rows = summary_rows(store)
    for node in after.nodes:
        if node.kind is not NodeKind.PARAGRAPH:
            assert rows[node.node_id][0] == node.tree_hash
    rebuilt_sections = {n.node_id for n in after.nodes
                        if n.node_id in dirty and n.kind is not NodeKind.PARAGRAPH}
    assert len(rebuilt_sections) == depth + 1
    # NLI ran only for claims of the rebuilt summaries, and not for claims it had seen
    with duckdb.connect(str(store.path), read_only=True) as con:
        new_claims = con.execute(
            "SELECT count(*) FROM claims WHERE node_id IN (SELECT unnest(?))",
            [sorted(rebuilt_sections)],
        ).fetchone()[0]
    windows = indexer.options.summaries.nli.paragraphs_per_claim * \
        indexer.options.summaries.nli.windows_per_paragraph
    assert 0 < nli.pairs_scored - pairs_before <= (new_claims + 10) * windows
    assert report.summaries.claims_checked <= new_claims + 10  # + the collection's claims


def test_moving_a_paragraph_rebuilds_what_the_tree_hash_rule_says(setup):
    docs, store, indexer, _ = setup
    before = tree(store, "guide.md")
    moved = GUIDE.replace(
        "\nFarmers along the banks plant rice after the water recedes.\n", "\n"
    ).replace("## Floods\n", "## Floods\n\nFarmers along the banks plant rice after the water "
                                "recedes.\n")
    (docs / "guide.md").write_text(moved)
    report = indexer.index([docs])
    after = tree(store, "guide.md")
    dirty = diff_trees(before, after).dirty
    expected = sum(1 for n in dirty if after.node(n).kind is not NodeKind.PARAGRAPH) + 1
    assert report.texts_embedded == 0
    assert report.summaries.rebuilt == expected


def test_a_file_rename_with_the_same_text_rebuilds_at_most_the_collection(setup):
    docs, store, indexer, nli = setup
    (docs / "port.md").rename(docs / "harbour.md")
    pairs = nli.pairs_scored
    report = indexer.index([docs])
    assert report.renamed and report.texts_embedded == 0
    # document summaries are reused; the collection's children are ordered by path, so its
    # tree hash (and only its summary) may change
    assert report.summaries.rebuilt <= 1
    assert nli.pairs_scored - pairs <= 8 * 6


def test_a_delete_rebuilds_only_the_collection_summary(setup):
    docs, store, indexer, _ = setup
    city = tree(store, "city.md")
    (docs / "city.md").unlink()
    report = indexer.index([docs])
    assert report.summaries.rebuilt == 1
    rows = summary_rows(store)
    assert not [n for n in city.nodes if n.node_id in rows]


def test_changing_the_nli_model_re_verifies_unchanged_documents(setup, tmp_path):
    import shutil

    from tests.conftest import NLI_MODEL
    from docnav.verify import VerifyOptions

    docs, store, _, _ = setup
    copy = tmp_path / "nli-v2"
    shutil.copytree(NLI_MODEL, copy)
    options = SummaryPipelineOptions(nli=VerifyOptions(model=str(copy)))
    indexer = Indexer(store, IndexOptions(summaries=options), HashingEmbedder())
    report = indexer.index([docs])
    assert report.docs_parsed == 0  # nothing reparsed...
    assert report.summaries.rebuilt == len(summary_rows(store))  # ...everything re-verified
    again = indexer.index([docs])
    assert again.summaries.rebuilt == 0


def test_every_extractive_claim_is_in_its_source_and_has_a_recorded_verdict(setup):
    _, store, _, _ = setup
    with duckdb.connect(str(store.path), read_only=True) as con:
        rows = con.execute(
            "SELECT c.text, c.verdict, c.start_offset, c.end_offset, n.text FROM claims c "
            "JOIN nodes n ON n.node_id = c.source_id"
        ).fetchall()
        total = con.execute("SELECT count(*) FROM claims").fetchone()[0]
    assert rows and len(rows) == total  # every claim has a source paragraph
    for claim, verdict, start, end, source in rows:
        assert " ".join(claim.split()) in " ".join(source.split())
        assert source[start:end] == claim
        assert verdict in ("entail", "neutral", "contradict")


def test_a_new_summariser_version_rebuilds_summaries_but_reuses_verdicts(setup):
    from docnav.summaries import SummaryBuilder
    from docnav.summarize import ExtractiveSummarizer
    from docnav.verify import Verifier

    class NextVersion(ExtractiveSummarizer):
        summarizer_id = ExtractiveSummarizer.summarizer_id + "-next"

    docs, store, old, nli = setup
    builder = SummaryBuilder(NextVersion(), Verifier(nli), "flag")
    indexer = Indexer(store, old.options, HashingEmbedder(), summaries=builder)
    pairs = nli.pairs_scored
    report = indexer.index([docs])
    assert report.docs_parsed == 0
    assert report.summaries.rebuilt == len(summary_rows(store))
    # same sentences, same premises, same NLI model: every verdict comes from the cache
    assert nli.pairs_scored == pairs


def test_the_summary_export_matches_the_store_also_after_an_edit_without_summaries(setup):
    """The summaries and claims files hold the store's rows; an indexer run without summaries
    (whose export skips the query of an empty table) still exports the stored ones."""
    docs, store, _, _ = setup
    assert_export_matches(store)
    (docs / "city.md").write_text(CITY.replace("ninety metres", "ninety-one metres"))
    plain = Indexer(store, IndexOptions(), HashingEmbedder())  # summaries off
    report = plain.index([docs])
    assert report.ok and report.docs_parsed == 1
    with store.reader() as con:
        kept = con.execute("SELECT count(*) FROM summaries").fetchone()[0]
    assert kept > 0  # the non-empty path: the stored summaries are queried and exported
    assert_export_matches(store)
    # a store that never had summaries: the files are written empty, with the table's types
    bare = Store(store.path.parent.parent / "bare" / "graph.duckdb")
    Indexer(bare, IndexOptions(), HashingEmbedder()).index([docs])
    assert_export_matches(bare)
    assert any((bare.parquet_dir / "summaries").glob("*.parquet"))


def claim_rows(store: Store, node_id: str) -> list[tuple]:
    with duckdb.connect(str(store.path), read_only=True) as con:
        return con.execute("SELECT idx, text, source_id, verdict FROM claims WHERE node_id = ? "
                           "ORDER BY idx", [node_id]).fetchall()


def test_renaming_a_heading_reuses_the_summaries_of_the_sections_under_it(setup):
    # the subsections' ids follow the heading path, so they change; their content does not
    docs, store, indexer, nli = setup
    defences = next(n for n in tree(store, "guide.md").sections if n.heading == "Defences")
    claims = claim_rows(store, defences.node_id)
    (docs / "guide.md").write_text(GUIDE.replace("## Floods", "## Flooding"))
    pairs = nli.pairs_scored
    report = indexer.index([docs])
    after = tree(store, "guide.md")
    moved = next(n for n in after.sections if n.heading == "Defences")
    assert moved.node_id != defences.node_id
    # Flooding, River Guide, the document and the collection; not Defences and Warnings
    assert report.summaries.rebuilt == 4
    assert summary_rows(store)[moved.node_id][0] == moved.tree_hash
    assert claim_rows(store, moved.node_id) == claims and claims
    assert nli.pairs_scored == pairs  # every claim's verdict was known


def test_moving_a_section_under_another_heading_reuses_its_summary(setup):
    docs, store, indexer, _ = setup
    defences = "### Defences\n\nIn 1952 a dam was built upstream to control the floods. The " \
               "dam holds\nback two billion cubic metres of water.\n\n"
    assert defences in GUIDE
    (docs / "guide.md").write_text(GUIDE.replace(defences, "") + "\n" + defences)
    report = indexer.index([docs])
    after = tree(store, "guide.md")
    moved = next(n.node_id for n in after.sections if n.heading == "Defences")
    assert after.ancestors(moved)[0].heading == "Farming"
    # Floods, Farming, River Guide, the document and the collection; not Defences
    assert report.summaries.rebuilt == 5
    with duckdb.connect(str(store.path), read_only=True) as con:
        farming = after.ancestors(moved)[0].node_id
        (sentences,) = con.execute("SELECT sentences FROM summaries WHERE node_id = ?",
                                   [farming]).fetchone()
    cited = [after.node(s["source_id"]).text[:6] for s in json.loads(sentences)]
    assert cited[0] == "Farmer" and "In 195" in cited  # Defences' sentences in their new place


def test_a_summary_reused_after_its_section_moved_sorts_by_the_new_place(setup):
    docs, store, indexer, _ = setup
    farming = "## Farming\n\nFarmers along the banks plant rice after the water recedes.\n"
    (docs / "guide.md").write_text(GUIDE.replace(farming, "").replace(
        "## Floods", farming + "\n## Floods"))
    report = indexer.index([docs])
    assert report.summaries.rebuilt == 3  # River Guide, the document and the collection
    after = tree(store, "guide.md")
    with duckdb.connect(str(store.path), read_only=True) as con:
        for node in (after.root, after.children(after.root.node_id)[0]):
            (sentences,) = con.execute("SELECT sentences FROM summaries WHERE node_id = ?",
                                       [node.node_id]).fetchone()
            cited = [after.node(s["source_id"]).position for s in json.loads(sentences)]
            assert len(cited) > 1 and cited == sorted(cited), node.heading


def test_a_change_of_the_document_rules_rebuilds_the_documents_summaries_only(setup,
                                                                              monkeypatch):
    # How the builder makes a document's summary from its parts (a filing from its Business
    # and MD&A items, without its officers) is no summariser's id: a summary made by a chat
    # model under the old rules was kept until its document changed. The rules are part of a
    # document's (and the collection's) summary key: changed, those summaries are rebuilt on
    # the next run, though no document changed; no section's is.
    from docnav.summaries import Refreshed, SummaryStats

    docs, store, indexer, _ = setup
    again = indexer.index([docs])
    assert again.summaries.rebuilt == 0  # the same rules: nothing is stale, run after run
    # nor is any document read again to find that out
    assert indexer.summaries.refresh_stale(store, set(), SummaryStats()) == Refreshed([], [])
    sections = {k: v for k, v in summary_rows(store).items()}
    monkeypatch.setattr("docnav.summaries.DOCUMENT_RULES", "documents-next")
    stats = SummaryStats()
    refreshed = indexer.summaries.refresh_stale(store, set(), stats)
    assert len(refreshed.rebuilt) == 3 and refreshed.failed == []
    assert stats.rebuilt == 3  # the three documents' summaries; their sections' reused
    report = indexer.index([docs])  # the next run: the collection's, made of the documents'
    assert report.docs_parsed == 0 and report.summaries.rebuilt == 1
    with duckdb.connect(str(store.path), read_only=True) as con:
        made = con.execute("SELECT n.kind, s.summarizer, s.node_id FROM summaries s "
                           "JOIN nodes n ON n.node_id = s.node_id").fetchall()
    for kind, summarizer, node_id in made:
        assert summarizer.endswith(" documents-next") == (kind in ("document", "collection"))
        if kind == "section":
            assert summary_rows(store)[node_id] == sections[node_id]
    assert indexer.index([docs]).summaries.rebuilt == 0


def test_a_reused_summary_never_cites_a_copy_of_its_paragraph_elsewhere(setup):
    """A paragraph's id is its text's and its place among the same texts: a copy added (or a
    first copy edited) before it moves its id. The Second section's summary was reused as it
    was, citing the copy under First (or an id no table had), and its parents copied that."""
    docs, store, indexer, _ = setup
    oil = "Gearbox oil is changed every 2000 hours."
    text = f"# Doc\n\n## First\n\nAlpha text about impellers.\n\n## Second\n\n" \
           f"Intro about the gearbox.\n\n{oil}\n"
    (docs / "r.md").write_text(text)
    indexer.index([docs])
    for edited in (text.replace("impellers.\n", f"impellers.\n\n{oil}\n"),  # a copy before it
                   text.replace("impellers.\n", f"impellers.\n\n{oil}\n").replace(
                       f"impellers.\n\n{oil}", "impellers.\n\nGearbox oil is checked.")):
        (docs / "r.md").write_text(edited)
        assert indexer.index([docs]).ok
        after = tree(store, "r.md")
        with duckdb.connect(str(store.path), read_only=True) as con:
            rows = con.execute("SELECT node_id, sentences FROM summaries WHERE doc_id = ?",
                               [after.doc_id]).fetchall()
            claimed = con.execute("SELECT node_id, source_id FROM claims WHERE doc_id = ?",
                                  [after.doc_id]).fetchall()
        cited = [(node_id, s["source_id"]) for node_id, sentences in rows
                 for s in json.loads(sentences) if s["source_id"]] + list(claimed)
        assert cited
        for node_id, source in cited:
            assert after.get(source) is not None, (node_id, source)
            assert after.node(node_id) in after.ancestors(source), (
                after.node(node_id).heading, after.node(source).breadcrumb)


def test_a_run_without_summaries_leaves_no_summary_of_text_it_changed(setup):
    """`docnav show` printed "The city grew ..." above the paragraph that now says otherwise,
    and `locate --via summary` found it: the summaries of the changed nodes (and the
    collection's) stayed as if current. The next run with summaries builds them again."""
    from docnav.query import DocNavGraph

    docs, store, indexer, _ = setup
    (docs / "city.md").write_text(CITY.replace("market square", "river ford"))
    assert Indexer(store, IndexOptions(), HashingEmbedder()).index([docs]).ok  # summaries off
    with duckdb.connect(str(store.path), read_only=True) as con:
        stale = con.execute(
            "SELECT s.node_id FROM summaries s LEFT JOIN nodes n USING (node_id) "
            "WHERE n.tree_hash IS DISTINCT FROM s.tree_hash").fetchall()
        orphan = con.execute("SELECT count(*) FROM claims c WHERE NOT EXISTS (SELECT 1 FROM "
                             "summaries s WHERE s.node_id = c.node_id)").fetchone()[0]
        kept = con.execute("SELECT count(*) FROM summaries").fetchone()[0]
    assert stale == [] and orphan == 0 and kept > 0  # the unchanged ones stay
    graph = DocNavGraph.open(store.path, embedder=None)
    hits = graph.locate("market square", k=5, via=["summary"])
    assert not [h for h in hits if "market square" in (h.text or "")]
    assert_export_matches(store)
    rebuilt = indexer.index([docs]).summaries.rebuilt
    assert rebuilt == 3  # Cathedral's stays: City Notes, the document, the collection
