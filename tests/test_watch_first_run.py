"""`docnav watch`'s first full run, as QA found it at ad44ca8: it showed no progress where
`docnav index` shows lines (a stderr that is no terminal), and `--seconds` said "stop after
this long" where it counts from the end of that run. Real store, hashing embedder."""

from __future__ import annotations

from docnav.cli import main


def test_the_first_run_shows_its_progress_as_index_does(tmp_path, capsys):
    docs = tmp_path / "docs"
    docs.mkdir()
    for name in ("a", "b"):
        (docs / f"{name}.md").write_text(f"# {name.upper()}\n\nThe text of {name}.\n")
    args = ["--db", str(tmp_path / "s.duckdb"), "--embed-model", "hashing", "--no-summaries"]
    assert main(["index", str(docs), *args]) == 0
    said = capsys.readouterr().err
    assert "indexing: 2/2 documents done (" in said, said  # as `index` shows it
    (docs / "c.md").write_text("# C\n\nThe text of c.\n")
    assert main(["watch", str(docs), *args, "--seconds", "0.1"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("1 added, 0 changed, 0 renamed, 0 removed, 2 unchanged")
    progress = [line for line in captured.err.splitlines() if line.startswith("indexing: ")]
    assert progress and progress[-1].startswith("indexing: 1/1 document done ("), (
        captured.err)


def test_watch_help_says_seconds_count_from_the_end_of_the_first_run(capsys):
    try:
        main(["watch", "--help"])
    except SystemExit as stop:
        assert stop.code == 0
    said = " ".join(capsys.readouterr().out.split())
    assert ("--seconds SECONDS stop after watching this long, counted from the end of the "
            "first full run (0 = never)") in said, said
