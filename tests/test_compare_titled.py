"""A comparison naming documents by their titles ("Compare the pin RFC and the unsafe pinned
RFC", whose title words other documents say too) is asked of each in turn, without the
names, as a question asked of one document by its title is."""

from __future__ import annotations

from pathlib import Path

from _cli import indexed_files, run
from _stores import indexed_graph

from docnav.ask_text import answer_text
from docnav.query import Navigator
from docnav.summaries import SummaryPipelineOptions

DOCS = {
    "pin.md": "# Pin\n\n## Summary\n\nA pinned value never moves again.\n\n"
              "## Drawbacks\n\nEvery pinned pointer costs an unsafe block.\n",
    "unsafe-pinned.md": "# Unsafe pinned\n\n## Summary\n\nAn unsafe pinned field may be "
                        "aliased by other pointers.\n\n## Drawbacks\n\nAliasing rules get "
                        "harder to teach.\n",
    "boxes.md": "# Boxes\n\n## Summary\n\nA box can be pinned, and unsafe code may move "
                "its value.\n",
}


def _parts_read(graph, answer) -> list[tuple[str, str]]:
    """(file name, heading) of each section read as the part the question names."""
    return [(Path(graph.node(t["node"]).path).name, graph.node(t["node"]).heading)
            for t in answer.trace if t.get("to") == "a part most documents have"]


def test_documents_named_as_titled_are_compared_in_turn(tmp_path):
    graph = indexed_graph(tmp_path, DOCS, summaries=SummaryPipelineOptions(verify=False))
    answer = Navigator(graph).ask("Compare the pin proposal and the unsafe pinned proposal",
                                  budget=60)
    step = answer.trace[0]
    assert step["op"] == "compare documents"
    assert [Path(p).name for p in step["documents"]] == ["pin.md", "unsafe-pinned.md"]
    assert step["words"] == [["pin proposal"], ["unsafe pinned proposal"]]
    # nothing is left to look for but what each is: each one's summary answers
    assert answer.route == "global" and answer.confidence is None
    assert [Path(e.piece.doc_path).name for e in answer.evidence][:1] == ["pin.md"]
    assert {Path(e.piece.doc_path).name for e in answer.evidence} == {"pin.md",
                                                                      "unsafe-pinned.md"}
    # a word asked of both is searched in each, without the names
    answer = Navigator(graph).ask(
        "Compare the drawbacks of the pin proposal and the unsafe pinned proposal", budget=60)
    assert _parts_read(graph, answer) == [("pin.md", "Drawbacks"),
                                          ("unsafe-pinned.md", "Drawbacks")]
    assert answer.missing == []


def test_names_alone_without_summaries_read_each_document_from_its_start(tmp_path):
    graph = indexed_graph(tmp_path, DOCS)  # no summaries
    answer = Navigator(graph).ask("Compare the pin proposal and the unsafe pinned proposal",
                                  budget=40)
    assert [t["of"] for t in answer.trace if t.get("to") ==
            "the opening of each document asked of"] == [str(tmp_path / "docs" / "pin.md"),
                                                         str(tmp_path / "docs" /
                                                             "unsafe-pinned.md")]
    # each document from its start (20 tokens: its Summary, and the Drawbacks of the first)
    assert [e.piece.text for e in answer.evidence] == [
        "A pinned value never moves again.", "Every pinned pointer costs an unsafe block.",
        "An unsafe pinned field may be aliased by other pointers."]


def test_a_document_asked_of_is_named_by_its_title_inside_it(tmp_path):
    # asked of the pin proposal with --doc, "pin proposal" names it: no evidence inside it
    graph = indexed_graph(tmp_path, DOCS)
    answer = Navigator(graph).ask("What are the drawbacks of the pin proposal?", budget=30,
                                  doc="pin.md")
    focus = answer.trace[0]
    assert (focus["op"], focus["by"], focus["left_out"]) == ("focus", "title",
                                                             ["pin proposal"])
    assert _parts_read(graph, answer) == [("pin.md", "Drawbacks")]
    assert "Every pinned pointer costs an unsafe block." in [e.piece.text
                                                             for e in answer.evidence]
    # a title naming another document than the one asked of changes nothing
    answer = Navigator(graph).ask("What are the drawbacks of the pin proposal?", budget=30,
                                  doc="boxes.md")
    assert all(t["op"] != "focus" for t in answer.trace)


def test_none_of_the_words_is_said_only_when_no_part_holds_one(tmp_path):
    # the pin proposal does not say "aliasing": its part's confidence is 0 (the answer's,
    # the least part's, was), but the other part's evidence holds the word (0.5: neither says
    # "treat"); the answer's is the mean, and the part finding nothing is named
    db = indexed_files(tmp_path, DOCS)
    code, out, err = run(db, "ask", "Compare how the pin proposal and the unsafe pinned "
                         "proposal treat aliasing", "--budget", "60")
    assert code == 0, err
    assert "confidence 0.25" in out.splitlines()[0]
    assert "found nothing in pin.md: none of the question's words " in out
    assert "not in the evidence: treat" in out  # missing from both parts
    assert "none of the question's words is in the evidence" not in out
    assert "Aliasing rules" in out or "aliased" in out


def test_a_comparison_read_by_each_one_s_summary_prints_its_answer(tmp_path):
    # each document's "expand ... summary sources" step, marked "of" its document, was taken
    # for the collection's summary (which says of how many documents it draws on): the text
    # output failed with KeyError: 'documents'
    graph = indexed_graph(tmp_path, DOCS, summaries=SummaryPipelineOptions(verify=False))
    answer = Navigator(graph).ask("Compare the pin proposal and the unsafe pinned proposal",
                                  budget=60)
    assert [t["of"] for t in answer.trace if t.get("to") == "summary sources"]
    text = answer_text(answer, graph)
    assert "pinned value never moves" in text and "draws on" not in text
