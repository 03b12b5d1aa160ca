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


def _unchanged(db, *paths, count: int) -> None:
    code, out, err = run(db, "index", *map(str, paths), *FLAGS)
    assert code == 0 and summary_counts(out)["unchanged"] == count, (out, err)


def test_a_file_named_beside_the_folder_does_not_turn_the_refusal_off(tmp_path):
    (d1,), extra, db = _stored(tmp_path, TWO, extra=True)
    code, out, err = run(db, "index", str(d1), str(extra), *FLAGS, "--include", "*.MD")
    assert (code, out) == (2, ""), (code, out, err)
    assert f"--include '*.MD' matches none of the 2 files in {d1} (.md: 2)" in err, err
    _unchanged(db, d1, extra, count=3)


def test_a_file_another_folder_has_does_not_turn_it_off(tmp_path):
    (d1, d2), _, db = _stored(tmp_path, TWO, {"c.md": "# C\n\nCharlie.\n"})
    (d2 / "README.MD").write_text("# Read me\n\nA stray capital suffix.\n")
    code, out, err = run(db, "index", str(d1), str(d2), *FLAGS, "--include", "*.MD")
    assert (code, out) == (2, ""), (code, out, err)
    assert f"matches none of the 2 files in {d1} (.md: 2)" in err, err
    assert str(d2) not in err, err  # its README.MD is read: d2 is narrowed, not refused
    _unchanged(db, d1, count=2)


def test_each_folder_it_reads_nothing_of_is_named(tmp_path):
    (d1, d2, _), _, db = _stored(tmp_path, TWO, {"c.md": "# C\n\nCharlie.\n"},
                                 {"X.MD": "# X\n\nXray.\n"})
    code, out, err = run(db, "index", str(d1), str(d2), str(tmp_path / "d3"), *FLAGS,
                         "--include", "*.MD")
    assert (code, out) == (2, ""), (code, out, err)
    assert err.startswith(
        f"docnav: error: --include '*.MD' matches no file in 2 folders whose documents the "
        f"store holds: {d1} (2 files: .md: 2; 2 documents), {d2} (1 file: .md: 1; 1 "
        "document): the run is refused, nothing indexed or removed."), err
    _unchanged(db, d1, d2, count=3)


def test_a_folder_it_reads_some_file_of_is_narrowed_and_one_it_reads_none_of_refused(tmp_path):
    """index d1 d2 --include '*.html' with no HTML in d2: d2's documents would all go (3f516d8
    removed them); d2 is refused, and d1 alone is narrowed as asked."""
    (d1, d2), _, db = _stored(tmp_path, {"x.html": "<h1>X</h1><p>Xray.</p>", **TWO},
                              {"c.md": "# C\n\nCharlie.\n", "n.txt": "notes\n"})
    code, out, err = run(db, "index", str(d1), str(d2), *FLAGS, "--include", "*.html")
    assert (code, out) == (2, ""), (code, out, err)
    assert f"--include '*.html' matches none of the 2 files in {d2} (.md: 1, .txt: 1)" in err
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
    """The refusal told the user to index the folder together with one the filter reads a
    file of: that indexed a folder they did not ask for, and now is refused too. What it says
    now: a pattern matching the files to keep narrows the folder; a folder emptied of their
    files loses them all."""
    (d1,), _, db = _stored(tmp_path, TWO)
    code, _, err = run(db, "index", str(d1), *FLAGS, "--include", "*.MD")
    assert code == 2 and err.endswith(
        "Check the pattern (patterns are case-sensitive). To remove some of the documents on "
        "purpose, give a pattern that matches the files to keep (the run removes the others, "
        "with a note); to remove them all, index the folder when none of their files is in "
        "it\n"), err
    code, out, _ = run(db, "index", str(d1), *FLAGS, "--include", "a.md")
    assert code == 0 and summary_counts(out)["removed"] == 1, out
    (d1 / "a.md").rename(tmp_path / "a.md")
    code, out, _ = run(db, "index", str(d1), *FLAGS, "--include", "*.MD")
    assert code == 0 and summary_counts(out)["removed"] == 1, out


def test_watch_is_refused_for_the_folder_too(tmp_path):
    (d1, d2), _, db = _stored(tmp_path, TWO, {"c.md": "# C\n\nCharlie.\n"})
    (d2 / "README.MD").write_text("# Read me\n\nA stray capital suffix.\n")
    code, _, err = run(db, "watch", str(d1), str(d2), *FLAGS, "--include", "*.MD",
                       "--seconds", "0.2")
    assert code == 2 and f"matches none of the 2 files in {d1} (.md: 2)" in err, err
    _unchanged(db, d1, count=2)
