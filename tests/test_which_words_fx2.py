"""Questions asking which documents hold words, as a review found them: a word written whole
("black_box") joined by "or" counted those holding any of its pieces ("box"); documents not of
several kinds ("... are not RFCs or papers?") counted as holding the kind words, and "What
files aren't papers?" asked as no listing question; headings said to hold words read, not
listed; negations suggesting forms that do not work, the singular one answered the opposite,
and a "not" read nowhere dropped."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from _mixed_kinds import MIXED, rfc_text, unordered_navigator as _nav
from _paths import sorted_names as _names
from _stores import indexed_graph

from docnav.ask_text import answer_text
from docnav.errors import InputError

BOXES = {"3201-a.md": rfc_text("3201", "a", "Add black_box, a hint to the optimizer."),
         "3202-b.md": rfc_text("3202", "b", "A box holds a value on the heap."),
         "3203-c.md": rfc_text("3203", "c", "The black cat sleeps."),
         "3204-d.md": rfc_text("3204", "d", "Iterators fuse once done."),
         "3205-e.md": rfc_text("3205", "e", "Macros expand to code.")}


@pytest.fixture(scope="module")
def boxes(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("boxes"), BOXES, search_vectors=False)


@pytest.mark.parametrize("asked", ["Which RFCs mention fuse or black_box?",
                                   "Which RFCs mention black_box or fuse?"])
def test_a_word_written_whole_joined_by_or_is_held_whole(boxes, asked):
    answer = _nav(boxes).ask(asked, budget=300)
    # (b.md, holding "box", and c.md, "black", were counted: any term of "black_box")
    assert _names(answer.count["documents"]) == ["3201-a.md", "3204-d.md"]
    assert '2 of the 5 documents asked of hold "' in answer_text(answer, boxes)


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("mixed"), MIXED, search_vectors=False)


@pytest.mark.parametrize("asked", ["Which documents are not RFCs or 10-Ks?",
                                   "Which documents are neither RFCs nor filings?",
                                   "Which documents aren't the 10-K filings or the RFCs?"])
def test_documents_not_of_several_kinds_are_those_of_the_others(mixed, asked):
    answer = _nav(mixed).ask(asked, budget=300)
    # (counted as holding "RFCs" or "10", "Ks")
    step = answer.trace[0]
    assert step["op"] == "kind left out" and step["document_count"] == 3
    assert step["kinds"] == {"RFC": 2, "filing": 1} and step["asked_of"] == 5
    assert _names(answer.count["documents"]) == ["demand.md", "sails.md"]
    assert re.search(r"leaving out the (2 RFCs and 1 filing|1 filing and 2 RFCs) of the 5 "
                     r"documents asked of, the kinds the question leaves out",
                     answer_text(answer, mixed))


def test_documents_not_of_every_kind_is_an_error(mixed):
    with pytest.raises(InputError, match="is a paper or an RFC or a filing, the kinds it leaves "
                                         "out: none is left to ask"):
        _nav(mixed).ask("Which documents are not papers, RFCs or 10-Ks?", budget=300)


@pytest.mark.parametrize("asked, how", [("What files aren't papers?", "which"),
                                        ("Which files are not papers?", "which"),
                                        ("How many documents are not papers?", "how many")])
def test_documents_not_of_a_kind_are_listed_or_counted(mixed, asked, how):
    answer = _nav(mixed).ask(asked, budget=300)
    # ("What files are there?" was asked of what they hold, and read them; "How many
    # documents are not papers?" counted those holding "not" and "papers")
    assert answer.searched_as == f"{how.capitalize()} documents are there?"
    assert _names(answer.count["documents"]) == ["2001-pins.md", "2002-dots.md", "globex.md"]
    assert not answer.evidence
    assert f"{how} documents: 3 documents asked of" in answer_text(answer, mixed)


def test_documents_not_of_a_kind_besides_another(mixed):
    answer = _nav(mixed).ask("Which documents are not papers, besides RFCs?", budget=300)
    # (the RFCs alone were left out: "Which documents are not papers?" was asked as words)
    assert answer.trace[0] == {"op": "kind left out", "kind": "paper", "document_count": 4,
                               "asked_of": 5, "kinds": {"paper": 2, "RFC": 2}}
    assert {Path(e.piece.doc_path).name for e in answer.evidence} <= {"globex.md"}


@pytest.mark.parametrize("asked", ["Which headings mention lifetimes?",
                                   "Which headings talk about lifetimes?",
                                   "What headings discuss lifetimes?",
                                   "Which headings mention lifetimes in RFC 3301?"])
@pytest.mark.parametrize("doc", [None, "*3301*"])
def test_headings_said_to_hold_words_are_listed(lifetimes, asked, doc):
    answer = _nav(lifetimes).ask(asked, budget=300, **({"doc": doc} if doc else {}))
    # (asked as "Which sections mention lifetimes?", "sections" was searched too, and two
    # sections read, none listed; "talk" was said missing)
    assert answer.searched_as.split(" ", 1)[1].startswith("sections are on lifetimes")
    assert "sections holding" in [step["op"] for step in answer.trace]
    assert answer.evidence[0].piece.text == ('Sections holding "lifetimes":\n'
                                             '- Lifetime capture (2 paragraphs)\n'
                                             '- Drawbacks (1 paragraph)')
    assert not {"sections", "talk", "discuss"} & {w.lower() for w in answer.missing}


LIFETIMES = {"3301-a.md": rfc_text("3301", "a", "Async functions capture their inputs.") + (
    "\n## Lifetime capture\n\nAll of the input lifetimes are captured.\n\n"
    "Lifetimes of references too.\n\n## Drawbacks\n\nThis section says lifetimes get "
    "longer.\n\n## Alternatives\n\nThis section lists none.\n"),
    "3302-b.md": rfc_text("3302", "b", "This section is about macros.")}


@pytest.fixture(scope="module")
def lifetimes(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("lifetimes"), LIFETIMES, search_vectors=False)


@pytest.mark.parametrize("asked", ["Which RFCs do not mention fuse and were published in 2018?",
                                   "Which RFCs do not mention box but mention fuse?"])
def test_a_negation_saying_more_suggests_the_form_read(boxes, asked):
    # (the error suggested "mention neither async nor pinning", which reads no more either)
    with pytest.raises(InputError) as refused:
        _nav(boxes).ask(asked, budget=300)
    said = str(refused.value)
    assert "neither" not in said
    suggested = re.search(r'"(Which RFCs that were published in 2018 do not mention \w+\?)"',
                          said)
    assert suggested and "ask that apart" in said
    answer = _nav(boxes).ask("Which RFCs that were published in 2018 do not mention fuse?",
                             budget=300)
    assert _names(answer.count["documents"]) == ["3201-a.md", "3202-b.md", "3203-c.md",
                                                 "3205-e.md"]


@pytest.mark.parametrize("asked", ["Which RFC does not mention fuse?",
                                   "Which RFC doesn't mention fuse?"])
def test_one_document_said_not_to_hold_a_word_is_asked_as_several(boxes, asked):
    answer = _nav(boxes).ask(asked, budget=300)
    # (it read the best match, 3204-d.md, the one holding "fuse")
    assert _names(answer.count["documents"]) == ["3201-a.md", "3202-b.md", "3203-c.md",
                                                 "3205-e.md"]
    assert not answer.evidence


@pytest.mark.parametrize("asked", ["Which RFCs are not yet implemented?",
                                   "Which RFCs were not accepted?",
                                   "Which RFCs don't have drawbacks?",
                                   "Which RFCs mention box but do not mention fuse?",
                                   # said of them after a clause, an adverb or a phrase: once
                                   # counted as if no "not" were said (7821fac, review R6)
                                   "Which RFCs that mention box don't mention fuse?",
                                   "Which RFCs mention box, which do not mention fuse?",
                                   "Which RFCs still aren't implemented?",
                                   "Which RFCs about box are not implemented?"])
def test_a_not_read_nowhere_is_refused(boxes, asked):
    # ("not" was dropped, and those that are counted: the opposite)
    with pytest.raises(InputError, match=r'"not" is read only in "do not" .* "are not about X", '
                                         r'"are not <kind>"'):
        _nav(boxes).ask(asked, budget=300)


def test_whether_or_not_is_no_negation(boxes):
    answer = _nav(boxes).ask("Which RFCs discuss whether or not to fuse?", budget=300)
    assert _names(answer.count["documents"]) == ["3204-d.md"]


@pytest.mark.parametrize("asked, holding", [
    ("Which RFCs explain why iterators are not done?", ["3204-d.md"]),
    ("Which RFCs say that a box can't be on the heap?", ["3202-b.md"]),
    ("How many RFCs mention code that cannot expand?", ["3205-e.md"])])
def test_a_not_in_a_clause_of_what_they_hold_is_no_negation_of_theirs(boxes, asked, holding):
    # a "not" inside "why ...", "that ..." was refused since e323bc8 ("not" read nowhere): it
    # says nothing of the documents asked for; they are counted by the words, as before it
    answer = _nav(boxes).ask(asked, budget=300)
    assert _names(answer.count["documents"]) == holding
