"""Bottom-up summaries with provenance.

A node's summary is built from its own paragraphs plus its children's summaries, so the top of
the tree can answer global questions. The default :class:`ExtractiveSummarizer` picks sentences
by salience — lexical centrality within the subtree, coverage of the children, position in the
paragraph — keeps them in document order within a per-level budget, and every sentence carries
the paragraph id and character offsets it came from. Abstractive summarisers implement the same
:class:`Summarizer` interface (see :mod:`docnav.abstractive`).
"""

from __future__ import annotations

import math
import re
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from docnav.model import DocTree, Node, NodeKind
from docnav.sentences import sentence_spans

_WORD = re.compile(r"\w+", re.UNICODE)
_STOP = frozenset(
    "a an and are as at be been but by can could do does for from has have he her his how i if "
    "in into is it its may might must no not of on or our shall she should so such than that the "
    "their them then there these they this those to was we were what when where which while who "
    "will with would you your".split()
)
# a caption says what a figure shows ("Figure 1: The circle and triangle dots represent ..."
# opened a paper's Introduction summary), not what its section says
_SKIP_KINDS = ("table", "code", "formula", "caption")
# A field line: a record's label and a short value ("Start Date: 2014-06-15", "RFC PR #:
# rust-lang/rfcs#3", "Feature Name: `foo`", "Author: J. Smith"), not a statement about the content.
_FIELD = re.compile(r"[^\W\d_][\w .#/&'()-]{0,40}?\s*:\s+\S+(?:\s+\S+){0,5}", re.UNICODE)


# A word as the statement test counts them: letters first, then letters, digits and joiners.
_LETTERED = re.compile(r"[^\W\d_][\w'’.-]*", re.UNICODE)


def _is_statement(text: str) -> bool:
    """Prose rather than a list of names or titles: at most three quarters of its words begin
    with a capital. A table-of-contents run ("Consolidated Balance Sheets 53 Consolidated
    Statements of Income 54"), a reference list ("Kumar, S., Shah, N.:"), a signature ("/s/
    J. Patrick Doyle Chairman March 17, 2023"), a list of subsidiaries and their states, a
    running head in capitals: each a line of a list, not a sentence about the content.
    Scripts without case (Chinese, Arabic) have no capitals: their sentences are prose."""
    words = _LETTERED.findall(text)
    return bool(words) and sum(w[0].isupper() for w in words) <= 0.75 * len(words)


# A pointer: "See Item 8 of Part II, ...", "(see Note 4)": says where, not what.
_POINTER = re.compile(r"\W*see\b", re.I)
# a sentence's end: ".", "!", "?", "…" (and the full-width "。", "！", "？"), before any
# closing quotes or brackets
_ENDED = re.compile(r"[.!?…。！？][\"'”’)\]」』]*\s*$")
# fewer words than this and no sentence's end: a label, not a sentence ("ibm.com/redbooks
# Redpaper", a Redbook's cover line that opened its summary; "Guide-level explanation", a
# heading set as a paragraph; "considered too complicated", a list's fragment; a link)
LABEL_WORDS = 6


def _describes(text: str) -> bool:
    """A sentence that can stand in a whole document's summary: a statement, neither a
    pointer nor a lead-in, whose content is the table or list after its colon
    ("Reconciliations of operating income ... were as follows ($ in millions):"), nor a label
    (:data:`LABEL_WORDS`)."""
    return (_is_statement(text) and not _POINTER.match(text)
            and not text.rstrip().endswith(":")
            and (bool(_ENDED.search(text)) or len(_LETTERED.findall(text)) >= LABEL_WORDS))


def _is_field_line(text: str) -> bool:
    """``Label: value``, the value a few words with no sentence's end ("Note: the trait was
    renamed." is a statement, not a field)."""
    text = text.strip()
    return bool(_FIELD.fullmatch(text)) and not text.endswith((".", "!", "?"))


@dataclass(frozen=True)
class SummarySentence:
    """One summary sentence and where it came from.

    ``source_id`` is the paragraph node, ``start``/``end`` offsets in that paragraph's text;
    all three are None for generated (abstractive) sentences. ``order`` sorts sentences into
    document order (document path, position in the document, offset).
    """

    text: str
    source_id: str | None = None
    start: int | None = None
    end: int | None = None
    order: tuple = ()


@dataclass(frozen=True)
class Budget:
    """Length budget of one level of the tree."""

    sentences: int
    chars: int


@dataclass(frozen=True)
class SummaryOptions:
    """Per-level length budgets and sentence limits for the extractive summariser.

    section / document / collection: budgets by node kind. max_sentence_chars: longer sentences
    are only used when nothing else is available.
    """

    section: Budget = Budget(3, 600)
    document: Budget = Budget(5, 1000)
    collection: Budget = Budget(8, 1600)
    max_sentence_chars: int = 400

    def budget(self, kind: NodeKind) -> Budget:
        return {
            NodeKind.COLLECTION: self.collection,
            NodeKind.DOCUMENT: self.document,
        }.get(kind, self.section)


@dataclass(frozen=True)
class SummaryInput:
    """What a node's summary is made from.

    paragraphs: the node's own paragraphs (direct children), in document order;
    children: the summaries of its child sections/documents, in order;
    order_prefix: sort key prefix of this node's own material (e.g. the document path);
    lead: paragraphs the summary opens with, the document's own summary (:func:`own_summary`).
    """

    node: Node
    paragraphs: Sequence[Node]
    children: Sequence[Sequence[SummarySentence]] = ()
    order_prefix: tuple = ()
    source_text: dict[str, str] = field(default_factory=dict)
    lead: Sequence[Node] = ()


# The heading of a summary its authors wrote: a paper's Abstract, an RFC's Summary, a report's
# Executive Summary or Overview, a TL;DR; numbered or not ("1. Summary", "I. Overview").
_OWN_SUMMARY = re.compile(
    r"\s*(?:(?:\d+|[ivx]+)[.)]?\s+)?(?:abstract|summary|executive\s+summary|overview|synopsis"
    r"|tl\s*;?\s*dr)\s*[.:]?\s*", re.I)
# it opens the document: one of its first sections, at most one heading level down (a
# paper's Abstract under its title), not the Overview of one part deep inside
_OPENING_SECTIONS = 3


def own_summary(tree: DocTree) -> list[Node]:
    """The paragraphs of the summary a document's authors wrote, where one of its opening
    sections is headed as one (Abstract, Summary, Overview, ...); nothing otherwise."""
    for section in tree.sections[:_OPENING_SECTIONS]:
        if section.level <= 2 and _OWN_SUMMARY.fullmatch(section.heading or ""):
            return [c for c in tree.children(section.node_id) if c.kind is NodeKind.PARAGRAPH
                    and c.block_kind not in _SKIP_KINDS]
    return []


class Summarizer(ABC):
    """Produces the sentences of one node's summary."""

    #: name and version; part of the summary cache key, so a new version rebuilds summaries
    summarizer_id: str

    @abstractmethod
    def summarize(self, item: SummaryInput) -> list[SummarySentence]: ...


# at most this many of a document's summary sentences come from its authors' own summary:
# its first, then by salience, within half of the document's characters; the rest say what
# its other parts hold
LEAD_SENTENCES = 2


class ExtractiveSummarizer(Summarizer):
    # v3: no field lines; v4: documents without list lines; v5: documents without lead-ins,
    # filings without their executive officers (docnav/filings.py); v6: sentences not cut
    # after "e.g." / "i.e." (docnav/sentences.py); v7: no captions; v8: sentences not cut
    # inside inline code, after "I.E." or "a.k.a.", at a "!" or a code "?", before a bracket;
    # v9: nor at "macro_rules! struct_Dn" or "works? and then", nor before a lone "Ie."/"Aka."
    summarizer_id = "extractive-v9"

    def __init__(self, options: SummaryOptions = SummaryOptions()) -> None:
        self.options = options
        self.calls = 0

    def summarize(self, item: SummaryInput) -> list[SummarySentence]:
        self.calls += 1
        groups = [self._own_sentences(item, p) for p in item.paragraphs]
        own = [s for g in groups for s in g]
        child_groups = [list(c) for c in item.children if c]
        candidates = own + [s for g in child_groups for s in g]
        if not candidates:
            candidates = self._fallback(item)
        if not candidates:
            return []
        budget = self.options.budget(item.node.kind)
        # a whole document's (or collection's) summary is read as its description: lines of
        # lists (contents, references, signatures, names, a table's head) and pointers ("See
        # Item 8 of Part II") are left out while sentences stand beside them. A section's
        # summary also stands for it in search, where the same rule changed which sections
        # are found (benchmarks/README.md, *Twenty-fifth session*): there they stay.
        if item.node.kind in (NodeKind.DOCUMENT, NodeKind.COLLECTION):
            candidates = [s for s in candidates if _describes(s.text)] or candidates
        # a document whose authors summed it up opens with their first sentence, and one
        # more of theirs (RFC 3681's summary opened with "One thing to notice, is that taking
        # default values into consideration ...", from its Motivation, beside its Summary's
        # "Allow struct definitions to provide default values for individual fields ...").
        # The first may lead in to a list: "Add a conservative form of abstract return types
        # ... restricted to:" says what RFC 1522 does, the list after it how far.
        opening = [s for p in item.lead for s in self._own_sentences(item, p)
                   if _is_statement(s.text) and not _POINTER.match(s.text)]
        lead = _select([s for s in opening[1:] if _describes(s.text)], [opening],
                       Budget(min(LEAD_SENTENCES, budget.sentences), budget.chars // 2),
                       self.options.max_sentence_chars,
                       [_clip(opening[0], self.options.max_sentence_chars)]) if opening else []
        chosen = _select(candidates, [own] + child_groups, budget,
                         self.options.max_sentence_chars, lead)
        return sorted(chosen, key=lambda s: s.order)

    def _own_sentences(self, item: SummaryInput, paragraph: Node) -> list[SummarySentence]:
        if paragraph.block_kind in _SKIP_KINDS:
            return []
        text = paragraph.text
        return [
            SummarySentence(text[s:e], paragraph.node_id, s, e,
                            item.order_prefix + (paragraph.position, s))
            for s, e in sentence_spans(text)
        ]

    def _fallback(self, item: SummaryInput) -> list[SummarySentence]:
        """Sections of only tables or code: the first line of the first such block."""
        for p in item.paragraphs:
            line = p.text.strip().splitlines()[0] if p.text.strip() else ""
            if line:
                start = p.text.index(line)
                end = start + min(len(line), self.options.max_sentence_chars)
                return [SummarySentence(p.text[start:end], p.node_id, start, end,
                                        item.order_prefix + (p.position, start))]
        return []


def _words(text: str) -> Counter:
    return Counter(w for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 1)


def _cosine(a: Counter, b: Counter) -> float:
    if not a or not b:
        return 0.0
    dot = sum(v * b.get(k, 0) for k, v in a.items())
    return dot / math.sqrt(sum(v * v for v in a.values()) * sum(v * v for v in b.values()))


def _select(
    candidates: list[SummarySentence],
    groups: list[list[SummarySentence]],
    budget: Budget,
    max_chars: int,
    chosen: Sequence[SummarySentence] = (),
) -> list[SummarySentence]:
    """Greedy selection: salience, minus redundancy, plus a bonus for an uncovered child;
    after ``chosen``, sentences chosen already (which count against the budget)."""
    # field lines (a front matter's "Start Date: ...") say nothing about the content: a
    # section of nothing else has no summary (one would only repeat it, and be found for
    # questions about the whole: "... across these RFCs" matched "RFC PR: rust-lang/rfcs#1607")
    candidates = [s for s in candidates if not _is_field_line(s.text)]
    if not candidates:
        return list(chosen)
    greedy = _Greedy(candidates, groups, max_chars)
    for s in chosen:
        greedy.pick(s)
    while len(greedy.picked) < budget.sentences:
        best = greedy.best(budget.chars)
        if best is None:
            break
        greedy.pick(best)
    return greedy.picked


def _salience(candidates: list[SummarySentence], bags: dict[int, Counter],
              group_of: dict[int, int]) -> dict[int, float]:
    """Each candidate's salience: its similarity to the candidates' centroid (halved outside 4
    to 60 words), plus a little for coming early in its paragraph."""
    centroid: Counter = Counter()
    for bag in bags.values():
        centroid.update(bag)
    rank_in_paragraph: dict[int, int] = {}
    seen: Counter = Counter()
    for s in candidates:
        key = (s.source_id, group_of.get(id(s)))
        rank_in_paragraph[id(s)] = seen[key]
        seen[key] += 1
    scores = {}
    for s in candidates:
        n_words = sum(bags[id(s)].values())
        length = 1.0 if 4 <= n_words <= 60 else 0.5
        position = 0.15 / (1 + rank_in_paragraph[id(s)])
        scores[id(s)] = _cosine(bags[id(s)], centroid) * length + position
    return scores


class _Greedy:
    """The state of one greedy selection: what is picked, the characters used, the groups
    covered, and each usable candidate's highest similarity to a picked sentence (kept up to
    date as they are picked)."""

    def __init__(self, candidates: list[SummarySentence],
                 groups: list[list[SummarySentence]], max_chars: int) -> None:
        self._bags = {id(s): _words(s.text) for s in candidates}
        self._group_of = {id(s): g for g, members in enumerate(groups) for s in members}
        self._scores = _salience(candidates, self._bags, self._group_of)
        self._usable = [s for s in candidates if len(s.text) <= max_chars] or [
            _clip(candidates[0], max_chars)
        ]
        for s in self._usable:  # a clipped sentence has a bag of its own
            if id(s) not in self._bags:
                self._bags[id(s)] = _words(s.text)
        self._redundancy = {id(s): 0.0 for s in self._usable}
        self._covered: set[int | None] = set()
        self._texts: set[str] = set()
        self._used_chars = 0
        # for ``chosen``'s, which are not among the candidates
        self._group_of_text = {s.text: self._group_of.get(id(s)) for s in candidates}
        self.picked: list[SummarySentence] = []

    def pick(self, best: SummarySentence) -> None:
        self.picked.append(best)
        self._texts.add(best.text)
        self._covered.add(self._group_of.get(id(best), self._group_of_text.get(best.text)))
        self._used_chars += len(best.text)
        best_bag = self._bags[id(best)] if id(best) in self._bags else _words(best.text)
        for s in self._usable:
            self._redundancy[id(s)] = max(self._redundancy[id(s)],
                                          _cosine(self._bags[id(s)], best_bag))

    def best(self, max_total_chars: int) -> SummarySentence | None:
        """The best next sentence (None: none fits): salience, minus half its redundancy,
        plus 0.2 for a group not covered yet; ties go to the earlier sentence."""
        best, best_score = None, -1e9
        for s in self._usable:
            if s.text in self._texts or (
                    self._used_chars + len(s.text) > max_total_chars and self.picked):
                continue
            bonus = 0.2 if self._group_of.get(id(s)) not in self._covered else 0.0
            score = self._scores.get(id(s), 0.0) - 0.5 * self._redundancy[id(s)] + bonus
            if score > best_score or (score == best_score and best is not None
                                      and s.order < best.order):
                best, best_score = s, score
        return best


def _clip(s: SummarySentence, max_chars: int) -> SummarySentence:
    if len(s.text) <= max_chars:
        return s
    end = None if s.start is None else s.start + max_chars
    return SummarySentence(s.text[:max_chars], s.source_id, s.start, end, s.order)
