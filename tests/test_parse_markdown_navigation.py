"""A Markdown file's raw HTML navigation (docnav/parse/_markdown_details.py): a site's menu
written as ``<nav>`` or ``role="navigation"`` blocks around Markdown, and a ``<footer>``'s
lists of links, are left out as a page's are (``drop_navigation``, ``_footers``)."""

from __future__ import annotations

from docnav.model import BlockKind
from docnav.parse import parse_file


def _blocks(tmp_path, text: str) -> list[tuple[BlockKind, str]]:
    path = tmp_path / "page.md"
    path.write_text(text, encoding="utf-8")
    return [(b.kind, b.text) for b in parse_file(path).blocks]


def test_a_site_menu_around_markdown_links_is_left_out(tmp_path):
    """A site generator's page: "<nav>", a Markdown list of "[Home](/)" and "[Docs](/docs)",
    "</nav>", then the page. "Home" and "Docs" were list items of the page's text, ahead
    of its lead, as on every page of the site."""
    assert _blocks(tmp_path, "<nav>\n\n- [Home](/)\n- [Docs](/docs)\n\n</nav>\n\n"
                   "Lead of the page.\n\n# Guide\n\nText.\n\n"
                   '<div role="navigation">\n\n[Previous](/a) | [Next](/b)\n\n</div>\n\n'
                   "Last words.\n") == [
        (BlockKind.TEXT, "Lead of the page."), (BlockKind.HEADING, "Guide"),
        (BlockKind.TEXT, "Text."), (BlockKind.TEXT, "Last words.")]


def test_a_footer_keeps_its_text_but_not_its_lists_of_links(tmp_path):
    """As a page's footer: its copyright line and a list that says more than its links
    stay; its list of links alone ("About", "Privacy") is a menu."""
    assert _blocks(tmp_path, "# Guide\n\nText.\n\n<footer>\n\n- [About](/about)\n"
                   "- [Privacy](/privacy)\n\nCopyright 2024 Acme.\n\n"
                   "- Read [the guide](/g) first\n- [Help](/help)\n\n</footer>\n") == [
        (BlockKind.HEADING, "Guide"), (BlockKind.TEXT, "Text."),
        (BlockKind.TEXT, "Copyright 2024 Acme."),
        (BlockKind.LIST_ITEM, "Read the guide first"), (BlockKind.LIST_ITEM, "Help")]


def test_a_navigation_never_ended_leaves_the_text_after_it(tmp_path):
    """A ``<nav>`` opened and never ended would take the rest of the file with it: where
    it ends is no more than a guess, so its text is kept."""
    assert _blocks(tmp_path, "# Guide\n\n<nav>\n\n- [Home](/)\n\nText.\n") == [
        (BlockKind.HEADING, "Guide"), (BlockKind.LIST_ITEM, "Home"), (BlockKind.TEXT, "Text.")]


def test_a_navigation_s_headings_and_prose_stay(tmp_path):
    """A table of contents in a ``<nav>``: its heading and its sentence stay, as a page
    keeps them; its links alone go. All of it was left out."""
    assert _blocks(tmp_path, "# Tool\n\nIntro.\n\n<nav>\n\n## Contents\n\n"
                   "Install explains how to install the tool on Linux and macOS.\n\n"
                   "- [Install](#install)\n- [Run](#run)\n\n</nav>\n\n## Install\n\n"
                   "Run pip.\n") == [
        (BlockKind.HEADING, "Tool"), (BlockKind.TEXT, "Intro."),
        (BlockKind.HEADING, "Contents"),
        (BlockKind.TEXT, "Install explains how to install the tool on Linux and macOS."),
        (BlockKind.HEADING, "Install"), (BlockKind.TEXT, "Run pip.")]
