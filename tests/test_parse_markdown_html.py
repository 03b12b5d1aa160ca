"""Markdown with raw HTML: a file with one HTML block (a badge's ``<img>``, a comment, a
``<div>``) was read by docling through a round trip to HTML, which ran paragraphs with inline
markup together, cut one at an image and spaced words apart; each HTML block is now read alone
where it stands. And inline HTML between words: a ``<br>`` is a line's end, other tags join."""

from __future__ import annotations

import pytest

from docnav.model import BlockKind
from docnav.parse import parse_file

H, T, TABLE = BlockKind.HEADING, BlockKind.TEXT, BlockKind.TABLE


def shape(tmp_path, text: str) -> list[tuple]:
    path = tmp_path / "readme.md"
    path.write_text(text, encoding="utf-8")
    return [(b.kind, b.level, b.text) for b in parse_file(path).blocks]


@pytest.mark.parametrize("html", ['<img src="badge.svg">', "<!-- generated -->",
                                  "<div></div>"])
def test_an_html_block_leaves_the_markdown_paragraphs_as_written(tmp_path, html):
    text = (f"{html}\n\n# Project\n\nA **fast** tool.\n\nInstall with `pip`.\n\n## Usage\n\n"
            "Run `tool --help`.\n\nSee *docs*.\n\nPara **b** one.\n\n> Quote *q* one.\n\n"
            "After *a* quote.\n\nSee ![a diagram](p.png) here.\n\n"
            "H<sub>2</sub>O, <kbd>Ctrl</kbd>. Also \\*not em\\* and \\`x\\`.\n")
    assert shape(tmp_path, text) == [
        (H, 1, "Project"), (T, 0, "A fast tool."), (T, 0, "Install with pip."),
        (H, 2, "Usage"), (T, 0, "Run tool --help."), (T, 0, "See docs."),
        (T, 0, "Para b one."), (T, 0, "Quote q one."), (T, 0, "After a quote."),
        (T, 0, "See a diagram here."), (T, 0, "H2O, Ctrl. Also *not em* and `x`."),
    ]


def test_an_html_block_s_own_headings_paragraphs_and_tables_are_kept_in_place(tmp_path):
    text = ('<div align="center">\n<h1>Project</h1>\n<p>A <b>fast</b> tool.</p>\n</div>\n\n'
            "## Install\n\n<table>\n<tr><th>OS</th><th>Command</th></tr>\n"
            "<tr><td>Linux</td><td>apt install x</td></tr>\n</table>\n\n"
            "<details>\n<summary>More</summary>\n\nHidden *text* here.\n\n</details>\n\nEnd.\n")
    assert shape(tmp_path, text) == [
        (H, 1, "Project"), (T, 0, "A fast tool."), (H, 2, "Install"),
        (TABLE, 0, "| OS    | Command       |\n|-------|---------------|\n"
                   "| Linux | apt install x |"),
        (H, 3, "More"), (T, 0, "Hidden text here."), (T, 2, "End."),
    ]


@pytest.mark.parametrize("html", ["", "<!-- c -->\n\n"])
def test_a_line_break_tag_between_words_is_a_space(tmp_path, html):
    text = f"{html}# T\n\nACME Corp<br>12 Main Street<br/>Springfield<BR />USA\n"
    assert shape(tmp_path, text)[1:] == [(T, 0, "ACME Corp 12 Main Street Springfield USA")]


def test_an_html_block_s_text_keeps_its_characters(tmp_path):
    """The block's bytes went to the HTML reader without a declared encoding, which guessed
    another: RFC 3662's directory tree "├── merged" came back as "вќљвќЂвќЂ merged"."""
    text = "# T\n\n<pre>\n├── merged\n│   └── doc\n</pre>\n\nCafé crème.\n"
    assert shape(tmp_path, text)[1:] == [(BlockKind.CODE, 0, "├── merged\n│   └── doc"),
                                         (T, 0, "Café crème.")]


def test_an_html_block_is_rewritten_as_a_page_is(tmp_path):
    """A table's <tfoot> rows and a <footer>'s text, kept in an HTML page, were lost in a
    Markdown file's HTML block, read by the HTML reader without the page's rewrites."""
    text = ("# Bill\n\n<table>\n<tr><th>Item</th><th>Price</th></tr>\n<tr><td>Pen</td><td>1</td>"
            "</tr>\n<tfoot><tr><td>Total</td><td>3</td></tr></tfoot>\n</table>\n\n"
            "<footer><p>Signed by the clerk.</p></footer>\n")
    blocks = shape(tmp_path, text)
    assert blocks[1][0] is TABLE and blocks[1][2].endswith("| Total  |       3 |"), blocks
    assert blocks[2:] == [(T, 0, "Signed by the clerk.")]


def test_a_line_break_tag_in_a_table_cell_is_a_space(tmp_path):
    """A pipe table's cell is one line, so "<br>" is how its lines are broken: it stayed in the
    cell's text as written ("12 Main<br>Springfield"). A code span's "<br>" is the tag itself."""
    text = ("# T\n\n| Name | Address |\n|------|---------|\n| ACME | 12 Main<br>Springfield |\n"
            "| **Foo** | a <br/> b<BR />c |\n| Tag | `<br>` |\n")
    assert shape(tmp_path, text)[1:] == [(TABLE, 0, (
        "| Name    | Address             |\n|---------|---------------------|\n"
        "| ACME    | 12 Main Springfield |\n| **Foo** | a b c               |\n"
        "| Tag     | `<br>`              |"))]


def test_a_line_break_tag_in_an_html_table_s_cell_is_a_space(tmp_path):
    """An HTML block's table, read by the HTML reader, made a cell's "<br>" a Markdown hard
    break in the cell's one line, two spaces before it: "12 Main   Springfield"."""
    text = ("# T\n\n<table>\n<tr><th>Name</th><th>Address</th></tr>\n"
            "<tr><td>ACME</td><td>12 Main<br>Springfield</td></tr>\n</table>\n")
    assert shape(tmp_path, text)[1:] == [(TABLE, 0, (
        "| Name   | Address             |\n|--------|---------------------|\n"
        "| ACME   | 12 Main Springfield |"))]


@pytest.mark.parametrize("logo", ['<p align="center"><img src="logo.png" alt="Logo"></p>',
                                  '<p align="center">\n  <a href="https://ci"><img src="b.svg" '
                                  'alt="Build"></a>\n  <img src="c.svg" alt="coverage">\n</p>'])
def test_a_readme_s_html_heading_under_its_logo_titles_it(tmp_path, logo):
    """A GitHub README's centred logo and badges stand before its <h1>: their alt text, read
    as captions, came first, so the heading was not the leading one and the file's name
    ("readme") titled the document."""
    path = tmp_path / "readme.md"
    path.write_text(f'{logo}\n\n<h1 align="center">ProjectName</h1>\n\nA fast tool.\n\n'
                    "## Install\n\nRun it.\n", encoding="utf-8")
    assert parse_file(path).title == "ProjectName"


def test_ids_in_an_html_block_are_anchors_links_resolve_to(tmp_path):
    """An HTML block's own ids were lost: its heading was anchored by its text's slug only and
    its paragraph not at all, so "[limits](#limits)" led nowhere. They are kept as an HTML
    page's are (an <a name> in a heading too); a heading without one keeps its slug."""
    from docnav.refs import internal_references
    from docnav.tree import build_tree

    path = tmp_path / "readme.md"
    path.write_text('# T\n\nSee [s](#setup-here), [l](#limits), [n](#named), [p](#plain).\n\n'
                    '<h2 id="setup-here">Setup</h2>\n\nText.\n\n<p id="limits">Limits apply.</p>'
                    '\n\n<h2><a name="named"></a>Named</h2>\n\nMore.\n\n<h2>Plain</h2>\n',
                    encoding="utf-8")
    parsed = parse_file(path)
    assert [(b.text, b.anchor) for b in parsed.blocks if b.anchor] == [
        ("T", "t"), ("Setup", "setup-here"), ("Limits apply.", "limits"), ("Named", "named"),
        ("Plain", "plain")]
    tree = build_tree(parsed, "doc", str(path))
    said = {n.node_id: n.text or n.heading for n in tree.nodes}
    assert sorted(said[e.dst] for e in internal_references(tree)) == [
        "Limits apply.", "Named", "Plain", "Setup"]


def test_a_details_block_is_a_section_headed_by_its_summary_as_on_a_page(tmp_path):
    """"<details>\n<summary>Options</summary>", Markdown, "</details>" (an HTML block each
    end, as Markdown inside a disclosure needs) read "Options" as a paragraph and what it
    discloses as the text of the section around it, where a page makes a section of it. It
    is now one, its summary a heading a level below the section it stands in, and what
    follows its end is that section's again, as on a page; the same where one block holds
    all of it, and for a disclosure within another. One stays as it was where a page's
    would: before any heading, with a summary of two sentences, holding a heading of its
    summary's level, in a quote."""
    text = "\n".join([
        "<details>", "<summary>Contents</summary>", "", "- [Setup](#setup)", "", "</details>",
        "", "# Doc", "", "## Setup", "", "Intro.", "", "<details>", "<summary>Options</summary>",
        "", "Opt *a* here.", "", "<details><summary>Inner</summary>", "Inner <b>html</b> p.",
        "</details>", "", "Opt tail.", "", "</details>", "<details open><summary>More</summary>",
        "More p.", "</details>", "", "After.", "", "<details>",
        "<summary>Why is it slow? It reads it all.</summary>", "", "Why p.", "", "</details>", "",
        "<details>", "<summary>Advanced</summary>", "", "### Proxy", "", "Proxy p.", "",
        "</details>", "", "> <details>", "> <summary>Quoted</summary>", ">", "> Quoted p.", ">",
        "> </details>", "", "## Next", "", "Next p.", ""])
    L = BlockKind.LIST_ITEM
    assert shape(tmp_path, text) == [
        (T, 0, "Contents"), (L, 0, "Setup"), (H, 1, "Doc"), (H, 2, "Setup"),
        (T, 0, "Intro."), (H, 3, "Options"), (T, 0, "Opt a here."), (H, 4, "Inner"),
        (T, 0, "Inner html p."), (T, 3, "Opt tail."), (H, 3, "More"), (T, 0, "More p."),
        (T, 2, "After."), (T, 0, "Why is it slow? It reads it all."), (T, 0, "Why p."),
        (T, 0, "Advanced"), (H, 3, "Proxy"), (T, 0, "Proxy p."), (T, 0, "Quoted"),
        (T, 0, "Quoted p."), (H, 2, "Next"), (T, 0, "Next p."),
    ]


def test_a_details_block_after_a_paragraph_of_its_summary_s_words_is_a_section(tmp_path):
    """"<p>Options</p>" then "<details><summary>Options</summary>..." in one HTML block left
    the disclosure text: each block read of it is placed by its words in the block's, found
    from where the block before it began, so the summary "Options" was found at the
    paragraph's place and its mark missed. Found from where the block before it ends, the
    summary heads its section as it does without the paragraph."""
    assert shape(tmp_path, "\n".join([
        "# Doc", "", "## Setup", "", "<p>Options</p>", "<details>",
        "<summary>Options</summary>", "<p>Inner para.</p>", "</details>", "", "After.", ""])) \
        == [(H, 1, "Doc"), (H, 2, "Setup"), (T, 0, "Options"), (H, 3, "Options"),
            (T, 0, "Inner para."), (T, 2, "After.")]
