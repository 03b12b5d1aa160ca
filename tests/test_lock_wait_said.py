"""A command that waits for a store another process holds says so as its wait starts, naming
the holder's PID, whatever its progress shows: `docnav index` on a terminal (with its bar)
and with --no-progress, `docnav watch`, `docnav prune` and `docnav compact` (they waited in
silence, so a wait of minutes looked like a hang). Real store, real holders in other
processes."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

from _cli import SAMPLE_DOCS, SAMPLES, index, run
from _harness import held, writer_held
from _paths import REPO


def sample_store(tmp_path: Path) -> Path:
    db = tmp_path / "s.duckdb"
    assert index(db, *(SAMPLES / d for d in SAMPLE_DOCS[:2])) == 0
    return db


def waiting_said(err: str, pid: int) -> list[str]:
    """The lines of ``err`` that say a wait for the store held by ``pid`` starts."""
    return [line for line in err.splitlines()
            if "the store is locked by another process" in line and f"(PID {pid}" in line
            and line.endswith("; waiting up to 60 s for it to finish")]


def test_index_with_no_progress_says_whom_it_waits_for(tmp_path):
    db = sample_store(tmp_path)
    with held(db, "w", 1.5) as holder:
        code, _, err = run(db, "index", str(SAMPLES / SAMPLE_DOCS[2]), "--embed-model",
                           "hashing", "--no-summaries", "--no-progress", "--wait", "60")
    assert code == 0 and len(waiting_said(err, holder.pid)) == 1, err


def test_index_on_a_terminal_says_whom_it_waits_for(tmp_path):
    """Its stderr a terminal, where the progress bar goes: the line is there too, before
    the run goes on once the holder is gone."""
    db = sample_store(tmp_path)
    with held(db, "w", 120) as holder:
        master, terminal = pty.openpty()
        proc = subprocess.Popen(
            [sys.executable, "-m", "docnav.cli", "--db", str(db), "index",
             str(SAMPLES / SAMPLE_DOCS[2]), "--embed-model", "hashing", "--no-summaries",
             "--wait", "60"], cwd=REPO, stdout=subprocess.PIPE, stderr=terminal, text=True)
        os.close(terminal)
        said = ""
        deadline = time.monotonic() + 60
        while not waiting_said(said.replace("\r", ""), holder.pid):
            assert time.monotonic() < deadline and proc.poll() is None, said
            if select.select([master], [], [], 0.5)[0]:
                said += os.read(master, 4096).decode()
        holder.kill()  # the run goes on now
        out, _ = proc.communicate(timeout=60)
        os.close(master)
    assert proc.returncode == 0 and out.strip().startswith("1 added"), out


def test_watch_says_whom_it_waits_for(tmp_path):
    """Its first full run waits for a run holding the store: the watcher said nothing until
    the wait was over (or its error, after --wait)."""
    db, docs = tmp_path / "s.duckdb", tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\nFirst text.\n")
    assert index(db, docs) == 0
    (docs / "b.md").write_text("# B\n\nSecond text.\n")
    with held(db, "w", 1.5) as holder:
        code, out, err = run(db, "watch", str(docs), "--embed-model", "hashing",
                             "--no-summaries", "--no-progress", "--wait", "60", "--seconds",
                             "0.5")
    assert code == 0 and out.startswith("1 added"), out
    assert len(waiting_said(err, holder.pid)) == 1, err


def test_prune_says_whom_it_waits_for(tmp_path):
    db = sample_store(tmp_path)
    with held(db, "w", 1.5) as holder:
        code, out, err = run(db, "prune", "--wait", "60")
    assert code == 0 and out.startswith("nothing to prune")
    assert len(waiting_said(err, holder.pid)) == 1, err


def test_compact_says_whom_it_waits_for(tmp_path):
    """Compaction waits for the writer lock (no DuckDB error names its holder): the PID is
    the one the system lists as holding it."""
    db = sample_store(tmp_path)
    with writer_held(db, 1.5) as writer:
        code, out, err = run(db, "compact", "--wait", "60")
    assert code == 0 and out.startswith(f"{db}: "), out
    assert len(waiting_said(err, writer.pid)) == 1, err


def test_compact_names_a_compaction_holding_the_store(tmp_path):
    """Another compaction holds the writers' lock exclusively: the wait says so, where it
    said "(PID N: a running docnav index, Dagster run or resident worker)"."""
    db = sample_store(tmp_path)
    with writer_held(db, 1.5, exclusive=True) as other:
        code, out, err = run(db, "compact", "--wait", "60")
    assert code == 0 and out.startswith(f"{db}: "), out
    said = [line for line in err.splitlines() if "waiting up to 60 s" in line]
    assert said == [f"{db}: the store is locked: `docnav compact` is compacting it "
                    f"(PID {other.pid}); waiting up to 60 s for it to finish"], err


def test_a_run_waiting_for_a_compaction_says_compacting_as_the_readme_does(tmp_path):
    """A run's wait for a compaction said "`docnav compact` is rewriting it", compact's own
    wait "is compacting it", the README the latter: one word now."""
    db = sample_store(tmp_path)
    with writer_held(db, 1.5, exclusive=True) as other:
        code, _, err = run(db, "index", str(SAMPLES / SAMPLE_DOCS[2]), "--embed-model",
                           "hashing", "--no-summaries", "--no-progress", "--wait", "60")
    assert code == 0, err
    said = [line for line in err.splitlines() if "waiting up to 60 s" in line]
    assert said == [f"{db}: the store is locked: `docnav compact` is compacting it "
                    f"(PID {other.pid}); waiting up to 60 s for it to finish"], err


def test_compact_waits_for_a_query_holding_the_store_and_says_so(tmp_path):
    """A reader (a query loading the store) keeps a compaction's DuckDB open out, not its
    writers' lock: compact waits for it all the same (`--wait`), with the line naming it."""
    db = sample_store(tmp_path)
    with held(db, "r", 1.5) as reader:
        code, out, err = run(db, "compact", "--wait", "60")
    assert code == 0 and out.startswith(f"{db}: "), out
    assert len(waiting_said(err, reader.pid)) == 1, err


def test_index_waits_for_the_store_before_it_loads_the_nli_model(tmp_path):
    """The NLI model was loaded before the store's lock was tried (20-50 s for a real one),
    so the waiting line came that late and --wait was not kept to: with a held store, a model
    folder that cannot load failed the run on the model. Now the lock comes first, the model
    once the store is held; a model folder that is not there still fails before the wait."""
    db = sample_store(tmp_path)
    not_a_model, missing = tmp_path / "not-a-model", tmp_path / "no-such-model"
    not_a_model.mkdir()
    doc = str(SAMPLES / SAMPLE_DOCS[2])
    with held(db, "w", 120) as holder:
        code, _, err = run(db, "index", doc, "--embed-model", "hashing", "--nli-model",
                           str(not_a_model), "--no-progress", "--wait", "1")
        assert code != 0 and "cannot load NLI model" not in err, err
        assert any("the store is locked by another process" in line and f"(PID {holder.pid}"
                   in line and line.endswith("waiting up to 1 s for it to finish")
                   for line in err.splitlines()), err
        code, _, err = run(db, "index", doc, "--embed-model", "hashing", "--nli-model",
                           str(missing), "--no-progress", "--wait", "1")
    assert code == 2 and "does not exist" in err and "locked" not in err, err
    new = tmp_path / "new" / "s.duckdb"  # loaded in the store's session: refused, it leaves none
    code, _, err = run(new, "index", doc, "--embed-model", "hashing", "--nli-model",
                       str(not_a_model), "--no-progress")
    assert code == 2 and "cannot load NLI model" in err and not new.parent.exists(), err
