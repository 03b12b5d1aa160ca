"""What a question asking for the longest or oldest documents leaves out, and where it says
their year: the name left out before the verb ends there ("Which report besides if let
chains is the longest about valves?" left out "if let chains about valves", an error)."""

from __future__ import annotations

from pathlib import Path

import pytest
from _paths import file_names
from _stores import html_document as _html, indexed_graph

from docnav.ask_text import answer_text
from docnav.errors import InputError
from docnav.query import Navigator

# if-let-chains.html is the longest, then pump.html, async-await.html, needle.html; pump.html
# alone says nothing of valves; needle.html is the newest, pump.html the oldest
DOCS = {
    "if-let-chains.html": _html("If let chains", "2018-07-01", "Ada Lovelace",
                                "Chains of if let in conditions open the valves. " * 12),
    "pump.html": _html("Pump report", "2017-01-01", "Bo Li",
                       "The pump moves water through the pipes. " * 8),
    "async-await.html": _html("Async await", "2018-05-01", "Cy Young",
                              "Async functions await the valves. " * 5),
    "needle.html": _html("Needle report", "2019-08-01", "Di Ross", "A needle in the valves."),
}


@pytest.fixture(scope="module")
def nav(tmp_path_factory):
    return Navigator(indexed_graph(tmp_path_factory.mktemp("left"), DOCS))


def _step(answer) -> dict:
    return next(s for s in answer.trace if s["op"] == "documents")


def test_the_name_left_out_before_the_verb_ends_at_it(nav):
    # (it was "if let chains about valves", which named no document: an error)
    step = _step(nav.ask("Which report besides if let chains is the longest about valves?", 300))
    assert (file_names(step["documents"]), file_names(step["besides"]), step["holding"]) == (
        ["async-await.html"], ["if-let-chains.html"], ["valves"])


@pytest.mark.parametrize("question", ["Which report is the longest, besides Pin?",
                                      "Which report besides Pin is the longest?"])
def test_a_word_left_out_naming_no_document_is_said_as_of_which_documents(nav, question):
    # (an error, where "Which reports mention valves besides Pin?" said so and went on)
    answer = nav.ask(question, 300)
    step = _step(answer)
    assert (file_names(step["documents"]), step["besides"]) == (["if-let-chains.html"], [])
    assert answer.untitled == ["Pin"] and {"op": "no document titled", "names": ["Pin"],
                                           "left_out": True} in answer.trace


@pytest.mark.parametrize("question, read, dated", [
    ("Which report from 2018 is the longest?", ["if-let-chains.html"], "in 2018"),
    ("Which report from 2018 besides if let chains is the longest?", ["async-await.html"],
     "in 2018"),
    ("Which report published after 2017 was the first?", ["async-await.html"], "after 2017"),
    ("Which report from 2018 was the newest?", ["if-let-chains.html"], "in 2018"),
])
def test_their_year_before_the_verb_dates_them(nav, question, read, dated):
    # (no question of order: read as any question, "2018" searched for)
    step = _step(nav.ask(question, 300))
    assert (file_names(step["documents"]), step["dated"], step["holding"]) == (read, dated, [])


@pytest.mark.parametrize("question, unnamed", [
    ("Which report is the longest, excluding if-let chains and async await?", []),
    ("Which report is the longest, besides async await and if let chains?", []),
    ("Which report is the longest, besides if-let chains, async await and Pin?", ["Pin"]),
])
def test_each_name_of_a_list_left_out_is_left_out(nav, question, unnamed):
    # (the list named async-await.html alone, and if-let-chains.html was the longest)
    answer = nav.ask(question, 300)
    step = _step(answer)
    assert (file_names(step["documents"]), sorted(file_names(step["besides"]))) == (
        ["pump.html"], ["async-await.html", "if-let-chains.html"])
    assert answer.untitled == unnamed


@pytest.mark.parametrize("question", [
    "Which report is the longest except if-let chains?",
    "Which report is the longest, except if-let chains?",
])
def test_except_before_a_hyphened_name_leaves_it_out(nav, question):
    # ("except if-let" was read as "except if ...", a condition: no question of order, and
    # if-let-chains.html read as the best match)
    step = _step(nav.ask(question, 300))
    assert (file_names(step["documents"]), file_names(step["besides"])) == (
        ["pump.html"], ["if-let-chains.html"])


@pytest.mark.parametrize("question", [
    "Which report is the longest, but not if-let chains?",
    "Which report is the longest but not if let chains?",
])
def test_but_not_after_them_leaves_out(nav, question):
    # (its words were dropped unsaid: if-let-chains.html, the longest)
    step = _step(nav.ask(question, 300))
    assert (file_names(step["documents"]), file_names(step["besides"])) == (
        ["pump.html"], ["if-let-chains.html"])


@pytest.mark.parametrize("question, read, dated", [
    ("Which report is the oldest, after 2017?", ["async-await.html"], "after 2017"),
    ("Which report is the longest, since 2019?", ["needle.html"], "since 2019"),
    ("Which report is the newest, from 2018?", ["if-let-chains.html"], "in 2018"),
])
def test_a_year_after_a_comma_dates_them(nav, question, read, dated):
    # (the year was dropped unsaid: pump.html, the oldest of all, if-let-chains.html, ...)
    step = _step(nav.ask(question, 300))
    assert (file_names(step["documents"]), step["dated"], step["holding"]) == (read, dated, [])


@pytest.mark.parametrize("question, read, besides", [
    ("Which report besides if let chains from 2018 is the longest?", ["async-await.html"],
     ["if-let-chains.html"]),
    ("Which report is the longest, besides if let chains, from 2018?", ["async-await.html"],
     ["if-let-chains.html"]),
    ("Which report is the longest besides if let chains from 2018?", ["async-await.html"],
     ["if-let-chains.html"]),
    ("Which report, from 2018, is the longest?", ["if-let-chains.html"], [])])
def test_their_year_ends_the_name_left_out(nav, question, read, besides):
    # (errors: "leaves out 'if let chains from 2018'"; "Which report, from 2018, ...?" was no
    # question of order, "2018" searched for)
    step = _step(nav.ask(question, 300))
    assert (file_names(step["documents"]), file_names(step["besides"]), step["dated"]) == (
        read, besides, "in 2018")


def _rfc(number: int, started: str, body: str) -> str:
    return (f"- Feature Name: `f{number}`\n- Start Date: {started}\n"
            f"- RFC PR: [rust-lang/rfcs#{number}](https://github.com/rust-lang/rfcs/pull/"
            f"{number})\n\n## Summary\n\n{body}\n")


@pytest.fixture(scope="module")
def rfcs(tmp_path_factory):
    # 3800-other.md is the longest and refers to none; of those referring to RFC 2349,
    # 3700-notes.md is the longer and the newer
    return Navigator(indexed_graph(tmp_path_factory.mktemp("cite"), {
        "2349-pin.md": _rfc(2349, "2018-02-19", "Pinning APIs keep a value in place."),
        "2592-futures.md": _rfc(2592, "2018-11-10", "The futures API needs RFC 2349."),
        "3700-notes.md": _rfc(3700, "2020-01-01", "These notes take up RFC 2349 and its "
                              "wakers, the executors and the tasks that poll them."),
        "3800-other.md": _rfc(3800, "2021-01-01", "A lint for unused imports. " * 12),
    }))


@pytest.mark.parametrize("question, read, named", [
    ("What's the longest RFC of those that cite RFC 2349?", ["3700-notes.md"], "RFC 2349"),
    ("Which RFC is the shortest of those mentioning RFC 2349?", ["2592-futures.md"], "RFC 2349"),
    # (its name as said: "pin RFC" was said)
    ("What is the newest RFC of those that mention the pin RFC?", ["3700-notes.md"],
     "the pin RFC"),
    # (of those holding "citing", "referencing" and "2349": none, or RFC 2349 itself)
    ("Which RFC is the longest of those citing RFC 2349?", ["3700-notes.md"], "RFC 2349"),
    ("Which RFC is the shortest of those referencing RFC 2349?", ["2592-futures.md"],
     "RFC 2349"),
    ("Which RFC is the longest of those referring to RFC 2349?", ["3700-notes.md"], "RFC 2349"),
])
def test_of_those_referring_to_a_document_are_those_its_references_lead_from(rfcs, question,
                                                                             read, named):
    # (it was asked of RFC 2349, or of those holding "2349", the pin RFC among them)
    answer = rfcs.ask(question, 300)
    step = _step(answer)
    assert (file_names(step["documents"]), step["holding"]) == (read, [])
    assert step["referring_to"] == named
    assert {Path(e.piece.doc_path).name for e in answer.evidence} == set(read)


def test_the_line_says_what_they_refer_to_and_none_referring_is_said(rfcs):
    text = answer_text(rfcs.ask("What's the longest RFC of those that cite RFC 2349?", 300),
                       rfcs.graph)
    assert ("asked of the longest of the 2 documents asked of referring to RFC 2349, by their "
            "words: 3700-notes.md (") in text, text
    with pytest.raises(InputError, match="no document asked of refers to RFC 3800"):
        rfcs.ask("What's the longest RFC of those that cite RFC 3800?", 300)


@pytest.mark.parametrize("question, named", [
    ("Which RFC is the longest of those that cite RFC 9999?", "RFC 9999"),
    ("Which RFC is the newest of those mentioning the trusted publishing RFC?",
     "the trusted publishing RFC")])
def test_of_those_referring_to_a_document_not_indexed_is_an_error(rfcs, question, named):
    # (all 4 were ordered by holding "9999", and 3800-other.md answered)
    with pytest.raises(InputError, match=f"no document indexed is {named}, so none asked of "
                                         f"refers to it"):
        rfcs.ask(question, 300)


@pytest.mark.parametrize("question, asked", [
    ("Which report is the longest of those mentioning valves?",
     "Which report is mentioning valves?"),
    ("Which report is the longest about valves?", "Which report is about valves?"),
    ("Which report from 2018 is the shortest that mentions valves?",
     "Which report mentions valves?"),
    ("Which report was the first to mention valves?", "Which report was the one to mention "
                                                      "valves?"),
    ("What is the longest report of those mentioning valves?",
     "What is the report mentioning valves?"),
])
def test_the_question_asked_of_them_reads_without_the_ordering_word(nav, question, asked):
    # (it was "Which report is the of those mentioning valves?", "... is the about valves?")
    assert _step(nav.ask(question, 300))["question"] == asked


@pytest.mark.parametrize("question", ["Which report is the shortest besides needle?",
                                      "Which report besides Needle is the shortest?"])
def test_a_files_name_without_its_extension_names_it(nav, question):
    # (an error: "leaves out 'needle', which names no document")
    step = _step(nav.ask(question, 300))
    assert (file_names(step["documents"]), file_names(step["besides"])) == (
        ["async-await.html"], ["needle.html"])


@pytest.mark.parametrize("question", ["Which report is the longest, excluding chains?",
                                      "Which report besides chains is the longest?"])
def test_a_word_left_out_that_one_title_holds_leaves_that_one_out(nav, question):
    # (said to name no document, and if-let-chains.html, whose title holds it, was the answer)
    answer = nav.ask(question, 300)
    step = _step(answer)
    assert (file_names(step["documents"]), file_names(step["besides"])) == (
        ["pump.html"], ["if-let-chains.html"])
    assert answer.untitled == []


@pytest.mark.parametrize("question", ["Which report is the longest besides report?",
                                      "Which reports mention valves besides report?"])
def test_a_word_left_out_that_several_titles_hold_is_an_error_naming_them(nav, question):
    with pytest.raises(InputError, match=r"'report' is left out, and the titles or file "
                                         r"names of 2 documents hold it: needle\.html, "
                                         r"pump\.html"):
        nav.ask(question, 300)


@pytest.mark.parametrize("question, read", [
    ("Which report is the longest but not the most complex?", "if-let-chains.html"),
    ("Which report is the longest, but not by much?", "if-let-chains.html"),
    ("Which report is the shortest but not trivial?", "needle.html")])
def test_but_not_naming_no_document_leaves_none_out(nav, question, read):
    # (since "but not" after them was read as leaving out: an error, "'the most complex'
    # names no document", or a note that "trivial" names none)
    answer = nav.ask(question, 300)
    step = _step(answer)
    assert (file_names(step["documents"]), step["besides"], answer.untitled) == ([read], [], [])


@pytest.mark.parametrize("question", ["Which report besides those from 2018 is the longest?",
                                      "Which report is the longest besides those from 2018?",
                                      "Which report is the longest, besides the ones from 2018?"])
def test_those_of_a_year_left_out_are_not_ordered(nav, question):
    # (the reports of 2018 were ordered, "those" naming no document: an error)
    step = _step(nav.ask(question, 300))
    assert (file_names(step["documents"]), sorted(file_names(step["besides"]))) == (
        ["pump.html"], ["async-await.html", "if-let-chains.html"])


@pytest.fixture(scope="module")
def filings(tmp_path_factory):
    return Navigator(indexed_graph(tmp_path_factory.mktemp("tenk"), {
        "ACME_2022_10K.html": _html("Acme annual report", "2022-03-01", "Acme",
                                    "Acme sold pumps. " * 9),
        "BOLT_2017_10K.html": _html("Bolt annual report", "2017-03-01", "Bolt",
                                    "Bolt sold valves. " * 5),
        "notes.html": _html("Notes", "2020-01-01", "Di Ross", "A note.")}))


def test_a_word_with_a_digit_two_file_names_hold_is_an_error_naming_them(filings):
    # ("10K" was said to name no document, and none left out)
    with pytest.raises(InputError, match="ACME_2022_10K.html, BOLT_2017_10K.html"):
        filings.ask("Which document is the longest besides 10K?", 300)


@pytest.mark.parametrize("question, said", [
    ("Which report from 2019 is the longest?",
     "asked of the one document asked of dated in 2019, by its words: needle.html"),
    ("Which report from 2017 is the newest?",
     "asked of the one dated document asked of dated in 2017: pump.html")])
def test_one_document_ordered_is_said_one(nav, question, said):
    # ("asked of the longest of the 1 documents asked of ...")
    assert said in answer_text(nav.ask(question, 300), nav.graph)
