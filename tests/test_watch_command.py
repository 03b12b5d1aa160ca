"""`docnav watch` as a command: what changed during its first full run (the catch-up), a
store held when it starts, a store inside the watched folder, the failed files and summaries
each run names, bad numbers of seconds, and Ctrl-C or SIGTERM in a long batch (a real
subprocess). The watcher and its batch handlers are in test_watch.py."""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading

import duckdb
import pytest
from _harness import held

from docnav.index import Indexer


@pytest.mark.parametrize("option, value", [("--seconds", "-1"), ("--debounce", "nan"),
                                           ("--debounce", "-0.5"), ("--close-wait", "-1")])
def test_a_bad_number_of_seconds_is_a_usage_error(tmp_path, option, value, capsys):
    """`--seconds -1` stopped at once after the first run; `--debounce nan` was taken."""
    from docnav.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(["--db", str(tmp_path / "s.duckdb"), "watch", str(tmp_path), option, value])
    assert exit_.value.code == 2
    assert f"argument {option}: {value!r}: give 0 or more seconds" in capsys.readouterr().err


def test_watch_indexes_what_changed_during_its_catch_up(tmp_path, monkeypatch):
    """The first full run can take minutes; an edit, a new file and a delete made meanwhile
    (here: just after it read the files) are indexed once it ends."""
    from docnav.cli import main

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\nFirst text.\n")
    (docs / "b.md").write_text("# B\n\nDoomed.\n")
    catch_up = Indexer.index

    def index_then_edit(self, *args, **kwargs):
        report = catch_up(self, *args, **kwargs)
        if not (docs / "c.md").exists():  # the catch-up's end: edit, add, delete
            (docs / "a.md").write_text("# A\n\nSecond text, longer.\n")
            (docs / "c.md").write_text("# C\n\nNew document.\n")
            (docs / "b.md").unlink()
        return report

    monkeypatch.setattr(Indexer, "index", index_then_edit)
    db = tmp_path / "db" / "s.duckdb"
    assert main(["--db", str(db), "watch", str(docs), "--embed-model", "hashing",
                 "--no-summaries", "--no-progress", "--seconds", "3"]) == 0
    with duckdb.connect(str(db), read_only=True) as con:
        texts = {r[0] for r in con.execute("SELECT text FROM nodes WHERE kind = 'paragraph'")
                 .fetchall()}
    assert texts == {"Second text, longer.", "New document."}


def test_watch_waits_for_a_store_held_when_it_starts(tmp_path, capsys):
    """A watcher is a service: a store held by another process (a run, a compaction) when the
    first full run starts is waited for (``--wait``) and tried again, as a failed batch is,
    not the end of the command."""
    from docnav.cli import main

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\nFirst text.\n")
    db = tmp_path / "s.duckdb"
    with held(db, "w", 2) as holder:
        code = main(["--db", str(db), "watch", str(docs), "--embed-model", "hashing",
                     "--no-summaries", "--no-progress", "--wait", "0.5", "--seconds", "0.5"])
        assert holder.poll() is not None  # it had let go before the run could write
    assert code == 0
    out, err = capsys.readouterr()
    assert (f"docnav watch: first full run failed: {db}: the store is locked by another "
            f"process (PID {holder.pid})") in err
    assert "(waited 0.5 s); trying it again in 2 s" in err
    assert "trying" not in out  # stdout: the runs' summary lines alone
    with duckdb.connect(str(db), read_only=True) as con:
        texts = {r[0] for r in con.execute("SELECT text FROM nodes WHERE kind = 'paragraph'")
                 .fetchall()}
    assert texts == {"First text."}


def test_a_watched_folder_holding_the_store_does_not_feed_on_its_writes(tmp_path, capsys):
    """`docnav watch .` with the store at its default `.docnav/docnav.duckdb`: the writes of
    each batch to the store and its export were the events of the next batch, ten a second
    for as long as it ran."""
    from docnav.cli import main

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\nFirst text.\n")
    assert main(["--db", str(docs / ".docnav" / "s.duckdb"), "watch", str(docs),
                 "--embed-model", "hashing", "--no-summaries", "--no-progress",
                 "--seconds", "2"]) == 0
    runs = [line for line in capsys.readouterr().out.splitlines() if " added, " in line]
    assert runs[0].startswith("1 added")
    assert len(runs) <= 2  # the catch-up, and the rescan after it made the `.docnav` folder


def test_the_first_run_names_the_files_that_failed(tmp_path, capsys):
    """As `docnav index` does, and as the batches after it do: the first full run counted a
    failed file but never said which, nor why."""
    from docnav.cli import main

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\nFirst text.\n")
    (docs / "broken.docx").write_bytes(b"PK\x03\x04 not really a zip")
    assert main(["--db", str(tmp_path / "s.duckdb"), "watch", str(docs), "--embed-model",
                 "hashing", "--no-summaries", "--no-progress", "--seconds", "0.1"]) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines()[0].startswith("1 added, 0 changed, 0 renamed, 0 removed, "
                                                   "0 unchanged, 1 failed")
    assert f"error: {docs / 'broken.docx'}: not a valid DOCX file" in captured.err


def test_every_batch_names_the_files_and_summaries_that_failed(tmp_path, monkeypatch, capsys):
    """A batch after the first run counted a failed summary in its summary line but never said
    which, and printed its failed files on stdout: each batch now reports as `docnav index`
    does, failures on stderr, the summary line on stdout."""
    from _endpoint import ChatEndpoint

    from docnav.cli import main

    docs = tmp_path / "docs"
    docs.mkdir()  # the first run has nothing to summarise
    catch_up = Indexer.index

    def index_then_add(self, *args, **kwargs):
        report = catch_up(self, *args, **kwargs)
        if not (docs / "a.md").exists():  # the catch-up's end: a batch to come
            (docs / "a.md").write_text("# A\n\nFirst text.\n")
            (docs / "broken.docx").write_bytes(b"PK\x03\x04 not really a zip")
        return report

    monkeypatch.setattr(Indexer, "index", index_then_add)
    endpoint = ChatEndpoint()
    endpoint.mode = "401"  # every summary fails, at once
    try:
        monkeypatch.setenv("DOCNAV_LLM_BASE_URL", endpoint.url)
        monkeypatch.setenv("DOCNAV_LLM_MODEL", "test-model")
        assert main(["--db", str(tmp_path / "s.duckdb"), "watch", str(docs), "--embed-model",
                     "hashing", "--summarizer", "chat", "--no-verify", "--no-progress",
                     "--seconds", "4"]) == 0
    finally:
        endpoint.close()
    captured = capsys.readouterr()
    runs = [line for line in captured.out.splitlines() if " added, " in line]
    assert runs[0].startswith("0 added") and runs[1].startswith(
        "1 added, 0 changed, 0 renamed, 0 removed, 0 unchanged, 1 failed")
    assert "summaries rebuilt (0 reused, 3 failed)" in runs[1]
    assert "error:" not in captured.out
    assert f"error: {docs / 'broken.docx'}: not a valid DOCX file" in captured.err
    failed = re.findall(r"^warning: summary of .+ \(node [0-9a-f_]+\) failed: .*HTTP 401",
                        captured.err, re.M)
    assert len(failed) == 3, captured.err


SLOW_WATCH = """
import signal, sys, time
# Ctrl-C as in a terminal: a suite run as a background job hands its children SIGINT ignored
signal.signal(signal.SIGINT, signal.default_int_handler)
signal.signal(signal.SIGTERM, signal.SIG_DFL)  # whatever the suite's process was left with
import docnav.index
parse = docnav.index.parse_file

def slow_parse(*args, **kwargs):  # a long batch: each document takes 0.2 s
    print("parsing", flush=True)
    time.sleep(0.2)
    return parse(*args, **kwargs)

docnav.index.parse_file = slow_parse
from docnav.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize("signum, code, message", [
    (signal.SIGINT, 130, "docnav: interrupted; the store keeps every document written so far"),
    (signal.SIGTERM, 143, "docnav: terminated; the store keeps every document written so far"),
], ids=["SIGINT", "SIGTERM"])
def test_a_signal_during_a_batch_stops_it_between_documents(tmp_path, signum, code, message):
    """Ctrl-C or SIGTERM in a long batch: the batch stops before its next document and the
    process ends cleanly (not aborted with a thread left inside DuckDB)."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\nFirst text.\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    watch = subprocess.Popen(
        [sys.executable, "-c", SLOW_WATCH, "--db", str(tmp_path / "s.duckdb"), "watch",
         str(docs), "--embed-model", "hashing", "--no-summaries", "--no-progress"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    lines: queue.Queue[str] = queue.Queue()
    out = []

    def read_out() -> None:
        for line in watch.stdout:
            out.append(line)
            lines.put(line)

    def wait_for(start: str) -> None:
        while not lines.get(timeout=30).startswith(start):
            pass

    reader = threading.Thread(target=read_out, daemon=True)
    reader.start()
    try:
        wait_for("1 added")  # the first run's report (the watcher's messages: stderr)
        for i in range(40):
            (docs / f"f{i:02}.md").write_text(f"# F{i}\n\nText {i}.\n")
        wait_for("parsing")  # the batch runs
        watch.send_signal(signum)
        try:  # waited for, not read until the end: a signal left unanswered fails, not hangs
            watch.wait(timeout=60)
        except subprocess.TimeoutExpired:
            pytest.fail(f"docnav watch still runs 60 s after {signum.name}")
        err = watch.stderr.read()
        reader.join(timeout=10)
    finally:
        watch.kill()
    out = "".join(out)
    assert watch.returncode == code, err
    assert err.strip().splitlines()[-1] == message
    assert "terminate called" not in err and "batch failed" not in err
    assert out.count("parsing") < 10  # of 40: it stopped between documents


def test_watch_json_prints_each_run_s_report_as_a_line(tmp_path, monkeypatch, capsys):
    """`--json`: stdout is the first full run's report, then each batch's, a line of JSON
    each (JSON Lines, as `docnav index --json` has them); what the watcher says is on
    stderr."""
    import json

    from docnav.cli import main

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\nFirst text.\n")
    catch_up = Indexer.index

    def index_then_add(self, *args, **kwargs):
        report = catch_up(self, *args, **kwargs)
        if not (docs / "b.md").exists():  # the catch-up's end: a file arrives, a batch
            (docs / "b.md").write_text("# B\n\nLater text.\n")
        return report

    monkeypatch.setattr(Indexer, "index", index_then_add)
    assert main(["--db", str(tmp_path / "s.duckdb"), "watch", str(docs), "--embed-model",
                 "hashing", "--no-summaries", "--no-progress", "--seconds", "3", "--json"]) == 0
    out, err = capsys.readouterr()
    reports = [json.loads(line) for line in out.splitlines()]  # every line is one report
    assert [r["added"] for r in reports] == [[str(docs / "a.md")], [str(docs / "b.md")]]
    assert all(r["ok"] and r["failed"] == [] for r in reports)
    assert f"watching {docs}; Ctrl-C to stop" in err.splitlines()


def test_the_watcher_s_messages_are_on_stderr_and_an_empty_folder_is_noted_once(
        tmp_path, monkeypatch, capsys):
    """Without --json, "DIR is gone" and "trying it again" went to stdout between the runs'
    summary lines, and the note on a watched folder holding no document was said again by
    every full rescan (each folder made in it)."""
    from _cli import SUMMARY

    from docnav.cli import main

    docs, drive, empty = tmp_path / "docs", tmp_path / "drive", tmp_path / "empty"
    for folder in (docs, drive, empty):
        folder.mkdir()
    (docs / "a.md").write_text("# A\n\nFirst text.\n")
    (drive / "d.md").write_text("# D\n\nDrive text.\n")
    index, calls = Indexer.index, []

    def index_then_change(self, *args, **kwargs):
        report = index(self, *args, **kwargs)
        calls.append(1)
        if len(calls) == 1:  # the catch-up's end: the drive goes, a folder is made
            (drive / "d.md").unlink()
            drive.rmdir()
            (empty / "sub1").mkdir()
        elif len(calls) == 2:  # a full rescan: another folder, another one
            (empty / "sub2").mkdir()
        return report

    monkeypatch.setattr(Indexer, "index", index_then_change)
    assert main(["--db", str(tmp_path / "s.duckdb"), "watch", str(docs), str(drive),
                 str(empty), "--embed-model", "hashing", "--no-summaries", "--no-progress",
                 "--seconds", "4"]) == 0
    out, err = capsys.readouterr()
    assert len(calls) >= 3, err
    assert out and all(SUMMARY.match(line) for line in out.splitlines()), out
    assert f"{drive} is gone: its 1 document is kept until it comes back" in err
    assert err.count(f"note: {empty}: no file here matches what this run reads") == 1, err


@pytest.mark.parametrize("output", [["--json"], []])
def test_a_batch_that_changed_nothing_prints_nothing(tmp_path, monkeypatch, capsys, output):
    """A file copied over with the same bytes (`cp x.md docs/`) or touched made a batch whose
    report (a line of JSON with --json, "0 added, 0 changed, ..., 1 unchanged" without) was
    printed: a reader of the stream got a line for a batch that did nothing."""
    import json

    from docnav.cli import main

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\nFirst text.\n")
    index, calls = Indexer.index, []

    def index_then_save_again(self, *args, **kwargs):
        report = index(self, *args, **kwargs)
        calls.append(report)
        if len(calls) == 1:  # the catch-up's end: the same bytes written again, then touched
            (docs / "a.md").write_text("# A\n\nFirst text.\n")
            os.utime(docs / "a.md")
        return report

    monkeypatch.setattr(Indexer, "index", index_then_save_again)
    assert main(["--db", str(tmp_path / "s.duckdb"), "watch", str(docs), "--embed-model",
                 "hashing", "--no-summaries", "--no-progress", "--seconds", "3", *output]) == 0
    out, err = capsys.readouterr()
    assert len(calls) >= 2, err  # a batch ran
    assert [r.unchanged for r in calls[1:]] == [[str(docs / "a.md")]] * (len(calls) - 1)
    lines = out.splitlines()
    assert len(lines) == 1, out  # the first full run's report alone
    if output:
        assert json.loads(lines[0])["added"] == [str(docs / "a.md")]
