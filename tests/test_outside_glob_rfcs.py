"""Questions naming a real RFC that the --doc glob leaves out, or asking which RFCs refer to
the one RFC it chose: the documents that answer are outside the glob, and the answer says
so rather than searching the words left once the names are taken out."""

from __future__ import annotations


import pytest
from _paths import file_names
from _rfcs import rfc_graph

from docnav.ask_text import answer_text
from docnav.errors import InputError
from docnav.query import Navigator

RFCS = ["0002-rfc-process.md", "2349-pin.md", "2394-async_await.md", "2592-futures.md"]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return rfc_graph(tmp_path_factory, RFCS)


@pytest.mark.parametrize("question, asked", [
    ("Which RFCs link to the futures RFC?", "which"),
    ("Which RFCs refer to RFC 2592?", "which"),
    ("How many RFCs refer to RFC 2592?", "how many")])
def test_which_rfcs_refer_to_the_one_rfc_a_glob_chose_says_those_outside_it(graph, question,
                                                                           asked):
    # "query 'the ?' has no words to search for": the RFC's name, "which RFCs" and the verb
    # taken out of the question asked of its text, nothing was left
    answer = Navigator(graph).ask(question, 300, doc="*2592*")
    assert answer.count["outside"] and answer.count["asked"] == asked
    assert file_names(answer.count["documents"]) == ["2394-async_await.md"]
    assert answer.route == "cross-reference" and answer.evidence == []
    assert ("the one document asked of (--doc) is 2592-futures.md, which the question names; "
            "of the 3 others, outside the glob and not read, 1 refers to it (by its "
            "references: a link to it, its number): 2394-async_await.md"
            in answer_text(answer, graph))
    assert ("route: cross-reference; a %s of the documents outside the --doc glob, none read"
            % ("count" if asked == "how many" else "list")) in answer_text(answer, graph)
    # as asked of every RFC
    assert Navigator(graph).ask(question, 300).count["documents"] == answer.count["documents"]


def test_none_outside_the_glob_referring_to_the_rfc_it_chose_is_said(graph):
    answer = Navigator(graph).ask("Which RFCs link to RFC 2349?", 300, doc="*2349*")
    referring = file_names(Navigator(graph).ask("Which RFCs link to RFC 2349?", 300
                                            ).count["documents"])
    assert file_names(answer.count["documents"]) == referring
    text = answer_text(answer, graph)
    assert f"of the 3 others, outside the glob and not read, {len(referring)} " in text


@pytest.mark.parametrize("question, name", [("What does RFC 2592 refer to?", "RFC 2592"),
                                            ("What does the futures RFC say about pinning?",
                                             "futures RFC")])
def test_an_rfc_a_question_is_asked_of_outside_the_glob_is_said_to_be(graph, question, name):
    # "not in the evidence: 2592", and nothing said of RFC 2592, though 2592-futures.md is
    # in the store, outside the one document the glob chose
    answer = Navigator(graph).ask(question, 300, doc="*2349*")
    assert answer.untitled == [name]
    text = answer_text(answer, graph)
    assert (f'"{name}" names a document outside those asked of (--doc, --after/--before or '
            '--meta): not read') in text
    assert "titled" not in text
    assert {file_names([e.piece.doc_path])[0] for e in answer.evidence} == {"2349-pin.md"}


def test_an_rfc_the_glob_chose_named_by_the_question_is_not_said_outside(graph):
    answer = Navigator(graph).ask("What does RFC 2592 say about wakers?", 300, doc="*2592*")
    assert answer.untitled == [] and "outside" not in answer_text(answer, graph)


def test_an_rfc_a_date_bound_leaves_out_is_said_to_be_outside_those_asked_of(graph):
    # "outside those asked of (--doc)" of RFC 2592, which --before 2018-06-30 left out (no
    # --doc given)
    answer = Navigator(graph).ask("What does RFC 2592 say about wakers?", 300,
                                  where={"dated_before": "2018-06-30"})
    assert ('"RFC 2592" names a document outside those asked of (--doc, --after/--before or '
            '--meta): not read') in answer_text(answer, graph)


@pytest.mark.parametrize("year, others, referring", [(2018, 2, ["2394-async_await.md"]),
                                                     (2014, 1, [])])
def test_which_rfcs_of_a_year_refer_to_the_one_rfc_a_glob_chose_are_kept_to_it(graph, year,
                                                                              others,
                                                                              referring):
    # "query 'the ?' has no words to search for", where undated it listed those referring
    question = f"Which RFCs from {year} link to the futures RFC?"
    answer = Navigator(graph).ask(question, 300, doc="*2592*")
    assert answer.count["outside"] and answer.count["dated"] == f"in {year}"
    assert file_names(answer.count["documents"]) == referring
    assert answer.route == "cross-reference" and answer.evidence == []
    assert (f"of the {others} other{'' if others == 1 else 's'} dated in {year}, outside the "
            f"glob and not read, {len(referring) or 'none'} ") in answer_text(answer, graph)
    # as asked of every RFC
    assert file_names(Navigator(graph).ask(question, 300).count["documents"]) == referring


def test_of_a_year_no_other_rfc_is_dated_in_it_is_said_as_of_every_rfc(graph):
    # "query 'the ?' has no words to search for": neither the year nor the dates they have
    question = "Which RFCs from 2019 link to the futures RFC?"
    with pytest.raises(InputError, match="no document asked of is dated in 2019 .theirs run"):
        Navigator(graph).ask(question, 300, doc="*2592*")
    with pytest.raises(InputError, match="no document asked of is dated in 2019 .theirs run"):
        Navigator(graph).ask(question, 300)
    answer = Navigator(graph).ask(f"How many {question[6:]}", 300, doc="*2592*")
    assert answer.count["outside"] and answer.count["documents"] == []
    assert "of the 0 others dated in 2019, outside the glob" in answer_text(answer, graph)
    assert "(theirs run from 2014-03-11 to 2018-11-09)" in answer_text(answer, graph)


@pytest.mark.parametrize("asked", ["Which", "How many"])
def test_of_a_year_only_the_rfc_a_glob_chose_is_dated_in_it_is_of_the_0_others(graph, asked):
    # "no document asked of is dated in 2014 (theirs run from ...)", though RFC 2 is: of
    # every RFC "none of the 1 document asked of dated in 2014 refers to" it was said
    answer = Navigator(graph).ask(f"{asked} RFCs from 2014 refer to RFC 2?", 300, doc="*0002*")
    assert answer.count["outside"] and answer.count["documents"] == []
    text = answer_text(answer, graph)
    assert "of the 0 others dated in 2014, outside the glob and not read, none refers" in text
    assert "theirs run" not in text
