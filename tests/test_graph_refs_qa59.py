"""A short ref taken the same way whatever the ids' hashes, and the ordinary ways of giving a
path taken (a review of the graph's input checks): in a store of a.md ... f.md, whether "a"
was a node id's start or a.md's path hung on which ids began "a" (`navigate("a")` said "not
whole", `navigate("e")` read e.md while `resolve("e")` said "'e' begins 2 ids"); a Path was
refused ("give a document's path as a string"); parquet_dir "" was taken, and a file and 5
were "no such folder"."""

from __future__ import annotations

from pathlib import Path

import pytest
from _stores import indexed_graph

from docnav.errors import InputError
from docnav.query import DocNavGraph

LETTERS = "abcdef"
FILES = {f"{c}.md": f"# Part {c.upper()}\n\n## Notes\n\nThe {c} notes say {i} things.\n"
         for i, c in enumerate(LETTERS)}
FILES["pump.md"] = "# Pump\n\nThe pump runs. See [part A](a.md).\n"


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("refs59"), FILES, search_vectors=False)


def _begins_ids(graph, ref: str) -> bool:
    return any(nid.startswith(ref) for nid in graph._nodes) or any(
        doc_id.startswith(ref) for doc_id in graph.documents)


def test_a_short_ref_beginning_ids_and_naming_a_document_is_refused_naming_both(graph):
    both = [c for c in LETTERS if _begins_ids(graph, c)]
    assert both  # the ids are hashes of what is stored: known, for these files
    for c in both:
        one = rf"(?:{c}[0-9a-f]{{11}}|document id {c}[0-9a-f]{{11}})"
        said = rf"'{c}' begins \d+ ids? \({one}(, {one})*(, \.\.\.)?\) and names "
        with pytest.raises(InputError, match=said + rf".*/{c}\.md: give more of the id, or "
                                                    "the document's path whole"):
            graph.navigate(c, "children")
        with pytest.raises(InputError, match=said):
            graph.fetch([c])
        # `docnav fetch c` and `nav c` go by resolve: it took the one id c began, or said
        # "'c' begins 2 ids", whatever document c names
        with pytest.raises(InputError, match=said + rf".*/{c}\.md: give more of the id"):
            graph.resolve(c)
        assert graph.fields(c) == {}  # a path alone is taken there: its document's
        root = graph.resolve(f"{c}.md")
        assert graph.navigate(f"{c}.md", "children") == graph.navigate(root, "children")
    # a ref naming a document and beginning no id is its root; one beginning ids alone is
    # still a short id, refused
    assert graph.navigate("pump", "children") == graph.navigate(graph.resolve("pump.md"),
                                                                "children")
    nid = next(n for n in graph._nodes if not graph.document_roots(f"{n[0]}*"))
    with pytest.raises(InputError, match=rf"node id '{nid[:5]}' is not whole"):
        graph.navigate(nid[:5], "children")


def test_a_path_is_taken_as_a_string_is(graph):
    path = graph.document_at("a.md")
    assert graph.document_at(Path(path)) == path
    assert graph.fields(Path(path)) == graph.fields(path)
    assert graph.references_into(Path(path)) == graph.references_into(path)
    assert graph.references_into(Path(path))  # pump.md names it
    assert graph.navigate(Path(path), "children") == graph.navigate(path, "children")
    assert graph.navigate(Path("a.md"), "children") == graph.navigate(path, "children")


@pytest.mark.parametrize("parquet_dir, said", [
    ("", "parquet_dir '': the path is empty; give the folder"),
    ("FILE", "parquet_dir '.*g.duckdb': is a file, not a folder; give the folder"),
    (5, "parquet_dir 5: give a path, as a string or a Path; give the folder"),
    ("/nonexist", "parquet_dir '/nonexist': no such folder; give the folder"),
])
def test_the_parquet_folder_given_is_checked(graph, parquet_dir, said):
    db = graph.source.removeprefix("duckdb:")
    with pytest.raises(InputError, match=said):
        DocNavGraph.open(db, parquet_dir=db if parquet_dir == "FILE" else parquet_dir)
