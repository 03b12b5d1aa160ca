"""diff_trees: hand-made edits, and properties over random trees and random edits."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from docnav.diff import TreeDiff, diff_trees
from docnav.model import Block, BlockKind, DocTree, Node, NodeKind, ParsedDocument
from docnav.tree import build_tree


def h(level: int, text: str) -> Block:
    return Block(BlockKind.HEADING, text, level=level)


def p(text: str) -> Block:
    return Block(BlockKind.TEXT, text)


def tree_of(blocks: list[Block]) -> DocTree:
    return build_tree(ParsedDocument("Doc", tuple(blocks), "md"), "doc-1", "/docs/doc.md")


def one(tree: DocTree, label: str) -> Node:
    found = [n for n in tree.nodes if (n.text or n.heading) == label and n.block_kind != "preamble"]
    assert len(found) == 1, f"expected one node labelled {label!r}, found {len(found)}"
    return found[0]


def ids(tree: DocTree, *labels: str) -> set[str]:
    return {one(tree, x).node_id for x in labels}


def path_to_root(tree: DocTree, node: Node) -> set[str]:
    return {node.node_id} | {a.node_id for a in tree.ancestors(node.node_id)}


BASE = [
    p("intro"),
    h(1, "A"), p("a1"), h(2, "A.1"), p("a11"), p("a12"),
    h(1, "B"), p("b1"), p("b2"),
    h(1, "C"), p("c1"),
]


def edited(blocks: list[Block], old: Block, *new: Block) -> list[Block]:
    i = blocks.index(old)
    return blocks[:i] + list(new) + blocks[i + 1 :]


def test_unchanged_tree_gives_an_empty_diff():
    d = diff_trees(tree_of(BASE), tree_of(list(BASE)))
    assert d == TreeDiff()
    assert d.unchanged
    assert set(d.counts().values()) == {0}


def test_first_index_adds_everything():
    new = tree_of(BASE)
    d = diff_trees(None, new)
    assert set(d.added) == set(d.dirty) == {n.node_id for n in new.nodes}


def test_one_paragraph_edit_is_one_modified_node_and_its_path_to_the_root():
    old = tree_of(BASE)
    new = tree_of(edited(BASE, p("a11"), p("a11 edited")))
    d = diff_trees(old, new)
    assert d.modified == ((one(old, "a11").node_id, one(new, "a11 edited").node_id),)
    assert d.counts() == {"added": 0, "removed": 0, "modified": 1, "renamed": 0, "moved": 0,
                          "relocated": 0,
                          "dirty": 4}
    assert set(d.dirty) == path_to_root(new, one(new, "a11 edited"))
    assert set(d.dirty) == ids(new, "a11 edited", "A.1", "A", "Doc")


def test_appending_a_paragraph_is_one_added_node():
    old = tree_of(BASE)
    new = tree_of(edited(BASE, p("b2"), p("b2"), p("b3")))
    d = diff_trees(old, new)
    assert d.added == (one(new, "b3").node_id,)
    assert (d.removed, d.modified, d.renamed, d.moved) == ((), (), (), ())
    assert set(d.dirty) == ids(new, "b3", "B", "Doc")


def test_inserting_a_paragraph_in_the_middle_adds_it_and_keeps_its_neighbours():
    old = tree_of(BASE)
    new = tree_of(edited(BASE, p("b1"), p("b1"), p("inserted")))
    d = diff_trees(old, new)
    assert d.added == (one(new, "inserted").node_id,)
    assert (d.removed, d.modified, d.renamed) == ((), (), ())
    assert set(d.dirty) == ids(new, "inserted", "B", "Doc")


def test_siblings_shifted_by_an_insert_or_a_delete_are_not_moved():
    old = tree_of(BASE)
    inserted = diff_trees(old, tree_of(edited(BASE, p("b1"), p("b1"), p("inserted"))))
    deleted = diff_trees(old, tree_of(BASE[: BASE.index(h(1, "B"))] + BASE[-2:]))
    assert inserted.moved == ()
    assert deleted.moved == ()


def test_deleting_a_section_removes_it_and_its_paragraphs():
    old = tree_of(BASE)
    new = tree_of(BASE[: BASE.index(h(1, "B"))] + BASE[-2:])  # drop B and its paragraphs
    d = diff_trees(old, new)
    assert set(d.removed) == ids(old, "B", "b1", "b2")
    assert (d.added, d.modified, d.renamed) == ((), (), ())
    assert set(d.dirty) == {new.root.node_id}


def test_deleting_the_last_section_changes_only_the_document_node():
    old = tree_of(BASE)
    new = tree_of(BASE[:-2])
    d = diff_trees(old, new)
    assert set(d.removed) == ids(old, "C", "c1")
    assert (d.added, d.modified, d.renamed, d.moved) == ((), (), (), ())
    assert set(d.dirty) == {new.root.node_id}


def test_swapping_two_sections_moves_them_and_keeps_every_id():
    swapped = BASE[:1] + BASE[6:9] + BASE[1:6] + BASE[9:]  # B before A
    old, new = tree_of(BASE), tree_of(swapped)
    d = diff_trees(old, new)
    assert {n.node_id for n in old.nodes} == {n.node_id for n in new.nodes}
    assert set(d.moved) == ids(new, "A", "B")
    assert (d.added, d.removed, d.modified, d.renamed) == ((), (), (), ())
    assert set(d.dirty) == {new.root.node_id}


def test_moving_a_section_under_another_parent_keeps_its_paragraph_ids():
    moved = BASE[:6] + BASE[9:] + [h(2, "B")] + BASE[7:9]  # B becomes a child of C
    old, new = tree_of(BASE), tree_of(moved)
    d = diff_trees(old, new)
    for text in ("b1", "b2"):
        assert one(old, text).node_id == one(new, text).node_id
        assert one(new, text).node_id in d.moved
    assert one(new, "B").parent_id == one(new, "C").node_id
    # The section's id follows its heading path, so it changes, but it is paired, not
    # reported as one section removed and another added.
    assert d.added == () and d.removed == ()
    assert set(d.dirty) == ids(new, "B", "C", "Doc")


def test_section_moved_under_another_parent_is_moved_not_modified():
    moved = BASE[:6] + BASE[9:] + [h(2, "B")] + BASE[7:9]
    new = tree_of(moved)
    d = diff_trees(tree_of(BASE), new)
    assert d.modified == ()
    assert d.relocated == ((one(tree_of(BASE), "B").node_id, one(new, "B").node_id),)


def test_renaming_a_heading_is_a_rename_and_keeps_paragraph_ids():
    old = tree_of(BASE)
    new = tree_of(edited(BASE, h(1, "B"), h(1, "B, renamed")))
    d = diff_trees(old, new)
    assert d.renamed == ((one(old, "B").node_id, one(new, "B, renamed").node_id),)
    assert (d.added, d.removed, d.modified) == ((), (), ())
    assert one(old, "b1").node_id == one(new, "b1").node_id
    assert set(d.dirty) == ids(new, "B, renamed", "Doc")


def test_renaming_a_heading_and_editing_its_text_is_still_a_rename():
    old = tree_of(BASE)
    new = tree_of(edited(edited(BASE, h(1, "C"), h(1, "See")), p("c1"), p("c1 edited")))
    d = diff_trees(old, new)
    assert d.renamed == ((one(old, "C").node_id, one(new, "See").node_id),)


def test_paragraph_edited_under_a_renamed_heading_is_modified():
    old = tree_of(BASE)
    new = tree_of(edited(edited(BASE, h(1, "C"), h(1, "See")), p("c1"), p("c1 edited")))
    d = diff_trees(old, new)
    assert d.modified == ((one(old, "c1").node_id, one(new, "c1 edited").node_id),)


# -- properties --------------------------------------------------------------------------------

HEADINGS = ["Intro", "Scope", "Notes", "Details"]
WORDS = ["alpha", "beta", "gamma", "delta"]

heading_block = st.builds(h, st.integers(1, 3), st.sampled_from(HEADINGS))
# Few distinct texts, so duplicate paragraphs and duplicate headings are common.
para_block = st.builds(
    lambda a, b: p(f"{a} {b}"), st.sampled_from(WORDS), st.sampled_from(WORDS)
)
block_list = st.lists(st.one_of(heading_block, para_block, para_block), max_size=14)


@st.composite
def edit_ops(draw, blocks: list[Block]) -> list[Block]:
    """One random edit of a block list: edit, insert, delete, move a run, rename, relevel."""
    blocks = list(blocks)
    op = draw(st.sampled_from(["edit", "insert", "delete", "move", "rename", "relevel"]))
    if op == "insert" or not blocks:
        i = draw(st.integers(0, len(blocks)))
        return blocks[:i] + [draw(st.one_of(heading_block, para_block))] + blocks[i:]
    i = draw(st.integers(0, len(blocks) - 1))
    b = blocks[i]
    if op == "edit":
        blocks[i] = Block(b.kind, b.text + " edited", level=b.level)
    elif op == "delete":
        del blocks[i]
    elif op == "move":
        j = draw(st.integers(i + 1, len(blocks)))
        run, rest = blocks[i:j], blocks[:i] + blocks[j:]
        k = draw(st.integers(0, len(rest)))
        blocks = rest[:k] + run + rest[k:]
    elif op == "rename" and b.kind is BlockKind.HEADING:
        blocks[i] = h(b.level, draw(st.sampled_from(HEADINGS)))
    elif op == "relevel" and b.kind is BlockKind.HEADING:
        blocks[i] = h(draw(st.integers(1, 3)), b.text)
    return blocks


@st.composite
def old_and_new(draw) -> tuple[DocTree, DocTree]:
    blocks = draw(block_list)
    new = blocks
    for _ in range(draw(st.integers(0, 3))):
        new = draw(edit_ops(new))
    return tree_of(blocks), tree_of(new)


def content(tree: DocTree, node: Node) -> tuple:
    """Reference model, free of hashing: what a subtree says, in order."""
    own = (node.kind, node.block_kind, node.heading, node.text)
    return own + (tuple(content(tree, c) for c in tree.children(node.node_id)),)


@settings(max_examples=300, deadline=None)
@given(old_and_new())
def test_dirty_is_exactly_the_new_nodes_whose_id_and_tree_hash_pair_is_new(trees):
    old, new = trees
    d = diff_trees(old, new)
    before = {(n.node_id, n.tree_hash) for n in old.nodes}
    assert set(d.dirty) == {n.node_id for n in new.nodes if (n.node_id, n.tree_hash) not in before}
    assert len(d.dirty) == len(set(d.dirty))


@settings(max_examples=300, deadline=None)
@given(old_and_new())
def test_dirty_is_exactly_the_new_nodes_whose_id_or_subtree_content_is_new(trees):
    old, new = trees
    d = diff_trees(old, new)
    expected = {
        n.node_id
        for n in new.nodes
        if old.get(n.node_id) is None or content(new, n) != content(old, old.node(n.node_id))
    }
    assert set(d.dirty) == expected
    # A node whose content changed has dirty ancestors all the way up: the dirty path.
    for x in d.dirty:
        if old.get(x) is not None:
            assert {a.node_id for a in new.ancestors(x)} <= set(d.dirty)
    changed = content(old, old.root) != content(new, new.root)
    assert (new.root.node_id in d.dirty) == changed
    assert d.unchanged == (not changed) == (old.tree_hash == new.tree_hash)


@settings(max_examples=300, deadline=None)
@given(old_and_new())
def test_diff_accounts_for_every_old_and_new_node_once(trees):
    old, new = trees
    d = diff_trees(old, new)
    old_ids = {n.node_id for n in old.nodes}
    new_ids = {n.node_id for n in new.nodes}
    kept = old_ids & new_ids
    pairs = d.modified + d.renamed + d.relocated
    paired_old, paired_new = [o for o, _ in pairs], [n for _, n in pairs]

    new_side = list(d.added) + paired_new + list(kept)
    old_side = list(d.removed) + paired_old + list(kept)
    assert sorted(new_side) == sorted(new_ids)  # a partition: nothing twice, nothing missing
    assert sorted(old_side) == sorted(old_ids)
    assert set(d.moved) <= kept
    for o, n in pairs:
        assert old.node(o).kind == new.node(n).kind
    for o, n in d.renamed:
        assert old.node(o).kind is NodeKind.SECTION
        assert old.node(o).heading != new.node(n).heading
    assert set(d.added) <= set(d.dirty)
    assert set(paired_new) <= set(d.dirty)


@settings(max_examples=100, deadline=None)
@given(block_list)
def test_a_tree_diffed_with_itself_is_unchanged(blocks):
    assert diff_trees(tree_of(blocks), tree_of(blocks)) == TreeDiff()
