"""Build a :class:`DocTree` from parsed blocks: nesting, identity and Merkle hashes.

Identity rules (see DESIGN.md):

* section ``local_key``: its heading path, each step with its ordinal among equally named
  siblings, so an unchanged section keeps its id wherever the edit happened;
* paragraph ``local_key``: its text hash plus the occurrence number of that text in the
  document, so an unchanged paragraph keeps its id (and embedding) when it moves;
* ``text_hash`` hashes a node's own text; ``tree_hash`` = H(text_hash, children's tree_hash),
  so a change alters exactly the tree_hash of the changed node and its ancestors.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field

from docnav.hashing import digest
from docnav.model import (
    Block,
    BlockKind,
    DocTree,
    Edge,
    EdgeKind,
    Node,
    NodeKind,
    NodeLink,
    ParsedDocument,
)
from docnav.pull_requests import pull_mentions
from docnav.refs import number_mentions

BREADCRUMB_SEP = " › "
PREAMBLE = "preamble"
# a heading's section number: "2.1.7 Verifying ...", "Chapter 1. Securing ...", "3 Method"
_SECTION_NUMBER = re.compile(r"^(?:chapter|section|part)?\s*(\d{1,3}(?:\.\d{1,3})*)\.?\s+\S",
                             re.I)


@dataclass
class _Draft:
    """A node under construction (mutable while the tree is assembled)."""

    kind: NodeKind
    block_kind: str
    heading: str = ""
    text: str = ""
    level: int = 0
    raw_level: int = 0
    page: int | None = None
    anchor: str | None = None
    links: tuple = ()
    children: list["_Draft"] = field(default_factory=list)


def node_id_for(doc_id: str, local_key: str) -> str:
    return digest(doc_id, local_key)


def slugify(heading: str) -> str:
    """GitHub-style anchor for a heading: lower case, punctuation dropped, spaces to dashes."""
    text = unicodedata.normalize("NFKC", heading).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def normalize_space(text: str) -> str:
    return " ".join(text.split())


def build_tree(parsed: ParsedDocument, doc_id: str, path: str) -> DocTree:
    """Nest the parsed blocks by heading level and assign ids and hashes."""
    title = normalize_space(parsed.title) or _stem(path)
    root = _Draft(NodeKind.DOCUMENT, "document", heading=title)
    _nest(root, parsed.blocks, title)
    return _finish(root, doc_id, path, parsed)


def _stem(path: str) -> str:
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    return name.rsplit(".", 1)[0] if "." in name else name


def _nest(root: _Draft, blocks: tuple[Block, ...], title: str) -> None:
    """Attach blocks under the right section; repair heading level jumps (H1 -> H3).

    A heading becomes the child of the nearest open heading with a smaller raw level, so a
    jump is absorbed instead of inventing empty sections. A subsection's number names its
    section, too: "2.2 Separation of duties" is no part of "Chapter 1. ..." nor of "1.2 ...",
    whatever their levels (a document sampled from a book, whose "Chapter 2" page is left out,
    put the rest of the book under chapter 1). A paragraph with a level is one of the open
    section of that level or above, after that section's subsections (HTML's nested
    ``<section>``). Paragraphs before the first heading go into a preamble section, so that
    every paragraph lives in a section.
    """
    stack: list[_Draft] = [root]
    preamble: _Draft | None = None
    for block in blocks:
        if block.kind is BlockKind.HEADING:
            heading = normalize_space(block.text)
            while len(stack) > 1 and stack[-1].raw_level >= block.level:
                stack.pop()
            number = _number(heading)
            if len(number) > 1:  # "2.2": not "1" restarting under "2. Design"
                while len(stack) > 1 and (above := _number(stack[-1].heading)) and (
                        number[:len(above)] != above):
                    stack.pop()
            parent = stack[-1]
            section = _Draft(
                NodeKind.SECTION,
                "heading",
                heading=heading,
                level=parent.level + 1,
                raw_level=block.level,
                page=block.page,
                anchor=block.anchor or slugify(heading),
                links=block.links,
            )
            parent.children.append(section)
            stack.append(section)
            continue
        text = block.text.strip()
        if not text:
            continue
        while block.level and len(stack) > 1 and stack[-1].raw_level > block.level:
            stack.pop()  # a paragraph after a subsection's end, back in its section
        parent = stack[-1]
        if parent is root:
            if preamble is None:
                preamble = _Draft(NodeKind.SECTION, PREAMBLE, heading=title, level=1,
                                  raw_level=0, page=block.page, anchor=None)
                root.children.insert(0, preamble)
            parent = preamble
        parent.children.append(
            _Draft(NodeKind.PARAGRAPH, block.kind.value, text=text, level=parent.level + 1,
                   page=block.page, anchor=block.anchor, links=block.links)
        )
    _join_title(root, preamble, title)


def _number(heading: str) -> tuple[str, ...]:
    """A heading's section number, its parts: ("2", "1", "7") of "2.1.7 Verifying ..."."""
    m = _SECTION_NUMBER.match(heading)
    return tuple(m.group(1).split(".")) if m else ()


def _join_title(root: _Draft, preamble: _Draft | None, title: str) -> None:
    """Text before a first heading that is the document's title (a kicker or subtitle above
    a Word title: "Summer activities", then "Swimming in the lake") opens the title's
    section; a preamble named by the same title beside it would be a second section of that
    name."""
    if preamble is None or len(root.children) < 2:
        return
    first = root.children[1]
    if first.kind is NodeKind.SECTION and first.block_kind == "heading" \
            and first.heading == title:
        first.children[:0] = preamble.children
        root.children.remove(preamble)


# a node in pre-order: its draft, its parent's id, its local key and the headings above it
_Keyed = tuple[_Draft, str | None, str, tuple[str, ...]]


def _keyed(root: _Draft, doc_id: str) -> tuple[list[_Keyed], dict[int, str]]:
    """The drafts in pre-order, each with its parent's id, local key and the headings above
    it, and each draft's node id (by ``id(draft)``). A paragraph's key is its text's hash and
    how many paragraphs before it had that text; a section's, the path of (heading, ordinal
    among its siblings so headed) from the root: both survive edits elsewhere. An explicit
    stack survives 200-level nesting."""
    order: list[_Keyed] = []
    stack: list[_Keyed] = [(root, None, "doc", ())]
    ids: dict[int, str] = {}
    text_seen: dict[str, int] = {}
    while stack:
        draft, parent_id, local_key, crumbs = item = stack.pop()
        node_id = node_id_for(doc_id, local_key)
        ids[id(draft)] = node_id
        order.append(item)
        names = _crumbs(crumbs, draft)
        sibling_names: dict[str, int] = {}
        child_items = []
        for child in draft.children:
            if child.kind is NodeKind.PARAGRAPH:
                th = digest(child.text)
                k = text_seen.get(th, 0)
                text_seen[th] = k + 1
                key = f"p:{th}:{k}"
            else:
                name = child.heading if child.block_kind != PREAMBLE else f"\0{PREAMBLE}"
                ordinal = sibling_names.get(name, 0)
                sibling_names[name] = ordinal + 1
                parent_path = json.loads(local_key[2:]) if local_key.startswith("s:") else []
                key = "s:" + json.dumps(parent_path + [[name, ordinal]], ensure_ascii=False)
            child_items.append((child, node_id, key, names))
        stack.extend(reversed(child_items))
    return order, ids


def _hashes(order: list[_Keyed]) -> tuple[dict[int, str], dict[int, str]]:
    """Each draft's text hash (a paragraph's text, a section's heading) and tree hash (its
    kind, block kind, text hash and its children's tree hashes), by ``id(draft)``: computed
    bottom-up, children before parents (reverse pre-order)."""
    text_hashes: dict[int, str] = {}
    tree_hashes: dict[int, str] = {}
    for draft, *_ in reversed(order):
        own = draft.text if draft.kind is NodeKind.PARAGRAPH else draft.heading
        text_hashes[id(draft)] = th = digest(own)
        tree_hashes[id(draft)] = digest(
            draft.kind.value, draft.block_kind, th, *(tree_hashes[id(c)] for c in draft.children)
        )
    return text_hashes, tree_hashes


def _crumbs(crumbs: tuple[str, ...], draft: _Draft) -> tuple[str, ...]:
    """Breadcrumb names down to ``draft``. A heading repeating its parent's name (the usual
    ``# Title`` under a document titled by it, or a preamble section) is not repeated."""
    if draft.kind is NodeKind.PARAGRAPH or (crumbs and crumbs[-1] == draft.heading):
        return crumbs
    return crumbs + (draft.heading,)


def _finish(root: _Draft, doc_id: str, path: str, parsed: ParsedDocument) -> DocTree:
    """The tree's nodes in pre-order (their positions), with their ids, keys, hashes and
    breadcrumbs, its ``contains`` and ``sequential`` edges, and its links."""
    nodes: list[Node] = []
    edges: list[Edge] = []
    links: list[NodeLink] = []
    order, ids = _keyed(root, doc_id)
    text_hashes, tree_hashes = _hashes(order)
    for position, (draft, parent_id, local_key, crumbs) in enumerate(order):
        node_id = ids[id(draft)]
        names = _crumbs(crumbs, draft)
        nodes.append(
            Node(
                node_id=node_id,
                doc_id=doc_id,
                local_key=local_key,
                kind=draft.kind,
                block_kind=draft.block_kind,
                level=draft.level,
                position=position,
                parent_id=parent_id,
                heading=draft.heading,
                breadcrumb=BREADCRUMB_SEP.join(names),
                text=draft.text,
                page=draft.page,
                anchor=draft.anchor,
                text_hash=text_hashes[id(draft)],
                tree_hash=tree_hashes[id(draft)],
            )
        )
        previous: str | None = None
        for child in draft.children:
            child_id = ids[id(child)]
            edges.append(Edge(node_id, child_id, EdgeKind.CONTAINS))
            if previous is not None:
                edges.append(Edge(previous, child_id, EdgeKind.SEQUENTIAL))
            previous = child_id
        for link in draft.links:
            links.append(NodeLink(node_id, link.target, link.text))
        if draft.kind is NodeKind.PARAGRAPH:  # "RFC 1859": the document so numbered;
            # "rust-lang/rfcs#2349": the one whose RFC PR line names that pull request
            links.extend(NodeLink(node_id, target, said) for target, said in
                         [*number_mentions(draft.text), *pull_mentions(draft.text)])

    return DocTree(
        doc_id=doc_id,
        path=path,
        title=root.heading,
        format=parsed.format,
        nodes=tuple(nodes),
        edges=tuple(edges),
        links=tuple(links),
        metadata=parsed.metadata,
    )
