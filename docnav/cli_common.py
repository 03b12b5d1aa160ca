"""What the ``docnav`` command modules share: the store's path, exit codes, the NLI model
setting, and Ctrl-C and SIGTERM as the commands catch them."""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

DEFAULT_DB = Path(".docnav") / "docnav.duckdb"

EXIT_OK, EXIT_FAILED_DOCS, EXIT_ERROR = 0, 1, 2
EXIT_BROKEN_PIPE = 141  # as a process killed by SIGPIPE: 128 + 13
EXIT_INTERRUPTED, EXIT_TERMINATED = 130, 143  # Ctrl-C, SIGTERM: 128 + the signal's number


def _db_path(args: argparse.Namespace) -> Path:
    return Path(args.db or os.environ.get("DOCNAV_DB") or DEFAULT_DB)


def _new_db_path(args: argparse.Namespace) -> Path:
    """The store's path for a command that makes it (index, watch): its own folder is made
    where missing (the default's `.docnav`), not the folders above it. `--db
    /data/grpah/store/g.duckdb` made them all without a word, and the store lay where no later
    command looked for it."""
    from docnav.errors import InputError
    from docnav.store import beyond_its_folder

    path = _db_path(args)
    folder = path.parent
    if beyond_its_folder(path):
        raise InputError(f"{path}: no folder {folder.parent} to make the store's folder "
                         f"{folder} in: a new store's own folder is made, not the folders "
                         f"above it; check the path, or create them first "
                         f"(`mkdir -p {folder}`)")
    return path


def _given(what: str):
    """An argparse type for a path, glob or name: the value as given, refused when empty. An
    empty string read as no value at all: `index ''` indexed the current folder, `--doc ''`
    filtered nothing, `--spool ''` indexed here."""
    def given(value: str) -> str:
        if not value:
            raise argparse.ArgumentTypeError(f"an empty string: give {what}")
        return value
    return given


def _nli_model(args: argparse.Namespace) -> str:
    """``--nli-model``, else $DOCNAV_NLI_MODEL, else the default (for summaries and answers)."""
    from docnav.verify import DEFAULT_NLI_MODEL

    return args.nli_model or os.environ.get("DOCNAV_NLI_MODEL") or DEFAULT_NLI_MODEL


class _Terminated(Exception):
    """SIGTERM arrived (a service manager, `kill`): stop as after Ctrl-C."""


class Signals:
    """Ctrl-C and SIGTERM, raised as KeyboardInterrupt and :class:`_Terminated` and
    remembered: one that arrives while a destructor runs (an import's, a regex's) is printed
    and dropped by Python, and one inside an import may leave a module half made, so that
    what fails next is another error; the command asks :attr:`received` before it reports."""

    def __init__(self) -> None:
        self.received: int | None = None
        self._at = 0.0  # when it arrived (time.monotonic)
        self._finished = False  # the command's result is being printed, or was

    def stopped(self) -> bool:
        """Whether a signal arrived: an index run stops before its next document."""
        return self.received is not None

    def finish(self) -> None:
        """The command's work is done and its result printed next: a signal from now on is
        let go, neither raised nor reported. With --json, "terminated" after the answer made
        stdout two documents, no JSON; and a finished answer is no stopped one."""
        self._finished = True

    @contextlib.contextmanager
    def caught(self) -> Iterator[None]:
        """Within: the handlers installed (in the main thread only), the dropped exception
        not printed."""
        if threading.current_thread() is not threading.main_thread():  # main() in a thread
            yield
            return
        self.received, self._finished = None, False
        # not a signal the process was told to ignore (a shell's background job ignores
        # Ctrl-C, so that the key stops the job in front only)
        previous = {sig: signal.signal(sig, self._raise) for sig in (signal.SIGINT,
                                                                     signal.SIGTERM)
                    if signal.getsignal(sig) is not signal.SIG_IGN}
        hook, sys.unraisablehook = sys.unraisablehook, self._unraisable(sys.unraisablehook)
        try:
            yield
        finally:
            sys.unraisablehook = hook
            for sig, handler in previous.items():
                signal.signal(sig, handler)

    def _raise(self, signum, frame) -> None:
        # the same signal again within a second (`timeout` sends it to the process and then
        # to its group; a key pressed twice) would break into the stopping itself
        if self._finished or (self.received is not None
                               and time.monotonic() - self._at < 1.0):
            return
        self.received, self._at = signum, time.monotonic()
        raise KeyboardInterrupt if signum == signal.SIGINT else _Terminated()

    @staticmethod
    def _unraisable(hook):
        def quiet(unraisable) -> None:
            if not isinstance(unraisable.exc_value, (KeyboardInterrupt, _Terminated)):
                hook(unraisable)
        return quiet


SIGNALS = Signals()


def print_result(text: str) -> None:
    """The command's result on stdout, the last it prints: whole, and nothing after it. Ctrl-C
    and SIGTERM wait until it is written: one that interrupted a write held up by a full pipe
    (a slow reader) cut the result off there, with exit 0 and no word, since Python's buffered
    writer reports such a write as partly done and print drops the rest."""
    SIGNALS.finish()
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        print(text, flush=True)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
