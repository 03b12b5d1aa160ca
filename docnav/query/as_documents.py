"""Questions asking which documents in other words, asked as "Which documents ...?" of
:func:`docnav.query.which.which_documents`: "Which sources mention Adobe and Amazon?", "Where
are Adobe and Amazon mentioned?", "What did Bo Chen write?"."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from docnav.query.authored import authored_by
from docnav.query.which import AUTHOR_NAME

if TYPE_CHECKING:
    from docnav.query.navigator import Navigator

# "What did Ada Lovelace write?", "What has Bo written?": which documents that author wrote
_WROTE = re.compile(r"^\W*(?i:what\s+(?:else\s+)?(?:did|does|has|have))\s+"
                    rf"(?P<who>{AUTHOR_NAME})\s+(?i:write|written|author|authored)\W*$")


# "Which sources mention Adobe and Amazon?", "Which texts cite ...?": which documents (not
# "Which sources does the paper cite?", its works cited: docnav/query/cited.py)
_SOURCES = re.compile(r"^(\W*(?:in\s+)?which\s+)(?:sources|texts)(?=\s+(?:mention|cite|discuss|"
                      r"name|refer|talk|describe|say)\w*\b)", re.I)
# "Where are Adobe and Amazon mentioned?": names alone, said where (not "Where is the risk
# mentioned?", nor "Which risks are mentioned by Adobe and Amazon?")
_NAMED = r"[A-Z][\w.&'’-]*(?:\s+[A-Z][\w.&'’-]*)*"
_WHERE_NAMED = re.compile(rf"^\W*(?i:where\s+(?:are|is|were|was))\s+(?P<names>{_NAMED}"
                          rf"(?:(?:\s*,)?(?:\s+(?:and|or))?\s+{_NAMED})*)\s+(?i:mentioned|"
                          r"cited|named|discussed|referred\s+to)\W*$")


def as_documents_said(asked: str) -> str:
    """A question asking which documents say something in other words, as "Which documents
    mention ...?" (:func:`which_documents`): "Which sources mention Adobe and Amazon?" and
    "Where are Adobe and Amazon mentioned?" were asked of each company's filing in turn, the
    names read as choosing them, and the paper saying "Amazon" was never read."""
    if where := _WHERE_NAMED.match(asked):
        return f"Which documents mention {where.group('names')}?"
    return _SOURCES.sub(r"\1documents", asked)


def as_documents_written(nav: Navigator, asked: str, doc: str | list[str] | None) -> str:
    """A question asking what an author wrote, as the question asking which documents they
    wrote ("What did Bo Chen write?": "Which documents did Bo Chen write?", answered from
    the documents' author field; its words were searched for) where the author field of a
    document asked of (``doc``) names them; any other as it is ("What did Amazon write?" of
    filings whose author is "EDGAR Online" is a question of what they say)."""
    wrote = _WROTE.match(asked)
    if wrote and authored_by(nav, doc, wrote.group("who")):
        return f"Which documents did {wrote.group('who')} write?"
    return asked


__all__ = ["as_documents_said", "as_documents_written"]
