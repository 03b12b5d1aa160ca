"""The navigation commands as a reader of a long PDF report uses them: `fetch --pages` with a
page that does not exist or a range running past the last page, `nav` lines naming the page
each node is on, `nav` at a document's edges, and the header of what a section's parts refer
to. A real PDF (the five-page word processor history) and an HTML report, indexed by the CLI."""

from __future__ import annotations

import json
import shutil

import pytest
from _cli import run
from _paths import FIXTURES, require

from docnav.query import DocNavGraph

REPORT = """<!DOCTYPE html><html><head><title>Operations Report</title></head><body>
<h1>Operations Report</h1>
<h2>1. Revenue</h2><p>Revenue grew by 12 percent.</p>
<h3>1.1 Subscriptions</h3><p>Subscriptions reached a record. See <a href="#costs">Costs</a>.</p>
<h2 id="costs">2. Costs</h2><p>Costs fell as the contracts were renegotiated.</p>
</body></html>
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    base = tmp_path_factory.mktemp("navigation")
    docs = base / "docs"
    docs.mkdir()
    shutil.copy(require(FIXTURES / "pdf" / "multi_page.pdf"), docs / "multi_page.pdf")
    (docs / "report.html").write_text(REPORT)
    db = base / "g.duckdb"
    code, _, err = run(db, "index", str(docs), "--embed-model", "hashing", "--no-summaries",
                       "--no-progress")
    assert code == 0, err
    return db


def _nodes(db, path_end: str, kind: str) -> list:
    graph = DocNavGraph.open(db)
    return [(nid, n) for nid, n in sorted(graph.nodes_of_kind(kind), key=lambda x: x[1].position)
            if n.path.endswith(path_end)]


@pytest.mark.parametrize("pages", ["0", "0-2"])
def test_page_zero_is_refused_saying_pages_count_from_one(store, pages):
    """`--pages 0` said "no paragraph of multi_page.pdf is printed on them; their pages run
    1-5", and `--pages 0-2` read pages 1-2 without a word: page numbers start at 1."""
    code, out, err = run(store, "fetch", "multi_page.pdf", "--pages", pages)
    assert code == 2 and not out
    assert err.strip() == (f"docnav: error: --pages {pages!r}: pages are numbered from 1; "
                           f"give 1{pages[1:]}" if "-" in pages else
                           f"docnav: error: --pages {pages!r}: pages are numbered from 1")
    code, out, _ = run(store, "fetch", "multi_page.pdf", "--pages", pages, "--json")
    assert code == 2 and "pages are numbered from 1" in json.loads(out)["error"]


def test_a_range_past_the_last_page_says_which_pages_were_read(store):
    """`docnav fetch multi_page.pdf --pages 4-9` of a five-page PDF printed pages 4-5 as if
    they were all that was asked: nothing said that pages 6-9 are not there."""
    code, out, err = run(store, "fetch", "multi_page.pdf", "--pages", "4-9", "--budget", "5000")
    assert code == 0, err
    assert err.strip() == ("docnav: note: --pages 4-9: the paragraphs of multi_page.pdf run "
                           "to page 5, so pages 4-5 are read")
    on_4_5 = [nid for nid, n in _nodes(store, "multi_page.pdf", "paragraph") if n.page in (4, 5)]
    code, out, err = run(store, "fetch", "multi_page.pdf", "--pages", "4-9", "--budget", "5000",
                         "--json")
    assert [p["node_id"] for p in json.loads(out)["pieces"]] == on_4_5
    assert "run to page 5" in err
    code, _, err = run(store, "fetch", "multi_page.pdf", "--pages", "4-5")
    assert code == 0 and not err


def test_nav_lines_name_the_page_of_each_node_of_a_pdf(store):
    """`docnav nav DOC --dir children` of a 10-K listed its sections with their breadcrumbs
    only; `locate` and `fetch` say each one's page (", p. 37"), so a reader had to fetch each
    section to learn where it is printed."""
    graph = DocNavGraph.open(store)
    root = [nid for nid, n in graph.nodes_of_kind("document")
            if n.path.endswith("multi_page.pdf")][0]
    code, out, err = run(store, "nav", "multi_page.pdf", "--dir", "children")
    assert code == 0, err
    lines = out.splitlines()
    children = graph.navigate(root, "children")
    assert len(lines) == len(children) > 5
    for line, nid in zip(lines, children):
        n = graph.node(nid)
        assert n.page
        assert line == f"{nid[:12]}  section   {n.breadcrumb}, p. {n.page} | {n.heading}"
    code, out, _ = run(store, "nav", "report.html", "--dir", "children")
    assert out and ", p. " not in out


@pytest.mark.parametrize("direction", ["next", "previous"])
def test_next_and_previous_of_a_document_say_they_move_inside_one(store, direction):
    """`docnav nav report.pdf --dir next` said "nothing comes after it in its document", of
    the document itself, and of the collection above the documents the same."""
    graph = DocNavGraph.open(store)
    root = [nid for nid, n in graph.nodes_of_kind("document")
            if n.path.endswith("multi_page.pdf")][0]
    code, out, err = run(store, "nav", "multi_page.pdf", "--dir", direction)
    assert code == 0, err
    assert out.strip() == (
        f"{root[:12]} (document): next and previous lead through a document's sections and "
        f"paragraphs in reading order, not from one document to another; `docnav nav "
        f"{root[:12]} --dir children` lists its sections")
    top = graph.navigate(root, "parent")[0]
    code, out, err = run(store, "nav", top, "--dir", direction)
    assert code == 0, err
    assert out.strip() == (
        f"{top[:12]} (collection): next and previous lead through a document's sections and "
        f"paragraphs in reading order; `docnav nav {top[:12]} --dir children` lists the "
        f"documents")
    last = _nodes(store, "multi_page.pdf", "paragraph")[-1 if direction == "next" else 0][0]
    code, out, _ = run(store, "nav", last, "--dir", direction)
    after = "after" if direction == "next" else "before"
    assert out.strip() == f"{last[:12]} (paragraph): nothing comes {after} it in its document"


@pytest.mark.parametrize("direction", ["next", "references", "related"])
def test_nav_json_at_an_edge_says_why_its_list_is_empty(store, direction):
    """`docnav nav NODE --dir next --json` at a document's end gave `"nodes": []` alone: a
    script could not tell the end of a document from a lookup gone wrong, where the text
    output says which. The same line is its "note"; a list with nodes has none."""
    last = _nodes(store, "multi_page.pdf", "paragraph")[-1][0]
    code, out, _ = run(store, "nav", last, "--dir", direction)
    said = out.strip()
    code_json, out_json, _ = run(store, "nav", last, "--dir", direction, "--json")
    shown = json.loads(out_json)
    assert code == code_json == 0 and shown["nodes"] == [] and shown["note"] == said
    assert said.startswith(f"{last[:12]} (paragraph)")
    code, out, _ = run(store, "nav", last, "--dir", "parent", "--json")
    assert code == 0 and len(json.loads(out)["nodes"]) == 1 and "note" not in json.loads(out)


def test_what_a_section_s_parts_refer_to_is_headed_in_plain_words(store):
    """Of a section, `nav --dir references` headed its parts' references "referred to by its
    sections, in outside it (1):"."""
    (section, _), = [(nid, n) for nid, n in _nodes(store, "report.html", "section")
                     if n.heading == "1. Revenue"]
    costs = [nid for nid, n in _nodes(store, "report.html", "section")
             if n.heading == "2. Costs"][0]
    code, out, err = run(store, "nav", section, "--dir", "references")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[1] == "referred to by its sections, outside it (1):"
    assert lines[2].startswith(f"{costs[:12]}  section   Operations Report › 2. Costs | ")


def test_show_takes_a_document_s_node_id_as_nav_prints_it(store):
    """`docnav nav multi_page.pdf --dir parent` of a section prints the document by its root
    node's id; `docnav show` of that id said "no document matches"."""
    graph = DocNavGraph.open(store)
    root = [nid for nid, n in graph.nodes_of_kind("document")
            if n.path.endswith("multi_page.pdf")][0]
    code, by_path, err = run(store, "show", "multi_page.pdf")
    assert code == 0, err
    assert run(store, "show", root[:12]) == (0, by_path, "")


@pytest.mark.parametrize("kind", ["section", "paragraph"])
def test_show_of_a_section_s_id_says_whose_it_is_and_what_takes_it(store, kind):
    """A section id copied from `docnav show DOC`'s tree and given to `docnav show` was "no
    document matches '641cd281bcf3'", as if it were a typo."""
    nid, node = _nodes(store, "multi_page.pdf", kind)[1]
    doc_id = node.doc_id
    code, out, err = run(store, "show", nid[:12])
    around = "children` lists its parts" if kind == "section" else "parent` names its section"
    assert code == 2 and not out
    assert err.strip() == (
        f"docnav: error: '{nid[:12]}' is the id of a {kind} of {node.path}, not of a document: "
        f"`docnav fetch {nid[:12]}` prints its text, `docnav nav {nid[:12]} --dir {around}, "
        f"and `docnav show {doc_id[:12]}` shows the document")
    code, _, err = run(store, "show", "zz")
    assert code == 2 and "no document matches 'zz'" in err
