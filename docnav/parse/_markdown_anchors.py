"""Anchors written as inline HTML in Markdown: ``<a id="defid"></a>`` on the line before
``### Handling DefIds``, ``## <a name="y"></a>Third``, ``<a name="note1">1.</a> The note``.

docling's Markdown reader passes over inline HTML, so such a name was lost and a link to it
(``[ids](#defid)``) led nowhere; a paragraph of nothing but the tag is no block at all. While
docling reads the file, each name is noted on the item of the block it stands in, or, where
that block has no text, of the next block: the item's custom metadata (docling-core's place
for a reader's own fields), which :mod:`docnav.parse._blocks` makes the block's anchor.
"""

from __future__ import annotations

import re

_TAG = re.compile(r"<([A-Za-z][\w-]*)(\s[^<>]*)>")
_ATTRIBUTE = re.compile(r"""\s(id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))""",
                        re.IGNORECASE)
_NAMESPACE, _FIELD = "docnav", "anchors"
META_KEY = f"{_NAMESPACE}__{_FIELD}"  # the custom field's key, as docling-core writes it


def tag_anchors(html: str) -> list[str]:
    """The names an inline HTML tag gives the place it stands: any element's ``id``, and an
    ``<a>``'s ``name`` (the older way to name a place)."""
    m = _TAG.fullmatch(html.strip())
    if m is None:
        return []
    found = {a.group(1).lower(): next(v for v in a.groups()[1:] if v is not None)
             for a in _ATTRIBUTE.finditer(m.group(2))}
    name = found.get("id") or (found.get("name") if m.group(1).lower() == "a" else None)
    return [name.strip()] if name and name.strip() else []


class PendingAnchors:
    """The names read in the blocks docling walks, until a block gives them an item."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def walked(self, element, doc, texts: int, tables: int) -> None:
        """After docling walked ``element`` (its tree of blocks and inlines, ``texts`` and
        ``tables`` the document's counts before): note an inline tag's names, or give those
        noted to the first item a block made (a table's names to the table)."""
        import marko.inline
        from marko.ext.gfm.elements import Table

        if isinstance(element, marko.inline.InlineHTML):
            self.names += tag_anchors(element.children)
        elif self.names and isinstance(element, _leaf_blocks()):
            item = (doc.tables[tables] if isinstance(element, Table) and len(doc.tables) > tables
                    else _block_item(doc, doc.texts[texts]) if len(doc.texts) > texts else None)
            if item is not None:
                _note(item, self.names)
                self.names = []


def _leaf_blocks() -> tuple[type, ...]:
    """The blocks that make an item (a list or quote holds blocks: its first is the one)."""
    import marko.block
    from marko.ext.gfm.elements import Table

    return (marko.block.Paragraph, marko.block.Heading, marko.block.SetextHeading,
            marko.block.CodeBlock, marko.block.FencedCode, marko.block.HTMLBlock, Table)


def _block_item(doc, item):
    """The item that stands for the block ``item`` begins: the inline group of which it is
    the first piece, and the list item or heading whose text that group is."""
    from docling_core.types.doc import InlineGroup, ListItem, SectionHeaderItem, TitleItem

    while item.parent is not None:
        parent = item.parent.resolve(doc)
        holds = InlineGroup if not isinstance(item, InlineGroup) else (
            ListItem, SectionHeaderItem, TitleItem)
        if not (isinstance(parent, holds) and parent.children[0].cref == item.self_ref):
            break
        item = parent
    return item


def _note(item, names: list[str]) -> None:
    from docling_core.types.doc import BaseMeta, FloatingMeta
    from docling_core.types.doc.document import FloatingItem

    if item.meta is None:
        item.meta = FloatingMeta() if isinstance(item, FloatingItem) else BaseMeta()
    item.meta.set_custom_field(_NAMESPACE, _FIELD, [*written_anchors(item), *names])


def written_anchors(item) -> list[str]:
    """The names noted on ``item``, in order."""
    meta = getattr(item, "meta", None)
    return list(meta.get_custom_part().get(META_KEY, [])) if meta is not None else []
