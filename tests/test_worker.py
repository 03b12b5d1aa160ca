"""The resident worker (docnav/worker.py): real worker processes, a real store, the hashing
embedder. Every test stops the workers it started."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import duckdb
import pytest

from docnav.embed import EmbeddingOptions
from docnav.errors import InputError, StoreError
from docnav.index import IndexOptions, Indexer
from docnav.store import Store
from docnav.worker import ResidentIndexer, WorkerOptions, _Paths, stop_worker, worker_pid

# a progress line counting the run's documents (the others name a stage before them)
_BATCH = re.compile(r"^indexing: \d+/\d+ documents? done \(")
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


def test_callers_through_two_paths_to_one_interpreter_share_the_worker(tmp_path, docs, db):
    # a venv reached through a symlink (a clone's .venv -> the main one; .venv/bin/dagster's
    # shebang names the other path): each caller replaced the other's worker, 20-50 s a start
    venv = tmp_path / "venv"
    venv.symlink_to(os.path.realpath(sys.prefix), target_is_directory=True)
    python = venv / "bin" / os.path.basename(sys.executable)
    assert os.path.realpath(python) == os.path.realpath(sys.executable)
    script = ("import sys\nfrom docnav.embed import EmbeddingOptions\n"
              "from docnav.index import IndexOptions\nfrom docnav.worker import ResidentIndexer\n"
              "r = ResidentIndexer(sys.argv[1], IndexOptions(embedding=EmbeddingOptions("
              "model='hashing'), progress=False))\nr.index([sys.argv[2]])\n"
              "print(r.last_worker_pid)\n")
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    done = subprocess.run([str(python), "-c", script, str(db), str(docs)], env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    pid = int(done.stdout.split()[-1])
    resident = ResidentIndexer(db, OPTIONS)
    resident.index([docs])
    assert resident.last_worker_pid == pid and running(pid)


def test_a_worker_whose_store_cannot_be_opened_does_not_stay(docs, db):
    # a run on a file that is no DuckDB database failed, rightly, and the worker it started
    # stayed for its 15 idle minutes with its models loaded
    db.parent.mkdir(parents=True)
    db.write_bytes(b"not a db\n")
    resident = ResidentIndexer(db, OPTIONS)
    with pytest.raises(StoreError, match="not a DocNav store: not a DuckDB database file"):
        resident.index([docs])
    wait_until(lambda: worker_pid(db) is None, timeout=10)
    assert db.read_bytes() == b"not a db\n"


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


def test_a_request_whose_caller_has_gone_stops_and_the_next_one_does_the_work(docs, db):
    """A caller that hangs up (its Dagster run was cancelled or killed) stops its request
    before the next document, so a cancelled run does not keep the worker busy for the runs
    queued behind it; the next request indexes what is left, with the same models."""
    from multiprocessing import Pipe

    from docnav.worker import _hung_up, _progress_sender, _run_request

    mine, callers = Pipe()
    assert not _hung_up(mine)
    callers.close()  # the caller hung up
    assert _hung_up(mine)
    send = _progress_sender(mine)
    with pytest.raises(OSError):
        mine.send(("progress", "a line"))  # what the sender meets, and ignores
    indexers: dict = {}
    request = {"roots": [str(docs)], "paths": None, "collection": True}
    status, _, (name, message) = _run_request(indexers, str(db), OPTIONS, "index", request,
                                              send, should_stop=lambda: _hung_up(mine))
    assert status == "error" and name == "RunCancelled" and "the run was cancelled" in message
    assert tables(db)["documents"] == []
    (indexer,) = indexers.values()
    status, _, report = _run_request(indexers, str(db), OPTIONS, "index", request)
    assert status == "ok" and len(report.added) == 2
    assert list(indexers.values())[0].embedder is indexer.embedder  # models kept


def test_a_cancelled_run_stops_its_request_in_the_worker(docs, db):
    """Through a real worker: the run that sent the request is interrupted while it waits (as
    Dagster's terminate does) and hangs up; the worker stops before its next document, stays
    up, and the next request does the rest."""
    for i in range(30):
        (docs / f"n{i:02}.md").write_text(f"# Note {i}\n\nNote {i} text.\n")
    options = IndexOptions(embedding=EmbeddingOptions(model="hashing"), progress=False,
                           batch_size=1)

    class Cancelled(Exception):
        pass

    def interrupt(line: str) -> None:  # the run is cancelled once the first document is in
        if _BATCH.search(line):  # not at a stage's line ("indexing: opening the store ...")
            raise Cancelled(line)

    resident = ResidentIndexer(db, options, progress_log=interrupt)
    with pytest.raises(Cancelled):
        resident.index([docs])
    log = _Paths.for_store(db).log
    wait_until(lambda: "request stopped: stopped before" in log.read_text())
    pid = worker_pid(db)
    assert pid is not None and 1 <= len(tables(db)["documents"]) < 32
    report = ResidentIndexer(db, options).index([docs])
    assert len(report.added) + len(report.unchanged) == 32 and report.added
    assert worker_pid(db) == pid  # the same worker, its models loaded


def test_an_index_run_stops_between_documents_when_asked(docs, db, monkeypatch):
    """Indexer.should_stop, asked before each document: what was written stays, consistent,
    and the next run finishes the work. The stop comes after the first batch's line: the log
    gets each stage before the documents on a line of its own too, once it took EARLY_AFTER
    (here at once, as a loaded machine's scan or store opening can take seconds)."""
    from docnav import progress as progress_module
    from docnav.errors import RunCancelled

    monkeypatch.setattr(progress_module, "EARLY_AFTER", 0.0)
    for i in range(5):
        (docs / f"n{i}.md").write_text(f"# Note {i}\n\nNote {i} text.\n")
    options = IndexOptions(embedding=EmbeddingOptions(model="hashing"), progress=False,
                           batch_size=2)
    lines: list[str] = []
    indexer = Indexer(Store(db), options, progress_log=lines.append)
    indexer.should_stop = lambda: any(map(_BATCH.search, lines))  # the first batch written
    with pytest.raises(RunCancelled, match="stopped before .*the run was cancelled"):
        indexer.index([docs])
    assert len(tables(db)["documents"]) == 2
    report = Indexer(Store(db), options).index([docs])
    assert len(report.added) == 5 and len(report.unchanged) == 2
    fresh = tables(db)
    Indexer(Store(db.parent / "fresh" / "fresh.duckdb"), options).index([docs])
    assert fresh["documents"] == tables(db.parent / "fresh" / "fresh.duckdb")["documents"]


def test_a_run_reworking_stored_documents_stops_between_batches_when_asked(docs, db):
    """Summaries switched on for a stored folder are built batch by batch with no document
    changed: a stop is asked before each batch too (a worker whose caller has gone ended only
    after every stored document was summarised, hours from a chat endpoint)."""
    from docnav.errors import RunCancelled
    from docnav.summaries import SummaryPipelineOptions

    for i in range(5):
        (docs / f"n{i}.md").write_text(f"# Note {i}\n\nNote {i} text.\n")
    plain = IndexOptions(embedding=EmbeddingOptions(model="hashing"), progress=False)
    Indexer(Store(db), plain).index([docs])
    options = IndexOptions(embedding=EmbeddingOptions(model="hashing"), progress=False,
                           batch_size=2, summaries=SummaryPipelineOptions(verify=False))
    indexer = Indexer(Store(db), options)
    asked = []
    indexer.should_stop = lambda: asked.append(1) or len(asked) > 1  # after the first batch
    with pytest.raises(RunCancelled, match="stopped before the summaries of 5 stored"):
        indexer.index([docs])
    with duckdb.connect(str(db), read_only=True) as con:
        (summarised,) = con.execute("SELECT count(DISTINCT n.doc_id) FROM summaries s "
                                    "JOIN nodes n USING (node_id)").fetchone()
    assert summarised == 2  # the first batch's summaries are kept
    report = Indexer(Store(db), options).index([docs])
    assert report.summaries.rebuilt > 0 and len(report.unchanged) == 7


def test_a_run_re_embedding_stored_documents_stops_between_batches_when_asked(docs, db):
    from docnav.embed import HashingEmbedder
    from docnav.errors import RunCancelled

    for i in range(5):
        (docs / f"n{i}.md").write_text(f"# Note {i}\n\nNote {i} text.\n")
    options = IndexOptions(progress=False, batch_size=2, summaries=None)
    Indexer(Store(db), options, HashingEmbedder()).index([docs])
    indexer = Indexer(Store(db), options, HashingEmbedder(dim=128))  # another model
    asked = []
    indexer.should_stop = lambda: asked.append(1) or len(asked) > 1  # after the first batch
    with pytest.raises(RunCancelled, match="stopped before embedding 5 stored document"):
        indexer.index([docs])
    report = Indexer(Store(db), options, HashingEmbedder(dim=128)).index([docs])
    assert report.texts_embedded > 0 and len(report.unchanged) == 7


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


def test_a_worker_that_exits_at_once_is_not_waited_for(tmp_path, docs, caplog):
    # a store whose folder cannot be made: the worker died in 0.4 s, and the caller waited
    # its whole start_seconds (30 s, three times over with Dagster's retries) before
    # indexing in its own process, saying the worker "did not start"
    (tmp_path / "file").write_text("a file where the store's folder would be")
    db = tmp_path / "file" / "store" / "graph.duckdb"
    resident = ResidentIndexer(db, OPTIONS, WorkerOptions(start_seconds=600))
    with caplog.at_level("WARNING", logger="docnav.worker"):
        with pytest.raises(StoreError, match="cannot create the store's folder"):
            resident.index([docs])  # in this process, after the worker's exit
    assert "the resident worker exited at once (exit code 1" in caplog.text
    assert "did not start within" not in caplog.text and resident.last_worker_pid is None
