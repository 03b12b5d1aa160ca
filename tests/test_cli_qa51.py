"""The command line where a path is mistyped or a signal comes while a result is printed:
`--db` in a folder that is not there is refused rather than made with every folder above it;
the text results of `locate`, `nav` and `fetch` are printed whole after Ctrl-C, as their JSON
and `ask`'s answer are. Real store, real commands."""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import subprocess
import sys
import time

import pytest
from _cli import ROOT, Indexed, index_sample, run

from docnav.cli import main


@pytest.fixture(scope="module")
def indexed(tmp_path_factory) -> Indexed:
    return index_sample(tmp_path_factory.mktemp("qa51"))


@pytest.mark.parametrize("command", ["index", "watch"])
def test_a_store_whose_folder_has_no_parent_is_refused_and_nothing_is_made(
        tmp_path, indexed, command):
    """`docnav index --db /data/grpah/store/g.duckdb` made /data/grpah and its store folder
    without a word: a typo put the store where no later command looked for it."""
    typo = tmp_path / "grpah"
    db = typo / "store" / "g.duckdb"
    more = ["--seconds", "0.1"] if command == "watch" else []
    code, out, err = run(db, command, str(indexed.docs), "--embed-model", "hashing",
                         "--no-summaries", "--no-progress", *more)
    assert code == 2
    assert err.strip().splitlines()[-1] == (
        f"docnav: error: {db}: no folder {typo} to make the store's folder {db.parent} in: "
        f"a new store's own folder is made, not the folders above it; check the path, or "
        f"create them first (`mkdir -p {db.parent}`)")
    assert not typo.exists()
    code, out, _ = run(db, command, str(indexed.docs), "--json", *more)
    assert code == 2 and json.loads(out.splitlines()[-1])["exit_code"] == 2


def test_the_store_s_own_folder_is_still_made(tmp_path, indexed):
    db = tmp_path / "store" / "g.duckdb"
    code, _, err = run(db, "index", str(indexed.docs / "0003-attribute-usage.md"),
                       "--embed-model", "hashing", "--no-summaries", "--no-progress")
    assert code == 0, err
    assert db.is_file()



@pytest.mark.parametrize("command", ["show", "ask"])
def test_a_reader_on_a_typo_path_says_so_rather_than_a_command_that_is_refused(
        tmp_path, command):
    """On a store whose folders are missing, `show` and `ask` said "Create it with `docnav
    --db ... index PATH`", a command that is refused there; they say the path may be a typo,
    and the two steps that make a store there."""
    typo = tmp_path / "grpah"
    db = typo / "store" / "g.duckdb"
    code, _, err = run(db, command, *(["Why?"] if command == "ask" else []))
    assert code == 2
    assert f"{db}: no store here, and no folder {typo}: check the path; to make a store " \
           f"there, `mkdir -p {db.parent}` and `docnav --db {db} index PATH`." in err
    assert not typo.exists()

class _Signalling(io.StringIO):
    """A stdout that gets SIGTERM as the command writes its first text: a signal that comes
    while the result is being printed (Ctrl-C while a slow reader holds the pipe)."""

    def write(self, text: str) -> int:
        if not self.getvalue():
            os.kill(os.getpid(), signal.SIGTERM)
        return super().write(text)


def _printed(db, *args: str) -> tuple[int, str, str]:
    out, err = _Signalling(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--db", str(db), *args])
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("args", [["locate", "Send", "-k", "6"],
                                  ["nav", "0019-opt-in-builtin-traits.md", "--dir", "children"],
                                  ["fetch", "0019-opt-in-builtin-traits.md"]],
                         ids=["locate", "nav", "fetch"])
def test_a_text_result_is_printed_whole_after_a_signal_that_comes_while_it_is(indexed, args):
    """Each line was printed on its own: the signal cut the output off at its first line,
    exit 143 and "terminated; nothing was written", where the JSON result (and `ask`'s
    answer) was printed whole and the command ended as it would have."""
    whole = run(indexed.db, *args)
    assert whole[0] == 0 and len(whole[1].splitlines()) > 2
    assert _printed(indexed.db, *args) == whole


def _pipe_full(fd: int, size: int) -> bool:
    import fcntl
    import termios

    held = bytearray(4)
    fcntl.ioctl(fd, termios.FIONREAD, held)
    return int.from_bytes(held, sys.byteorder) >= size


@pytest.mark.parametrize("args", [["locate", "Send", "-k", "40", "--json"],
                                  ["fetch", "0019-opt-in-builtin-traits.md", "--budget", "9000"]],
                         ids=["json", "text"])
def test_a_result_held_up_by_a_slow_reader_is_written_whole_after_a_signal(indexed, args):
    """A signal that came while a long result waited on a full pipe cut it off at what the
    pipe held, exit 0 and no word: Python's buffered writer reports a write the signal
    interrupted as partly done, and print drops the rest (4,097 of 55,298 bytes of `docnav
    locate ... --json` into a pipe of 4 KiB)."""
    import fcntl

    read, write = os.pipe()
    size = fcntl.fcntl(write, fcntl.F_SETPIPE_SZ, 4096)
    command = subprocess.Popen([sys.executable, "-m", "docnav.cli", "--db", str(indexed.db),
                                *args], stdout=write, stderr=subprocess.PIPE, cwd=ROOT)
    os.close(write)
    try:
        deadline = time.monotonic() + 120
        while not _pipe_full(read, size) and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.3)  # the rest of the result waits in its write
        command.send_signal(signal.SIGTERM)
        time.sleep(0.3)
        with os.fdopen(read, "rb") as pipe:
            out = pipe.read().decode()
        err = command.stderr.read().decode()
    finally:
        command.stderr.close()
    assert command.wait(timeout=60) == 0 and err == ""
    whole = run(indexed.db, *args)
    assert len(whole[1]) > 2 * size
    assert out == whole[1]


def test_the_watcher_s_library_functions_say_nothing_on_stdout(tmp_path, capsys, caplog):
    """`index_batches`, `Watcher` and `catch_up` said what they say with print when the
    caller gave no log: a program watching folders with them had each batch's summary and
    "... is gone" in its own stdout (the CLI passes its own log, to stderr)."""
    from docnav.embed import HashingEmbedder
    from docnav.index import Indexer, IndexOptions
    from docnav.store import Store
    from docnav.watch import FULL_RESCAN, index_batches

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# Alpha\n\nAlpha has apples.\n")
    indexer = Indexer(Store(tmp_path / "g.duckdb"), IndexOptions(progress=False),
                      HashingEmbedder())
    on_batch = index_batches(indexer, [docs])
    with caplog.at_level("INFO", logger="docnav.watch"):
        on_batch({FULL_RESCAN})
        (docs / "a.md").unlink()
        docs.rmdir()
        on_batch({FULL_RESCAN})
    assert capsys.readouterr().out == ""
    said = [(r.name, r.getMessage()) for r in caplog.records if r.name == "docnav.watch"]
    assert said[0][1].startswith("1 added, 0 changed")
    assert said[-1] == ("docnav.watch", f"{docs} is gone: its 1 document is kept until it "
                        "comes back (an empty folder in its place removes it)")

