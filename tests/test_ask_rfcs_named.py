"""Questions naming several real RFCs (the texts of the shared RFC bundle), asked of the
documents a glob chose: each RFC named read in turn, its references read first."""

from __future__ import annotations

import glob

import pytest

from _paths import file_names
from _rfcs import rfc_graph
from docnav.ask_text import answer_text
from docnav.query import Navigator
from docnav.query.lexical import tokens

RFCS = ["2349-pin.md", "2592-futures.md", "2394-async_await.md", "3467-unsafe-pinned.md",
        "0003-attribute-usage.md", "1068-rust-governance.md", "1607-style-rfcs.md",
        "1683-docs-team.md"]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return rfc_graph(tmp_path_factory, RFCS)


def _of(graph, *names: str) -> list[str]:
    return [glob.escape(p) for p in graph.document_paths(None) if file_names([p])[0] in names]


def test_what_two_rfcs_refer_to_asked_of_those_two_reads_the_references_of_each(graph):
    # asked of the two it names (--doc), the references of neither were read: no "refers"
    # step, and the answer listed no line of what each refers to
    answer = Navigator(graph).ask("What do RFC 2349 and RFC 2592 refer to?", 300,
                                  doc=_of(graph, "2349-pin.md", "2592-futures.md"))
    refers = [s for s in answer.trace if s["op"] == "refers"]
    assert [(file_names([s["document"]])[0], s["to"] and file_names([s["to"]])[0])
            for s in refers] == [
        ("2349-pin.md", None), ("2592-futures.md", "2349-pin.md"),
        ("2592-futures.md", "2394-async_await.md")]
    assert answer.route == "cross-reference"
    assert answer.missing == [] and answer.absent == []
    text = answer_text(answer, graph)
    assert "2349-pin.md refers to no other document" in text
    assert "2592-futures.md refers to 2394-async_await.md" in text


@pytest.mark.parametrize("question, to, left, referring, line", [
    ("Which RFCs refer to RFC 2349 besides RFC 2592?", "2349-pin.md", "2592-futures.md", [],
     "besides 2592-futures.md (which refers to 2349-pin.md), none of the 6 documents asked "
     "of refers to 2349-pin.md"),
    ("Which RFCs refer to RFC 1068 besides RFC 1683?", "1068-rust-governance.md",
     "1683-docs-team.md", ["1607-style-rfcs.md"], "besides 1683-docs-team.md (which refers "
     "to 1068-rust-governance.md), 1 of the 6 documents asked of refers to "
     "1068-rust-governance.md"),
    ("Which RFCs refer to RFC 2349 other than RFC 2394?", "2349-pin.md", "2394-async_await.md",
     ["2592-futures.md"], "besides 2394-async_await.md (which makes no reference to "
     "2349-pin.md), 1 of the 6 documents asked of refers to 2349-pin.md"),
    ("What builds on RFC 1068 apart from RFC 1607?", "1068-rust-governance.md",
     "1607-style-rfcs.md", ["1683-docs-team.md"], "besides 1607-style-rfcs.md (which refers "
     "to 1068-rust-governance.md), 1 of the 6 documents asked of refers to")])
def test_which_rfcs_refer_to_one_besides_another_leave_that_one_out(graph, question, to, left,
                                                                     referring, line):
    # answered locally: "no document of the 25 asked of holds "2349", "2592"", both numbers
    # said missing, the references of neither read
    answer = Navigator(graph).ask(question, 300)
    assert answer.count["refers_to"].endswith(to)
    assert file_names(answer.count["besides"]) == [left]
    assert file_names(answer.count["documents"]) == referring
    assert answer.route == "cross-reference"
    assert answer.missing == [] and answer.absent == []
    assert line in answer_text(answer, graph)
    assert {file_names([e.piece.doc_path])[0] for e in answer.evidence} <= set(referring)


@pytest.mark.parametrize("question, after, referring", [
    ("Which RFCs besides 2394 refer to RFC 2349?",
     "Which RFCs refer to RFC 2349 other than RFC 2394?", ["2592-futures.md"]),
    ("Which RFCs besides 1683 refer to RFC 1068?",
     "Which RFCs refer to RFC 1068 besides RFC 1683?", ["1607-style-rfcs.md"]),
    ("How many RFCs except RFC 1683 cite RFC 1068?",
     "How many RFCs cite RFC 1068 except RFC 1683?", ["1607-style-rfcs.md"]),
    ("Which RFCs besides RFC 1683 link to RFC 1068?",
     "Which RFCs link to RFC 1068 besides RFC 1683?", ["1607-style-rfcs.md"]),
    ("Which RFCs apart from 1607 build on RFC 1068?",
     "Which RFCs build on RFC 1068 apart from RFC 1607?", ["1683-docs-team.md"])])
def test_which_rfcs_besides_another_refer_to_one_leave_that_one_out(graph, question, after,
                                                                     referring):
    # "besides 2394" searched as words: "1 of the 7 documents asked of holds 1 of "2394",
    # "2349"", RFC 2394 itself listed and no reference read
    answer, said_after = (Navigator(graph).ask(q, 300) for q in (question, after))
    assert file_names(answer.count["documents"]) == referring and answer.count["besides"]
    assert answer.count == said_after.count
    assert answer.route == "cross-reference" and answer.missing == []
    assert [e.piece.node_id for e in answer.evidence] == [
        e.piece.node_id for e in said_after.evidence]


@pytest.mark.parametrize("question, parts", [
    ("What do the pin RFC and the futures RFC say about Unpin?",
     ["What does the pin RFC say about Unpin?", "What does the futures RFC say about Unpin?"]),
    ("What do RFC 2349 and RFC 2592 say about Unpin?",
     ["What does RFC 2349 say about Unpin?", "What does RFC 2592 say about Unpin?"]),
    ("what did both the pin RFC, and RFC 2592 say about Unpin",
     ["what did the pin RFC say about Unpin", "what did RFC 2592 say about Unpin"])])
def test_what_two_rfcs_say_about_a_thing_is_asked_of_each_in_turn(graph, question, parts):
    # asked of the pin RFC alone ("asked of 2349-pin.md, which the question names by its
    # title"); by their numbers, "not in the evidence: 2592" too
    answer = Navigator(graph).ask(question, 400)
    (step,) = [s for s in answer.trace if s["op"] == "each named"]
    assert file_names(step["documents"]) == ["2349-pin.md", "2592-futures.md"]
    assert step["questions"] == parts
    assert {file_names([e.piece.doc_path])[0] for e in answer.evidence} == {"2349-pin.md",
                                                                        "2592-futures.md"}
    assert answer.missing == [] and answer.absent == []
    assert "asked of each document the question names" in answer_text(answer, graph)


def test_what_two_rfcs_say_about_a_third_reads_where_each_refers_to_it(graph):
    answer = Navigator(graph).ask(
        "What do RFC 2349 and the futures RFC say about the async/await RFC?", 400)
    refers = [s for s in answer.trace if s["op"] == "refers"]
    assert [(file_names([s["document"], s["to"]]), bool(s["nodes"])) for s in refers] == [
        (["2349-pin.md", "2394-async_await.md"], False),
        (["2592-futures.md", "2394-async_await.md"], True)]
    assert answer.route == "cross-reference"


@pytest.mark.parametrize("question, plain", [
    ("What does RFC 2592 refer to besides RFC 2592?", "What does RFC 2592 refer to?"),
    ("Which RFCs refer to RFC 2394 other than RFC 2394?", "Which RFCs refer to RFC 2394?")])
def test_an_rfc_left_out_of_its_own_references_is_the_plain_question(graph, question, plain):
    # "besides RFC 2592" of RFC 2592 left the one asked of out of those named: "which
    # documents: no document of the 26 asked of holds "2592"", "not in the evidence: 2592"
    answer, asked = (Navigator(graph).ask(q, 300) for q in (question, plain))
    assert answer.count == asked.count and "besides" not in answer.count
    assert answer.count["documents"] and answer.route == "cross-reference"
    assert answer.missing == [] and answer.absent == []


@pytest.mark.parametrize("question, left, referred, line", [
    ("What does RFC 2592 refer to besides RFC 2349 and RFC 2394?",
     ["2349-pin.md", "2394-async_await.md"], [], "besides 2349-pin.md (which 2592-futures.md "
     "refers to) and 2394-async_await.md (which 2592-futures.md refers to), none of the 5 "),
    ("What does RFC 2592 refer to besides RFC 2349 and RFC 1234?", ["2349-pin.md"],
     ["2394-async_await.md"], "besides 2349-pin.md (which 2592-futures.md refers to), 1 of "),
    ("Which RFCs refer to RFC 1068 apart from RFC 1683, RFC 2592?",
     ["1683-docs-team.md", "2592-futures.md"], ["1607-style-rfcs.md"],
     "besides 1683-docs-team.md (which refers to 1068-rust-governance.md) and 2592-futures.md "
     "(which makes no reference to 1068-rust-governance.md), 1 of the 5 documents")])
def test_two_rfcs_left_out_are_both_left_out(graph, question, left, referred, line):
    # "besides RFC 2349 and RFC 2394" went local: "not in the evidence: 2349, 2394"
    answer = Navigator(graph).ask(question, 300)
    assert file_names(answer.count["besides"]) == left
    assert file_names(answer.count["documents"]) == referred
    assert answer.route == "cross-reference"
    assert answer.missing == [] and answer.absent == []
    assert line in answer_text(answer, graph)


@pytest.mark.parametrize("question", ["What does the futures RFC depend on besides pinning?",
                                      "What does the futures RFC rely on apart from Pin?"])
def test_what_a_question_leaves_out_is_not_searched_for(graph, question):
    # "pinning" was searched for: the futures RFC's paragraphs on Pin were read first
    answer = Navigator(graph).ask(question, 300)
    (locate,) = [s for s in answer.trace if s["op"] == "locate"]
    assert locate["pushed_down"] == ["pin"]
    assert not any("pin" in tokens(graph.node(n).text) for n in locate["hits"][:4])
    assert not {"pin", "pinning"} & {w.lower() for w in answer.missing + answer.absent}


def test_the_paragraphs_about_what_a_question_leaves_out_are_read_after_the_others(graph):
    # the words kept ("the Future trait") find paragraphs on Pin too: those are pushed down
    nav = Navigator(graph)
    hits = [[s["hits"] for s in nav.ask(q, 300).trace if s["op"] == "locate"][0] for q in (
        "What does the futures RFC say about the Future trait?",
        "What does the futures RFC say about the Future trait besides Pin?")]
    plain, besides = ([n for n in h[:6] if "pin" in tokens(graph.node(n).text)] for h in hits)
    assert plain and not besides


@pytest.mark.parametrize("question, refers", [
    ("What do RFC 2349 and RFC 2592 refer to besides RFC 2394?",
     [("2349-pin.md", None), ("2592-futures.md", "2349-pin.md")]),
    ("What do RFC 2349 and RFC 2592 refer to besides 2394?",
     [("2349-pin.md", None), ("2592-futures.md", "2349-pin.md")]),
    ("What do RFC 2349 and RFC 2592 build on other than RFC 2592?",
     [("2349-pin.md", None), ("2592-futures.md", "2349-pin.md"),
      ("2592-futures.md", "2394-async_await.md")])])
def test_what_two_rfcs_refer_to_besides_another_is_read_without_that_one(graph, question,
                                                                         refers):
    # asked of RFC 2349 alone: "not in the evidence: 2592", the references of neither read
    answer = Navigator(graph).ask(question, 300)
    steps = [s for s in answer.trace if s["op"] == "refers"]
    assert [(file_names([s["document"]])[0], s["to"] and file_names([s["to"]])[0])
            for s in steps] == refers
    assert answer.route == "cross-reference"
    assert answer.missing == [] and answer.absent == []
    assert "titled" not in answer_text(answer, graph)  # ("no document asked of is titled
    # "RFC 2394"": it is one of the store's, not asked of)


@pytest.mark.parametrize("question", ["Which RFCs mention async besides RFC 2394?",
                                      "Which RFCs besides RFC 2394 mention async?",
                                      "Which RFCs mention async besides 2394?",
                                      "Which RFCs besides 2394 mention async?"])
def test_which_rfcs_hold_a_word_besides_one_named_leave_that_one_out(graph, question):
    # read as "Which RFCs refer to RFC 2394?": "2 of the 8 documents asked of refer to
    # 2394-async_await.md"; with "besides RFC 2394" before the verb, or "besides 2394",
    # "1 of the 7 documents asked of holds "2394", "async""
    answer = Navigator(graph).ask(question, 300)
    assert file_names(answer.count["besides"]) == ["2394-async_await.md"]
    assert "refers_to" not in answer.count and answer.count["words"] == ["async"]
    assert "2394-async_await.md" not in file_names(answer.count["documents"])
    assert "besides 2394-async_await.md, " in answer_text(answer, graph)


@pytest.mark.parametrize("question", ["How many RFCs besides 2394 are there?",
                                      "Which RFCs other than RFC 2394 are there?",
                                      "List the RFCs other than RFC 2394",
                                      "Which RFCs are there besides the async/await RFC?"])
def test_rfcs_counted_in_the_store_besides_one_named_leave_that_one_out(graph, question):
    # "8 documents asked of", RFC 2394 among them; "List the RFCs other than RFC 2394":
    # "no document of the 7 asked of holds "2394"", its words searched for
    answer = Navigator(graph).ask(question, 300)
    assert file_names(answer.count["besides"]) == ["2394-async_await.md"]
    assert answer.count["n"] == 7 and "2394-async_await.md" not in file_names(
        answer.count["documents"])
    assert "besides 2394-async_await.md, 7 documents asked of" in answer_text(answer, graph)


def test_what_a_question_leaves_out_in_its_middle_is_read_last(graph):
    # "besides pinning" before the verb was searched as asked: the pin RFC's passages first
    answer = Navigator(graph).ask("What besides pinning is said about futures?", 300)
    assert any(s.get("pushed_down") == ["pin"] for s in answer.trace)
    assert "pin" not in tokens(answer.evidence[0].piece.text)


@pytest.mark.parametrize("question", [
    "Which types other than Box implement Unpin?",
    "How far apart from the poll call does the waker get registered?"])
def test_a_question_going_on_after_what_it_leaves_out_searches_every_word(graph, question):
    # searched as "Which types?", "How far?": "the question names nothing to look for"
    answer = Navigator(graph).ask(question, 300)
    assert answer.confidence is not None
    assert not any("pushed_down" in s for s in answer.trace)


def test_what_two_rfcs_say_of_those_a_glob_chose_is_asked_of_each_alone(graph):
    # each part searched all three: the evidence held the pin RFC's paragraphs twice over
    # and none of the futures RFC's
    nav, question = Navigator(graph), "What do RFC 2349 and RFC 2592 say about Unpin?"
    answer = nav.ask(question, 400, doc=_of(graph, "2349-pin.md", "2592-futures.md",
                                            "2394-async_await.md"))
    ids = [e.piece.node_id for e in answer.evidence]
    assert len(ids) == len(set(ids))
    assert {file_names([e.piece.doc_path])[0] for e in answer.evidence} == {"2349-pin.md",
                                                                        "2592-futures.md"}
    assert ids == [e.piece.node_id for e in nav.ask(question, 400).evidence]


def test_an_rfc_named_outside_those_a_glob_chose_is_said_not_read(graph):
    answer = Navigator(graph).ask("What do RFC 2349 and RFC 2592 say about Unpin?", 400,
                                  doc=_of(graph, "2349-pin.md", "2394-async_await.md"))
    (step,) = [s for s in answer.trace if s["op"] == "each named"]
    assert file_names(step["documents"]) == ["2349-pin.md"] and step["not_asked"] == ["RFC 2592"]
    assert {file_names([e.piece.doc_path])[0] for e in answer.evidence} == {"2349-pin.md"}
    assert answer.untitled == ["RFC 2592"]
    # "(no title or file name holds its words)" was said of it, though 2592-futures.md is
    # in the store, outside those the glob chose
    text = answer_text(answer, graph)
    assert ('"RFC 2592" names a document outside those asked of (--doc, --after/--before or '
            '--meta): not read') in text
    assert 'no document asked of is titled "RFC 2592"' not in text


def test_rfcs_asked_of_in_turn_are_as_confident_as_their_parts_together(graph):
    # the least part's confidence was the answer's: 0.00, RFC 1068 holding no "Unpin",
    # though RFC 2349's part held every word; nor was it said which part found nothing
    answer = Navigator(graph).ask("What do RFC 2349 and RFC 1068 say about Unpin?", 400)
    (step,) = [s for s in answer.trace if s["op"] == "each named"]
    assert file_names(step["found_nothing"]) == ["1068-rust-governance.md"]
    assert answer.confidence == 0.5
    assert ("found nothing in 1068-rust-governance.md: none of the question's words "
            in answer_text(answer, graph))


def test_rfcs_asked_of_in_turn_that_all_hold_the_words_name_none_as_finding_nothing(graph):
    answer = Navigator(graph).ask("What do RFC 2349 and RFC 2592 say about Unpin?", 400)
    assert not any("found_nothing" in s for s in answer.trace)
    assert answer.confidence == 1.0
