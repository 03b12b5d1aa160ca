"""`show` of a document whose indexing failed (the sixty-second session's QA): its path named
once, and one never indexed an error as a path not in the store is. Real stores."""

from __future__ import annotations

import pytest
from _cli import TWO_DOCUMENTS, run, written

INDEX = ("--embed-model", "hashing", "--no-summaries", "--no-progress")


@pytest.fixture
def docs(tmp_path):
    return written(tmp_path / "docs", TWO_DOCUMENTS)


def test_show_of_a_document_never_indexed_names_it_once_and_fails(tmp_path, docs):
    """`show docs/e.md` of an empty file printed "/…/e.md: not indexed (failed): /…/e.md: file
    is empty (0 bytes)" with exit code 0; a path the store lacks is an error (exit code 2)."""
    (docs / "e.md").write_text("")
    db = tmp_path / "s.duckdb"
    assert run(db, "index", str(docs), *INDEX)[0] == 1
    code, out, err = run(db, "show", str(docs / "e.md"))
    assert (code, out) == (2, ""), (code, out)
    assert err.count(str(docs / "e.md")) == 1, err
    assert err.startswith(f"docnav: error: {docs / 'e.md'}: not indexed") and (
        "file is empty (0 bytes)" in err), err


def test_show_of_a_failed_document_s_previous_version_names_the_file_on_its_header(
        tmp_path, docs):
    """The line after the header said "! last attempt failed, showing the previous version:
    /…/a.md: file is empty (0 bytes)", the header naming the file already."""
    db = tmp_path / "s.duckdb"
    assert run(db, "index", str(docs), *INDEX)[0] == 0
    (docs / "a.md").write_text("")
    assert run(db, "index", str(docs), *INDEX)[0] == 1
    code, out, _ = run(db, "show", str(docs / "a.md"))
    assert code == 0
    lines = out.splitlines()
    assert lines[1] == ("! last attempt failed, showing the previous version: "
                        "file is empty (0 bytes)"), lines[:2]
    assert out.count(str(docs / "a.md")) == 1, out
