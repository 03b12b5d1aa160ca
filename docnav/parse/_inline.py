"""Joining docling's inline pieces back into one paragraph.

docling strips the spaces around each piece of an inline group ("Read the", "spec", "first."),
so whether two pieces were separated by a space is read from the source text: the pieces are
found there in order, and the markup between them ("](target) ", "\\", "<b>") is checked for
whitespace. Without a source, or where the pieces cannot be found, spaces are guessed from
punctuation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_NO_SPACE_BEFORE = re.compile(r"^[.,;:!?%)\]}’”]")
_NO_SPACE_AFTER = re.compile(r"[(\[{‘“/]$")

# Between two inline pieces of one paragraph the source holds only markup: punctuation,
# spaces, emphasis underscores, a link's "(target)" or "[label]", an HTML tag; never a word of
# text, never a blank line. Inside a piece, a line break may carry a block quote's "> ".
_GAP_UNIT = r"(?:(?!\n[ \t]*\n)(?:[^\w]|_|\([^()]*\)|\[[^\[\]\n]*\]|<[^<>]*>))"
_GAP_ONLY = re.compile(rf"{_GAP_UNIT}{{0,200}}")  # a whole gap
_MARKUP_WITH_SPACES = re.compile(r"<[^<>]*>|\([^()]*\)|\[[^\[\]\n]*\]")
_LINE_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
_WORD_BREAK = r"\s[\s>]*"
_BREAK = re.compile(_WORD_BREAK)
_GAP_CHARS = 2_000  # how far after a piece the next one is looked for
_MOST_PIECES = 400  # pieces of a paragraph found in the source (each a level of recursion)
_WINDOW = 5_000


@dataclass
class SourceText:
    """The source text, read forward to tell whether inline pieces were space-separated."""

    text: str
    cursor: int = 0
    placed: bool = False  # the cursor stands at the end of the block just read

    def skip_to(self, text: str) -> None:
        """Move towards ``text``: never past it, as its first occurrence is searched. After a
        block whose pieces were found, the cursor is already past that block: searching its
        first word again would jump to the word's next use, past the blocks in between. A
        first word is found only where it ends a word ("All" is not the start of "Allocator"):
        a block met after those that follow it in the source jumped there."""
        if self.placed:
            self.placed = False
            return
        head = text.split(maxsplit=1)[0][:40] if text.strip() else ""
        found = self.text.find(head, self.cursor, self.cursor + _WINDOW) if head else -1
        while found >= 0 and head[-1].isalnum() and found + len(head) < len(self.text) \
                and self.text[found + len(head)].isalnum():
            found = self.text.find(head, found + 1, self.cursor + _WINDOW)
        if found >= 0:
            self.cursor = found

    def spacing(self, pieces: list[str]) -> list[bool] | None:
        """For each piece after the first, whether a space preceded it; None if not found (or
        of more than ``_MOST_PIECES`` pieces: then spaces are guessed)."""
        if len(pieces) > _MOST_PIECES:
            return None
        words = [piece.split() for piece in pieces]
        found = self._pieces(words, self.cursor, self.cursor + _WINDOW + sum(map(len, pieces)))
        if found is None:
            return None
        for _ in range(8):  # the tightest match: a later start that ends at the same place
            later = self._pieces(words, found[0] + 1, found[1])
            if later is None or later[1] != found[1]:
                break
            found = later
        self.cursor, self.placed = found[1], True
        return [_spaced(gap) for gap in found[2]]

    def _pieces(self, words: list[list[str]], pos: int,
                endpos: int) -> tuple[int, int, list[str]] | None:
        """The first place in [pos, endpos) where the pieces (each a list of words) stand in
        order, only markup between: (start, end, the gaps between them). The places of each
        piece are tried nearest first, as a pattern of the pieces with the shortest gaps
        would match (found by string search: a pattern compiled for each paragraph took most
        of the parse of a long Markdown file)."""
        failed: set[tuple[int, int]] = set()  # (piece, where the one before ended): no match

        def rest(k: int, at: int) -> tuple[int, list[str]] | None:
            if k == len(words):
                return at, []
            if (k, at) in failed:
                return None
            limit = min(at + _GAP_CHARS, endpos)
            start = self.text.find(words[k][0], at, limit)
            while start >= 0:
                gap = self.text[at:start]
                end = _words_at(self.text, start, words[k]) if _GAP_ONLY.fullmatch(gap) else None
                if end is not None and end <= endpos and (after := rest(k + 1, end)):
                    return after[0], [gap, *after[1]]
                start = self.text.find(words[k][0], start + 1, limit)
            failed.add((k, at))
            return None

        start = self.text.find(words[0][0], pos, endpos)
        while start >= 0:
            end = _words_at(self.text, start, words[0])
            if end is not None and end <= endpos and (found := rest(1, end)):
                return start, found[0], found[1]
            start = self.text.find(words[0][0], start + 1, endpos)
        return None

    def end_of(self, text: str) -> int | None:
        """Where ``text`` ends at its first place from the cursor (None: not found)."""
        words = text.split()
        at = self.text.find(words[0], self.cursor, self.cursor + _WINDOW) if words else -1
        while at >= 0:
            end = _words_at(self.text, at, words)
            if end is not None:
                return end
            at = self.text.find(words[0], at + 1, self.cursor + _WINDOW)
        return None

    def follows(self, at: int, piece: str, one_line: bool = False) -> tuple[int, bool] | None:
        """Whether ``piece`` comes right after ``at`` in the same block, only markup between
        and no blank line (no line break at all when ``one_line``: a heading): where it ends
        and whether a space preceded it; None if it does not. The cursor then stands at its
        end. (Found by string search, not a pattern made of the piece: a document of many
        emphasised paragraphs compiled one per piece, 0.2 ms each.)"""
        words = piece.split()
        if not words:
            return None
        start = self.text.find(words[0], at, at + _GAP_CHARS)
        while start >= 0:
            gap = self.text[at:start]
            if one_line and "\n" in gap:
                return None  # a later place has this line break before it too
            end = _words_at(self.text, start, words) if _GAP_ONLY.fullmatch(gap) else None
            if end is not None:
                self.cursor, self.placed = end, True
                return end, _spaced(gap)
            start = self.text.find(words[0], start + 1, at + _GAP_CHARS)
        return None


def _spaced(gap: str) -> bool:
    """Whether the markup between two pieces holds white space outside its tags, links and
    labels; a line break's tag is white space ("ACME Corp<br>12 Main Street" ran together
    into "ACME Corp12 Main Street")."""
    return any(c.isspace() for c in _MARKUP_WITH_SPACES.sub("", _LINE_BREAK.sub(" ", gap)))


def _words_at(text: str, at: int, words: list[str]) -> int | None:
    """Where ``words`` end when they stand at ``at``, as written: each after the one before,
    with a break of white space between (and a block quote's "> " after a line break; the
    longest break after which the next word stands, as a greedy pattern would take it)."""
    if not text.startswith(words[0], at):
        return None
    at += len(words[0])
    for word in words[1:]:
        gap = _BREAK.match(text, at)
        if gap is None:
            return None
        start = next((i for i in range(gap.end(), at, -1) if text.startswith(word, i)), None)
        if start is None:
            return None
        at = start + len(word)
    return at


def join_inline(pieces: list[str], source: SourceText | None = None) -> str:
    """The pieces as one text, spaced as in ``source`` where they can be found there."""
    pieces = [p.strip() for p in pieces if p.strip()]
    spacing = source.spacing(pieces) if source is not None and len(pieces) > 1 else None
    if spacing is None:
        return _guess_join(pieces)
    out = pieces[0]
    for piece, spaced in zip(pieces[1:], spacing):
        out += (" " if spaced else "") + piece
    return out


def _guess_join(pieces: list[str]) -> str:
    """Join inline pieces with single spaces, but not before closing punctuation."""
    out = ""
    for piece in (p.strip() for p in pieces):
        if not piece:
            continue
        if out and not _NO_SPACE_BEFORE.match(piece) and not _NO_SPACE_AFTER.search(out):
            out += " "
        out += piece
    return out
