"""`docnav watch`'s watcher: debounced batches from watchdog, files held back while a writer
has them open, in-process indexing and spooling of each batch, renames, and folders that vanish.
The command itself (its first run, signals) is in test_watch_command.py."""

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


SLOW_PARTS = [f"Part {n} of the slow file." for n in ("one", "two", "three", "four")]


def test_a_file_still_being_written_is_held_back_until_its_writer_closes_it(tmp_path):
    """A writer that paused longer than the debounce, or a copy that ran past ``max_wait``,
    had its file indexed half-written (for a PDF or DOCX: an error and a failed row until it
    was closed). Now the file waits for its close while the batch's other paths go ahead, a
    new folder's rescan (which would read it) included: the store never holds a part of it."""
    handler = Standalone(tmp_path)
    root = handler.root
    stored: list[set[str]] = []  # the paragraphs stored after each batch

    def index_and_look(paths) -> None:
        handler(paths)
        stored.append(handler.paragraphs())

    other_indexed = threading.Event()

    def write_slowly() -> None:  # keeps the file open, pausing past debounce and max_wait
        with open(root / "slow.md", "w") as f:
            for n, part in enumerate(SLOW_PARTS):
                f.write(f"{'# Slow' if n == 0 else ''}\n\n{part}\n")
                f.flush()
                if n == 1:
                    other_indexed.wait(timeout=30)
                time.sleep(0.6)

    writer = threading.Thread(target=write_slowly)
    with Watcher([root], index_and_look, WatchOptions(debounce=0.2, max_wait=1.0)):
        time.sleep(0.3)
        writer.start()
        time.sleep(0.8)  # part one written, the writer quiet for longer than the debounce
        (root / "other.md").write_text("# Other\n\nGoes ahead.\n")
        (root / "sub").mkdir()  # a rescan: held back too
        wait_until(lambda: any("Goes ahead." in texts for texts in stored))
        assert writer.is_alive()  # indexed while slow.md was still being written
        other_indexed.set()
        writer.join(timeout=30)
        wait_until(lambda: any(set(SLOW_PARTS) <= texts for texts in stored))
    assert all(texts & set(SLOW_PARTS) in (set(), set(SLOW_PARTS)) for texts in stored), stored


def test_a_file_left_open_goes_with_a_batch_after_close_wait(tmp_path):
    """A writer that never closes its file (or a close the watcher missed) holds it back for
    ``close_wait`` seconds at most: then it goes as it is."""
    batches = Batches()
    with Watcher([tmp_path], batches, WatchOptions(debounce=0.1, close_wait=1.0)):
        time.sleep(0.3)
        with open(tmp_path / "open.md", "w") as f:
            f.write("# Open\n")
            f.flush()
            batches.wait(1)
            assert seen(batches, "open.md") and not f.closed


def test_files_no_writer_holds_open_are_not_held_back(tmp_path):
    """Only a write after an open holds a file back: a file moved in, copied with its times
    (``shutil.copy2`` sets them after the close, a modify with no close to follow), touched
    or given other permissions goes as before, not ``close_wait`` (60 s) later."""
    outside, root = tmp_path / "outside", tmp_path / "docs"
    outside.mkdir()
    root.mkdir()
    for name in ("moved.md", "copied.md"):
        (outside / name).write_text(f"# {name}\n")
    (root / "touched.md").write_text("# Touched\n")
    (root / "chmod.md").write_text("# Chmod\n")
    batches = Batches()
    with Watcher([root], batches, WatchOptions(debounce=0.1)):
        time.sleep(0.3)
        shutil.move(outside / "moved.md", root / "moved.md")
        shutil.copy2(outside / "copied.md", root / "copied.md")
        (root / "touched.md").touch()
        (root / "chmod.md").chmod(0o600)
        wait_until(lambda: all(seen(batches, name) for name in (
            "moved.md", "copied.md", "touched.md", "chmod.md")), timeout=20)


def test_negative_watch_options_are_refused():
    with pytest.raises(InputError, match="settle=-1"):
        WatchOptions(settle=-1)
    with pytest.raises(InputError, match="debounce=nan: must be >= 0 s"):
        WatchOptions(debounce=float("nan"))  # not a number of seconds
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


def test_a_root_that_is_a_symbolic_link_is_watched_at_its_target(tmp_path):
    """watchdog does not follow a link (IN_DONT_FOLLOW): watching a root that is one heard
    nothing of the files directly in it. Its events are named under the root as given, as the
    scan names its files."""
    (tmp_path / "real" / "sub").mkdir(parents=True)
    link = tmp_path / "docs"
    link.symlink_to("real")
    batches = Batches()
    with Watcher([link], batches, WatchOptions(debounce=0.1)):
        time.sleep(0.3)
        (tmp_path / "real" / "top.md").write_text("# Top\n")
        (tmp_path / "real" / "sub" / "deep.md").write_text("# Deep\n")
        wait_until(lambda: seen(batches, "top.md") and seen(batches, "deep.md"))
    assert set().union(*batches.seen) == {str(link / "top.md"), str(link / "sub" / "deep.md")}


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
        self.indexer = indexer
        self.logs: list[str] = []
        self.reports: list = []
        self.on_batch = index_batches(indexer, [self.root], log=self.logs.append,
                                      on_report=self.reports.append)
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
    assert any(report.changed for report in handler.reports)


def test_a_batch_of_files_no_run_looks_at_runs_nothing(tmp_path):
    """An editor's swap, backup and lock files beside a document, and files the patterns leave
    out, made a run each (a write to the store and a `0 added, 0 changed, ...` line, every few
    seconds of typing in Vim)."""
    handler = Standalone(tmp_path)
    root = handler.root
    handler.on_batch({str(root / name) for name in (
        ".a.md.swp", "a.md~", ".#a.md", "4913", "~$b.docx", "notes.txt")})
    assert handler.reports == [] and handler.logs == []
    (root / "a.md").write_text("# A\n\nSecond text.\n")
    handler.on_batch({str(root / ".a.md.swp"), str(root / "a.md")})  # a.md is looked at
    assert [r.changed for r in handler.reports] == [[str(root / "a.md")]]


def test_a_batch_that_changed_nothing_is_not_reported(tmp_path):
    """A file saved with the same bytes made a report (and a logged "0 added, 0 changed, ...,
    1 unchanged" line without ``on_report``) for a batch that did nothing."""
    handler = Standalone(tmp_path)
    root = handler.root
    logged: list[str] = []
    on_batch = index_batches(handler.indexer, [root], log=logged.append)
    (root / "a.md").write_text("# A\n\nFirst text.\n")
    handler.on_batch({str(root / "a.md")})
    on_batch({str(root / "a.md")})
    assert handler.reports == [] and handler.logs == [] and logged == []
    (root / "a.md").write_text("# A\n\nSecond text.\n")
    on_batch({str(root / "a.md")})
    assert logged and logged[0].startswith("0 added, 1 changed, "), logged


def test_a_failed_batch_is_handed_over_again_until_it_succeeds(tmp_path, caplog):
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
    said = caplog.text  # the docnav.watch logger: no log was given
    assert "batch failed: the store is locked; trying its 1 path again in 0.5 s" in said
    assert "again in 1 s" in said


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


def test_a_spool_inside_the_watched_folder_does_not_feed_on_its_writes(tmp_path):
    spool = tmp_path / "spool"
    with Watcher([tmp_path], spool_batches(spool), WatchOptions(debounce=0.1),
                 ignore=[spool]):
        (tmp_path / "a.md").write_text("# A\n")
        wait_until(lambda: list(spool.glob("*.json")))
        time.sleep(1.0)  # time for ten batches, were each one's file an event
    [batch] = spool.glob("*.json")
    assert json.loads(batch.read_text()) == [str(tmp_path / "a.md")]


def wait_until(condition, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert condition(), f"not so after {timeout} s"


def seen(batches: Batches, name: str) -> bool:
    return any(p.endswith(name) for b in batches.seen for p in b)


def test_a_folder_deleted_and_created_again_at_once_is_watched_again(tmp_path):
    """``rm -rf d && mkdir d``: the old watch ended with the old folder (whose inode number
    the new one may reuse); the new folder is watched and rescanned."""
    handler = Standalone(tmp_path)
    root, done = handler.root, handler.done
    with Watcher([root], handler, WatchOptions(debounce=0.1, poll=0.2)):
        shutil.rmtree(root)
        root.mkdir()
        (root / "z.md").write_text("# Z\n\nZed.\n")
        wait_until(lambda: any(FULL_RESCAN in b for b in done.seen))
        time.sleep(1.0)  # a few polls: the new folder is watched by now
        (root / "later.md").write_text("# Later\n\nLater.\n")
        wait_until(lambda: seen(done, "later.md"), timeout=5)
    assert handler.paragraphs() == {"Zed.", "Later."}


@pytest.mark.parametrize("n_roots", [1, 2])
def test_a_deleted_root_keeps_its_documents_and_the_log_says_so(tmp_path, n_roots):
    roots = [tmp_path / f"d{i}" for i in range(1, n_roots + 1)]
    for i, root in enumerate(roots):
        root.mkdir()
        (root / f"doc{i}.md").write_text(f"# Doc {i}\n\nText {i}.\n")
    (roots[-1] / "more.md").write_text("# More\n\nMore text.\n")
    store = Store(tmp_path / "db" / "g.duckdb")
    indexer = Indexer(store, IndexOptions(progress=False), HashingEmbedder())
    indexer.index(roots)
    logs: list[str] = []
    on_batch = index_batches(indexer, roots, log=logs.append)
    with Watcher(roots, on_batch, WatchOptions(debounce=0.1, poll=0.2)):
        shutil.rmtree(roots[-1])
        wait_until(lambda: any("is gone" in line for line in logs))
        time.sleep(0.5)  # the batches after it (a full rescan of the live roots) change nothing
    assert logs.count(f"{roots[-1]} is gone: its 2 documents are kept until it comes back "
                      "(an empty folder in its place removes them)") == 1
    with duckdb.connect(str(store.path), read_only=True) as con:
        texts = {r[0] for r in con.execute("SELECT text FROM nodes WHERE kind = 'paragraph'")
                 .fetchall()}
    assert texts == {f"Text {i}." for i in range(n_roots)} | {"More text."}


def doc_ids(store: Store) -> dict[str, str]:
    with duckdb.connect(str(store.path), read_only=True) as con:
        return dict(con.execute("SELECT path, doc_id FROM documents").fetchall())


def two_roots(tmp_path):
    """Folders d1 (a.md) and d2 (b.md), indexed; their store and indexer."""
    roots = [tmp_path / "d1", tmp_path / "d2"]
    for root, name in zip(roots, ("a", "b")):
        root.mkdir()
        (root / f"{name}.md").write_text(f"# {name.upper()}\n\nText of {name}.\n")
    store = Store(tmp_path / "db" / "g.duckdb")
    indexer = Indexer(store, IndexOptions(progress=False), HashingEmbedder())
    indexer.index(roots)
    return roots, store, indexer


def test_a_file_moved_to_another_watched_folder_keeps_its_document(tmp_path):
    """A move between two watched folders is no move for watchdog: the file is created in
    one at once, deleted from the other half a second later, a batch apart. The new file is
    the stored document renamed, as within one folder: its id (and with it its vectors and
    summaries) carries over, nothing is embedded again."""
    (d1, d2), store, indexer = two_roots(tmp_path)
    before = doc_ids(store)[str(d1 / "a.md")]
    reports, done = [], Batches()
    on_batch = index_batches(indexer, [d1, d2], log=lambda m: None, on_report=reports.append)

    def handler(paths):
        on_batch(paths)
        done(paths)

    with Watcher([d1, d2], handler, WatchOptions(debounce=0.1, settle=0.05)):
        time.sleep(0.3)
        os.rename(d1 / "a.md", d2 / "a.md")
        wait_until(lambda: seen(done, "d1/a.md") and seen(done, "d2/a.md"))
    ids = doc_ids(store)
    assert set(ids) == {str(d2 / "a.md"), str(d2 / "b.md")} and ids[str(d2 / "a.md")] == before
    assert [r.renamed for r in reports if r.renamed] == [[(str(d1 / "a.md"), str(d2 / "a.md"))]]
    assert sum(r.texts_embedded for r in reports) == 0


def test_a_file_like_one_of_a_folder_that_is_gone_is_a_new_document(tmp_path):
    """The documents of a watched folder that is gone are kept for its return: a file with the
    same bytes in another folder does not take one of them over."""
    (d1, d2), store, indexer = two_roots(tmp_path)
    shutil.rmtree(d2)
    (d1 / "b.md").write_text("# B\n\nText of b.\n")
    on_batch = index_batches(indexer, [d1, d2], log=lambda m: None)
    on_batch({str(d1 / "b.md")})
    assert set(doc_ids(store)) == {str(d1 / "a.md"), str(d1 / "b.md"), str(d2 / "b.md")}


def test_a_link_to_a_file_that_changes_is_indexed_again(tmp_path):
    """A symbolic link inside the folder is a document of its own; the watcher hears of a save
    of its target, never of the link, whose document was left with the old text."""
    handler = Standalone(tmp_path)
    root = handler.root
    (root / "sub").mkdir()
    (root / "link.md").symlink_to("a.md")
    (root / "sub" / "link.md").symlink_to("../link.md")  # a link to the link
    handler.on_batch({FULL_RESCAN})
    with Watcher([root], handler, WatchOptions(debounce=0.1)):
        (root / "a.md").write_text("# A\n\nSecond text.\n")
        wait_until(lambda: seen(handler.done, "/a.md"))
    with duckdb.connect(str(handler.store.path), read_only=True) as con:
        texts = dict(con.execute(
            "SELECT d.path, n.text FROM nodes n JOIN documents d USING (doc_id) "
            "WHERE n.kind = 'paragraph'").fetchall())
    assert texts == {str(root / name): "Second text." for name in ("a.md", "link.md",
                                                                     "sub/link.md")}

