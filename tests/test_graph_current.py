"""A graph is a copy of the store taken when it was opened: a long-lived one (a server's) can
ask whether a run wrote since (`is_current`), and whether the Parquet export it was read from
is older than the store (`export_behind`), which only the CLI said before."""

from __future__ import annotations

from _harness import held

from docnav.cli import main
from docnav.query import DocNavGraph


def index(db, folder, *extra) -> int:
    return main(["--db", str(db), "index", str(folder), "--embed-model", "hashing",
                 "--no-summaries", "--no-progress", *extra])


def test_a_graph_says_whether_a_run_wrote_since_it_was_opened(tmp_path):
    docs, db = tmp_path / "docs", tmp_path / "s" / "g.duckdb"
    docs.mkdir()
    (docs / "a.md").write_text("# Alpha\n\nAlpha has apples.\n")
    assert index(db, docs) == 0
    graph = DocNavGraph.open(db, embedder=None)
    assert graph.is_current() is True
    assert index(db, docs) == 0  # nothing changed: nothing written
    assert graph.is_current() is True
    (docs / "b.md").write_text("# Bravo\n\nBravo builds boats.\n")
    assert index(db, docs) == 0
    assert graph.is_current() is False
    assert graph.locate("boats") == []  # the copy it is
    again = DocNavGraph.open(db, embedder=None)
    assert again.is_current() is True and again.locate("boats")
    with held(db, "w", 30):  # a writer holds it: cannot tell, and read from the export
        assert again.is_current() is None
        exported = DocNavGraph.open(db, embedder=None)
        assert exported.source.startswith("parquet:") and exported.is_current() is None
        assert exported.export_behind is False
    assert again.export_behind is False


def test_a_graph_read_from_an_export_older_than_the_store_says_so(tmp_path):
    docs, db = tmp_path / "docs", tmp_path / "s" / "g.duckdb"
    docs.mkdir()
    (docs / "a.md").write_text("# Alpha\n\nAlpha has apples.\n")
    assert index(db, docs) == 0
    (docs / "c.md").write_text("# Charlie\n\nCharlie counts coins.\n")
    assert index(db, docs, "--no-parquet") == 0
    with held(db, "w", 30):
        graph = DocNavGraph.open(db, embedder=None)
        assert graph.source.startswith("parquet:") and graph.export_behind is True
