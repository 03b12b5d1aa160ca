"""A document named by its file's name ("What is the title of 1809.01202.pdf?"), and the
title or authors of a document asked for: its title is the heading it is known by, and
without an author field its byline answers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from _cli import index, indexed_files, run
from _stores import indexed_graph

from docnav.query import Navigator

DOCS = {
    "2349-pin.md": "# Pinned references\n\nA pinned value never moves again.\n\n"
                   "## Drawbacks\n\nEvery pinned pointer costs an unsafe block.\n",
    "1809.01202.md": "# Causal explanation analysis on social media\n\n"
                     "Ada Lovelace, Bo Li\n\n## Method\n\nWe parse discourse arguments.\n",
    "notes.md": "# Meeting notes\n\nThe notes say pins are hard.\n",
}


@pytest.fixture(scope="module")
def nav(tmp_path_factory):
    return Navigator(indexed_graph(tmp_path_factory.mktemp("files"), DOCS))


def _focus(answer) -> tuple[list[str], list[str]]:
    step = next(s for s in answer.trace if s["op"] == "focus")
    return [Path(p).name for p in step["documents"]], step["left_out"]


@pytest.mark.parametrize("question, said", [
    ("What does 2349-pin.md propose?", "2349-pin.md"),
    ("What does 2349-pin propose?", "2349-pin"),  # numbered: a name without its extension
    ("What are the drawbacks in 2349-PIN.MD?", "2349-PIN.MD"),
])
def test_a_document_named_by_its_file_s_name_is_asked_alone(nav, question, said):
    # "What is the title of 1809.01202.pdf?" searched "1809" and "01202" in every paper
    answer = nav.ask(question, 200)
    assert _focus(answer) == (["2349-pin.md"], [said])
    assert {Path(e.piece.doc_path).name for e in answer.evidence} == {"2349-pin.md"}


@pytest.mark.parametrize("question, said", [
    ("How does RFC 2349-style pinning move values?", "RFC 2349"),  # no file's name: numbered
    ("Summarize RFC 2349-p", "RFC 2349"),
    ("What does RFC 2349-pin say?", "RFC 2349-pin"),  # a file's name, with its kind
])
def test_a_number_running_into_a_word_names_its_document_unless_a_file_s_name(nav, question,
                                                                               said):
    # "RFC 2394-compatible", "RFC 2349-style" named no document: the number ran into a word
    assert _focus(nav.ask(question, 200)) == (["2349-pin.md"], [said])


def test_a_file_s_name_without_a_digit_names_nothing_without_its_extension(nav):
    # "notes" of notes.md is a word the question may use of anything (as "assert_ne" of
    # assert_ne.md is: tests/test_best_document.py)
    answer = nav.ask("What do the notes say about pins?", 200)
    assert all(s["op"] != "focus" or s.get("by") != "title" for s in answer.trace)
    assert _focus(nav.ask("What does notes.md say about pins?", 200)) == (["notes.md"],
                                                                          ["notes.md"])


def test_documents_compared_by_their_file_names_are_asked_in_turn(nav):
    step = nav.ask("Compare 1809.01202.md and 2349-pin.md", 200).trace[0]
    assert step["op"] == "compare documents"
    assert [Path(p).name for p in step["documents"]] == ["1809.01202.md", "2349-pin.md"]


def test_the_title_asked_for_is_the_heading_it_is_known_by(nav):
    answer = nav.ask("What is the title of 1809.01202.md?", 200)
    assert [f["title"] for f in answer.fields.values()] == [
        "Causal explanation analysis on social media"]
    assert "title" not in answer.missing and answer.confidence == 1.0
    assert [f.get("title") for f in nav.ask("What is the paper's title?", 200,
                                            doc="*2349*").fields.values()] == [
        "Pinned references"]
    # the title of something else is no document's title
    assert not nav.ask("What is the title of the meeting?", 200, doc="notes.md").fields


def test_the_authors_asked_for_without_an_author_field_are_its_byline(nav):
    # "Who are the authors of ...?" was not asked as "Who wrote ...?": no byline, and
    # "authors" missing from every document
    answer = nav.ask("Who are the authors of 1809.01202.md?", 200)
    assert list(answer.fields_lacking.values()) == [[]]  # it has no fields at all
    assert "Ada Lovelace, Bo Li" in [e.piece.text for e in answer.evidence]
    assert "authors" not in answer.missing + answer.absent


def test_ask_says_the_document_was_named_by_its_file_s_name(tmp_path):
    db = indexed_files(tmp_path, DOCS)
    code, out, err = run(db, "ask", "What is the title of 1809.01202.md?")
    assert code == 0, err
    assert out.splitlines()[1:3] == [
        'asked of 1809.01202.md, which the question names by its file\'s name '
        '("1809.01202.md")',
        "asked for, in the fields of 1809.01202.md: title = Causal explanation analysis on "
        "social media"]
    code, out, err = run(db, "ask", "What does each document say about pins?", "--budget",
                         "300")
    assert code == 0, err
    assert out.splitlines()[1] == ('asked of each of the 3 documents in turn, 100 tokens each, '
                                   'as "What does it say about pins?": 1809.01202.md, '
                                   '2349-pin.md, notes.md')


@pytest.mark.parametrize("question, asked", [
    ("What does each document say about pins?", "What does it say about pins?"),
    ("What is each paper's view of pins?", "What is its view of pins?"),
    ("What do both documents say about pins?", "What do it say about pins?"),
])
def test_a_question_about_each_document_is_asked_of_each_in_turn(tmp_path, question, asked):
    # "What dataset does each paper use?" of three papers read the best paper's passages,
    # and "paper" was missing
    graph = indexed_graph(tmp_path, {k: v for k, v in DOCS.items() if k != "1809.01202.md"})
    answer = Navigator(graph).ask(question, 200)
    step = answer.trace[0]
    assert (step["op"], step["question"], step["tokens_each"]) == ("each document", asked, 100)
    assert {Path(e.piece.doc_path).name for e in answer.evidence} == {"2349-pin.md", "notes.md"}
    assert not {"document", "paper", "documents", "each", "both"} & set(answer.missing)


SEVEN = {f"n{i}.md": f"# N{i}\n\nPins {i}." + (" Pins and nails." if i % 3 else "") + "\n"
         for i in range(7)}


def test_each_of_more_documents_than_the_budget_reads_is_said_and_not_read(tmp_path):
    """"What is the main contribution of each paper?" of seven papers was asked as one
    question: one paper's passages answered. Now as many as the budget gives 150 tokens
    each (five at least) are asked in turn, those whose passages rank best; the others are
    named, with the budget that reads each."""
    nav = Navigator(indexed_graph(tmp_path, SEVEN))
    answer = nav.ask("What does each document say about nails?", 200)
    step = answer.trace[0]
    read = [Path(p).name for p in step["documents"]]
    assert (step["op"], step["asked_of"], step["every_with"]) == ("each document", 7, 1050)
    # the five holding "nails" (n1, n2, n4, n5: four of them) ranked first, then one without
    assert len(read) == 5 and {"n1.md", "n2.md", "n4.md", "n5.md"} < set(read)
    assert read == sorted(read)  # in the order they are listed
    assert sorted(Path(p).name for p in step["not_read"]) == sorted(set(SEVEN) - set(read))
    assert {"n1.md", "n2.md", "n4.md", "n5.md"} <= {
        Path(e.piece.doc_path).name for e in answer.evidence} <= set(read)
    # a budget of 150 tokens a document reads every one
    step = nav.ask("What does each document say about nails?", 1050).trace[0]
    assert (len(step["documents"]), step["not_read"], step["every_with"]) == (7, [], None)
    # six at 900 tokens: more than five when the budget gives them 150 each
    assert len(nav.ask("What does each document say about nails?", 900).trace[0][
        "documents"]) == 6


def test_ask_says_which_documents_each_was_not_asked_of(tmp_path):
    db = indexed_files(tmp_path, SEVEN)
    code, out, err = run(db, "ask", "What does each document say about nails?", "--budget",
                         "200")
    assert code == 0, err
    line = out.splitlines()[1]
    assert line.startswith("asked of 5 of the 7 documents in turn (those whose passages rank "
                           "best), 40 tokens each, as \"What does it say about nails?\": ")
    assert line.endswith(" (--budget 1050 reads each)") and "; not read: n" in line


def test_a_number_names_its_document_without_the_zeros_of_its_file_name(tmp_path):
    """"What does RFC 19 propose?" said no document is titled "RFC 19": the file is
    0019-opt-in-builtin-traits.md. A number's leading zeros name nothing."""
    graph = indexed_graph(tmp_path, {
        "0019-opt-in-builtin-traits.md": "# 0019-opt-in-builtin-traits\n\n## Summary\n\n"
                                         "Add opt-in builtin traits for Send and Sync.\n",
        "0190-other.md": "# 0190-other\n\n## Summary\n\n"
                         "Something else, which RFC 19 did not do.\n"})
    for question, said in (("What does RFC 19 propose?", "RFC 19"),
                           ("What does RFC 0019 propose?", "RFC 0019")):
        answer = Navigator(graph).ask(question, budget=60)
        assert (answer.trace[0]["by"], answer.trace[0]["left_out"]) == ("title", [said])
        assert {Path(e.piece.doc_path).name for e in answer.evidence} == {
            "0019-opt-in-builtin-traits.md"}
    # 190 is not 19, nor is 9999 any of them
    answer = Navigator(graph).ask("What does RFC 190 propose?", budget=60)
    assert {Path(e.piece.doc_path).name for e in answer.evidence} == {"0190-other.md"}
    answer = Navigator(graph).ask("What does RFC 9999 propose?", budget=60)
    assert answer.trace[0]["op"] == "no document titled"


def test_words_of_a_file_s_name_name_its_document_as_its_heading_s_do(tmp_path):
    """RFC 3691 is headed "Security Improvements for CI Publishing to crates.io": "What does
    the trusted publishing RFC propose?" read the best matches of every RFC, while "the clamp
    RFC" (1961-clamp.md, headed by its file's name) named its RFC."""
    graph = indexed_graph(tmp_path, {
        "3691-trusted-publishing-cratesio.md": "# Security Improvements for CI Publishing to "
                                               "crates.io\n\n## Summary\n\nCrates are "
                                               "published from CI with short-lived tokens.\n",
        "1824-crates.io-default-ranking.md": "# 1824-crates.io-default-ranking\n\n## Summary"
                                             "\n\nRank the crates of a category.\n",
        "2349-pin.md": "# Pinned references\n\nA trusted value never moves again.\n"})
    for question, said, path in (
            ("What does the trusted publishing RFC propose?", "trusted publishing RFC",
             "3691-trusted-publishing-cratesio.md"),
            ("What does the crates.io default ranking RFC say?",
             "crates.io default ranking RFC", "1824-crates.io-default-ranking.md")):
        answer = Navigator(graph).ask(question, budget=60)
        assert (answer.trace[0]["by"], answer.trace[0]["left_out"]) == ("title", [said])
        assert {Path(e.piece.doc_path).name for e in answer.evidence} == {path}


@pytest.mark.parametrize("question", ["2349-pin.md", "2349-pin.md?", "What is 2349-pin.md?"])
def test_a_question_that_is_a_file_s_name_alone_asks_what_it_is(nav, question):
    # "pump.md" alone searched "md" and said it was in none of the documents
    answer = nav.ask(question, 200)
    assert _focus(answer)[0] == ["2349-pin.md"]
    assert answer.route == "global" and answer.missing == []
    assert {Path(e.piece.doc_path).name for e in answer.evidence} == {"2349-pin.md"}


def test_the_file_s_name_of_the_one_document_indexed_is_no_search_term(tmp_path):
    nav = Navigator(indexed_graph(tmp_path, {"2349-pin.md": DOCS["2349-pin.md"]}))
    answer = nav.ask("What are the drawbacks in 2349-pin.md?", 200)
    assert _focus(answer) == (["2349-pin.md"], ["2349-pin.md"])
    assert answer.missing == [] and "unsafe block" in answer.text


def test_a_question_naming_a_file_no_run_could_index_says_why(tmp_path):
    db = indexed_files(tmp_path, DOCS)
    (tmp_path / "docs" / "empty.md").write_text("")
    (tmp_path / "docs" / "2024-plan.md").write_text("\x00binary")
    assert index(db, tmp_path / "docs") == 1  # both fail; the three indexed stay
    for question, path, why in [("What is empty.md about?", "empty.md", "file is empty"),
                                ("What does 2024-plan say?", "2024-plan.md", "binary data")]:
        code, out, err = run(db, "ask", question)
        assert code == 2 and out == ""
        assert re.search(rf"the question names a document no run could index \(\S+/{path}: "
                         rf"{why}.*\); fix the file and run `docnav index` again", err), err
    # "empty" without its extension is a word (no digit in it), not the file's name
    code, out, err = run(db, "ask", "Which notes are empty?")
    assert code == 0 and "no run could index" not in err, err
