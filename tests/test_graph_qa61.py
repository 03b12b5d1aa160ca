"""What the CLI's nav and fetch give, the library gives too (a QA pass of the query library):
a document id taken where a node id is, as `docnav nav` takes it ("unknown node id"); the
reason a fetch read nothing within its budget (the CLI said it, the library returned [] in
silence); and the references a document's sections make, which `docnav nav --dir references`
lists and graph.navigate(document, "references") does not (a document refers to nothing
itself)."""

from __future__ import annotations

import pytest
from _stores import indexed_graph

from docnav.errors import InputError

FILES = {"pump.md": "# Pump\n\n## Seal\n\nReplace the impeller seal every 2000 hours, as the "
                    "[valve notes](valve.md) say.\n\n## Motor\n\nThe motor takes a 16 A "
                    "breaker.\n",
         "valve.md": "# Valve\n\nThe valve closes at 6 bar.\n"}


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


def test_a_fetch_that_reads_nothing_says_why(graph):
    root = graph.document_root("pump.md")
    pieces = graph.fetch([root], budget=1)
    assert pieces == []
    assert pieces.note == ("budget 1: the first paragraph takes 16 tokens, and one is cut "
                           "only where 16 tokens or more are left")
    assert graph.fetch([root]).note == ""  # everything read: nothing to say


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
