"""A question asked in parts, one after another: of each company it names ("Compare the revenue
of Adobe and Best Buy"), of each document a comparison names by its title ("... the pioNER
paper"), of each document its subject names ("What do the pin RFC and the futures RFC say
about Unpin?"), of each document it asks for (:mod:`docnav.query.which`: "Which RFCs changed
the borrow checker?"); and sources read a document (or a subsection) in turn. Searched as one
question over several documents, one document's passages took the whole budget."""

from __future__ import annotations

import glob
import re
from typing import TYPE_CHECKING

from docnav.parse import SUPPORTED_SUFFIXES
from docnav.query.answer import said_once
from docnav.query.evidence import Answer, EvidenceState
from docnav.query import kind_words
from docnav.query.lexical import tokens
from docnav.query.names import (JOINED, compared_titles, document_titles, in_question_order,
                                titled_documents, without_names)
from docnav.query.referring import each_numbered

if TYPE_CHECKING:
    from docnav.query.graph import DocNavGraph
    from docnav.query.navigator import Navigator

MOST_COMPARED = 5  # documents (or companies) a question is asked of in turn at most
# the word for a document, as a search term: "the pioNER paper and the ... paper" join two
_DOCUMENT_WORDS = frozenset(t for w in ("paper", "rfc", "document", "article", "report", "study",
                                        "filing", "proposal") for t in tokens(w))
# the extensions of the files parsed: "2349-pin.md and 2094-nll.md" name two documents joined
_EXTENSION_WORDS = frozenset(t for s in SUPPORTED_SUFFIXES for t in tokens(s.lstrip(".")))
# "Compare X and Y", "the difference between", "X versus Y"
COMPARE = re.compile(r"\b(?:compar(?:e[sd]?|ing|ison)|differences? between|versus|vs\.?)\b", re.I)
# "Summarise RFC 2349 and RFC 2394", "an overview of RFCs 1210 and 2094": each document named
# one after another (:func:`joined`) summed up in turn; asked as one question, the first
# named chose the document and the other was a word missing from its evidence
_SUMMED = re.compile(r"\b(?:summari[sz](?:e|ing)|summary\s+of|overview\s+of|sum\s+up)\b", re.I)


def compare(nav: Navigator, question: str, budget: int,
            named: list[tuple[list[str], list[str]]], asked: str | None = None) -> Answer:
    """A question naming several registrants ("Compare the revenue of Adobe and Best Buy")
    is asked of each one's filings in turn, in the order it names them, with the other
    names left out: searched over all of them, one company's pages took the whole budget.
    A question about each company ("What was each company's revenue?", ``asked``) is asked
    as of one (``question``: "What was the company's revenue?") of every company's."""
    every = [n for _, names in named for n in names]
    step = {"op": "compare", "companies": [names[0] for _, names in named],
            "documents": [paths for paths, _ in named]}
    return in_turn(nav, asked or question, budget, {**step, "each": asked is not None}, [
        (names[0], uncompared(without_names(question, [n for n in every if n not in names])),
         paths) for paths, names in named])


# "each paper", "every RFC", "both documents": each document asked of, in turn
EACH_DOCUMENT = re.compile(r"\b(?:each|every|both(?:\s+(?:the|of\s+the))?)\s+"
                           rf"{kind_words.said(kind_words.ASKED_OF)}\b", re.I)


def each_document(nav: Navigator, asked: str, budget: int, m: re.Match,
                  paths: list[str], doc: str | list[str] | None = None) -> Answer:
    """A question about each of the documents asked of ("What dataset does each paper
    use?") is asked of each in turn, as of one ("What dataset does it use?"; "each paper's
    dataset": "its dataset"): searched over all of them, the best paper's passages took the
    budget and "paper" was missing. Of more than :data:`MOST_COMPARED`, as many are read as
    the budget gives ``document_tokens`` each (five at least), those whose passages rank best
    first; the step names the others and the budget that reads every one (``every_with``).
    Asked as one question, seven papers' "main contribution of each paper" read one paper."""
    after = asked[m.end():]
    owned = re.match(r"['’]s\b", after)  # "each paper's dataset": its dataset
    question = " ".join((asked[:m.start()] + ("its" if owned else "it")
                         + after[owned.end() if owned else 0:]).split())
    most = max(MOST_COMPARED, budget // nav.options.document_tokens)
    read, every_with = paths, None
    if len(paths) > most:
        best: list[str] = []
        for nid in nav.passage_order(question, {"path": doc} if doc else None):
            if (path := nav.graph.node(nid).path) not in best:
                best.append(path)
                if len(best) == most:
                    break
        best += [p for p in paths if p not in best][: most - len(best)]
        read = [p for p in paths if p in best]  # in the order they are listed
        every_with = len(paths) * nav.options.document_tokens
    return in_turn(nav, asked, budget, {
        "op": "each document", "documents": read, "question": question,
        "asked_of": len(paths), "not_read": [p for p in paths if p not in read],
        "every_with": every_with}, [(p, question, glob.escape(p)) for p in read])


def uncompared(question: str) -> str:
    """The question without its cue of comparison ("Compare", "the differences between",
    "versus"), which asks how the parts read together, not for a word inside each; the
    question as it was when nothing would be left."""
    out = " ".join(COMPARE.sub(" ", question).split())
    return out if re.search(r"\w\w", out) else question


def named_by_title(graph: DocNavGraph, question: str) -> dict[str, list[str]]:
    """The documents the question's words name, by path, each with those words as the
    question writes them ("pioNER"): words of a document's title that no other document
    holds ("clamp" of "1961-clamp" among RFCs)."""
    words = EvidenceState(question, 16, remainder=True).words  # term -> the question's word
    titles = document_titles(graph)
    own: dict[str, list[str]] = {}
    for term, docs in graph.term_documents(list(words)).items():
        if len(docs) == 1 and term in titles.get(next(iter(docs)), ()):
            own.setdefault(next(iter(docs)), []).append(as_written(question, words[term]))
    # a word searched by its parts too ("assert_ne": assert_n, assert, ne) is said once
    return {path: list(dict.fromkeys(said)) for path, said in own.items()}


def titled_by(graph: DocNavGraph, question: str, paths: list[str],
              asked_of: set[str]) -> tuple[str | None, list[str]]:
    """Of ``paths`` (the documents of the question's best paragraphs), the one whose title
    holds more of the question's rarer words (held by at most half of the documents
    ``asked_of``) than any other's, two at least, or the one of a question of one word
    ("Which RFC introduced inclusive ranges ...?": 1192-inclusive-ranges, whose paragraphs
    ranked below those of the array repeat syntax RFC, which discusses range syntax at
    length), with those words as the question writes them; ``(None, [])`` when no one title
    holds enough or leads. Counting every word, "What kind of model do they use for
    detection?" chose the paper titled "... Using Pre-trained Language Model" among ten
    papers that all say "use" and "model"."""
    words = EvidenceState(question, 16, remainder=True).words  # term -> the question's word
    rare = {t for t, docs in graph.term_documents(list(words)).items()
            if len(docs & asked_of) <= len(asked_of) / 2}
    titles = document_titles(graph)
    # the question's words held, a word searched by its parts too ("crates.io": io) once
    held = {p: list(dict.fromkeys(words[t] for t in words if t in rare and t in titles.get(
        p, ()))) for p in paths}
    best = sorted(held.items(), key=lambda kv: -len(kv[1]))
    # a question of one word needs that one ("What is specialization?" read the impl trait
    # RFC's "Specialization transparency" before 1210-impl-specialization)
    least = min(2, len(words))
    if not best or len(best[0][1]) < least or (len(best) > 1
                                               and len(best[1][1]) == len(best[0][1])):
        return None, []
    path, said = best[0]
    return path, [as_written(question, word) for word in said]


def as_written(question: str, word: str) -> str:
    """``word`` as the question writes it (its case), else as given."""
    said = re.search(rf"\b{re.escape(word)}\b", question, re.I)
    return said.group(0) if said else word


def singled_out(graph: DocNavGraph, question: str,
                works: bool = False) -> list[tuple[str, list[str]]]:
    """For a comparison ("Compare the datasets of the offensive language paper and the pioNER
    paper"), or a question asking for the works cited (``works``) or a summary
    (:data:`_SUMMED`) of documents it names one after another (:func:`joined`), the documents
    its words name (:func:`named_by_title`), in the order the question names them, else
    those it names as titled
    (:func:`docnav.query.names.titled_documents`: "the pin RFC and the unsafe pinned RFC",
    whose words other documents hold too); none unless two documents or more are named so."""
    compared = bool(COMPARE.search(question))
    if not compared and not works and not _SUMMED.search(question):
        return []
    question = each_numbered(question)  # "Compare RFCs 2592, 2394 and 2349": 2394 named too
    own = named_by_title(graph, question)
    titled = dict(titled_documents(graph, question))
    # or by a whole title ("Compare the guide and the parts list")
    for path, name in compared_titles(graph, question):
        titled.setdefault(path, name)
    # "Compare the pin RFC and the unsafe pinned RFC": named as titled; so too where that
    # names more ("the pioNER paper, the question reformulation paper and the zero-shot
    # translation paper": the last's words are other papers' too, and it was left out)
    if len(own) < 2 or len(titled) > len(own) and set(own) <= set(titled):
        ordered = in_question_order(question, titled)
        singled = [(p, [name]) for p, name in ordered]
    else:
        at = {w: question.lower().find(w.lower()) for ws in own.values() for w in ws}
        singled = sorted(((p, sorted(ws, key=at.get)) for p, ws in own.items()),
                         key=lambda kv: at[kv[1][0]])
    if len(singled) < 2 or not (compared or joined(graph, question, singled)):
        return []
    return singled


def joined(graph: DocNavGraph, question: str, singled: list[tuple[str, list[str]]]) -> bool:
    """Whether the question names the documents of ``singled`` one after another, joined by
    "and" or commas, with nothing else between but articles, the word for a document and words
    of their titles: the subjects of one verb ("How many references do the pioNER paper and the
    zero-shot translation paper have?"), each asked of in turn. Not where the second is what
    the first's words are about ("Which works cited by the pioNER paper are about the
    zero-shot translation paper?"): asked of both, each paper's whole list was counted."""
    low, titles = question.lower(), document_titles(graph)
    for (path, said), (then, next_said) in zip(singled, singled[1:]):
        end = max(low.find(w.lower()) + len(w) for w in said)
        between = question[end:min(low.find(w.lower()) for w in next_said)]
        if not re.search(r",|&|\band\b", between):
            return False
        known = (titles.get(path, set()) | titles.get(then, set()) | _DOCUMENT_WORDS
                 | _EXTENSION_WORDS)
        if not all(set(tokens(w)) <= known for w in re.findall(r"\w+", between)):
            return False
    return True


def compare_documents(nav: Navigator, asked: str, budget: int,
                      singled: list[tuple[str, list[str]]]) -> Answer:
    """A comparison (or a summary) naming several documents by words of their titles is asked
    of each in turn, without the words that name the others: as one question, the first
    document's passages took the budget and the other's name ("pioNER") was missing from the
    evidence."""
    def without(words: list[str]) -> str:
        out = asked
        for w in words:
            out = re.sub(rf"\b{re.escape(w)}\b(?:['’]s\b)?", " ", out, flags=re.I)
        return " ".join(out.split())

    asked = each_numbered(asked)  # as :func:`singled_out` read it: "RFC 2394" of "RFCs 2592,
    # 2394 and 2349"; and the whole of another's name where the question names it as titled
    # ("the clamp RFC"): its "RFC" left alone was searched for
    titled = dict(titled_documents(nav.graph, asked))
    # a document named by its whole title alone ("the parts list") is not chosen by it when
    # asked of, as a titled one is: its own name goes too ("parts" asked for its outline)
    whole = {p: name for p, name in compared_titles(nav.graph, asked) if p not in titled}
    # of more than MOST_COMPARED named, the first are read, the rest said not read (their
    # names taken out of each question too: "0131" of six was "in none of the documents")
    named, singled = singled, singled[:MOST_COMPARED]
    questions = [uncompared(without([w for q, ws in named if q != p
                                     for w in ([titled[q]] if q in titled else []) + ws]
                                    + ([whole[p]] if p in whole else [])))
                 for p, _ in singled]
    return in_turn(nav, asked, budget, {
        "op": "compare documents", "documents": [p for p, _ in singled],
        "words": [ws for _, ws in singled], "questions": questions,
        **({"not_read": [p for p, _ in named[MOST_COMPARED:]]} if len(named) > MOST_COMPARED
           else {})}, [
        (p, question, glob.escape(p)) for (p, _), question in zip(singled, questions)])


# "What do the pin RFC and the futures RFC say about Unpin?": a question whose subject is
# several documents named, joined by "and", "or", commas; not what they refer to, build on,
# depend on (their references answer that: docnav.query.holding)
_SAID_BY = re.compile(r"^(?P<what>\W*(?:what|how|why)\s+)(?P<aux>do|did)\s+(?:both\s+)?"
                      r"(?P<rest>\S.*)$", re.I)
_JOINED = re.compile(JOINED, re.I)
_RELATING = re.compile(r"(?:build|depend|rely|refer|link|(?:are\s+)?related)\b", re.I)


def said_by_each(graph: DocNavGraph, asked: str) -> list[tuple[str, str, str]]:
    """(path, its name as the question says it, the question as asked of it alone) of each
    document named as the subject of a question about several ("What do the pin RFC and the
    futures RFC say about Unpin?": "What does the pin RFC say about Unpin?", ...), in the
    question's order; none unless two or more are. Asked as one question, the first named
    chose the document it was asked of, and the others' names were searched as words of it
    ("not in the evidence: 2592")."""
    m = _SAID_BY.match(asked)
    if m is None:
        return []
    rest, said = m.group("rest"), []
    for path, name in titled_documents(graph, asked):
        own = re.match(rf"(?:the\s+)?{re.escape(name)}(?!\w)", rest, re.I)
        if own is None:
            return []
        said.append((path, own.group(0)))
        rest = rest[own.end():]
        if (joined := _JOINED.match(rest)) is None:
            break
        rest = rest[joined.end():]
    else:
        return []
    rest = rest.strip()
    if len(said) < 2 or not re.search(r"\w", rest) or _RELATING.match(rest):
        return []
    does = "does" if m.group("aux").lower() == "do" else m.group("aux")
    return [(path, name, f"{m.group('what')}{does} {name} {rest}") for path, name in said]


def each_named(nav: Navigator, asked: str, budget: int, parts: list[tuple[str, str, str]],
               doc: str | list[str] | None) -> Answer | None:
    """A question about several documents its subject names (:func:`said_by_each`) asked of
    each in turn, as of it alone: each part chooses its document by its name, and reads
    where it refers to a document named after the verb ("What does RFC 2349 say about the
    async/await RFC?", :func:`docnav.query.referring.referring_pair`). Of the documents a glob
    chose (``doc``), each part is asked of its own (each searched the whole glob, and the
    evidence repeated the same paragraphs); one named outside them is not read, said
    untitled as by a question naming one document; None where every one named is outside
    them (asked as any question)."""
    inside = set(nav.graph.document_paths(doc)) if doc else None
    asked_of = [part for part in parts if inside is None or part[0] in inside]
    if not asked_of:
        return None
    outside = [re.sub(r"(?i)^the\s+", "", name) for path, name, _ in parts
               if inside is not None and path not in inside]
    answer = in_turn(nav, asked, budget, {
        "op": "each named", "documents": [p for p, _, _ in asked_of],
        "words": [[name] for _, name, _ in asked_of],
        "questions": [q for _, _, q in asked_of],
        **({"not_asked": outside} if outside else {})},
        [(path, question, doc) for path, _, question in asked_of])
    answer.untitled = list(dict.fromkeys([*outside, *answer.untitled]))
    return answer


def in_turn(nav: Navigator, asked: str, budget: int, step: dict,
            asks: list[tuple[str, str, str | list[str] | None]],
            first: dict[str, list[str]] | None = None,
            shares: list[int] | None = None) -> Answer:
    """Each ``(label, question, documents)`` of ``asks`` navigated in turn with an equal
    share of the budget, as one answer: their evidence in that order, their steps in the
    trace after ``step`` (each marked ``of``: its label; ``part_of`` where the step has an
    ``of`` of its own, a count, which the label overwrote). A word is missing (or absent)
    when every part's evidence lacks it; the confidence is the mean of the parts' (None
    where no part's question names anything to look for), each part being a share of the
    answer: the least part's said 0.00 of "What do RFC 2592 and RFC 1068 say about
    wakers?", whose RFC 2592 part held every word. The labels of the parts whose evidence
    holds none of their words, where others' does, are the step's ``found_nothing``.
    ``first``: nodes a part reads before it searches, by its label; ``shares``: each part's
    tokens, where they are not equal (the step then says none "tokens_each")."""
    share, extra = divmod(budget, len(asks))
    each = shares or [share + (i < extra) for i in range(len(asks))]
    parts = [nav.collect(question, each[i], docs, first=(first or {}).get(label),
                         in_turn=True) for i, (label, question, docs) in enumerate(asks)]
    trace = [{**step, **({} if shares else {"tokens_each": share}), "tokens": 0,
              "confidence": 0.0}]
    for (label, _, _), part in zip(asks, parts):
        # (a step's own "of", the works cited step's count of documents, is kept)
        trace += [{**s, "part_of" if "of" in s else "of": label} for s in part.trace]

    def in_all(words: str) -> list[str]:
        return [w for w in getattr(parts[0], words)
                if all(w in getattr(p, words) for p in parts[1:])]

    missing = in_all("missing")
    headed: dict[str, list[str]] = {}  # each part's sections headed by words all parts miss
    for part in parts:
        for run, sections in part.headed.items():
            if set(run.split()) <= set(missing):
                headed[run] = list(dict.fromkeys(headed.get(run, []) + sections))
    confidences = [p.confidence for p in parts if p.confidence is not None]
    nothing = [label for (label, _, _), p in zip(asks, parts) if p.confidence == 0]
    if nothing and len(nothing) < len(confidences):
        trace[0]["found_nothing"] = nothing
    confidence = round(sum(confidences) / len(confidences), 4) if confidences else None
    return Answer(asked, parts[0].route, [e for p in parts for e in p.evidence], trace,
                  confidence, sum(p.tokens_used for p in parts),
                  "\n\n".join(p.text for p in parts if p.text),
                  missing=missing, absent=in_all("absent"), headed=headed,
                  empty=list(dict.fromkeys(s for p in parts for s in p.empty)),
                  mentioned=list(dict.fromkeys(m for p in parts for m in p.mentioned)),
                  fields={k: v for p in parts for k, v in p.fields.items()},
                  fields_lacking={k: v for p in parts for k, v in p.fields_lacking.items()},
                  dated={k: v for p in parts for k, v in p.dated.items()},
                  searched=said_once((w for p in parts for w in p.searched), asked),
                  untitled=list(dict.fromkeys(n for p in parts for n in p.untitled)))


def interleave(lists: list[list[str]]) -> list[str]:
    """The first of each list, then the second of each, ...; each id once."""
    longest = max((len(x) for x in lists), default=0)
    return list(dict.fromkeys(x[r] for r in range(longest) for x in lists if r < len(x)))
