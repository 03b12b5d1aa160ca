"""Parts of documents that a question names by their headings.

"What does the Drawbacks section of the int128 RFC say?" names a section by its heading and its
document by the words of its title; the cross-reference route reads that section first
(:func:`named_sections`). "What are the drawbacks of i128?", asked of RFCs that all have a
Drawbacks section, names such a part without saying "section"; the local route reads it first
(:func:`template_part`), but only where most of the (several) documents asked of have a part so
headed: in one paper, a question's word that is also a heading ("results", "model") is only a
word, and reading that section first cost recall on Qasper (benchmarks/README.md).
"""

from __future__ import annotations

import re
import weakref

from docnav.query.graph import DocNavGraph
from docnav.query.lexical import tokens
from docnav.query.names import document_titles
from docnav.refs import ROMAN_SECTION, WORKS_CITED, labelled_sections, numbered_sections
from docnav.tree import PREAMBLE
from docnav.wording import counted

# "the Drawbacks section of the if-let chains RFC", 'the "Prior art" chapter': a part named by
# its heading, the words before "section"; "the section on drawbacks", "the chapter called
# Prior art": the words after it; and the words that name a kind of part, which the part's own
# text rarely holds
_WORD, _QUOTE = r"[\w'’.-]+", "[\"“”`']?"
_PART_NOUN = r"(?:sub)?(?:section|chapter)"
NAMED_BEFORE = re.compile(
    rf"\bthe\s+{_QUOTE}((?:{_WORD}\s+){{0,5}}?{_WORD}){_QUOTE}\s+{_PART_NOUN}\b", re.I)
NAMED_AFTER = re.compile(
    rf"\b{_PART_NOUN}\s+(?:on|about|called|titled|named|headed)\s+(?:the\s+)?{_QUOTE}"
    rf"({_WORD}(?:\s+{_WORD}){{0,5}})", re.I)
PART_WORDS = re.compile(r"\b(?:sub)?(?:sections?|chapters?)\b", re.I)


# a heading's numbering: "3 ", "4.2 ", "IV. ", "Item 1A. ", "Part II ", "Note 7: ", "Appendix B "
_NUMBERING = re.compile(r"^\s*(?:(?:item|part|note|section|chapter|appendix|article)\s+)?"
                        r"(?:\d+[a-z]?(?:\.\d+)*|[ivxlc]+|[a-z])[.:)]?(?:\s+|$)", re.I)


# "... have a Drawbacks section", "with an Alternatives section", "contain a section on
# drawbacks", "have a section called Motivation", "have drawbacks sections"
HAS_PART = re.compile(
    r"^\s*(?:that\s+|which\s+)?(?:have|has|had|with|contain|contains|include|includes)\s+"
    r"(?:an?\s+|the\s+|any\s+)?(?:(?:sections?|parts?|chapters?)\s+(?:on|about|called|named|"
    r"headed|titled)\s+[\"“']?(?P<part>[^\"”'?]+?)[\"”']?|[\"“']?(?P<part2>[^\"”'?]+?)[\"”']?\s+"
    r"(?:sections?|parts?|chapters?))\s*[?.!]*$", re.I)


def heading_terms(text: str) -> frozenset[str]:
    """The search terms of a heading, its numbering aside: "3 Drawbacks" -> {"drawback"},
    "Item 1A. Risk Factors" -> {"risk", "factor"}."""
    return frozenset(t for t in tokens(_NUMBERING.sub(" ", text, count=1)) if not t.isdigit())


# graph -> {a heading's terms: its sections, in document order}, made at a graph's first
# lookup: the rules try many runs of a question's words, and a graph does not change once open
_HEADINGS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def common_heading(graph: DocNavGraph) -> str | None:
    """The heading the most documents have a section of (not one a document is titled
    with), for a refusal's example of a part lacked ("Which papers lack a Conclusion
    section?"): one really in the store; the first in reading order of those as common."""
    held: dict[str, set[str]] = {}
    titles = {graph.node(r).heading for r in graph.document_roots()}
    for _, n in sorted(graph.nodes_of_kind("section"),
                       key=lambda s: (s[1].path, s[1].position)):
        if n.heading and n.heading not in titles and heading_terms(n.heading):
            held.setdefault(n.heading, set()).add(n.path)
    return max(held, key=lambda h: len(held[h]), default=None)


def headed(graph: DocNavGraph, words: str, filters: dict | None = None) -> list[str]:
    """Sections (passing ``filters``) whose heading is ``words``: the same search terms, a
    heading's numbering aside ("3 Drawbacks" is headed "drawbacks"), in document order."""
    if graph not in _HEADINGS:
        index: dict[frozenset[str], list[str]] = {}
        for nid, n in sorted(graph.nodes_of_kind("section"),
                             key=lambda s: (s[1].path, s[1].position)):
            if key := heading_terms(n.heading or ""):
                index.setdefault(key, []).append(nid)
        _HEADINGS[graph] = index
    found = _HEADINGS[graph].get(heading_terms(words), [])
    return graph.filter(found, **filters) if found and filters else list(found)


def headed_among(graph: DocNavGraph, words: str, filters: dict) -> list[str]:
    """Sections passing ``filters`` whose heading holds ``words``' terms among its own, more
    of them: "Costs and drawbacks" for "drawbacks" (an RFC that renamed the part most others
    call "Drawbacks"), in document order."""
    headed(graph, words)  # the index, made at the first lookup
    terms = heading_terms(words)
    found = sorted((nid for key, nids in _HEADINGS[graph].items() if terms < key
                    for nid in nids), key=lambda s: (graph.node(s).path, graph.node(s).position))
    return graph.filter(found, **filters) if found else []


def sections_headed(graph: DocNavGraph, words: list[str], filters: dict | None,
                    most: int = 3) -> dict[str, list[str]]:
    """Of ``words`` (the question's words no evidence holds, in its order), the runs that
    head sections passing ``filters``, longest first, a word in one run at most: {run: up to
    ``most`` of its sections}. Where the evidence lacks "drawbacks", a section headed
    "Drawbacks" is where a reader would look (the local route reads one first only where most
    of several documents have such a part: see :func:`template_part`)."""
    found: dict[str, list[str]] = {}
    taken = [False] * len(words)
    for n in range(min(len(words), 4), 0, -1):
        for i in range(len(words) - n + 1):
            if any(taken[i:i + n]):
                continue
            run = " ".join(words[i:i + n])
            if sections := headed(graph, run, filters):
                found[run] = sections[:most]
                taken[i:i + n] = [True] * n
    return found


def holds_text(graph: DocNavGraph, section: str) -> bool:
    """Whether any paragraph is under ``section``: RFC 3416's "Prior art" is a heading and a
    link label, with nothing under it."""
    return any(graph.node(n).kind == "paragraph" for n in graph.expand(section, depth=10_000))


def length_of(graph: DocNavGraph, path: str) -> tuple[int, int, int]:
    """A document's length: (words, paragraphs, headings), the words of its paragraphs, its
    sections' headings (the title's among them where it is a heading; not the section the
    text before a first heading is put in, which the file does not head: an RFC's field list
    under its file's name counted a 22nd heading of RFC 2349's 21)."""
    paragraphs = sections = words = 0
    for nid in graph.expand(graph.document_root(path), depth=10_000):
        node = graph.node(nid)
        if node.kind == "paragraph":
            paragraphs += 1
            words += len(node.text.split())
        sections += node.kind == "section" and node.block_kind != PREAMBLE
    return words, paragraphs, sections


def length_said(graph: DocNavGraph, path: str) -> str:
    """A document's length as an answer says it: "1,234 words in 40 paragraphs under 12
    headings" (:func:`length_of`)."""
    words, paragraphs, sections = length_of(graph, path)
    return (f"{counted(words, 'word')} in {counted(paragraphs, 'paragraph')}"
            f"{' under ' + counted(sections, 'heading') if sections else ''}")


def headed_within(graph: DocNavGraph, section: str, terms: list[str]) -> list[str]:
    """The sections under ``section`` whose headings are made of the question's search
    ``terms`` (numbering aside), in document order: "What does Note 7 say about legal
    proceedings?" asks for Note 7's "Legal Proceedings", after four other subsections."""
    asked = set(terms)
    return [s for s in graph.expand(section, depth=10_000)[1:]
            if graph.node(s).kind == "section"
            and (key := heading_terms(graph.node(s).heading)) and key <= asked]


# "Note 7", "item 7A", "section 4.2", "§ 3", "Appendix B", "chapter 2", "Section VI",
# "Section II-A" in a question; a letter only as a capital after a space ("Appendix B": the
# "s" of "sections", "notes", "items" was read as a label, "Section S", that none carries)
_LABELLED = re.compile(r"\b(item|note|section|sec\.|§|chapter|appendix)\s*"
                       rf"(\d{{1,3}}[a-c]?(?:\.\d+)*|{ROMAN_SECTION}|(?<=\s)(?-i:[A-Z]))\b"
                       r"(?![.,]?\d)", re.I)
_LABELS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def labelled_parts(graph: DocNavGraph, question: str, filters: dict | None,
                   found: list[str]) -> list[str]:
    """The sections the question names by label: "Note 7" is the note headed "Note
    7-COMMITMENTS AND CONTINGENCIES" (or numbered "7." in the notes to the financial
    statements), "Item 7A" the item, "Section 4.2" and "Appendix B" the sections numbered so;
    of the documents in scope, those ``locate`` found (``found``) first; in the question's
    order."""
    rank = {graph.node(s).path: i for i, s in reversed(list(enumerate(found)))}
    named: list[str] = []
    for m in _LABELLED.finditer(question):
        named += sorted(_labelled(graph, m, filters),
                        key=lambda s: rank.get(graph.node(s).path, len(rank)))
    return list(dict.fromkeys(named))


def unlabelled(graph: DocNavGraph, question: str, filters: dict | None) -> list[str]:
    """The labels the question writes ("Note 99", "Section 4.2") that no section of the
    documents in scope carries, as the question writes them."""
    return [m.group(0) for m in _LABELLED.finditer(question) if not _labelled(graph, m, filters)]


def _labelled(graph: DocNavGraph, m: re.Match, filters: dict | None) -> list[str]:
    """The sections (passing ``filters``) carrying the label of a match of ``_LABELLED``."""
    kind = m.group(1).lower()
    kind = kind if kind in ("item", "note") else "number"
    sections = _label_index(graph).get((kind, m.group(2).upper()), [])
    return graph.filter(sections, **filters) if sections and filters else list(sections)


def _label_index(graph: DocNavGraph) -> dict[tuple[str, str], list[str]]:
    """(kind, label) -> the sections so labelled, of every document, made once per graph."""
    if graph not in _LABELS:
        by_doc: dict[str, list[tuple[str, str]]] = {}
        for nid, n in sorted(graph.nodes_of_kind("section"),
                             key=lambda s: (s[1].path, s[1].position)):
            by_doc.setdefault(n.path, []).append((nid, n.heading or ""))
        index: dict[tuple[str, str], list[str]] = {}
        for sections in by_doc.values():
            labels = labelled_sections(sections)
            for (kind, label), nid in labels.items():
                index.setdefault((kind, label), []).append(nid)
            for num, nid in numbered_sections(sections, labels).items():
                index.setdefault(("number", num), []).append(nid)
        _LABELS[graph] = index
    return _LABELS[graph]


def named_sections(graph: DocNavGraph, question: str, filters: dict | None,
                   found: list[str]) -> list[str]:
    """The sections the question names by heading ("the Drawbacks section of the if-let
    chains RFC"): of the sections so headed, those whose document title and headings above
    hold most of the question's other words (the if-let chains RFC's), the ones ``locate``
    found (``found``) first; when none holds any, only those it found. The heading is the
    longest run of words before "section" (or after "section on") that is one; none:
    nothing is named."""
    runs: list[str] = []
    if before := NAMED_BEFORE.search(question):
        words = before.group(1).split()  # "the int128 RFC's drawbacks": its last words
        runs += [" ".join(words[i:]) for i in range(len(words))]
    if after := NAMED_AFTER.search(question):
        words = after.group(1).strip("\"“”`'").split()  # "on drawbacks of ...": its first
        runs += [" ".join(words[:i]) for i in range(len(words), 0, -1)]
    for heading in runs:
        sections = headed(graph, heading, filters)
        if sections:
            return _pick(graph, sections, heading, question, found)
    return []


def template_part(graph: DocNavGraph, question: str, scope, filters: dict | None,
                  fewest: int = 3, lead: str | None = None) -> list[str]:
    """A part that most documents asked of have, named by the question's words without
    "section": "What are the drawbacks of i128?" asked of RFCs, each with a "Drawbacks"
    section. The longest run of the question's words that heads sections in at least half
    of the documents ``scope`` matches (``fewest`` of them at least), those of its sections
    that pass ``filters`` picked as named ones are (:func:`_pick`; ``lead``: the document
    the question is most likely about); none in fewer documents, where a heading's words
    are only words. (``filters`` may be narrower than ``scope``: a question
    that chose its RFC by title still names a part most RFCs have.)"""
    paths = graph.document_paths(scope)
    if len(paths) < fewest:
        return []
    words = re.findall(r"[\w'’.-]+", question)
    for n in (3, 2, 1):
        for i in range(len(words) - n + 1):
            heading = " ".join(words[i:i + n])
            counted = headed(graph, heading, {"path": scope} if scope else None)
            sections = graph.filter(counted, **filters) if counted and filters else counted
            most = counted and 2 * len({graph.node(s).path for s in counted}) >= len(paths)
            if most and not sections and filters:
                # the document asked of heads that part with more words ("Costs and
                # drawbacks"): it was said to have no section headed "Drawbacks"
                sections = headed_among(graph, heading, filters)
            if sections and most:
                if _named_elsewhere(graph, sections, heading, question, filters, paths):
                    return []
                found = [h.node_id for h in graph.locate(
                    question, k=4, kinds=["section"], filters=filters)]
                return _pick(graph, sections, heading, question, found, lead)
    return []


def heading_asked(graph: DocNavGraph, words: str, question: str, filters: dict | None,
                  lead: str | None = None, scope: str | list[str] | None = None) -> list[str]:
    """The sections headed by all the question asks (``words``: its search words as it
    writes them, "seed lexicon" of "What is the seed lexicon?"), in any number of the
    documents asked of (:func:`template_part` asks most of them to have it): the affective
    events paper's "Seed Lexicon", whose text is all in its subsections, was not read for
    the body paragraphs saying "seed lexicon". Not a document's title section (the whole
    document); of several, those :func:`_pick` picks. Only in the document ``lead`` (the one
    the answer says it read first), or where one document is asked of (``scope``): "What is the
    dataset?" said it read 1805.02400.md first and read another paper's "Dataset"; "Evaluation"
    read one paper's of many with the whole budget."""
    def titles(section: str) -> bool:
        node = graph.node(section)
        root = graph.document_root(node.path)
        return node.parent_id == root and heading_terms(graph.node(root).heading or "") == (
            heading_terms(node.heading or ""))

    if not lead and len(graph.document_paths(scope)) != 1:
        return []
    sections = [s for s in headed(graph, words, filters)
                if not titles(s) and (not lead or graph.node(s).path == lead)]
    return _pick(graph, sections, words, question, [], lead) if sections else []


def _other_words(question: str, heading: str) -> set[str]:
    """The question's search terms but those of the part's heading and the word "section"."""
    return set(tokens(PART_WORDS.sub(" ", question))) - set(tokens(heading))


def _named_elsewhere(graph: DocNavGraph, sections: list[str], heading: str, question: str,
                     filters: dict | None, paths: list[str]) -> bool:
    """Whether the question's other words name a document without such a part better than
    any section so headed is named: "What are the drawbacks of private fields?" asked of RFCs
    is about the private fields RFC, which has no Drawbacks section; the one of the optional
    authors field RFC ("field") is no answer."""
    others = _other_words(question, heading)
    if not others:
        return False
    asked = graph.document_paths(filters["path"]) if filters and filters.get("path") else paths
    titles = document_titles(graph)
    best_title = max((len(others & titles.get(p, set())) for p in asked), default=0)
    best_part = max(len(others & set(tokens(graph.node(s).breadcrumb))) for s in sections)
    return best_part < best_title


def _pick(graph: DocNavGraph, sections: list[str], heading: str, question: str,
          found: list[str], lead: str | None = None) -> list[str]:
    """Of the sections headed ``heading``, those whose document title and headings above
    hold most of the question's other words, the ones the section search found
    (``found``) first; when none holds any, the one of the document ``lead`` (the one the
    question is most likely about, by its best paragraph: "What alternatives were
    considered for the question mark operator?" is about the RFC whose "? operator"
    section says so, not the one whose Alternatives say "operator" most), else only those
    the section search found."""
    others = _other_words(question, heading)
    shared = {s: len(others & set(tokens(graph.node(s).breadcrumb))) for s in sections}
    most = max(shared.values())
    rank = {s: i for i, s in enumerate(found)}
    named = [s for s in sections if shared[s] == most]
    if most == 0 and len(named) > 1:  # no word tells them apart
        named = ([s for s in named if graph.node(s).path == lead]
                 or [s for s in named if s in rank])
    return sorted(named, key=lambda s: rank.get(s, len(rank)))


# a paper's list of works cited, and a question about it ("which works are cited", "the
# references of", "bibliography")
ABOUT_CITED = re.compile(r"\b(?:references?|cit(?:e[sd]?|ing|ations?)|bibliograph\w*)\b", re.I)
_CITED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def works_cited(graph: DocNavGraph) -> frozenset[str]:
    """The paragraphs of the sections headed "References" or "Bibliography" (a paper's works
    cited): their entries hold the words of the titles they cite, and matched questions about
    what those titles are about. Not those of a subsection with a heading of its own ("###
    Appendix A: Sensor calibration" set under "## 6 References")."""
    return _paragraphs_headed(graph, WORKS_CITED, _CITED, own=True)


_CITING: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def citing_documents(graph: DocNavGraph) -> frozenset[str]:
    """The paths of the documents with works cited (:func:`works_cited`), found once per
    graph: the questions asking for references read those of the others (RFCs) as their
    cross-references."""
    if graph not in _CITING:
        _CITING[graph] = frozenset(graph.node(n).path for n in works_cited(graph))
    return _CITING[graph]


def _paragraphs_headed(graph: DocNavGraph, heading: re.Pattern,
                       cache: weakref.WeakKeyDictionary, own: bool = False) -> frozenset[str]:
    """The paragraphs under the sections whose heading ``heading`` matches, found once per
    graph (kept in ``cache``); ``own``: only those not under a subsection of another heading."""
    if graph not in cache:
        heads = {nid for nid, n in graph.nodes_of_kind("section")
                 if heading.match(n.heading or "")}
        cache[graph] = frozenset(
            nid for head in heads for nid in graph.expand(head, depth=10_000)
            if graph.node(nid).kind == "paragraph"
            and not (own and graph.node(nid).parent_id not in heads))
    return cache[graph]


def in_apparatus(graph: DocNavGraph, node_id: str) -> bool:
    """Whether a node is (or lies inside) a section headed as works cited or a table of
    contents: one asked for by name is read whole, its apparatus included."""
    at: str | None = node_id
    while at is not None:
        node = graph.node(at)
        if node.kind == "section" and (WORKS_CITED.match(node.heading or "")
                                       or CONTENTS.match(node.heading or "")):
            return True
        at = node.parent_id
    return False


# LaTeX's list of works cited, its start and its end
_BIBLIOGRAPHY_BEGIN = re.compile(r"^\s*\\begin\{thebibliography\}")
_BIBLIOGRAPHY_END = re.compile(r"\\end\{thebibliography\}")
_BIBLIOGRAPHIES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def bibliographies(graph: DocNavGraph) -> frozenset[str]:
    """The paragraphs of LaTeX's bibliography environments left in a document's text, from
    "\\begin{thebibliography}" to "\\end{thebibliography}" in reading order, whatever the
    heading they are under (1805.02400's Markdown has them under "Acknowledgments": "\\newblock
    Automated crowdturfing attacks and defenses ..." was evidence for "What is
    crowdturfing?"), found once per graph. One with no end ends with its section: an
    Appendix after it was never read. A code block opens none (:func:`listed_text`)."""
    if graph not in _BIBLIOGRAPHIES:
        found: set[str] = set()
        for nid, node in graph.nodes_of_kind("paragraph"):
            if not _BIBLIOGRAPHY_BEGIN.match(listed_text(node)) or nid in found:
                continue
            kids = [k for parent in graph.navigate(nid, "parent")
                    for k in graph.navigate(parent, "children")]
            found.update(kids[i] for i in bibliography_runs(
                [listed_text(graph.node(k)) for k in kids]))
        _BIBLIOGRAPHIES[graph] = frozenset(found)
    return _BIBLIOGRAPHIES[graph]


def listed_text(node) -> str:
    """A node's text as :func:`bibliography_runs` reads it: a paragraph's, and none of a
    subsection or a code block ("```latex" showing how to write "\\begin{thebibliography}"
    opened one, and the prose after it, to its section's end, was taken for its entries)."""
    return node.text if node.kind == "paragraph" and node.block_kind != "code" else ""


def bibliography_runs(texts: list[str]) -> list[int]:
    """The places, among a section's children's texts in reading order (a subsection's as
    ""), of its LaTeX bibliography environments: from a paragraph that opens one to the one
    that ends it, or to the section's end (:func:`bibliographies`; `docnav show` counts them
    so)."""
    found: list[int] = []
    inside = False
    for at, text in enumerate(texts):
        inside = inside or bool(_BIBLIOGRAPHY_BEGIN.match(text))
        if inside:
            found.append(at)
            inside = not _BIBLIOGRAPHY_END.search(text)
    return found


# LaTeX's commands naming a bibliography's style and its BibTeX files, which print no text of
# their own: a paragraph of them alone ("\bibliographystyle{splncs}", "\bibliography{refs}");
# biblatex's "\addbibresource{refs.bib}" and "\printbibliography[heading=none]"
_BIBLIOGRAPHY_COMMANDS = re.compile(
    r"(?:\s*\\(?:(?:bibliography(?:style)?|addbibresource)\s*(?:\[[^\]]*\])?\s*\{[^}]*\}"
    r"|printbibliography\b\s*(?:\[[^\]]*\])?))+\s*")
_COMMANDS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def bibliography_commands(graph: DocNavGraph) -> frozenset[str]:
    """The paragraphs that are LaTeX's (or biblatex's) bibliography commands alone, wherever
    they are (1805.02400's Markdown has "\\bibliographystyle{splncs}" under "Acknowledgments",
    before its bibliography), found once per graph: read with the section as its text."""
    if graph not in _COMMANDS:
        _COMMANDS[graph] = frozenset(nid for nid, node in graph.nodes_of_kind("paragraph")
                                     if bibliography_command(listed_text(node)))
    return _COMMANDS[graph]


def bibliography_command(text: str) -> bool:
    """Whether a paragraph's ``text`` is bibliography commands alone
    (:func:`bibliography_commands`)."""
    return bool(_BIBLIOGRAPHY_COMMANDS.fullmatch(text))


_BIBITEM = re.compile(r"\\bibitem\b")


def bibitems(texts: list[str]) -> int:
    """How many works a LaTeX bibliography's paragraphs ``texts`` list: its "\\bibitem"s
    (each opens an entry, its author and title in the paragraphs after it)."""
    return sum(len(_BIBITEM.findall(text)) for text in texts)


def unasked_apparatus(graph: DocNavGraph, question: str, asked: str | None = None
                      ) -> frozenset[str]:
    """The works cited (:func:`works_cited`, :func:`bibliographies`) and LaTeX's
    bibliography commands (:func:`bibliography_commands`), which are no evidence unless the
    question asks about references or citations, and the tables of contents
    (:func:`contents`), unless it asks about contents, chapters, sections or pages; none of
    those it asks about, nor any where the part ``asked`` for is (or is inside) a section
    headed as one (:func:`in_apparatus`: "What does section 6 say?" of "6 References")."""
    if asked is not None and in_apparatus(graph, asked):
        return frozenset()
    return ((frozenset() if ABOUT_CITED.search(question)
             else works_cited(graph) | bibliographies(graph) | bibliography_commands(graph))
            | (frozenset() if ABOUT_CONTENTS.search(question) else contents(graph)))


# a table of contents' heading, and a question asking what it lists ("On which page does
# Chapter 3 start?", "What sections does the redbook have?")
CONTENTS = re.compile(r"^\W*(?:table\s+of\s+)?contents\W*$", re.I)
ABOUT_CONTENTS = re.compile(r"\b(?:contents|chapters?|sections?|pages?|outline)\b", re.I)
_CONTENTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def contents(graph: DocNavGraph) -> frozenset[str]:
    """The paragraphs of the sections headed "Contents" or "Table of Contents": their entries
    hold the headings' words and page numbers, no text ("Chapter 2. Roles and separation of
    duties … 7" was read first for "What is separation of duties?")."""
    return _paragraphs_headed(graph, CONTENTS, _CONTENTS)
