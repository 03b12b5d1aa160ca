"""Questions asking for a figure: "How many reviews do they evaluate on?", "How big is the
dataset?", "What is the size of the corpus?". The answer is a number, so of the paragraphs
both searches find, those stating one are the likelier to hold it: the navigator's passage
order ranks them up (a fourth ranking beside the two searches and the reading order,
``NavigatorOptions.figures_weight``), as a reader asked "how many" looks for the figure.
"It contains 17,833 sentences, 826,987 characters and 2,714 question-answer pairs" answers
"How big is the dataset?" without the word "big", and both searches ranked it below the
paragraphs introducing the task (the answer-type prior of question answering systems: a
question's expected answer type filters or favours candidate passages)."""

from __future__ import annotations

import re

# "How many ...", "How much ...", "How big ...", "How large ...", "How long ...", "How often
# ...", "What is the size / number / amount / share / percentage of ...", "What size ..."
_ASKS = re.compile(
    r"^\W*(?:how\s+(?:many|much|big|large|small|long|often|fast)\b|"
    r"what\s+(?:is|was|are|were)\s+the\s+(?:total\s+)?"
    r"(?:sizes?|numbers?|amounts?|counts?|percentages?|proportions?|shares?)\s+of\b|"
    r"what\s+(?:size|percentage|proportion)\b)", re.I)
# a number standing alone: "1,006", "17,833", "1.4", "100", "$63,708", "3.5%" (not part of a
# word: "BIBREF13", "GPT-2", "v2.0.1", "L2"; nor an issue's "#22251")
_NUMBER = re.compile(r"(?<![\w.,\-#])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![.,]?\w)")
# numbers that are no figure: a citation ("[12]", "[3, 12-14]"), an equation's number ("(3)")
_CITATION = re.compile(r"\[\s*\d+(?:\s*[,;–-]\s*\d+)*\s*\]|\(\s*\d{1,2}\s*\)")
_YEAR = re.compile(r"(?:19|20)\d\d")
# ... nor a label's number: "Table 2", "Section 3.1", "Fig. 4", "page 12", "RFC 1977",
# "version 2"
_LABEL = re.compile(r"\b(?:tables?|figures?|figs?\.|sections?|sec\.|chapters?|pages?|pp?\.|"
                    r"items?|notes?|eqs?\.|equations?|appendix|steps?|rfcs?|issues?|"
                    r"versions?)\s*$", re.I)


def asks_quantity(question: str) -> bool:
    """Whether ``question`` asks for a figure ("How many ...?", "What is the size of ...?")."""
    return bool(_ASKS.match(question))


def states_quantity(text: str) -> bool:
    """Whether ``text`` states a figure: a number standing alone that is no year, citation,
    equation number or label's number ("Table 2")."""
    text = _CITATION.sub(" ", text)
    return any(not _YEAR.fullmatch(m.group(1)) and not _LABEL.search(text[:m.start()][-16:])
               for m in _NUMBER.finditer(text))


# a footnote's mark: "Aggregate Fair Value (1) (in millions)"
_MARK = re.compile(r"\(\d\)")
# a number that names a column, not a figure: "Level 1 Level 2 Level 3", "Tier 2", "Phase 3";
# a day: "December 2", "Sept. 30"
_COLUMN_NUMBER = re.compile(
    r"\b(?:levels?|tiers?|phases?|stages?|class|quarters?|january|february|march|april|may|june|"
    r"july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|"
    r"nov|dec)\.?\s*$", re.I)
# ... or a span of time: "1 year", "3-5 years", "12 months"
_SPAN = re.compile(r"(?:\s*[-–]\s*\d+)?\s*(?:years?|months?|weeks?|days?)\b", re.I)


def holds_figure(line: str) -> bool:
    """Whether a line holds a figure (a number that is no year, day, footnote's mark, span or
    label's or column's number): a table's row ("Unrealized gains / losses on available-for-sale
    securities (39) (8) 3", "4.5 Description of Adobe's Common Stock X"), not its column heads
    ("2022 2021 2020", "December 2, 2022", "Level 1 Level 2 Level 3", "1-3 years")."""
    text = _MARK.sub(" ", line)
    return any(not _YEAR.fullmatch(m.group(1)) and not _SPAN.match(text, m.end())
               and not any(words.search(text[:m.start()].rstrip("($ ")[-16:])
                           for words in (_LABEL, _COLUMN_NUMBER))
               for m in _NUMBER.finditer(text))


__all__ = ["asks_quantity", "holds_figure", "states_quantity"]
