"""DocNavGraph filters over a store built by the real pipeline (the documents' own dates,
indexing time, metadata), and a store whose documents were embedded by two models."""

from __future__ import annotations

import re

import numpy as np
import pytest

from docnav.embed import HashingEmbedder
from docnav.errors import InputError
from docnav.index import Indexer, IndexOptions
from docnav.query import DocNavGraph
from docnav.store import Store

# -- filters on the documents' own dates and on indexing time ------------------------------------

def _html(title: str, date: str | None, body: str) -> str:
    meta = f'<meta name="date" content="{date}">' if date else ""
    return (f"<html><head><title>{title}</title>{meta}</head><body><h1>{title}</h1>"
            f"<p>{body}</p></body></html>")


@pytest.fixture(scope="module")
def dated(tmp_path_factory):
    docs = tmp_path_factory.mktemp("dated") / "docs"
    docs.mkdir()
    (docs / "old.html").write_text(_html("Old report", "2021-05-01", "Pump sales fell."))
    (docs / "new.html").write_text(_html("New report", "2023-02-01T09:30:00Z", "Pump sales rose."))
    (docs / "undated.md").write_text("# Notes\n\nPump sales were flat.\n")
    store = Store(docs.parent / "g.duckdb")
    Indexer(store, IndexOptions(summaries=None, progress=False), HashingEmbedder()).index([docs])
    return DocNavGraph.open(store.path)


def _docs(graph, ids) -> set[str]:
    return {graph.node(i).path.rsplit("/", 1)[-1] for i in ids}


def test_filter_by_the_documents_own_dates(dated):
    everything = list(dated._nodes)
    assert _docs(dated, dated.filter(everything, dated_after="2022-01-01")) == {"new.html"}
    assert _docs(dated, dated.filter(everything, dated_before="2022-01-01")) == {"old.html"}
    assert _docs(dated, dated.filter(everything, dated_after="2021-05-01",
                                     dated_before="2023-02-01")) == {"old.html", "new.html"}
    hits = dated.locate("pump sales", kinds=["paragraph"], filters={"dated_after": "2022-01-01"})
    assert [dated.node(h.node_id).text for h in hits] == ["Pump sales rose."]
    with pytest.raises(InputError, match="date 'May 2021': give a real date as YYYY-MM-DD"):
        dated.filter(everything, dated_after="May 2021")
    with pytest.raises(InputError, match="date '2023-13-45'"):  # the form of a date, no date
        dated.filter(everything, dated_after="2023-13-45")
    import datetime

    assert _docs(dated, dated.filter(everything, dated_after=datetime.date(2022, 1, 1))) == {
        "new.html"}


def test_filter_by_indexing_time(dated):
    everything = list(dated._nodes)
    when = max(d["indexed_at"] for d in dated.documents.values() if d.get("indexed_at"))
    assert len(_docs(dated, dated.filter(everything, indexed_before=when + 1))) == 3
    assert dated.filter(everything, indexed_after=when + 1) == []


def test_filter_by_indexing_time_takes_datetimes_and_refuses_strings(dated):
    import datetime

    everything = list(dated._nodes)
    when = max(d["indexed_at"] for d in dated.documents.values() if d.get("indexed_at"))
    later = datetime.datetime.fromtimestamp(when + 1)
    assert len(_docs(dated, dated.filter(everything, indexed_before=later))) == 3
    with pytest.raises(InputError, match="indexed_after '2024-01-01': give a Unix time"):
        dated.filter(everything, indexed_after="2024-01-01")


def test_filter_values_are_read_strictly(dated):
    everything = list(dated._nodes)
    # only the first ten characters were read: "junk" after a date was taken for it
    with pytest.raises(InputError, match="date '2014-09-01junk': give a real date as "
                                         "YYYY-MM-DD"):
        dated.filter(everything, dated_after="2014-09-01junk")
    assert _docs(dated, dated.filter(everything, dated_after="2022-01-01T10:00:00")) == {
        "new.html"}  # a whole ISO time stands for its date
    with pytest.raises(InputError, match="verified_only 'no': give True or False"):
        dated.filter(everything, verified_only="no")  # was taken for True
    for bound in ("indexed_after", "indexed_before"):
        with pytest.raises(InputError, match=f"{bound} nan: give a Unix time"):
            dated.filter(everything, **{bound: float("nan")})
    # 0 is a bound: the collection node, having no indexing time, is left out by it
    [collection] = [n for n, v in dated._nodes.items() if v.kind == "collection"]
    kept = dated.filter(everything, indexed_after=0)
    assert collection not in kept and len(kept) == len(everything) - 1
    hits = dated.locate("pump sales", kinds=["document", "paragraph"],
                        filters={"indexed_after": 0})
    assert hits and collection not in {h.node_id for h in hits}


def test_metadata_keys_match_in_any_case(dated):
    everything = list(dated._nodes)
    title = {"title": "New report"}
    assert _docs(dated, dated.filter(everything, metadata=title)) == {"new.html"}
    assert _docs(dated, dated.filter(everything, metadata={"TITLE": "new REPORT"})) == {
        "new.html"}


def test_markdown_front_matter_is_the_documents_title_author_and_date(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "fm.md").write_text("---\ntitle: Pump Notes\nauthor: Ada\ndate: 2024-03-05\n---\n\n"
                                "# Sales\n\nPump sales rose.\n")
    (docs / "plain.md").write_text("# Other\n\nPump sales fell.\n")
    store = Store(tmp_path / "g.duckdb")
    Indexer(store, IndexOptions(summaries=None, progress=False), HashingEmbedder()).index([docs])
    graph = DocNavGraph.open(store.path)
    everything = list(graph._nodes)
    assert _docs(graph, graph.filter(everything, metadata={"author": "ada"})) == {"fm.md"}
    assert _docs(graph, graph.filter(everything, dated_after="2024-01-01")) == {"fm.md"}
    doc = next(graph.node(i) for i in everything if graph.node(i).kind == "document"
               and graph.node(i).path.endswith("fm.md"))
    assert doc.heading == "Pump Notes"


DATED = {"long.md": "January 5, 2024", "short.md": "Jan 5, 2024", "day.md": "5 January 2024",
         "mail.md": "Fri, 05 Jan 2024 10:00:00 +0000", "slash.md": "2024/01/05",
         "iso.md": "2024-01-05", "either.md": "05/01/2024", "year.md": "2024",
         "quarter.md": "Q1 2024", "late.md": "Feb 30, 2024"}


@pytest.fixture(scope="module")
def formats(tmp_path_factory):
    from _stores import indexed_graph

    return indexed_graph(tmp_path_factory.mktemp("formats"), {
        name: f"---\ndate: {date}\n---\n\n# {name}\n\nPump sales rose.\n"
        for name, date in DATED.items()}, search_vectors=False)


def test_front_matter_dates_in_common_forms_are_read(formats):
    # each but the ISO one was read as no date
    from docnav.query.fields import date_of

    read = {p.rsplit("/", 1)[-1]: date_of(formats.fields(p)) for p in formats.document_paths()}
    assert read == {name: "2024-01-05" if name in ("long.md", "short.md", "day.md", "mail.md",
                                                   "slash.md", "iso.md") else None
                    for name in DATED}  # 05/01/2024: 5 January or May 1? a year: no day
    assert len(_docs(formats, formats.filter(formats.document_roots(),
                                             dated_after="2024-01-05"))) == 6


def test_no_document_so_dated_names_the_dates_not_read(formats):
    from docnav.query import Navigator

    with pytest.raises(InputError) as info:
        Navigator(formats).ask("pump sales", where={"dated_before": "2020-01-01"})
    message = str(info.value)
    assert "no indexed document has dated_before='2020-01-01'" in message
    # the four unread, in path order: three named with their values, then a count
    assert re.search(r"no date read from the date field of \S*/either.md \('05/01/2024'\), "
                     r"\S*/late.md \('Feb 30, 2024'\), \S*/quarter.md \('Q1 2024'\) and 1 "
                     r"more: the forms read are \"2024-01-05\"", message), message
    with pytest.raises(InputError) as info:
        Navigator(formats).ask("pump sales", doc="long.md", where={"dated_before": "2020-01-01"})
    assert "no date read" not in str(info.value)  # its own date is read


# -- a store indexed with two embedding models ----------------------------------------------------

BIG = "# Big\n\n" + "\n\n".join(f"Paragraph {i} of the big report on pump sales." for i in range(6))
SMALL = "# Small\n\nThe small note on impeller wear.\n"


@pytest.mark.parametrize("second, model, unsearched", [
    ("# Other\n\nAnother note on impeller wear.\n", "hashing-v1-256", ["b/small.md"]),
    ("# Later\n\n" + "\n\n".join(f"Later paragraph {i} on impeller wear." for i in range(20)),
     "hashing-v1-128", ["a/big.md", "a/small.md"]),
], ids=["old-model-covers-most", "new-model-covers-most"])
def test_a_store_of_two_models_is_searched_with_the_one_covering_most(tmp_path, second, model,
                                                                      unsearched):
    # a run re-embeds the stale documents of its own scope only: a run over folder b with
    # another model leaves folder a's documents with the old model's vectors
    import contextlib
    import io

    from docnav.cli import main

    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
    (tmp_path / "a" / "big.md").write_text(BIG)
    (tmp_path / "a" / "small.md").write_text(SMALL)
    (tmp_path / "b" / "small.md").write_text(second)
    store = Store(tmp_path / "g.duckdb")
    options = IndexOptions(summaries=None, progress=False)
    Indexer(store, options, HashingEmbedder(256)).index([tmp_path / "a"])
    report = Indexer(store, options, HashingEmbedder(128)).index([tmp_path / "b"])
    assert report.reembedded == []

    graph = DocNavGraph.open(store.path)
    assert graph.model == model and graph.embedder.model_id == model
    assert graph.documents_without_vectors == [str(tmp_path / p) for p in unsearched]
    hits = graph.locate("impeller wear", k=3, kinds=["paragraph"])
    assert "impeller wear" in graph.node(hits[0].node_id).text  # BM25 still finds it

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert main(["--db", str(store.path), "locate", "impeller wear"]) == 0
    assert f"note: {len(unsearched)} document(s) have no vectors of {model}" in err.getvalue()
    assert str(tmp_path / unsearched[0]) in err.getvalue()


def test_documents_re_embedded_with_another_model_count_for_it_alone(tmp_path):
    """Two of three documents indexed again with another model keep their old model's text
    vectors: counted for the old model too, they made it cover most, and queries used it
    while `docnav show` said "embedded with hashing-v1-256 (1 document), hashing-v1-128 (2
    documents)". A document's nodes count for the model it is embedded with."""
    docs = tmp_path / "docs"
    docs.mkdir()
    for name in ("a", "b", "c"):
        (docs / f"{name}.md").write_text(f"# {name.upper()}\n\n" + "\n\n".join(
            f"Paragraph {i} of {name} on impeller wear." for i in range(4)))
    store = Store(tmp_path / "g.duckdb")
    options = IndexOptions(summaries=None, progress=False)
    Indexer(store, options, HashingEmbedder(256)).index([docs])
    report = Indexer(store, options, HashingEmbedder(128)).index([docs / "a.md", docs / "b.md"])
    assert sorted(report.reembedded) == [str(docs / "a.md"), str(docs / "b.md")]

    graph = DocNavGraph.open(store.path)
    assert graph.model == "hashing-v1-128"
    assert graph.documents_without_vectors == [str(docs / "c.md")]


# -- the path filter: a plain path is compared, a glob matched -----------------------------------

def test_a_plain_path_filters_as_the_same_glob_would(tmp_path):
    """A path without * ? [ is compared (whole, or its end after a /), not matched as a
    pattern: the navigator filters by one document's path twice a question, and matching it
    against every path took 10 ms at 100,000 nodes. The documents passing must not change."""
    import glob

    from _stores import indexed_graph

    from docnav.query.graph import path_matches

    graph = indexed_graph(tmp_path, {"a.md": "# A\n\nPump.\n", "xa.md": "# XA\n\nPump.\n",
                                     "b[1].md": "# B\n\nPump.\n", "b1.md": "# B1\n\nPump.\n"})
    paths = graph.document_paths()
    b1 = next(p for p in paths if p.endswith("/b[1].md"))
    for pattern in ("a.md", "docs/a.md", "xa.md", "*a.md", "a", b1, glob.escape(b1),
                    "b[1].md", "/nowhere/a.md"):
        mask = graph.search._path_mask(pattern)
        passing = {graph.search._paths[i] for i in np.unique(graph.search._item_path[mask])}
        named = graph.search.as_named(pattern)
        assert passing == {p for p in paths if path_matches(p, named)}, pattern
    assert {p.rsplit("/", 1)[-1] for p in graph.document_paths("a.md")} == {"a.md"}
    assert {p.rsplit("/", 1)[-1] for p in graph.document_paths(glob.escape(b1))} == {"b[1].md"}


def test_a_document_named_as_written_is_that_document_though_its_name_looks_like_a_glob(
        tmp_path):
    # --doc "My Docs/private fields [draft].md" matched no document: as a pattern "[draft]"
    # is one letter of d, r, a, f, t, and never the file's own name
    from _stores import indexed_graph

    from docnav.query import Navigator

    graph = indexed_graph(tmp_path, {"b[1].md": "# B\n\nPump.\n", "b1.md": "# B1\n\nPump.\n",
                                     "c*.md": "# C\n\nPump.\n", "cd.md": "# CD\n\nPump.\n"})
    names = lambda paths: {p.rsplit("/", 1)[-1] for p in paths}  # noqa: E731
    b = next(p for p in graph.document_paths() if p.endswith("/b[1].md"))
    for named in (b, "b[1].md", "docs/b[1].md"):
        assert names(graph.document_paths(named)) == {"b[1].md"}, named
        hits = graph.locate("pump", k=10, filters={"path": named})
        assert names(graph.node(h.node_id).path for h in hits) == {"b[1].md"}, named
        assert names(graph.node(n).path
                     for n in graph.filter(list(graph._nodes), path=named)) == {"b[1].md"}
        answer = Navigator(graph).ask("What about the pump?", budget=100, doc=named)
        assert names(e.piece.doc_path for e in answer.evidence) == {"b[1].md"}, named
    assert names(graph.document_paths("c*.md")) == {"c*.md"}
    # a pattern naming no document as written is still a pattern
    assert names(graph.document_paths("b[12].md")) == {"b1.md"}
    assert names(graph.document_paths("c?.md")) == {"cd.md", "c*.md"}
    assert names(graph.document_paths(["x.md", "b[1].md"])) == {"b[1].md"}


def test_the_embedding_scores_of_the_last_query_are_reused_not_stale(tmp_path):
    from _stores import indexed_graph

    graph = indexed_graph(tmp_path, {"pump.md": "# Pump\n\nReplace the impeller seal.\n\n"
                                                "Wire the motor to a breaker.\n"})
    fresh = {q: [(h.node_id, h.score) for h in DocNavGraph.open(
        tmp_path / "g.duckdb", embedder=HashingEmbedder()).locate(q, k=3)]
        for q in ("impeller seal", "motor breaker")}  # each from a graph of its own
    for q in ("impeller seal", "motor breaker", "impeller seal", "impeller seal"):
        assert [(h.node_id, h.score) for h in graph.locate(q, k=3)] == fresh[q]
    scores = graph.search._vectors.scores("impeller seal")
    assert scores is graph.search._vectors.scores("impeller seal") and not scores.flags.writeable
