"""Diff of a stored tree against a newly parsed one.

Nodes are matched by id first (ids are content- and path-derived, see :mod:`docnav.tree`).
Unmatched nodes are then paired up:

* a paragraph removed and one added under the same parent at the same place -> *modified*;
* a section removed and one added whose subtree is the same (equal child tree hashes) or
  that sits at the same place under the same parent -> *renamed* (heading changed);
* a matched node whose parent or sibling order changed -> *moved*.

The *dirty* set is every node of the new tree whose ``tree_hash`` is not in the old tree
for the same id: exactly the changed nodes and their ancestors up to the document.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from docnav.model import DocTree, Node, NodeKind


@dataclass(frozen=True)
class TreeDiff:
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    modified: tuple[tuple[str, str], ...] = ()  # (old id, new id)
    renamed: tuple[tuple[str, str], ...] = ()  # (old id, new id) of sections
    moved: tuple[str, ...] = ()  # same id, another place (parent or order among siblings)
    relocated: tuple[tuple[str, str], ...] = ()  # (old id, new id): a section re-parented,
    # heading and content unchanged (its id follows its heading path, so it changes)
    dirty: tuple[str, ...] = field(default=())  # new-tree ids whose tree_hash changed

    @property
    def unchanged(self) -> bool:
        return not (self.added or self.removed or self.modified or self.renamed or self.moved
                    or self.relocated or self.dirty)

    def counts(self) -> dict[str, int]:
        return {
            "added": len(self.added),
            "removed": len(self.removed),
            "modified": len(self.modified),
            "renamed": len(self.renamed),
            "moved": len(self.moved),
            "relocated": len(self.relocated),
            "dirty": len(self.dirty),
        }


def diff_trees(old: DocTree | None, new: DocTree) -> TreeDiff:
    if old is None:
        ids = tuple(n.node_id for n in new.nodes)
        return TreeDiff(added=ids, dirty=ids)
    if old.tree_hash == new.tree_hash and len(old.nodes) == len(new.nodes):
        return TreeDiff()

    old_ids = {n.node_id for n in old.nodes}
    new_ids = {n.node_id for n in new.nodes}
    gone = [n for n in old.nodes if n.node_id not in new_ids]
    fresh = [n for n in new.nodes if n.node_id not in old_ids]

    modified, renamed, relocated = _pair_unmatched(old, new, gone, fresh)
    paired_old = {o for o, _ in modified + renamed + relocated}
    paired_new = {n for _, n in modified + renamed + relocated}

    old_rank, new_rank = _common_ranks(old, new_ids), _common_ranks(new, old_ids)
    moved = tuple(
        n.node_id
        for n in new.nodes
        if n.node_id in old_ids and (
            _parent_key(old, old.node(n.node_id)) != _parent_key(new, n)
            or old_rank.get(n.node_id) != new_rank.get(n.node_id))
    )
    dirty = tuple(
        n.node_id
        for n in new.nodes
        if n.node_id not in old_ids or old.node(n.node_id).tree_hash != n.tree_hash
    )
    return TreeDiff(
        added=tuple(n.node_id for n in fresh if n.node_id not in paired_new),
        removed=tuple(n.node_id for n in gone if n.node_id not in paired_old),
        modified=tuple(modified),
        renamed=tuple(renamed),
        moved=moved,
        relocated=tuple(relocated),
        dirty=dirty,
    )


def _parent_key(tree: DocTree, node: Node) -> str | None:
    return tree.node(node.parent_id).local_key if node.parent_id else None


def _common_ranks(tree: DocTree, other_ids: set[str]) -> dict[str, int]:
    """Each node's rank among its siblings that exist in both trees: inserting or deleting a
    sibling does not change it, swapping two does."""
    ranks: dict[str, int] = {}
    for n in tree.nodes:
        if n.kind is NodeKind.PARAGRAPH or n.node_id not in other_ids:
            continue
        common = [c.node_id for c in tree.children(n.node_id) if c.node_id in other_ids]
        ranks.update({c: i for i, c in enumerate(common)})
    return ranks


def _pair_unmatched(
    old: DocTree, new: DocTree, gone: list[Node], fresh: list[Node]
) -> tuple[list[tuple[str, str]], list[tuple[str, str]], list[tuple[str, str]]]:
    """Pair removed with added nodes: sections first (same subtree -> renamed or relocated;
    same place -> renamed or modified), then paragraphs at the same place under the same
    (possibly renamed or relocated) section -> modified."""
    modified: list[tuple[str, str]] = []
    renamed: list[tuple[str, str]] = []
    relocated: list[tuple[str, str]] = []
    section_map = {n.node_id: n.node_id for n in new.nodes}  # old section id -> new id
    used: set[str] = set()

    by_children = {}
    by_place = {}
    for n in fresh:
        if n.kind is NodeKind.SECTION:
            by_children.setdefault(_child_hashes(new, n), n)
            by_place[(n.parent_id, new.sibling_index(n))] = n
    for o in (x for x in gone if x.kind is NodeKind.SECTION):
        hashes = _child_hashes(old, o)
        match = by_children.get(hashes) if hashes else None
        if match is None or match.node_id in used:
            parent = section_map.get(o.parent_id, o.parent_id)
            match = by_place.get((parent, old.sibling_index(o)))
        if match is None or match.node_id in used:
            continue
        used.add(match.node_id)
        section_map[o.node_id] = match.node_id
        if o.heading != match.heading:
            renamed.append((o.node_id, match.node_id))
        elif _parent_key(old, o) != _parent_key(new, match):
            relocated.append((o.node_id, match.node_id))
        else:
            modified.append((o.node_id, match.node_id))

    paragraphs = {(n.parent_id, new.sibling_index(n)): n
                  for n in fresh if n.kind is NodeKind.PARAGRAPH}
    for o in (x for x in gone if x.kind is NodeKind.PARAGRAPH):
        match = paragraphs.get((section_map.get(o.parent_id, o.parent_id), old.sibling_index(o)))
        if match is not None and match.node_id not in used:
            used.add(match.node_id)
            modified.append((o.node_id, match.node_id))
    return modified, renamed, relocated


def _child_hashes(tree: DocTree, node: Node) -> tuple[str, ...]:
    return tuple(c.tree_hash for c in tree.children(node.node_id))
