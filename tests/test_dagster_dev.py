"""A real `dagster dev` (webserver, daemon, code server) started from the repository root.

The DocNav resource reads its settings from the environment (pipelines/definitions.py): a temp
watched folder and store, the hashing embedder and no summaries, so no model loads; the sensors
run every 2 s (DOCNAV_SENSOR_INTERVAL). Every server runs in a process group of its own that
the fixture stops, whatever happens. Screenshots and page dumps of the UI go to
``$DOCNAV_TEST_ARTIFACTS`` (default ``test-artifacts/``, git-ignored).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import duckdb
import pytest

from docnav.scan import scan
from docnav.worker import worker_pid
from pipelines.devserver import DevServer, Run
from pipelines.partitions import key_for_path

REPO = Path(__file__).resolve().parents[1]
ARTIFACTS = Path(os.environ.get("DOCNAV_TEST_ARTIFACTS") or REPO / "test-artifacts")
RANGE_START = "dagster/asset_partition_range_start"
SCHEDULE_NAME_TAG = "dagster/schedule_name"  # on the runs a schedule launched
CHROMIUM_MISSING = (
    "headless Chromium is not installed: install Debian's packages with "
    "`apt-get install -y chromium chromium-driver` (scripts/setup.sh does it when run as root)"
)


@dataclass
class Deployment:
    server: DevServer
    docs: Path
    db: Path


def deployment_env(docs: Path, db: Path, **extra: str) -> dict[str, str]:
    return {"DOCNAV_ROOTS": str(docs), "DOCNAV_DB": str(db), "DOCNAV_EMBED_MODEL": "hashing",
            "DOCNAV_SUMMARIES": "0", "DOCNAV_SENSOR_INTERVAL": "2", "HF_HUB_OFFLINE": "1",
            "TRANSFORMERS_OFFLINE": "1", **extra}


def runs_for(runs: list[Run], path: Path) -> list[Run]:
    """Sensor runs whose partition range starts at this document (a reconcile schedule's
    run, whose range starts at the first document, can fall inside a test: it is left out)."""
    return [r for r in runs if r.tags.get(RANGE_START) == key_for_path(str(path))
            and SCHEDULE_NAME_TAG not in r.tags]


def finished_for(path: Path):
    return lambda runs: any(r.status in {"SUCCESS", "FAILURE", "CANCELED"}
                            for r in runs_for(runs, path))


def stored(db: Path, sql: str, params: list | None = None) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute(sql, params or []).fetchall()


def write_docs(docs: Path, texts: dict[str, str]) -> None:
    """Saved as editors do, through a rename: a sensor tick never sees half a file."""
    for name, text in texts.items():
        saving = docs / f".{name}.saving"  # matches no include glob
        saving.write_text(text)
        os.replace(saving, docs / name)


@pytest.fixture(scope="module")
def deployment(tmp_path_factory):
    """One `dagster dev` shared by the module's tests, its initial load already done."""
    tmp = tmp_path_factory.mktemp("dagster_dev")
    docs, db = tmp / "docs", tmp / "store" / "graph.duckdb"
    docs.mkdir()
    write_docs(docs, {"alpha.md": "# Alpha\n\nAlpha has apples.\n\n## Beta\n\nBeta grows beans.\n"})
    server = DevServer(tmp / "home", deployment_env(docs, db))
    with server.start():
        server.wait_for_runs(finished_for(docs / "alpha.md"), timeout=240)
        yield Deployment(server, docs, db)


def test_a_saved_file_is_indexed_by_a_sensor_launched_run(deployment):
    server, docs, db = deployment.server, deployment.docs, deployment.db
    [initial] = runs_for(server.runs(), docs / "alpha.md")
    assert initial.status == "SUCCESS", server.log_tail()

    new = docs / "zebra.md"
    write_docs(docs, {new.name: "# Zebra\n\nZebras zigzag through the zinc zone.\n"})
    runs = server.wait_for_runs(finished_for(new), timeout=240)
    [run] = runs_for(runs, new)
    assert run.status == "SUCCESS", server.log_tail()
    assert run.job == "index_documents"
    assert run.tags["dagster/sensor_name"] == "document_sensor"
    assert run.tags["docnav/store"] == "write"  # queued behind any other store writer
    assert ("Zebras zigzag through the zinc zone.",) in stored(
        db, "SELECT text FROM nodes WHERE kind = 'paragraph'")
    assert sorted(stored(db, "SELECT path FROM documents")) == [
        (str(docs / "alpha.md"),), (str(new),)]
    # the run handed its work to the store's resident worker, started by the sensor's first
    # tick (pipelines/sensors.py), which keeps docling loaded between runs
    pid = worker_pid(db)
    assert pid is not None
    assert indexed_by(server, run.run_id) == {
        "document": f"resident worker (pid {pid})", "collection": f"resident worker (pid {pid})"}


def indexed_by(server: DevServer, run_id: str) -> dict[str, str]:
    """The `indexed_by` metadata of each asset the run materialised."""
    data = server.graphql(
        "query($id: ID!) { runOrError(runId: $id) { ... on Run { assetMaterializations { "
        "assetKey { path } metadataEntries { label ... on TextMetadataEntry { text } } } } } }",
        {"id": run_id})
    return {"/".join(m["assetKey"]["path"]): e["text"]
            for m in data["runOrError"]["assetMaterializations"]
            for e in m["metadataEntries"] if e["label"] == "indexed_by"}


# -- the UI in headless Chromium ----------------------------------------------------------------

def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if path := shutil.which(name):
            return path
    pytest.skip(CHROMIUM_MISSING)


def browse(url: str, profile: Path, screenshot: Path | None = None) -> str:
    """The page's DOM after its scripts ran (and a PNG of it), from a fresh headless Chromium."""
    args = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-quic", "--no-first-run", f"--user-data-dir={profile}",
            "--window-size=1600,1000", "--virtual-time-budget=20000"]
    if screenshot is not None:
        args.append(f"--screenshot={screenshot}")
    return subprocess.run([*args, "--dump-dom", url], check=True, capture_output=True,
                          text=True, timeout=180).stdout


def visible_words(dom: str) -> set[str]:
    """The words a reader sees: the DOM without scripts, styles and tags."""
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", dom, flags=re.S | re.I)
    return set(re.sub(r"<[^>]+>", " ", text).split())


def test_the_ui_shows_the_asset_graph_and_check_results(deployment, tmp_path):
    server = deployment.server
    chromium()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    # the UI greets a new instance on localhost with a newsletter dialog over the page: mark
    # it seen, as its "Skip" button does
    assert server.graphql("mutation { setNuxSeen }")["setNuxSeen"] is True
    pages = {
        "asset-graph": "/asset-groups/default",
        "document-checks": "/assets/document?view=checks",
        "document-partitions": "/assets/document?view=partitions",
        "document-events": "/assets/document?view=events",
        "runs": "/runs",
        "automation": "/automation",
        "jobs": "/jobs",
    }
    # what each page must show once its data has come
    shows = {
        "asset-graph": lambda d: {"document", "collection"} <= visible_words(d),
        "document-checks": lambda d: {"parse_health", "nli_verification", "Succeeded"}
        <= visible_words(d),
        "document-partitions": lambda d: str(deployment.docs / "alpha.md") in d,
        "document-events": lambda d: "documents_added" in d,  # the run's metadata
        "runs": lambda d: "index_documents" in d,
        "automation": lambda d: all(name in d for name in (
            "document_sensor", "reconcile_schedule", "reverify_schedule")),
        "jobs": lambda d: {"index_documents", "prune_vectors", "compact_store"}
        <= visible_words(d),
    }
    for name, path in pages.items():
        shot = ARTIFACTS / f"dagster-{name}.png"
        # the page's queries may outlast Chromium's virtual time on a busy machine (its DOM
        # then holds the frame without the data): read again, three times at most
        for attempt in range(3):
            shot.unlink(missing_ok=True)
            dom = browse(server.url + path, tmp_path / f"profile-{name}-{attempt}", shot)
            if shows[name](dom):
                break
        (ARTIFACTS / f"dagster-{name}.html").write_text(dom)
        assert shot.stat().st_size > 10_000, f"{shot}: an empty screenshot"
        assert "Join the Dagster community" not in dom
        assert shows[name](dom), f"{name}: not shown in three reads (dagster-{name}.html)"


# -- the deployment killed mid-run and restarted -----------------------------------------------

def test_killed_mid_run_and_restarted_loses_and_duplicates_nothing(tmp_path):
    """The whole `dagster dev` process group is SIGKILLed while a run sits inside its store
    transaction; while it is down one file is edited and another, inside the killed run's
    partition range, is deleted. After the restart the document sensor fails the orphaned run
    (no Dagster retry: a replay of its range would name the deleted partition and never start)
    and its one run redoes the orphan's work with the edit and the deletion. Every document ends
    at its file's current content, once; the deleted one is gone."""
    docs, db, home = tmp_path / "docs", tmp_path / "store" / "graph.duckdb", tmp_path / "home"
    docs.mkdir()
    texts = {f"doc{i}.md": f"# Doc {i}\n\nDocument {i} opens.\n\n## Part\n\nPart of {i}.\n"
             for i in range(4)}
    write_docs(docs, texts)
    marker = tmp_path / "inside-transaction"
    slow = deployment_env(docs, db, DOCNAV_FAULT_SLEEP_BEFORE_COMMIT="600",
                          DOCNAV_FAULT_MARKER=str(marker))
    first = DevServer(home, slow, log=tmp_path / "first.log")
    with first.start():
        wait_for_file(marker, first, timeout=240)
        [killed] = [r for r in first.runs() if r.status == "STARTED"]
        first.kill()
    assert not db.exists() or not stored_paths_or_empty(db)  # nothing was committed
    assert killed.tags["dagster/asset_partition_range_end"] == key_for_path(str(docs / "doc3.md"))

    write_docs(docs, {"doc1.md": "# Doc 1\n\nDocument 1 was edited while Dagster was down.\n"})
    (docs / "doc3.md").unlink()
    second = DevServer(home, deployment_env(docs, db), log=tmp_path / "second.log")

    def recovery(runs):
        return [r for r in runs if r.tags.get("docnav/recovers") == killed.run_id]

    with second.start():
        runs = second.wait_for_runs(
            lambda rs: all(r.status in {"SUCCESS", "FAILURE", "CANCELED"} for r in rs)
            and recovery(rs), timeout=300)
    by_id = {r.run_id: r for r in runs}
    assert by_id[killed.run_id].status == "FAILURE"  # failed by the document sensor
    assert by_id[killed.run_id].tags.get("dagster/will_retry") == "false"
    assert not [r for r in runs if r.tags.get("dagster/parent_run_id") == killed.run_id]
    [redo] = recovery(runs)
    assert redo.status == "SUCCESS", second.log_tail()
    assert redo.tags[RANGE_START] == key_for_path(str(docs / "doc0.md"))
    # the reconcile schedule (every 15 minutes) fired inside this test once, at 15:30:00: its
    # run is no replay of the orphan's; only the sensor's runs are counted
    runs = [r for r in runs if SCHEDULE_NAME_TAG not in r.tags]
    assert len(runs) == 2, [(r.run_id, r.status, r.tags) for r in runs]

    current = {f.path: f.content_hash for f in scan([str(docs)], ("*.md",), ())}
    rows = stored(db, "SELECT path, content_hash FROM documents")
    assert sorted(rows) == sorted(current.items())  # each file once, at its current content
    assert str(docs / "doc3.md") not in current
    assert stored(db, "SELECT count(*) FROM nodes WHERE doc_id NOT IN "
                      "(SELECT doc_id FROM documents) AND doc_id <> '__collection__'") == [(0,)]
    paragraphs = {t for (t,) in stored(db, "SELECT text FROM nodes WHERE kind = 'paragraph'")}
    assert "Document 1 was edited while Dagster was down." in paragraphs
    assert "Document 1 opens." not in paragraphs
    assert {"Document 0 opens.", "Document 2 opens."} <= paragraphs
    assert "Document 3 opens." not in paragraphs
    assert stored(db, "SELECT count(*), count(DISTINCT doc_id) FROM documents") == [(3, 3)]


def stored_paths_or_empty(db: Path) -> list[tuple]:
    try:
        return stored(db, "SELECT path FROM documents")
    except duckdb.CatalogException:  # the schema itself was never committed
        return []


def wait_for_file(path: Path, server: DevServer, timeout: float) -> None:
    """Until the file exists (checking that the server is still up while waiting)."""
    server.wait_for_runs(lambda runs: path.exists(), timeout=timeout)
