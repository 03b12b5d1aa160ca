"""An index run shows its progress on stderr: how many of its documents are in the store and
the stage running now (a batch's embedding or summaries can take a minute before its documents
are written). Only after a second of work, and only on a terminal unless asked for."""

from __future__ import annotations

import shutil
from pathlib import Path

import docnav.progress as progress_module
from docnav.embed import HashingEmbedder
from docnav.index import IndexOptions, Indexer
from docnav.progress import progress
from docnav.store import Store
from docnav.summaries import SummaryPipelineOptions

SAMPLES = Path(__file__).resolve().parents[1] / "samples" / "rfcs"


def _index(tmp_path: Path, shown: bool | None):
    docs = tmp_path / "docs"
    shutil.copytree(SAMPLES, docs, ignore=shutil.ignore_patterns("LICENSE*", "*.txt"))
    options = IndexOptions(progress=shown, summaries=SummaryPipelineOptions(verify=False))
    return Indexer(Store(tmp_path / "store.duckdb"), options, HashingEmbedder()).index([docs])


def test_a_run_names_each_stage_and_counts_the_documents_written(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(progress_module, "DELAY", 0.0)  # every stage drawn, however fast
    monkeypatch.setattr(progress_module, "_REDRAW", 0.0)
    report = _index(tmp_path, shown=True)
    err = capsys.readouterr().err
    texts = report.texts_embedded
    assert texts > 128, "the samples should need more than one embedder call"
    stages = ["parsing 0003-attribute-usage.md", "parsing 0458-send-improvements.md",
              f"embedding 0/{texts} texts", f"embedding 128/{texts} texts",
              "summaries 3/4 documents", "writing 4 documents",
              "Parquet export", "links, related sections, collection summary"]
    at = [err.find(stage) for stage in stages]
    assert -1 not in at, [s for s, i in zip(stages, at) if i < 0]
    assert at == sorted(at), "stages shown out of order"
    assert err.rfind("Parquet export") > at[-1], "the collection's export comes last"
    assert "0/4" in err[: at[stages.index("writing 4 documents")]]
    assert "4/4" in err[at[stages.index("writing 4 documents")]:]


def test_nothing_is_shown_where_stderr_is_not_a_terminal(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(progress_module, "DELAY", 0.0)
    _index(tmp_path, shown=None)  # auto: pytest's captured stderr is no terminal
    assert capsys.readouterr().err == ""


def test_work_shorter_than_the_delay_shows_nothing(capsys):
    bar = progress(3, True)
    bar.stage("parsing a.md")
    bar.advance(3)
    bar.close()
    assert capsys.readouterr().err == ""


def test_a_log_gets_a_line_per_batch_and_the_stage_after_a_quiet_spell(monkeypatch):
    lines: list[str] = []
    log = progress(20, False, log=lines.append)  # a log, whatever the terminal
    log.stage("parsing a.md")
    assert lines == []  # not a minute yet
    log.advance(16)
    monkeypatch.setattr(progress_module, "LOG_EVERY", 0.0)
    log.stage("embedding 128/900 texts")
    log.advance(4)
    log.close()
    assert [line.split(" in ")[0] for line in lines] == [
        "indexing: 16/20 documents done", "indexing: 16/20 documents done",
        "indexing: 20/20 documents done"]
    assert lines[1].endswith("; now embedding 128/900 texts")
