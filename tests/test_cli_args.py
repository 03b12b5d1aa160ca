"""The command line's refusal of arguments that mean nothing: an empty path, glob or name, a
spool folder that cannot be one. Each is refused before any work, with exit 2 and a message
naming the option (and with --json, the error as JSON on stdout)."""

from __future__ import annotations

import json

import pytest

from _cli import docnav

QUICK = ["--no-summaries", "--no-progress"]  # were the argument taken, the run would be short
EMPTY = [
    (["index", "", *QUICK], "argument paths"),
    (["index", ".", "--include", "", *QUICK], "argument --include"),
    (["index", ".", "--exclude", "", *QUICK], "argument --exclude"),
    (["index", ".", "--embed-model", "", *QUICK], "argument --embed-model"),
    (["watch", "", "--seconds", "0.5", *QUICK], "argument paths"),
    (["watch", ".", "--spool", "", "--seconds", "0.5", *QUICK], "argument --spool"),
    (["ask", "why?", "--doc", ""], "argument --doc"),
    (["ask", "why?", "--after", ""], "argument --after"),
    (["locate", "send", "--doc", ""], "argument --doc"),
    (["locate", "send", "--before", ""], "argument --before"),
    (["show", "--db", ""], "argument --db"),
]


@pytest.mark.parametrize("args, option", EMPTY, ids=[" ".join(a[:3]) for a, _ in EMPTY])
def test_an_empty_argument_is_refused_naming_its_option(tmp_path, monkeypatch, capsys, args,
                                                        option):
    monkeypatch.chdir(tmp_path)  # were it read as no value: the current folder, a filter of none
    with pytest.raises(SystemExit) as stopped:
        docnav(tmp_path / "g.duckdb", *args)
    assert stopped.value.code == 2
    assert f"error: {option}: an empty string: give " in capsys.readouterr().err
    assert not (tmp_path / "g.duckdb").exists()


def test_an_empty_argument_is_a_json_error_with_json(tmp_path, capsys):
    with pytest.raises(SystemExit):
        docnav(tmp_path / "g.duckdb", "ask", "why?", "--doc", "", "--json")
    out, err = capsys.readouterr()
    assert json.loads(out) == {"error": "docnav ask: argument --doc: an empty string: give a "
                               "glob", "exit_code": 2}
    assert "docnav ask: error: argument --doc: an empty string: give a glob" in err


@pytest.mark.parametrize("spool, problem", [
    ("a-file.txt", "not a folder: a file of that name is in the way"),
    ("a-file.txt/batches", "cannot create the folder: Not a directory"),
], ids=["file", "under-a-file"])
def test_watch_refuses_a_spool_that_cannot_be_a_folder(tmp_path, capsys, spool, problem):
    (tmp_path / "docs").mkdir()
    (tmp_path / "a-file.txt").write_text("not a folder\n")
    code = docnav(tmp_path / "g.duckdb", "watch", str(tmp_path / "docs"), "--spool",
                  str(tmp_path / spool), "--seconds", "0.5", "--json")
    out, err = capsys.readouterr()
    said = f"--spool {tmp_path / spool}: {problem}"
    assert code == 2
    assert json.loads(out) == {"error": said, "exit_code": 2}
    assert f"docnav: error: {said}" in err
    assert (tmp_path / "a-file.txt").read_text() == "not a folder\n"


def test_watch_refuses_a_spool_whose_parent_folder_is_not_there(tmp_path, capsys):
    """`--spool /srv/spoool/batches` made /srv/spoool and its batches folder, where the Dagster
    sensor (DOCNAV_SPOOL=/srv/spool/batches) never looked."""
    (tmp_path / "docs").mkdir()
    spool = tmp_path / "spoool" / "batches"
    code = docnav(tmp_path / "g.duckdb", "watch", str(tmp_path / "docs"), "--spool",
                  str(spool), "--seconds", "0.5", "--json")
    out, err = capsys.readouterr()
    assert code == 2
    assert json.loads(out)["error"] == (f"--spool {spool}: no folder {spool.parent} to make it "
                                        f"in: check the path, or create it first "
                                        f"(`mkdir -p {spool}`)")
    assert not spool.parent.exists()
