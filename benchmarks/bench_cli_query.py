"""Seconds a `docnav ask` takes from the shell, with the query embedded by all-MiniLM-L6-v2 in
numpy (docnav.embed_numpy, the default since 2026-12-02) against sentence-transformers (before).

The bundled sample (four RFCs) is indexed once with the real model (summaries unverified). Each
variant is then run as a fresh process, as a user's command is, alternating, ``--rounds`` times:

* ``numpy``: ``docnav.cli.main(["ask", ...])`` as it is;
* ``sentence-transformers``: the same, with the graph's query embedder replaced by
  ``SentenceTransformerEmbedder`` (what ``embedder_for`` returned before);
* ``no embedding``: ``docnav nav DOC --dir children``, the floor (interpreter, imports, opening
  the store).

Both ask variants must print the same answer (checked). In-process, per question: embedding
times of the two embedders (after loading) and their load times.

    .venv/bin/python benchmarks/bench_cli_query.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from _common import at_least, header, index_options, make_embedder, write_json  # noqa: E402

QUESTION = "Why does Send need a static bound?"

RUN = """
import sys
{patch}
from docnav.cli import main
sys.exit(main(["--db", {db!r}, *{args!r}]))
"""
TORCH_PATCH = """
import docnav.query.graph as graph
from docnav.embed import EmbeddingOptions, SentenceTransformerEmbedder
graph.embedder_for = lambda model: SentenceTransformerEmbedder(EmbeddingOptions(model=model[3:]))
"""


def build(folder: Path) -> Path:
    from docnav.index import Indexer
    from docnav.store import Store
    from docnav.summaries import SummaryPipelineOptions

    docs = shutil.copytree(REPO / "samples" / "rfcs", folder / "rfcs")
    db = folder / "store.duckdb"
    options = index_options(summaries=SummaryPipelineOptions(verify=False), export_parquet=False)
    report = Indexer(Store(db), options, make_embedder("real")).index([docs])
    print(f"   indexed: {report.summary()}")
    return db


def a_document_id(db: Path) -> str:
    import duckdb

    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT doc_id FROM documents ORDER BY path LIMIT 1").fetchone()[0]


def timed(db: Path, args: list[str], patch: str = "") -> tuple[float, str]:
    script = RUN.format(patch=patch, db=str(db), args=args)
    t = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=REPO, check=False)
    seconds = time.perf_counter() - t
    if done.returncode:
        raise SystemExit(f"{args[0]} failed ({done.returncode}): {done.stderr[-2000:]}")
    return seconds, done.stdout


def in_process(n: int) -> dict:
    from docnav.embed import EmbeddingOptions, resolve_model
    from docnav.embed_numpy import numpy_embedder

    out = {}
    for name, load in (("numpy", lambda: numpy_embedder(resolve_model("all-MiniLM-L6-v2"),
                                                         EmbeddingOptions())),
                       ("sentence-transformers", lambda: make_embedder("real"))):
        t = time.perf_counter()
        embedder = load()
        load_s = time.perf_counter() - t
        embedder.embed(["warm up"])
        xs = []
        for i in range(n):
            t = time.perf_counter()
            embedder.embed([f"How does the borrow checker handle case {i} of two-phase borrows?"])
            xs.append(time.perf_counter() - t)
        out[name] = {"load_s": round(load_s, 2), "embed_p50_ms": round(statistics.median(xs) * 1e3, 2),
                     "embed_max_ms": round(max(xs) * 1e3, 2)}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=at_least(1), default=5)
    args = ap.parse_args(argv)
    info = header("docnav ask from the shell: numpy vs sentence-transformers query embedding",
                  argv)
    ask = ["ask", QUESTION, "--budget", "300"]
    with tempfile.TemporaryDirectory(prefix="bench-cli-query-") as tmp:
        db = build(Path(tmp))
        nav = ["nav", a_document_id(db), "--dir", "children"]
        timed(db, nav)  # warm the file cache
        runs: dict[str, list[float]] = {"numpy": [], "sentence-transformers": [], "no embedding": []}
        answers: dict[str, set[str]] = {"numpy": set(), "sentence-transformers": set()}
        for _ in range(args.rounds):
            for name, patch in (("numpy", ""), ("sentence-transformers", TORCH_PATCH)):
                seconds, stdout = timed(db, ask, patch)
                runs[name].append(seconds)
                answers[name].add(stdout)
            runs["no embedding"].append(timed(db, nav)[0])
    same = answers["numpy"] == answers["sentence-transformers"] and len(answers["numpy"]) == 1
    medians = {k: round(statistics.median(v), 2) for k, v in runs.items()}
    ratio = round(medians["sentence-transformers"] / medians["numpy"], 1)
    print(f"   rounds: {args.rounds}; the two ask variants printed the same answer: {same}")
    for name, xs in runs.items():
        print(f"   {name:>22}: median {medians[name]:.2f} s  (min {min(xs):.2f}, "
              f"max {max(xs):.2f})")
    print(f"   sentence-transformers / numpy: {ratio}x")
    embedding = in_process(30)
    for name, row in embedding.items():
        print(f"   in process, {name}: load {row['load_s']} s (modules already imported), "
              f"one question "
              f"{row['embed_p50_ms']} ms (p50 of 30), max {row['embed_max_ms']} ms")
    path = write_json("bench_cli_query", {"head": info, "runs_s": runs, "median_s": medians,
                                      "ratio": ratio, "same_answer": same,
                                      "in_process": embedding})
    print(f"   results: {path}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
