"""Questions asking which real RFCs (the texts of the shared RFC bundle) hold something, or how
many there are, that leave one out ("besides 2592", "other than RFC 2349"): the one left out
is neither searched for nor counted, and the rest of the question reads as it would without
it, its verb and its date wherever the question says them."""

from __future__ import annotations

import glob
from pathlib import Path

import pytest
from _paths import file_names
from _rfcs import rfc_graph

from docnav.ask_text import answer_text
from docnav.query import Navigator

# of 2018: 2349, 2394 and 2592
RFCS = ["2349-pin.md", "2592-futures.md", "2394-async_await.md", "0003-attribute-usage.md",
        "1683-docs-team.md", "3467-unsafe-pinned.md", "1068-rust-governance.md"]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return rfc_graph(tmp_path_factory, RFCS)


def _of(graph, *names: str) -> list[str]:
    return [glob.escape(p) for p in graph.document_paths(None) if Path(p).name in names]


@pytest.mark.parametrize("question", ["Which RFCs besides 2394 discuss async?",
                                      "Which RFCs other than RFC 2394 discuss async?"])
def test_the_verb_after_what_is_left_out_is_no_word_the_documents_hold(graph, question):
    # "1 of the 3 documents asked of holds "discuss", "async"": the verb after the cue was
    # left in the words searched, counted as one they must hold (it is rare in these three)
    answer = Navigator(graph).ask(question, 300, doc=_of(
        graph, "2394-async_await.md", "2592-futures.md", "0003-attribute-usage.md",
        "1683-docs-team.md"))
    plain = Navigator(graph).ask("Which RFCs discuss async?", 300, doc=_of(
        graph, "2592-futures.md", "0003-attribute-usage.md", "1683-docs-team.md"))
    assert file_names(answer.count["besides"]) == ["2394-async_await.md"]
    assert answer.count["words"] == plain.count["words"] == ["async"]
    assert answer.count["documents"] == plain.count["documents"]
    (step,) = [s for s in answer.trace if s["op"] == "documents"]
    assert step["about"] == "discuss"


@pytest.mark.parametrize("question", [
    "How many RFCs published in 2018 besides RFC 2592 mention async?",
    "Which RFCs from 2018 besides 2592 mention async?",
    "Which RFCs from 2018 mention async besides RFC 2592?",
    # between the name and the verb ("2592" was searched as a word, 2018 not read)
    "Which RFCs besides 2592 from 2018 mention async?",
    "How many RFCs besides RFC 2592 published in 2018 mention async?",
    "Which RFCs besides 2592 merged in 2018 mention async?"])
def test_a_date_before_what_is_left_out_still_chooses_the_documents(graph, question):
    # (taking out what is left out before the date, 65d6ca3 read "RFC 2592 mention async"
    # as the name left out: all 2018 RFCs counted, "async" never searched)
    answer = Navigator(graph).ask(question, 300)
    assert answer.count["dated"] == "in 2018" and answer.count["words"] == ["async"]
    assert file_names(answer.count["besides"]) == ["2592-futures.md"]
    assert file_names(answer.count["documents"]) == ["2349-pin.md", "2394-async_await.md"]


def test_a_date_after_what_is_left_out_chooses_the_documents(graph):
    # "besides 2349-pin.md, 1 of the 6 documents asked of holds "published"": 2018 missing
    answer = Navigator(graph).ask("Which RFCs besides 2349 were published in 2018?", 300)
    plain = Navigator(graph).ask("Which RFCs were published in 2018?", 300)
    (step,) = [s for s in answer.trace if s["op"] == "documents"]
    (of_all,) = [s for s in plain.trace if s["op"] == "documents"]
    assert step["dated"] == of_all["dated"] == "in 2018"
    assert (step["earliest_of"], of_all["earliest_of"]) == (2, 3)
    assert file_names(step["besides"]) == ["2349-pin.md"]
    assert "2349-pin.md" not in file_names(step["documents"])
    assert ("asked of each of the 2 documents dated in 2018 besides 2349-pin.md, "
            in answer_text(answer, graph))
    # which they are, without the one left out, as the count of them says
    assert file_names(answer.count["documents"]) == ["2394-async_await.md", "2592-futures.md"]
    assert (answer.count["n"], answer.count["of"], answer.count["asked"]) == (2, 6, "which")
    counted = Navigator(graph).ask("How many RFCs besides 2349 were published in 2018?", 300)
    assert counted.count["dated"] == "in 2018" and counted.count["words"] is None
    assert file_names(counted.count["documents"]) == ["2394-async_await.md", "2592-futures.md"]


@pytest.mark.parametrize("question", ["How many RFCs are there besides RFC 2592?",
                                      "How many RFCs are there other than 2592?"])
def test_the_rfcs_there_are_besides_one_are_counted_whatever_the_order(graph, question):
    # asked of RFC 2592's text: "asked of 2592-futures.md, which the question names"
    answer = Navigator(graph).ask(question, 300)
    assert answer.count == Navigator(graph).ask("How many RFCs besides 2592 are there?",
                                                300).count
    assert answer.count["n"] == 6 and file_names(answer.count["besides"]) == ["2592-futures.md"]
    assert "besides 2592-futures.md, 6 documents asked of" in answer_text(answer, graph)
    assert answer.evidence == []


def test_a_count_of_a_year_s_rfcs_besides_one_is_of_the_others(graph):
    # "(of 7)": the one left out was counted among those asked of, in --json too
    answer = Navigator(graph).ask("How many RFCs besides 2349 were published in 2018?", 300)
    assert ("besides 2349-pin.md, 2 documents asked of dated in 2018 (of the 6 others)"
            in answer_text(answer, graph))
    said = answer.to_json()
    assert said["count"]["asked_of"] == 6 and said["count"]["n"] == 2
    (step,) = [s for s in said["trace"] if s["op"] == "count documents"]
    assert step["asked_of"] == 6


@pytest.mark.parametrize("question, name, n", [
    ("How many RFCs besides 2349 are there?", "2349", 3),
    ("Which RFCs besides RFC 2349 mention async?", "RFC 2349", 2)])
def test_one_left_out_outside_those_asked_of_is_said_to_be_outside(graph, question, name, n):
    # "besides 2349-pin.md, 3 documents asked of": as if RFC 2349 had been one of them
    answer = Navigator(graph).ask(question, 300, doc=_of(
        graph, "2592-futures.md", "2394-async_await.md", "0003-attribute-usage.md"))
    assert "besides" not in answer.count and "refers_to" not in answer.count
    assert answer.count["n"] == n and answer.untitled == [name]
    text = answer_text(answer, graph)
    assert "besides 2349-pin.md" not in text
    assert (f'"{name}" names a document outside those asked of (--doc, --after/--before or '
            f'--meta): none of them to leave out') in text


@pytest.mark.parametrize("question, searched", [
    ("Which RFCs besides 2592 discuss async?", "Which RFCs discuss async?"),
    ("How many RFCs published in 2018 besides RFC 2592 mention async?",
     "How many RFCs published in 2018 mention async?"),
    ("How many RFCs are there besides RFC 2592?", "How many RFCs are there?"),
    ("List the RFCs other than RFC 2592", "List the RFCs"),
    ("What does the futures RFC depend on besides pinning?",
     "What does the futures RFC depend on?"),
    ("Which RFCs discuss async?", None),
    # "Which RFCs mention async,?": the comma before the cue was kept
    ("Which RFCs mention async, besides RFC 2394?", "Which RFCs mention async?"),
    ("Besides pinning, what does the futures RFC depend on?",
     "What does the futures RFC depend on?"),
    ("Is there anything besides Pin?", None)])
def test_searched_as_is_the_question_without_what_it_leaves_out(graph, question, searched):
    # null: the question was searched without what it leaves out, and --json said nothing;
    # "what does the futures RFC depend on?" (lower case), "Is there anything?" (nothing asked)
    said = Navigator(graph).ask(question, 300).to_json()
    assert (said["question"], said["searched_as"]) == (question, searched)


@pytest.mark.parametrize("verb", ["cited", "referred to", "linked to", "built on",
                                  "depended on", "relied on", "mentioned", "referenced",
                                  "reference"])
def test_a_past_verb_after_the_one_left_out_reads_the_references_as_the_present(graph, verb):
    # "cited" listed every RFC but RFC 2394 (the one asked about left out), "referred to"
    # listed RFC 2592 itself, "linked to" counted words: "2592 cited" read as a name
    present = Navigator(graph).ask("Which RFCs besides 2592 refer to RFC 2394?", 300)
    answer = Navigator(graph).ask(f"Which RFCs besides 2592 {verb} RFC 2394?", 300)
    assert file_names(answer.count["besides"]) == ["2592-futures.md"]
    assert answer.count["refers_to"].endswith("2394-async_await.md")
    assert answer.count["documents"] == present.count["documents"]
    assert answer.route == "cross-reference"


@pytest.mark.parametrize("question, name", [
    ("How many RFCs are there besides pinning?", "pinning"),
    ("How many RFCs are there other than those about async?", "those about async"),
    ("How many RFCs are there besides RFC 9999?", "RFC 9999"),
    # a word no title or file name holds ("Pin", which 2349-pin.md's file holds, leaves it
    # out: test_a_word_one_title_holds_leaves_that_one_out)
    ("How many RFCs are there besides Zebra?", "Zebra")])
def test_a_count_leaving_out_what_names_no_document_counts_them_all(graph, question, name):
    # "4 of the 7 documents asked of hold "pinning"", the opposite of what was asked; "no
    # document of the 7 asked of holds "9999"": what it left out was a word they must hold
    answer = Navigator(graph).ask(question, 300)
    assert answer.count["n"] == 7 and answer.count["words"] is None
    assert "besides" not in answer.count and answer.untitled == [name]
    assert answer.to_json()["searched_as"] == "How many RFCs are there?"
    said = answer_text(answer, graph)
    assert f'"{name}" names no one document asked of: none is left out of those counted' in said
    assert "no title or file name holds its words" not in said


def test_a_cue_with_no_counting_phrase_before_it_is_no_count_of_them_all(graph):
    # (COUNTED matches nothing before a cue: read as "are there besides ...", this was "7
    # documents asked of", "async" unsearched)
    answer = Navigator(graph).ask("Which RFCs besides pinning discuss async?", 300)
    assert answer.count["words"] == ["async"] and answer.untitled == ["pinning"]


@pytest.mark.parametrize("question, plain", [
    ("Which RFCs besides pinning mention async?", "Which RFCs mention async?"),
    ("How many RFCs besides Zebra mention async?", "How many RFCs mention async?"),
    ("Which RFCs other than cfg_attr discuss async?", "Which RFCs discuss async?")])
def test_what_is_left_out_naming_no_document_is_said_and_not_searched(graph, question, plain):
    # "4 of the 7 documents asked of hold "pinning", "async"": what it left out was a word
    # they must hold, the opposite of what was asked, and nothing said of it
    answer = Navigator(graph).ask(question, 300)
    asked = Navigator(graph).ask(plain, 300)
    assert answer.count["words"] == asked.count["words"] == ["async"]
    assert answer.count["documents"] == asked.count["documents"]
    assert "besides" not in answer.count and answer.count["of"] == 7
    assert answer.to_json()["searched_as"] == plain
    name = answer.untitled[0]
    assert answer.untitled == [name] and name in question
    assert (f'"{name}" names no one document asked of: none is left out of those counted'
            in answer_text(answer, graph))


@pytest.mark.parametrize("question", ["How many RFCs are there besides Pin?",
                                      "Which RFCs mention async besides Pin?",
                                      "How many RFCs besides governance mention async?"])
def test_a_word_one_title_holds_leaves_that_one_out(graph, question):
    # ("Pin" was said to name no one document, 2349-pin.md counted; 3467-unsafe-pinned.md's
    # "pinned" is another word)
    answer = Navigator(graph).ask(question, 300)
    assert file_names(answer.count["besides"]) in (["2349-pin.md"], ["1068-rust-governance.md"])
    assert answer.untitled == [] and answer.count["of"] == 6


def test_what_is_left_out_naming_one_document_by_its_title_leaves_it_out(graph):
    answer = Navigator(graph).ask("Which RFCs besides the pin RFC mention async?", 300)
    assert file_names(answer.count["besides"]) == ["2349-pin.md"] and answer.untitled == []
    assert answer.count["words"] == ["async"] and answer.count["of"] == 6


@pytest.mark.parametrize("question", ["Which RFCs besides 3467 were published in 2022?",
                                      "How many RFCs besides 3467 were published in 2022?"])
def test_leaving_out_the_only_rfc_of_a_year_leaves_none(graph, question):
    # "no document asked of is dated in 2022 (theirs run from 2012-03-20 to 2022-11-05)", an
    # error (a count said so too), though RFC 3467 is of 2022: the one left out went first
    answer = Navigator(graph).ask(question, 300)
    assert answer.count["n"] == 0
    assert file_names(answer.count["besides"]) == ["3467-unsafe-pinned.md"]
    assert answer.count["dates"] is None and answer.evidence == []
    assert ("RFCs: none asked of besides 3467-unsafe-pinned.md is dated in 2022"
            in answer_text(answer, graph))


def test_the_rfcs_of_a_year_are_said_besides_only_one_left_out_of_that_year(graph):
    # "asked of each of the 3 documents dated in 2018 besides 3467-unsafe-pinned.md", an RFC
    # of 2022, as if it had been one of them
    answer = Navigator(graph).ask("Which RFCs besides 3467 were published in 2018?", 300)
    (step,) = [s for s in answer.trace if s["op"] == "documents"]
    assert step["besides"] == [] and step["earliest_of"] == 3
    text = answer_text(answer, graph)
    assert "asked of the 2 earliest of the 3 documents dated in 2018, " in text
    assert "dated in 2018 besides" not in text


@pytest.mark.parametrize("question", ["Which RFCs mention async, excluding RFC 2394?",
                                      "How many RFCs excluding 2394 mention async?",
                                      "Which RFCs but not RFC 2394 mention async?",
                                      "Which RFCs mention async but not RFC 2394?"])
def test_excluding_and_but_not_leave_a_document_out(graph, question):
    # "excluding RFC 2394" and "but not RFC 2394" at the end were read as asking for the RFCs
    # referring to RFC 2394 (2592, 3668 of the 27); "but not RFC 2394 mention async" counted
    # those saying "2394" and "async"
    answer = Navigator(graph).ask(question, 300)
    besides = Navigator(graph).ask("Which RFCs besides RFC 2394 mention async?", 300)
    assert file_names(answer.count["besides"]) == ["2394-async_await.md"]
    assert answer.count["words"] == ["async"] and "refers_to" not in answer.count
    assert answer.count["documents"] == besides.count["documents"]
    assert answer.to_json()["searched_as"].endswith("RFCs mention async?")


def test_but_not_before_a_word_leaves_no_document_out(graph):
    # "await" is a word of 2394-async_await.md's file name, never a document's name here
    answer = Navigator(graph).ask("Which RFCs mention async but not await?", 300)
    assert "besides" not in answer.count and answer.untitled == []
    # those holding "async" and not "await" (both were counted as wanted)
    assert answer.count["holding"] == ["async"] and answer.count["neither"] == ["await"]
    assert answer.count["of"] == 7


@pytest.mark.parametrize("question", [
    "Which RFCs besides 2349, 2394 and 2592 mention async?",
    "How many RFCs other than 2349, 2394, or 2592 mention async?",
    "Which RFCs mention async, excluding RFC 2349, RFC 2394 and 2592-futures.md?"])
def test_a_list_with_commas_leaves_each_out(graph, question):
    # "4 of the 7 documents asked of hold "2349", "2394", "2592", "async"": none left out, the
    # numbers searched as words
    answer = Navigator(graph).ask(question, 300)
    assert file_names(answer.count["besides"]) == ["2349-pin.md", "2394-async_await.md",
                                               "2592-futures.md"]
    assert answer.count["words"] == ["async"] and answer.count["of"] == 4
    assert answer.to_json()["searched_as"].endswith("RFCs mention async?")
