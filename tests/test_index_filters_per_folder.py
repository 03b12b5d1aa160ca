"""The refusal of a filter that reads no file of a folder, decided folder by folder (review RX2
1-2): 3f516d8 refused only a run whose filter read no file at all, so `docnav index d1 extra.md
--include '*.MD'` (a file named on the command line is read whatever the filter says) or
`index docs notes --include '*.MD'` with a stray notes/README.MD removed every document of the
folder the typo left nothing of. Now each folder whose stored documents the filter would remove
is refused where the filter read none of its files, named with the pattern; a filter that reads
some of a folder's files narrows it, as before. Real stores, the hashing embedder."""

from __future__ import annotations

from _cli import index, run, summary_counts, written

FLAGS = ("--embed-model", "hashing", "--no-summaries", "--no-progress")
TWO = {"a.md": "# Alpha\n\nAlpha has apples.\n", "b.md": "# Bravo\n\nBravo builds boats.\n"}


def _stored(tmp_path, *folders: dict[str, str], extra: bool = False):
    """``folders`` written as d1, d2, ... (and extra.md beside them) and indexed."""
    made = [written(tmp_path / f"d{n}", files) for n, files in enumerate(folders, 1)]
    named = tmp_path / "extra.md"
    named.write_text("# Extra\n\nExtra is named.\n")
    db = tmp_path / "s.duckdb"
    assert index(db, *made, *([named] if extra else [])) == 0
    return made, named, db


def _nested(tmp_path):
    """n holding a.md, and n/sub holding b.md."""
    n = written(tmp_path / "n", {"a.md": TWO["a.md"]})
    written(n / "sub", {"b.md": TWO["b.md"]})
    return n


def _unchanged(db, *paths, count: int) -> None:
    code, out, err = run(db, "index", *map(str, paths), *FLAGS)
    assert code == 0 and summary_counts(out)["unchanged"] == count, (out, err)


def test_a_file_named_beside_the_folder_does_not_turn_the_refusal_off(tmp_path):
    (d1,), extra, db = _stored(tmp_path, TWO, extra=True)
    code, out, err = run(db, "index", str(d1), str(extra), *FLAGS, "--include", "*.MD")
    assert (code, out) == (2, ""), (code, out, err)
    assert f"--include '*.MD': the run reads no file of {d1} (2 files: .md: 2)" in err, err
    _unchanged(db, d1, extra, count=3)


def test_a_file_another_folder_has_does_not_turn_it_off(tmp_path):
    (d1, d2), _, db = _stored(tmp_path, TWO, {"c.md": "# C\n\nCharlie.\n"})
    (d2 / "README.MD").write_text("# Read me\n\nA stray capital suffix.\n")
    code, out, err = run(db, "index", str(d1), str(d2), *FLAGS, "--include", "*.MD")
    assert (code, out) == (2, ""), (code, out, err)
    assert f"the run reads no file of {d1} (2 files: .md: 2)" in err, err
    assert f"leave it out of the run (give {d2} --include '*.MD')" in err, err
    # its README.MD is read: d2 is narrowed, not refused
    assert str(d2) not in err.split("leave it out")[0], err
    _unchanged(db, d1, count=2)


def test_each_folder_it_reads_nothing_of_is_named(tmp_path):
    (d1, d2, _), _, db = _stored(tmp_path, TWO, {"c.md": "# C\n\nCharlie.\n"},
                                 {"X.MD": "# X\n\nXray.\n"})
    code, out, err = run(db, "index", str(d1), str(d2), str(tmp_path / "d3"), *FLAGS,
                         "--include", "*.MD")
    assert (code, out) == (2, ""), (code, out, err)
    assert err.startswith(
        f"docnav: error: --include '*.MD': the run reads no file of 2 folders whose documents "
        f"the store holds: {d1} (2 files: .md: 2; 2 documents), {d2} (1 file: .md: 1; 1 "
        "document): the run is refused, nothing indexed or removed."), err
    _unchanged(db, d1, d2, count=3)


def test_a_folder_it_reads_some_file_of_is_narrowed_and_one_it_reads_none_of_refused(tmp_path):
    """index d1 d2 --include '*.html' with no HTML in d2: d2's documents would all go (3f516d8
    removed them); d2 is refused, and d1 alone is narrowed as asked."""
    (d1, d2), _, db = _stored(tmp_path, {"x.html": "<h1>X</h1><p>Xray.</p>", **TWO},
                              {"c.md": "# C\n\nCharlie.\n", "n.txt": "notes\n"})
    code, out, err = run(db, "index", str(d1), str(d2), *FLAGS, "--include", "*.html")
    assert (code, out) == (2, ""), (code, out, err)
    assert err.startswith(
        f"docnav: error: --include '*.html': the run reads no file of {d2} (2 files: .md: 1, "
        ".txt: 1), and the store holds 1 document indexed from it: the run is refused, "
        "nothing indexed or removed. Check the pattern (patterns are case-sensitive). To keep "
        f"its document and narrow the rest, leave it out of the run (give {d1} --include "
        "'*.html'). To remove its document on purpose, "), err
    code, out, err = run(db, "index", str(d1), *FLAGS, "--include", "*.html")
    assert code == 0 and summary_counts(out)["removed"] == 2, (out, err)
    assert "note: 2 documents were removed although their files are still there" in err, err
    _unchanged(db, d2, count=1)


def test_a_folder_with_no_stored_document_is_not_refused(tmp_path):
    (d1,), _, db = _stored(tmp_path, TWO)
    new = written(tmp_path / "new", {"n.txt": "notes\n"})
    code, out, err = run(db, "index", str(d1), str(new), *FLAGS, "--include", "*.md")
    assert code == 0 and summary_counts(out)["unchanged"] == 2, (out, err)
    assert f"note: {new}: no file here matches what this run reads (*.md)" in err, err


def test_the_advice_says_what_works_and_it_does(tmp_path):
    """The refusal told the user to give "a pattern that matches the files to keep" (they
    had) and to "index the folder when none of their files is in it". What it says now: a
    folder's documents go when its files are moved out of it and it is indexed again, or a
    new store holds what is kept; both work."""
    (d1,), _, db = _stored(tmp_path, TWO)
    code, _, err = run(db, "index", str(d1), *FLAGS, "--include", "*.MD")
    assert code == 2 and err.endswith(
        "Check the pattern (patterns are case-sensitive). To remove its documents on purpose, "
        "move its files out of it and index it again, or index what you keep into a new "
        "store (--db).\n"), err
    assert "leave it out" not in err, err  # no other path in the run
    (tmp_path / "kept").mkdir()  # a store's folder of its own (its Parquet export's)
    code, out, err = run(tmp_path / "kept" / "new.duckdb", "index", str(d1), *FLAGS,
                         "--include", "a.md")
    assert code == 0 and summary_counts(out)["added"] == 1, (out, err)
    (d1 / "a.md").rename(tmp_path / "a.md")
    (d1 / "b.md").rename(tmp_path / "b.md")
    code, out, _ = run(db, "index", str(d1), *FLAGS, "--include", "*.MD")
    assert code == 0 and summary_counts(out)["removed"] == 2, out


def test_an_exclude_by_name_says_what_it_leaves_and_how_to_keep_the_folder(tmp_path):
    """index d1 d2 --exclude a.md --exclude b.md (every file of d1 named): refused as a
    typo would be, without the case-sensitive line that fits a pattern of files to read, and
    with the run that leaves d1 out, which keeps its documents."""
    (d1, d2), _, db = _stored(tmp_path, TWO, {"c.md": "# C\n\nCharlie.\n"})
    code, out, err = run(db, "index", str(d1), str(d2), *FLAGS, "--exclude", "a.md",
                         "--exclude", "b.md")
    assert (code, out) == (2, ""), (code, out, err)
    assert err.startswith(
        f"docnav: error: --exclude 'a.md' --exclude 'b.md': the run reads no file of {d1} (2 "
        "files: .md: 2), and the store holds 2 documents indexed from it: the run is refused, "
        "nothing indexed or removed. To keep its documents and narrow the rest, leave it out "
        f"of the run (give {d2} --exclude 'a.md' --exclude 'b.md')."), err
    assert "case-sensitive" not in err, err
    _unchanged(db, d1, d2, count=3)


def test_a_folder_given_twice_or_inside_another_is_named_once(tmp_path):
    """`index d1 d1/` named d1 twice; `index n n/sub` named n/sub beside n, whose counts
    hold n/sub's file and document already. A folder refused inside a folder the run
    narrows gets no advice to leave it out: the run over the outer one removes it too."""
    (d1,), _, db = _stored(tmp_path, TWO)
    code, _, err = run(db, "index", str(d1), f"{d1}/", *FLAGS, "--include", "*.MD")
    assert code == 2 and err.startswith(
        f"docnav: error: --include '*.MD': the run reads no file of {d1} (2 files: .md: 2), "
        "and the store holds 2 documents indexed from it: "), err
    n = _nested(tmp_path)
    assert index(db, n) == 0
    code, _, err = run(db, "index", str(n), str(n / "sub"), *FLAGS, "--include", "*.MD")
    assert code == 2 and err.startswith(
        f"docnav: error: --include '*.MD': the run reads no file of {n} (2 files: .md: 2), "
        "and the store holds 2 documents indexed from it: "), err
    code, _, err = run(db, "index", str(n), str(n / "sub"), *FLAGS, "--include", "a.md")
    assert code == 2 and f"the run reads no file of {n / 'sub'} (1 file: .md: 1)" in err, err
    assert "leave it out" not in err, err
    _unchanged(db, d1, n, count=4)


def test_a_root_inside_another_whose_file_is_read_is_not_noted_empty(tmp_path):
    """`index n n/sub --include 'b*'` reads n/sub's b.md (found through n): the note said
    n/sub had no file matching what the run reads."""
    n = _nested(tmp_path)
    db = tmp_path / "s.duckdb"
    assert index(db, n) == 0
    code, out, err = run(db, "index", str(n), str(n / "sub"), *FLAGS, "--include", "b*")
    assert code == 0 and summary_counts(out)["removed"] == 1, (out, err)
    assert "no file here matches" not in err, err


def test_watch_is_refused_for_the_folder_too(tmp_path):
    (d1, d2), _, db = _stored(tmp_path, TWO, {"c.md": "# C\n\nCharlie.\n"})
    (d2 / "README.MD").write_text("# Read me\n\nA stray capital suffix.\n")
    code, _, err = run(db, "watch", str(d1), str(d2), *FLAGS, "--include", "*.MD",
                       "--seconds", "0.2")
    assert code == 2 and f"the run reads no file of {d1} (2 files: .md: 2)" in err, err
    _unchanged(db, d1, count=2)
