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
for minutes), from a thread that wakes when the minute is up. Its times count from the run's
start, as its summary line's does ("4/4 documents done (24 s into the run)",
the collection's work after them; its time counted from the bar's start differed from the
summary's, 24 s against 31 s). The bar keeps its own clock: its rate and time left are its
documents', and it is gone when the summary line comes.

Before the bar (the run's documents not known yet: the scan and the store's opening, which
with the models' loading took 13 of an 18 s run; the models load at their first use since),
:func:`starting` says a stage that runs for more than
a couple of seconds on a line of its own ("indexing: opening the store ..."); a quick run
says none. The stages after the store's opening are named too ("planning the run",
"finding stale summaries"), and a run with no documents to count (an unchanged store) has no
bar: it goes on saying each stage that runs for seconds (compacting, the collection's work,
the Parquet export) until it ends. A log gets these lines too (Dagster's event log shows
what a run waits on), even with the bar off: so its first line need not be a batch's, and a
consumer counting batches picks the "k/n documents done" lines.
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
EARLY_AFTER = 2.0  # seconds a stage before the bar runs before it is said


class Progress:
    """No progress shown (not a terminal, progress off): every call does nothing."""

    def stage(self, what: str, now: bool = False, said: bool = False) -> None:
        """Say what the run is doing now ("parsing report.pdf", "embedding 128/900 texts");
        ``now``: draw it at once, however soon after the last (work that holds the
        interpreter, such as docling-parse reading a PDF, keeps a later redraw from running);
        ``said``: a line of its own said it already (a wait for the store)."""

    def advance(self, documents: int, failed: int = 0) -> None:
        """Count ``documents`` more as in the store, ``failed`` of them recorded as failed."""

    def close(self) -> None:
        """Take the bar away."""


class _Starting(Progress):
    """The stages before the run's documents are known: each said on a line of its own once
    it ran for EARLY_AFTER, by a timer (the model's loading calls nothing here)."""

    def __init__(self, desc: str, say: Callable[[str], None]) -> None:
        self._desc, self._say = desc, say
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None
        self._closed = False

    def stage(self, what: str, now: bool = False, said: bool = False) -> None:
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if self._closed or said:
                return
            if EARLY_AFTER <= 0:  # said at once, in order (a timer's thread may come late)
                self._say(f"{self._desc}: {what} ...")
                return
            self._timer = threading.Timer(EARLY_AFTER, self._still, (what,))
            self._timer.daemon = True
            self._timer.start()

    def _still(self, what: str) -> None:
        with self._lock:
            if self._closed or self._timer is not threading.current_thread():
                return  # the stage ended as its timer fired
            self._timer = None
            self._say(f"{self._desc}: {what} ...")

    def close(self) -> None:
        with self._lock:
            self._closed = True
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None


class _Bar(Progress):
    def __init__(self, total: int, desc: str) -> None:
        # its own clock: its rate and time left are of its documents, and it is gone when
        # the summary line comes
        from tqdm import tqdm

        self._bar = tqdm(total=total, unit="doc", desc=desc, file=sys.stderr, delay=DELAY,
                         leave=False, dynamic_ncols=True)
        self._started = self._drawn = time.monotonic()
        self._lock = threading.Lock()
        self._later: threading.Timer | None = None  # the redraw of a stage not drawn yet
        self._closed = False

    def stage(self, what: str, now: bool = False, said: bool = False) -> None:
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

    def advance(self, documents: int, failed: int = 0) -> None:
        self._bar.update(documents)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            if self._later is not None:
                self._later.cancel()
        self._bar.close()


class _Log(Progress):
    def __init__(self, total: int, desc: str, log: Callable[[str], None],
                 started: float) -> None:
        self._total, self._desc, self._log = total, desc, log
        self._done = self._failed = 0
        self._stage = ""
        self._started, self._logged = started, time.monotonic()
        # one line at a time: the thread's and the run's (a worker's lines share its pipe)
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._still = threading.Thread(target=self._log_still, name="progress", daemon=True)
        self._still.start()

    def stage(self, what: str, now: bool = False, said: bool = False) -> None:
        with self._lock:
            self._stage = what
            if time.monotonic() - self._logged >= LOG_EVERY:
                self._line(f"; now {what}")

    def advance(self, documents: int, failed: int = 0) -> None:
        with self._lock:
            self._done += documents
            self._failed += failed
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
        documents = "document" if self._total == 1 else "documents"
        # "2/2 documents done" of a run whose two documents both failed: how many failed
        failed = f"{self._failed} failed; " if self._failed else ""
        self._log(f"{self._desc}: {self._done}/{self._total} {documents} done "
                  f"({failed}{now - self._started:.0f} s into the run){tail}")


def progress(total: int, enabled: bool | None, desc: str = "indexing",
             log: Callable[[str], None] | None = None,
             started: float | None = None) -> Progress:
    """Progress over ``total`` documents: lines for ``log`` when given, else a bar when
    ``enabled`` (None: only when stderr is a terminal); the lines' times count from
    ``started`` (``time.monotonic()`` as the run started; None: now)."""
    if not total:
        return Progress()
    started = time.monotonic() if started is None else started
    if log is not None:
        return _Log(total, desc, log, started)
    return _Bar(total, desc) if _shown(enabled) else Progress()


def starting(enabled: bool | None, desc: str = "indexing",
             log: Callable[[str], None] | None = None) -> Progress:
    """The stages of a run before its documents are known, each that runs for EARLY_AFTER said
    on a line: to ``log`` when given, else on stderr when ``enabled`` (None: only when stderr is
    a terminal), as :func:`progress` shows the rest."""
    if log is not None:
        return _Starting(desc, log)
    if _shown(enabled):
        return _Starting(desc, lambda line: print(line, file=sys.stderr, flush=True))
    return Progress()


def _shown(enabled: bool | None) -> bool:
    return sys.stderr.isatty() if enabled is None else enabled
