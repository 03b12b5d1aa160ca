"""A PDF's first heading is its title only where no heading after it stands at its level (a
QA pass): one page of a paper, with no title-sized text, took "5.1 Hyper Parameter
Optimization" for its title, so the breadcrumbs of its sibling read "5.1 Hyper Parameter
Optimization > 5.2 Quantitative Results", as if 5.2 were inside 5.1."""

from __future__ import annotations

from _parsing import NATIVE
from _paths import FIXTURES, require

from docnav.parse import parse_file
from docnav.tree import build_tree


def test_a_first_heading_with_siblings_is_no_title():
    path = require(FIXTURES / "pdf" / "2305.03393v1-pg9.pdf")
    tree = build_tree(parse_file(path, NATIVE), "d", path.name)
    assert tree.nodes[0].heading == "2305.03393v1-pg9"  # the file's name, as without a title
    crumbs = {n.breadcrumb for n in tree.nodes if n.heading.startswith("5.2 ")}
    assert crumbs == {"2305.03393v1-pg9 › 5.2 Quantitative Results"}
    assert [n.heading for n in tree.nodes if n.parent_id == tree.nodes[0].node_id
            and n.heading[:2] == "5."] == ["5.1 Hyper Parameter Optimization",
                                           "5.2 Quantitative Results"]
