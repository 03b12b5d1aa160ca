"""The resident worker (docnav/worker.py): real worker processes, a real store, the hashing
embedder. Every test stops the workers it started."""

from __future__ import annotations

import os
import signal
import threading
import time

import duckdb
import pytest

from docnav.embed import EmbeddingOptions
from docnav.errors import InputError
from docnav.index import IndexOptions, Indexer
from docnav.store import Store
from docnav.worker import ResidentIndexer, WorkerOptions, _Paths, stop_worker, worker_pid

OPTIONS = IndexOptions(embedding=EmbeddingOptions(model="hashing"), progress=False)


@pytest.fixture
def docs(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.md").write_text("# Alpha\n\nAlpha has apples.\n\n## Beta\n\nBeta grows beans.\n")
    (folder / "b.md").write_text("# Bravo\n\nBravo builds boats. See [Alpha](a.md).\n")
    return folder


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "store" / "graph.duckdb"
    yield path
    stop_worker(path, signal.SIGKILL)


def tables(db) -> dict[str, list[tuple]]:
    with duckdb.connect(str(db), read_only=True) as con:
        return {
            "documents": con.execute(
                "SELECT path, content_hash, tree_hash FROM documents ORDER BY 1").fetchall(),
            "nodes": con.execute("SELECT node_id, kind, text, tree_hash FROM nodes "
                                 "ORDER BY 1").fetchall(),
            "edges": con.execute("SELECT src, dst, kind FROM edges ORDER BY 1, 2, 3").fetchall(),
        }


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a worker this test process started stays a zombie
    until reaped)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def wait_until(condition, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "condition not reached"
        time.sleep(0.05)


def test_requests_from_short_lived_callers_run_in_one_warm_worker(tmp_path, docs, db):
    first = ResidentIndexer(db, OPTIONS)
    report = first.index([docs], collection=False)
    assert sorted(report.added) == [str(docs / "a.md"), str(docs / "b.md")]
    pid = first.last_worker_pid
    assert pid is not None and pid != os.getpid() and worker_pid(db) == pid
    first.update_collection()
    assert first.last_worker_pid == pid

    # a second caller (the next Dagster run) reaches the same worker
    (docs / "a.md").write_text("# Alpha\n\nAlpha has apples and pears.\n\n## Beta\n\n"
                               "Beta grows beans.\n")
    second = ResidentIndexer(db, OPTIONS)
    report = second.index([docs])
    assert report.changed == [str(docs / "a.md")] and report.docs_parsed == 1
    assert second.last_worker_pid == pid

    # the worker's store equals a from-scratch build in this process
    reference = tmp_path / "reference.duckdb"
    Indexer(Store(reference), OPTIONS).index([docs])
    assert tables(db) == tables(reference)


def test_a_docnav_error_in_the_worker_is_raised_in_the_caller(tmp_path, docs, db):
    resident = ResidentIndexer(db, OPTIONS)
    resident.index([docs])
    pid = resident.last_worker_pid
    with pytest.raises(InputError, match="no-such-folder: no such file or folder to index"):
        resident.index([tmp_path / "no-such-folder"])
    resident.index([docs])
    assert resident.last_worker_pid == pid  # the worker carried on


def test_a_worker_running_other_settings_is_replaced(docs, db, monkeypatch):
    resident = ResidentIndexer(db, OPTIONS)
    resident.index([docs])
    old = resident.last_worker_pid
    # an environment variable that selects models or caches makes the worker stale
    monkeypatch.setenv("TRANSFORMERS_VERBOSITY", "error")
    resident.index([docs])
    assert resident.last_worker_pid not in (None, old)
    wait_until(lambda: not running(old))  # it released the store, then exits


def test_a_worker_killed_mid_request_loses_nothing(docs, db, tmp_path, monkeypatch):
    """The worker is SIGKILLed inside its store transaction: the caller indexes in its own
    process instead, and the store holds every document once, at its content."""
    marker = tmp_path / "inside-transaction"
    monkeypatch.setenv("DOCNAV_FAULT_SLEEP_BEFORE_COMMIT", "600")
    monkeypatch.setenv("DOCNAV_FAULT_MARKER", str(marker))
    resident = ResidentIndexer(db, OPTIONS)
    outcome = {}
    caller = threading.Thread(target=lambda: outcome.update(report=resident.index([docs])))
    caller.start()
    wait_until(marker.exists, timeout=120)
    monkeypatch.delenv("DOCNAV_FAULT_SLEEP_BEFORE_COMMIT")  # the fallback in this process
    pid = worker_pid(db)
    os.kill(pid, signal.SIGKILL)
    caller.join(120)
    assert not caller.is_alive()
    assert resident.last_worker_pid is None  # done here, not by a worker
    assert sorted(outcome["report"].added) == [str(docs / "a.md"), str(docs / "b.md")]
    assert len(tables(db)["documents"]) == 2

    resident.index([docs])  # the next request starts a fresh worker
    assert resident.last_worker_pid not in (None, pid)


def test_an_idle_worker_exits_and_removes_its_socket(docs, db):
    resident = ResidentIndexer(db, OPTIONS, WorkerOptions(idle_seconds=1))
    resident.index([docs])
    assert resident.last_worker_pid is not None
    wait_until(lambda: worker_pid(db) is None)
    assert not _Paths.for_store(db).socket.exists()


def test_preload_starts_a_worker_and_stop_worker_ends_it(docs, db):
    resident = ResidentIndexer(db, OPTIONS)
    assert worker_pid(db) is None
    resident.preload(background=False)
    pid = worker_pid(db)
    assert pid is not None
    resident.index([docs])
    assert resident.last_worker_pid == pid
    assert stop_worker(db) is True
    assert worker_pid(db) is None and stop_worker(db) is False


def test_worker_options_are_checked():
    with pytest.raises(InputError, match="positive"):
        WorkerOptions(idle_seconds=0)


def test_a_request_whose_caller_has_gone_still_finishes(docs, db):
    """The worker sends progress lines as it writes; when the caller is gone (its Dagster run
    was killed), the sends fail and the request still finishes, as before there were lines."""
    from multiprocessing import Pipe

    from docnav.worker import _progress_sender, _run_request

    mine, callers = Pipe()
    callers.close()  # the caller hung up
    send = _progress_sender(mine)
    with pytest.raises(OSError):
        mine.send(("progress", "a line"))  # what the sender meets
    status, _, report = _run_request({}, str(db), OPTIONS, "index",
                                     {"roots": [str(docs)], "paths": None, "collection": True},
                                     send)
    assert status == "ok" and len(report.added) == 2
    assert {p for p, *_ in tables(db)["documents"]} == {str(docs / "a.md"), str(docs / "b.md")}


def test_a_reparse_request_uses_the_same_indexer_and_models(docs, db):
    """A Dagster run with ``reparse: true`` differs from the others only in that request: the
    worker serves it with the indexer it has (models loaded once), which then reparses."""
    from docnav.worker import _run_request

    indexers: dict = {}
    request = {"roots": [str(docs)], "paths": None, "collection": True}
    status, _, first = _run_request(indexers, str(db), OPTIONS, "index", request)
    assert status == "ok" and len(first.added) == 2
    (indexer,) = indexers.values()
    status, _, again = _run_request(indexers, str(db), OPTIONS, "index",
                                    {**request, "reparse": True})
    assert status == "ok" and list(indexers.values()) == [indexer]
    assert again.docs_parsed == 2 and len(again.reparsed) == 2 and len(again.unchanged) == 2
    status, _, plain = _run_request(indexers, str(db), OPTIONS, "index", request)
    assert status == "ok" and plain.docs_parsed == 0  # the next run is not a reparse
