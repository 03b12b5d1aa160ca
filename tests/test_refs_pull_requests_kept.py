"""After each add, edit and removal of RFCs, and of a document linking to their pull requests,
the references are those a fresh build of the same files has, by one indexer kept between runs
or a new one per run: two documents changed in one run that came to name the pull request a
third's RFC PR line names left a link to it leading to the third. And an update by a process
that keeps the collection between updates reads the changed documents' RFC PR lines, not the
whole store's lines and pull request links."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from _harness import Harness, assert_in_step

from docnav.embed import HashingEmbedder
from docnav.index import Indexer, IndexOptions
from docnav.store import Store


def _rfc(pulls: str) -> str:
    return f"- Start Date: 2018-02-19\n- RFC PR: {pulls}\n- Rust Issue: N/A\n\n# Summary\n\nA.\n"


def _links(*numbers: int) -> str:
    return "# Summary\n\n" + "\n\n".join(
        f"See [{n}](https://github.com/rust-lang/rfcs/pull/{n})." for n in numbers) + "\n"


def _references(path: Path) -> set[tuple[str, str]]:
    """(the pull request a paragraph of user.md links to, the file its edge leads to)."""
    con = duckdb.connect(str(path), read_only=True)
    try:
        rows = con.execute(
            "SELECT n.text, t.path FROM edges e JOIN nodes n ON n.node_id = e.src "
            "JOIN nodes m ON m.node_id = e.dst JOIN documents t ON t.doc_id = m.doc_id "
            "WHERE e.kind = 'references' AND e.doc_id = '__collection__'").fetchall()
    finally:
        con.close()
    return {(text.removeprefix("See ").split(".")[0], Path(target).name) for text, target in rows}


# each step: files written (None: removed), and the references (user.md's link to a pull
# request, the file its edge leads to) a fresh build of them has
STEPS = [
    ({"a.md": _rfc("rust-lang/rfcs#10"), "b.md": _rfc("rust-lang/rfcs#10"),
      "d.md": _rfc("rust-lang/rfcs#11"), "user.md": _links(10, 11)},
     {("11", "d.md")}),  # 10 is two lines': neither's
    ({"b.md": _rfc("rust-lang/rfcs#12")}, {("10", "a.md"), ("11", "d.md")}),
    ({"a.md": None, "e.md": _rfc("rust-lang/rfcs#10, rust-lang/rfcs#11")},
     {("10", "e.md")}),  # 10 is e's now, 11 both d's and e's
    ({"d.md": _rfc("rust-lang/rfcs#13")}, {("10", "e.md"), ("11", "e.md")}),
    ({"e.md": _rfc("rust-lang/rfcs#11")}, {("11", "e.md")}),  # its line names 11 alone
    ({"user.md": _links(10, 12, 13)}, {("12", "b.md"), ("13", "d.md")}),
    # two documents changed in one run come to name what a third's line names
    ({"b.md": _rfc("rust-lang/rfcs#13"), "e.md": _rfc("rust-lang/rfcs#13")}, set()),
    ({"e.md": None, "b.md": _rfc("rust-lang/rfcs#12")}, {("12", "b.md"), ("13", "d.md")}),
]
START = STEPS[0][0]


def _fresh(base: Path, files: dict[str, str]) -> set[tuple[str, str]]:
    docs = base / "docs"
    docs.mkdir(parents=True)
    for name, text in files.items():
        (docs / name).write_text(text)
    store = Store(base / "g.duckdb")
    Indexer(store, IndexOptions(summaries=None, progress=False), HashingEmbedder()).index([docs])
    return _references(store.path)


@pytest.mark.parametrize("kept", [True, False])
def test_references_after_each_add_edit_and_removal_are_a_fresh_build_s(tmp_path, kept):
    (tmp_path / "runs").mkdir()
    h = Harness(tmp_path / "runs", START)
    h.index()
    files = dict(START)
    for step, (change, expected) in enumerate(STEPS):
        if step:
            for name, text in change.items():
                if text is None:
                    (h.folder / name).unlink()
                    del files[name]
                else:
                    h.write(name, text)
                    files[name] = text
            if not kept:
                h.indexer = Indexer(h.store, IndexOptions(export_parquet=True), h.embedder,
                                    parse=h.parse)
            h.index()
        assert _references(h.store.path) == expected, step
        assert _fresh(tmp_path / f"fresh{step}", files) == expected, step
        assert_in_step(h)


def test_an_update_reads_the_rfc_pr_lines_of_the_changed_documents_alone(tmp_path):
    h = Harness(tmp_path, {**START, **{f"{n}-x.md": _rfc(f"rust-lang/rfcs#{n}")
                                       for n in range(20, 30)}})
    report = h.index()  # a process's first update reads them all
    assert (report.pull_lines_read, report.pull_links_scanned) == (13, 15)
    h.write("b.md", _rfc("rust-lang/rfcs#12"))
    report = h.index()
    assert (report.pull_lines_read, report.pull_links_scanned) == (1, 0)  # b's line alone
    assert _references(h.store.path) == {("10", "a.md"), ("11", "d.md")}
    h.write("user.md", _links(10, 11, 25))
    report = h.index()
    assert (report.pull_lines_read, report.pull_links_scanned) == (0, 0)  # user.md has none
    assert ("25", "25-x.md") in _references(h.store.path)
    (h.folder / "a.md").unlink()
    report = h.index()
    assert (report.pull_lines_read, report.pull_links_scanned) == (0, 0)
    assert _references(h.store.path) == {("11", "d.md"), ("25", "25-x.md")}
    assert_in_step(h)
