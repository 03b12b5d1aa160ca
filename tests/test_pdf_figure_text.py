"""Text drawn inside a figure is no heading: the bold words of a diagram between the text
above it and its caption below ("FOR ROWS", "ENABLE" in the Redbook's Figure 3-1). A heading
right under the text, over the figure, stays one. A sentence about a figure or table
numbered by chapter ("Table 3-1 summarizes ...") is no caption."""

from __future__ import annotations

from _parsing import NATIVE, headings, text_pdf
from _paths import FIXTURES, require

from docnav.model import BlockKind
from docnav.parse import parse_file

BODY = "The company reported results for the year that were in line with the plan, line {}."


def body(y: int, n: int = 3) -> list:
    return [(False, 10, 72, y - 13 * i, BODY.format(i)) for i in range(n)]


def test_the_bold_clauses_of_a_statement_drawn_in_a_figure_are_no_headings():
    """The Redbook's Figure 3-1 draws the CREATE PERMISSION statement, each clause in bold
    with its meaning beside it: "FOR ROWS", "ENFORCED FOR ALL ACCESS" (twice) and "ENABLE"
    were level-10 headings on page 10, each a section of a line or two. "Column mask", below
    the caption, heads its section."""
    found = [text for _, text in headings(parse_file(
        require(FIXTURES / "pdf" / "redp5110_sampled.pdf"), NATIVE))]
    assert not {"FOR ROWS", "ENFORCED FOR ALL ACCESS", "ENABLE"} & set(found)
    assert "Column mask" in found


def test_labels_above_a_figure_caption_are_no_headings(tmp_path):
    lines = [(True, 16, 72, 740, "Annual Report"), *body(715),
             (True, 12, 72, 660, "Architecture"),  # right under the text: the section's
             (True, 10, 100, 620, "FOR ROWS"),
             (False, 8, 250, 634, "Indicates that a row permission is created"),
             (True, 10, 100, 590, "ENABLE"),
             (False, 8, 250, 604, "Specifies that the permission is enabled"),
             (False, 10, 72, 560, "Figure 1: The statement and its clauses"),
             (True, 12, 72, 530, "Costs"), *body(510)]
    path = tmp_path / "report.pdf"
    path.write_bytes(text_pdf(lines))
    assert [text for _, text in headings(parse_file(path, NATIVE))] == [
        "Annual Report", "Architecture", "Costs"]


def test_a_sentence_about_a_table_numbered_by_chapter_is_no_caption():
    """The Redbook numbers its floats by chapter: "Table 3-1 summarizes these special
    registers and their values." and "Figure 3-5 shows the difference ..." were captions (a
    sentence's lower-case word after the number was looked for right after "3"), the
    tables' own captions beside them."""
    kinds = {" ".join(b.text.split()): b.kind for b in parse_file(
        require(FIXTURES / "pdf" / "redp5110_sampled.pdf"), NATIVE).blocks}
    assert kinds["Table 3-1 summarizes these special registers and their values."] \
        is BlockKind.TEXT
    assert kinds["Table 3-1 Special registers and their corresponding values"] \
        is BlockKind.CAPTION
    assert kinds["Figure 3-5 Special registers and adopted authority"] is BlockKind.CAPTION
    assert not [t for t, k in kinds.items()
                if t.startswith("Figure 3-5 shows") and k is BlockKind.CAPTION]


def test_a_label_numbered_in_three_levels_is_still_a_caption():
    """Allowing a label one sub-number ("3-1") before looking for a sentence's word after it
    left "Table 2.3.1 Summary of results" no caption (a review's finding): its ".1" failed the
    check whichever way the label was read."""
    from docnav.parse._pdf_paragraphs import CAPTION

    for caption in ("Table 2.3.1 Summary of results", "Figure 4.1.2: Layout of the plant",
                    "Table 12.3.4. Costs", "Table 3-1 Special registers", "Figure 3:"):
        assert CAPTION.match(caption), caption
    for sentence in ("Table 3-1 summarizes these", "Table 2.3.1 shows the results",
                     "Figure 1 shows a dialogue"):
        assert not CAPTION.match(sentence), sentence


def test_a_heading_with_wide_space_above_its_figure_is_still_a_heading(tmp_path):
    """A bold heading of the text's size with a heading style's space before it (44 points
    from the last line of text, past 2.5 line pitches), then its figure and the caption: it
    was taken for text of the figure, found by a review. The first thing below the text
    above a figure is its section's heading; the labels below it are not."""
    for y in (645, 638):
        lines = [(True, 16, 72, 740, "Annual Report"), *body(715),
                 (True, 10, 72, y, "Architecture"),
                 (True, 8, 100, 600, "FOR ROWS"),
                 (False, 8, 250, 600, "Indicates that a row permission is created"),
                 (False, 10, 72, 560, "Figure 1: The system and its parts"),
                 (True, 10, 72, 530, "Costs"), *body(510)]
        path = tmp_path / f"report-{y}.pdf"
        path.write_bytes(text_pdf(lines))
        assert [text for _, text in headings(parse_file(path, NATIVE))] == [
            "Annual Report", "Architecture", "Costs"], y
