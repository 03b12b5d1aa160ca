"""A table cut to the budget left: read with its head and whole rows, a row a line, or not at
all; its head alone says no figure (graph.fetch, docnav.query.pieces.cut)."""

from __future__ import annotations

from _cli import indexed_files, run
from _stores import indexed_graph

from docnav.query import Navigator
from docnav.query.pieces import cut

ROWS = "\n".join(f"| Pump {i} | {100 + i} | {200 + i} | {i}% |" for i in range(1, 41))
PUMPS = (f"# Pump report\n\n## Sales\n\nPump sales by model for the year were as follows:\n\n"
         f"| Model | 2023 | 2022 | Change |\n|---|---|---|---|\n{ROWS}\n\n"
         "Sales rose in every region.\n")


def test_a_table_that_does_not_fit_is_read_with_rows_or_not_at_all(tmp_path):
    """At --budget 30 "What were the pump sales by model?" read the table as "| Model | 2023
    | 2022 | Change | |---------|--------| ... | …": its column heads and no row, its lines
    run together; now the table is left out there, and where rows fit (budget 60) it is
    read with its heads and the rows that fit, each on its line."""
    graph = indexed_graph(tmp_path, {"pumps.md": PUMPS})
    (table,) = [nid for nid, n in graph.nodes_of_kind("paragraph") if n.block_kind == "table"]
    for budget in (30, 40, 60, 100):
        answer = Navigator(graph).ask("What were the pump sales by model?", budget=budget)
        read = [e.piece.text for e in answer.evidence if e.piece.node_id == table]
        for text in read:  # the heads, the rule, then rows: "| Pump 1  |    101 | ..."
            lines = text.splitlines()
            assert len(lines) > 3 and lines[2].split()[:3] == ["|", "Pump", "1"], text
            assert lines[-1] == "…" and lines[-2].rstrip().endswith("|"), text
        assert read or budget < 60, (budget, [e.piece.text for e in answer.evidence])


def test_fetch_says_a_table_is_cut_only_with_a_row(tmp_path):
    """`docnav fetch TABLE --budget 20` said "one is cut only where 16 tokens or more are
    left" though 20 were: a table is cut only where its head and a row fit."""
    db = indexed_files(tmp_path, {"pumps.md": PUMPS})
    _, out, _ = run(db, "locate", "Pump 1 101 201", "-k", "1")
    table = out.split()[0]
    code, out, _ = run(db, "fetch", table, "--budget", "20")
    assert code == 0 and out.startswith("0 of 1 paragraph; 0 tokens (--budget 20: the first "
                                        "paragraph, a table, takes "), out
    assert out.endswith("tokens, and a table is cut only where 16 tokens or more are left and "
                        "its head (its first line, unless it states a figure; a Markdown "
                        "table's lines down to their rule) and a row fit)\n"), out
    code, out, _ = run(db, "fetch", table, "--budget", "30")
    assert "| Pump 1 " in out and "| Pump 2 " not in out and "\n  …\n" in out, out


def test_fetch_passes_over_a_table_with_no_room_for_a_row(tmp_path):
    """`docnav fetch SECTION --budget 40` read the lead-in "... as follows:" (14 tokens) and
    stopped at the table no row of which fitted, though the paragraph after it (7 tokens) did,
    and said nothing of the table: the table is left out, the fetch goes on, and its note says
    so. `fetch TABLE --budget 12` names both conditions of a cut (16 tokens, a head and a
    row), not one."""
    db = indexed_files(tmp_path, {"pumps.md": PUMPS})
    _, out, _ = run(db, "locate", "Pump sales by model", "-k", "1", "--kind", "section")
    section = out.split()[0]
    code, out, _ = run(db, "fetch", section, "--budget", "40")
    assert code == 0 and "Sales rose in every region." in out and "| Pump" not in out, out
    assert out.startswith("2 of 3 paragraphs; 21 tokens (--budget 40: a table of "), out
    assert "tokens is left out, as a table is cut only where 16 tokens or more are left" in out


def test_a_table_s_column_heads_are_not_read_without_the_table(tmp_path):
    """Adobe's 10-K sets the heads of its revenue by offering as paragraphs above the table
    ("(dollars in millions) 2022 2021 2020", "% Change"). At --budget 40 "What was the revenue
    by major offerings in Digital Media?" read the lead-in and those heads, the table not
    fitting: years over no figure. A head is read with its table or not at all (a head
    ranked as a passage reads its table in its place, which brings the heads)."""
    from _parsing import text_pdf
    from _stores import indexed_copies
    from test_evidence_leftovers import REPORT

    path = tmp_path / "report.pdf"
    path.write_bytes(text_pdf(REPORT))
    graph = indexed_copies(tmp_path / "store", [path])
    (table,) = [nid for nid, n in graph.nodes_of_kind("paragraph") if n.block_kind == "table"]
    heads = {"(dollars in millions) 2022 2021 2020", "% Change"}
    read_with = set()
    for budget in range(40, 100, 6):
        answer = Navigator(graph).ask(
            "What was the revenue by major offerings in Digital Media?", budget=budget)
        texts = {e.piece.text for e in answer.evidence}
        read = {e.piece.node_id for e in answer.evidence}
        assert table in read or not texts & heads, (budget, texts)
        if texts >= heads:
            read_with.add(budget)
    assert read_with, "the heads are read with the table where both fit"


ROW = "Unrealized gains on securities (39) (8) 3"
# a 10-K's statement as Adobe's sets it: a row of figures standing as a paragraph of its own
# above the rest of its table
STATEMENT = [
    (True, 16, 72, 740, "Annual Report"),
    (False, 10, 72, 715, "The company reported results for the year in line with the plan."),
    (True, 12, 72, 670, "Comprehensive Income"),
    (False, 10, 72, 645, "Net income was higher than planned in every quarter of the year."),
    (False, 10, 72, 615, ROW),
    *[(False, 10, x, y, cell) for y, row in (
        (600, ("Foreign currency adjustments", "(105)", "(60)", "66")),
        (587, ("Other comprehensive income", "(156)", "21", "54")))
      for x, cell in zip((72, 300, 360, 420), row)],
    (False, 10, 72, 540, "The company expects similar results next year, in line with plan.")]


def test_a_row_of_figures_above_a_table_is_no_column_head(tmp_path):
    """Adobe's "Unrealized gains / losses on available-for-sale securities (39) (8) 3", a row
    standing as its own paragraph above the rest of its table, counted as a column head: ranked
    first, the table was read in its place, and where the table did not fit the row was never
    read (at --budget 40, 60 and 100 "What were the unrealized gains / losses on
    available-for-sale securities?" read another table's rows). A line ending in a figure is
    no head; a head that is the hit is read first, then its table."""
    from _parsing import text_pdf
    from _stores import indexed_copies

    from docnav.query.options import NavigatorOptions
    from docnav.query.passages import Passages

    path = tmp_path / "report.pdf"
    path.write_bytes(text_pdf(STATEMENT))
    graph = indexed_copies(tmp_path / "store", [path])
    (table,) = [nid for nid, n in graph.nodes_of_kind("paragraph") if n.block_kind == "table"]
    assert Passages(graph, NavigatorOptions()).column_heads(table) == []
    for budget in (20, 30, 60):
        answer = Navigator(graph).ask("What were the unrealized gains on securities?",
                                      budget=budget)
        assert ROW in [e.piece.text for e in answer.evidence], budget


def test_a_section_read_whole_reads_no_column_head_without_its_table(tmp_path):
    """A section read from its top in a share of the budget (a section named, a statement
    read after its rows) ended in a table's column heads where the table did not fit: at
    --budget 36 to 56 "What does the Digital Media section say?" read the lead-in,
    "(dollars in millions) 2022 2021 2020" and "% Change" and no figure (Adobe's income
    statement: "(In millions, except per share data)", "Years Ended", its dates). Those heads
    are left out with their table; a head ranked as a passage itself is still read."""
    from _parsing import text_pdf
    from _stores import indexed_copies
    from test_evidence_leftovers import REPORT

    path = tmp_path / "report.pdf"
    path.write_bytes(text_pdf(REPORT))
    graph = indexed_copies(tmp_path / "store", [path])
    (table,) = [nid for nid, n in graph.nodes_of_kind("paragraph") if n.block_kind == "table"]
    for budget in range(32, 68, 4):
        answer = Navigator(graph).ask("What does the Digital Media section say?", budget=budget)
        texts = [e.piece.text for e in answer.evidence]
        read = {e.piece.node_id for e in answer.evidence}
        assert table in read or "% Change" not in texts, (budget, texts)


def test_the_trace_says_a_column_head_hit_brings_its_table(tmp_path):
    """--trace showed `fetch nodes=[<table>]` where a column head ranked as a passage was read
    with its table, and no step saying why the table was read: now a `navigate` from the head
    to its table, why "the table it is a column head of"."""
    from _parsing import text_pdf
    from _stores import indexed_copies
    from test_evidence_leftovers import REPORT

    path = tmp_path / "report.pdf"
    path.write_bytes(text_pdf(REPORT))
    graph = indexed_copies(tmp_path / "store", [path])
    (table,) = [nid for nid, n in graph.nodes_of_kind("paragraph") if n.block_kind == "table"]
    answer = Navigator(graph).ask("What is the % Change?", budget=100)
    steps = [(graph.node(op["node"]).text, op["to"]) for op in answer.trace
             if op["op"] == "navigate" and op.get("why") == "the table it is a column head of"]
    assert steps == [("% Change", [table])], answer.trace


def test_a_column_head_hit_with_no_room_for_its_heads_reads_its_table(tmp_path):
    """A head ranked as a passage was read first and its table only where the heads and the
    table fitted after it: "What is the % Change?" of the test's 10-K page at --budget 24 to
    32 read a paragraph of text and "% Change" alone, though the table (23 tokens) fitted (on
    Adobe's 10-K at --budget 40 "What was the restricted stock unit activity for fiscal
    2022?" read the lead-in "... was as follows:" and no row). Where the head, the other
    heads and the table do not fit together, the table is read alone. A line holding a
    figure anywhere ("4.5 Description of Adobe's Common Stock X", an exhibit index's row) is
    no head."""
    from _parsing import text_pdf
    from _stores import indexed_copies
    from test_evidence_leftovers import REPORT

    from docnav.query.quantities import holds_figure

    assert holds_figure("4.5 Description of Adobe's Common Stock X")
    assert not [h for h in ("Aggregate Fair Value (1) (in millions)", "December 2, 2022",
                            "Level 1 Level 2 Level 3", "Less than 1 year 1-3 years")
                if holds_figure(h)]
    path = tmp_path / "report.pdf"
    path.write_bytes(text_pdf(REPORT))
    graph = indexed_copies(tmp_path / "store", [path])
    (table,) = [nid for nid, n in graph.nodes_of_kind("paragraph") if n.block_kind == "table"]
    for budget in (24, 28, 32):
        answer = Navigator(graph).ask("What is the % Change?", budget=budget)
        assert table in {e.piece.node_id for e in answer.evidence}, budget


def test_a_pdf_table_whose_first_line_states_a_figure_is_cut_to_that_row():
    """A table without a Markdown rule (a PDF's) heads with its first line only where that states
    no figure: Adobe's "Research and development $ 2,987 ..." row was left out for want of a
    second row that fit, though it answered the question."""
    rows = ("Research and development $ 2,987 $ 2,540 $ 2,188 18 % 16 %\n"
            "Percentage of total revenue 17 % 16 % 17 %\n"
            "General and administrative $ 1,219 $ 1,085 $ 968 12 % 12 %")
    assert cut(rows, 22, table=True) == rows.splitlines()[0] + "\n…"
    heads = "2022 2021 2020\n" + rows  # years alone: the head, read only with a row
    assert cut(heads, 12, table=True) is None
    assert cut(heads, 30, table=True) == "\n".join(heads.splitlines()[:2]) + "\n…"
