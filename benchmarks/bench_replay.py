"""Replay real history: index the Rust RFCs commit by commit, incrementally.

Clones the RFC bundle, takes ``--count`` consecutive first-parent commits that touch ``.md``
files (default: the 100 most recent, oldest first; ``--start`` picks the first one), builds
the state before the first of them, then checks out each commit in turn and re-indexes
incrementally with the real embedder. At sampled commits (every ``--full-every``-th, and
always the last) it also rebuilds from scratch into a fresh store, times it, and compares the
two stores table by table in canonical form (doc_id -> path, node_id -> (path, local_key)):
it prints EQUAL or the differences. The total full-rebuild time over all commits is
extrapolated from the timed full builds (the base state and the sampled commits; mean x
count), and said to be.

    .venv/bin/python benchmarks/bench_replay.py                  # 100 newest .md commits
    .venv/bin/python benchmarks/bench_replay.py --quick          # 2 commits, touched files only
    .venv/bin/python benchmarks/bench_replay.py --start 1a2b3c4 --count 50 --full-every 10
    .venv/bin/python benchmarks/bench_replay.py --full-every 0       # rebuild at the last only
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.quick:
        args.count, args.full_every = 2, 0
    bundle = C.require_bundle(args.bundle)
    C.require_parser()
    info = C.header("bench_replay: incremental indexing over real commits",
                    sys.argv if argv is None else ["bench_replay.py", *argv])

    from docnav.index import Indexer
    from docnav.store import Store

    work = Path(args.workdir or tempfile.mkdtemp(prefix="docnav-bench-replay-"))
    results: dict = {"machine": info}
    try:
        repo = C.clone_bundle(bundle, work / "rfcs")
        commits = _commits(repo, args.start, args.count)
        base = C.git(repo, "rev-parse", f"{commits[0]}^1").strip()
        include = tuple(args.include.split(","))
        if args.quick:  # only the files the commits touch: a smoke test in well under 2 min
            include = tuple(sorted({p for c in commits for p in _touched(repo, c)}))
        root = repo / "text" if args.root == "text" else repo
        options = C.index_options(include=include, exclude=(".git/*",))
        print(f"   {len(commits)} first-parent commits touching .md: {commits[0][:10]} "
              f"({_date(repo, commits[0])}) .. {commits[-1][:10]} ({_date(repo, commits[-1])})")
        print(f"   indexed root: {root} include={list(include)[:6]}"
              f"{' ...' if len(include) > 6 else ''}")
        every = args.full_every or len(commits)
        samples = sorted({*range(every - 1, len(commits), every), len(commits) - 1})
        print(f"   full rebuilds at commits #{', #'.join(str(i + 1) for i in samples)}")

        embedder = C.make_embedder(args.embedder)
        embedder.embed(["warm-up"])
        inc_store = Store(C.fresh_dir(work / "incremental") / "docnav.duckdb")
        indexer = Indexer(inc_store, options, embedder)

        _checkout(repo, base)
        t = time.perf_counter()
        first = indexer.index([root])
        results["base"] = {"commit": base, "seconds": round(time.perf_counter() - t, 3),
                           **C.report_dict(first)}
        print(f"   base state {base[:10]}: built in {results['base']['seconds']:.1f} s "
              f"({first.docs_parsed} docs, {first.texts_embedded} texts embedded)\n")
        print(f"   {'#':>3} {'commit':<10} {'git A/M/R/D':>12} {'add':>4} {'chg':>4} "
              f"{'ren':>4} {'rm':>3} {'parsed':>6} {'embed':>6} {'nodes':>6} {'rel':>5} "
              f"{'incr s':>8} {'full s':>8}  check")
        rows, checks = [], []
        for i, commit in enumerate(commits):
            _checkout(repo, commit)
            rep = indexer.index([root])
            row = {"n": i + 1, "commit": commit, "git": _git_counts(repo, commit),
                   **C.report_dict(rep)}
            check = ""
            if i in samples:
                row["full_seconds"], diff = _full_rebuild(
                    work, root, options, embedder, inc_store.path, Indexer, Store)
                check = "EQUAL" if not diff else f"{len(diff)} DIFFERENCES"
                checks.append({"n": i + 1, "commit": commit, "differences": diff})
            rows.append(row)
            g = row["git"]
            print(f"   {i + 1:>3} {commit[:10]:<10} "
                  f"{'/'.join(str(g[k]) for k in 'AMRD'):>12} {row['added']:>4} "
                  f"{row['changed']:>4} {row['renamed']:>4} {row['removed']:>3} "
                  f"{row['docs_parsed']:>6} {row['texts_embedded']:>6} "
                  f"{row['nodes_changed']:>6} {row['related_recomputed']:>5} "
                  f"{row['seconds']:>8.2f} {row.get('full_seconds', ''):>8}  {check}")
            if rep.failed:
                print(f"       failed: {rep.failed[:3]}")
            sys.stdout.flush()
        results.update(commits=rows, checks=checks)
        _summary(results, rows, checks)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    C.save_results("bench_replay", results)
    return 0


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--count", type=C.at_least(1), default=100,
                   help="commits replayed (default: 100)")
    p.add_argument("--start", help="first commit to replay (a first-parent commit touching "
                                   ".md); default: the --count newest ones")
    p.add_argument("--full-every", type=C.at_least(0), default=50,
                   help="full rebuild (timed and compared) at every Nth commit and always at "
                        "the last (default: 50, i.e. commits 50 and 100; the build of the "
                        "state before commit 1 is a third timed full build)")
    p.add_argument("--root", choices=("repo", "text"), default="repo",
                   help="index the whole repository (default) or only text/")
    p.add_argument("--include", default="*.md", help="comma-separated globs (default: *.md)")
    p.add_argument("--embedder", choices=("real", "hashing"), default="real")
    p.add_argument("--bundle", default=str(C.DEFAULT_BUNDLE), help="RFC git bundle")
    p.add_argument("--workdir", help="scratch folder (default: a new temporary folder)")
    p.add_argument("--keep", action="store_true", help="keep the scratch folder")
    p.add_argument("--quick", action="store_true",
                   help="smoke test: the 2 newest commits, only the files they touch")
    return p


def _commits(repo: Path, start: str | None, count: int) -> list[str]:
    """First-parent commits touching .md files, oldest first."""
    chain = C.git(repo, "rev-list", "--first-parent", "--reverse", "HEAD", "--", "*.md").split()
    if start is None:
        return chain[-count:]
    full = C.git(repo, "rev-parse", start).strip()
    if full not in chain:
        raise SystemExit(f"--start {start}: not a first-parent commit touching .md files")
    i = chain.index(full)
    return chain[i : i + count]


def _checkout(repo: Path, commit: str) -> None:
    C.git(repo, "checkout", "-q", "--detach", "--force", commit)


def _date(repo: Path, commit: str) -> str:
    return C.git(repo, "show", "-s", "--format=%ad", "--date=short", commit).strip()


def _touched(repo: Path, commit: str) -> list[str]:
    out = C.git(repo, "diff", "--name-only", "--no-renames", f"{commit}^1", commit, "--", "*.md")
    return out.split()


def _git_counts(repo: Path, commit: str) -> dict[str, int]:
    """What git says the commit did to .md files (renames detected at git's default 50%)."""
    counts = dict.fromkeys("AMRDCT", 0)
    out = C.git(repo, "diff", "--name-status", "-M", f"{commit}^1", commit, "--", "*.md")
    for line in out.splitlines():
        counts[line[0]] = counts.get(line[0], 0) + 1
    return counts


def _full_rebuild(work, root, options, embedder, inc_db, Indexer, Store):
    """Rebuild into a fresh store; return (seconds, differences from the incremental store)."""
    store = Store(C.fresh_dir(work / "full") / "docnav.duckdb")
    t = time.perf_counter()
    rep = Indexer(store, options, embedder).index([root])
    seconds = round(time.perf_counter() - t, 3)
    if rep.failed:
        print(f"       full rebuild: {len(rep.failed)} failed: {rep.failed[:3]}")
    a = C.canonical_tables(inc_db, embedder.model_id)
    b = C.canonical_tables(store.path, embedder.model_id)
    notes: list[str] = []
    diff = C.compare_canonical(a, b, notes=notes)
    gap = C.node_vector_gap(inc_db, store.path)
    for line in notes:
        print(f"       {line}")
    if diff:
        print("       incremental store != rebuild:")
        for line in diff:
            print(f"         {line}")
    print(f"       largest section-vector difference incremental vs rebuild: {gap:.2e}")
    return seconds, diff


def _summary(results: dict, rows: list[dict], checks: list[dict]) -> None:
    inc_total = sum(r["seconds"] for r in rows)
    fulls = [results["base"]["seconds"]] + [r["full_seconds"] for r in rows
                                            if "full_seconds" in r]
    est = statistics.mean(fulls) * len(rows)
    kinds = {k: sum(r[k] for r in rows) for k in ("added", "changed", "renamed", "removed")}
    per = sorted(r["seconds"] for r in rows)
    results["summary"] = s = {
        "commits": len(rows), "incremental_total_s": round(inc_total, 1),
        "incremental_median_s": round(C.median(per), 3), "incremental_max_s": per[-1],
        "full_rebuild_samples_s": fulls, "full_rebuild_total_estimated_s": round(est, 1),
        "speedup": round(est / inc_total, 1), **kinds,
        "docs_parsed": sum(r["docs_parsed"] for r in rows),
        "texts_embedded": sum(r["texts_embedded"] for r in rows),
        "equal_at_all_checks": all(not c["differences"] for c in checks),
    }
    print("\n== summary")
    print(f"   {s['commits']} commits: {kinds['added']} added, {kinds['changed']} changed, "
          f"{kinds['renamed']} renamed, {kinds['removed']} removed documents; "
          f"{s['docs_parsed']} parses, {s['texts_embedded']} texts embedded")
    print(f"   incremental: total {inc_total:.1f} s, median {s['incremental_median_s']:.2f} s "
          f"per commit, max {per[-1]:.1f} s")
    print(f"   full rebuild: {len(fulls)} timed full builds (the base state, then the "
          f"sampled commits) {fulls} s; estimated total over "
          f"{len(rows)} commits = mean x {len(rows)} = {est:.0f} s (EXTRAPOLATED)")
    print(f"   estimated full / incremental = {s['speedup']}x")
    for c in checks:
        print(f"   check at commit #{c['n']} {c['commit'][:10]}: "
              f"{'EQUAL' if not c['differences'] else 'DIFFERENT (see above)'}")


if __name__ == "__main__":
    sys.exit(main())
