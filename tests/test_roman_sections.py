"""Sections numbered in Roman numerals, as IEEE numbers them ("IV Word embeddings", "II-A
Sources"): named by "Section VI", "Section 6", "Section II-A", in questions and in the text's
references."""

from __future__ import annotations

from _stores import indexed_graph

from docnav.query import Navigator

IEEE = """# Armenian named entities

## I Introduction

We annotate news texts with named entities, as Section V describes in full.

## II Data

The corpus holds 2,566 sentences from news sites.

### II-A Sources

The news sites are ilur.am and three others, crawled in 2018.

## V Experiments

We trained a CRF and a BiLSTM; see Sections II and III for the data they used.

## VI Discussion

The BiLSTM made fewer errors on locations than the CRF did.
"""


def test_a_section_numbered_in_roman_numerals_is_named_by_either(tmp_path):
    """pioNER numbers its sections "I" .. "VI": "Section VI" named nothing (only one-letter
    numbers were read), and "Section 5" nothing either; in its text "Sections II" was a
    reference to a section numbered "S"."""
    graph = indexed_graph(tmp_path, {"ner.md": IEEE})
    for question, heading in (("What does Section VI say?", "VI Discussion"),
                              ("What does Section 6 say?", "VI Discussion"),
                              ("What does Section 5 say?", "V Experiments"),
                              ("What does Section II-A say?", "II-A Sources")):
        answer = Navigator(graph).ask(question, budget=60)
        (hits,) = [t["hits"] for t in answer.trace if t.get("over") == "sections named by label"]
        assert [graph.node(h).heading for h in hits] == [heading], question
    (see,) = [nid for nid, n in graph.nodes_of_kind("paragraph") if "see Sections II" in n.text]
    assert [graph.node(n).heading for n in graph.navigate(see, "references")] == ["II Data"]
    (intro,) = [nid for nid, n in graph.nodes_of_kind("paragraph") if "Section V " in n.text]
    assert [graph.node(n).heading for n in graph.navigate(intro, "references")] == [
        "V Experiments"]
