"""Which store has its links between documents resolved again: one whose references an older
resolver resolved, by the version the store records. An edit of the resolver's source alone
(a docstring) re-resolved every store once, and two DocNav versions writing one store (a CLI
of one, a Dagster daemon of another) each re-resolved every link on every run."""

from __future__ import annotations

from pathlib import Path

from _cli import run
from _stores import collection_references

from docnav.embed import HashingEmbedder
from docnav.index import Indexer, IndexOptions
from docnav.store import Store

VERSION_KEY = "references_resolver_version"
DIGEST_KEY = "references_resolved_by"  # what a DocNav before the version recorded
LINKED = "0002-rfc-process.md"
FILES = {
    LINKED: "- Start Date: 2014-03-11\n- RFC PR: rust-lang/rfcs#2, rust-lang/rfcs#6\n"
            "- Rust Issue: N/A\n\n## Summary\n\nThe RFC process.\n",
    "3000-user.md": "# Summary\n\nThe [amendment](https://github.com/rust-lang/rfcs/pull/6).\n",
}
OPTIONS = IndexOptions(summaries=None, progress=False, export_parquet=False)


def _built(base: Path) -> tuple[Store, Path]:
    docs = base / "docs"
    docs.mkdir(parents=True)
    for name, text in FILES.items():
        (docs / name).write_text(text)
    store = Store(base / "db" / "g.duckdb")
    Indexer(store, OPTIONS, HashingEmbedder()).index([docs])
    assert collection_references(store.path) == {("3000-user.md", LINKED)}
    return store, docs


def _as_left_by(store: Store, meta: dict[str, str]) -> None:
    """The store as another DocNav left it: ``meta``'s keys recorded (the others of this test
    deleted), and the link's edge missing, as a resolver that missed it left it."""
    with store.transaction() as con:
        con.execute("DELETE FROM edges WHERE kind = 'references'")
        con.execute("DELETE FROM meta WHERE key IN (?, ?)", [VERSION_KEY, DIGEST_KEY])
        for key, value in meta.items():
            con.execute("INSERT INTO meta VALUES (?, ?)", [key, value])


def _index(store: Store, docs: Path) -> int:
    report = Indexer(store, OPTIONS, HashingEmbedder()).index([docs])
    assert report.docs_parsed == 0
    return report.references_written


def _meta(store: Store, key: str) -> str | None:
    with store.reader() as con:
        row = con.execute("SELECT value FROM meta WHERE key = ?", [key]).fetchone()
    return row and row[0]


def test_a_store_resolved_by_a_docnav_that_recorded_a_digest_is_resolved_again_once(tmp_path):
    from docnav.collection import RESOLVER_VERSION

    store, docs = _built(tmp_path)
    _as_left_by(store, {DIGEST_KEY: "0123456789ab"})
    assert _index(store, docs) == 1
    assert collection_references(store.path) == {("3000-user.md", LINKED)}
    assert _meta(store, VERSION_KEY) == str(RESOLVER_VERSION)
    # (left for that DocNav: it finds its own digest, and resolves nothing again)
    assert _meta(store, DIGEST_KEY) == "0123456789ab"
    _as_left_by(store, {VERSION_KEY: str(RESOLVER_VERSION), DIGEST_KEY: "0123456789ab"})
    assert _index(store, docs) == 0  # resolved once: not on every run


def test_another_version_s_digest_beside_this_version_resolves_nothing_again(tmp_path):
    # a DocNav of another version writing the store too (a Dagster daemon beside the CLI)
    # recorded its own digest after this version's run: this one's version still holds
    from docnav.collection import RESOLVER_VERSION

    store, docs = _built(tmp_path)
    _as_left_by(store, {VERSION_KEY: str(RESOLVER_VERSION), DIGEST_KEY: "fedcba987654"})
    assert _index(store, docs) == 0
    assert collection_references(store.path) == set()  # left as it was: nothing resolved


def test_a_store_a_newer_docnav_resolved_is_left_as_it_resolved_it_and_said_so(tmp_path):
    store, docs = _built(tmp_path)
    _as_left_by(store, {VERSION_KEY: "99"})
    assert _index(store, docs) == 0
    assert collection_references(store.path) == set()
    assert _meta(store, VERSION_KEY) == "99"  # not lowered to this version's
    code, _, err = run(store.path, "index", str(docs), "--embed-model", "hashing",
                       "--no-summaries", "--no-parquet", "--no-progress")
    assert code == 0
    assert "resolved by a newer DocNav (resolver version 99" in err


def test_a_newer_store_an_older_run_changes_records_the_older_version(tmp_path):
    # an older DocNav's run resolved the links of the documents it changed by its rules and
    # left the newer version recorded: the newer one never resolved those again (a review:
    # 1 reference where a fresh build of the newer one made 3)
    from docnav.collection import RESOLVER_VERSION

    store, docs = _built(tmp_path)
    _as_left_by(store, {VERSION_KEY: "99"})
    (docs / "3000-user.md").write_text(FILES["3000-user.md"] + "\nMore words.\n")
    Indexer(store, OPTIONS, HashingEmbedder()).index([docs])
    assert _meta(store, VERSION_KEY) == str(RESOLVER_VERSION)  # below the newer one's


def test_a_store_this_version_resolved_is_not_resolved_again(tmp_path):
    from docnav.collection import RESOLVER_VERSION

    store, docs = _built(tmp_path)
    assert _meta(store, VERSION_KEY) == str(RESOLVER_VERSION)
    _as_left_by(store, {VERSION_KEY: str(RESOLVER_VERSION)})
    assert _index(store, docs) == 0
