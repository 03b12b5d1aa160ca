"""A document named with more said of it, joined by "or" to words ("Which RFCs mention RFC
3902 in its summary or pinning?"): those referring to it were counted, where it is referred
to not read, and "pinning" dropped silently ("none of the ... refers to 3902-b.md"). Now
refused, saying so; named alone ("RFC 3902 or pinning") it is counted as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from _mixed_kinds import rfc_text
from _stores import indexed_graph

from docnav.errors import InputError
from docnav.query import Navigator

NAMED = {
    "3901-a.md": rfc_text("3901", "a", "Pinning keeps a value in place."),
    "3902-b.md": rfc_text("3902", "b", "Async functions."),
    "3903-c.md": rfc_text("3903", "c", "This builds on RFC 3902 and its futures."),
    "3904-d.md": rfc_text("3904", "d", "Iterators fuse.")}


@pytest.fixture(scope="module")
def named(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("named"), NAMED, search_vectors=False)


@pytest.mark.parametrize("asked", [
    "Which RFCs mention RFC 3902 in its summary or pinning?",
    "Which RFCs cite RFC 3902 in their summary or mention pinning?",
    "Which RFCs mention pinning or RFC 3902 in its motivation?"])
def test_a_document_and_more_joined_to_words_is_refused(named, asked):
    with pytest.raises(InputError, match="says more of a document than its name"):
        Navigator(named).ask(asked, budget=400)


def test_a_document_named_alone_joined_to_words_is_counted(named):
    answer = Navigator(named).ask("Which RFCs mention RFC 3902 or pinning?", budget=400)
    assert sorted(Path(p).name for p in answer.count["documents"]) == ["3901-a.md",
                                                                       "3903-c.md"]


# the form asked again is the question's own ("Which RFCs mention RFC 2394 or pinning?" was
# said of any question: other numbers, words, verbs; a review found it, RC)
@pytest.mark.parametrize("asked, form", [
    ("Which RFCs mention RFC 3902 in its summary or iterators?",
     '"Which RFCs mention RFC 3902 or iterators?"'),
    ("Which RFCs mention iterators or RFC 3903 in its motivation?",
     '"Which RFCs mention iterators or RFC 3903?"'),
    ("How many RFCs cite RFC 3902 in their summary or mention pinning?",
     '"How many RFCs cite RFC 3902 or pinning?"')])
def test_the_refusal_asks_again_of_the_question_own_parts(named, asked, form):
    with pytest.raises(InputError) as refused:
        Navigator(named).ask(asked, budget=400)
    assert form in str(refused.value) and "2394" not in str(refused.value), str(refused.value)
