"""Edit-to-queryable latency through the in-process watcher (`docnav watch` standalone mode).

A folder of real RFCs is indexed, the watcher started (models already loaded), then one
paragraph of one file is edited N times. Each time we measure from the file write until a reader
sees the new text in the Parquet export, polling every 20 ms: what `DocNavGraph.open` reads
while a writer holds the store (the run updates it right after the document's commit, before
the collection step; a reader of the DuckDB file could see the text earlier, at the commit). Also reported: until the watcher's index run (collection
step included) has finished. Target: p50 < 1 s after models are loaded.

    .venv/bin/python benchmarks/bench_watch_latency.py [--docs 20] [--edits 10] [--real]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from docnav.embed import EmbeddingOptions, HashingEmbedder, SentenceTransformerEmbedder  # noqa: E402
from docnav.index import Indexer, IndexOptions  # noqa: E402
from docnav.store import Store  # noqa: E402
from docnav.summaries import SummaryPipelineOptions  # noqa: E402
from docnav.verify import VerifyOptions  # noqa: E402
from docnav.watch import Watcher, WatchOptions, index_batches  # noqa: E402
from benchmarks._common import at_least, parquet_has_text  # noqa: E402

SHARED = REPO.parent / "shared"
# the NLI model on these machines (ENVIRONMENT.md); `docnav watch` takes it from $DOCNAV_NLI_MODEL
NLI_MODEL = os.environ.get("DOCNAV_NLI_MODEL") or str(SHARED / "models" / "nli-minilm-l6-3way")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", type=at_least(1), default=20)
    ap.add_argument("--edits", type=at_least(1), default=10)
    ap.add_argument("--real", action="store_true", help="all-MiniLM-L6-v2 instead of hashing")
    ap.add_argument("--summaries", action="store_true",
                    help="summaries and NLI verification on, as `docnav watch` runs by default")
    ap.add_argument("--debounce", type=float, default=WatchOptions.debounce)
    ap.add_argument("--settle", type=float, default=WatchOptions.settle)
    args = ap.parse_args()
    print(f"# {time.strftime('%Y-%m-%d %H:%M')}, load {os.getloadavg()[0]:.1f}, "
          f"{args.docs} docs, embedder {'all-MiniLM-L6-v2' if args.real else 'hashing'}, "
          f"summaries {'on, verified' if args.summaries else 'off'}, "
          f"debounce {args.debounce} s, settle {args.settle} s")
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        subprocess.run(["git", "clone", "-q", str(SHARED / "data/rfcs/rust-lang-rfcs.bundle"),
                        str(tmp / "rfcs")], check=True)
        docs = tmp / "docs"
        docs.mkdir()
        for f in sorted((tmp / "rfcs" / "text").glob("*.md"))[: args.docs]:
            (docs / f.name).write_text(f.read_text(errors="replace"))
        embedder = SentenceTransformerEmbedder(EmbeddingOptions()) if args.real \
            else HashingEmbedder()
        store = Store(tmp / "db" / "g.duckdb")
        summaries = SummaryPipelineOptions(nli=VerifyOptions(model=NLI_MODEL)) \
            if args.summaries else None
        indexer = Indexer(store, IndexOptions(progress=False, summaries=summaries), embedder)
        indexer.index([docs])
        done = threading.Event()
        reports = []  # each batch's report, for the stage timings
        on_batch = index_batches(indexer, [docs], log=lambda m: None, on_report=reports.append)

        def handler(paths):
            on_batch(paths)
            done.set()

        target = sorted(docs.glob("*.md"))[len(list(docs.glob("*.md"))) // 2]
        latencies, finished = [], []
        with Watcher([docs], handler, WatchOptions(debounce=args.debounce, settle=args.settle)):
            time.sleep(0.5)
            for i in range(args.edits):
                marker = f"Latency marker sentence number {i} {time.time_ns()}."
                text = target.read_text()
                done.clear()
                started = time.perf_counter()
                target.write_text(text.replace("\n\n", f"\n\n{marker}\n\n", 1))
                while not parquet_has_text(store.parquet_dir / "nodes", marker):
                    if time.perf_counter() - started > 60:
                        sys.exit(f"edit {i}: not visible after 60 s")
                    time.sleep(0.02)
                latencies.append(time.perf_counter() - started)
                done.wait(60)
                finished.append(time.perf_counter() - started)
                time.sleep(0.3)
    latencies.sort()
    p50 = statistics.median(latencies)
    p95 = latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))]
    stages = {k: round(v, 3) for k, v in reports[-1].stage_seconds.items()}
    print(f"last edit's index run: {reports[-1].seconds:.3f} s, stages {stages}")
    print("latencies (s): " + ", ".join(f"{x:.2f}" for x in latencies))
    print(f"until the watcher's index run had finished (collection step included): p50 "
          f"{statistics.median(finished):.2f} s")
    print(f"edit-to-queryable p50 {p50:.2f} s, p95 {p95:.2f} s "
          f"(target p50 < 1 s: {'met' if p50 < 1 else 'NOT met'})")


if __name__ == "__main__":
    main()
