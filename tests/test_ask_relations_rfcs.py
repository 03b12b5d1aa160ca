"""Questions about how real RFCs refer to each other (the texts of the shared RFC bundle): the
route the answer says is the one that answered it (whatever a router given says), what one
RFC says about another is read from its paragraphs referring to it, a summary asked of "the
RFC on attributes" says which other RFC fits as well, and the words of "refer to as" are no
gaps."""

from __future__ import annotations

import pytest

from _paths import file_names
from _rfcs import rfc_graph
from docnav.ask_text import answer_text
from docnav.query import EvidenceState, Navigator, route
from docnav.query.names import titled_documents

RFCS = ["2349-pin.md", "2592-futures.md", "2394-async_await.md", "3467-unsafe-pinned.md",
        "0003-attribute-usage.md", "0016-more-attributes.md", "1068-rust-governance.md",
        "1683-docs-team.md"]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return rfc_graph(tmp_path_factory, RFCS)


@pytest.mark.parametrize("question", ["Which RFCs mention the pin RFC?",
                                      "Which RFCs mention RFC 2349?"])
def test_documents_chosen_by_their_references_say_the_cross_reference_route(graph, question):
    # answered by the futures RFC's links to the pin RFC, it said "route: local" (the
    # router's route for "mention", which it reads as words of the text)
    answer = Navigator(graph).ask(question, 300)
    assert answer.count["refers_to"].endswith("2349-pin.md")
    assert file_names(answer.count["documents"]) == ["2592-futures.md"]
    assert answer.route == "cross-reference"
    assert answer_text(answer, graph).startswith("route: cross-reference;")


def test_documents_none_of_which_refers_to_the_one_named_say_the_route_too(graph):
    # none refers to the docs team RFC: the count of none came from the references as well
    answer = Navigator(graph).ask("Which RFCs mention RFC 1683?", 300)
    assert answer.count["n"] == 0 and answer.count["refers_to"].endswith("1683-docs-team.md")
    assert answer.route == "cross-reference"


def test_which_rfcs_discuss_a_thing_keeps_the_local_route(graph):
    answer = Navigator(graph).ask("Which RFCs mention subteams?", 300)
    assert answer.count.get("refers_to") is None and answer.route == "local"


def test_what_one_rfc_says_about_another_is_read_from_its_paragraphs_referring_to_it(graph):
    # the futures RFC's paragraphs linking the pin RFC ("The pinning APIs were a game-changer",
    # "explained in the RFC that introduced it") were not read first, or at all (its summary
    # was, in a larger store): "the pin RFC" was searched as the words "pin" and "RFC"
    answer = Navigator(graph).ask("What does the futures RFC say about the pin RFC?", 300)
    first = [e.piece.text for e in answer.evidence if e.found_by == "reference"]
    assert len(first) == 2 and [e.piece.text for e in answer.evidence[:2]] == first
    assert "pinning APIs" in first[0] and "the RFC that introduced it" in first[1]
    assert ("2592-futures.md refers to 2349-pin.md: 2 of its paragraphs link to it or name it "
            "(read first)" in answer_text(answer, graph))
    assert answer.missing == []


@pytest.mark.parametrize("question, missing, absent", [
    ("What does the futures RFC say about the pin RFC's zebras?", ["zebras"], ["zebras"]),
    # the futures RFC says "migration" elsewhere, not in the evidence read
    ("What does RFC 2592 say about zebra migrations in RFC 2349?", ["zebra", "migrations"],
     ["zebra"]),
    ("Does the futures RFC refer to the pin RFC's zebras?", ["zebras"], ["zebras"]),
])
def test_what_one_rfc_says_of_another_misses_the_words_that_do_not_name_it(graph, question,
                                                                           missing, absent):
    # every word after "say" was taken for the words naming the pin RFC, which its links
    # need not hold: "zebras" (nowhere in the futures RFC) was said missing no more
    answer = Navigator(graph).ask(question, 300)
    assert [s["op"] for s in answer.trace][0] == "refers"
    assert answer.missing == missing and answer.absent == absent


@pytest.mark.parametrize("router", [None, lambda question: "local"])
@pytest.mark.parametrize("question", ["What does the futures RFC say about the pin RFC?",
                                      "Does the futures RFC refer to the pin RFC?",
                                      "What does the pin RFC say about the docs team RFC?",
                                      "Which RFCs mention the pin RFC?"])
def test_an_answer_the_references_gave_says_the_cross_reference_route(graph, question,
                                                                      router):
    # read first from the futures RFC's links to the pin RFC, "say about" said "route:
    # local"; a router given said its own route of any, though the references answered
    nav = Navigator(graph) if router is None else Navigator(graph, router=router)
    answer = nav.ask(question, 300)
    assert answer.route == "cross-reference"
    assert answer_text(answer, graph).startswith("route: cross-reference;")


def test_a_router_given_routes_what_the_references_did_not_answer(graph):
    answer = Navigator(graph, router=lambda question: "global").ask(
        "What does the futures RFC say about wakers?", 300)
    assert answer.route == "global"


def test_what_one_rfc_says_about_another_it_never_refers_to_is_said_and_searched(graph):
    answer = Navigator(graph).ask("What does the pin RFC say about the docs team RFC?", 300)
    assert ("2349-pin.md makes no reference to 1683-docs-team.md"
            in answer_text(answer, graph))
    assert answer.evidence and {e.piece.doc_path.rsplit("/", 1)[-1]
                                for e in answer.evidence} == {"2349-pin.md"}


def test_what_one_rfc_says_about_a_thing_is_searched_as_before(graph):
    answer = Navigator(graph).ask("What does the futures RFC say about wakers?", 300)
    assert not [s for s in answer.trace if s["op"] == "refers"]
    assert answer.evidence and answer.evidence[0].found_by == "passage"


def test_a_summary_of_the_rfc_on_attributes_names_the_other_that_fits_as_well(graph):
    # both attribute RFCs' titles say "attributes": the answer summed up one and never
    # said that the other fitted as well
    answer = Navigator(graph).ask("Summarize the RFC on attributes", 300)
    (focus,) = [s for s in answer.trace if s["op"] == "focus"]
    attributes = {"0003-attribute-usage.md", "0016-more-attributes.md"}
    (chosen,) = file_names(focus["documents"])
    (other,) = attributes - {chosen}
    assert chosen in attributes and file_names(focus["also_fits"]) == [other]
    assert (f"the question says it is about (\"RFC on attributes\"); also fits, by its title: "
            f"{other} (name one by its number or title to ask of it)"
            in answer_text(answer, graph))


@pytest.mark.parametrize("question, chosen", [
    ("Summarize the RFC on unsafe pinned", "3467-unsafe-pinned.md"),
    ("Summarize the RFC on async await futures", "2394-async_await.md"),
])
def test_a_summary_of_the_rfc_whose_title_holds_more_of_the_description_names_no_other(
        graph, question, chosen):
    # a title holding one word of the description fitted as well as one holding them all:
    # "the RFC on unsafe pinned" read 2349-pin, and said 3467-unsafe-pinned "also fits"
    answer = Navigator(graph).ask(question, 300)
    (focus,) = [s for s in answer.trace if s["op"] == "focus"]
    assert file_names(focus["documents"]) == [chosen]
    assert "also_fits" not in focus and "also fits" not in answer_text(answer, graph)


def test_a_summary_of_the_one_rfc_a_description_fits_names_no_other(graph):
    answer = Navigator(graph).ask("Summarize the RFC on governance", 300)
    (focus,) = [s for s in answer.trace if s["op"] == "focus"]
    assert file_names(focus["documents"]) == ["1068-rust-governance.md"]
    assert "also_fits" not in focus and "also fits" not in answer_text(answer, graph)


def test_the_words_of_refer_to_as_are_phrasing_not_gaps(graph):
    # "What does RFC 1068 refer to as subteams?" said "not in the evidence: refer" and "in
    # none of the documents asked of: refer": the question's phrasing, no word of the answer
    answer = Navigator(graph).ask("What does RFC 1068 refer to as subteams?", 300)
    assert answer.missing == [] and answer.absent == []
    assert "refer" not in answer_text(answer, graph).split("\n\n")[0]
    assert answer.evidence and "subteam" in answer.evidence[0].piece.text.lower()


@pytest.mark.parametrize("question, terms", [
    ("What is referred to as a subteam?", ["subteam"]),
    ("How does the RFC refer to other RFCs?", ["rfc", "refer", "other", "rfcs"]),
    # "refer to as well as", "refer to as-yet": no "refer to as" (both lost "refer"); their
    # "well" and "yet" are phrasing, no word of the answer (said "not in the evidence")
    ("What does RFC 2349 refer to as well as RFC 2592?", ["rfc", "2349", "refer", "2592"]),
    ("Which RFCs refer to as-yet unstable features?", ["rfcs", "refer", "unstabl", "featur"]),
    ("What does the pin RFC say about moves as well as drops as yet?", ["pin", "rfc", "move",
                                                                       "drop"]),
    ("How well does it work as a guide?", ["well", "work", "guid"]),
])
def test_refer_is_a_term_of_the_question_unless_it_names_something_as(question, terms):
    assert EvidenceState(question, 100).terms == terms


@pytest.mark.parametrize("question", ["What do the RFCs say about the pin RFC?",
                                      "What do other RFCs say about RFC 2349?"])
def test_what_the_rfcs_say_about_one_is_asked_of_those_referring_to_it(graph, question):
    # it was asked of the pin RFC itself ("the RFCs" no document), with "not in the
    # evidence: rfcs" and confidence 0.00: the futures RFC, which links it, was never read
    answer = Navigator(graph).ask(question, 300)
    assert answer.count["refers_to"].endswith("2349-pin.md")
    assert file_names(answer.count["documents"]) == ["2592-futures.md"]
    assert answer.route == "cross-reference" and answer.missing == []
    assert answer.evidence[0].piece.doc_path.endswith("2592-futures.md")


@pytest.mark.parametrize("name", ["the async/await RFC", "the async await RFC",
                                  "the async-await RFC"])
def test_a_slash_between_title_words_names_the_document_as_a_space_does(graph, name):
    assert file_names(p for p, _ in titled_documents(graph, name)) == ["2394-async_await.md"]
    assert route(f"What do the RFCs say about {name}?") == "cross-reference"


def test_what_the_async_slash_await_rfc_says_about_another_is_asked_of_it(graph):
    # asked of 2592-futures: "the async/await RFC" named no document, "the futures RFC" did
    answer = Navigator(graph).ask("What does the async/await RFC say about the futures RFC?",
                                  300)
    (refers,) = [s for s in answer.trace if s["op"] == "refers"]
    assert file_names([refers["document"], refers["to"]]) == ["2394-async_await.md",
                                                          "2592-futures.md"]
    assert {file_names([e.piece.doc_path])[0] for e in answer.evidence} == {"2394-async_await.md"}


@pytest.mark.parametrize("question, by, referred", [
    ("What does RFC 2592 refer to as well as RFC 2349?", "2592-futures.md",
     ["2349-pin.md", "2394-async_await.md"]),
    ("What does RFC 2349 refer to as well as RFC 2592?", "2349-pin.md", []),
])
def test_what_one_rfc_refers_to_as_well_as_another_is_answered_by_its_references(
        graph, question, by, referred):
    # asked of RFC 2349's text, "2592" was "in none of the documents asked of": RFC 2592 is
    # named as one it may refer to besides, not a word of its text
    answer = Navigator(graph).ask(question, 300)
    assert answer.count["referred_by"].endswith(by)
    assert file_names(answer.count["documents"]) == referred
    assert answer.route == "cross-reference"
    assert answer.missing == [] and answer.absent == []


def test_what_one_rfc_says_about_two_others_is_read_from_its_paragraphs_referring_to_each(
        graph):
    # naming two, it was asked as of any words: none of the futures RFC's paragraphs linking
    # the pin RFC or naming the async/await RFC was read first
    answer = Navigator(graph).ask(
        "What does the futures RFC say about the pin RFC and the async/await RFC?", 400)
    refers = [s for s in answer.trace if s["op"] == "refers"]
    assert [file_names([s["document"], s["to"]]) for s in refers] == [
        ["2592-futures.md", "2349-pin.md"], ["2592-futures.md", "2394-async_await.md"]]
    assert all(s["nodes"] for s in refers) and answer.route == "cross-reference"
    first = {n for s in refers for n in s["nodes"]}
    read = [e.piece.node_id for e in answer.evidence[:len(first)]]
    assert set(read) == first and read == graph.in_reading_order(first)
    text = answer_text(answer, graph)
    assert "2592-futures.md refers to 2349-pin.md" in text
    assert "2592-futures.md refers to 2394-async_await.md" in text


@pytest.mark.parametrize("question, by, left, referred, line", [
    ("What does RFC 2394 refer to besides RFC 2592?", "2394-async_await.md", "2592-futures.md",
     [], "besides 2592-futures.md (which 2394-async_await.md refers to), none of the 6 "),
    ("What does the futures RFC build on other than the pin RFC?", "2592-futures.md",
     "2349-pin.md", ["2394-async_await.md"], "besides 2349-pin.md (which 2592-futures.md "
     "refers to), 1 of the 6 documents"),
    ("What does RFC 2349 refer to apart from RFC 2592?", "2349-pin.md", "2592-futures.md", [],
     "besides 2592-futures.md (which 2349-pin.md makes no reference to), none of the 6 "),
    ("What does RFC 2592 refer to except RFC 2394?", "2592-futures.md", "2394-async_await.md",
     ["2349-pin.md"], "besides 2394-async_await.md (which 2592-futures.md refers to)"),
    ("What does RFC 2592 refer to besides 2349?", "2592-futures.md", "2349-pin.md",
     ["2394-async_await.md"], "besides 2349-pin.md (which 2592-futures.md refers to), 1 of "),
    ("What builds on RFC 2349 other than 2592?", "2349-pin.md", "2592-futures.md", [],
     "besides 2592-futures.md (which refers to 2349-pin.md), none of the 6 ")])
def test_what_one_rfc_refers_to_besides_another_is_answered_without_that_one(
        graph, question, by, left, referred, line):
    # asked of RFC 2394's text, "besides" and "2592" were "in none of the documents asked
    # of"; read as "as well as", 2592-futures.md, the one asked to be left out, was listed;
    # "besides 2349", a number alone, was asked of RFC 2592's text, no reference read
    answer = Navigator(graph).ask(question, 300)
    assert (answer.count["referred_by"] or answer.count["refers_to"]).endswith(by)
    assert file_names(answer.count["besides"]) == [left]
    assert file_names(answer.count["documents"]) == referred
    assert answer.route == "cross-reference"
    assert answer.missing == [] and answer.absent == []
    assert line in answer_text(answer, graph)


@pytest.mark.parametrize("question", ["What does the futures RFC depend on besides pinning?",
                                      "What does the futures RFC rely on apart from pinning?",
                                      "What does the pin RFC build on except for Unpin?",
                                      "What does the futures RFC depend on, except pinning?",
                                      "What does the futures RFC say about wakers except "
                                      "RFC 2349?"])
def test_what_leaves_a_thing_out_is_no_word_the_text_need_hold(graph, question):
    # "besides" was said missing, and in none of the documents asked of; "except" too where
    # no "for" came after it nor "on" or "to" before it, though a count left RFC 2349 out so
    answer = Navigator(graph).ask(question, 300)
    phrasing = {"besides", "apart", "except"}
    assert not phrasing & {w.lower() for w in answer.missing + answer.absent}


@pytest.mark.parametrize("question, verb", [
    ("What does the futures RFC rely on apart from pinning?", "rely"),
    ("What does the futures RFC build on besides pinning?", "build")])
def test_what_a_document_named_depends_on_is_no_word_its_text_need_hold(graph, question, verb):
    # asked of the futures RFC's text, which says what it needs in words of its own: "not in
    # the evidence: rely" ("depend", in a store of 27 RFCs)
    answer = Navigator(graph).ask(question, 300)
    (focus,) = [s for s in answer.trace if s["op"] == "focus"]
    assert file_names(focus["documents"]) == ["2592-futures.md"]
    assert verb not in answer.missing and verb not in answer.absent


def test_what_two_rfcs_refer_to_is_answered_by_the_references_of_each(graph):
    # asked of RFC 2349 alone: "not in the evidence: 2592", "in none of the documents asked
    # of: 2592"
    answer = Navigator(graph).ask("What do RFC 2349 and RFC 2592 refer to?", 300)
    refers = [s for s in answer.trace if s["op"] == "refers"]
    assert [(file_names([s["document"]])[0], s["to"] and file_names([s["to"]])[0])
            for s in refers] == [
        ("2349-pin.md", None), ("2592-futures.md", "2349-pin.md"),
        ("2592-futures.md", "2394-async_await.md")]
    assert answer.route == "cross-reference"
    assert answer.missing == [] and answer.absent == []
    assert {file_names([e.piece.doc_path])[0] for e in answer.evidence} <= {"2349-pin.md",
                                                                        "2592-futures.md"}
    text = answer_text(answer, graph)
    assert "2349-pin.md refers to no other document" in text
    assert "2592-futures.md refers to 2394-async_await.md" in text


def test_what_two_rfcs_referring_to_none_refer_to_misses_neither_name(graph):
    # their references answered (none), "3" was said not in the evidence
    answer = Navigator(graph).ask("What do RFC 2349 and RFC 3 refer to?", 300)
    refers = [s for s in answer.trace if s["op"] == "refers"]
    assert [(file_names([s["document"]])[0], s["to"]) for s in refers] == [
        ("2349-pin.md", None), ("0003-attribute-usage.md", None)]
    assert answer.missing == [] and answer.absent == []
