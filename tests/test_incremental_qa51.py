"""What an incremental run reports, checked against what it did to the store.

Real parser, real DuckDB; the hashing embedder, since embeddings are not what is checked.
"""

from __future__ import annotations

from docnav.index import IndexOptions, Indexer
from docnav.summaries import SummaryPipelineOptions

from _harness import ALPHA, BETA, Harness


def test_a_file_that_failed_before_it_was_ever_indexed_is_added_when_it_parses(tmp_path):
    h = Harness(tmp_path, {"alpha.md": ALPHA, "beta.md": ""})
    first = h.indexer.index([h.folder])
    assert [path for path, _ in first.failed] == [h.path("beta.md")]
    assert first.added == [h.path("alpha.md")]

    h.write("beta.md", BETA)
    report = h.index()
    # no version of it was stored: the run stored its first, as for any new file
    assert (report.added, report.changed) == ([h.path("beta.md")], [])
    assert report.change_lines() == [f"added: {h.path('beta.md')}"]
    assert h.query("SELECT version, status FROM documents WHERE path = ?",
                   [h.path("beta.md")]) == [(1, "ok")]

    h.edit("beta.md", "notes about", "remarks on")
    assert h.index().changed == [h.path("beta.md")]


MANUAL = """# Pump manual

The pump moves water from the well to the tank on the roof.

## Examples

### Example

A garden pump lifts rain water from a barrel into the watering can.

## Care

Oil the bearings once a year and drain the pump before the frost.
"""

NEW_EXAMPLE = """### Example

A fountain pump circulates the water of a pond through a filter.

"""


def test_a_section_whose_heading_path_ordinal_shifts_keeps_its_summary(tmp_path):
    # a second "Example" inserted before the first: the first's id is now the second's
    # ("Example", 1), its content unchanged; only the new one and those above it are built
    h = Harness(tmp_path, {"manual.md": MANUAL})
    h.indexer = Indexer(h.store, IndexOptions(summaries=SummaryPipelineOptions(verify=False)),
                        h.embedder, parse=h.parse)
    assert h.index().summaries.rebuilt == 6  # 4 sections, the document, the collection
    garden = next(n for n in tree(h).sections if n.heading == "Example")
    (before,) = h.query("SELECT text FROM summaries WHERE node_id = ?", [garden.node_id])

    h.edit("manual.md", "### Example\n", NEW_EXAMPLE + "### Example\n")
    report = h.index()
    after = tree(h)
    fountain, kept = (n for n in after.sections if n.heading == "Example")
    assert kept.tree_hash == garden.tree_hash and kept.node_id != garden.node_id
    # the new Example, Examples, the manual's section, the document and the collection
    assert (report.summaries.rebuilt, report.summaries.reused) == (5, 2)
    assert h.query("SELECT text, tree_hash FROM summaries WHERE node_id = ?",
                   [kept.node_id]) == [(before[0], kept.tree_hash)]
    assert "fountain" in h.query("SELECT text FROM summaries WHERE node_id = ?",
                                 [fountain.node_id])[0][0]


def tree(h: Harness):
    with h.store.reader() as con:
        (doc_id,) = con.execute("SELECT doc_id FROM documents").fetchone()
        return h.store.load_tree(con, doc_id)
