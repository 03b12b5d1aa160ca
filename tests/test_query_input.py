"""What the query library takes as the CLI does (a document's path relative to here, or the
start of its file name), and what it refuses with a message instead of a silent nothing or
another library's error (a short id given for a whole one, criteria of the wrong type)."""

from __future__ import annotations

import re

import pytest
from _stores import indexed_graph

from docnav.errors import InputError
from docnav.query import Navigator

DOCS = {
    "guide.md": "# Guide\n\n## Seals\n\nThe seal is described in [the parts list](parts.md).\n",
    "parts.md": "# Parts\n\n## Seal kit\n\nSeal kit size 3 fits the impeller.\n",
    "plans.md": "---\nauthor: Ada\n---\n\n# Plans\n\nNothing links here.\n",
    "empty.md": "",
}


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("input"), DOCS)


def test_references_into_takes_a_path_as_the_cli_does(graph, monkeypatch):
    whole = next(p for p in graph.document_paths() if p.endswith("/parts.md"))
    citing = graph.references_into(whole)
    assert list(citing) == [whole.replace("parts.md", "guide.md")]
    monkeypatch.chdir(whole.rsplit("/docs/", 1)[0])
    for named in ("docs/parts.md", "parts.md", "par"):  # relative, its end, its name's start
        assert graph.references_into(named) == citing
    assert graph.references_into("plans.md") == {}  # indexed, nothing links to it


@pytest.mark.parametrize("path, message", [
    ("nowhere.md", "no indexed document at 'nowhere.md'"),
    ("p", r"'p' names 2 documents \(.*/parts.md, .*/plans.md\); give more of the path"),
    ("empty.md", r"/empty.md: not indexed, its last run failed \(file is empty"),
])
def test_references_into_a_document_it_cannot_name_says_why(graph, path, message):
    with pytest.raises(InputError, match=message):
        graph.references_into(path)


def test_stale_takes_a_path_relative_to_here(graph, monkeypatch):
    whole = next(p for p in graph.document_paths() if p.endswith("/parts.md"))
    monkeypatch.chdir(whole.rsplit("/docs/", 1)[0])
    [(path, error)] = graph.stale(["docs/empty.md", "docs/parts.md"])
    assert path == "docs/empty.md" and error.startswith("file is empty")


def test_a_short_node_id_is_named_as_one(graph):
    seal = graph.locate("seal kit size", k=1, kinds=["paragraph"])[0].node_id
    assert graph.resolve(seal[:12]) == seal  # what the CLI prints
    for call in (lambda: graph.navigate(seal[:12], "parent"), lambda: graph.node(seal[:12]),
                 lambda: graph.fetch([seal[:12]])):
        with pytest.raises(InputError, match=rf"node id '{seal[:12]}' is not whole: it begins "
                                             rf"{seal}; graph.resolve\('{seal[:12]}'\)"):
            call()
    with pytest.raises(InputError, match="unknown node id 'zzzz': it is not in the graph"):
        graph.navigate("zzzz", "parent")


def test_criteria_of_the_wrong_type_are_named(graph):
    nav = Navigator(graph)
    with pytest.raises(InputError, match=r"metadata 'author=Ada': give a mapping of field to "
                                         "value"):
        nav.ask("seal", where={"metadata": "author=Ada"})
    with pytest.raises(InputError, match="metadata"):
        graph.filter(graph.document_roots(), metadata=["author"])
    for budget in ("100", 100.5):
        with pytest.raises(InputError, match=rf"budget {budget!r}: give a whole number of "
                                             "tokens, at least 16"):
            nav.ask("seal", budget=budget)
    with pytest.raises(InputError, match=r"unknown via 'bogus'; valid: text, summary"):
        graph.locate("seal", via=["bogus"])
    assert graph.locate("seal", via="text")  # one value or a list, as kinds takes


def test_a_metadata_criterion_nothing_has_says_no_more_than_that(graph):
    with pytest.raises(InputError) as info:
        Navigator(graph).ask("seal", where={"metadata": {"author": "nobody"}})
    message = str(info.value)
    assert "has metadata={'author': 'nobody'}" in message and "date" not in message
    with pytest.raises(InputError, match="a document's date is its own"):
        Navigator(graph).ask("seal", where={"dated_after": "2020-01-01"})


def test_a_prefix_of_node_and_document_ids_names_each_as_what_it_is(tmp_path):
    # `docnav nav 93f` listed "ec0d27030cf9", a document's root whose id does not begin "93f"
    # (its document id does)
    files = {f"doc{i}.md": f"# Doc {i}\n\n" + "".join(f"Line {i}.{j}.\n\n" for j in range(6))
             for i in range(8)}
    graph = indexed_graph(tmp_path, files)
    roots = {n.doc_id: nid for nid, n in graph.nodes_of_kind("document")}

    def begun(prefix: str) -> int:  # the ids it begins: node ids and documents' ids
        return len({n for n in graph._nodes if n.startswith(prefix)}
                   | {r for d, r in roots.items() if d.startswith(prefix)})

    # a document whose id's first digit begins other node ids too, five at most (all shown)
    doc_id, root = next((d, r) for d, r in roots.items()
                        if not r.startswith(d[0]) and 1 < begun(d[0]) <= 5)
    with pytest.raises(InputError) as info:
        graph.resolve(doc_id[0])
    message = str(info.value)
    path = graph.node(root).path
    assert re.match(rf"'{doc_id[0]}' begins \d+ ids \(", message), message
    assert f"{path} (document id {doc_id[:12]})" in message and root[:12] not in message


@pytest.mark.parametrize("levels", [["1"], "x", -1, [1.5], True, [2, -1]])
def test_levels_that_are_no_depth_are_refused(graph, levels):
    # each matched no node and gave [] without a word
    for call in (lambda: graph.filter(list(graph._nodes), levels=levels),
                 lambda: graph.locate("seal", levels=levels)):
        with pytest.raises(InputError, match=r"levels .*: give whole numbers of 0 or more"):
            call()
    assert graph.locate("seal", levels=[99]) == []  # a depth no node has: nothing, no error
    assert graph.filter(list(graph._nodes), levels=1)  # one value or a list, as kinds takes


def test_one_string_is_one_item_not_its_letters(graph, monkeypatch):
    # holders("seal") held every letter s, e, a, l; term_documents gave a key per letter;
    # stale("docs/empty.md") looked each character up as a path
    assert graph.holders("seal") == graph.holders(["seal"]) != []
    assert graph.holding_all("seal") == len(graph.holders(["seal"]))
    assert graph.term_documents("seal") == graph.term_documents(["seal"])
    assert list(graph.term_documents("seal")) == ["seal"]
    whole = next(p for p in graph.document_paths() if p.endswith("/parts.md"))
    monkeypatch.chdir(whole.rsplit("/docs/", 1)[0])
    [(path, error)] = graph.stale("docs/empty.md")
    assert path == "docs/empty.md" and error.startswith("file is empty")


def _raw_calls(graph):
    """(call, what its message says) of arguments of the wrong type, each of which raised
    another library's error (AttributeError, TypeError, KeyError) instead of saying so."""
    from docnav.query import DocNavGraph, EvidenceState

    seal = graph.locate("seal kit size", k=1, kinds=["paragraph"])[0].node_id
    return [
        (lambda: graph.locate("seal", filters=["path"]), r"filters \['path'\]: give a dict"),
        (lambda: graph.locate("seal", filters="*.md"), r"filters '\*.md': give a dict .*valid "
                                                       "criteria: path, kinds"),
        (lambda: graph.locate("seal", filters={"path": 5}), "path 5: give a glob of document "
                                                            "paths"),
        (lambda: graph.holders(["seal"], filters={"path": 5}), "path 5: give a glob"),
        (lambda: graph.filter([seal], path=5), "path 5: give a glob"),
        (lambda: graph.document_paths(5), "glob 5: give a glob of document paths"),
        (lambda: graph.fetch(None), "node_ids None: give a node id or a list of them"),
        (lambda: graph.filter(None), "node_ids None: give a node id or a list of them"),
        (lambda: graph.resolve(None), "ref None: give a node id, a document id or a document's "
                                      "path as a string"),
        (lambda: graph.navigate([seal], "parent"), r"node id \['.*'\]: give one node id as a "
                                                   "string"),
        (lambda: graph.in_reading_order(["nope"]), "unknown node id 'nope': it is not in the "
                                                   "graph"),
        (lambda: DocNavGraph.open(None), "db None: give the path of a store"),
        (lambda: EvidenceState(None, 300), "question None: give it as a string"),
        (lambda: EvidenceState("q", "300"), "budget '300': give a whole number of tokens"),
    ]


def test_arguments_of_the_wrong_type_are_named_not_raised_by_python(graph):
    for call, message in _raw_calls(graph):
        with pytest.raises(InputError, match=message):
            call()
    seal = graph.locate("seal kit size", k=1, kinds=["paragraph"])[0].node_id
    assert graph.in_reading_order([seal]) == [seal]


def test_a_router_giving_no_route_is_refused(graph):
    # Answer.route was 'bogus', the question read as if local
    from docnav.errors import ConfigError

    with pytest.raises(ConfigError, match=r"router .* gave route 'bogus' for 'seal kit'; "
                                          "valid: local, global, cross-reference"):
        Navigator(graph, router=lambda q: "bogus").ask("seal kit", budget=100)
    assert Navigator(graph, router=lambda q: "global").ask("seal kit", budget=100).route == (
        "global")


def test_a_path_relative_to_here_or_its_end_names_a_document_everywhere(graph, monkeypatch):
    # resolve, document_at, nav and show took "./docs/x.md"; ask(doc=...), the path filter
    # and locate's matched nothing; fields, document_root and stale took a path's end not
    whole = next(p for p in graph.document_paths() if p.endswith("/parts.md"))
    base = whole.rsplit("/docs/", 1)[0]
    monkeypatch.chdir(base + "/docs")
    everything = list(graph._nodes)
    for named in ("./parts.md", "../docs/parts.md"):
        assert graph.document_paths(named) == [whole], named
        assert {graph.node(n).path for n in graph.filter(everything, path=named)} == {whole}
        hits = graph.locate("seal kit", filters={"path": named})
        assert hits and {graph.node(h.node_id).path for h in hits} == {whole}, named
        answer = Navigator(graph).ask("What fits the impeller?", budget=100, doc=named)
        assert {e.piece.doc_path for e in answer.evidence} == {whole}, named
    assert [p.rsplit("/", 1)[-1] for p in graph.document_paths("./p*.md")] == [
        "parts.md", "plans.md"]  # a glob relative to here is still a glob
    plans = whole.replace("parts.md", "plans.md")
    for named in ("plans.md", "docs/plans.md", "./plans.md", plans):
        assert graph.fields(named) == {"author": "Ada"}, named
        assert graph.document_root(named) == graph.resolve(plans), named
    with pytest.raises(InputError, match="no indexed document at 'nowhere.md'"):
        graph.fields("nowhere.md")  # it gave {}, as a document without fields does
    assert graph.document_root("nowhere.md") is None
    for named in ("empty.md", "docs/empty.md", "./empty.md"):
        [(path, error)] = graph.stale([named])
        assert path == named and error.startswith("file is empty")
    assert graph.stale(["parts.md"]) == []  # indexed, not failed
