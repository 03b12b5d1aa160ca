"""Does a document's summary say what its authors say it is about?

Most Rust RFCs open with a "Summary" section written by their authors. Each RFC of the bundle
that has one is parsed with that section taken out (the rest of the file as it is, through
the real parser and tree builder), its summaries are built bottom-up by the extractive
summariser (no NLI check: the check does not choose sentences), and the document's summary
is compared with the section taken out: ROUGE-1 and ROUGE-2 (recall, precision, F1 of
lower-cased word unigrams and bigrams; Lin 2004, without stemming or stop-word removal).

Compared in one run, on the same trees:

* ``extractive`` — the summariser as configured by default (``SummaryOptions()``);
* ``lead-sentences`` — no summariser: the document's first sentences in reading order, field
  lines ("Start Date: ...") and tables/code left out, to the same budget (5 sentences, 1,000
  characters): the lead baseline of news summarisation.

    .venv/bin/python benchmarks/eval_summaries.py [--every 1]

Figures go to stdout and benchmarks/out/eval_summaries-<stamp>.json.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from benchmarks._common import at_least  # noqa: E402

from docnav.model import NodeKind  # noqa: E402
from docnav.parse import parse_file  # noqa: E402
from docnav.sentences import sentence_spans  # noqa: E402
from docnav.summaries import SummaryBuilder, SummaryStats  # noqa: E402
from docnav.summarize import ExtractiveSummarizer, SummaryOptions, _is_field_line  # noqa: E402
from docnav.tree import build_tree  # noqa: E402

BUNDLE = REPO.parent / "shared" / "data" / "rfcs" / "rust-lang-rfcs.bundle"
OUT_DIR = REPO / "benchmarks" / "out"
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_WORDS = re.compile(r"\w+")


def without_summary(text: str) -> tuple[str, str] | None:
    """(the file without its Summary section, that section's text), or None without one.
    Lines inside fenced code are not headings."""
    lines = text.splitlines()
    fenced, start, level = False, None, 0
    for i, line in enumerate(lines):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        m = None if fenced else _HEADING.match(line)
        if m and start is None and m.group(2).strip().lower() == "summary":
            start, level = i, len(m.group(1))
        elif m and start is not None and len(m.group(1)) <= level:
            return "\n".join(lines[:start] + lines[i:]), "\n".join(lines[start + 1:i])
    return None


def rouge(candidate: str, reference: str, n: int) -> tuple[float, float, float]:
    def grams(text: str) -> Counter:
        words = _WORDS.findall(text.lower())
        return Counter(tuple(words[i:i + n]) for i in range(len(words) - n + 1))
    c, r = grams(candidate), grams(reference)
    hit = sum((c & r).values())
    recall = hit / sum(r.values()) if r else 0.0
    precision = hit / sum(c.values()) if c else 0.0
    f1 = 2 * recall * precision / (recall + precision) if hit else 0.0
    return recall, precision, f1


def lead_sentences(tree, budget) -> str:
    """The document's first sentences in reading order, as the summariser would read them."""
    chosen, chars = [], 0
    for node in tree.nodes:
        if node.kind is not NodeKind.PARAGRAPH or node.block_kind in ("table", "code",
                                                                       "formula"):
            continue
        for s, e in sentence_spans(node.text):
            sentence = node.text[s:e]
            if _is_field_line(sentence):
                continue
            if len(chosen) == budget.sentences or (chosen and chars + len(sentence) > budget.chars):
                return " ".join(chosen)
            chosen.append(sentence)
            chars += len(sentence)
    return " ".join(chosen)


def document_summary(tree, options: SummaryOptions) -> str:
    builder = SummaryBuilder(ExtractiveSummarizer(options), None, "flag")
    summaries = builder.build_document(tree, {}, SummaryStats())
    root = next(s for s in summaries if s.node_id == tree.root.node_id)
    return " ".join(s.text for s in root.sentences)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--every", type=at_least(1), default=1,
                    help="every Nth RFC of text/ (default 1)")
    args = ap.parse_args(argv)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    variants = {"extractive": SummaryOptions()}
    scores: dict[str, list[tuple]] = {name: [] for name in [*variants, "lead-sentences"]}
    skipped = 0
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="docnav-sum-") as tmp:
        repo = Path(tmp) / "rfcs"
        subprocess.run(["git", "clone", "-q", str(BUNDLE), str(repo)], check=True)
        files = sorted((repo / "text").glob("*.md"))[:: args.every]
        for i, f in enumerate(files, start=1):
            split = without_summary(f.read_text(encoding="utf-8"))
            if split is None or len(_WORDS.findall(split[1])) < 10:
                skipped += 1
                continue
            rest, reference = split
            doc = Path(tmp) / f.name
            doc.write_text(rest, encoding="utf-8")
            tree = build_tree(parse_file(doc), f.stem, str(doc))
            for name, options in variants.items():
                summary = document_summary(tree, options)
                scores[name].append((f.name, rouge(summary, reference, 1),
                                     rouge(summary, reference, 2)))
            lead = lead_sentences(tree, SummaryOptions().document)
            scores["lead-sentences"].append((f.name, rouge(lead, reference, 1),
                                             rouge(lead, reference, 2)))
            if i % 100 == 0:
                print(f"   {i}/{len(files)} RFCs", file=sys.stderr, flush=True)
    seconds = time.perf_counter() - started
    n = len(scores["extractive"])
    print(f"== eval_summaries {time.strftime('%Y-%m-%d %H:%M:%S %z')}: {n} RFCs with a Summary "
          f"section of 10+ words ({skipped} without), {seconds:.0f} s")
    print("| document summary | ROUGE-1 R / P / F1 | ROUGE-2 R / P / F1 |")
    print("|---|---|---|")
    table = {}
    for name, rows in scores.items():
        mean = [sum(r[k][j] for r in rows) / len(rows) for k in (1, 2) for j in range(3)]
        table[name] = mean
        print(f"| {name} | {mean[0]:.3f} / {mean[1]:.3f} / {mean[2]:.3f} | "
              f"{mean[3]:.3f} / {mean[4]:.3f} / {mean[5]:.3f} |")
    base = {f: r for f, r, _ in scores["extractive"]}
    for name in scores:
        if name == "extractive":
            continue
        better = sum(r[2] > base[f][2] + 1e-9 for f, r, _ in scores[name])
        worse = sum(r[2] < base[f][2] - 1e-9 for f, r, _ in scores[name])
        print(f"   {name} vs extractive, ROUGE-1 F1 per RFC: {better} better, {worse} worse, "
              f"{n - better - worse} equal")
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    out = OUT_DIR / f"eval_summaries-{stamp}.json"
    out.write_text(json.dumps({"rfcs": n, "skipped": skipped, "seconds": seconds,
                               "mean": table, "per_rfc": scores}, indent=1))
    print(f"   written: {out.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
