"""Bad input to the graph said, not taken in silence (a QA pass of the query library): a
document or node that is not there, a Parquet folder that is not there, an empty store path,
a budget out of the one range; and a document's path taken where a node id is, as the CLI's
``nav`` and ``fetch`` take it."""

from __future__ import annotations

from pathlib import Path

import pytest
from _stores import indexed_graph

from docnav.errors import InputError
from docnav.query import DocNavGraph, EvidenceState, Navigator
from docnav.summaries import SummaryPipelineOptions

FILES = {"pump.md": "# Pump\n\n## Seal\n\nReplace the impeller seal every 2000 hours.\n\n"
                    "## Motor\n\nThe motor takes a 16 A breaker.\n",
         "valve.md": "# Valve\n\nThe valve closes at 6 bar.\n"}


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("input59"), FILES,
                         summaries=SummaryPipelineOptions(verify=False), search_vectors=False)


def test_what_is_not_there_is_said(graph):
    with pytest.raises(InputError, match="no indexed document at 'nosuch.md'"):
        graph.fields("nosuch.md")  # {}, as of a document without fields
    with pytest.raises(InputError, match="path None: give a document's path as a string"):
        graph.fields(None)
    with pytest.raises(InputError, match="unknown node id 'zzzz': it is not in the graph"):
        graph.summary_sources("zzzz")  # []
    assert graph.fields("pump.md") == {}  # a document without fields: {}


def test_opening_a_store_says_what_is_wrong_with_its_paths(graph, tmp_path):
    db = graph.source.removeprefix("duckdb:")
    with pytest.raises(InputError, match=r"parquet_dir '/nonexist': no such folder"):
        DocNavGraph.open(db, parquet_dir="/nonexist")  # taken: read only while a writer ran
    with pytest.raises(InputError, match=r"db '': the path is empty"):
        DocNavGraph.open("")  # ".: a folder, not a store"
    # (it said "db PosixPath('.')": the path's repr, not its text)
    with pytest.raises(InputError, match=r"^db '\.': the path is empty, or names the current "
                       r"folder \(an empty Path is \"\.\"\)"):
        DocNavGraph.open(Path(""))  # ".: a folder, not a store"
    assert DocNavGraph.open(db, embedder=None, parquet_dir=tmp_path).source == graph.source


def test_the_cli_given_the_current_folder_still_names_it_a_folder(tmp_path, monkeypatch, capsys):
    """`--db .` is a folder given, not an empty path: the store's own error, as before."""
    from docnav.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["--db", ".", "locate", "seal"]) == 2
    assert capsys.readouterr().err == ("docnav: error: .: a folder, not a store: a store is one "
                                       "DuckDB file, such as docnav.duckdb\n")


@pytest.mark.parametrize("call, least", [
    (lambda g: g.fetch(g.document_roots(), budget=0), 1),  # [] (the CLI refused --budget 0)
    (lambda g: g.fetch(g.document_roots(), budget=99_999_999_999), 1),
    (lambda g: EvidenceState("seal", -1), 0),
    (lambda g: EvidenceState("seal", 1_000_001), 0),  # ask took at most 1,000,000
    (lambda g: Navigator(g).ask("seal", budget=15), 16),
])
def test_every_budget_is_checked_alike(graph, call, least):
    with pytest.raises(InputError, match=rf"budget [-\d_]+: give a whole number of tokens, at "
                                         rf"least {least} and at most 1,000,000"):
        call(graph)


def test_a_part_of_a_question_may_have_no_budget():
    # (a part asked in turn may get no share of its question's budget: enough at once)
    assert EvidenceState("seal", 0).sufficient is True


def test_a_documents_path_stands_for_its_root_where_a_node_id_is_taken(graph):
    root = graph.resolve("pump.md")
    assert graph.navigate("pump.md", "children") == graph.navigate(root, "children")
    assert graph.navigate("pump.md", "children")  # its title's section
    assert graph.fetch(["pump.md"]) == graph.fetch([root]) and graph.fetch("pump.md")
    assert graph.expand("pump.md", 1) == graph.expand(root, 1)
    assert graph.summary_sources("pump.md") == graph.summary_sources(root)
    with pytest.raises(InputError, match=r"'pump.md' is a document's path, not a node id: "
                                         r"graph.resolve\('pump.md'\) gives its root node"):
        graph.node("pump.md")  # a NodeView is of an id
    with pytest.raises(InputError, match=r"unknown node id 'nosuch.md': it is not in the graph "
                                         r".*, nor a document's path"):
        graph.navigate("nosuch.md", "children")
    with pytest.raises(InputError, match=r"node id '.{4}' is not whole"):
        graph.navigate(root[:4], "children")  # a short id is still refused
