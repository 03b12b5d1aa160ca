"""Lines of LaTeX source a paper rendered to Markdown keeps as paragraphs of their own
("\\paragraph{Bernoulli penalties to language model}", "\\caption{Pseudocode for augmenting
language model. }"): short, they ranked first for "language model" and won the vote for the
document a question is about: on the papers store "what classic language models are mentioned
in the paper?" read the fake reviews paper before the one on neural language models. The vote
test below asks another question of a made-up store of two documents, where only the LaTeX
lines decide it; on the papers store that question ("What is a commonly used evaluation metric
for language models?") is NOT fixed: a paragraph of prose there ("\\paragraph{Languages} The
generation methodology ...") still chooses the fake reviews paper."""

from __future__ import annotations

from _stores import indexed_graph

from docnav.query import Navigator
from docnav.query.markup import latex_alone

REVIEWS = ("# Fake Reviews\n\n## Method\n\nWe generate fake restaurant reviews and ask workers "
           "on a crowd platform to tell them from real ones, which they rarely can.\n\n"
           "\\\\paragraph{Bernoulli penalties to language model}\n\n"
           "\\\\caption{Pseudocode for augmenting language model. }\n\n"
           "\\\\hline\n\n## Results\n\nWorkers found one review in three, about as well as "
           "chance would have it, and a classifier found most of them.\n")
MODELS = ("# Progress in Neural Language Models\n\n## Introduction\n\nDeep learning has "
          "advanced the state of the art in many tasks of natural language processing, from "
          "parsing to translation, and so it has for language models, where recent neural "
          "approaches have led to dramatically lower perplexity on the standard benchmarks, "
          "at a cost in the time and the energy that each query takes on a phone.\n\n"
          "## Results\n\nWe report the perplexity of each of the models on the validation "
          "and the test sets of both corpora, with the latency and the energy of a query on "
          "a Raspberry Pi and on a desktop computer, and the recall of the next word.\n")


def test_a_latex_line_holding_its_words_in_braces_is_markup_alone():
    for line in ("\\paragraph{Bernoulli penalties to language model}",
                 "\\caption{Pseudocode for augmenting language model. }", "\\hline",
                 "\\section*{Results}", "\\textbf{Note} \\hfill \\emph{see below}",
                 "\\newblock Coherent dialogue with attention-based language models."):
        assert latex_alone(line), line
    for line in ("\\paragraph{Languages} The generation methodology is not per-se "
                 "language-dependent.", "We use \\emph{two} models here.",
                 "$$L = -\\sum_{i} \\log p(y_i)$$", "Table 2: The number of arguments.",
                 # a formula says something, its commands and braces are its own
                 "$$\\frac{a}{b} + \\sqrt{x}$$", "$E = \\mathrm{mc}^2$"):
        assert not latex_alone(line), line


def test_latex_lines_do_not_choose_the_document_read_first(tmp_path):
    graph = indexed_graph(tmp_path, {"reviews.md": REVIEWS, "models.md": MODELS})
    answer = Navigator(graph).ask(
        "What is a commonly used evaluation metric for language models?", 200)
    (step,) = [s for s in answer.trace if s.get("over") == "the paragraphs of the best document"]
    assert step["document"].endswith("models.md"), step
    assert answer.evidence[0].piece.doc_path.endswith("models.md")
