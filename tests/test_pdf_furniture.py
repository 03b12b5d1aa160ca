"""Native PDF page furniture: running headers and footers, page numbers wherever they are set,
and rules drawn with underscores are no text; footnotes and a sentence repeated on every page
are. Real fixture PDFs and 10-Ks from ../shared, parsed with the native pipeline.
"""

from __future__ import annotations

from _parsing import NATIVE, H, filing
from _paths import FIXTURES, require

from docnav.parse import parse_file


def _amazon():
    return filing("AMAZON_2017_10K")


def _best_buy():
    return filing("BESTBUY_2023_10K")


def _adobe():
    return filing("ADOBE_2022_10K")


def test_a_running_header_below_the_margin_and_underscore_rules_are_no_text():
    """Adobe's notes open every page with "NOTES TO CONSOLIDATED FINANCIAL STATEMENTS
    (Continued)", set just below the top tenth where running headers were looked for: 31
    paragraphs of it, one splitting each paragraph that ran on from the page before. Rules drawn
    with underscores (above footnotes, before signatures) were paragraphs of their own too."""
    adobe, amazon = _adobe(), _amazon()
    texts = [b.text for b in adobe.blocks]
    assert not [t for t in texts if "(Continued)" in t and len(t) < 80]
    assert not [b.text for p in (adobe, amazon) for b in p.blocks if set(b.text) <= set("_ ")]
    (goodwill,) = {t for t in texts if t.startswith("Goodwill is assigned to one or more")}
    # the paragraph runs on to the next page, below the running header: one paragraph again
    assert "consider events or circumstances including macroeconomic" in " ".join(goodwill.split())


def test_page_numbers_above_the_bottom_tenth_are_no_text_but_a_repeated_clause_is():
    """2001.03131 prints its page numbers higher than the bottom tenth: "2" began the next
    line's words ("2 background-foreground separation") and "5", "6" stood alone. A sentence
    repeated at one height on every page (bookmark_sample's body text) stays: only short lines
    are taken for furniture there."""
    paper = [b.text for b in parse_file(require(FIXTURES / "pdf" / "2001.03131.pdf"),
                                        NATIVE).blocks]
    assert not {"5", "6"} & {t.strip() for t in paper}  # the last two pages' numbers
    assert any("It has been used in background-foreground separation [20]" in t for t in paper)
    sample = [b.text for b in parse_file(require(FIXTURES / "pdf" / "bookmark_sample.pdf"),
                                         NATIVE).blocks]
    assert sum(t.startswith("This clause is provided for demonstration") for t in sample) == 8


def test_a_running_foot_naming_its_chapter_is_no_text():
    """The Redbook's odd pages end with their chapter's name and the page number ("Chapter 3.
    Row and Column Access Control 19"), its front matter's with the copyright line and a
    Roman number: no one text repeats on enough pages to be furniture, so each was a paragraph
    ("Chapter 2. Roles and separation of duties 11" read as a passage). The lines at that
    height ending in page numbers, a different one on each page, make it the foot's place."""
    import re

    texts = [" ".join(b.text.split()) for b in parse_file(
        require(FIXTURES / "pdf" / "redp5110_sampled.pdf"), NATIVE).blocks]
    assert not [t for t in texts if re.fullmatch(r"Chapter \d\. [^…]+ \d+", t)]
    assert not [t for t in texts if t.startswith("© Copyright IBM Corp.")]
    # the chapters' text stays
    assert any(t.startswith("Table 3-1 summarizes these special registers") for t in texts)


def test_footnotes_set_where_a_running_foot_would_be_stay_text():
    """A paper's one-line footnotes at the foot of many pages begin with their marker ("2
    http://knowitall.cs.washington.edu/paralex/"): no line there ends in a page number, so
    the place is no running foot's and the notes stay; a page number ending the lines at one
    height on enough pages makes it one."""
    from docnav.parse._pdf_lines import Line, PageLines, drop_furniture

    def foot(text, page):
        return Line(text, page=page, left=72, top=720, right=400, bottom=730)

    words = ["code", "data", "corpus", "model", "scores", "appendix", "survey", "lexicon"]
    notes = [foot(f"{n} The {w} is at https://example.org/", n) for n, w in enumerate(words, 1)]
    heights = {n: 792.0 for n in range(1, 9)}
    assert drop_furniture(PageLines(notes, heights)) == notes
    feet = [foot(f"Chapter {n // 3 + 1}. Results of part {n} {n + 10}", n) for n in range(1, 9)]
    assert drop_furniture(PageLines(feet, heights)) == []


def test_page_numbers_set_where_the_text_ends_are_no_text():
    """Amazon's and Best Buy's 10-Ks, printed from HTML, set each page number right below the
    page's last line, anywhere from a third to four fifths down the page: 66 and 69 bare numbers
    were paragraphs (summaries picked "6" as a sentence), and a number between two halves of a
    paragraph kept them apart. A bare number that is its page's lowest line and counts with the
    pages is a page number wherever it sits."""
    import re

    for parsed in (_amazon(), _best_buy()):
        bare = [b.text for b in parsed.blocks if re.fullmatch(r"\s*\d{1,3}\s*", b.text)]
        assert len(bare) <= 2, bare  # (Best Buy's exhibit index keeps two)
    texts = [" ".join(b.text.split()) for b in _amazon().blocks]
    assert any("In Q2 2017, we recognized an estimated charge to tax expense of $600 million" in t
               for t in texts)  # one paragraph across the page break


def test_a_running_head_on_every_other_page_is_no_heading():
    """The Korean report's even pages open with "이슈와 논점", the series' name, at one place
    in the top margin: on two pages of four, fewer than a running head needed, both were
    headings of their own. On page 1, larger and lower, it is the masthead, a heading."""
    parsed = parse_file(require(FIXTURES / "pdf" / "normal_4pages.pdf"), NATIVE)
    found = [(b.page, b.kind) for b in parsed.blocks if b.text.strip() == "이슈와 논점"]
    assert found == [(1, H)]


def test_a_heading_atop_two_pages_of_one_parity_far_apart_stays():
    """A review's finding: every chapter of an eight-page report opens with a bold "Summary"
    at the top of its page, pages 3 and 7; being both odd made it a running head on every
    other page, and both were dropped. Every other page means two pages apart."""
    from docnav.parse._pdf_lines import Line, PageLines, drop_furniture

    lines = [Line(f"Body text of page {p}, line {i}.", p, 72, 100 + 14 * i, 500, 111 + 14 * i)
             for p in range(1, 9) for i in range(30)]
    lines += [Line("Summary", p, 72, 50, 140, 62, weight=700) for p in (3, 7)]
    kept = drop_furniture(PageLines(lines, {p: 792 for p in range(1, 9)}))
    assert sorted(x.page for x in kept if x.text == "Summary") == [3, 7]
