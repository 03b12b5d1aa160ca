"""Fetched text: a paragraph's text with its citation (:class:`Piece`), what it costs of a token
budget (:func:`count_tokens`), paragraphs read to a budget (:func:`cut_to_budget`) and the last
one cut to the budget left (:func:`cut`), as :meth:`docnav.query.graph.DocNavGraph.fetch` reads
them."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from docnav.query._checks import LEAST_PIECE
from docnav.query.quantities import holds_figure

if TYPE_CHECKING:
    from docnav.query.graph import DocNavGraph, NodeView


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


def is_cut(piece: Piece, graph: DocNavGraph) -> bool:
    """Whether ``piece`` holds only the start of its paragraph in ``graph`` (the budget ran
    out inside it)."""
    return piece.tokens < count_tokens(graph.node(piece.node_id).text)


def cut(text: str, room: int, table: bool = False) -> str | None:
    """The start of ``text`` that fits in ``room`` tokens, its words and a mark of the cut; of
    a ``table``, its head (the lines down to a Markdown table's rule under its column heads,
    else its first line) and the whole rows after it that fit, a row a line, and the mark on
    a line of its own; None where no row fits after the head. Cut as words, a table kept its
    head alone ("| Model | 2023 | 2022 | Change | |---------|--------| | …"), which tells no
    figure, and lost its lines."""
    if table:
        return _cut_table(text.splitlines(), room)
    words = text.split()[: room * 3 // 4]
    while words and count_tokens(" ".join(words) + " …") > room:
        words.pop()  # the mark of the cut is shown, so it is counted
    return " ".join(words) + " …"


class Fetched(list):
    """The pieces :meth:`~docnav.query.graph.DocNavGraph.fetch` read (a list of
    :class:`Piece`), with ``note``: why none was read where there is text to read ("budget 1:
    the first paragraph takes 4 tokens, and ..."), as ``docnav fetch`` says it; what the
    budget left out where it read some but not all ("budget 60: read 2 of the 9 paragraphs of
    the 3 nodes asked, nothing from 1 of them; a larger one reads the rest"); "" where all
    was read. (A budget below the first paragraph read [] in silence, as nothing under the
    nodes did; one reading some said nothing of the rest.)"""

    note: str = ""


# why a first paragraph too large for the budget was not cut to it (``docnav fetch`` says it)
CUT_ONLY = f"one is cut only where {LEAST_PIECE} tokens or more are left"
TABLE_CUT_ONLY = (f"a table is cut only where {LEAST_PIECE} tokens or more are left and its "
                  "head (its first line, unless it states a figure; a Markdown table's lines "
                  "down to their rule) and a row fit")


def too_large(first: NodeView) -> str:
    """Why ``first``, the first paragraph to read, was not read within a budget."""
    if first.block_kind == "table":  # (its head alone tells nothing)
        return (f"the first paragraph, a table, takes {count_tokens(first.text)} tokens, and "
                f"{TABLE_CUT_ONLY}")
    return f"the first paragraph takes {count_tokens(first.text)} tokens, and {CUT_ONLY}"


def fetched(paragraphs: list[NodeView], budget: int,
            asked: Sequence[set[str]] = ()) -> Fetched:
    """:func:`cut_to_budget` of ``paragraphs``, with the note of :class:`Fetched`;
    ``asked``: the ids of the paragraphs of each node asked (a paragraph's: its own)."""
    out = Fetched(cut_to_budget(paragraphs, budget))
    if paragraphs and not out:
        out.note = f"budget {budget}: {too_large(paragraphs[0])}"
    elif out and (len(out) < len(paragraphs)
                  or out[-1].tokens < count_tokens(paragraphs[-1].text)):
        out.note = f"budget {budget}: {_read_some(out, paragraphs, asked)}"
    return out


def _read_some(out: list[Piece], paragraphs: list[NodeView], asked: Sequence[set[str]]) -> str:
    """What a budget that read ``out`` of ``paragraphs`` (not all, or the last cut) left out."""
    last = next(i for i, n in enumerate(paragraphs) if n.node_id == out[-1].node_id)
    cut = out[-1].tokens < count_tokens(paragraphs[last].text)
    of = f"of the {len(asked)} nodes asked" if len(asked) > 1 else "of the node asked"
    n = len(paragraphs)
    if cut and len(out) == 1:  # paragraphs[last], the tables before it (if any) left out
        said = (f"the start of the only paragraph {of}" if n == 1 else
                f"the start of the {_nth(last, n)} of the {n} paragraphs {of}")
    else:
        said = (f"{len(out) - cut} of the {n} paragraph{'s' * (n != 1)} {of}"
                f"{', and the start of one more' if cut else ''}")
    read = {p.node_id for p in out}
    if unread := sum(1 for ids in asked if ids and not ids & read):
        said += f", nothing from {unread} of them"
    # tables before the last piece passed over: no row of theirs fitted under their head (the
    # room left was LEAST_PIECE or more, else reading had stopped there)
    if left := [n for n in paragraphs[:last] if n.node_id not in read]:
        said += ("; a table of {} tokens is left out, no row of it" if len(left) == 1 else
                 f"; {len(left)} tables of {{}} tokens are left out, no row of one"
                 ).format(", ".join(str(count_tokens(n.text)) for n in left))
        said += " fitting under its head in the room left"
    return f"read {said}; a larger one reads the rest"


def _nth(i: int, n: int) -> str:
    """The ``i``-th (from 0) of ``n`` in words: "first", "last", "3rd"."""
    if i in (0, n - 1):
        return "first" if i == 0 else "last"
    k = i + 1
    suffix = "th" if k % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def cut_to_budget(paragraphs: Iterable[NodeView], budget: int) -> list[Piece]:
    """The ``paragraphs``, in the order given, while ``budget`` tokens last; the first that
    does not fit cut to what is left (:func:`cut`), where that is :data:`LEAST_PIECE` tokens
    or more; a table with no room for a row under its head left out, and the paragraphs after
    it read in the room left."""
    pieces, used = [], 0
    for n in paragraphs:
        cost = count_tokens(n.text)
        if used + cost > budget:
            room = budget - used
            if room < LEAST_PIECE:
                break
            text = cut(n.text, room, table=n.block_kind == "table")
            if text is None:  # a table with no room for a row under its head: left
                continue  # out, and the paragraphs after it read in the room left
            pieces.append(Piece(n.node_id, n.path, n.breadcrumb, n.page, text,
                                count_tokens(text)))
            break
        pieces.append(Piece(n.node_id, n.path, n.breadcrumb, n.page, n.text, cost))
        used += cost
    return pieces


# the rule of a Markdown table under its column heads: "|---------|:------:|"
_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$")


def _cut_table(lines: list[str], room: int) -> str | None:
    if not lines:
        return None
    rule = next((i for i, line in enumerate(lines) if _RULE.match(line)), None)
    # without a rule (a PDF's table) the first line is the head unless it states a figure:
    # then it is a row ("Research and development $ 2,987 $ 2,540 ..." was left out for want
    # of a second row that fit, though it answered the question)
    head = rule + 1 if rule is not None else 0 if holds_figure(lines[0]) else 1
    kept = lines[:head]
    for row in lines[head:]:
        if count_tokens("\n".join([*kept, row, "…"])) > room:
            break
        kept.append(row)
    return "\n".join([*kept, "…"]) if len(kept) > head else None


__all__ = ["Piece", "Fetched", "count_tokens", "cut", "cut_to_budget", "fetched", "is_cut"]
