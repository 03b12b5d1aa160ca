"""What a question has collected: the evidence with its relevance, the words still missing,
when it is enough and why (:class:`EvidenceState`), and one question's navigation that makes
the answer (:class:`Run`; the answer: :class:`docnav.query.answer.Answer`)."""

from __future__ import annotations

import functools
import glob
import re
from dataclasses import InitVar, dataclass, field

from docnav.checks import finite_number
from docnav.errors import ConfigError, InputError
from docnav.query._checks import LEAST_PIECE, token_budget
from docnav.query.answer import Answer, said_once
from docnav.query.fields import DATE_KEYS, DATED_NOW, DATING, own_date_said
from docnav.query.graph import DocNavGraph, Piece
from docnav.query.lexical import search_words, tokens
from docnav.query.names import TITLE_OF_FILE
from docnav.query.parts import holds_text, length_said, sections_headed
from docnav.wording import counted

# (and the modal verbs: "Why should the Share trait be renamed?" missed "should"; not "may",
# a month, nor "will", a document; and "need": "Why does Send need a static bound?" missed it)
ASKING = frozenset("about say says said tell me describe explain list give show please "
                   "mention mentions mentioned both either there "  # "mention both X and Y"
                   "should would could might must can shall need needs".split())
# "how many", "how much", "how long": the word after "how" asks for a number or a length
HOW = re.compile(r"\bhow\s+(many|much|often|long|far)\b", re.I)
# "What does RFC 1068 refer to as subteams?": a verb that asks what the text names so, no
# word the text need hold ("refer" was said missing); not "How does it refer to RFC 2349?",
# nor "refer to as well as RFC 2592", "refer to as-yet unstable features"
NAMED_AS = re.compile(r"\b(refer(?:s|red|ring)?)\s+to\s+as\b(?!-|\s+well\b)", re.I)
# "as well as", "as yet", "as-yet": phrasing, no word the text need hold ("What does RFC 2349
# refer to as well as RFC 2592?" said "not in the evidence: well"; "... refer to as-yet
# unstable features?", "yet")
AS_PHRASE = re.compile(r"\bas[\s-]+(well(?=\s+as\b)|yet)\b", re.I)
# "besides", "other than", "apart from", "aside from", "except" (and "except for"): what is
# left out of the answer follows, no word of it the text need hold ("What does the futures RFC
# depend on besides pinning?" said "besides" was in no document). One rule, for the words
# searched (here) and for the documents left out of a count (docnav/query/holding.py), which
# read "except" differently: "... depend on, except pinning?" searched "except", "... mention
# async except RFC 2394?" left RFC 2394 out. Not "the except clause", "except when it is
# moved" (a condition, not a thing), nor "how far apart from", a distance; nor Python's
# keyword: "try/except", "What does except do?" (its subject), which lost "except". A word
# joined on is a name: "except if-let chains" leaves them out.
LEAVING_OUT = re.compile(r"\b(?:besides|(?<!\bfar\s)(?:apart|aside)\s+from|other\s+than|"
                         r"(?<!\bthe\s)(?<!\ban\s)(?<!\ba\s)(?<!/)"
                         r"(?<!\bdoes\s)(?<!\bdo\s)(?<!\bdid\s)"
                         r"except(?:\s+for\b|(?!\s+(?:that|"
                         r"when|whenever|if|where|while|clauses?|blocks?|keywords?|"
                         r"statements?)\b(?!-))))(?![\w-])", re.I)


# EvidenceState's thresholds, each a share from 0 to 1: of what
_THRESHOLDS = {"confident": "of the question's terms one piece holds to stop",
               "min_fill": "of the budget filled before a confident stop",
               "min_relevance": "of the question's terms a piece holds to be kept"}

# how the column heads above a table of figures are found (docnav.query.passages)
COLUMN_HEADS = "column heads"


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
    "how many"; ``NAMED_AS``: "refer" in "refer to as"; ``AS_PHRASE``: "well" in "as well
    as"; ``LEAVING_OUT``: "besides"); confidence: the
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
    # an acronym's term and the terms of its long form ("ceo": chief, execut, officer): a
    # piece holding the long form holds the acronym (docnav/query/acronyms.py)
    spelled: dict[str, frozenset[str]] = field(default_factory=dict)
    # terms searched for that are no gap where the evidence lacks them: "depend" of "What
    # does the futures RFC depend on ...?" asked of that RFC, whose text need not say it
    no_gaps: frozenset[str] = frozenset()
    evidence: dict[str, Evidence] = field(default_factory=dict)
    visited: set[str] = field(default_factory=set)
    tokens_used: int = 0
    # what the evidence says, each document's: (its path, a piece's text, its spacing evened)
    _said: set[tuple[str, str]] = field(default_factory=set, repr=False)
    last_node: str | None = None
    # True where ``question`` is what is left of a question the navigator checked, once the
    # words that ask are out ("Summarise" leaves nothing): it may be blank, naming nothing;
    # a blank question given as such is refused, as ``Navigator.ask`` and ``locate`` refuse it.
    # Said at init only: no part of the state (it was a stored, compared field)
    remainder: InitVar[bool] = field(default=False, kw_only=True)

    def __post_init__(self, remainder: bool) -> None:
        if not isinstance(self.question, str):
            raise InputError(f"question {self.question!r}: give it as a string")
        if not (self.question.strip() or remainder):
            raise InputError(f"question {self.question!r} is empty: give the words of the "
                             "question asked")
        # 0 is a budget here: a part of a question asked in turn may get no share of its
        # budget (docnav.query.relating._shares), and is then enough at once
        self.budget = token_budget(self.budget, least=0)
        for name, what in _THRESHOLDS.items():  # "a" failed only once the confidence test
            value = getattr(self, name)  # was reached; 2.0 could never stop anything
            if not (finite_number(value) and 0 <= value <= 1):
                raise ConfigError(f"{name} {value!r} is not valid: give a share from 0 to 1 "
                                  f"({what})")
        words = search_words(self.question)  # search term -> the question's word
        # words that ask rather than name what is asked about ("what does Note 7 say about
        # pledged assets"): no piece needs them, and none is missing without them
        asking = ASKING | {m.group(1).lower() for m in [*HOW.finditer(self.question),
                                                        *NAMED_AS.finditer(self.question),
                                                        *AS_PHRASE.finditer(self.question)]}
        leaving = {w.lower() for m in LEAVING_OUT.finditer(self.question)
                   for w in m.group().split()}
        # a word of "other than" said elsewhere names: "other comprehensive income other than
        # currency translation" (found by a review: "other" was said held by "comprehensive
        # income" alone)
        elsewhere = search_words(LEAVING_OUT.sub(" ", self.question)) if leaving else {}
        named = {t: w for t, w in words.items()
                 if w not in asking and (w not in leaving or t in elsewhere)}
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
        # a joined word is one gap however many of its terms ("fy2022", "fy") are missing
        held = self.held(covered)
        return list(dict.fromkeys(self.words[t] for t in self.terms
                                  if t not in held and t not in self.no_gaps))

    def held(self, words: set[str]) -> set[str]:
        """The question's terms among ``words`` (search terms), an acronym's where its long
        form's are."""
        return {t for t in self.terms
                if t in words or t in self.spelled and self.spelled[t] <= words}

    @property
    def confidence(self) -> float:
        if not self.evidence or not self.terms:
            return 0.0
        return round(max(e.relevance for e in self.evidence.values()), 4)

    @property
    def remaining(self) -> int:
        return self.budget - self.tokens_used

    def relevance(self, text: str) -> float:
        return len(self.held(set(tokens(text)))) / max(len(self.terms), 1)

    def add(self, pieces: list[Piece], found_by: str) -> int:
        """Add ``pieces`` found by ``found_by`` while the budget lasts; not a piece whose text
        one of its document's pieces already says (:data:`COLUMN_HEADS` apart). ``visited``
        is left to the caller: it is what the caller has read, added or not (the navigator
        marks each node it fetches before adding, so that a piece left out here as a repeat
        or for want of room is not fetched again); a caller reading alone marks it too."""
        added = 0
        for p in pieces:
            if p.node_id in self.evidence or p.tokens > self.remaining:
                continue
            # Adobe's 10-K read "(dollars in millions) 2022 2021 2020" four times for "What was
            # Adobe's total revenue in fiscal 2022?", and one lead-in twice (pages 42 and 65):
            # a repeat tells nothing the first did not. But heads read as a table's are kept:
            # they say which column of that table's figures is which year
            said = (p.doc_path, " ".join(p.text.split()))
            if said in self._said and found_by != COLUMN_HEADS:
                continue
            self._said.add(said)
            rel = self.relevance(p.text + " " + p.breadcrumb)
            if rel < self.min_relevance and self.evidence:
                continue
            self.evidence[p.node_id] = Evidence(p, rel, found_by)
            self.tokens_used += p.tokens
            self.last_node = p.node_id
            added += 1
        return added

    @property
    def sufficient(self) -> bool:
        """Whether the evidence is enough: :attr:`stop` says why. (A property, as
        ``confidence`` and ``remaining`` are: as a method, ``if state.sufficient:`` held
        always.)"""
        return self.stop is not None

    @property
    def stop(self) -> str | None:
        """Why collecting stops now: "budget" (fewer than :data:`LEAST_PIECE` tokens left, too
        few to cut a paragraph to), "confident" (one piece holds every term and ``min_fill``
        of the budget holds evidence); None while neither holds."""
        if self.remaining < LEAST_PIECE:
            return "budget"
        if (self.confidence >= self.confident and not self.common
                and self.tokens_used >= self.min_fill * self.budget):
            return "confident"
        return None


def names_nothing(rest: str) -> bool:
    """Whether ``rest``, what is left of a checked question, names nothing but what asks."""
    return EvidenceState(rest, 16, remainder=True).names_nothing


_WHEN = re.compile(r"\bwhen\b", re.I)
_DOC = r"(?:paper|document|rfc|report|article|filing|book|manual|proposal|study)"
# "When was RFC 2349 merged?", "When was the pin RFC written?", "When did it start?" (the
# names left out: "When was merged?", "When was the written?"): the document's own date
_WHEN_DATED = re.compile(rf"^\W*when\s+(?:was|were|is|did)\s+(?:(?:the|this|that|it|its)\s+)?"
                         rf"(?:{_DOC}s?\s+)?(?:first\s+)?(?P<verb>{DATING}|{DATED_NOW})"
                         r"\s*[?.!]*$", re.I)
_MAKING = frozenset("written write created create dated date".split())  # said by "created"
# "How long is the Adobe 10-K?", asking nothing else: its length, a PDF's "pages" field
_HOW_LONG = re.compile(r"\bhow\s+long\s+(?:is|are|was|were)\b", re.I)
# "How many sections does RFC 2388 have?", "How many paragraphs are in RFC 0002?" (the names
# left out, and "sections", which asks for an outline: "How many does have?"): its length,
# counted, as "How long is it?" of a document without pages gives it (they read passages, and
# said "in none of the documents: paragraphs", or the outline alone)
_PART_COUNTED = re.compile(r"\bhow\s+many\s+(sections|headings|paragraphs|words)\b", re.I)
_HOW_MANY_PARTS = re.compile(
    r"^\W*how\s+many\s+(?:(?:sections|headings|paragraphs|words)\s+)?(?:(?:does|do|did)\s+"
    r"(?:(?:it|the|this|that)\s+)?(?:have|has|contain|hold)|(?:are|is)\s+(?:there\s+)?"
    r"(?:in|of)(?:\s+(?:it|the|this|that))?|(?:are|is)\s+there)\s*[?.!]*$", re.I)
# "Who wrote ...?", "Who is the author of ...?", "By whom was ... written?": its author field
_WHO_WROTE = re.compile(r"\bwho\b[^?]*?\b(?:wrote|writes?|written|authored|authors?)\b|"
                        r"\bby whom\b|\bauthors?\s+of\b", re.I)  # "Who are the authors of"
AUTHOR_KEYS = ("author", "authors")
_KIND_TERMS = frozenset(tokens("rfc paper report document filing article"))
# "What is the title of 1809.01202.pdf / the pioNER paper / RFC 1961?", "What is the paper's
# title?", "What is it titled?": a document's title (not "the title of the dataset"); "the
# title of 1907.05664" (its file's name without the extension) too: it said "in none of the
# documents asked of: title" of 1907.05664.md
_TITLE_ASKED = re.compile(
    rf"\btitle\s+of\s+(?:(?:the|this|that)\s+)?(?:rfc\s*\d+|"
    rf"(?:[\w'’.+-]+\s+){{0,6}}?{_DOC}\b)|\b(?:{_DOC}['’]s|its)\s+title\b|\btitled\W*$|"
    + TITLE_OF_FILE.pattern, re.I)
_AUTHORING = frozenset({"wrote", "write", "writes", "written", "authored", "whom", "author",
                        "authors"})
# words saying what a field's value is, beside its key ("the PR number": of "RFC PR"), each
# with what the value must hold for the word to fit it (None: anything)
_VALUE_KINDS = {tokens(word)[0]: held for word, held in (
    ("number", re.compile(r"\d")), ("id", None), ("identifier", None), ("value", None))}
# what a lead-in ("... as follows:") may lead in to, and at most how many such blocks
_LED_TO_KINDS = frozenset({"list_item", "table", "code", "formula"})
LED_TO = 8


@dataclass
class Run:
    """One question's navigation: what it is asked of, the evidence state, and the trace of
    the operations, each with the tokens and confidence after it."""

    graph: DocNavGraph
    asked: str
    question: str  # the question searched for: the names of what it is asked of left out
    kind: str  # the route
    state: EvidenceState
    scope: str | list[str] | None  # a glob, globs, or None for every document
    # the question's document is one of several: chosen by words of its title, or asked of
    # each in turn (docnav/query/in_turn.py); a part most documents have is a named part
    one_of_several: bool = False
    trace: list[dict] = field(default_factory=list)
    steps: int = 0  # passages and neighbours read (NavigatorOptions.max_steps)
    unfound: list[str] = field(default_factory=list)  # labels of parts none carries
    mentioned: list[str] = field(default_factory=list)  # labels no caption has, but mentioned
    label_gaps: int = 0  # numbers of labels nothing carries ("9" of "Table 9"), unsearched
    empty: list[str] = field(default_factory=list)  # sections asked for, no text under them
    untitled: list[str] = field(default_factory=list)  # names of documents no title holds
    # the document read first (of several asked of), the question's words naming it and the
    # next best documents (docnav.query.passages.Passages.best_document)
    lead: dict | None = None
    # what passages are searched with: the question, with the long forms of its acronyms
    # ("Who is the CEO of Adobe?": "Chief Executive Officer", which its 10-K says)
    searched: str | None = None
    # the search terms of what the question leaves out ("besides pinning"): the passages
    # holding them are read after those that rank as well without them
    unwanted: frozenset[str] = frozenset()
    _paths: set[str] | None = field(default=None, repr=False)  # of the scope, made on asking
    # the paragraphs spelling each acronym out, once looked up (docnav.query.acronyms)
    defined: dict[str, list] = field(default_factory=dict, repr=False)
    # the pieces of the part the question names ("the Drawbacks section"): the answer's first
    asked_part: set[str] = field(default_factory=set)
    max_steps: int | None = None  # the passages it reads at most (NavigatorOptions.max_steps)
    stopped_by: str | None = None  # why collecting stopped, once said (record_stop)

    @property
    def search_text(self) -> str:
        return self.searched or self.question

    @property
    def filters(self) -> dict | None:
        return {"path": self.scope} if self.scope else None

    def within(self, ids: list[str]) -> list[str]:
        """The nodes of ``ids`` in the documents asked of: a reference to another document
        ("This supersedes RFC 1961") leads out of them, and is followed only when the
        question is asked of every document."""
        if self.scope is None:
            return ids
        if self._paths is None:
            self._paths = set(self.graph.document_paths(self.scope))
        return [i for i in ids if self.graph.node(i).path in self._paths]

    def op(self, name: str, **args) -> None:
        self.trace.append({"op": name, **args, "tokens": self.state.tokens_used,
                           "confidence": self.state.confidence})

    def take(self, ids: list[str], found_by: str) -> None:
        """Fetch the nodes not read yet, within the budget left; a summary's source that
        leads in to a list, table or code ("... as follows:") with what it leads in to."""
        if found_by == "summary":
            ids = [n for i in ids for n in (i, *self._led_to(i))]
        fresh = [i for i in ids if i not in self.state.visited]
        self.state.visited.update(fresh)
        if fresh:
            added = self.state.add(fetch_within(self.graph, fresh, self.state.remaining),
                                   found_by)
            self.op("fetch", nodes=fresh[:8], added=added)

    def _led_to(self, node_id: str) -> list[str]:
        """The list items, table or code after a paragraph ending in a colon (RFC 458's
        summary sentence "I propose altering the Send trait ... as follows:" was read without
        the list that is the proposal), up to :data:`LED_TO` blocks."""
        out: list[str] = []
        node = self.graph.node(node_id)
        if node.kind != "paragraph" or not node.text.rstrip().endswith(":"):
            return out
        while len(out) < LED_TO:
            after = self.graph.navigate(out[-1] if out else node_id, "next")
            if not after or self.graph.node(after[0]).block_kind not in _LED_TO_KINDS:
                break
            out.append(after[0])
        return out

    def take_each(self, sources: list[str]) -> None:
        """Summary sources one at a time, in this order, while budget is left."""
        for nid in sources:
            if self.state.remaining <= 0:
                break
            self.take([nid], "summary")

    def answer(self) -> Answer:
        """The evidence, each document's pieces in reading order, the documents in the order
        their first piece was taken (the order of the passages' ranking: the best document
        first), the part the question names before them all ("What does the Drawbacks
        section of the pin RFC say?" gave its Drawbacks fourth, after the passages of its
        explanation), with what it misses."""
        state = self.state
        first: dict[str, int] = {}
        for e in state.evidence.values():
            first.setdefault(e.piece.doc_path, len(first))
        evidence = sorted(state.evidence.values(),
                          key=lambda e: (e.piece.node_id not in self.asked_part,
                                         first[e.piece.doc_path],
                                         self.graph.node(e.piece.node_id).position))
        text = "\n\n".join(f"[{e.piece.node_id[:12]}] {e.piece.breadcrumb}"
                            f"{f' (p. {e.piece.page})' if e.piece.page else ''}: {e.piece.text}"
                            for e in evidence)
        # a question of only asking words ("What is the clamp RFC about?") misses none of them
        missing = [] if state.names_nothing else state.gaps
        if any(k in AUTHOR_KEYS for f in self.fields_asked.values() for k in f) or (
                self.fields_lacking and any(e.found_by == "opening" for e in evidence)):
            # "Who wrote ...?" answered by the author field, or by the byline read in its
            # place: "wrote", "authors" asked for it
            missing = [w for w in missing if w.lower() not in _AUTHORING]
        if any("title" in f for f in self.fields_asked.values()):  # "What is the title of"
            missing = [w for w in missing if w.lower() not in ("title", "titled")]
        # a field's key the question names ("How many pages does it have?": pages = 6) is in
        # the answer, as the field
        keys = {t for f in self.fields_asked.values() for k in f for t in tokens(k)}
        if self._part_counted and "length" in keys:  # its count is the length's ("99
            keys |= set(tokens(self._part_counted))  # paragraphs")
        keys |= self._value_kinds
        missing = [w for w in missing if not (keys and set(tokens(w)) <= keys)]
        gaps = set(missing)
        # a missing word's heading is looked for in the documents read (any asked of if none)
        read = {"path": [glob.escape(p) for p in first]} if first else None
        labels = {t for label in self.unfound + self.mentioned for t in tokens(label)}
        absent = list(dict.fromkeys(
            w for t, w in state.words.items() if w in gaps and t not in labels
            and not self.graph.holding_all([t], filters=self.filters)
            and not (t in state.spelled
                     and self.graph.holding_all(list(state.spelled[t]), filters=self.filters))
        )) + self.unfound
        confidence = None if state.names_nothing else state.confidence
        if confidence and self.label_gaps:  # "Table 9" no document has: "9" is still a gap
            confidence = round(confidence * (n := len(state.terms)) / (n + self.label_gaps), 4)
        if confidence is not None and self.fields_asked:  # a field asked is a piece of its
            # document, its author "wrote" it ("Who wrote the zero-shot ...?" was 0.00)
            confidence = round(max([confidence, *(state.relevance(" ".join(
                [key, value, self.graph.node(self.graph.document_root(path)).heading or "",
                 *(_AUTHORING if key in AUTHOR_KEYS else ()), *self._value_kinds]))
                for path, asked in self.fields_asked.items() for key, value in asked.items())]), 4)
        if confidence and self._titles_none_has:
            confidence = 0.0  # "the title of nosuchdoc.md": what was read is no title of it
        # a section headed by missing words with nothing under it is no place to look: the
        # answer says it is empty
        headed, empty = {}, list(self.empty)
        for run, sections in sections_headed(self.graph, missing, read or self.filters).items():
            with_text = [s for s in sections if holds_text(self.graph, s)]
            empty += [s for s in sections if s not in with_text]
            if with_text:
                headed[run] = with_text
        stopped = self.record_stop()
        return Answer(self.asked, self.kind, evidence, self.trace, confidence,
                      state.tokens_used, text, stopped=stopped, missing=missing, absent=absent,
                      headed=headed, empty=list(dict.fromkeys(empty)), mentioned=self.mentioned,
                      fields=self.fields_asked, fields_lacking=self.fields_lacking,
                      dated=self.date_asked, searched=said_once(state.words.values(), self.asked),
                      untitled=self.untitled)

    def record_stop(self) -> str:
        """Why collecting stopped (:data:`docnav.query.answer.STOPS`), said as the trace's
        last step (once: asked again, the step taken is said): the budget spent, the
        confidence rule met, the steps all taken, else nothing left to read."""
        if self.stopped_by is not None:
            return self.stopped_by
        state = self.state
        by = state.stop or ("steps" if self.max_steps and self.steps >= self.max_steps
                            else "nothing left")
        used = f"{state.tokens_used} of {state.budget} tokens"
        if by == "budget":
            why = f"the budget is spent ({used}" + (
                f"; fewer than {LEAST_PIECE} left, too few to cut a paragraph to)"
                if state.remaining else ")")
        elif by == "confident":  # a question naming nothing to look for ("What is the pin
            # RFC about?") searched its asking words ("about"): a piece holding them is no
            # reason to say
            why = (f"{used} are used ({state.min_fill:.0%} at least), the question naming "
                   "nothing to look for" if state.names_nothing else
                   f"one piece holds every word searched for, and {used} are used "
                   f"({state.min_fill:.0%} at least)")
        else:
            why = self._steps_said() if by == "steps" else f"nothing left to read ({used} used)"
        self.op("stop", by=by, why=why)
        if state.names_nothing:  # as the answer's: no piece holds more or less of nothing
            self.trace[-1]["confidence"] = None
        self.stopped_by = by
        return by

    def _steps_said(self) -> str:
        """The step limit reached, in words: a passage read at the last step may bring the
        paragraph it leads in to ("... as follows:"), a step past the limit."""
        if self.steps > self.max_steps:
            return (f"the step limit is reached ({counted(self.max_steps, 'passage')} read, "
                    f"max_steps {self.max_steps}, and the paragraph the last leads in to)")
        return (f"the step limit is reached ({counted(self.steps, 'passage')} read, max_steps "
                f"{self.max_steps})")

    @functools.cached_property
    def _titles_none_has(self) -> bool:
        """Whether the question asks the title of a file's name no document has."""
        return any(m[1] in self.untitled for m in TITLE_OF_FILE.finditer(self.asked))

    @functools.cached_property
    def _field_paths(self) -> list[str]:
        """The documents whose fields a question may ask for: those asked of (at most three),
        else the one read first of several, unless the question named another by a title
        none has (its fields would answer for a document not asked about), and none where
        it asks the title of a file's name none has ("the title of nosuchdoc.md" of --doc
        '*1805*' gave 1805.02400.md's title)."""
        if self._titles_none_has:
            return []
        paths = self.graph.document_paths(self.scope) if self.scope else []
        if len(paths) > 3 or not paths:
            paths = [self.lead["document"]] if self.lead and not self.untitled else []
        return paths

    @functools.cached_property
    def _value_kinds(self) -> set[str]:
        """The question's words (search terms) saying what kind of value a field it asks for
        has, beside that field's key: "What is the PR number of the Send RFC?" asks the
        number of "RFC PR" (rust-lang/rfcs#458), and said "number" was in none of the
        documents asked of."""
        asked = tokens(self.asked)
        out: set[str] = set()
        for fields in self.fields_asked.values():
            for key, value in fields.items():
                terms = set(tokens(key))
                out |= {t for i, t in enumerate(asked) if t in _VALUE_KINDS
                        and (_VALUE_KINDS[t] is None or _VALUE_KINDS[t].search(str(value)))
                        and terms & set(asked[max(i - 1, 0):i + 2])}
        return out

    @functools.cached_property
    def fields_lacking(self) -> dict[str, list[str]]:
        """The documents asked who wrote them whose fields name no author, each with the keys
        it has ("Who wrote the lint reasons RFC?": an RFC's field list has no author, and the
        answer said only that no document holds "wrote")."""
        if not _WHO_WROTE.search(self.asked):
            return {}
        keys = {path: list(self.graph.fields(path)) for path in self._field_paths}
        return {path: have for path, have in keys.items()
                if not any(k in AUTHOR_KEYS for k in have)}

    @functools.cached_property
    def _part_counted(self) -> str | None:
        """The parts the question asks how many a document has ("How many paragraphs are in
        RFC 0002?": "paragraphs"), asking nothing else; None otherwise."""
        part = _PART_COUNTED.search(self.asked)
        return part[1].lower() if part and _HOW_MANY_PARTS.match(self.question) else None

    @functools.cached_property
    def date_asked(self) -> dict[str, dict[str, str | None]]:
        """The documents asked of (at most three) asked when they were made by a verb no
        field of theirs names ("When was RFC 2349 merged?": an RFC has a "Start Date";
        "When was the pin RFC written?"), each with its own date as questions by date read
        it and where that comes from. The answer had been paragraphs holding neither word
        nor date, with confidence 1.00. Not of a document's part ("When was the executor
        created?"), nor where a field answers ("When did it start?": its start date)."""
        asked = _WHEN_DATED.match(self.question)
        paths = self.graph.document_paths(self.scope) if asked and self.scope else []
        if len(paths) > 3:
            return {}
        out = {}
        for path in paths:
            if any(k in DATE_KEYS for k in self.fields_asked.get(path, {})):
                continue
            out[path] = {"verb": asked["verb"].lower(),
                         **own_date_said(path, self.graph.fields(path))}
        return out

    @functools.cached_property
    def fields_asked(self) -> dict[str, dict[str, str]]:
        """The fields of the documents asked of (at most three, or the one read first of
        several) whose keys the question names: every word of the key ("the tracking issue
        of ..."), or a date's other words asked "when" ("When did ... start?": start date), or
        the author asked who wrote it ("Who wrote the zero-shot translation paper?")."""
        # the words that chose the document ("multi_page.pdf") and a page asked for ("page
        # 36") ask for no field ("pages")
        asked = set(tokens(self.question))
        # but the kind of document they name is a word of a key too ("What is the PR number
        # of the Send RFC?": "RFC PR", its "rfc" taken out with the name)
        asked |= set(tokens(self.asked)) & _KIND_TERMS
        when = bool(_WHEN.search(self.asked))
        # a date's key that is a verb ("created", "modified") is asked for only with a date
        # asked: "What are the steps to create a column mask?" printed the PDF's created date
        dating = when or "date" in asked
        who_wrote = bool(_WHO_WROTE.search(self.asked))
        how_long = bool(_HOW_LONG.search(self.asked)) and self.state.names_nothing
        parts = self._part_counted is not None  # counted, of any document
        # "When was multi_page.pdf written?": its created date, as "When was it created?"
        made = (m := _WHEN_DATED.match(self.question)) and m["verb"].lower() in _MAKING
        out: dict[str, dict[str, str]] = {}
        for path in self._field_paths:
            for key, value in self.graph.fields(path).items():
                terms = set(tokens(key))
                dated = when and (key == "date" or key.endswith(" date")
                                  and terms - {"date"} <= asked)
                named = terms <= asked and (dating or key not in DATE_KEYS) or (
                    # "the creation date", "the modification date": the date's own key
                    dating and key in DATE_KEYS and any(
                        len(t) >= 5 and a[:5] == t[:5] for t in terms for a in asked))
                made_key = made and key in ("created", "dcterms.created")
                if terms and (named or dated or made_key or (who_wrote and key in AUTHOR_KEYS)
                              or (how_long and key == "pages")):
                    out.setdefault(path, {})[key] = value
            # "What is the title of 1809.01202.pdf?": its title, the heading it is known by,
            # where no field of its own gives one
            if _TITLE_ASKED.search(self.asked) and "title" not in out.get(path, {}):
                title = self.graph.node(self.graph.document_root(path)).heading
                if title:
                    out.setdefault(path, {})["title"] = title
            # "How long is the pump guide?" of a document without pages (Markdown, HTML,
            # DOCX): its length in words, paragraphs and headings (before: its summary alone)
            if parts or how_long and "pages" not in self.graph.fields(path):
                out.setdefault(path, {})["length"] = length_said(self.graph, path)
        return out


def fetch_within(graph: DocNavGraph, ids: list[str], budget: int) -> list[Piece]:
    """``ids`` fetched within ``budget`` tokens (the budget left, or a share of it); none where
    nothing is left: :meth:`DocNavGraph.fetch` refuses a budget of 0."""
    return graph.fetch(ids, budget=budget) if budget > 0 else []
