"""What the CLI's nav and fetch give, the library gives too (a QA pass of the query library):
a document id taken where a node id is, as `docnav nav` takes it ("unknown node id"); the
reason a fetch read nothing within its budget (the CLI said it, the library returned [] in
silence); and the references a document's sections make, which `docnav nav --dir references`
lists and graph.navigate(document, "references") does not (a document refers to nothing
itself)."""

from __future__ import annotations

import re

import pytest
from _stores import indexed_graph

from docnav.errors import InputError

# why a table before the last piece read was left out (the room left being 16 tokens or more)
NO_ROW = "no row of it fitting under its head in the room left"

FILES = {"pump.md": "# Pump\n\n## Seal\n\nReplace the impeller seal every 2000 hours, as the "
                    "[valve notes](valve.md) say.\n\n## Motor\n\nThe motor takes a 16 A "
                    "breaker and runs at 1450 rpm on a 400 V supply; its bearings are greased "
                    "every 4000 hours with the grease the valve notes name.\n",
         "valve.md": "# Valve\n\nThe valve closes at 6 bar.\n",
         "sizes.md": "# Sizes\n\nThe kit sizes are listed below.\n\n| Size | Bore | Shaft |\n"
                     "|---|---|---|\n| 1 | 10 mm | 8 mm |\n| 2 | 12 mm | 10 mm |\n\n"
                     "Size 3 fits the impeller.\n",
         "kits.md": "# Kits\n\n| Size | Bore | Shaft |\n|---|---|---|\n| 1 | 10 mm | 8 mm |\n"
                    "| 2 | 12 mm | 10 mm |\n\nEach kit holds a seal, a shaft sleeve, two gaskets "
                    "and the bolts that fit them, packed in a box marked with its size.\n"}


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("graph61"), FILES, search_vectors=False)


def test_a_document_id_stands_for_its_root_as_in_the_cli(graph):
    root = graph.document_root("pump.md")
    doc_id = graph.node(root).doc_id
    assert doc_id != root  # (a document id is no node id)
    assert graph.navigate(doc_id, "children") == graph.navigate(root, "children")
    assert graph.expand(doc_id, 1) == graph.expand(root, 1)
    assert graph.fetch([doc_id]) == graph.fetch([root])
    # one copied in capitals or with spaces is pointed to graph.resolve, which takes it
    with pytest.raises(InputError, match=r"graph\.resolve\(.*\) takes it"):
        graph.navigate(f" {doc_id.upper()} ", "children")
    assert graph.resolve(f" {doc_id.upper()} ") == root
    # a short document id, as `docnav show` prints them, is pointed to graph.resolve as a short
    # node id is ("unknown node id", said of it, sent a reader to `docnav locate`)
    short = doc_id[:8]
    assert not any(n.startswith(short) for n in graph._nodes)
    for call in (lambda: graph.navigate(short, "children"), lambda: graph.fetch([short])):
        with pytest.raises(InputError, match=rf"^document id '{short}' is not whole: it begins "
                                             rf"{doc_id} \(.*/pump\.md\); graph\.resolve\("
                                             rf"'{short}'\) gives its root node$"):
            call()
    assert graph.resolve(short) == root


def test_a_fetch_that_reads_nothing_says_why(graph):
    root = graph.document_root("pump.md")
    pieces = graph.fetch([root], budget=1)
    assert pieces == []
    assert pieces.note == ("budget 1: the first paragraph takes 16 tokens, and one is cut "
                           "only where 16 tokens or more are left")
    assert graph.fetch([root]).note == ""  # everything read: nothing to say


def test_a_fetch_that_reads_some_says_what_it_left_out(graph):
    # it said nothing: a reader of 1 paragraph could not tell it from the whole
    root = graph.document_root("pump.md")
    seal, motor = (next(n for n in graph.expand(root, 10) if graph.node(n).heading == heading)
                   for heading in ("Seal", "Motor"))
    pieces = graph.fetch([seal, motor], budget=16)
    assert [graph.node(p.node_id).parent_id for p in pieces] == [seal]
    assert pieces.note == ("budget 16: read 1 of the 2 paragraphs of the 2 nodes asked, nothing "
                           "from 1 of them; a larger one reads the rest")
    pieces = graph.fetch([root], budget=40)
    assert pieces[-1].text.endswith(" …")  # the motor's paragraph cut to the 24 tokens left
    assert pieces.note == ("budget 40: read 1 of the 2 paragraphs of the node asked, and the "
                           "start of one more; a larger one reads the rest")
    assert graph.fetch([motor], budget=20).note == (
        "budget 20: read the start of the only paragraph of the node asked; a larger one "
        "reads the rest")
    # a table passed over, no row of it fitting under its head, and the paragraph after it read
    sizes = graph.fetch([graph.document_root("sizes.md")], budget=28)
    assert [p.text for p in sizes] == ["The kit sizes are listed below.",
                                       "Size 3 fits the impeller."]
    assert sizes.note == ("budget 28: read 2 of the 3 paragraphs of the node asked; a table of "
                          f"35 tokens is left out, {NO_ROW}; a larger one reads the rest")
    # a table passed over and the paragraph after it cut: the note said "the start of the
    # first of the 2 paragraphs", the first being the table left out
    kits = graph.fetch([graph.document_root("kits.md")], budget=16)
    assert [p.text.startswith("Each kit holds") for p in kits] == [True]
    assert kits.note == ("budget 16: read the start of the last of the 2 paragraphs of the node "
                         f"asked; a table of 35 tokens is left out, {NO_ROW}; a larger one reads "
                         "the rest")


def test_a_documents_sections_references_are_reachable(graph):
    root = graph.document_root("pump.md")
    assert graph.navigate(root, "references") == []  # the document itself refers to nothing
    seal = next(n for n in graph.expand(root, 10) if graph.node(n).heading == "Seal")
    valve = graph.document_root("valve.md")
    found = graph.parts_lead_to(root, "references")
    assert list(found) == [valve]
    assert all(graph.node(p).path.endswith("pump.md") for p in found[valve])
    assert seal in [graph.node(p).parent_id for p in found[valve]] + found[valve]
    # what links to valve.md's root itself is navigate's, not said again
    assert graph.navigate(valve, "referenced-by") == found[valve]
    assert graph.parts_lead_to(valve, "referenced-by") == {}


def test_node_takes_a_whole_document_id_and_points_short_refs_where_resolve_does(graph):
    root = graph.document_root("pump.md")
    doc_id = graph.node(root).doc_id
    # a whole document id stands for its root, as navigate, expand and fetch take it (it was
    # "document id ... is not whole: it begins" the id itself)
    assert graph.node(doc_id) == graph.node(root)
    # short refs, as a user copies them: in capitals, with spaces, the start of both a node id
    # and a document id; each points to graph.resolve only where resolve takes it, naming what
    # it gives (one in capitals was "unknown node id"; one beginning both, or several ids,
    # was promised to resolve, which refuses it)
    both = next(c for c in "0123456789abcdef" if any(n.startswith(c) for n in graph._nodes)
                and any(d.startswith(c) for d in graph._doc_roots))
    for ref in (f" {doc_id[:8].upper()}", doc_id[:8].upper(), root[:10].upper(), both):
        with pytest.raises(InputError) as said:
            graph.node(ref)
        try:
            found = graph.resolve(ref)
        except InputError as refused:
            assert "gives" not in str(said.value) and str(refused) in str(said.value)
        else:
            assert re.search(rf"graph\.resolve\({re.escape(repr(ref))}\) (gives|takes)",
                             str(said.value))
            assert found == root or ref == both
