"""A run that finds the store held by another process waits for it (``lock_wait``), so a query
loading the store or a short run from the shell does not fail a run; past the wait it fails,
naming the holder. Real store, real second process."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from _harness import CORPUS, held

from docnav.cli import main
from docnav.compact import compact_store
from docnav.embed import HashingEmbedder
from docnav.errors import InputError, StoreLocked
from docnav.index import Indexer, IndexOptions
from docnav.store import Store

@pytest.fixture
def docs(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    for name, text in CORPUS.items():
        (folder / name).write_text(text)
    return folder


def run(db: Path, docs: Path, lock_wait: float):
    options = IndexOptions(summaries=None, progress=False, lock_wait=lock_wait)
    return Indexer(Store(db), options, HashingEmbedder()).index([docs])


def test_a_run_waits_for_a_query_loading_the_store(tmp_path, docs):
    db = tmp_path / "store.duckdb"
    assert run(db, docs, 0).ok
    (docs / "alpha.md").write_text(CORPUS["alpha.md"] + "\nA paragraph added later.\n")
    with held(db, "r", 1.5) as reader:
        with pytest.raises(StoreLocked, match=rf"PID {reader.pid}.*or a query loading it"):
            run(db, docs, 0)  # no wait: fails at once, naming the holder
        report = run(db, docs, 60)  # waits until the reader has let go
        assert reader.poll() is not None  # the reader was done before the run could write
    assert report.ok and [Path(p).name for p in report.changed] == ["alpha.md"]


def test_past_the_wait_a_run_fails_and_says_how_long_it_waited(tmp_path, docs):
    db = tmp_path / "store.duckdb"
    assert run(db, docs, 0).ok
    with held(db, "w", 60):
        with pytest.raises(StoreLocked, match=r"locked by another process.*\(waited 0\.5 s\)"):
            run(db, docs, 0.5)
        assert main(["--db", str(db), "index", str(docs), "--embed-model", "hashing",
                     "--no-summaries", "--no-progress", "--wait", "0.5"]) == 2
    assert run(db, docs, 0).ok  # nothing was half-written


@pytest.mark.parametrize("value", ["-1", "soon", "inf"])
def test_a_bad_wait_is_a_usage_error(tmp_path, docs, value, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--db", str(tmp_path / "s.duckdb"), "index", str(docs), "--wait", value])
    assert exit_.value.code == 2 and "--wait" in capsys.readouterr().err


@pytest.mark.parametrize("roots", [[], "docs"])
def test_an_index_run_needs_a_list_of_roots(tmp_path, roots):
    """An empty list is not an empty collection (it would count every document removed)."""
    with pytest.raises(InputError, match="give a list of the folders or files to index"):
        Indexer(Store(tmp_path / "s.duckdb"), IndexOptions(summaries=None),
                HashingEmbedder()).index(roots, paths=[])


@pytest.mark.parametrize("exclusive", [True, False])
def test_a_wait_says_the_holder_the_error_names_without_its_advice(tmp_path, exclusive):
    """A wait's first line took the holder from the error's text, cut at ". Wait for it":
    the error now carries its holder apart (StoreLocked.holder), and the line says that."""
    from docnav.writer_lock import take, waiting_line

    db = tmp_path / "store.duckdb"
    with take(db, not exclusive):
        with pytest.raises(StoreLocked) as refused:
            take(db, exclusive).close()
    holder = refused.value.holder
    assert holder.startswith(f"{db}: the store is locked") and "Wait" not in holder
    # a compaction waits for the writers; a writer held off by a compaction may give --wait
    advice = "Wait for it to finish" if exclusive else "Try again when it has finished"
    assert str(refused.value).startswith(f"{holder}. {advice}")
    assert waiting_line(refused.value, 60) == f"{holder}; waiting up to 60 s for it to finish"


def waits_logged(caplog, pid: int) -> list[str]:
    """The lines logged under "docnav" that say a wait for the store held by ``pid`` starts."""
    return [r.getMessage() for r in caplog.records if r.name.startswith("docnav")
            and f"the store is locked by another process (PID {pid})" in r.getMessage()
            and r.getMessage().endswith("; waiting up to 60 s for it to finish")]


def test_a_library_run_given_no_waiting_logs_whom_it_waits_for(tmp_path, docs, caplog):
    """`Indexer(Store(db), IndexOptions(lock_wait=60))`, as the README's library example
    writes it (no ``waiting=``): the wait said nothing, so a run of minutes looked hung. The
    line the CLI prints is logged now, as a warning (on stderr where logging is not set up)."""
    db = tmp_path / "store.duckdb"
    assert run(db, docs, 0).ok
    (docs / "alpha.md").write_text(CORPUS["alpha.md"] + "\nA paragraph added later.\n")
    with caplog.at_level(logging.WARNING, logger="docnav"), held(db, "w", 1.5) as holder:
        assert run(db, docs, 60).ok
    assert len(waits_logged(caplog, holder.pid)) == 1, caplog.text


def test_a_library_compaction_given_no_waiting_logs_whom_it_waits_for(tmp_path, docs, caplog):
    db = tmp_path / "store.duckdb"
    assert run(db, docs, 0).ok
    with caplog.at_level(logging.WARNING, logger="docnav"), held(db, "r", 1.5) as holder:
        compact_store(Store(db, lock_wait=60))
    assert len(waits_logged(caplog, holder.pid)) == 1, caplog.text
