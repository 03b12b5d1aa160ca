"""Ctrl-C and SIGTERM during `docnav index`, in a real process: the run stops before its next
document, says so and exits 130 or 143, also where a library drops the KeyboardInterrupt (one
raised while a destructor runs is only printed by Python) or turns it into another error (an
import cut short leaves a module half made), and when the signal comes twice."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

# each document's parse, as the run's mode says: a long run (0.2 s each) whose third parse
# raises the signal into code that swallows it or turns it into another error
SLOW_INDEX = """
import os, signal, sys, time
signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a terminal (see below)
signal.signal(signal.SIGTERM, signal.SIG_DFL)  # whatever the suite's process was left with
import docnav.index
parse, parsed = docnav.index.parse_file, []
mode, signum = os.environ["MODE"], getattr(signal, os.environ["SIGNAL"])

def slow_parse(*args, **kwargs):
    parsed.append(1)
    print("parsing", flush=True)
    time.sleep(0.2)
    if len(parsed) == int(os.environ.get("AT", "3")):
        if mode == "swallowed":  # as a destructor's exception is: printed, then dropped
            try:
                signal.raise_signal(signum)
            except BaseException as exc:
                sys.unraisablehook(type("U", (), {"exc_type": type(exc), "exc_value": exc,
                                                  "exc_traceback": None, "err_msg": None,
                                                  "object": None})())
        elif mode == "half import":  # a module half made: another error follows
            try:
                signal.raise_signal(signum)
            except BaseException:
                raise AttributeError("partially initialized module 'pandas' has no "
                                     "attribute '_pandas_datetime_CAPI'") from None
        elif mode == "twice":
            os.kill(os.getpid(), signum)
            os.kill(os.getpid(), signum)
        else:
            signal.raise_signal(signum)
    return parse(*args, **kwargs)

docnav.index.parse_file = slow_parse
from docnav.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _index(tmp_path, mode: str, signum: signal.Signals, *extra: str, at: int = 3
           ) -> subprocess.CompletedProcess:
    docs = tmp_path / "docs"
    docs.mkdir()
    for i in range(20):
        (docs / f"f{i:02}.md").write_text(f"# F{i}\n\nText {i}.\n")
    # a suite run as a background job hands its children SIGINT ignored; the script sets it
    # back, as a terminal has it
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "MODE": mode,
           "SIGNAL": signum.name, "AT": str(at)}
    return subprocess.run(
        [sys.executable, "-c", SLOW_INDEX, "--db", str(tmp_path / "s.duckdb"), "index",
         str(docs), "--embed-model", "hashing", "--no-summaries", "--no-progress", *extra],
        capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.parametrize("mode", ["raised", "swallowed", "half import", "twice"])
@pytest.mark.parametrize("signum, code, said", [
    (signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")],
    ids=["SIGINT", "SIGTERM"])
def test_a_signal_stops_the_run_before_its_next_document(tmp_path, mode, signum, code, said):
    result = _index(tmp_path, mode, signum)
    # a swallowed Ctrl-C let the run index every document and exit 0; one that became
    # another error printed its traceback and exited 1; SIGTERM ended the run silently
    assert result.returncode == code, result.stderr
    assert result.stderr.strip().splitlines() == [
        f"docnav: {said}; the store keeps every document written so far (none by this run)"]
    assert result.stdout.count("parsing") <= 4  # of 20: it stopped between documents
    assert " added, " not in result.stdout  # no report of a run that did not end


@pytest.mark.parametrize("signum, code, said", [
    (signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")],
    ids=["SIGINT", "SIGTERM"])
def test_a_stopped_run_with_json_says_so_on_stdout_as_json(tmp_path, signum, code, said):
    # stdout was empty: a machine reading the run's JSON got nothing to read
    import json

    result = _index(tmp_path, "raised", signum, "--json")
    assert result.returncode == code, result.stderr
    assert json.loads(result.stdout[result.stdout.index("{"):]) == {
        "error": f"{said}; the store keeps every document written so far (none by this run)",
        "exit_code": code}


def test_a_stopped_run_says_how_many_documents_it_wrote(tmp_path):
    """Ctrl-C said only "the store keeps every document written so far": not how many this
    run wrote. The first batch of 16 is committed before the 18th parse; -v lists them."""
    result = _index(tmp_path, "raised", signal.SIGINT, "-v", at=18)
    assert result.returncode == 130, result.stderr
    assert result.stderr.strip().splitlines() == [
        "docnav: interrupted; the store keeps every document written so far (16 by this run)"]
    docs = tmp_path / "docs"
    assert [line for line in result.stdout.splitlines() if line != "parsing"] == [
        f"added: {docs / f'f{i:02}.md'}" for i in range(16)]
