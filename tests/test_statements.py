"""A filing asked for a figure of its financial statements reads the statement first."""

from __future__ import annotations

import pytest

from docnav.embed import HashingEmbedder
from docnav.index import Indexer, IndexOptions
from docnav.query import DocNavGraph, Navigator
from docnav.query.statements import STATEMENTS
from docnav.store import Store

MDA = "\n\n".join(
    f"Revenue growth in {topic} was discussed with the board; revenue from {topic} grew as "
    f"customers in {topic} bought more, and the growth of revenue there is expected to last."
    for topic in ("retail", "cloud", "advertising", "subscriptions", "devices", "media"))

FILING = f"""---
form: {{form}}
---

# Bolt Inc Annual Report

## Contents

### Consolidated Statements of Operations

## Item 7. Management's Discussion and Analysis

{MDA}

## Item 8. Financial Statements

### Consolidated Statements of Operations

| (in millions) | 2022 | 2023 |
| --- | --- | --- |
| Total net sales | 135,987 | 177,866 |
| Operating income | 4,186 | 4,106 |

### Consolidated Balance Sheets

| (in millions) | 2022 | 2023 |
| --- | --- | --- |
| Accounts payable | 25,309 | 34,616 |
"""

QUESTION = "What was the year-over-year revenue growth in 2023?"


def store_of(base, **docs) -> DocNavGraph:
    folder = base / "docs"
    folder.mkdir()
    for name, text in docs.items():
        (folder / name).write_text(text)
    store = Store(base / "g.duckdb")
    Indexer(store, IndexOptions(summaries=None, progress=False), HashingEmbedder()).index([folder])
    return DocNavGraph.open(store.path, embedder=HashingEmbedder())


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return store_of(tmp_path_factory.mktemp("statements"),
                    **{"bolt.md": FILING.format(form="10-K"),
                       "memo.md": FILING.replace("form: {form}", "kind: memo")})


def statement_ops(answer):
    return [op for op in answer.trace if op["op"] == "statement"]


def test_a_figure_of_a_statement_is_read_from_the_statement(graph):
    # the MD&A's six paragraphs match "revenue growth" and fill the budget; the income
    # statement's table, which holds the figures, matches none of the question's words
    answer = Navigator(graph).ask(QUESTION, budget=150, doc="bolt.md")
    (op,) = statement_ops(answer)
    # (the table, a row labelled "Total net sales", read as the rows of the figure asked)
    rows = [n for r in answer.trace if r["op"] == "statement rows" for n in r["rows"]]
    assert op["statement"] == "income statement" and op["added"] + len(rows) >= 1
    texts = [e.piece.text for e in answer.evidence]
    assert any("Total net sales" in t for t in texts)
    # of the two sections named so, the one with the table (not the contents entry)
    assert "Item 8. Financial Statements ›" in graph.node(op["node"]).breadcrumb
    assert any(e.found_by == "statement" for e in answer.evidence)


def test_each_statement_a_question_names_is_read(graph):
    answer = Navigator(graph).ask("What is the ratio of accounts payable to cost of sales?",
                                  budget=300, doc="bolt.md")
    assert [op["statement"] for op in statement_ops(answer)] == ["income statement",
                                                                 "balance sheet"]
    assert any("Accounts payable" in e.piece.text for e in answer.evidence)


@pytest.mark.parametrize("question, doc", [
    (QUESTION, "memo.md"),  # no form on its cover: not a filing
    (QUESTION, None),  # two documents: whose statement?
    ("Who discussed the results with the board?", "bolt.md"),  # no figure of a statement
])
def test_no_statement_is_read_otherwise(graph, question, doc):
    answer = Navigator(graph).ask(question, budget=150, doc=doc)
    assert statement_ops(answer) == []
    assert not any(e.found_by == "statement" for e in answer.evidence)


@pytest.mark.parametrize("heading, statement", [
    ("Consolidated Statements of Operations", "income statement"),
    ("CONSOLIDATED STATEMENTS OF OPERATIONS (in millions, except per share data)",
     "income statement"),
    ("Condensed Consolidated Statements of Earnings", "income statement"),
    ("Consolidated Statements of Income and Comprehensive Income", "income statement"),
    ("Consolidated Statement of Profit or Loss", "income statement"),
    ("Consolidated Balance Sheets", "balance sheet"),
    ("Consolidated Statement of Financial Position", "balance sheet"),
    ("Consolidated Statements of Cash Flows", "cash flow statement"),
    ("Consolidated Statements of Comprehensive Income", None),
    ("Consolidated Statements of Stockholders' Equity", None),
    ("Notes to Consolidated Financial Statements", None),
])
def test_the_statements_headings(heading, statement):
    named = [s.name for s in STATEMENTS if s.heading.search(heading)]
    assert named == ([statement] if statement else [])


@pytest.mark.parametrize("question, statements", [
    ("What was the year-over-year change in revenue?", ["income statement"]),
    ("Is the operating margin improving?", ["income statement"]),
    ("What is the days payable outstanding: 365 * average accounts payable / COGS?",
     ["income statement", "balance sheet"]),
    ("Which activities brought in the most cash flow?", ["cash flow statement"]),
    ("How much were capital expenditures in 2022?", ["cash flow statement"]),
    ("What were total current assets?", ["balance sheet"]),
    ("Who is the chief executive officer?", []),
    ("Which salesforce tools does the company use?", []),  # a word, not "sales"
])
def test_the_figures_a_question_asks_for(question, statements):
    assert [s.name for s in STATEMENTS if s.asks.search(question)] == statements


@pytest.fixture(scope="module")
def amazon(tmp_path_factory):
    """Amazon's 2017 10-K, read by the native PDF pipeline: its tables are rows of figures
    whose column heads ("Year Ended December 31,", "2015 2016 2017") are paragraphs above."""
    from _paths import FINANCEBENCH
    from _stores import indexed_copies

    return indexed_copies(tmp_path_factory.mktemp("amazon"),
                          [FINANCEBENCH / "pdfs" / "AMAZON_2017_10K.pdf"])


def test_a_table_of_figures_is_read_with_its_column_heads(amazon):
    # "North America $ 63,708 $ 79,785 $ 106,110" says nothing of which year is which: the
    # column heads above the table, paragraphs of their own, are read with it
    answer = Navigator(amazon).ask("What were the net sales of North America and AWS?",
                                   budget=300)
    texts = [e.piece.text for e in answer.evidence]
    table = next(i for i, t in enumerate(texts) if t.startswith("North America $ 63,708"))
    assert texts[table - 3:table] == ["Year Ended December 31,", "2015 2016 2017", "Net Sales:"]
    heads = [op for op in answer.trace if op.get("why") == "column heads"]
    assert heads and all(op["direction"] == "previous" for op in heads)
    assert {e.found_by for e in answer.evidence if e.piece.text == "2015 2016 2017"} == {
        "column heads"}


def test_a_table_s_column_heads_are_on_its_page(amazon):
    # a footnote at the foot of page 70 ("(2) AWS segment assets primarily consist of ...")
    # was read as a column head of the table of segment property at the top of page 71
    (table,) = [n for n in amazon._nodes.values()
                if n.text.startswith("2015 2016 2017\nNorth America $ 6,707")]
    heads = Navigator(amazon).passages.column_heads(table.node_id)
    assert [amazon.node(h).text[:30] for h in heads] == ["Property and equipment, net by",
                                                         "December 31,"]
    assert {amazon.node(h).page for h in heads} == {table.page} == {71}


def test_a_table_with_its_heads_in_its_first_line_reads_none_above_it(tmp_path):
    # Markdown and HTML tables keep their head row ("| Segment | 2016 | 2017 |"): the short
    # paragraphs above such a table are no column heads of it
    graph = store_of(tmp_path, **{"sales.md": "# Report\n\n## Net sales\n\nYear Ended "
                                  "December 31,\n\nNet Sales:\n\n| Segment | 2016 | 2017 |\n"
                                  "| --- | --- | --- |\n| North America | 79,785 | 106,110 |\n"})
    (table,) = [n for n in graph._nodes.values() if n.block_kind == "table"]
    assert graph.node(graph.navigate(table.node_id, "previous")[0]).text == "Net Sales:"
    assert Navigator(graph).passages.column_heads(table.node_id) == []


def test_a_table_s_column_heads_stop_at_its_caption_and_its_page(tmp_path):
    """pioNER's Table III (p. 5) was read with "7 https://github.com/...", a footnote at the
    foot of page 4, as a column head: the heads end at the table's caption, and at the page."""
    import shutil

    from _paths import FIXTURES, require

    (tmp_path / "docs").mkdir()
    shutil.copy(require(FIXTURES / "pdf" / "1810.08699.pdf"), tmp_path / "docs")
    store = Store(tmp_path / "g.duckdb")
    Indexer(store, IndexOptions(summaries=None, progress=False), HashingEmbedder()).index(
        [tmp_path / "docs"])
    graph = DocNavGraph.open(store.path, embedder=HashingEmbedder())
    def heads(start: str) -> list[str]:
        (table,) = [n for n in graph._nodes.values() if n.text.startswith(start)]
        return [graph.node(h).text[:30] for h in nav.passages.column_heads(table.node_id)]

    nav = Navigator(graph)
    assert heads("Stanford NER 76.86") == ["TABLE III: Evaluation results ",
                                           "Algorithm dev test Precision R"]
    # Table V, under Table IV on the same page, was read with Table IV's caption and heads
    assert heads("GloVe (dim=50) 69.31") == ["TABLE V: Evaluation results fo",
                                             "Word embeddings dev test Preci"]


def test_the_rows_of_the_figure_asked_are_read_first(amazon):
    # "Which company had the highest net income?", 200 tokens a company: Adobe's income
    # statement was read from its top (its heads, revenue, costs), and its net income, at the
    # foot, was not; Best Buy's row says "Net earnings"
    answer = Navigator(amazon).ask("What was the net income in 2017?", budget=150)
    (step,) = [op for op in answer.trace if op["op"] == "statement rows"]
    rows = [amazon.node(n).text for n in step["rows"]]
    assert any("Net income $ 596 $ 2,371 $ 3,033" in t for t in rows), rows
    read = {e.piece.node_id: e.found_by for e in answer.evidence}
    assert all(read.get(n) == "statement" for n in step["rows"] + step["heads"])
    assert "2015 2016 2017" in {amazon.node(h).text.split("\n")[0] for h in step["heads"]} | {
        amazon.node(n).text.split("\n")[0] for n in read}


def test_the_rows_a_figure_labels(tmp_path):
    from docnav.query.statements import figure_rows

    graph = store_of(tmp_path, **{"shop.md": (
        "---\nform: 10-K\n---\n\n# Shop Co\n\n## Item 8\n\n### Consolidated Statements of "
        "Earnings\n\n2023 2022 2021\n\nRevenue $ 46,298 $ 51,761 $ 47,262\n\nCost of revenue "
        "36,386 40,121 36,689\n\nNet earnings $ 1,419 $ 2,454 $ 1,798\n\nBasic net income per "
        "share $ 6.29 $ 9.94 $ 6.93\n\nTotal net sales 1 2 3\n")})
    (section,) = [n for n, node in graph.nodes_of_kind("section")
                  if node.heading.startswith("Consolidated")]

    def rows(question):
        return [graph.node(n).text for n in figure_rows(graph, section, question)]

    # another label of it ("Net earnings"), not one holding more words
    assert rows("What was the net income in 2023?") == ["Net earnings $ 1,419 $ 2,454 $ 1,798"]
    # "Total" aside; not "Cost of revenue" (a line of a paragraph is a row: Amazon's, above)
    assert rows("What was revenue in 2023?") == ["Revenue $ 46,298 $ 51,761 $ 47,262",
                                                 "Total net sales 1 2 3"]
    assert rows("Who audits the company?") == []
