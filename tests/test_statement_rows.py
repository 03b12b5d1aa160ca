"""A filing's statement read for a figure it reports (docnav/query/statements.py), in a PDF
whose column heads are set above its table as paragraphs of their own: the heads are read
with the rows or not at all (Passages.take_rows), and no fetch is made with no budget left."""

from __future__ import annotations

from _parsing import REPORTED as BODY, pages_pdf, table_page
from _stores import indexed_copies

from docnav.query import Navigator
from docnav.query.evidence import EvidenceState, Run

COVER = [(True, 14, 72, 740, "UNITED STATES SECURITIES AND EXCHANGE COMMISSION"),
         (True, 12, 72, 710, "FORM 10-K"),
         (False, 10, 72, 690, "For the fiscal year ended December 2, 2022"),
         (True, 12, 72, 660, "PUMPCO INC."),
         (False, 10, 72, 645, "(Exact name of registrant as specified in its charter)"),
         (False, 10, 72, 620, BODY.format(0))]
# the income statement's page as Adobe's 10-K sets a table: a lead-in, the column heads as
# lines of their own, the rows
STATEMENT = table_page("Consolidated Statements of Operations",
                       ("Revenue and net income for fiscal 2022, 2021 and",
                        "2020 were as follows:"),
                       [("Revenue", "$ 10,459", "$ 9,546", "$ 7,736", "10 %"),
                        ("Net income", "2,383", "1,974", "1,497", "21 %")])
HEADS = {"(dollars in millions) 2022 2021 2020", "% Change"}


def _filing(tmp_path):
    path = tmp_path / "pumpco-10k.pdf"
    path.write_bytes(pages_pdf([COVER, STATEMENT]))
    graph = indexed_copies(tmp_path / "store", [path])
    (table,) = [nid for nid, n in graph.nodes_of_kind("paragraph") if n.block_kind == "table"]
    return graph, table


def test_a_pdf_statement_s_column_heads_are_read_with_its_rows_or_not_at_all(tmp_path):
    """The statement route took the revenue row's column heads and the row with Run.take:
    at --budget 28 to 44 "What was the revenue?" of a PDF 10-K read the lead-in and the
    heads "(dollars in millions) 2022 2021 2020" and "% Change", no row fitting, and marked
    the table visited, so no passage read it: years over no figure, the revenue never read.
    Now the heads come only with a row (85a507c); where none fits the table is read as a
    passage, cut to its first row."""
    graph, table = _filing(tmp_path)
    for budget in range(20, 84, 4):
        answer = Navigator(graph).ask("What was the revenue?", budget=budget)
        read = {e.piece.node_id: e.piece.text for e in answer.evidence}
        assert table in read and read[table].startswith("Revenue $ 10,459"), (budget, read)
        assert set(read.values()) & HEADS in (set(), HEADS), (budget, read)


def test_a_statement_s_rows_and_a_table_are_fetched_with_no_budget_left(tmp_path):
    """Passages.take_rows and the table a column head brings fetched with the budget left
    even where none was, which DocNavGraph.fetch refuses (an InputError, budget 0): no
    question was found that reaches it (42e04fd). With none left they read nothing and say
    why."""
    graph, table = _filing(tmp_path)
    nav = Navigator(graph)
    state = EvidenceState("What was the revenue?", budget=0)
    run = Run(graph, state.question, state.question, "local", state, None)
    nav.passages.take_rows(run, [table], "statement", statement="income statement")
    assert not state.evidence and table not in state.visited
    assert run.trace[-1]["left_out"] == "no room for a row", run.trace
    nav.passages._take_with_table(run, [], table, "passage")
    assert not state.evidence and table in state.visited
    assert run.trace[-1]["left_out"] == "no room for the table", run.trace
