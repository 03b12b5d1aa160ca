"""What an acronym stands for: "What does OLID stand for?", "What does DST mean in the dialogue
state tracking paper?", "What is RKS?". The paragraph defining it ("OLID (Offensive Language
Identification Dataset) is a collection of English tweets ...", "... dialogue state tracking
(DST) ...") is read first, and the long form said. Searched as words, "stand" and "mean" were
missing from every answer, and a table row holding "DST" was read before the definition."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from docnav.query._checks import MAX_QUERY_CHARS
from docnav.query.evidence import Run
from docnav.query.graph import DocNavGraph
from docnav.query.lexical import tokens

_ACRONYM = r"(?P<acr>[A-Z][A-Za-z0-9&-]{1,11})"
# "What does OLID stand for?", "What does the acronym DST mean?", "What is RKS?", "What is
# the meaning of NER?"; an acronym has two capitals at least ("BERT", "GloVe"; not "Adobe")
ASKED = re.compile(
    rf"^\W*(?i:what\s+(?:does|do|did)\s+(?:the\s+)?(?:acronym\s+|abbreviation\s+|term\s+)?)"
    rf"[\"“']?{_ACRONYM}[\"”']?\s+(?i:(?P<asking>stand\s+for|mean|refer\s+to))\b|"
    rf"^\W*(?i:what\s+(?:is|are)\s+(?:the\s+)?(?:(?P<asking2>meaning|full\s+form|expansion)"
    rf"\s+of\s+)?(?:an?\s+)?)[\"“']?(?P<acr2>[A-Z][A-Za-z0-9&-]{{1,11}})[\"”']?\s*\??\s*$")
_SKIPPED = frozenset("of the and for to in on a an with by at from".split())
MOST_DEFINITIONS = 2  # paragraphs defining it, read first at most
# an acronym the question uses ("Who is the CEO of Adobe?"), as a word with two capitals
_USED = re.compile(r"(?<![\w-])[A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*(?![\w-])")
# acronyms filings use without spelling them out: a company's officers ("Shantanu Narayen 59
# Chairman and Chief Executive Officer": Adobe's 10-K never says "CEO" of him) and a few
# terms of their statements
COMMON = {"CEO": "Chief Executive Officer", "CFO": "Chief Financial Officer",
          "COO": "Chief Operating Officer", "CTO": "Chief Technology Officer",
          "CIO": "Chief Information Officer", "CAO": "Chief Accounting Officer",
          "EPS": "earnings per share", "IPO": "initial public offering"}


@dataclass(frozen=True)
class Definition:
    node_id: str
    acronym: str
    long_form: str  # "Offensive Language Identification Dataset"


def asked_acronym(question: str) -> tuple[str, str] | None:
    """``(acronym, its asking words)`` of a question asking what an acronym stands for
    ("What does OLID stand for?": ``("OLID", "stand for")``; "What is RKS?": ``("RKS",
    "")``), None for any other question."""
    m = ASKED.match(question)
    if not m:
        return None
    acronym = m.group("acr") or m.group("acr2")
    if sum(c.isupper() for c in acronym) < 2:
        return None
    return acronym, m.group("asking") or m.group("asking2") or ""


def definitions(graph: DocNavGraph, acronym: str, filters: dict | None) -> list[Definition]:
    """The paragraphs in ``filters`` that spell ``acronym`` out, in reading order:
    "Offensive Language Identification Dataset (OLID)" or "OLID (Offensive Language
    Identification Dataset)", the initials of the long form's words (short words such as
    "of" may be left out) being the acronym's capitals, else its letters in order
    (:func:`_letters_in`). The first of each document at most, the documents using it most
    first."""
    letters = [c.lower() for c in acronym if c.isupper() or c.isdigit()]
    # (a long form may be quoted: 'a "mid-level IR" (MIR)')
    before = re.compile(rf"((?:[\"“]?[A-Za-z][\w'’-]*[\"”]?[\s-]+){{1,10}})"
                        rf"\(\s*{re.escape(acronym)}s?\s*[),;]")
    after = re.compile(rf"\b{re.escape(acronym)}s?\s*\(\s*([^()]{{3,120}}?)\s*[),;]")
    found: dict[str, Definition] = {}
    # (the paragraphs holding it, in reading order: an acronym is spelled out where first
    # used; word search alone, no embedding of the acronym asked: every question naming one
    # looks)
    terms = tokens(acronym)
    if not terms:  # a common word written in capitals ("WHO IS THE CEO?"): held by all
        return []
    holding = graph.holders(terms, kinds=["paragraph"], filters=filters)
    uses = Counter(graph.node(nid).path for nid in holding)
    for nid in holding:
        node = graph.node(nid)
        if node.path in found:
            continue
        text = node.text
        for m in before.finditer(text):
            words = [w.strip("\"“”") for w in m.group(1).split()]
            if long_form := (_spelled(words, letters, suffix=True)
                             or _letters_in(words, acronym)):
                found[node.path] = Definition(nid, acronym, long_form)
                break
        else:
            for m in after.finditer(text):
                if long_form := _spelled(m.group(1).split(), letters, suffix=False):
                    found[node.path] = Definition(nid, acronym, long_form)
                    break
    return sorted(found.values(), key=lambda d: -uses[graph.node(d.node_id).path])


def _spelled(words: list[str], letters: list[str], suffix: bool) -> str | None:
    """The run of ``words`` whose initials are ``letters`` (short words may be skipped): its
    last words where ``suffix`` (the long form before the acronym), else its first."""
    starts = range(len(words)) if suffix else range(1)
    for i in starts:
        for j in (range(i + 1, len(words) + 1) if not suffix else (len(words),)):
            run = words[i:j]
            if run[0].lower() in _SKIPPED:
                continue
            for keep in (run, [w for w in run if w.lower() not in _SKIPPED]):
                initials = [c for w in keep for c in _initials(w)]
                if initials == letters:
                    return " ".join(run).strip(" ,;:")
    return None


def _letters_in(words: list[str], acronym: str) -> str | None:
    """The long form before an acronym whose letters are not its words' initials
    ("COnditional MEmory Relation Network (COMER)"): the fewest last ``words`` holding the
    acronym's letters in order, its first letter opening the first word (Schwartz and Hearst,
    "A simple algorithm for identifying abbreviation definitions in biomedical text", 2003),
    within ``min(len + 5, 2 * len)`` words; None where no such run is."""
    short = [c.lower() for c in acronym if c.isalnum()]
    most = min(len(short) + 5, 2 * len(short))
    for start in range(len(words) - 1, max(len(words) - most, 0) - 1, -1):
        run = words[start:]
        if run[0][:1].lower() != short[0] or run[0].lower() in _SKIPPED:
            continue
        text = " ".join(run).lower()
        at = len(text)
        for c in reversed(short[1:]):  # right to left, each letter before the last found
            at = text.rfind(c, 1, at)
            if at < 1:
                break
        else:
            return " ".join(run).strip(" ,;:")
    return None


def _initials(word: str) -> list[str]:
    """A word's initial, and those of its hyphenated parts ("Named-Entity": n, e)."""
    return [part[0].lower() for part in re.split(r"[-–]", word) if part[:1].isalnum()]


def run_definitions(graph: DocNavGraph, run: Run, acronym: str) -> list[Definition]:
    """:func:`definitions` of ``acronym`` in what ``run`` is asked of, looked up once a
    question (the document read first and the definitions read both want them)."""
    if acronym not in run.defined:
        run.defined[acronym] = definitions(graph, acronym, run.filters)
    return run.defined[acronym]


def spelled_out(graph: DocNavGraph, question: str, filters: dict | None) -> dict[str, str]:
    """The long form of each acronym the question uses, as the documents asked of spell it
    out (:func:`definitions`: that of the one using it most), else as filings use it
    (:data:`COMMON`): {"CEO": "Chief Executive Officer"}. None for an acronym the question
    asks the meaning of, whose definitions are read (:func:`read_definitions`)."""
    asked = asked_acronym(question)
    out: dict[str, str] = {}
    for acronym in dict.fromkeys(_USED.findall(question)):
        if asked and acronym == asked[0]:
            continue
        defined = definitions(graph, acronym, filters)[:1]
        long_form = defined[0].long_form if defined else COMMON.get(acronym)
        if long_form:
            out[acronym] = long_form
    return out


def spell_out(graph: DocNavGraph, run: Run) -> None:
    """"Who is the CEO of Adobe?": its 10-K says "Chief Executive Officer". The long forms of
    the question's acronyms (:func:`spelled_out`) are searched with it (as many as the search
    takes: a question near its longest takes none), and a piece holding one holds its
    acronym (``EvidenceState.spelled``)."""
    question = run.question
    spelled = spelled_out(graph, question, run.filters) if tokens(question) else {}
    if not spelled:
        return
    run.state.spelled = {t: frozenset(tokens(long_form))
                         for acronym, long_form in spelled.items() for t in tokens(acronym)}
    searched = question
    for long_form in spelled.values():
        if len(searched) + 1 + len(long_form) <= MAX_QUERY_CHARS:
            searched = f"{searched} {long_form}"
    run.searched = searched
    run.op("spell out", acronyms=spelled)


def read_definitions(graph: DocNavGraph, run: Run) -> None:
    """For a question asking what an acronym stands for, the paragraphs spelling it out
    (:func:`definitions`, :data:`MOST_DEFINITIONS` at most), read first; the words asking
    ("stand", "mean") are no terms any piece need hold, whether or not one spells it out."""
    acronym = asked_acronym(run.question)
    if not acronym:
        return
    state = run.state
    asking = set(tokens(acronym[1]))
    state.terms = [t for t in state.terms if t not in asking] or state.terms
    defined = run_definitions(graph, run, acronym[0])[:MOST_DEFINITIONS]
    if defined:
        run.op("locate", over="paragraphs spelling the acronym out", acronym=acronym[0],
               hits=[d.node_id for d in defined], long_forms=[d.long_form for d in defined])
        run.take([d.node_id for d in defined], "definition")
