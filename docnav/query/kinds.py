"""A question naming the kind of the documents it asks of ("Which RFC is the longest?", "What
is the main contribution of each paper?", "Which filings mention Kindle?", "Which 10-K is the
longest?") is asked of the documents of that kind alone, where those asked of are of several
kinds (papers, RFCs and 10-K filings indexed together). Searched as words, the kind was left
out, and "Which RFC is the longest?" of papers, 10-Ks and RFCs read the Adobe 10-K; "each
paper" was asked of the 10-Ks and RFCs too. Only the documents of another kind are left
out, and of papers those of no kind known are kept (a paper without an "Abstract" heading);
where none is of another kind, or none of that one, nothing changes.

A kind word is taken as naming the documents asked of only where the question's shape says
so: which or how many of them (:func:`docnav.query.which.asks_documents`), each of them
(:data:`docnav.query.in_turn.EACH_DOCUMENT`), or the first, last, longest or shortest of them
(:mod:`docnav.query.ordered`); not "Which papers cite the Amazon 10-K?" (of the papers), nor
"What does the Amazon 10-K say ...?" (:mod:`docnav.query.names`).

A document's kind is read from what it holds: a filing has a registrant (its cover page or
front matter), an RFC the "RFC PR" field line of the RFC template (or a file named as the
Rust RFCs are, "2592-futures.md"), a paper a section headed "Abstract", works cited, or a
file named by its arXiv identifier ("1805.02400.md"); any other document is of no kind."""

from __future__ import annotations

import glob
import re
import weakref
from collections import Counter
from pathlib import PurePath
from typing import TYPE_CHECKING

from docnav.errors import InputError
from docnav.query.cited import WORKS_ASKED
from docnav.query.evidence import LEAVING_OUT, Answer
from docnav.query.formats import format_answer
from docnav.query.in_turn import EACH_DOCUMENT, each_document
from docnav.query.kind_words import KIND_OF, TEN_K, TEN_KS, one_of, plural, said
from docnav.query.names import named_documents, titled_documents
from docnav.query.ordered import BY_DATE, BY_LENGTH, by_date, by_length
from docnav.query.parts import citing_documents
from docnav.query.referring import references_to
from docnav.query.which import WHICH_DOCUMENTS, asks_documents
from docnav.wording import counted

if TYPE_CHECKING:
    from docnav.query.graph import DocNavGraph
    from docnav.query.navigator import Navigator

# each kind word, as the shapes above catch it, and the kind it names
_KIND_OF = {f"{word}{s}": kind for word, kind in KIND_OF.items() for s in ("", "s")}
_RFC_NAME = re.compile(r"\d{4}-[\w.-]+\.md")
_ARXIV_NAME = re.compile(r"(?:^|[\W_])\d{4}\.\d{4,5}(?:v\d+)?$")
_KINDS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
# "Which RFCs does ...", "Which papers are referred to by ...": what follows the kind word
# says what is asked of (the kind is what it mentions)
_OF_WHAT_FOLLOWS = re.compile(r"\s+(?:do|does|did|are|is|were|was|has|have|had)\b", re.I)
# "Which RFCs do the 10-Ks mention?": the documents of another kind as the subject, asking
# which of those of the kind named they refer to (the RFCs' own words were searched for "10",
# "Ks"); "10-Ks" as "filings" (:data:`~docnav.query.kind_words.TEN_K`)
# "Which RFCs are mentioned by the 10-Ks?" alike
_THE = r"(?:the\s+|all\s+(?:the\s+)?|any\s+(?:of\s+the\s+)?|these\s+|those\s+)?"
_BY_KIND = re.compile(rf"\s+(?:(?:do|did)\s+{_THE}(?P<word>{plural(KIND_OF)})\s+(?:mention|"
                      rf"cite|refer\s+to|reference|link\s+to|name)|(?:are|were)\s+(?:mentioned|"
                      rf"cited|referred\s+to|referenced|linked\s+to|named)\s+(?:by|in)\s+{_THE}"
                      rf"(?P<passive>{plural(KIND_OF)}))\W*$", re.I)
# "besides RFCs", "other than the 10-Ks", "but not the papers", "excluding filings", "besides
# rfc": the documents of a kind left out, said at the end or set off by commas ("besides rfc"
# was read as a document's name, "names a document outside those asked of"); not "besides the
# paper" (the one asked of), nor "besides the 10-K" or "besides 10K" (one named, or an error
# naming the files holding "10K"); before the verb ("Which documents besides RFCs mention
# Amazon?", "Which document except the 10-Ks is the longest?": an error, "the 10-Ks" named
# no document); "besides RFC documents" too; after "but not" the kind word
# alone lower-case is a word (below)
_VERB = (r"(?:is|are|was|were|do|does|did|has|have|had|mentions?|mentioned|cites?|cited|"
         r"refers?|referred|says?|said|uses?|used|holds?|discuss(?:es)?|describes?|"
         r"proposes?|talks?)\b")
_KIND_LEFT_OUT = re.compile(
    rf"(?P<set_off>\s*,)?\s*(?:{LEAVING_OUT.pattern}|\bbut\s+not\b|"
    rf"\bexcluding\b)\s+(?:(?:the\s+|any\s+|all\s+(?:the\s+)?)?(?P<word>{plural(KIND_OF)}|"
    rf"{TEN_KS})|(?P<one>{one_of(KIND_OF)})(?P<docs>\s+(?:document|"
    rf"file)s)?)(?=\s*[,;?!.]|\s*$|\s+{_VERB})(?(set_off)\s*,?)", re.I)

# "Which documents are not RFCs?", "What files aren't papers?", "... are not 10-K filings?":
# those of the other kinds, as "Which documents are there, besides RFCs?" asks ("How many
# documents are not RFCs?": how many) (those holding
# "not" and "RFCs" were listed: all 27 RFCs); of several kinds joined by "or" or "nor" ("...
# are not RFCs or papers?", "... are neither RFCs nor papers?": counted as holding "RFCs" or
# "papers", all 11 of a mixed store)
_A_KIND = rf"(?:the\s+|an?\s+)?(?:{TEN_KS}|10-?K|{said(KIND_OF)})"
_KINDS_JOINED = re.compile(r"\s*,\s*(?:(?:or|nor)\s+)?|\s+(?:or|nor)\s+", re.I)
_NOT_OF_KIND = re.compile(
    rf"^\W*(?:which|what|(?P<many>how\s+many))\s+(?:documents|files)\s+(?:are|is)(?:\s+not|"
    rf"n[’']t|\s+neither)\s+(?P<kinds>{_A_KIND}(?:(?:{_KINDS_JOINED.pattern}){_A_KIND})*)\W*$",
    re.I)


def document_kinds(graph: DocNavGraph) -> dict[str, str | None]:
    """Each indexed document's path and its kind ("filing", "RFC", "paper"; None for any
    other), read once per graph, as the module says."""
    if graph not in _KINDS:
        abstracts = {n.path for _, n in graph.nodes_of_kind("section")
                     if (n.heading or "").strip().lower() == "abstract"}
        citing = citing_documents(graph)
        _KINDS[graph] = {p: _kind(p, graph.fields(p), p in abstracts or p in citing)
                         for p in graph.document_paths()}
    return _KINDS[graph]


def _kind(path: str, fields: dict, paper_like: bool) -> str | None:
    name = PurePath(path).name
    if fields.get("registrant"):
        return "filing"
    if "rfc pr" in fields or _RFC_NAME.fullmatch(name):
        return "RFC"
    if paper_like or _ARXIV_NAME.search(PurePath(path).stem):
        return "paper"
    return None


def _said_kind(question: str) -> tuple[str, str, re.Match] | None:
    """(the kind word as the question says it, the question asked with it, the match of its
    shape) where the question's shape says the word names the documents asked of; "10-K" is
    asked as "filing" ("Which 10-K is the longest?": "Which filing is the longest?"). Not
    where it asks for works cited ("Which papers does the Adobe 10-K cite?": of the 10-K)."""
    if WORKS_ASKED.search(question):
        return None
    for asked in dict.fromkeys((question, TEN_K.sub(_filing, question))):
        m = (asks_documents(asked) or EACH_DOCUMENT.search(asked) or BY_DATE.search(asked)
             or BY_LENGTH.search(asked))
        if m is None:
            continue
        said = m.group(0) if m.re is EACH_DOCUMENT else (
            m.group("kind") or m.groupdict().get("kind2") or m.groupdict().get("of_kind")
            or m.groupdict().get("kind_of") or "")
        word = said.split()[-1].lower() if said else ""
        if word in _KIND_OF:
            return word, asked, m
    return None


def _filing(ten_k: re.Match) -> str:
    return "filings" if ten_k.group(1) or ten_k.group(2) else "filing"


def kind_answer(nav: Navigator, question: str, budget: int, scope: str | list[str] | None
                ) -> Answer | None:
    """The answer to ``question`` asked of the documents of the kind it names (of
    ``scope``: a glob, globs, or all), where those asked of are of several kinds and some
    are of that one; None otherwise (then it is a question like any other)."""
    said = _said_kind(question)
    if said is None:
        return None
    kinds = document_kinds(nav.graph)
    paths = nav.graph.document_paths(scope)
    held = Counter(kinds.get(p) for p in paths)
    word, asked, m = said
    kind = _KIND_OF[word]
    # a document of no kind known may be a paper (one without an "Abstract" heading): left
    # in of "paper"; of "RFC" and "filing" left out ("Which RFC is the shortest?" read a note)
    if not held.get(kind) or not set(held) - {kind, None}:
        return None
    chosen = [p for p in paths if kinds.get(p) in (kind, None if kind == "paper" else kind)]
    which = "how many" if m.re is WHICH_DOCUMENTS and m["many"] else "which"
    if m.re is WHICH_DOCUMENTS and (named := _named_of_another_kind(
            nav.graph, asked[m.end():], paths, chosen)):  # "Which RFCs does the Adobe 10-K
        # mention?": those it refers to (the 10-K was said to be one of the RFCs holding "Adobe")
        return _referred_by_kind(nav, question, kind, chosen, None, named, which)
    by = _BY_KIND.match(TEN_K.sub(_filing, asked[m.end():])) if m.re is WHICH_DOCUMENTS else None
    if by and (subject := _KIND_OF[(by["word"] or by["passive"]).lower()]) != kind:
        return _referred_by_kind(nav, question, kind, chosen, subject,
                                 [p for p in paths if kinds.get(p) == subject], which)
    narrowed = [glob.escape(p) for p in chosen]
    if len(chosen) > 1 or m.re is WHICH_DOCUMENTS:
        answer = nav.collect(asked, budget, narrowed)
    elif m.re is EACH_DOCUMENT:  # of one, each and the first are that one: "Which 10-K is the
        answer = each_document(nav, asked, budget, m, chosen, narrowed)  # longest?" of one
    else:
        answer = (by_date if m.re is BY_DATE else by_length)(nav, asked, budget, m, narrowed)
    answer.question = question
    answer.trace.insert(0, {"op": "kind", "kind": kind, "document_count": len(chosen),
                            "asked_of": len(paths), "kinds": {
                                str(k): n for k, n in held.most_common()}})
    return answer


def kind_left_out(nav: Navigator, question: str, budget: int,
                  scope: str | list[str] | None) -> Answer | None:
    """The answer to ``question`` asked of the documents of ``scope`` not of the kind it
    leaves out ("Which papers mention pinning, besides RFCs?"), before its format or the
    kind it names are read ("Which Markdown files mention attention, besides RFCs?" said
    "RFCs" named no one document); None where it leaves out none; an error where it leaves
    out the very kind it asks of ("Which RFCs mention futures, besides RFCs?")."""
    left = _kind_left_out(question)
    if left is None:
        return None
    asked, kinds = left
    if (said := _said_kind(asked)) and (kind := _KIND_OF[said[0]]) in kinds:
        raise InputError(f"query {question!r} asks of the {kind}s and leaves the {kind}s "
                         f"out: none is left to ask (ask without leaving them out, or of "
                         f"another kind)")
    return _without_kind(nav, question, budget, scope, asked, kinds)


def _kind_left_out(question: str) -> tuple[str, tuple[str, ...]] | None:
    """(``question`` without the kinds of documents it leaves out, those kinds) where it
    leaves out one or more ("Which papers mention pinning, besides RFCs?": "Which papers
    mention pinning?", "RFC"; "Which documents are not RFCs or papers?": "Which documents are
    there?", "RFC" and "paper"; "Which documents are not papers, besides RFCs?" both); None
    otherwise."""
    m = _KIND_LEFT_OUT.search(question)
    # "but not rfc" too: read as a word, it was counted as one wanted ("Which documents mention
    # futures but not rfc?" listed the RFCs holding "rfc", "futures" dropped)
    left = (_kind_of(m["word"] or m["one"]),) if m else ()
    asked = question[:m.start()] + question[m.end():] if m else question
    if not (m := _NOT_OF_KIND.match(asked)):  # "Which documents are not RFCs?"
        return (asked, left) if left else None
    # asked as the list (or count) of them, whatever word named them ("What files are there?"
    # was asked of what they hold)
    asked = f"{'How many' if m['many'] else 'Which'} documents are there?"
    return asked, tuple(dict.fromkeys([*(_kind_of(re.sub(r"(?i)^(?:the|an?)\s+", "", word))
                                         for word in _KINDS_JOINED.split(m["kinds"])), *left]))


def _kind_of(word: str) -> str:
    """The kind a kind word left out names: "RFCs" an RFC, "10-Ks" a filing."""
    return "filing" if TEN_K.match(word) else _KIND_OF[word.lower()]


def _without_kind(nav: Navigator, question: str, budget: int, scope: str | list[str] | None,
                  asked: str, left: tuple[str, ...]) -> Answer:
    """The answer to ``question`` asked (as ``asked``) of those of ``scope`` that are not of
    the kinds it leaves out (``left``: one or more); an error where every one is."""
    kinds = document_kinds(nav.graph)
    paths = nav.graph.document_paths(scope)
    kept = [p for p in paths if kinds.get(p) not in left]
    if not kept:
        several = len(left) > 1
        raise InputError(f"query {question!r}: every one of the {len(paths)} documents asked of "
                         f"is {' or '.join(map(_a, left))}, the kind{'s' * several} it leaves "
                         f"out: none is left to ask (ask without {'them' if several else 'it'}; "
                         f"`docnav show` lists the documents)")
    narrowed = scope if len(kept) == len(paths) else [glob.escape(p) for p in kept]
    answer = (format_answer(nav, asked, budget, narrowed)
              or kind_answer(nav, asked, budget, narrowed) or nav.collect(asked, budget, narrowed))
    answer.question = asked
    answer.trace.insert(0, {"op": "kind left out", "kind": left[0],
                            "document_count": len(paths) - len(kept), "asked_of": len(paths),
                            **({"kinds": {k: sum(kinds.get(p) == k for p in paths)
                                          for k in left}} if len(left) > 1 else {})})
    return answer


def _referred_by_kind(nav: Navigator, question: str, kind: str, chosen: list[str],
                      subject: str | None, by: list[str], asked: str) -> Answer:
    """Of "Which RFCs do the 10-Ks mention?": the documents of ``chosen`` (of ``kind``) that
    ``by``, those of ``subject``'s kind (None: those the question names, "the Adobe 10-K"),
    refer to by their references (a link, a number: as "Which RFCs does RFC 2592 mention?"
    reads them), none read; the answer says which, or none."""
    referred = {}
    for source in by:
        for target, nodes in references_to(nav.graph, source, chosen).items():
            if nodes:
                referred.setdefault(target, []).append(source)
    answer = Answer(question, "cross-reference", [], [{
        "op": "referred by kind", "asked": asked, "kind": kind, "by": subject,
        "by_count": len(by), "by_named": None if subject else by,
        "asked_of": len(chosen), "referred": dict(sorted(referred.items())), "tokens": 0,
        "confidence": 0.0}], None, 0, "")
    answer.text = "\n".join(_referred_note(answer))
    return answer


def _a(kind: str) -> str:
    """"an RFC", "a paper"."""
    return f"{'an' if kind == 'RFC' else 'a'} {kind}"


def _named_of_another_kind(graph: DocNavGraph, rest: str, paths: list[str],
                           chosen: list[str]) -> list[str]:
    """The documents of ``paths`` not of ``chosen`` that ``rest``, what follows the kind word,
    names as saying something of those of that kind: "Which RFCs does the Adobe 10-K
    mention?", "Which papers are referred to by the Adobe 10-K?" (asked of the RFCs or papers,
    the 10-K was left out); none of "Which papers mention the Adobe 10-K?" (of the papers)."""
    if not _OF_WHAT_FOLLOWS.match(rest):
        return []
    named = {*named_documents(graph, rest)[0], *(glob.escape(p)
                                                  for p, _ in titled_documents(graph, rest))}
    return [p for p in paths if glob.escape(p) in named and p not in chosen]


def kind_note(answer: Answer) -> list[str]:
    """The line saying the documents were those of the kind the question names (or those
    another kind refers to)."""
    return [*_referred_note(answer), *_asked_note(answer)]


def left_out_note(answer: Answer) -> list[str]:
    """The line saying the documents of the kind the question leaves out were left out
    (said first: they were left out before the format or kind it names was read)."""
    step = next((s for s in answer.trace if s["op"] == "kind left out"), None)
    if step is None:
        return []
    n, kind, of = step["document_count"], step["kind"], step["asked_of"]
    several = step.get("kinds", {kind: n})
    kinds = "s" * (len(several) > 1)
    if not n:
        return [f"none of the {of} documents asked of is {' or '.join(map(_a, several))}: none "
                f"left out (the kind{kinds} the question leaves out)"]
    return ["leaving out the " + " and ".join(counted(c, k) for k, c in several.items() if c)
            + f" of the {of} documents asked of, the kind{kinds} the question leaves out"]


def _referred_note(answer: Answer) -> list[str]:
    """The line of "Which RFCs do the 10-Ks mention?": those the other kind refers to."""
    step = next((s for s in answer.trace if s["op"] == "referred by kind"), None)
    if step is None:
        return []
    kind, by, n = step["kind"], step["by"], step["by_count"]
    asked = f"{step.get('asked', 'which')} {kind}s"  # ("how many RFCs": said "which RFCs")
    of = f"the {counted(step['asked_of'], kind)} asked of"
    them = (" and ".join(PurePath(p).name for p in step["by_named"]) if step.get("by_named")
            else f"the {counted(n, by)}")
    how = "(by their references: a link, a number; none read)"
    if not n:
        return [f"{asked}: none of the documents asked of is {_a(by)}, to refer to {of}"]
    if not step["referred"]:
        return [f"{asked}: none of {of} is one {them} refer{'s' * (n == 1)} to {how}"]
    found = len(step["referred"])
    ones = "is one" if found == 1 else "are ones"
    return [f"{asked}: {found} of {of} {ones} {them} refer{'s' * (n == 1)} to {how}: "
            + ", ".join(f"{PurePath(t).name} (by " + ", ".join(PurePath(s).name for s in by)
                        + ")" for t, by in step["referred"].items())]


def _asked_note(answer: Answer) -> list[str]:
    """The line saying the documents were those of the kind the question names."""
    step = next((s for s in answer.trace if s["op"] == "kind"), None)
    if step is None:
        return []
    n, kind = step["document_count"], step["kind"]
    of_kind = step["kinds"][kind]
    theirs = ", ".join(f"{c} of no kind known" if k == "None" else counted(c, k)
                       for k, c in step["kinds"].items())
    of = f"the {counted(of_kind, kind)}" + (
        f" and {counted(n - of_kind, 'document')} of no kind known"
        if n > of_kind else "")
    return [f"asked of {of} of the {step['asked_of']} documents asked of, the kind the "
            f"question names (theirs: {theirs})"]


__all__ = ["document_kinds", "kind_answer", "kind_left_out", "kind_note",
           "left_out_note"]
