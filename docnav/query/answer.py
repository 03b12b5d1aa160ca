"""The answer the navigator returns (:class:`Answer`): the cited evidence, what the question's
words did not find, and how collecting it went (the trace, and why it stopped)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from docnav.query.evidence import Evidence

# why collecting evidence stopped (Answer.stopped): the budget spent, the confidence rule met
# (EvidenceState.stop), every step taken (NavigatorOptions.max_steps), or nothing left to read
STOPS = ("budget", "confident", "steps", "nothing left")


@dataclass
class Answer:
    question: str
    route: str
    evidence: list[Evidence]
    trace: list[dict]
    # the largest share of the question's words one piece holds; None where the question
    # names nothing to look for ("What is the clamp RFC about?", "Summarise"): a summary
    # answers it, and no piece can hold more or less of nothing
    confidence: float | None
    tokens_used: int
    text: str  # the cited evidence, or the generated answer citing it as [n]
    generated_by: str | None = None  # the answerer that wrote ``text``
    generation_error: str | None = None  # why generation failed (``text`` is the evidence)
    claims: list = field(default_factory=list)  # the generated sentences, NLI-checked
    dropped: list = field(default_factory=list)  # the claims the drop policy took out of ``text``
    missing: list[str] = field(default_factory=list)  # the question's words no evidence holds
    # of those, the words no document asked of holds at all: better evidence cannot bring them
    absent: list[str] = field(default_factory=list)
    # tables and figures asked for by label that the documents asked of mention ("In Table 2 ,
    # we report ...") but hold no caption of: the store lacks them, their mentions are read
    mentioned: list[str] = field(default_factory=list)
    # runs of the missing words that head sections asked of: {"drawbacks": [section ids]}
    headed: dict[str, list[str]] = field(default_factory=dict)
    # sections the question asks for (by heading or label, or headed by a missing word) that
    # have no text under their heading: the answer is that there is none
    empty: list[str] = field(default_factory=list)
    # the metadata fields the question asks for, of the documents it was asked of: {document
    # path: {key: value}} ("When did the trusted publishing RFC start?": its start date)
    fields: dict[str, dict[str, str]] = field(default_factory=dict)
    # the question's names for documents that no title asked of holds ("the trusted
    # publishing RFC"): what was read is some other document's
    untitled: list[str] = field(default_factory=list)
    # the documents asked who wrote them that have no author field, with the keys they have
    fields_lacking: dict[str, list[str]] = field(default_factory=dict)
    # the documents asked when they were made by a verb no field names ("When was RFC 2349
    # merged?"), with their own date: {path: {"verb": "merged", "date", "by", "field": ...}}
    # (fields.own_date_said)
    dated: dict[str, dict[str, str | None]] = field(default_factory=dict)
    # how many documents a question asking so counts ("How many RFCs mention traits?"): the
    # number, of how many asked of, by which words, and their paths (count_text.count_line)
    count: dict | None = None
    # the generated answer's citations of evidence that does not exist ("[7]", "[0]", "[]"),
    # taken out of ``text``
    invalid_citations: list[str] = field(default_factory=list)
    # the question as it was searched, where it was asked in other words ("How many references
    # does RFC 2592 have?": "Which documents does RFC 2592 refer to?"); ``question`` is as asked
    searched_as: str | None = None
    # the words looked for, each once whatever its case, as the question wrote them
    # (:func:`said_once`; a word the search splits, as its parts): the evidence search's
    # (its asking words left out, unless it names nothing else: ``missing`` is of these), a
    # count's (count_text.count_searched: "pinning" of "never mention pinning", a heading
    # "Drawbacks"), an order's (those holding a word or a heading); [] where nothing was: an
    # answer of what the documents are ("How many RFCs are there?", "the longest RFC", an
    # outline, a date), or refer to (references counted, not words), or a global question
    # naming nothing ("Summarise")
    searched: list[str] = field(default_factory=list)
    # why collecting evidence stopped (STOPS; the trace's "stop" step says it in words): None
    # where nothing was collected so (a count of documents), or where the answer is asked in
    # parts, each part's in the trace
    stopped: str | None = None

    @property
    def cited(self) -> list[int]:
        """The evidence numbers a generated ``text`` cites ([] when it cites none, or is the
        evidence itself)."""
        from docnav.query.generate import cited_numbers

        return sorted(set(cited_numbers(self.text))) if self.generated_by else []

    def to_json(self) -> dict:
        return {
            "question": self.question, "searched_as": self.searched_as, "route": self.route,
            "confidence": self.confidence,
            "tokens_used": self.tokens_used, "stopped": self.stopped,
            "searched": self.searched, "missing": self.missing, "absent": self.absent,
            "mentioned": self.mentioned,
            "headed": self.headed, "empty": self.empty, "fields": self.fields,
            "untitled": self.untitled, "fields_lacking": self.fields_lacking,
            "dated": self.dated,
            "count": self.count,
            "answer": self.text,
            "generated_by": self.generated_by, "generation_error": self.generation_error,
            "cited": self.cited, "invalid_citations": self.invalid_citations,
            "claims": [c.to_json() for c in self.claims],
            "dropped": [c.to_json() for c in self.dropped],
            "evidence": [{
                "ref": i, "node_id": e.piece.node_id, "document": e.piece.doc_path,
                "breadcrumb": e.piece.breadcrumb, "page": e.piece.page, "text": e.piece.text,
                "relevance": e.relevance, "found_by": e.found_by,
            } for i, e in enumerate(self.evidence, start=1)],
            "trace": self.trace,
        }


def said_once(words: Iterable[str], question: str) -> list[str]:
    """``words`` each once whatever its case, spelled as ``question`` writes it where it does
    (its first such), else as given: :attr:`Answer.searched` ("Which was the first RFC to
    mention `impl Trait`?" said [impl, Trait, rfc, trait]; "... say about Unpin?" [unpin])."""
    once: dict[str, str] = {}
    for word in words:
        said = re.search(rf"(?<!\w){re.escape(word)}(?!\w)", question, re.I)
        once.setdefault(word.lower(), said.group() if said else word)
    return list(once.values())
