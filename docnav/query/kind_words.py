"""The words by which a question names a kind of document ("Which RFCs ...?", "each paper",
"the Adobe 10-K", "RFC 1961", "the style guide"): :mod:`docnav.query.which`,
:mod:`docnav.query.left_out`, :mod:`docnav.query.names`, :mod:`docnav.query.kinds`,
:mod:`docnav.query.in_turn` ("each paper"), :mod:`docnav.query.referring` and
:mod:`docnav.query.router` ("RFCs 2394 and 2592", "refers to the pin RFC") read them from
here, each of the sets below that its shape takes. A document's own kind is read from what it
holds (:func:`docnav.query.kinds.document_kinds`).

Not every list of kind words is here: these differ from each set below, and are left where
they are (moving them would change what they match; whether each difference is meant was not
checked): names._KIND (titled kinds: study, preprint, book, guide; no "document", "report",
"filing"), names._ITS_DOCUMENTS (a company's filings: "10-Q", "annual report"),
holding._WHAT_REFERS_TO_IT ("Which paper cites ...?": no "filing"),
holding._WHAT_THEY_SAY_OF_IT and _ASKING_DOCUMENTS (documents, RFCs),
referring.WHICH_IT_REFERS_TO (documents, RFCs, PEPs), router._WHOLE and _ABOUT_ALL (with
"collection", "corpus", "files"), evidence._DOC (with book, manual, proposal, study) and
formats._NOUNS (with "doc", "file"; no "rfc")."""

from __future__ import annotations

import re
from collections.abc import Iterable

# the words naming the documents a question asks of: "Which RFCs ...?", "How many filings
# ...?", "each paper", "the longest report"
ASKED_OF = ("document", "paper", "rfc", "filing", "article", "report")
# the kinds whose documents are named by a number: "RFC 1961", "PEP 8"
NUMBERED = ("rfc", "pep")
# a document named with its kind: "the futures RFC", "PEP 8", "RFCs 2349 and 2394"
NAMING = (*ASKED_OF, "pep")
# a number after these names a document ("paper 2", "report #3"); not after "article"
# ("Article 5" is a part of one) nor "filing"
BY_NUMBER = ("rfc", "pep", "paper", "report", "document")
# kinds few documents are, named by the word alone where it is a word of one title only
# ("the handbook", "the style guide")
FEW = ("handbook", "manual", "guide", "book", "specification")
# a document named by words of its title and its kind: "the zero-shot translation paper",
# "the never type RFC", "the AMT handbook"
TITLED = (*ASKED_OF, "study", "proposal", "spec", *FEW)
# a document named by what it is about: "Summarize the RFC on pinning"
DESCRIBED = (*NAMING, "study", "proposal")
# the word for a document before its file's name: "paper 1912.01214.pdf", "RFC 2349-pin"
BEFORE_FILE = ("rfc", "pep", "paper", "article", "report", "document", "file", "preprint")

# each kind word a question asks of by, and the kind of document it names (as
# :func:`docnav.query.kinds.document_kinds` reads it)
KIND_OF = {"rfc": "RFC", "paper": "paper", "filing": "filing"}
# "10-K" is said for a filing ("Which 10-K is the longest?", "each 10-K", "the 10-Ks"); "10-K
# filings" and "10-K reports" whole: group 1 or 2 is "s" where it is said of several
TEN_K = re.compile(r"\b10-?K(s?)\b(?:\s+(?:filing|report)(s?)\b)?", re.I)
# the 10-Ks, several of them ("besides the 10-Ks", "other than 10-K filings"), ungrouped
TEN_KS = r"10-?K(?:s|\s+(?:filing|report)s)"


def ungrouped(words: Iterable[str]) -> str:
    """The words as a pattern's alternatives, ungrouped: "rfc|pep" (not
    :func:`docnav.months.alternatives`, which groups and orders month names)."""
    return "|".join(words)


def one_of(words: Iterable[str]) -> str:
    """A pattern matching one of the words: "(?:rfc|pep)"."""
    return f"(?:{ungrouped(words)})"


def said(words: Iterable[str]) -> str:
    """A pattern matching one of the words, or its plural: "(?:rfc|pep)s?"."""
    return f"{one_of(words)}s?"


def plural(words: Iterable[str]) -> str:
    """A pattern matching the plural of one of the words: "(?:rfcs|peps)"."""
    return one_of(f"{w}s" for w in words)


def as_said(kind: str) -> str:
    """A kind word as the store says it, whatever its case in the question: "RFCs" of "rfcs"
    or "RFCS", "papers" of "Papers"."""
    word = kind.lower()
    one = word[:-1] if word.endswith("s") else word
    return KIND_OF.get(one, one) + word[len(one):]


__all__ = ["ASKED_OF", "BEFORE_FILE", "BY_NUMBER", "DESCRIBED", "FEW", "KIND_OF", "NAMING",
           "NUMBERED", "TEN_K", "TEN_KS", "TITLED", "as_said", "one_of", "plural", "said",
           "ungrouped"]
