"""A question about a document's references to others, or theirs to it ("What does RFC 2349
build on?", "What RFCs are related to RFC 2349?"), is a cross-reference question; "build",
"on", "depend" and "refer" said of what the text says are not."""

from __future__ import annotations

import pytest

from docnav.query import route


@pytest.mark.parametrize("question, expected", [
    ("What does RFC 2349 build on?", "cross-reference"),
    ("Which RFCs does RFC 2349 depend on?", "cross-reference"),
    ("What RFCs are related to RFC 2349?", "cross-reference"),
    ("Which RFCs refer to RFC 2349?", "cross-reference"),
    ("What does the pin RFC build on?", "cross-reference"),
    ("What builds on RFC 2349?", "cross-reference"),
    ("What is the pin RFC related to?", "cross-reference"),
    # no verb the answer reads references for: it searched "supersede" on either route
    ("Which RFC supersedes RFC 1234?", "local"),
    ("Which RFCs supersede RFC 1183?", "local"),
    ("Which RFCs link to the futures RFC?", "cross-reference"),
    # said of what the text says, of a thing, not of a document
    ("How do I build on Windows?", "local"),
    ("What does the borrow checker depend on?", "local"),
    ("What does the build depend on?", "local"),
    ("Which crates does cargo rely on?", "local"),
    ("What does Self refer to in the RFC?", "local"),
    ("Does the pin API build on Unpin?", "local"),
    ("What is the build on Linux based on?", "local"),
    ("What does the RFC say Pin depends on?", "local"),
    # of a paper or a document, what the text says: its references are no links to read
    ("Does the paper rely on word embeddings?", "local"),
    ("What does this paper depend on?", "local"),
    ("What does the paper build on?", "local"),
    ("What does the paper refer to as attention?", "local"),
    ("Does the document refer to GDPR?", "local"),
    ("Why does the paper rely on the transformer?", "local"),
    ("What does the BERT paper rely on?", "local"),
    ("Which documents refer to RFC 2349?", "cross-reference"),
    ("What does PEP 8 build on?", "cross-reference"),
    # a paper's works cited are read by them, on the local route
    ("How many papers does the pioNER paper cite?", "local"),
    ("Which papers cite Devlin et al.?", "local"),
    # a verb said of an RFC whose object is no RFC nor PEP: what its text says ("depend" was
    # said missing, in none of the documents asked of)
    ("Does this RFC depend on unsafe code?", "local"),
    ("What does RFC 1068 refer to as subteams?", "local"),
    ("Does RFC 3900 build on RFC 2592?", "cross-reference"),
    ("Which RFCs does RFC 2349 depend on?", "cross-reference"),
    # what one says about another, read first from its references to it, as "Does RFC 2592
    # refer to RFC 2349?" is (it went local); not what one says about a thing
    ("What does the futures RFC say about the pin RFC?", "cross-reference"),
    ("What does RFC 2592 say about RFC 2349?", "cross-reference"),
    ("What does the futures RFC say about wakers?", "local"),
    ("What does the pin RFC say about the RFC process?", "local"),
    ("What does the paper say about the BERT paper?", "local"),
])
def test_a_document_s_references_are_a_cross_reference_question(question, expected):
    # "What does RFC 2349 build on?" went local: its passages were searched for "build"
    assert route(question) == expected
