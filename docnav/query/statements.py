"""A filing's primary financial statements, and the questions that ask for their figures.

An analyst asked for a company's revenue growth, gross margin, cash flow from operations or
days payable opens the income statement, the balance sheet or the cash flow statement: the
figure is a row of that table. The question's words rarely match it (a table of numbers under
"Consolidated Statements of Operations" holds "Total net sales", not "year-over-year change in
revenue"), and the paragraphs that do match (the MD&A's discussion, the notes) come first in
any search. So, asked of one filing (a document whose cover names its form), a question naming
a figure of a statement reads that statement first (:class:`docnav.query.navigator.Navigator`).
"""

from __future__ import annotations

import re
import weakref
from typing import NamedTuple

from docnav.query.graph import DocNavGraph
from docnav.query.lexical import tokens


class Statement(NamedTuple):
    name: str
    heading: re.Pattern  # the statement's heading in a filing
    asks: re.Pattern  # a question's words for the figures it reports


_I = re.I
STATEMENTS = (
    Statement("income statement",
              re.compile(r"statements?\s+of\s+(?:consolidated\s+)?(?:income|operations|earnings"
                         r"|profit\s+(?:or|and)\s+loss)\b", _I),
              re.compile(r"\b(?:revenues?|net\s+sales|sales|(?:gross|operating|profit)\s+margins?"
                         r"|margins?|gross\s+profit|operating\s+(?:income|loss|profit)"
                         r"|net\s+(?:income|earnings|loss)|earnings\s+per\s+share|eps"
                         r"|cost\s+of\s+(?:sales|revenues?|goods\s+sold)|cogs"
                         r"|operating\s+expenses)\b", _I)),
    Statement("balance sheet",
              re.compile(r"balance\s+sheets?|statements?\s+of\s+financial\s+position", _I),
              re.compile(r"\b(?:total\s+assets|current\s+assets|assets|liabilities"
                         r"|accounts\s+payable|payables?|receivables?|inventor(?:y|ies)"
                         r"|(?:shareholders|stockholders)['’]?\s+equity|working\s+capital"
                         r"|long[-\s]term\s+debt)\b", _I)),
    Statement("cash flow statement",
              re.compile(r"statements?\s+of\s+cash\s+flows?", _I),
              re.compile(r"\b(?:cash\s*flows?|operating\s+activities|investing\s+activities"
                         r"|financing\s+activities|capital\s+expenditures?|capex)\b", _I)),
)


def statements_asked(graph: DocNavGraph, question: str,
                     scope: str | list[str] | None) -> list[tuple[str, str]]:
    """(statement, section id) of each statement whose figures ``question`` names, in the
    order of :data:`STATEMENTS`, when ``scope`` (a glob, globs, or None for the whole store)
    is one filing; [] otherwise (several documents: which one's statement is meant?)."""
    paths = graph.document_paths(scope)
    if len(paths) != 1 or not graph.fields(paths[0]).get("form"):
        return []
    out = []
    for statement in STATEMENTS:
        if statement.asks.search(question):
            section = _section(graph, paths[0], statement)
            if section:
                out.append((statement.name, section))
    return out


_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # graph -> {(path, name): id}


def _section(graph: DocNavGraph, path: str, statement: Statement) -> str | None:
    """The statement's section in the filing at ``path``: of the sections its heading names,
    the one with the most text beneath (a contents entry or a note's title may name it too);
    None when the filing has none. Looked up once per graph, filing and statement."""
    found = _CACHE.setdefault(graph, {})
    key = (path, statement.name)
    if key not in found:
        named = [nid for nid, n in graph.nodes_of_kind("section")
                 if n.path == path and statement.heading.search(n.heading or "")]
        sizes = {nid: sum(len(graph.node(c).text or "") for c in graph.expand(nid, depth=10_000)
                          if graph.node(c).kind == "paragraph") for nid in named}
        found[key] = max(named, key=lambda nid: sizes[nid]) if any(sizes.values()) else None
    return found[key]


MOST_ROWS = 3  # rows of a statement read first for the figure asked
# a figure's other labels in filings (Best Buy's "Net earnings" is Adobe's "Net income")
_SAME_FIGURE = (("net income", "net earnings", "net loss"),
                ("revenue", "revenues", "net sales", "sales", "net revenue"),
                ("operating income", "operating profit", "operating loss",
                 "income from operations"),
                ("cost of revenue", "cost of revenues", "cost of sales", "cost of goods sold"))


def figure_rows(graph: DocNavGraph, section: str, question: str) -> list[str]:
    """The rows of a statement (its section's paragraphs) that the figure the question names
    labels ("Which company had the highest net income?": "Net income $ 4,756 $ 4,822 ..."):
    those whose label is its words, or another label of it (:data:`_SAME_FIGURE`), "Total"
    aside ("Total revenue"; not "Cost of revenue" or "Basic net income per share"), a line
    of a paragraph being a row; in reading order, :data:`MOST_ROWS` at most. Read
    from its top, a statement's heads and first rows took the budget a company had, and its
    net income, at the foot, was not read."""
    asked = [" ".join(m.group(0).lower().split())
             for st in STATEMENTS for m in st.asks.finditer(question)]
    asked += [other for said in asked for same in _SAME_FIGURE if said in same for other in same]
    named = [n for n in (set(tokens(a)) for a in dict.fromkeys(asked)) if n]
    rows = []
    for nid in graph.expand(section, depth=10_000):
        node = graph.node(nid)
        if node.kind != "paragraph" or not re.search(r"\d", node.text):
            continue
        labels = [set(tokens(re.split(r"[$(\d]", line, maxsplit=1)[0]))
                  for line in node.text.splitlines()]  # a row a line, where rows are joined
        if any(n == label - {"total"} for n in named for label in labels):
            rows.append(nid)
            if len(rows) >= MOST_ROWS:
                break
    return rows
