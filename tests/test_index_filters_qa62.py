"""A filter that leaves no file of a folder to read, as QA found it at b5aab06: `docnav index
d3 --include '*.MD'` (a case typo, d3 of .md files) removed every document indexed from d3 and
exited 0, with a note after the fact; so did `--exclude '*'`, and `docnav watch` with either.
Now the run is refused, nothing written, naming the option, the folder and what it holds. A
filter that leaves out some of a folder's files still removes their documents (as asked).
Real stores, indexed with the hashing embedder."""

from __future__ import annotations

from _cli import index, run, summary_counts, written

FIVE = {f"{n}.md": f"# {n.title()}\n\n{n.title()} has a paragraph.\n"
        for n in ("alpha", "bravo", "charlie", "delta", "echo")}
FLAGS = ("--embed-model", "hashing", "--no-summaries", "--no-progress")


def _indexed(tmp_path):
    docs = written(tmp_path / "d3", {**FIVE, "notes.txt": "not read\n"})
    db = tmp_path / "s.duckdb"
    assert index(db, docs) == 0
    return docs, db


def _still_five(db, docs) -> None:
    code, out, _ = run(db, "index", str(docs), *FLAGS)
    assert code == 0 and summary_counts(out)["unchanged"] == 5, out


def test_an_include_that_matches_no_file_of_a_folder_is_refused(tmp_path):
    docs, db = _indexed(tmp_path)
    code, out, err = run(db, "index", str(docs), *FLAGS, "--include", "*.MD")
    assert (code, out) == (2, ""), (code, out, err)
    assert err == (
        f"docnav: error: --include '*.MD': the run reads no file of {docs} (6 files: .md: 5, "
        ".txt: 1), and the store holds 5 documents indexed from it: the run is refused, "
        "nothing indexed or removed. Check the pattern (patterns are case-sensitive). To "
        "remove its documents on purpose, move its files out of it and index it again, or "
        "index what you keep into a new store (--db).\n")
    _still_five(db, docs)


def test_an_exclude_that_leaves_out_every_file_of_a_folder_is_refused(tmp_path):
    docs, db = _indexed(tmp_path)
    code, _, err = run(db, "index", str(docs), *FLAGS, "--exclude", "*", "--json")
    assert code == 2 and f"--exclude '*': the run reads no file of {docs} (6 files" in err, err
    assert "case-sensitive" not in err, err  # no pattern of files to read was given
    _still_five(db, docs)
    # with --include too, each option given is named
    code, _, err = run(db, "index", str(docs), *FLAGS, "--include", "*.md",
                       "--exclude", "*[aeo].md")
    assert code == 2 and (f"--include '*.md' --exclude '*[aeo].md': the run reads no file of "
                          f"{docs} (6 files") in err, err


def test_a_filter_that_leaves_out_some_files_still_removes_their_documents(tmp_path):
    docs, db = _indexed(tmp_path)
    code, out, err = run(db, "index", str(docs), *FLAGS, "--include", "a*")
    assert code == 0 and summary_counts(out)["removed"] == 4, (out, err)
    assert "note: 4 documents were removed although their files are still there" in err


def test_a_folder_whose_documents_files_are_gone_is_emptied_as_before(tmp_path):
    """A filter that reads nothing where no stored document's file is left: nothing of the
    user's is lost, so the run removes them, as a run without the filter would."""
    docs, db = _indexed(tmp_path)
    for name in FIVE:
        (docs / name).unlink()
    code, out, err = run(db, "index", str(docs), *FLAGS, "--include", "*.MD")
    assert code == 0 and summary_counts(out)["removed"] == 5, (out, err)


def test_watch_refuses_it_too(tmp_path):
    docs, db = _indexed(tmp_path)
    code, _, err = run(db, "watch", str(docs), *FLAGS, "--include", "*.MD", "--seconds", "0.2")
    assert code == 2 and f"--include '*.MD': the run reads no file of {docs} (6 files" in err, err
    _still_five(db, docs)


def test_the_suffixes_are_shown_as_written(tmp_path):
    """A.MD and B.MD (read by the default, which matches any case), then --include '*.md':
    the message said "matches none of the 2 files ... (.md: 2)", which reads as false."""
    up = written(tmp_path / "up", {"A.MD": "# A\n\nAlpha.\n", "B.MD": "# B\n\nBravo.\n"})
    db = tmp_path / "s.duckdb"
    assert index(db, up) == 0
    code, _, err = run(db, "index", str(up), *FLAGS, "--include", "*.md")
    assert code == 2 and f"the run reads no file of {up} (2 files: .MD: 2)" in err, err

