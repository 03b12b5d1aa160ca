"""Questions asking how two documents a question names relate ("How does RFC 2592 relate to
RFC 2394?"), of real RFC texts: the references between them, both ways, said; each asked of in
turn, its paragraphs referring to the other read first; of two that never refer to each other,
each summed up, as a comparison is. Asked as any question, the first name chose the one
document asked of, and the other's number was "in none of the documents asked of"."""

from __future__ import annotations

import json

import pytest

from _rfcs import rfc_graph, rfc_texts
from _stores import indexed_graph
from docnav.ask_text import answer_text
from docnav.query import Navigator
from docnav.summaries import SummaryPipelineOptions

RFCS = ["2349-pin.md", "2592-futures.md", "2394-async_await.md", "3467-unsafe-pinned.md",
        "1068-rust-governance.md"]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return rfc_graph(tmp_path_factory, RFCS)


def _name(path: str) -> str:
    return path.rsplit("/", 1)[-1]


def _step(answer, op: str) -> dict | None:
    return next((s for s in answer.trace if s["op"] == op), None)


def _refers(answer) -> dict[tuple[str, str], list[str]]:
    return {(_name(s["document"]), _name(s["to"])): s["nodes"]
            for s in answer.trace if s["op"] == "refers"}


def _evidence_of(answer, name: str) -> list[str]:
    return [e.piece.node_id for e in answer.evidence if _name(e.piece.doc_path) == name]


def test_how_one_rfc_relates_to_another_reads_the_references_both_ways(graph):
    # asked of RFC 2592 alone, "2394" was said to be in none of the documents asked of, and
    # RFC 2592's summary was read: the companion RFC it links five times was never opened
    answer = Navigator(graph).ask("How does RFC 2592 relate to RFC 2394?", 300)
    step = _step(answer, "relate documents")
    assert step is not None and [_name(p) for p in step["documents"]] == [
        "2592-futures.md", "2394-async_await.md"]
    refers = _refers(answer)
    assert set(refers) == {("2592-futures.md", "2394-async_await.md"),
                           ("2394-async_await.md", "2592-futures.md")}
    assert all(refers.values())
    # each document's evidence opens with its paragraphs referring to the other
    futures, async_await = (_evidence_of(answer, n) for n in ("2592-futures.md",
                                                               "2394-async_await.md"))
    assert futures and futures[0] in refers[("2592-futures.md", "2394-async_await.md")]
    # all five of RFC 2592's referring paragraphs fit 300 tokens, and are read (half the
    # budget each, it read three, and RFC 2394's half went to its summary)
    assert set(refers[("2592-futures.md", "2394-async_await.md")]) <= set(futures)
    assert async_await and set(refers[("2394-async_await.md", "2592-futures.md")]) <= set(
        async_await)
    assert answer.route == "cross-reference" and answer.tokens_used <= 300
    assert not answer.absent and not answer.missing
    text = answer_text(answer, graph)
    assert "2592-futures.md refers to 2394-async_await.md:" in text
    assert "2394-async_await.md refers to 2592-futures.md: 1 of its paragraphs" in text
    assert "in none of the documents asked of" not in text
    assert "its paragraphs referring to the other first" in text
    # --json says it too: the references each way, and how many paragraphs of each refer
    related = json.loads(json.dumps(answer.to_json()))["trace"]
    assert [s["op"] for s in related[:3]] == ["refers", "refers", "relate documents"]
    assert sorted(related[2]["referring"].values()) == [1, 5]
    assert sorted(related[2]["read"].values()) == [1, 5]


def test_referring_paragraphs_have_the_whole_budget_and_the_count_read_is_said(graph):
    # half the budget each, "(read first)" and "then what sums it up" were said though RFC
    # 2592 read 3 of its 5 referring paragraphs and none of its summary
    question = "How does RFC 2592 relate to RFC 2394?"
    every = sum(p.tokens for s in Navigator(graph).ask(question, 300).trace
                if s["op"] == "refers" for p in graph.fetch(s["nodes"], budget=10**6))
    answer = Navigator(graph).ask(question, every)
    for (source, _), nodes in _refers(answer).items():
        assert nodes and set(nodes) <= set(_evidence_of(answer, source))
    short = Navigator(graph).ask(question, every // 2)
    step = _step(short, "relate documents")
    futures = next(p for p in step["documents"] if _name(p) == "2592-futures.md")
    read = step["read"][futures]
    assert 0 < read < 5 and not step["summed_up"]
    # RFC 2394's one referring paragraph is read too, though it is under half the budget
    assert sorted(step["read"].values()) == [1, read]
    text = answer_text(short, graph)
    cut = next(s["cut"] for s in short.trace
               if s["op"] == "refers" and _name(s["document"]) == "2592-futures.md")
    assert (f"link to it or name it ({read} read first{f', {cut} cut short' if cut else ''}; "
            f"--budget {every} reads them all)" in text)
    assert "then what sums it up" not in text
    assert "its paragraphs referring to the other first" in text


def test_one_token_under_the_budget_said_to_read_them_all_one_is_cut_and_not_read(graph):
    # "--budget N reads them all", and at N - 1 "(read first)" was said too: the last
    # referring paragraph was cut to fit, and counted as read
    question = "How does RFC 2592 relate to RFC 2394?"
    every = sum(p.tokens for s in Navigator(graph).ask(question, 300).trace
                if s["op"] == "refers" for p in graph.fetch(s["nodes"], budget=10**6))
    short = Navigator(graph).ask(question, every - 1)
    step = next(s for s in short.trace
                if s["op"] == "refers" and _name(s["document"]) == "2592-futures.md")
    assert (step["read"], step["every_with"]) == (4, every) and step["cut"] == 1
    assert (f"link to it or name it (4 read first, 1 cut short; --budget {every} reads them "
            "all)") in answer_text(short, graph)
    answer = Navigator(graph).ask(question, every)
    assert "5 of its paragraphs link to it or name it (read first)" in answer_text(answer, graph)


@pytest.mark.parametrize("budget, then", [(150, ""), (1024, ", then what sums them up")])
def test_the_first_line_says_the_references_are_read_first(graph, budget, then):
    # it said "the question names nothing to look for (a summary answers)", where the
    # paragraphs referring to the other were read first, and at 150 tokens no summary was
    answer = Navigator(graph).ask("How does RFC 2592 relate to RFC 2394?", budget)
    assert answer_text(answer, graph).splitlines()[0] == (
        "route: cross-reference; the question names only documents: their paragraphs "
        f"referring to each other read first{then}; {answer.tokens_used} tokens of evidence")


def test_the_first_line_says_no_referring_paragraph_is_read_where_none_fit(graph):
    # at 25 tokens it said "their paragraphs referring to each other read first, then what sums
    # them up" where both reference lines said "0 read first" (found by a review)
    answer = Navigator(graph).ask("How does RFC 2592 relate to RFC 2394?", 25)
    text = answer_text(answer, graph)
    assert "(0 read first;" in text and "read first" not in text.splitlines()[0]
    assert text.splitlines()[0].startswith(
        "route: cross-reference; the question names only documents: none of their paragraphs "
        "referring to each other read")


def test_two_rfcs_neither_referring_to_the_other_are_each_summed_up(graph):
    # routed cross-reference, it was asked of RFC 2349 alone: "3467 in none of the documents
    # asked of"; the unsafe pinned RFC links nothing of the pin RFC (nor names its number)
    answer = Navigator(graph).ask("How is RFC 2349 related to RFC 3467?", 300)
    assert _step(answer, "relate documents") is not None
    assert _refers(answer) == {("2349-pin.md", "3467-unsafe-pinned.md"): [],
                               ("3467-unsafe-pinned.md", "2349-pin.md"): []}
    assert _evidence_of(answer, "2349-pin.md") and _evidence_of(answer, "3467-unsafe-pinned.md")
    assert not answer.absent and not answer.missing
    # no reference to read: each summed up, as "What is RFC 2349 about?" is
    assert answer.route == "global"
    text = answer_text(answer, graph)
    assert "2349-pin.md makes no reference to 3467-unsafe-pinned.md" in text
    assert "3467-unsafe-pinned.md makes no reference to 2349-pin.md" in text
    assert "neither refers to the other: each is summed up" in text


@pytest.mark.parametrize("question", [
    "What is the relationship between the pin RFC and the futures RFC?",
    "How do RFC 2592 and RFC 2349 relate?",
    "What's the connection between RFC 2349 and RFC 2592?",
    "How are RFC 2349 and RFC 2592 related to each other?",
    "Is the futures RFC related to the pin RFC?",
])
def test_each_way_of_asking_how_two_relate_reads_the_referring_paragraphs(graph, question):
    answer = Navigator(graph).ask(question, 300)
    step = _step(answer, "relate documents")
    assert step is not None and {_name(p) for p in step["documents"]} == {
        "2349-pin.md", "2592-futures.md"}
    refers = _refers(answer)
    assert refers[("2349-pin.md", "2592-futures.md")] == []
    linking = refers[("2592-futures.md", "2349-pin.md")]
    assert linking and _evidence_of(answer, "2592-futures.md")[:len(linking)] == linking
    assert _evidence_of(answer, "2349-pin.md")  # its start (no summaries here), unreferring
    assert not answer.absent and not answer.missing


@pytest.mark.parametrize("question, op", [
    ("What is the difference between RFC 2592 and RFC 2394?", "compare documents"),
    ("Compare the pin RFC with the unsafe pinned RFC", "compare documents"),
    # a thing of one of them: asked of RFC 2592, as before
    ("How does the Waker of RFC 2592 relate to RFC 2394?", "focus"),
])
def test_comparisons_and_questions_about_a_thing_are_not_read_as_relations(graph, question, op):
    answer = Navigator(graph).ask(question, 300)
    assert _step(answer, "relate documents") is None
    assert _step(answer, "refers") is None and _step(answer, op) is not None


def test_of_a_glob_holding_one_of_the_two_it_is_asked_as_before(graph):
    answer = Navigator(graph).ask("How does RFC 2592 relate to RFC 2394?", 300,
                                  doc="*2592*")
    assert _step(answer, "relate documents") is None
    assert {_name(e.piece.doc_path) for e in answer.evidence} == {"2592-futures.md"}


@pytest.mark.parametrize("question", [
    "Is there a relationship between RFC 2592 and RFC 2394?",
    "Explain the relationship between RFC 2592 and RFC 2394.",
    "What relationship is there between RFC 2592 and RFC 2394?",
    "In what way is RFC 2592 related to RFC 2394?",
    "Does RFC 2592 relate to RFC 2394?",
    "What's the relation of RFC 2592 to RFC 2394?",
])
def test_more_ways_of_asking_how_two_relate_read_the_references_both_ways(graph, question):
    # each was asked of RFC 2592 alone: "in none of the documents asked of: 2394"
    answer = Navigator(graph).ask(question, 300)
    step = _step(answer, "relate documents")
    assert step is not None and [_name(p) for p in step["documents"]] == [
        "2592-futures.md", "2394-async_await.md"]
    assert all(_refers(answer).values()) and answer.route == "cross-reference"
    assert "in none of the documents asked of" not in answer_text(answer, graph)


@pytest.mark.parametrize("question", [
    "Which RFCs are related to RFC 2349?",  # those related to one: its references
    "What is RFC 2349 related to?",
    "What is related work?",
    "How does Pin relate to Unpin?",  # two things, not two documents
    "How does the Waker of RFC 2592 relate to RFC 2394?",  # a thing of one of them
])
def test_questions_naming_fewer_than_two_documents_alone_are_not_relations(graph, question):
    assert _step(Navigator(graph).ask(question, 300), "relate documents") is None


def test_with_summaries_each_reads_its_referring_paragraphs_then_its_summary(tmp_path):
    # the fixture above has no summaries: what sums each up was only ever its start
    graph = indexed_graph(tmp_path, rfc_texts(tmp_path, ["2592-futures.md",
                                                          "2394-async_await.md"]),
                          summaries=SummaryPipelineOptions(verify=False))
    answer = Navigator(graph).ask("How does RFC 2592 relate to RFC 2394?", 400)
    step = _step(answer, "relate documents")
    assert {_name(p) for p in step["summed_up"]} == {"2592-futures.md",
                                                      "2394-async_await.md"}
    for (source, _), nodes in _refers(answer).items():
        read = [e for e in answer.evidence if _name(e.piece.doc_path) == source]
        assert nodes and {e.piece.node_id for e in read} >= set(nodes)
        # after its referring paragraphs, what its summary was made from
        assert any(e.found_by == "summary" for e in read if e.piece.node_id not in nodes)
    assert "then what sums it up" in answer_text(answer, graph)


@pytest.mark.parametrize("question", [
    "How are RFC 2592, RFC 2394 and RFC 2349 related?",
    "What is the relationship between RFC 2592, RFC 2394 and RFC 2349?",
])
def test_three_documents_named_are_related_each_to_the_others(graph, question):
    # asked of RFC 2592 alone: "in none of the documents asked of: 2394, 2349"
    answer = Navigator(graph).ask(question, 400)
    step = _step(answer, "relate documents")
    names = ["2592-futures.md", "2394-async_await.md", "2349-pin.md"]
    assert step is not None and [_name(p) for p in step["documents"]] == names
    refers = _refers(answer)
    assert set(refers) == {(a, b) for a in names for b in names if a != b}
    assert refers[("2592-futures.md", "2349-pin.md")] and not refers[
        ("2349-pin.md", "2592-futures.md")]
    text = answer_text(answer, graph)
    assert "in none of the documents asked of" not in text
    assert "2349-pin.md makes no reference to 2394-async_await.md" in text
    assert "its paragraphs referring to the others first" in text
