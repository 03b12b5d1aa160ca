"""Helpers shared by the benchmark scripts: data, machine facts, embedders, canonical tables.

Not a test module: the scripts print figures, they never assert on time (STYLE.md rule 15).
"""

from __future__ import annotations

import argparse
import datetime as _dt
import importlib
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_BUNDLE = ROOT.parent / "shared" / "data" / "rfcs" / "rust-lang-rfcs.bundle"
OUT_DIR = ROOT / "benchmarks" / "out"  # git-ignored: JSON results and logs


def at_least(low: int):
    """An argparse type: a whole number, ``low`` or more. ``--rounds 0`` timed nothing and
    wrote a result, ``--docs -5`` sliced from the end, ``--every 0`` failed mid-run."""
    def number(value: str) -> int:
        try:
            n = int(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from None
        if n < low:
            raise argparse.ArgumentTypeError(f"{value}: give {low} or more")
        return n
    return number


def sizes(value: str) -> list[int]:
    """An argparse type: comma-separated corpus sizes, each 1 or more ("10,100,1000")."""
    return [at_least(1)(part.strip()) for part in value.split(",")]


def require_bundle(path: str | Path) -> Path:
    """The RFC bundle, or a clear message and exit 0 when it is genuinely absent."""
    bundle = Path(path)
    if not bundle.is_file():
        print(f"SKIP: the RFC bundle is not at {bundle} (see ../shared/data/README.md); "
              "pass --bundle PATH")
        sys.exit(0)
    return bundle


def require_parser() -> None:
    """Exit 2 with a message unless docnav.parse imports and has ParseOptions and parse_file
    (probed by name: an import of both would be unused here)."""
    try:
        parse = importlib.import_module("docnav.parse")
    except ImportError as exc:
        print(f"docnav.parse is not importable ({exc}); the benchmarks need the real parser.")
        sys.exit(2)
    missing = [name for name in ("ParseOptions", "parse_file") if not hasattr(parse, name)]
    if missing:
        print(f"docnav.parse has no {' or '.join(missing)}; the benchmarks need the real parser.")
        sys.exit(2)


def clone_bundle(bundle: Path, dest: Path, quiet: bool = True) -> Path:
    """``git clone`` the bundle into ``dest`` (offline) and return the clone."""
    subprocess.run(["git", "clone", *(["-q"] if quiet else []), str(bundle), str(dest)],
                   check=True)
    return dest


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                          text=True).stdout


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "load average: %.2f, %.2f, %.2f" % os.getloadavg()


def machine() -> dict:
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem_gb = None
    try:
        import psutil

        mem_gb = round(psutil.virtual_memory().total / 2**30, 1)
    except ImportError:
        pass
    info = {
        "date": _dt.datetime.now().astimezone().isoformat(timespec="seconds"),
        "host_cpus": os.cpu_count(),
        "cpu": cpu,
        "mem_gb": mem_gb,
        "python": platform.python_version(),
    }
    try:
        import torch

        info["torch"] = torch.__version__
        info["torch_threads"] = torch.get_num_threads()
    except ImportError:
        pass
    return info


def header(title: str, argv: list[str] | None = None) -> dict:
    """Print what, when, where and under which load; return it for the JSON results."""
    info = machine()
    info["command"] = " ".join([Path(sys.executable).name, *(argv or sys.argv)])
    info["load_start"] = uptime()
    print(f"== {title}")
    for k, v in info.items():
        print(f"   {k}: {v}")
    sys.stdout.flush()
    return info


def rfc_graph(bundle: Path, tmp: Path, every: int, first: int, embedder):
    """Every ``every``-th RFC of the bundle's ``text/`` from the ``first`` (0-based), indexed
    by the real pipeline (extractive summaries without NLI, no Parquet) under ``tmp``:
    ``(docs folder, graph, index report)``."""
    from docnav.index import Indexer
    from docnav.query import DocNavGraph
    from docnav.store import Store
    from docnav.summaries import SummaryPipelineOptions

    repo = clone_bundle(bundle, tmp / "rfcs")
    docs = tmp / "docs"
    docs.mkdir()
    for f in sorted((repo / "text").glob("*.md"))[first:: every]:
        (docs / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    store = Store(tmp / "db" / "rfcs.duckdb")
    options = index_options(summaries=SummaryPipelineOptions(verify=False),
                            export_parquet=False)
    report = Indexer(store, options, embedder).index([docs])
    print(f"   indexed: {report.summary()}")
    return docs, DocNavGraph.open(store.path, embedder=embedder), report


def make_embedder(kind: str):
    """``real``: all-MiniLM-L6-v2 (loaded now, outside any timing); ``hashing``: no model."""
    from docnav.embed import HashingEmbedder, SentenceTransformerEmbedder

    if kind == "hashing":
        return HashingEmbedder()
    import logging
    import warnings

    warnings.filterwarnings("ignore", category=FutureWarning)
    logging.getLogger("sentence_transformers").setLevel(logging.ERROR)
    return SentenceTransformerEmbedder()


def index_options(**overrides):
    from docnav.index import IndexOptions

    return IndexOptions(progress=False, **overrides)


def fresh_dir(path: Path) -> Path:
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    return path


def write_json(name: str, data: dict) -> Path:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = OUT_DIR / f"{name}-{stamp}.json"
    path.write_text(json.dumps(data, indent=2, default=str))
    return path


def save_results(name: str, results: dict) -> None:
    """Stamp the load at the end of a run into ``results["machine"]``, print it, and save the
    results as ``benchmarks/out/NAME-STAMP.json``, saying where."""
    results["machine"]["load_end"] = uptime()
    print(f"   load at end: {results['machine']['load_end']}")
    print(f"   results saved to {write_json(name, results)}")


def report_dict(report) -> dict:
    """The figures of an IndexReport that the benchmarks print and save."""
    return {
        **{k.removeprefix("documents_"): v for k, v in report.counts().items()},
        "failures": report.failed[:5],
        "stage_seconds": {k: round(v, 3) for k, v in report.stage_seconds.items()},
    }


def median(values: list[float]) -> float:
    s = sorted(values)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


# -- canonical form of a store, for comparing an incremental store with a full rebuild -------

def canonical_tables(db: Path, model: str, digits: int = 4) -> dict[str, set]:
    """Every table with ids replaced by paths: doc_id -> path, node_id -> (path, local_key).

    Doc ids differ legitimately between an incremental store and a rebuild (a renamed document
    keeps the id derived from its old path), so only the canonical forms are comparable.
    ``digits``: edge weights are rounded to this many decimals.
    """
    import duckdb

    con = duckdb.connect(str(db), read_only=True)
    try:
        doc_path = dict(con.execute("SELECT doc_id, path FROM documents").fetchall())
        doc_path["__collection__"] = "__collection__"
        node_key = {
            nid: (doc_path.get(did, f"?doc:{did}"), key)
            for nid, did, key in con.execute("SELECT node_id, doc_id, local_key FROM nodes")
            .fetchall()
        }

        def n(node_id):
            return node_key.get(node_id, ("?node", node_id))

        out: dict[str, set] = {}
        out["documents"] = {
            (p, st, th, ch, title, nn, fmt)
            for p, st, th, ch, title, nn, fmt in con.execute(
                "SELECT path, status, tree_hash, content_hash, title, n_nodes, format "
                "FROM documents").fetchall()
        }
        out["nodes"] = {
            (doc_path.get(did, did), key, kind, bk, lvl, pos,
             n(parent) if parent else None, heading, crumb, text, page, anchor, th, trh)
            for (did, key, kind, bk, lvl, pos, parent, heading, crumb, text, page, anchor, th,
                 trh) in con.execute(
                "SELECT doc_id, local_key, kind, block_kind, level, position, parent_id, "
                "heading, breadcrumb, text, page, anchor, text_hash, tree_hash FROM nodes"
            ).fetchall()
        }
        out["edges"] = {
            (n(s), n(d), kind, round(w, digits), doc_path.get(owner, owner))
            for s, d, kind, w, owner in con.execute(
                "SELECT src, dst, kind, weight, doc_id FROM edges").fetchall()
        }
        out["links"] = {
            (n(nid), doc_path.get(did, did), target, text)
            for nid, did, target, text in con.execute(
                "SELECT node_id, doc_id, target, text FROM links").fetchall()
        }
        out["embeddings"] = {
            th for (th,) in con.execute(
                "SELECT text_hash FROM embeddings WHERE model = ?", [model]).fetchall()
        }
        out["node_vectors"] = {
            (n(nid), doc_path.get(did, did), key)
            for nid, did, key in con.execute(
                "SELECT node_id, doc_id, local_key FROM node_vectors").fetchall()
        }
        counts = {t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                  for t in ("documents", "nodes", "edges", "links", "embeddings",
                            "node_vectors")}
        out["_row_counts"] = {tuple(sorted(counts.items()))}
        out["_doc_ids"] = {(path, did) for did, path in doc_path.items()}  # not compared
    finally:
        con.close()
    return out


def node_vector_gap(db_a: Path, db_b: Path) -> float:
    """Largest |a - b| between the section vectors of the same (path, local_key) in two stores."""
    import duckdb
    import numpy as np

    from docnav.rows import vector_of

    def load(db):
        con = duckdb.connect(str(db), read_only=True)
        try:
            rows = con.execute(
                "SELECT d.path, v.local_key, v.vector FROM node_vectors v "
                "JOIN documents d USING (doc_id)").fetchall()
        finally:
            con.close()
        return {(p, k): vector_of(v) for p, k, v in rows}

    a, b = load(db_a), load(db_b)
    gaps = [float(np.abs(a[k] - b[k]).max()) for k in a.keys() & b.keys()]
    return max(gaps, default=0.0)


def compare_canonical(
    a: dict[str, set], b: dict[str, set], limit: int = 8, weight_tol: float = 2e-4,
    notes: list[str] | None = None,
) -> list[str]:
    """Human-readable differences (``a`` = incremental, ``b`` = rebuild); empty when equal.

    Edges that differ only in weight by at most ``weight_tol`` count as equal: the model's
    output varies in the last float32 bits with the batch a text was embedded in.

    Related lists that differ only in which of several equally scored sections take their last
    places, where one of the sections that differ belongs to a document whose id differs
    between the two stores, count as equal, and are counted in ``notes``: ties are broken by
    node id, and a renamed document keeps the id of its first path in the incremental store
    while a rebuild derives it from the new path (ids are stable by design), so both lists
    are the exact top-k under their own ids. Any other difference in a related list is one.
    """
    lines: list[str] = []
    for table in (a.keys() | b.keys()) - {"_doc_ids"}:
        only_a = a.get(table, set()) - b.get(table, set())
        only_b = b.get(table, set()) - a.get(table, set())
        if table == "edges":
            only_a, only_b = _drop_weight_noise(only_a, only_b, weight_tol)
            only_a, only_b, ties = _drop_tie_breaks(a, b, only_a, only_b, weight_tol)
            if ties and notes is not None:
                notes.append(f"related: {ties} lists differ only in which equally scored "
                             "sections of renamed documents fill their last places (ties are "
                             "broken by node id, which a renamed document keeps; not a "
                             "difference)")
        if not only_a and not only_b:
            continue
        lines.append(f"{table}: {len(only_a)} rows only in incremental, "
                     f"{len(only_b)} only in rebuild")
        for label, rows in (("incremental", only_a), ("rebuild", only_b)):
            for row in sorted(rows, key=repr)[:limit]:
                lines.append(f"   only in {label}: {_short(row)}")
    return lines


def _drop_weight_noise(only_a: set, only_b: set, tol: float) -> tuple[set, set]:
    def key(row):
        return row[:3] + row[4:]

    b_by_key = {}
    for row in only_b:
        b_by_key.setdefault(key(row), []).append(row)
    keep_a, matched_b = set(), set()
    for row in only_a:
        twins = [r for r in b_by_key.get(key(row), []) if abs(r[3] - row[3]) <= tol]
        if twins:
            matched_b.add(twins[0])
        else:
            keep_a.add(row)
    return keep_a, only_b - matched_b


def _drop_tie_breaks(
    a: dict[str, set], b: dict[str, set], only_a: set, only_b: set, tol: float
) -> tuple[set, set, int]:
    """Take out of ``only_a``/``only_b`` the related rows of lists that differ only by a
    tie-break between equally scored sections, one of them of a renamed document (see
    :func:`compare_canonical`); returns the rest and how many lists were taken out."""
    ids_b = dict(b.get("_doc_ids", set()))
    renamed = {path for path, did in a.get("_doc_ids", set()) if ids_b.get(path, did) != did}
    sources = {row[0] for row in only_a | only_b if row[2] == "related"}

    def lists(rows: set) -> dict:  # source -> its whole related list, in one pass
        out: dict = {src: [] for src in sources}
        for r in rows:
            if r[2] == "related" and r[0] in out:
                out[r[0]].append((r[1], r[3]))
        return out

    lists_a, lists_b = lists(a["edges"]), lists(b["edges"])
    tie_only = set()
    for src in sources:
        la, lb = lists_a[src], lists_b[src]
        wa, wb = sorted(w for _, w in la), sorted(w for _, w in lb)
        if len(wa) != len(wb) or any(abs(x - y) > tol for x, y in zip(wa, wb)):
            continue
        last = wa[0] if wa else None
        da = {d for d, w in la if abs(w - last) > tol}
        db = {d for d, w in lb if abs(w - last) > tol}
        changed = {d for d, _ in la} ^ {d for d, _ in lb}
        if da == db and changed and any(path in renamed for path, _ in changed | {src}):
            tie_only.add(src)
    keep_a = {r for r in only_a if not (r[2] == "related" and r[0] in tie_only)}
    keep_b = {r for r in only_b if not (r[2] == "related" and r[0] in tie_only)}
    return keep_a, keep_b, len(tie_only)


def _short(row, width: int = 300) -> str:
    text = repr(row)
    return text if len(text) <= width else text[: width - 3] + "..."


def parquet_has_text(folder: Path, text: str) -> bool:
    """Whether the Parquet files in ``folder`` (replaced atomically, one per document) have a
    node with exactly ``text``: what a reader of the export would find now."""
    import duckdb

    try:
        return duckdb.execute(
            f"SELECT count(*) FROM read_parquet('{folder}/*.parquet', union_by_name=true) "
            "WHERE text = ?", [text]).fetchone()[0] > 0
    except duckdb.Error:  # a file replaced mid-read
        return False
