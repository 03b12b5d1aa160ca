"""`prune_vectors` after a change of embedding model: what it deletes and keeps, the store and
export it leaves, and the indexer that keeps state across it. Real Markdown, parser and store;
the hashing embedder at two sizes stands for two models."""

from __future__ import annotations

from pathlib import Path

import pytest
from _harness import CORPUS, Harness, all_paths, assert_kept_state, assert_parquet_matches_store
from test_property_incremental import canonical

from docnav.embed import HashingEmbedder
from docnav.errors import StoreError
from docnav.export import behind_note, export_behind
from docnav.index import IndexOptions, Indexer
from docnav.prune import prune_vectors
from docnav.query import DocNavGraph
from docnav.store import Store


@pytest.fixture
def corpus(tmp_path: Path) -> Harness:
    return Harness(tmp_path, CORPUS)


def test_prune_deletes_the_vectors_no_document_uses_any_more(corpus, tmp_path):
    corpus.index()
    assert prune_vectors(corpus.store).summary() == (
        "nothing to prune: every stored model is in use (hashing-v1-256)")
    corpus.indexer = Indexer(corpus.store, IndexOptions(export_parquet=True),
                             HashingEmbedder(dim=128), parse=corpus.parse)
    corpus.index()  # every document re-embedded with the new model
    corpus.index()  # a second run: from now on the indexer keeps the stored texts' models
    old = corpus.query("SELECT count(*) FROM embeddings WHERE model = 'hashing-v1-256'")[0][0]
    assert old > 0

    planned = prune_vectors(corpus.store, dry_run=True)
    assert planned.pruned == {"hashing-v1-256": old} and planned.kept == ["hashing-v1-128"]
    assert planned.users == {"hashing-v1-128": all_paths(corpus)}
    assert corpus.query("SELECT count(*) FROM embeddings WHERE model = 'hashing-v1-256'") == [
        (old,)]  # a dry run deletes nothing

    report = prune_vectors(corpus.store)
    assert report.pruned == {"hashing-v1-256": old}
    assert report.exported == 4
    assert f"deleted {old:,} text vectors ({old:,} of hashing-v1-256)" in report.summary()
    assert corpus.query("SELECT DISTINCT model FROM embeddings") == [("hashing-v1-128",)]
    assert_parquet_matches_store(corpus)  # the old rows are gone from the export too
    # the store is now the one a fresh build with the new model makes
    scratch = Store(tmp_path / "scratch" / "s.duckdb")
    Indexer(scratch, IndexOptions(export_parquet=False), HashingEmbedder(dim=128)).index(
        [corpus.folder])
    assert canonical(corpus.store) == canonical(scratch)
    assert DocNavGraph.open(corpus.store.path).documents_without_vectors == []
    # the long-lived indexer notices another writer came, and goes on from the store
    corpus.edit("alpha.md", "Search alone does not show", "Search on its own never shows")
    assert corpus.index().texts_embedded == 1
    assert_kept_state(corpus)
    assert_parquet_matches_store(corpus)


def test_prune_keeps_a_model_that_a_document_not_yet_re_embedded_still_uses(corpus):
    corpus.index()
    corpus.indexer = Indexer(corpus.store, IndexOptions(export_parquet=True),
                             HashingEmbedder(dim=128), parse=corpus.parse)
    # a run over one document: the other three still use the old model
    corpus.indexer.index([corpus.folder], paths=[corpus.path("beta.md")])
    report = prune_vectors(corpus.store)
    others = [p for p in all_paths(corpus) if p != corpus.path("beta.md")]
    assert report.users == {"hashing-v1-128": [corpus.path("beta.md")],
                            "hashing-v1-256": others}
    assert report.pruned == {} and report.summary().startswith("nothing to prune")
    corpus.index()  # now every document is embedded with the new model
    report = prune_vectors(corpus.store)
    assert list(report.users) == ["hashing-v1-128"] and list(report.pruned) == ["hashing-v1-256"]
    assert_parquet_matches_store(corpus)


def test_prune_never_takes_the_only_vectors_of_a_document_without_section_vectors(corpus):
    """No writer leaves a document without section vectors (every document has a root
    section); should a store hold one anyway, its text vectors decide which models it uses."""
    corpus.index()
    corpus.indexer = Indexer(corpus.store, IndexOptions(export_parquet=True),
                             HashingEmbedder(dim=128), parse=corpus.parse)
    corpus.indexer.index([corpus.folder], paths=[corpus.path("beta.md")])
    others = [p for p in all_paths(corpus) if p != corpus.path("beta.md")]
    with corpus.store.transaction() as con:  # the three not re-embedded lose theirs
        con.execute("DELETE FROM node_vectors WHERE model = 'hashing-v1-256'")
    report = prune_vectors(corpus.store)
    assert report.users == {"hashing-v1-128": [corpus.path("beta.md")],
                            "hashing-v1-256": others}
    assert report.pruned == {}


def test_prune_without_the_export_leaves_it_to_the_next_run(corpus):
    corpus.index()
    corpus.indexer = Indexer(corpus.store, IndexOptions(export_parquet=True),
                             HashingEmbedder(dim=128), parse=corpus.parse)
    corpus.index()
    assert prune_vectors(corpus.store, export=False).exported == 0
    with corpus.store.reader() as con:
        assert len(corpus.store.pending_exports(con)) == 4  # queued with the delete
    report = corpus.index()  # nothing to index; the queued export is written
    assert report.docs_parsed == 0 and report.texts_embedded == 0
    assert_parquet_matches_store(corpus)
    with corpus.store.reader() as con:
        assert corpus.store.pending_exports(con) == []


def test_prune_without_the_export_marks_it_behind(corpus):
    """The export written by the last run lacks nothing of the store until the prune: after
    one that leaves it (``export=False``, `prune --no-parquet`) its readers say it is behind,
    as after any write with the export skipped; it said nothing before, then that "a run
    with --no-parquet wrote the store since" (the prune's own reason now)."""
    corpus.index()
    corpus.indexer = Indexer(corpus.store, IndexOptions(export_parquet=True),
                             HashingEmbedder(dim=128), parse=corpus.parse)
    corpus.index()
    assert not export_behind(corpus.store.parquet_dir)
    prune_vectors(corpus.store, export=False)
    assert behind_note(corpus.store.parquet_dir) == (
        "the export is behind the store by 4 documents (`docnav prune --no-parquet` deleted "
        "vectors since; the next run without --no-parquet brings the export up to date)")
    corpus.index()  # the queued export written: unmarked
    assert not export_behind(corpus.store.parquet_dir)


def test_prune_of_a_missing_store_says_so(tmp_path):
    with pytest.raises(StoreError, match="no store here, nothing to prune"):
        prune_vectors(Store(tmp_path / "none.duckdb"))
    assert not (tmp_path / "none.duckdb").exists()


def test_prune_that_writes_the_pending_export_unmarks_it_as_behind(corpus):
    corpus.index()
    corpus.indexer = Indexer(corpus.store, IndexOptions(export_parquet=False),
                             HashingEmbedder(dim=128), parse=corpus.parse)
    corpus.index()  # the new model's vectors, not exported: the export marked behind by 4
    assert behind_note(corpus.store.parquet_dir).startswith("the export is behind the store by 4")
    assert prune_vectors(corpus.store).exported == 4
    assert_parquet_matches_store(corpus)
    assert not export_behind(corpus.store.parquet_dir)  # up to date: readers say nothing
