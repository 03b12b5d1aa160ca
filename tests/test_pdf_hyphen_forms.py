"""A word broken at a line-end hyphen is judged by how the document writes it elsewhere in
any form (``docnav.parse._pdf_paragraphs.Spellings.written``): joined where the document
writes it as one word, kept where it writes it with the hyphen. Only the very form was
counted, so "cyber-" / "attack" in a paper that writes "cyber-attacks" read "cyberattack",
and 1909.00754's "pre-" / "trained" (the paper writes "Pre-training") read "pretrained"."""

from __future__ import annotations

import pytest
from _parsing import NATIVE
from _paths import FIXTURES, require

from docnav.parse import parse_file
from docnav.parse._pdf_lines import Line
from docnav.parse._pdf_paragraphs import join_lines, mark_word_hyphens


def _joined(context: str, lines: list[str]) -> str:
    marked = mark_word_hyphens([Line(t, 1, 0, 10 * i, 100, 10 * i + 9)
                                for i, t in enumerate([context, *lines])])
    return join_lines(marked)[len(context) + 1:]


@pytest.mark.parametrize("context, lines, joined", [
    # written elsewhere with the hyphen, in another form
    ("the cyber-attacks of 2024", ["a cyber-", "attack on"], "a cyber-attack on"),
    ("a cyber-attack in 2024", ["the cyber-", "attacks on"], "the cyber-attacks on"),
    ("our pre-trained models", ["the pre-", "training of"], "the pre-training of"),
    ("two multi-tasks", ["a multi-", "task model"], "a multi-task model"),
    ("the word-embeddings", ["a word-", "embedding of"], "a word-embedding of"),
    ("a high-level view", ["the high-", "levels of"], "the high-levels of"),
    ("the post-processing step", ["we post-", "processed it"], "we post-processed it"),
])
def test_a_word_written_elsewhere_with_its_hyphen_in_another_form_keeps_it(
        context, lines, joined):
    assert _joined(context, lines) == joined


@pytest.mark.parametrize("context, lines, joined", [
    # written elsewhere as one word, in that form or another
    ("we saw a cybercriminal", ["a cyber-", "criminal gang"], "a cybercriminal gang"),
    ("we saw cybercriminals", ["a cyber-", "criminal gang"], "a cybercriminal gang"),
    ("our pretrained models", ["the pre-", "training of"], "the pretraining of"),
    ("we postprocess it", ["we post-", "processed it"], "we postprocessed it"),
    # the form itself outweighs others: once with the hyphen, twice as one word otherwise
    ("a post-processing step; we postprocess; to postprocess", ["did a post-", "processing"],
     "did a post-processing"),
    # an ending leaves three letters of the second half: "Chen" is no form of "Chening"
    ("the work of Chen", ["by Chen-", "Ing Wu"], "by Chen-Ing Wu"),
])
def test_a_word_written_elsewhere_as_one_word_is_joined(context, lines, joined):
    assert _joined(context, lines) == joined


def test_a_word_the_paper_writes_with_its_hyphen_keeps_it_at_a_line_end():
    """1909.00754 writes "Pre-training" and never "pretrain..."; its "pre-" / "trained" read
    "pretrained". Its "post-" / "processing", written so once and "postprocess" twice, keeps
    the hyphen as before."""
    texts = [b.text for b in parse_file(require(FIXTURES / "pdf" / "1909.00754.pdf"),
                                        NATIVE).blocks]
    assert any("[SEP]} into a pre-trained BERT model" in t for t in texts)
    assert any("We also did a simple post-processing to remove" in t for t in texts)
    assert not [t for t in texts if "pretrained" in t]
