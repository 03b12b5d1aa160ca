"""A real ``dagster dev`` (webserver, daemon, code server) for tests and benchmarks.

Started from the repository root with its own ``DAGSTER_HOME`` (a copy of
``dagster_home/dagster.yaml``) on a free port, in a process group of its own so that stopping
it also stops the run workers it launched. Talks to it through the webserver's GraphQL API.
Not part of the code location: ``definitions.py`` does not import it.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from docnav.worker import stop_worker

REPO = Path(__file__).resolve().parents[1]
FINISHED = {"SUCCESS", "FAILURE", "CANCELED"}

_RUNS_QUERY = """
query Runs($limit: Int) {
  runsOrError(limit: $limit) {
    __typename
    ... on Runs { results { runId status jobName startTime endTime
                            tags { key value } } }
  }
}"""

_READY_QUERY = """
{
  workspaceOrError { ... on Workspace { locationEntries {
      name loadStatus
      locationOrLoadError { __typename ... on PythonError { message } } } } }
  instance { daemonHealth { allDaemonStatuses { daemonType healthy required } } }
}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _descendants(root: int) -> set[int]:
    """Every live descendant of a process, whatever its group or session, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    out, todo = set(), [root]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in out:
                out.add(child)
                todo.append(child)
    return out


def _alive(pid: int) -> bool:
    try:
        stat = (Path("/proc") / str(pid) / "stat").read_text()
    except OSError:
        return False
    return _live_fields(stat.rsplit(")", 1)[1].split())


def _live_fields(fields: list[str]) -> bool:
    """From /proc/PID/stat (after the name): is anything of the process still running? A
    zombie leader whose other threads are still exiting keeps its file locks until they end."""
    return fields[0] != "Z" or int(fields[17]) > 1


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _group_members(pgid: int) -> list[int]:
    """Live processes of a process group (zombies only while threads remain), from /proc."""
    members = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and _live_fields(fields):
            members.append(int(entry.name))
    return members


@dataclass
class Run:
    run_id: str
    status: str
    job: str
    tags: dict[str, str]
    start: float | None
    end: float | None

    @classmethod
    def from_graphql(cls, data: dict) -> Run:
        return cls(data["runId"], data["status"], data["jobName"],
                   {t["key"]: t["value"] for t in data["tags"]},
                   data.get("startTime"), data.get("endTime"))


class DevServer:
    """One ``dagster dev`` process group; use as a context manager or call ``stop()``."""

    def __init__(self, home: Path, env: dict[str, str], port: int | None = None,
                 log: Path | None = None) -> None:
        self.home = Path(home)
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = Path(log) if log else self.home / "dagster-dev.log"
        self.env = {**os.environ, "DAGSTER_HOME": str(self.home), **env}
        self.proc: subprocess.Popen | None = None

    # -- process ---------------------------------------------------------------------------

    def start(self, ready_timeout: float = 240) -> DevServer:
        self.home.mkdir(parents=True, exist_ok=True)
        if not (self.home / "dagster.yaml").exists():
            shutil.copy(REPO / "dagster_home" / "dagster.yaml", self.home / "dagster.yaml")
        dagster = Path(sys.executable).with_name("dagster")
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                [str(dagster), "dev", "-w", "workspace.yaml", "-h", "127.0.0.1",
                 "-p", str(self.port)],
                cwd=REPO, env=self.env, stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: stop() reaches every child
            )
        try:
            self._wait_ready(ready_timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        last = "no answer"
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"dagster dev exited with {self.proc.returncode}; "
                                   f"see {self.log}:\n{self.log_tail()}")
            try:
                data = self.graphql(_READY_QUERY)
            except (OSError, RuntimeError) as exc:
                last = str(exc)
            else:
                entries = data["workspaceOrError"].get("locationEntries") or []
                errors = [e["locationOrLoadError"].get("message") for e in entries
                          if (e["locationOrLoadError"] or {}).get("__typename") == "PythonError"]
                if errors:
                    raise RuntimeError(f"the code location failed to load: {errors[0]}")
                daemons = data["instance"]["daemonHealth"]["allDaemonStatuses"]
                loaded = entries and all(e["loadStatus"] == "LOADED" for e in entries)
                healthy = all(d["healthy"] for d in daemons if d["required"])
                if loaded and healthy:
                    return
                last = f"locations {[e['loadStatus'] for e in entries]}, daemons healthy " \
                       f"{healthy}"
            time.sleep(1)
        raise TimeoutError(f"dagster dev not ready after {timeout:.0f} s ({last}); "
                           f"see {self.log}:\n{self.log_tail()}")

    def stop(self, timeout: float = 30) -> None:
        """SIGTERM to the whole process group, SIGKILL after ``timeout``."""
        if self.proc is None:
            return
        self._signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            pass
        self._stop_worker(signal.SIGTERM)
        self.kill()

    def kill(self, timeout: float = 60) -> None:
        """SIGKILL to the whole process group at once, as a crash or power loss would; returns
        when every process of the group is gone (a run worker's file locks with it)."""
        if self.proc is None:
            return
        # A run worker may sit in a session of its own: find every descendant before the
        # kill (afterwards they are re-parented and cannot be traced back).
        strays = _descendants(self.proc.pid)
        self._signal(signal.SIGKILL)
        self._stop_worker(signal.SIGKILL)
        for pid in strays:
            _kill(pid)
        self.proc.wait()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and (
                _group_members(self.proc.pid) or any(_alive(p) for p in strays)):
            self._signal(signal.SIGKILL)
            for pid in strays:
                _kill(pid)
            time.sleep(0.2)
        self.proc = None

    def _stop_worker(self, sig: int) -> None:
        """The store's resident worker (docnav/worker.py) is no child of the deployment: it
        outlives the run that started it. It goes with the deployment, as on a machine crash."""
        if self.env.get("DOCNAV_DB"):
            stop_worker(self.env["DOCNAV_DB"], sig)

    def _signal(self, sig: int) -> None:
        try:
            os.killpg(self.proc.pid, sig)
        except ProcessLookupError:
            pass

    def log_tail(self, chars: int = 4000) -> str:
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    def __enter__(self) -> DevServer:
        return self.start() if self.proc is None else self

    def __exit__(self, *exc) -> None:
        self.stop()

    # -- GraphQL -------------------------------------------------------------------------

    def graphql(self, query: str, variables: dict | None = None, timeout: float = 30) -> dict:
        body = json.dumps({"query": query, "variables": variables or {}}).encode()
        request = urllib.request.Request(f"{self.url}/graphql", data=body,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                answer = json.loads(response.read())
        except urllib.error.HTTPError as exc:
            raise RuntimeError(f"GraphQL HTTP {exc.code}: {exc.read()[:500]!r}") from exc
        if answer.get("errors"):
            raise RuntimeError(f"GraphQL errors: {answer['errors']}")
        return answer["data"]

    def runs(self, limit: int = 200) -> list[Run]:
        data = self.graphql(_RUNS_QUERY, {"limit": limit})["runsOrError"]
        if data["__typename"] != "Runs":
            raise RuntimeError(f"runsOrError: {data}")
        return [Run.from_graphql(r) for r in data["results"]]

    def wait_for_runs(self, done: Callable[[list[Run]], bool], timeout: float,
                      poll: float = 0.5) -> list[Run]:
        """Poll the runs until ``done(runs)``; TimeoutError with the runs seen otherwise."""
        deadline = time.monotonic() + timeout
        runs: list[Run] = []
        while time.monotonic() < deadline:
            if self.proc is not None and self.proc.poll() is not None:
                raise RuntimeError(f"dagster dev exited with {self.proc.returncode}:\n"
                                   f"{self.log_tail()}")
            runs = self.runs()
            if done(runs):
                return runs
            time.sleep(poll)
        seen = [(r.run_id[:8], r.status, r.tags.get("dagster/partition_range_start")) for r in runs]
        raise TimeoutError(f"runs not as expected after {timeout:.0f} s: {seen}\n"
                           f"{self.log_tail()}")
