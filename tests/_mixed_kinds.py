"""A small mixed store's documents for questions of kind words (tests/test_ask_kinds_said.py,
tests/test_kind_words_review.py): a 10-K filing citing RFC 2001, two RFCs and two papers; how
an RFC and a paper are written for such stores, and the navigator they are asked with."""

from __future__ import annotations

from docnav.query import Navigator, NavigatorOptions

FILING = """---
registrant: GLOBEX CORPORATION
form: 10-K
---

# Annual report

## Business

We make engines for ships, and we sell them in many markets over many years of trade.
Our engines follow RFC 2001 for the pins that hold them in place at sea.
"""


def unordered_navigator(graph) -> Navigator:
    """A navigator with no reading order of located sections (``sections=0``): the questions of
    these stores are answered by the documents chosen, not by the sections found."""
    return Navigator(graph, NavigatorOptions(sections=0))


def rfc_text(number: str, name: str, text: str, started: str = "2018-01-01") -> str:
    return (f"# {number}-{name}\n\n- Start Date: {started}\n- RFC PR: rust-lang/rfcs#{number}"
            f"\n\n## Summary\n\n{text}\n")


def paper_text(title: str, text: str) -> str:
    return (f"# {title}\n\n## Abstract\n\n{text}\n\n## Introduction\n\n"
            f"Our main contribution is {text}\n")


MIXED = {
    "globex.md": FILING,
    "2001-pins.md": rfc_text("2001", "pins", "Add pins to the language so that engines stay put."),
    "2002-dots.md": rfc_text("2002", "dots", "Add dots, which engines print."),
    "demand.md": paper_text("Widget demand", "a survey of widget demand for ship engines."),
    "sails.md": paper_text("Ship sails", "a model of ship sails at sea, without pins."),
}
