"""Headings asked for by what they are on, of more documents than an answer outlines: "Which
headings are on lifetimes?" of 27 RFCs read passages (one RFC's paragraphs spent the budget),
where of one RFC the sections holding the words were listed. Now the headings holding the
words are listed, each with its document; a heading above one alone, or a paragraph's word,
lists none; then the question is read as before the list."""

from __future__ import annotations

from pathlib import Path

import pytest
from _mixed_kinds import rfc_text
from _stores import indexed_graph

from docnav.query import Navigator, NavigatorOptions

RFCS = {
    "3401-capture.md": rfc_text("3401", "capture", "Async functions capture their inputs.") + (
        "\n## Lifetime capture\n\nAll of the inputs are captured.\n\n## Drawbacks\n\n"
        "None known.\n"),
    "3402-borrows.md": rfc_text("3402", "borrows", "Borrows end where last used.") + (
        "\n## Detailed design\n\nThe design.\n\n### Named lifetimes\n\nAs written.\n\n"
        "#### Examples\n\nOne example.\n"),
    "3403-macros.md": rfc_text("3403", "macros", "Macros may name lifetimes in patterns."),
    "3404-pins.md": rfc_text("3404", "pins", "Add pins.") + (
        "\n## Pinning\n\nPins stay.\n\nA pinned value is never moved again.\n"),
    "3405-dots.md": rfc_text("3405", "dots", "Add dots."),
}


@pytest.fixture(scope="module")
def rfcs(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("rfcs"), RFCS, search_vectors=False)


OTHER = " (another form of its words)"


@pytest.mark.parametrize("asked, capture, named", [
    ("Which headings are on lifetimes?", OTHER, ""),
    ("Which headings mention lifetimes?", OTHER, ""),
    ("What sections are about lifetimes?", OTHER, ""),
    ("Which heading is on lifetime?", "", OTHER)])
def test_the_headings_holding_the_words_are_listed_with_their_documents(rfcs, asked, capture,
                                                                         named):
    answer = Navigator(rfcs, NavigatorOptions(sections=0)).ask(asked, budget=400)
    assert "headings holding" in [step["op"] for step in answer.trace]
    listed = {Path(e.piece.doc_path).name: e.piece.text.split("\n")[1:]
              for e in answer.evidence if e.piece.text.startswith("Headings holding")}
    assert listed == {"3401-capture.md": [f"- Lifetime capture{capture}"],
                      "3402-borrows.md": [f"- Detailed design › Named lifetimes{named}"]}
    # then the passages, read as before the list (not the first paragraph under each alone)
    read = [e.piece.text for e in answer.evidence if not e.piece.text.startswith("Headings")]
    assert "Macros may name lifetimes in patterns." in read


def test_the_sections_on_a_thing_are_read_besides_the_list_of_their_headings(rfcs):
    """"Which sections are on pinning?" of more than 3 documents listed the headings holding
    the words and the first paragraph under each, no more: of 27 RFCs 293 tokens where the
    question read 1024 of the Pin sections' passages before; and under a title named by its
    file, its first paragraph, "Start Date: ..." (review R3)."""
    answer = Navigator(rfcs, NavigatorOptions(sections=0)).ask(
        "Which sections are on pinning?", budget=400)
    read = [e.piece.text for e in answer.evidence]
    assert read[0] == 'Headings holding "pinning":\n- Pinning'
    assert {"Pins stay.", "A pinned value is never moved again."} <= set(read)


def test_a_heading_holding_another_form_alone_is_marked(rfcs):
    answer = Navigator(rfcs, NavigatorOptions(sections=0)).ask("Which headings are on pins?",
                                                              budget=400)
    assert [e.piece.text for e in answer.evidence][:1] == [  # (its title, its file's name:
        'Headings holding "pins":\n- Pinning (another form of its words)']  # no heading)
