"""The document model: what a parser produces and what the store holds.

Parsers emit a flat sequence of :class:`Block` (headings carry a level); :func:`docnav.tree.build_tree`
turns that into a :class:`DocTree` of :class:`Node` linked by stable ids, never object identity.
Everything here is immutable.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

# 2: vectors stored as float32 bytes (BLOB), see docnav.rows.vector_bytes
# 3: documents.parsed_with (the parser that made the stored tree); a version-2 store is
#    upgraded in place by the first writer (docnav.schema.initialize)
SCHEMA_VERSION = 3


class NodeKind(str, Enum):
    COLLECTION = "collection"
    DOCUMENT = "document"
    SECTION = "section"
    PARAGRAPH = "paragraph"


class BlockKind(str, Enum):
    """What a parsed block is. Everything but HEADING becomes a paragraph node with this kind."""

    HEADING = "heading"
    TEXT = "text"
    LIST_ITEM = "list_item"
    TABLE = "table"
    CODE = "code"
    CAPTION = "caption"
    FORMULA = "formula"


class EdgeKind(str, Enum):
    CONTAINS = "contains"
    SEQUENTIAL = "sequential"
    REFERENCES = "references"
    RELATED = "related"


@dataclass(frozen=True, slots=True)
class Link:
    """A hyperlink found in a block: ``target`` is the raw href (URL, path, ``#anchor``)."""

    target: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class Block:
    """One unit of parsed content in reading order.

    ``level`` is the heading level (1 = top) for headings. Another block's is 0, for one of
    the section of the heading before it, or the level of the heading whose section it
    stands in where a subsection ends before it (an HTML page's nested ``<section>``).
    ``page`` is 1-based where the format has pages. Tables keep their structure as
    Markdown-like text. ``names`` are other names a link in the document may give the block
    (a Markdown '<a id="defid"></a>' above a heading that keeps its slug as ``anchor``): the
    reader points such links at the anchor.
    """

    kind: BlockKind
    text: str
    level: int = 0
    page: int | None = None
    links: tuple[Link, ...] = ()
    anchor: str | None = None
    names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ParsedDocument:
    """What a parser returns for one file."""

    title: str
    blocks: tuple[Block, ...]
    format: str
    metadata: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Node:
    """A node of the document graph.

    ``local_key`` identifies the node inside its document independently of ``doc_id``
    (sections: heading path with ordinals; paragraphs: text hash with occurrence number), so
    ``node_id`` = H(doc_id, local_key) is stable across re-parses of unchanged content.
    ``position`` is the node's index in document reading order (pre-order).
    """

    node_id: str
    doc_id: str
    local_key: str
    kind: NodeKind
    block_kind: str
    level: int
    position: int
    parent_id: str | None
    heading: str
    breadcrumb: str
    text: str
    page: int | None
    anchor: str | None
    text_hash: str
    tree_hash: str


@dataclass(frozen=True, slots=True)
class Edge:
    src: str
    dst: str
    kind: EdgeKind
    weight: float = 1.0


@dataclass(frozen=True, slots=True)
class NodeLink:
    """A raw link found in a node, kept so cross-document references can be re-resolved."""

    node_id: str
    target: str
    text: str = ""


@dataclass(frozen=True)
class DocTree:
    """A document as a tree: nodes in reading order (the document node first) and its edges."""

    doc_id: str
    path: str
    title: str
    format: str
    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...]
    links: tuple[NodeLink, ...] = ()
    metadata: tuple[tuple[str, str], ...] = ()
    _by_id: dict[str, Node] = field(default_factory=dict, init=False, compare=False, repr=False)
    _children: dict[str, list[Node]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    _sibling_index: dict[str, int] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        self._by_id.update({n.node_id: n for n in self.nodes})
        for n in self.nodes:
            self._children.setdefault(n.node_id, [])
            if n.parent_id is not None:
                siblings = self._children.setdefault(n.parent_id, [])
                self._sibling_index[n.node_id] = len(siblings)
                siblings.append(n)

    @property
    def root(self) -> Node:
        return self.nodes[0]

    @property
    def tree_hash(self) -> str:
        return self.root.tree_hash

    def node(self, node_id: str) -> Node:
        return self._by_id[node_id]

    def get(self, node_id: str) -> Node | None:
        return self._by_id.get(node_id)

    def children(self, node_id: str) -> list[Node]:
        return list(self._children.get(node_id, ()))

    def sibling_index(self, node: Node) -> int:
        return self._sibling_index.get(node.node_id, 0)

    def ancestors(self, node_id: str) -> list[Node]:
        """Parents of ``node_id`` from its parent up to the document node."""
        out: list[Node] = []
        parent = self._by_id[node_id].parent_id
        while parent is not None and parent in self._by_id:
            out.append(self._by_id[parent])
            parent = self._by_id[parent].parent_id
        return out

    @property
    def sections(self) -> list[Node]:
        return [n for n in self.nodes if n.kind is NodeKind.SECTION]

    @property
    def paragraphs(self) -> list[Node]:
        return [n for n in self.nodes if n.kind is NodeKind.PARAGRAPH]
