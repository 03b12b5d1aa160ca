"""The incremental indexer on real Markdown files, the real parser and a DuckDB store.

Work is counted (cocoindex-style): parse calls through a counting wrapper around the real
parser, embeddings through the embedder's own counter.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl
import pytest
from polars.testing import assert_frame_equal

from docnav.collection import CollectionOptions
from docnav.embed import HashingEmbedder, SentenceTransformerEmbedder
from docnav.index import IndexOptions, IndexReport, Indexer
from docnav.parse import ParseOptions, parse_file
from docnav.store import COLLECTION_DOC_ID, PER_DOC_TABLES, Store, vector_of

ALPHA = """# Alpha guide

Alpha is a small tool that keeps long manuals navigable.

## Motivation

Readers lose their way in long manuals and cannot find the section they need.

Search alone does not show where a passage sits in the whole document.

## Design

The design keeps a tree of headings and paragraphs for every document.

Each node carries a content hash so that unchanged parts are never recomputed.
"""

BETA = """# Beta notes

Beta collects notes about the storage layer of the project.

## Storage

Tables live in DuckDB and are exported to Parquet files beside it.

## Shared

This paragraph appears in two documents of the collection.
"""

GAMMA = """# Gamma handbook

Gamma explains how to run the indexer from the command line.

## Usage

Run the index command on a folder to index every document in it.

## Shared

This paragraph appears in two documents of the collection.

## Limits

Scanned images are not read unless the PDF has a text layer.
"""

DELTA = """# Delta overview

Delta describes the query side: locate, navigate, expand and fetch.

## Queries

A query starts with locate and then walks the graph of sections.
"""

CORPUS = {"alpha.md": ALPHA, "beta.md": BETA, "gamma.md": GAMMA, "delta.md": DELTA}


class CountingParse:
    """Calls the real parser and remembers which paths it was asked to parse."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def __call__(self, path: str, options: ParseOptions):
        self.calls.append(str(path))
        return parse_file(path, options)


class Harness:
    """A folder of Markdown files, a store, and an indexer whose work is counted."""

    def __init__(self, tmp_path: Path, files: dict[str, str], embedder=None,
                 collection: CollectionOptions = CollectionOptions()) -> None:
        self.folder = tmp_path / "docs"
        self.folder.mkdir()
        for name, text in files.items():
            self.write(name, text)
        self.store = Store(tmp_path / "db" / "docnav.duckdb")
        self.parse = CountingParse()
        self.embedder = embedder or HashingEmbedder()
        self.indexer = Indexer(
            self.store, IndexOptions(export_parquet=True, collection=collection),
            self.embedder, parse=self.parse,
        )

    def path(self, name: str) -> str:
        return str(self.folder / name)

    def write(self, name: str, text: str) -> None:
        (self.folder / name).write_text(text, encoding="utf-8")

    def edit(self, name: str, old: str, new: str) -> None:
        text = (self.folder / name).read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {name}"
        self.write(name, text.replace(old, new))

    def index(self) -> IndexReport:
        self.parse.calls.clear()
        report = self.indexer.index([self.folder])
        assert report.ok, report.failed
        assert report.docs_parsed == len(self.parse.calls)
        return report

    def query(self, sql: str, params: list | None = None) -> list[tuple]:
        with self.store.reader() as con:
            return con.execute(sql, params or []).fetchall()

    def frame(self, sql: str) -> pl.DataFrame:
        with self.store.reader() as con:
            return con.execute(sql).pl()

    def doc_id(self, name: str) -> str:
        rows = self.query("SELECT doc_id FROM documents WHERE path = ?", [self.path(name)])
        assert len(rows) == 1, rows
        return rows[0][0]

    def node(self, name: str, label: str) -> tuple[str, str]:
        """(node_id, parent_id) of the one node of a document with this heading or text."""
        rows = self.query(
            "SELECT node_id, parent_id FROM nodes WHERE doc_id = ? AND "
            "((kind = 'section' AND heading = ?) OR (kind = 'paragraph' AND text = ?))",
            [self.doc_id(name), label, label],
        )
        assert len(rows) == 1, (name, label, rows)
        return rows[0]

    def texts(self, name: str) -> set[str]:
        return {t for (t,) in self.query(
            "SELECT text FROM nodes WHERE doc_id = ? AND kind = 'paragraph'",
            [self.doc_id(name)])}

    def distinct_text_hashes(self) -> int:
        return self.query(
            "SELECT count(DISTINCT text_hash) FROM nodes WHERE doc_id <> ?", [COLLECTION_DOC_ID]
        )[0][0]

    def references(self) -> set[tuple[str, str, str]]:
        """Cross-document references as (source path, target path, target heading)."""
        rows = self.query(
            "SELECT ds.path, dd.path, nd.heading FROM edges e "
            "JOIN nodes ns ON ns.node_id = e.src JOIN nodes nd ON nd.node_id = e.dst "
            "JOIN documents ds ON ds.doc_id = ns.doc_id JOIN documents dd ON dd.doc_id = nd.doc_id "
            "WHERE e.kind = 'references' AND e.doc_id = ?", [COLLECTION_DOC_ID])
        return set(rows)


@pytest.fixture
def corpus(tmp_path: Path) -> Harness:
    return Harness(tmp_path, CORPUS)


def all_paths(h: Harness) -> list[str]:
    return sorted(h.path(n) for n in CORPUS)


def assert_parquet_matches_store(h: Harness) -> None:
    """Every exported Parquet table holds exactly the rows of its DuckDB table."""
    out = h.store.parquet_dir
    keys = {
        "documents": ["doc_id"], "nodes": ["node_id"], "links": ["node_id", "target", "text"],
        "edges": ["src", "dst", "kind", "doc_id"], "embeddings": ["text_hash", "model"],
        "node_vectors": ["node_id", "model"],
    }
    for table, key in keys.items():
        stored = h.frame(f"SELECT * FROM {table}").sort(key)
        if table == "documents":
            exported = pl.read_parquet(out / "documents.parquet")
        else:
            files = sorted((out / table).glob("*.parquet"))
            for f in files:  # written from a query or from the rows in hand: the same types
                assert pl.read_parquet_schema(f) == dict(stored.schema), (f, stored.schema)
            exported = pl.concat([pl.read_parquet(f) for f in files], how="vertical_relaxed")
            if table == "embeddings":  # a text shared by two documents is in both files
                exported = exported.unique(subset=key, keep="first")
        assert_frame_equal(exported.sort(key), stored, check_dtypes=False, check_exact=True)
    exported_docs = {f.stem for f in (out / "nodes").glob("*.parquet")}
    stored_docs = {d for (d,) in h.query("SELECT DISTINCT doc_id FROM nodes")}
    assert exported_docs == stored_docs  # and no file is left behind for a deleted document


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


# -- the collection level ----------------------------------------------------------------------

LINKER = """# Linker

The motivation is explained in [the other document](b.md#motivation) in full.

## Other

Nothing to see here.
"""

LINKED = """# Linked

Front matter of the linked document.

## Motivation

This is why the linked document exists at all.
"""


def test_cross_document_reference_follows_its_target(tmp_path):
    h = Harness(tmp_path, {"a.md": LINKER, "b.md": LINKED})
    h.index()
    expected = {(h.path("a.md"), h.path("b.md"), "Motivation")}
    assert h.references() == expected
    motivation, _ = h.node("b.md", "Motivation")
    assert h.query("SELECT count(*) FROM edges WHERE kind = 'references' AND dst = ?",
                   [motivation])[0][0] == 1

    h.edit("a.md", "Nothing to see here.", "Still nothing to see here.")
    h.index()
    assert h.references() == expected  # re-resolved from the changed source, still there

    (h.folder / "b.md").unlink()
    h.index()
    assert h.references() == set()
    assert h.query("SELECT count(*) FROM edges WHERE dst = ?", [motivation])[0][0] == 0

    h.write("b.md", LINKED)
    report = h.index()
    assert report.added == [h.path("b.md")] and report.docs_parsed == 1  # a.md not reparsed
    assert h.references() == expected
    assert_parquet_matches_store(h)


def test_reference_to_a_missing_section_falls_back_to_the_document(tmp_path):
    h = Harness(tmp_path, {"a.md": LINKER.replace("#motivation", "#nowhere"), "b.md": LINKED})
    h.index()
    assert h.query(
        "SELECT n.kind, n.doc_id FROM edges e JOIN nodes n ON n.node_id = e.dst "
        "WHERE e.kind = 'references'") == [("document", h.doc_id("b.md"))]


def test_a_paragraph_linking_two_documents_keeps_both_references_when_one_changes(tmp_path):
    # Regression: re-resolving the links that name a touched file dropped the other
    # references of the same paragraph.
    h = Harness(tmp_path, {
        "a.md": "# A\n\nSee [b](b.md) and [c](c.md) for more.\n",
        "b.md": "# B\n\nBee text.\n",
        "c.md": "# C\n\nSea text.\n",
    })
    h.index()
    expected = {(h.path("a.md"), h.path("b.md"), "B"), (h.path("a.md"), h.path("c.md"), "C")}
    assert h.references() == expected
    h.edit("c.md", "Sea text.", "Sea text, edited.")
    report = h.index()
    assert report.changed == [h.path("c.md")]
    assert h.references() == expected


def test_a_new_file_at_the_old_path_of_a_renamed_one_is_a_second_document(tmp_path):
    # Regression: the renamed document keeps the id derived from its old path, and the new
    # file at that path was given the same id, overwriting the renamed document.
    h = Harness(tmp_path, {"a.md": "# A\n\nAlpha text.\n", "z.md": "# Z\n\nZed text.\n"})
    h.index()
    (h.folder / "a.md").rename(h.folder / "b.md")
    assert h.index().renamed == [(h.path("a.md"), h.path("b.md"))]
    h.write("a.md", "# New A\n\nA new alpha.\n")
    report = h.index()
    assert report.added == [h.path("a.md")]
    paths = {p for (p,) in h.query("SELECT path FROM documents")}
    assert paths == {h.path("a.md"), h.path("b.md"), h.path("z.md")}
    assert h.doc_id("a.md") != h.doc_id("b.md")
    assert h.texts("b.md") == {"Alpha text."} and h.texts("a.md") == {"A new alpha."}
    assert h.index().docs_parsed == 0


SETUP_TEXT = (
    "Install the package with pip, then run the setup command once to create the local "
    "configuration file in your home folder."
)
SIMILAR_A = f"""# Tool A

Tool A renders charts from CSV files.

## Setup

### Setup steps

{SETUP_TEXT}

## Charts

Bar charts and line charts are drawn with one call each.
"""
SIMILAR_B = f"""# Tool B

Tool B sends reminders by e-mail on a schedule.

## Setup

{SETUP_TEXT}

## Reminders

A reminder fires at the time written in the calendar entry.
"""


def test_related_edges_join_similar_sections_but_never_a_section_and_its_ancestor(tmp_path):
    h = Harness(tmp_path, {"a.md": SIMILAR_A, "b.md": SIMILAR_B})
    h.index()
    vectors = {n: vector_of(v) for n, v in h.query("SELECT node_id, vector FROM node_vectors")}
    related = h.query("SELECT src, dst, weight FROM edges WHERE kind = 'related'")
    pairs = {(s, d) for s, d, _ in related}

    setup_a, steps_a = h.node("a.md", "Setup")[0], h.node("a.md", "Setup steps")[0]
    setup_b = h.node("b.md", "Setup")[0]
    assert (steps_a, setup_b) in pairs and (setup_b, steps_a) in pairs
    assert (setup_a, setup_b) in pairs
    # The parent "Setup" and its only child are about as similar as sections get, yet the
    # ancestor rule keeps them apart.
    threshold = CollectionOptions().related_threshold
    assert float(vectors[setup_a] @ vectors[steps_a]) >= threshold
    assert (setup_a, steps_a) not in pairs and (steps_a, setup_a) not in pairs

    parents = dict(h.query("SELECT node_id, parent_id FROM nodes"))

    def ancestors(n: str) -> set[str]:
        out = set()
        while parents.get(n):
            n = parents[n]
            out.add(n)
        return out

    for src, dst, weight in related:
        assert src != dst
        assert dst not in ancestors(src) and src not in ancestors(dst)
        assert weight >= threshold
        assert weight == pytest.approx(float(vectors[src] @ vectors[dst]), abs=1e-4)
    per_source = pl.DataFrame(related, schema=["src", "dst", "w"], orient="row")
    assert per_source.group_by("src").len()["len"].max() <= CollectionOptions().related_k


def test_related_edges_go_when_the_similar_document_goes(tmp_path):
    h = Harness(tmp_path, {"a.md": SIMILAR_A, "b.md": SIMILAR_B})
    h.index()
    doc_b = h.doc_id("b.md")
    assert h.query("SELECT count(*) FROM edges e JOIN node_vectors v ON v.node_id = e.dst "
                   "WHERE e.kind = 'related' AND v.doc_id = ?", [doc_b])[0][0] > 0
    (h.folder / "b.md").unlink()
    h.index()
    cross = h.query(
        "SELECT count(*) FROM edges e JOIN nodes s ON s.node_id = e.src "
        "JOIN nodes d ON d.node_id = e.dst WHERE e.kind = 'related' AND s.doc_id <> d.doc_id"
    )[0][0]
    assert cross == 0
    assert h.query("SELECT count(*) FROM edges WHERE kind = 'related' AND "
                   "(src NOT IN (SELECT node_id FROM nodes) OR dst NOT IN (SELECT node_id "
                   "FROM nodes))")[0][0] == 0


def related_by_heading(h: Harness) -> set[tuple[str, str, str, str, float]]:
    return set(h.query(
        "SELECT ds.path, ns.heading, dd.path, nd.heading, round(e.weight, 4) FROM edges e "
        "JOIN nodes ns ON ns.node_id = e.src JOIN nodes nd ON nd.node_id = e.dst "
        "JOIN documents ds ON ds.doc_id = ns.doc_id JOIN documents dd ON dd.doc_id = nd.doc_id "
        "WHERE e.kind = 'related'"))


def test_two_indexers_taking_turns_on_one_store_keep_related_edges_exact(tmp_path):
    # Each indexer keeps the section vectors in memory between its runs; a run by the other
    # one in between must be noticed (else the first would miss the other's changes).
    h = Harness(tmp_path, {"a.md": SIMILAR_A, "b.md": SIMILAR_B})
    other = Indexer(h.store, IndexOptions(export_parquet=True), h.embedder)
    h.index()
    h.edit("b.md", "A reminder fires", "Bar charts and line charts are drawn. A reminder fires")
    assert other.index([h.folder]).ok
    h.write("c.md", SIMILAR_A.replace("# Tool A", "# Tool C"))
    h.index()  # its cached vectors predate other's run: they must be read again
    (h.folder / "a.md").unlink()
    assert other.index([h.folder]).ok
    h.edit("c.md", "Bar charts", "Pie charts")
    h.index()

    (tmp_path / "scratch").mkdir()
    scratch = Harness(tmp_path / "scratch", {})
    scratch.folder = h.folder
    scratch.index()
    assert related_by_heading(h) == related_by_heading(scratch)
    assert related_by_heading(h)  # the corpus does have related sections
    assert_parquet_matches_store(h)


def test_an_indexer_reads_the_documents_again_after_another_indexer_wrote(corpus):
    # A long-lived indexer keeps the documents rows between runs. Here another indexer
    # stores an edit of alpha.md, then the file gets back the bytes the first one last
    # stored: planned against its kept rows, the first would see nothing to do and leave
    # the other's version in the store.
    h = corpus
    other = Indexer(h.store, IndexOptions(export_parquet=True), h.embedder)
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
    with h.store.reader() as con:
        assert h.indexer.kept_state_differences(con) == []


def test_ties_between_identical_sections_resolve_as_in_a_full_rebuild(tmp_path):
    # Identical sections in several documents score exactly alike against a third; with k=1
    # only one fits, and the tie goes to the smallest node id however the documents arrived.
    options = CollectionOptions(related_k=1)
    copies = {f"t{i}.md": f"# Copy {i}\n\n## Setup\n\n{SETUP_TEXT}\n" for i in range(6)}
    h = Harness(tmp_path, {"s.md": SIMILAR_A}, collection=options)
    h.index()
    for name, text in copies.items():  # one at a time: each arrival may take the list over
        h.write(name, text)
        h.index()
    (tmp_path / "scratch").mkdir()
    scratch = Harness(tmp_path / "scratch", {}, collection=options)
    scratch.folder = h.folder
    scratch.index()
    assert related_by_heading(h) == related_by_heading(scratch)
    winners = {d for s, _, d, _, _ in related_by_heading(h) if s.endswith("s.md")}
    assert winners and winners <= {h.path(n) for n in copies}


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
