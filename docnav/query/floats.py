"""Tables and figures a question names by label ("What does Table 2 show?"; "Table 3" is also
IEEE's "TABLE III"): the caption so labelled ("Table 2: The number of discourse arguments
..."), the table it captions, and the paragraphs that refer to it. Searched for, "Table 2"
was the words "table" and "2": the causal explanation paper's Table 1 came first, and a
label no table carries was not said. "What tables does the paper have?" is answered by its
captions."""

from __future__ import annotations

import re
import weakref

from docnav.query.evidence import EvidenceState, Run, names_nothing
from docnav.query.graph import DocNavGraph
from docnav.query.lexical import tokens
from docnav.refs import caption_rank, float_label, float_labels, float_refs, label_range

_FLOATS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_CAPTIONS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_LABEL_WORD = re.compile(r"^(?:tables?|tabs?\.|figures?|figs?\.)\s*", re.I)
PER_LABEL = 2  # documents' captions read for one label asked at most: the two it is most about
MOST_ROWS = 40  # paragraphs of a table read with its caption at most
MENTIONS = 3  # paragraphs of a document read mentioning a table it lacks at most
_KIND_WORDS = {"table": "table tab", "figure": "figure fig"}


def labelled_floats(graph: DocNavGraph, question: str,
                    filters: dict | None) -> tuple[list[str], list[str]]:
    """The captions of the tables and figures ``question`` names by label ("Table 2", "table
    12", "Tab. 2", "Fig. 3", "TABLE III", "Figure 1-2", "Tables 2 and 3", "Tables 2-4"; a
    Roman numeral in capitals: "Table I", not "table civil"), of the documents ``filters``
    passes; and the labels no caption of them carries ("Table 9"). Of several documents,
    two at most for each label: those whose sections the question's other words find first
    ("Table 2 ... about the Armenian test sets": pioNER's), or, where it has none, those
    whose captions write their numbers in Roman numerals as the question does ("What do
    Tables IV and V show?"); each document's in the question's order."""
    index = _index(graph)
    asked: list[tuple[bool, list[str]]] = []  # each label asked: Roman?, its captions
    unfound: list[str] = []
    for ref in float_refs(question):
        for label in ref.labels:
            labels = [label] if (ref.kind, label) in index else label_range(label) or [label]
            for lb in labels:
                captions = index.get((ref.kind, lb), [])
                if captions and filters:
                    captions = graph.filter(captions, **filters)
                if captions:
                    asked.append((ref.roman, captions))
                else:
                    unfound.append(ref.written if len(ref.labels) == 1 and len(labels) == 1
                                   else f"{ref.kind.title()} {lb}")
    rank: dict[str, int] = {}
    about = not names_nothing(without_labels(question))
    if about and len({graph.node(c).path for _, captions in asked for c in captions}) > 1:
        hits = graph.locate(without_labels(question), k=10, kinds=["section"],
                            filters=filters)
        rank = {graph.node(h.node_id).path: i for i, h in reversed(list(enumerate(hits)))}

    def place(caption: str, roman: bool) -> tuple[int, int]:
        node = graph.node(caption)
        refs = float_refs(node.text)
        unlike = int(roman and bool(refs) and not refs[0].roman)
        found = rank.get(node.path, len(rank))
        return (found, unlike) if about else (unlike, found)

    found = {c: (place(c, roman), i) for i, (roman, captions) in enumerate(asked)
             for c in sorted(captions, key=lambda c: place(c, roman))[:PER_LABEL]}
    return sorted(found, key=found.get), unfound


# "What tables does the pioNER paper have?", "List the figures", "tables and figures": the
# captions are the answer (plural: "a hash table" names none)
LISTED = re.compile(r"\b(?:(?:tables|figures)\s+and\s+(?:tables|figures)|tables|figures)\b",
                    re.I)


def read_captions(graph: DocNavGraph, run: Run, asked: str) -> bool:
    """The captions of the tables or figures (or both, as ``asked`` names them) of the
    documents asked of, each document's in reading order, as the budget allows; of a
    document asked for its tables that captions none, its tables themselves ("What tables
    does word_sample.docx have?": its calorie table, which no caption names, was searched
    for the word "tables"). Where none has either, nothing is read: the answer is that
    ("List the tables" of papers holding none read the paragraphs saying "table"). The
    trace's "captions" step counts them (``counts``: of each kind asked, its captions'
    labels and, of tables, those of documents captioning none)."""
    said = {m.group(0).lower() for m in LISTED.finditer(asked)}
    kinds = {k for k in ("table", "figure") if any(k in s for s in said)}
    paths = graph.document_paths(run.scope) if run.scope else graph.document_paths()
    order = {p: i for i, p in enumerate(paths)}

    def in_order(ids):
        return sorted(ids, key=lambda n: (order[graph.node(n).path], graph.node(n).position))

    labelled = {(kind, label, c) for (kind, label), captions in _index(graph).items()
                if kind in kinds for c in captions if graph.node(c).path in order}
    found = {(kind, c) for kind, _, c in labelled}
    captions = in_order(c for _, c in found)
    captioned = {graph.node(c).path for kind, c in found if kind == "table"}
    tables = in_order(nid for nid, n in graph.nodes_of_kind("paragraph")
                      if "table" in kinds and n.block_kind == "table" and n.path in order
                      and n.path not in captioned)
    # nothing else asked: no piece need say "tables" (a table's rows do not)
    run.state = EvidenceState(LISTED.sub(" ", run.state.question), run.state.budget,
                              remainder=True)
    # as many as there are labels: a caption may hold two ("Figure 7-26. Self-locking nuts.
    # Figure 7-27. Stainless steel self-locking nut.")
    counts = {k: sum(kind == k for kind, _, _ in labelled) + len(tables) * (k == "table")
              for k in sorted(kinds)}
    run.op("captions", kinds=sorted(kinds),
           document_count=len({graph.node(c).path for c in captions}),
           n=len(labelled), uncaptioned=len(tables),
           uncaptioned_in=len({graph.node(t).path for t in tables}), counts=counts,
           holding=len({graph.node(n).path for n in captions + tables}),
           asked_of=len(paths))
    run.take(captions, "caption")
    run.take(tables, "table")
    return True


def read_labelled(graph: DocNavGraph, run: Run, captions: list[str], short_words: int,
                  alone: bool) -> bool:
    """Each table or figure named by label (``captions``): its caption with the table it
    captions (:func:`with_its_table`), then the paragraphs of its document referring to it
    ("Table 2 shows ..."). True when the question asks nothing else (``alone``: no other
    part named, no label unfound; and no word but asking ones): then no other caption saying
    "table" is read."""
    state = run.state
    searched_without_labels(state)
    run.op("locate", over="tables and figures named by label", hits=captions)
    for caption in captions:
        parts = with_its_table(graph, caption, short_words)
        run.op("expand", node=caption, to="its table", n=len(parts) - 1)
        run.take(parts, "section")
        path = graph.node(caption).path
        referring = [n for n in graph.navigate(caption, "referenced-by")
                     if graph.node(n).path == path][:3]
        if referring:
            run.op("navigate", node=caption, direction="referenced-by", to=referring)
            run.take(referring, "reference")
    return alone and names_nothing(without_labels(state.question))


def searched_without_labels(state: EvidenceState) -> None:
    """Searched without the numbers of the labels the question names: its number found a
    table, or it is no table's ("2" of "Table 2" read a document's "2 Section 2"); nor an
    abbreviation ("Tab. 2" of a caption "Table 2:"): asked only that, a piece holds its word
    ("table")."""
    by_label = label_terms(state.question)
    terms = [t for t in state.terms if t not in by_label]
    if not terms:
        for ref in float_refs(state.question):
            for term in tokens(ref.kind):
                state.words.setdefault(term, ref.kind)
                terms.append(term)
    state.terms = list(dict.fromkeys(terms)) or state.terms


def mentions(graph: DocNavGraph, said: str, filters: dict | None) -> list[str]:
    """The paragraphs of the documents ``filters`` passes that mention the table or figure
    ``said`` ("Table 2", as :func:`labelled_floats` says one no caption carries), in reading
    order, :data:`MENTIONS` of each document at most: Qasper's papers as Markdown keep "In
    Table 2 , we report ..." without the table."""
    refs = float_refs(said)
    if not refs:
        return []
    kind, label = refs[0].kind, refs[0].labels[0]
    ids = {n for term in tokens(_KIND_WORDS[kind])
           for n in graph.holders([term], kinds=["paragraph"], filters=filters)}
    out: list[str] = []
    per_document: dict[str, int] = {}
    for nid in graph.in_reading_order(ids):
        node = graph.node(nid)
        if (per_document.get(node.path, 0) < MENTIONS
                and any(r.kind == kind and label in r.labels for r in float_refs(node.text))):
            per_document[node.path] = per_document.get(node.path, 0) + 1
            out.append(nid)
    return out


def read_mentioned(graph: DocNavGraph, run: Run, mentioned: dict[str, list[str]],
                   alone: bool) -> bool:
    """The paragraphs mentioning each table or figure asked for by label that no caption of
    the store carries (``mentioned``: its label -> :func:`mentions`), said to be mentioned
    only (``Run.mentioned``). True when the question asks nothing else (``alone``, and no
    word but asking ones)."""
    searched_without_labels(run.state)
    run.op("locate", over="mentions of tables and figures the store lacks",
           labels=list(mentioned), hits=[n for ids in mentioned.values() for n in ids])
    for ids in mentioned.values():
        run.take(ids, "reference")
    run.mentioned += list(mentioned)
    return alone and names_nothing(without_labels(run.state.question))


def label_terms(question: str) -> set[str]:
    """The search terms of the labels ``question`` names that no piece need hold, found by
    the label: their numbers' ("2" of "Table 2", "iii" of "Table III"), abbreviated
    words' ("tab" of "Tab. 2") and a word joined to its number ("table1" of "Table1")."""
    out: set[str] = set()
    for ref in float_refs(question):
        word = _LABEL_WORD.match(ref.written).group(0)
        out.update(tokens(ref.written[len(word):]))
        out.update(set(tokens(ref.written)) - set(tokens(word)))
        if word.rstrip().endswith("."):
            out.update(tokens(word))
    return out


def without_labels(question: str) -> str:
    """``question`` without the tables' and figures' labels it names ("Table 2")."""
    for ref in reversed(float_refs(question)):
        question = f"{question[:ref.start]} {question[ref.end:]}"
    return " ".join(question.split())


def labels_as_kinds(text: str) -> str:
    """``text`` with each table's or figure's label written as its kind ("What does table
    show?" of "What does Table 2 show?"): searched for, its number found every "2"."""
    for ref in reversed(float_refs(text)):
        text = f"{text[:ref.start]}{ref.kind}{text[ref.end:]}"
    return text


def with_its_table(graph: DocNavGraph, caption: str, short_words: int) -> list[str]:
    """The caption and the table it captions, in reading order: the table blocks and short
    lines (column heads, rows the PDF reader left as text: under ``short_words`` words) on
    one side of it, back to a longer paragraph or another caption. Captions sit above their
    tables in some papers (pioNER's "TABLE III: ...") and below in others (the causal
    explanation paper's "Table 2: ..."): where rows lie on both sides, the side the
    document's other captions have theirs on alone; below the caption when they tell
    nothing. The caption alone for a figure, or where no table block is next to it."""
    node = graph.node(caption)
    if (label := float_label(node.text, node.block_kind)) and label[0] == "figure":
        return [caption]  # a table next to a figure's caption is another's
    before, after = _rows(graph, caption, "previous", short_words), _rows(
        graph, caption, "next", short_words)
    above, below = _has_table(graph, before), _has_table(graph, after)
    if above and below:
        above = _captions_below_their_tables(graph, node.path, short_words)
    if above:
        return [*before[::-1], caption]
    return [caption, *after] if below else [caption]


def _rows(graph: DocNavGraph, caption: str, direction: str, short_words: int) -> list[str]:
    node = graph.node(caption)
    out: list[str] = []
    at = caption
    while len(out) < MOST_ROWS:
        step = graph.navigate(at, direction)[:1]
        if not step:
            break
        n = graph.node(step[0])
        if (n.kind != "paragraph" or n.parent_id != node.parent_id
                or float_label(n.text, n.block_kind)
                or (n.block_kind != "table" and len(n.text.split()) >= short_words)):
            break
        out.append(n.node_id)
        at = n.node_id
    return out


def _has_table(graph: DocNavGraph, ids: list[str]) -> bool:
    return any(graph.node(i).block_kind == "table" for i in ids)


def _captions_below_their_tables(graph: DocNavGraph, path: str, short_words: int) -> bool:
    """Whether the table captions of the document ``path`` with rows on one side only have
    them above (the captions below their tables) more often than below."""
    key = (path, short_words)
    cache = _CAPTIONS.setdefault(graph, {})
    if key not in cache:
        votes = 0
        for (kind, _), captions in _index(graph).items():
            for c in captions:
                if kind != "table" or graph.node(c).path != path:
                    continue
                above = _has_table(graph, _rows(graph, c, "previous", short_words))
                below = _has_table(graph, _rows(graph, c, "next", short_words))
                votes += (above and not below) - (below and not above)
        cache[key] = votes > 0
    return cache[key]


def _index(graph: DocNavGraph) -> dict[tuple[str, str], list[str]]:
    """(kind, label) -> the caption so labelled of each document (its first caption so
    labelled, else its first paragraph so beginning; one going on as a sentence last: "Table
    2-2 shows a comparison ..." is no caption where "Table 2-2 Comparison of ..." is), made
    once per graph."""
    if graph not in _FLOATS:
        index: dict[tuple[str, str], list[str]] = {}
        seen: set[tuple[str, str, str]] = set()
        for nid, n in sorted(graph.nodes_of_kind("paragraph"), key=lambda s: (
                s[1].path, caption_rank(s[1].text, s[1].block_kind), s[1].position)):
            for label in float_labels(n.text, n.block_kind):
                if (n.path, *label) not in seen:
                    seen.add((n.path, *label))
                    index.setdefault(label, []).append(nid)
        _FLOATS[graph] = index
    return _FLOATS[graph]
