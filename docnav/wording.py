"""Counts as DocNav's messages word them, in one place so that an answer of the library ("1,234
words in 40 paragraphs") and a Dagster run's log line ("parsed again: 1,200 documents ...") do
not drift apart."""

from __future__ import annotations


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` with its thousands separated and ``noun``, plural unless ``n`` is 1: "1 PDF",
    "1,200 documents"; ``plural`` where it is not the noun and an "s" ("summaries")."""
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"
