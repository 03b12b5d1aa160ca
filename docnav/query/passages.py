"""Passages: how the navigator reads paragraphs once its route's own steps are done.

Passages are read in the order of three fused rankings (reciprocal rank fusion): the
paragraphs' BM25 rank, their embedding rank, and a *reading order* — the sections that
``locate`` finds for the question (by heading, summary and section vector), best first, each
read from its start. A reader who has found the right section reads it from the top; a
paragraph that is both a good match and in a good section comes first. The reading order is
a guess about where the answer is, not a match: it weighs three quarters of a search's
ranking, so the opening of a found section that neither search ranks near the top does not
come before the paragraph both searches put first. A question asking for a figure ("How
many ...?") has a fourth: the paragraphs stating one (:mod:`docnav.query.quantities`). A
short hit (a heading, caption or table title that the parser left as a paragraph) and a
lead-in ending in a colon are followed by the paragraph after them, where their content is;
a PDF's table of figures by the column heads above it. A paragraph of markup alone (a
paper's LaTeX line "\\begin{center}", :mod:`docnav.query.markup`) is read only where word
search found it, and never as the paragraph after a hit. A local question asked of several
documents reads first the passages of the one it is most likely about
(:meth:`Passages.best_document`), up to a share of the budget, then those of them all.
"""

from __future__ import annotations

import glob
import re
from collections.abc import Container

from docnav.query.evidence import COLUMN_HEADS, Run, fetch_within
from docnav.query.graph import DocNavGraph
from docnav.query.pieces import Piece
from docnav.query.search import rrf
from docnav.query.in_turn import interleave, named_by_title, titled_by
from docnav.query.lexical import tokens
from docnav.query.markup import latex_alone, says_nothing, structure_alone
from docnav.query.names import without_names
from docnav.query.options import NavigatorOptions
from docnav.query.acronyms import asked_acronym, run_definitions
from docnav.query.parts import unasked_apparatus
from docnav.query.quantities import asks_quantity, holds_figure, states_quantity
from docnav.refs import float_label
from docnav.tree import PREAMBLE

# the trace's name for the passages of the document a question is most likely about
BEST_DOCUMENT = "the paragraphs of the best document"
# a table's first line is a row of figures, not its column heads ("North America $ 63,708 …")
_FIGURES_ROW = re.compile(r"[\d)%]\s*$")
# a line of years alone, a table's column heads: "2015 2016 2017", "2023 2022 2021"
_YEARS = re.compile(r"^\s*(?:(?:19|20)\d\d\s+){1,5}(?:19|20)\d\d\s*$")
# "Start Date: 2024-09-10": a key, a colon and its value
_KEY = re.compile(r"\s*([^:\n]{1,60}?)\s*:\s")
# a paper's publishing notices and first-page footnotes ("∗Corresponding Author.", "Copyright
# c© 2020, Association for ... All rights reserved.", "© 2018 IEEE. Personal use of this
# material is permitted. ...", "Email address: ...", "∗Equal contribution."): close in
# meaning to any short question (the embedding ranked "∗Corresponding Author." first for
# "What are the limitations of the zero-shot translation paper?"), they answer one only
# asking their words
_NOTICE = re.compile(
    r"^\W*(?:(?:the\s+)?corresponding\s+authors?\b|copyright\b|©|\(c\)\s*(?:19|20)\d\d|"
    r"all\s+rights\s+reserved|e-?mail(?:\s+address(?:es)?)?\s*:|equal\s+contribution|"
    r"these\s+authors\s+contributed|work\s+(?:was\s+)?done\s+(?:while|during|at)\b|"
    r"permission\s+to\s+make\s+digital)", re.I)
NOTICE_WORDS = 60  # a notice is shorter
# a fragment: a chart's label ("13% society"), an equation's line ("T∑ t=1"), a table's lone
# cell ("2.") set as a paragraph of its own by a PDF's reader: fewer words than this (of two
# letters or more). Close in meaning to any short question, like a notice
FRAGMENT_WORDS = 3
_WORD = re.compile(r"[^\W\d_]{2,}")
# the paragraphs that may be markup alone; code, formulas and tables are read as they are
_PROSE_KINDS = frozenset({"text", "list_item", "caption"})
BYLINE_PARAGRAPHS = 2  # a document's first paragraphs, read for who wrote it


class Passages:
    """The passage reading of a :class:`~docnav.query.navigator.Navigator`, with its options."""

    def __init__(self, graph: DocNavGraph, options: NavigatorOptions) -> None:
        self.graph = graph
        self.options = options

    def read(self, run: Run) -> None:
        """Passages in :meth:`order` while the evidence is short, each short hit with the
        paragraph after it, each table of figures with its column heads; for a local
        question asked of several documents (``run.lead``, :meth:`best_document`), first
        those of the one it is most likely about, up to ``document_share`` of the budget."""
        state = run.state
        if state.sufficient:
            return
        # nothing but names ("Compare the pin RFC and the unsafe pinned RFC", of each in turn),
        # or but the asking ("Summarise", of a document whose summary is missing or short: a
        # store indexed without summaries read nothing): no word to search for
        if not tokens(run.question) or state.names_nothing:
            self._read_openings(run)
            return
        if run.lead:
            until = int(self.options.document_share * state.budget)
            # the words naming the document are no evidence inside it: "How many sentences
            # are in the pioNER test set?" read pioNER's footnote with the URL of its code
            # first, the one paragraph of it saying "pioNER", as the name of a document
            # asked of by its title is left out of its search
            searched = without_names(run.search_text, run.lead["named_by"])
            # unless they are all it asks ("What is black_box?", of 2360-bench-black-box.md:
            # "What is ?" was refused, "no words to search for"): they are searched then
            kept = not tokens(searched)
            searched = run.search_text if kept else searched
            order = self.order(searched, {"path": glob.escape(run.lead["document"])},
                               run.unwanted)
            run.op("locate", over=BEST_DOCUMENT, **run.lead, up_to=until, hits=order[:12],
                   **({"searched": searched} if searched != run.search_text else {}),
                   **({"names_kept": "the words naming it are all the question asks: searched"}
                      if kept else {}),
                   **self._figures(searched),
                   **({"pushed_down": sorted(run.unwanted)} if run.unwanted else {}))
            self._read_in(run, order, until=until)
            if state.sufficient:
                return
        order = self.order(run.search_text, run.filters, run.unwanted)
        run.op("locate", over="paragraphs and sections (fused with reading order)",
               hits=order[:12], **self._figures(run.search_text),
               **({"pushed_down": sorted(run.unwanted)} if run.unwanted else {}))
        self._read_in(run, order)

    def _ranks_figures(self, question: str) -> bool:
        """Whether :meth:`order` ranks up the paragraphs stating a figure for ``question``."""
        return bool(self.options.figures_weight) and asks_quantity(question)

    def _figures(self, question: str) -> dict:
        """The trace's note that the passage order ranked up the paragraphs stating a figure,
        where it did."""
        return ({"figures": "paragraphs stating a figure ranked up"}
                if self._ranks_figures(question) else {})

    def _read_openings(self, run: Run) -> None:
        """What is asked of read from its start (its documents' paragraphs in reading order,
        a document's in turn; not the field lines it opens with), after their summaries'
        sources: a question left with no word to search for once the names of what it is
        asked of are taken out."""
        roots = self.graph.document_roots(run.scope)
        order = interleave([[n for n in self.graph.expand(root, depth=10_000)
                             if self.graph.node(n).kind == "paragraph"
                             and not self.unasked_field(n, set())] for root in roots])
        run.op("expand", to="the opening of each document asked of", document_count=len(roots))
        self._read_in(run, order)

    def _read_in(self, run: Run, order: list[str], until: int | None = None) -> None:
        """Read ``order``'s passages not read yet while the evidence is short (and, given
        ``until``, fewer tokens than it are used)."""
        state = run.state
        for nid in order:
            # (the steps are counted before a passage is read: a second reading of passages,
            # after the best document's, read one more whatever the steps already taken)
            if (until is not None and state.tokens_used >= until
                    or run.steps >= self.options.max_steps):
                break
            if nid in state.visited:
                continue
            # a table's column head alone says little: the hit with its table and other heads,
            # else the table alone, else the hit alone
            if (headed := self.table_headed(nid)) is not None:
                if headed in state.visited:
                    continue
                run.op("navigate", node=nid, direction="next", to=[headed],
                       why="the table it is a column head of")
                run.steps += 1
                self._take_with_table(run, [nid], headed, "passage")
                continue
            run.take([nid], "passage")
            run.steps += 1
            read = [nid]
            if self.announces_next(self.graph.node(nid).text):
                after = self.paragraph_after(nid)
                # a table's column heads alone say nothing: the table, which brings them
                after = [t] if after and (t := self.table_headed(after[0])) else after
                if after and after[0] not in state.visited:
                    run.op("navigate", node=nid, direction="next", to=after)
                    run.take(after, "next")
                    read += after
                    run.steps += 1
            for block in read:  # a table's figures mean nothing without the years above them
                if block in state.evidence:  # (nor the years without the figures)
                    self._take_with_table(run, [], block, COLUMN_HEADS)
            if state.sufficient or run.steps >= self.options.max_steps:
                break

    def _take_with_table(self, run: Run, hits: list[str], table: str, found_by: str) -> None:
        """``hits`` (column heads ranked as passages) and ``table`` with its other heads not
        read yet, fetched as one (each head before the table); where they do not fit
        together, the table alone (its figures are what a head is about: "Restricted stock
        unit activity for fiscal 2022 was as follows:" over the rows), else the hits alone. A
        head not fetched is not marked visited. ``table`` already read: its heads alone where
        they fit."""
        state = run.state
        heads = [h for h in self.column_heads(table) if h not in state.visited]
        if table in state.evidence:
            if not heads:
                return
            run.op("navigate", node=table, direction="previous", to=heads, why="column heads")
            pieces = fetch_within(self.graph, heads, state.remaining)
        elif table in state.visited:
            return
        else:
            pieces = fetch_within(self.graph, [*hits, *heads, table], state.remaining)
            if table not in {p.node_id for p in pieces}:
                pieces = fetch_within(self.graph, [table], state.remaining) or (
                    fetch_within(self.graph, hits, state.remaining))
            elif heads:
                run.op("navigate", node=table, direction="previous", to=heads,
                       why="column heads")
        state.visited.update(p.node_id for p in pieces)
        if table not in state.visited:
            state.visited.add(table)  # no room for it: left out, as a passage too long is
            run.op("fetch", nodes=[table], added=0, left_out="no room for the table")
        if pieces:
            added = sum(state.add([p], COLUMN_HEADS if p.node_id in heads else found_by)
                        for p in pieces)
            run.op("fetch", nodes=[p.node_id for p in pieces][:8], added=added)

    def take_rows(self, run: Run, rows: list[str], found_by: str, **said) -> None:
        """A statement's ``rows`` (:func:`docnav.query.statements.figure_rows`) with their
        column heads before them, fetched as one, the heads only where a row fits after them
        (at --budget 40 "What was the revenue by major offerings in Digital Media?" read
        Adobe's "(In millions, except per share data)", "Years Ended", its dates and
        "Revenue:", and no row); those not fetched are not marked visited."""
        state = run.state
        heads = [h for h in dict.fromkeys(h for r in rows for h in self.column_heads(r))
                 if h not in state.visited]
        run.op("statement rows", **said, rows=rows, heads=heads)
        pieces = fetch_within(self.graph, [*heads, *rows], state.remaining)
        if not {p.node_id for p in pieces} & set(rows):
            run.op("fetch", nodes=rows[:8], added=0, left_out="no room for a row")
            return
        state.visited.update(p.node_id for p in pieces)
        run.op("fetch", nodes=[p.node_id for p in pieces][:8],
               added=state.add(pieces, found_by))

    def without_lone_heads(self, pieces: list[Piece], read: Container[str]) -> list[Piece]:
        """``pieces`` but the column heads whose table is neither among them nor ``read``: a
        section read from its top to a share ending before its table (Adobe's income
        statement, "(In millions, except per share data)", "Years Ended", its dates)."""
        fetched = {p.node_id for p in pieces}
        return [p for p in pieces if (table := self.table_headed(p.node_id)) is None
                or table in fetched or table in read]

    def best_document(self, run: Run) -> dict | None:
        """The document a question asked of several is most likely about: ``{"document": its
        path, "named_by": the question's words that name it, "next": the next two documents,
        "of": how many documents were asked of}``.
        It is the one document whose title holds a word of the question that no other document
        holds ("clamp" of "1961-clamp": the SIMD RFC's "float or integer" lines matched "the
        difference between clamp on floats and integers" better; no next ones), else that of
        its best paragraph (both searches fused, as :meth:`DocNavGraph.locate` ranks them),
        named by no word, and the next are those of the next best paragraphs: a question that
        names nothing of its document may be about them (the user can ask one with
        ``--doc``). None when one document is asked of, or nothing matches. Passages of every
        document, read together, left a question about one paper (of ten) half-answered from
        others. A document's three best paragraphs, their reciprocal ranks averaged, were
        tried first: at the top of a ranking those differ little, so three fair matches
        outweighed one that holds the answer (*Every document searched* in
        benchmarks/README.md)."""
        paths = set(self.graph.document_paths(run.scope))
        if len(paths) < 2:
            return None
        named = {p: w for p, w in named_by_title(self.graph, run.question).items() if p in paths}
        if len(named) == 1:
            [(path, words)] = named.items()
            return {"document": path, "named_by": words, "next": [], "of": len(paths)}
        # "What is MIR?": the document spelling it out ('a "mid-level IR" (MIR)', RFC 1211),
        # the one using it most of several; the NLL RFC's uses of MIR ranked best
        asked = asked_acronym(run.question)
        defined = run_definitions(self.graph, run, asked[0]) if asked else []
        if defined:
            spelling = [self.graph.node(d.node_id).path for d in defined]
            return {"document": spelling[0], "named_by": [], "defines": asked[0],
                    "spelling": len(spelling), "next": spelling[1:3], "of": len(paths)}
        hits = self.graph.locate(run.search_text, k=20, kinds=["paragraph"],
                                 filters=run.filters)
        # not by a fragment: "desugars to", a lead-in of two words before a code block, is
        # short enough for one word to rank it first ("What does the try operator desugar
        # to?" read the RFC on importing trait functions, not the one on the ? operator)
        # nor by a line of LaTeX ("\\caption{Pseudocode for augmenting language model. }")
        ranked = list(dict.fromkeys(self.graph.node(h.node_id).path for h in hits
                                    if not self.fragment(h.node_id)
                                    and not self.latex(h.node_id)))
        if not ranked:
            return None
        path, words = titled_by(self.graph, run.question, ranked, paths)
        if path:
            return {"document": path, "named_by": [], "titled_by": words,
                    "next": [p for p in ranked if p != path][:2], "of": len(paths)}
        return {"document": ranked[0], "named_by": [], "next": ranked[1:3], "of": len(paths)}

    def order(self, question: str, filters: dict | None,
              unwanted: frozenset[str] = frozenset()) -> list[str]:
        """Paragraph ids, best first: RRF of the BM25 rank, the embedding rank and, at
        ``reading_weight``, the reading order of the best sections (and, for a question
        asking for a figure, the paragraphs stating one).

        A found section is read whole, subsections and all. When the title section (the
        whole document) is among those found, the reading order goes on through the
        document from its start: a lead bias. So it does for a found preamble (the
        paragraphs before a document's first heading, a section named by the document's
        title: an RFC's "Start Date: ..." lines), which the title's words find. Reading only
        the innermost found sections was tried (benchmarks/README.md, *Held-out papers*):
        better at 512 and 2048 tokens, worse at 1024, so it was not kept. At full weight the
        reading order put a found section's opening before the paragraph both searches
        ranked first; the weights 0 .. 1 were all measured, on every set (*Reading order's
        weight*): 0.75 was chosen after seeing them.

        A question asking for a figure ("How many ...?", :mod:`docnav.query.quantities`) has a
        fourth ranking at ``figures_weight``: the fused paragraphs stating a number, in their
        fused order. A question leaving something out (``unwanted``: the terms of "besides
        pinning") has one more, at full weight: the fused paragraphs holding none of them, so
        that one holding them is read after those that rank about as well without."""
        ranks = self.graph.rankings(question, k=self.options.candidates, kinds=["paragraph"],
                                    filters=filters)
        found = self.graph.rankings(question, k=self.options.sections * 5, kinds=["section"],
                                    filters=filters) if self.options.sections > 0 else {}
        reading: dict[str, None] = {}
        worded: set[str] = set()  # fragments that are all a section word search found says
        by_words = set(found.get("lexical", ()))
        for sid, _ in rrf(found.values())[: self.options.sections]:
            section = self.graph.node(sid)
            own = sid in by_words
            if section.block_kind == PREAMBLE and section.parent_id:
                sid = section.parent_id  # found by the document's title: the whole document
            paragraphs = [n for n in self.graph.expand(sid, depth=10_000)
                          if self.graph.node(n).kind == "paragraph"]
            reading.update(dict.fromkeys(paragraphs))
            if own and all(self.fragment(n) for n in paragraphs):
                worded.update(paragraphs)
        rankings = [*ranks.values(), list(reading)[: self.options.candidates]]
        weights = [1.0] * len(ranks) + [self.options.reading_weight]
        fused = rrf(rankings, weights=weights)
        if self._ranks_figures(question):
            # "How big is the dataset?": of these, those stating a figure, in this order
            stating = [nid for nid, _ in fused if states_quantity(self.graph.node(nid).text)]
            rankings, weights = [*rankings, stating], [*weights, self.options.figures_weight]
            fused = rrf(rankings, weights=weights)
        if unwanted:
            wanted = [nid for nid, _ in fused
                      if not unwanted & set(tokens(self.graph.node(nid).text))]
            fused = rrf([*rankings, wanted], weights=[*weights, 1.0])
        # a paper's works cited and a table of contents are no passages, unless the question
        # asks about them; nor are a document's field lines, unless it asks about their keys
        cited = unasked_apparatus(self.graph, question)
        terms = set(tokens(question))
        # a notice or markup only where word search found it; a fragment also where it found
        # its section and the section says nothing else (an RFC's "Unresolved questions"
        # saying "None yet."; not pioNER's "Test dataset" with the labels of its pie charts)
        lexical = set(ranks.get("lexical", ()))
        unfound = {nid for nid, _ in fused if nid not in lexical and (
            self.notice(nid) or self.markup(nid) or self.fragment(nid) and nid not in worded)}
        return [nid for nid, _ in fused if nid not in cited and nid not in unfound
                and not self.unasked_field(nid, terms)]

    def notice(self, node_id: str) -> bool:
        """Whether a paragraph is a publishing notice or a paper's first-page footnote
        (:data:`_NOTICE`: "Copyright © 2020, ...", "∗Corresponding Author.")."""
        text = self.graph.node(node_id).text
        return bool(_NOTICE.match(text)) and len(text.split()) <= NOTICE_WORDS

    def markup(self, node_id: str) -> bool:
        """Whether a paragraph of text is markup alone ("\\\\", "\\end{tabular}", "-lower
        -tgt_words_min_frequency 10": :func:`docnav.query.markup.says_nothing`); a code
        block, formula or table is read as it is."""
        node = self.graph.node(node_id)
        return node.block_kind in _PROSE_KINDS and says_nothing(node.text)

    def structure(self, node_id: str) -> bool:
        """Whether a paragraph of text is a line of structure alone ("\\label{sec:intro}",
        "\\end{proof}": :func:`docnav.query.markup.structure_alone`), which a section read
        whole leaves out; a formula or a path written as a paragraph is read."""
        node = self.graph.node(node_id)
        return node.block_kind in _PROSE_KINDS and structure_alone(node.text)

    def passed_over(self, node_id: str, terms: set[str]) -> bool:
        """Whether a paragraph next to a hit is not read with it: a field line the question
        does not ask for (:meth:`unasked_field`: ``terms``, the question's), or markup alone
        (:meth:`markup`: "\\end{tabular}" after a table's last row)."""
        return self.unasked_field(node_id, terms) or self.markup(node_id)

    def latex(self, node_id: str) -> bool:
        """Whether a paragraph of text is a line of LaTeX source (:meth:`markup`, or a command
        holding all its words: :func:`docnav.query.markup.latex_alone`)."""
        node = self.graph.node(node_id)
        return node.block_kind in _PROSE_KINDS and latex_alone(node.text)

    def fragment(self, node_id: str) -> bool:
        """Whether a paragraph is a fragment of a few words (:data:`FRAGMENT_WORDS`)."""
        return len(_WORD.findall(self.graph.node(node_id).text)) < FRAGMENT_WORDS

    def read_field_lines(self, run: Run) -> None:
        """The lines of the field lists that state the fields the question asks for ("When
        did the trusted publishing RFC start?": "Start Date: 2024-09-10"), read first: the
        searches ranked the line below paragraphs that say "starts"."""
        asked = {path: set(fields) for path, fields in run.fields_asked.items()}
        for path, dated in run.date_asked.items():  # "When was RFC 2349 merged?": the field
            if dated["field"]:  # that dates it ("Start Date: 2018-02-19")
                asked.setdefault(path, set()).add(dated["field"])
        for path, fields in asked.items():
            lines = [n for n, key in self.field_list(path).items() if key in fields]
            if lines:
                run.op("fields", document=path, keys=list(fields), nodes=lines)
                run.take(lines, "field")
        for path in run.fields_lacking:  # "Who wrote the pioNER paper?" of a PDF without an
            # author field: a byline is at the start, under the title (the search for "wrote"
            # read a footnote and the copyright notice)
            root = self.graph.document_root(path)
            opening = [n for n in self.graph.expand(root, depth=10_000)
                       if self.graph.node(n).kind == "paragraph"][:BYLINE_PARAGRAPHS]
            if opening:
                run.op("expand", node=root, to="the opening, where a byline is", nodes=opening)
                run.take(opening, "opening")

    def field_key(self, node_id: str) -> str | None:
        """The metadata key a paragraph states, when it is a line of the field list its
        document opens with ("Start Date: 2024-09-10": "start date"); None otherwise."""
        node = self.graph.node(node_id)
        if node.block_kind != "list_item" or not (m := _KEY.match(node.text)):
            return None
        key = " ".join(m.group(1).lower().split())
        if key not in self.graph.fields(node.path):
            return None
        document = self.graph.node(node.parent_id).parent_id  # under its first section
        if document is None or self.graph.node(document).kind != "document" or (
                self.graph.navigate(document, "children")[:1] != [node.parent_id]):
            return None
        return key

    def field_list(self, path: str) -> dict[str, str]:
        """The lines of the field list of the document at ``path``: {paragraph id: key}."""
        document = self.graph.document_root(path)
        first = self.graph.navigate(document, "children")[:1] if document else []
        keys = {n: self.field_key(n) for s in first for n in self.graph.navigate(s, "children")}
        return {n: key for n, key in keys.items() if key is not None}

    def unasked_field(self, node_id: str, terms: set[str]) -> bool:
        """Whether the paragraph is a line of the field list its document opens with ("Feature
        Name: crates-io-trusted-publishing", "Start Date: 2024-09-10") whose key the question
        does not name, every word of it (as :attr:`docnav.query.evidence.Run.fields_asked`
        asks for a field): short and dense in the title's words, such lines were read first
        for "How does trusted publishing authenticate to crates.io?", and the line after
        them as their content; a key sharing a word with the question was not enough ("Which
        RFCs discuss crates.io?" read "Crates.io Issue: rust-lang/crates.io#13758" first).
        "When did the trusted publishing RFC start?" reads its Start Date as the field
        asked for."""
        key = self.field_key(node_id)
        return key is not None and not set(tokens(key)) <= terms

    def announces_next(self, text: str) -> bool:
        """A hit whose content is in the paragraph after it: a short one (a heading, caption or
        table title left as a paragraph) or a lead-in ending in a colon ("The desugaring of
        the ? operator is changed to the following:", then the code)."""
        return len(text.split()) < self.options.short_hit_words or text.rstrip().endswith(":")

    def column_heads(self, node_id: str) -> list[str]:
        """The column heads of a table of figures, set as paragraphs of their own above it (a
        PDF's "Year Ended December 31,", "2015 2016 2017", "Net Sales:"): the short paragraphs
        before it in its section, over any tables between, back to a longer paragraph; at most
        ``table_heads``, in reading order; nothing above its caption ("TABLE III: ...") or on
        an earlier page (a footnote's links at the foot of the page before were read as
        pioNER's column heads). None for a table whose first line is its heads."""
        node = self.graph.node(node_id)
        if node.block_kind != "table" or not _FIGURES_ROW.search(node.text.split("\n", 1)[0]):
            return []
        heads: list[str] = []
        at = node_id
        while len(heads) < self.options.table_heads:
            before = self.graph.navigate(at, "previous")[:1]
            if not before:
                break
            prev = self.graph.node(before[0])
            if prev.kind != "paragraph" or prev.parent_id != node.parent_id or (
                    prev.page is not None and node.page is not None and prev.page != node.page):
                break
            if prev.block_kind != "table":
                label = float_label(prev.text, prev.block_kind)
                caption = bool(label) and label[0] == "table"
                # a row of figures ("Unrealized gains / losses on ... (39) (8) 3") is no head
                if len(prev.text.split()) >= self.options.short_hit_words or (
                        holds_figure(prev.text) and not caption):
                    break
                heads.append(prev.node_id)
                if caption:
                    break  # its caption ("TABLE III: Evaluation results ..."): the top
            elif _YEARS.match(prev.text.split("\n", 1)[0]):  # rows under the years they are
                heads.append(prev.node_id)  # of ("2015 2016 2017\nNet product sales ..."):
                break  # the year heads, joined to the first rows
            at = prev.node_id
        return heads[::-1]

    def table_headed(self, node_id: str) -> str | None:
        """The table of figures a short paragraph is one of the column heads of
        (:meth:`column_heads`): Adobe's 10-K leads in to its revenue by offering ("... were as
        follows:") with "(dollars in millions) 2022 2021 2020" and "% Change 2022-2021" above
        the table; None for a paragraph heading none."""
        at = node_id
        for _ in range(self.options.table_heads):
            at = self._next_paragraph(at)
            if at is None or self.graph.node(at).page != self.graph.node(node_id).page:
                return None
            if self.graph.node(at).block_kind == "table":
                return at if node_id in self.column_heads(at) else None
        return None

    def paragraph_after(self, node_id: str) -> list[str]:
        """The paragraph that follows in reading order (into the next section if need be),
        over any publishing notices (a page's "© 2018 IEEE. ..." set between a footnote and
        the text it interrupts) and paragraphs of markup alone (a paper's "\\begin{center}"
        after its table's caption, "\\\\" after a line of its figure)."""
        at = node_id
        while after := self._next_paragraph(at):
            if not self.notice(after) and not self.markup(after):
                return [after]
            at = after
        return []

    def _next_paragraph(self, node_id: str) -> str | None:
        for nid in self.graph.navigate(node_id, "next")[:1]:
            if self.graph.node(nid).kind == "paragraph":
                return nid
            inside = [c for c in self.graph.expand(nid, depth=10_000)
                      if self.graph.node(c).kind == "paragraph"]
            return inside[0] if inside else None
        return None


__all__ = ["Passages", "BEST_DOCUMENT"]
