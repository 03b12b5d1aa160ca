"""docling document items -> DocNav blocks, in reading order.

Heading levels: a docling ``TitleItem`` is level 1 and a ``SectionHeaderItem`` of level ``n`` is
level ``n + 1``. That reproduces Markdown's ``#`` count (docling reads ``# X`` as a title and
``## X`` as a level-1 section header) and keeps a DOCX "Title" above its "Heading 1".

docling splits a paragraph with inline markup (links, emphasis, inline code, escaped
characters) into an ``InlineGroup`` of small text items; each group is merged back into one
block that keeps the links (see :mod:`docnav.parse._inline`). A paragraph, list item or heading
that is all one emphasis or link ("_Note: see `x`._") gets no group: the first piece comes as
the paragraph (or as the list item's or heading's text), the others as items after it, at times
outside its list; each one the source shows right after it, in the same block, is joined onto
it. The walk is iterative, so deeply nested lists cannot hit the recursion limit.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from docling_core.types.doc import (
    CodeItem,
    ContentLayer,
    DocItemLabel,
    DoclingDocument,
    FormulaItem,
    InlineGroup,
    ListGroup,
    ListItem,
    NodeItem,
    PictureItem,
    Script,
    SectionHeaderItem,
    TableItem,
    TextItem,
    TitleItem,
)

from docnav.model import Block, BlockKind, Link
from docnav.parse._inline import SourceText, join_inline
from docnav.parse._markdown_anchors import written_anchors
from docnav.parse._markdown_details import (
    Mark,
    disclosure_marks,
    disclosure_sections,
    without_navigation,
)
from docnav.parse._markdown_html import html_block, html_block_blocks
from docnav.parse._pdf_paragraphs import CAPTION
from docnav.parse._tables import table_markdown

_BODY_LAYERS = {ContentLayer.BODY, None}
_SKIPPED_LABELS = {DocItemLabel.PAGE_HEADER, DocItemLabel.PAGE_FOOTER}
_TEXT_KINDS = {
    DocItemLabel.CAPTION: BlockKind.CAPTION,
    DocItemLabel.CODE: BlockKind.CODE,
    DocItemLabel.FORMULA: BlockKind.FORMULA,
    DocItemLabel.LIST_ITEM: BlockKind.LIST_ITEM,
}
_PIECE_LABELS = {DocItemLabel.TEXT, DocItemLabel.CODE}  # the pieces of an emphasis: text, code
_DEFINITIONS = "descriptions"  # docling's name for the group of a <dt>'s <dd> items
_DESCRIPTION_LIST = "description list"  # and for a <dl>'s group
_SAID = ".:;!?"  # what ends a term or a definition that needs no colon or semicolon after it


@dataclass
class _Open:
    """The last block came from an emphasised or linked item: pieces may continue it."""

    end: int  # where its text ends in the source
    one_line: bool  # a heading: continued on its own line only


@dataclass
class _Walk:
    doc: DoclingDocument
    source: SourceText | None = None
    blocks: list[Block] = field(default_factory=list)
    done: set[str] = field(default_factory=set)  # refs already emitted (captions)
    said: set[str] = field(default_factory=set)  # list items said in another's block
    markdown: bool = False  # a block all in one emphasis may come in pieces (docling's Markdown)
    nested: bool = False  # a list item's sub-items are lines of its block
    open: _Open | None = None
    # per heading and HTML block, in order: whether it stands in a block quote
    quoted: list[tuple[str, bool]] = field(default_factory=list)
    seen: int = 0  # headings and HTML blocks read so far
    # a <dl>'s first term of several sharing definitions -> the others (the last holds them)
    sharing: dict[str, list[ListItem]] = field(default_factory=dict)
    sharing_read: set[str] = field(default_factory=set)  # the <dl>s read for them
    disclosures: list[Mark] = field(default_factory=list)  # in a Markdown file's HTML blocks

    def in_quote(self, kind: str) -> bool:
        """Whether the heading or HTML block read now stands in a block quote (the next of
        ``quoted``)."""
        self.seen += 1
        return self.quoted[self.seen - 1:self.seen] == [(kind, True)]


def document_blocks(doc: DoclingDocument, source: str | None = None, markdown: bool = False,
                    quoted: list[tuple[str, bool]] | None = None, nested: bool = False
                    ) -> list[Block]:
    """The body of ``doc`` as blocks in reading order; ``source`` is the file's text, if any,
    ``markdown`` whether that is Markdown (whose emphasised blocks may come in pieces), and
    ``quoted``, per Markdown heading and HTML block, whether it stands in a block quote: such
    a heading, and the headings of such a block, are read as paragraphs. Left out where
    docling's headings and HTML blocks are others, as the two would not pair up. ``nested``:
    a list item's sub-items are lines of its block (HTML's), not items of their own."""
    walk = _Walk(doc, SourceText(source) if source is not None else None, markdown=markdown,
                 nested=nested)
    if quoted and [kind for kind, _ in quoted] == _quotable(doc):
        walk.quoted = quoted
    stack: list[NodeItem] = [doc.body]
    while stack:
        item = stack.pop()
        descend = _emit(walk, item)
        if descend:
            stack.extend(reversed([c.resolve(doc) for c in item.children]))
    return without_navigation(disclosure_sections(walk.blocks, walk.disclosures),
                              walk.disclosures)


def _emit(walk: _Walk, item: NodeItem) -> bool:
    """Append the block(s) for ``item``; return whether its children still need a visit."""
    if item.self_ref in walk.done or getattr(item, "content_layer", None) not in _BODY_LAYERS:
        return False
    if _is_piece(item) and _continued(walk, item):
        return False
    if isinstance(item, InlineGroup):
        text, links = _inline_text(walk, item)
        _add(walk, BlockKind.TEXT, text, item, links)
        return False
    if isinstance(item, (TitleItem, SectionHeaderItem)):
        # "## The `?` operator": an empty text, the pieces in an inline child (a heading with
        # text of its own may hold the section's paragraphs as children: HTML)
        text, links = ((item.text, _own_links(item)) if item.text.strip()
                       else _with_inline(walk, item))
        if walk.in_quote("heading"):  # "> # Note": quoted, not one of the document's parts
            _add(walk, BlockKind.TEXT, text, item, links)
        elif walk.markdown and _in_list(walk, item):
            # "- # Heading": a list item's text set large, not a part of the document (it
            # became a top-level section that took in the rest of the document, and the title)
            _add(walk, BlockKind.LIST_ITEM, text, item, links)
        else:
            level = 1 if isinstance(item, TitleItem) else item.level + 1
            _add(walk, BlockKind.HEADING, text, item, links, level=level)
        return True
    if isinstance(item, ListItem):
        if item.self_ref not in walk.said:  # its other content (a paragraph) still follows
            _emit_list_item(walk, item)
        return True
    if isinstance(item, TableItem):
        _add(walk, BlockKind.TABLE, _table_markdown(walk, item), item, ())
        _emit_captions(walk, item)
        return False
    if isinstance(item, PictureItem):
        _emit_captions(walk, item)
        return False
    if isinstance(item, CodeItem):
        html = html_block(item.text) if walk.markdown else None
        if html is not None:  # a Markdown file's raw HTML block, read alone where it stands
            blocks = _named(html_block_blocks(html), item)
            if walk.in_quote("html"):  # "> <h2>Note</h2>": its headings are quoted text
                blocks = [replace(b, kind=BlockKind.TEXT, level=0)
                          if b.kind is BlockKind.HEADING else b for b in blocks]
            elif not _in_list(walk, item):  # "<details>": a section, as a page's
                walk.disclosures += disclosure_marks(html, blocks, len(walk.blocks))
            walk.blocks += blocks
            walk.open = None
            return False
        _add(walk, BlockKind.CODE, item.text, item, ())
        return True
    if isinstance(item, FormulaItem):
        _add(walk, BlockKind.FORMULA, item.text, item, ())
        return True
    if isinstance(item, TextItem):
        if item.label not in _SKIPPED_LABELS:
            kind = _TEXT_KINDS.get(item.label, BlockKind.TEXT)
            if kind is BlockKind.TEXT and CAPTION.match(item.text):
                # a caption set as a plain paragraph (Word's "Figure 1: This is a cute
                # duckling" under its picture): what the figure shows, which summaries
                # leave out, as they do the captions the reader marks
                kind = BlockKind.CAPTION
            _add(walk, kind, item.text, item, _own_links(item))
        return True
    return True  # groups (body, lists, sections) and items without text of their own


def _quotable(doc: DoclingDocument) -> list[str]:
    """``doc``'s headings ("heading": titles and section headers) and Markdown HTML blocks
    ("html"), in order."""
    every = set(ContentLayer)
    return ["heading" if isinstance(item, (TitleItem, SectionHeaderItem)) else "html"
            for item, _ in doc.iterate_items(included_content_layers=every)
            if isinstance(item, (TitleItem, SectionHeaderItem))
            or (isinstance(item, CodeItem) and html_block(item.text) is not None)]


def _in_list(walk: _Walk, item: NodeItem) -> bool:
    """Whether ``item`` is an item of a list (docling puts a Markdown list item's heading in
    the list's group, in the item's place)."""
    parent = item.parent.resolve(walk.doc) if item.parent is not None else None
    return isinstance(parent, (ListItem, ListGroup))


def _emit_list_item(walk: _Walk, item: ListItem) -> None:
    text, links = _item_text(walk, item)
    lines, more = _sub_items(walk, item) if walk.nested else ([], ())
    _add(walk, BlockKind.LIST_ITEM, "\n".join(t for t in [text, *lines] if t), item,
         links + more, lines=bool(lines))


def _item_text(walk: _Walk, item: ListItem) -> tuple[str, tuple[Link, ...]]:
    text, links = _with_inline(walk, item)  # "- item with [a link](x)"
    marker = item.marker.strip() if item.enumerated and item.marker else ""
    for term in _sharing(walk, item):  # "<dt>A</dt><dt>B</dt><dd>d</dd>": "A, B: d"
        more_text, more = _with_inline(walk, term)
        text = ", ".join(t for t in (text, more_text) if t.strip())
        links += more
        walk.said.add(term.self_ref)
    definitions, their_links = _definitions(walk, _terms(walk, item)[-1])
    if definitions:
        text = text + ("" if text.rstrip()[-1:] in _SAID else ":") + " " + definitions
    return " ".join(join_inline([marker, text]).split()), links + their_links


def _sub_items(walk: _Walk, item: ListItem) -> tuple[list[str], tuple[Link, ...]]:
    """The items of the lists in ``item`` (an ``<li>``'s ``<ul>``, a ``<dd>``'s), each a line
    under it indented by its depth ("Parent\n  - Child"): each was an item of its own after
    its parent's, read as the next of the parent's list."""
    lines: list[str] = []
    links: tuple[Link, ...] = ()
    stack = [(sub, 1) for sub in reversed(_terms_sublist_items(walk, item))]
    while stack:
        sub, depth = stack.pop()
        if sub.self_ref in walk.said:  # a term said with the one before it
            continue
        text, more = _item_text(walk, sub)
        walk.said.add(sub.self_ref)
        if text:
            lines.append("  " * depth + ("" if sub.enumerated and sub.marker else "- ") + text)
            links += more
        stack.extend((s, depth + 1) for s in reversed(_terms_sublist_items(walk, sub)))
    return lines, links


def _terms_sublist_items(walk: _Walk, item: ListItem) -> list[ListItem]:
    return [sub for term in _terms(walk, item) for sub in _sublist_items(walk, term)]


def _sublist_items(walk: _Walk, item: ListItem) -> list[ListItem]:
    """The items of the lists in ``item`` and in its definitions."""
    out: list[ListItem] = []
    for group in (c.resolve(walk.doc) for c in item.children):
        if not isinstance(group, ListGroup):
            continue
        lists = [group] if group.name != _DEFINITIONS else [
            sub for dd in (c.resolve(walk.doc) for c in group.children)
            for sub in (c.resolve(walk.doc) for c in dd.children)
            if isinstance(sub, ListGroup) and sub.name != _DEFINITIONS]
        out += [x for sub in lists for x in (c.resolve(walk.doc) for c in sub.children)
                if isinstance(x, ListItem)]
    return out


def _terms(walk: _Walk, item: ListItem) -> list[ListItem]:
    """``item`` and the terms said with it (:func:`_sharing`)."""
    return [item, *_sharing(walk, item)]


def _sharing(walk: _Walk, term: ListItem) -> list[ListItem]:
    """The terms after ``term`` that share their definitions with it, where it is the first
    of a description list's terms with one set of definitions (docling puts the ``<dd>``
    items under the last ``<dt>``): each term before the last was read alone, "A", then
    "B: d"."""
    parent = term.parent.resolve(walk.doc) if term.parent is not None else None
    if not (isinstance(parent, ListGroup) and parent.name == _DESCRIPTION_LIST):
        return []
    if parent.self_ref not in walk.sharing_read:
        walk.sharing_read.add(parent.self_ref)
        run: list[ListItem] = []
        for item in (c.resolve(walk.doc) for c in parent.children):
            if not (isinstance(item, ListItem) and _is_term(walk, item)):
                run = []
            elif not _has_definitions(walk, item):
                run.append(item)
            else:
                if run:
                    walk.sharing[run[0].self_ref] = [*run[1:], item]
                run = []
    return walk.sharing.get(term.self_ref, [])


def _is_term(walk: _Walk, item: ListItem) -> bool:
    """Whether a description list's item is a ``<dt>``, which docling sets bold (its text, or
    each of its pieces): it puts a ``<dd>`` with no ``<dt>`` before it in the list as an item
    too, and that was read as a term sharing the next term's definitions ("An orphan, Term:
    Its definition."). One all in bold would read as a term: the HTML reader takes the bold
    off such a ``<dd>`` before docling reads the page (``_html_rewrite``)."""
    pieces: list[NodeItem] = [item]
    first = item.children[0].resolve(walk.doc) if item.children else None
    if not item.text.strip() and isinstance(first, InlineGroup):
        pieces = [p for p in (c.resolve(walk.doc) for c in first.children)
                  if isinstance(p, TextItem) and p.text.strip()]
    return bool(pieces) and all(p.formatting is not None and p.formatting.bold for p in pieces)


def _has_definitions(walk: _Walk, term: ListItem) -> bool:
    """Whether a term has ``<dd>`` definitions, or a description list for one (docling puts
    a ``<dd>`` holding a ``<dl>`` as that list under the term)."""
    return any(isinstance(group, ListGroup) and group.children
               and group.name in (_DEFINITIONS, _DESCRIPTION_LIST)
               for group in (c.resolve(walk.doc) for c in term.children))


def _definitions(walk: _Walk, term: ListItem) -> tuple[str, tuple[Link, ...]]:
    """The definitions of a description list's term (docling's "descriptions" group of its
    ``<dd>`` items under its ``<dt>``), said after it: each term and each definition was a
    list item of its own, "Term one", "Def one.", "Term two", and neither read alone."""
    texts: list[str] = []
    links: tuple[Link, ...] = ()
    for group in (c.resolve(walk.doc) for c in term.children):
        if not (isinstance(group, ListGroup) and group.name == _DEFINITIONS):
            continue
        for item in (c.resolve(walk.doc) for c in group.children):
            if isinstance(item, ListItem):
                text, more = _with_inline(walk, item)
                if text.strip():
                    texts.append(" ".join(text.split()))
                    links += more
                walk.said.add(item.self_ref)
    last = len(texts) - 1
    return " ".join(t if t[-1] in _SAID or i == last else t + ";" for i, t in enumerate(texts)), \
        links


def _with_inline(walk: _Walk, item: NodeItem) -> tuple[str, tuple[Link, ...]]:
    """The item's text and links, or those of its first paragraph's inline group (docling
    gives a heading or list item with a code span or link an empty text and the pieces as
    its first child). An item's later paragraphs are blocks of their own, as plain ones are:
    those with markup were joined onto the first, ahead of the plain ones between."""
    first = item.children[0].resolve(walk.doc) if item.children else None
    if item.text.strip() or not isinstance(first, InlineGroup):
        return item.text, _own_links(item)
    walk.done.add(first.self_ref)
    return _inline_text(walk, first)


def _is_piece(item: NodeItem) -> bool:
    """A text run or code span of an emphasis or link."""
    return (isinstance(item, TextItem) and item.label in _PIECE_LABELS and _marked_up(item)
            and bool(item.text.strip()) and not item.children)


def _marked_up(item: TextItem) -> bool:
    """Emphasised (bold, italic, underlined, struck through, raised or lowered) or a link."""
    f = item.formatting
    return item.hyperlink is not None or (f is not None and (
        f.bold or f.italic or f.underline or f.strikethrough or f.script is not Script.BASELINE))


def _continued(walk: _Walk, piece: TextItem) -> bool:
    """Join ``piece`` onto the last block if the source shows it right after it, in it."""
    if walk.open is None or walk.source is None:
        return False
    found = walk.source.follows(walk.open.end, piece.text, walk.open.one_line)
    if found is None:
        return False
    walk.open.end, spaced = found
    block = walk.blocks[-1]
    walk.blocks[-1] = replace(  # a code span that began the emphasis began a paragraph
        block, kind=BlockKind.TEXT if block.kind is BlockKind.CODE else block.kind,
        text=block.text + (" " if spaced else "") + " ".join(piece.text.split()),
        links=block.links + _own_links(piece))
    walk.done.add(piece.self_ref)
    return True


def _table_markdown(walk: _Walk, item: TableItem) -> str:
    """The table's rows as Markdown, without the caption docling's serializer sets above them
    (an HTML table's ``<caption>``): the caption is a paragraph of its own
    (:func:`_emit_captions`), and was read twice; nor the names noted on it (its anchor)."""
    text = table_markdown(item, walk.doc)
    for ref in item.captions:
        said = getattr(ref.resolve(walk.doc), "text", "")
        if said and text.startswith(said):
            text = text[len(said):].lstrip()
    return text


def _emit_captions(walk: _Walk, item: TableItem | PictureItem) -> None:
    for ref in item.captions:
        caption = ref.resolve(walk.doc)
        if caption.self_ref not in walk.done and isinstance(caption, TextItem):
            _add(walk, BlockKind.CAPTION, caption.text, caption, _own_links(caption))
            walk.done.add(caption.self_ref)


def _add(walk: _Walk, kind: BlockKind, text: str, item: NodeItem, links: tuple[Link, ...],
         level: int = 0, lines: bool = False) -> None:
    if kind is not BlockKind.TABLE and kind is not BlockKind.CODE and not lines:
        text = " ".join(text.split())
    if not text.strip():
        return
    walk.blocks += _named([Block(kind, text, level=level, page=_page(item), links=links)], item)
    walk.done.add(item.self_ref)
    walk.open = None
    if walk.source is not None and not isinstance(item, InlineGroup):
        walk.source.skip_to(text)
        if walk.markdown and isinstance(item, TextItem) and _marked_up(item) and item.text.strip():
            end = walk.source.end_of(item.text)
            if end is not None:
                walk.open = _Open(end, one_line=kind is BlockKind.HEADING)


def _named(blocks: list[Block], item: NodeItem) -> list[Block]:
    """The first block named by the names inline HTML gives ``item``'s block: anchored by the
    first where it has no anchor of its own, else (a heading, which keeps its slug as GitHub
    does: '<a id="defid"></a>' above "### Handling DefIds" is "#defid" and
    "#handling-defids") known by them too."""
    names = tuple(written_anchors(item))
    if not (names and blocks):
        return blocks
    first = blocks[0]
    if first.anchor is None and first.kind is not BlockKind.HEADING:
        first, names = replace(first, anchor=names[0]), names[1:]
    return [replace(first, names=first.names + names), *blocks[1:]]


def _inline_text(walk: _Walk, group: InlineGroup) -> tuple[str, tuple[Link, ...]]:
    pieces: list[str] = []
    links: list[Link] = []
    for child in _descendants(walk.doc, group):
        text = getattr(child, "text", "")
        if isinstance(child, TextItem) and text.strip():
            pieces.append(text.strip())
            links.extend(_own_links(child))
    return join_inline(pieces, walk.source), tuple(links)


def _descendants(doc: DoclingDocument, item: NodeItem) -> Iterator[NodeItem]:
    stack = [c.resolve(doc) for c in reversed(item.children)]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(c.resolve(doc) for c in reversed(node.children))


def _own_links(item: NodeItem) -> tuple[Link, ...]:
    target = getattr(item, "hyperlink", None)
    if target is None:
        return ()
    return (Link(target=str(target), text=" ".join(getattr(item, "text", "").split())),)


def _page(item: NodeItem) -> int | None:
    prov = getattr(item, "prov", None)
    return prov[0].page_no if prov else None
