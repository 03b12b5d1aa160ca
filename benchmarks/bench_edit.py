"""Cost of a one-paragraph edit: incremental re-index vs a full build, at several corpus sizes.

For each N: a corpus of N Markdown documents from the Rust RFCs at the newest commit (the
first N files of text/ sorted by name; past the ~640 available, files are repeated under a
name with a ``-copyK`` suffix, same content), a full build with the real embedder into a
fresh store and a no-op re-index. Then ``--edits`` rounds, each editing every N once
(interleaved, so load changes on the machine weigh on all sizes alike; every other round in
reverse order, so no size always runs right after another): append a sentence to
a paragraph in the middle of one document (a different paragraph each round) and re-index.

Prints full-build seconds, per-edit incremental seconds with the work done (documents
parsed, texts embedded, nodes changed, related lists recomputed, stage seconds), the median,
incremental / full at each N, and incremental at the largest N / at the smallest.
Targets: incremental / full <= 0.02 at N=100; incremental at N=1000 within 1.2x of N=10.

    .venv/bin/python benchmarks/bench_edit.py                 # N = 10, 100, 1000; 5 edits
    .venv/bin/python benchmarks/bench_edit.py --quick         # N = 2, 5; 2 edits (< 2 min)
    .venv/bin/python benchmarks/bench_edit.py --sizes 10,100 --edits 3 --embedder hashing
    .venv/bin/python benchmarks/bench_edit.py --sizes 10,1000 --paths   # as the watcher runs

``--paths`` re-indexes each edit the way the watcher and the Dagster sensor do, naming the
changed file (``Indexer.index(roots, paths=[file])``) instead of walking the whole corpus.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402

INCREMENTAL_SHARE_TARGET = 0.02  # incremental / full at N=100
SCALING_TARGET = 1.2  # incremental at the largest N / at the smallest


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.quick:
        args.sizes, args.edits = [2, 5], 2
    sizes = sorted(set(args.sizes))
    bundle = C.require_bundle(args.bundle)
    C.require_parser()
    info = C.header("bench_edit: one-paragraph edit, incremental vs full",
                    sys.argv if argv is None else ["bench_edit.py", *argv])

    from docnav.index import Indexer
    from docnav.parse import ParseOptions, parse_file
    from docnav.store import Store

    work = Path(args.workdir or tempfile.mkdtemp(prefix="docnav-bench-edit-"))
    results: dict = {"machine": info, "sizes": {}, "by_path": args.paths}
    try:
        clone = C.clone_bundle(bundle, work / "rfcs")
        sources = sorted((clone / "text").glob("*.md"))
        print(f"   RFC clone at {C.git(clone, 'rev-parse', '--short', 'HEAD').strip()}: "
              f"{len(sources)} Markdown files in text/")
        t = time.perf_counter()
        embedder = C.make_embedder(args.embedder)
        embedder.embed(["warm-up"])
        parse_file(str(sources[0]), ParseOptions())  # first call loads docling: not timed
        print(f"   embedder {embedder.model_id} and parser loaded in "
              f"{time.perf_counter() - t:.1f} s (not counted below)\n")

        runs = {}
        for n in sizes:
            corpus = _make_corpus(sources, n, C.fresh_dir(work / f"corpus-{n}"))
            target = corpus / sources[min(args.doc_index, len(sources) - 1, n - 1)].name
            store = Store(C.fresh_dir(work / f"store-{n}") / "docnav.duckdb")
            indexer = Indexer(store, C.index_options(), embedder)
            results["sizes"][n] = _build(indexer, corpus, n)
            runs[n] = (indexer, corpus, target)
            sys.stdout.flush()
        # Edits interleaved across sizes (round e edits every size once), so a change in the
        # machine's load during the run weighs on every size alike: the scaling ratio compares
        # like with like. Every other round runs the sizes in reverse order (10, 1000, 1000,
        # 10, 10, ...), so each size's edit follows an edit of the same size as often as one
        # of another: what an edit leaves in the CPU caches (a large collection's arrays
        # evict the model's weights) is not billed to the size that happens to run next.
        rows: dict[int, list[dict]] = {n: [] for n in sizes}
        print(f"   {'N':>6} {'edit':>4} {'where':>15} {'seconds':>8} {'parsed':>6} "
              f"{'embedded':>8} {'nodes chg':>9} {'related':>7}  stages")
        for e in range(args.edits):
            for n in (sizes if e % 2 == 0 else sizes[::-1]):
                indexer, corpus, target = runs[n]
                rows[n].append(_edit_once(indexer, corpus, target, e, n, args.paths))
            sys.stdout.flush()
        for n in sizes:
            row = results["sizes"][n]
            inc = C.median([r["wall"] for r in rows[n]])
            row.update(edits=rows[n], incremental_median=round(inc, 3),
                       ratio=round(inc / row["full_wall"], 5))
            print(f"   N={n}: median incremental {inc:.3f} s; incremental / full = "
                  f"{inc / row['full_wall']:.4f}")
        for n in sizes:
            if args.profile:
                indexer, corpus, target = runs[n]
                _profile_edit(indexer, corpus, target, args.edits, n, args.top)
        results["machine"]["load_after_edits"] = C.uptime()
        print(f"   load: {results['machine']['load_after_edits']}\n")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)

    _summary(results, sizes)
    C.save_results("bench_edit", results)
    return 0


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sizes", type=C.sizes, default="10,100,1000",
                   help="corpus sizes N, comma-separated (default: 10,100,1000)")
    p.add_argument("--edits", type=C.at_least(1), default=5,
                   help="edits measured per size, each on a different paragraph (default: 5)")
    p.add_argument("--doc-index", type=C.at_least(0), default=4,
                   help="which document of the sorted corpus is edited (default: 4, the 5th, "
                        "so the same document is edited at every N >= 5)")
    p.add_argument("--embedder", choices=("real", "hashing"), default="real",
                   help="real = all-MiniLM-L6-v2 (default); hashing = no model, for dry runs")
    p.add_argument("--bundle", default=str(C.DEFAULT_BUNDLE), help="RFC git bundle")
    p.add_argument("--workdir", help="scratch folder (default: a new temporary folder)")
    p.add_argument("--keep", action="store_true", help="keep the scratch folder")
    p.add_argument("--profile", action="store_true",
                   help="after the measured edits, profile one more edit (not counted) under "
                        "cProfile and print the top functions")
    p.add_argument("--top", type=int, default=25, help="functions listed by --profile")
    p.add_argument("--paths", action="store_true",
                   help="re-index each edit by naming the edited file, as the watcher and the "
                        "Dagster sensor do, instead of walking the corpus")
    p.add_argument("--quick", action="store_true",
                   help="smoke test: N = 2, 5 and 2 edits (under 2 minutes)")
    return p


def _make_corpus(sources: list[Path], n: int, dest: Path) -> Path:
    """The first ``n`` sources; beyond the end, repeated as ``<stem>-copyK.md``."""
    for i in range(n):
        src = sources[i % len(sources)]
        k = i // len(sources)
        name = src.name if k == 0 else f"{src.stem}-copy{k}{src.suffix}"
        shutil.copyfile(src, dest / name)
    return dest


_NOT_PROSE = re.compile(r"^\s*([#>|<\[!*+-]|\d+[.)]\s|```|~~~|    |\t)")


def _paragraph_spans(text: str) -> list[tuple[int, int]]:
    """(first line, last line) of plain prose paragraphs outside code fences."""
    lines = text.split("\n")
    spans: list[tuple[int, int]] = []
    fence = False
    start = None
    for i, line in enumerate(lines + [""]):
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
            start = None
            continue
        if fence:
            continue
        if line.strip():
            if start is None:
                start = i
            continue
        if start is not None:
            block = lines[start:i]
            if not _NOT_PROSE.match(block[0]) and len(" ".join(block)) >= 80:
                spans.append((start, i - 1))
            start = None
    return spans


def _edit(path: Path, nth: int, tag: str) -> str:
    """Append a sentence to the ``nth`` paragraph counted outwards from the middle."""
    text = path.read_text(encoding="utf-8")
    spans = _paragraph_spans(text)
    if not spans:
        raise SystemExit(f"{path}: no prose paragraph to edit; choose another --doc-index")
    middle = len(spans) // 2
    order = sorted(range(len(spans)), key=lambda i: (abs(i - middle), i))
    first, last = spans[order[nth % len(order)]]
    lines = text.split("\n")
    lines[last] = lines[last].rstrip() + f" This sentence was appended by the benchmark ({tag})."
    path.write_text("\n".join(lines), encoding="utf-8")
    return f"lines {first + 1}-{last + 1}"


def _build(indexer, corpus: Path, n: int) -> dict:
    t = time.perf_counter()
    full = indexer.index([corpus])
    full_wall = time.perf_counter() - t
    if full.failed:
        print(f"   WARNING: {len(full.failed)} documents failed: {full.failed[:3]}")
    f = C.report_dict(full)
    print(f"-- N={n}: full build {full_wall:.1f} s ({n / full_wall:.2f} docs/s), "
          f"{f['docs_parsed']} parsed, {f['texts_embedded']} texts embedded "
          f"({f['embeddings_reused']} reused), {f['nodes_written']} nodes; stages {f['stage_seconds']}")
    noop = indexer.index([corpus])
    print(f"   no-op re-index: {noop.seconds:.3f} s; stages {C.report_dict(noop)['stage_seconds']}")
    print(f"   load: {C.uptime()}")
    return {"n": n, "full_wall": round(full_wall, 3), "full": f, "noop": C.report_dict(noop)}


def _edit_once(indexer, corpus: Path, target: Path, e: int, n: int, by_path: bool) -> dict:
    where = _edit(target, e, f"N={n} edit {e + 1}")
    t = time.perf_counter()
    rep = indexer.index([corpus], paths=[target] if by_path else None)
    wall = time.perf_counter() - t
    r = C.report_dict(rep)
    r.update(wall=round(wall, 3), where=where)
    print(f"   {n:>6} {e + 1:>4} {where:>15} {wall:>8.3f} {r['docs_parsed']:>6} "
          f"{r['texts_embedded']:>8} {r['nodes_changed']:>9} {r['related_recomputed']:>7}  "
          f"{r['stage_seconds']}")
    return r


def _profile_edit(indexer, corpus: Path, target: Path, nth: int, n: int, top: int) -> None:
    import cProfile
    import io
    import pstats

    _edit(target, nth, f"N={n} profiled edit")
    profiler = cProfile.Profile()
    profiler.enable()
    rep = indexer.index([corpus])
    profiler.disable()
    buf = io.StringIO()
    pstats.Stats(profiler, stream=buf).strip_dirs().sort_stats("cumulative").print_stats(top)
    text = buf.getvalue()
    print(f"   profiled edit at N={n} (cProfile, not counted): {rep.seconds:.3f} s; "
          f"top {top} by cumulative time:")
    print(text[text.find("   ncalls"):])


def _summary(results: dict, sizes: list[int]) -> None:
    rows = results["sizes"]
    print("== summary")
    print(f"   {'N':>6} {'full s':>9} {'docs/s':>7} {'incr s (median)':>16} {'incr/full':>10}")
    for n in sizes:
        r = rows[n]
        print(f"   {n:>6} {r['full_wall']:>9.1f} {n / r['full_wall']:>7.2f} "
              f"{r['incremental_median']:>16.3f} {r['ratio']:>10.4f}")
    if 100 in rows:
        ratio = rows[100]["ratio"]
        verdict = "met" if ratio <= INCREMENTAL_SHARE_TARGET else "NOT met"
        print(f"   target incremental/full <= {INCREMENTAL_SHARE_TARGET} at N=100: "
              f"{ratio:.4f} -> {verdict}")
    lo, hi = sizes[0], sizes[-1]
    if hi > lo:
        scale = rows[hi]["incremental_median"] / rows[lo]["incremental_median"]
        results["scaling"] = {"small": lo, "large": hi, "ratio": round(scale, 3)}
        verdict = "met" if scale <= SCALING_TARGET else "NOT met"
        note = "" if (lo, hi) == (10, 1000) else " (target is stated for N=10 vs N=1000)"
        print(f"   incremental at N={hi} / at N={lo}: {scale:.2f}x "
              f"(target <= {SCALING_TARGET}x) -> {verdict}{note}")


if __name__ == "__main__":
    sys.exit(main())
