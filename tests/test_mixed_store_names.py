"""A company named in a store that holds filings beside other documents (papers, RFCs): with a
word for its filings ("the Globex 10-K"), or two companies compared, the name chooses the
filings; a company a paper is about ("Acme Widgets" in a study of widget demand) does not."""

from __future__ import annotations

import pytest
from _mixed_kinds import unordered_navigator as _nav
from _stores import indexed_graph

from docnav.ask_text import answer_text

ACME = """---
registrant: ACME WIDGETS CO., INC.
form: 10-K
---

# Annual report

## Business

We sell widgets to makers of machines.

## Balance sheet

Cash and cash equivalents 1,874 2,936
Total current assets 8,802 10,539
"""

GLOBEX = """---
registrant: GLOBEX CORPORATION
form: 10-K
---

# Annual report

## Business

We make engines for ships.

## Risk factors

Our engines may fail at sea.

## Balance sheet

Total current assets 1,111 2,222
"""

PAPER = """# Widget demand in small markets

## Introduction

We study the demand for widgets, using the total current assets reported by Acme Widgets and
Globex as a measure of their size.

## Method

We survey forty makers of machines.
"""


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    base = tmp_path_factory.mktemp("mixed")
    graph = indexed_graph(base, {"acme.md": ACME, "globex.md": GLOBEX, "paper.md": PAPER},
                          search_vectors=False)
    return graph, base / "docs"


def _read(answer) -> set[str]:
    return {e.piece.doc_path for e in answer.evidence}


def test_a_company_named_with_its_form_asks_its_filings_in_a_mixed_store(mixed):
    # "What sections does the Amazon 10-K have?", asked of a store holding papers and RFCs
    # too, read the 10-K's cover page, not its outline; "What is on page 36 of the Adobe
    # 10-K?" read page 36 of both filings: the name chose nothing where some document has
    # no registrant.
    graph, docs = mixed
    globex = str(docs / "globex.md")
    for asked in ("What sections does the Globex 10-K have?",
                  "What are the sections of Globex's 10-K?",
                  "What does the Globex filing say about its engines?"):
        answer = _nav(graph).ask(asked, budget=200)
        focus = answer.trace[0]
        assert focus["op"] == "focus" and focus["documents"] == [globex], asked
        assert focus["left_out"] == ["GLOBEX"] and _read(answer) == {globex}, asked
    outline = _nav(graph).ask("What sections does the Globex 10-K have?", budget=200)
    assert any(s["op"] == "outline" for s in outline.trace), outline.trace
    assert "Risk factors" in outline.evidence[0].piece.text
    # "How long is the Adobe 10-K?" gave no length: the filing's length, counted
    length = _nav(graph).ask("How long is the Globex 10-K?", budget=200)
    assert list(length.fields) == [globex] and "length" in length.fields[globex]


def test_a_company_a_paper_is_about_chooses_no_filing(mixed):
    # the name alone, or said beside a word for another kind of document, is a question of
    # what every document says (the paper is about Acme Widgets too)
    graph, docs = mixed
    for asked in ("What were Acme Widgets' total current assets?",
                  "Which paper mentions the Acme Widgets 10-K?",
                  "What does the widget demand paper say about Acme Widgets and Globex?",
                  "Which documents mention Acme Widgets and Globex?"):
        answer = _nav(graph).ask(asked, budget=400)
        assert all(s["op"] not in ("focus", "compare") or s.get("documents") == [
            str(docs / "paper.md")] for s in answer.trace), (asked, answer.trace[:2])
    anything = _nav(graph).ask("What were Acme Widgets' total current assets?", budget=400)
    assert str(docs / "paper.md") in _read(anything)


def test_two_companies_compared_in_a_mixed_store_are_asked_of_each(mixed):
    # "Compare Adobe's and Amazon's operating income." of a mixed store read Adobe's filing
    # almost alone (1 of 36 pieces Amazon's, its operating income not among them): each
    # company's filings are asked in turn with half the budget, as in a store of filings only
    graph, docs = mixed
    answer = _nav(graph).ask("Compare Globex's and Acme Widgets' total current assets.",
                             budget=160)
    compare = answer.trace[0]
    assert compare["op"] == "compare" and compare["companies"] == ["GLOBEX", "ACME WIDGETS"]
    assert compare["documents"] == [[str(docs / "globex.md")], [str(docs / "acme.md")]]
    assert compare["tokens_each"] == 80
    texts = {e.piece.doc_path: e.piece.text for e in answer.evidence}
    assert set(texts) == {str(docs / "globex.md"), str(docs / "acme.md")}
    assert any("8,802" in e.piece.text for e in answer.evidence)
    assert any("1,111" in e.piece.text for e in answer.evidence)


def test_a_word_of_what_is_asked_about_is_no_kind_of_document(mixed):
    # "What is on page 36 of the Adobe 10-K about e-books?" read page 36 of both filings,
    # "What proposals does the Adobe 10-K describe?" searched every document: a kind word
    # ("books", "proposals") counted wherever it stood; "the NAME 10-K" now chooses
    graph, docs = mixed
    globex = str(docs / "globex.md")
    for asked in ("What is on page 3 of the Globex 10-K about e-books?",
                  "What does the Globex 10-K say about ship books?",
                  "What sections does the Globex 10-K have on books?",
                  "What proposals does the Globex 10-K describe?"):
        focus = _nav(graph).ask(asked, budget=200).trace[0]
        assert focus["op"] == "focus" and focus["documents"] == [globex], (asked, focus)



def test_each_company_in_a_mixed_store_is_asked_of_each_filing(mixed):
    # "What was the revenue of each company?" of two filings, papers and RFCs read the best
    # document's passages (Adobe's): "each company" chose nothing where some document has no
    # registrant; "the company" alone still chooses none (a paper says it too)
    graph, docs = mixed
    for asked in ("What were the total current assets of each company?",
                  "Which company had the highest total current assets?",
                  # "the companies" too (read the best document's passages)
                  "What did the companies report as total current assets?"):
        answer = _nav(graph).ask(asked, budget=300)
        compare = answer.trace[0]
        assert compare["op"] == "compare", (asked, compare)
        assert compare["companies"] == ["ACME WIDGETS", "GLOBEX"]
        assert _read(answer) == {str(docs / "acme.md"), str(docs / "globex.md")}, asked
    answer = _nav(graph).ask("What were the total current assets of the company?", budget=300)
    assert all(s["op"] != "compare" for s in answer.trace)


def test_which_sources_or_where_names_are_mentioned_asks_which_documents(mixed):
    # "Which sources mention Adobe and Amazon?", "Where are Adobe and Amazon mentioned?" were
    # asked of each company's filing, the names read as choosing them: the paper holding the
    # names was never read. Now asked as "Which documents mention ...?" (11c9041 read any
    # which/where question with a verb of mentioning so, "Which risks are mentioned by ...?"
    # too: that one is still asked of each company's filings)
    graph, docs = mixed
    for asked in ("Which sources mention Acme Widgets and Globex?",
                  "Which texts mention Globex and Acme Widgets?",
                  "Where are Acme Widgets and Globex mentioned?"):
        answer = _nav(graph).ask(asked, budget=400)
        assert all(s["op"] != "compare" for s in answer.trace), (asked, answer.trace[:2])
        assert answer.count["documents"] == [str(docs / "paper.md")], asked
        assert str(docs / "paper.md") in _read(answer), asked
    risks = _nav(graph).ask("Which risks are mentioned by Acme Widgets and Globex?", budget=400)
    assert risks.trace[0]["op"] == "compare"


def test_the_sections_a_filing_has_on_something_are_listed(mixed):
    # "What sections does the Amazon 10-K have on books?" gave no outline: "books" was a word
    # to search for, and the cover page's "SECTION 13" was read; now the sections holding it
    # are listed, then their paragraphs
    graph, docs = mixed
    answer = _nav(graph).ask("What sections does the Globex 10-K have on engines?", budget=200)
    (step,) = [s for s in answer.trace if s["op"] == "sections holding"]
    assert step["documents"] == [str(docs / "globex.md")] and step["sections"] == 2
    listed = answer.evidence[0].piece.text
    assert "- Business (1 paragraph)" in listed, listed
    assert "- Risk factors (1 paragraph)" in listed, listed
    assert {e.piece.text for e in answer.evidence[1:]} == {
        "We make engines for ships.", "Our engines may fail at sea."}
    assert 'holding "engines" (2), then their paragraphs' in answer_text(answer, graph)
    # the parts not asked for: "What does the Risk factors section say about engines?"
    part = _nav(graph).ask("What does the Risk factors section of the Globex 10-K say about "
                           "engines?", budget=200)
    assert all(s["op"] != "sections holding" for s in part.trace)


def test_sections_asked_for_by_what_they_are_on_only_where_they_are_the_object(mixed):
    # "Which sections of the paper report results on the test set?" and "Which section
    # describes the impact of pinning on async functions?" listed the sections holding "the
    # test set", "async functions": any "on" after "sections" was read as what they are on
    graph, docs = mixed
    for asked in ("Which sections of the Globex 10-K are about engines?",
                  "Which section is about engines?", "List the sections about engines"):
        answer = _nav(graph).ask(asked, budget=200)
        assert any(s["op"] == "sections holding" for s in answer.trace), asked
    for asked in ("Which section of the Globex 10-K reports the risk of failure on engines?",
                  "Which section describes the impact of the sea on engines?",
                  "What sections report the effect of the sea on engines?"):
        answer = _nav(graph).ask(asked, budget=200)
        assert all(s["op"] != "sections holding" for s in answer.trace), asked


def test_sections_holding_the_words_as_written_are_listed_first(tmp_path):
    # "What sections does the Amazon 10-K have on books?" listed Goodwill and Investments
    # ("book value") among those saying "books", in reading order: now after them, marked
    graph = indexed_graph(tmp_path, {"shop.md": "# Shop report\n\n## Goodwill\n\nWe compare "
                                                "the book value of our shops.\n\n## Content\n\n"
                                                "We sell books to readers.\n"},
                          search_vectors=False)
    answer = _nav(graph).ask("What sections does the shop report have on books?", budget=200)
    assert answer.evidence[0].piece.text.splitlines()[1:] == [
        "- Content (1 paragraph)", "- Goodwill (1 paragraph, another form of its words)"]
    fetch = next(s for s in answer.trace if s["op"] == "fetch")  # its paragraph taken first
    assert [graph.node(n).text for n in fetch["nodes"]] == [
        "We sell books to readers.", "We compare the book value of our shops."]
