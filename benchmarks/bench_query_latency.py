"""Query latency of DocNavGraph at ~1K, ~10K and ~100K nodes, built from real RFCs.

1. A subset of the Rust RFCs (``git clone`` of the shared bundle) is indexed once through the
   real pipeline (real Markdown parser) with the **HashingEmbedder** (256-d; no model — fine for
   latency, it is not a quality measurement) and no summaries, with the Parquet export on.
2. For each size the exported tables are cut to whole documents until the node count is
   reached; past the indexed set, documents are repeated as renamed copies (new doc and node ids,
   path ``copyK/...``; embeddings are shared by text hash as in a real store). The tables are
   written as a Parquet export and measured in a fresh process each (so RSS is clean):
   * load: ``DocNavGraph`` from the Parquet export (the reader path used while a writer holds
     the DuckDB file), seconds and RSS growth;
   * navigate (every direction), expand(depth=1), fetch(budget=1024): p50/p95/max over random
     nodes (target p95 < 2 ms);
   * locate (k=10; also kinds=["paragraph"], and a path filter): p50/p95 over random queries
     (6 consecutive words from a random paragraph; target p95 < 30 ms at 100K);
   * holding_all over the paragraphs (the navigator's count for its confidence stop, once per
     question) for the same queries;
   * ask: ``Navigator.ask`` (budget 1024) of the whole store, p50/p95 over 60 of the queries,
     and ``ask_one_pass`` the same without reading the best document first
     (``document_share=0``), alternating, in the same process: the cost of that rule.
3. The real all-MiniLM-L6-v2 query embedding time, measured separately (one question per call,
   as ``locate`` does); locate with the real model costs about locate(hashing) + this.

    .venv/bin/python benchmarks/bench_query_latency.py [--quick] [--docs 60]

Figures to stdout and benchmarks/out/bench_query_latency-<stamp>.json.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from benchmarks._common import at_least  # noqa: E402

BUNDLE = REPO.parent / "shared" / "data" / "rfcs" / "rust-lang-rfcs.bundle"
OUT_DIR = REPO / "benchmarks" / "out"
TABLES = ("nodes", "edges", "summaries", "embeddings", "node_vectors")


def load() -> str:
    return "load average: %.2f, %.2f, %.2f" % os.getloadavg()


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def stats_ms(xs: list[float]) -> dict:
    return {"n": len(xs), "p50_ms": round(pct(xs, 0.5) * 1e3, 4),
            "p95_ms": round(pct(xs, 0.95) * 1e3, 4), "max_ms": round(max(xs) * 1e3, 3)}


# -- build -----------------------------------------------------------------------------------

def index_rfcs(work: Path, n_docs: int) -> Path:
    from docnav.embed import HashingEmbedder
    from docnav.index import Indexer, IndexOptions
    from docnav.store import Store

    clone = work / "rfcs"
    subprocess.run(["git", "clone", "-q", str(BUNDLE), str(clone)], check=True)
    docs = work / "docs"
    docs.mkdir()
    files = sorted((clone / "text").glob("*.md"))[:n_docs]
    for f in files:
        shutil.copyfile(f, docs / f.name)
    store = Store(work / "index.duckdb")
    t = time.perf_counter()
    report = Indexer(store, IndexOptions(progress=False), HashingEmbedder()).index([docs])
    print(f"   indexed {len(files)} RFCs in {time.perf_counter() - t:.1f} s: {report.summary()}")
    return store.parquet_dir


def cut_tables(base: dict, target: int):
    """Whole documents (repeated as renamed copies when needed) until ``target`` nodes."""
    import polars as pl

    from docnav.store import COLLECTION_DOC_ID

    nodes = base["nodes"]
    per_doc = dict(nodes.group_by("doc_id").len().iter_rows())
    docs = [d for d in base["documents"]["doc_id"].to_list() if d in per_doc
            and d != COLLECTION_DOC_ID]
    chosen, total, copy = [], per_doc.get(COLLECTION_DOC_ID, 0), 0
    while total < target:
        for d in docs:
            chosen.append((copy, d))
            total += per_doc[d]
            if total >= target:
                break
        copy += 1
    out = {k: [] for k in ("documents", "nodes", "edges", "node_vectors")}
    node_doc = dict(nodes.select(["node_id", "doc_id"]).iter_rows())
    by_copy: dict[int, list[str]] = {}
    for c, d in chosen:
        by_copy.setdefault(c, []).append(d)
    for c, ds in by_copy.items():
        pre = "" if c == 0 else f"c{c}-"
        keep = set(ds)

        def ren(col):  # ids of this copy's nodes get the prefix; others (collection) not
            return pl.when(pl.col(col).is_in(list(ids))).then(pl.lit(pre) + pl.col(col)) \
                .otherwise(pl.col(col))

        ids = {n for n, d in node_doc.items() if d in keep}
        docs_c = base["documents"].filter(pl.col("doc_id").is_in(ds)).with_columns(
            (pl.lit(pre) + pl.col("doc_id")).alias("doc_id"),
            (pl.lit(f"copy{c}/" if c else "") + pl.col("path")).alias("path"))
        nodes_c = nodes.filter(pl.col("doc_id").is_in(ds)).with_columns(
            (pl.lit(pre) + pl.col("node_id")).alias("node_id"),
            (pl.lit(pre) + pl.col("doc_id")).alias("doc_id"),
            ren("parent_id").alias("parent_id"))
        edges_c = base["edges"].filter(pl.col("src").is_in(list(ids)) & pl.col("dst").is_in(
            list(ids))).with_columns(ren("src").alias("src"), ren("dst").alias("dst"))
        nv = base["node_vectors"]
        nv_c = nv.filter(pl.col("node_id").is_in(list(ids))).with_columns(
            (pl.lit(pre) + pl.col("node_id")).alias("node_id")) if not nv.is_empty() else nv
        for k, v in (("documents", docs_c), ("nodes", nodes_c), ("edges", edges_c),
                     ("node_vectors", nv_c)):
            out[k].append(v)
    tables = {k: pl.concat(v, how="vertical_relaxed") for k, v in out.items()}
    coll = nodes.filter(pl.col("doc_id") == COLLECTION_DOC_ID)
    tables["nodes"] = pl.concat([tables["nodes"], coll], how="vertical_relaxed")
    tables["embeddings"] = base["embeddings"]
    tables["summaries"] = base["summaries"]
    return tables, copy + (0 if total >= target else 1)


def write_parquet(tables: dict, folder: Path) -> None:
    folder.mkdir(parents=True)
    tables["documents"].write_parquet(folder / "documents.parquet")
    for name in TABLES:
        (folder / name).mkdir()
        if not tables[name].is_empty():
            tables[name].write_parquet(folder / name / "part-0.parquet")


# -- measure (fresh process per size) --------------------------------------------------------

def measure(folder: Path, quick: bool) -> dict:
    import gc

    import psutil

    from docnav.embed import HashingEmbedder
    from docnav.query.graph import DIRECTIONS, DocNavGraph
    from docnav.query.tables import tables_from_parquet

    proc = psutil.Process()
    gc.collect()
    rss0 = proc.memory_info().rss
    t = time.perf_counter()
    graph = DocNavGraph(tables_from_parquet(folder), f"parquet:{folder}", HashingEmbedder())
    load_s = time.perf_counter() - t
    gc.collect()
    rss1 = proc.memory_info().rss
    rng = random.Random(0)
    ids = list(graph._order)
    sample = rng.sample(ids, min(len(ids), 300 if quick else 2000))
    res: dict = {"nodes": len(graph), "items": len(graph.search._items), "load_s": round(load_s, 3),
                 "rss_mb": round(rss1 / 2**20, 1), "rss_growth_mb": round((rss1 - rss0) / 2**20, 1)}
    nav_all, per_dir = [], {}
    for direction in DIRECTIONS:
        xs = []
        for nid in sample:
            t = time.perf_counter()
            graph.navigate(nid, direction)
            xs.append(time.perf_counter() - t)
        per_dir[direction] = stats_ms(xs)
        nav_all += xs
    res["navigate"] = stats_ms(nav_all)
    res["navigate_by_direction"] = per_dir
    for name, fn in (("expand", lambda n: graph.expand(n, depth=1)),
                     ("fetch", lambda n: graph.fetch([n], budget=1024))):
        xs = []
        for nid in sample:
            t = time.perf_counter()
            fn(nid)
            xs.append(time.perf_counter() - t)
        res[name] = stats_ms(xs)
    # fetch of paragraphs only (the navigator's usual call), separately from sections/documents
    paras = [n for n in sample if graph.node(n).kind == "paragraph"]
    xs = []
    for nid in paras:
        t = time.perf_counter()
        graph.fetch([nid], budget=1024)
        xs.append(time.perf_counter() - t)
    res["fetch_paragraph"] = stats_ms(xs)
    texts = [graph.node(n).text.split() for n in ids if graph.node(n).kind == "paragraph"]
    texts = [t for t in texts if len(t) >= 8]
    from docnav.query.lexical import tokens

    queries = []
    while len(queries) < (60 if quick else 200):
        words = rng.choice(texts)
        i = rng.randrange(0, len(words) - 6)
        query = " ".join(words[i:i + 6])
        if tokens(query):  # code ("*a); // |-----|") has no words to search for: refused
            queries.append(query)
    paths = sorted({graph.node(n).path for n in ids if graph.node(n).path})
    for name, kw in (("locate", {}), ("locate_paragraphs", {"kinds": ["paragraph"]}),
                     ("locate_path_filter", None)):
        xs = []
        for q in queries[: len(queries) if kw is not None else len(queries) // 2]:
            args = kw if kw is not None else {"filters": {"path": rng.choice(paths)}}
            t = time.perf_counter()
            graph.locate(q, k=10, **args)
            xs.append(time.perf_counter() - t)
        res[name] = stats_ms(xs)
    # the navigator's count of paragraphs holding every word of a question (its confidence
    # stop), once per question, over the whole store
    xs = []
    for q in queries:
        terms = tokens(q)
        t = time.perf_counter()
        graph.holding_all(terms, kinds=["paragraph"])
        xs.append(time.perf_counter() - t)
    res["holding_all"] = stats_ms(xs)
    # a whole question asked of the whole store (budget 1024), as `docnav ask` without --doc,
    # and the same without reading the best document first (document_share=0), alternating
    from docnav.query import Navigator, NavigatorOptions

    asks = {"ask": Navigator(graph),
            "ask_one_pass": Navigator(graph, NavigatorOptions(document_share=0))}
    times: dict[str, list[float]] = {name: [] for name in asks}
    for q in queries[: 20 if quick else 60]:
        for name, nav in asks.items():
            t = time.perf_counter()
            nav.ask(q, budget=1024)
            times[name].append(time.perf_counter() - t)
    for name, xs in times.items():
        res[name] = stats_ms(xs)
    return res


def real_query_embedding(n: int) -> dict:
    import logging
    import warnings

    warnings.filterwarnings("ignore")
    logging.getLogger("sentence_transformers").setLevel(logging.ERROR)
    from docnav.embed import SentenceTransformerEmbedder

    t = time.perf_counter()
    emb = SentenceTransformerEmbedder()
    load_s = time.perf_counter() - t
    emb.embed(["warm up"])
    qs = [f"How does the borrow checker handle case {i} of two-phase borrows?" for i in range(n)]
    xs = []
    for q in qs:
        t = time.perf_counter()
        emb.embed([q])
        xs.append(time.perf_counter() - t)
    import torch  # on a shared machine torch's thread pool can stall: also one thread

    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    ys = []
    for q in qs:
        t = time.perf_counter()
        emb.embed([q])
        ys.append(time.perf_counter() - t)
    torch.set_num_threads(threads)
    return {"model_load_s": round(load_s, 2), "torch_threads": threads, **stats_ms(xs),
            "one_thread": stats_ms(ys)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="1K and 10K only, fewer samples")
    ap.add_argument("--docs", type=at_least(1), default=60,
                    help="RFCs indexed through the pipeline (the rest are renamed copies)")
    ap.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.measure:
        print(json.dumps(measure(args.measure, args.quick)))
        return 0
    sizes = (1_000, 10_000) if args.quick else (1_000, 10_000, 100_000)
    n_docs = min(args.docs, 30) if args.quick else args.docs
    head = {"date": time.strftime("%Y-%m-%d %H:%M:%S %z"), "load_start": load(),
            "cpus": os.cpu_count(), "embedder_build": "hashing-v1-256", "docs_indexed": n_docs}
    print(f"== bench_query_latency {head['date']}  {head['load_start']}")
    results = {}
    with tempfile.TemporaryDirectory(prefix="docnav-latency-") as tmp:
        work = Path(tmp)
        from docnav.query.tables import tables_from_parquet

        base = tables_from_parquet(index_rfcs(work, n_docs))
        for size in sizes:
            tables, copies = cut_tables(base, size)
            folder = work / f"g{size}"
            write_parquet(tables, folder)
            t = time.perf_counter()
            out = subprocess.run([sys.executable, __file__, "--measure", str(folder)]
                                 + (["--quick"] if args.quick else []),
                                 capture_output=True, text=True)
            if out.returncode:
                print(out.stderr[-3000:])
                return 1
            r = json.loads(out.stdout.strip().splitlines()[-1])
            r["documents"] = tables["documents"].height
            r["copies"] = copies
            r["load_during"] = load()
            results[size] = r
            print(f"-- ~{size:,} nodes: {r['nodes']:,} nodes ({r['documents']} documents, "
                  f"{copies} pass(es) over the indexed RFCs), {r['items']:,} search items; "
                  f"load {r['load_s']} s, RSS {r['rss_mb']} MB (+{r['rss_growth_mb']} MB); "
                  f"{time.perf_counter() - t:.0f} s; {r['load_during']}")
            for op in ("navigate", "expand", "fetch", "fetch_paragraph", "locate",
                       "locate_paragraphs", "locate_path_filter", "holding_all", "ask",
                       "ask_one_pass"):
                s = r[op]
                print(f"   {op:<20} p50 {s['p50_ms']:>9.3f} ms  p95 {s['p95_ms']:>9.3f} ms  "
                      f"max {s['max_ms']:>9.2f} ms  (n={s['n']})")
            print(f"   ask, best document first / one pass: p50 x"
                  f"{r['ask']['p50_ms'] / r['ask_one_pass']['p50_ms']:.2f}, p95 x"
                  f"{r['ask']['p95_ms'] / r['ask_one_pass']['p95_ms']:.2f}")
            worst = max(r["navigate_by_direction"].items(), key=lambda kv: kv[1]["p95_ms"])
            print(f"   navigate worst direction: {worst[0]} p95 {worst[1]['p95_ms']:.3f} ms, "
                  f"max {worst[1]['max_ms']:.2f} ms")
    q = real_query_embedding(30 if args.quick else 100)
    print(f"-- real all-MiniLM-L6-v2 query embedding (1 question/call): p50 {q['p50_ms']:.1f} ms, "
          f"p95 {q['p95_ms']:.1f} ms with {q['torch_threads']} torch threads; one thread: p50 "
          f"{q['one_thread']['p50_ms']:.1f} ms, p95 {q['one_thread']['p95_ms']:.1f} ms "
          f"(model load {q['model_load_s']} s)")
    big = results[max(results)]
    nav_ok = all(r[op]["p95_ms"] < 2.0 for r in results.values()
                 for op in ("navigate", "expand", "fetch_paragraph"))
    print(f"TARGET navigate/expand/fetch(paragraph) p95 < 2 ms at every size: "
          f"{'MET' if nav_ok else 'NOT met'}; fetch incl. sections/documents p95 at largest: "
          f"{big['fetch']['p95_ms']:.2f} ms")
    print(f"TARGET locate p95 < 30 ms at {big['nodes']:,} nodes (hashing query vector): "
          f"{big['locate']['p95_ms']:.1f} ms -> {'MET' if big['locate']['p95_ms'] < 30 else 'NOT met'};"
          f" with the real query embedding add ~{q['p50_ms']:.0f} ms (p50)")
    head["load_end"] = load()
    print(f"   load at end: {head['load_end']}")
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    path = OUT_DIR / f"bench_query_latency-{time.strftime('%Y%m%d-%H%M%S')}.json"
    path.write_text(json.dumps({"head": head, "sizes": results, "query_embedding": q}, indent=1))
    print(f"   written: {path.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
