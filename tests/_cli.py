"""Running ``docnav.cli.main`` in-process for the CLI tests: on a store, on a copy of the
bundled sample (four RFCs) indexed with the hashing embedder and no summaries, so no model is
loaded."""

from __future__ import annotations

import contextlib
import io
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from docnav.cli import main

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples" / "rfcs"
SAMPLE_DOCS = sorted(p.name for p in SAMPLES.glob("*.md"))
SUMMARY = re.compile(
    r"^(?P<added>[\d,]+) added, (?P<changed>[\d,]+) changed, (?P<renamed>[\d,]+) renamed, "
    r"(?P<removed>[\d,]+) removed, (?P<unchanged>[\d,]+) unchanged, (?P<failed>[\d,]+) failed; "
    r".*; \d+\.\d\d s$"
)
SEND = "Why does Send need a static bound?"  # a question of the sample
# two small documents of their own, for the tests of stores and exports
TWO_DOCUMENTS = {"a.md": "# Alpha\n\nAlpha has apples.\n",
                 "b.md": "# Bravo\n\nBravo builds boats.\n"}


def docnav(db: Path, *args: str) -> int:
    return main(["--db", str(db), *args])


def run(db: Path, *args: str) -> tuple[int, str, str]:
    """``docnav --db DB ARGS...``: its exit code, standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = docnav(db, *args)
    return code, out.getvalue(), err.getvalue()


def index(db: Path, *paths: Path) -> int:
    return docnav(db, "index", *map(str, paths), "--embed-model", "hashing", "--no-summaries",
                  "--no-progress")


def written(folder: Path, files: dict[str, str]) -> Path:
    """``files`` (name -> text) written to ``folder``, made here; the folder is returned."""
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder


def indexed_files(base: Path, files: dict[str, str]) -> Path:
    """``files`` (name -> text) written to ``base``/docs and indexed by ``docnav index`` into
    ``base``/g.duckdb, which is returned."""
    docs = base / "docs"
    docs.mkdir()
    for name, text in files.items():
        (docs / name).write_text(text)
    db = base / "g.duckdb"
    assert index(db, docs) == 0
    return db


def summary_counts(stdout: str) -> dict[str, int]:
    last = stdout.strip().splitlines()[-1]
    match = SUMMARY.match(last)
    assert match, f"last line is not the run summary: {last!r}"
    return {k: int(v.replace(",", "")) for k, v in match.groupdict().items()}


@dataclass(frozen=True)
class Indexed:
    docs: Path
    db: Path
    code: int
    out: str
    err: str


def index_sample(base: Path) -> Indexed:
    """A copy of the sample under ``base`` indexed by the CLI, with what that run printed."""
    docs = base / "rfcs"
    shutil.copytree(SAMPLES, docs)
    db = base / "store" / "docnav.duckdb"
    code, out, err = run(db, "index", str(docs), "--embed-model", "hashing", "--no-summaries",
                         "--no-progress")
    return Indexed(docs, db, code, out, err)
