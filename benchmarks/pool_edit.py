"""Pool several `bench_edit.py` runs: the scaling ratio over all their edits, and where the
time grows, stage by stage.

One run of 11 rounds says little about a ratio near its target (single runs of the same code
have spread 1.14-1.26x on this machine), so the README reports figures pooled over runs:
the median incremental seconds of all edits at each size, and their ratio.

    .venv/bin/python benchmarks/pool_edit.py benchmarks/out/bench_edit-2026*.json
    .venv/bin/python benchmarks/pool_edit.py --sizes 10,1000 FILE...
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402


def pool(runs: list[dict], small: int, large: int) -> dict:
    """Per size, the wall seconds and the seconds per stage of every edit of ``runs``."""
    walls: dict[int, list[float]] = {small: [], large: []}
    stages: dict[int, dict[str, list[float]]] = {small: {}, large: {}}
    for run in runs:
        for n in (small, large):
            row = run["sizes"].get(str(n))  # JSON keys are strings
            if row is None:
                raise ValueError(f"a run without N={n}; pass --sizes")
            for edit in row["edits"]:
                walls[n].append(edit["wall"])
                for stage, seconds in edit["stage_seconds"].items():
                    stages[n].setdefault(stage, []).append(seconds)
    if not walls[small]:
        raise ValueError("no edits in these runs")
    return {"walls": walls, "stages": stages}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path, help="bench_edit JSON results")
    parser.add_argument("--sizes", type=C.sizes, default="10,1000",
                        help="the two sizes to compare")
    args = parser.parse_args(argv)
    if len(args.sizes) != 2:
        parser.error(f"argument --sizes: give two sizes, not {len(args.sizes)}")
    small, large = args.sizes
    runs = []
    for f in args.files:
        try:
            runs.append(json.loads(f.read_text()))
        except (OSError, ValueError) as exc:
            print(f"{f}: cannot read it as a bench_edit result: {exc}", file=sys.stderr)
            return 2
    try:
        pooled = pool(runs, small, large)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    walls, stages = pooled["walls"], pooled["stages"]
    print(f"{len(runs)} runs; per run, median at N={small} / N={large} and ratio:")
    for f, run in zip(args.files, runs):
        a = C.median([e["wall"] for e in run["sizes"][str(small)]["edits"]])
        b = C.median([e["wall"] for e in run["sizes"][str(large)]["edits"]])
        print(f"   {f.name}: {a:.3f} / {b:.3f} s = {b / a:.3f}x")
    print(f"\n{'stage':12} {'N=' + str(small):>8} {'N=' + str(large):>8} {'growth':>8}  (ms, medians)")
    for stage in sorted(set(stages[small]) | set(stages[large])):
        a = C.median(stages[small].get(stage, [0.0])) * 1e3
        b = C.median(stages[large].get(stage, [0.0])) * 1e3
        print(f"{stage:12} {a:8.1f} {b:8.1f} {b - a:+8.1f}")
    a, b = C.median(walls[small]), C.median(walls[large])
    print(f"\npooled over {len(walls[small])} edits per size: {a:.4f} vs {b:.4f} s = "
          f"{b / a:.3f}x (target <= 1.2x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
