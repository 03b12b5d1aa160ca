"""Paths to ../shared (data and the offline NLI model) for the tests; conftest.py takes
them from here too."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
DATA = SHARED / "data"
FIXTURES = DATA / "fixtures"
QASPER = DATA / "qasper" / "qasper-dev-4papers.json"
FINANCEBENCH = DATA / "financebench"
NLI_MODEL = SHARED / "models" / "nli-minilm-l6-3way"  # the offline NLI model for tests


def require(path: Path) -> Path:
    """The path, or a skip naming what is missing (shared/ is present on dev machines and CI)."""
    if not path.exists():
        pytest.skip(f"shared data not found: {path} (expected beside the checkout in ../shared)")
    return path


def file_names(paths) -> list[str]:
    """The file names of document paths, in their order (what answers' lists are checked by)."""
    return [Path(p).name for p in paths]


def sorted_names(paths) -> list[str]:
    """The file names of document paths, sorted (where the order says nothing)."""
    return sorted(file_names(paths))
