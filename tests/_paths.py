"""Paths to ../shared/data for the parser tests (conftest.py belongs to another module)."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
DATA = SHARED / "data"
FIXTURES = DATA / "fixtures"
QASPER = DATA / "qasper" / "qasper-dev-4papers.json"
FINANCEBENCH = DATA / "financebench"


def require(path: Path) -> Path:
    """The path, or a skip naming what is missing (shared/ is present on dev machines and CI)."""
    if not path.exists():
        pytest.skip(f"shared data not found: {path} (expected beside the checkout in ../shared)")
    return path
