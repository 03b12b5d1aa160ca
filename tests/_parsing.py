"""Shared by the parser tests: the native PDF pipeline's options, a parsed document's
headings, and the FinanceBench 10-Ks parsed once a run."""

from __future__ import annotations

import functools

from _paths import FINANCEBENCH, require

from docnav.model import BlockKind
from docnav.parse import ParseOptions, parse_file

H = BlockKind.HEADING
NATIVE = ParseOptions(pdf_mode="native")


def headings(parsed) -> list[tuple[int, str]]:
    return [(b.level, b.text) for b in parsed.blocks if b.kind is H]


@functools.cache
def filing(name: str):
    """A 10-K of ../shared's FinanceBench sample ("AMAZON_2017_10K") parsed by the native
    pipeline, once a test run (a few seconds each)."""
    return parse_file(require(FINANCEBENCH / "pdfs" / f"{name}.pdf"), NATIVE)
