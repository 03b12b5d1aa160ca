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
# a paragraph that is only a LaTeX heading: "\subsection*{MTurk study}"
_LATEX_HEADING = re.compile(r"\\(section|subsection|subsubsection)\*?\{\s*([^{}\s][^{}]*)\}")
_LATEX_DEPTH = {"section": 2, "subsection": 3, "subsubsection": 4}


def load_qasper(path: str | Path) -> dict[str, dict]:
    """The papers of a Qasper file, keyed by arXiv id, each in the v0.3 layout.

    Two layouts are read. The v0.3 release: one JSON object of papers keyed by id, each with
    ``full_text`` a list of ``{section_name, paragraphs}`` and ``qas`` a list of questions.
    The HuggingFace ``allenai/qasper`` layout: papers with an ``id`` each, their fields as
    columns (``full_text: {section_name: [...], paragraphs: [[...]]}``, ``qas: {question:
    [...], answers: [{answer: [...], annotation_id: [...]}]}``), given as a JSON list, as
    JSON Lines or as JSON objects one after another; they are turned into the v0.3 layout.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read the Qasper file: {exc}") from exc
    papers: dict[str, dict] = {}
    for value in _json_values(text, path):
        items = value if isinstance(value, list) else [value]
        for item in items:
            if not isinstance(item, dict):
                raise InputError(f"{path}: expected Qasper papers (JSON objects), found {item!r:.60}")
            if "full_text" in item:  # the HuggingFace layout: one paper, with its id
                if "id" not in item:
                    raise InputError(f"{path}: a paper ({item.get('title', '?')!r:.60}) has no 'id'")
                keyed = {item["id"]: item}
            else:  # the v0.3 layout: papers keyed by id
                keyed = item
            for pid, paper in keyed.items():
                pid = str(pid)
                if pid in papers:
                    raise InputError(f"{path}: paper {pid} appears twice")
                papers[pid] = _v03_paper(paper, path, pid)
    if not papers:
        raise InputError(f"{path}: no Qasper papers in the file")
    return papers


def _json_values(text: str, path: Path):
    """The JSON values in ``text``: one document, JSON Lines, or values one after another."""
    decoder = json.JSONDecoder()
    at = 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at == len(text):
            return
        try:
            value, at = decoder.raw_decode(text, at)
        except json.JSONDecodeError as exc:
            raise InputError(f"{path}: not valid JSON at line {exc.lineno}, column {exc.colno}: "
                             f"{exc.msg}") from exc
        yield value


def _v03_paper(paper: object, path: Path, pid: str) -> dict:
    """One paper in the v0.3 layout, converted from the HuggingFace columns where needed."""
    if not isinstance(paper, dict) or "full_text" not in paper or "title" not in paper:
        raise InputError(f"{path}: paper {pid} has no 'title' and 'full_text'")
    full_text, qas = paper["full_text"], paper.get("qas", [])
    if isinstance(full_text, list) and isinstance(qas, list):
        return paper
    try:
        sections = [{"section_name": name, "paragraphs": list(paragraphs)}
                    for name, paragraphs in _columns(full_text, ("section_name", "paragraphs"))]
        questions = []
        for row in _rows(qas):
            answers = row.pop("answers")
            row["answers"] = _rows({key: answers[key] for key in ("answer", "annotation_id", "worker_id")
                                    if key in answers})
            questions.append(row)
        figures = paper.get("figures_and_tables", [])
        figures = figures if isinstance(figures, list) else _rows(figures)
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"{path}: paper {pid} is in neither the v0.3 nor the HuggingFace "
                         f"Qasper layout ({type(exc).__name__}: {exc})") from exc
    return {"title": paper["title"], "abstract": paper.get("abstract", ""),
            "full_text": sections, "qas": questions, "figures_and_tables": figures}


def _columns(table: dict, keys: tuple[str, ...]) -> list[tuple]:
    columns = [table[key] for key in keys]
    if len({len(column) for column in columns}) > 1:
        raise ValueError(f"columns {', '.join(keys)} differ in length")
    return list(zip(*columns))


def _rows(table: dict) -> list[dict]:
    """Columns of equal length (``{"a": [1, 2], "b": [3, 4]}``) as rows."""
    keys = list(table)
    return [dict(zip(keys, values)) for values in _columns(table, tuple(keys))] if keys else []


def qasper_section_paths(paper: dict) -> list[tuple[str, ...]]:
    """The paper's section names split into paths, in order: ``("Experiments", "Dataset")``."""
    return [tuple(s["section_name"].split(QASPER_SEPARATOR)) for s in paper["full_text"]]


def qasper_to_markdown(paper: dict) -> str:
    """The paper as Markdown: title ``#``, an Abstract section, sections nested by depth.

    A section whose parents have no section of their own (``"Appendices ::: Seed Lexicon :::
    Positive Words"``) gets its missing parent headings, so the nesting survives. Where
    Qasper's extraction left the paper's own LaTeX headings in its text (a paragraph that is
    only ``\\subsection{MTurk study}``: 1805.02400 puts half its text under "Generative
    Model" so), they are headings again, at the LaTeX level (``\\section`` a top section,
    ``##``; ``\\subsection`` ``###``; ``\\subsubsection`` ``####``).
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
        for text in section["paragraphs"]:
            latex = _LATEX_HEADING.fullmatch(" ".join(text.split()))
            if latex:  # the paper's own heading, left in its text as LaTeX
                depth = _LATEX_DEPTH[latex.group(1)]
                out += [f"{'#' * depth} {_escape(latex.group(2).strip())}", ""]
                open_path = ()  # the next Qasper section is written with all its headings
            else:
                out += _paragraphs([text])
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
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read the FinanceBench file: {exc}") from exc
    rows = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"{path}: line {number} is not a JSON object: {exc.msg}") from exc
        if not isinstance(row, dict):
            raise InputError(f"{path}: line {number} is not a JSON object: {row!r:.60}")
        missing = [k for k in ("question", "doc_name", "evidence") if k not in row]
        if missing:
            raise InputError(f"{path}: line {number} has no {', '.join(map(repr, missing))}")
        rows.append(row)
    return rows
