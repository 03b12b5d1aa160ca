"""A question ordering documents with no kind before its verb, the documents after "of"
("Which is the longest of those that were published in 2018?", "Which is the longest of the
RFCs?") is ordered as "Which RFC is the longest of those ...?" is: it was no question of
order, and read the best match's passages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from _paths import file_names
from _stores import indexed_graph
from test_kinds_mixed import FILES
from test_ordered_asks import DOCS

from docnav.ask_text import answer_text
from docnav.errors import InputError
from docnav.query import Navigator
from docnav.query.ordered import BY_DATE, BY_LENGTH


@pytest.fixture(scope="module")
def nav(tmp_path_factory):
    return Navigator(indexed_graph(tmp_path_factory.mktemp("of_them"), DOCS))


def _step(answer) -> dict:
    return next(s for s in answer.trace if s["op"] == "documents")


@pytest.mark.parametrize("question, read, dated", [
    ("Which is the longest of those that were published in 2018?", ["alpha.html"], "in 2018"),
    ("What is the longest of those that were published in 2018?", ["alpha.html"], "in 2018"),
    ("Which is the longest of the reports?", ["gamma.html"], None),
    ("Which is the shortest of the reports from 2018?", ["beta.html"], "in 2018"),
    ("Which is the oldest of the reports?", ["alpha.html"], None),
    ("Which was the newest of those from 2018?", ["beta.html"], "in 2018"),
    ("Which is the oldest of those in 2018?", ["alpha.html"], "in 2018"),
    # what orders them said last, of the kind named (not ordered since 7f5dbf3, review R5)
    ("Which is the oldest of the reports, by date?", ["alpha.html"], None),
    ("Which is the longest of the reports, by length?", ["gamma.html"], None),
    ("Which is the oldest of the reports by date?", ["alpha.html"], None),
])
def test_the_documents_said_after_of_are_ordered(nav, question, read, dated):
    answer = nav.ask(question, 300)
    # as "Which report is the longest of those that were published in 2018?" reads them
    step = _step(answer)
    assert (file_names(step["documents"]), step["dated"], step["holding"]) == (read, dated, [])


@pytest.mark.parametrize("question", ["What was the first of those changes?",
                                      "What is the last of those rules?",
                                      "What is the first of the steps?"])
def test_those_of_a_noun_are_no_documents_to_order(question):
    assert BY_DATE.search(question) is None and BY_LENGTH.search(question) is None


@pytest.mark.parametrize("question", [
    # the kind's possessive or a noun after it: of a text (once the earliest of all was read)
    "What is the first of the RFCs' drawbacks?", "What is the last of the RFC's drawbacks?",
    "What was the first of the RFC's goals?", "Which is the longest of the RFC process's steps?",
    "Which is the longest of the RFCs' sections?",
    "What is the first of the documents listed in RFC 0002?",
    "What is the last of the papers cited in RFC 2592?",
    # "of those" then a comma, or "in", "on", "by" but of a year
    "What is the first of those in RFC 2394?", "What is the last of those in the list?",
    "What is the first of those, and why?", "What is the first of those on the roadmap?",
    "Which is the first of those by date?", "Which is the first of those, by date?",
    # another measure than the order's (it was ordered by date since 38e84d6, review R6)
    "Which is the first of the RFCs, by length?",
    # "file" by date: of a text
    "What is the last file to be loaded?", "What is the first file in the list?",
])
def test_of_them_said_of_a_text_is_no_question_of_order(question):
    assert BY_DATE.search(question) is None and BY_LENGTH.search(question) is None


def test_are_asks_for_several(nav):
    step = _step(nav.ask("Which are the longest of the reports?", 400))
    assert file_names(step["documents"]) == ["gamma.html", "alpha.html"]
    step = _step(nav.ask("Which is the longest of the reports?", 400))
    assert file_names(step["documents"]) == ["gamma.html"]


def test_the_kind_said_after_of_chooses_its_documents(tmp_path):
    # of papers, a 10-K and RFCs: as "Which RFC is the longest?" (it read the best match)
    nav = Navigator(indexed_graph(tmp_path, FILES, search_vectors=False))
    for question in ("Which is the longest of the RFCs?", "Which is the newest of the RFCs?"):
        answer = nav.ask(question, 200)
        assert answer.trace[0]["op"] == "kind" and answer.trace[0]["kind"] == "RFC", question
        assert _step(answer)["documents"] and _step(answer)["documents"][0].endswith(
            ("2001-pins.md", "2002-dots.md")), question  # (both dated 2018-01-01)
    assert file_names(_step(nav.ask("Which is the longest of the RFCs?", 200))["documents"]
                      ) == ["2001-pins.md"]
    answer = nav.ask("Which is the shortest of the papers?", 200)
    assert answer.trace[0]["kind"] == "paper"
    assert file_names(_step(answer)["documents"]) == ["demand.md"]


@pytest.mark.parametrize("question, read, line", [
    ("Which is longer, alpha.html or beta.html?", "alpha.html",
     "asked of the longer of the 2 documents the question names, by their words: alpha.html ("),
    ("Which is shorter, gamma.html or alpha.html?", "alpha.html",
     "asked of the shorter of the 2 documents the question names, by their words: alpha.html"),
    ("Which report is older, beta.html or gamma.html?", "beta.html",
     "asked of the earlier by their own dates of the 2 dated documents the question names: "
     "beta.html (2018-09-01), beside gamma.html (2021-05-01)"),
    ("Which is newer, alpha.html or beta.html?", "beta.html",
     "asked of the later by their own dates of the 2 dated documents the question names: "
     "beta.html (2018-09-01), beside alpha.html (2018-03-01)"),
])
def test_which_of_those_named_is_longer_or_older(nav, question, read, line):
    # (the first named was asked of alone: "longer" and the other's name not in the evidence)
    answer = nav.ask(question, 300)
    step = _step(answer)
    assert file_names(step["documents"]) == [read] and step["named"]
    assert {Path(e.piece.doc_path).name for e in answer.evidence} == {read}
    said = answer_text(answer, nav.graph).splitlines()
    assert any(s.startswith(line) for s in said), said
    if "longer" in question:  # both lengths said
        assert re.search(r"alpha\.html \(\d+ words\), beside beta\.html \(\d+ words\)",
                         "\n".join(said))


@pytest.mark.parametrize("question, read", [
    # the kind said after "of", before the verb: a search for "shortest" in none of them
    ("Which of the reports is the shortest?", ["beta.html"]),
    ("Which of the reports is the longest?", ["gamma.html"]),
    ("Which of the reports was the first?", ["alpha.html"]),
    ("Which one of all the reports is the newest?", ["gamma.html"]),
    ("Which of the reports from 2018 is the longest?", ["alpha.html"]),
    ("Which of the reports are the longest?", ["gamma.html", "alpha.html"]),
    # "files" by length (it was no question of order, where "documents" was: review R1)
    ("Which of the files is the longest?", ["gamma.html"]),
    ("Which is the shortest of the files?", ["beta.html"]),
    ("Which file is the longest?", ["gamma.html"]),
])
def test_the_kind_said_after_of_before_the_verb_is_ordered(nav, question, read):
    # as "Which report is the shortest?" reads them, by the same measure, said with its figure
    answer = nav.ask(question, 400)
    step = _step(answer)
    assert file_names(step["documents"]) == read and step["holding"] == [], question
    said = answer_text(answer, nav.graph)
    assert re.search(rf"{re.escape(read[0])} \((?:\d+ words|\d{{4}}-\d\d-\d\d)\)", said), said


@pytest.mark.parametrize("question, read, line", [
    # the names before the verb, a superlative of those named, a verb of their dates: each
    # once asked of the first named alone, the other's name "not in the evidence"
    ("Which of alpha.html and beta.html is longer?", "alpha.html",
     "asked of the longer of the 2 documents the question names, by their words: alpha.html ("),
    ("Which is the longest, beta.html or alpha.html?", "alpha.html",
     "asked of the longer of the 2 documents the question names, by their words: alpha.html ("),
    ("Which of the reports is the shortest, gamma.html or beta.html?", "beta.html",
     "asked of the shorter of the 2 documents the question names, by their words: beta.html ("),
    ("Which report came first, gamma.html or beta.html?", "beta.html",
     "asked of the earlier by their own dates of the 2 dated documents the question names: "
     "beta.html (2018-09-01), beside gamma.html (2021-05-01)"),
    ("Which of gamma.html and alpha.html was published last?", "gamma.html",
     "asked of the later by their own dates of the 2 dated documents the question names: "
     "gamma.html (2021-05-01), beside alpha.html (2018-03-01)"),
    ("Which reports are older, beta.html or alpha.html?", "alpha.html",
     "asked of the earlier by their own dates of the 2 dated documents the question names: "
     "alpha.html (2018-03-01), beside beta.html (2018-09-01)"),
    # the kind after the superlative or comparative (the latest of all was read: gamma.html)
    ("Which is the latest report, alpha.html or beta.html?", "beta.html",
     "asked of the later by their own dates of the 2 dated documents the question names: "
     "beta.html (2018-09-01), beside alpha.html (2018-03-01)"),
    ("Which is the longest report, beta.html or alpha.html?", "alpha.html",
     "asked of the longer of the 2 documents the question names, by their words: alpha.html ("),
    ("Which is the shorter report: gamma.html or alpha.html?", "alpha.html",
     "asked of the shorter of the 2 documents the question names, by their words: alpha.html"),
])
def test_those_named_are_compared_however_said(nav, question, read, line):
    answer = nav.ask(question, 300)
    assert file_names(_step(answer)["documents"]) == [read] and _step(answer)["named"]
    said = answer_text(answer, nav.graph).splitlines()
    assert any(s.startswith(line) for s in said), said


@pytest.mark.parametrize("question", ["Which is older, RFC 9999 or alpha.html?",
                                      "Which of alpha.html and RFC 9999 is longer?",
                                      "Which came first, beta.html or RFC 9999?"])
def test_a_name_of_no_document_compared_is_said(nav, question):
    # (the other one named was read alone, 9999 said nowhere)
    with pytest.raises(InputError, match="no document indexed is RFC 9999"):
        nav.ask(question, 300)
    with pytest.raises(InputError, match="no document indexed is RFC 9999"):  # (in --doc)
        nav.ask(question, 300, doc="*/[ab]*.html")


@pytest.mark.parametrize("question", ["Which is older, alpha.html or RFC 9999?",
                                      "Which of alpha.html and RFC 9999 is longer?"])
def test_one_named_outside_those_asked_of_is_said_so(nav, question):
    # (alpha.html was called no document, an error: its name was looked up in those asked of)
    said = answer_text(nav.ask(question, 300, doc="*/[bg]*.html"), nav.graph)
    assert '"alpha.html" names a document outside those asked of' in said, said
    assert "RFC 9999 is not in the store: none of its" in said, said


# long.md says "drawbacks" and "section" most, with no section so headed
HEADED = {
    "long.md": "# Long\n\n## Summary\n\nThis section lists no drawbacks of the plan. "
               + "The pumps move water to every floor of the building. " * 8 + "\n",
    "mid.md": "# Mid\n\n## Drawbacks\n\nThe valves leak when the pumps run all night long "
              "in the cold cellar.\n",
    "short.md": "# Short\n\n## Drawbacks\n\nThe pipes rust.\n",
}


@pytest.mark.parametrize("question, read", [
    ("Which is the longest of those with a Drawbacks section?", "mid.md"),
    ("Which is the shortest of those that have a section on drawbacks?", "short.md"),
])
def test_of_those_with_a_section_is_of_those_so_headed(tmp_path, question, read):
    # (those holding the words "Drawbacks" and "section" were ordered: long.md)
    nav = Navigator(indexed_graph(tmp_path, HEADED))
    answer = nav.ask(question, 300)
    assert file_names(_step(answer)["documents"]) == [read] and _step(answer)["holding"] == []
    said = answer_text(answer, nav.graph)
    assert 'of the 2 documents asked of with a section headed "' in said, said
    # a heading some document has, of none asked of
    with pytest.raises(InputError, match="no document asked of has a section headed 'Summary'"
                       "; `docnav ask \"Which documents have a Summary section"):
        nav.ask("Which is the longest of those with a Summary section?", 300, doc="*[dt].md")


@pytest.mark.parametrize("question", [
    "Which is the longest of those with many sections?",
    "Which is the longest of those with the most sections?",
    "Which is the longest of those with pumps parts?",
    "Which is the longest of those that have sections on pumps and valves?",
])
def test_of_those_with_sections_naming_no_heading_hold_their_words(tmp_path, question):
    # no heading any document has: those holding its words are ordered, as before (it was an
    # error: "no document asked of has a section headed 'many'")
    nav = Navigator(indexed_graph(tmp_path, HEADED))
    answer = nav.ask(question, 300)
    assert _step(answer)["holding"] and _step(answer)["documents"], question
    assert "section headed" not in answer_text(answer, nav.graph)


@pytest.mark.parametrize("question, read", [
    # without the section: long.md, the longest holding "pumps"
    ("Which is the longest of those with a Drawbacks section about pumps?", "mid.md"),
    ("Which is the longest of those with a Drawbacks section that mention pumps?", "mid.md"),
    # (without the section: long.md; "Drawbacks section" was dropped, those holding "section")
    ("Which is the longest of those with a Drawbacks section, besides mid.md?", "short.md"),
    ("Which is the longest of those that have a section on drawbacks, besides mid.md?",
     "short.md"),
])
def test_more_said_after_the_section_is_of_those_so_headed(tmp_path, question, read):
    nav = Navigator(indexed_graph(tmp_path, HEADED))
    answer = nav.ask(question, 300)
    assert file_names(_step(answer)["documents"]) == [read], question
    assert 'with a section headed "' in answer_text(answer, nav.graph)


def test_words_adding_no_term_to_the_heading_are_read_after_it(tmp_path):
    # "drawbacks from 2018" was the heading (a year and "from" are no terms of one), the year
    # dropped: here none is dated, so it is said
    nav = Navigator(indexed_graph(tmp_path, HEADED))
    with pytest.raises(InputError, match="no document asked of is dated in 2018"):
        nav.ask("Which is the longest of those that have a section on drawbacks from 2018?", 300)
