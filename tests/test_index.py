"""The incremental indexer on real Markdown files, the real parser and a DuckDB store: the
work each run does (parses, embeddings) and what it leaves in the store and its export."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from polars.testing import assert_frame_equal
from _harness import (
    ALPHA, BETA, CORPUS, Harness, all_paths, assert_kept_state, assert_parquet_matches_store,
)

from docnav import writer_lock
from docnav.embed import HashingEmbedder, SentenceTransformerEmbedder
from docnav.index import IndexOptions, Indexer
from docnav.store import COLLECTION_DOC_ID, PER_DOC_TABLES, Store


@pytest.fixture
def corpus(tmp_path: Path) -> Harness:
    return Harness(tmp_path, CORPUS)


# -- work counting -----------------------------------------------------------------------------


def test_first_index_parses_every_document_and_embeds_each_distinct_text_once(corpus):
    report = corpus.index()
    assert sorted(report.added) == all_paths(corpus)
    assert sorted(corpus.parse.calls) == all_paths(corpus)
    assert report.docs_parsed == 4
    distinct = corpus.distinct_text_hashes()
    assert report.texts_embedded == distinct  # the shared paragraph is embedded once
    assert corpus.query("SELECT count(*) FROM embeddings")[0][0] == distinct
    assert_parquet_matches_store(corpus)


def test_an_edit_takes_unchanged_vectors_from_the_documents_export(corpus, monkeypatch):
    """The database's vector column is read whole by any query on it, so an edit reads the
    edited document's unchanged vectors from its exported embeddings file instead."""
    corpus.index()
    from_export = []
    real = Store._exported_vectors

    def spy(self, doc_ids, model, wanted):
        found = real(self, doc_ids, model, wanted)
        from_export.append((list(doc_ids), len(wanted), len(found)))
        return found

    monkeypatch.setattr(Store, "_exported_vectors", spy)
    corpus.edit("alpha.md", "Search alone does not show", "Search on its own never shows")
    report = corpus.index()
    alpha_texts = len({h for (h,) in corpus.query(
        "SELECT text_hash FROM nodes WHERE doc_id = ?", [corpus.doc_id("alpha.md")])})
    # every stored text of the new version came from the export; the edited one is new
    assert from_export == [([corpus.doc_id("alpha.md")], alpha_texts - 1, alpha_texts - 1)]
    assert report.texts_embedded == 1
    assert_parquet_matches_store(corpus)


def test_a_damaged_or_missing_export_only_costs_a_database_read(corpus):
    corpus.index()
    folder = corpus.store.parquet_dir / "embeddings"
    (folder / f"{corpus.doc_id('alpha.md')}.parquet").write_bytes(b"not parquet")
    (folder / f"{corpus.doc_id('beta.md')}.parquet").unlink()
    corpus.edit("alpha.md", "Search alone does not show", "Search on its own never shows")
    corpus.edit("beta.md", "exported to Parquet files", "copied to Parquet files")
    report = corpus.index()
    assert report.texts_embedded == 2  # the other vectors were found in the database
    assert_parquet_matches_store(corpus)  # and both files are whole again


def test_the_embeddings_export_of_a_big_run_is_queried(corpus, monkeypatch):
    monkeypatch.setattr("docnav.index._EXPORT_IN_HAND", 0)
    corpus.index()
    corpus.edit("alpha.md", "Search alone does not show", "Search on its own never shows")
    corpus.index()
    assert_parquet_matches_store(corpus)


def test_after_a_model_change_the_export_keeps_every_models_vectors(corpus):
    corpus.index()
    corpus.indexer = Indexer(corpus.store, IndexOptions(export_parquet=True),
                             HashingEmbedder(dim=128), parse=corpus.parse)
    corpus.edit("alpha.md", "Search alone does not show", "Search on its own never shows")
    corpus.index()
    models = corpus.query("SELECT model, count(*) FROM embeddings GROUP BY model ORDER BY model")
    assert [m for m, _ in models] == ["hashing-v1-128", "hashing-v1-256"]
    assert_parquet_matches_store(corpus)  # alpha's file holds both models' rows, as the store


def test_a_new_embedding_model_re_embeds_the_unchanged_documents(corpus, tmp_path):
    from test_property_incremental import canonical

    from docnav.query import DocNavGraph

    corpus.index()
    corpus.indexer = Indexer(corpus.store, IndexOptions(export_parquet=True),
                             HashingEmbedder(dim=128), parse=corpus.parse)
    report = corpus.index()
    assert sorted(report.reembedded) == all_paths(corpus) == sorted(report.unchanged)
    assert report.docs_parsed == 0  # nothing changed: the stored trees are embedded
    assert report.texts_embedded == corpus.distinct_text_hashes()
    assert "; 4 unchanged documents embedded with a new model; " in report.summary()
    assert_parquet_matches_store(corpus)
    # the store is the one a fresh build with the new model makes, plus the old text vectors
    scratch = Store(tmp_path / "scratch" / "s.duckdb")
    Indexer(scratch, IndexOptions(export_parquet=False), HashingEmbedder(dim=128)).index(
        [corpus.folder])
    ours, fresh = canonical(corpus.store), canonical(scratch)
    for table in fresh:
        if table != "embeddings":
            assert ours[table] == fresh[table], table
    assert set(fresh["embeddings"]) < set(ours["embeddings"])
    graph = DocNavGraph.open(corpus.store.path)
    assert graph.model == "hashing-v1-128" and graph.documents_without_vectors == []

    again = corpus.index()  # the same process: nothing left to embed, no check either
    assert again.reembedded == [] and again.texts_embedded == 0
    assert_kept_state(corpus)


def test_a_run_over_some_paths_re_embeds_only_those(corpus):
    corpus.index()
    corpus.indexer = Indexer(corpus.store, IndexOptions(export_parquet=True),
                             HashingEmbedder(dim=128), parse=corpus.parse)
    report = corpus.indexer.index([corpus.folder], paths=[corpus.path("beta.md")])
    assert report.reembedded == [corpus.path("beta.md")]
    rest = corpus.index()  # a run over the whole folder does the others
    assert sorted(rest.reembedded) == sorted(p for p in all_paths(corpus)
                                             if p != corpus.path("beta.md"))
    assert_parquet_matches_store(corpus)


def test_a_document_switched_back_to_the_store_s_model_is_as_a_fresh_build(tmp_path):
    """One document indexed with another model, then the folder with the first again: the
    document kept the other model's section vectors (its texts still had vectors of the
    first), and the lists of related sections the other model's run dropped stayed dropped
    (three sample RFCs: 26 related edges, then 20; 34 and 24 with the default model)."""
    from test_property_incremental import canonical

    rfcs = sorted((Path(__file__).parents[1] / "samples" / "rfcs").glob("*.md"))[:3]
    corpus = Harness(tmp_path, {p.name: p.read_text(encoding="utf-8") for p in rfcs})
    corpus.index()
    related = corpus.query("SELECT count(*) FROM edges WHERE kind = 'related'")
    other = Indexer(corpus.store, IndexOptions(export_parquet=True), HashingEmbedder(dim=128))
    other.index([corpus.folder], paths=[corpus.path(rfcs[1].name)])
    back = corpus.index()
    assert back.reembedded == [corpus.path(rfcs[1].name)]
    assert corpus.query("SELECT count(*) FROM edges WHERE kind = 'related'") == related
    scratch = Store(tmp_path / "scratch" / "s.duckdb")
    Indexer(scratch, IndexOptions(export_parquet=False), HashingEmbedder()).index(
        [corpus.folder])
    ours, fresh = canonical(corpus.store), canonical(scratch)
    assert related[0][0] > 0 and all(ours[t] == fresh[t] for t in fresh if t != "embeddings"), [
        t for t in fresh if ours[t] != fresh[t]]
    assert_parquet_matches_store(corpus)


class FailsSecondTime(HashingEmbedder):
    """Embeds one batch, then fails as an embedding server that went away would."""

    calls = 0

    def _embed(self, texts):
        self.calls += 1
        if self.calls == 2:
            raise RuntimeError("embedding server went away")
        return super()._embed(texts)


def test_a_run_that_dies_after_some_batches_leaves_their_export_to_the_next_run(corpus):
    corpus.index()
    for name, old, new in [("alpha.md", "Search alone does not show", "Search never shows"),
                           ("beta.md", "exported to Parquet files", "copied to Parquet files"),
                           ("gamma.md", "Gamma", "Gamma, revised")]:
        corpus.edit(name, old, new)
    corpus.indexer = Indexer(corpus.store, IndexOptions(export_parquet=True, batch_size=2),
                             FailsSecondTime(), parse=corpus.parse)
    with pytest.raises(RuntimeError, match="went away"):
        corpus.index()  # the first batch is committed, its export not written
    assert corpus.query("SELECT count(DISTINCT doc_id) FROM pending_export")[0][0] == 2
    corpus.indexer = Indexer(corpus.store, IndexOptions(export_parquet=True),
                             HashingEmbedder(), parse=corpus.parse)
    report = corpus.index()
    assert len(report.changed) == 1  # only the third edit was left: the others are stored
    assert_parquet_matches_store(corpus)  # and the first batch's files were written too
    assert corpus.query("SELECT count(*) FROM pending_export")[0][0] == 0


def test_a_run_that_dies_before_the_collection_export_is_caught_up_by_the_next(
        corpus, monkeypatch):
    import docnav.collection_step

    corpus.index()
    corpus.edit("alpha.md", "Search alone does not show", "Search never shows")
    real = docnav.collection_step.export_collection

    def dies(*args, **kwargs):
        raise KeyboardInterrupt  # after the collection update committed, before its files

    monkeypatch.setattr(docnav.collection_step, "export_collection", dies)
    with pytest.raises(KeyboardInterrupt):
        corpus.index()
    monkeypatch.setattr(docnav.collection_step, "export_collection", real)
    corpus.indexer = Indexer(corpus.store, IndexOptions(export_parquet=True), HashingEmbedder(),
                             parse=corpus.parse)  # a new process: it knows nothing of that
    report = corpus.index()
    assert report.changed == [] and report.unchanged  # nothing left to index ...
    assert_parquet_matches_store(corpus)  # ... but the collection's files were behind


def test_a_re_embedding_that_fails_leaves_the_store_as_it_was_and_the_next_run_finishes(
        corpus):
    from docnav.query import DocNavGraph

    corpus.index()
    corpus.indexer = Indexer(corpus.store, IndexOptions(export_parquet=True, batch_size=2),
                             FailsSecondTime(dim=128), parse=corpus.parse)
    with pytest.raises(RuntimeError, match="went away"):
        corpus.index()
    # the first batch of two documents was written whole, the second not at all
    doc_models = corpus.query("SELECT doc_id, min(model), max(model) FROM node_vectors "
                              "GROUP BY 1 ORDER BY 2")
    assert [m for _, m, _ in doc_models] == ["hashing-v1-128"] * 2 + ["hashing-v1-256"] * 2
    assert all(low == high for _, low, high in doc_models)
    graph = DocNavGraph.open(corpus.store.path)  # every document still searchable
    assert len(graph.document_paths()) == 4 and graph.locate("search", k=1)

    corpus.indexer = Indexer(corpus.store, IndexOptions(export_parquet=True),
                             HashingEmbedder(dim=128), parse=corpus.parse)
    report = corpus.index()
    assert len(report.reembedded) == 2  # the two the failed run did not reach
    assert DocNavGraph.open(corpus.store.path).documents_without_vectors == []
    assert_parquet_matches_store(corpus)


def test_editing_one_paragraph_reparses_one_document_and_embeds_one_text(corpus):
    corpus.index()
    corpus.edit("alpha.md", "Search alone does not show", "Search on its own never shows")

    report = corpus.index()
    assert corpus.parse.calls == [corpus.path("alpha.md")]
    assert report.docs_parsed == 1
    assert report.texts_embedded == 1
    assert report.changed == [corpus.path("alpha.md")]
    assert sorted(report.unchanged) == sorted(corpus.path(n) for n in CORPUS if n != "alpha.md")
    assert report.added == report.removed == report.renamed == []
    assert report.diffs[corpus.path("alpha.md")]["modified"] == 1
    texts = corpus.texts("alpha.md")
    assert any(t.startswith("Search on its own never shows") for t in texts)
    assert not any(t.startswith("Search alone") for t in texts)
    assert corpus.query("SELECT count(*) FROM embeddings")[0][0] == corpus.distinct_text_hashes()
    assert_parquet_matches_store(corpus)

    report = corpus.index()
    assert corpus.parse.calls == []
    assert report.docs_parsed == 0 and report.texts_embedded == 0
    assert sorted(report.unchanged) == all_paths(corpus)
    assert report.changed == report.added == report.removed == []


def test_no_change_at_all_costs_no_parse_and_no_embedding(corpus):
    corpus.index()
    before = corpus.frame("SELECT * FROM nodes ORDER BY node_id")
    report = corpus.index()
    assert (report.docs_parsed, report.texts_embedded, corpus.parse.calls) == (0, 0, [])
    assert sorted(report.unchanged) == all_paths(corpus)
    assert_frame_equal(corpus.frame("SELECT * FROM nodes ORDER BY node_id"), before)


def test_touching_a_file_without_changing_its_bytes_costs_nothing(corpus):
    corpus.index()
    corpus.write("beta.md", BETA)
    report = corpus.index()
    assert (report.docs_parsed, report.texts_embedded) == (0, 0)


def test_moving_a_paragraph_to_another_section_embeds_nothing(corpus):
    corpus.index()
    moving = "Search alone does not show where a passage sits in the whole document."
    node_before, parent_before = corpus.node("alpha.md", moving)
    text = ALPHA.replace(moving + "\n\n", "")
    text = text.replace("for every document.\n", "for every document.\n\n" + moving + "\n")
    assert text != ALPHA and text.count(moving) == 1
    corpus.write("alpha.md", text)

    report = corpus.index()
    assert report.docs_parsed == 1
    assert report.texts_embedded == 0
    assert report.changed == [corpus.path("alpha.md")]
    node_after, parent_after = corpus.node("alpha.md", moving)
    assert node_after == node_before  # the paragraph keeps its id ...
    assert parent_after == corpus.node("alpha.md", "Design")[0]  # ... under its new section
    assert parent_before == corpus.node("alpha.md", "Motivation")[0]
    assert_parquet_matches_store(corpus)


def test_renaming_a_file_keeps_its_doc_id_and_embeds_nothing(corpus):
    corpus.index()
    doc_id = corpus.doc_id("delta.md")
    nodes_before = corpus.frame(
        f"SELECT * EXCLUDE (doc_id) FROM nodes WHERE doc_id = '{doc_id}' ORDER BY node_id")

    (corpus.folder / "delta.md").rename(corpus.folder / "delta-renamed.md")
    report = corpus.index()
    assert report.renamed == [(corpus.path("delta.md"), corpus.path("delta-renamed.md"))]
    assert report.added == report.removed == report.changed == []
    assert report.texts_embedded == 0
    assert corpus.doc_id("delta-renamed.md") == doc_id
    assert corpus.query("SELECT count(*) FROM documents WHERE path = ?",
                        [corpus.path("delta.md")])[0][0] == 0
    assert corpus.query("SELECT count(*) FROM documents")[0][0] == 4
    nodes_after = corpus.frame(
        f"SELECT * EXCLUDE (doc_id) FROM nodes WHERE doc_id = '{doc_id}' ORDER BY node_id")
    assert_frame_equal(nodes_after, nodes_before)
    assert_parquet_matches_store(corpus)


def test_a_renamed_file_indexed_by_its_new_path_alone_is_a_rename(corpus):
    """`docnav index d/new.md` after `mv d/old.md d/new.md` added it as a new document: the
    old one stayed listed (its file gone), its paragraphs found twice and related to each
    other, and the next run over the folder removed it, its id and summaries with it."""
    corpus.index()
    doc_id = corpus.doc_id("delta.md")
    (corpus.folder / "delta.md").rename(corpus.folder / "delta-moved.md")
    report = corpus.indexer.index([corpus.folder / "delta-moved.md"])
    assert report.renamed == [(corpus.path("delta.md"), corpus.path("delta-moved.md"))]
    assert report.added == [] and report.texts_embedded == 0
    assert corpus.doc_id("delta-moved.md") == doc_id
    assert corpus.query("SELECT count(*) FROM documents")[0][0] == 4
    again = corpus.index()  # the folder: nothing left to do
    assert again.removed == again.added == again.renamed == []
    # a copy of a document whose file is still there is a new document, as before
    (corpus.folder / "delta-copy.md").write_bytes((corpus.folder / "delta-moved.md").read_bytes())
    copied = corpus.indexer.index([corpus.folder / "delta-copy.md"])
    assert copied.added == [corpus.path("delta-copy.md")] and copied.renamed == []


def test_deleting_a_file_removes_everything_of_it_and_prunes_its_own_embeddings(corpus):
    corpus.index()
    doc_id = corpus.doc_id("gamma.md")
    node_ids = {n for (n,) in corpus.query("SELECT node_id FROM nodes WHERE doc_id = ?",
                                           [doc_id])}
    hashes = {h for (h,) in corpus.query("SELECT text_hash FROM nodes WHERE doc_id = ?",
                                         [doc_id])}
    others = {h for (h,) in corpus.query("SELECT text_hash FROM nodes WHERE doc_id <> ?",
                                         [doc_id])}
    own, shared = hashes - others, hashes & others
    assert own and shared  # gamma shares a section with beta
    assert corpus.query("SELECT count(*) FROM edges WHERE kind = 'related' AND doc_id = ?",
                        [COLLECTION_DOC_ID])[0][0] > 0

    (corpus.folder / "gamma.md").unlink()
    report = corpus.index()
    assert report.removed == [corpus.path("gamma.md")]
    assert report.docs_parsed == 0 and report.texts_embedded == 0
    for table in ("documents", "nodes", "edges", "links", "node_vectors"):
        n = corpus.query(f"SELECT count(*) FROM {table} WHERE doc_id = ?", [doc_id])[0][0]
        assert n == 0, table
    dangling = [
        e for e in corpus.query("SELECT src, dst FROM edges")
        if e[0] in node_ids or e[1] in node_ids
    ]
    assert dangling == []
    stored = {h for (h,) in corpus.query("SELECT text_hash FROM embeddings")}
    assert not own & stored
    assert shared <= stored
    for table in PER_DOC_TABLES:
        assert not (corpus.store.parquet_dir / table / f"{doc_id}.parquet").exists()
    assert_parquet_matches_store(corpus)


def test_adding_a_file_parses_only_it(corpus):
    corpus.index()
    corpus.write("epsilon.md", "# Epsilon\n\nA brand new document about epsilon.\n")
    report = corpus.index()
    assert report.added == [corpus.path("epsilon.md")]
    assert corpus.parse.calls == [corpus.path("epsilon.md")]
    own = corpus.query("SELECT count(DISTINCT text_hash) FROM nodes WHERE doc_id = ?",
                       [corpus.doc_id("epsilon.md")])[0][0]
    assert report.texts_embedded == own  # its title, its section(s), its paragraph
    assert_parquet_matches_store(corpus)


def test_an_indexer_reads_the_documents_again_after_another_indexer_wrote(corpus):
    # A long-lived indexer keeps the documents rows between runs. Here another indexer
    # stores an edit of alpha.md, then the file gets back the bytes the first one last
    # stored: planned against its kept rows, the first would see nothing to do and leave
    # the other's version in the store.
    # It also keeps the trees it wrote, for the next edit's diff.
    h = corpus
    other = Indexer(h.store, IndexOptions(export_parquet=True), h.embedder)
    h.index()
    h.edit("alpha.md", "Motivation", "Why")  # a run that both read and wrote: rows kept
    h.index()
    original = (h.folder / "alpha.md").read_text(encoding="utf-8")
    h.edit("alpha.md", "small tool", "tiny tool")
    assert other.index([h.folder]).ok
    assert any("tiny tool" in t for t in h.texts("alpha.md"))
    h.write("alpha.md", original)
    report = h.index()
    assert report.docs_parsed == 1
    assert any("small tool" in t for t in h.texts("alpha.md"))
    assert not any("tiny tool" in t for t in h.texts("alpha.md"))
    # diffed against the other's version, not against the tree this indexer wrote (equal)
    assert report.diffs[h.path("alpha.md")]["modified"] == 1
    assert_kept_state(h)


def test_a_long_lived_indexer_keeps_its_text_uses_until_another_process_writes(corpus):
    # Which texts the nodes use and which vectors are stored are kept from the second run
    # on (the prune and the embedding look-up then scan no table), and read again after
    # another indexer wrote.
    h = corpus
    h.index()
    assert h.indexer._texts is None  # a one-off run does not read them
    h.edit("alpha.md", "small tool", "tiny tool")
    h.index()
    kept = h.indexer._texts
    assert kept is not None
    h.edit("alpha.md", "lose their way", "get lost")
    (h.folder / "delta.md").unlink()
    h.index()
    assert h.indexer._texts is kept
    assert_kept_state(h)
    h.edit("beta.md", "storage layer", "disk layer")
    other = Indexer(h.store, IndexOptions(export_parquet=True), h.embedder)
    assert other.index([h.folder]).ok
    h.write("delta.md", CORPUS["delta.md"])
    h.index()
    assert h.indexer._texts is not kept
    assert_kept_state(h)
    # Texts the other process embedded are known to be stored once it wrote: a copy of a
    # document it indexed embeds nothing, and no vector is stored twice (the kept texts let
    # new vectors be appended without checking the store).
    fresh = "# Epsilon\n\nA paragraph no other document has.\n\n## Notes\n\nNor this one.\n"
    h.write("epsilon.md", fresh)
    assert other.index([h.folder]).ok
    h.write("epsilon-copy.md", fresh)
    report = h.index()
    assert report.ok and report.texts_embedded == 0
    assert_kept_state(h)


def test_kept_text_uses_follow_the_collection_node_when_it_is_first_written(corpus):
    # Runs without the collection step, then one with it: the collection node appears after
    # the text uses were read.
    h = corpus
    assert h.indexer.index([h.folder], collection=False).ok
    h.edit("alpha.md", "small tool", "tiny tool")
    assert h.indexer.index([h.folder], collection=False).ok
    assert h.indexer._texts is not None and h.indexer._texts.collection_text is None
    h.index()
    assert_kept_state(h)


def test_each_edit_is_diffed_against_the_version_before_it(corpus):
    # A long-lived indexer keeps the trees it wrote for the next edit's diff; each edit of a
    # different paragraph must show one modified paragraph, not the sum since the first run.
    h = corpus
    h.index()
    h.edit("alpha.md", "small tool", "tiny tool")
    first = h.index().diffs[h.path("alpha.md")]
    h.edit("alpha.md", "lose their way", "get lost")
    second = h.index().diffs[h.path("alpha.md")]
    assert first["modified"] == second["modified"] == 1
    assert_kept_state(h)


# -- the real embedding model ------------------------------------------------------------------


@pytest.mark.slow
def test_one_paragraph_edit_embeds_one_text_with_the_real_model(tmp_path):
    embedder = SentenceTransformerEmbedder()
    files = {name: CORPUS[name] for name in ("alpha.md", "beta.md", "delta.md")}
    h = Harness(tmp_path, files, embedder=embedder)
    report = h.index()
    assert report.texts_embedded == h.distinct_text_hashes()
    model = h.query("SELECT DISTINCT model FROM embeddings")
    assert model == [(embedder.model_id,)]

    h.edit("beta.md", "exported to Parquet files", "copied to Parquet files")
    report = h.index()
    assert report.docs_parsed == 1
    assert report.texts_embedded == 1
    assert report.changed == [h.path("beta.md")]

    report = h.index()
    assert (report.docs_parsed, report.texts_embedded) == (0, 0)


def test_a_file_modified_while_it_is_parsed_ends_with_the_newest_content(tmp_path):
    """The parser is wrapped so the file changes after its bytes were hashed."""
    from docnav.parse import parse_file

    docs = tmp_path / "docs"
    docs.mkdir()
    page = docs / "a.md"
    page.write_text("# A\n\nOld text.\n")
    calls = []

    def parse_then_edit(path, options):
        calls.append(path)
        result = parse_file(path, options)
        if len(calls) == 1:  # an editor saves again while the first parse runs
            page.write_text("# A\n\nNewest text.\n")
        return result

    store = Store(tmp_path / "db" / "g.duckdb")
    report = Indexer(store, IndexOptions(), HashingEmbedder(), parse=parse_then_edit).index([docs])
    assert report.ok and len(calls) == 2
    with store.reader() as con:
        texts = {r[0] for r in con.execute(
            "SELECT text FROM nodes WHERE kind = 'paragraph'").fetchall()}
        (stored_hash,) = con.execute("SELECT content_hash FROM documents").fetchone()
    assert texts == {"Newest text."}
    from docnav.hashing import file_digest
    assert stored_hash == file_digest(page)


def _bulk_corpus(n: int) -> dict[str, str]:
    return {f"doc{i:02}.md": f"# Document {i}\n\nParagraph {i} of a bulk load; see "
            f"[the next one](doc{(i + 1) % n:02}.md).\n\n## Part\n\nMore text about item {i}.\n"
            for i in range(n)}


def test_a_bulk_run_compacts_the_store_and_an_edit_does_not(tmp_path):
    # A run that wrote many documents (a full build) compacts the store afterwards; the
    # export, written before that, must still match every table, and the kept state too.
    h = Harness(tmp_path, _bulk_corpus(16))
    report = h.index()
    assert "compact" in report.stage_seconds
    assert_parquet_matches_store(h)
    h.edit("doc03.md", "More text", "Other text")
    report = h.index()
    assert "compact" not in report.stage_seconds
    assert_parquet_matches_store(h)
    assert_kept_state(h)
    # a change of embedding model: every document's vectors rewritten, a bulk run too
    h.indexer = Indexer(h.store, IndexOptions(export_parquet=True), HashingEmbedder(dim=128),
                        parse=h.parse)
    report = h.index()
    assert len(report.reembedded) == 16 and "compact" in report.stage_seconds
    assert_parquet_matches_store(h)
    assert_kept_state(h)


def test_a_bulk_run_compacts_the_store_and_one_that_cannot_goes_on_without(tmp_path, caplog):
    # the same two runs twice, a small one and a bulk load: once the bulk run's compaction
    # swaps a new file in; once another writer's lock keeps it out (the run is committed
    # already: it warns, nothing more)
    corpus = _bulk_corpus(20)
    stores = []
    for name in ("compacted", "blocked"):
        (tmp_path / name).mkdir()
        h = Harness(tmp_path / name, {"doc00.md": corpus["doc00.md"]})
        assert "compact" not in h.index().stage_seconds
        inode = h.store.path.stat().st_ino
        for file, text in corpus.items():
            h.write(file, text)
        if name == "compacted":
            report = h.index()
            assert h.store.path.stat().st_ino != inode  # a new file
        else:
            with writer_lock.take(h.store.path, exclusive=False):  # as another writer holds it
                with caplog.at_level(logging.WARNING, logger="docnav.index"):
                    report = h.index()
            assert h.store.path.stat().st_ino == inode
            assert "not compacted after this run" in caplog.text and "locked" in caplog.text
        assert report.ok and len(report.added) == 19 and "compact" in report.stage_seconds
        assert not h.store.path.with_name("docnav.duckdb.compacting").exists()
        assert_parquet_matches_store(h)
        assert_kept_state(h)
        stores.append(h)
    counts = [{t: h.query(f"SELECT count(*) FROM {t}") for t in PER_DOC_TABLES} for h in stores]
    assert counts[0] == counts[1] and counts[0]["nodes"][0][0] > 50


def test_runs_without_the_export_leave_it_to_the_first_run_with_it(corpus):
    corpus.index()
    corpus.indexer = Indexer(corpus.store, IndexOptions(export_parquet=False),
                             HashingEmbedder(), parse=corpus.parse)
    corpus.edit("alpha.md", "Search alone does not show", "Search never shows")
    corpus.index()
    corpus.edit("alpha.md", "Search never shows", "Search rarely shows")
    corpus.edit("beta.md", "exported to Parquet files", "copied to Parquet files")
    corpus.index()
    assert sorted(d for (d,) in corpus.query("SELECT doc_id FROM pending_export")) == sorted(
        [corpus.doc_id("alpha.md"), corpus.doc_id("beta.md")])  # once each
    corpus.indexer = Indexer(corpus.store, IndexOptions(export_parquet=True),
                             HashingEmbedder(), parse=corpus.parse)
    report = corpus.index()
    assert report.changed == []  # nothing to index, only files to bring up to date
    assert_parquet_matches_store(corpus)
    assert corpus.query("SELECT count(*) FROM pending_export")[0][0] == 0
