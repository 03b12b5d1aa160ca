"""A resident indexer: one long-lived process per store that keeps docling and the models
loaded and runs index requests for short-lived callers.

Every Dagster run is a fresh process. Before it parses its first document it imports docling
(which imports torch and transformers) and loads the embedding and NLI models: seconds per run,
while the edit itself takes well under one. A :class:`ResidentIndexer` hands each request to a
worker process that paid those costs once, and falls back to indexing in the calling process
whenever the worker cannot be used (none could start, it died mid-request, it runs other code).

The worker holds the store only while a request runs (an :class:`Indexer` session), so other
writers (`docnav index`, a second deployment) still take their turn, and the indexer's own
checks (the file-hash cache's racily-clean guard, the section-vector token) keep its in-memory
caches honest across them. One request runs at a time; callers queue on the socket.

Files live in ``$TMPDIR/docnav-<uid>/`` (mode 0700), named by a hash of the store path:
``.sock`` (the Unix socket), ``.key`` (the connection's auth key, mode 0600), ``.lock`` (held
for the worker's lifetime: one worker per store), ``.pid`` and ``.log``. The worker exits after
``idle_seconds`` without a request, when its store's folder is gone, on SIGTERM (a request in
progress is rolled back, as after a crash) or when a caller finds it runs other code.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import hashlib
import logging
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Client, Connection, answer_challenge, deliver_challenge
from pathlib import Path
from typing import Literal, Sequence

from docnav import errors
from docnav.errors import ConfigError, DocNavError, InternalError, RunCancelled
from docnav.index import IndexOptions, IndexReport, Indexer
from docnav.scan import absolute
from docnav.store import Store

log = logging.getLogger(__name__)

# environment that changes what a worker computes: a worker started under other values is stale
_ENV_PREFIXES = ("DOCNAV_", "HF_", "TRANSFORMERS_", "SENTENCE_TRANSFORMERS_", "NLTK_", "TORCH_")
_POLL_SECONDS = 1.0  # how often an idle worker checks its exit conditions
_OPS = frozenset({"index", "update_collection", "preload"})  # Indexer methods a caller may run
_LOG_LIMIT = 5_000_000  # a worker log past this size is started afresh by the next worker


@dataclass(frozen=True)
class WorkerOptions:
    """Settings of the resident worker.

    idle_seconds: an unused worker exits after this long (it holds the models in memory).
    start_seconds: how long a caller waits for a newly started worker to accept requests
        before indexing in its own process instead.
    """

    idle_seconds: float = 900.0
    start_seconds: float = 30.0

    def __post_init__(self) -> None:
        if not self.idle_seconds > 0 or not self.start_seconds > 0:
            raise ConfigError(f"worker options must be positive seconds, got {self}")


@dataclass(frozen=True)
class _Paths:
    socket: Path
    key: Path
    lock: Path
    pid: Path
    log: Path

    @classmethod
    def for_store(cls, db: str | Path) -> _Paths:
        folder = Path(tempfile.gettempdir()) / f"docnav-{os.getuid()}"
        folder.mkdir(mode=0o700, exist_ok=True)
        name = hashlib.sha1(str(absolute(db)).encode()).hexdigest()[:20]
        base = folder / name  # short: a Unix socket path may not exceed ~107 bytes
        return cls(*(base.with_suffix(s) for s in (".sock", ".key", ".lock", ".pid", ".log")))


def code_fingerprint() -> str:
    """What a worker must share with its caller: the interpreter and its environment (their
    resolved paths: a venv reached through a symlink, or ``python`` and ``python3``, is one
    interpreter, and callers naming it two ways replaced each other's worker every run),
    DocNav's source files (each one's size and modification time: any edit, a comment's
    included, starts a new worker, which the parser's version alone would not), the parser's
    name (its version and the versions of the libraries it parses with: an upgraded docling
    needs a new worker) and the environment variables that select models and caches."""
    from docnav.parse import parser_fingerprint

    interpreter = f"{os.path.realpath(sys.executable)}:{os.path.realpath(sys.prefix)}"
    h = hashlib.sha1(interpreter.encode())
    h.update(parser_fingerprint().encode())
    package = Path(__file__).resolve().parent
    for path in sorted(package.rglob("*.py")):
        st = path.stat()
        h.update(f"{path.relative_to(package)}:{st.st_size}:{st.st_mtime_ns}".encode())
    for key in sorted(os.environ):
        if key.startswith(_ENV_PREFIXES):
            h.update(f"{key}={os.environ[key]}".encode())
    return h.hexdigest()


# -- the caller's side -----------------------------------------------------------------------


_PRELOAD_LOCK = threading.Lock()
_PRELOADING: set[str] = set()  # stores whose worker a background thread here is starting


class ResidentIndexer:
    """The :class:`Indexer` interface (``index``, ``update_collection``), run by the store's
    resident worker when one can be used, else in this process.

    ``last_worker_pid`` is the pid of the worker that ran the last request (None: this process).
    """

    def __init__(self, db: str | Path, options: IndexOptions = IndexOptions(),
                 worker: WorkerOptions = WorkerOptions(),
                 progress_log: Callable[[str], None] | None = None) -> None:
        self.db = str(absolute(db))
        self.options = options
        self.worker = worker
        self.progress_log = progress_log  # gets the worker's progress lines as they come
        self.paths = _Paths.for_store(self.db)
        self.last_worker_pid: int | None = None
        self._local: Indexer | None = None

    def index(self, roots: Sequence[str | Path], paths: Sequence[str | Path] | None = None,
              collection: bool = True,
              reparse: bool | Literal["parsed_otherwise"] = False) -> IndexReport:
        roots = [str(r) for r in roots]
        paths = None if paths is None else [str(p) for p in paths]
        return self._run("index", {"roots": roots, "paths": paths, "collection": collection,
                                   "reparse": reparse})

    def update_collection(self) -> IndexReport:
        return self._run("update_collection", {})

    def preload(self, background: bool = True) -> None:
        """Start the store's worker if none runs and have it load the parser and models, so
        the next request finds them loaded. ``background``: return at once (a sensor tick
        must not wait seconds). Does nothing in this process if no worker can start."""
        if worker_pid(self.db) is not None:
            return
        if not background:
            self._preload()
            return
        with _PRELOAD_LOCK:
            if self.db in _PRELOADING:
                return
            _PRELOADING.add(self.db)
        threading.Thread(target=self._preload, name="docnav-worker-preload", daemon=True).start()

    def _preload(self) -> None:
        try:
            conn = self._connect()
            if conn is not None:
                with conn:
                    _ask(conn, ("run", self.db, self.options, "preload", {}))
        finally:
            with _PRELOAD_LOCK:
                _PRELOADING.discard(self.db)

    def _run(self, op: str, kwargs: dict) -> IndexReport:
        conn = self._connect()
        if conn is not None:
            with conn:
                try:
                    conn.send(("run", self.db, self.options, op, kwargs,
                               self.progress_log is not None))
                    while (answer := conn.recv())[0] == "progress":
                        self.progress_log(answer[1])
                    status, pid, value = answer
                except (EOFError, OSError) as exc:
                    log.warning("the resident worker was lost during the request (%s; its log: "
                                "%s): indexing in this process", exc, self.paths.log)
                else:
                    if status == "ok":
                        self.last_worker_pid = pid
                        return value
                    raise _error_from(value)
        self.last_worker_pid = None
        if self._local is None:
            self._local = Indexer(Store(self.db), self.options)
        self._local.progress_log = self.progress_log
        return getattr(self._local, op)(**kwargs)

    def _connect(self) -> Connection | None:
        """A connection to a worker running this code, starting one if there is none."""
        fingerprint = code_fingerprint()
        conn = _dial(self.paths)
        if conn is not None:
            if _ask(conn, ("ping",)) == ("pong", fingerprint):
                return conn
            _ask(conn, ("stop",))  # other code or settings: replace it
            conn.close()
            _wait_gone(self.paths, self.worker.start_seconds)
        started = self._start()
        if started is None:
            return None
        deadline = time.monotonic() + self.worker.start_seconds
        while time.monotonic() < deadline:
            exited = started.poll()  # before the dial: one that exited may have had a rival
            conn = _dial(self.paths)
            if conn is not None:
                if _ask(conn, ("ping",)) == ("pong", fingerprint):
                    return conn
                conn.close()
                return None
            if exited is not None:  # it ended (a store it cannot open): no use waiting
                log.warning("the resident worker exited at once (exit code %s; its log: %s): "
                            "indexing in this process", exited, self.paths.log)
                return None
            time.sleep(0.05)
        log.warning("the resident worker did not start within %.0f s (its log: %s): indexing "
                    "in this process", self.worker.start_seconds, self.paths.log)
        return None

    def _start(self) -> subprocess.Popen | None:
        """The worker's process, started; None where it could not be."""
        try:
            if self.paths.log.exists() and self.paths.log.stat().st_size > _LOG_LIMIT:
                self.paths.log.unlink()
            with open(self.paths.log, "ab") as out:
                return subprocess.Popen(
                    [sys.executable, "-m", "docnav.worker", "--db", self.db,
                     "--idle", str(self.worker.idle_seconds)],
                    stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                    start_new_session=True,  # outlives this process and its signals
                )
        except OSError as exc:
            log.warning("could not start the resident worker (%s): indexing in this process", exc)
            return None


def worker_pid(db: str | Path) -> int | None:
    """The pid of the store's running worker, if any (without waiting for a busy one)."""
    paths = _Paths.for_store(db)
    if not _locked(paths):
        return None
    try:
        return int(paths.pid.read_text())
    except (OSError, ValueError):
        return None


def stop_worker(db: str | Path, sig: int = signal.SIGTERM, timeout: float = 30.0) -> bool:
    """Send ``sig`` to the store's worker and wait until it is gone; whether one was running.
    SIGTERM rolls back a request in progress; SIGKILL is a crash (the store recovers the same
    way)."""
    pid = worker_pid(db)
    if pid is None:
        return False
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, sig)
    _wait_gone(_Paths.for_store(db), timeout)
    return True


def _dial(paths: _Paths) -> Connection | None:
    try:
        key = paths.key.read_bytes()
        return Client(str(paths.socket), family="AF_UNIX", authkey=key)
    except (OSError, EOFError) as exc:  # no worker, a stale socket, a worker mid-exit
        log.debug("no resident worker at %s: %s", paths.socket, exc)
        return None
    except Exception as exc:  # AuthenticationError: a key from another worker's lifetime
        log.debug("resident worker at %s refused the connection: %s", paths.socket, exc)
        return None


def _ask(conn: Connection, message: tuple) -> tuple | None:
    try:
        conn.send(message)
        return conn.recv()
    except (EOFError, OSError):
        return None


def _locked(paths: _Paths) -> bool:
    """Whether a worker holds the store's lock file."""
    with open(paths.lock, "a+b") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
    return False


def _wait_gone(paths: _Paths, timeout: float) -> None:
    """Until the worker holding ``paths.lock`` has exited (or ``timeout``)."""
    deadline = time.monotonic() + timeout
    while _locked(paths) and time.monotonic() < deadline:
        time.sleep(0.05)


def _error_from(value: tuple[str, str]) -> DocNavError:
    """The worker's exception as the same DocNav error class where it has one."""
    name, message = value
    cls = getattr(errors, name, None)
    if isinstance(cls, type) and issubclass(cls, DocNavError) and name != "DocumentError":
        return cls(message)
    return InternalError(f"resident worker: {name}: {message}")


# -- the worker's side -----------------------------------------------------------------------


def serve(db: str, idle_seconds: float) -> None:
    """Run requests for the store at ``db`` until idle, orphaned or stopped."""
    paths = _Paths.for_store(db)
    lock = open(paths.lock, "a+b")  # held until exit: one worker per store
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        log.info("another worker serves %s", db)
        return
    paths.pid.write_text(str(os.getpid()))
    Path(db).parent.mkdir(parents=True, exist_ok=True)  # as the store's first open would
    signal.signal(signal.SIGTERM, _terminate)
    key = secrets.token_bytes(32)
    fd = os.open(paths.key, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key)
    with contextlib.suppress(FileNotFoundError):
        paths.socket.unlink()  # left by a worker that was killed
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(paths.socket))
    listener.listen(8)
    listener.settimeout(_POLL_SECONDS)
    inode = paths.socket.stat().st_ino
    fingerprint = code_fingerprint()
    indexers: dict[str, Indexer] = {}
    last = time.monotonic()
    log.info("worker %d serving %s (idle exit after %.0f s)", os.getpid(), db, idle_seconds)
    try:
        while True:
            try:
                sock, _ = listener.accept()
            except TimeoutError:
                why = _exit_reason(db, paths, inode, time.monotonic() - last, idle_seconds)
                if why:
                    log.info("worker %d exits: %s", os.getpid(), why)
                    return
                continue
            sock.settimeout(None)
            with Connection(sock.detach()) as conn:
                if _handle(conn, key, fingerprint, indexers) == "stop":
                    log.info("worker %d exits: asked to stop", os.getpid())
                    return
            last = time.monotonic()
    finally:
        listener.close()
        with contextlib.suppress(OSError):
            if paths.socket.stat().st_ino == inode:
                paths.socket.unlink()
        lock.close()


def _terminate(signum: int, frame: object) -> None:
    raise SystemExit(f"worker {os.getpid()} exits: signal {signum}")


def _exit_reason(db: str, paths: _Paths, inode: int, idle: float, limit: float) -> str | None:
    if idle > limit:
        return f"idle for {idle:.0f} s"
    if not Path(db).parent.is_dir():
        return f"the store's folder {Path(db).parent} is gone"
    try:
        if paths.socket.stat().st_ino != inode:
            return "another worker took over the socket"
    except FileNotFoundError:
        return "its socket was removed"
    return None


def _handle(conn: Connection, key: bytes, fingerprint: str, indexers: dict[str, Indexer]
            ) -> str | None:
    try:
        deliver_challenge(conn, key)
        answer_challenge(conn, key)
        while True:
            message = conn.recv()
            if message[0] == "ping":
                conn.send(("pong", fingerprint))
            elif message[0] == "pid":
                conn.send(("pid", os.getpid()))
            elif message[0] == "stop":
                conn.send(("stopping",))
                return "stop"
            elif message[0] == "run":
                db, options, op, kwargs, *progress = message[1:]
                send = _progress_sender(conn) if any(progress) else None
                reply = _run_request(indexers, db, options, op, kwargs, send,
                                     should_stop=lambda: _hung_up(conn))
                conn.send(reply)
                if reply[0] == "error" and reply[2][0] == "StoreError":
                    # a store it cannot use (not a DuckDB file, another schema; not one held
                    # by another process, StoreLocked): it stayed 15 idle minutes, holding
                    # its models, for a store no run could write
                    log.info("worker %d exits: its store could not be used", os.getpid())
                    return "stop"
    except (EOFError, OSError) as exc:  # the caller hung up (or was killed): next caller
        log.debug("connection closed: %s", exc)
    except Exception:  # AuthenticationError, a malformed message: drop this caller only
        log.warning("bad request:\n%s", traceback.format_exc())
    return None


def _hung_up(conn: Connection) -> bool:
    """The caller has gone (its run was cancelled or killed): a caller sends nothing while its
    request runs, so anything to read is the end of the connection."""
    try:
        return conn.poll()
    except (EOFError, OSError):
        return True


def _progress_sender(conn: Connection) -> Callable[[str], None]:
    """Sends a request's progress lines to its caller; one that has gone gets none (the
    request stops before its next document: :func:`_hung_up`)."""
    def send(line: str) -> None:
        try:
            conn.send(("progress", line))
        except OSError:
            pass

    return send


def _run_request(indexers: dict[str, Indexer], db: str, options: IndexOptions, op: str,
                 kwargs: dict, progress_log: Callable[[str], None] | None = None,
                 should_stop: Callable[[], bool] | None = None) -> tuple:
    """Runs one request on the store's indexer (kept between requests, models loaded); it
    stops between documents once ``should_stop`` says so (its caller has gone)."""
    started = time.perf_counter()
    log.info("request %s %s", op, {k: v for k, v in kwargs.items() if k != "paths"}
             | {"paths": None if kwargs.get("paths") is None else len(kwargs["paths"])})
    if op not in _OPS:
        return ("error", os.getpid(), ("InternalError", f"unknown request {op!r}"))
    try:
        key = f"{db}\n{options!r}"
        if key not in indexers:
            indexers[key] = Indexer(Store(db), options)
        indexers[key].progress_log = progress_log  # this caller's, for this request
        indexers[key].should_stop = should_stop
        report = getattr(indexers[key], op)(**kwargs)
    except RunCancelled as exc:  # nobody to tell: the log says it; a fresh indexer follows
        log.info("request stopped: %s", exc)
        old = indexers.pop(key)  # its in-memory state may be mid-run: models kept, not state
        indexers[key] = Indexer(Store(db), options, old._embedder, summaries=old._summaries)
        return ("error", os.getpid(), (type(exc).__name__, str(exc)))
    except Exception as exc:  # sent back and raised in the caller; the worker goes on
        log.warning("request failed: %s", exc if isinstance(exc, DocNavError)
                    else traceback.format_exc())
        return ("error", os.getpid(), (type(exc).__name__, str(exc)))
    log.info("request done in %.2f s", time.perf_counter() - started)
    return ("ok", os.getpid(), report)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(
        prog="python -m docnav.worker",
        description="DocNav's resident indexer for one store (started by ResidentIndexer).",
        epilog="example: python -m docnav.worker --db data/graph.duckdb --idle 900",
    )
    ap.add_argument("--db", required=True, help="the store the worker indexes into")
    ap.add_argument("--idle", type=float, default=WorkerOptions.idle_seconds,
                    help="exit after this many seconds without a request (900)")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(process)d %(levelname)s %(message)s")
    logging.getLogger("docling").setLevel(logging.WARNING)  # a line per file converted
    serve(str(absolute(args.db)), args.idle)


if __name__ == "__main__":
    main()
