"""Evidence recall of DocNav navigation vs flat retrieval, on Qasper and FinanceBench.

The documents go through the real pipeline: Qasper papers are rendered to Markdown with
``docnav.datasets.qasper_to_markdown`` and written to a temp folder, FinanceBench PDFs are
indexed as they are (native PDF pipeline, offline); the real all-MiniLM-L6-v2 embedder;
extractive summaries with ``verify=False`` (no NLI check, for speed — summaries are stored as
unverified; the navigator does not look at verification status).

For every question and every token budget (512, 1024, 2048) four methods fetch text from the
question's own document (all methods are restricted to it — the usual single-document setup
of both datasets):

* ``bm25``   — paragraphs of the document ranked by BM25 (``docnav.query.lexical.BM25``);
* ``dense``  — paragraphs ranked by cosine similarity with the question (the stored vectors);
* ``hybrid`` — ``graph.locate(kinds=["paragraph"], via=["text"])`` (BM25 + dense, RRF);
* ``docnav`` — ``Navigator(graph).ask(question, budget, doc)``: routed; on the local route it
  reads paragraphs in the RRF-fused order of their BM25 rank, their embedding rank and the
  reading order of the best located sections, a short (title-like) hit with the paragraph
  after it, until the budget is full or the EvidenceState is confident; in a filing, a
  question naming a figure of a financial statement reads that statement first.

A flat method fetches in rank order until the budget is full, with the same rule as
``graph.fetch`` (a paragraph that does not fit is cut to the room left when >= 16 tokens).

Evidence recall
* Qasper: text is normalised (whitespace collapsed, case kept). A gold evidence paragraph is
  *found* when it is contained in a fetched piece, or a fetched piece (its cut marker removed)
  is contained in it and covers >= 80 % of its characters. Same rule for every method.
  ``FLOAT SELECTED`` evidence (tables/figures, not in the text) is left out of recall and
  counted separately. A question has several annotators; recall is the best over annotators
  that have text evidence (the Qasper convention of taking the best reference). Questions
  without any text evidence (unanswerable, figure-only) are reported but not in the mean.
* FinanceBench: share of the gold evidence pages (``evidence_page_num`` + 1, our pages are
  1-based) among the pages of the fetched pieces.

    .venv/bin/python benchmarks/eval_navigation.py --qasper ../shared/data/qasper/qasper-dev-4papers.json
    .venv/bin/python benchmarks/eval_navigation.py --financebench ../shared/data/financebench/questions.jsonl \
        --pdfs ../shared/data/financebench/pdfs
    (--quick: first 2 documents / 6 questions, budget 1024 only)

A Qasper file may be in the v0.3 release layout (papers keyed by id, as in ``../shared/data``)
or in the HuggingFace ``allenai/qasper`` layout (a JSON list, JSON Lines, or objects one after
another); ``--skip-papers-in FILE`` leaves out the papers FILE also holds, to score held-out
papers only:

    .venv/bin/python benchmarks/eval_navigation.py --qasper more-papers.json \
        --skip-papers-in ../shared/data/qasper/qasper-dev-4papers.json

``--scope store`` has every method search every indexed document instead (``docnav ask``
without ``--doc``); only pieces of the question's own document count as found. Not the target's
setup: what a user asking a whole store gets.

Tables go to stdout and to benchmarks/out/eval_navigation-<set>[-store]-<stamp>.{json,md}.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import shutil
import sys
import tempfile
import time
import warnings
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

import numpy as np  # noqa: E402

from docnav.datasets import load_financebench, load_qasper, qasper_to_markdown  # noqa: E402
from docnav.errors import InputError  # noqa: E402
from docnav.query.graph import DocNavGraph, Piece  # noqa: E402
from docnav.query.lexical import BM25  # noqa: E402
from docnav.query.navigator import Navigator  # noqa: E402
from docnav.query.quantities import asks_quantity  # noqa: E402

BUDGETS = (512, 1024, 2048)
METHODS = ("bm25", "dense", "hybrid", "docnav", "docnav-nostop")
# docnav-nostop is a diagnostic, not a competitor for the target: the same navigator with the
# EvidenceState stop rule switched off (confidence threshold unreachable), so that it spends
# the budget like the flat methods do. It isolates the stop rule from the navigation order.
TARGET_BUDGET = 1024
TARGET_GAIN = 0.15
CUT = " …"
OUT_DIR = REPO / "benchmarks" / "out"


def uptime() -> str:
    return "load average: %.2f, %.2f, %.2f" % os.getloadavg()


def norm(text: str) -> str:
    return " ".join(text.split())


# -- indexing ------------------------------------------------------------------------------------

def build_index(folder: Path, db: Path, quick: bool) -> tuple[DocNavGraph, dict]:
    from docnav.embed import SentenceTransformerEmbedder
    from docnav.index import Indexer, IndexOptions
    from docnav.store import Store
    from docnav.summaries import SummaryPipelineOptions

    warnings.filterwarnings("ignore", category=FutureWarning)
    logging.getLogger("sentence_transformers").setLevel(logging.ERROR)
    embedder = SentenceTransformerEmbedder()
    options = IndexOptions(summaries=SummaryPipelineOptions(verify=False), progress=False,
                           export_parquet=False)
    t = time.perf_counter()
    report = Indexer(Store(db), options, embedder).index([folder])
    index_s = time.perf_counter() - t
    if report.failed:
        print(f"   WARNING: {len(report.failed)} documents failed: {report.failed[:3]}")
    print(f"   indexed: {report.summary()}")
    t = time.perf_counter()
    graph = DocNavGraph.open(db, embedder=embedder)
    open_s = time.perf_counter() - t
    return graph, {"index_s": round(index_s, 1), "open_s": round(open_s, 2),
                   "nodes": len(graph), "report": report.summary()}


# -- flat retrieval ------------------------------------------------------------------------------

STORE = None  # a ranking's scope: one document's path, or STORE (every indexed document)


class Flat:
    """Paragraph rankings (BM25, dense, hybrid) of one document or of the whole store
    (``path`` STORE), and rank-order fetching."""

    def __init__(self, graph: DocNavGraph) -> None:
        self.graph = graph
        self.by_doc: dict[str, list[str]] = defaultdict(list)
        for nid in graph._order:  # benchmark-side use of the graph's node order
            n = graph.node(nid)
            if n.kind == "paragraph":
                self.by_doc[n.path].append(nid)
        self.all = [nid for ids in self.by_doc.values() for nid in ids]
        self.bm25 = {p: BM25([graph.node(n).text for n in ids]) for p, ids in self.by_doc.items()}
        self.bm25[STORE] = BM25([graph.node(n).text for n in self.all])
        # paragraph vectors, as stored by the indexer (items with via == "text")
        row = {nid: i for i, (nid, _, via) in enumerate(graph.search._items) if via == "text"}
        self.vectors = {p: graph.search._vectors.matrix[[row[n] for n in ids]]
                        for p, ids in self.by_doc.items()}
        self.vectors[STORE] = graph.search._vectors.matrix[[row[n] for n in self.all]]

    def ids(self, path: str | None) -> list[str]:
        return self.all if path is STORE else self.by_doc[path]

    def doc_path(self, name: str) -> str:
        hits = [p for p in self.by_doc if Path(p).name == name]
        if len(hits) != 1:
            raise SystemExit(f"document {name!r}: {len(hits)} matches in the index")
        return hits[0]

    def rank_bm25(self, question: str, path: str | None) -> list[str]:
        s = self.bm25[path].scores(question)
        order = np.argsort(-s, kind="stable")
        return [self.ids(path)[i] for i in order if s[i] > 0]

    def rank_dense(self, qvec: np.ndarray, path: str | None) -> list[str]:
        s = self.vectors[path] @ qvec
        return [self.ids(path)[i] for i in np.argsort(-s, kind="stable")]

    def rank_hybrid(self, question: str, path: str | None) -> list[str]:
        hits = self.graph.locate(question, k=len(self.ids(path)), kinds=["paragraph"],
                                 via=["text"], filters=None if path is STORE else {"path": path})
        return [h.node_id for h in hits]

    def fetch_ranked(self, ranked: list[str], budget: int) -> list[Piece]:
        pieces, used = [], 0
        for nid in ranked:
            got = self.graph.fetch([nid], budget=budget - used)
            if not got:
                break
            pieces += got
            used += got[0].tokens
            if used >= budget:
                break
        return pieces


# -- scoring -------------------------------------------------------------------------------------

def paragraph_found(gold: str, pieces: list[str]) -> bool:
    for p in pieces:
        if gold in p:
            return True
        if p and p in gold and len(p) >= 0.8 * len(gold):
            return True
    return False


def qasper_recall(gold_sets: list[list[str]], pieces: list[Piece]) -> float | None:
    texts = [norm(p.text[: -len(CUT)] if p.text.endswith(CUT) else p.text) for p in pieces]
    best = None
    for gold in gold_sets:
        if not gold:
            continue
        r = sum(paragraph_found(g, texts) for g in gold) / len(gold)
        best = r if best is None else max(best, r)
    return best


def page_recall(gold_pages: set[int], pieces: list[Piece]) -> float | None:
    if not gold_pages:
        return None
    got = {p.page for p in pieces if p.page is not None}
    return len(gold_pages & got) / len(gold_pages)


# -- questions -----------------------------------------------------------------------------------

def qasper_type(answer: dict) -> str:
    if answer.get("unanswerable"):
        return "unanswerable"
    if answer.get("yes_no") is not None:
        return "yes-no"
    if answer.get("extractive_spans"):
        return "extractive"
    return "abstractive"


def qasper_questions(path: Path, folder: Path, quick: bool, skip: Path | None = None) -> list[dict]:
    """The questions of a Qasper file (either layout ``load_qasper`` reads), its papers written
    to ``folder`` as Markdown; papers that ``skip`` also holds are left out."""
    papers = load_qasper(path)
    if skip is not None:
        seen = load_qasper(skip)
        papers = {pid: p for pid, p in papers.items() if pid not in seen}
        if not papers:
            raise InputError(f"{path}: every paper is also in {skip}; no questions are left")
    out = []
    for pid, paper in list(papers.items())[: 2 if quick else None]:
        (folder / f"{pid}.md").write_text(qasper_to_markdown(paper), encoding="utf-8")
        for qa in paper["qas"]:
            gold_sets, floats = [], 0
            types = [qasper_type(a["answer"]) for a in qa["answers"]]
            for a in qa["answers"]:
                ev = [norm(e) for e in a["answer"].get("evidence", [])]
                floats += sum(e.startswith("FLOAT SELECTED") for e in ev)
                gold_sets.append([e for e in ev if e and not e.startswith("FLOAT SELECTED")])
            out.append({"doc": f"{pid}.md", "question": qa["question"], "qid": qa["question_id"],
                        "type": max(types, key=types.count), "gold": gold_sets,
                        "float_evidence": floats})
    return out[: 6 if quick else None]


def financebench_questions(path: Path, pdfs: Path, folder: Path, quick: bool) -> list[dict]:
    rows = load_financebench(path)
    docs = sorted({r["doc_name"] for r in rows})[: 2 if quick else None]
    for d in docs:
        src = pdfs / f"{d}.pdf"
        if not src.is_file():
            raise SystemExit(f"{src}: missing PDF for {d}")
        dst = folder / src.name  # a copy: the scanner does not follow links out of the root
        if dst.is_symlink():
            dst.unlink()
        if not dst.exists() or dst.stat().st_size != src.stat().st_size:
            shutil.copyfile(src, dst)
    return [{"doc": f"{r['doc_name']}.pdf", "question": r["question"],
             "qid": r["financebench_id"], "type": r.get("question_type") or "?",
             "gold": {e["evidence_page_num"] + 1 for e in r["evidence"]}}
            for r in rows if r["doc_name"] in docs][: 6 if quick else None]


# -- the run -------------------------------------------------------------------------------------

def run(kind: str, questions: list[dict], graph: DocNavGraph, budgets, trace_dir: Path,
        scope: str = "document") -> list[dict]:
    """Every method on every question at every budget. ``scope`` "document": each method
    searches the question's own document; "store": each searches every indexed document (the
    navigator as ``docnav ask`` without ``--doc``), and only pieces of the question's own
    document count as found."""
    flat = Flat(graph)
    nav = Navigator(graph)
    embedder = graph.embedder
    results = []
    for q in questions:
        path = flat.doc_path(q["doc"])
        searched = path if scope == "document" else STORE
        t = time.perf_counter()
        rank_b = flat.rank_bm25(q["question"], searched)
        tb = time.perf_counter() - t
        t = time.perf_counter()
        rank_d = flat.rank_dense(embedder.embed([q["question"]])[0], searched)
        td = time.perf_counter() - t
        t = time.perf_counter()
        rank_h = flat.rank_hybrid(q["question"], searched)
        th = time.perf_counter() - t
        for budget in budgets:
            runs = {}
            for name, ranked, secs in (("bm25", rank_b, tb), ("dense", rank_d, td),
                                       ("hybrid", rank_h, th)):
                t = time.perf_counter()
                pieces = flat.fetch_ranked(ranked, budget)
                runs[name] = (pieces, secs + time.perf_counter() - t, None)
            t = time.perf_counter()
            ans = nav.ask(q["question"], budget=budget, doc=searched)
            runs["docnav"] = ([e.piece for e in ans.evidence], time.perf_counter() - t, ans)
            t = time.perf_counter()
            with no_early_stop():
                ans2 = nav.ask(q["question"], budget=budget, doc=searched)
            runs["docnav-nostop"] = ([e.piece for e in ans2.evidence], time.perf_counter() - t,
                                     ans2)
            for name, (pieces, secs, ans) in runs.items():
                own = [p for p in pieces if p.doc_path == path]  # a page of another filing
                recall = (qasper_recall(q["gold"], own) if kind == "qasper"
                          else page_recall(q["gold"], own))
                results.append({"qid": q["qid"], "type": q["type"], "method": name,
                                "asks_figure": asks_quantity(q["question"]),
                                "budget": budget, "recall": recall,
                                "tokens": sum(p.tokens for p in pieces),
                                "seconds": round(secs, 4), "n_pieces": len(pieces),
                                "own_pieces": len(own),
                                "pages": sorted({p.page for p in pieces if p.page})
                                if kind == "financebench" else None,
                                "route": ans.route if ans else None})
                if name == "docnav":
                    with open(trace_dir / f"{kind}-traces.jsonl", "a") as f:
                        f.write(json.dumps({"qid": q["qid"], "budget": budget,
                                            "question": q["question"], "route": ans.route,
                                            "recall": recall, "trace": ans.trace,
                                            "evidence": [e.piece.node_id for e in ans.evidence],
                                            "found_by": [e.found_by for e in ans.evidence]},
                                           default=str) + "\n")
    return results


class no_early_stop:
    """Diagnostic: Navigator.ask with EvidenceState.common set (never 'sufficient' by
    confidence; it still stops when the budget or max_steps is spent). (confident=1.01 did
    it, before thresholds above 1 were refused.)"""

    def __enter__(self):
        import docnav.query.navigator as navmod

        self.mod, self.orig = navmod, navmod.EvidenceState

        class NoStop(self.orig):
            def __init__(self, question, budget, **kw):
                super().__init__(question, budget, common=True, **kw)

        navmod.EvidenceState = NoStop
        return self

    def __exit__(self, *exc):
        self.mod.EvidenceState = self.orig


def mean(xs):
    xs = [x for x in xs if x is not None]
    return sum(xs) / len(xs) if xs else float("nan")


def tables(results: list[dict], budgets, kind: str) -> tuple[str, dict]:
    lines = []
    summary = {}
    lines.append(f"### {kind}: evidence recall / tokens used / seconds per question "
                 f"(mean over questions with gold evidence)")
    lines.append("")
    lines.append("| method | " + " | ".join(f"R@{b}" for b in budgets) + " | "
                 + " | ".join(f"tok@{b}" for b in budgets) + " | "
                 + " | ".join(f"s@{b}" for b in budgets) + " |")
    lines.append("|---" * (1 + 3 * len(budgets)) + "|")
    for m in METHODS:
        row_r, row_t, row_s = [], [], []
        for b in budgets:
            rs = [r for r in results if r["method"] == m and r["budget"] == b]
            scored = [r for r in rs if r["recall"] is not None]
            rec = mean([r["recall"] for r in scored])
            summary[(m, b)] = rec
            row_r.append(f"{rec:.3f}")
            row_t.append(f"{mean([r['tokens'] for r in scored]):.0f}")
            row_s.append(f"{mean([r['seconds'] for r in rs]):.3f}")
        lines.append(f"| {m} | " + " | ".join(row_r + row_t + row_s) + " |")
    types = sorted({r["type"] for r in results})
    lines.append("")
    lines.append(f"### {kind}: evidence recall by question type")
    lines.append("")
    lines.append("| type | n (scored/all) | " + " | ".join(
        f"{m}@{b}" for b in budgets for m in METHODS) + " |")
    lines.append("|---" * (2 + len(budgets) * len(METHODS)) + "|")
    def row(label: str, group: list[dict]) -> str:
        """A table row: the group's questions, scored and all, and its mean recall by budget
        and method."""
        cells = [f"{mean([r['recall'] for r in group if (r['method'], r['budget']) == (m, b)]):.2f}"
                 for b in budgets for m in METHODS]
        scored = {r["qid"] for r in group if r["recall"] is not None}
        return (f"| {label} | {len(scored)}/{len({r['qid'] for r in group})} | "
                + " | ".join(cells) + " |")

    for t in types:
        lines.append(row(t, [r for r in results if r["type"] == t]))
    # the questions asking for a figure ("How many ...?", docnav.query.quantities), whose
    # passage order ranks up the paragraphs stating one, beside the others
    for asks, label in ((True, "asks for a figure"), (False, "asks for none")):
        lines.append(row(f"*{label}*", [r for r in results
                                        if r.get("asks_figure", False) == asks]))
    routes = defaultdict(int)
    for r in results:
        if r["method"] == "docnav" and r["budget"] == budgets[0]:
            routes[r["route"]] += 1
    lines.append("")
    lines.append(f"DocNav routes: {dict(routes)}")
    return "\n".join(lines), summary


def verdict(summary: dict, kind: str, budgets, source: str = "") -> str:
    """The target's line for one run. ``source`` names the questions' file: the target is
    set on the shared Qasper papers and FinanceBench questions, and the harness takes any
    file of their formats (the held-out papers, benchmarks/data's filing questions)."""
    b = TARGET_BUDGET if TARGET_BUDGET in budgets else budgets[0]
    flat = {m: summary[(m, b)] for m in ("bm25", "dense", "hybrid")}
    nostop = summary[("docnav-nostop", b)]
    best = max(flat, key=lambda m: flat[m])
    need = flat[best] * (1 + TARGET_GAIN)
    got = summary[("docnav", b)]
    ok = got >= need
    on = f" ({source})" if source else ""
    return (f"TARGET {kind}{on} @ {b} tokens: DocNav {got:.3f} vs best flat {best} {flat[best]:.3f} "
            f"(needs >= {need:.3f}, relative {((got / flat[best]) - 1) * 100 if flat[best] else float('nan'):+.1f}%): "
            f"{'MET' if ok else 'NOT met'}  [diagnostic docnav-nostop: {nostop:.3f}]")


def paired(results: list[dict], budget: int, against: str, resamples: int = 10_000,
           seed: int = 0) -> dict:
    """DocNav against one flat method, question by question, at one budget: wins / ties /
    losses and a paired bootstrap 95 % interval of the relative gain (questions resampled with
    replacement, the same resample for both methods). It says how far a mean over a handful of
    questions can be trusted: a target inside the interval is neither shown nor refuted."""
    by_q: dict[str, dict[str, float]] = defaultdict(dict)
    for r in results:
        if r["budget"] == budget and r["recall"] is not None and r["method"] in ("docnav", against):
            by_q[r["qid"]][r["method"]] = r["recall"]
    pairs = np.array([(v["docnav"], v[against]) for v in by_q.values() if len(v) == 2])
    if not len(pairs):
        return {"n": 0}
    diff = pairs[:, 0] - pairs[:, 1]
    idx = np.random.default_rng(seed).integers(0, len(pairs), size=(resamples, len(pairs)))
    ours, theirs = pairs[idx, 0].mean(axis=1), pairs[idx, 1].mean(axis=1)
    ok = theirs > 0
    gain = ours[ok] / theirs[ok] - 1
    low, high = np.percentile(gain, [2.5, 97.5]) if len(gain) else (float("nan"),) * 2
    return {"n": len(pairs), "against": against, "wins": int((diff > 0).sum()),
            "ties": int((diff == 0).sum()), "losses": int((diff < 0).sum()),
            "gain_low": float(low), "gain_high": float(high), "resamples": resamples}


def paired_line(p: dict) -> str:
    if not p["n"]:
        return "paired: no question scored by both methods"
    return (f"paired, DocNav vs {p['against']} over {p['n']} questions: {p['wins']} better, "
            f"{p['ties']} equal, {p['losses']} worse; bootstrap 95 % interval of the relative "
            f"gain {p['gain_low'] * 100:+.0f}% .. {p['gain_high'] * 100:+.0f}% "
            f"({p['resamples']} resamples of the questions)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--qasper", type=Path)
    ap.add_argument("--financebench", type=Path)
    ap.add_argument("--pdfs", type=Path)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--keep", type=Path, help="index into this folder and keep it")
    ap.add_argument("--skip-papers-in", type=Path, metavar="FILE",
                    help="with --qasper: leave out the papers FILE also holds (held-out papers only)")
    ap.add_argument("--scope", choices=["document", "store"], default="document",
                    help="what every method searches: the question's own document (default, "
                         "the target's setup) or every indexed document (docnav ask without "
                         "--doc); only pieces of the question's document count as found")
    args = ap.parse_args(argv)
    if bool(args.qasper) == bool(args.financebench):
        ap.error("give exactly one of --qasper FILE or --financebench FILE --pdfs DIR")
    if args.financebench and not args.pdfs:
        ap.error("--financebench needs --pdfs DIR")
    kind = "qasper" if args.qasper else "financebench"
    budgets = (TARGET_BUDGET,) if args.quick else BUDGETS
    stamp = time.strftime("%Y%m%d-%H%M%S")
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    name = kind if args.scope == "document" else f"{kind}-store"
    trace_dir = OUT_DIR / f"eval_navigation-{name}-{stamp}"
    trace_dir.mkdir()
    head = {"date": time.strftime("%Y-%m-%d %H:%M:%S %z"), "load_start": uptime(),
            "cpus": os.cpu_count(), "command": " ".join(sys.argv), "quick": args.quick,
            "scope": args.scope}
    searched = "its question's document" if args.scope == "document" else "every document"
    print(f"== eval_navigation ({kind}, each method searching {searched}) "
          f"{head['date']}  {head['load_start']}")
    with tempfile.TemporaryDirectory(prefix="docnav-eval-") as tmp:
        work = args.keep or Path(tmp)
        docs = work / "docs"
        docs.mkdir(parents=True, exist_ok=True)
        try:
            questions = (qasper_questions(args.qasper, docs, args.quick, args.skip_papers_in)
                         if args.qasper else
                         financebench_questions(args.financebench, args.pdfs, docs, args.quick))
        except InputError as exc:
            print(f"eval_navigation: {exc}", file=sys.stderr)
            trace_dir.rmdir()
            return 2
        print(f"   {len(questions)} questions over {len(list(docs.iterdir()))} documents")
        graph, build = build_index(docs, work / "index.duckdb", args.quick)
        print(f"   index {build['index_s']} s, open {build['open_s']} s, {build['nodes']} nodes")
        t = time.perf_counter()
        results = run(kind, questions, graph, budgets, trace_dir, args.scope)
        eval_s = time.perf_counter() - t
    text, summary = tables(results, budgets, kind)
    line = verdict(summary, kind, budgets, Path(args.qasper or args.financebench).name
                   + ("" if args.scope == "document" else ", every document searched"))
    b = TARGET_BUDGET if TARGET_BUDGET in budgets else budgets[0]
    best = max(("bm25", "dense", "hybrid"), key=lambda m: summary[(m, b)])
    pair = paired(results, b, best)
    line += "\n" + paired_line(pair)
    head["load_end"] = uptime()
    floats = sum(q.get("float_evidence", 0) for q in questions)
    notes = []
    if kind == "qasper":
        notes.append(f"FLOAT SELECTED (table/figure) evidence items left out of recall: {floats}")
    notes.append(f"eval {eval_s:.1f} s; load at end: {head['load_end']}")
    out = "\n".join([text, "", line, *notes])
    print()
    print(out)
    (OUT_DIR / f"eval_navigation-{name}-{stamp}.md").write_text(
        f"{head['date']} {head['load_start']}\n\n{out}\n")
    (OUT_DIR / f"eval_navigation-{name}-{stamp}.json").write_text(json.dumps(
        {"head": head, "build": build, "results": results, "verdict": line, "paired": pair,
         "summary": {f"{m}@{b}": v for (m, b), v in summary.items()}}, indent=1, default=str))
    print(f"   written: benchmarks/out/eval_navigation-{name}-{stamp}.{{md,json}}, traces in "
          f"{trace_dir.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
