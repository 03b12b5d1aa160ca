"""Answer a question by navigating the graph like a reader, collecting evidence.

The router classifies the question (rules first; any callable can replace it):

* *global* ("what are the main risks ...", "summarise ...") -> summaries first, then each
  summary hit is expanded to the paragraphs its sentences came from;
* *cross-reference* ("... in Section 3.2", "Table 2", "compare ...") -> sections, expanded,
  and the targets of their references;
* *local* -> passages, then their neighbours while gaps remain.

The loop is locate -> fetch -> evaluate -> navigate/expand by gaps -> stop when the
:class:`EvidenceState` is confident or the token budget is spent. The result cites node ids,
breadcrumbs and pages, and carries a trace of every operation.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from docnav.query.graph import DocNavGraph, Piece, count_tokens
from docnav.query.lexical import tokens

GLOBAL = re.compile(r"\b(main|overall|summar\w*|overview|key (themes|points|risks|findings)|"
                    r"in general|whole|across|all the|what are the (main|major|key))\b", re.I)
CROSS = re.compile(r"\b(section|sec\.|§|table|figure|fig\.|appendix|chapter|item \d+[a-z]?|"
                   r"see)\b", re.I)


def route(question: str) -> str:
    """'global', 'cross-reference' or 'local'."""
    if GLOBAL.search(question):
        return "global"
    if CROSS.search(question):
        return "cross-reference"
    return "local"


@dataclass
class Evidence:
    piece: Piece
    relevance: float
    found_by: str


@dataclass
class EvidenceState:
    """What has been collected for a question, and whether it is enough.

    gaps: question terms no evidence contains yet; confidence: share of the question's terms
    covered, weighted by how relevant the best evidence is. Word coverage alone is a weak
    signal (a short hit can contain every question word and still miss the answer), so the
    state is sufficient only when confident *and* ``min_fill`` of the budget holds evidence,
    or when the budget is spent.
    """

    question: str
    budget: int
    confident: float = 0.8
    min_fill: float = 0.75
    min_relevance: float = 0.05
    evidence: dict[str, Evidence] = field(default_factory=dict)
    visited: set[str] = field(default_factory=set)
    tokens_used: int = 0
    last_node: str | None = None

    def __post_init__(self) -> None:
        self.terms = list(dict.fromkeys(tokens(self.question)))

    @property
    def gaps(self) -> list[str]:
        covered = set()
        for e in self.evidence.values():
            covered |= set(tokens(e.piece.text + " " + e.piece.breadcrumb))
        return [t for t in self.terms if t not in covered]

    @property
    def confidence(self) -> float:
        if not self.evidence or not self.terms:
            return 0.0
        coverage = 1 - len(self.gaps) / len(self.terms)
        best = max(e.relevance for e in self.evidence.values())
        return round(coverage * min(1.0, 0.5 + best), 4)

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
        return (self.confidence >= self.confident and filled) or self.remaining < 16


@dataclass
class Answer:
    question: str
    route: str
    evidence: list[Evidence]
    trace: list[dict]
    confidence: float
    tokens_used: int
    text: str

    def to_json(self) -> dict:
        return {
            "question": self.question, "route": self.route, "confidence": self.confidence,
            "tokens_used": self.tokens_used, "answer": self.text,
            "evidence": [{
                "node_id": e.piece.node_id, "document": e.piece.doc_path,
                "breadcrumb": e.piece.breadcrumb, "page": e.piece.page, "text": e.piece.text,
                "relevance": e.relevance, "found_by": e.found_by,
            } for e in self.evidence],
            "trace": self.trace,
        }


class Navigator:
    """Runs the navigation loop over a :class:`DocNavGraph`."""

    def __init__(self, graph: DocNavGraph, router: Callable[[str], str] = route,
                 max_steps: int = 40, section_share: float = 0.4) -> None:
        self.graph = graph
        self.router = router
        self.max_steps = max_steps
        self.section_share = section_share  # most of the budget one expanded section may take

    def ask(self, question: str, budget: int = 1024, doc: str | None = None) -> Answer:
        kind = self.router(question)
        state = EvidenceState(question, budget)
        trace: list[dict] = []
        filters = {"path": doc} if doc else None

        def op(name: str, **args) -> None:
            trace.append({"op": name, **args, "tokens": state.tokens_used,
                          "confidence": state.confidence})

        def take(ids: list[str], found_by: str) -> None:
            fresh = [i for i in ids if i not in state.visited]
            state.visited.update(fresh)
            if fresh:
                added = state.add(self.graph.fetch(fresh, budget=state.remaining), found_by)
                op("fetch", nodes=fresh[:8], added=added)

        if kind == "global":
            hits = self.graph.locate(question, k=6, filters=filters, via=["summary"])
            op("locate", over="summaries", hits=[h.node_id for h in hits])
            for h in hits:
                sources = self.graph.summary_sources(h.node_id)
                op("expand", node=h.node_id, to="summary sources", n=len(sources))
                take(sources, "summary")
                if state.sufficient():
                    break
        if kind == "cross-reference":
            hits = self.graph.locate(question, k=4, kinds=["section"], filters=filters)
            op("locate", over="sections", hits=[h.node_id for h in hits])
            for h in hits[:2]:
                children = self.graph.expand(h.node_id, depth=1)[1:]
                op("expand", node=h.node_id, depth=1, n=len(children))
                share = int(self.section_share * state.budget)
                pieces = self.graph.fetch([c for c in children if c not in state.visited],
                                          budget=min(share, state.remaining))
                state.visited.update(p.node_id for p in pieces)
                op("fetch", nodes=[p.node_id for p in pieces][:8],
                   added=state.add(pieces, "section"))
                for target in self.graph.navigate(h.node_id, "references")[:2]:
                    op("navigate", node=h.node_id, direction="references", to=target)
                    take([target], "reference")
        # passages: every route ends here while evidence is short
        steps = 0
        if not state.sufficient():
            hits = self.graph.locate(question, k=self.max_steps, kinds=["paragraph"],
                                     filters=filters)
            op("locate", over="paragraphs", hits=[h.node_id for h in hits])
            for h in hits:
                take([h.node_id], "passage")
                steps += 1
                if state.sufficient() or steps >= self.max_steps:
                    break
        # gaps left: read around the best passages (the sentences next to a hit often hold
        # the rest of the answer), then their references
        best = sorted(state.evidence.values(), key=lambda e: -e.relevance)[:2]
        for e in best:
            if state.sufficient() or steps >= self.max_steps:
                break
            for direction in ("next", "previous", "references"):
                ids = self.graph.navigate(e.piece.node_id, direction)
                if ids:
                    op("navigate", node=e.piece.node_id, direction=direction, to=ids[:3])
                    take(ids[:2], direction)
                    steps += 1
        evidence = sorted(state.evidence.values(),
                          key=lambda e: (e.piece.doc_path, self.graph.node(e.piece.node_id).position))
        text = "\n\n".join(f"[{e.piece.node_id[:12]}] {e.piece.breadcrumb}"
                           f"{f' (p. {e.piece.page})' if e.piece.page else ''}: {e.piece.text}"
                           for e in evidence)
        return Answer(question, kind, evidence, trace, state.confidence, state.tokens_used, text)


__all__ = ["Navigator", "EvidenceState", "Evidence", "Answer", "route", "count_tokens"]
