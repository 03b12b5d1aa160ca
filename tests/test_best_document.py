"""A local question asked of several documents reads first the one it is most likely about
(the one whose title holds a word of the question that no other document holds, else the
one of those of its best paragraphs whose title holds most of its words, two at least, else
the document of its best-matching paragraph), up to ``NavigatorOptions.document_share`` of the
budget, then passages of them all."""

from __future__ import annotations

import pytest
from _stores import indexed_graph

from docnav.errors import ConfigError
from docnav.query import Navigator, NavigatorOptions
from docnav.query.passages import BEST_DOCUMENT

GUIDE = """# Seal Guide

## Removing the old seal

Drain the pump housing before the impeller seal is removed.

## Fitting the new seal

Press the new impeller seal in by hand, never with a hammer.

## Checking the seal

Run the pump for ten seconds and check the impeller seal for leaks.
"""

LOG = """# Maintenance Log

The impeller seal was replaced on 3 May.

The motor bearings were greased.

The inlet filter was cleaned.

The control panel fuse was changed.
"""

QUESTION = "How is the old impeller seal removed?"


def _graph(tmp_path):
    return indexed_graph(tmp_path, {"guide.md": GUIDE, "log.md": LOG})


def _taken(graph, answer):
    """The documents of the pieces in the order they were read."""
    return [graph.node(n).path.rsplit("/", 1)[-1]
            for t in answer.trace if t["op"] == "fetch" for n in t["nodes"]]


def _lead(answer):
    return [t for t in answer.trace if t.get("over") == BEST_DOCUMENT]


def test_the_document_about_the_question_is_read_first(tmp_path):
    graph = _graph(tmp_path)
    # read together, the log's line on the seal comes before the guide's third paragraph
    one_pass = Navigator(graph, NavigatorOptions(document_share=0))
    assert "log.md" in _taken(graph, one_pass.ask(QUESTION, budget=64))[:3]
    answer = Navigator(graph).ask(QUESTION, budget=64)
    [lead] = _lead(answer)
    assert lead["document"].endswith("/guide.md") and lead["of"] == 2 and lead["up_to"] == 48
    assert [p.rsplit("/", 1)[-1] for p in lead["next"]] == ["log.md"]  # the runner-up
    assert _taken(graph, answer)[:3] == ["guide.md"] * 3


def test_the_best_document_takes_at_most_its_share_of_the_budget(tmp_path):
    graph = _graph(tmp_path)
    answer = Navigator(graph, NavigatorOptions(document_share=0.25)).ask(QUESTION, budget=64)
    [lead] = _lead(answer)
    after = answer.trace.index(lead) + 1
    fetched = [t for t in answer.trace[after:] if t["op"] == "fetch"]
    first_of_all = next(i for i, t in enumerate(answer.trace) if t.get("over", "").startswith(
        "paragraphs and sections"))
    # fetches from the best document end once a quarter of 64 tokens (16) is used
    before_all = [t for t in fetched if answer.trace.index(t) < first_of_all]
    assert before_all and before_all[-1]["tokens"] >= 16
    assert all(t["tokens"] < 16 for t in before_all[:-1])


def test_no_document_is_chosen_when_one_is_asked_of(tmp_path):
    graph = _graph(tmp_path)
    answer = Navigator(graph).ask(QUESTION, budget=64, doc="*log.md")
    assert not _lead(answer) and set(_taken(graph, answer)) == {"log.md"}


CLAMP = """# Clamp functions

## Summary

Add a function that takes a value and an inclusive range and returns the value limited to it.
"""

SIMD = """# SIMD infrastructure

## Arithmetic

add, sub, mul: any float or integer type

div: any float type

and, or, xor: any integer type
"""


def test_a_word_of_one_document_s_title_that_no_other_holds_names_it(tmp_path):
    # "clamp" is in one document's title and no other document: that document is meant,
    # though another's lines match "floats and integers" better
    graph = indexed_graph(tmp_path, {"clamp.md": CLAMP, "simd.md": SIMD})
    question = "What is the difference between clamp on floats and integers?"
    best = graph.locate(question, k=1, kinds=["paragraph"])[0]
    assert graph.node(best.node_id).path.endswith("/simd.md")
    [lead] = _lead(Navigator(graph).ask(question, budget=64))
    assert lead["document"].endswith("/clamp.md") and lead["named_by"] == ["clamp"]
    assert lead["next"] == []  # named by its title: no other is a candidate
    # a word one document holds, not in its title, names nothing: the best paragraph decides
    [lead] = _lead(Navigator(graph).ask("What is returned for a value in the range?", budget=64))
    assert lead["document"].endswith("/clamp.md") and lead["named_by"] == []


INCLUSIVE = """# Inclusive ranges

## Summary

Add the x..=y syntax, a range holding both of its ends.
"""

REPEAT = """# Array repeat syntax

## Motivation

The new syntax of ranges clashes with the array repeat syntax: an inclusive range syntax
such as [x..y] would read as a repeat.
"""


def test_the_title_holding_most_of_the_question_s_words_names_its_document(tmp_path):
    # two documents say "inclusive", "range" and "syntax", so no word names one; the repeat
    # syntax's paragraph matches best, but the other title holds two words of the question
    graph = indexed_graph(tmp_path, {"inclusive.md": INCLUSIVE, "repeat.md": REPEAT,
                                     "guide.md": GUIDE, "log.md": LOG})
    question = "Which proposal introduced inclusive ranges and what syntax does it use?"
    best = graph.locate(question, k=1, kinds=["paragraph"])[0]
    assert graph.node(best.node_id).path.endswith("/repeat.md")
    answer = Navigator(graph).ask(question, budget=64)
    [lead] = _lead(answer)
    assert lead["document"].endswith("/inclusive.md") and lead["named_by"] == []
    assert lead["titled_by"] == ["inclusive", "ranges"]
    assert [p.rsplit("/", 1)[-1] for p in lead["next"]] == ["repeat.md"]
    assert _taken(graph, answer)[0] == "inclusive.md"
    # one word of a title ("inclusive"; "syntax" of the other) leads to none: the best
    # paragraph decides
    [lead] = _lead(Navigator(graph).ask("What syntax does an inclusive interval use?",
                                        budget=64))
    assert lead["document"].endswith("/repeat.md") and "titled_by" not in lead


def test_title_words_most_documents_say_name_no_document(tmp_path):
    # every document says "model" and "use": the title "Models in use" holds both, yet
    # names nothing (among ten papers, "What kind of model do they use for detection?" read
    # the one titled "... Using Pre-trained Language Model")
    graph = indexed_graph(tmp_path, {
        "models.md": "# Models in use\n\nEvery model we use is small.\n",
        "fakes.md": "# Spotting fakes\n\nFor detection we use a classifier model.\n",
        "corpus.md": "# Review corpus\n\nThe model we use counts detection errors.\n"})
    [lead] = _lead(Navigator(graph).ask("What kind of model do they use for detection?",
                                        budget=64))
    assert lead["document"].endswith("/fakes.md") and "titled_by" not in lead


@pytest.mark.parametrize("share", [-0.1, 1.5, float("nan")])
def test_a_share_outside_0_to_1_is_refused(share):
    with pytest.raises(ConfigError, match="document_share"):
        NavigatorOptions(document_share=share)


GOALS_2025 = """# Project Goals 2025h2

## Summary

Propose a slate of 41 goals for the second half of the year.
"""

NORTH_STAR = """# North star

## Goal setting

Each release cycle every team sets concrete goals for the project and reviews its progress.
"""


def test_a_year_in_a_title_word_of_letters_and_digits_names_its_document(tmp_path):
    # "2025" is no word of the other title, but it was no term of "2025h2" either: the
    # document whose text says "goals for the project" more often was read first
    graph = indexed_graph(tmp_path, {"goals.md": GOALS_2025, "north.md": NORTH_STAR})
    [lead] = _lead(Navigator(graph).ask("What are the project goals for 2025?", budget=64))
    assert lead["document"].endswith("/goals.md") and lead["named_by"] == ["2025"]


def test_a_title_word_searched_by_its_parts_too_is_named_once(tmp_path):
    # "assert_ne" is searched as assert_n, assert and ne: the header said "assert_ne" and
    # "assert_ne"
    graph = indexed_graph(tmp_path, {
        "assert_ne.md": "# assert_ne\n\nA macro that panics when two values are equal.\n",
        "guide.md": GUIDE})
    [lead] = _lead(Navigator(graph).ask("Why add an assert_ne macro?", budget=64))
    assert lead["document"].endswith("/assert_ne.md") and lead["named_by"] == ["assert_ne"]


IMPORTS = """# Importing trait functions

## Guide

A trait's associated function can be imported like a free function.

```rust
use num_traits::Zero::zero;
let x: f64 = zero();
```

The compiler suggests the trait when it is left out: try `use Zero::zero` instead.

## Reference

An import of an associated function is treated as the qualified path.

desugars to

```rust
let x: f64 = <f64 as Zero>::zero();
```
"""

ERRORS = """# Error propagation

## Summary

A postfix operator for propagating errors from a function returning a result.

## Design

The question mark operator replaces the try macro of earlier releases: an expression
followed by it is expanded into a match on its result, which gives back the value of an Ok
and returns early with the error of an Err, converted into the function's own error type by
its From implementation, so that errors of several kinds can be propagated by one function.
"""


def test_a_fragment_does_not_pick_the_document(tmp_path):
    """"desugars to", a lead-in of two words before a code block, is short enough for the one
    word it holds to rank it first: "What does the try operator desugar to?" read the RFC on
    importing trait functions (Rust's RFC 3591) before the one on the ? operator (RFC 243)."""
    graph = indexed_graph(tmp_path, {"imports.md": IMPORTS, "errors.md": ERRORS})
    answer = Navigator(graph).ask("What does the try operator desugar to?", budget=300)
    [lead] = _lead(answer)
    assert lead["document"].endswith("errors.md")


PIONER = """# pioNER: Datasets and Baselines for Armenian Named Entity Recognition

## Corpus generation

Wikipedia sentences with links to typed articles became annotated sentences.

Sentences without a named entity were dropped.

## Gold data

To evaluate the models trained on generated data, we annotated by hand 53453 tokens and 2566
sentences, selected from over 250 news texts of one news site.

## Availability

The corpora and the embeddings can be downloaded.

1 https://github.com/ispras-texterra/pioner
"""

OTHER_PAPER = """# Offensive Language Detection

## Data

The shared task data holds tweets labelled offensive or not.
"""


def test_the_word_naming_the_document_read_first_is_no_evidence_inside_it(tmp_path):
    """"How many sentences are in the pioNER test set?" of the seven arXiv papers read
    pioNER's footnote with the URL of its code first: "pioNER" picked the paper (a word of its
    title no other holds), and inside it the footnote was the one paragraph saying it. Inside
    the document it names, the name is left out of the search, as that of a document asked of
    by its title is."""
    graph = indexed_graph(tmp_path, {"pioner.md": PIONER, "offensive.md": OTHER_PAPER})
    answer = Navigator(graph).ask("How many sentences are in the pioNER test set?", budget=60)
    [lead] = _lead(answer)
    assert lead["document"].endswith("pioner.md") and lead["named_by"] == ["pioNER"]
    assert lead["searched"] == "How many sentences are in the test set?"
    # the footnote is no better a match than a paragraph holding no word of the question
    hits = [graph.node(n).text for n in lead["hits"]]
    assert hits.index("1 https://github.com/ispras-texterra/pioner") > hits.index(
        "The corpora and the embeddings can be downloaded."), hits
    # asked by another word, the document's paragraphs are searched with the question
    plain = Navigator(graph).ask("How many sentences were annotated by hand?", budget=60)
    assert all("searched" not in t for t in _lead(plain))


SPECIALIZATION = """# Impl specialization

## Motivation

Overlapping impls are allowed where one is more specific than the other: the most specific
impl is picked, and a default fn of an impl may be specialized by a narrower impl.
"""

IMPL_TRAIT = """# Conservative impl trait

## Specialization transparency

Specialization sees through the type: specialization of a hidden type is specialization.
"""


def test_a_title_holding_the_one_word_of_the_question_names_its_document(tmp_path):
    # "What is specialization?" read 1522-conservative-impl-trait first (its "Specialization
    # transparency" paragraphs ranked best) and 1210-impl-specialization "next best": a
    # title led only with two words of the question, and this question has one
    graph = indexed_graph(tmp_path, {"spec.md": SPECIALIZATION, "trait.md": IMPL_TRAIT,
                                     "guide.md": GUIDE, "log.md": LOG})
    question = "What is specialization?"
    best = graph.locate(question, k=1, kinds=["paragraph"])[0]
    assert graph.node(best.node_id).path.endswith("/trait.md")
    [lead] = _lead(Navigator(graph).ask(question, budget=64))
    assert lead["document"].endswith("/spec.md") and lead["titled_by"] == ["specialization"]
    # a question of more words still needs two of them in one title
    [lead] = _lead(Navigator(graph).ask("What does specialization see through?", budget=64))
    assert lead["document"].endswith("/trait.md") and "titled_by" not in lead
