"""What `docnav prune` and `docnav compact` give back after a change of embedding model.

Indexes N real RFCs with one embedder, then again with another (every document re-embedded,
the old model's vectors kept), then prunes, then compacts; prints the store's size (database file and
Parquet export) and its text vectors at each step, the prune's and the compaction's seconds, and a fresh build with
the second model alone as the baseline the pruned store should come back to. Two hashing
embedders (no model to load) stand in for the models: 384 dimensions as all-MiniLM-L6-v2, then
256, so the vectors weigh what real ones do.

    .venv/bin/python benchmarks/bench_prune.py               # 200 RFCs, ~2 min
    .venv/bin/python benchmarks/bench_prune.py --docs 50
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--docs", type=C.at_least(1), default=200, help="RFCs to index (default 200)")
    p.add_argument("--bundle", default=str(C.DEFAULT_BUNDLE))
    args = p.parse_args(argv)
    bundle = C.require_bundle(args.bundle)
    C.require_parser()
    info = C.header("bench_prune: space given back after a change of embedding model",
                    sys.argv if argv is None else ["bench_prune.py", *argv])

    from docnav.compact import compact_store
    from docnav.embed import HashingEmbedder
    from docnav.index import Indexer
    from docnav.prune import prune_vectors
    from docnav.store import Store

    results: dict = {"machine": info, "docs": args.docs}
    with tempfile.TemporaryDirectory(prefix="docnav-prune-") as tmp:
        work = Path(tmp)
        repo = C.clone_bundle(bundle, work / "rfcs")
        root = C.fresh_dir(work / "corpus")
        for src in sorted((repo / "text").glob("*.md"))[: args.docs]:
            shutil.copyfile(src, root / src.name)
        store = Store(work / "store" / "docnav.duckdb")
        Indexer(store, C.index_options(), HashingEmbedder(384)).index([root])
        results["built"] = _sizes(store, "built with hashing-v1-384")
        report = Indexer(store, C.index_options(), HashingEmbedder(256)).index([root])
        assert len(report.reembedded) == args.docs, report.summary()
        results["changed"] = _sizes(store, "re-embedded with hashing-v1-256")
        t = time.perf_counter()
        pruned = prune_vectors(store)
        results["prune_seconds"] = round(time.perf_counter() - t, 2)
        print(f"   prune: {pruned.summary()} in {results['prune_seconds']} s")
        results["pruned"] = _sizes(store, "after docnav prune")
        compacted = compact_store(store)
        results["compact_seconds"] = round(compacted.seconds, 2)
        print(f"   compact: {compacted.summary()}")
        results["compacted"] = _sizes(store, "after docnav compact")
        fresh = Store(work / "fresh" / "docnav.duckdb")
        Indexer(fresh, C.index_options(), HashingEmbedder(256)).index([root])
        results["fresh"] = _sizes(fresh, "fresh build, hashing-v1-256 only (baseline)")
    changed, after, base = results["changed"], results["pruned"], results["fresh"]
    small = results["compacted"]
    print(f"-- prune gave back {(changed['db'] - after['db']) / 2**20:.1f} MiB of the database "
          f"and {(changed['parquet'] - after['parquet']) / 2**20:.1f} MiB of the export; "
          f"pruned/fresh: database {after['db'] / base['db']:.2f}x, export "
          f"{after['parquet'] / base['parquet']:.2f}x")
    print(f"-- compact gave back {(after['db'] - small['db']) / 2**20:.1f} MiB more of the "
          f"database; compacted/fresh: database {small['db'] / base['db']:.2f}x")
    print(f"   written: {C.write_json('bench_prune', results)}")
    return 0


def _sizes(store, label: str) -> dict:
    import duckdb

    db = sum(p.stat().st_size for p in (store.path, store.path.with_name(store.path.name + ".wal"))
             if p.exists())
    parquet = sum(p.stat().st_size for p in store.parquet_dir.rglob("*") if p.is_file())
    con = duckdb.connect(str(store.path), read_only=True)
    try:
        vectors = dict(con.execute(
            "SELECT model, count(*) FROM embeddings GROUP BY 1 ORDER BY 1").fetchall())
    finally:
        con.close()
    print(f"   {label}: database {db / 2**20:.1f} MiB, export {parquet / 2**20:.1f} MiB, "
          f"text vectors {vectors}")
    return {"db": db, "parquet": parquet, "vectors": vectors}


if __name__ == "__main__":
    sys.exit(main())
