"""A question asking for a figure ("How many ...?", "How big is ...?"): the paragraphs stating
one rank higher in the navigator's passage order, over a store built by the real pipeline."""

from __future__ import annotations

import pytest
from _cli import index, run
from _stores import indexed_graph

from docnav.errors import ConfigError
from docnav.query import Navigator, NavigatorOptions
from docnav.query.quantities import asks_quantity, states_quantity


@pytest.mark.parametrize("question", [
    "How big is the Japanese data?", "How many reviews do they evaluate on?",
    "how much did Adobe spend on research?", "How large is the raw corpus?",
    "How long is the deprecation period?", "What is the size of the corpus?",
    "What was the total number of employees?", "What percentage of reviews are fake?",
])
def test_questions_asking_for_a_figure(question):
    assert asks_quantity(question)


@pytest.mark.parametrize("question", [
    "How does the model learn from raw data?", "What are the results?",
    "What is the corpus?", "Which datasets are used?", "What numbers does Table 2 show",
])
def test_questions_asking_for_no_figure(question):
    assert not asks_quantity(question)


@pytest.mark.parametrize("text", [
    "It holds 17,833 sentences and 2,714 question-answer pairs.",
    "From a corpus of about 100 million sentences we obtained 1.4 million pairs.",
    "Net sales were $63,708 million.", "Accuracy rose by 3.5% over the baseline.",
    "We compare the models in 3 ways.",
])
def test_paragraphs_stating_a_figure(text):
    assert states_quantity(text)


@pytest.mark.parametrize("text", [
    "As proposed by BIBREF13, see Section SECREF27 and Table TABREF23.",  # Qasper's markers
    "The corpus was compiled in 2017.",  # a year
    "Table 2 shows the results; Section 3.1 describes them; see page 12.",  # labels' numbers
    "We use GPT-2 with an L2 penalty, version 2.0.1.",  # parts of names
    "As shown in [12] and [3, 14-16], the loss (3) falls.",  # citations, an equation's number
    # an RFC's number, an issue's, a version's
    "RFC 2349 replaces it (rust-lang/rust#22251); see version 2 of the draft.",
    "No number at all here.",
])
def test_paragraphs_stating_no_figure(text):
    assert not states_quantity(text)


CORPUS = """# Building the corpus

## The corpus

The corpus of web pages was compiled from crawled pages; the corpus keeps the layout of each
page, and the corpus was parsed with a dependency parser.

Pages of the corpus were filtered by language.

After filtering, it holds 17,833 sentences and 2,714 question-answer pairs of the corpus.
"""


def _passage_order(graph, question: str, **options) -> list[str]:
    answer = Navigator(graph, NavigatorOptions(sections=0, **options)).ask(
        question, budget=500, doc="corpus.md")
    step = next(s for s in answer.trace if s.get("over", "").startswith("paragraphs"))
    return [" ".join(graph.node(h).text.split()[:2]) for h in step["hits"]]


def test_a_question_asking_for_a_figure_reads_the_paragraph_stating_one_first(tmp_path):
    # Word search alone (no embeddings, no reading order: the order is the tests' to reason
    # about) ranks the paragraphs by "corpus", which the paragraph holding the figures says
    # once among many words: last. Asked how big the corpus is, it comes first; asked what the
    # corpus is, or with the figures' ranking off, it stays last.
    lexical_only = indexed_graph(tmp_path, {"corpus.md": CORPUS}, search_vectors=False)
    by_words = ["The corpus", "Pages of", "After filtering,"]
    assert _passage_order(lexical_only, "How big is the corpus?", figures_weight=0) == by_words
    assert _passage_order(lexical_only, "How big is the corpus?") == [
        "After filtering,", "The corpus", "Pages of"]
    assert _passage_order(lexical_only, "What is the corpus?") == by_words

    answer = Navigator(lexical_only).ask("How big is the corpus?", budget=500)
    assert [s.get("figures") for s in answer.trace if s.get("over", "").startswith(
        "paragraphs")] == ["paragraphs stating a figure ranked up"]
    assert not any("figures" in s for s in Navigator(lexical_only).ask(
        "What is the corpus?", budget=500).trace)


def test_the_figures_weight_must_be_a_weight(tmp_path):
    with pytest.raises(ConfigError, match="figures_weight -1 is not valid"):
        NavigatorOptions(figures_weight=-1)


def test_ask_says_a_question_asking_for_a_figure_ranked_the_paragraphs_stating_one_up(
        tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "corpus.md").write_text(CORPUS)
    db = tmp_path / "g.duckdb"
    assert index(db, docs) == 0
    said = "a question asking for a figure: the paragraphs stating one were ranked up"
    code, out, err = run(db, "ask", "How big is the corpus?", "--budget", "100")
    assert code == 0, err
    assert said in out.splitlines() and "17,833 sentences" in out, out
    code, out, err = run(db, "ask", "What is the corpus?", "--budget", "100")
    assert code == 0 and said not in out, err
