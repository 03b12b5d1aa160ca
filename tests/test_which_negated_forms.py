"""Questions asking for the documents that do not hold something, said otherwise than "do not
mention X": "mention async but not pinning" (and "without mentioning", "and not", "but
never") counted those holding both words as if both were wanted; "never mention pinning" and
"lack pinning" counted "never" and "lack" as words; "lack a Drawbacks section" counted
"lack", and "do not have a Drawbacks section" was refused; "Which RFC isn't accepted?" read
the best match as if nothing were negated; "do not use BERT" was refused; "don't mention
async nor macros" was refused, "do not mention async and macros" refused suggesting a date."""

from __future__ import annotations

from pathlib import Path

import pytest
from _mixed_kinds import rfc_text
from _stores import indexed_graph

from docnav.ask_text import answer_text
from docnav.errors import InputError
from docnav.query import Navigator, NavigatorOptions

_DRAWBACKS = "\n## Drawbacks\n\nMore syntax to learn.\n"
NEGATED = {"3301-a.md": rfc_text("3301", "a", "Async functions and pinning.") + _DRAWBACKS,
           "3302-b.md": rfc_text("3302", "b", "Async blocks run later.") + _DRAWBACKS,
           "3303-c.md": rfc_text("3303", "c", "Pinning keeps a value in place."),
           "3304-d.md": rfc_text("3304", "d", "Macros expand to code."),
           "3305-e.md": rfc_text("3305", "e", "Iterators fuse once done.")}


@pytest.fixture(scope="module")
def negated(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("negated"), NEGATED, search_vectors=False)


def _ask(graph, asked: str):
    return Navigator(graph, NavigatorOptions(sections=0)).ask(asked, budget=300)


def _names(paths) -> list[str]:
    return sorted(Path(p).name for p in paths)


@pytest.mark.parametrize("asked", ["Which RFCs mention async but not pinning?",
                                   "Which RFCs mention async without mentioning pinning?",
                                   "Which RFCs mention async and not pinning?",
                                   "Which RFCs mention async but never pinning?",
                                   # one asked for: the best match was read
                                   "Which RFC mentions async but not pinning?"])
def test_documents_holding_one_word_and_not_another(negated, asked):
    answer = _ask(negated, asked)
    # (3301-a.md, holding both, was counted: "pinning" as wanted as "async")
    assert _names(answer.count["documents"]) == ["3302-b.md"]
    assert not answer.evidence
    assert ('2 of the 5 documents asked of hold "async"; 1 of those does not hold "pinning" '
            '(counted by their words; none read)') in answer_text(answer, negated)


def test_any_of_several_words_and_none_of_others(negated):
    answer = _ask(negated, "How many RFCs mention async or macros but not pinning or fuse?")
    assert _names(answer.count["documents"]) == ["3302-b.md", "3304-d.md"]
    assert ('3 of the 5 documents asked of hold "async" or "macros"; 2 of those hold neither '
            '"pinning" nor "fuse"') in answer_text(answer, negated)


def test_one_thing_held_naming_a_document_is_refused(negated):
    # its words would be counted, not its references
    with pytest.raises(InputError, match=r"'RFC 3301' names a document: ask of it apart"):
        _ask(negated, "Which RFCs cite RFC 3301 but not macros?")


@pytest.mark.parametrize("asked", ["Which RFCs never mention pinning?",
                                   "Which RFCs lack pinning?",
                                   "Which RFC never mentions pinning?"])
def test_never_and_lack_are_read_as_not(negated, asked):
    answer = _ask(negated, asked)
    # ("never", "lack" were counted as words wanted, with "pinning")
    assert _names(answer.count["documents"]) == ["3302-b.md", "3304-d.md", "3305-e.md"]
    assert not answer.evidence


@pytest.mark.parametrize("asked", ["Which RFCs lack a Drawbacks section?",
                                   "Which RFCs do not have a Drawbacks section?",
                                   "Which RFCs have no Drawbacks section?",
                                   "How many RFCs don't have a section on drawbacks?"])
def test_documents_without_a_section_so_headed(negated, asked):
    answer = _ask(negated, asked)
    assert _names(answer.count["documents"]) == ["3303-c.md", "3304-d.md", "3305-e.md"]
    assert not answer.evidence
    assert "3 of the 5 documents asked of have no section headed" in answer_text(answer,
                                                                                 negated)
    having = _ask(negated, "Which RFCs have a Drawbacks section?")
    assert _names(having.count["documents"]) == ["3301-a.md", "3302-b.md"]


def test_a_plain_verb_of_use_counts_the_word(negated):
    answer = _ask(negated, "Which RFCs do not use macros?")  # (refused: "use" was not read)
    assert _names(answer.count["documents"]) == ["3301-a.md", "3302-b.md", "3303-c.md",
                                                 "3305-e.md"]
    # (counted as if "async" were wanted too)
    but_not = _ask(negated, "Which RFCs use macros but not async?")
    assert _names(but_not.count["documents"]) == ["3304-d.md"]


@pytest.mark.parametrize("asked", ["Which RFC isn't accepted?", "Which RFC was never merged?",
                                   "Which RFC does not implement pinning?"])
def test_one_document_said_not_so_is_never_read_as_its_positive(negated, asked):
    # (the best match was read, as if nothing were negated)
    with pytest.raises(InputError, match=r'"not" is read only in'):
        _ask(negated, asked)


def test_names_joined_by_nor_or_and(negated):
    answer = _ask(negated, "Which RFCs don't mention async nor macros?")
    assert _names(answer.count["documents"]) == ["3303-c.md", "3305-e.md"]
    with pytest.raises(InputError, match=r'joined by "and" is not read .* "\.\.\. do not '
                                         r'mention async or macros\?"'):
        _ask(negated, "Which RFCs do not mention async and macros?")
