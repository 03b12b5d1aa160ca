"""DocNav through a real `dagster dev`: initial load vs `docnav index`, edit-to-queryable latency.

(a) Initial load: N RFCs (the shared bundle) are indexed once by `docnav index` in a fresh
    process and once by a real `dagster dev` (webserver, daemon, sensor-launched runs) started
    with an empty watched folder into which the N files are then moved. Dagster's figure runs
    from the move to the end of the last run (sensor interval, run queue, run worker start and
    the run itself). Overhead ratio = Dagster seconds / `docnav index` seconds; target <= 1.3.
(b) Edit-to-queryable: with the same deployment idle, one paragraph of one file is edited E
    times; each time from the file write until a reader of the Parquet export (what
    `DocNavGraph.open` reads while a writer holds the store) sees the new text. Target p50 < 15 s.

Both use the same settings: hashing embedder (or --embedder real), no summaries, sensor
interval --interval seconds (DOCNAV_SENSOR_INTERVAL).

    .venv/bin/python benchmarks/bench_dagster.py [--docs 100] [--edits 5] [--quick]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks._common import (  # noqa: E402
    DEFAULT_BUNDLE,
    clone_bundle,
    header,
    parquet_has_text,
    require_bundle,
    uptime,
    write_json,
)
from pipelines.devserver import FINISHED, DevServer  # noqa: E402

EMBED_MODELS = {"hashing": "hashing", "real": "all-MiniLM-L6-v2"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", type=int, default=100,
                    help="RFCs in the initial load (100; 0 = all of them)")
    ap.add_argument("--edits", type=int, default=5,
                    help="edits timed for the latency (5; 0 = initial load only)")
    ap.add_argument("--embedder", choices=sorted(EMBED_MODELS), default="hashing")
    ap.add_argument("--interval", type=int, default=2, help="sensor interval in seconds (2)")
    ap.add_argument("--bundle", default=str(DEFAULT_BUNDLE))
    ap.add_argument("--quick", action="store_true", help="10 documents, 2 edits")
    args = ap.parse_args()
    if args.quick:
        args.docs, args.edits = min(args.docs, 10), min(args.edits, 2)
    bundle = require_bundle(args.bundle)
    info = header("DocNav through dagster dev vs docnav index")
    results: dict = {"machine": info, "args": vars(args)}
    model = EMBED_MODELS[args.embedder]

    with tempfile.TemporaryDirectory(prefix="bench_dagster-") as t:
        tmp = Path(t)
        rfcs = clone_bundle(bundle, tmp / "rfcs")
        sources = sorted((rfcs / "text").glob("*.md"))[: args.docs or None]
        staging, watched = tmp / "staging", tmp / "watched"
        staging.mkdir()
        watched.mkdir()
        for f in sources:
            shutil.copy(f, staging / f.name)

        # `docnav index` before and after the Dagster load, each into a new store: the load
        # of a shared machine drifts, and the mean of the two brackets the Dagster figure
        cli = [index_with_cli(staging, tmp / "cli-before" / "graph.duckdb", model)]
        print(f"docnav index, {len(sources)} docs: {cli[0]['seconds']:.1f} s ({cli[0]['load']})")

        env = {"DOCNAV_ROOTS": str(watched), "DOCNAV_DB": str(tmp / "dagster" / "graph.duckdb"),
               "DOCNAV_EMBED_MODEL": model, "DOCNAV_SUMMARIES": "0",
               "DOCNAV_SENSOR_INTERVAL": str(args.interval), "HF_HUB_OFFLINE": "1",
               "TRANSFORMERS_OFFLINE": "1"}
        started = time.monotonic()
        with DevServer(tmp / "home", env) as server:
            results["server_start_seconds"] = round(time.monotonic() - started, 1)
            print(f"dagster dev ready in {results['server_start_seconds']} s")
            results["dagster"] = initial_load(server, staging, watched, len(sources))
            print(f"dagster initial load: {results['dagster']['seconds']:.1f} s in "
                  f"{results['dagster']['runs']} run(s) ({results['dagster']['load']})")
            for timeline in results["dagster"]["timeline"]:
                print(f"   run timeline (s after the move; [first, last, count]): {timeline}")
            cli.append(index_with_cli(watched, tmp / "cli-after" / "graph.duckdb", model))
            print(f"docnav index again: {cli[1]['seconds']:.1f} s ({cli[1]['load']})")
            results["cli"] = cli
            ratio = results["dagster"]["seconds"] / statistics.mean(c["seconds"] for c in cli)
            results["overhead_ratio"] = round(ratio, 3)
            print(f"initial load overhead ratio (Dagster / mean docnav index): {ratio:.2f} "
                  f"(target <= 1.3: {'met' if ratio <= 1.3 else 'NOT met'})")
            parquet = tmp / "dagster" / "parquet" / "nodes"
            if args.edits:
                results["latency"] = edit_latencies(server, watched, parquet, args.edits)
    results["load_end"] = uptime()
    print(f"load at end: {results['load_end']}")
    print(f"raw results: {write_json('bench_dagster', results)}")
    if args.edits:
        print_latency(results["latency"])


def print_latency(lat: dict) -> None:
    print("latencies (s): " + ", ".join(f"{x:.1f}" for x in lat["seconds"]))
    print(f"edit-to-queryable through the daemon: p50 {lat['p50']:.1f} s, max "
          f"{max(lat['seconds']):.1f} s (target p50 < 15 s: "
          f"{'met' if lat['p50'] < 15 else 'NOT met'}); per edit: write -> run start "
          f"{lat['to_run_start_p50']:.1f} s, run {lat['run_p50']:.1f} s (p50)")


def index_with_cli(docs: Path, db: Path, model: str) -> dict:
    docnav = Path(sys.executable).with_name("docnav")
    started = time.monotonic()
    done = subprocess.run(
        [str(docnav), "--db", str(db), "index", str(docs), "--embed-model", model,
         "--no-summaries", "--no-progress"],
        capture_output=True, text=True, env={**os.environ, "HF_HUB_OFFLINE": "1"})
    seconds = time.monotonic() - started
    if done.returncode not in (0, 1):  # 1: some documents failed (reported in the summary)
        sys.exit(f"docnav index failed ({done.returncode}): {done.stderr[-2000:]}")
    return {"seconds": round(seconds, 2), "load": load_average(),
            "summary": done.stdout.strip().splitlines()[-1:]}


def load_average() -> str:
    return "load %.1f, %.1f, %.1f" % os.getloadavg()


def initial_load(server: DevServer, staging: Path, watched: Path, n: int) -> dict:
    """Move the files into the watched folder; seconds until every run they caused is done."""
    import duckdb

    export = Path(server.env["DOCNAV_DB"]).parent / "parquet" / "documents.parquet"

    def stored_documents() -> int:
        try:
            return duckdb.execute(f"SELECT count(*) FROM read_parquet('{export}')").fetchone()[0]
        except duckdb.Error:  # absent, or replaced mid-read
            return 0

    wall_start = time.time()
    for f in sorted(staging.iterdir()):
        os.rename(f, watched / f.name)
    def done(runs) -> bool:  # every file stored, or (some failed) nothing new for 20 s
        if not runs or not all(r.status in FINISHED for r in runs):
            return False
        return stored_documents() >= n or time.time() - max(r.end for r in runs) > 20

    runs = server.wait_for_runs(done, timeout=3600, poll=1)
    end = max(r.end for r in runs if r.end)
    first_start = min(r.start for r in runs if r.start)
    return {"seconds": round(end - wall_start, 2), "runs": len(runs),
            "failed_runs": [r.run_id for r in runs if r.status != "SUCCESS"],
            "documents": stored_documents(), "load": load_average(),
            "to_first_run_start": round(first_start - wall_start, 2),
            "run_seconds": [round(r.end - r.start, 2) for r in runs if r.start and r.end],
            "timeline": [run_timeline(server.home, r.run_id, wall_start) for r in runs]}


def edit_latencies(server: DevServer, watched: Path, parquet: Path, edits: int) -> dict:

    files = sorted(watched.glob("*.md"))
    target = files[len(files) // 2]
    seconds, to_start, run_seconds, timelines = [], [], [], []
    for i in range(edits):
        known = {r.run_id for r in server.runs()}
        marker = f"Dagster latency marker {i} {time.time_ns()}."
        text = target.read_text()
        wall = time.time()
        started = time.monotonic()
        saved = target.with_name(f".{target.name}.saving")  # saved as editors do: a rename,
        saved.write_text(text.replace("\n\n", f"\n\n{marker}\n\n", 1))  # never a half file
        os.replace(saved, target)
        while not parquet_has_text(parquet, marker):
            if time.monotonic() - started > 600:
                sys.exit(f"edit {i}: not queryable after 600 s\n{server.log_tail()}")
            time.sleep(0.2)
        seconds.append(time.monotonic() - started)
        runs = server.wait_for_runs(
            lambda rs: any(r.run_id not in known for r in rs)
            and all(r.status in FINISHED for r in rs), timeout=600)
        new = [r for r in runs if r.run_id not in known]
        timelines.append([run_timeline(server.home, r.run_id, wall) for r in new])
        to_start.append(min(r.start for r in new) - wall)
        run_seconds.append(max(r.end for r in new) - min(r.start for r in new))
        print(f"   edit {i}: queryable after {seconds[-1]:.1f} s ({len(new)} run(s), started "
              f"{to_start[-1]:.1f} s after the write, ran {run_seconds[-1]:.1f} s, "
              f"{'/'.join(r.status for r in new)})")
        sys.stdout.flush()
    return {"seconds": [round(s, 2) for s in seconds], "p50": statistics.median(seconds),
            "to_run_start_p50": statistics.median(to_start),
            "run_p50": statistics.median(run_seconds), "file": target.name,
            "timelines": timelines}


def run_timeline(home: Path, run_id: str, origin: float) -> dict:
    """Where a run's time went, from its own records: seconds after ``origin`` (the file
    write) of the run's creation and of the first and last event of each type, e.g.
    ASSET_MATERIALIZATION_PLANNED (written when the run is created, one per partition),
    RUN_START (the run worker is up), STEP_START/STEP_SUCCESS, ASSET_MATERIALIZATION."""
    from dagster import DagsterInstance

    os.environ["DAGSTER_HOME"] = str(home)  # dagster.yaml's storage reads it
    with DagsterInstance.from_config(str(home)) as instance:
        record = instance.get_run_record_by_id(run_id)
        spans: dict[str, list[float]] = {}
        for entry in instance.all_logs(run_id):
            kind = entry.dagster_event.event_type_value if entry.dagster_event else "log"
            if entry.step_key and kind.startswith("STEP"):
                kind = f"{kind} {entry.step_key}"
            span = spans.setdefault(kind, [entry.timestamp, entry.timestamp, 0])
            span[1], span[2] = entry.timestamp, span[2] + 1
    timeline = {"created": round(record.create_timestamp.timestamp() - origin, 2)}
    for kind, (first, last, count) in sorted(spans.items(), key=lambda kv: kv[1][0]):
        timeline[kind] = ([round(first - origin, 2), round(last - origin, 2), count]
                          if count > 1 else round(first - origin, 2))
    return timeline


if __name__ == "__main__":
    main()
