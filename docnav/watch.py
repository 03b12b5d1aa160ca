"""Watch folders and react to changes in batches (watchdog).

Events are collected and handed over once the folder has been quiet for ``debounce`` seconds,
or at the latest ``max_wait`` seconds after the first event of a burst, so an editor's save
storm or a ``git checkout`` that rewrites 500 files becomes one batch. A watched folder that
disappears is watched again when it comes back, with a full rescan. What a batch triggers is
the caller's choice: :func:`index_batches` indexes in-process (standalone mode);
:func:`spool_batches` writes the batch to a folder a Dagster sensor reads.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from docnav.errors import InputError

FULL_RESCAN = "*"  # in a batch: something happened that a path list cannot describe


@dataclass(frozen=True)
class WatchOptions:
    """debounce: quiet seconds that end a burst; max_wait: longest a burst is held back;
    poll: how often missing roots are checked for coming back."""

    debounce: float = 0.3
    max_wait: float = 3.0
    poll: float = 1.0


@dataclass
class _Pending:
    paths: set[str] = field(default_factory=set)
    first: float | None = None
    last: float | None = None


class Watcher:
    """Observes ``roots`` and calls ``on_batch(paths)`` with each debounced batch."""

    def __init__(
        self,
        roots: Sequence[str | Path],
        on_batch: Callable[[set[str]], None],
        options: WatchOptions = WatchOptions(),
    ) -> None:
        self.roots = [str(Path(r).expanduser().absolute()) for r in roots]
        missing = [r for r in self.roots if not Path(r).is_dir()]
        if missing:
            raise InputError(f"cannot watch {', '.join(missing)}: not an existing folder")
        self.on_batch = on_batch
        self.options = options
        self.batches = 0
        self._pending = _Pending()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._observer = None
        self._watches: dict[str, object] = {}
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

    def stop(self) -> None:
        self._stop.set()
        if self._thread:
            self._thread.join(timeout=10)
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

        class Handler(FileSystemEventHandler):
            def on_any_event(self, event) -> None:
                if event.event_type in ("opened", "closed_no_write"):
                    return
                if event.is_directory and event.event_type in ("modified",):
                    return
                paths = {event.src_path}
                if getattr(event, "dest_path", ""):
                    paths.add(event.dest_path)
                if event.is_directory:
                    paths = {FULL_RESCAN}
                watcher._add(paths)

        self._watches[root] = self._observer.schedule(Handler(), root, recursive=True)

    def _add(self, paths: set[str]) -> None:
        now = time.monotonic()
        with self._lock:
            self._pending.paths |= {os.fsdecode(p) for p in paths}
            self._pending.first = self._pending.first or now
            self._pending.last = now

    def _loop(self) -> None:
        next_poll = time.monotonic()
        while not self._stop.is_set():
            now = time.monotonic()
            if now >= next_poll:
                self._check_roots()
                next_poll = now + self.options.poll
            batch = None
            with self._lock:
                p = self._pending
                if p.first is not None and (now - p.last >= self.options.debounce
                                            or now - p.first >= self.options.max_wait):
                    batch, self._pending = p.paths, _Pending()
            if batch:
                self.batches += 1
                try:
                    self.on_batch(batch)
                except Exception as exc:  # keep watching; the next batch may succeed
                    print(f"docnav watch: batch failed: {exc}", flush=True)
            self._stop.wait(0.05)

    def _check_roots(self) -> None:
        """Unschedule roots that vanished; reschedule them (and rescan) when they are back."""
        for root in self.roots:
            exists = Path(root).is_dir()
            if not exists and root in self._watches:
                try:
                    self._observer.unschedule(self._watches.pop(root))
                except (KeyError, ValueError):
                    self._watches.pop(root, None)
                self._add({FULL_RESCAN})
            elif exists and root not in self._watches:
                self._schedule(root)
                self._add({FULL_RESCAN})


def index_batches(indexer, roots: Sequence[str | Path], log: Callable[[str], None] = print):
    """Standalone mode: index each batch in-process; a full incremental pass when needed."""
    live_roots = lambda: [r for r in roots if Path(r).is_dir()]  # noqa: E731

    def on_batch(paths: set[str]) -> None:
        current = live_roots()
        if not current:
            return
        if FULL_RESCAN in paths:
            report = indexer.index(current)
        else:
            report = indexer.index(current, paths=sorted(paths))
        log(report.summary())
        for path, error in report.failed:
            log(f"error: {error}")

    return on_batch


def spool_batches(folder: str | Path):
    """Dagster mode: write each batch as a JSON file for the sensor to pick up."""
    spool = Path(folder)
    spool.mkdir(parents=True, exist_ok=True)

    def on_batch(paths: set[str]) -> None:
        name = f"{time.time_ns()}.json"
        tmp = spool / f".{name}.tmp"
        tmp.write_text(json.dumps(sorted(paths)))
        os.replace(tmp, spool / name)

    return on_batch
