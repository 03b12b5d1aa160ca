"""A question naming the format of the documents it asks of ("Which PDF mentions the
typewriter?", "How many HTML pages are there?", "In the Word document, what is said about the
seal?") is asked of the documents of that format alone, as ``--doc`` would choose them, where
those asked of are of more than one (a document's format is the documents table's, read from
its file's suffix); counted, only those are. Searched as words, "PDF" and "HTML" were said
missing, "How many HTML documents are there?" read passages, and "the Word document" read the
word processor PDF. Where no document asked of has that format, the answer says so: a count is
none, a question asking which of them is refused, any other is answered from them all.

A format word is taken as naming documents only where it reads so: a noun for documents after
it ("HTML pages", "the Word document", "DOCX files"), a determiner before "PDF" or "DOCX" and no
noun after ("Which PDF says ...?", "the PDF's title"), or "PDFs"; and then only where those
documents are sure to be meant (:func:`_reads_as_documents`: what they say, whether there are
any ("Are there any PDFs?"), "in the ...", a listing), not as the object of what the question
asks about ("Which RFCs mention PDF files?", "How does rustdoc render Markdown files?"). "How
does rustdoc render Markdown headings?", "What HTML tags are allowed?" and "Which web pages load
fastest?" ask about the format, and narrow nothing."""

from __future__ import annotations

import glob
import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from docnav.errors import InputError
from docnav.query.ordered import BY_DATE, BY_LENGTH, GOES_ON, ORDERING
from docnav.query.cited import WORKS_ASKED
from docnav.query.count_text import counted_text
from docnav.query.evidence import Answer
from docnav.query.in_turn import EACH_DOCUMENT
from docnav.query.kind_words import as_said
from docnav.query.which import asks_documents, which_documents

if TYPE_CHECKING:
    from docnav.query.graph import DocNavGraph
    from docnav.query.navigator import Navigator

LABELS = {"pdf": "PDF", "html": "HTML", "docx": "DOCX", "markdown": "Markdown"}
_FORMAT_OF = {"pdf": "pdf", "pdfs": "pdf", "html": "html", "htm": "html", "xhtml": "html",
              "web": "html", "docx": "docx", "word": "docx", "md": "markdown",
              "markdown": "markdown"}
# the nouns that say a format word names documents, and the noun each is asked as (the one
# :mod:`docnav.query.which` knows: "How many PDF files ...?" as "How many documents ...?")
_NOUNS = r"(?:documents?|docs?|files?|papers?|reports?|articles?|filings?)"
_AS_ASKED = {"doc": "document", "docs": "documents", "file": "document", "files": "documents",
             "page": "document", "pages": "documents"}
# "the newest PDF", "the longest PDF", "the only DOCX"
_BEFORE = rf"(?:(?:{ORDERING}|first|last|only|other|same)\s+)?"
# what comes after a bare "PDF" that is a document: the question's end, its possessive, a verb
# or a preposition ("Which PDF mentions ...", "the PDF's title", "in the PDF, ..."); not a noun
# of what the format is ("the PDF parser", "the PDF specification")
_AFTER = (r"(?=\s*(?:[?.!,;:]|$)|['’]s\b|\s+(?:mention(?:s|ed)?|says?|said|discuss(?:es|ed)?|"
          r"describe[sd]?|cover(?:s|ed)?|talks?|explain(?:s|ed)?|propose[sd]?|state[sd]?|"
          r"lists?|listed|gives?|shows?|contain(?:s|ed)?|holds?|include[sd]?|is|are|was|were|"
          r"has|have|had|does|do|did|about|on|from|in|of|with|by|that|which|and|or)\b)")
_ONE = r"(?:pdf|x?html?|docx|markdown|md|(?:ms\s+|microsoft\s+)?word)"
# formats said together before one noun: "PDF or DOCX files", "HTML, PDF and Word documents"
_AND_OR = r"(?:\s*,\s*(?:(?:or|and)\s+)?|\s*/\s*|\s+(?:or|and)\s+)"
_PHRASE = re.compile(
    rf"(?<![\w.-])(?:\.?(?P<fmt>{_ONE}(?:{_AND_OR}\.?{_ONE})*)"
    rf"[\s-]+(?P<noun>{_NOUNS})|(?P<web>x?html?\s+|web\s*)(?P<page>pages?)|"
    rf"(?P<det>the|this|that|which|what|each|every|any|a|one)\s+{_BEFORE}(?P<bare>pdf|docx)"
    rf"(?!(?:{_AND_OR}\.?{_ONE})+[\s-]+{_NOUNS}){_AFTER}|(?P<plural>pdfs))\b", re.I)
# what the format's words are the object of: what the question is about, not what it asks of
_OBJECT = re.compile(
    r"\b(?:about|regarding|concerning|on|to|into|for|as|like|than|mention(?:s|ed|ing)?|"
    r"discuss\w*|describ\w*|cover\w*|support\w*|generat\w*|render\w*|produc\w*|convert\w*|"
    r"creat\w*|writ\w*|wrote|pars\w*|export\w*|emit\w*|output\w*|handl\w*|use[sd]?|using)"
    r"\s+(?:(?:the|a|an|all|any|some|these|those|such)\s+)?$", re.I)
_ARTICLE = re.compile(r"\b(?:the|this|that|a|an)\s+$", re.I)
# where a format's words read as documents for sure: what they say ("Which PDF mentions ...",
# "How many HTML pages mention ...", "What does the PDF say ..."), whether there are any ("How
# many PDFs are there?"), the one they are ("the PDF's title"); after "in the", "of each"
# ("In the Word document, ..."); asked for by a listing ("List the DOCX files"). Elsewhere
# they are more often what a question is about than what it asks of: "Which web pages load
# fastest?", "How many web pages does the crawler visit?", "What happens if the PDF is
# encrypted?", "Can a PDF file contain JavaScript?" (found by a review: each narrowed, or was
# refused, in a store of Markdown about crawlers and PDFs)
_SAYING = (r"(?:mention(?:s|ed)?|says?|said|discuss(?:es|ed)?|describe[sd]?|cover(?:s|ed)?|"
           r"explain(?:s|ed)?|state[sd]?|talk(?:s|ed)?|lists?|listed|cite[sd]?|propose[sd]?|"
           r"contain(?:s|ed)|include[sd]|holds)")
# "Which PDFs contain the seal?", not "Can a PDF contain JavaScript?": the documents asked for
_WHICH_HOLD = re.compile(r"^\W*(?:which|what|how\s+many)\s+$", re.I)
_HOLD_AFTER = re.compile(r"\s+(?:contain|include|hold)\b", re.I)
_WHICH_HOLDS = re.compile(r"^(\W*(?:which|what)\s+)(?:contain(?:s|ed)?|include[sd]?|holds?)"
                          r"\b\s*", re.I)
_SAYS_AFTER = re.compile(rf"\s+(?:(?:{_SAYING}|(?:is|are)\s+about|(?:are|were|have\s+been)\s+"
                         rf"indexed|do\s+(?:i|we|you)\s+have)\b|(?:are|is)\s+there\s*[?.!]?$)",
                         re.I)
_OWNER_AFTER = re.compile(r"['’]s\b")
_THE = r"(?:the|this|that|each|every)"
_IN_BEFORE = re.compile(rf"\b(?:in|from|of|according\s+to)\s+{_THE}\s+$", re.I)
# ("In the PDF, ...", "according to the Word document?", not "In the PDF file format, ...")
_CLAUSE_AFTER = re.compile(r"\s*(?:[,?.!;:]|$)")
_LISTING_BEFORE = re.compile(r"^\s*(?:please\s+)?(?:list|show|name|count|summari[sz]e)\s+"
                             r"(?:me\s+)?(?:all\s+)?(?:of\s+)?(?:the\s+)?$", re.I)
_DETERMINED = re.compile(rf"^{_THE}\b", re.I)
# whether there are any ("Are there any PDFs?", "Are there PDFs?", "Is there a PDF about
# seals?"), the question ending there (or "in the store") or going on with what they hold; not
# "Are there any PDF files on the internet?"
_EXISTS_BEFORE = re.compile(r"^\W*(?:are|is)\s+there\s+(?:(?:any|an?|some)\s+)?$", re.I)
_EXISTS_AFTER = re.compile(r"\s*(?:[?.!]|$)|\s+(?:about|on\s+the\s+(?:subject|topic)\s+of|"
                           r"that|which|mentioning|discussing|describing|covering)\b|"
                           r"\s+in\s+(?:the|this|my|your)\s+(?:store|collection|index|"
                           r"corpus)\s*[?.!]*$", re.I)
# a condition, not the documents asked of ("What happens if the PDF contains a form?")
_IF_BEFORE = re.compile(r"\b(?:if|when|whenever|whether|unless|once)\s+(?:the|a|an|this|"
                        r"that)?\s*$", re.I)
# each of them, or the newest or longest ("What is each PDF about?", "What is the newest
# PDF?", "What is the longest PDF?": "longest" was not known, and the PDF not asked of)
_EACH_OR_NEWEST = re.compile(rf"^(?:each|every)\b|^the\s+{ORDERING}\b", re.I)
# the newest or longest of those so named, said before or after ("What is the longest
# Markdown file?", "Which Markdown document is the longest?", "Which PDF is the newest?")
_ORDERED_BEFORE = re.compile(rf"\bthe\s+{ORDERING}\s+$", re.I)
# (not "Which web page is the largest contributor to load time?", of no length: the question
# goes on there as :data:`docnav.query.ordered.BY_LENGTH` lets it)
_ORDERED_AFTER = re.compile(rf"\s+(?:is|was|are|were)\s+(?:the\s+)?{ORDERING}\b{GOES_ON}",
                            re.I)


# what they are: "Which documents are DOCX files?", "Which are Word documents?", "Which of
# the papers are PDFs?": those of that format, listed (it was "no document holds "DOCX",
# "files"", or the PDF whose title says "Word")
# (not "What is a PDF?", which asks what the format is)
_ARE_OF_FORMAT = re.compile(r"^\W*(?:which(?:\s+(?:of\s+(?:the|these|them)\s+)?"
                            r"(?P<kind>[a-z]+s))?|what\s+(?:of\s+the\s+)?(?P<kind2>[a-z]+s))"
                            r"\s+(?:are|is)\s+(?:an?\s+)?$", re.I)


@dataclass(frozen=True)
class FormatNamed:
    """The format a question names its documents by, and the question without it."""
    formats: tuple[str, ...]  # as the documents table has them: ("pdf",), ("pdf", "docx")
    said: str  # as the question says it: "Which PDF", "HTML pages", "Word document"
    as_documents: str  # the format's words left out, their noun kept: "How many documents ...?"
    nouns: tuple[int, ...]  # where in ``as_documents`` each noun kept starts
    without: str  # the format's words and their noun left out: "In , what is said ...?"


def format_named(question: str) -> FormatNamed | None:
    """The format the question names the documents it asks of by (or formats said together,
    "PDF or DOCX files"), as the module says a format word does; None when it names none, or
    formats in different places ("Compare the PDF to the Word document")."""
    every = list(_PHRASE.finditer(question))
    found = [m for m in every if _reads_as_documents(question, m) and (
        _IN_BEFORE.search(_lead(question, m)) or not _OBJECT.search(question[:m.start()]))]
    # ("Compare the PDF to the Word document" names two, one of them after "to")
    if not found or len({_formats(m) for m in every}) != 1:
        return None
    if len(found) == 1 and _CLAUSE_AFTER.match(question[found[0].end():]) and (
            are := _ARE_OF_FORMAT.match(_lead(question, found[0]))):
        kind = as_said(are["kind"] or are["kind2"] or "documents")  # which are so: listed
        return FormatNamed(_formats(found[0]), found[0].group(), f"Which {kind} are there?",
                           (6,), f"Which {kind} are there?")
    kept, without, nouns, at = "", "", [], 0
    for m in found:
        start = m.start("bare") if m.group("bare") else m.start()
        noun = _noun(m)
        # "Is there an HTML page?": "a document", not "an document"
        kept += re.sub(r"\b([Aa])n?(\s+)$", lambda a: a.group(1) + (
            "n" if noun[0] in "aeiou" else "") + a.group(2), question[at:start])
        nouns.append(len(kept))
        kept += noun
        without += _ARTICLE.sub("", question[at:start])
        at = m.end()
        if owner := re.match(r"['’]s\b", question[at:]):  # "the PDF's title": its title
            kept, without, at = kept + owner.group(), without + " its", at + owner.end()
    return FormatNamed(_formats(found[0]), ", ".join(m.group() for m in found),
                       kept + question[at:], tuple(nouns),
                       " ".join((without + question[at:]).split()))


def _reads_as_documents(question: str, m: re.Match) -> bool:
    """Whether a match of :data:`_PHRASE` stands where a format's words are documents for
    sure (:data:`_SAYS_AFTER` and the others)."""
    lead, after = _lead(question, m), question[m.end():]
    if _IF_BEFORE.search(lead):
        return False
    if _EXISTS_BEFORE.match(lead) and _EXISTS_AFTER.match(after):
        return True
    if _ARE_OF_FORMAT.match(lead) and _CLAUSE_AFTER.match(after):  # "Which are PDFs?"
        return True
    determined = bool(_DETERMINED.match(m.group())) or bool(re.search(rf"\b{_THE}\s+$", lead,
                                                                      re.I))
    return bool(_SAYS_AFTER.match(after) or (determined and _OWNER_AFTER.match(after))
                or _WHICH_HOLD.match(lead) and _HOLD_AFTER.match(after)
                or _EACH_OR_NEWEST.match(m.group())
                or _ORDERED_BEFORE.search(lead) or _ORDERED_AFTER.match(after)
                or (_CLAUSE_AFTER.match(after) and (_IN_BEFORE.search(lead) or
                                                    _LISTING_BEFORE.match(question[:m.start()]))))


def _lead(question: str, m: re.Match) -> str:
    """What comes before a match's format word (its determiner included)."""
    return question[:m.start("bare")] if m.group("bare") else question[:m.start()]


def _formats(m: re.Match) -> tuple[str, ...]:
    """The formats a match of :data:`_PHRASE` names, as the documents table has them, in
    the order said, each once ("PDF or .docx files": pdf, docx)."""
    said = (m.group("fmt") or m.group("web") or m.group("bare") or m.group("plural"))
    return tuple(dict.fromkeys(_FORMAT_OF[one.split()[-1].lower().lstrip(".")]
                               for one in re.split(_AND_OR, said)))


def _noun(m: re.Match) -> str:
    """The noun the format's words are asked as: "document" of "the PDF", "documents" of
    "PDFs", "HTML pages" and "DOCX files", "papers" of "PDF papers"."""
    if m.group("plural"):
        return "documents"
    if m.group("bare"):
        return "document"
    noun = (m.group("noun") or m.group("page")).lower()
    return _AS_ASKED.get(noun, noun)


def as_searched(named: FormatNamed) -> str:
    """The question as asked of the documents of its format: with the noun its format's
    words were said of where that noun is the documents it asks for ("How many PDFs ...?",
    "What does each PDF say ...?", "What is the newest PDF?": :mod:`docnav.query.which`,
    :mod:`docnav.query.in_turn`), else without them ("Which PDF mentions the typewriter?":
    "Which mentions the typewriter?")."""
    asked = named.as_documents
    which = asks_documents(asked)
    if which and which.start("kind") in named.nouns:
        return asked
    first = BY_DATE.search(asked) or BY_LENGTH.search(asked)  # ("the longest PDF")
    if first and any(first.group(said) and first.start(said) in named.nouns  # (said after
                     for said in ("kind", "kind2", "kind_of", "of_kind")):  # "of": "Which of
        return asked  # the HTML pages is the longest?" was of the best match alone)
    each = EACH_DOCUMENT.search(asked)
    if each and any(each.start() <= n < each.end() for n in named.nouns):
        return asked
    # "Which contains the seal?": its verb no more searched for than "mentions" is
    return _WHICH_HOLDS.sub(r"\1", named.without)


def format_answer(nav: Navigator, question: str, budget: int, scope: str | list[str] | None
                  ) -> Answer | None:
    """The answer to ``question`` where it names the format of the documents it asks of
    (of ``scope``: a glob, globs, or all) and those are of several formats, or none of that
    one; None otherwise (then it is a question like any other). Where all are of it, the
    question is asked of them as it asks for documents ("How many PDFs are there?": "How
    many documents ...?"), or as it is."""
    named = format_named(question)
    paths = nav.graph.document_paths(scope) if named else []
    if not paths:
        return None
    formats = formats_of(nav.graph)
    chosen = [p for p in paths if formats.get(p) in named.formats]
    asked = as_searched(named)
    # all of that format: its words are left out only where they are the documents asked for
    # ("How many PDFs are there?"); elsewhere they may be what the question is about
    if len(chosen) == len(paths) and asked != named.as_documents:
        return None
    label = " or ".join(LABELS[f] for f in named.formats)  # "PDF or DOCX"
    held = Counter(LABELS.get(formats.get(p), str(formats.get(p))) for p in paths)
    step = {"op": "format", "format": " or ".join(named.formats), "named": list(named.formats),
            "label": label, "said": named.said, "document_count": len(chosen),
            "asked_of": len(paths), "formats": dict(held.most_common())}
    if not chosen:
        return _none_of(nav, question, budget, scope, (named, asked), step)
    narrowed = scope if len(chosen) == len(paths) else [glob.escape(p) for p in chosen]
    which = asks_documents(asked)
    if (which is not None and which.start("kind") in named.nouns
            and not WORKS_ASKED.search(asked)  # (not "Which PDF papers does it cite?")
            and not (BY_DATE.search(asked) or BY_LENGTH.search(asked))):  # (ordered: "Which
        # of the HTML pages is the longest?" was asked which of them say "longest")
        # which of them, or how many: counted however few are of that format (asked of one
        # document, "How many HTML pages mention the seal?" was what that one says of seals)
        answer = which_documents(nav, asked, budget, which, narrowed)
        for s in answer.trace:  # "without "HTML pages"", as asked, not "documents"
            if s["op"] == "documents" and s["left_out"] == which.group("kind"):
                s["left_out"] = named.said
    else:
        answer = nav.collect(asked, budget, narrowed)
    answer.question = question
    answer.trace.insert(0, step)
    if answer.count is not None and "companies" not in answer.count:
        counted = not answer.evidence and any(s["op"] == "count documents"
                                              for s in answer.trace)
        answer.count.update(format=label, asked_of=len(paths))
        if counted:  # "How many PDFs are there?": its text says of what format
            answer.text = counted_text(answer.count)
    return answer


def _none_of(nav: Navigator, question: str, budget: int, scope: str | list[str] | None,
             searched: tuple[FormatNamed, str], step: dict) -> Answer:
    """No document asked of is of the format the question names: how many there are, or
    whether there are any, none; which there are, an error saying what formats they have;
    anything else, asked of them all, the answer saying no document was of that format.
    ``searched``: the format named, and the question as :func:`as_searched` asks it."""
    named, asked = searched
    which = asks_documents(asked)
    if which is not None and which.start("kind") in named.nouns:
        # how many, or whether there are any ("Are there any DOCX files?"): none
        if which.group("many") or re.match(r"\W*(?:are|is)\s+there\b", asked, re.I):
            kind = which.group("kind")  # "Is there a DOCX file ...?": how many documents
            count = {"kind": kind if kind.lower().endswith("s") else kind + "s",
                     "asked": "how many",
                     "asked_of": step["asked_of"], "n": 0, "of": 0, "words": None, "held": 0,
                     "documents": [], "dated": None, "dates": None, "by": None,
                     "authors": None, "format": step["label"]}
            return Answer(question, nav.route_of(question), [], [step, {
                "op": "count documents", "document_count": 0, "asked_of": step["asked_of"],
                "dated": None, "tokens": 0, "confidence": 0.0}], None, 0,
                counted_text(count), count=count)
        raise InputError(f"query {question!r}: no document asked of is {step['label']} "
                         f"({held_formats(step)}; a document's format is its file's suffix; "
                         "`docnav show` lists the documents)")
    answer = nav.collect(question, budget, scope)
    answer.trace.insert(0, step)
    return answer


def held_formats(step: dict) -> str:
    """The formats of the documents asked of, as a :func:`format_answer` step has them:
    "theirs: 2 Markdown, 1 PDF"."""
    return "theirs: " + ", ".join(f"{n} {label}" for label, n in step["formats"].items())


def formats_of(graph: DocNavGraph) -> dict[str, str]:
    """Each indexed document's path and its format, as the documents table has it."""
    return {r["path"]: r["format"] for r in graph.documents.values() if r.get("path")}
