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
    moved: tuple[str, ...] = ()
    dirty: tuple[str, ...] = field(default=())  # new-tree ids whose tree_hash changed

    @property
    def unchanged(self) -> bool:
        return not (self.added or self.removed or self.modified or self.renamed or self.moved
                    or self.dirty)

    def counts(self) -> dict[str, int]:
        return {
            "added": len(self.added),
            "removed": len(self.removed),
            "modified": len(self.modified),
            "renamed": len(self.renamed),
            "moved": len(self.moved),
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

    modified, renamed = _pair_unmatched(old, new, gone, fresh)
    paired_old = {o for o, _ in modified} | {o for o, _ in renamed}
    paired_new = {n for _, n in modified} | {n for _, n in renamed}

    moved = tuple(
        n.node_id
        for n in new.nodes
        if n.node_id in old_ids and _place(old, old.node(n.node_id)) != _place(new, n)
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
        dirty=dirty,
    )


def _place(tree: DocTree, node: Node) -> tuple[str | None, int]:
    """Where a node sits: its parent's local key and its index among the siblings."""
    if node.parent_id is None:
        return (None, 0)
    return (tree.node(node.parent_id).local_key, tree.sibling_index(node))


def _pair_unmatched(
    old: DocTree, new: DocTree, gone: list[Node], fresh: list[Node]
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    modified: list[tuple[str, str]] = []
    renamed: list[tuple[str, str]] = []
    fresh_by_place: dict[tuple, Node] = {}
    fresh_by_children: dict[tuple, Node] = {}
    for n in fresh:
        fresh_by_place[(n.kind, _parent_key(new, n), _sibling_index(new, n))] = n
        if n.kind is NodeKind.SECTION:
            fresh_by_children[_child_hashes(new, n)] = n
    used: set[str] = set()
    for o in gone:
        match = None
        if o.kind is NodeKind.SECTION:
            candidate = fresh_by_children.get(_child_hashes(old, o))
            if candidate is not None and _child_hashes(old, o) != ():
                match = candidate
        if match is None:
            match = fresh_by_place.get((o.kind, _parent_key(old, o), _sibling_index(old, o)))
        if match is None or match.node_id in used:
            continue
        used.add(match.node_id)
        if o.kind is NodeKind.SECTION and o.heading != match.heading:
            renamed.append((o.node_id, match.node_id))
        else:
            modified.append((o.node_id, match.node_id))
    return modified, renamed


def _parent_key(tree: DocTree, node: Node) -> str | None:
    # Compare parents by the text of their headings path so a renamed parent still lines up.
    return tree.node(node.parent_id).breadcrumb if node.parent_id else None


def _sibling_index(tree: DocTree, node: Node) -> int:
    return tree.sibling_index(node)


def _child_hashes(tree: DocTree, node: Node) -> tuple[str, ...]:
    return tuple(c.tree_hash for c in tree.children(node.node_id))
