"""How an HTML page's sectioning elements (``<section>``, ``<article>``, ``<aside>``,
``<nav>``) nest its sections, where their headings' levels say otherwise
(docnav/parse/_html_sections.py)."""

from __future__ import annotations

from docnav.model import BlockKind
from docnav.parse import parse_file
from docnav.tree import build_tree


def _outline(tmp_path, body: str) -> list[tuple[str, str]]:
    """Each section's heading and each paragraph's text, in order, with the heading of the
    section it stands in."""
    path = tmp_path / "page.html"
    path.write_text(f"<html><body>{body}</body></html>", encoding="utf-8")
    tree = build_tree(parse_file(path), "doc", str(path))
    by_id = {n.node_id: n for n in tree.nodes}
    return [(n.heading or n.text, by_id[n.parent_id].heading) for n in tree.nodes
            if n.parent_id is not None and by_id[n.parent_id].parent_id is not None]


def test_a_section_nested_in_another_with_the_same_heading_level_is_its_subsection(tmp_path):
    """Pages that nest ``<section>`` elements and head each with an ``<h2>`` (as HTML5
    outline-style pages do) read flat: "A1" and "A1x" were siblings of "A", and "A tail."
    after them fell under "A2". A nested section is now a subsection of the one around it,
    its own subsections one level below it, whatever their tags."""
    assert _outline(tmp_path, (
        "<h1>Doc</h1><section><h2>A</h2><p>A p.</p>"
        "<section><h2>A1</h2><p>A1 p.</p><section><h2>A1x</h2><p>A1x p.</p></section>"
        "<h3>A1 sub</h3><p>A1 sub p.</p></section>"
        "<section><h2>A2</h2><p>A2 p.</p></section><p>A tail.</p></section>"
        "<section><h2>B</h2><p>B p.</p></section>")) == [
        ("A", "Doc"), ("A p.", "A"), ("A1", "A"), ("A1 p.", "A1"), ("A1x", "A1"),
        ("A1x p.", "A1x"), ("A1 sub", "A1"), ("A1 sub p.", "A1 sub"), ("A2", "A"),
        ("A2 p.", "A2"), ("A tail.", "A"), ("B", "Doc"), ("B p.", "B")]


def test_a_heading_less_wrapper_section_neither_nests_nor_takes_in_what_it_wraps(tmp_path):
    """A ``<section>`` without a heading of its own around headed ones is no level: the
    sections in it are the subsections of the section around it, or of the page."""
    assert _outline(tmp_path, (
        "<h1>Doc</h1><section><h2>Outer</h2><p>O p.</p><section><p>Lead.</p>"
        "<section><h2>A</h2><p>A p.</p><h3>A sub</h3><p>A sub p.</p></section>"
        "<section><h2>B</h2><p>B p.</p></section></section><p>O tail.</p></section>"
        "<section><section><h2>C</h2><p>C p.</p></section><section><h2>D</h2></section>"
        "</section><h2>E</h2><p>E p.</p>")) == [
        ("Outer", "Doc"), ("O p.", "Outer"), ("Lead.", "Outer"), ("A", "Outer"),
        ("A p.", "A"), ("A sub", "A"), ("A sub p.", "A sub"), ("B", "Outer"), ("B p.", "B"),
        ("O tail.", "Outer"), ("C", "Doc"), ("C p.", "C"), ("D", "Doc"), ("E", "Doc"),
        ("E p.", "E")]


def test_a_section_after_an_article_s_end_is_not_one_of_its_sections(tmp_path):
    """A section that follows an ``<article>`` stands beside it, as a paragraph after a
    section's end stands in the section around it: "After" (``<h3>``) was read as a
    subsection of "Art", and "Later" (``<h4>``) as one of its last section's, "Art sec"."""
    assert _outline(tmp_path, (
        "<h1>Doc</h1><article><h2>Art</h2><p>Art p.</p><section><h3>Art sec</h3><p>S p.</p>"
        "</section></article><section><h3>After</h3><p>After p.</p><h4>After sub</h4>"
        "<p>Sub p.</p></section><article><h2>Art2</h2><section><h2>Art2 sec</h2></section>"
        "</article><section><h4>Later</h4><p>Later p.</p></section>")) == [
        ("Art", "Doc"), ("Art p.", "Art"), ("Art sec", "Art"), ("S p.", "Art sec"),
        ("After", "Doc"), ("After p.", "After"), ("After sub", "After"),
        ("Sub p.", "After sub"), ("Art2", "Doc"), ("Art2 sec", "Art2"), ("Later", "Doc"),
        ("Later p.", "Later")]


def test_an_aside_or_a_nav_with_a_heading_ends_where_its_element_does(tmp_path):
    """``<aside>`` and ``<nav>`` are sections too: the paragraph after a side note headed
    "Note" was read as the note's ("More p." under "Note"), the one after an in-page table of
    contents as the contents'. They stand in the section around them, as after a
    ``<section>``; a side note without a heading is a paragraph where it stands."""
    assert _outline(tmp_path, (
        "<main><article><h1>Post</h1><p>Intro p.</p><aside><h3>Note</h3><p>Side p.</p></aside>"
        "<p>More p.</p><h2>Part</h2><nav><h3>On this page</h3><ul><li><a href='#a'>A</a></li>"
        "</ul></nav><p>Part p.</p><aside><p>Aside p.</p></aside><p>Part more.</p>"
        "<h3>Sub</h3><aside><h4>Box</h4><p>Box p.</p></aside><p>Sub p.</p></article></main>")) == [
        ("Intro p.", "Post"), ("Note", "Post"), ("Side p.", "Note"), ("More p.", "Post"),
        ("Part", "Post"), ("On this page", "Part"), ("A", "On this page"), ("Part p.", "Part"),
        ("Aside p.", "Part"), ("Part more.", "Part"), ("Sub", "Part"), ("Box", "Sub"),
        ("Box p.", "Box"), ("Sub p.", "Sub")]


def test_an_aside_s_or_a_nav_s_heading_closes_none_of_the_sections_open_around_it(tmp_path):
    """A side note headed ``<h2>`` in an ``<h3>`` section took the text after it ("Sub
    continued." under "Note") and raised the next ``<h3>`` beside "Part". Its heading is now
    below the open one, and what follows the note stands where it did before the note."""
    for tag in ("aside", "nav"):
        assert _outline(tmp_path, (
            f"<h1>Doc</h1><h2>Part</h2><h3>Sub</h3><p>Sub p.</p><{tag}><h2>Note</h2>"
            f"<p>Note p.</p><h2>Note2</h2><p>N2 p.</p></{tag}><p>Sub continued.</p>"
            "<h3>Sub2</h3><p>Sub2 p.</p>")) == [
            ("Part", "Doc"), ("Sub", "Part"), ("Sub p.", "Sub"), ("Note", "Sub"),
            ("Note p.", "Note"), ("Note2", "Sub"), ("N2 p.", "Note2"),
            ("Sub continued.", "Sub"), ("Sub2", "Part"), ("Sub2 p.", "Sub2")]
    assert _outline(tmp_path, (
        "<h1>Doc</h1><article><h2>Art</h2><section><h3>Sec</h3><p>S p.</p></section>"
        "<aside><h2>Box</h2><p>Box p.</p></aside><p>Art more.</p><h3>Sec2</h3></article>")) == [
        ("Art", "Doc"), ("Sec", "Art"), ("S p.", "Sec"), ("Box", "Art"), ("Box p.", "Box"),
        ("Art more.", "Art"), ("Sec2", "Art")]


def test_sections_headed_h1_under_the_page_s_h1_are_its_subsections(tmp_path):
    """An HTML5 page heading each ``<section>`` with an ``<h1>`` read its sections beside the
    page's own ``<h1>``; they are now below it, their subsections below them."""
    assert _outline(tmp_path, (
        "<h1>Page</h1><p>Intro.</p><section><h1>S1</h1><p>A.</p><section><h1>S1a</h1>"
        "<p>B.</p></section></section><section><h1>S2</h1><p>C.</p></section>")) == [
        ("Intro.", "Page"), ("S1", "Page"), ("A.", "S1"), ("S1a", "S1"), ("B.", "S1a"),
        ("S2", "Page"), ("C.", "S2")]


def test_a_disclosure_s_summary_heads_what_it_discloses(tmp_path):
    """``<details><summary>Options</summary>...`` read "Options" as a paragraph of "Setup",
    the disclosed paragraphs beside it. The summary now heads a section one level below the
    heading around it, holding what the disclosure holds, and what follows the disclosure is
    the enclosing section's again. A disclosure in a list item stays in its item."""
    assert _outline(tmp_path, (
        "<h1>Doc</h1><h2>Setup</h2><p>Intro.</p><details id='opts'><summary>Options</summary>"
        "<p>Opt a.</p><p>Opt b.</p></details><p>After.</p><h2>Next</h2><ul><li>Item<details>"
        "<summary>More</summary><p>m.</p></details></li></ul><section><h2>S</h2><section>"
        "<h2>S1</h2><details><summary>D</summary><p>d.</p><details><summary>DD</summary>"
        "<p>dd.</p></details><p>d tail.</p></details><p>S1 tail.</p></section></section>")) == [
        ("Setup", "Doc"), ("Intro.", "Setup"), ("Options", "Setup"), ("Opt a.", "Options"),
        ("Opt b.", "Options"), ("After.", "Setup"), ("Next", "Doc"), ("Item More m.", "Next"),
        ("S", "Doc"), ("S1", "S"), ("D", "S1"), ("d.", "D"), ("DD", "D"), ("dd.", "DD"),
        ("d tail.", "D"), ("S1 tail.", "S1")]
    options = next(b for b in parse_file(tmp_path / "page.html").blocks if b.text == "Options")
    assert (options.level, options.anchor) == (3, "opts")


def test_a_section_holding_only_its_heading_heads_the_text_after_it(tmp_path):
    """A ``<section>`` that wraps its heading alone ended with it: the text after it was the
    page's ("A text." under "Doc") and the lower heading after that was raised beside "A".
    Both are now "A"'s, up to the next heading of its rank or above; a section headed lower
    after it is its subsection, as the page shows it ("B1" was raised beside "B")."""
    assert _outline(tmp_path, (
        "<h1>Doc</h1><section><section><h2>A</h2></section><p>A text.</p><h3>A sub</h3>"
        "<p>Sub p.</p></section><section><h2>B</h2></section><p>B text.</p><section><h3>B1"
        "</h3><p>B1 p.</p></section><h2>C</h2><p>C p.</p><article><h2>D</h2></article>"
        "<section><h2>E</h2><p>E p.</p></section>")) == [
        ("A", "Doc"), ("A text.", "A"), ("A sub", "A"), ("Sub p.", "A sub"), ("B", "Doc"),
        ("B text.", "B"), ("B1", "B"), ("B1 p.", "B1"), ("C", "Doc"), ("C p.", "C"),
        ("D", "Doc"), ("E", "Doc"), ("E p.", "E")]


def test_a_heading_after_every_section_has_closed_is_in_none_of_them(tmp_path):
    """Where no open heading's section holds a heading, its level alone placed it: an
    ``<h3>`` after "W"'s section (its nested "A", "B" a level below it) was read beside "A"
    and "B" inside the closed "W", and one after two ``<h2>`` sections in a wrapper under
    "B", where the same page with an ``<h1>`` before the sections read it beside them. It
    is now beside the outermost closed section's heading; a level-1 heading, the page's
    title, still holds the page."""
    assert _outline(tmp_path, (
        "<section><h2>W</h2><p>W p.</p><section><h2>A</h2><p>A p.</p></section><section>"
        "<h2>B</h2><p>B p.</p></section></section><h3>C</h3><p>C p.</p>")) == [
        ("W p.", "W"), ("A", "W"), ("A p.", "A"), ("B", "W"), ("B p.", "B"), ("C p.", "C")]
    wrapped = ("<div><section><h2>A</h2><p>A p.</p></section><section><h2>B</h2><p>B p.</p>"
               "</section></div><h3>C</h3><p>C p.</p>")
    assert _outline(tmp_path, wrapped) == [("A p.", "A"), ("B p.", "B"), ("C p.", "C")]
    assert _outline(tmp_path, f"<h1>Doc</h1>{wrapped}") == [
        ("A", "Doc"), ("A p.", "A"), ("B", "Doc"), ("B p.", "B"), ("C", "Doc"), ("C p.", "C")]
    assert _outline(tmp_path, (
        "<section><h1>T</h1><p>Tagline.</p></section><h2>Intro</h2><p>I p.</p>")) == [
        ("Tagline.", "T"), ("Intro", "T"), ("I p.", "Intro")]


def test_a_disclosure_on_a_page_without_headings_stays_a_paragraph(tmp_path):
    """On a page with no heading, nothing after a ``<details>`` would end the section its
    summary headed: "After." fell under "Options", which became the page's title too."""
    path = tmp_path / "page.html"
    path.write_text("<html><body><p>Lead.</p><details><summary>Options</summary><p>a.</p>"
                    "</details><p>After.</p></body></html>", encoding="utf-8")
    parsed = parse_file(path)
    assert [(b.kind.value, b.text) for b in parsed.blocks] == [
        ("text", "Lead."), ("text", "Options"), ("text", "a."), ("text", "After.")]
    assert parsed.title != "Options"


def test_a_disclosure_in_a_site_menu_heads_no_section(tmp_path):
    """A ``<details>`` in a header's ``<nav>`` (a site menu's "Products") was a section
    before the page's ``<h1>``, holding the menu's links; one in a footer was a section of
    the page's last heading. Both stay as they are."""
    path = tmp_path / "page.html"
    path.write_text(
        "<html><head><title>Widget guide</title></head><body><header><nav><a href='/'>Home</a>"
        "<details><summary>Products</summary><ul><li><a href='/a'>Alpha</a></li><li>"
        "<a href='/b'>Beta</a></li></ul></details><a href='/docs'>Docs</a></nav></header>"
        "<main><h1>Widget guide</h1><p>Intro.</p><h2>Install</h2><p>Inst p.</p></main><footer>"
        "<details><summary>Legal</summary><p>Legal p.</p></details></footer></body></html>",
        encoding="utf-8")
    parsed = parse_file(path)
    headings = [b.text for b in parsed.blocks if b.kind is BlockKind.HEADING]
    assert (parsed.title, headings) == ("Widget guide", ["Widget guide", "Install"])


def test_a_disclosure_with_nothing_but_its_summary_heads_no_section(tmp_path):
    """A ``<details>`` whose only words are its summary's (a review form under "Write a
    review") was a section wrapping its heading alone, and took in the reviews after it.
    It stays as it is: "Write a review" a paragraph of "Reviews", the reviews beside it."""
    assert _outline(tmp_path, (
        "<h1>Widget</h1><h2>Reviews</h2><details><summary>Write a review</summary><form>"
        "<textarea name='r'></textarea><input type='submit'></form></details><p>Great product."
        "</p><p>Broke after a week.</p><h2>Shipping</h2><p>Ships in 2 days.</p>")) == [
        ("Reviews", "Widget"), ("Write a review", "Reviews"), ("Great product.", "Reviews"),
        ("Broke after a week.", "Reviews"), ("Shipping", "Widget"),
        ("Ships in 2 days.", "Shipping")]


def test_a_disclosure_holding_a_heading_of_its_summary_s_rank_heads_no_section(tmp_path):
    """A ``<details>`` holding an ``<h3>`` below an ``<h2>`` (its summary's rank) made an
    empty "Advanced" section with "Proxy" beside it, and one holding ``<h2>`` sections below
    an ``<h1>`` an empty "Changelog". Such a disclosure stays as it is, its summary a
    paragraph; one holding lower headings only is still a section over them."""
    assert _outline(tmp_path, (
        "<h1>Doc</h1><h2>Setup</h2><details><summary>Advanced</summary><h3>Proxy</h3>"
        "<p>proxy p.</p></details><h3>Next step</h3><p>ns p.</p><h2>Install</h2>"
        "<details><summary>Extra</summary><p>e p.</p><h4>Deep</h4><p>deep p.</p></details>")) == [
        ("Setup", "Doc"), ("Advanced", "Setup"), ("Proxy", "Setup"), ("proxy p.", "Proxy"),
        ("Next step", "Setup"), ("ns p.", "Next step"), ("Install", "Doc"),
        ("Extra", "Install"), ("e p.", "Extra"), ("Deep", "Extra"), ("deep p.", "Deep")]
    assert _headings(tmp_path) == ["Doc", "Setup", "Proxy", "Next step", "Install", "Extra",
                                   "Deep"]
    assert _outline(tmp_path, (
        "<h1>Doc</h1><details><summary>Changelog</summary><h2>v2</h2><p>v2 p.</p><h2>v1</h2>"
        "<p>v1 p.</p></details><h2>Install</h2><p>i p.</p>")) == [
        ("Changelog", "Doc"), ("v2", "Doc"), ("v2 p.", "v2"), ("v1", "Doc"), ("v1 p.", "v1"),
        ("Install", "Doc"), ("i p.", "Install")]
    assert _headings(tmp_path) == ["Doc", "v2", "v1", "Install"]


def _headings(tmp_path) -> list[str]:
    return [b.text for b in parse_file(tmp_path / "page.html").blocks
            if b.kind is BlockKind.HEADING]


def test_a_list_of_sections_or_articles_holding_only_their_headings_takes_in_nothing(tmp_path):
    """A blog's teasers, each an ``<article>`` holding only its heading, gave the last one
    ("Post two") the page's text after the list. It stays the page's, as it does after a
    list of ``<section>`` cards; a single ``<article>`` with only its heading takes in
    nothing either, where a lone ``<section>`` heads the text after it."""
    assert _outline(tmp_path, (
        "<h1>Blog</h1><p>Latest posts.</p><article><h2><a href='/1'>Post one</a></h2>"
        "</article><article><h2><a href='/2'>Post two</a></h2></article><p>Subscribe to our "
        "newsletter.</p><p>Page 1 of 5.</p>")) == [
        ("Latest posts.", "Blog"), ("Post one", "Blog"), ("Post two", "Blog"),
        ("Subscribe to our newsletter.", "Blog"), ("Page 1 of 5.", "Blog")]
    assert _outline(tmp_path, (
        "<h1>Shop</h1><section><h2>Alpha</h2></section><section><h2>Beta</h2></section>"
        "<p>All ship free.</p><article><h2>Related</h2></article><p>Contact us.</p>"
        "<section><h2>FAQ</h2></section><p>FAQ p.</p>")) == [
        ("Alpha", "Shop"), ("Beta", "Shop"), ("All ship free.", "Shop"), ("Related", "Shop"),
        ("Contact us.", "Shop"), ("FAQ", "Shop"), ("FAQ p.", "FAQ")]


def test_an_aside_after_a_section_holding_only_its_heading_ends_none_of_its_text(tmp_path):
    """An ``<aside>`` with a heading of the wrapped heading's rank, after a ``<section>``
    holding only its heading, ended what that section took in: "A" was left empty and
    "A text." after the note was the page's. A heading in an aside (or a nav) within what
    follows ends it no more; one outside it still does."""
    assert _outline(tmp_path, (
        "<h1>Doc</h1><section><h2>A</h2></section><aside><h2>Note</h2><p>note p.</p></aside>"
        "<p>A text.</p><div><nav><h2>Menu</h2></nav><p>A more.</p></div><h2>B</h2>"
        "<p>B p.</p>")) == [
        ("A", "Doc"), ("Note", "A"), ("note p.", "Note"), ("A text.", "A"), ("Menu", "A"),
        ("A more.", "A"), ("B", "Doc"), ("B p.", "B")]


def test_a_summary_that_says_more_than_a_heading_is_text_of_the_section_around_it(tmp_path):
    """A ``<details>`` whose summary was an FAQ's question of 26 words, or a question and
    its answer, was a section named by all of it. Such a summary is now a paragraph of the
    section the disclosure stands in, what it discloses after it; a short question, one of
    20 words and a numbered step's label ("Step 1. Install") head their sections still."""
    long = ("How do I reset my password if I no longer have access to the email address that"
            " I used when I signed up for the account?")
    twenty = ("Can I move my account and all of its saved projects to another region after I"
              " have already signed up?")
    assert len(twenty.split()) == 20
    assert _outline(tmp_path, (
        "<h1>FAQ</h1><details><summary>Why?</summary><p>Because.</p></details>"
        f"<details><summary>{long}</summary><p>Ask support.</p></details>"
        "<details><summary>Why is it slow? It reads the whole disk first.</summary>"
        f"<p>Use the cache.</p></details><details><summary>{twenty}</summary><p>Yes.</p>"
        "</details><details><summary>Step 1. Install</summary><p>Run it.</p></details>"
        "<p>End.</p>")) == [
        ("Why?", "FAQ"), ("Because.", "Why?"), (long, "FAQ"), ("Ask support.", "FAQ"),
        ("Why is it slow? It reads the whole disk first.", "FAQ"), ("Use the cache.", "FAQ"),
        (twenty, "FAQ"), ("Yes.", twenty), ("Step 1. Install", "FAQ"),
        ("Run it.", "Step 1. Install"), ("End.", "FAQ")]


def test_a_summary_of_two_short_questions_heads_its_answer(tmp_path):
    """"What is v2.0? Is it stable?" over "Yes." under "<h2>Accounts</h2>" was an FAQ's
    level-3 heading until a summary of two sentences was taken for a question and its
    answer; it was then a paragraph of "Accounts", "Yes." with it. A summary of questions
    only is what an FAQ's is, and heads its answer again; a question and its answer ("Why
    is it slow? It reads the whole disk first.") stays text."""
    path = tmp_path / "faq.html"
    path.write_text(
        "<html><body><h1>FAQ</h1><h2>Accounts</h2>"
        "<details><summary>What is v2.0? Is it stable?</summary><p>Yes.</p></details>"
        "<details><summary>Is it free? Can I use it at work?</summary><p>Yes, both.</p>"
        "</details><details><summary>Why is it slow? It reads the whole disk first."
        "</summary><p>Use the cache.</p></details></body></html>", encoding="utf-8")
    assert [(b.kind, b.text, b.level) for b in parse_file(path).blocks][2:] == [
        (BlockKind.HEADING, "What is v2.0? Is it stable?", 3), (BlockKind.TEXT, "Yes.", 0),
        (BlockKind.HEADING, "Is it free? Can I use it at work?", 3),
        (BlockKind.TEXT, "Yes, both.", 0),
        (BlockKind.TEXT, "Why is it slow? It reads the whole disk first.", 2),
        (BlockKind.TEXT, "Use the cache.", 0)]
