"""What review R6 found "lack X" got wrong: a part said otherwise than "a X section" ("a X
heading", "a heading on X", "a X section," before "besides", "a X section from 2018") was
counted as words, the whole phrase one name held by none; a heading said whole with "and"
("Rationale and alternatives") was refused as two; "have never mentioned", "never once
mention", "never talk about", "never use" were refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from _mixed_kinds import paper_text, rfc_text
from _stores import indexed_graph

from docnav.ask_text import answer_text
from docnav.errors import InputError
from docnav.query import Navigator, NavigatorOptions

_MOTIVATION = "\n## Motivation\n\nIt is needed.\n"
_DRAWBACKS = "\n## Drawbacks\n\nMore syntax to learn.\n"
_RATIONALE = "\n## Rationale and alternatives\n\nDo nothing.\n"
LACKED = {
    "3401-a.md": rfc_text("3401", "a", "Async functions and pinning.") + _MOTIVATION
    + _DRAWBACKS + _RATIONALE,
    "3402-b.md": rfc_text("3402", "b", "Async blocks run later.") + _MOTIVATION + _DRAWBACKS,
    "3403-c.md": rfc_text("3403", "c", "Unsafe code keeps a value in place.") + _MOTIVATION,
    "3404-d.md": rfc_text("3404", "d", "Macros expand to code.") + _MOTIVATION + _RATIONALE,
    "3405-e.md": rfc_text("3405", "e", "Iterators fuse.")}


@pytest.fixture(scope="module")
def lacked(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("lacked"), LACKED, search_vectors=False)


def _ask(graph, asked: str):
    return Navigator(graph, NavigatorOptions(sections=0)).ask(asked, budget=600)


def _names(paths) -> list[str]:
    return sorted(Path(p).name for p in paths)


@pytest.mark.parametrize("asked, lacking", [
    ("Which RFCs lack a Motivation heading?", ["3405-e.md"]),
    ("How many RFCs lack a Motivation heading?", ["3405-e.md"]),
    ("Which RFCs lack a Drawbacks heading?", ["3403-c.md", "3404-d.md", "3405-e.md"]),
    ("Which RFCs lack a heading on drawbacks?", ["3403-c.md", "3404-d.md", "3405-e.md"]),
    ("Which RFCs lack a Drawbacks section, besides RFC 3405?", ["3403-c.md", "3404-d.md"]),
    ("Which RFCs lack a Drawbacks section, besides RFC 3405 and RFC 3404?", ["3403-c.md"]),
    ("Which RFCs lack a Rationale and alternatives section?",
     ["3402-b.md", "3403-c.md", "3405-e.md"]),
    ("Which RFCs do not have a Rationale and alternatives section?",
     ["3402-b.md", "3403-c.md", "3405-e.md"])])
def test_a_part_lacked_is_counted_by_its_heading(lacked, asked, lacking):
    # (counted by their words: none holds "a Motivation heading", all 5 were listed)
    answer = _ask(lacked, asked)
    assert answer.count["lacking"] and answer.count["words"] is None
    assert _names(answer.count["documents"]) == lacking


def test_a_part_lacked_besides_after_a_comma_says_besides(lacked):
    text = answer_text(_ask(lacked, "Which RFCs lack a Drawbacks section, besides RFC 3405?"),
                       lacked)
    assert "besides 3405-e.md, 2 of the 4 documents asked of have no section headed" in text


@pytest.mark.parametrize(("asked", "heading"), [
    ("Which RFCs lack a drawbacks section from 2018?", "Drawbacks"),
    ("Which RFCs lack a section on drawbacks from 2018?", "Drawbacks"),
    ("Which RFCs lack a section?", "Summary")])  # (the heading every one has)
def test_a_part_lacked_not_read_is_refused(lacked, asked, heading):
    # (counted as the words "a drawbacks section from 2018": all 5 listed); the example's
    # heading is the one it names, as the store writes it, or one the store has
    with pytest.raises(InputError, match=rf'"Which RFCs from 2018 lack a {heading} section\?"'):
        _ask(lacked, asked)


def test_a_part_lacked_dated_before_lack_is_counted(lacked):
    answer = _ask(lacked, "Which RFCs from 2018 lack a Drawbacks section?")
    assert _names(answer.count["documents"]) == ["3403-c.md", "3404-d.md", "3405-e.md"]


@pytest.mark.parametrize("asked", ["Which RFCs have never mentioned pinning?",
                                   "Which RFCs never once mention pinning?",
                                   "Which RFCs never talk about pinning?",
                                   "Which RFC has never mentioned pinning?"])
def test_never_in_any_tense_is_not_mentioning(lacked, asked):
    # (refused: "not" is read only in ...)
    answer = _ask(lacked, asked)
    assert answer.count["neither"] == ["pinning"]
    assert _names(answer.count["documents"]) == ["3402-b.md", "3403-c.md", "3404-d.md",
                                                 "3405-e.md"]


def test_never_use_is_not_holding(lacked):
    answer = _ask(lacked, "Which RFCs never use unsafe?")
    assert _names(answer.count["documents"]) == ["3401-a.md", "3402-b.md", "3404-d.md",
                                                 "3405-e.md"]


def test_never_said_of_them_otherwise_is_still_refused(lacked):
    with pytest.raises(InputError, match='"not" is read only in'):
        _ask(lacked, "Which RFCs have never been accepted?")


@pytest.mark.parametrize("asked, suggested", [
    ("Which RFCs lack any mention of pinning?", "do not mention pinning?"),
    ("Which RFCs lack a borrow checker?", "do not mention borrow checker?")])
def test_lacking_more_than_a_name_is_refused(lacked, asked, suggested):
    # (counted as the words "any mention of pinning", the phrase one name: all 5 listed)
    with pytest.raises(InputError, match=re.escape(suggested)):
        _ask(lacked, asked)


@pytest.mark.parametrize("asked, lacking", [
    ("Which RFCs lack pinning?", ["3402-b.md", "3403-c.md", "3404-d.md", "3405-e.md"]),
    ("Which RFCs lack unsafe code?", ["3401-a.md", "3402-b.md", "3404-d.md", "3405-e.md"])])
def test_lacking_a_name_is_counted_by_its_words(lacked, asked, lacking):
    assert _names(_ask(lacked, asked).count["documents"]) == lacking


PAPERS = {"lstm.md": paper_text("Tagging with an LSTM", "an LSTM tagger.")
          + "\n## Conclusion\n\nIt tags.\n",
          "trees.md": paper_text("Parsing trees", "a tree parser.")}


@pytest.mark.parametrize("asked", ["Which papers that lack a Conclusion mention LSTM?",
                                   "Which papers that lack a Conclusion section mention LSTM?",
                                   "How many papers that lack a Conclusion section mention "
                                   "LSTM?"])
def test_lack_in_a_clause_is_refused_in_the_store_s_own_words(tmp_path, asked):
    """"that lack a Conclusion" with more after it: refused, not counted as the word "lack"
    (1 of 4 papers "holds lack"); the example is of papers and the heading said, not of
    RFCs and a Drawbacks section."""
    graph = indexed_graph(tmp_path, PAPERS, search_vectors=False)
    with pytest.raises(InputError) as refused:
        _ask(graph, asked)
    said = str(refused.value)
    assert 'ask "Which papers lack a Conclusion section?"' in said
    assert "RFC" not in said and "Drawbacks" not in said


def test_a_part_lacked_unread_is_refused_with_a_heading_of_the_store(lacked):
    with pytest.raises(InputError, match=r'ask "Which RFCs lack a Motivation section\?"'):
        _ask(lacked, "Which RFCs that lack a Motivation section mention async?")


def test_a_part_lacked_not_read_of_undated_documents_gives_no_dated_example(tmp_path):
    # ('"Which papers from 2018 lack an Abstract section?"' was suggested of papers with no
    # dates, and refused there; and "what else they hold is not read" where nothing else was)
    graph = indexed_graph(tmp_path, {f"{n}.md": paper_text(f"Paper {n}", "Pumps.")
                                     for n in ("one", "two")}, search_vectors=False)
    with pytest.raises(InputError) as refused:
        _ask(graph, "Which papers lack a section?")
    assert '"Which papers lack an Abstract section?"' in str(refused.value)
    assert "2018" not in str(refused.value) and "what else they hold" not in str(refused.value)
