"""The router's rules: global cues are phrases about the whole, cross-reference cues name a
part of a document (a label with table/figure/item/note/page), the rest is local."""

from __future__ import annotations

import pytest

from docnav.query import route


def test_router_rules():
    assert route("What are the main risks described?") == "global"
    assert route("What does Section 2 say about breakers?") == "cross-reference"
    assert route("How often is the seal replaced?") == "local"


@pytest.mark.parametrize("question, expected", [
    ("What happens when main returns an error?", "local"),
    ("Can a file descriptor be shared across threads?", "local"),
    ("Must all the fields be public?", "local"),
    ("Is the whole crate recompiled?", "local"),
    ("What does the Summary section of the RFC say?", "cross-reference"),
    ("Summarise the drawbacks raised", "global"),
    ("What are the main themes across these RFCs?", "global"),
    ("Give me a summary of the report", "global"),
    ("Which risks recur across the filings?", "global"),
    ("What is the overall conclusion?", "global"),
    # whose main points they are may stand between "what are" and "main"
    ("What are the company's main risk factors?", "global"),
    ("What are Amazon's key risks?", "global"),
    ("What are its main findings?", "global"),
    ("What do they see as the main problem?", "local"),
    # one contribution, finding or idea of the whole is asked as the plural is ("What is the
    # main contribution of each paper?" read tables headed "Main results"); one risk or
    # problem is a thing the text names
    ("What is the main contribution of the paper?", "global"),
    ("What is the key finding?", "global"),
    ("What is the central idea of the RFC?", "global"),
    ("What is the main risk of the merger?", "local"),
    # all of it asked for ("everything" was searched as a word); said of the text, a word
    ("Tell me everything", "global"),
    ("Show me everything you have.", "global"),
    ("please tell me about everything in the store", "global"),
    ("Is everything Send?", "local"),
    ("Tell me everything about the borrow checker", "local"),
])
def test_global_cues_are_phrases_about_the_whole_not_single_words(question, expected):
    # "main", "whole", "across", "all the" and "summary" name things as often as they ask for
    # an overview: the first five went to the summaries
    assert route(question) == expected


@pytest.mark.parametrize("question, expected", [
    ("What does Table 2 show?", "cross-reference"),
    ("What is shown in Table A.1?", "cross-reference"),
    ("What does fig. 3 show?", "cross-reference"),
    ("What does Table A1 show?", "cross-reference"),  # an appendix's table
    ("What does Item 7A say about market risk?", "cross-reference"),
    ("What is reported in note 12?", "cross-reference"),
    ("What does § 4.2 require?", "cross-reference"),
    ("What is in the appendix?", "cross-reference"),
    ("See above for the terms: what is the fee?", "cross-reference"),
    ("What is a hash table?", "local"),
    ("How do they figure out the polarity?", "local"),
    ("What do they see as the main problem?", "local"),
    ("Which items are listed as exceptions?", "local"),
    ("How many pages does the report have?", "local"),
    ("Is a note kept of each change?", "local"),
    # a letter is a label as a capital: "items a", "figure a" went to the expanded sections
    ("What are the items a user can buy?", "local"),
    ("Which tables a reader sees first?", "local"),
    ("What does Figure B show?", "cross-reference"),
])
def test_cross_reference_cues_name_a_part_of_the_document(question, expected):
    # "table", "figure", "item", "note" and "page" name a part only with its label; "see" only
    # before a part: a hash table, figuring out and seeing went to the expanded sections
    assert route(question) == expected
