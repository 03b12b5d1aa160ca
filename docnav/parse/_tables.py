"""A docling table's rows as Markdown, a merged cell's text said once.

docling's table grid holds a cell spanning rows or columns in every place it covers, and its
Markdown repeats the text there: a bill's ``<td colspan="2">Total</td>`` read "| Total |
Total | 42 |", and the table's words "Total Total 42". Markdown has no spans, so the cell's
text stands in its first place and the others are empty, as a reader sees it drawn. Header
rows are the exception where the repeat names a column: a group heading over two columns
("2023" over "Q1" and "Q2") heads each ("2023 - Q1", "2023 - Q2"); only where nothing below it
tells the columns apart is it said once.
"""

from __future__ import annotations

import functools

from docling_core.types.doc import DoclingDocument, TableCell, TableData, TableItem


def table_markdown(item: TableItem, doc: DoclingDocument) -> str:
    """The table as docling's Markdown, with each merged cell's text in its first place only
    (caption included, as docling sets it)."""
    cells = item.data.table_cells
    if all(c.end_row_offset_idx - c.start_row_offset_idx <= 1
           and c.end_col_offset_idx - c.start_col_offset_idx <= 1 for c in cells):
        return _markdown(item, doc)
    from docling_core.transforms.serializer.markdown import _count_header_rows

    unmerged = _unmerged(item.data, _count_header_rows(item))
    return _markdown(item.model_copy(update={"data": unmerged}), doc)


def _markdown(item: TableItem, doc: DoclingDocument) -> str:
    """docling's Markdown of the table, without the names a Markdown reader noted on it (its
    anchor, :mod:`docnav.parse._markdown_anchors`)."""
    from docling_core.transforms.serializer.markdown import MarkdownDocSerializer, MarkdownParams

    from docnav.parse._markdown_anchors import META_KEY

    params = MarkdownParams(blocked_meta_names={META_KEY})
    serializer = MarkdownDocSerializer(doc=doc, params=params, text_serializer=_cell_text())
    return serializer.serialize(item=item).text


@functools.cache
def _cell_text():
    """docling's Markdown of a cell's text, a line break (an HTML ``<br>``) left a line break,
    which the table's Markdown makes one space: made a Markdown hard break, two spaces before
    it, it read "12 Main   Springfield"."""
    from docling_core.transforms.serializer.markdown import MarkdownTextSerializer

    class CellText(MarkdownTextSerializer):
        def _md_line_breaks(self, text: str) -> str:
            return text

    return CellText()


def _unmerged(data: TableData, heads: int) -> TableData:
    """``data`` with a cell in each place of its grid: a merged cell in its first place, an
    empty one in the others (but for a header's column the merged cell alone names)."""
    grid = data.grid
    out: list[TableCell] = []
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            place = {"start_row_offset_idx": r, "end_row_offset_idx": r + 1,
                     "start_col_offset_idx": c, "end_col_offset_idx": c + 1,
                     "row_span": 1, "col_span": 1}
            first = (cell.start_row_offset_idx, cell.start_col_offset_idx) == (r, c)
            if first or (r < heads and not _heads_it_alone(grid, heads, c)):
                out.append(cell.model_copy(update=place))
            else:  # a header row's continuation keeps its flag, so the header is as long
                out.append(TableCell(text="", column_header=cell.column_header and r < heads,
                                     row_header=cell.row_header, row_section=cell.row_section,
                                     **place))
    return data.model_copy(update={"table_cells": out})


def _heads_it_alone(grid: list[list[TableCell]], heads: int, col: int) -> bool:
    """Whether every header row's cell over column ``col`` is the one over the column before
    it: the two columns' header labels would be one and the same."""
    return col > 0 and all(grid[r][col] is grid[r][col - 1] for r in range(heads))
