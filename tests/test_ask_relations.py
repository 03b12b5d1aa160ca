"""What one document builds on, depends on or is related to, and what builds on it, are the
documents its references lead to, or whose references lead to it: "What does RFC 3700 build
on?" searched its words ("build", "on") and found nothing."""

from __future__ import annotations

import pytest

from _paths import file_names
from _stores import indexed_graph
from docnav.ask_text import answer_text
from docnav.query import Navigator
from docnav.query.count_text import count_line


def _rfc(number: int, body: str) -> str:
    return (f"- Feature Name: `f{number}`\n- Start Date: 2018-02-19\n"
            f"- RFC PR: [rust-lang/rfcs#{number}](https://github.com/rust-lang/rfcs/pull/"
            f"{number})\n\n## Summary\n\n{body}\n")


FILES = {
    "2349-pin.md": _rfc(2349, "Pinning APIs keep a value in place in memory."),
    "2592-futures.md": _rfc(2592, "The futures API needs RFC 2349 and its pins."),
    "3700-notes.md": _rfc(3700, "These notes take up RFC 2592 and its wakers."),
    "3800-other.md": _rfc(3800, "A lint for unused imports in macros."),
}


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("relations"), FILES)


@pytest.mark.parametrize("question", ["What does RFC 2592 build on?",
                                      "Which RFCs does RFC 2592 depend on?",
                                      "What does the futures RFC rely on?"])
def test_what_a_document_builds_on_is_what_its_references_lead_to(graph, question):
    answer = Navigator(graph).ask(question, 300)
    assert answer.route == "cross-reference"
    assert answer.count["referred_by"].endswith("2592-futures.md")
    assert file_names(answer.count["documents"]) == ["2349-pin.md"]
    assert answer.missing == []


@pytest.mark.parametrize("question", ["What builds on RFC 2592?", "What depends on RFC 2592?",
                                      # of one: was asked of RFC 2592, "builds" missing
                                      "Which RFC builds on RFC 2592?"])
def test_what_builds_on_a_document_is_what_refers_to_it(graph, question):
    answer = Navigator(graph).ask(question, 300)
    assert answer.count["refers_to"].endswith("2592-futures.md")
    assert file_names(answer.count["documents"]) == ["3700-notes.md"]


def test_the_documents_related_to_one_are_those_it_refers_to_and_those_referring_to_it(graph):
    answer = Navigator(graph).ask("What RFCs are related to RFC 2592?", 300)
    assert file_names(answer.count["documents"]) == ["2349-pin.md", "3700-notes.md"]
    assert answer.count["related"]


def test_what_the_text_says_a_thing_depends_on_is_still_searched(graph):
    # "the futures API" is no document, though "futures" is a word of one's title
    answer = Navigator(graph).ask("What does the futures API depend on?", 300)
    assert answer.route == "local" and answer.count is None


def test_the_paragraphs_referring_come_first_in_the_evidence(tmp_path):
    # "Which RFCs refer to RFC 2349?" gave the futures RFC's paragraph linking the pin RFC
    # seventh, after the passages of its summary, in reading order
    graph = indexed_graph(tmp_path, {
        "2349-pin.md": _rfc(2349, "Pinning APIs keep a value in place in memory."),
        "2592-futures.md": _rfc(2592, "This RFC refers to many designs and proposals, and "
                                "refers to the task system.\n\n## History\n\nThe pinning "
                                "work of RFC 2349 made borrowing across yields possible."),
        "3800-other.md": _rfc(3800, "A lint for unused imports in macros.")})
    answer = Navigator(graph).ask("Which RFCs refer to RFC 2349?", 300)
    assert file_names(answer.count["documents"]) == ["2592-futures.md"]
    assert len(answer.evidence) > 1
    assert "RFC 2349" in answer.evidence[0].piece.text


@pytest.mark.parametrize("question", ["Which RFCs are referenced by RFC 2592?",
                                      "Which RFCs are mentioned in the futures RFC?"])
def test_the_documents_referenced_by_one_are_those_its_references_lead_to(graph, question):
    # "Which RFCs are referenced by the futures RFC?" counted those holding "referenced"
    answer = Navigator(graph).ask(question, 300)
    assert answer.count["referred_by"].endswith("2592-futures.md")
    assert file_names(answer.count["documents"]) == ["2349-pin.md"]


def test_what_a_document_is_related_to_is_read_both_ways_and_said_so(graph):
    # "What is RFC 3673 related to?" searched RFC 3673 for "related"; "What RFCs are
    # related to ...?" said "asked of the documents whose references lead to" it
    for question in ("What is RFC 2592 related to?", "What RFCs are related to RFC 2592?"):
        answer = Navigator(graph).ask(question, 300)
        assert file_names(answer.count["documents"]) == ["2349-pin.md", "3700-notes.md"]
        assert ("asked of the 2 documents related to 2592-futures.md by references, to it or "
                "from it" in answer_text(answer, graph))


def test_whether_one_document_refers_to_another_is_read_from_its_references(tmp_path):
    # "Does RFC 2592 refer to RFC 2394?" was asked of RFC 2592 alone and said "2394" was
    # in none of the documents asked of, though it links RFC 2394
    graph = indexed_graph(tmp_path, {**FILES, "3900-links.md": _rfc(
        3900, "Wakers are explained in [the futures API](https://github.com/rust-lang/rfcs/"
        "pull/2592).\n\nExecutors poll tasks until they are ready.")})
    answer = Navigator(graph).ask("Does RFC 3900 build on RFC 2592?", 300)
    text = answer_text(answer, graph)
    assert "3900-links.md refers to 2592-futures.md: 1 of its paragraphs links to it" in text
    assert "futures API" in answer.evidence[0].piece.text
    assert answer.missing == [] and answer.absent == []
    answer = Navigator(graph).ask("Does RFC 2349 refer to RFC 3900?", 300)
    assert "2349-pin.md makes no reference to 3900-links.md" in answer_text(answer, graph)


@pytest.mark.parametrize("question", ["What does RFC 2349 build on?",
                                      "Which RFCs does RFC 2349 refer to?"])
def test_a_document_referring_to_none_builds_on_none(graph, question):
    # the pin RFC links no other: "What does RFC 2349 build on?" counted the 16 RFCs of 40
    # holding "2349" or "build"
    answer = Navigator(graph).ask(question, 300)
    assert answer.count["n"] == 0 and answer.count["documents"] == [] and not answer.evidence
    assert ("none of the 3 documents asked of is one 2349-pin.md refers to"
            in answer_text(answer, graph))


def test_what_a_paper_relies_on_is_read_from_its_text(tmp_path):
    # of two papers, "What does the BERT paper rely on?" was asked as "Which documents does
    # bert.md rely on?" and answered "none ... is one bert.md refers to", nothing read
    graph = indexed_graph(tmp_path, {
        "bert.md": "# BERT\n\n## Model\n\nBERT relies on WordPiece embeddings for its input "
                   "tokens.\n",
        "gpt.md": "# GPT\n\n## Model\n\nGPT is a decoder trained on books.\n"})
    answer = Navigator(graph).ask("What does the BERT paper rely on?", 300)
    assert answer.route == "local" and answer.count is None
    assert any("WordPiece" in e.piece.text for e in answer.evidence)
    assert Navigator(graph).ask("Does the BERT paper rely on the GPT paper?", 300).trace[0][
        "op"] != "refers"


def test_which_papers_a_paper_builds_on_is_searched_by_its_words(tmp_path):
    # "Which papers does the BERT paper build on?" was answered "none of the 1 documents
    # asked of is one bert.md refers to", nothing read: a paper's references are its works
    # cited, not links; its words are searched, as before
    graph = indexed_graph(tmp_path, {
        "bert.md": "# BERT\n\n## Model\n\nBERT builds on the Transformer.\n",
        "gpt.md": "# GPT\n\n## Model\n\nGPT builds on the Transformer decoder of BERT.\n"})
    answer = Navigator(graph).ask("Which papers does the BERT paper build on?", 300)
    assert answer.count.get("referred_by") is None and answer.count["words"]
    assert answer.evidence


def test_none_of_one_document_is_said_in_the_singular():
    # "none of the 1 documents asked of is one bert.md refers to"
    line = count_line({"n": 0, "of": 1, "by": None, "dated": None, "referred_by": "d/bert.md",
                       "documents": [], "dates": None, "authors": None})
    assert line.startswith("none of the 1 document asked of is one bert.md refers to")


@pytest.mark.parametrize("question, line", [
    ("What is RFC 3800 related to?", "none of the 3 documents asked of is related to "
     "3800-other.md by references"),
    ("Which RFCs are related to RFC 3800?", "is related to 3800-other.md by references"),
    ("Which RFCs depend on RFC 3800?", "none of the 3 documents asked of refers to "
     "3800-other.md (none links to it, nor names its number)"),
    ("What builds on RFC 3800?", "none of the 3 documents asked of refers to 3800-other.md")])
def test_a_document_no_reference_leads_to_or_from_is_related_to_none(graph, question, line):
    # of 199 RFCs, "What is RFC 130 related to?" said "no document of the 199 asked of holds
    # "130"" and read an unrelated RFC; "Which RFCs depend on RFC 1068?" the same
    answer = Navigator(graph).ask(question, 300)
    assert answer.count["n"] == 0 and answer.count["documents"] == [] and not answer.evidence
    assert answer.route == "cross-reference" and answer.missing == []
    assert line in answer_text(answer, graph)
