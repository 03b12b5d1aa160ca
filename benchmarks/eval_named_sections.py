"""Does the cross-reference route read the section a question names by its heading?

    .venv/bin/python benchmarks/eval_named_sections.py [--every 25] [--embedder real]

Real RFCs from the bundle (every Nth file of ``text/``, default every 25th: 26 RFCs) go through
the real pipeline (real parser, all-MiniLM-L6-v2, extractive summaries without NLI). For each
section headed by one of the headings RFCs share ("Motivation", "Drawbacks", "Alternatives",
"Unresolved questions", "Rationale and alternatives", "Prior art") the script asks, as a reader
would, "What does the <heading> section of the <title> RFC say?" and "What does the section on
<heading> in the <title> RFC say?", the title being the file name's words ("1961-clamp.md" ->
"clamp"). A question counts as read when that very section is among the sections the navigator
expanded.

Two figures from the same answers: ``located`` — the section is among the first two distinct
sections of the route's section search (its ``locate`` hits, as the trace records them; what
the route read before it looked for sections named by heading); ``read`` — it was expanded.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import (DEFAULT_BUNDLE, clone_bundle, header, index_options, make_embedder,  # noqa: E402
                     require_bundle, write_json)

PHRASINGS = ("What does the {heading} section of the {title} RFC say?",
             "What does the section on {lower} in the {title} RFC say?")
HEADINGS = ("Motivation", "Drawbacks", "Alternatives", "Unresolved questions",
            "Rationale and alternatives", "Prior art")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bundle", default=str(DEFAULT_BUNDLE))
    ap.add_argument("--every", type=int, default=25, help="every Nth RFC of text/ (default 25)")
    ap.add_argument("--embedder", choices=["real", "hashing"], default="real")
    ap.add_argument("--budget", type=int, default=300)
    args = ap.parse_args(argv)
    info = header("cross-reference questions naming a section by its heading", argv)
    bundle = require_bundle(args.bundle)

    from docnav.index import Indexer
    from docnav.query import DocNavGraph, Navigator
    from docnav.store import Store
    from docnav.summaries import SummaryPipelineOptions

    with tempfile.TemporaryDirectory() as tmp:
        repo = clone_bundle(bundle, Path(tmp) / "rfcs")
        docs = Path(tmp) / "docs"
        docs.mkdir()
        for f in sorted((repo / "text").glob("*.md"))[:: args.every]:
            (docs / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
        embedder = make_embedder(args.embedder)
        store = Store(Path(tmp) / "db" / "rfcs.duckdb")
        options = index_options(summaries=SummaryPipelineOptions(verify=False),
                                export_parquet=False)
        report = Indexer(store, options, embedder).index([docs])
        print(f"   indexed: {report.summary()}")
        graph = DocNavGraph.open(store.path, embedder=embedder)
        navigator = Navigator(graph)
        rows = []
        t = time.perf_counter()
        for heading in HEADINGS:
            for section in graph.headed(heading):
                node = graph.node(section)
                title = " ".join(Path(node.path).stem.split("-")[1:])
                for phrasing in PHRASINGS:
                    question = phrasing.format(heading=heading, lower=heading.lower(),
                                               title=title)
                    answer = navigator.ask(question, budget=args.budget)
                    hits = next(s["hits"] for s in answer.trace if s.get("over") == "sections")
                    expanded = [s["node"] for s in answer.trace if s["op"] == "expand"]
                    rows.append({"question": question, "phrasing": phrasing,
                                 "route": answer.route,
                                 "located": section in list(dict.fromkeys(hits))[:2],
                                 "read": section in expanded})
        seconds = (time.perf_counter() - t) / max(len(rows), 1)
    n = len(rows)
    located = sum(r["located"] for r in rows)
    read = sum(r["read"] for r in rows)
    print(f"   {n} questions ({len({r['route'] for r in rows})} route(s): "
          f"{sorted({r['route'] for r in rows})}), {seconds:.3f} s a question")
    for phrasing in PHRASINGS:
        some = [r for r in rows if r["phrasing"] == phrasing]
        m, got, hit = len(some), sum(r["read"] for r in some), sum(r["located"] for r in some)
        print(f"   {phrasing!r}: {m} questions; among the section search's first two "
              f"{hit}/{m} = {hit / m:.3f}; read by the navigator {got}/{m} = {got / m:.3f}")
    print(f"   all: among the section search's first two {located}/{n} = {located / n:.3f}; "
          f"read {read}/{n} = {read / n:.3f}")
    for r in rows:
        if not r["read"]:
            print(f"   not read: {r['question']}")
    path = write_json("eval_named_sections", {**info, "index": report.summary(), "rows": rows,
                                               "located": located, "read": read, "n": n})
    print(f"   results: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
