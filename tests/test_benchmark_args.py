"""The benchmark scripts refuse numbers that measure nothing (benchmarks/_common.at_least,
sizes): exit 2 and argparse's message naming the option, before any work. A zero or negative
count wrote a meaningless result, or failed mid-run with a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"

BAD = [
    ("bench_cli_query.py", "--rounds", "0"),
    ("bench_cli_query.py", "--rounds", "-1"),
    ("bench_prune.py", "--docs", "-5"),
    ("bench_prune.py", "--docs", "0"),
    ("bench_query_latency.py", "--docs", "-1"),
    ("bench_build.py", "--limit", "-1"),
    ("bench_verifier.py", "--per-kind", "-1"),
    ("bench_summaries.py", "--sections", "-1"),
    ("eval_summaries.py", "--every", "0"),
    ("eval_named_sections.py", "--every", "0"),
    ("eval_best_document.py", "--every", "0"),
    ("bench_edit.py", "--sizes", "abc"),
    ("bench_edit.py", "--sizes", "0"),
    ("pool_edit.py", "--sizes", "abc"),
    ("bench_replay.py", "--count", "0"),
    ("bench_watch_latency.py", "--docs", "0"),
    ("bench_lexical_build.py", "--rounds", "0"),
]


@pytest.mark.parametrize("script, option, value", BAD, ids=[" ".join(b) for b in BAD])
def test_a_benchmark_refuses_a_count_that_measures_nothing(tmp_path, script, option, value):
    extra = ["nothing.json"] if script == "pool_edit.py" else []  # its required files
    done = subprocess.run([sys.executable, str(BENCHMARKS / script), *extra, option, value],
                          capture_output=True, text=True, cwd=tmp_path, timeout=300,
                          env=os.environ | {"HF_HUB_OFFLINE": "1"})
    assert done.returncode == 2, done.stderr[-2000:]
    assert f"error: argument {option}: " in done.stderr
    assert "Traceback" not in done.stderr
