"""The CLI as QA found it at ad44ca8 (indexing side): `show` of a path that names two
documents said it otherwise than `nav` and `fetch`; the run's summary line (a missing path
given: tests/test_cli_store.py). Real stores,
indexed with the hashing embedder."""

from __future__ import annotations

from pathlib import Path

from _cli import index, run

from docnav.embed import HashingEmbedder
from docnav.index import IndexOptions, Indexer
from docnav.report import IndexReport
from docnav.store import Store


def test_show_of_a_name_two_documents_share_says_it_as_nav_and_fetch_do(tmp_path):
    """`show x.md` said "'x.md' matches 2 documents; give more of the id or path", `nav` and
    `fetch` "'x.md' names 2 documents (/…/a/x.md, /…/b/x.md); give more of the path"."""
    docs, db = tmp_path / "docs", tmp_path / "s.duckdb"
    for folder in ("a", "b"):
        (docs / folder).mkdir(parents=True)
        (docs / folder / "x.md").write_text(f"# X in {folder}\n\nSome text of {folder}.\n")
    assert index(db, docs) == 0
    paths = ", ".join(str(docs / f / "x.md") for f in ("a", "b"))
    said = f"docnav: error: 'x.md' names 2 documents ({paths}); give more of the path"
    for command in (("show", "x.md"), ("nav", "x.md", "--dir", "children"),
                    ("fetch", "x.md")):
        code, _, err = run(db, *command)
        assert code == 2 and err.strip() == said, (command, err)
    code, out, _ = run(db, "show", str(Path("a") / "x.md"))
    assert code == 0 and "X in a" in out, out


def test_a_run_that_changes_nothing_says_nothing_of_summaries(tmp_path):
    """It said "0 summaries rebuilt (1 reused, 0 failed), 0 claims checked (0 flagged)": the
    collection summary's check, where the other clauses of work not done are left out."""
    docs, db = tmp_path / "docs", tmp_path / "s.duckdb"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\n## Part\n\nFirst text of a.\n\nSecond text of a.\n")
    flags = ("--embed-model", "hashing", "--no-verify", "--no-progress")
    code, out, _ = run(db, "index", str(docs), *flags)
    assert code == 0 and " summaries rebuilt (0 reused, 0 failed)" in out, out
    code, out, _ = run(db, "index", str(docs), *flags)
    assert code == 0 and out.startswith("0 added, 0 changed, 0 renamed, 0 removed, 1 unchanged")
    assert "summar" not in out and "claims" not in out, out


def test_switching_back_to_a_model_says_its_vectors_are_taken_not_embedded(tmp_path):
    """Back on the first model, the line said "1 unchanged documents embedded with a new model"
    beside "0 texts embedded": the model's vectors of its earlier run were taken."""
    docs, db = tmp_path / "docs", tmp_path / "s.duckdb"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\n## Part\n\nFirst text of a.\n")

    def run_with(dim: int) -> IndexReport:
        options = IndexOptions(export_parquet=False, progress=False)
        return Indexer(Store(db), options, HashingEmbedder(dim=dim)).index([docs])

    run_with(256)
    assert "1 unchanged document embedded with a new model; " in run_with(128).summary()
    back = run_with(256)
    assert back.reembedded == [str(docs / "a.md")] and back.texts_embedded == 0
    said = back.summary()
    assert "1 unchanged document given the vectors of this model's earlier run; " in said
    assert "with a new model" not in said, said


def test_index_refuses_policy_drop_with_no_verify_as_ask_does(tmp_path):
    """`index --no-verify --policy drop` was taken, and the policy did nothing: with no check
    no claim is dropped, and since --no-verify keeps the stored summaries (review RF, b5744db)
    a flagged summary stayed flagged. `ask` refuses the pair; `index` and `watch` now too,
    before the store is made."""
    docs, db = tmp_path / "docs", tmp_path / "s.duckdb"
    docs.mkdir()
    (docs / "a.md").write_text("# Alpha\n\nAlpha has apples.\n")
    for command in ("index", "watch"):
        code, _, err = run(db, command, str(docs), "--no-verify", "--policy", "drop")
        assert code == 2, (command, err)
        assert "--policy drop" in err and "--no-verify" in err, (command, err)
        assert not db.exists(), command
