"""Markdown headings read as docling writes them: a setext heading ("Title" over "===" or
"---") with inline markup is one heading, as the same ATX heading ("## Title") is; the reader
once made a paragraph of each of its pieces and no heading."""

from __future__ import annotations

import pytest

from docnav.model import BlockKind
from docnav.parse import parse_file

H, T = BlockKind.HEADING, BlockKind.TEXT


def shape(tmp_path, text: str) -> list[tuple]:
    path = tmp_path / "doc.md"
    path.write_text(text, encoding="utf-8")
    return [(b.kind, b.level, b.text) for b in parse_file(path).blocks]


@pytest.mark.parametrize("heading, level", [
    ("Setext *e* two\n---", 2),
    ("Setext *e* two\n===", 1),
    ("## Setext *e* two", 2),
    ("# Setext *e* two", 1),
])
def test_a_heading_with_emphasis_is_one_heading(tmp_path, heading, level):
    assert shape(tmp_path, f"Intro.\n\n{heading}\n\nBody.\n") == [
        (T, 0, "Intro."), (H, level, "Setext e two"), (T, 0, "Body.")]


@pytest.mark.parametrize("heading, text", [
    ("Run `make` first\n---", "Run make first"),
    ("See [the guide](guide.md) here\n---", "See the guide here"),
    ("Over *two*\nlines\n---", "Over two lines"),
    ('<a id="x"></a>\nNamed *e* two\n---', "Named e two"),
])
def test_a_setext_heading_of_pieces_is_one_heading(tmp_path, heading, text):
    assert shape(tmp_path, f"Intro.\n\n{heading}\n\nBody.\n") == [
        (T, 0, "Intro."), (H, 2, text), (T, 0, "Body.")]
