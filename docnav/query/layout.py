"""Questions about a document's layout rather than its words: a page it names ("What is on page
36 of the Adobe 10-K?") is read, and its parts asked for alone ("What sections does the Adobe
10-K have?") are answered by its outline. Searched for, "page 36" read the cover page and asked
for the "pages" field, and "sections" was a word no paragraph holds."""

from __future__ import annotations

import glob
import re
import weakref

from docnav.query.evidence import EvidenceState, Run
from docnav.query.graph import DocNavGraph, Piece, count_tokens

# "page 36", "pages 36-38", "pages 36 and 37", "p. 36", "pp. 36–38" in a question
# (any number of digits: "page 99999" is a page no document has, which is said, not a word)
PAGES_ASKED = re.compile(r"\b(?:pages?\s*|pp?\.\s*)(\d+)"
                         r"(?:\s*(?:-|–|—|to|through|and)\s*(\d+))?\b", re.I)
MOST_PAGES = 20  # of a range asked for, at most this many pages are read
# "Which page discusses ...?", "On what pages is ... mentioned?": where, which every piece's
# page says; "page" is no word to find, nor the "pages" field
WHICH_PAGE = re.compile(r"\b(?:on\s+|in\s+)?(?:which|what)\s+pages?\b", re.I)
# a question asking for a document's parts: "What sections does the Adobe 10-K have?", "What
# is the structure of ...", "Show the table of contents of ...", "How is ... organised?"
OUTLINE_ASKED = re.compile(r"\b(?:sections?|chapters?|parts|headings?|outline|structured?|"
                           r"organi[sz](?:ed|ation)|divided|(?:table\s+of\s+)?contents)\b",
                           re.I)
MOST_OUTLINED = 3  # documents whose outlines one answer gives
_PAGED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def pages_asked(question: str) -> list[tuple[str, int, int]]:
    """The pages the question names: (as it writes them, first, last) of each page or range
    (:func:`read_pages` reads at most :data:`MOST_PAGES` of a range, and says so)."""
    out = []
    for m in PAGES_ASKED.finditer(question):
        first = int(m.group(1))
        out.append((m.group(0).strip(), first, max(first, int(m.group(2) or first))))
    return out


def paragraphs_on_pages(graph: DocNavGraph, path: str, first: int, last: int) -> list[str]:
    """The paragraphs of the document at ``path`` printed on pages ``first`` to ``last``, in
    reading order (none for a document without page numbers)."""
    return [nid for _, page, nid in _paged(graph).get(path, []) if first <= page <= last]


def paragraph_pages(graph: DocNavGraph, path: str) -> list[int]:
    """The pages the paragraphs of the document at ``path`` are printed on, in order."""
    return sorted({page for _, page, _ in _paged(graph).get(path, [])})


def _paged(graph: DocNavGraph) -> dict[str, list[tuple[int, int, str]]]:
    """Per document, (position, page, id) of its paragraphs with a page, in reading order;
    made once per graph."""
    if graph not in _PAGED:
        index: dict[str, list[tuple[int, int, str]]] = {}
        for nid, n in graph.nodes_of_kind("paragraph"):
            if n.page is not None:
                index.setdefault(n.path, []).append((n.position, n.page, nid))
        _PAGED[graph] = {p: sorted(rows) for p, rows in index.items()}
    return _PAGED[graph]


def read_pages(graph: DocNavGraph, run: Run, pages: list[tuple[str, int, int]]) -> bool:
    """The pages the question names, read whole in reading order, within the budget: of
    each document asked of that has them, the one the question's other words find first
    ("What does page 5 say about stores?" of several filings). A page none has is said
    (``Answer.unfound``, as "Note 99"). True when any page was read: the answer is that
    text, nothing else is looked for; and when no page asked is one the documents with page
    numbers have: the answer says so, with no evidence ("What is on page 500 of the Adobe
    10-K?" read twelve passages holding "Adobe", with confidence 1.00, of no page 500)."""
    paths = graph.document_paths(run.scope)
    rank: dict[str, int] = {}
    if run.state.terms:
        for h in graph.locate(run.question, k=20, kinds=["paragraph"], filters=run.filters):
            rank.setdefault(graph.node(h.node_id).path, len(rank))
    read = past = False
    for written, first, asked_last in pages:
        last = min(asked_last, first + MOST_PAGES - 1)
        on = {p: ids for p in paths if (ids := paragraphs_on_pages(graph, p, first, last))}
        if not on:  # said with the pages there are: "page 136 (the last page is 99)"
            last_pages = [printed[-1] for p in paths if (printed := paragraph_pages(graph, p))]
            said = (f"{written} (the last page is {max(last_pages)})" if last_pages else
                    f"{written} (no document asked of has page numbers)")
            run.unfound.append(said)
            run.op("no part", labels=[said])
            past = past or bool(last_pages)
            continue
        for path in sorted(on, key=lambda p: (rank.get(p, len(rank)), p)):
            # the pages read, of those asked: within the document's, at most MOST_PAGES
            printed = sorted({graph.node(i).page for i in on[path]})
            run.op("pages", document=path, first=printed[0], last=printed[-1],
                   paragraphs=len(on[path]), asked=[first, asked_last],
                   cut=last if last < asked_last else None,
                   document_last=paragraph_pages(graph, path)[-1])
            for ids in _on_pages_first(graph, run, path, on[path]):
                run.take(ids, "page")
            read = True
    return read or past


def _on_pages_first(graph: DocNavGraph, run: Run, path: str, ids: list[str]) -> list[list[str]]:
    """The paragraphs of pages asked for, in the order to take them: all at once (read in
    reading order) where they fit the budget left or the question asks nothing else; else
    those the question's other words find, best first, one at a time, then the rest ("What
    do pages 30-45 say about stock repurchases?": the pages' first paragraphs filled the
    budget)."""
    size = sum(count_tokens(graph.node(i).text) for i in ids)
    if not run.state.terms or size <= run.state.remaining:
        return [ids]
    on = set(ids)
    hits = [h.node_id for h in graph.locate(run.question, k=min(len(ids), 200),
                                            kinds=["paragraph"],
                                            filters={"path": glob.escape(path)})
            if h.node_id in on]
    run.op("locate", over="the pages asked for", hits=hits[:8])
    found = set(hits)
    return [[h] for h in hits] + [[i for i in ids if i not in found]]


def _outlined(graph: DocNavGraph, scope: str | list[str] | None) -> list[str]:
    """The paths of the documents asked of, where outlines answer for them: of one to
    :data:`MOST_OUTLINED` documents; none otherwise."""
    paths = graph.document_paths(scope) if scope else graph.document_paths()
    return paths if 1 <= len(paths) <= MOST_OUTLINED else []


def can_outline(graph: DocNavGraph, scope: str | list[str] | None) -> bool:
    """Whether :func:`read_outlines` answers a question asked of ``scope``: of one to
    :data:`MOST_OUTLINED` documents, one with sections at least."""
    return any(graph.node(c).kind == "section" for path in _outlined(graph, scope)
               for c in graph.navigate(graph.document_root(path), "children"))


def read_outlines(graph: DocNavGraph, run: Run) -> bool:
    """The outline of each document asked of (at most :data:`MOST_OUTLINED`), a share of
    the budget each: its sections' headings, indented by depth, as deep as fits. False
    where the question is asked of more documents, or of none with sections."""
    paths = _outlined(graph, run.scope)
    if not paths:
        return False
    share = run.state.budget // len(paths)
    pieces = [p for p in (document_outline(graph, graph.document_root(path), share)
                          for path in paths) if p is not None]
    if pieces:
        run.op("outline", documents=paths, added=run.state.add(pieces, "outline"))
    return bool(pieces)


def part_outline(graph: DocNavGraph, section: str, room: int) -> Piece | None:
    """The headings of a part's subsections, a line each, as one piece citing the part
    ("What are Amazon's main risk factors?": Item 1A's risk headings, where its summary's
    sources gave three of 24), in ``room`` tokens at most, the number left out said; None for
    a part of fewer than three subsections, or room for less than 16 tokens."""
    node = graph.node(section)
    subs = [graph.node(c).heading for c in graph.navigate(section, "children")
            if graph.node(c).kind == "section"]
    if len(subs) < 3 or room < 16:
        return None
    lines: list[str] = []
    for heading in subs:
        more = f"(and {len(subs) - len(lines)} more)"
        if count_tokens("\n".join([*lines, f"- {heading}", more])) > room:
            lines.append(more)
            break
        lines.append(f"- {heading}")
    text = "\n".join(lines)
    return Piece(section, node.path, node.breadcrumb, node.page, text, count_tokens(text))


def document_outline(graph: DocNavGraph, root: str, budget: int) -> Piece | None:
    """A document's headings, a line each, indented by depth, in reading order, to the
    depth that fits ``budget``, a heading at that depth with subsections saying how many
    ("- Detailed design (6 subsections)"); the top level cut, the number left out said,
    where even it does not fit. None for a document without sections."""
    rows: list[tuple[int, str, int]] = []  # depth, heading, subsections

    def walk(node: str, depth: int) -> None:
        for child in graph.navigate(node, "children"):
            if graph.node(child).kind == "section":
                rows.append((depth, graph.node(child).heading, 0))
                at = len(rows) - 1
                walk(child, depth + 1)
                subsections = sum(d == depth + 1 for d, _, _ in rows[at + 1:])
                rows[at] = (depth, rows[at][1], subsections)

    walk(root, 1)
    if not rows:
        return None
    text = ""
    # as deep as fits, saying how many subsections lie below where it fits with them
    for deepest, counted in ((d, c) for d in range(max(d for d, _, _ in rows), 0, -1)
                             for c in (True, False)):
        text = "\n".join(f"{'  ' * (d - 1)}- {h}" + (f" ({n} subsection{'s' * (n > 1)})"
                                                     if counted and d == deepest and n else "")
                         for d, h, n in rows if d <= deepest)
        if count_tokens(text) <= budget:
            break
    else:  # the top level alone is too long: cut, the number left out said
        top = [f"- {h}" for d, h, _ in rows if d == 1]
        lines: list[str] = []
        for line in top:
            more = f"(and {len(top) - len(lines)} more)"
            if count_tokens("\n".join([*lines, line, more])) > budget:
                lines.append(more)
                break
            lines.append(line)
        text = "\n".join(lines)
    node = graph.node(root)
    return Piece(root, node.path, node.breadcrumb, None, text, count_tokens(text))


# the parts asked for by what they are on: "What sections does the Amazon 10-K have on books?",
# "Which sections of the paper are about risk?", "List the chapters covering pumps": the parts
# are what is asked for, so "on" follows them, "are", "... have" or the document they are of
# (not "What does Section 3 say about pumps?", "Which sections report results on the test
# set?", "Which section describes the impact of pinning on async functions?")
_OF_DOCUMENT = r"(?:\s+(?:of|in)\s+(?:the\s+)?(?-i:(?:[A-Z0-9][\w.\-]*\s+){0,3})[\w.\-]+)?"
PARTS_ON = re.compile(r"^\W*(?:what|which|list|name|show(?:\s+me)?)\s+(?:(?:are\s+)?the\s+)?"
                      r"(?P<parts>sections?|chapters?|parts|headings?)"
                      r"(?:\s+(?:does|do)\s+.+?\s+have|"
                      + _OF_DOCUMENT + r"(?:\s+(?:(?:that|which)\s+)?(?:are|is))?)"
                      r"\s+(?:on|about|regarding|concerning|covering|"
                      r"(?:that|which)\s+(?:mention|discuss|cover)\w*)"
                      r"\s+(?P<what>\w.*?)\W*$", re.I)


# the headings asked for by a verb saying what they hold: "Which headings mention lifetimes?",
# "... that discuss", "... talk about" (not "Which headings are long?")
_HEADINGS_SAYING = re.compile(r"^\W*(?:what|which|list|name|show(?:\s+me)?)\s+(?:(?:are\s+)?"
                              r"the\s+)?(?P<parts>headings?)(?P<verb>\s+(?:(?:that|which)\s+)?"
                              r"(?:mention|discuss|cover|talk|refer|deal|address|describ|"
                              r"explain)\w*(?:\s+(?:about|to|with))?)\s+\w", re.I)


def as_sections(question: str) -> str:
    """``question`` asking for the headings on something ("Which headings are on lifetimes?",
    "Which headings mention lifetimes?") as asking for the sections on it ("Which sections
    are on lifetimes?"), which lists them (:func:`read_parts_on`; the answer's
    ``searched_as``); "headings" was searched for as a word and said missing, and asked as
    "Which sections mention lifetimes?", "sections" was (paragraphs saying "this section"),
    "talk" of "talk about". Any other question as it is."""
    if saying := _HEADINGS_SAYING.search(question):
        one = not saying.group("parts").lower().endswith("s")
        return (question[:saying.start("parts")] + ("section is on" if one else "sections are on")
                + question[saying.end("verb"):])
    on = PARTS_ON.search(question)
    if on is None or not on.group("parts").lower().startswith("heading"):
        return question
    sections = "sections" if on.group("parts").lower().endswith("s") else "section"
    return question[:on.start("parts")] + sections + question[on.end("parts"):]


def read_parts_on(graph: DocNavGraph, run: Run) -> bool:
    """The parts the question asks for by what they are on, of one to :data:`MOST_OUTLINED`
    documents: the headings of the sections whose paragraphs (or headings) hold its words,
    in reading order (those holding its words as written first, those holding another form
    alone marked), each with how many of its paragraphs do, as one piece per document
    citing it (a quarter of the budget each at most), then those paragraphs, in reading
    order. Its outline asked for with "on books", "What sections does the Amazon 10-K have on
    books?" read the cover page's "SECTION 13" and named no section. False where none holds
    them (the question is then read as any other)."""
    on = PARTS_ON.search(run.question)
    # (less the "in" of the document named after it, which is out of the question by now:
    # "Which sections are on lifetimes in RFC 2394?" said "holding "lifetimes in"")
    what = re.sub(r"(?i)\s+(?:in|of)$", "", on.group("what")) if on else ""
    state = EvidenceState(what, run.state.budget, remainder=True) if on else None
    terms = state.terms if state else []
    paths = _outlined(graph, run.scope) if terms else []
    # its words as written ("books"), which the sections holding them are listed by first:
    # those holding another form alone ("book value" of "books": Goodwill) after them, marked
    forms = [re.compile(rf"(?<!\w){re.escape(state.words[t])}(?!\w)", re.I) for t in terms]
    pieces, held_by, sections = [], [], 0
    for path in paths:
        held: dict[str, list[str]] = {}  # each section's paragraphs, in reading order
        asked: list[str] = []  # those holding the words as written
        for nid in graph.holders(terms, kinds=["paragraph"], filters={"path": glob.escape(path)}):
            node = graph.node(nid)
            trail = " › ".join(node.breadcrumb.split(" › ")[1:] or ["(before any heading)"])
            held.setdefault(trail, []).append(nid)
            if all(f.search(f"{node.heading or ''} {node.text}") for f in forms):
                asked.append(nid)
        if held:
            sections += len(held)
            root = graph.node(graph.document_root(path))
            ranked = sorted(held, key=lambda trail: not set(held[trail]) & set(asked))
            lines = [f"- {trail} ({len(held[trail])} paragraph{'s' * (len(held[trail]) != 1)}"
                     + ("" if set(held[trail]) & set(asked) else ", another form of its words")
                     + ")" for trail in ranked]
            text = _fitted(f'Sections holding "{what}":', lines,
                           run.state.budget // 4)
            pieces.append(Piece(root.node_id, path, root.breadcrumb, root.page, text,
                                count_tokens(text)))
            held_by += asked + [n for ids in held.values() for n in ids if n not in asked]
    if pieces:
        run.op("sections holding", said=what, terms=terms, documents=paths,
               sections=sections,
               added=run.state.add(pieces, "outline"))
        run.take(held_by, "sections holding")  # then those paragraphs, in reading order
        # (those holding the words as written first)
    return bool(pieces)


def _fitted(head: str, lines: list[str], room: int) -> str:
    """``head`` and as many of ``lines`` as fit ``room`` tokens, the number left out said."""
    kept = [head]
    for i, line in enumerate(lines):
        more = f"(and {len(lines) - i} more)"
        if count_tokens("\n".join([*kept, line, more])) > room:
            kept.append(more)
            break
        kept.append(line)
    return "\n".join(kept)
