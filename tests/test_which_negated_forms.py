"""Questions asking for the documents that do not hold something, said otherwise than "do not
mention X": "lack a Drawbacks section" counted "lack", and "do not have a Drawbacks section"
was refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from _mixed_kinds import rfc_text
from _stores import indexed_graph

from docnav.ask_text import answer_text
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
