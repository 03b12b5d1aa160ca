"""Documents asked for by several parts ("Which RFCs have a Drawbacks or Alternatives
section?", "... both a Drawbacks and an Alternatives section?"): the phrase was read as one
heading, "Drawbacks or Alternatives", that no document has (0 of 27 listed, where 25 have one
of them and 15 both). Now those with any of them ("or") or each of them ("and"), with how
many have each; the lacking form stays refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from _mixed_kinds import rfc_text
from _stores import indexed_graph

from docnav.ask_text import answer_text
from docnav.errors import InputError
from docnav.query import Navigator, NavigatorOptions

_DRAWBACKS = "\n## Drawbacks\n\nMore syntax to learn.\n"
_ALTERNATIVES = "\n## Alternatives\n\nDo nothing.\n"
_RATIONALE = "\n## Rationale and alternatives\n\nWait a year.\n"
PARTS = {
    "3501-a.md": rfc_text("3501", "a", "Async functions.") + _DRAWBACKS + _ALTERNATIVES,
    "3502-b.md": rfc_text("3502", "b", "Async blocks.") + _DRAWBACKS,
    "3503-c.md": rfc_text("3503", "c", "Unsafe code.") + _ALTERNATIVES,
    "3504-d.md": rfc_text("3504", "d", "Macros expand.") + _RATIONALE,
    "3505-e.md": rfc_text("3505", "e", "Iterators fuse.")}


@pytest.fixture(scope="module")
def parts(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("parts"), PARTS, search_vectors=False)


def _ask(graph, asked: str):
    return Navigator(graph, NavigatorOptions(sections=0)).ask(asked, budget=600)


def _names(paths) -> list[str]:
    return sorted(Path(p).name for p in paths)


@pytest.mark.parametrize("asked, having", [
    ("Which RFCs have a Drawbacks or Alternatives section?",
     ["3501-a.md", "3502-b.md", "3503-c.md"]),
    ("How many RFCs have a drawbacks or an alternatives section?",
     ["3501-a.md", "3502-b.md", "3503-c.md"]),
    ("Which RFCs have both a Drawbacks and an Alternatives section?", ["3501-a.md"]),
    ("Which RFCs have a Drawbacks and an Alternatives section?", ["3501-a.md"]),
    # a heading said whole with "and" is one heading
    ("Which RFCs have a Rationale and alternatives or Drawbacks section?",
     ["3501-a.md", "3502-b.md", "3504-d.md"])])
def test_several_parts_are_any_or_each_of_their_headings(parts, asked, having):
    answer = _ask(parts, asked)
    assert _names(answer.count["documents"]) == having
    assert (answer.count["n"], answer.count["of"]) == (len(having), 5)


def test_the_line_says_how_many_have_each_and_each_is_read_from_one(parts):
    answer = _ask(parts, "Which RFCs have a Drawbacks or Alternatives section?")
    text = answer_text(answer, parts)
    assert ('3 of the 5 documents asked of have a section headed "Drawbacks" or one headed '
            '"Alternatives" (2 have "Drawbacks", 2 "Alternatives"') in text, text
    read = {(Path(e.piece.doc_path).name, e.piece.breadcrumb.rsplit(" › ", 1)[-1])
            for e in answer.evidence}
    assert ("3503-c.md", "Alternatives") in read and ("3502-b.md", "Drawbacks") in read, read
    text = answer_text(_ask(parts, "Which RFCs have both a Drawbacks and an Alternatives "
                                   "section?"), parts)
    assert ('1 of the 5 documents asked of has both a section headed "Drawbacks" and one '
            'headed "Alternatives"') in text, text


@pytest.mark.parametrize("asked", [
    "Which RFCs have a Drawbacks and Motivation or Alternatives section?",
    "Which RFCs lack a Drawbacks or Alternatives section?",
    "Which RFCs lack both a Drawbacks and an Alternatives section?"])
def test_parts_joined_unclearly_or_lacked_are_refused(parts, asked):
    with pytest.raises(InputError):
        _ask(parts, asked)


# each piece less what is said around its heading ("a Drawbacks section or an Alternatives
# section" held "Drawbacks section", none had it; "a section on drawbacks or on alternatives"
# a heading "on alternatives"), and the count names the headings, not the phrase ("part":
# "Drawbacks or Alternatives"; a review found them, RC)
@pytest.mark.parametrize("asked", [
    "Which RFCs have a Drawbacks section or an Alternatives section?",
    "Which RFCs have a section on drawbacks or on alternatives?",
    "Which RFCs have a drawbacks section or an alternatives section?"])
def test_each_part_is_its_heading_alone(parts, asked):
    answer = _ask(parts, asked)
    assert _names(answer.count["documents"]) == ["3501-a.md", "3502-b.md", "3503-c.md"]
    assert [h.lower() for h in answer.count["parts"]] == ["drawbacks", "alternatives"]
    assert answer.count["part"] is None
    assert "section headed" in answer_text(answer, parts)


def test_one_having_a_heading_is_said_so_and_the_question_read_names_each(tmp_path):
    graph = indexed_graph(tmp_path, {k: PARTS[k] for k in ("3501-a.md", "3503-c.md",
                                                           "3505-e.md")}, search_vectors=False)
    answer = _ask(graph, "Which RFCs have a Drawbacks or Alternatives section?")
    text = answer_text(answer, graph)
    assert '(1 has "Drawbacks", 2 "Alternatives"' in text, text
    asked = [step.get("question") for step in answer.trace]
    assert "What does the Drawbacks or Alternatives section say?" not in asked, asked
    assert 'What does the section headed "Drawbacks" or "Alternatives" say?' in asked, asked


def test_neither_nor_is_refused_saying_what_to_ask(parts):
    with pytest.raises(InputError) as refused:
        _ask(parts, "Which RFCs have neither a Drawbacks nor an Alternatives section?")
    said = str(refused.value)
    assert "a neither" not in said and "not both" not in said, said
    assert '"Which RFCs have a Drawbacks or Alternatives section?"' in said, said
