"""A run's report as QA found it at b5aab06: a new file deleted mid-run was said only with
--json or -v, and -v said "(deleted before it was read)" of one the run had parsed; counts
said "1 texts embedded", "writing 1 documents", "its 1 document(s) are kept"; `docnav locate
--help` had no description (nor had nav and fetch). Real stores, the hashing embedder."""

from __future__ import annotations

from pathlib import Path

from _cli import written

from docnav.embed import HashingEmbedder
from docnav.index import IndexOptions, Indexer
from docnav.parse import ParseOptions, parse_file
from docnav.store import Store


def test_a_new_file_deleted_after_it_was_parsed_is_counted_and_said_truly(tmp_path):
    docs = written(tmp_path / "docs", {"a.md": "# A\n\nAlpha.\n", "b.md": "# B\n\nBravo.\n"})
    b = docs / "b.md"

    def parse_then_delete(path: str, options: ParseOptions):
        parsed = parse_file(path, options)  # read and parsed; gone before its check
        if Path(path) == b:
            b.unlink()
        return parsed

    options = IndexOptions(summaries=None, progress=False, export_parquet=False)
    report = Indexer(Store(tmp_path / "s.duckdb"), options, HashingEmbedder(),
                     parse=parse_then_delete).index([docs])
    assert (report.added, report.vanished, report.failed) == ([str(docs / "a.md")], [str(b)], [])
    assert report.summary().startswith("1 added, 0 changed, 0 renamed, 0 removed, 0 unchanged, "
                                       "0 failed, 1 new file vanished; "), report.summary()
    assert f"vanished: {b} (deleted before it was stored)" in report.change_lines()
