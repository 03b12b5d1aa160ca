"""Which document does a question asked of many read first?

    .venv/bin/python benchmarks/eval_best_document.py [--every 6] [--embedder real]

Real RFCs from the bundle (every Nth file of ``text/``, default every 6th: 106 RFCs) go through
the real pipeline (real parser, all-MiniLM-L6-v2, extractive summaries without NLI). Each
question of ``benchmarks/data/rfc-document-questions.tsv`` (written by hand about one of those
RFCs, mostly without its title's words) is asked of the whole store, as ``docnav ask`` without
``--doc`` asks it, and the document the navigator reads first
(:meth:`docnav.query.passages.Passages.best_document`) is compared with the one the question
is about. Measured in the same run: the document of the question's best paragraph (both
searches fused), which the navigator read first before the title rules; and the share of the
answer's evidence taken from the right document.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import (DEFAULT_BUNDLE, at_least, header, make_embedder,  # noqa: E402
                     require_bundle, rfc_graph, write_json)

QUESTIONS = Path(__file__).resolve().parent / "data" / "rfc-document-questions.tsv"


def read_questions(path: Path) -> list[tuple[str, str]]:
    """``(document file name, question)`` rows of a tab-separated file; ``#`` lines are
    comments."""
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 2 or not all(p.strip() for p in parts):
            raise SystemExit(f"{path}:{n}: expected 'document<TAB>question', got {line!r}")
        rows.append((parts[0].strip(), parts[1].strip()))
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bundle", default=str(DEFAULT_BUNDLE))
    ap.add_argument("--questions", type=Path, default=QUESTIONS)
    ap.add_argument("--every", type=at_least(1), default=6,
                    help="every Nth RFC of text/ (default 6)")
    ap.add_argument("--embedder", choices=["real", "hashing"], default="real")
    ap.add_argument("--budget", type=int, default=600)
    args = ap.parse_args(argv)
    info = header("the document a question asked of many reads first", argv)
    bundle = require_bundle(args.bundle)
    questions = read_questions(args.questions)

    from docnav.query import Navigator
    from docnav.query.passages import BEST_DOCUMENT

    with tempfile.TemporaryDirectory() as tmp:
        docs, graph, report = rfc_graph(bundle, Path(tmp), args.every, args.every - 1,
                                        make_embedder(args.embedder))
        unknown = sorted({d for d, _ in questions} - {p.name for p in docs.iterdir()})
        if unknown:
            raise SystemExit(f"{args.questions}: not among the indexed RFCs: {', '.join(unknown)}")
        navigator = Navigator(graph)
        rows = []
        t = time.perf_counter()
        for want, question in questions:
            answer = navigator.ask(question, budget=args.budget)
            lead = next((s for s in answer.trace if s.get("over") == BEST_DOCUMENT), None)
            first = (lead["document"] if lead else
                     answer.evidence[0].piece.doc_path if answer.evidence else None)
            how = ("named by a title word no other document holds" if lead and lead["named_by"]
                   else "titled by most of its words" if lead and lead.get("titled_by")
                   else "best paragraph" if lead else "another route")
            best = graph.locate(question, k=1, kinds=["paragraph"])
            pieces = [Path(e.piece.doc_path).name for e in answer.evidence]
            rows.append({"question": question, "document": want, "how": how,
                         "read first": Path(first).name if first else None,
                         "best paragraph's": (Path(graph.node(best[0].node_id).path).name
                                              if best else None),
                         "evidence share": (pieces.count(want) / len(pieces)) if pieces else 0.0})
        seconds = (time.perf_counter() - t) / max(len(rows), 1)
    n = len(rows)
    right = sum(r["read first"] == r["document"] for r in rows)
    base = sum(r["best paragraph's"] == r["document"] for r in rows)
    share = sum(r["evidence share"] for r in rows) / max(n, 1)
    print(f"   {n} questions, {seconds:.3f} s a question; budget {args.budget}")
    print(f"   read first the document asked about: {right}/{n} = {right / n:.3f} "
          f"(the best paragraph's document: {base}/{n} = {base / n:.3f}); "
          f"evidence from it {share:.3f}")
    for how in sorted({r["how"] for r in rows}):
        some = [r for r in rows if r["how"] == how]
        ok = sum(r["read first"] == r["document"] for r in some)
        print(f"   chosen as {how}: {ok}/{len(some)} right")
    for r in rows:
        if r["read first"] != r["document"]:
            print(f"   wrong ({r['how']}): {r['question']!r} read {r['read first']} "
                  f"for {r['document']}")
    path = write_json("eval_best_document", {**info, "index": report.summary(), "rows": rows,
                                              "budget": args.budget, "right": right,
                                              "best paragraph right": base, "share": share})
    print(f"   results: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
