"""HTML that docling's reader drops or misplaces, rewritten before it reads the page
(docnav/parse/_html_rewrite.py): a table's footer rows, a footer's text, a quoted heading,
what follows the page's end, an element said to be a heading."""

from __future__ import annotations

import pytest

from docnav.model import BlockKind
from docnav.parse import parse_file

TABLE_HEAD = "<thead><tr><th>Item</th><th>Price</th></tr></thead>"
TABLE_BODY = "<tbody><tr><td>Pen</td><td>1</td></tr><tr><td>Ink</td><td>2</td></tr></tbody>"
TABLE_FOOT = "<tfoot><tr><td>Total</td><td>3</td></tr></tfoot>"


def _texts(path) -> list[tuple[BlockKind, str]]:
    return [(b.kind, b.text) for b in parse_file(path).blocks]


def _table_rows(text: str) -> list[list[str]]:
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in text.splitlines()]
    return [r for r in rows if not all(set(c) <= set("-: ") for c in r)]


@pytest.mark.parametrize("order", ["head body foot", "head foot body", "foot body"])
def test_a_table_s_footer_rows_are_its_last_rows(tmp_path, order):
    """A bill's "Total 3" (in ``<tfoot>``, which HTML allows before ``<tbody>``) was lost."""
    parts = {"head": TABLE_HEAD, "body": TABLE_BODY, "foot": TABLE_FOOT}
    path = tmp_path / "bill.html"
    path.write_text(f"<h1>T</h1><table id='bill'>{''.join(parts[p] for p in order.split())}"
                    "</table>", encoding="utf-8")
    table = next(b for b in parse_file(path).blocks if b.kind is BlockKind.TABLE)
    rows = _table_rows(table.text)
    assert rows[-3:] == [["Pen", "1"], ["Ink", "2"], ["Total", "3"]]
    assert table.anchor == "bill"


def test_a_rewritten_page_keeps_its_declared_encoding(tmp_path):
    """The page is handed to docling as UTF-8: a Latin-1 page's "Café" stays "Café"."""
    path = tmp_path / "latin1.html"
    path.write_bytes(('<html><head><meta charset="iso-8859-1"></head><body><h1>Café</h1>'
                      f"<table>{TABLE_BODY}<tfoot><tr><td>Total café</td><td>3</td></tr>"
                      "</tfoot></table></body></html>").encode("iso-8859-1"))
    blocks = parse_file(path).blocks
    assert blocks[0].text == "Café" and "| Total café |" in blocks[1].text


def test_a_footer_s_text_is_read_as_paragraphs(tmp_path):
    """docling filed a ``<footer>``'s text as page furniture: "Footer para only.", an
    article's closing paragraph and a quote's "Author Name" were dropped without a word, while
    a footer with a heading in it was kept. A site footer's menu stays out."""
    path = tmp_path / "footers.html"
    path.write_text("<h1>F</h1><p>Body.</p><footer><p>Footer para only.</p></footer>"
                    "<article><h2>A</h2><p>Art body.</p><footer><p>Art footer.</p></footer>"
                    "</article><blockquote><p>Quote text.</p><footer>Author Name</footer>"
                    "</blockquote><p>After.</p><footer><h2>Foot head</h2><p>Foot para.</p>"
                    '<nav><ul><li><a href="/">Home</a></li></ul></nav>'
                    '<div role="navigation"><a href="/terms">Terms</a></div>'
                    "<p>Copyright 2024</p></footer>", encoding="utf-8")
    assert _texts(path) == [
        (BlockKind.HEADING, "F"), (BlockKind.TEXT, "Body."), (BlockKind.TEXT, "Footer para only."),
        (BlockKind.HEADING, "A"), (BlockKind.TEXT, "Art body."), (BlockKind.TEXT, "Art footer."),
        (BlockKind.TEXT, "Quote text."), (BlockKind.TEXT, "Author Name"),
        (BlockKind.TEXT, "After."), (BlockKind.HEADING, "Foot head"),
        (BlockKind.TEXT, "Foot para."), (BlockKind.TEXT, "Copyright 2024")]


def test_a_heading_in_a_quote_is_a_paragraph_of_the_section_the_quote_stands_in(tmp_path):
    """docling opened a section with a quoted heading: "After quote." fell under "Quoted
    title", and a quoted ``<h1>`` titled the page. Its ``id`` still leads to it."""
    path = tmp_path / "quote.html"
    path.write_text("<html><head><title>Page</title></head><body><blockquote><h1>Said once"
                    "</h1></blockquote><h2>Part</h2><p>Before quote.</p><blockquote>"
                    "<h3 id='q'>Quoted title</h3><p>Quoted.</p></blockquote><p>After quote.</p>"
                    "</body></html>", encoding="utf-8")
    parsed = parse_file(path)
    assert [(b.kind, b.text) for b in parsed.blocks] == [
        (BlockKind.TEXT, "Said once"), (BlockKind.HEADING, "Part"),
        (BlockKind.TEXT, "Before quote."), (BlockKind.TEXT, "Quoted title"),
        (BlockKind.TEXT, "Quoted."), (BlockKind.TEXT, "After quote.")]
    assert parsed.title == "Page" and parsed.blocks[3].anchor == "q"


def test_a_rewritten_page_s_relative_links_are_resolved_as_the_file_s(tmp_path):
    """Handed to docling as a stream, a page's "all.html" stayed as written where the file
    read as it is gives the path beside it."""
    plain, bill = tmp_path / "plain.html", tmp_path / "bill.html"
    link = '<p>See <a href="all.html">all items</a>.</p>'
    plain.write_text(f"<h1>T</h1>{link}", encoding="utf-8")
    bill.write_text(f"<h1>T</h1>{link}<table>{TABLE_BODY}{TABLE_FOOT}</table>", encoding="utf-8")
    targets = [[k.target for b in parse_file(p).blocks for k in b.links] for p in (plain, bill)]
    assert targets[0] == targets[1] == [str(tmp_path / "all.html")]


def test_text_after_the_page_s_end_is_read_where_browsers_show_it(tmp_path):
    """docling reads the ``<body>`` only: what follows ``</body>`` or ``</html>`` was lost."""
    path = tmp_path / "after.html"
    path.write_text("<html><body><h1>Soup</h1><p>Body alpha.</p></body><p>Inside html.</p>"
                    "</html>\nTrailing text bravo.<!-- a comment -->\n", encoding="utf-8")
    assert _texts(path) == [(BlockKind.HEADING, "Soup"), (BlockKind.TEXT, "Body alpha."),
                            (BlockKind.TEXT, "Inside html."),
                            (BlockKind.TEXT, "Trailing text bravo.")]


def test_a_site_footer_s_link_lists_and_their_headings_stay_out(tmp_path):
    """A site's footer of link columns ("Company": About, Careers) not in a <nav> was read as
    content under the page's last section (a QA pass); its prose lines are kept."""
    path = tmp_path / "site.html"
    path.write_text(
        "<main><h1>API reference</h1><p>The API does things.</p><h2>Errors</h2>"
        "<p>Errors are returned as JSON.</p></main><footer><div><h4>Company</h4><ul>"
        "<li><a href='/about'>About</a></li><li><a href='/jobs'>Careers</a></li></ul></div>"
        "<div><h4>Legal</h4><ul><li><a href='/privacy'>Privacy</a></li></ul></div>"
        "<div><h4>Contact</h4><p>Write to us.</p></div><ul><li>Open 9-5</li></ul>"
        "<p>© 2024 Example Inc.</p></footer>", encoding="utf-8")
    shape = [(b.kind, b.text) for b in parse_file(path).blocks]
    assert shape == [
        (BlockKind.HEADING, "API reference"), (BlockKind.TEXT, "The API does things."),
        (BlockKind.HEADING, "Errors"), (BlockKind.TEXT, "Errors are returned as JSON."),
        (BlockKind.HEADING, "Contact"), (BlockKind.TEXT, "Write to us."),
        (BlockKind.LIST_ITEM, "Open 9-5"), (BlockKind.TEXT, "© 2024 Example Inc."),
    ], shape



@pytest.mark.parametrize("page", [
    "<html><head><title>Page</title></head>\nStray <b>bold</b> text.\n<body><h1>Soup</h1>"
    "<p>Body alpha.</p></body></html>",
    "Stray <b>bold</b> text.<html><head><title>Page</title></head><body><h1>Soup</h1>"
    "<p>Body alpha.</p></body></html>",
    "<!doctype html><html><head><title>Page</title></head>\nStray <b>bold</b> text.\n"
    "<h1>Soup</h1><p>Body alpha.</p></html>",
])
def test_text_before_the_body_is_read_where_browsers_show_it(tmp_path, page):
    """docling reads the ``<body>`` only: text between ``</head>`` and ``<body>``, or before
    ``<html>``, was lost; and a page without a ``<body>`` was read whole, its ``<title>`` a
    paragraph too."""
    path = tmp_path / "before.html"
    path.write_text(page, encoding="utf-8")
    assert _texts(path) == [(BlockKind.TEXT, "Stray bold text."), (BlockKind.HEADING, "Soup"),
                            (BlockKind.TEXT, "Body alpha.")]


def test_a_layout_table_s_cells_are_read_as_the_page_s_content(tmp_path):
    """A table laying the page out (headings in its cells; or said to be none; or one row of
    paragraphs) was read as one data table, "| Left Left para. - L1 - L2 | Right ... |", its
    headings opening no section. A table in a cell, and a data table with a list in a cell,
    stay tables."""
    path = tmp_path / "layout.html"
    path.write_text(
        "<h1>Site</h1><table><tr><td><h2 id='left'>Left</h2><p>Left para.</p><ul><li>L1</li>"
        "</ul></td><td><h2>Right</h2><table><tr><th>K</th></tr><tr><td>a</td></tr></table>"
        "</td></tr></table><table role='presentation'><tr><td>Cell one.</td></tr></table>"
        "<table><tr><td><p>Row A.</p></td><td><p>Row B.</p></td></tr></table><table><tr>"
        "<th>Feature</th><th>Notes</th></tr><tr><td>X</td><td><ul><li>n1</li></ul></td></tr>"
        "</table>", encoding="utf-8")
    blocks = parse_file(path).blocks
    assert [(b.kind, b.text if b.kind is not BlockKind.TABLE else _table_rows(b.text))
            for b in blocks] == [
        (BlockKind.HEADING, "Site"), (BlockKind.HEADING, "Left"), (BlockKind.TEXT, "Left para."),
        (BlockKind.LIST_ITEM, "L1"), (BlockKind.HEADING, "Right"),
        (BlockKind.TABLE, [["K"], ["a"]]), (BlockKind.TEXT, "Cell one."),
        (BlockKind.TEXT, "Row A."), (BlockKind.TEXT, "Row B."),
        (BlockKind.TABLE, [["Feature", "Notes"], ["X", "n1"]])]
    assert blocks[1].anchor == "left"


def test_an_element_said_to_be_a_heading_is_one(tmp_path):
    """A ``role="heading"`` element is a heading to a browser and a screen reader, of its
    ``aria-level`` (2 where it names none): docling read "Chapter 1" and "1.1 Scope" as
    paragraphs, a page of ``<div>`` elements with no section at all."""
    path = tmp_path / "aria.html"
    path.write_text(
        "<div role='heading' aria-level='1'>Handbook</div><p>Intro.</p><div class='chapter'>"
        "<div role='heading' aria-level='2' id='ch1'>Chapter 1</div><div>Ch1 text.</div>"
        "<div role='heading' aria-level='3'>1.1 Scope</div><p>Scope text.</p>"
        "<div role='heading'>No level</div><blockquote><div role='heading'>Quoted</div>"
        "</blockquote></div>", encoding="utf-8")
    blocks = parse_file(path).blocks
    assert [(b.kind, b.text, b.level) for b in blocks] == [
        (BlockKind.HEADING, "Handbook", 1), (BlockKind.TEXT, "Intro.", 0),
        (BlockKind.HEADING, "Chapter 1", 2), (BlockKind.TEXT, "Ch1 text.", 0),
        (BlockKind.HEADING, "1.1 Scope", 3), (BlockKind.TEXT, "Scope text.", 0),
        (BlockKind.HEADING, "No level", 2), (BlockKind.TEXT, "Quoted", 0)]
    assert blocks[2].anchor == "ch1"


def test_an_inline_element_said_to_be_a_heading_stays_in_its_paragraph(tmp_path):
    """A ``<span role="heading">`` leading a paragraph made a section "Note:" of it that took
    in the paragraph after it; only a block (here the ``<div>``) is read as a heading."""
    path = tmp_path / "aria.html"
    path.write_text(
        "<h1>Doc</h1><p><span role='heading' aria-level='3'>Note:</span> this paragraph "
        "explains the note.</p><p>Next p.</p><strong role='heading'>Bold lead</strong>"
        "<div role='heading' aria-level='2'>Part</div><p>Part p.</p>", encoding="utf-8")
    assert [(b.kind, b.text, b.level) for b in parse_file(path).blocks] == [
        (BlockKind.HEADING, "Doc", 1),
        (BlockKind.TEXT, "Note: this paragraph explains the note.", 0),
        (BlockKind.TEXT, "Next p.", 0), (BlockKind.TEXT, "Bold lead", 0),
        (BlockKind.HEADING, "Part", 2), (BlockKind.TEXT, "Part p.", 0)]


def test_a_block_classed_as_a_heading_on_a_page_without_one_is_one(tmp_path):
    """A page whose headings are ``<p class="doc-title">`` and ``<div class="heading">`` was
    read as paragraphs, one section. On a page with no ``<h1>``..``<h6>``, a short block so
    classed is now a heading of the level its class names; one holding blocks (a card), one
    in a list, a "subtitle" and, on a page with headings of its own, a "title" stay text."""
    path = tmp_path / "classed.html"
    path.write_text(
        "<p class='doc-title'>Guide</p><p>Lead.</p><div class='heading' id='setup'>Setup</div>"
        "<p>S p.</p><p class='subheading big'>Detail</p><div class='title'><p>Card</p>"
        "<p>Card body.</p></div><ul><li><p class='title'>Item</p></li></ul>"
        "<p class='subtitle'>Sub line</p><div class='h2'>Next</div><p class='heading_4'>Deep"
        "</p><p>Deep p.</p>", encoding="utf-8")
    blocks = parse_file(path).blocks
    assert [(b.kind, b.text, b.level) for b in blocks] == [
        (BlockKind.HEADING, "Guide", 1), (BlockKind.TEXT, "Lead.", 0),
        (BlockKind.HEADING, "Setup", 2), (BlockKind.TEXT, "S p.", 0),
        (BlockKind.HEADING, "Detail", 3), (BlockKind.TEXT, "Card", 0),
        (BlockKind.TEXT, "Card body.", 0), (BlockKind.LIST_ITEM, "Item", 0),
        (BlockKind.TEXT, "Sub line", 0), (BlockKind.HEADING, "Next", 2),
        (BlockKind.HEADING, "Deep", 4), (BlockKind.TEXT, "Deep p.", 0)]
    assert blocks[2].anchor == "setup"
    path.write_text("<h2>Real</h2><p class='title'>Not one</p><p>x</p>", encoding="utf-8")
    assert [b.kind for b in parse_file(path).blocks] == [
        BlockKind.HEADING, BlockKind.TEXT, BlockKind.TEXT]


def test_the_titles_of_a_card_grid_are_no_headings_nor_the_page_s_title(tmp_path):
    """On a page without headings, each card's "card-title" of a grid was made an ``<h1>``:
    "Alpha" was the page's title over its ``<title>``, and "Contact us at x." after the grid
    stood under "Beta". The cards' titles, one per card, stay text; on a page with a
    ``<title>``, a block classed as a title is a heading below it, not its title, and the
    other headings made from classes one level lower with it."""
    path = tmp_path / "grid.html"
    path.write_text(
        "<html><head><title>Our products</title></head><body><p>We make three things.</p>"
        "<div class='grid'><div class='card'><div class='card-title'>Alpha</div><p>Alpha does"
        " a.</p></div><div class='card'><div class='card-title'>Beta</div><p>Beta does b.</p>"
        "</div></div><p>Contact us at x.</p></body></html>", encoding="utf-8")
    parsed = parse_file(path)
    assert parsed.title == "Our products"
    assert {b.kind for b in parsed.blocks} == {BlockKind.TEXT}
    path.write_text(
        "<html><head><title>Acme</title></head><body><p class='title'>Product</p><p>Lead.</p>"
        "<p class='heading'>Specs</p><p>s.</p></body></html>", encoding="utf-8")
    parsed = parse_file(path)
    assert parsed.title == "Acme"
    assert [(b.kind, b.text, b.level) for b in parsed.blocks] == [
        (BlockKind.HEADING, "Product", 2), (BlockKind.TEXT, "Lead.", 0),
        (BlockKind.HEADING, "Specs", 3), (BlockKind.TEXT, "s.", 0)]



def _named_section(title: str, *inside: str) -> str:
    return f"<div class='section'><div class='section-title'>{title}</div>{''.join(inside)}</div>"


def test_classed_divs_of_named_sections_are_sections_not_a_card_grid(tmp_path):
    """A page without headings made of "<div class=section>", each a "section-title" over
    paragraphs of prose, was read as a card grid: no heading, the page one section. Divs
    classed as sections whose titles go on in sentences are the page's sections; one within
    another is its subsection, and what follows it is the outer one's again. Divs classed
    so that say a price and a link under their titles stay a grid's text."""
    path = tmp_path / "guide.html"
    install = "Download the archive from the release page and unpack it into a folder."
    run = "Start the tool with the run command and watch its log for errors."
    head = "<html><head><title>Tool guide</title></head><body>"
    path.write_text(
        head + _named_section("Install", f"<p>{install}</p>", "<p>Then add it to PATH.</p>")
        + _named_section("Configure", "<p>Name the server and its port in a config file.</p>")
        + _named_section("Run", f"<p>{run}</p>") + "</body></html>", encoding="utf-8")
    assert [(b.kind, b.text, b.level) for b in parse_file(path).blocks] == [
        (BlockKind.HEADING, "Install", 2), (BlockKind.TEXT, install, 0),
        (BlockKind.TEXT, "Then add it to PATH.", 0), (BlockKind.HEADING, "Configure", 2),
        (BlockKind.TEXT, "Name the server and its port in a config file.", 0),
        (BlockKind.HEADING, "Run", 2), (BlockKind.TEXT, run, 0)]
    path.write_text(
        head + _named_section("Install", f"<p>{install}</p>",
                              _named_section("On Windows", f"<p>{run}</p>"), "<p>Done.</p>")
        + _named_section("Run", f"<p>{run}</p>") + "</body></html>", encoding="utf-8")
    assert [(b.kind, b.text, b.level) for b in parse_file(path).blocks] == [
        (BlockKind.HEADING, "Install", 2), (BlockKind.TEXT, install, 0),
        (BlockKind.HEADING, "On Windows", 3), (BlockKind.TEXT, run, 0),
        (BlockKind.TEXT, "Done.", 2), (BlockKind.HEADING, "Run", 2), (BlockKind.TEXT, run, 0)]
    path.write_text(
        "<html><body>" + _named_section("Basic", "<p>$9 a month.</p>",
                                        "<p><a href='/b'>Buy it now</a>.</p>")
        + _named_section("Pro", "<p>$29 a month.</p>", "<p><a href='/p'>Buy it now</a>.</p>")
        + "</body></html>", encoding="utf-8")
    assert {b.kind for b in parse_file(path).blocks} == {BlockKind.TEXT}


def _card(tag: str, classed: str, title: str, *inside: str) -> str:
    return f"<{tag}{classed}><div class='{'card-title' if classed else 'title'}'>{title}</div>" \
        f"{''.join(inside)}</{tag}>"


@pytest.mark.parametrize("cards", [
    [_card("section", " class='card'", name, f"<p>{blurb}</p>", "<a href='/x'>Learn more</a>")
     for name, blurb in (("Fast", "It indexes a thousand pages a second on a laptop."),
                         ("Small", "It needs only a few megabytes of memory to run well."),
                         ("Free", "It costs nothing at all and is open source forever."))],
    [_card("div", " class='product-section'", name, f"<p>{said}</p>")
     for name, said in (("Alpha", "Alpha is the best widget that money can buy today."),
                        ("Beta", "Beta is the second best widget that money can buy."),
                        ("Gamma", "$9.99"))],
    [_card("section", "", name, f"<p>{blurb}</p>", "<a href='/x'>Learn more</a>")
     for name, blurb in (("Fast", "It indexes a thousand pages a second on a laptop."),
                         ("Small", "It needs only a few megabytes of memory to run well."))],
], ids=["section-cards", "product-sections", "sections-ending-in-a-link"])
def test_sections_said_to_be_cards_or_ending_in_a_link_are_a_grid_s_text(tmp_path, cards):
    """A grid of ``<section class=card>`` or "product-section" cards, each a "card-title"
    over a blurb of ten words ("It indexes a thousand pages a second on a laptop."), had its
    titles made level-1 headings as a document's named sections are; so did unclassed
    ``<section>`` cards ending in a "Learn more" link. A blurb is as long as a short
    section's prose, so what says card is a card's class or its link: they stay text."""
    path = tmp_path / "features.html"
    path.write_text(f"<html><body><p>Here is what we offer.</p><div class='grid'>"
                    f"{''.join(cards)}</div><p>Contact us.</p></body></html>", encoding="utf-8")
    assert {b.kind for b in parse_file(path).blocks} == {BlockKind.TEXT}


def test_divs_classed_subsection_are_named_sections(tmp_path):
    """Two "<div class=subsection>", each a "subsection-title" over a paragraph of prose,
    after an "Overview" title stayed text, the page one section: a class named a section
    only where "section" began it or followed a "-" or "_" ("doc-section"), as "subsection"
    and "subsubsection" do not. They are the overview's subsections now."""
    path = tmp_path / "product.html"
    details = "Here are the details of the product that you might want to read."
    more = "Here are more details of the product that you might want to read."
    path.write_text(
        "<html><body><div class='sectionheader'><div class='title'>Overview</div></div>"
        "<p>This is an overview of the whole product and what it does for you.</p>"
        f"<div class='subsection'><div class='subsection-title'>Details</div><p>{details}</p>"
        f"</div><div class='subsection'><div class='subsection-title'>More</div><p>{more}</p>"
        "</div></body></html>", encoding="utf-8")
    assert [(b.kind, b.text, b.level) for b in parse_file(path).blocks][2:] == [
        (BlockKind.HEADING, "Details", 2), (BlockKind.TEXT, details, 0),
        (BlockKind.HEADING, "More", 2), (BlockKind.TEXT, more, 0)]


def test_named_sections_one_of_which_ends_in_a_link_are_sections(tmp_path):
    """Three "<div class=section>" of prose, the second ending in a "Read more →" link of
    its own, stayed text, the page one section: a link ending any of them made the run a
    card grid. A grid's cards each end in their "Learn more"; one section's link does not
    make the others cards (those ending so, most of a run, still do: the test above)."""
    path = tmp_path / "guide.html"
    install = "Download the archive from the release page and unpack it into a folder."
    run = "Start the tool with the run command and watch its log for errors."
    configure = "Name the server and its port in a config file."
    path.write_text(
        "<html><head><title>Tool guide</title></head><body>"
        + _named_section("Install", f"<p>{install}</p>")
        + _named_section("Configure", f"<p>{configure}</p>",
                         "<p><a href='/configure'>Read more →</a></p>")
        + _named_section("Run", f"<p>{run}</p>") + "</body></html>", encoding="utf-8")
    assert [(b.kind, b.text, b.level) for b in parse_file(path).blocks] == [
        (BlockKind.HEADING, "Install", 2), (BlockKind.TEXT, install, 0),
        (BlockKind.HEADING, "Configure", 2), (BlockKind.TEXT, configure, 0),
        (BlockKind.TEXT, "Read more →", 0), (BlockKind.HEADING, "Run", 2),
        (BlockKind.TEXT, run, 0)]


@pytest.mark.parametrize("tag", ["div", "section"])
def test_sections_classed_feature_section_are_named_sections(tmp_path, tag):
    """A run of "feature-section" divs (or ``<section>``), each a "section-title" over
    prose, stayed text: the class's "feature" made each a card. A class that names a
    section is a section's, whatever its subject; a card's title ("card-title" in a
    "product-section") still makes a grid of them (the test above)."""
    def named(title: str, said: str) -> str:
        return f"<{tag} class='feature-section'><div class='section-title'>{title}</div>" \
            f"<p>{said}</p></{tag}>"
    search = "Search every document you indexed with a single query from the shell."
    sync = "Changed files are indexed again within seconds of being saved to disk."
    path = tmp_path / "features.html"
    path.write_text("<html><head><title>Features</title></head><body>"
                    + named("Search", search) + named("Sync", sync) + "</body></html>",
                    encoding="utf-8")
    assert [(b.kind, b.text, b.level) for b in parse_file(path).blocks] == [
        (BlockKind.HEADING, "Search", 2), (BlockKind.TEXT, search, 0),
        (BlockKind.HEADING, "Sync", 2), (BlockKind.TEXT, sync, 0)]
