"""Does the navigator read the section a question names by its heading?

    .venv/bin/python benchmarks/eval_named_sections.py [--every 25] [--embedder real]

Real RFCs from the bundle (every Nth file of ``text/``, default every 25th: 26 RFCs) go through
the real pipeline (real parser, all-MiniLM-L6-v2, extractive summaries without NLI). For each
section headed by one of the headings RFCs share ("Motivation", "Drawbacks", "Alternatives",
"Unresolved questions", "Rationale and alternatives", "Prior art") the script asks, as a reader
would, in three phrasings (the title is the file name's words: "1961-clamp.md" -> "clamp"):

* "What does the <heading> section of the <title> RFC say?"  (cross-reference route)
* "What does the section on <heading> in the <title> RFC say?"  (cross-reference route)
* "What does the <title> RFC say about <heading>?"  (local route: no "section")

A question *holds* its section when the evidence holds a paragraph of that section (its
subsections' included), or, for a section with no paragraph under its heading (RFC 3416's
"Prior art" is a heading and a link label), when the answer says it is empty
(``Answer.empty``); both counts are also given apart. Each question is asked twice: by the navigator as it is, and with its
heading rules off (``NavigatorOptions(named_sections=False)``: no section named by heading on
the cross-reference route, no part most documents have on the local route), the baseline
measured in the same run.
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

PHRASINGS = ("What does the {heading} section of the {title} RFC say?",
             "What does the section on {lower} in the {title} RFC say?",
             "What does the {title} RFC say about {lower}?")
HEADINGS = ("Motivation", "Drawbacks", "Alternatives", "Unresolved questions",
            "Rationale and alternatives", "Prior art")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bundle", default=str(DEFAULT_BUNDLE))
    ap.add_argument("--every", type=at_least(1), default=25,
                    help="every Nth RFC of text/ (default 25)")
    ap.add_argument("--embedder", choices=["real", "hashing"], default="real")
    ap.add_argument("--budget", type=int, default=300)
    args = ap.parse_args(argv)
    info = header("questions naming a section by its heading", argv)
    bundle = require_bundle(args.bundle)

    from docnav.query import Navigator, NavigatorOptions
    from docnav.query.parts import headed

    with tempfile.TemporaryDirectory() as tmp:
        _, graph, report = rfc_graph(bundle, Path(tmp), args.every, 0,
                                     make_embedder(args.embedder))
        navigators = {"rules on": Navigator(graph),
                      "rules off": Navigator(graph, NavigatorOptions(named_sections=False))}
        rows = []
        t = time.perf_counter()
        for heading in HEADINGS:
            for section in headed(graph, heading):
                node = graph.node(section)
                title = " ".join(Path(node.path).stem.split("-")[1:])
                own = {c for c in graph.expand(section, depth=10_000)
                       if graph.node(c).kind == "paragraph"}
                for phrasing in PHRASINGS:
                    question = phrasing.format(heading=heading, lower=heading.lower(),
                                               title=title)
                    row = {"question": question, "phrasing": phrasing, "empty": not own}
                    for name, navigator in navigators.items():
                        answer = navigator.ask(question, budget=args.budget)
                        row["route"] = answer.route
                        row[name] = (section in answer.empty if not own else
                                     bool(own & {e.piece.node_id for e in answer.evidence}))
                    rows.append(row)
        seconds = (time.perf_counter() - t) / max(2 * len(rows), 1)
    print(f"   {len(rows)} questions, {seconds:.3f} s a question; budget {args.budget}")
    summary = {}
    for phrasing in PHRASINGS:
        some = [r for r in rows if r["phrasing"] == phrasing]
        m = len(some)
        on, off = sum(r["rules on"] for r in some), sum(r["rules off"] for r in some)
        empty = [r for r in some if r["empty"]]
        e_on, e_off = sum(r["rules on"] for r in empty), sum(r["rules off"] for r in empty)
        summary[phrasing] = {"n": m, "rules on": on, "rules off": off, "empty": len(empty),
                             "empty rules on": e_on, "empty rules off": e_off}
        print(f"   {phrasing!r} ({some[0]['route']} route): the answer holds the section "
              f"{on}/{m} = {on / m:.3f} (heading rules off: {off}/{m} = {off / m:.3f}); "
              f"of those with text {on - e_on}/{m - len(empty)} (off {off - e_off}), of the "
              f"{len(empty)} with none said empty {e_on} (off {e_off})")
    for r in rows:
        if not r["rules on"]:
            print(f"   not held: {r['question']}")
    path = write_json("eval_named_sections", {**info, "index": report.summary(), "rows": rows,
                                               "summary": summary, "budget": args.budget})
    print(f"   results: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
