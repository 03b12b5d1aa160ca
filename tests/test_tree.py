"""build_tree on hand-made parser output: nesting, identity and Merkle hashes."""

from __future__ import annotations

import json

from docnav.model import Block, BlockKind, DocTree, EdgeKind, Node, NodeKind, ParsedDocument
from docnav.tree import PREAMBLE, build_tree

DOC_ID = "doc-1"


def h(level: int, text: str) -> Block:
    return Block(BlockKind.HEADING, text, level=level)


def p(text: str) -> Block:
    return Block(BlockKind.TEXT, text)


def tree_of(*blocks: Block, title: str = "Title") -> DocTree:
    return build_tree(ParsedDocument(title, tuple(blocks), "md"), DOC_ID, "/docs/a.md")


def section(tree: DocTree, heading: str) -> Node:
    found = [n for n in tree.sections if n.heading == heading]
    assert len(found) == 1, f"expected one section {heading!r}, found {len(found)}"
    return found[0]


def paragraph(tree: DocTree, text: str) -> Node:
    found = [n for n in tree.paragraphs if n.text == text]
    assert len(found) == 1, f"expected one paragraph {text!r}, found {len(found)}"
    return found[0]


def parent_of(tree: DocTree, node: Node) -> Node:
    return tree.node(node.parent_id)


def changed_pairs(old: DocTree, new: DocTree) -> set[str]:
    """Ids of new nodes whose (id, tree_hash) did not exist in the old tree."""
    before = {(n.node_id, n.tree_hash) for n in old.nodes}
    return {n.node_id for n in new.nodes if (n.node_id, n.tree_hash) not in before}


def test_document_node_comes_first_and_every_node_is_contained_once():
    tree = tree_of(h(1, "A"), p("one"), h(2, "B"), p("two"), h(1, "C"), p("three"))
    assert tree.root.kind is NodeKind.DOCUMENT
    assert tree.root.parent_id is None
    assert [n.position for n in tree.nodes] == list(range(len(tree.nodes)))
    contains = [e for e in tree.edges if e.kind is EdgeKind.CONTAINS]
    assert sorted(e.dst for e in contains) == sorted(n.node_id for n in tree.nodes[1:])
    assert all(tree.node(e.dst).parent_id == e.src for e in contains)
    assert len({n.node_id for n in tree.nodes}) == len(tree.nodes)


def test_sequential_edges_link_consecutive_siblings():
    tree = tree_of(h(1, "A"), p("one"), p("two"), h(1, "B"))
    seq = {(e.src, e.dst) for e in tree.edges if e.kind is EdgeKind.SEQUENTIAL}
    a, b = section(tree, "A"), section(tree, "B")
    one, two = paragraph(tree, "one"), paragraph(tree, "two")
    assert seq == {(a.node_id, b.node_id), (one.node_id, two.node_id)}


def test_level_jump_nests_the_deeper_heading_as_a_child():
    tree = tree_of(h(1, "A"), h(3, "Deep"), p("deep text"), h(2, "B"), h(1, "C"))
    a, deep, b, c = (section(tree, x) for x in ("A", "Deep", "B", "C"))
    assert deep.parent_id == a.node_id and deep.level == 2  # no empty H2 is invented
    assert b.parent_id == a.node_id and b.level == 2  # H2 after H3 closes the H3
    assert c.parent_id == tree.root.node_id and c.level == 1
    assert parent_of(tree, paragraph(tree, "deep text")) == deep
    assert deep.breadcrumb == "Title › A › Deep"
    assert len(tree.sections) == 4


def test_a_subsection_s_number_names_the_section_it_is_part_of():
    """A book sampled a few pages at a time (the Redbook fixture) leaves out "Chapter 2"'s
    page: by level alone, "2.2" was a part of chapter 1 and the rest of the book with it.
    A heading numbered "a.b" is part of none of the open sections whose number is not its
    number's start; a heading numbered "1" under "2. Design" restarts a count and stays."""
    tree = tree_of(h(1, "Chapter 1. Securing data"), h(2, "1.2 Current state"),
                   h(3, "1.3.1 Existing control"), h(3, "2.1.6 Change usage"),
                   h(2, "2.2 Separation of duties"), p("x"), h(1, "Design"),
                   h(2, "2. Options"), h(3, "1. First option"), h(3, "2.1 Second option"))
    chapter, current = section(tree, "Chapter 1. Securing data"), section(tree, "1.2 Current state")
    assert section(tree, "1.3.1 Existing control").parent_id == chapter.node_id
    assert section(tree, "2.1.6 Change usage").parent_id == tree.root.node_id
    assert section(tree, "2.2 Separation of duties").parent_id == tree.root.node_id
    assert current.parent_id == chapter.node_id  # "1.2" is chapter 1's
    options = section(tree, "2. Options")
    assert section(tree, "1. First option").parent_id == options.node_id
    assert section(tree, "2.1 Second option").parent_id == options.node_id


def test_first_heading_deeper_than_later_ones_still_hangs_off_the_document():
    tree = tree_of(h(3, "Small"), p("x"), h(1, "Big"), p("y"))
    assert section(tree, "Small").parent_id == tree.root.node_id
    assert section(tree, "Big").parent_id == tree.root.node_id
    assert section(tree, "Small").level == section(tree, "Big").level == 1


def test_text_before_the_first_heading_goes_into_a_preamble_section():
    tree = tree_of(p("intro one"), p("intro two"), h(1, "A"), p("body"))
    pre = tree.children(tree.root.node_id)[0]
    assert pre.kind is NodeKind.SECTION and pre.block_kind == PREAMBLE
    assert pre.heading == "Title" and pre.level == 1
    assert [c.text for c in tree.children(pre.node_id)] == ["intro one", "intro two"]
    assert [c.heading for c in tree.children(tree.root.node_id)] == ["Title", "A"]
    assert paragraph(tree, "body").parent_id == section(tree, "A").node_id


def test_text_before_a_first_heading_that_is_the_title_opens_the_title_s_section():
    # Word's "Summer activities" subtitle above its "Swimming in the lake" title: a preamble
    # named by the title beside the title's own section gave two sections of one name.
    tree = tree_of(p("Summer activities"), h(1, "Swimming"), p("Duck"), h(2, "Eat"), p("x"),
                   title="Swimming")
    assert [c.heading for c in tree.children(tree.root.node_id)] == ["Swimming"]
    assert [c.text or c.heading for c in tree.children(section(tree, "Swimming").node_id)] == [
        "Summer activities", "Duck", "Eat"]
    assert not [n for n in tree.nodes if n.block_kind == PREAMBLE]
    # a first heading that is not the title keeps the preamble apart
    other = tree_of(p("Summer activities"), h(1, "Swimming"), title="Lake")
    assert [c.heading for c in other.children(other.root.node_id)] == ["Lake", "Swimming"]


def test_document_without_headings_is_one_section():
    tree = tree_of(p("a"), p("b"), p("c"), title="")
    assert len(tree.sections) == 1
    only = tree.sections[0]
    assert only.parent_id == tree.root.node_id
    assert [n.text for n in tree.children(only.node_id)] == ["a", "b", "c"]
    assert tree.title == "a"  # the file's stem (/docs/a.md) when the parser found no title


def test_every_paragraph_lives_in_a_section():
    tree = tree_of(p("pre"), h(2, "A"), p("x"), h(1, "B"), p("y"))
    for n in tree.paragraphs:
        assert tree.node(n.parent_id).kind is NodeKind.SECTION


def test_empty_blocks_are_dropped_and_whitespace_in_headings_normalised():
    tree = tree_of(h(1, "  Spaced \n  heading "), p("   "), p(""), p("kept"))
    assert [n.heading for n in tree.sections] == ["Spaced heading"]
    assert [n.text for n in tree.paragraphs] == ["kept"]


def test_duplicate_headings_get_distinct_ids_with_ordinals():
    tree = tree_of(
        h(1, "A"), h(2, "Notes"), p("first"), h(2, "Notes"), p("second"),
        h(1, "B"), h(2, "Notes"), p("third"),
    )
    notes = [n for n in tree.sections if n.heading == "Notes"]
    assert len({n.node_id for n in notes}) == 3
    paths = [json.loads(n.local_key[2:]) for n in notes]
    assert paths == [
        [["A", 0], ["Notes", 0]],
        [["A", 0], ["Notes", 1]],
        [["B", 0], ["Notes", 0]],
    ]


def test_duplicate_paragraph_texts_get_distinct_ids():
    tree = tree_of(h(1, "A"), p("same"), h(1, "B"), p("same"))
    same = [n for n in tree.paragraphs if n.text == "same"]
    assert len({n.node_id for n in same}) == 2
    assert same[0].text_hash == same[1].text_hash


def test_ids_depend_on_doc_id_but_local_keys_do_not():
    blocks = (h(1, "A"), p("x"))
    t1 = build_tree(ParsedDocument("T", blocks, "md"), "doc-1", "/a.md")
    t2 = build_tree(ParsedDocument("T", blocks, "md"), "doc-2", "/a.md")
    assert [n.local_key for n in t1.nodes] == [n.local_key for n in t2.nodes]
    assert not {n.node_id for n in t1.nodes} & {n.node_id for n in t2.nodes}
    assert [n.tree_hash for n in t1.nodes] == [n.tree_hash for n in t2.nodes]


def test_same_input_gives_the_same_tree():
    blocks = (p("pre"), h(1, "A"), p("x"), h(2, "B"), p("y"))
    assert tree_of(*blocks).nodes == tree_of(*blocks).nodes


def test_paragraph_keeps_its_id_when_moved_to_another_section():
    old = tree_of(h(1, "A"), p("moving"), p("stays"), h(1, "B"), p("other"))
    new = tree_of(h(1, "A"), p("stays"), h(1, "B"), p("other"), p("moving"))
    before, after = paragraph(old, "moving"), paragraph(new, "moving")
    assert before.node_id == after.node_id
    assert after.parent_id == section(new, "B").node_id
    assert {n.node_id for n in old.nodes} == {n.node_id for n in new.nodes}


def test_section_keeps_its_id_when_an_earlier_sibling_is_inserted():
    old = tree_of(h(1, "A"), p("a"), h(1, "B"), p("b"))
    new = tree_of(h(1, "New"), p("n"), h(1, "A"), p("a"), h(1, "B"), p("b"))
    assert section(old, "B").node_id == section(new, "B").node_id
    assert section(old, "A").node_id == section(new, "A").node_id


def test_editing_one_paragraph_changes_exactly_its_path_to_the_root():
    blocks = [
        p("preamble text"),
        h(1, "A"), p("a1"), h(2, "A.1"), p("a11"), p("target"), h(3, "A.1.x"), p("deep"),
        h(2, "A.2"), p("a2"),
        h(1, "B"), p("b1"), h(2, "B.1"), p("b11"),
    ]
    old = tree_of(*blocks)
    i = blocks.index(p("target"))
    new = tree_of(*blocks[:i], p("target, edited"), *blocks[i + 1 :])

    edited = paragraph(new, "target, edited")
    expected = {edited.node_id} | {a.node_id for a in new.ancestors(edited.node_id)}
    assert {new.node(x).heading or new.node(x).text for x in expected} == {
        "target, edited", "A.1", "A", "Title"
    }
    assert changed_pairs(old, new) == expected
    # Everything off the path is untouched, hashes included; text hashes change only at the leaf.
    old_by_id = {n.node_id: n for n in old.nodes}
    for n in new.nodes:
        if n.node_id in expected:
            continue
        assert old_by_id[n.node_id] == n
    for a in new.ancestors(edited.node_id):
        assert old_by_id[a.node_id].text_hash == a.text_hash
        assert old_by_id[a.node_id].tree_hash != a.tree_hash


def test_heading_change_is_a_change_of_the_tree_hash():
    old = tree_of(h(1, "A"), p("x"))
    new = tree_of(h(1, "A renamed"), p("x"))
    assert old.tree_hash != new.tree_hash
    assert paragraph(old, "x").tree_hash == paragraph(new, "x").tree_hash


def test_block_kind_is_part_of_the_tree_hash():
    old = tree_of(h(1, "A"), p("x"))
    new = tree_of(h(1, "A"), Block(BlockKind.LIST_ITEM, "x"))
    assert paragraph(old, "x").node_id == paragraph(new, "x").node_id
    assert paragraph(old, "x").tree_hash != paragraph(new, "x").tree_hash
    assert old.tree_hash != new.tree_hash


def test_two_hundred_levels_of_nesting():
    depth = 200
    blocks = []
    for level in range(1, depth + 1):
        blocks += [h(level, f"H{level}"), p(f"text at {level}")]
    tree = tree_of(*blocks)
    deepest = section(tree, f"H{depth}")
    assert deepest.level == depth
    assert len(tree.ancestors(deepest.node_id)) == depth
    leaf = paragraph(tree, f"text at {depth}")
    assert leaf.parent_id == deepest.node_id and leaf.level == depth + 1
    assert len(tree.nodes) == 1 + 2 * depth

    edited = tree_of(*blocks[:-1], p("changed at the bottom"))
    assert len(changed_pairs(tree, edited)) == depth + 2  # leaf, 200 sections, document


def test_ten_thousand_headings():
    blocks = []
    for i in range(10_000):
        level = 1 + i % 4
        blocks += [h(level, f"Heading {i % 50}"), p(f"paragraph {i}")]
    tree = tree_of(*blocks)
    assert len(tree.sections) == 10_000
    assert len(tree.paragraphs) == 10_000
    assert len({n.node_id for n in tree.nodes}) == len(tree.nodes)
    assert max(n.level for n in tree.sections) == 4
    assert len([e for e in tree.edges if e.kind is EdgeKind.CONTAINS]) == len(tree.nodes) - 1
