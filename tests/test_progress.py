"""An index run shows its progress on stderr: how many of its documents are in the store and
the stage running now (a batch's embedding or summaries can take a minute before its documents
are written). Only after a second of work, and only on a terminal unless asked for."""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

import pytest

import docnav.progress as progress_module
from docnav.abstractive import ChatOptions, ChatSummarizer
from docnav.embed import HashingEmbedder
from docnav.index import IndexOptions, Indexer
from docnav.progress import progress
from docnav.store import Store
from docnav.summaries import SummaryPipelineOptions
from _endpoint import ChatEndpoint
from _harness import held
from _paths import FIXTURES, require

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
              "summaries 1/", "writing 4 documents",
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


def test_a_stage_that_comes_too_soon_to_draw_is_drawn_when_it_may_be(capsys, monkeypatch):
    """Stages are drawn a second into the work and a tenth of a second apart at most: one that
    came sooner waited for the next call, so a long stage right after a short one ("parsing
    big.pdf" after "parsing small.md") was never shown while it ran."""
    monkeypatch.setattr(progress_module, "DELAY", 0.2)
    bar = progress(2, True)
    bar.stage("parsing small.md")
    bar.stage("parsing big.pdf")  # and no other call while it runs
    shown, deadline = "", time.monotonic() + 20
    while "parsing big.pdf" not in shown and time.monotonic() < deadline:
        time.sleep(0.05)
        shown += capsys.readouterr().err
    bar.close()
    assert "parsing big.pdf" in shown


def test_a_pdf_s_parse_is_shown_however_soon_it_comes(tmp_path, capsys, monkeypatch):
    """docling-parse holds the interpreter while it reads a PDF, so a redraw waiting for its
    turn is drawn only after it: the stage of a PDF's parse is drawn as it starts."""
    monkeypatch.setattr(progress_module, "DELAY", 0.0)
    monkeypatch.setattr(progress_module, "_REDRAW", 3600.0)  # only stages drawn at once show
    docs = tmp_path / "docs"
    docs.mkdir()
    shutil.copy(SAMPLES / "0003-attribute-usage.md", docs / "a.md")
    shutil.copy(require(FIXTURES / "pdf" / "bookmark_sample.pdf"), docs / "b.pdf")
    options = IndexOptions(progress=True, summaries=None, export_parquet=False)
    Indexer(Store(tmp_path / "store.duckdb"), options, HashingEmbedder()).index([docs])
    err = capsys.readouterr().err
    assert "parsing b.pdf" in err and "parsing a.md" not in err


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
    assert [line.split(" (")[0] for line in lines] == [
        "indexing: 16/20 documents done", "indexing: 16/20 documents done",
        "indexing: 20/20 documents done"]
    assert lines[1].endswith("; now embedding 128/900 texts")



def _summary_stages(tmp_path: Path, summaries_before: bool) -> tuple[list[tuple[int, ...]], int]:
    """Index two samples with summaries from a local endpoint (after a run without summaries
    unless ``summaries_before``): each "summaries k/n (of 0003-attribute-usage.md)" stage
    logged, as (k, n, the document's name, the requests answered when it came), and the
    summaries built for the documents."""
    endpoint = ChatEndpoint("The attribute is checked by the compiler.")
    docs = tmp_path / "docs"
    docs.mkdir()
    for name in ("0003-attribute-usage.md", "0019-opt-in-builtin-traits.md"):
        shutil.copy(SAMPLES / name, docs)
    store = Store(tmp_path / "store.duckdb")
    if not summaries_before:
        Indexer(store, IndexOptions(summaries=None), HashingEmbedder()).index([docs])
    summarizer = ChatSummarizer(ChatOptions(base_url=endpoint.url, model="m"))
    options = IndexOptions(summaries=SummaryPipelineOptions(verify=False, summarizer=summarizer))
    shown: list[tuple[str, int]] = []  # each stage, and the requests answered when it came
    log = lambda line: shown.append((line.split("; now ")[-1], endpoint.requests))  # noqa: E731
    try:
        report = Indexer(store, options, HashingEmbedder(), progress_log=log).index([docs])
    finally:
        endpoint.close()
    found = [(re.fullmatch(r"summaries (\d+)/(\d+) \(of (\S+\.md)\)", stage), asked)
             for stage, asked in shown]
    return ([(int(m[1]), int(m[2]), m[3], asked) for m, asked in found if m],
            report.summaries.rebuilt - 1)  # the collection's is built after the documents'


@pytest.mark.parametrize("summaries_before", [True, False], ids=["new", "switched-on"])
def test_summaries_from_a_chat_endpoint_move_the_stage_once_per_summary(
        tmp_path, monkeypatch, summaries_before):
    """Each summary from an endpoint is a request of seconds: the stage counts summaries, so it
    moves between requests inside a document instead of standing at one document for minutes,
    in a run's batches and where summaries are switched on for documents already indexed."""
    monkeypatch.setattr(progress_module, "LOG_EVERY", 0.0)  # every stage logged
    counts, total = _summary_stages(tmp_path, summaries_before)
    assert total > 4, "the documents should have several sections each"
    assert [(k, n, asked) for k, n, _, asked in counts] == [(k, total, k - 1)
                                                            for k in range(1, total + 1)]
    named = [doc for *_, doc, _ in counts]
    in_turn = [doc for i, doc in enumerate(named) if i == 0 or named[i - 1] != doc]
    assert sorted(in_turn) == ["0003-attribute-usage.md", "0019-opt-in-builtin-traits.md"], \
        in_turn  # each document's summaries in a row, named


def test_a_log_names_a_long_stage_while_it_runs(monkeypatch):
    """A stage that runs for minutes (the parse of a 3 MB Markdown file, its 16,000 texts'
    embedding) calls nothing here while it runs: its first line came at 186 s, after it. The
    stage is logged once a quiet spell passed, and again after each spell while it runs."""
    monkeypatch.setattr(progress_module, "STILL_EVERY", 0.2)
    lines: list[str] = []
    log = progress(1, False, log=lines.append)
    log.stage("parsing big.md")  # and nothing more while it runs
    deadline = time.monotonic() + 20
    while len(lines) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    log.close()
    after = len(lines)
    time.sleep(0.5)
    assert len(lines) == after, "a line after the log was closed"
    assert len(lines) >= 2 and all(
        re.fullmatch(r"indexing: 0/1 document done \(\d+ s into the run\); now parsing "
                     r"big\.md", line)
        for line in lines), lines


def test_a_stage_before_the_bar_is_said_once_it_takes_seconds(monkeypatch):
    """Before its documents are known a run showed nothing: the scan, the store's opening and
    the models' loading took 13 s of an 18 s run before the bar. A stage that runs on is said
    on a line of its own; one that ends sooner, and any after the close, is not."""
    monkeypatch.setattr(progress_module, "EARLY_AFTER", 0.2)
    lines: list[str] = []
    early = progress_module.starting(False, log=lines.append)
    early.stage("scanning docs")  # ends at once
    early.stage("loading the NLI model")  # and nothing more while it loads
    deadline = time.monotonic() + 20
    while not lines and time.monotonic() < deadline:
        time.sleep(0.05)
    early.stage("waiting for the store", said=True)  # its own line says it
    time.sleep(0.4)
    early.stage("opening the store")
    early.close()
    time.sleep(0.4)
    assert lines == ["indexing: loading the NLI model ..."]


def test_a_run_s_progress_lines_count_their_time_from_its_start(tmp_path):
    """The progress lines counted from the bar's start ("4/4 documents done in 24 s" of a run
    whose summary said 30.99 s): they count from the run's start, and say so. The run waits
    here 3 s for a store held by another process before its bar, so the two clocks differ."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# Alpha\n\nAlpha has apples.\n")
    db = tmp_path / "store.duckdb"
    Indexer(Store(db), IndexOptions(summaries=None), HashingEmbedder()).index([docs])
    (docs / "a.md").write_text("# Alpha\n\nAlpha has apples and pears.\n")
    options = IndexOptions(summaries=None, export_parquet=False, lock_wait=60)
    said: list[tuple[str, float]] = []
    indexer = Indexer(Store(db), options, HashingEmbedder(),
                      progress_log=lambda line: said.append((line, time.monotonic())))
    with held(db, "w", 3):
        started = time.monotonic()
        report = indexer.index([docs])
    [(done, at)] = [(line, at) for line, at in said if "document done" in line]
    seconds = re.fullmatch(r"indexing: 1/1 document done \((\d+) s into the run\)", done)
    assert seconds, done
    assert int(seconds[1]) >= 2, done  # the wait before the bar is counted
    assert abs(int(seconds[1]) - (at - started)) <= 1.0, (done, at - started)
    assert int(seconds[1]) <= report.seconds + 0.5


def test_the_stages_after_the_store_s_opening_are_named(tmp_path, monkeypatch):
    """Once the store was open no stage was set until the bar: a slow plan or stale query on a
    big store was said as "opening the store ...". An unchanged store's run (no bar) names its
    plan, and goes on saying its stages until it ends (here each at once: EARLY_AFTER 0)."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# Alpha\n\nAlpha has apples.\n")
    store = Store(tmp_path / "store.duckdb")
    Indexer(store, IndexOptions(summaries=None), HashingEmbedder()).index([docs])
    monkeypatch.setattr(progress_module, "EARLY_AFTER", 0.0)
    lines: list[str] = []
    options = IndexOptions(summaries=None, progress=False)
    report = Indexer(store, options, HashingEmbedder(), progress_log=lines.append).index([docs])
    assert report.unchanged and not report.added
    assert "indexing: planning the run ..." in lines, lines
    assert "indexing: Parquet export ..." in lines, lines  # after the plan: said all the same
    assert not [line for line in lines if "done (" in line], lines  # nothing counted


def test_a_log_says_how_many_of_the_documents_done_failed(tmp_path):
    """Both documents failed to parse: the log said "indexing: 2/2 documents done" as of a
    run that indexed them."""
    docs = tmp_path / "docs"
    docs.mkdir()
    for name in ("a", "b"):
        (docs / f"{name}.md").write_bytes(bytes(range(256)) * 64 + b"\xff\xfe\x00" * 500)
    (docs / "c.md").write_text("# C\n\nCows give milk.\n")
    lines: list[str] = []
    indexer = Indexer(Store(tmp_path / "store.duckdb"),
                      IndexOptions(progress=False, summaries=None, export_parquet=False),
                      HashingEmbedder())
    indexer.progress_log = lines.append
    report = indexer.index([docs])
    assert len(report.failed) == 2
    done = [line for line in lines if " documents done (" in line]
    assert done and re.match(r"indexing: 3/3 documents done \(2 failed; \d+ s into the run\)$",
                             done[-1]), done
