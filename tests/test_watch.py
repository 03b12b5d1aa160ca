"""`docnav watch`: debounced batches from watchdog, in-process indexing, folders that vanish."""

from __future__ import annotations

import json
import os
import shutil
import threading
import time

import duckdb
import pytest

from docnav.embed import HashingEmbedder
from docnav.errors import InputError
from docnav.index import Indexer, IndexOptions
from docnav.store import Store
from docnav.watch import FULL_RESCAN, Watcher, WatchOptions, index_batches, spool_batches


class Batches:
    def __init__(self) -> None:
        self.seen: list[set[str]] = []
        self.event = threading.Event()

    def __call__(self, paths: set[str]) -> None:
        self.seen.append(paths)
        self.event.set()

    def wait(self, n: int = 1, timeout: float = 15.0) -> None:
        deadline = time.monotonic() + timeout
        while len(self.seen) < n and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(self.seen) >= n, f"only {len(self.seen)} batches after {timeout} s"


def test_a_save_storm_becomes_one_batch(tmp_path):
    batches = Batches()
    with Watcher([tmp_path], batches, WatchOptions(debounce=0.5, settle=0.5, max_wait=10)):
        for i in range(30):
            (tmp_path / f"doc{i % 3}.md").write_text(f"# Doc\n\nVersion {i}\n")
            time.sleep(0.01)
        batches.wait(1)
        time.sleep(1.0)
    assert len(batches.seen) == 1
    assert {p.rsplit("/", 1)[-1] for p in batches.seen[0]} >= {"doc0.md", "doc1.md", "doc2.md"}


def test_a_checkout_rewriting_500_files_is_batched(tmp_path):
    batches = Batches()
    with Watcher([tmp_path], batches, WatchOptions(debounce=0.5, settle=0.5, max_wait=30)):
        for i in range(500):
            (tmp_path / f"f{i:03}.md").write_text(f"# F{i}\n")
        batches.wait(1)
        time.sleep(1.0)
    files = set().union(*batches.seen)
    assert len(batches.seen) <= 3  # debounced into a handful of batches, not 500
    assert sum(1 for p in files if p.endswith(".md")) == 500


def test_a_burst_of_closed_files_is_handed_over_after_settle_not_debounce(tmp_path):
    """A file still open for writing holds its batch for the whole debounce; once it is
    closed (or a file is moved into place) the batch goes after the short settle time."""
    batches = Batches()
    with Watcher([tmp_path], batches, WatchOptions(debounce=5.0, settle=0.05, max_wait=30)):
        time.sleep(0.3)
        with open(tmp_path / "open.md", "w") as f:
            f.write("# Open\n")
            f.flush()
            time.sleep(1.0)
            assert batches.seen == []  # written but not closed: the writer may go on
        closed = time.monotonic()
        batches.wait(1, timeout=10)
        assert time.monotonic() - closed < 2.5  # well before the 5 s debounce
        assert any(p.endswith("open.md") for p in batches.seen[0])

        saving = tmp_path / ".atomic.md.tmp"
        saving.write_text("# Atomic\n")
        os.replace(saving, tmp_path / "atomic.md")
        moved = time.monotonic()
        batches.wait(2, timeout=10)
        assert time.monotonic() - moved < 2.5
        assert any(p.endswith("atomic.md") for p in batches.seen[1])


def test_negative_watch_options_are_refused():
    with pytest.raises(InputError, match="settle=-1"):
        WatchOptions(settle=-1)
    with pytest.raises(InputError, match="need 0 < retry <= retry_max"):
        WatchOptions(retry=0)  # would retry a failing batch without pause
    with pytest.raises(InputError, match="retry=5, retry_max=1"):
        WatchOptions(retry=5, retry_max=1)


def test_missing_folder_is_a_clear_error(tmp_path):
    with pytest.raises(InputError, match="not an existing folder"):
        Watcher([tmp_path / "nope"], Batches())


def test_a_folder_that_disappears_and_comes_back_is_watched_again(tmp_path):
    root = tmp_path / "docs"
    root.mkdir()
    batches = Batches()
    with Watcher([root], batches, WatchOptions(debounce=0.2, poll=0.2)):
        shutil.rmtree(root)
        batches.wait(1)
        root.mkdir()
        (root / "back.md").write_text("# Back\n")
        batches.wait(2)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not any(
                p.endswith("back.md") for b in batches.seen for p in b):
            (root / "back.md").write_text(f"# Back\n\n{time.time()}\n")
            time.sleep(0.5)
    assert any(FULL_RESCAN in b for b in batches.seen)
    assert any(p.endswith("back.md") for b in batches.seen for p in b)


class Standalone:
    """A folder with one indexed document, and the standalone-mode batch handler over it
    (each batch indexed, then counted in ``done``)."""

    def __init__(self, tmp_path) -> None:
        self.root = tmp_path / "docs"
        self.root.mkdir()
        (self.root / "a.md").write_text("# A\n\nFirst text.\n")
        self.store = Store(tmp_path / "db" / "g.duckdb")
        indexer = Indexer(self.store, IndexOptions(progress=False), HashingEmbedder())
        indexer.index([self.root])
        self.logs: list[str] = []
        self.on_batch = index_batches(indexer, [self.root], log=self.logs.append)
        self.done = Batches()

    def __call__(self, paths) -> None:
        self.on_batch(paths)
        self.done(paths)

    def paragraphs(self) -> set[str]:
        return {r[0] for r in duckdb.connect(str(self.store.path), read_only=True).execute(
            "SELECT text FROM nodes WHERE kind = 'paragraph'").fetchall()}


def test_standalone_mode_indexes_each_batch(tmp_path):
    handler = Standalone(tmp_path)
    root, done = handler.root, handler.done
    with Watcher([root], handler, WatchOptions(debounce=0.2)):
        (root / "a.md").write_text("# A\n\nSecond text.\n")
        (root / "b.md").write_text("# B\n\nNew document.\n")
        done.wait(1)
        time.sleep(0.5)
        (root / "b.md").unlink()
        done.wait(len(done.seen) + 1)
    assert handler.paragraphs() == {"Second text."}
    assert any("changed" in line for line in handler.logs)


def test_a_failed_batch_is_handed_over_again_until_it_succeeds(tmp_path, capsys):
    """A handler that fails (the store locked, a full disk) loses nothing: the batch comes back
    after ``retry`` seconds, then after twice that, with what changed meanwhile."""
    calls: list[tuple[float, set[str]]] = []
    done = Batches()

    def handler(paths):
        calls.append((time.monotonic(), paths))
        if len(calls) <= 2:
            raise RuntimeError("the store is locked")
        done(paths)

    options = WatchOptions(debounce=0.1, settle=0.05, retry=0.5, retry_max=5)
    with Watcher([tmp_path], handler, options):
        (tmp_path / "a.md").write_text("# A\n")
        deadline = time.monotonic() + 15
        while len(calls) < 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        (tmp_path / "b.md").write_text("# B\n")  # while the first batch waits for its retry
        done.wait(1)
    names = [{os.path.basename(p) for p in paths} for _, paths in calls]
    assert names[0] == {"a.md"} and names[-1] == {"a.md", "b.md"} and len(calls) == 3
    waits = [b[0] - a[0] for a, b in zip(calls, calls[1:])]
    assert waits[0] >= 0.5 and waits[1] >= 1.0  # retry, then twice retry
    out = capsys.readouterr().out
    assert "batch failed: the store is locked; trying its 1 path(s) again in 0.5 s" in out
    assert "again in 1 s" in out


def test_standalone_mode_indexes_an_edit_made_while_the_store_was_locked(tmp_path):
    from docnav import writer_lock

    handler = Standalone(tmp_path)
    lock = writer_lock.take(handler.store.path, exclusive=True)  # as `docnav compact` holds it
    try:
        with Watcher([handler.root], handler, WatchOptions(debounce=0.1, retry=0.3)):
            (handler.root / "a.md").write_text("# A\n\nSecond text.\n")
            time.sleep(1.5)  # the batch fails, and fails again
            assert not handler.done.seen
            lock.close()
            handler.done.wait(1)
    finally:
        lock.close()
    assert handler.paragraphs() == {"Second text."}


def test_spool_mode_writes_batches_for_the_sensor(tmp_path):
    spool = tmp_path / "spool"
    on_batch = spool_batches(spool)
    on_batch({"/x/a.md", "/x/b.md"})
    files = sorted(spool.glob("*.json"))
    assert len(files) == 1 and json.loads(files[0].read_text()) == ["/x/a.md", "/x/b.md"]
    assert not list(spool.glob(".*.tmp"))
