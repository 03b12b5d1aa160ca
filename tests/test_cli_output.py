"""What the command line prints when its output or its run is cut short: a signal after the
result was printed adds nothing to it, one before says what the command leaves; a reader that
stops reading ends the command with 141, output that cannot be written (a full disk) with a
line on stderr and exit 2, never a traceback."""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from _cli import SEND, Indexed, docnav, index_sample, run

from docnav import cli_query
from docnav.cli import main

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def indexed(tmp_path_factory) -> Indexed:
    return index_sample(tmp_path_factory.mktemp("output"))


def _signalled(command, before: bool):
    """``command``, with SIGTERM sent to this process before it runs or after it returns."""
    def wrapped(args):
        if before:
            os.kill(os.getpid(), signal.SIGTERM)
        code = command(args)
        os.kill(os.getpid(), signal.SIGTERM)
        return code
    return wrapped


def test_a_signal_after_the_answer_was_printed_adds_nothing_to_it(indexed, monkeypatch):
    monkeypatch.setattr(cli_query, "_cmd_ask", _signalled(cli_query._cmd_ask, before=False))
    code, out, err = run(indexed.db, "ask", SEND, "--json")
    assert code == 0
    assert json.loads(out)["question"] == SEND  # one JSON document: the answer
    assert "terminated" not in err


def test_a_query_stopped_before_its_answer_says_it_wrote_nothing(indexed, monkeypatch):
    monkeypatch.setattr(cli_query, "_cmd_ask", _signalled(cli_query._cmd_ask, before=True))
    code, out, err = run(indexed.db, "ask", SEND, "--json")
    said = "terminated; nothing was written: this command only reads the store"
    assert code == 143
    assert json.loads(out) == {"error": said, "exit_code": 143}
    assert err.strip().splitlines()[-1] == f"docnav: {said}"


class _Failing(io.StringIO):
    """A stdout whose writes (or only its flushes: a buffer filled at exit) fail with
    ``error``."""

    def __init__(self, error: OSError, on_flush: bool = False) -> None:
        super().__init__()
        self.error, self.on_flush = error, on_flush

    def write(self, text: str) -> int:
        if not self.on_flush:
            raise self.error
        return super().write(text)

    def flush(self) -> None:
        if self.on_flush:
            raise self.error


FULL = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
GONE = BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))


@pytest.mark.parametrize("args", [["show"], ["ask", SEND, "--json"], ["--version"]],
                         ids=["show", "ask", "version"])
@pytest.mark.parametrize("on_flush", [False, True], ids=["write", "flush"])
def test_output_that_cannot_be_written_is_one_line_and_exit_2(indexed, args, on_flush):
    err = io.StringIO()
    with contextlib.redirect_stdout(_Failing(FULL, on_flush)), contextlib.redirect_stderr(err):
        code = main(["--db", str(indexed.db), *args])
    assert code == 2
    assert err.getvalue().strip().splitlines()[-1] == (
        "docnav: error: cannot write the output: No space left on device")


@pytest.mark.parametrize("on_flush", [False, True], ids=["write", "flush"])
def test_version_into_a_closed_pipe_exits_141_quietly(on_flush):
    err = io.StringIO()
    with contextlib.redirect_stdout(_Failing(GONE, on_flush)), contextlib.redirect_stderr(err):
        assert main(["--version"]) == 141
    assert err.getvalue() == ""


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_full_device_as_stdout_in_a_real_process(tmp_path):
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "docnav.cli", "--version"], stdout=full,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=120)
    assert (done.returncode, done.stderr) == (
        2, "docnav: error: cannot write the output: No space left on device\n")


def test_index_verbose_prints_each_path_on_one_line(tmp_path, capsys):
    """`docnav index -v` printed a file named with a newline as two lines ("added: a", "b.md"),
    as `docnav show` no longer did: a script reading a line a change took it for two."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a\nb.md").write_text("# Odd\n\nA file named with a newline.\n")
    (docs / "broken\tname.md").write_bytes(b"# Bad\n\n\xff\xfe not UTF-8\n")
    assert docnav(tmp_path / "g.duckdb", "index", str(docs), "-v", "--embed-model", "hashing",
                  "--no-summaries", "--no-progress") == 1
    out, err = capsys.readouterr()
    assert f"added: {docs}/a\\nb.md" in (out + err).splitlines()
    assert any(line.startswith(f"error: {docs}/broken\\tname.md: ")
               for line in (out + err).splitlines()), out + err


@pytest.mark.parametrize("option", [["--via", "summary"], ["--verified-only"]])
def test_locate_by_summaries_of_a_store_without_any_says_why_nothing_is_found(indexed, option):
    """It said "no hits with --via" of a store indexed with --no-summaries, as if the
    summaries had matched nothing."""
    code, out, _ = run(indexed.db, "locate", "Send", *option)
    assert code == 0
    assert out == (f"no hits with {' '.join(option)} (the store has no summaries: it was "
                   "indexed with --no-summaries; `docnav index PATH` without it builds them)\n")
