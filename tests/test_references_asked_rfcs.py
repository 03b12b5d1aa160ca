"""What an RFC refers to, asked as its references ("How many references does RFC 2592 have?")
of real RFC texts, however the question or its glob names it: of the RFC a glob chose alone
its name was cut out of the question, and "What does refer to?" was searched in its text."""

from __future__ import annotations

from pathlib import Path

import pytest
from _rfcs import rfc_graph

from docnav.query import Navigator

RFCS = ["0002-rfc-process.md", "2349-pin.md", "2394-async_await.md", "2592-futures.md"]
FUTURES_REFERS = [("2592-futures.md", "2349-pin.md"), ("2592-futures.md", "2394-async_await.md")]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return rfc_graph(tmp_path_factory, RFCS)


def _refers(answer) -> list[tuple[str, str | None]]:
    return [(Path(s["document"]).name, s["to"] and Path(s["to"]).name) for s in answer.trace
            if s["op"] == "refers"]


def _listed(answer) -> list[tuple[str, str]]:
    return sorted((Path(s["referred_by"]).name, Path(d).name) for s in answer.trace
                  if s["op"] == "documents" and s.get("referred_by") for d in s["documents"])


@pytest.mark.parametrize("question", ["How many references does RFC 2592 have?",
                                      "What does RFC 2592 refer to?"])
def test_the_references_of_the_one_rfc_a_glob_chose_are_what_it_refers_to(graph, question):
    # asked as "What does refer to?" of its text: "refer" missing, no reference read
    answer = Navigator(graph).ask(question, 300, doc="*2592*")
    assert answer.route == "cross-reference"
    assert _refers(answer) == FUTURES_REFERS
    referring = {n for s in answer.trace if s["op"] == "refers" for n in s["nodes"]}
    assert answer.evidence[0].piece.node_id in referring
    assert "refer" not in answer.missing
    # the documents it refers to, as asked of every RFC
    assert _listed(Navigator(graph).ask(question, 300)) == FUTURES_REFERS


def test_the_one_rfc_a_glob_chose_referring_to_none_says_so(graph):
    answer = Navigator(graph).ask("What does RFC 2 refer to?", 300, doc="*0002*")
    assert _refers(answer) == [("0002-rfc-process.md", None)]
    assert answer.route == "cross-reference"


@pytest.mark.parametrize(("variant", "plain"), [
    ("How many references do RFCs 2394 and 2592 have?",
     "How many references do RFC 2394 and RFC 2592 have?"),
    ("How many references does RFC2592 have?", "How many references does RFC 2592 have?"),
    ("What does RFC2592 refer to?", "What does RFC 2592 refer to?"),
    ("How many references does RFC 2592 have in total?",
     "How many references does RFC 2592 have?"),
])
def test_the_references_asked_in_other_words_are_read_as_asked_plainly(graph, variant, plain):
    # "RFCs 2394 and 2592" named no RFC, "RFC2592" was no RFC whose references are links, and
    # "in total" no question of references: each read as works cited, of which RFCs have none
    said, asked = (Navigator(graph).ask(q, 300) for q in (variant, plain))
    assert asked.route == said.route == "cross-reference"
    assert _refers(asked) or _listed(asked)
    assert (_refers(said), _listed(said)) == (_refers(asked), _listed(asked))
    assert not [s for s in said.trace if s["op"] in ("works cited", "no works cited")]
    assert [s.get("question") for s in said.trace] == [s.get("question") for s in asked.trace]
    assert [e.piece.node_id for e in said.evidence] == [e.piece.node_id for e in asked.evidence]


@pytest.mark.parametrize(("question", "searched_as"), [
    ("How many references does RFC 2592 have?", "Which documents does RFC 2592 refer to?"),
    # (after their referring paragraphs, each one's summary: the verb is not searched)
    ("How many references do RFCs 2394 and 2592 have?", "What do RFC 2394 and RFC 2592?"),
])
def test_the_answer_s_question_is_the_one_asked(graph, question, searched_as):
    # `docnav ask --json` said "question": "Which documents does RFC 2592 refer to?"
    answer = Navigator(graph).ask(question, 300)
    assert (answer.question, answer.searched_as) == (question, searched_as)
    said = answer.to_json()
    assert (said["question"], said["searched_as"]) == (question, searched_as)
    asked = Navigator(graph).ask("Which RFCs mention Unpin?", 300).to_json()
    assert (asked["question"], asked["searched_as"]) == ("Which RFCs mention Unpin?", None)


def test_the_references_of_an_rfc_named_as_a_paper_are_what_it_refers_to(graph):
    # searched as "What does the refer to?" ("paper refer to" was no RFC's relation): "refer"
    # missing, confidence 0, its design paragraphs read
    answer = Navigator(graph).ask("List the references of the RFC process paper", 300)
    assert answer.route == "cross-reference"
    assert answer.count["referred_by"].endswith("0002-rfc-process.md")
    assert answer.count["n"] == 0 and "refer" not in answer.missing
    one = Navigator(graph).ask("List the references of the RFC process paper", 300,
                               doc="*0002*")
    assert _refers(one) == [("0002-rfc-process.md", None)] and "refer" not in one.missing


@pytest.mark.parametrize("question", ["Which documents does RFC 2592 refer to?",
                                      "Which RFCs does RFC 2592 refer to?",
                                      # (an error too, or its text read, no reference)
                                      "What documents does RFC 2592 refer to?",
                                      "What RFCs does RFC 2592 refer to?",
                                      "Which RFC does RFC 2592 refer to?",
                                      "Which other RFCs does RFC 2592 refer to?"])
def test_which_documents_the_one_rfc_a_glob_chose_refers_to_are_its_references(graph,
                                                                               question):
    # "query '?' has no words to search for": its name, "which documents" and the verb taken
    # out of the question asked of it, nothing was left
    answer = Navigator(graph).ask(question, 300, doc="*2592*")
    assert answer.route == "cross-reference" and _refers(answer) == FUTURES_REFERS
    assert answer.question == question and "refer" not in answer.missing
    # the words searched in its text said (they were not: searched_as null); not the verb,
    # which its referring paragraphs answer (its paragraphs saying "refer" were read after
    # them: searched_as was "What does RFC 2592 refer to?")
    assert answer.searched_as == "What does RFC 2592?"


def test_what_rfcs_named_by_their_numbers_refer_to_is_each_one_s_references(graph):
    # "RFCs 2394 and 2592" named no RFC: 2592-futures.md's passages were read first, as the
    # one holding "2592", and no reference was read
    said, asked = (Navigator(graph).ask(q, 300) for q in (
        "What do RFCs 2394 and 2592 refer to?", "What do RFC 2394 and RFC 2592 refer to?"))
    assert said.route == asked.route == "cross-reference"
    assert _refers(said) == _refers(asked) == [("2394-async_await.md", "2592-futures.md"),
                                               *FUTURES_REFERS]
    assert said.missing == asked.missing == []
    assert [e.piece.node_id for e in said.evidence] == [e.piece.node_id for e in asked.evidence]


@pytest.mark.parametrize("question", [
    "What does the term structural pinning in the pin RFC proposal refer to?",
    "What does the futures RFC's Context type refer to?",
])
def test_what_a_term_of_an_rfc_refers_to_is_asked_of_its_text(graph, question):
    # read as "Which documents does ... refer to?" (an RFC named among more words), the pin
    # RFC's references were listed and none of its text read
    answer = Navigator(graph).ask(question, 300)
    assert answer.searched_as is None and not _listed(answer)
    assert answer.route == "local" and answer.evidence


@pytest.mark.parametrize("question", ["What does the futures RFC proposal refer to?",
                                      "What does RFC 2592 itself refer to?",
                                      "What does RFC 2592 (futures) refer to?"])
def test_an_rfc_named_with_words_naming_a_document_is_read_by_its_references(graph, question):
    # read as what a term of it means (9b2884a: its name and nothing but an article), its
    # text was read and none of its references listed
    assert _listed(Navigator(graph).ask(question, 300)) == FUTURES_REFERS


@pytest.mark.parametrize("question", ["Which documents does the futures RFC build on?",
                                      "What does the futures RFC build on?",
                                      "What does RFC 2592 depend on?"])
def test_what_the_one_rfc_a_glob_chose_builds_on_is_as_confident_as_what_it_refers_to(
        graph, question):
    # its references read first, then "build" searched in its text and held by none of what
    # was read: confidence 0.00, where "What does RFC 2592 refer to?" had 1.00 (now neither
    # verb is searched after its referring paragraphs, its summary read: no confidence)
    answer, refers = (Navigator(graph).ask(q, 300, doc="*2592*")
                      for q in (question, "What does RFC 2592 refer to?"))
    assert _refers(answer) == _refers(refers) == FUTURES_REFERS
    assert answer.confidence is refers.confidence is None
    assert [e.piece.node_id for e in answer.evidence] == [
        e.piece.node_id for e in refers.evidence]


@pytest.mark.parametrize("question", ["Which RFC does RFC 2592 refer to?",
                                      "Which other RFCs does RFC 2592 refer to?",
                                      "Which document does the futures RFC build on?",
                                      "Which RFC does RFC 2592 cite?",
                                      "Which RFC does RFC 2592 mention?"])
def test_which_rfc_an_rfc_refers_to_asked_of_every_rfc_is_its_references(graph, question):
    # of every RFC, not a question asking for documents ("Which RFC" is one, "other" no kind):
    # RFC 2592's text was read and none of its references, as with --doc '*2592*' they were
    answer = Navigator(graph).ask(question, 300)
    assert answer.route == "cross-reference" and _listed(answer) == FUTURES_REFERS
    assert answer.count["referred_by"].endswith("2592-futures.md")
    assert answer.missing == []


@pytest.mark.parametrize("question, refers", [
    ("Does RFC 2592 refer to RFC 2349?", [("2592-futures.md", "2349-pin.md")]),
    ("Does RFC 2592 refer to RFC 2?", [("2592-futures.md", "0002-rfc-process.md")]),
    ("What does the futures RFC say about the pin RFC?", [("2592-futures.md", "2349-pin.md")])])
def test_whether_the_one_rfc_a_glob_chose_refers_to_another_is_read_by_its_references(
        graph, question, refers):
    # "RFC 2349" was said to name a document outside those asked of, and RFC 2592's text was
    # searched for "2349" ("not in the evidence: 2349"), none of its references read
    answer, every = (Navigator(graph).ask(question, 300, doc=doc) for doc in ("*2592*", None))
    assert _refers(answer) == _refers(every) == refers
    assert answer.untitled == [] and answer.missing == []
    assert answer.route == "cross-reference"
    assert [e.piece.node_id for e in answer.evidence] == [e.piece.node_id for e in every.evidence]
    nodes = {n for s in answer.trace if s["op"] == "refers" for n in s["nodes"]}
    assert bool(nodes) == (refers[0][1] == "2349-pin.md")


@pytest.mark.parametrize("question", ["Which PEPs does RFC 2592 refer to?",
                                      "Which PEP does RFC 2592 refer to?"])
@pytest.mark.parametrize("doc", [None, "*2592*"])
def test_which_documents_of_another_kind_an_rfc_refers_to_are_not_its_rfcs(graph, question,
                                                                           doc):
    # read as "Which documents does RFC 2592 refer to?": the RFCs it refers to were listed
    answer = Navigator(graph).ask(question, 300, doc=doc)
    assert _listed(answer) == [] and _refers(answer) == []
    assert question.split()[1].lower() in answer.missing


@pytest.mark.parametrize("question", ["Which RFC does RFC 2592 refer to besides RFC 2349?",
                                      "Which RFC does RFC 2592 cite besides 2349?"])
def test_which_rfc_an_rfc_refers_to_besides_one_is_its_other_references(graph, question):
    # asked of RFC 2592's text ("Which RFCs ... besides RFC 2349?" listed RFC 2394)
    answer = Navigator(graph).ask(question, 300)
    plural = Navigator(graph).ask("Which RFCs does RFC 2592 refer to besides RFC 2349?", 300)
    assert answer.route == "cross-reference"
    assert _listed(answer) == _listed(plural) == [("2592-futures.md", "2394-async_await.md")]
    assert [Path(p).name for p in answer.count["besides"]] == ["2349-pin.md"]


@pytest.mark.parametrize("question", ["How many RFCs does RFC 2592 refer to?",
                                      "How many documents does RFC 2592 refer to?",
                                      "How many other RFCs does RFC 2592 cite?"])
def test_how_many_rfcs_an_rfc_refers_to_is_a_count_of_its_references(graph, question):
    # "query '?' has no words to search for", of every RFC and of --doc '*2592*'
    answer = Navigator(graph).ask(question, 300)
    assert answer.count["asked"] == "how many" and answer.count["n"] == 2
    assert _listed(answer) == FUTURES_REFERS and answer.route == "cross-reference"
    assert _refers(Navigator(graph).ask(question, 300, doc="*2592*")) == FUTURES_REFERS


def test_how_many_rfcs_an_rfc_refers_to_besides_one_counts_the_others(graph):
    # read as a summary of RFC 2592 ("route: global"), none of its references counted
    answer = Navigator(graph).ask("How many RFCs does RFC 2592 refer to besides RFC 2349?", 300)
    assert answer.count["asked"] == "how many" and answer.count["n"] == 1
    assert _listed(answer) == [("2592-futures.md", "2394-async_await.md")]


@pytest.mark.parametrize("question", ["What does RFC 2592 cite?",
                                      "What does RFC 2592 reference?"])
def test_what_an_rfc_cites_is_what_it_refers_to(graph, question):
    # its text was read ("route: local", "in none of the documents asked of: cite"), where
    # "Which RFCs does RFC 2592 cite?" listed its references
    answer = Navigator(graph).ask(question, 300)
    assert answer.route == "cross-reference" and _listed(answer) == FUTURES_REFERS
    assert answer.missing == [] and answer.absent == []
    assert _refers(Navigator(graph).ask(question, 300, doc="*2592*")) == FUTURES_REFERS
    # what it says of a thing is still asked of its text
    said = Navigator(graph).ask("What does RFC 2592 say about wakers?", 300)
    assert said.route == "local" and not _listed(said)


def test_the_count_says_which_way_the_references_lead(graph):
    # --json's count of "Which RFCs does RFC 2592 refer to?" gave RFC 2592 as "refers_to"
    # and "referred_by" both
    them = Navigator(graph).ask("Which RFCs does RFC 2592 refer to?", 300).to_json()["count"]
    assert Path(them["referred_by"]).name == "2592-futures.md" and them["refers_to"] is None
    assert sorted(Path(p).name for p in them["documents"]) == ["2349-pin.md",
                                                              "2394-async_await.md"]
    it = Navigator(graph).ask("Which RFCs refer to RFC 2394?", 300).to_json()["count"]
    assert Path(it["refers_to"]).name == "2394-async_await.md" and it["referred_by"] is None
    assert [Path(p).name for p in it["documents"]] == ["2592-futures.md"]


@pytest.mark.parametrize("question", ["What does RFC 2592 refer to?",
                                      "Which RFCs does RFC 2592 refer to?"])
def test_the_verb_is_not_searched_after_the_referring_paragraphs(graph, question):
    # "refer" was searched after them ("the question's words are together in 32 paragraphs")
    # and its paragraphs saying "refer" read: its summary is read instead, as of one
    # referring to none
    answer = Navigator(graph).ask(question, 300, doc="*2592*")
    referring = {n for s in answer.trace if s["op"] == "refers" for n in s["nodes"]}
    assert referring and answer.evidence[0].piece.node_id in referring
    assert not [s for s in answer.trace if s["op"] in ("locate", "no confidence stop")]
    assert "refer" not in answer.searched_as and answer.confidence is None
    # of two it names, each one's: the verb not searched after theirs (their names are)
    two = Navigator(graph).ask("What do RFC 2394 and RFC 2592 refer to?", 300)
    assert _refers(two) and "refer" not in two.searched_as
