"""Front matter: the YAML (``---``) or TOML (``+++``) block that opens many Markdown files.

It is metadata, not content: docling would read it as a thematic break, a paragraph of
``key: value`` lines and, from a YAML comment, a heading. Its simple values become the
document's metadata (``title``, ``author``, ``date`` as the other formats store them) and its
lines are blanked before docling reads the file, so every line keeps its number.

A block counts only when the file's first line is exactly the opening fence, a closing fence
follows (``---`` or ``...`` for YAML, ``+++`` for TOML) and what is between reads as a mapping.
Anything else stays content and loses nothing: an unclosed fence, or ``---`` / text / ``---``,
which Markdown reads as a thematic break and a heading. A closed block that does not read (a
YAML error) is also kept, as a paragraph of its lines (its fences blanked), and the error is
reported in the document's metadata.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

_FENCES = {"---": ("---", "..."), "+++": ("+++",)}
_LINE = re.compile(r"[^\r\n]*(?:\r\n?|\n)|[^\r\n]+\Z")  # a line and its ending, as CommonMark
_NOT_LINE_END = re.compile(r"[^\r\n]+")


@dataclass(frozen=True)
class FrontMatter:
    """What a Markdown file's front matter holds, and the file's text without it."""

    body: str  # the text with the block's lines blanked (same number of lines)
    lines: int = 0  # how many lines were blanked, fences included
    metadata: tuple[tuple[str, str], ...] = ()
    problem: str | None = None  # why a closed block was kept as text

    @property
    def title(self) -> str | None:
        return next((value for key, value in self.metadata if key == "title"), None)


def split_front_matter(text: str) -> FrontMatter:
    """The front matter of ``text`` (BOM already removed), if it opens with a closed block."""
    lines = _LINE.finditer(text)  # lazily: a big file without front matter is not split
    first = next(lines, None)
    fence = first.group().rstrip("\r\n") if first else ""
    if fence not in _FENCES:
        return FrontMatter(text)
    close = next((m for m in lines if m.group().rstrip("\r\n") in _FENCES[fence]), None)
    if close is None:
        return FrontMatter(text)
    block, head = text[first.end():close.start()], text[:close.end()]
    count = len(_LINE.findall(head))
    try:
        values = _read_yaml(block) if fence == "---" else _read_toml(block)
    except ValueError as exc:
        # its lines as a paragraph, the fences blanked: between them "title: [x" over "---"
        # was a setext heading, a section of no text
        kept = (_NOT_LINE_END.sub("", first.group()) + block
                + _NOT_LINE_END.sub("", close.group()) + text[close.end():])
        return FrontMatter(kept, 2, problem=f"front matter (lines 1-{count}) kept as text: "
                           f"{exc}")
    if values is None:
        return FrontMatter(text)
    blank = _NOT_LINE_END.sub("", head)
    return FrontMatter(blank + text[close.end():], count, _metadata(values))


def _read_yaml(block: str) -> dict | None:
    """The block as a mapping; None when it is not one (Markdown between two rules)."""
    import yaml

    try:
        values = yaml.safe_load(block)
    except yaml.YAMLError as exc:
        raise ValueError("not valid YAML (" + " ".join(str(exc).split())[:200] + ")") from exc
    if values is None:  # an empty block, or comments only: front matter holding nothing
        empty = all(not line.strip() or line.lstrip().startswith("#")
                    for line in block.splitlines())
        return {} if empty else None
    return values if isinstance(values, dict) else None


def _read_toml(block: str) -> dict:
    import tomllib

    try:
        return tomllib.loads(block)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"not valid TOML ({exc})") from exc


def _metadata(values: dict) -> tuple[tuple[str, str], ...]:
    """Simple values as (key, text) pairs: keys in lower case, dates in ISO 8601, a list of
    simple values joined by commas; nested tables and empty values are left out."""
    out: list[tuple[str, str]] = []
    for key, value in values.items():
        items = value if isinstance(value, list) else [value]
        if not items or not all(_simple(v) for v in items):
            continue
        text = ", ".join(_text(v) for v in items)
        if text.strip():
            out.append((str(key).strip().lower(), " ".join(text.split())))
    return tuple(out)


def _simple(value) -> bool:
    return isinstance(value, (str, int, float, datetime.date, datetime.time))


def _text(value) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return str(value)
