"""Native PDF structure: which lines are headings and how they nest. Tables of contents, table
column heads, a paper's front matter and author line, a filing's cover, notes, table labels and
signers, and PDF outlines (bookmarks): matching them to the printed lines, placing the unmatched,
and the printed headings inside long bookmarked sections. Real fixture papers and 10-Ks from
../shared, parsed with the native pipeline.
"""

from __future__ import annotations

import pytest
from _parsing import NATIVE, H, filing, headings
from _paths import FIXTURES, require

from docnav.model import BlockKind
from docnav.parse import parse_file
from docnav.tree import build_tree


def test_a_table_of_numbers_does_not_make_its_page_a_table_of_contents():
    """Page 6 of 1909.00754 opens with a table whose rows end in numbers ("Test set size 400
    1000"); the page was taken for a table of contents, and the headings below the table
    ("4.2 Implementation Details", "4.3 Results") for its entries: both were lost."""
    parsed = parse_file(require(FIXTURES / "pdf" / "1909.00754.pdf"), NATIVE)
    texts = [text for _, text in headings(parsed)]
    assert ["4.1 Experimental Setting", "4.2 Implementation Details", "4.3 Results"] == [
        t for t in texts if t.startswith(("4.1 ", "4.2 ", "4.3 "))]


def _parent_heading(tree, heading: str) -> str:
    (section,) = [s for s in tree.sections if s.heading == heading]
    return tree.node(section.parent_id).heading


def test_unnumbered_front_and_back_matter_are_siblings_of_the_numbered_sections():
    """1809.01202 sets "Abstract", "Acknowledgments" and "References" like "1 Introduction"
    (same font, size and weight) but without a number; ranked below every numbered level, the
    last two became subsections of "6 Conclusion"."""
    parsed = parse_file(require(FIXTURES / "pdf" / "1809.01202.pdf"), NATIVE)
    tree = build_tree(parsed, "d", "1809.01202.pdf")
    top = _parent_heading(tree, "1 Introduction")
    assert [_parent_heading(tree, h) for h in ("Abstract", "6 Conclusion", "Acknowledgments",
                                               "References")] == [top] * 4
    assert _parent_heading(tree, "3.1 Dataset") == "3 Methods"


def test_a_tables_column_heads_are_not_headings():
    """Bold column heads above a table's rows were taken for headings: in 1909.00754 the head
    "MultiWoZ ITC", its box as tall as two rows, became a top-level section that swallowed
    "4.4 Ablation Study" to "6 Conclusion"."""
    parsed = parse_file(require(FIXTURES / "pdf" / "1909.00754.pdf"), NATIVE)
    texts = [text for _, text in headings(parsed)]
    assert not {"Metric WoZ2.0 MultiWoZ", "DST Models", "Joint Acc. WoZ 2.0",
                "MultiWoZ ITC"} & set(texts)
    tree = build_tree(parsed, "d", "1909.00754.pdf")
    assert _parent_heading(tree, "4.4 Ablation Study") == "4 Experiments"
    assert _parent_heading(tree, "6 Conclusion") == _parent_heading(tree, "1 Introduction")

    redbook = [t for _, t in headings(parse_file(
        require(FIXTURES / "pdf" / "redp5110_sampled.pdf"), NATIVE))]
    assert "Column name Data type Description" not in redbook  # a row of head cells
    assert "User action" not in redbook  # beside the other heads of its table
    assert "Column mask" in redbook  # a heading with a paragraph below


def test_the_heads_of_a_table_whose_caption_follows_its_rows_are_not_a_heading():
    """1909.00754's Table 1: the heads "DST Models ITC" (two cells, bold) over rows the text
    layer gave as one cell each ("NBT-CNN (Mrksic et al., 2017) O(mn)"), then the caption
    "Table 1: ...". The heads made a section that took the rest of the introduction. They are
    a paragraph of it, as the rows are."""
    parsed = parse_file(require(FIXTURES / "pdf" / "1909.00754.pdf"), NATIVE)
    assert "DST Models ITC" not in [text for _, text in headings(parsed)]
    tree = build_tree(parsed, "d", "1909.00754.pdf")
    intro = next(s for s in tree.sections if s.heading == "1 Introduction")
    under = [n.text for n in tree.children(intro.node_id)]
    assert "DST Models ITC" in under
    assert any(t.startswith("Many recently proposed DSTs") for t in under)


@pytest.mark.parametrize("name, authors", [
    ("1809.01202.pdf", "Youngseo Son, Nipun Bayas, and H. Andrew Schwartz"),
    ("1909.00754.pdf", "Liliang Ren, Jianmo Ni and Julian McAuley"),
    # footnote marks after the names, an asterisk operator among them
    ("1912.01214.pdf", "Baijun Ji‡ , Zhirui Zhang§ , Xiangyu Duan†‡∗ , "
                       "Min Zhang†‡ , Boxing Chen§ and Weihua Luo§"),
])
def test_a_paper_s_author_line_is_no_heading(name, authors):
    """Set in the title's font under it, the authors' names were a heading: the abstract and
    every section became subsections of "Youngseo Son, Nipun Bayas, ...". They are text of the
    title's section; the abstract follows the title as before."""
    parsed = parse_file(require(FIXTURES / "pdf" / name), NATIVE)
    texts = [text for _, text in headings(parsed)]
    assert authors not in texts and texts[1] == "Abstract"
    assert any(b.text == authors and b.kind is not H for b in parsed.blocks)


def _amazon():
    return filing("AMAZON_2017_10K")


def _best_buy():
    return filing("BESTBUY_2023_10K")


def test_rows_of_cells_are_a_table_block():
    """The balance sheet's rows (a label and a figure per year) are a table, a row a line: not
    a paragraph whose "sentences" a summary would take. One row alone stays a line of text."""
    parsed = _amazon()
    sheet = [b for b in parsed.blocks if b.page == 40 and "Accounts payable" in b.text]
    assert [b.kind for b in sheet] == [BlockKind.TABLE]
    assert sheet[0].text.splitlines()[0] == "Accounts payable $ 25,309 $ 34,616"
    one_row = [b for b in parsed.blocks if b.text.startswith("Aggregate market value")]
    assert [b.kind for b in one_row] == [BlockKind.TEXT]


def test_a_form_s_check_box_options_are_no_headings():
    """Amazon's 10-K cover offers "x ANNUAL REPORT PURSUANT TO SECTION 13 ..." and "¨
    TRANSITION REPORT ..." (check box glyphs), set large and bold: as headings, PART I to PART
    IV and every Item became subsections of "¨ TRANSITION REPORT"."""
    parsed = _amazon()
    texts = [text for _, text in headings(parsed)]
    assert not [t for t in texts if "REPORT PURSUANT TO SECTION 13" in t]
    assert any(b.text.startswith("¨ TRANSITION REPORT") for b in parsed.blocks)
    tree = build_tree(parsed, "d", "AMAZON_2017_10K.pdf")
    assert _parent_heading(tree, "PART II") == _parent_heading(tree, "FORM 10-K")


def test_a_filing_s_cover_headings_are_front_matter_beside_its_parts():
    """Amazon sets its cover's "UNITED STATES SECURITIES AND EXCHANGE COMMISSION" and "FORM
    10-K" larger than "PART I": ranked above the parts, the whole filing was a subsection of
    "FORM 10-K" (every breadcrumb said "› FORM 10-K › PART II › ..."). Headings before the
    first part or item that outrank it rank with it; the cover's own small headings stay under
    "FORM 10-K"."""
    tree = build_tree(_amazon(), "d", "AMAZON_2017_10K.pdf")
    top = _parent_heading(tree, "PART I")
    assert _parent_heading(tree, "FORM 10-K") == top
    assert _parent_heading(tree, "UNITED STATES SECURITIES AND EXCHANGE COMMISSION") == top
    assert _parent_heading(tree, "INDEX") == "FORM 10-K"
    assert _parent_heading(tree, "Item 1. Business") == "PART I"
    item_7 = next(s for s in tree.sections if s.heading.startswith("Item 7. Management"))
    assert "FORM 10-K" not in item_7.breadcrumb


def test_a_10k_s_risk_factors_are_each_a_section_of_item_1a():
    """Amazon heads each risk factor with a bold italic line. Two kinds were read as paragraphs
    of the risk before: headings of twenty words over two lines ("Our Expansion into New
    Products, ...") and a heading on a page of bullets (page 7), whose two lines of body text
    at the margin did not make it a margin of that page."""
    tree = build_tree(_amazon(), "d", "AMAZON_2017_10K.pdf")
    (item,) = [s.node_id for s in tree.sections if s.heading == "Item 1A. Risk Factors"]
    risks = [s.heading for s in tree.sections if s.parent_id == item]
    assert ("Our Expansion into New Products, Services, Technologies, and Geographic Regions "
            "Subjects Us to Additional Business, Legal, Financial, and Competitive Risks"
            in risks)
    assert "Our International Operations Expose Us to a Number of Risks" in risks
    assert len(risks) == 24 and risks[0] == "We Face Intense Competition"


def test_a_10k_s_notes_hold_their_subheadings():
    """Amazon sets "Note 1-DESCRIPTION OF BUSINESS AND ACCOUNTING POLICIES" like the headings
    inside it ("Description of Business", "Use of Estimates"): all were siblings, so a note's
    section held only its first lines. "Note N" is a numbering like "Item N", ranked below
    Item; "Notes to Consolidated Financial Statements" right before the first note (Amazon's
    "Note 1-", Best Buy's "1.") heads them all."""
    tree = build_tree(_amazon(), "d", "AMAZON_2017_10K.pdf")
    note_1 = "Note 1-DESCRIPTION OF BUSINESS AND ACCOUNTING POLICIES"
    note_4 = "Note 4-ACQUISITIONS, GOODWILL, AND ACQUIRED INTANGIBLE ASSETS"
    assert _parent_heading(tree, "Description of Business") == note_1
    assert _parent_heading(tree, "Acquisition Activity") == note_4
    notes = "NOTES TO CONSOLIDATED FINANCIAL STATEMENTS"
    assert _parent_heading(tree, note_1) == _parent_heading(tree, note_4) == notes
    assert _parent_heading(tree, notes) == "Item 8. Financial Statements and Supplementary Data"
    assert _parent_heading(tree, "Item 9A. Controls and Procedures") == "PART II"
    assert not [s for s in tree.sections if s.heading.startswith("Year Ended December 31")]

    # the filing's references to its items and notes lead to their sections
    from docnav.refs import internal_references

    heading = {s.node_id: s.heading for s in tree.sections}
    cited: dict[str, set[str]] = {}
    for e in internal_references(tree):
        cited.setdefault(tree.node(e.src).text, set()).add(heading.get(e.dst, ""))
    see = [c for t, c in cited.items() if t.startswith("See Item 8 of Part II") and "Note 7" in t]
    assert see and see[0] >= {"Item 8. Financial Statements and Supplementary Data",
                              "Note 7-COMMITMENTS AND CONTINGENCIES"}

    # Best Buy numbers its notes "1. Summary of ..." under the same heading
    best_buy = build_tree(_best_buy(), "d", "BESTBUY_2023_10K.pdf")
    notes_bb = "Notes to Consolidated Financial Statements"
    assert _parent_heading(best_buy, "1. Summary of Significant Accounting Policies") == \
        _parent_heading(best_buy, "14. Segment and Geographic Information") == notes_bb

    from docnav.parse._pdf_headings import _NOTE
    assert all(_NOTE.match(t) for t in ("Note 1-DESCRIPTION", "NOTE 2. REVENUE",
                                        "Note 3 \u2014 Leases", "Note 12 Segment Information"))
    assert not any(_NOTE.match(t) for t in ("Notes to Consolidated Financial Statements",
                                            "Note: amounts in millions", "Note 1 to the table",
                                            "Note 2017 results"))


def test_the_entries_of_a_table_of_contents_are_no_headings():
    """redp5110_sampled's page 2 lists the sections with dot leaders and page numbers."""
    parsed = parse_file(require(FIXTURES / "pdf" / "redp5110_sampled.pdf"), NATIVE)
    assert [b.text for b in parsed.blocks if b.page == 2 and b.kind is H] == ["Contents"]
    # Amazon's index page starts with "PART I" over its rows: the entry, not a second Part I
    parts = [(b.page, b.text) for b in _amazon().blocks if b.kind is H and b.text == "PART I"]
    assert parts == [(3, "PART I")]


@pytest.mark.parametrize("title, texts, expected", [
    ("2.1 Results", ["Results", "body text", "2.1 Results"], 2),  # its own text first
    ("4.1 Setup", ["3.1 Setup", "4.1 Setup"], 1),  # another section's number
    ("5.1 Baseline", ["(a) Baseline", "5.1 Baseline"], 1),  # a sub-figure's caption
    ("Imaging", ["X-ray imaging", "Imaging"], 1),  # "X-ray" is a word, not a number
    ("Procedure", ["Civil Procedure", "Procedure"], 1),  # so is "Civil"
    ("1 A Survey of Methods", ["A Survey of Methods"], 0),  # "A" is a word here
    ("II-A Dataset extraction", ["A. Dataset extraction"], 0),  # printed under "II"
    ("3.2 Training", ["(b) Training"], None),  # numbered otherwise and found nowhere else
])
def test_an_outline_heading_is_matched_to_its_own_line(title, texts, expected):
    from docnav.parse._pdf_lines import Line
    from docnav.parse._pdf_outline import OutlineEntry, place_outline

    lines = [Line(t, page=1, left=50, top=100 + 40 * k, right=300, bottom=110 + 40 * k)
             for k, t in enumerate(texts)]
    (placed,) = place_outline([OutlineEntry(title, 1, page=1, y=None)], lines)
    assert (placed.index if placed.span else None) == expected


def _adobe():
    return filing("ADOBE_2022_10K")


def test_a_table_of_contents_under_a_column_head_is_a_table_of_its_own():
    """Adobe's index to its financial statements sets "Page No." over the page numbers; the
    paragraph took it with the entries, and the entries stayed run together ("Page No.
    Consolidated Balance Sheets 53 Consolidated Statements of Income 54 ...")."""
    blocks = [b for b in _adobe().blocks if b.page == 52]
    assert "Page No." in [b.text for b in blocks if b.kind is BlockKind.TEXT]
    (index,) = [b.text.split("\n") for b in blocks if b.kind is BlockKind.TABLE]
    assert index[:2] == ["Consolidated Balance Sheets … 53",
                         "Consolidated Statements of Income … 54"]
    assert index[-1].endswith("(KPMG LLP, Santa Clara, California, PCAOB ID 185) … 90")


def test_a_table_of_contents_refers_to_the_sections_its_entries_name():
    """An entry leads to the section its title heads ("Consolidated Balance Sheets … 53" to
    "Consolidated Balance Sheets", "Item 1. Business. … 4" to "Item 1. Business.": case,
    spacing and a closing stop aside): `docnav nav` from the contents goes to the text.
    Entries of sections the sampled redbook left out lead nowhere."""
    from docnav.refs import internal_references

    def cited(tree) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for e in internal_references(tree):
            out.setdefault(tree.node(e.src).text.split("\n")[0], set()).add(
                tree.node(e.dst).heading)
        return out

    adobe = cited(build_tree(_adobe(), "d", "ADOBE_2022_10K.pdf"))
    assert adobe["Consolidated Balance Sheets … 53"] >= {
        "Consolidated Balance Sheets", "Consolidated Statements of Cash Flows",
        "Notes to Consolidated Financial Statements"}
    # "Signatures. … 68" heads "SIGNATURES"
    assert "SIGNATURES" in cited(build_tree(_best_buy(), "b", "BESTBUY_2023_10K.pdf"))[
        "PART IV … 65"]
    redp = parse_file(require(FIXTURES / "pdf" / "redp5110_sampled.pdf"), NATIVE)
    redp_cited = cited(build_tree(redp, "r", "redp5110_sampled.pdf"))
    chapter_1 = redp_cited["Chapter 1. Securing and protecting IBM DB2 data … 1"]
    assert {"Chapter 1. Securing and protecting IBM DB2 data", "1.1 Security fundamentals",
            "1.3.1 Existing row and column control"} <= chapter_1
    assert "Notices … vii" not in redp_cited  # no section "Notices" in the sample


def _ancestors(tree, heading: str) -> list[list[str]]:
    """The ancestors' headings of each section so headed."""
    return [[a.heading for a in tree.ancestors(s.node_id)]
            for s in tree.sections if s.heading == heading]


def test_a_long_outline_section_gets_the_headings_printed_in_it():
    """Adobe's bookmarks name the items and notes; the seven pages of Note 1 and the fourteen
    of Item 1A had no heading inside ("Revenue Recognition", "Risks Related to ..."): printed
    only, they were paragraphs. In sections of three pages or more they are found from the
    fonts, below the outline's levels; the page head "NOTES TO CONSOLIDATED FINANCIAL
    STATEMENTS (Continued)" is none. A paper's outline sections (a page or two) get no
    printed headings: there the fonts find formula pieces ("1 hner")."""
    tree = build_tree(_adobe(), "d", "ADOBE_2022_10K.pdf")
    note_1 = "NOTE 1. BASIS OF PRESENTATION AND SIGNIFICANT ACCOUNTING POLICIES"
    assert any(note_1 in above for above in _ancestors(tree, "Revenue Recognition"))
    assert _parent_heading(tree, "Risks Related to Our Ability to Grow Our Business") == \
        "Item 1A. Risk Factors"
    texts = [t for _, t in headings(_adobe())]
    assert not [t for t in texts if "(Continued)" in t]
    # a two-page note keeps the printed headings set like those of the long sections, but
    # not a statement's unit line
    assert _parent_heading(tree, "Royalties") == "NOTE 16. COMMITMENTS AND CONTINGENCIES"
    assert not [t for t in texts if t.startswith("(In millions")]
    amazon = [t for _, t in headings(_amazon())]
    assert "(Mark One)" not in amazon
    # the signers under SIGNATURES and CERTIFICATIONS are none either
    assert not {"Jeffrey P. Bezos", "Wendell P. Weeks Director", "Brian T. Olsavsky"} & set(amazon)
    assert "SIGNATURES" in amazon
    # the labels of Note 2's tables, one per year, are none either: "Contract Balances"
    # became a subsection of "Fiscal 2020"
    assert not {"Fiscal 2022", "Fiscal 2021", "Fiscal 2020"} & set(texts)
    assert _parent_heading(tree, "Contract Balances") == "NOTE 2. REVENUE"
    assert texts.count("Item 1A. Risk Factors") == 1

    paper = [t for _, t in headings(parse_file(require(FIXTURES / "pdf" / "1801.05147.pdf"),
                                               NATIVE))]
    assert not {"1 hner", "1 h ner", "Bi-LSTM Bi-LSTM"} & set(paper)  # pdfium spaces "h ner"
    assert dict(_adobe().metadata)["heading_source"] == "outline"

    from docnav.parse._pdf_headings import _CONTINUED
    assert all(_CONTINUED.search(t) for t in ("NOTES TO FINANCIAL STATEMENTS (Continued)",
                                               "Results \u2014 continued", "Table 3 [continued]"))
    assert not _CONTINUED.search("Continued Operations")


def test_column_heads_set_to_one_baseline_are_not_headings():
    """A filing's table heads are cells of several short lines bottom-aligned on one row
    ("Period" beside "Total Number of / Shares / Repurchased", "Average / Price Paid / Per /
    Share", ...), over a unit line and the rows: "Period" and "Total Number of Shares
    Repurchased" were headings of Adobe's Item 5, and Amazon's property table head "Segment" a
    section of Item 2. The heading above the table stays one."""
    texts = [t for _, t in headings(_adobe())]
    assert not {"Period", "Total Number of Shares Repurchased"} & set(texts)
    tree = build_tree(_adobe(), "d", "ADOBE_2022_10K.pdf")
    assert _parent_heading(tree, "Issuer Purchases of Equity Securities").startswith("Item 5.")
    amazon = [t for _, t in headings(_amazon())]
    assert "Segment" not in amazon and "Item 2. Properties" in amazon


def test_a_bold_title_over_a_lighter_unit_line_is_a_heading_of_its_own():
    """Best Buy sets "Consolidated Balance Sheets" in bold over "$ in millions, except per
    share amounts" in italics, the bold line ending a little before the line below: one
    paragraph, so the balance sheet (and the cash flows, comprehensive income and equity
    statements) had no heading. A bold title whose line ends elsewhere than the lighter line
    below it is a paragraph of its own. A bold run-in heading in a paper ("Discourse Argument
    Extraction As the first ...") fills its line as the text below does, and a bold sentence
    is no title: both stay in their paragraphs. A head
    standing alone over the right half of a table's rows (the column of figures) is no
    heading: "Components of / % Change / 2022-2021", Best Buy's "Accumulated"."""
    blocks = [(b.kind, b.text) for b in _best_buy().blocks if b.page in (39, 42)]
    assert (H, "Consolidated Balance Sheets") in blocks
    assert (BlockKind.TEXT, "$ in millions, except per share amounts") in blocks
    # a unit line shorter than the title ends elsewhere too
    assert (H, "Consolidated Statements of Cash Flows") in blocks
    assert (BlockKind.TEXT, "$ in millions") in blocks
    # a bold sentence over the rest of its paragraph is no title: it stays one paragraph
    redbook = parse_file(require(FIXTURES / "pdf" / "redp5110_sampled.pdf"), NATIVE)
    assert any(b.kind is BlockKind.TEXT and b.text.startswith(
        "Jim Bainbridge is a senior DB2 consultant on the DB2 for i Center of Excellence")
        for b in redbook.blocks)
    assert "Accumulated" not in [t for _, t in headings(_best_buy())]
    assert "Components of % Change 2022-2021" not in [t for _, t in headings(_adobe())]
    paper = parse_file(require(FIXTURES / "pdf" / "1809.01202.pdf"), NATIVE)
    assert any(b.kind is BlockKind.TEXT and b.text.startswith(
        "Discourse Argument Extraction As the first step of our pipeline") for b in paper.blocks)


def test_the_labels_inside_a_statement_are_no_headings():
    """Best Buy sets the row groups of its statements ("Assets", "Current assets", "Operating
    activities", "Investing activities") in bold like its headings: each was a section beside
    the statement, which kept only its unit line, so "Total current assets" sat under
    "Current assets", not under "Consolidated Balance Sheets". A line at the rows' pitch
    between rows of cells is a label of the table; a heading between two tables stands
    apart."""
    texts = [t for _, t in headings(_best_buy())]
    assert not {"Assets", "Current assets", "Operating activities", "Investing activities",
                "Financing activities", "Numerator", "Denominator"} & set(texts)
    assert {"Consolidated Balance Sheets", "Consolidated Statements of Cash Flows",
            "Notes to Consolidated Financial Statements"} <= set(texts)
    tree = build_tree(_best_buy(), "d", "BESTBUY_2023_10K.pdf")

    def section_of(*rows: str) -> str:
        node = next(n for n in tree.paragraphs if all(r in n.text for r in rows))
        return tree.node(node.parent_id).heading

    assert section_of("Merchandise inventories 5,140", "Total current assets 8,802") == \
        "Consolidated Balance Sheets"
    assert section_of("Depreciation and amortization 918 869 839") == \
        "Consolidated Statements of Cash Flows"
    # a group after a blank row, the table's columns going on below it: its liabilities and
    # the supplemental cash flow lines were sections of their own beside the statement
    assert not {"Liabilities and equity Current liabilities",
                "Supplemental cash flow information"} & set(texts)
    assert section_of("Accounts payable $ 5,687 $ 6,803") == "Consolidated Balance Sheets"
    assert section_of("Income taxes paid") == "Consolidated Statements of Cash Flows"


def test_a_column_head_repeated_by_the_next_rows_heads_is_no_heading():
    """Best Buy heads three groups of store-count columns "Stores Opened", "Stores Closed
    (1)", "Total Stores at End of Fiscal Year", the first "Stores Closed (1)" in bold: it was a
    section over the rest of the International segment's page. Amazon's "At Prior Year Rates
    (2)" likewise, over its net sales table."""
    bb, amazon = headings(_best_buy()), headings(_amazon())
    assert not {"Stores Closed (1)", "Stores Closed"} & {t for _, t in bb}
    assert "At Prior Year Rates (2)" not in {t for _, t in amazon}
    tree = build_tree(_best_buy(), "d", "BESTBUY_2023_10K.pdf")
    counts = next(n for n in tree.paragraphs if "Total International segment stores" in n.text)
    assert tree.node(counts.parent_id).heading == "International Segment"


def test_a_filing_is_titled_by_its_registrant_form_and_period():
    """The largest text of a 10-K's cover is "UNITED STATES SECURITIES AND EXCHANGE
    COMMISSION": Best Buy's and Amazon's filings were both titled by it (Best Buy's "UNITED
    STATES"), and every breadcrumb began so. The cover's fields name the document: the
    registrant printed over "(Exact name of registrant as specified in its charter)", the form
    and the period; they are metadata as well, for filters."""
    bb = _best_buy()
    assert bb.title == "BEST BUY CO., INC. Form 10-K, fiscal year ended January 28, 2023"
    meta = dict(bb.metadata)
    assert (meta["registrant"], meta["form"], meta["period_ended"]) == \
        ("BEST BUY CO., INC.", "10-K", "January 28, 2023")
    assert _amazon().title == "AMAZON.COM, INC. Form 10-K, fiscal year ended December 31, 2017"
    # Adobe's PDF properties title it "ADBE 10-K FY22"; its cover says more
    assert _adobe().title == "ADOBE INC. Form 10-K, fiscal year ended December 2, 2022"
    tree = build_tree(bb, "d", "BESTBUY_2023_10K.pdf")
    part_ii = next(s for s in tree.sections if s.heading == "PART II")
    assert part_ii.breadcrumb.startswith("BEST BUY CO., INC. Form 10-K")
    paper = parse_file(require(FIXTURES / "pdf" / "1801.05147.pdf"), NATIVE)
    assert paper.title == "Adversarial Learning for Chinese NER from Crowd Annotations"
    assert "registrant" not in dict(paper.metadata)

    from docnav.parse._filing import _FORM
    assert all(_FORM.fullmatch(t) for t in ("FORM 10-K", "Form 10-Q", "FORM 8-K", "FORM 20-F",
                                            "FORM S-1"))
    assert not any(_FORM.fullmatch(t) for t in ("Form 10-K Summary", "FORM 10-K For the Fiscal "
                                                "Year Ended December 31, 2017", "Formats"))


def test_a_cover_page_s_field_lines_are_no_headings():
    """A 10-K's cover sets its fields large or bold: "For the fiscal year ended December 2,
    2022 or", an address ending in a ZIP code, "Commission File No. 000-22513", the answer
    "None" and a lone "OR" between two options were headings, each a small section under
    "FORM 10-K". A line ending on "or", "and", "of" or "the" runs on; "None" answers the line
    above; a ZIP code or a file number ends a field. The cover's real heads stay."""
    covers = {name: [t for _, t in headings(parsed)]
              for name, parsed in (("adobe", _adobe()), ("amazon", _amazon()),
                                   ("best_buy", _best_buy()))}
    assert not {"For the fiscal year ended December 2, 2022 or",
                "345 Park Avenue, San Jose, California 95110-2704"} & set(covers["adobe"])
    assert not {"Washington, D.C. 20549", "Commission File No. 000-22513",
                "None"} & set(covers["amazon"])
    assert "OR" not in covers["best_buy"]
    assert all("DOCUMENTS INCORPORATED BY REFERENCE" in texts for texts in covers.values())

    from docnav.parse._pdf_headings import _ANSWER, _FIELD_VALUE, _RUNS_ON
    assert all(_RUNS_ON.search(t) for t in ("OR", "Results and", "Summary of", "Research &"))
    assert not any(_RUNS_ON.search(t) for t in ("Appendix A", "Heading level 2: A",
                                                "Oregon", "Results and Discussion"))
    assert _ANSWER.fullmatch("None") and not _ANSWER.fullmatch("None of the Above")
    assert all(_FIELD_VALUE.search(t) for t in ("Washington, D.C. 20549", "CA 95110-2704",
                                                "Commission File No. 000-22513"))
    assert not any(_FIELD_VALUE.search(t) for t in ("Fiscal 2022", "Outlook 2023-2025",
                                                    "Note 12"))


def test_an_outline_heading_extracted_after_the_text_below_it_goes_above_that_text():
    """The text's order can put a page's head last (Adobe's "NOTES TO CONSOLIDATED FINANCIAL
    STATEMENTS", printed over "NOTE 1.", came after the page's last paragraph): the heading
    goes before the first line it stands above, in its column; a line of the other column
    keeps its place."""
    from docnav.parse._pdf_lines import Line
    from docnav.parse._pdf_outline import OutlineEntry, apply_outline, place_outline

    def line(text, left, top, right=550):
        return Line(text, page=1, left=left, top=top, right=right, bottom=top + 10)

    lines = [line("NOTE 1. BASIS", 50, 115), line("Founded in 1982, Adobe ...", 50, 140),
             line("NOTES TO CONSOLIDATED FINANCIAL STATEMENTS", 150, 74, right=450)]
    entries = [OutlineEntry("Notes to Consolidated Financial Statements", 3, page=1, y=108.0),
               OutlineEntry("NOTE 1. BASIS", 4, page=1, y=113.0)]
    out = apply_outline(lines, place_outline(entries, lines))
    assert [getattr(x, "title", None) for x in out] == [
        "Notes to Consolidated Financial Statements", "NOTE 1. BASIS", None]
    assert out[2].text.startswith("Founded")

    columns = [line("left column, below", 50, 300, right=290),
               line("3 Method", 310, 100, right=550), line("right column", 310, 120)]
    out = apply_outline(columns, place_outline([OutlineEntry("3 Method", 1, 1, 95.0)], columns))
    assert [getattr(x, "title", None) or x.text for x in out] == [
        "left column, below", "3 Method", "right column"]

    tree = build_tree(_adobe(), "d", "ADOBE_2022_10K.pdf")
    note_1 = "NOTE 1. BASIS OF PRESENTATION AND SIGNIFICANT ACCOUNTING POLICIES"
    assert _parent_heading(tree, note_1) == "Notes to Consolidated Financial Statements"
    assert _parent_heading(tree, "NOTE 2. REVENUE") == "Notes to Consolidated Financial Statements"


def test_an_unmatched_outline_heading_goes_into_its_destination_column():
    from docnav.parse._pdf_lines import Line
    from docnav.parse._pdf_outline import OutlineEntry, place_outline

    def line(text, left, top):
        return Line(text, page=1, left=left, top=top, right=left + 250, bottom=top + 10)

    lines = [line("left column, top", 50, 100), line("left column, lower", 50, 400),
             line("right column, top", 310, 100), line("right column, lower", 310, 410)]
    right = OutlineEntry("Not printed anywhere", 1, page=1, y=395.0, x=310.0)
    left = OutlineEntry("Nor this", 1, page=1, y=95.0, x=50.0)
    unknown = OutlineEntry("No column known", 1, page=1, y=395.0)
    assert [p.index for p in place_outline([right, left, unknown], lines)] == [3, 0, 1]
    assert all(p.span == 0 for p in place_outline([right, left, unknown], lines))
    # an indented short line is in its column; below a column's last line is after that line
    indented = [line("left column", 50, 100), line("right column, top", 310, 100),
                Line("end.", page=1, left=330, top=400, right=350, bottom=410),
                line("right column, lower", 310, 420)]
    below = OutlineEntry("Below", 1, page=1, y=395.0, x=315.0)
    assert place_outline([below], indented)[0].index == 2
    at_the_foot = OutlineEntry("At the foot", 1, page=1, y=710.0, x=50.0)
    assert place_outline([at_the_foot], lines)[0].index == 2  # after "left column, lower"


def test_the_redbook_s_sampled_chapters_are_not_all_under_chapter_1():
    """The Redbook fixture keeps a few pages of each chapter, and "Chapter 1" is the only
    chapter heading among them: every later section, "2.2 Separation of duties" and "3.2.2
    Built-in global variables" with them, was a part of chapter 1, and each breadcrumb said
    so. Their numbers say they are not."""
    parsed = parse_file(require(FIXTURES / "pdf" / "redp5110_sampled.pdf"), NATIVE)
    tree = build_tree(parsed, "d", "redp5110_sampled.pdf")
    chapter = "Chapter 1. Securing and protecting IBM DB2 data"
    [above] = _ancestors(tree, "1.1 Security fundamentals")
    assert above[0] == chapter
    for later in ("2.2 Separation of duties", "3.2.2 Built-in global variables",
                  "3.6.6 Activating RCAC"):
        [above] = _ancestors(tree, later)
        assert chapter not in above and not any(a[:1].isdigit() for a in above), later


@pytest.mark.parametrize("name, title", [
    ("2001.03131.pdf", "Offensive Language Detection: A Comparative Analysis"),
    ("1801.05147.pdf", "Adversarial Learning for Chinese NER from Crowd Annotations"),
])
def test_a_title_printed_as_text_is_the_title_and_no_paragraph(name, title):
    """A paper whose title is large body-font text (no heading) kept that line as its first
    paragraph too: it matched every question with the title's words ("What datasets are used
    for offensive language identification?" read the title, then the author line below it)."""
    parsed = parse_file(require(FIXTURES / "pdf" / name), NATIVE)
    assert parsed.title == title
    assert not [b for b in parsed.blocks if " ".join(b.text.split()).rstrip("∗") == title]
    assert parsed.blocks[0].kind is BlockKind.TEXT  # the author line comes first now


@pytest.mark.parametrize("outline", [True, False])
def test_works_cited_set_as_body_text_head_their_own_section(outline):
    """2001.03131 sets "References" in the body font and leaves it out of its bookmarks: its
    entries were paragraphs of "5 Conclusion" ("[12] Wiegand ... identification of offensive
    language" ranked first for a question on offensive language identification). A line of its
    own saying "References" heads a top-level section where the bookmarks give the headings;
    without them the fonts found it already."""
    from docnav.parse._options import ParseOptions

    parsed = parse_file(require(FIXTURES / "pdf" / "2001.03131.pdf"),
                        ParseOptions(pdf_mode="native", pdf_outline=outline))
    tree = build_tree(parsed, "d", "2001.03131.pdf")
    conclusion = "5 Conclusion" if outline else "5. Conclusion"  # the bookmark's, the line's
    assert _parent_heading(tree, "References") == _parent_heading(tree, conclusion)
    (refs,) = [s for s in tree.sections if s.heading == "References"]
    cited = [n.text for n in tree.nodes if n.parent_id == refs.node_id]
    assert any(t.startswith("[12] Wiegand") for t in cited)


@pytest.mark.parametrize("name, abstract, first", [
    ("2001.03131.pdf", "Abstract", "1 Introduction"),
    ("1801.05147.pdf", "Abstract", "Introduction"),
    ("1705.07830.pdf", "ABSTRACT", "1 Introduction"),
])
def test_an_abstract_heading_left_out_of_the_bookmarks_heads_its_section(name, abstract, first):
    """The bookmarks of these papers begin at the introduction; the printed "Abstract" line
    was a paragraph of the title's section, beside the authors' names and affiliations, and
    the abstract another. It heads a section of the abstract, beside the introduction."""
    tree = build_tree(parse_file(require(FIXTURES / "pdf" / name), NATIVE), "d", name)
    assert dict(tree.metadata)["heading_source"] == "outline"
    (section,) = [s for s in tree.sections if s.heading == abstract]
    (introduction,) = [s for s in tree.sections if s.heading == first]
    assert section.parent_id == introduction.parent_id
    (opening, *_) = [n.text for n in tree.nodes if n.parent_id == section.node_id]
    assert len(opening.split()) > 30  # the abstract itself, not a line of the front matter
