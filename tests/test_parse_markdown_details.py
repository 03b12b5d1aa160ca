"""A Markdown file's raw ``<details>`` disclosures (docnav/parse/_markdown_details.py): one in
a navigation, header or footer block is a site's menu, not a section, as a page's is; and a
site's navigation is left out, as a page's is."""

from __future__ import annotations

import pytest

from docnav.model import BlockKind
from docnav.parse import parse_file

MENU = "<details>\n<summary>Menu</summary>\n\n- [Home](/)\n- [Docs](/docs)\n\n</details>"


GUIDE = (BlockKind.HEADING, "Guide", 1)
MENU_BLOCKS = [(BlockKind.TEXT, "Menu", 0), (BlockKind.LIST_ITEM, "Home", 0),
               (BlockKind.LIST_ITEM, "Docs", 0)]
AFTER = [(BlockKind.TEXT, "Intro of the guide.", 0), (BlockKind.HEADING, "Options", 2),
         (BlockKind.TEXT, "The options of the guide.", 0), (BlockKind.HEADING, "Install", 2),
         (BlockKind.TEXT, "Install it.", 0)]


@pytest.mark.parametrize("around, menu", [
    (("<nav>\n", "\n</nav>"), MENU_BLOCKS[:1]),
    (("<footer>\n", "\n</footer>"), MENU_BLOCKS[:1]),
    (("<header>\n", "\n</header>"), MENU_BLOCKS),
    (("<div role=\"navigation\">\n<div class=\"menu\">\n", "\n</div>\n</div>"),
     MENU_BLOCKS[:1]),
], ids=["nav", "footer", "header", "role-navigation"])
def test_a_disclosure_in_a_menu_block_is_no_section(tmp_path, around, menu):
    """"<nav>", "<details>", "<summary>Menu</summary>", a Markdown list of links, and the
    tags' ends, in HTML blocks of their own around the list, made "Menu" a section after
    "Guide" holding the links, and "Intro" after the menu went back to "Guide" a paragraph
    after it. A page's disclosure in a ``<nav>``, a ``role="navigation"`` element, a
    ``<header>`` or a ``<footer>`` is a site menu and stays text; so does a Markdown file's,
    whichever of its blocks opened that element. One outside them is still a section.
    As on a page, a navigation's and a footer's lists of links alone are left out; a
    header's stay, and the disclosure's "Menu" stays text, not a section."""
    path = tmp_path / "guide.md"
    opening, closing = around
    path.write_text(f"# Guide\n\n{opening}{MENU}{closing}\n\nIntro of the guide.\n\n"
                    "<details>\n<summary>Options</summary>\n\nThe options of the guide.\n\n"
                    "</details>\n\n## Install\n\nInstall it.\n", encoding="utf-8")
    assert [(b.kind, b.text, b.level) for b in parse_file(path).blocks] == [
        GUIDE, *menu, *AFTER]


def test_a_disclosure_in_a_menu_of_one_html_block_is_no_section(tmp_path):
    """A ``<nav>`` written as one HTML block, its disclosure in it, is a menu too: its
    "Menu" text, no section, and its links left out."""
    path = tmp_path / "guide.md"
    path.write_text("# Guide\n\nIntro of the guide.\n\n<nav><details><summary>Menu</summary>"
                    "<p><a href='/'>Home</a> <a href='/docs'>Docs</a></p></details></nav>\n\n"
                    "After the menu.\n", encoding="utf-8")
    assert [(b.kind, b.text) for b in parse_file(path).blocks] == [
        (BlockKind.HEADING, "Guide"), (BlockKind.TEXT, "Intro of the guide."),
        (BlockKind.TEXT, "Menu"), (BlockKind.TEXT, "After the menu.")]
