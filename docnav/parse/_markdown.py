"""Markdown extras: GitHub-style heading anchors, so ``[x](#setup-1)`` links can resolve."""

from __future__ import annotations

import re
from dataclasses import replace

from docnav.model import Block, BlockKind
from docnav.tree import slugify

_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


def unescape(source: str) -> str:
    """The source with backslash escapes resolved (``\\_`` -> ``_``), as docling reads the
    text: inline pieces are then found in it and the markup between them is real markup."""
    return _ESCAPE.sub(r"\1", source)


def add_heading_anchors(blocks: list[Block]) -> list[Block]:
    """``## Setup`` twice -> anchors ``setup`` and ``setup-1``, as GitHub renders them."""
    used: dict[str, int] = {}
    out: list[Block] = []
    for block in blocks:
        if block.kind is BlockKind.HEADING:
            base = slugify(block.text)
            n = used.get(base, 0)
            anchor = base if n == 0 else f"{base}-{n}"
            while anchor in used and anchor != base:
                n += 1
                anchor = f"{base}-{n}"
            used[base] = n + 1
            used.setdefault(anchor, 1)
            block = replace(block, anchor=anchor)
        out.append(block)
    return out
