"""Summaries + verification: cost of a one-paragraph edit vs a from-scratch build.

1. *edit*: one Markdown document of 50 sections built from real RFC text; summarise + verify it
   from scratch (fresh store), then edit one paragraph and re-index. Prints seconds and NLI
   pairs of both and their ratio (target <= 0.1), and claims verified per second.
2. *corpus* (--corpus N): summarise + verify the first N RFCs at the newest commit (0 = all):
   wall time and the share of it spent in the NLI model.

Real parser, real all-MiniLM-L6-v2 embedder, real NLI model from ../shared/models.

    .venv/bin/python benchmarks/bench_summaries.py [--sections 50] [--corpus 0]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from benchmarks._common import at_least  # noqa: E402

from docnav.embed import EmbeddingOptions, SentenceTransformerEmbedder  # noqa: E402
from docnav.index import Indexer, IndexOptions  # noqa: E402
from docnav.store import Store  # noqa: E402
from docnav.summaries import SummaryPipelineOptions, make_builder  # noqa: E402
from docnav.verify import TransformersNLI, VerifyOptions  # noqa: E402

SHARED = REPO.parent / "shared"
NLI_PATH = SHARED / "models" / "nli-minilm-l6-3way"


def clone_rfcs(tmp: Path) -> Path:
    subprocess.run(["git", "clone", "-q", str(SHARED / "data/rfcs/rust-lang-rfcs.bundle"),
                    str(tmp / "rfcs")], check=True)
    return tmp / "rfcs" / "text"


def fifty_section_doc(text_dir: Path, sections: int) -> str:
    """A long document: H2 sections (with their prose) taken from consecutive RFCs."""
    parts = ["# Collected design notes\n"]
    count = 0
    for path in sorted(text_dir.glob("*.md")):
        body = re.sub(r"```.*?```", "", path.read_text(errors="replace"), flags=re.S)
        for heading, content in re.findall(r"^##? (\w.+?)\n(.*?)(?=^##? |\Z)", body,
                                           re.S | re.M):
            prose = [p for p in content.split("\n\n")
                     if len(p.split()) > 25 and "```" not in p and "\n#" not in p
                     and not p.lstrip().startswith(("|", "#", "    "))]
            if len(prose) < 2:
                continue
            parts.append(f"## {heading.strip()} ({path.stem[:4]})\n\n" + "\n\n".join(prose[:4]))
            count += 1
            if count == sections:
                return "\n\n".join(parts) + "\n"
    raise SystemExit(f"only {count} sections found")


def indexer(db: Path, embedder, nli) -> Indexer:
    options = IndexOptions(summaries=SummaryPipelineOptions(nli=VerifyOptions(model=str(NLI_PATH))),
                           progress=False)
    builder = make_builder(options.summaries, nli_model=nli)
    return Indexer(Store(db), options, embedder, summaries=builder)


def edit_benchmark(tmp: Path, text_dir: Path, sections: int, embedder, nli,
                   profile: bool = False) -> None:
    docs = tmp / "edit-docs"
    docs.mkdir()
    page = docs / "notes.md"
    page.write_text(fifty_section_doc(text_dir, sections))
    ix = indexer(tmp / "edit-db" / "g.duckdb", embedder, nli)
    pairs = nli.pairs_scored
    full = ix.index([docs])
    full_pairs = nli.pairs_scored - pairs
    s = full.summaries
    print(f"full build, {sections}-section document: {full.seconds:.2f} s; "
          f"{s.rebuilt} summaries, {s.claims_checked} claims, {full_pairs} NLI pairs; "
          f"stages {_stages(full)}")
    print(f"  claims verified per second (summaries stage): "
          f"{s.claims_checked / max(full.stage_seconds.get('summaries', 1e-9), 1e-9):.1f}")
    ratios = []
    text = page.read_text()
    paragraphs = [p for p in text.split("\n\n") if len(p.split()) > 25]
    for k in range(3):
        target = paragraphs[(k + 1) * len(paragraphs) // 4]
        text = text.replace(target, target + f" This sentence was added in edit {k}.", 1)
        page.write_text(text)
        pairs = nli.pairs_scored
        inc = ix.index([docs])
        inc_pairs = nli.pairs_scored - pairs
        ratios.append(inc.seconds / full.seconds)
        print(f"one-paragraph edit {k}: {inc.seconds:.2f} s; {inc.summaries.rebuilt} summaries "
              f"rebuilt, {inc.summaries.claims_checked} claims, {inc_pairs} NLI pairs "
              f"(vs {full_pairs}); ratio {inc.seconds / full.seconds:.3f}; "
              f"stages {_stages(inc)}")
    if profile:
        _profile_edit(ix, docs, page, text, paragraphs)
    ratios.sort()
    print(f"edit / full seconds, median of 3: {ratios[1]:.3f} (target <= 0.1: "
          f"{'met' if ratios[1] <= 0.1 else 'NOT met'})")


def _profile_edit(ix: Indexer, docs: Path, page: Path, text: str, paragraphs: list[str]) -> None:
    """One more edit (not counted) under cProfile: where an edit's seconds go."""
    import cProfile
    import io
    import pstats

    target = paragraphs[len(paragraphs) // 2]
    page.write_text(text.replace(target, target + " This sentence was added for profiling.", 1))
    profiler = cProfile.Profile()
    profiler.enable()
    ix.index([docs])
    profiler.disable()
    buf = io.StringIO()
    pstats.Stats(profiler, stream=buf).strip_dirs().sort_stats("cumulative").print_stats(45)
    print("profiled edit (not counted), top functions by cumulative time:")
    print(buf.getvalue()[buf.getvalue().find("   ncalls"):])


def corpus_benchmark(tmp: Path, text_dir: Path, n: int, embedder, nli) -> None:
    files = sorted(text_dir.glob("*.md"))
    files = files[:n] if n else files
    docs = tmp / "corpus"
    docs.mkdir()
    for f in files:
        (docs / f.name).write_text(f.read_text(errors="replace"))
    ix = indexer(tmp / "corpus-db" / "g.duckdb", embedder, nli)
    started = time.perf_counter()
    nli_seconds = _time_nli(nli)
    report = ix.index([docs])
    wall = time.perf_counter() - started
    s = report.summaries
    print(f"\ncorpus: {len(files)} RFCs summarised + verified in {wall:.1f} s "
          f"({len(files) / wall:.2f} docs/s); {s.rebuilt} summaries, {s.claims_checked} claims "
          f"({s.claims_flagged} flagged), {nli.pairs_scored} NLI pairs; NLI model "
          f"{nli_seconds[0]:.1f} s = {100 * nli_seconds[0] / wall:.0f}% of wall; embedding "
          f"{report.stage_seconds.get('embed', 0):.1f} s; stages {_stages(report)}")


def _time_nli(nli) -> list[float]:
    """Wrap the model's forward pass to accumulate the seconds spent in it."""
    spent = [0.0]
    inner = nli._score

    def timed(pairs):
        t = time.perf_counter()
        try:
            return inner(pairs)
        finally:
            spent[0] += time.perf_counter() - t

    nli._score = timed
    return spent


def _stages(report) -> str:
    return ", ".join(f"{k} {v:.2f}" for k, v in sorted(report.stage_seconds.items()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sections", type=at_least(1), default=50)
    ap.add_argument("--corpus", type=at_least(0), default=0,
                    help="RFCs for the corpus run (0 = all)")
    ap.add_argument("--skip-corpus", action="store_true")
    ap.add_argument("--quick", action="store_true", help="10 sections, 10 RFCs")
    ap.add_argument("--profile", action="store_true",
                    help="profile one extra edit (not counted) and print the top functions")
    args = ap.parse_args()
    if args.quick:
        args.sections, args.corpus = 10, 10
    print(f"# {time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}")
    embedder = SentenceTransformerEmbedder(EmbeddingOptions())
    nli = TransformersNLI(VerifyOptions(model=str(NLI_PATH)))
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        text_dir = clone_rfcs(tmp)
        edit_benchmark(tmp, text_dir, args.sections, embedder, nli, args.profile)
        if not args.skip_corpus:
            corpus_benchmark(tmp, text_dir, args.corpus, embedder, nli)


if __name__ == "__main__":
    main()
