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
           "further work, we moved over all of it; from Wikipedia, the pseudo code and the "
           "inverse, to the standards of the community; twenty or four, Hispanic students "
           "serving as a vendor focused on equipment related to it")


@pytest.mark.parametrize("lines, joined", [
    (["A linear-", "time parser"], "A linear-time parser"),
    (["a remote-", "working staff"], "a remote-working staff"),
    (["a content-", "based filter"], "a content-based filter"),
    (["a Wikipedia-", "based corpus"], "a Wikipedia-based corpus"),
    (["the pseudo-", "inverse of"], "the pseudo-inverse of"),
    (["a standards-", "based and community-", "based approach"],
     "a standards-based and community-based approach"),
    (["twenty-", "four months"], "twenty-four months"),
    (["a Hispanic-", "serving institution"], "a Hispanic-serving institution"),
    (["a vendor-", "focused and equipment-", "related costs"],
     "a vendor-focused and equipment-related costs"),
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


REVIEW_CONTEXT = (
    "we are able to profit and predict; we adapt; to account for it; the ability to market; "
    "knowledge is power; under the plan, signed by us; there is a cyber attack and security; "
    "the trade and the mark; places and times; often; making a grant; taken care")


@pytest.mark.parametrize("lines, joined", [
    # a suffix that is a word too
    (["it is profit-", "able"], "it is profitable"),
    (["it is predict-", "able"], "it is predictable"),
    (["it is adapt-", "able"], "it is adaptable"),
    (["the account-", "ability of"], "the accountability of"),
    (["knowledge-", "able staff"], "knowledgeable staff"),
    (["market-", "places"], "marketplaces"),
    (["often-", "times"], "oftentimes"),
    # a word that starts closed words
    (["there-", "under"], "thereunder"),
    (["the under-", "signed"], "the undersigned"),
    (["under-", "taken"], "undertaken"),
    (["cyber-", "security"], "cybersecurity"),
    (["a trade-", "mark"], "a trademark"),
    # a compound of two words still keeps it
    (["grant-", "making"], "grant-making"),
])
def test_a_word_broken_where_both_halves_are_words_is_joined(lines, joined):
    """Read "profit-able", "there-under", "cyber-security" (found by a review): both halves
    are words the document writes on their own, as any compound's are."""
    marked = mark_word_hyphens([Line(t, 1, 0, 10 * i, 100, 10 * i + 9)
                                for i, t in enumerate([REVIEW_CONTEXT, *lines])])
    assert join_lines(marked) == f"{REVIEW_CONTEXT} {joined}"


@pytest.mark.parametrize("context, lines, joined", [
    ("our framework; the frame; it works", ["two frame-", "works"], "two frameworks"),
    ("the frameworks; the frame; the work", ["a frame-", "work"], "a framework"),
    ("a stakeholder and the stake; holders", ["the stake-", "holders"], "the stakeholders"),
    ("a benchmark; the bench; it marked", ["we bench-", "marked it"], "we benchmarked it"),
])
def test_a_word_the_document_writes_whole_in_another_form_is_joined(context, lines, joined):
    """Read "frame-works" where the document writes "framework" but never "frameworks"."""
    marked = mark_word_hyphens([Line(t, 1, 0, 10 * i, 100, 10 * i + 9)
                                for i, t in enumerate([context, *lines])])
    assert join_lines(marked) == f"{context} {joined}"


@pytest.mark.parametrize("context, lines, joined", [
    ("cyber and physical systems", ["a cyber-", "physical system"], "a cyber-physical system"),
    ("cyber and social ties", ["the cyber-", "social ties"], "the cyber-social ties"),
    ("where it goes; ever", ["where-", "ever it goes"], "where-ever it goes"),
    # a start of closed words before no adjective, and a closed word that keeps its letters
    ("cyber and security", ["cyber-", "security"], "cybersecurity"),
    ("when it goes; ever", ["when-", "ever it goes"], "whenever it goes"),
    ("there and after", ["there-", "after"], "thereafter"),
])
def test_a_closed_start_before_an_adjective_or_a_letter_it_drops_keeps_the_hyphen(
        context, lines, joined):
    """Read "cyberphysical" and "whereever" (found by a review): "cyber" starts closed words
    ("cybersecurity") but makes compounds with a hyphen before an adjective, and "wherever"
    drops the "e" its halves share, so "where-" / "ever" was printed with its hyphen."""
    marked = mark_word_hyphens([Line(t, 1, 0, 10 * i, 100, 10 * i + 9)
                                for i, t in enumerate([context, *lines])])
    assert join_lines(marked) == f"{context} {joined}"
