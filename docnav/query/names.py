"""A document's own name, which is no evidence inside it.

Asked of Best Buy's 10-K, "What were Best Buy's total current assets?" found paragraphs that
name the company (few of them do: a filing says "we"), not the balance sheet. When a question is
asked of documents that share one name (a filing's registrant, read from its cover), that name is
what chose the documents; it is left out of the words searched for and of those the evidence must
hold. In a collection of filings only (every document has a registrant), a question that names
one registrant is asked of that registrant's filings, as if ``--doc`` had chosen them; one that
names several is asked of each one's filings in turn (:func:`docnav.query.in_turn.compare`).
Where other documents are indexed too, a name does so said with a word for the filings ("the
Adobe 10-K"), or where several are compared and no other kind of document is named.
Likewise a question naming one document by words of its title ("the zero-shot translation
paper") is asked of that document, without those words.
"""

from __future__ import annotations

import glob
import re
import weakref
from collections.abc import Iterable
from pathlib import PurePath

from docnav.parse import SUPPORTED_SUFFIXES
from docnav.query.graph import DocNavGraph
from docnav.query.kind_words import BEFORE_FILE, BY_NUMBER, FEW, TITLED, one_of, ungrouped
from docnav.query.lexical import tokens

# "BEST BUY CO., INC." is called "Best Buy"; "AMAZON.COM, INC." "Amazon.com" and "Amazon"
_SUFFIX = re.compile(r"[\s,]+(?:inc|co|corp|corporation|company|ltd|limited|plc|llc|lp|sa|ag|nv)"
                     r"\b\.?", re.I)
_DOMAIN = re.compile(r"\.(?:com|net|org)$", re.I)


def named_documents(graph: DocNavGraph, question: str) -> tuple[list[str], list[str]]:
    """(paths, names): the filings of the one registrant the question names, and its names;
    nothing when it names none or several (of a store holding other documents too, as
    :func:`named_registrants` counts names)."""
    named = named_registrants(graph, question)
    return named[0] if len(named) == 1 else ([], [])


# "the zero-shot translation paper", "the never type RFC": a document named by words of its
# title, between "the" and the word for what it is; a slash between its words as a hyphen
# ("the async/await RFC" named no document, "the async await RFC" named 2394-async_await); not
# the start of a file's name ("the title of paper.md" named "title of paper" too)
_TITLED = re.compile(r"\b(?:the|this|that)\s+((?:(?!(?:the|this|that)\b)[\w'’./+-]+\s+){1,6}?)"
                     rf"({ungrouped(TITLED)})\b(?!\.\w)", re.I)  # not "paper.md"

# "the handbook", "the style guide's ...": a kind of document few are, named by that word
# alone where it is a word of one title only ("AMT General Handbook"); not "the paper", "the
# RFC", "the report": the one asked of, whatever its title
_KIND_TITLED = re.compile(rf"\b(?:the|this|that)\s+({ungrouped(FEW)})"
                          rf"\b(?!['’]?\s*{one_of(TITLED)}\b)", re.I)

# "RFC 1961", "PEP 8": a document named by the number in its title (an RFC's "1961-clamp"),
# "RFC-2349", "RFC 2349-style" too; not where the number begins a file's name (_names_given)
_NUMBERED = re.compile(rf"\b{one_of(BY_NUMBER)}\s*[#-]?\s*(\d+)\b", re.I)
# the extensions of the files parsed (:data:`docnav.parse.SUPPORTED_SUFFIXES`), the longest
# first: "markdown", "md", "pdf", ...
_EXTENSIONS = "|".join(sorted((s.lstrip(".") for s in SUPPORTED_SUFFIXES), key=len, reverse=True))
# "the title of 1907.05664", "the title of 2349-pin": a name a file may have without its
# extension, holding a digit and a ".", "-" or "_" (:func:`file_named`), or any name with a
# document's extension ("nosuchdoc.md"); it names a document whether or not one has it ("the
# title of the 3rd chapter" names none)
TITLE_OF_FILE = re.compile(r"\btitle\s+of\s+(?:(?:the|this|that)\s+)?"
                           r"((?=[\w.-]*\d)(?=\w+[._-]\w)\w[\w-]*(?:\.[\w-]+)*"
                           rf"|\w[\w-]*(?:\.[\w-]+)*\.(?:{_EXTENSIONS})\b)", re.I)
# the word for a document before its file's name: "paper 1912.01214.pdf", "RFC 2349-pin"
_KIND_BEFORE = rf"\b{one_of(BEFORE_FILE)}\s+"


def titled_document(graph: DocNavGraph, question: str) -> tuple[list[str], list[str]]:
    """(paths, names): the one document whose title holds every word the question names it
    by ("What datasets are used in the zero-shot translation paper?", "What does RFC 1961
    propose?"), and those words with the word for the document ("zero-shot translation
    paper", "RFC 1961"), which are no evidence inside it. Nothing when no title or several
    hold them all, or when one document is indexed (but for its file's name); the first so
    named of several (:func:`titled_documents`)."""
    named = titled_documents(graph, question)
    return ([glob.escape(named[0][0])], [named[0][1]]) if named else ([], [])


def _names_given(graph: DocNavGraph, question: str) -> list[tuple[str, str]]:
    """(the words naming it, the name) of each document the question names as titled ("the
    pin RFC": "pin", "pin RFC") or numbered ("RFC 1961": "1961", "RFC 1961"), in the order
    the question names them. A number that begins a file's name the question names the
    document by (:func:`file_named`) is no numbered name: "paper 1912.01214.pdf" named
    "paper 1912", and ".01214.pdf" was searched for; "RFC 2349-style" is RFC 2349."""
    files = {said.lower() for _, said in file_named(graph, question)}
    # "the title of the nosuchdoc.md document" names "nosuchdoc.md" once, not with the word
    # for it too (two notes, "nosuchdoc.md document" and "nosuchdoc.md")
    filed = {m[1].lower() for m in TITLE_OF_FILE.finditer(question)}
    named = [(m.start(), m.group(1), " ".join([*m.group(1).split(), m.group(2)]))
             for m in _TITLED.finditer(question) if m.group(1).strip().lower() not in filed]
    named += [(m.start(), m.group(1), m.group(0)) for m in _NUMBERED.finditer(question)
              if _word_at(question, m.start(1)).lower() not in files]
    named += [(m.start(), m.group(1), m.group(0)) for m in _KIND_TITLED.finditer(question)]
    # "What is the title of 1907.05664?" of a store without 1907.05664.md gave the title of
    # the best match: a file's name no document has is a name too
    named += [(at, name, name) for at, name in _files_none_has(graph, question, files)]
    return [(words, name) for _, words, name in sorted(named)]


def _files_none_has(graph: DocNavGraph, question: str, files: set[str]
                    ) -> list[tuple[int, str]]:
    """(where, name) of each file's name the question asks the title of that no document of
    the store has (``files``: the names of those it names by their files' names)."""
    return [(m.start(1), m[1]) for m in TITLE_OF_FILE.finditer(question)
            if m[1].lower() not in files and not _part_of_a_file_s_name(graph, m[1])]


def _part_of_a_file_s_name(graph: DocNavGraph, name: str) -> bool:
    """Whether ``name``, one without a digit, is said of a file whose name's words, or its
    title's, hold all of its own but for the extension ("futures.md": 2592-futures.md;
    "amazon.pdf": AMAZON_2017_10K.pdf; "restaurant.md": 1805.02400.md, "... Fake Restaurant
    Reviews"): "What is the title of futures.md?" was said to ask of no document, with
    confidence 0.00, and is asked of the best match again."""
    words, files = set(_plain_words(PurePath(name).stem)), _file_words(graph, sets=True)
    titles = _title_words(graph)
    return not re.search(r"\d", name) and any(
        (words - files[p]).issubset(titles.get(p, ())) for p in files)


def _word_at(question: str, at: int) -> str:
    """The word of a file's name starting at ``at``, as :func:`file_named` reads one."""
    return re.match(r"[\w.-]*", question[at:]).group(0).rstrip(".")


def titled_documents(graph: DocNavGraph, question: str) -> list[tuple[str, str]]:
    """(path, name) of each document the question names by words of its title, as
    :func:`titled_document` finds one, or by its file's name (:func:`file_named`), in the
    order the question names them, each once: "Compare the pin RFC and the unsafe pinned RFC"
    names two."""
    named = _names_given(graph, question)
    titles = _known_titles(graph, graph.document_paths())
    if len(titles) < 2:  # its file's name is no evidence inside the one document either
        return file_named(graph, question)
    out: dict[str, str] = {}
    for words, name in named:
        terms = _numbers_unpadded(set(tokens(words)))
        held = [p for p, title in titles.items() if terms and terms <= title]
        if len(held) > 1:  # "the derive From RFC": "3809-derive-from", not "declarative derive"
            held = [p for p in held if _written_in(words, _title_words(graph)[p])
                    or _written_in(words, _file_words(graph)[p])]
        if len(held) == 1:
            out.setdefault(held[0], name)
    for path, name in file_named(graph, question):  # "1809.01202.pdf": by its file's name
        kind = re.search(_KIND_BEFORE + re.escape(name), question, re.I)
        out.setdefault(path, kind.group(0) if kind else name)
    for path, name in _the_whole_title(graph, question):  # "What does the parts list say?"
        out.setdefault(path, name)
    for path, name in _part_filed(graph, question):  # "futures.md": 2592-futures.md
        out.setdefault(path, name)
    return in_question_order(question, out)


def _part_filed(graph: DocNavGraph, question: str) -> list[tuple[str, str]]:
    """(path, name) of each file's name without a digit the question asks the title of that
    is part of one stored file's name alone, but for the extension ("futures.md":
    2592-futures.md), as :func:`file_named` names a file: "What is the title of the
    futures.md RFC?" gave 2394-async_await.md's title, the best match, and said nothing."""
    out, files = [], _file_words(graph, sets=True)
    for m in TITLE_OF_FILE.finditer(question):
        words = set(_plain_words(PurePath(m[1]).stem))
        held = [p for p in files if words <= files[p]]
        if not re.search(r"\d", m[1]) and len(held) == 1:
            out.append((held[0], m[1]))
    return out

# words naming the one document they refer to besides its name ("the pin RFC"): said_alone's
# ``naming`` of questions ordering or leaving out the documents named
NAMING_WORDS = frozenset("the a an this that document proposal paper rfc pep".split())


def said_alone(graph: DocNavGraph, said: str, naming: frozenset[str]
               ) -> list[tuple[str, str]] | None:
    """The documents ``said`` names (:func:`titled_documents`), where it says nothing but
    their names, words of ``naming`` ("the", "proposal") and their files' words ("RFC 2592
    (futures)"); None where it says more ("the term structural pinning in the pin RFC") or
    names none."""
    named = titled_documents(graph, said)
    rest = said.casefold()
    for _, name in named:  # a whole name ("RFC 2" took "rfc 2" of "RFC 2394", "394" left)
        rest = re.sub(rf"(?<!\w){re.escape(name.casefold())}(?!\w)", " ", rest)
    files = {w for p, _ in named for w in re.findall(r"\w+", PurePath(p).stem.casefold())}
    return named if named and set(re.findall(r"\w+", rest)) <= naming | files else None


def named_outside(graph: DocNavGraph, question: str, doc: str | list[str] | None
                  ) -> list[str]:
    """The names the question gives documents of the store that the glob ``doc`` leaves out
    ("RFC 2592" of "What does RFC 2592 refer to?" asked of --doc '*2349*'), each as said but
    for an opening "the": read, the answer said only "not in the evidence: 2592", as if the
    store held no RFC 2592."""
    if not doc:
        return []
    inside = set(graph.document_paths(doc))
    return [re.sub(r"(?i)^the\s+", "", name) for path, name in titled_documents(graph, question)
            if path not in inside]


def in_question_order(question: str, named: dict[str, str]) -> list[tuple[str, str]]:
    """The (path, name) items of ``named`` in the order the question says their names (a
    name it does not say, last)."""
    at = question.lower()
    return sorted(named.items(), key=lambda kv: at.find(kv[1].lower()) % (len(at) + 1))


def titled_exactly(graph: DocNavGraph, words: str) -> str | None:
    """The one document whose whole title ``words`` are, as written but for case, spacing, a
    leading article and the question's end ("the parts list?" of "Parts list"): a title named
    without a kind word ("the ... guide"), which :func:`titled_documents` needs. None when no
    title or several are so written."""
    said = re.sub(r"^(?:the|a|an)\s+", "", " ".join(words.split()).rstrip("?!. ").lower())
    held = _whole_titles(graph)[0].get(said, []) if said else []
    return held[0] if len(held) == 1 else None


# the words asking for one document's parts or summary: "What sections does ... have?",
# "Outline of ...", "Summarize ..." (described.py names a document described after them)
OUTLINE = (r"(?:sections?|chapters?|parts|headings?|outline|structure|organi[sz]ation|"
           r"(?:table\s+of\s+)?contents)\s+(?:does|do|of|in|for)")
SUMMED = r"(?:summari[sz]e|overview\s+of|summary\s+of|" + OUTLINE + ")"
_SUMMED_HERE = re.compile(r"\b" + SUMMED + r"\s+$", re.I)


def _the_whole_title(graph: DocNavGraph, question: str) -> list[tuple[str, str]]:
    """(path, name) of each document the question names by "the" and its whole title, of two
    words or more (of three or more, without "the"), with no kind word after it ("What does
    the parts list say about seals?" of "Parts list"; not "the notes", a word any question may
    use), the longest at each place."""
    titles, longest = _whole_titles(graph)
    words = list(re.finditer(r"\S+", question))
    out, past = [], 0
    for i, the in enumerate(words):
        # a title of three words or more needs no "the": "What are the sections of Progress
        # and Tradeoffs in Neural Language Models?" (it named none, and was a search)
        # ... right after the words asking for its parts or summary alone: inside a search
        # ("How many papers say progress and tradeoffs in ...?") they are words to look for
        said = the.group().lower() == "the"
        if i < past or not (said or _SUMMED_HERE.search(question[:the.start()])):
            continue
        for n in range(min(longest, len(words) - i - said), 1 if said else 2, -1):
            span = words[i + said:i + said + n]
            held = titles.get(" ".join(w.group() for w in span).rstrip("?!.,;:").lower(), [])
            if len(held) == 1:
                out.append((held[0], question[the.start():span[-1].end()].rstrip("?!.,;:")))
                past = i + said + n
                break
    return out


def _whole_titles(graph: DocNavGraph) -> tuple[dict[str, list[str]], int]:
    """Each document title as :func:`titled_exactly` compares it (lower case, single spaces)
    with the paths so titled, and the most words a title has; made once per graph."""
    if graph not in _WHOLE_TITLES:
        index: dict[str, list[str]] = {}
        for _, n in graph.nodes_of_kind("document"):
            index.setdefault(" ".join((n.heading or "").split()).lower(), []).append(n.path)
        _WHOLE_TITLES[graph] = index, max((len(t.split()) for t in index), default=0)
    return _WHOLE_TITLES[graph]


# between the things a comparison names: "A and B", "A vs B", "A versus B", "A with B", "A, B"
# between the names of a list: "if-let chains, async closures and async await", "the pin RFC
# or the futures RFC" (of documents left out, asked of in turn)
JOINED = r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+"
_BETWEEN = re.compile(r"\s*(?:,|\band\b|\bvs\.?|\bversus\b|\bwith\b|\bto\b)\s*", re.I)
_COMPARING = re.compile(r"^\W*(?:compare|what\s+are\s+the\s+differences?\s+between|"
                        r"(?:what\s+is\s+)?the\s+differences?\s+between)\s+", re.I)


def compared_titles(graph: DocNavGraph, question: str) -> list[tuple[str, str]]:
    """(path, name) of each document a comparison names by its whole title, with no kind word
    to name it by ("Compare the guide and the parts list": "the parts list", of "Parts
    list"), in the order it names them (:func:`titled_exactly`); none for another question."""
    lead = _COMPARING.match(question)
    if lead is None:
        return []
    out: dict[str, str] = {}
    for said in _BETWEEN.split(question[lead.end():]):
        said = said.strip().rstrip("?!.")
        path = titled_exactly(graph, said) if said else None
        if path is not None:
            out.setdefault(path, said)
    return list(out.items())


def file_named(graph: DocNavGraph, question: str) -> list[tuple[str, str]]:
    """(path, name) of each document the question names by its file's name, in the order it
    names them: the whole name ("1809.01202.pdf", "notes.md"), or the name without its
    extension where it holds a digit ("1809.01202", "2349-pin", "ADOBE_2022_10K"; not
    "notes" or "assert_ne", words a question uses of anything). Asked
    "What is the title of 1809.01202.pdf?", its digits were searched for in every paper."""
    if graph not in _FILE_NAMES:  # made once per graph: every question asks it
        _FILE_NAMES[graph] = _file_names(graph.document_paths())
    return _named_files(_FILE_NAMES[graph], question)


def unindexed_named(graph: DocNavGraph, question: str) -> list[tuple[str, str]]:
    """(path, error) of each document the question names by its file's name as
    :func:`file_named` finds them, of those no run could index ("What is empty.md
    about?"), where no indexed document is so named."""
    failed = graph.unindexed()
    if not failed or file_named(graph, question):
        return []
    return [(path, failed[path]) for path, _ in _named_files(_file_names(failed), question)]


# an arXiv identifier with its version ("1912.01214v2"): the paper's file is named without it
_VERSIONED = re.compile(r"^(\d{4}\.\d{4,5})v\d+\b")


def _named_files(names: dict[str, list[str]], question: str) -> list[tuple[str, str]]:
    found: dict[str, str] = {}
    for m in re.finditer(r"(?<![\w.-])[\w.-]+", question):
        said = m.group(0).rstrip(".")  # a sentence's stop is no part of the name
        for path in (names.get(said.lower())
                     or names.get(_VERSIONED.sub(r"\1", said.lower()), ())):
            found.setdefault(path, said)
    return list(found.items())


def _file_names(paths: Iterable[str]) -> dict[str, list[str]]:
    """Each name a file at ``paths`` is known by, lower case (:func:`file_named`), and the
    paths so named."""
    index: dict[str, list[str]] = {}
    for path in paths:
        name = PurePath(path).name
        index.setdefault(name.lower(), []).append(path)
        stem = PurePath(name).stem
        if stem != name and re.search(r"\d", stem):
            index.setdefault(stem.lower(), []).append(path)
    return index


# words that point at a document rather than name it: "the original paper", "the same RFC"
_POINTING = frozenset("""original same above below following previous preceding next first
second third last latest earlier later other new current present cited referenced given whole
entire full main relevant corresponding related proposed accompanying attached underlying
annual quarterly final draft""".split())


def untitled_names(graph: DocNavGraph, question: str, paths: list[str]) -> list[str]:
    """The names the question gives documents by words of their titles ("the trusted
    publishing RFC", "RFC 9999") that no title of the documents asked of (``paths``; of one,
    only the file's names none has, "the title of nosuchdoc.md") holds, each with the word
    for the document. Asked of 106 RFCs without it, "When did the trusted publishing RFC
    start?" was answered with the start date of the lint reasons RFC, the best match, and
    nothing said it was another RFC. A title is the document's heading or its file's name.
    A name whose every word most of the documents hold names nothing ("the annual report"
    of three 10-Ks: every filing says "annual"), nor do words that point at a document
    ("the original paper", "the same RFC", "the above paper")."""
    if not paths:
        return []
    known = _known_titles(graph, paths)
    out: list[str] = []
    # of one document (--doc), a file's name none has only: "the title of nosuchdoc.md" of
    # --doc '*1805*' gave 1805.02400.md's title with confidence 0.25
    given = _names_given(graph, question) if len(paths) > 1 else [
        (name, name) for _, name in _files_none_has(
            graph, question, {said.lower() for _, said in file_named(graph, question)})]
    for words, name in given:
        terms = _numbers_unpadded(set(tokens(
            " ".join(w for w in words.split() if w.lower() not in _POINTING))))
        if not terms or any(terms <= known[p] for p in paths):
            continue
        held = graph.term_documents(list(terms))
        if any(len(held[t] & set(paths)) <= len(paths) / 2 for t in terms):
            out.append(name)
    return list(dict.fromkeys(out))


def _known_titles(graph: DocNavGraph, paths: list[str]) -> dict[str, set[str]]:
    """The search terms of the titles of the documents at ``paths``, each by its heading and
    its file's name: RFC 3691, "Security Improvements for CI Publishing to crates.io", is
    3691-trusted-publishing-cratesio.md, and "the trusted publishing RFC" names it. Made
    once per graph: a question's names are matched to them twice, and at 1,967 documents
    making them took ~30 ms each time."""
    titles = document_titles(graph)

    def terms(path: str) -> set[str]:
        stem = re.sub(r"[^\w.]+|_", " ", PurePath(path).stem)
        return _numbers_unpadded(titles.get(path, set()) | set(tokens(stem)))

    if graph not in _KNOWN_TITLES:
        _KNOWN_TITLES[graph] = {p: terms(p) for p in graph.document_paths()}
    known = _KNOWN_TITLES[graph]
    return {p: known[p] if p in known else terms(p) for p in paths}


def _numbers_unpadded(terms: set[str]) -> set[str]:
    """Search terms with a number's leading zeros dropped: "RFC 19" names
    0019-opt-in-builtin-traits.md, as "RFC 0019" does."""
    return {t.lstrip("0") or "0" if t.isdigit() else t for t in terms}


def _written_in(words: str, title: list[str]) -> bool:
    """Whether ``words`` are a run of the title's words as written, common words too."""
    run = _plain_words(words)
    return any(title[i:i + len(run)] == run for i in range(len(title) - len(run) + 1))


def _plain_words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+", text.lower())


def word_titled(graph: DocNavGraph, word: str) -> list[str]:
    """The paths of the documents whose title or file name holds ``word`` as a word, as
    written ("chains" of 2497-if-let-chains.md, "Adobe" of ADOBE_2022_10K.pdf; not "pin" of
    3467-unsafe-pinned.md), in path order."""
    said = word.casefold()
    return [p for p in graph.document_paths()
            if said in _title_words(graph).get(p, []) or said in _file_words(graph)[p]]


def _title_words(graph: DocNavGraph) -> dict[str, list[str]]:
    """Each document's path and the words of its title as written, lower case."""
    if graph not in _TITLE_WORDS:
        _TITLE_WORDS[graph] = {n.path: _plain_words(n.heading or "")
                               for _, n in graph.nodes_of_kind("document")}
    return _TITLE_WORDS[graph]


def _file_words(graph: DocNavGraph, sets: bool = False) -> dict[str, list[str] | frozenset[str]]:
    """Each document's path and the words of its file's name without the extension, lower case
    ("2592-futures.md": ["2592", "futures"]; a frozenset of them where ``sets``), made once per
    graph: four rules read them of every document on a question. The graph is loaded once from
    the store's last complete state and never changes after: words of its paths stay true."""
    if graph not in _FILE_WORDS:
        words = {p: _plain_words(PurePath(p).stem) for p in graph.document_paths()}
        _FILE_WORDS[graph] = words, {p: frozenset(w) for p, w in words.items()}
    return _FILE_WORDS[graph][sets]


def named_registrants(graph: DocNavGraph, question: str) -> list[tuple[list[str], list[str]]]:
    """(paths, names) of each registrant the question names, in the order it names them:
    "Compare the revenue of Adobe and Best Buy" names two. Where other documents are indexed
    too (papers, RFCs: a company may be what one is about, "Amazon reviews"), a name chooses
    filings only said with a word for them ("the Adobe 10-K", "Amazon's filing"), or of two
    registrants or more where the question names no document of another kind ("Compare
    Adobe's and Amazon's operating income."): asked of all 11 documents of a mixed store,
    "What is on page 36 of the Adobe 10-K?" read both filings' page 36."""
    registrants = registrants_of(graph)
    first: dict[str, int] = {}
    filed: set[str] = set()
    for r in {r for r in registrants.values() if r}:
        called = registrant_names(r)
        at = [m.start() for n in called for m in re.finditer(_pattern(n), question, re.I)]
        if at and without_names(question, called) != question:
            first[r] = min(at)
            if any(re.search(_pattern(n, filed=True), question, re.I) for n in called):
                filed.add(r)
    if first and None in registrants.values():  # of a mixed store: said so, or compared
        other = _other_kinds(graph, question, registrants)
        several = len(first) > 1 and not other and not _ANY_DOCUMENT.search(question)
        first = {r: at for r, at in first.items() if several or (r in filed and not other)}
    return [([glob.escape(p) for p in sorted(p for p, r in registrants.items() if r == name)],
             registrant_names(name)) for name in sorted(first, key=first.get)]


# a word for a kind of document that no filing is, where it names the documents asked of:
# "Which papers cite the Amazon 10-K?", "the fake reviews paper", "in the study", "each
# RFC"; not a word of what is asked about ("the Amazon 10-K about books", "Kindle books",
# "e-books", "What proposals does the Adobe 10-K describe?")
_KIND = r"(?<![\w-])(?:papers?|articles?|rfcs?|peps?|stud(?:y|ies)|preprints?|proposals?|" \
        r"books?|manuals?|handbooks?|guides?)\b"
# the words between "the" and the kind ("the widget demand paper"): none a verb, preposition
# or word for a filing ("the Amazon 10-K say about Kindle books" names no book)
_NOT_OF_NAME = (r"(?!(?:about|on|of|in|for|with|to|by|from|at|as|like|and|or|than|say|says|"
                r"said|have|has|had|is|are|was|were|be|do|does|did|describe[sd]?|mention\w*|"
                r"discuss\w*|its|their|10-?[kq]s?|filings?|reports?|annual|form)\b)")
_OTHER_KIND = re.compile(
    rf"(?:^\W*|\b(?P<det>which|what|each|every|all|both|any|these|those|other|the|in|from|"
    rf"across|among|do|does|did|are|were)\s+(?:{_NOT_OF_NAME}[\w'\u2019.-]+\s+){{0,4}})"
    rf"(?P<kind>{_KIND})"
    rf"(?P<asked>\s+(?:do|does|did)\b)?", re.I)
# said of what is asked about: "say about the books", "on the guides"
_ABOUT_BEFORE = re.compile(r"\b(?:about|on|regarding|concerning|like|as)\s*$", re.I)
# a word for any document: "Which documents mention Adobe and Amazon?" asks which of all
_ANY_DOCUMENT = re.compile(r"\b(?:documents?|files?|pdfs?)\b", re.I)


def _kind_asked_of(question: str) -> bool:
    """Whether a word for another kind of document names the documents asked of."""
    return any(not m.group("asked") or (m.group("det") or "").lower() not in ("which", "what")
               for m in _OTHER_KIND.finditer(question)
               if not _ABOUT_BEFORE.search(question[:m.start()]))


def _other_kinds(graph: DocNavGraph, question: str, registrants: dict[str, str | None]) -> bool:
    """Whether the question names a kind of document other than filings, or a document
    without a registrant by its title or file's name ("the fake reviews paper")."""
    return _kind_asked_of(question) or any(
        registrants.get(p) is None for p, _ in titled_documents(graph, question))


def own_names(graph: DocNavGraph, doc: str | list[str] | None) -> list[str]:
    """The names the documents matching ``doc`` (a path glob) go by, longest first, when all
    of them share one registrant; none otherwise (no glob, documents of several names, or
    none named)."""
    if not doc:
        return []
    registrants = registrants_of(graph)
    named = {registrants.get(p) for p in graph.document_paths(doc)}
    if len(named) != 1 or None in named:
        return []
    return registrant_names(named.pop())


_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_TITLES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_WHOLE_TITLES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_TITLE_WORDS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_FILE_NAMES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_FILE_WORDS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_KNOWN_TITLES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def document_titles(graph: DocNavGraph) -> dict[str, set[str]]:
    """Each document's path and the search terms of its title, made once per graph (a scan of
    every node): the rules that match a question's words to titles run on every question."""
    if graph not in _TITLES:
        _TITLES[graph] = {n.path: set(tokens(n.heading or ""))
                          for _, n in graph.nodes_of_kind("document")}
    return _TITLES[graph]


def registrants_of(graph: DocNavGraph) -> dict[str, str | None]:
    """Each indexed document's path and registrant (None without one), read once per graph:
    a graph does not change once open."""
    if graph not in _CACHE:
        _CACHE[graph] = {p: graph.fields(p).get("registrant") or None
                         for p in graph.document_paths()}
    return _CACHE[graph]


def registrant_names(registrant: str) -> list[str]:
    """What a registrant is called, longest first: "BEST BUY CO., INC." -> "BEST BUY";
    "AMAZON.COM, INC." -> "AMAZON.COM", "AMAZON"."""
    core = registrant
    while (shorter := _SUFFIX.sub("", core, count=1).strip(" ,.")) != core:
        core = shorter
    names = {core, _DOMAIN.sub("", core)}
    return sorted((n for n in names if re.search(r"\w\w", n)), key=len, reverse=True)


def without_names(question: str, names: list[str], keep: bool = True) -> str:
    """The question with each name (and its possessive "'s") replaced by a space; when
    nothing searchable would be left, the question as it was (``keep``), or nothing."""
    out = question
    for name in names:
        out = re.sub(_pattern(name), " ", out, flags=re.I)
    out = " ".join(out.split())
    return out if re.search(r"\w\w", out) else question if keep else ""


# what a company's documents are called after its name ("Amazon's filing", "Best Buy's
# 10-K"): the documents asked of, no evidence inside them either
_ITS_DOCUMENTS = r"(?:\s+(?:filings?|10-?[kq]s?|annual reports?|reports?)\b)?"


def _pattern(name: str, filed: bool = False) -> str:
    """A name as a pattern: its words with up to two other characters between ("Amazon.com",
    "Amazon com"), a possessive after it, and what its documents are called ("Amazon's
    filing"), which must follow where ``filed``."""
    words = re.findall(r"\w+", name)
    return (r"\b" + r"\W{0,2}".join(map(re.escape, words)) + r"\b(?:['’]s\b|['’])?"
            + (_ITS_DOCUMENTS[:-1] if filed else _ITS_DOCUMENTS))
