"""A link to a pull request gets its references edge in an incremental run as in a fresh build
of the same files: whichever of the linking document and the RFC whose RFC PR line names the
pull request came first, and in a store written by a DocNav that resolved fewer of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from _harness import assert_export_matches
from _stores import collection_references as _references

from docnav.embed import HashingEmbedder
from docnav.index import Indexer, IndexOptions
from docnav.store import Store


def _rfc(pulls: str, body: str) -> str:
    return (f"- Start Date: 2018-02-19\n- RFC PR: {pulls}\n- Rust Issue: N/A\n\n"
            f"## Summary\n\n{body}\n")


def _pr(number: int) -> str:
    return f"[rust-lang/rfcs#{number}](https://github.com/rust-lang/rfcs/pull/{number})"


OWNERS = {
    "2349-pin.md": _rfc(_pr(2349), "Pinning APIs."),
    "pin-again.md": _rfc(_pr(2400), "Named by its line, not its file."),  # no number
    "bare.md": _rfc("[#2500](https://github.com/rust-lang/rfcs/pull/2500)", "A bare number."),
    "0002-rfc-process.md": _rfc(f"{_pr(2)}, {_pr(6)}", "The RFC process, amended by #6."),
}
# mentions by link alone: no "rust-lang/rfcs#..." in its text
LINKING = {"3000-user.md": "# Summary\n\nThe [pins](https://github.com/rust-lang/rfcs/pull/2349),"
                           " [more](https://github.com/rust-lang/rfcs/pull/2400/files), [a bare "
                           "one](https://github.com/rust-lang/rfcs/issues/2500) and [the "
                           "amendment](https://github.com/rust-lang/rfcs/pull/6#issue-1).\n"}
BOTH = {**OWNERS, **LINKING}



def _runs(base: Path, states: list[dict[str, str]], one_indexer: bool) -> set[tuple[str, str]]:
    """The references after indexing ``states`` (name -> text) one after another into one
    store, by one indexer kept between runs or a new one per run (as `docnav index` is)."""
    docs = base / "docs"
    docs.mkdir(parents=True)
    store = Store(base / "g.duckdb")
    indexer = None
    for files in states:
        for old in docs.iterdir():
            if old.name not in files:
                old.unlink()
        for name, text in files.items():
            (docs / name).write_text(text)
        if indexer is None or not one_indexer:
            indexer = Indexer(store, IndexOptions(summaries=None, progress=False),
                              HashingEmbedder())
        indexer.index([docs])
    return _references(store.path)


@pytest.mark.parametrize("one_indexer", [True, False])
@pytest.mark.parametrize("first", ["linking", "owners"])
def test_a_pull_request_link_gets_its_edge_in_either_order_as_in_a_fresh_build(
        tmp_path, first, one_indexer):
    fresh = _runs(tmp_path / "fresh", [BOTH], one_indexer)
    assert fresh == {("3000-user.md", d) for d in OWNERS}
    assert _runs(tmp_path / "runs", [LINKING if first == "linking" else OWNERS, BOTH],
                 one_indexer) == fresh


def test_a_store_resolved_by_an_older_docnav_gets_the_edges_a_fresh_build_has(tmp_path):
    # a DocNav before RFC PR lines owned every pull request they list resolved the link to
    # pull request 6 to no document; its store lacks that edge, and no file changes
    docs = tmp_path / "docs"
    docs.mkdir()
    for name, text in BOTH.items():
        (docs / name).write_text(text)
    store = Store(tmp_path / "db" / "g.duckdb")
    options = IndexOptions(summaries=None, progress=False, export_parquet=True)
    Indexer(store, options, HashingEmbedder()).index([docs])
    fresh = _references(store.path)
    with store.transaction() as con:
        con.execute("DELETE FROM edges WHERE kind = 'references' AND dst = (SELECT node_id FROM "
                    "nodes n JOIN documents d USING (doc_id) WHERE d.path LIKE '%/0002-rfc-"
                    "process.md' AND n.kind = 'document')")
        con.execute("DELETE FROM meta WHERE key NOT IN ('schema_version', 'documents_token', "
                    "'collection_token')")  # what that DocNav wrote
    assert _references(store.path) == fresh - {("3000-user.md", "0002-rfc-process.md")}
    report = Indexer(store, options, HashingEmbedder()).index([docs])
    assert (report.docs_parsed, report.references_written) == (0, 1)
    assert _references(store.path) == fresh
    assert_export_matches(store)
