"""The words of "besides", "other than", "apart from" are phrasing only where they say so:
"other" of "other comprehensive income" is a word the evidence must hold (found by a review:
"What was other comprehensive income other than currency translation?" said nothing missing
of a filing that has only "comprehensive income")."""

from __future__ import annotations

import pytest

from docnav.query.evidence import EvidenceState
from docnav.query.left_out import without_left_out


@pytest.mark.parametrize("question, terms", [
    ("What was other comprehensive income other than currency translation?",
     ["other", "comprehens", "incom", "currenc", "translat"]),
    ("What changed besides the model?", ["chang", "model"]),
    ("Which RFCs mention async except RFC 2394?", ["rfcs", "async", "rfc", "2394"]),
    ("How does the except clause work?", ["except", "claus", "work"]),
    ("What holds except when it is moved?", ["hold", "except", "move"]),
    ("How far apart from the poll call is the waker?", ["apart", "poll", "call", "waker"]),
    ("Except for revenue, what grew?", ["revenu", "grew"]),
    ("What does the futures RFC depend on apart from pinning?",
     ["futur", "rfc", "depend", "pin"]),
    # Python's keyword, not a cue (they were searched for "python" alone)
    ("What does except do in Python?", ["except", "python"]),
    ("How does Python's try/except compare to the ? operator?",
     ["python", "tri", "except", "compar", "oper"]),
])
def test_the_words_of_leaving_out_are_left_out_only_there(question, terms):
    assert EvidenceState(question, 100).terms == terms


@pytest.mark.parametrize("question, searched, unwanted", [
    ("What does the futures RFC depend on besides pinning?",
     "What does the futures RFC depend on?", {"pin"}),
    ("Besides pinning, what does the futures RFC depend on?",
     "What does the futures RFC depend on?", {"pin"}),
    ("What does the futures RFC, besides pinning, depend on?",
     "What does the futures RFC depend on?", {"pin"}),
    ("How does the waker work, apart from the poll call?", "How does the waker work?",
     {"poll", "call"}),
    ("What does RFC 2592 refer to besides RFC 2349 and RFC 2394?",
     "What does RFC 2592 refer to?", {"2349", "2394"}),
    # "except" with no "for" after it, nor "on" or "to" before it: left out of a count of
    # documents, it was searched for here
    ("What does the futures RFC depend on, except pinning?",
     "What does the futures RFC depend on?", {"pin"}),
    ("What does the futures RFC say about wakers except RFC 2349?",
     "What does the futures RFC say about wakers?", {"2349"}),
    # in the question's middle, a name of a word or two before a verb: those searched as
    # asked read the left-out name's passages first ("Which RFCs besides RFC 2394 mention
    # async?" read as "Which RFCs?" lost the rest)
    ("Which attributes except for cfg_attr are discussed?", "Which attributes are discussed?",
     {"cfg_attr", "cfg", "attr"}),
    ("What besides pinning is said about futures?", "What is said about futures?", {"pin"}),
    ("Which RFCs besides RFC 2394 mention async?", "Which RFCs mention async?", {"2394"}),
    ("Can a type other than Box be pinned?", "Can a type be pinned?", {"box"}),
    ("Which other than RFC 2349 mention Unpin?", "Which mention Unpin?", {"rfc", "2349"}),
    ("What does the futures RFC say besides pinning about wakers?",
     "What does the futures RFC say about wakers?", {"pin"}),
    # a past verb before what it asks of is the question's (read as a participle going on
    # with the name, RFC 2394 was searched for, not left out)
    ("Which RFCs besides RFC 2394 discussed async?", "Which RFCs discussed async?", {"2394"}),
    ("Which RFCs besides RFC 2394 used the Future trait?", "Which RFCs used the Future trait?",
     {"2394"}),
    # a date between the name and the verb: read with the rest ("2394" was searched for)
    ("Which RFCs besides 2394 from 2018 mention async?", "Which RFCs from 2018 mention async?",
     {"2394"}),
    ("Which RFCs besides RFC 2394 published in 2018 discuss Pin?",
     "Which RFCs published in 2018 discuss Pin?", {"2394"}),
    # every verb of a document's own date, as which.py reads it ("2394 submitted" was a name)
    ("Which RFCs besides 2394 submitted in 2018 mention async?",
     "Which RFCs submitted in 2018 mention async?", {"2394"}),
    ("Which RFCs besides 2394 dated in 2018 mention async?",
     "Which RFCs dated in 2018 mention async?", {"2394"}),
])
def test_what_a_question_leaves_out_is_not_searched_for(question, searched, unwanted):
    assert without_left_out(question) == (searched, unwanted)


@pytest.mark.parametrize("question", [
    "Which types other than Box implement Unpin?",
    "How far apart from the poll call does the waker get registered?",
    "What does RFC 2592 refer to besides RFC 2349, RFC 2394?",
    "What types other than Box matter?",
    "What RFCs except for RFC 2349 matter?",
    "Is anything other than Box Unpin?",
    "What besides Pin changed?",
    "Which RFCs besides the one on pinning mention async?",
    # a participle after the name goes on with it, not the question's verb: read as one,
    # "Which features introduced in RFC 2394 are stable?", the opposite, was searched
    "Which features besides the ones introduced in RFC 2394 are stable?",
    "What did the futures RFC change besides the traits used by executors?",
    "Which RFCs besides the one proposed by withoutboats mention Pin?",
    # nothing asked but what it leaves out: not "Is there anything?", "What else is there?"
    "Is there anything besides Pin?",
    "What else is there besides Pin?",
    "Which RFCs besides the one from 2018 mention async?",  # (the date is the one's)
])
def test_a_question_going_on_after_what_it_leaves_out_is_searched_as_asked(question):
    # its rest was left out with it: "Which types?", "How far?" ("names nothing to look for");
    # no verb right after a name of a word or two says where what it leaves out ends
    assert without_left_out(question) == (question, frozenset())
