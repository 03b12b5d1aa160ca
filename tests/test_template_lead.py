"""A part most documents asked of have (an RFC's "Alternatives"), named by a question whose
other words are in no title: it is read in the document the question is most likely about,
the one read first. "What alternatives were considered for the question mark operator?"
asked of 107 RFCs read the Alternatives of the chained comparisons RFC, whose text says
"operator" most, before the one of the RFC bringing the "?" operator."""

from __future__ import annotations

from pathlib import Path

from _cli import run
from _stores import indexed_graph

from docnav.query import Navigator

RFC = """# {title}

## Summary

{summary}

## Motivation

{motivation}

## Alternatives

{alternatives}
"""


def test_a_part_most_documents_have_is_read_in_the_document_read_first(tmp_path):
    files = {
        "trait-based-exception-handling.md": RFC.format(
            title="Trait-based exception handling",
            summary="Add a ? operator and a catch expression for error handling.",
            motivation="The question mark operator propagates an error to the caller: "
                       "`foo()?` returns early when foo fails. Of the operators considered, "
                       "a question mark is the shortest.",
            alternatives="Keep the try! macro. Use a keyword such as try instead of ?."),
        "chained-comparisons.md": RFC.format(
            title="Require parentheses for chained comparisons",
            summary="Comparisons such as a < b < c become an error.",
            motivation="Python chains them; Rust does not.",
            alternatives="Every alternative considered keeps the operator: an alternative "
                         "operator precedence was considered, and an alternative where each "
                         "comparison operator is considered non-associative."),
        "clamp.md": RFC.format(title="Clamp functions", summary="Add clamp.",
                               motivation="Clamping is common.", alternatives="Do nothing."),
        "int128.md": RFC.format(title="Int128", summary="Add i128.",
                                motivation="Some algorithms need 128 bits.",
                                alternatives="A bignum crate."),
    }
    graph = indexed_graph(tmp_path, files)
    answer = Navigator(graph).ask(
        "What alternatives were considered for the question mark operator?", budget=120)
    (lead,) = [t for t in answer.trace if t.get("over") == "the paragraphs of the best document"]
    assert Path(lead["document"]).name == "trait-based-exception-handling.md"
    step = next(t for t in answer.trace if t.get("to") == "a part most documents have")
    part = graph.node(step["node"])
    assert part.heading == "Alternatives", part
    assert Path(part.path).name == "trait-based-exception-handling.md", part.path
    texts = [e.piece.text for e in answer.evidence]
    assert any(t.startswith("Keep the try! macro") for t in texts), texts


def _three_rfcs() -> dict[str, str]:
    """Three RFCs, each with a Summary, a Motivation and Alternatives."""
    return {f"{name}.md": RFC.format(title=title, summary=f"Add {name}.",
                                     motivation=f"{title} is needed by many users.",
                                     alternatives=alternative)
            for name, title, alternative in (
                ("clamp", "Clamp functions", "Leave clamp to crates."),
                ("int128", "Int128", "A bignum crate."),
                ("never-type", "Never type", "Keep the empty enum."))}


def test_a_part_most_documents_have_is_read_in_each_document_asked_in_turn(tmp_path):
    """"What are the unresolved questions of each RFC?" of the bundled sample read each RFC's
    Motivation: asked of one document at a time, "unresolved questions" was only words. Each
    document asked in turn is one of several, as one chosen by its title is: the part is
    read in each."""
    files = _three_rfcs()
    graph = indexed_graph(tmp_path, files)
    answer = Navigator(graph).ask("What are the alternatives of each RFC?", budget=120)
    assert answer.trace[0]["op"] == "each document"
    parts = [graph.node(t["node"]) for t in answer.trace
             if t.get("to") == "a part most documents have"]
    assert [(Path(p.path).name, p.heading) for p in parts] == [
        ("clamp.md", "Alternatives"), ("int128.md", "Alternatives"),
        ("never-type.md", "Alternatives")]
    texts = {e.piece.text for e in answer.evidence}
    assert {"Leave clamp to crates.", "A bignum crate.", "Keep the empty enum."} <= texts


def test_a_document_asked_in_turn_without_the_part_is_said(tmp_path):
    """"What are the drawbacks of each RFC?" of the bundled sample: 0003 has no Drawbacks
    section, and its Motivation was read with nothing said."""
    files = _three_rfcs()
    files["attributes.md"] = ("# Attribute usage\n\n## Summary\n\nWarn on unused "
                              "attributes.\n\n## Motivation\n\nTypos are silently ignored.\n")
    graph = indexed_graph(tmp_path, files)
    answer = Navigator(graph).ask("What are the alternatives of each RFC?", budget=160)
    lacking = [s for s in answer.trace if s["op"] == "no part"]
    assert [(s["heading"], [Path(p).name for p in s["documents"]]) for s in lacking] == [
        ("Alternatives", ["attributes.md"])]
    # each of the others is read from its part, and nothing is said of it
    assert {e.piece.text for e in answer.evidence} >= {
        "Leave clamp to crates.", "A bignum crate.", "Keep the empty enum."}
    code, out, err = run(tmp_path / "g.duckdb", "ask", "What are the alternatives of each RFC?",
                         "--budget", "160")
    assert code == 0, err
    assert 'no section headed "Alternatives" in attributes.md: its best passages instead' in out


DRAWN = """# {title}

## Summary

{summary}

## {heading}

{drawbacks}

## Alternatives

Do nothing.
"""


def test_a_part_headed_with_more_words_in_the_document_asked_of_is_read(tmp_path):
    """RFC 342 renamed its "Drawbacks" to "Costs and drawbacks": "What are the costs and
    drawbacks of RFC 342?" said 'no section headed "Drawbacks" in 0342-keywords.md' and read
    its best passages instead; the part is read, and the other RFCs' Drawbacks still are."""
    files = {
        "0342-keywords.md": DRAWN.format(
            title="Keywords", summary="Reserve abstract, final and override as keywords.",
            heading="Costs and drawbacks",
            drawbacks="Takes a few more words out of the vocabulary of programmers."),
        "0100-clamp.md": DRAWN.format(title="Clamp", summary="Add clamp.", heading="Drawbacks",
                                      drawbacks="Clamp may be confused with min and max."),
        "0128-int128.md": DRAWN.format(title="Int128", summary="Add i128.",
                                       heading="Drawbacks", drawbacks="More code to keep."),
        "0160-if-let.md": DRAWN.format(title="If let", summary="Add if let.",
                                       heading="Drawbacks", drawbacks="More syntax to learn."),
    }
    graph = indexed_graph(tmp_path, files)
    for question, heading in [("What are the costs and drawbacks of RFC 342?",
                               "Costs and drawbacks"),
                              ("What are the drawbacks of RFC 342?", "Costs and drawbacks"),
                              ("What are the drawbacks of RFC 100?", "Drawbacks")]:
        answer = Navigator(graph).ask(question, budget=200)
        assert not [t for t in answer.trace if t["op"] == "no part"], question
        step = next(t for t in answer.trace if t.get("to") == "a part most documents have")
        assert graph.node(step["node"]).heading == heading, question
