"""Full build of the Rust RFCs at their newest commit: throughput, where the time goes, memory.

The build runs in a child process so that its peak RSS (``ru_maxrss``) is the indexer's own
(model, docling, DuckDB) and not this script's. Prints documents/s, seconds per stage from
``IndexReport.stage_seconds``, the share of wall time spent embedding and everything else,
and the peak RSS. Targets: everything but embedding <= 20% of wall time; peak RSS < 3 GB.

A second child then repeats the build under cProfile (``--profile``; by default with the
hashing embedder, which needs no model, so it is cheap and shows only the non-embedding work)
and prints the functions that dominate.

    .venv/bin/python benchmarks/bench_build.py                   # ~650 documents
    .venv/bin/python benchmarks/bench_build.py --quick           # 8 documents (< 2 min)
    .venv/bin/python benchmarks/bench_build.py --profile real    # profile the real build too
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402

OTHER_SHARE_TARGET = 0.20
RSS_TARGET_GB = 3.0


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.child_root:
        return _child(args)
    if args.quick:
        args.limit = args.limit or 8
    bundle = C.require_bundle(args.bundle)
    C.require_parser()
    info = C.header("bench_build: full build of the RFC corpus",
                    sys.argv if argv is None else ["bench_build.py", *argv])
    work = Path(args.workdir or tempfile.mkdtemp(prefix="docnav-bench-build-"))
    results: dict = {"machine": info}
    try:
        repo = C.clone_bundle(bundle, work / "rfcs")
        root = repo
        if args.limit:
            root = C.fresh_dir(work / "corpus")
            for src in sorted((repo / "text").glob("*.md"))[: args.limit]:
                shutil.copyfile(src, root / src.name)
        print(f"   corpus: {root} at {C.git(repo, 'rev-parse', '--short', 'HEAD').strip()} "
              f"(*.md, .git excluded)")
        run = _spawn(work, root, args.embedder, profile=False)
        results["build"] = run
        _print_build(run)
        results["machine"]["load_after_build"] = C.uptime()
        print(f"   load after the build: {results['machine']['load_after_build']}\n")
        if args.profile != "off":
            prof = _spawn(work, root, args.profile, profile=True, top=args.top)
            results["profile"] = prof
            print(f"== profile: same build under cProfile with the {args.profile} embedder "
                  f"(cProfile slows Python code; read the shares, not the seconds)")
            print(f"   wall {prof['wall']:.1f} s, stages {prof['report']['stage_seconds']}")
            print(prof["pstats"])
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    C.save_results("bench_build", results)
    return 0


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--embedder", choices=("real", "hashing"), default="real",
                   help="embedder of the measured build (default: real all-MiniLM-L6-v2)")
    p.add_argument("--profile", choices=("off", "hashing", "real"), default="hashing",
                   help="repeat the build under cProfile with this embedder (default: hashing)")
    p.add_argument("--top", type=C.at_least(1), default=30, help="functions listed by the profile")
    p.add_argument("--limit", type=C.at_least(0), default=0,
                   help="index only the first N files of text/ (default: the whole repo)")
    p.add_argument("--bundle", default=str(C.DEFAULT_BUNDLE), help="RFC git bundle")
    p.add_argument("--workdir", help="scratch folder (default: a new temporary folder)")
    p.add_argument("--keep", action="store_true", help="keep the scratch folder")
    p.add_argument("--quick", action="store_true", help="smoke test: 8 documents")
    # internal: the child process that does the build
    p.add_argument("--child-root", help=argparse.SUPPRESS)
    p.add_argument("--child-out", help=argparse.SUPPRESS)
    p.add_argument("--child-embedder", default="real", help=argparse.SUPPRESS)
    p.add_argument("--child-profile", help=argparse.SUPPRESS)
    return p


def _spawn(work: Path, root: Path, embedder: str, profile: bool, top: int = 30) -> dict:
    out = work / f"child-{embedder}-{'prof' if profile else 'run'}.json"
    cmd = [sys.executable, __file__, "--child-root", str(root), "--child-out", str(out),
           "--child-embedder", embedder]
    if profile:
        cmd += ["--child-profile", str(work / "build.prof")]
    t = time.perf_counter()
    subprocess.run(cmd, check=True)
    result = json.loads(out.read_text())
    result["process_wall"] = round(time.perf_counter() - t, 1)
    if profile:
        result["pstats"] = _pstats(work / "build.prof", top)
    return result


def _child(args) -> int:
    """Build ``--child-root`` into a fresh store and write the figures to ``--child-out``."""
    from docnav.index import Indexer
    from docnav.parse import ParseOptions, parse_file
    from docnav.store import Store

    started = time.perf_counter()
    embedder = C.make_embedder(args.child_embedder)
    embedder.embed(["warm-up"])
    root = Path(args.child_root)
    first = next(p for p in sorted(root.rglob("*.md")) if ".git" not in p.parts)
    parse_file(str(first), ParseOptions())  # docling's converter loads on first use
    setup = time.perf_counter() - started
    rss_before = _maxrss_mb()
    store_dir = Path(tempfile.mkdtemp(prefix="docnav-build-store-"))
    indexer = Indexer(Store(store_dir / "docnav.duckdb"),
                      C.index_options(include=("*.md",), exclude=(".git/*",)), embedder)
    profiler = None
    if args.child_profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    t = time.perf_counter()
    report = indexer.index([root])
    wall = time.perf_counter() - t
    if profiler:
        profiler.disable()
        profiler.dump_stats(args.child_profile)
    db_mb = sum(p.stat().st_size for p in store_dir.rglob("*") if p.is_file()) / 2**20
    shutil.rmtree(store_dir, ignore_errors=True)
    Path(args.child_out).write_text(json.dumps({
        "embedder": embedder.model_id, "setup_seconds": round(setup, 1), "wall": round(wall, 2),
        "report": C.report_dict(report), "rss_after_setup_mb": round(rss_before),
        "peak_rss_mb": round(_maxrss_mb()), "store_mb": round(db_mb, 1),
    }))
    return 0


def _maxrss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def _print_build(run: dict) -> None:
    r, wall = run["report"], run["wall"]
    docs = r["docs_parsed"]
    stages = r["stage_seconds"]
    embed = stages.get("embed", 0.0)
    other = wall - embed
    print(f"-- full build ({run['embedder']}): {docs} documents in {wall:.1f} s = "
          f"{docs / wall:.2f} docs/s; {r['nodes_written']} nodes, {r['texts_embedded']} texts "
          f"embedded ({r['embeddings_reused']} reused), {r['failed']} failed")
    print(f"   model + docling load before the build: {run['setup_seconds']} s (not counted)")
    print("   stage seconds (share of wall):")
    for stage, sec in sorted(stages.items(), key=lambda x: -x[1]):
        print(f"     {stage:<11} {sec:>8.1f}  {sec / wall:6.1%}")
    print(f"     {'unstaged':<11} {wall - sum(stages.values()):>8.1f}  "
          f"{(wall - sum(stages.values())) / wall:6.1%}")
    print(f"   embedding: {embed / wall:.1%} of wall; everything else {other:.1f} s = "
          f"{other / wall:.1%} (target <= {OTHER_SHARE_TARGET:.0%}) -> "
          f"{'met' if other / wall <= OTHER_SHARE_TARGET else 'NOT met'}")
    gb = run["peak_rss_mb"] / 1024
    print(f"   peak RSS of the indexing process: {run['peak_rss_mb']} MB = {gb:.2f} GB "
          f"(after model + docling load: {run['rss_after_setup_mb']} MB; target < "
          f"{RSS_TARGET_GB} GB) -> {'met' if gb < RSS_TARGET_GB else 'NOT met'}")
    print(f"   store on disk (DuckDB + Parquet export): {run['store_mb']} MB")


def _pstats(path: Path, top: int) -> str:
    import io
    import pstats

    lines = []
    for key, title in (("tottime", "own time"), ("cumulative", "cumulative time")):
        buf = io.StringIO()
        stats = pstats.Stats(str(path), stream=buf)
        stats.strip_dirs().sort_stats(key).print_stats(top)
        text = buf.getvalue()
        body = text[text.find("   ncalls"):] if "   ncalls" in text else text
        lines.append(f"-- top {top} functions by {title}:\n{body}")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
