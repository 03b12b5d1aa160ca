"""The collection level on real Markdown files: references between documents and related
edges between similar sections, kept exact by incremental runs."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import polars as pl
import pytest
from _harness import Harness, assert_in_step, assert_parquet_matches_store

from docnav import refs, related
from docnav.collection import CollectionOptions
from docnav.index import IndexOptions, Indexer
from docnav.show import render_document
from docnav.rows import vector_of


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


def test_nav_lists_what_other_documents_link_to_in_a_document(tmp_path, capsys):
    # `docnav nav b.md --dir referenced-by` said "nothing refers to it" when a.md linked to
    # its Motivation section (b.md#motivation): only links to the document itself were listed
    import json

    from docnav.cli import main

    h = Harness(tmp_path, {"a.md": LINKER.replace("## Other", "See also [b](b.md).\n\n## Other"),
                           "b.md": LINKED})
    h.index()
    db = ["--db", str(h.store.path)]
    assert main([*db, "nav", h.path("b.md"), "--dir", "referenced-by"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and lines[0].endswith("| See also b.")
    assert lines[1] == "referring to its sections from other documents (1):"
    assert "Linker | The motivation is explained in the other document in full." in lines[2]
    assert lines[2].endswith("  → Linked › Motivation")
    assert main([*db, "nav", h.path("b.md"), "--dir", "referenced-by", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    motivation, _ = h.node("b.md", "Motivation")
    assert [r["text"] for r in out["nodes"]] == ["See also b."]
    assert [(r["breadcrumb"], r["to"]) for r in out["into_sections"]] == [
        ("Linker", [motivation])]
    # the link to the document alone gone: said so, and where the other one leads
    h.edit("a.md", "See also [b](b.md).", "See also b.")
    h.index()
    assert main([*db, "nav", h.path("b.md"), "--dir", "referenced-by"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("(document): nothing refers to it itself") and len(lines) == 3
    # a section's own referrers, as before; a document no other one links into: as before
    assert main([*db, "nav", motivation, "--dir", "referenced-by"]) == 0
    assert "motivation is explained" in capsys.readouterr().out
    assert main([*db, "nav", h.path("a.md"), "--dir", "referenced-by", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["nodes"] == [] and out["into_sections"] == []
    # a section's subsections linked to from outside it (here from its own document)
    h.write("b.md", LINKED + "\n### Detail\n\nMore.\n\n## Other\n\n"
                    "See [the detail](#detail).\n")
    h.index()
    motivation, _ = h.node("b.md", "Motivation")
    assert main([*db, "nav", motivation, "--dir", "referenced-by"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:] == ["referring to its sections from outside it (1):",
                         f"{lines[2][:12]}  paragraph Linked › Other | See the detail.  → "
                         "Linked › Motivation › Detail"]


def test_nav_lists_what_a_document_s_parts_refer_to_in_other_documents(tmp_path, capsys):
    # `docnav nav a.md --dir references` said "has no references" though its paragraph links
    # to b.md's Motivation; referenced-by gathered from the parts, references did not
    import json

    from docnav.cli import main

    h = Harness(tmp_path, {"a.md": LINKER, "b.md": LINKED})
    h.index()
    db = ["--db", str(h.store.path)]
    motivation, _ = h.node("b.md", "Motivation")
    assert main([*db, "nav", h.path("a.md"), "--dir", "references"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("(document) has no references itself")
    assert lines[1] == "referred to by its sections, in other documents (1):"
    assert lines[2].startswith(f"{motivation[:12]}  section   Linked › Motivation | Motivation")
    assert lines[2].endswith("  ← Linker") and len(lines) == 3
    assert main([*db, "nav", h.path("a.md"), "--dir", "references", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    source = h.node("a.md", "The motivation is explained in the other document in full.")[0]
    assert out["nodes"] == [] and [(r["node_id"], r["from"]) for r in out["from_sections"]] == [
        (motivation, [source])]
    # the paragraph's own reference, as before; a document whose parts refer to nothing
    assert main([*db, "nav", source, "--dir", "references"]) == 0
    assert capsys.readouterr().out.startswith(motivation[:12])
    assert main([*db, "nav", h.path("b.md"), "--dir", "references"]) == 0
    assert capsys.readouterr().out.endswith("(document) has no references\n")


def test_two_indexers_taking_turns_keep_references_and_their_export_exact(tmp_path):
    # An indexer keeps the collection's edges in memory between its runs and writes their
    # export from them: a run by the other one in between must make it read them again.
    h = Harness(tmp_path, {"a.md": LINKER, "b.md": LINKED})
    other = Indexer(h.store, IndexOptions(export_parquet=True), h.embedder)
    h.index()
    expected = {(h.path("a.md"), h.path("b.md"), "Motivation")}
    (h.folder / "b.md").unlink()
    assert other.index([h.folder]).ok  # the target goes: so does the reference
    h.write("c.md", LINKER.replace("# Linker", "# Second linker"))
    h.index()
    assert h.references() == set()
    assert_parquet_matches_store(h)
    h.write("b.md", LINKED)
    assert other.index([h.folder]).ok  # back: both linkers point at it again
    h.edit("a.md", "Nothing to see here.", "Still nothing to see here.")
    h.index()
    assert h.references() == expected | {(h.path("c.md"), h.path("b.md"), "Motivation")}
    assert_in_step(h)


def test_an_edit_rewrites_only_the_references_that_changed(tmp_path):
    h = Harness(tmp_path, {"a.md": LINKER, "b.md": LINKED})
    assert h.index().references_written == 1
    expected = {(h.path("a.md"), h.path("b.md"), "Motivation")}
    h.edit("a.md", "Nothing to see here.", "Still nothing to see here.")
    report = h.index()
    assert h.references() == expected
    assert report.references_written == 0  # re-resolved, the same: not deleted and re-inserted
    h.edit("a.md", "(b.md#motivation)", "(b.md)")  # now the document, not its section
    assert h.index().references_written == 2
    assert h.references() == {(h.path("a.md"), h.path("b.md"), "Linked")}
    assert h.query("SELECT count(*) FROM edges WHERE kind = 'references'")[0][0] == 1
    assert_in_step(h)


def test_a_link_taken_out_of_a_paragraph_takes_its_reference_with_it(tmp_path):
    # The paragraph keeps its node id and has no link any more, so no link names it: its old
    # edge is found among the changed document's references.
    h = Harness(tmp_path, {"a.md": LINKER, "b.md": LINKED})
    h.index()
    assert len(h.references()) == 1
    h.edit("a.md", "[the other document](b.md#motivation)", "the other document")
    assert h.index().references_written == 1
    assert h.references() == set()
    assert_in_step(h)


def test_a_document_deleted_after_losing_its_link_can_come_back_with_it(tmp_path):
    # Its source node was still remembered after the link went; once the document was gone,
    # its return with the link crashed the next update.
    h = Harness(tmp_path, {"a.md": LINKER, "b.md": LINKED})
    h.index()
    h.edit("a.md", "[the other document](b.md#motivation)", "the other document")
    h.index()
    (h.folder / "a.md").unlink()
    h.index()
    h.write("a.md", LINKER)
    h.index()
    assert h.references() == {(h.path("a.md"), h.path("b.md"), "Motivation")}
    assert_in_step(h)


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

    ancestors = ancestors_in(h)

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


def ancestors_in(h: Harness) -> Callable[[str], set[str]]:
    """A function giving a node's ancestors in the store of ``h``."""
    parents = dict(h.query("SELECT node_id, parent_id FROM nodes"))

    def ancestors(n: str) -> set[str]:
        out = set()
        while parents.get(n):
            n = parents[n]
            out.add(n)
        return out

    return ancestors


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


def test_an_edit_recomputes_in_full_only_the_lists_of_sections_it_changed(tmp_path):
    # A paragraph edit changes the vectors of the sections above that paragraph only. Those
    # lists get a full pass over every section; a list that held one of them is settled from
    # their new scores (or, failing that, recomputed); the edited document's other sections
    # keep their lists unless a changed section now beats one of their entries.
    options = CollectionOptions(related_k=2, related_threshold=0.3)
    h = Harness(tmp_path, {"a.md": SIMILAR_A, "b.md": SIMILAR_B}, collection=options)
    h.index()
    doc_a = h.doc_id("a.md")
    before = dict(h.query("SELECT node_id, vector FROM node_vectors"))
    held_by = h.query("SELECT src, dst FROM edges WHERE kind = 'related'")
    h.edit("a.md", "drawn with one call each.", "drawn with one call each, pie charts too.")
    report = h.index()
    after = dict(h.query("SELECT node_id, vector FROM node_vectors"))
    changed = {n for n, v in after.items() if before.get(n) != v}
    holders = {src for src, dst in held_by if dst in changed} - changed
    sections_a = {n for (n,) in h.query(
        "SELECT node_id FROM node_vectors WHERE doc_id = ?", [doc_a])}
    assert changed and changed < sections_a  # "Setup" and "Setup steps" kept their vectors
    assert len(changed) <= report.related_recomputed <= len(changed) + len(holders)
    assert report.related_recomputed < len(sections_a)  # every section of a.md, before
    scratch_root = tmp_path / "scratch"
    scratch_root.mkdir()
    scratch = Harness(scratch_root, {}, collection=options)
    scratch.folder = h.folder
    scratch.index()
    assert related_by_heading(h) == related_by_heading(scratch)
    assert related_by_heading(h)


def test_related_lists_are_the_exact_top_k_by_brute_force(tmp_path):
    # Every section's list against a from-first-principles computation: cosine (float64) with
    # every other section, less its ancestors and descendants, at least the threshold, best k
    # (ties by id). The indexer screens pairs in float32 before computing them exactly; a
    # screen that dropped a pair it should keep would show here, where comparing incremental
    # with full builds (both screened alike) could not.
    options = CollectionOptions(related_k=3, related_threshold=0.05)
    third = SIMILAR_B.replace("Tool B", "Tool C").replace("reminders", "invoices")
    h = Harness(tmp_path, {"a.md": SIMILAR_A, "b.md": SIMILAR_B, "c.md": third},
                collection=options)
    h.index()
    h.edit("a.md", "drawn with one call each.", "drawn with one call each, pie charts too.")
    h.index()
    vectors = {n: vector_of(v).astype(np.float64)
               for n, v in h.query("SELECT node_id, vector FROM node_vectors")}
    ancestors = ancestors_in(h)

    expected = {}
    for src, v in vectors.items():
        scored = [(dst, round(float(v @ w), 5)) for dst, w in vectors.items()
                  if dst != src and dst not in ancestors(src) and src not in ancestors(dst)]
        best = sorted((x for x in scored if x[1] >= options.related_threshold),
                      key=lambda x: (-x[1], x[0]))[:options.related_k]
        if best:
            expected[src] = [dst for dst, _ in best]
    stored: dict[str, list[tuple[float, str]]] = {}
    for src, dst, w in h.query("SELECT src, dst, weight FROM edges WHERE kind = 'related'"):
        stored.setdefault(src, []).append((-w, dst))
    assert {src: [dst for _, dst in sorted(lst)] for src, lst in stored.items()} == expected
    assert sum(len(lst) for lst in expected.values()) >= 6  # lists filled, some truncated


@pytest.mark.parametrize("blas_rows", [0, 8], ids=["blas", "einsum"])  # 5 rows below
def test_the_screened_scores_are_exact_through_blas_and_on_one_thread(monkeypatch, blas_rows):
    # A few rows are screened with einsum, larger blocks with BLAS; either way the top k and
    # every score that reaches a column's bar must be the float64 cosine, rounded, that a
    # brute force gives. Clustered vectors, some stored twice, make ties and close calls.
    monkeypatch.setattr(related, "_BLAS_ROWS", blas_rows)
    rng = np.random.default_rng(7)
    centres = rng.standard_normal((6, 384))
    matrix = np.concatenate([centres[rng.integers(0, 6, 1500)] + rng.standard_normal((1500, 384)),
                             centres[:2] + rng.standard_normal((2, 384))])
    matrix = np.concatenate([matrix, matrix[:40]])  # duplicates: exact ties
    matrix = (matrix / np.linalg.norm(matrix, axis=1, keepdims=True)).astype(np.float32)
    ids = [f"n{i:05d}" for i in range(len(matrix))]
    rows, k, floor = [3, 17, 1500, 1501, 1530], 5, 0.3
    excluded = [[i, (i + 1) % len(matrix)] for i in rows]
    bars = np.where(np.arange(len(matrix)) % 3 == 0, 0.45, np.inf)
    exact = np.round(matrix[rows].astype(np.float64) @ matrix.T.astype(np.float64), 5)
    for r, out in enumerate(excluded):
        exact[r, out] = -np.inf
    sims = related._similarities(matrix, rows, floor, k, excluded, bars)
    for r in range(len(rows)):
        assert related._top_k(sims[r], ids, k, floor) == related._top_k(exact[r], ids, k, floor)
        usable = (exact[r] >= bars) & (exact[r] >= floor)
        assert usable.sum() > 10  # the bars do pick columns
        assert np.array_equal(sims[r][usable], exact[r][usable])
    assert len({s for r in range(len(rows)) for _, s in related._top_k(exact[r], ids, k, floor)}) \
        < len(rows) * k  # some scores tie


def test_the_collection_exports_the_vector_its_node_text_has(tmp_path):
    # The collection node's text is the collection's name. A paragraph with that very text has
    # a stored vector of it, which the collection's own embeddings file must hold too, also
    # when a long-lived indexer (kept text uses, from its second run on) writes that file
    # without asking the store.
    h = Harness(tmp_path, {"a.md": LINKER, "named.md": "# Named\n\ncollection\n"})
    h.index()
    for old, new in [("Nothing to see", "Little to see"), ("Little to see", "Not much to see")]:
        h.edit("a.md", old, new)
        h.index()
    assert h.indexer._texts is not None
    exported = pl.read_parquet(h.store.parquet_dir / "embeddings" / "__collection__.parquet")
    stored = h.frame(
        "SELECT e.* FROM embeddings e JOIN nodes n ON n.text_hash = e.text_hash "
        "WHERE n.doc_id = '__collection__'")
    assert stored.height == 1
    assert exported.sort("text_hash").equals(stored.sort("text_hash"))
    assert_in_step(h)


PAGE = """<html><body><h1>API</h1><p>Read <a href="#step-3">step three</a> first.</p>
<p>Mind <a href="#limits">the limits</a>.</p>
<h2>Limits</h2><table id="limits"><tr><th>Name</th><th>Max</th></tr><tr><td>rows</td>
<td>1000</td></tr></table><ol><li>Open it</li><li>Close it</li>
<li id="step-3">Check the log file</li></ol></body></html>"""


def test_links_to_html_tables_and_list_items_by_id_lead_to_them(tmp_path):
    # only headings had anchors: '#limits' led to the document, '#step-3' nowhere. The
    # table's own id wins over the slug of the heading "Limits", within the page and from
    # another document (which of the two won from there depended on their node ids)
    h = Harness(tmp_path, {"api.html": PAGE, "other.html": '<html><body><h1>Other</h1><p>The '
                           'row limit is in <a href="api.html#limits">the API</a>.</p></body>'
                           '</html>'})
    h.index()
    assert sorted(h.query(
        "SELECT s.text, d.block_kind, d.text FROM edges e JOIN nodes s ON s.node_id = e.src "
        "JOIN nodes d ON d.node_id = e.dst WHERE e.kind = 'references'")) == [
        ("Mind the limits.", "table",
         "| Name   |   Max |\n|--------|-------|\n| rows   |  1000 |"),
        ("Read step three first.", "list_item", "Check the log file"),
        ("The row limit is in the API.", "table",
         "| Name   |   Max |\n|--------|-------|\n| rows   |  1000 |")]


CMP = "# 0439-cmp-ops-reform\n\n## Summary\n\nSplit the comparison traits.\n"
CITING = ("# 2000-const-generics\n\n## Summary\n\nConst generics.\n\n## Prior art\n\n"
          "This builds on RFC 439 and on RFC #8, which no file here is. See rfcs#439 too.\n")


def test_a_document_named_by_its_number_in_the_text_is_referred_to(tmp_path):
    """"RFC 439" in a paragraph is a reference to 0439-cmp-ops-reform.md, as a link to it
    would be: it comes when the document comes (the citing one not parsed again), and goes
    when it goes. Before, only links were references: Rust's RFCs name each other mostly in
    plain text."""
    h = Harness(tmp_path, {"2000-const-generics.md": CITING, "notes.md": "# Notes\n\nNone.\n"})
    h.index()
    assert h.references() == set()  # nothing numbered 439 yet
    h.write("0439-cmp-ops-reform.md", CMP)
    report = h.index()
    assert report.docs_parsed == 1  # the citing RFC is not read again
    expected = {(h.path("2000-const-generics.md"), h.path("0439-cmp-ops-reform.md"),
                 "0439-cmp-ops-reform")}
    assert h.references() == expected
    assert h.query(
        "SELECT s.text FROM edges e JOIN nodes s ON s.node_id = e.src WHERE e.kind = "
        "'references'") == [("This builds on RFC 439 and on RFC #8, which no file here is. "
                            "See rfcs#439 too.",)]
    assert_in_step(h)
    # `docnav show` says where it is referred to from
    assert ("referred to from 1 other document (references): 2000-const-generics.md (1)"
            in render_document(h.store, h.path("0439-cmp-ops-reform.md")).splitlines())
    assert "referred to" not in render_document(h.store, h.path("2000-const-generics.md"))
    h.edit("2000-const-generics.md", "Const generics.", "Const generics, at last.")
    assert h.index().references_written == 0  # re-resolved, the same: not written again
    h.edit("2000-const-generics.md", "RFC 439", "RFC 0439")  # the same number
    h.index()
    assert h.references() == expected
    (h.folder / "0439-cmp-ops-reform.md").unlink()
    h.index()
    assert h.references() == set()
    h.write("0439-cmp-ops-reform.md", CMP)
    h.index()
    assert h.references() == expected
    h.edit("2000-const-generics.md", "RFC 0439", "the comparison RFC")
    h.index()
    assert h.references() == set()
    assert_in_step(h)


def test_a_number_names_the_file_of_its_word_and_never_two_files(tmp_path):
    """"RFC 8" names rfc8.md before a bare 0008-*.md; "PEP 8" only pep-0008.md; "RFC 12",
    which two bare files answer, neither; a document naming its own number, nothing."""
    citing = "# Citing\n\nSee RFC 8, PEP 8 and RFC 12. Also RFC 21.\n"
    h = Harness(tmp_path, {"citing.md": citing, "rfc8.md": "# RFC 8\n\nThe IETF one.\n",
                           "0008-intrinsics.md": "# 0008-intrinsics\n\nRust's eighth.\n",
                           "pep-0008.md": "# PEP 8\n\nStyle.\n",
                           "0012-a.md": "# 0012-a\n\nOne.\n", "0012_b.md": "# 0012_b\n\nTwo.\n",
                           "0021-self.md": "# 0021-self\n\nRFC 21 is this one.\n"})
    h.index()
    assert h.references() == {(h.path("citing.md"), h.path("rfc8.md"), "RFC 8"),
                              (h.path("citing.md"), h.path("pep-0008.md"), "PEP 8"),
                              (h.path("citing.md"), h.path("0021-self.md"), "0021-self")}
    (h.folder / "rfc8.md").unlink()  # now the bare one is RFC 8
    h.index()
    assert (h.path("citing.md"), h.path("0008-intrinsics.md"), "0008-intrinsics") in (
        h.references())
    assert_in_step(h)


@pytest.mark.parametrize("name, numbered", [
    ("text/0439-cmp-ops-reform.md", ("", 439)), ("rfc1977.txt", ("rfc", 1977)),
    ("pep-0008.rst", ("pep", 8)), ("RFC_2119.html", ("rfc", 2119)),
    ("1809.01202.pdf", None), ("notes.md", None), ("10k-2022.pdf", None)])
def test_the_number_a_file_is_named_by(name, numbered):
    assert refs.file_number(name) == numbered
