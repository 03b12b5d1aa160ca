"""The CLI as QA found it at ad44ca8 (indexing side): `show` of a path that names two
documents said it otherwise than `nav` and `fetch`; the run's summary line. Real stores,
indexed with the hashing embedder."""

from __future__ import annotations

from pathlib import Path

from _cli import index, run


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
