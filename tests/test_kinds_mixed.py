"""The kind of document a question asks of ("Which RFC ...?", "each paper", "Which 10-K ...?")
chooses the documents of that kind in a store of several kinds: of papers, 10-Ks and RFCs,
"Which RFC is the longest?" read the Adobe 10-K, and "What is the main contribution of each
paper?" was asked of the 10-Ks and RFCs too. Of one kind, nothing changes."""

from __future__ import annotations

from pathlib import Path

import pytest
from _mixed_kinds import paper_text, rfc_text, unordered_navigator as _nav
from _stores import indexed_graph

from docnav.ask_text import answer_text
from docnav.query.kinds import document_kinds

FILING = """---
registrant: GLOBEX CORPORATION
form: 10-K
---

# Annual report

## Business

We make engines for ships, and we sell them in many markets over many years of trade.
Our engines are long lived and our customers keep them for decades of hard service.

## Risk factors

Our engines may fail at sea, and our customers may sue us for the ships they lose.
"""

FILES = {
    "globex.md": FILING,
    "2001-pins.md": rfc_text("2001", "pins", "Add pins to the language so a value stays put, "
                             "with a longer account of what a pin is and how it moves nothing."),
    "2002-dots.md": rfc_text("2002", "dots", "Add dots."),
    "demand.md": paper_text("Widget demand", "a survey of widget demand at Initech and Globex."),
    "engines.md": paper_text("Ship engines", "a model of ship engines at sea, as Globex makes."),
}


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    base = tmp_path_factory.mktemp("kinds")
    return indexed_graph(base, FILES, search_vectors=False), base / "docs"


def _read(answer) -> set[str]:
    return {Path(e.piece.doc_path).name for e in answer.evidence}


def test_each_document_has_its_kind(mixed):
    graph, _ = mixed
    assert {Path(p).name: k for p, k in document_kinds(graph).items()} == {
        "globex.md": "filing", "2001-pins.md": "RFC", "2002-dots.md": "RFC",
        "demand.md": "paper", "engines.md": "paper"}


def test_the_kind_said_chooses_its_documents_in_a_mixed_store(mixed):
    graph, _ = mixed
    longest = _nav(graph).ask("Which RFC is the longest?", budget=200)
    assert longest.trace[0]["op"] == "kind" and longest.trace[0]["kind"] == "RFC"
    (ordered,) = [s for s in longest.trace if s["op"] == "documents"]
    assert [Path(p).name for p in ordered["documents"]] == ["2001-pins.md"]
    assert _read(longest) == {"2001-pins.md"}
    assert "asked of the 2 RFCs of the 5 documents asked of" in answer_text(longest, graph)
    each = _nav(graph).ask("What is the main contribution of each paper?", budget=400)
    (turn,) = [s for s in each.trace if s["op"] == "each document"]
    assert sorted(Path(p).name for p in turn["documents"]) == ["demand.md", "engines.md"]
    assert _read(each) <= {"demand.md", "engines.md"}
    # "10-K" is a filing's kind too
    ten_k = _nav(graph).ask("Which 10-K is the longest?", budget=200)
    assert ten_k.trace[0]["kind"] == "filing" and _read(ten_k) == {"globex.md"}
    # "10-K filings" is "filings" (was "filing filings", of no kind); "10-K reports" too (was
    # "filing reports": "How many 10-K reports are there?" read the best match)
    for asked in ("How many 10-K filings are there?", "Which 10-K filing is the longest?",
                  "How many 10-K reports are there?", "Which 10-K report is the longest?"):
        filings = _nav(graph).ask(asked, budget=200)
        assert filings.trace[0]["op"] == "kind" and filings.trace[0]["kind"] == "filing", asked
    # how many of that kind: those alone counted
    many = _nav(graph).ask("How many papers are there?", budget=200)
    assert many.count["n"] == 2


def test_a_kind_of_what_is_asked_about_or_of_one_kind_chooses_nothing(mixed, tmp_path):
    graph, _ = mixed
    # "papers" is what the RFC would mention: asked of every document, as before
    answer = _nav(graph).ask("What does the pins RFC say about papers?", budget=200)
    assert all(s["op"] != "kind" for s in answer.trace)
    # works cited asked of the 10-K the question names: of the 10-K, not of the papers
    cited = _nav(graph).ask("Which papers does the Globex 10-K cite?", budget=200)
    assert all(s["op"] != "kind" for s in cited.trace), cited.trace[:2]
    # a document of no kind known is left in of papers (it may be one), out of RFCs: "Which
    # RFC is the shortest?" read notes.md, and "How many RFCs are there?" counted it
    notes = dict(FILES, **{"notes.md": "# Notes\n\nA short note on dots.\n"})
    graph = indexed_graph(tmp_path / "notes", notes, search_vectors=False)
    many = _nav(graph).ask("How many RFCs are there?", budget=200)
    assert many.trace[0]["document_count"] == 2 and many.count["n"] == 2
    assert ("asked of the 2 RFCs of the 6 documents asked of, the kind the question names "
            "(theirs: 2 RFCs, 2 papers, 1 filing, 1 of no kind known)") in answer_text(many, graph)
    shortest = _nav(graph).ask("Which RFC is the shortest?", budget=200)
    assert _read(shortest) == {"2002-dots.md"}
    papers = _nav(graph).ask("How many papers are there?", budget=200)
    assert papers.count["n"] == 3
    assert "asked of the 2 papers and 1 document of no kind known of the 6 documents" in (
        answer_text(papers, graph))
    # a store of RFCs alone: as before, no step
    rfcs = indexed_graph(tmp_path / "rfcs", {n: t for n, t in FILES.items() if n[0].isdigit()},
                         search_vectors=False)
    answer = _nav(rfcs).ask("Which RFC is the longest?", budget=200)
    assert all(s["op"] != "kind" for s in answer.trace)
    assert _read(answer) == {"2001-pins.md"}


def test_which_documents_name_those_holding_fewer_of_the_names(mixed):
    # "Which documents mention Adobe and Amazon?" counted the Adobe 10-K alone (it says both)
    # and said nothing of the Amazon 10-K and the paper saying "Amazon": named now, not read
    graph, docs = mixed
    answer = _nav(graph).ask("Which documents mention Initech and Globex?", budget=400)
    assert answer.count["documents"] == [str(docs / "demand.md")]
    assert str(docs / "engines.md") in answer.count["partly"]
    assert str(docs / "demand.md") not in answer.count["partly"]
    assert "some of those words (not read): " in answer_text(answer, graph)
    # of words, not names: none named so ("traits and closures" of many RFCs)
    words = _nav(graph).ask("Which documents mention initech and globex?", budget=400)
    assert "partly" not in words.count


def test_a_kind_a_named_document_of_another_kind_mentions_is_asked_of_that_document(mixed):
    # "Which RFCs does the Adobe 10-K mention?", "Which papers are referred to by the Adobe
    # 10-K?" were asked of the RFCs or papers alone, leaving out the 10-K the question names
    graph, _ = mixed
    for asked in ("Which RFCs does the Globex 10-K mention?",
                  "Which RFCs are referred to by the Globex 10-K?",
                  "Which papers does the Globex 10-K mention?"):
        answer = _nav(graph).ask(asked, budget=200)
        # (as before c31567b: read as which documents hold the words, the 10-K among them)
        assert all(s["op"] != "kind" for s in answer.trace), (asked, answer.trace[:2])
    # the papers mentioning it: of the papers
    papers = _nav(graph).ask("Which papers mention the Globex 10-K?", budget=200)
    assert papers.trace[0]["op"] == "kind" and papers.trace[0]["kind"] == "paper"


def test_which_documents_of_names_or_of_a_form_name_no_others(mixed, tmp_path):
    # "Which documents mention Adobe or Amazon?" named the Amazon 10-K and a paper as holding
    # "some of those words" though either name answers: those holding any one are counted
    graph, docs = mixed
    either = _nav(graph).ask("Which documents mention Initech or Globex?", budget=400)
    assert either.count["documents"] == [str(docs / "demand.md"), str(docs / "engines.md")]
    assert "partly" not in either.count
    assert '2 of the 5 documents asked of hold "Initech" or "Globex"' in answer_text(
        either, graph)
    # "K" of "the Adobe 10-K" is no name: 1811.00942.md, holding "k", was named
    graph = indexed_graph(tmp_path / "k", {
        "report.md": "# Report\n\nThe Globex 10-K was filed late, its k value high.\n",
        "means.md": "# Means\n\nWe run k means with k set to 10.\n",
        "ten.md": "# Ten\n\nWe count 10 ships.\n", "tens.md": "# Tens\n\nWe sell 10 engines.\n"},
        search_vectors=False)
    form = _nav(graph).ask("Which documents mention the Globex 10-K?", budget=400)
    assert form.count["words"] == ["Globex"] and "partly" not in form.count, form.count
    # nor a word counted or said: "Which papers mention the Adobe 10-K?" listed two papers
    # holding "k" (`hold 1 of "Adobe", "K"`) and said "not in the evidence: adobe, k"
    none = _nav(graph).ask("Which documents mention the Initech 10-K?", budget=400)
    assert (none.count["words"], none.count["documents"]) == (["Initech"], []), none.count
    assert "k" not in [w.lower() for w in none.missing + none.absent], none.missing
