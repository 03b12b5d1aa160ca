"""Building the BM25 index a graph searches (docnav.query.lexical.BM25), old vs new, and
`docnav locate` / `docnav ask` from the shell on the same stores, old code vs new.

Every process that opens a store builds the word-search index of all its search items. The
old build made two numpy arrays per distinct term and stemmed every word through Snowball's
10,000-word cache: one paragraph of 300,000 distinct words ("word0 word1 ...", 600,000 terms
with their digit runs) took a query of five small RFCs from ~2 s to ~19 s.

Stores measured:

* ``huge``: five RFCs of the bundle and ``hugeline.md`` (one paragraph of ``--huge-words``
  distinct words), indexed here with the hashing embedder and no summaries;
* each ``--store`` given (a copy is read, never the file: e.g. the 27 RFCs' store).

Per store: the search items' texts are read once; the old ``BM25`` (``lexical.py`` at
``--old``, loaded from git) and the new are built in turn, ``--rounds`` times each, in this
process; their scores and ``holding`` for the queries below must be byte-identical (checked).
Then ``docnav locate QUERY -k 1`` and ``docnav ask QUESTION`` run as fresh processes in a
worktree of ``--old`` and in this tree, alternating, ``--rounds`` times each (wall seconds).

    .venv/bin/python benchmarks/bench_lexical_build.py [--store DB ...] [--rounds 3]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from _common import DEFAULT_BUNDLE, at_least, clone_bundle, header, uptime  # noqa: E402

from docnav.query import lexical  # noqa: E402

RFCS = ["0066-better-temporary-lifetimes.md", "0131-target-specification.md",
        "0505-api-comment-conventions.md", "1440-drop-types-in-const.md",
        "2071-impl-trait-type-alias.md"]
QUERIES = ["regular expression", "lifetime of temporaries", "word12345 word", "12345",
           "impl trait type alias", "target specification json", "Why is Pin unsafe?"]
LOCATE = ("locate", "regular expression", "-k", "1")
ASK = ("ask", "How long does a temporary live?")


def old_lexical(commit: str, tmp: Path):
    """``docnav/query/lexical.py`` as it was at ``commit``, imported as a module of its own."""
    path = tmp / "lexical_old.py"
    path.write_text(subprocess.run(["git", "-C", str(REPO), "show",
                                    f"{commit}:docnav/query/lexical.py"],
                                   check=True, capture_output=True, text=True).stdout)
    spec = importlib.util.spec_from_file_location("lexical_old", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def huge_store(tmp: Path, words: int) -> Path:
    from docnav.embed import HashingEmbedder
    from docnav.index import Indexer, IndexOptions
    from docnav.store import Store

    repo = clone_bundle(DEFAULT_BUNDLE, tmp / "rfcs")
    docs = tmp / "huge-docs"
    docs.mkdir()
    for name in RFCS:
        shutil.copy(repo / "text" / name, docs / name)
    (docs / "hugeline.md").write_text(" ".join(f"word{i}" for i in range(words)) + "\n")
    store = Store(tmp / "huge.duckdb")
    start = time.perf_counter()
    report = Indexer(store, IndexOptions(summaries=None, progress=False),
                     HashingEmbedder()).index([docs])
    print(f"   huge: {report.summary()} ({time.perf_counter() - start:.0f} s)")
    return store.path


def item_texts(db: Path) -> list[str]:
    from docnav.query import DocNavGraph

    return [text for _, text, _ in DocNavGraph.open(str(db), embedder=None).search._items]


def same_scores(old, new, texts: list[str]) -> None:
    """The two indexes score every query alike, bit for bit, whole and within a half."""
    within = np.random.default_rng(0).random(len(texts)) < 0.5
    queries = QUERIES + [" ".join(t.split()[:6]) for t in texts[:: max(len(texts) // 40, 1)]]
    for q in queries:
        for mask in (None, within):
            if old.scores(q, within=mask).tobytes() != new.scores(q, within=mask).tobytes():
                raise SystemExit(f"scores differ for {q!r}")
        for term in lexical.tokens(q):
            if not np.array_equal(old.holding([term]), new.holding([term])):
                raise SystemExit(f"holding differs for {term!r}")
    print(f"   scores and holding identical for {len(queries)} queries (whole and within)")


def builds(old_module, texts: list[str], rounds: int) -> tuple[list[float], list[float]]:
    times: dict[str, list[float]] = {"old": [], "new": []}
    for _ in range(rounds):
        for name, cls in (("old", old_module.BM25), ("new", lexical.BM25)):
            start = time.perf_counter()
            cls(texts)
            times[name].append(time.perf_counter() - start)
    same_scores(old_module.BM25(texts), lexical.BM25(texts), texts)
    return times["old"], times["new"]


def cli_seconds(tree: Path, db: Path, args: tuple[str, ...]) -> float:
    env = {**os.environ, "PYTHONPATH": str(tree), "HF_HUB_OFFLINE": "1",
           "TRANSFORMERS_OFFLINE": "1"}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-P", "-m", "docnav.cli", "--db", str(db), *args],
                   cwd=tree, env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def show(label: str, old: list[float], new: list[float]) -> None:
    o, n = statistics.median(old), statistics.median(new)
    print(f"   {label:<22} old {o:7.2f} s  new {n:7.2f} s  old/new {o / n:5.2f}"
          f"  (runs old {[round(x, 2) for x in old]}, new {[round(x, 2) for x in new]})")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", action="append", default=[], help="a store to measure too")
    ap.add_argument("--huge-words", type=at_least(1), default=300_000)
    ap.add_argument("--rounds", type=at_least(1), default=3)
    ap.add_argument("--old", default="b5aab06", help="the commit of the old code")
    ap.add_argument("--no-cli", action="store_true", help="time the builds alone")
    args = ap.parse_args(argv)
    header("BM25 index build and locate/ask, old vs new")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        old_module = old_lexical(args.old, tmp)
        stores = {"huge": huge_store(tmp, args.huge_words)}
        for i, given in enumerate(args.store):
            stores[Path(given).stem] = shutil.copy(given, tmp / f"given{i}.duckdb")
        old_tree = tmp / "old-tree"
        if not args.no_cli:
            subprocess.run(["git", "-C", str(REPO), "worktree", "add", "-q", "--detach",
                            str(old_tree), args.old], check=True)
        try:
            for name, db in stores.items():
                texts = item_texts(Path(db))
                print(f"-- {name}: {len(texts)} search items, "
                      f"{sum(map(len, texts)) / 1e6:.1f} MB of text; {uptime()}")
                show("BM25 build", *builds(old_module, texts, args.rounds))
                for cmd in () if args.no_cli else (LOCATE, ASK):
                    times: dict[str, list[float]] = {"old": [], "new": []}
                    for _ in range(args.rounds):
                        times["old"].append(cli_seconds(old_tree, Path(db), cmd))
                        times["new"].append(cli_seconds(REPO, Path(db), cmd))
                    show(f"docnav {cmd[0]}", times["old"], times["new"])
        finally:
            if not args.no_cli:
                subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force",
                                str(old_tree)], check=False)
    print(f"   {uptime()}")


if __name__ == "__main__":
    main()
