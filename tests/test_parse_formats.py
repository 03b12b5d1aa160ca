"""HTML, DOCX and PDF through docling, options, and every kind of bad input.

Bad input must raise ``DocumentError`` whose message names the file and the cause, chained to
what went wrong underneath where there was an exception, never a raw docling traceback.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from _parsing import NATIVE, H, headings
from _paths import FINANCEBENCH, FIXTURES, require

from docnav.embed import HashingEmbedder
from docnav.errors import ConfigError, DocumentError
from docnav.index import Indexer, IndexOptions
from docnav.model import BlockKind, Link
from docnav.parse import SUPPORTED_SUFFIXES, ParseOptions, parse_file
from docnav.parse._pdf_glyphs import repaired
from docnav.query import DocNavGraph
from docnav.store import Store
from docnav.tree import build_tree

GOOD_PDF = FIXTURES / "pdf" / "multi_page.pdf"
TEN_K = FINANCEBENCH / "pdfs" / "BESTBUY_2023_10K.pdf"
GOOD_DOCX = FIXTURES / "docx" / "word_sample.docx"


# -- HTML ------------------------------------------------------------------------------------

HTML = """<!doctype html>
<html><head><title>Head title</title><meta name="author" content="Ada Lovelace"></head>
<body>
<h1 id="top">Manual</h1>
<p>Read the <a href="https://example.org/spec">spec</a> first.</p>
<h3 id="deep">Deep</h3>
<ul><li>one</li><li>two <a href="#top">back</a></li></ul>
<h2><a name="second"></a>Second</h2>
<table><tr><th>k</th><th>v</th></tr><tr><td>a</td><td>1</td></tr></table>
<pre><code>h1 = "not a heading"</code></pre>
<h4>Four</h4><h5 id="five">Five</h5><h6>Six</h6>
</body></html>
"""


def test_html_headings_levels_anchors_links_and_metadata(tmp_path):
    path = tmp_path / "manual.html"
    path.write_text(HTML)
    parsed = parse_file(path)
    assert headings(parsed) == [(1, "Manual"), (3, "Deep"), (2, "Second"), (4, "Four"),
                                (5, "Five"), (6, "Six")]
    assert [b.anchor for b in parsed.blocks if b.kind is H] == [
        "top", "deep", "second", None, "five", None
    ]
    assert parsed.title == "Manual" and parsed.format == "html"
    para = next(b for b in parsed.blocks if b.kind is BlockKind.TEXT)
    assert para.text == "Read the spec first." and para.links == (
        Link("https://example.org/spec", "spec"),)
    kinds = [b.kind for b in parsed.blocks]
    assert BlockKind.TABLE in kinds and BlockKind.CODE in kinds
    assert ("author", "Ada Lovelace") in parsed.metadata
    tree = build_tree(parsed, "d", str(path))
    deep = next(s for s in tree.sections if s.heading == "Deep")
    assert tree.node(deep.parent_id).heading == "Manual" and deep.anchor == "deep"


def test_html_keeps_dashes_and_quotes_as_written_and_its_heading_ids(tmp_path):
    """docling's HTML reader made every dash, curly quote and ellipsis ASCII: the text was not
    the author's, and a heading no longer matched its ``<h2 id>``, so it lost its anchor."""
    path = tmp_path / "dash.html"
    path.write_text('<html><body><h1>T</h1><p><a href="#uni">See below</a>.</p>'
                    '<h2 id="uni">Uni — heading</h2><p>“Quoted” it’s – here…&nbsp;end</p>'
                    "</body></html>", encoding="utf-8")
    parsed = parse_file(path)
    assert [b.text for b in parsed.blocks] == [
        "T", "See below.", "Uni — heading", "“Quoted” it’s – here… end"]
    assert parsed.blocks[2].anchor == "uni"


def test_html_headings_with_inline_markup_keep_their_spacing(tmp_path):
    """docling joins the pieces of a heading with inline markup by spaces ("Using --fast ,
    then tuning"): the breadcrumbs and section ids were not the author's text."""
    path = tmp_path / "inline.html"
    path.write_text("<html><body><h1>API</h1><h2 id='o'>Using <code>--fast</code>, then "
                    "<em>tuning</em></h2><p>x</p><h2>Cache (<abbr>LRU</abbr>)</h2><p>y</p>"
                    "<h3>Line<br>break</h3><p>z</p></body></html>", encoding="utf-8")
    parsed = parse_file(path)
    assert headings(parsed) == [(1, "API"), (2, "Using --fast, then tuning"),
                                (2, "Cache (LRU)"), (3, "Line break")]
    assert parsed.blocks[1].anchor == "o"


def test_html_emphasised_paragraphs_stay_apart(tmp_path):
    """A Markdown block all in one emphasis comes from docling in pieces, joined again where
    the source shows them in one block; in HTML on one line nothing but tags is between two
    bold paragraphs, so no such join is made there (it once ran them together)."""
    path = tmp_path / "bold.html"
    path.write_text("<html><body><h1>T</h1><p><b>First one.</b></p><p><b>Second one.</b></p>"
                    "<h2><em>Head</em></h2><p><em>para <code>x</code> end</em></p></body></html>",
                    encoding="utf-8")
    assert [b.text for b in parse_file(path).blocks] == [
        "T", "First one.", "Second one.", "Head", "para x end"]


def test_a_caption_set_as_a_plain_paragraph_is_a_caption(tmp_path):
    """Word's "Figure 1: This is a cute duckling" is a paragraph in the Normal style; so is an
    HTML page's "Table 2. Results". A paragraph that opens by naming a figure is text."""
    docx = parse_file(require(GOOD_DOCX))
    assert ("Figure 1: This is a cute duckling", BlockKind.CAPTION) in [
        (b.text, b.kind) for b in docx.blocks]
    path = tmp_path / "floats.html"
    path.write_text("<html><body><h1>T</h1><p>Table 2. Results by site</p>"
                    "<p>Figure 3 shows the pump.</p></body></html>")
    kinds = {b.text: b.kind for b in parse_file(path).blocks}
    assert kinds["Table 2. Results by site"] is BlockKind.CAPTION
    assert kinds["Figure 3 shows the pump."] is BlockKind.TEXT


def test_an_html_table_s_caption_is_one_paragraph_not_also_the_table_s_first_line(tmp_path):
    # docling's Markdown of a table with a <caption> opens with the caption, which is also a
    # paragraph of its own: "What does Table 1 show?" read it twice
    path = tmp_path / "report.html"
    path.write_text("<html><body><h1>Plant report</h1><table><caption>Table 1: Output by "
                    "quarter</caption><tr><th>Quarter</th><th>Tons</th></tr><tr><td>Q1</td>"
                    "<td>120</td></tr></table></body></html>", encoding="utf-8")
    blocks = [(b.kind, b.text) for b in parse_file(path).blocks]
    assert [text for kind, text in blocks if "Output by quarter" in text] == [
        "Table 1: Output by quarter"]
    (table,) = [text for kind, text in blocks if kind is BlockKind.TABLE]
    assert table.startswith("| Quarter") and "| Q1" in table


PARTS = ("Introduction", "Installation", "Maintenance", "Troubleshooting", "Spare parts")


def _handbook(path: Path, contents: list[str]) -> Path:
    """A Word handbook: a title, a "Contents" heading over ``contents`` (Word's TOC field,
    a line each in its "toc 1" style), then a section per part."""
    docx = pytest.importorskip("docx", reason="python-docx (a docling dependency) is missing")
    from docx.enum.style import WD_STYLE_TYPE

    document = docx.Document()
    document.add_heading("Pump handbook", 0)
    document.styles.add_style("toc 1", WD_STYLE_TYPE.PARAGRAPH)
    document.add_paragraph("Contents", style="TOC Heading")
    for line in contents:
        document.add_paragraph(line, style="toc 1")
    for part in PARTS:
        document.add_heading(part, 1)
        document.add_paragraph(f"The {part.lower()} of the pump is described here in full.")
    document.save(path)
    return path


def test_a_docx_table_of_contents_is_a_table_naming_its_sections(tmp_path):
    """Docling reads Word's table of contents as paragraphs ("Introduction 1", a line
    each): they were searched and summed up as text, and named no section. Five or more
    entries naming the document's headings are a table, an entry a row, as the native PDF
    reader writes one; each row refers to its section."""
    pages = [f"{part}\t{page}" for part, page in zip(PARTS, (1, 2, 4, 6, 8))]
    parsed = parse_file(_handbook(tmp_path / "handbook.docx", pages))
    tables = [b.text for b in parsed.blocks if b.kind is BlockKind.TABLE]
    assert tables == ["Introduction … 1\nInstallation … 2\nMaintenance … 4\n"
                      "Troubleshooting … 6\nSpare parts … 8"]
    assert not any(re.fullmatch(r"\w[\w ]* \d", b.text) for b in parsed.blocks)
    docs = tmp_path / "docs"
    docs.mkdir()
    _handbook(docs / "handbook.docx", pages)
    store = Store(tmp_path / "g.duckdb")
    Indexer(store, IndexOptions(summaries=None, progress=False), HashingEmbedder()).index([docs])
    graph = DocNavGraph.open(store.path, embedder=None)
    (table,) = [nid for nid, n in graph.nodes_of_kind("paragraph") if n.block_kind == "table"]
    assert [graph.node(n).heading for n in graph.navigate(table, "references")] == list(PARTS)


def test_lines_ending_in_numbers_that_name_no_heading_stay_paragraphs(tmp_path):
    # five lines of the same shape, but no heading of the document is theirs; and four
    # entries are too few to be a table of contents
    lines = [f"Seal kit size {n}" for n in range(1, 6)]
    parsed = parse_file(_handbook(tmp_path / "prices.docx", lines))
    assert [b.text for b in parsed.blocks if b.text in lines] == lines
    assert not [b for b in parsed.blocks if b.kind is BlockKind.TABLE]
    four = [f"{part} {n}" for n, part in enumerate(PARTS[:4], 1)]
    parsed = parse_file(_handbook(tmp_path / "four.docx", four))
    assert not [b for b in parsed.blocks if b.kind is BlockKind.TABLE]


def test_htm_suffix_is_html(tmp_path):
    path = tmp_path / "page.htm"
    path.write_text("<html><body><h2>Only</h2><p>x</p></body></html>")
    assert headings(parse_file(path)) == [(2, "Only")]


def test_html_text_before_the_first_heading_is_kept(tmp_path):
    """Docling files what comes before a page's first heading as furniture, which is no
    content: the lead paragraph and the table under it were lost without a word."""
    path = tmp_path / "lead.html"
    path.write_text("<html><head><title>Page</title></head><body><p>The lead paragraph.</p>"
                    "<table><tr><td>a cell</td></tr></table><h2>Details</h2><p>x</p>"
                    "</body></html>")
    parsed = parse_file(path)
    assert [b.kind for b in parsed.blocks][:3] == [BlockKind.TEXT, BlockKind.TABLE, H]
    assert parsed.blocks[0].text == "The lead paragraph." and "a cell" in parsed.blocks[1].text
    assert parsed.title == "Page"


def test_html_navigation_before_the_first_heading_is_no_content(tmp_path):
    """Kept in full, the region before the first heading brought a page's menu in ("Home",
    "Docs" as list items of every page): a ``<nav>``'s links are left out there, its lead
    paragraph kept; after the first heading the same words are content, as is the footer."""
    path = tmp_path / "nav.html"
    path.write_text('<html><body><header><nav><ul><li><a href="/">Home</a></li><li>'
                    '<a href="/docs">Docs</a></li></ul></nav></header><p>Lead paragraph.</p>'
                    "<h1>Title</h1><ul><li>Docs</li><li>More</li></ul>"
                    "<footer><p>Copyright 2024</p></footer></body></html>")
    texts = [b.text for b in parse_file(path).blocks]
    assert texts == ["Lead paragraph.", "Title", "Docs", "More", "Copyright 2024"]


FILING_HTML = """<html><head><title>acme-20231231</title></head><body>
<p>UNITED STATES</p><p>SECURITIES AND EXCHANGE COMMISSION</p><p>Washington, D.C. 20549</p>
<p>FORM 10-K</p>
<p>ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934</p>
<p>For the fiscal year ended December 31, 2023</p>
<table><tr><td>ACME WIDGETS CORPORATION</td></tr>
<tr><td>(Exact name of registrant as specified in its charter)</td></tr>
<tr><td>Delaware</td><td>12-3456789</td></tr></table>
<h2>PART I</h2><h3>Item 1. Business</h3><p>We make widgets.</p>
</body></html>"""


def test_an_html_filing_is_titled_by_its_cover(tmp_path):
    """EDGAR files 10-Ks as HTML too: the registrant (here in a table cell over "(Exact name
    of registrant ...)"), the form and the period name the document, as on a PDF's cover."""
    path = tmp_path / "acme-20231231.htm"
    path.write_text(FILING_HTML)
    parsed = parse_file(path)
    assert parsed.title == "ACME WIDGETS CORPORATION Form 10-K, fiscal year ended December 31, 2023"
    meta = dict(parsed.metadata)
    assert (meta["registrant"], meta["form"], meta["period"], meta["period_ended"]) == (
        "ACME WIDGETS CORPORATION", "10-K", "fiscal year", "December 31, 2023")
    # a page that is no filing keeps its own title and no such fields
    other = tmp_path / "page.html"
    other.write_text("<html><head><title>Widgets</title></head><body><p>ACME WIDGETS</p>"
                     "<h2>Prices</h2><p>low</p></body></html>")
    assert parse_file(other).title == "Widgets" and "registrant" not in dict(
        parse_file(other).metadata)


# -- DOCX ------------------------------------------------------------------------------------


def test_a_docx_filing_is_titled_by_its_cover(tmp_path):
    docx = pytest.importorskip("docx", reason="python-docx (a docling dependency) is missing")
    document = docx.Document()
    for line in ("UNITED STATES SECURITIES AND EXCHANGE COMMISSION", "FORM 10-Q",
                 "For the quarterly period ended March 31, 2024", "GLOBEX CORPORATION",
                 "(Exact name of registrant as specified in its charter)"):
        document.add_paragraph(line)
    document.add_heading("PART I. FINANCIAL INFORMATION", 1)
    document.add_paragraph("Revenue rose.")
    path = tmp_path / "globex-10q.docx"
    document.save(path)
    parsed = parse_file(path)
    assert parsed.title == "GLOBEX CORPORATION Form 10-Q, quarterly period ended March 31, 2024"
    assert dict(parsed.metadata)["form"] == "10-Q"


def test_docx_heading_styles_lists_tables_and_core_properties(tmp_path):
    docx = pytest.importorskip("docx", reason="python-docx (a docling dependency) is missing")
    document = docx.Document()
    document.core_properties.author = "Grace Hopper"
    document.add_heading("Report", 0)
    document.add_heading("Scope", 1)
    document.add_paragraph("What is covered.")
    document.add_heading("Limits", 2)
    document.add_paragraph("first", style="List Bullet")
    document.add_paragraph("second", style="List Number")
    table = document.add_table(rows=2, cols=2)
    table.cell(0, 0).text, table.cell(1, 1).text = "key", "value"
    document.add_heading("Results", 1)
    path = tmp_path / "report.docx"
    document.save(path)

    parsed = parse_file(path)
    assert headings(parsed) == [(1, "Report"), (2, "Scope"), (3, "Limits"), (2, "Results")]
    assert parsed.title == "Report" and parsed.format == "docx"
    items = [b.text for b in parsed.blocks if b.kind is BlockKind.LIST_ITEM]
    assert items == ["first", "1. second"]
    (table_block,) = [b for b in parsed.blocks if b.kind is BlockKind.TABLE]
    assert "key" in table_block.text and "value" in table_block.text
    assert ("author", "Grace Hopper") in parsed.metadata
    tree = build_tree(parsed, "d", str(path))
    limits = next(s for s in tree.sections if s.heading == "Limits")
    assert limits.breadcrumb.split(" › ") == ["Report", "Scope", "Limits"]  # title not repeated


# -- PDF -------------------------------------------------------------------------------------


def test_native_pdf_has_pages_headings_and_metadata():
    parsed = parse_file(require(GOOD_PDF), NATIVE)
    assert parsed.format == "pdf"
    pages = {b.page for b in parsed.blocks}
    assert None not in pages and min(pages) == 1 and max(pages) == 5
    assert headings(parsed)[0] == (1, "The Evolution of the Word Processor")
    meta = dict(parsed.metadata)
    assert meta["pdf_pipeline"] == "native" and meta["pages"] == "5"
    assert meta["created"].startswith("2025-01-24T13:59:15")
    first_para = next(b for b in parsed.blocks if b.kind is BlockKind.TEXT)
    assert first_para.text.startswith("The concept of the word processor predates modern")
    assert first_para.text.endswith("several technological milestones.")  # lines merged


def test_a_manuals_chapter_page_number_is_no_paragraph():
    """The FAA handbook numbers its pages by chapter ("7-45" at the foot of the page); the
    number was kept as a paragraph of the section "Elastic Stop Nut"."""
    parsed = parse_file(require(FIXTURES / "pdf" / "amt_handbook_sample.pdf"), NATIVE)
    texts = [b.text for b in parsed.blocks]
    assert "7-45" not in texts
    assert texts[-1].startswith("Figure 7-26. Self-locking nuts.")  # the text above it stays


def test_pdf_outline_gives_the_headings():
    parsed = parse_file(require(FIXTURES / "pdf" / "bookmark_sample.pdf"), NATIVE)
    assert headings(parsed) == [
        (1, "PART I - DEFINITIONS"), (2, "1. Interpretation"), (2, "2. Construction of Terms"),
        (1, "PART II - OBLIGATIONS"), (2, "3. Payment Terms"), (3, "3.1 Payment Schedule"),
        (2, "4. Termination"), (1, "PART III - MISCELLANEOUS"),
    ]
    assert dict(parsed.metadata)["heading_source"] == "outline"


def test_outline_titles_numbered_otherwise_than_the_printed_headings_are_found():
    """1810.08699 (IEEE, two columns) has bookmarks "II-A Dataset extraction" for headings
    printed "A. Dataset extraction". Unmatched, they were inserted by height alone, in the
    wrong column: "II-A" before "II", the heading line left in the text as a paragraph."""
    parsed = parse_file(require(FIXTURES / "pdf" / "1810.08699.pdf"), NATIVE)
    assert headings(parsed)[:11] == [
        (1, "I Introduction"), (1, "II Automated training corpus generation"),
        (2, "II-A Dataset extraction"), (2, "II-B Using Wikidata to classify Wikipedia"),
        (2, "II-C Generated data"), (1, "III Test dataset"), (1, "IV Word embeddings"),
        (1, "V Experiments"), (2, "V-A Models"), (2, "V-B Evaluation"), (1, "VI Discussion"),
    ]
    texts = [b.text for b in parsed.blocks if b.kind is not BlockKind.HEADING]
    assert not [t for t in texts if t.startswith(("A. Dataset extraction", "B. Using Wikidata",
                                                  "C. Generated data", "B. Evaluation"))]
    dataset = [b.text for b in parsed.blocks]
    start = dataset.index("II-A Dataset extraction")
    assert dataset[start + 1].startswith("The main steps of the dataset extraction system")


def test_a_centred_heading_directly_above_a_subheading_is_a_heading():
    """1912.01214 (AAAI, two columns, no bookmarks) centres "Experiments" on its column and
    puts the subheading "Setup" right below it; the heading was checked for being centred on
    the page or on the next draft (the one-line "Setup") only, and was lost."""
    parsed = parse_file(require(FIXTURES / "pdf" / "1912.01214.pdf"), NATIVE)
    texts = [text for _, text in headings(parsed)]
    assert texts.index("Transfer Protocol") < texts.index("Experiments") < texts.index("Setup")


@pytest.mark.parametrize("name, title", [
    ("1705.07830", "ASK THE RIGHT QUESTIONS: ACTIVE QUESTION REFORMULATION WITH REINFORCEMENT "
                   "LEARNING"),
    ("1801.05147", "Adversarial Learning for Chinese NER from Crowd Annotations"),
    ("1810.08699", "pioNER: Datasets and Baselines for Armenian Named Entity Recognition"),
    ("2001.03131", "Offensive Language Detection: A Comparative Analysis"),
])
def test_a_paper_whose_title_is_large_body_text_is_titled_by_it(name, title):
    """These papers set the title in the body font at a larger size, which is no heading; their
    title was taken from the first heading ("1 Introduction", "I Introduction")."""
    parsed = parse_file(require(FIXTURES / "pdf" / f"{name}.pdf"), NATIVE)
    assert parsed.title == title
    tree = build_tree(parsed, "d", name)
    assert tree.sections[0].heading == title  # the front matter's section is named by it


def test_characters_docling_cannot_read_are_taken_from_pdfium():
    """2001.03131 has no Unicode mapping for its ligatures and bullets: docling-parse reads
    "O\ufffdensive", "\ufffd Dataset was ...". Only formulas that pdfium reads otherwise keep
    U+FFFD."""
    parsed = parse_file(require(FIXTURES / "pdf" / "2001.03131.pdf"), NATIVE)
    texts = [b.text for b in parsed.blocks]
    assert any(t.startswith("Offensive behaviour has become pervasive") for t in texts)
    assert any("IdentifyingOffensive" in t or "Identifying Offensive" in t for t in texts)
    bullets = [b.text for b in parsed.blocks if b.kind is BlockKind.LIST_ITEM]
    assert "Dataset was comparatively smaller." in bullets
    left = [t for t in texts if "\ufffd" in t]
    assert len(left) <= 10 and all("=" in t or "(:)" in t or len(t) < 20 or "pseudo" in t
                                    for t in left), left


@pytest.mark.parametrize("text, page, expected", [
    ("o\ufffdensive words", "the offensive words here", "offensive words"),  # a ligature
    ("\ufffd Dataset was smaller.", "challenges: • Dataset was smaller. •",
     "• Dataset was smaller."),
    ("SemEval-2019Task 6: IdentifyingO\ufffdensive", "SemEval-2019 Task 6: Identifying Offensive",
     "SemEval-2019Task 6: IdentifyingOffensive"),  # spaced otherwise
    ("identi\ufffded as", "was identiﬁed as", "identiﬁed as"),  # whatever pdfium has
    ("the e\ufffdect", "the effect and the effect", "the effect"),  # twice, alike
    ("the e\ufffdect", "the effect, the eflect", "the e\ufffdect"),  # twice, differently
    ("the e\ufffdect", "something else", "the e\ufffdect"),  # not found
    ("x\ufffd", "xff", "x\ufffd"),  # too little to find it by
])
def test_an_unreadable_character_is_replaced_only_where_the_line_is_found_once(
        text, page, expected):
    assert repaired(text, page) == expected


@pytest.mark.parametrize("text, page, expected", [
    ("5 RelatedWork", "models. 5 Related Work Semi-supervised", "5 Related Work"),
    ("related Work and moreThings", "x related Work and more Things y",
     "related Work and more Things"),  # a space already there is no joint
    ("the iPhone is", "x the iPhone is y", "the iPhone is"),  # pdfium runs it together too
    ("the EncodingModule", "the Encoding Module and the EncodingModule",
     "the EncodingModule"),  # found twice, spaced differently
    ("aB", "a B", "aB"),  # too little to find it by
])
def test_words_run_together_are_spaced_as_pdfium_spaces_them(text, page, expected):
    from docnav.parse._pdf_glyphs import respaced

    assert respaced(text, page) == expected


def test_a_bold_heading_s_words_run_together_are_spaced():
    """LaTeX's bold section headings lost their spaces in docling's reading: "5 RelatedWork",
    "3.1 EncodingModule" matched neither "related" nor "work"."""
    blocks = parse_file(require(FIXTURES / "pdf" / "1909.00754.pdf"),
                        ParseOptions(pdf_mode="native")).blocks
    heads = [b.text for b in blocks if b.kind is BlockKind.HEADING]
    assert "5 Related Work" in heads and "3.1 Encoding Module" in heads
    assert not [h for h in heads if "RelatedWork" in h or "EncodingModule" in h]


def test_a_page_pdfium_cannot_read_leaves_its_lines_as_parsed():
    import pypdfium2 as pdfium

    from docnav.parse._pdf_glyphs import repair_lines
    from docnav.parse._pdf_lines import Line

    pdf = pdfium.PdfDocument(str(require(GOOD_PDF)))  # 5 pages
    try:
        lines = [Line("o\ufffdensive words", page=9, left=0, top=0, right=1, bottom=1),
                 Line("plain words", page=1, left=0, top=0, right=1, bottom=1)]
        assert repair_lines(lines, pdf) == lines
    finally:
        pdf.close()


def test_pdf_outline_can_be_switched_off():
    options = ParseOptions(pdf_mode="native", pdf_outline=False)
    parsed = parse_file(require(FIXTURES / "pdf" / "bookmark_sample.pdf"), options)
    assert dict(parsed.metadata)["heading_source"] == "fonts"
    assert "3.1 Payment Schedule" in [text for _, text in headings(parsed)]


def test_auto_mode_uses_the_native_pipeline_without_the_layout_model():
    from docnav.parse._docling import _layout_model_cached

    if _layout_model_cached():
        pytest.skip("docling's layout model is in the local cache: auto picks 'standard'")
    parsed = parse_file(require(GOOD_PDF))
    assert dict(parsed.metadata)["pdf_pipeline"] == "native"


def test_standard_mode_without_the_layout_model_names_the_setting():
    from docnav.parse._docling import _layout_model_cached

    if _layout_model_cached():
        pytest.skip("docling's layout model is in the local cache")
    with pytest.raises(ConfigError, match=r"pdf_mode='native'"):
        parse_file(require(GOOD_PDF), ParseOptions(pdf_mode="standard"))


# -- options ---------------------------------------------------------------------------------


@pytest.mark.parametrize("kwargs", [{"pdf_mode": "fast"}, {"max_file_bytes": 0},
                                    {"pdf_parser_threads": 0}])
def test_bad_options_are_config_errors(kwargs):
    with pytest.raises(ConfigError, match=next(iter(kwargs))):
        ParseOptions(**kwargs)


def test_supported_suffixes():
    assert SUPPORTED_SUFFIXES == (".md", ".markdown", ".html", ".htm", ".docx", ".pdf")


# -- bad input -------------------------------------------------------------------------------


def _junk(n: int = 4096) -> bytes:
    return random.Random(7).randbytes(n)


def _half(path: Path) -> bytes:
    data = require(path).read_bytes()
    return data[: len(data) // 2]


BAD_FILES = [
    ("empty.md", lambda: b"", r"file is empty \(0 bytes\)"),
    ("empty.pdf", lambda: b"", r"file is empty \(0 bytes\)"),
    ("blank.md", lambda: b" \n\t\n\n", r"file has no text \(5 bytes of white space\)"),
    ("junk.md", _junk, r"binary data, not Markdown text: NUL byte at byte offset \d+"),
    ("latin1.md", lambda: "# Café\n\nCrème brûlée\n".encode("latin-1"),
     r"not valid UTF-8 text: invalid byte\(s\) e9 at byte offset 5"),
    ("junk.html", lambda: b"<html>\x00\x01",
     r"binary data, not HTML text: NUL byte at byte offset 6"),
    ("junk.pdf", _junk, r"not a PDF file \(no %PDF- header"),
    ("fake.pdf", lambda: b"%PDF-1.7\n" + _junk(), r"PDF is damaged or truncated"),
    ("truncated.pdf", lambda: _half(GOOD_PDF), r"PDF is damaged or truncated"),
    # docling reads its first pages (qpdf repairs it), PDFium cannot open it: that escaped
    # as a PdfiumError, ending `docnav index` with a traceback
    ("truncated-10k.pdf", lambda: require(TEN_K).read_bytes()[:262144],
     r"PDF is damaged or truncated and cannot be opened \(Failed to load document"),
    ("junk.docx", _junk, r"not a valid DOCX file: it is not a ZIP container"),
    ("truncated.docx", lambda: _half(GOOD_DOCX), r"not a valid DOCX file.*truncated"),
    # another format renamed .md is named (a whole PDF said "invalid byte(s) 93 at ...")
    ("pdf-inside.md", lambda: require(GOOD_PDF).read_bytes(), r"content is not Markdown: it "
     r"is a PDF \(the .md suffix says Markdown; rename the file or fix its content\)"),
    ("pdf-header.md", lambda: b"%PDF-1.4 not really\n", r"content is not Markdown: it is a PDF"),
    ("docx-inside.md", lambda: require(GOOD_DOCX).read_bytes(), r"it is a ZIP archive"),
    ("notes.txt", lambda: b"plain text", r"unsupported file type \(suffix '.txt'\); "
                                         r"supported: .md, .markdown, .html, .htm, .docx, .pdf"),
    ("README", lambda: b"# x", r"unsupported file type \(no suffix\)"),
]


@pytest.mark.parametrize("name, content, cause", BAD_FILES, ids=[c[0] for c in BAD_FILES])
def test_bad_file_raises_document_error_naming_file_and_cause(tmp_path, name, content, cause,
                                                              caplog):
    path = tmp_path / name
    path.write_bytes(content())
    with pytest.raises(DocumentError) as info:
        parse_file(path, NATIVE)
    assert_clear(info.value, path, cause)
    # docling's lines that its result also holds ("Input document ... is not valid.", a
    # truncated PDF's "Page 71 of ...: Page failed to parse") are not logged: they were printed
    # on stderr beside DocNav's own error line for the same file
    assert not [r.getMessage() for r in caplog.records if r.name.startswith("docling")]


def test_docx_zip_without_a_document_is_named(tmp_path):
    import zipfile

    path = tmp_path / "other.docx"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("hello.txt", "not word")
    with pytest.raises(DocumentError) as info:
        parse_file(path)
    assert_clear(info.value, path, r"not a Word document: .*no word/document.xml")


def test_missing_file(tmp_path):
    path = tmp_path / "nowhere.md"
    with pytest.raises(DocumentError) as info:
        parse_file(path)
    assert_clear(info.value, path, r"file not found")
    assert isinstance(info.value.__cause__, FileNotFoundError)


def test_folder_is_not_a_regular_file(tmp_path):
    path = tmp_path / "folder.md"
    path.mkdir()
    with pytest.raises(DocumentError) as info:
        parse_file(path)
    assert_clear(info.value, path, r"not a regular file \(a folder\)")


def test_invalid_utf8_error_is_chained(tmp_path):
    path = tmp_path / "bad.md"
    path.write_bytes(b"# ok\n\n\xff\xfe broken")
    with pytest.raises(DocumentError) as info:
        parse_file(path)
    assert isinstance(info.value.__cause__, UnicodeDecodeError)
    assert "byte offset 6" in str(info.value)


def assert_clear(error: DocumentError, path: Path, cause: str) -> None:
    message = str(error)
    assert message.startswith(f"{path}: "), message
    assert error.path == str(path)
    assert re.search(cause, message), f"{message!r} does not say {cause!r}"
    assert "Traceback" not in message and "\n" not in message and len(message) < 600, message
