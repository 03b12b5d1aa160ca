"""The README's quickstart is exactly what it says, the demo's steps work, and so does the
README's Python example.

The quickstart is two commands, ``bash scripts/demo.sh`` and ``bash scripts/test.sh``. The demo
runs setup first (pip installs); here the rest of it runs as written, through the installed
``.venv/bin/docnav``, in a scratch copy of the repository. Only the index steps get speed
flags: the hashing embedder and unverified summaries, so that no model is loaded.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from _cli import TWO_DOCUMENTS, docnav, index, indexed_files, written

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DEMO = ROOT / "scripts" / "demo.sh"
QUICKSTART = ["bash scripts/demo.sh", "bash scripts/test.sh"]
DOCNAV = ROOT / ".venv" / "bin" / "docnav"  # as the demo calls it


def quickstart_commands(readme: str) -> list[str]:
    """The lines of the first ```bash block under the "Quickstart" heading."""
    section = re.search(r"^#+ Quickstart\s*$(.*?)(?=^#+ |\Z)", readme, re.M | re.S)
    assert section, "README.md has no Quickstart heading"
    block = re.search(r"^```bash\n(.*?)^```", section.group(1), re.M | re.S)
    assert block, "the Quickstart section has no ```bash block"
    return [line.strip() for line in block.group(1).splitlines() if line.strip()]


def test_quickstart_is_exactly_the_demo_and_test_scripts():
    assert README.exists(), "README.md is missing at the repository root"
    assert quickstart_commands(README.read_text()) == QUICKSTART


@pytest.mark.parametrize("command", QUICKSTART)
def test_quickstart_scripts_exist(command):
    script = ROOT / command.split()[-1]
    assert script.is_file(), f"{command}: {script} does not exist"
    assert script.read_text().startswith("#!/usr/bin/env bash\n")
    result = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
    assert result.returncode == 0, f"{script} has a bash syntax error: {result.stderr}"


def test_ci_runs_the_test_command_and_nothing_else():
    lines = [x for x in (ROOT / ".ci" / "run").read_text().splitlines()
             if x.strip() and not x.startswith("#")]
    assert lines[-1] == "exec bash scripts/test.sh"


def test_demo_runs_setup_then_indexes_shows_asks_and_reindexes_an_edit():
    text = DEMO.read_text()
    assert text.index("bash scripts/setup.sh") < text.index('.venv/bin/docnav index "$docs"')
    assert text.index(".venv/bin/docnav show") < text.index(".venv/bin/docnav ask")


def _files(*folders: Path) -> dict[Path, bytes]:
    return {f: f.read_bytes() for d in folders for f in sorted(d.rglob("*")) if f.is_file()}


def test_demo_steps_work(tmp_path):
    """The demo without its setup line, in a copy of the repository's files it uses
    (:func:`_demo_work`). It runs where a user has a store of
    their own in $DOCNAV_DB (as the README's Dagster section has them export it) and one at the
    default path with its Parquet export: the demo uses and removes only its own store, and
    leaves both as they were, byte for byte.
    """
    work = _demo_work(tmp_path)
    (work / "mine").mkdir()
    mine = indexed_files(work / "mine", TWO_DOCUMENTS)  # with its export in mine/parquet
    default = work / ".docnav" / "docnav.duckdb"
    assert index(default, written(work / "notes", TWO_DOCUMENTS)) == 0
    # the older demo's store beside it, without an export: removed; the default's export kept
    old_demo = default.parent / "demo.duckdb"
    assert docnav(old_demo, "index", str(written(work / "old", TWO_DOCUMENTS)), "--no-parquet",
                  "--embed-model", "hashing", "--no-summaries", "--no-progress") == 0
    before = _files(mine.parent, default.parent)
    assert (default.parent / "parquet" / "documents.parquet") in before
    del before[old_demo]
    result = _run_demo(work, {**os.environ, "DOCNAV_DB": str(mine)})
    assert result.returncode == 0, f"the demo's steps failed:\n{result.stderr[-3000:]}"
    out = result.stdout
    assert re.search(r"^4 added, 0 changed, 0 renamed, 0 removed, 0 unchanged, 0 failed; ",
                     out, re.M), out
    assert re.search(r"^4 documents; edges: ", out, re.M), out
    assert re.search(r"^\s+Motivation  \[[0-9a-f]{12}\] \(\d+ paragraphs", out, re.M), out
    assert re.search(r"^route: local; .*\nread first \(up to \d+ tokens\): .+\.md, the best match "
                     r"of the 4 documents asked of\n(next best: .+\n)?(not in the evidence: .+\n)?"
                     r"stopped: .+\n\n"
                     r"\[1\] [0-9a-f]{12}  .+ › .+\.md\)$", out, re.M), out
    assert re.search(r"^0 added, 1 changed, 0 renamed, 0 removed, 3 unchanged, 0 failed; "
                     r"\d+ nodes written, 1 text embedded", out, re.M), out
    after = _files(mine.parent, default.parent)
    assert {f: after.get(f) for f in before} == before, "the demo changed a store not its own"
    assert (work / ".docnav" / "demo" / "demo.duckdb").exists() and not old_demo.exists()
    assert not re.search(r"^(docnav: )?error", result.stderr, re.M), result.stderr


def _demo_work(tmp_path: Path) -> Path:
    """A copy of the repository's files the demo uses, its script without the setup line and
    with speed flags to `index` only: the hashing embedder and unverified summaries, so no
    model is loaded."""
    assert DOCNAV.exists(), f"{DOCNAV}: the docnav console script is not installed"
    script = DEMO.read_text().replace("bash scripts/setup.sh\n", "")
    script = script.replace('.venv/bin/docnav index "$docs"',
                            '.venv/bin/docnav index "$docs" --embed-model hashing --no-verify')
    work = tmp_path / "repo"
    (work / "scripts").mkdir(parents=True)
    (work / "scripts" / "demo.sh").write_text(script)
    (work / "samples").symlink_to(ROOT / "samples")
    (work / ".venv").symlink_to(ROOT / ".venv")
    return work


def _run_demo(work: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(work / "scripts" / "demo.sh")], cwd=work, env=env,
                          capture_output=True, text=True, timeout=600)


def test_the_demo_removes_the_older_demos_store_and_its_export(tmp_path):
    """The older demo (before 31b7567) left .docnav/demo.duckdb and its export .docnav/parquet,
    which then kept the default store from exporting there: `docnav index` into it was refused
    after the upgrade. The demo removes both, the export only as that store's."""
    work = _demo_work(tmp_path)
    old_demo = work / ".docnav" / "demo.duckdb"
    assert index(old_demo, written(work / "old", TWO_DOCUMENTS)) == 0
    assert (old_demo.parent / "parquet" / "documents.parquet").exists()
    env = {k: v for k, v in os.environ.items() if k != "DOCNAV_DB"}
    result = _run_demo(work, env)
    assert result.returncode == 0, f"the demo's steps failed:\n{result.stderr[-3000:]}"
    assert not old_demo.exists() and not (old_demo.parent / "parquet").exists()
    assert index(old_demo.parent / "docnav.duckdb", work / "old") == 0


def test_the_python_example_runs_against_an_indexed_folder(tmp_path, monkeypatch):
    """The README's ```python block, as written, in a folder indexed with `docnav index`."""
    from docnav.index import Indexer, IndexOptions
    from docnav.embed import HashingEmbedder
    from docnav.store import Store

    block = re.search(r"^```python\n(.*?)^```", README.read_text(), re.M | re.S)
    assert block, "README.md has no ```python block"
    monkeypatch.chdir(tmp_path)
    Indexer(Store(".docnav/docnav.duckdb"), IndexOptions(summaries=None, progress=False),
            HashingEmbedder()).index([ROOT / "samples" / "rfcs"])
    names: dict = {}
    exec(compile(block.group(1), "README.md", "exec"), names)
    assert names["graph"].embedder.model_id == "hashing-v1-256"  # the stored vectors' model
    assert names["hits"] and names["pieces"] and names["answer"].evidence
    assert names["stale"] == []  # every file of the sample indexes
    assert [p.rsplit("/", 1)[1] for p in names["citing"]] == ["0019-opt-in-builtin-traits.md"]
