"""`docnav watch` stopped by a signal in its first full run and while a batch waits for a store
another process holds, in real processes; and, with `--json`, what the watcher says kept off
stdout. Before: SIGTERM in the first run was swallowed (docling reports the interrupted parse
as a failed document, which was stored as failed, and the watcher went on) or ended in a
traceback (exit 1); a stop waited out the whole `--wait`; "batch failed" lines went to stdout
between the JSON reports."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

from _harness import held

from docnav.store import Store

# each parse takes 0.2 s; a signal during one is reported as a failed parse, as docling
# does (it catches what is raised inside it and returns a failure status)
SWALLOWING_WATCH = """
import signal, sys, time
signal.signal(signal.SIGINT, signal.default_int_handler)
signal.signal(signal.SIGTERM, signal.SIG_DFL)  # whatever the suite's process was left with
import docnav.index
from docnav.errors import DocumentError
parse = docnav.index.parse_file

def slow_parse(path, *args, **kwargs):
    print("parsing", flush=True)
    try:
        time.sleep(0.2)
    except BaseException:
        raise DocumentError(str(path), "docling could not convert this Markdown file: "
                            "docling status failure") from None
    return parse(path, *args, **kwargs)

docnav.index.parse_file = slow_parse
from docnav.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _watch(tmp_path, *extra: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.Popen(
        [sys.executable, "-c", SWALLOWING_WATCH, "--db", str(tmp_path / "s.duckdb"), "watch",
         str(tmp_path / "docs"), "--embed-model", "hashing", "--no-summaries", "--no-progress",
         *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def test_sigterm_in_the_first_run_stops_the_watcher_and_stores_no_failure(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    for i in range(30):
        (docs / f"d{i:02}.md").write_text(f"# D{i}\n\nText {i}.\n")
    watch = _watch(tmp_path)
    try:
        assert watch.stdout.readline().strip() == "parsing"  # the first run is under way
        watch.send_signal(signal.SIGTERM)
        watch.wait(timeout=60)
    finally:
        watch.kill()
    err = watch.stderr.read()
    assert watch.returncode == 143, err
    assert err.strip().splitlines()[-1] == ("docnav: terminated; the store keeps every "
                                            "document written so far")
    store = Store(tmp_path / "s.duckdb")
    if store.exists():
        with store.reader() as con:  # the interrupted parse is no failure of the file
            assert con.execute("SELECT count(*) FROM documents WHERE status <> 'ok'"
                               ).fetchone()[0] == 0


def test_a_stop_does_not_wait_out_a_store_held_by_another_process(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\nFirst text.\n")
    db = tmp_path / "s.duckdb"
    watch = _watch(tmp_path, "--wait", "60")
    try:
        while not watch.stdout.readline().startswith("1 added"):  # the first run's report
            pass
        with held(db, "w", 120):
            (docs / "a.md").write_text("# A\n\nSecond text.\n")
            time.sleep(3)  # the batch now waits for the store
            started = time.monotonic()
            watch.send_signal(signal.SIGINT)
            watch.wait(timeout=60)
            stopped = time.monotonic() - started
    finally:
        watch.kill()
    assert watch.returncode == 130, watch.stderr.read()
    assert stopped < 15  # it waited out --wait (60 s here)


def test_with_json_a_failed_batch_is_said_on_stderr(tmp_path, monkeypatch, capsys):
    from docnav.cli import main
    from docnav.errors import StoreLocked
    from docnav.index import Indexer

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\nFirst text.\n")
    index, calls = Indexer.index, []

    def locked_once(self, *args, **kwargs):
        calls.append(1)
        if len(calls) == 1:  # the catch-up: then a file arrives
            report = index(self, *args, **kwargs)
            (docs / "b.md").write_text("# B\n\nLater text.\n")
            return report
        if len(calls) == 2:  # its batch: the store is held
            raise StoreLocked("the store is locked by another process (PID 1)")
        return index(self, *args, **kwargs)

    monkeypatch.setattr(Indexer, "index", locked_once)
    assert main(["--db", str(tmp_path / "s.duckdb"), "watch", str(docs), "--embed-model",
                 "hashing", "--no-summaries", "--no-progress", "--seconds", "5",
                 "--json"]) == 0
    out, err = capsys.readouterr()
    reports = [json.loads(line) for line in out.splitlines()]  # every line is JSON
    assert [r["added"] for r in reports] == [[str(docs / "a.md")], [str(docs / "b.md")]]
    assert "docnav watch: batch failed: the store is locked by another process" in err


def test_a_signal_to_a_spooling_watcher_says_what_it_leaves(tmp_path):
    """`watch --spool` opens no store, yet Ctrl-C said "the store keeps every document
    written so far"."""
    docs, spool = tmp_path / "docs", tmp_path / "spool"
    docs.mkdir()
    watch = _watch(tmp_path, "--spool", str(spool), "--json")  # its messages on stderr
    try:
        assert watch.stderr.readline().startswith("watching ")
        (docs / "a.md").write_text("# A\n\nFirst text.\n")
        deadline = time.monotonic() + 30
        while not list(spool.glob("*.json")) and time.monotonic() < deadline:
            time.sleep(0.1)
        watch.send_signal(signal.SIGINT)
        watch.wait(timeout=60)
    finally:
        watch.kill()
    err = watch.stderr.read()
    assert watch.returncode == 130, err
    said = (f"interrupted; --spool opens no store: the batches written to {spool} stay there "
            "for the Dagster sensor; a change not yet written as a batch is found by the "
            "sensor's next full scan (the reconcile schedule scans every root every 15 "
            "minutes)")
    assert err.strip().splitlines()[-1] == f"docnav: {said}"
    assert json.loads(watch.stdout.read()) == {"error": said, "exit_code": 130}
    assert len(list(spool.glob("*.json"))) == 1 and not (tmp_path / "s.duckdb").exists()
