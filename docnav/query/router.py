"""The router: which route a question takes, by rules on its words.

* *global*: a phrase about the documents as a whole ("summarise", "what are the main risks",
  "across these documents", "overall");
* *cross-reference*: a part of a document named ("the Drawbacks section", "§ 4.2", "Table 2",
  "Item 7A", "note 12", "see above"), or a document's references to others ("What does RFC
  2349 build on?", "Which RFCs refer to RFC 2349?", "What does the futures RFC say about the
  pin RFC?");
* *local*: anything else.

:class:`docnav.query.navigator.Navigator` takes any callable from a question to one of these
names (``Navigator(router=...)``); :func:`route` is the default. An answer the references
between documents gave ("Which RFCs mention the pin RFC?", "Does RFC 2592 refer to RFC
2349?") says "cross-reference" whatever route the router gives: they chose the documents or
the paragraphs read first, before it; its route reads what comes after them.
"""

from __future__ import annotations

import re

from docnav.errors import ConfigError
from docnav.query.kind_words import NUMBERED, one_of, said

# the names a router may give a question
ROUTES = ("local", "global", "cross-reference")
# Global cues are phrases that ask about the documents as a whole; single words such as "main",
# "whole", "across" or "summary" also name things ("when main returns", "across threads", "the
# Summary section") and send a local question to the summaries.
# (one of them too: "What is the main contribution of the paper?"; but "the main risk" and "the
# main problem" are one thing the text names, found by its passages)
_OVERVIEW = (r"(?:themes?|points?|ideas?|risks|risk factors|findings?|topics?|contributions?|"
             r"arguments?|conclusions?)")
# of those, the words that only ask ("the main themes"): a global question's search leaves them
# out with its cue; the others ("the main risks") are also what the evidence is about
_META = r"(?:themes?|points?|ideas?|topics?)"
_WHOLE = r"(?:documents?|files|papers?|reports?|filings?|rfcs|collection|corpus|book)"
# "across these documents", "the whole report", "overall": the question is about everything it
# is asked of, whose own summary (the collection's, or the one document's) answers it first
# "What is this collection about?", "What are these RFCs about?": the question at its end
# ("the documents about the impeller" are some of them; a paper's "corpus" is its data set)
_ABOUT_ALL = (r"what(?:\s+is|\s+are|['’]s)\s+(?:this|the|these|all\s+(?:the\s+|these\s+)?)?"
              r"\s*(?:collection|documents|files|papers|reports|filings|rfcs)\s+about(?=\W*$)")
_SCOPE = (rf"overall|across (?:the |these |all (?:the )?)?{_WHOLE}|(?:the )?whole {_WHOLE}|"
          rf"{_ABOUT_ALL}")
# "what are the company's main ...", "what are Amazon's key ...": whose main points they are
_OWNER = r"(?:the )?[\w.&-]+['’]s?"
SCOPE = re.compile(rf"\b(?:{_SCOPE})\b", re.I)
# "Tell me everything", "Show me everything you have": all of it asked for, nothing searched
# ("everything" was a word no document held); not "Is everything Send?", said of the text
_EVERYTHING = (r"^\W*(?:please\s+)?(?:tell|show|give)\s+me\s+(?:about\s+)?everything"
               r"(?:\s+(?:you\s+(?:have|know)|there\s+is|in\s+(?:it|them|here|the\s+\w+)))?"
               r"\W*$")
GLOBAL = re.compile(
    rf"{_EVERYTHING}|"
    r"\b(?:overview|in general|summari[sz](?:e|ing)\b|"
    r"(?:a|an|the) summary\b(?! section)|summary of (?:the|this|these|all|every)\b|"
    rf"(?:what are the )?(?:main|key|major|central) (?:{_META}\b|(?={_OVERVIEW}\b))|"
    rf"what are (?:the|its|their|{_OWNER}) (?:main|major|key)\b|{_SCOPE})\b",
    re.I)
# what a document does as a whole, asked of one its name chose ("What does the clamp RFC
# propose?"): like "about", no word the evidence must hold
WHAT_IT_DOES = re.compile(r"\b(?:propos|discuss|cover|present|introduc)(?:e|es|ed|s)?\b", re.I)
# Cross-reference cues name a part of the document. "Section", "§", "chapter" and "appendix" do
# so on their own ("the Drawbacks section"); "table", "figure", "item", "note", "exhibit" and
# "page" only with a label ("Table 2", "Item 7A", "Note 12"): "a hash table", "figure out" and
# "what do they see" ask about the text, not a part of it. "See" is a cue before a part ("see
# above", "see the appendix").
# a letter is a label as a capital ("Table A", "Figure B.2"): "the items a user buys" is no
# part (the question is matched ignoring case, so the letter is matched case-sensitively);
# "A1": an appendix's
_LABEL = r"(?:\d+(?:\.\d+)*[a-z]?|[ivxlc]+\b|(?-i:[A-Z])(?:\d{1,2})?\b(?:\.\d+)*)"
_PART = r"(?:section|sec\.|§|chapter|appendix|table|figure|fig\.|item|note|exhibit|page)"
CROSS = re.compile(
    rf"(?:\b(?:sections?|chapters?|appendix|appendices)\b|§|"
    rf"\b(?:tables?|figures?|items?|notes?|exhibits?|pages?)\s+{_LABEL}|"
    rf"\b(?:tables?|figures?)\d|"  # "Table1"
    rf"\b(?:sec|figs?|tabs?|pp?)\.\s*{_LABEL}|"
    rf"\bsee\s+(?:also\s+)?(?:the\s+)?(?:{_PART}|above|below|earlier|later)\b)", re.I)

# A document's references to others, or theirs to it: "What does RFC 2349 build on?", "Which
# RFCs does the pin RFC depend on?", "What RFCs are related to RFC 2349?", the verb said of a
# document ("RFC 2349 build on") or of one named after it ("refer to RFC 2349"); not of what
# the text says ("What does the borrow checker depend on?", "What does Self refer to in the
# RFC?"), nor a paper's works cited ("cite", "reference": read by its works cited). Only of
# the kinds whose references are links and numbers (an RFC, a PEP): "What does the paper rely
# on?" and "Does the document refer to GDPR?" ask what the text says (a paper's references
# are its works cited), and were answered by a list of the documents it links to
_KIND = said(NUMBERED)
_RELATION = (r"(?:build(?:s|ing)?\s+(?:up)?on|depend(?:s|ing)?\s+on|rel(?:y|ies|ying|ied)\s+on|"
             r"refer(?:s|red|ring)?\s+to|(?:is\s+|are\s+)?related\s+to|link(?:s|ed)?\s+to)")
# (not "supersede": the answer reads no references for it, and searched the word)
# one named after the verb is an RFC or a PEP ("refer to RFC 2349", "link to the pin RFC"); a
# verb said of one with another object asks what its text says ("Does this RFC depend on
# unsafe code?", "What does RFC 1068 refer to as subteams?": "depend" was said missing); a
# slash between its words as a hyphen ("the async/await RFC")
_DOCUMENT_NAMED = rf"(?:the\s+(?:[\w.'’/-]+\s+){{0,4}}{_KIND}\b|{one_of(NUMBERED)}\s*#?\s*\d+)"
# what is said about a document named last ("What does the futures RFC say about the pin
# RFC?"), read first from the paragraphs referring to it as "Does ... refer to ...?" is (it
# went local, and said so); not what is said of a thing ("say about the RFC process")
_SAID_ABOUT = rf"(?:say|write|tell\s+us)\s+(?:about|of)\s+{_DOCUMENT_NAMED}(?=\W*$)"
RELATED = re.compile(rf"\b{_KIND}(?:\s*#?\s*\d+)?\s+{_RELATION}(?=\W*$|\s+{_DOCUMENT_NAMED})|"
                     rf"\b{_RELATION}\s+{_DOCUMENT_NAMED}|\b{_SAID_ABOUT}", re.I)
# a question naming a document of such a kind, whose references a relation may be read from
# (its number joined to it too: "RFC2592", as "RFC 2592" names it)
REFERENCED_KIND = re.compile(rf"\b{_KIND}(?:\b|(?=#?\d))", re.I)


def route(question: str) -> str:
    """'global', 'cross-reference' or 'local'."""
    if GLOBAL.search(question):
        return "global"
    if CROSS.search(question) or RELATED.search(question):
        return "cross-reference"
    return "local"


def routed(router, question: str) -> str:
    """The route ``router`` gives ``question``, one of :data:`ROUTES`: another name sent the
    question down the local route's reading and was the answer's ``route``."""
    kind = router(question)
    if kind not in ROUTES:
        raise ConfigError(f"router {router!r} gave route {kind!r} for {question!r}; valid: "
                          f"{', '.join(ROUTES)}")
    return kind
