"""What a question has collected: the evidence with its relevance, the words still missing,
when it is enough (:class:`EvidenceState`), and the answer the navigator returns
(:class:`Answer`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from docnav.query.graph import Piece
from docnav.query.lexical import search_words, tokens

ASKING = frozenset("about say says said tell me describe explain list give show please "
                   "mention mentioned".split())
# "how many", "how much", "how long": the word after "how" asks for a number or a length
HOW = re.compile(r"\bhow\s+(many|much|often|long|far)\b", re.I)


@dataclass
class Evidence:
    piece: Piece
    relevance: float
    found_by: str


@dataclass
class EvidenceState:
    """What has been collected for a question, and whether it is enough.

    gaps: the question's words no evidence contains in any form ("desugar" is held by
    "desugaring": terms are word stems, see :mod:`docnav.query.lexical`), leaving out the
    words that ask rather than name (``ASKING``: "say", "about", "describe"; ``HOW``: "many" in
    "how many"); confidence: the
    largest share of the question's terms that one piece holds. Terms scattered over several
    pieces (each piece a different part of the question) are no sign that the answer is in
    hand, so they do not count together. Word overlap is still a weak signal (a short hit can
    contain every question word and miss the answer), so the state is sufficient only when
    one piece holds every term (``confident``) *and* ``min_fill`` of the budget holds
    evidence, or when the budget is spent. (At 0.8, with stemmed terms, it stopped early
    often enough to cost evidence recall on both evaluation sets; benchmarks/README.md.)
    Nor is a piece holding every term a sign when many do: the navigator marks the terms
    ``common`` when more than a few paragraphs of the scope hold them all, and then only the
    budget ends the search.
    """

    question: str
    budget: int
    confident: float = 1.0
    min_fill: float = 0.75
    min_relevance: float = 0.0  # > 0 drops pieces sharing fewer question words (tables share none)
    common: bool = False  # the terms are together in many paragraphs: confidence stops nothing
    evidence: dict[str, Evidence] = field(default_factory=dict)
    visited: set[str] = field(default_factory=set)
    tokens_used: int = 0
    last_node: str | None = None

    def __post_init__(self) -> None:
        words = search_words(self.question)  # search term -> the question's word
        # words that ask rather than name what is asked about ("what does Note 7 say about
        # pledged assets"): no piece needs them, and none is missing without them
        asking = ASKING | {m.group(1).lower() for m in HOW.finditer(self.question)}
        named = {t: w for t, w in words.items() if w not in asking}
        # nothing to look for but what is asked of ("Summarise", "Give me a summary"): the
        # asking words are searched for then, there being nothing else
        self.names_nothing = not named
        self.words = named or words
        self.terms = list(self.words)

    @property
    def gaps(self) -> list[str]:
        covered = set()
        for e in self.evidence.values():
            covered |= set(tokens(e.piece.text + " " + e.piece.breadcrumb))
        return [self.words[t] for t in self.terms if t not in covered]

    @property
    def confidence(self) -> float:
        if not self.evidence or not self.terms:
            return 0.0
        return round(max(e.relevance for e in self.evidence.values()), 4)

    @property
    def remaining(self) -> int:
        return self.budget - self.tokens_used

    def relevance(self, text: str) -> float:
        words = set(tokens(text))
        return len(words & set(self.terms)) / max(len(self.terms), 1)

    def add(self, pieces: list[Piece], found_by: str) -> int:
        added = 0
        for p in pieces:
            if p.node_id in self.evidence or p.tokens > self.remaining:
                continue
            rel = self.relevance(p.text + " " + p.breadcrumb)
            if rel < self.min_relevance and self.evidence:
                continue
            self.evidence[p.node_id] = Evidence(p, rel, found_by)
            self.tokens_used += p.tokens
            self.last_node = p.node_id
            added += 1
        return added

    def sufficient(self) -> bool:
        filled = self.tokens_used >= self.min_fill * self.budget
        confident = self.confidence >= self.confident and not self.common
        return (confident and filled) or self.remaining < 16


@dataclass
class Answer:
    question: str
    route: str
    evidence: list[Evidence]
    trace: list[dict]
    confidence: float
    tokens_used: int
    text: str  # the cited evidence, or the generated answer citing it as [n]
    generated_by: str | None = None  # the answerer that wrote ``text``
    generation_error: str | None = None  # why generation failed (``text`` is the evidence)
    claims: list = field(default_factory=list)  # the generated sentences, NLI-checked
    dropped: list = field(default_factory=list)  # the claims the drop policy took out of ``text``
    missing: list[str] = field(default_factory=list)  # the question's words no evidence holds
    # of those, the words no document asked of holds at all: better evidence cannot bring them
    absent: list[str] = field(default_factory=list)
    # the generated answer's citations of evidence that does not exist ("[7]", "[0]", "[]"),
    # taken out of ``text``
    invalid_citations: list[str] = field(default_factory=list)

    @property
    def cited(self) -> list[int]:
        """The evidence numbers a generated ``text`` cites ([] when it cites none, or is the
        evidence itself)."""
        from docnav.query.generate import cited_numbers

        return sorted(set(cited_numbers(self.text))) if self.generated_by else []

    def to_json(self) -> dict:
        return {
            "question": self.question, "route": self.route, "confidence": self.confidence,
            "tokens_used": self.tokens_used, "missing": self.missing, "absent": self.absent,
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
