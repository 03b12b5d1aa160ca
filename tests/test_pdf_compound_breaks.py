"""A compound of two words broken at its own hyphen at a line's end ("A linear-" / "time
bottom-up discourse parser", 1809.01202's works cited) keeps the hyphen where the document
writes both words on their own and never as one; a word broken by hyphenation is joined
(``docnav.parse._pdf_paragraphs._word_hyphen``)."""

from __future__ import annotations

import pytest
from _parsing import NATIVE
from _paths import FIXTURES, require

from docnav.parse import parse_file
from docnav.parse._pdf_lines import Line
from docnav.parse._pdf_paragraphs import join_lines, mark_word_hyphens

CONTEXT = ("a linear model runs in time, remote from the content; working, based on more and "
           "further work, we moved over all of it")


@pytest.mark.parametrize("lines, joined", [
    (["A linear-", "time parser"], "A linear-time parser"),
    (["a remote-", "working staff"], "a remote-working staff"),
    (["a content-", "based filter"], "a content-based filter"),
    # a half that is no word of the document's, a short one, or a closed compound's end
    (["the informa-", "tion retrieved"], "the information retrieved"),
    (["the linear-", "ity of it"], "the linearity of it"),
    (["the over-", "all score"], "the overall score"),
    (["further-", "more, it runs"], "furthermore, it runs"),
    # written whole elsewhere
    (["a linear-", "time parser; lineartime"], "a lineartime parser; lineartime"),
])
def test_a_compound_of_two_words_broken_at_its_hyphen_keeps_it(lines, joined):
    marked = mark_word_hyphens([Line(t, 1, 0, 10 * i, 100, 10 * i + 9)
                                for i, t in enumerate([CONTEXT, *lines])])
    assert join_lines(marked) == f"{CONTEXT} {joined}"


def test_a_compound_broken_in_the_works_cited_keeps_its_hyphen():
    """Read "A lineartime bottom-up discourse parser": the paper writes "linear" and "time"
    on their own, "lineartime" nowhere."""
    texts = [b.text for b in parse_file(require(FIXTURES / "pdf" / "1809.01202.pdf"),
                                        NATIVE).blocks]
    assert any("Graeme Hirst. 2014. A linear-time bottom-up discourse parser" in t
               for t in texts)
