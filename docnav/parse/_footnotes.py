"""GFM footnotes in Markdown: "a claim[^1]" cites "[^1]: The note.", which docling reads as
plain text (the definitions one paragraph of raw syntax, each mark "[^1]" in the text).

Each note becomes a paragraph of its own where it is defined, led by its label ("[1] The
note.", its indented paragraphs joined on) and anchored as GitHub anchors it (``fn-1``); each
mark of a defined note reads "[1]" and links to that anchor, so the citing block references
the note. Labels are kept as written rather than numbered as GitHub shows them: adding a note
then changes no other block's text.
A note of one word or a bare URL ("[^1]: https://example.org") is kept as text too, where
Markdown alone reads it as a link's reference definition (:func:`keep_footnote_definitions`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from docnav.model import Block, BlockKind, Link

_LABEL = r"\[\^([^\]\s]{1,100})\]"
_DEFINITION = re.compile(rf"{_LABEL}:\s*")
_NEXT_DEFINITION = re.compile(rf"\s{_LABEL}:\s")  # another, in the text ("[^1]: a [^2]: b")
_MARK = re.compile(rf"{_LABEL}(?!:)")
_DEFINITION_LINE = re.compile(r" {0,3}\[\^")
_MARKED = (BlockKind.TEXT, BlockKind.LIST_ITEM, BlockKind.HEADING, BlockKind.CAPTION,
           BlockKind.TABLE)


def keep_footnote_definitions() -> None:
    """Make docling's Markdown reader read "[^1]: https://example.org" as text, not as the
    definition of a link labelled "^1": such a note vanished and each of its marks became a
    link to it ("A^1", its target the note's text). GFM reads no "[^" label as a link's. The
    parser's extension is replaced, for the whole process, as it is a global of docling's
    reader; adding the element again changes nothing."""
    import marko.block
    from docling.backend import md_backend
    from marko.helpers import MarkoExtension

    class LinkRefDef(marko.block.LinkRefDef):
        override = True

        @classmethod
        def match(cls, source) -> bool:
            return source.expect_re(_DEFINITION_LINE) is None and super().match(source)

    gfm = md_backend._GFM_EXTENSION
    if any(getattr(e, "keeps_footnotes", False) for e in gfm.elements):
        return
    LinkRefDef.keeps_footnotes = True
    md_backend._GFM_EXTENSION = MarkoExtension(
        parser_mixins=gfm.parser_mixins, renderer_mixins=gfm.renderer_mixins,
        elements=[*gfm.elements, LinkRefDef, _footnote_definition()])


def _footnote_definition():
    """A definition read as GFM reads it, a block of its own: it ends the paragraph above
    (written on the line under "Text.", it was one paragraph "Text. [^1]: The note."), and
    the lines indented under it are the note's ("    Second paragraph." was a code block).
    Its leading paragraphs are handed on as one, led by the label as written ("[^1]: The
    note. Second paragraph."), which :func:`read_footnotes` makes the note; the blocks after
    them (a code block) follow the note as blocks of their own."""
    import marko.block
    import marko.ext.footnote

    class FootnoteDef(marko.ext.footnote.FootnoteDef):
        breaks_paragraph = True

        @classmethod
        def parse(cls, source):
            label = source.match.group(1)
            state = cls(source.match)
            with source.under_state(state):
                children = source.parser.parse_source(source)
            run = 0
            while run < len(children) and isinstance(
                    children[run], (marko.block.Paragraph, marko.block.BlankLine)):
                run += 1
            said = [c.inline_body for c in children[:run]
                    if isinstance(c, marko.block.Paragraph)]
            note = marko.block.Paragraph([f"[^{label}]: " + "\n".join(said)])
            state.children = [note, *children[run:]]
            return state

    return FootnoteDef


def read_footnotes(blocks: list[Block]) -> list[Block]:
    """``blocks`` with their footnote definitions as notes and their marks as links."""
    if not any("[^" in b.text for b in blocks):
        return blocks
    out: list[Block] = []
    for block in blocks:
        out += _notes(block) if block.kind is BlockKind.TEXT else [block]
    labels = {b.anchor[3:] for b in out if b.anchor and b.anchor.startswith("fn-")}
    return [_marks(b, labels) if b.kind in _MARKED else b for b in out]


def is_note(block: Block) -> bool:
    """A note :func:`read_footnotes` made: a paragraph led by its label, anchored by it."""
    anchor = block.anchor or ""
    return (block.kind is BlockKind.TEXT and anchor.startswith("fn-")
            and block.text.startswith(f"[{anchor[3:]}]"))


def _notes(block: Block) -> list[Block]:
    """A paragraph of footnote definitions as one note each; any other block as it is. The
    paragraph's links go to the notes that say their text, in order."""
    if _DEFINITION.match(block.text) is None:
        return [block]
    starts = [0, *(m.start() + 1 for m in _NEXT_DEFINITION.finditer(block.text))]
    notes = []
    for start, end in zip(starts, [*starts[1:], len(block.text)]):
        m = _DEFINITION.match(block.text, start)
        notes.append((m.group(1), block.text[m.end():end].strip()))
    owned: list[list[Link]] = [[] for _ in notes]
    at = 0
    for link in block.links:
        at = next((k for k in range(at, len(notes)) if link.text in notes[k][1]), at)
        owned[at].append(link)
    return [replace(block, text=f"[{label}] {text}".strip(), links=tuple(links),
                    anchor=f"fn-{label}") for (label, text), links in zip(notes, owned)]


def _marks(block: Block, labels: set[str]) -> Block:
    """Each mark of a defined note as "[label]", a link to the note."""
    found: list[Link] = []

    def mark(m: re.Match) -> str:
        if m.group(1) not in labels:
            return m.group(0)
        found.append(Link(f"#fn-{m.group(1)}", m.group(1)))
        return f"[{m.group(1)}]"

    text = _MARK.sub(mark, block.text)
    return replace(block, text=text, links=block.links + tuple(found)) if found else block
