"""Works cited asked of several papers a question names: "How many references do the pioNER
paper and the zero-shot translation paper have?" was asked of pioNER alone, the other's title
words searched in its entries. Each paper it names as the subjects of one verb is now counted in
turn; a title the question says its works are about is still no paper asked of."""

from __future__ import annotations

from pathlib import Path

import pytest
from _paths import FIXTURES
from _rfcs import rfc_graph, rfc_texts
from _stores import indexed_copies

from docnav.ask_text import answer_text
from docnav.query import Navigator


@pytest.fixture(scope="module")
def papers(tmp_path_factory):
    return indexed_copies(tmp_path_factory.mktemp("papers"), [
        FIXTURES / "pdf" / n for n in ("1810.08699.pdf", "1705.07830.pdf", "1912.01214.pdf")])


@pytest.fixture(scope="module")
def rfcs(tmp_path_factory):
    """RFCs, whose references are their links to each other: no section of works cited."""
    return rfc_graph(tmp_path_factory, ["2394-async_await.md", "2592-futures.md",
                                        "2349-pin.md"])


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    """Two RFCs and a paper: what the RFCs refer to are each other, the paper cites 21 works."""
    base = tmp_path_factory.mktemp("mixed")
    rfcs = rfc_texts(base, ["2394-async_await.md", "2592-futures.md"])
    for name, text in rfcs.items():
        (base / name).write_text(text)
    return indexed_copies(base / "store", {"1810.08699.pdf": FIXTURES / "pdf" / "1810.08699.pdf",
                                           **{name: base / name for name in rfcs}})


def _counted_in_turn(answer) -> list[dict[str, int]]:
    return [{Path(d["document"]).name: d["entries"] for d in s["documents"]}
            for s in answer.trace if s["op"] == "works cited"]


def test_works_cited_of_each_paper_a_question_names_are_counted(papers):
    # asked of pioNER alone, the other's title words were searched in its entries, said to be
    # in none, and said missing
    answer = Navigator(papers).ask("How many references do the pioNER paper and the zero-shot "
                                   "translation paper have?", 300)
    assert _counted_in_turn(answer) == [{"1810.08699.pdf": 21}, {"1912.01214.pdf": 35}]
    assert not [s for s in answer.trace if s["op"] == "no works cited"]
    assert answer.missing == [] and answer.absent == []
    # one paper named: its works cited alone, as before
    answer = Navigator(papers).ask("How many references does the pioNER paper have?", 300)
    assert _counted_in_turn(answer) == [{"1810.08699.pdf": 21}]


def test_a_title_the_works_are_about_is_no_paper_asked_of(papers):
    # the zero-shot translation paper is what pioNER's works would be about: its list is not
    # counted, and pioNER's entries are searched for its words
    answer = Navigator(papers).ask("Which works cited by the pioNER paper are about the "
                                   "zero-shot translation paper?", 300)
    assert not [s for s in answer.trace if s["op"] in ("compare documents", "works cited")]
    (focus,) = [s for s in answer.trace if s["op"] == "focus"]
    assert [Path(d).name for d in focus["documents"]] == ["1810.08699.pdf"]
    (none,) = [s for s in answer.trace if s["op"] == "no works cited"]
    assert {"zero", "shot", "translation"} <= set(none["about"])


def test_the_references_of_papers_compared_are_each_paper_s_works_cited(papers):
    # "the references of" was searched as words, and neither paper's list was counted
    answer = Navigator(papers).ask("Compare the references of the pioNER paper and the "
                                   "zero-shot translation paper", 300)
    assert _counted_in_turn(answer) == [{"1810.08699.pdf": 21}, {"1912.01214.pdf": 35}]
    assert {e.found_by for e in answer.evidence} == {"works cited"}


def test_the_references_of_rfcs_compared_are_what_each_refers_to(rfcs):
    # read as works cited: "no document asked of has a section headed References" twice;
    # searched as words, "references" found "Reference-level explanation" paragraphs
    answer = Navigator(rfcs).ask("Compare the references of RFC 2394 and RFC 2592", 300)
    assert not [s for s in answer.trace if s["op"] in ("works cited", "no works cited")]
    assert answer.route == "cross-reference"
    assert [(Path(s["document"]).name, Path(s["to"]).name) for s in answer.trace
            if s["op"] == "refers"] == [("2394-async_await.md", "2592-futures.md"),
                                        ("2592-futures.md", "2349-pin.md"),
                                        ("2592-futures.md", "2394-async_await.md")]
    assert answer.missing == [] and answer.absent == []


@pytest.mark.parametrize("question", [
    "How many references do the pioNER paper, the question reformulation paper and the "
    "zero-shot translation paper have?",
    "Compare the references of the pioNER paper, the question reformulation paper and the "
    "zero-shot translation paper"])
def test_works_cited_of_three_papers_named_are_each_counted(papers, question):
    # the zero-shot translation paper, whose title words the others hold too, was left out
    answer = Navigator(papers).ask(question, 300)
    assert _counted_in_turn(answer) == [{"1810.08699.pdf": 21}, {"1705.07830.pdf": 35},
                                        {"1912.01214.pdf": 35}]


@pytest.mark.parametrize(("question", "refers"), [
    ("How many references do RFC 2394 and RFC 2592 have?",
     [("2394-async_await.md", "2592-futures.md"), ("2592-futures.md", "2349-pin.md"),
      ("2592-futures.md", "2394-async_await.md")]),
    ("What are the references of RFC 2394 and RFC 2592?",
     [("2394-async_await.md", "2592-futures.md"), ("2592-futures.md", "2349-pin.md"),
      ("2592-futures.md", "2394-async_await.md")]),
    ("How many references does RFC 2592 have?",
     [("2592-futures.md", "2349-pin.md"), ("2592-futures.md", "2394-async_await.md")]),
    ("List the references of RFC 2592.",
     [("2592-futures.md", "2349-pin.md"), ("2592-futures.md", "2394-async_await.md")]),
    ("List the references of RFC 2592 to RFC 2349.", [("2592-futures.md", "2349-pin.md")]),
])
def test_the_references_asked_of_rfcs_are_what_they_refer_to(rfcs, question, refers):
    # read as works cited: "no document asked of has a section headed References" (once for
    # each RFC), then their summaries
    answer = Navigator(rfcs).ask(question, 300)
    assert not [s for s in answer.trace if s["op"] in ("works cited", "no works cited")]
    assert answer.route == "cross-reference"
    pairs = [(Path(s["document"]).name, Path(s["to"]).name) for s in answer.trace
             if s["op"] == "refers"]
    listed = [(Path(s["referred_by"]).name, Path(d).name) for s in answer.trace
              if s["op"] == "documents" and s.get("referred_by") for d in s["documents"]]
    assert pairs == refers if pairs else sorted(listed) == refers


@pytest.mark.parametrize("question", [
    "What are the references in RFC 2592 to pinning?",
    "List the references of RFC 2592 that mention wakers",
])
def test_the_references_asked_with_more_words_than_names_keep_the_question(rfcs, question):
    # rewritten as "What does RFC 2592 to pinning refer to?": the words after the name were
    # taken as part of it, and "refer" searched for
    answer = Navigator(rfcs).ask(question, 300)
    assert "refer to" not in answer.question
    assert "refer" not in answer.missing


def test_no_works_cited_is_said_once_of_documents_asked_in_turn(rfcs):
    # each RFC asked in turn said it: twice
    answer = Navigator(rfcs).ask("How many references do the pin proposal and the futures "
                                 "proposal have?", 300)
    assert len([s for s in answer.trace if s["op"] == "no works cited"]) == 2
    text = answer_text(answer, rfcs)
    assert text.count("no document asked of has a section headed References or "
                      "Bibliography") == 1, text


def test_the_references_of_an_rfc_and_a_paper_compared_keep_the_paper_s_works_cited(mixed):
    # read as what each refers to: "1810.08699.pdf refers to no other document", its 21
    # works cited unread
    answer = Navigator(mixed).ask("Compare the references of RFC 2394 and the pioNER paper",
                                  300)
    assert not [s for s in answer.trace if s["op"] == "refers"]
    assert answer.route != "cross-reference"
    assert _counted_in_turn(answer) == [{"1810.08699.pdf": 21}]
    assert "works cited" in {e.found_by for e in answer.evidence}
