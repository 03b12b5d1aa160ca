"""Fetched text: a paragraph's text with its citation (:class:`Piece`), what it costs of a token
budget (:func:`count_tokens`), and the last one cut to the budget left (:func:`cut`), as
:meth:`docnav.query.graph.DocNavGraph.fetch` reads them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Piece:
    """Fetched text with its citation."""

    node_id: str
    doc_path: str
    breadcrumb: str
    page: int | None
    text: str
    tokens: int


def count_tokens(text: str) -> int:
    """Budget tokens: ~4/3 per word, the usual ratio for English subword tokenisers."""
    return (len(text.split()) * 4 + 2) // 3


def cut(text: str, room: int) -> str:
    """The start of ``text`` that fits in ``room`` tokens, its words and a mark of the cut."""
    words = text.split()[: room * 3 // 4]
    while words and count_tokens(" ".join(words) + " …") > room:
        words.pop()  # the mark of the cut is shown, so it is counted
    return " ".join(words) + " …"


__all__ = ["Piece", "count_tokens", "cut"]
