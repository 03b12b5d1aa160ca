"""Shared by the parser tests: the native PDF pipeline's options and a parsed document's
headings."""

from __future__ import annotations

from docnav.model import BlockKind
from docnav.parse import ParseOptions

H = BlockKind.HEADING
NATIVE = ParseOptions(pdf_mode="native")


def headings(parsed) -> list[tuple[int, str]]:
    return [(b.level, b.text) for b in parsed.blocks if b.kind is H]
