"""What an incremental run reports, checked against what it did to the store.

Real parser, real DuckDB; the hashing embedder, since embeddings are not what is checked.
"""

from __future__ import annotations

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
