"""Readers for the public evaluation data in ``../shared/data`` (Qasper, FinanceBench).

Qasper papers come as JSON with their section nesting written into the section name
(``"Experiments ::: Dataset"``); :func:`qasper_to_markdown` renders a paper as Markdown with
real headings so that it goes through the same parser as any other document.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from docnav.errors import InputError

QASPER_SEPARATOR = " ::: "
_MAX_MARKDOWN_DEPTH = 6
_INLINE_SPECIAL = re.compile(r"([\\`*_\[\]<>&~|])")
_BLOCK_START = re.compile(r"^(?:[#+=>-]|[0-9]+[.)])")


def load_qasper(path: str | Path) -> dict[str, dict]:
    """A Qasper JSON file: papers keyed by arXiv id (``title``, ``abstract``, ``full_text``...)."""
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def qasper_section_paths(paper: dict) -> list[tuple[str, ...]]:
    """The paper's section names split into paths, in order: ``("Experiments", "Dataset")``."""
    return [tuple(s["section_name"].split(QASPER_SEPARATOR)) for s in paper["full_text"]]


def qasper_to_markdown(paper: dict) -> str:
    """The paper as Markdown: title ``#``, an Abstract section, sections nested by depth.

    A section whose parents have no section of their own (``"Appendices ::: Seed Lexicon :::
    Positive Words"``) gets its missing parent headings, so the nesting survives.
    """
    out = [f"# {_escape(paper['title'])}", "", "## Abstract", ""]
    out += _paragraphs([paper.get("abstract", "")])
    open_path: tuple[str, ...] = ()
    for section, path in zip(paper["full_text"], qasper_section_paths(paper)):
        if len(path) + 1 > _MAX_MARKDOWN_DEPTH:
            raise InputError(
                f"Qasper section {section['section_name']!r} is nested {len(path)} deep; "
                f"Markdown headings allow {_MAX_MARKDOWN_DEPTH - 1} below the title"
            )
        shared = 0
        while shared < min(len(open_path), len(path) - 1) and open_path[shared] == path[shared]:
            shared += 1
        for depth in range(shared, len(path)):
            out += [f"{'#' * (depth + 2)} {_escape(path[depth])}", ""]
        open_path = path
        out += _paragraphs(section["paragraphs"])
    return "\n".join(out).rstrip() + "\n"


def _paragraphs(paragraphs: list[str]) -> list[str]:
    out: list[str] = []
    for text in paragraphs:
        text = " ".join(text.split())
        if text:
            out += [_escape(text), ""]
    return out


def _escape(text: str) -> str:
    """Backslash-escape what Markdown would read as markup, so the text comes back verbatim."""
    text = _INLINE_SPECIAL.sub(r"\\\1", " ".join(text.split()))
    match = _BLOCK_START.match(text)
    if match:
        end = match.end() - 1
        text = text[:end] + "\\" + text[end:]
    return text


def load_financebench(path: str | Path) -> list[dict]:
    """FinanceBench questions (one JSON object a line): ``question``, ``answer``, ``doc_name``,
    ``evidence`` (with 0-based ``evidence_page_num``)..."""
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]
