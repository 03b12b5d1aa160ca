"""Progress of a long index run: a bar on stderr, or lines for a log (Dagster's event log).

The bar counts the run's documents that are in the store (written, or failed and recorded)
and, after it, names the stage running now with its own count: a batch of documents is
written in one transaction, and its embedding or summaries can take a minute before the first
of them is counted, so the stage is what shows that the run is moving ("embedding 384/1706
texts"). The bar appears only after a second (a one-file edit shows none), on a terminal unless
asked for, and is taken away when the run ends; the run's summary line follows. A log gets a
line after each batch of documents done (written, failed and recorded, or parsed again into
the tree stored), and one naming the stage when a minute passed without a line: at the next
stage, or while one stage runs on (a big file's parse or embedding, which calls nothing here
for minutes), from a thread that wakes when the minute is up.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable

DELAY = 1.0  # seconds of work before the bar appears
_REDRAW = 0.1  # seconds between redraws for stage changes
LOG_EVERY = 60.0  # seconds without a log line after which the stage is logged
STILL_EVERY = 60.0  # seconds without a log line after which the stage running is logged


class Progress:
    """No progress shown (not a terminal, progress off): every call does nothing."""

    def stage(self, what: str, now: bool = False) -> None:
        """Say what the run is doing now ("parsing report.pdf", "embedding 128/900 texts");
        ``now``: draw it at once, however soon after the last (work that holds the
        interpreter, such as docling-parse reading a PDF, keeps a later redraw from running)."""

    def advance(self, documents: int) -> None:
        """Count ``documents`` more as in the store."""

    def close(self) -> None:
        """Take the bar away."""


class _Bar(Progress):
    def __init__(self, total: int, desc: str) -> None:
        from tqdm import tqdm

        self._bar = tqdm(total=total, unit="doc", desc=desc, file=sys.stderr, delay=DELAY,
                         leave=False, dynamic_ncols=True)
        self._started = self._drawn = time.monotonic()
        self._lock = threading.Lock()
        self._later: threading.Timer | None = None  # the redraw of a stage not drawn yet
        self._closed = False

    def stage(self, what: str, now: bool = False) -> None:
        self._bar.set_postfix_str(what, refresh=False)
        # tqdm redraws on update() only; a stage change redraws too, but not before the bar
        # would appear by itself, nor more often than a terminal can show. A stage that comes
        # too soon is drawn when it may be: it can be the long one ("parsing big.pdf" right
        # after "parsing small.md", which stood on the bar all through the PDF otherwise)
        with self._lock:
            at = time.monotonic()
            wait = max(self._started + DELAY, self._drawn + _REDRAW) - at
            if wait <= 0 or (now and at - self._started >= DELAY):
                self._draw()
                if self._later is not None:  # drawn: the pending redraw has nothing to show
                    self._later.cancel()
                    self._later = None
            elif self._later is None:  # else the pending redraw shows this stage
                self._later = threading.Timer(wait, self._draw_later)
                self._later.daemon = True
                self._later.start()

    def _draw_later(self) -> None:
        with self._lock:
            self._later = None
            if not self._closed:
                self._draw()

    def _draw(self) -> None:
        self._bar.refresh()
        self._drawn = time.monotonic()

    def advance(self, documents: int) -> None:
        self._bar.update(documents)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            if self._later is not None:
                self._later.cancel()
        self._bar.close()


class _Log(Progress):
    def __init__(self, total: int, desc: str, log: Callable[[str], None]) -> None:
        self._total, self._desc, self._log = total, desc, log
        self._done = 0
        self._stage = ""
        self._started = self._logged = time.monotonic()
        # one line at a time: the thread's and the run's (a worker's lines share its pipe)
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._still = threading.Thread(target=self._log_still, name="progress", daemon=True)
        self._still.start()

    def stage(self, what: str, now: bool = False) -> None:
        with self._lock:
            self._stage = what
            if time.monotonic() - self._logged >= LOG_EVERY:
                self._line(f"; now {what}")

    def advance(self, documents: int) -> None:
        with self._lock:
            self._done += documents
            self._line("")

    def close(self) -> None:
        self._closed.set()
        if self._still is not threading.current_thread():
            self._still.join()

    def _log_still(self) -> None:
        """The stage running logged once STILL_EVERY passed without a line, again and again
        while it runs: a big file's parse or embedding calls nothing here for minutes."""
        while not self._closed.wait(max(self._logged + STILL_EVERY - time.monotonic(), 0.0)):
            with self._lock:
                if self._closed.is_set():
                    return
                if time.monotonic() - self._logged >= STILL_EVERY:
                    self._line(f"; now {self._stage}" if self._stage else "")

    def _line(self, tail: str) -> None:
        now = time.monotonic()
        self._logged = now
        self._log(f"{self._desc}: {self._done}/{self._total} documents done in "
                  f"{now - self._started:.0f} s{tail}")


def progress(total: int, enabled: bool | None, desc: str = "indexing",
             log: Callable[[str], None] | None = None) -> Progress:
    """Progress over ``total`` documents: lines for ``log`` when given, else a bar when
    ``enabled`` (None: only when stderr is a terminal)."""
    if not total:
        return Progress()
    if log is not None:
        return _Log(total, desc, log)
    show = sys.stderr.isatty() if enabled is None else enabled
    return _Bar(total, desc) if show else Progress()
