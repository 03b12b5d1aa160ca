"""Watch folders and react to changes in batches (watchdog).

Events are collected and handed over once the folder has been quiet for ``debounce`` seconds,
or at the latest ``max_wait`` seconds after the first event of a burst, so an editor's save
storm or a ``git checkout`` that rewrites 500 files becomes one batch. Where the platform reports
when a writer closes a file (Linux inotify), a burst in which every file has been closed, moved
into place or deleted is complete: it is handed over after only ``settle`` quiet seconds, which
is most of the latency between a save and the new text being queryable. There, too, a file that
a writer has open and has written to (a ``cp`` of a large PDF, a writer that pauses) is held back
from its batch until the writer closes it, or at most ``close_wait`` seconds, while the batch's
other paths go ahead: a half-written file is not indexed. A watcher started with
``hold=True`` observes and collects, but hands nothing over until :meth:`Watcher.release`: a
caller catching up first (a full index run) loses no change made meanwhile. A watched folder
that disappears is watched again when it comes back, with a full rescan; so is one deleted and
created again between two polls (``rm -rf d && mkdir d``: the old watch died with the old
folder). :func:`index_batches` keeps the documents of a folder that is gone (an unmounted drive
comes back) and says so. :meth:`Watcher.stop` waits for the running batch; a handler that runs
long asks :meth:`Watcher.stopping` to end early (an Indexer's ``should_stop``). A batch whose
handler fails (the store locked by another writer or a compaction, a full disk) is not lost: it
is handed over again after ``retry`` seconds, doubling up to ``retry_max`` while the failures go
on, together with whatever changed meanwhile (held back until then). What a batch triggers is
the caller's choice: :func:`index_batches` indexes in-process (standalone mode);
:func:`spool_batches` writes the batch to a folder a Dagster sensor reads. The first full run
of a standalone watcher (:func:`catch_up`) waits for a store held by another process the same
way, instead of ending the service.
"""

from __future__ import annotations

import json
import logging
import os
import stat
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from docnav.errors import InputError, RunCancelled, StoreLocked
from docnav.scan import absolute, candidates, hidden_under, in_scope
from docnav.wording import counted

FULL_RESCAN = "*"  # in a batch: something happened that a path list cannot describe
T = TypeVar("T")
# what the watcher says where its caller gives no ``log``: a library's caller's stdout is its
# own (the CLI gives one writing to stderr, its stdout the runs' reports); at WARNING, shown
# on stderr where logging is not set up
_logged = logging.getLogger(__name__).warning


@dataclass(frozen=True)
class WatchOptions:
    """debounce: quiet seconds that end a burst; settle: quiet seconds that end a burst in which
    no file is still open for writing; max_wait: longest a burst is held back; close_wait:
    longest a file written to and not yet closed is held back from its batch (only where the
    platform reports closes, Linux); poll: how often
    missing roots are checked for coming back; retry / retry_max: first and longest wait before
    a failed batch is handed over again."""

    debounce: float = 0.3
    settle: float = 0.05
    max_wait: float = 3.0
    close_wait: float = 60.0
    poll: float = 1.0
    retry: float = 2.0
    retry_max: float = 60.0

    def __post_init__(self) -> None:
        for name in ("debounce", "settle", "max_wait", "close_wait", "poll", "retry",
                     "retry_max"):
            if not getattr(self, name) >= 0:  # NaN too
                raise InputError(f"watch option {name}={getattr(self, name)}: must be >= 0 s")
        if not 0 < self.retry <= self.retry_max:
            raise InputError(f"watch options retry={self.retry}, retry_max={self.retry_max}: "
                             "need 0 < retry <= retry_max seconds")


@dataclass
class _Pending:
    paths: set[str] = field(default_factory=set)
    writing: set[str] = field(default_factory=set)  # written to, not yet closed
    first: float | None = None
    last: float | None = None
    at_once: bool = False  # a file held back for close_wait: hand it over now


class Watcher:
    """Observes ``roots`` and calls ``on_batch(paths)`` with each debounced batch; with
    ``hold``, none until :meth:`release`. Events of the files and folders in ``ignore`` (and
    under them) are left out: the store and the spool a batch writes to, were they in a root,
    would otherwise make every batch cause the next."""

    def __init__(
        self,
        roots: Sequence[str | Path],
        on_batch: Callable[[set[str]], None],
        options: WatchOptions = WatchOptions(),
        hold: bool = False,
        ignore: Sequence[str | Path] = (),
        log: Callable[[str], None] = _logged,
    ) -> None:
        self.roots = [str(absolute(r)) for r in roots]
        missing = [r for r in self.roots if not Path(r).is_dir()]
        if missing:
            raise InputError(f"cannot watch {', '.join(missing)}: not an existing folder")
        self.on_batch = on_batch
        self.options = options
        self.log = log  # what it says (a batch failed): stderr, where stdout is JSON
        # by their names as given and as resolved: an event may name either
        self._ignored = sorted({str(absolute(p)) for p in ignore}
                               | {os.path.realpath(p) for p in ignore})
        self.batches = 0
        self._pending = _Pending()
        self._open: set[str] = set()  # files opened, not closed since (inotify reports both)
        self._writers: dict[str, float] = {}  # of those, written to: when the hold began
        self._failed: set[str] = set()  # paths of failed batches, handed over again at _retry_at
        self._retry_at = 0.0
        self._retry_wait = options.retry
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._held = hold
        self._wake = threading.Event()  # set by each event and by stop()
        self._observer = None
        self._watches: dict[str, object] = {}
        self._ids: dict[str, tuple[int, int]] = {}  # (device, inode) of each watched folder
        self._dead: set[str] = set()  # watched folders deleted: their watch ended with them
        self._thread: threading.Thread | None = None

    # -- lifecycle ---------------------------------------------------------------------------

    def start(self) -> "Watcher":
        from watchdog.observers import Observer

        self._observer = Observer()
        for root in self.roots:
            self._schedule(root)
        self._observer.start()
        self._thread = threading.Thread(target=self._loop, name="docnav-watch", daemon=True)
        self._thread.start()
        return self

    def release(self) -> None:
        """Hand over what was collected while held, and each batch from now on."""
        self._held = False
        self._wake.set()

    def stopping(self) -> bool:
        """True once :meth:`stop` was called: a running handler should end early."""
        return self._stop.is_set()

    def stop(self) -> None:
        """Stop observing, after the running batch (if any) has ended: a thread left inside
        DuckDB when the interpreter exits aborts the process."""
        self._stop.set()
        self._wake.set()
        if self._thread:
            self._thread.join()
        if self._observer:
            self._observer.stop()
            self._observer.join(timeout=10)

    def __enter__(self) -> "Watcher":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # -- events ------------------------------------------------------------------------------

    def _schedule(self, root: str) -> None:
        from watchdog.events import FileSystemEventHandler

        watcher = self
        # watchdog never follows a symbolic link (inotify's IN_DONT_FOLLOW): a root that is one
        # (or lies under one) is watched at its target, its events named under the root
        target = os.path.realpath(root)

        def named(path: str | bytes) -> str:
            path = os.fsdecode(path)
            if path == target or path.startswith(target.rstrip(os.sep) + os.sep):
                return root + path[len(target):]
            return path

        class Handler(FileSystemEventHandler):
            def on_any_event(self, event) -> None:
                src = named(event.src_path)
                if src == root and event.event_type in ("deleted", "moved"):
                    watcher._dead.add(root)  # inotify ends the watch with the folder
                if not event.is_directory:
                    watcher._track(src, event.event_type)
                    if getattr(event, "dest_path", ""):  # replaced: done, whoever wrote it
                        watcher._track(named(event.dest_path), "moved")
                if event.event_type in ("opened", "closed_no_write"):
                    return
                if event.is_directory and event.event_type in ("modified",):
                    return
                paths = {src}
                if getattr(event, "dest_path", ""):
                    paths.add(named(event.dest_path))
                # (a commit writing under .git, a pip install under .venv: no run reads
                # there, and a folder's event would be a rescan of every root)
                paths = {p for p in paths if not watcher._ignores(p)
                         and not hidden_under(p, watcher.roots)}
                if not paths:
                    return
                if event.is_directory:
                    paths = {FULL_RESCAN}
                # created/modified: a writer may still be at work; closed (after writing),
                # moved into place or deleted: that file is done
                writing = event.event_type in ("created", "modified") or event.is_directory
                watcher._add(paths, writing=writing)

        self._dead.discard(root)
        self._ids[root] = _folder_id(root)
        self._watches[root] = self._observer.schedule(Handler(), target, recursive=True)

    def _ignores(self, path: str) -> bool:
        return bool(self._ignored) and (in_scope(path, self._ignored)
                                        or in_scope(os.path.realpath(path), self._ignored))

    def _track(self, path: str, kind: str) -> None:
        """Which files a writer has open. Only a write after an open holds a path back: a file
        moved in, linked, or whose attributes changed (``shutil.copy2`` sets the times after
        closing) is reported created or modified with no close to follow. A platform that
        reports no opens holds nothing back."""
        if self._ignores(path):
            return
        with self._lock:
            if kind == "opened":
                self._open.add(path)
            elif kind in ("created", "modified"):
                if path in self._open:
                    self._writers.setdefault(path, time.monotonic())
            else:  # closed (by a reader, or by the writer: done), deleted, moved away
                self._open.discard(path)
                if kind != "closed_no_write":
                    self._writers.pop(path, None)

    def _add(self, paths: set[str], writing: bool = True) -> None:
        now = time.monotonic()
        paths = {os.fsdecode(p) for p in paths}
        with self._lock:
            p = self._pending
            p.paths |= paths
            if writing:
                p.writing |= paths
            else:
                p.writing -= paths
            p.first = p.first or now
            p.last = now
        self._wake.set()

    def _loop(self) -> None:
        next_poll = time.monotonic()
        while not self._stop.is_set():
            now = time.monotonic()
            if now >= next_poll:
                self._check_roots()
                next_poll = now + self.options.poll
            if self._failed and now >= self._retry_at:  # the failed paths join the pending ones
                failed, self._failed = self._failed, set()
                self._add(failed, writing=False)
                now = time.monotonic()
            batch, due = None, min(next_poll, self._retry_at) if self._failed else next_poll
            with self._lock:
                self._wake.clear()
                p = self._pending
                held, due = self._held_back(now, due)
                ready = p.paths - held
                # while failed paths wait for their retry, new ones wait with them
                if ready and p.first is not None and not self._failed and not self._held:
                    quiet = self.options.debounce if p.writing - held else self.options.settle
                    due = min(due, p.last + quiet, p.first + self.options.max_wait)
                    if now >= due or p.at_once:
                        batch = ready
                        self._pending = _Pending(p.paths - ready, p.writing - ready)
            if batch:
                self.batches += 1
                try:
                    self.on_batch(batch)
                    self._retry_wait = self.options.retry
                except Exception as exc:  # keep watching; hand the batch over again later
                    if self._stop.is_set() and isinstance(exc, RunCancelled):
                        break  # stopped on request: the next start catches up
                    self._failed |= batch
                    self._retry_at = time.monotonic() + self._retry_wait
                    self.log(f"docnav watch: batch failed: {exc}; trying its "
                             f"{counted(len(batch), 'path')} again in {self._retry_wait:g} s")
                    self._retry_wait = min(2 * self._retry_wait, self.options.retry_max)
            else:  # sleep until something is due or an event arrives
                self._wake.wait(max(0.0, due - time.monotonic()))

    def _held_back(self, now: float, due: float) -> tuple[set[str], float]:
        """The pending paths held back from the batch: those a writer has open, and a rescan
        while there are any (it would read them); ``due`` moved to the end of the first hold.
        A file held ``close_wait`` seconds goes at once, as it is; its writer's next write
        holds it again (caller holds the lock)."""
        p = self._pending
        for path, since in list(self._writers.items()):
            if now >= since + self.options.close_wait:
                del self._writers[path]
                if path in p.paths:
                    p.first, p.last, p.at_once = p.first or now, p.last or now, True
        open_ = p.paths & self._writers.keys()
        if not open_:
            return set(), due
        due = min(due, min(self._writers[path] for path in open_) + self.options.close_wait)
        return open_ | (p.paths & {FULL_RESCAN}), due

    def _check_roots(self) -> None:
        """Unschedule roots that vanished; reschedule them (and rescan) when they are back,
        or when another folder took their place (the inode number alone may be reused)."""
        for root in self.roots:
            now = _folder_id(root)
            replaced = now is not None and (root in self._dead or now != self._ids.get(root))
            if root in self._watches and (now is None or replaced):
                self._unschedule(root)
                self._add({FULL_RESCAN})
            if now is not None and root not in self._watches:
                self._schedule(root)
                self._add({FULL_RESCAN})

    def _unschedule(self, root: str) -> None:
        try:
            self._observer.unschedule(self._watches.pop(root))
        except (KeyError, ValueError):  # its emitter already ended with the folder
            pass


def _folder_id(path: str) -> tuple[int, int] | None:
    """(device, inode) of the folder at ``path``; None when there is none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino) if stat.S_ISDIR(st.st_mode) else None


def catch_up(run: Callable[[], T], options: WatchOptions = WatchOptions(),
             log: Callable[[str], None] = _logged) -> T:
    """``run()`` (the first full run of a watcher), tried again while the store is held by
    another process past the run's own wait (``--wait``): after ``retry`` seconds, doubling up
    to ``retry_max``, as a failed batch is. Any other error ends it: a bad setting or a store
    that is not DocNav's does not go away by waiting."""
    wait = options.retry
    while True:
        try:
            return run()
        except StoreLocked as exc:
            log(f"docnav watch: first full run failed: {exc}; trying it again in {wait:g} s")
        time.sleep(wait)
        wait = min(2 * wait, options.retry_max)


def index_batches(indexer, roots: Sequence[str | Path], log: Callable[[str], None] = _logged,
                  on_report: Callable[[object], None] | None = None):
    """Standalone mode: index each batch in-process; a full incremental pass when needed.
    ``on_report`` receives each batch's IndexReport to show it (the CLI prints it as `docnav
    index` does); without one, :func:`log_report` logs it. A batch that changed nothing (a file
    saved with the same bytes, a `touch`) is not shown: a reader of `watch --json`'s lines
    wants one per change, not one per save. The documents of a root that is gone
    are kept (a drive unmounted for a while should not cost a full re-index), and the log says
    so; the root coming back empty removes them."""
    roots = [str(absolute(r)) for r in roots]
    gone: set[str] = set()

    def note_gone(current: list[str]) -> None:
        for root in sorted(set(roots) - set(current) - gone):
            with indexer.store.reader() as con:
                kept = sum(in_scope(d.path, [root]) for d in indexer.store.documents(con).values())
            are, them = ("is", "it") if kept == 1 else ("are", "them")
            log(f"{root} is gone: its {counted(kept, 'document')} {are} kept until it comes "
                f"back (an empty folder in its place removes {them})")
        for root in sorted(gone & set(current)):  # its batch may change nothing, and not show
            log(f"{root} is back: watched again (its batch reports what changed there)")
        gone.clear()
        gone.update(set(roots) - set(current))

    def on_batch(paths: set[str]) -> None:
        current = [r for r in roots if Path(r).is_dir()]
        note_gone(current)
        if not current:
            return
        # the events of a root that is gone report its files deleted: they are kept; those of
        # files no run would look at (an editor's swap file) are no reason for a run
        options = indexer.options
        paths = ({FULL_RESCAN} & paths) | set(candidates(
            paths - {FULL_RESCAN}, current, options.include, options.exclude))
        if not paths:
            return
        if FULL_RESCAN in paths:
            report = indexer.index(current)
        else:
            report = indexer.index(current, paths=sorted(paths))
        if report.changed_nothing:
            return
        if on_report is None:
            log_report(report, log)
        else:
            on_report(report)

    return on_batch


def log_report(report, log: Callable[[str], None] = _logged) -> None:
    """A batch's summary line, then each file and each summary that failed, by name."""
    log(report.summary())
    for line in report.failure_lines():
        log(line)


def spooled(folder: str | Path) -> list[Path]:
    """The batches waiting in a spool folder, oldest first (the sensor consumes them)."""
    return sorted(Path(folder).glob("*.json"))


def spool_batches(folder: str | Path):
    """Dagster mode: write each batch as a JSON file for the sensor to pick up
    (:func:`spooled`; ``DOCNAV_SPOOL``, pipelines/sensors.py)."""
    spool = _spool_folder(Path(folder))

    def on_batch(paths: set[str]) -> None:
        name = f"{time.time_ns()}.json"
        tmp = spool / f".{name}.tmp"
        tmp.write_text(json.dumps(sorted(paths)))
        os.replace(tmp, spool / name)

    return on_batch


def _spool_folder(spool: Path) -> Path:
    """``spool``, created if missing; :class:`InputError` naming it and why where it cannot be
    one (a file in the way, a folder that cannot be made or written to, a parent folder not
    there: a typo made a spool no sensor read): said before watching starts, not as a
    traceback, nor as every batch failing."""
    try:
        spool.mkdir(exist_ok=True)
    except FileNotFoundError:  # its own folder is made, not those above it, as for a store's
        raise InputError(f"--spool {spool}: no folder {spool.parent} to make it in: check the "
                         f"path, or create it first (`mkdir -p {spool}`)") from None
    except FileExistsError:
        raise InputError(f"--spool {spool}: not a folder: a file of that name is in the "
                         "way") from None
    except OSError as exc:
        raise InputError(f"--spool {spool}: cannot create the folder: "
                         f"{exc.strerror or exc}") from exc
    if not os.access(spool, os.W_OK | os.X_OK):
        raise InputError(f"--spool {spool}: cannot write to the folder (permission denied)")
    return spool
