"""What the global and cross-reference routes read before the passages
(:class:`docnav.query.navigator.Navigator` routes a question, :mod:`docnav.query.router`
names its route).

* *global* (:func:`read_summaries`): the summary of what is asked of, when the question is
  about all of it; the part the question names by its heading, summed up by its summary's and
  its subsections' sources; the few paragraphs holding every word of the question; then the
  best summaries, each read by the paragraphs its sentences came from (an abstractive
  summary, which names none, by its node's text).
* *cross-reference* (:func:`read_parts_named`): the part the question names by label ("Note
  7", "Table 2") or heading ("the Drawbacks section"), else the two best sections, each read
  with the targets of the references it makes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from docnav.query.evidence import Run
from docnav.query.floats import (label_terms, labelled_floats, labels_as_kinds, mentions,
                                 read_labelled, read_mentioned, searched_without_labels)
from docnav.query.graph import DocNavGraph, Piece
from docnav.query.in_turn import interleave
from docnav.query.lexical import tokens
from docnav.query.parts import (headed, headed_within, holds_text, labelled_parts,
                                 named_sections, unasked_apparatus, unlabelled)
from docnav.query.router import SCOPE

if TYPE_CHECKING:
    from docnav.query.navigator import Navigator


def read_summaries(nav: Navigator, run: Run, holders: list[str]) -> None:
    """The global route: the summary of what is asked of ("across these documents"), of
    the part the question names, the few paragraphs holding every word of the question
    (``holders``, in reading order), then the best summaries, each read by its sources."""
    # "across these documents", "the whole report", or nothing but the asking
    # ("Summarise the zero-shot translation paper", the paper chosen by its title)
    if SCOPE.search(run.question) or run.state.names_nothing:
        _read_whole(nav, run)
    if nav.options.named_sections:
        _read_part_named(nav, run)
    if not tokens(run.question):  # "Compare the pin RFC and the unsafe pinned RFC", of
        return  # one of them: nothing but their names, read as their summaries above
    # a paper's works cited are no evidence unless asked about: "What is the main
    # contribution of it?" read pioNER's references by their section's summary
    cited = unasked_apparatus(nav.graph, run.question)
    # "What is the main contribution of the pioNER paper?": the one paragraph saying "The
    # contributions of this work are ..." answers it; its introduction's summary read the
    # introduction's opening, which says none (nor do notices: "∗Equal contribution.")
    held = [n for n in holders if n not in cited and not nav.passages.notice(n)]
    if held and len(holders) <= nav.options.specific:
        run.op("locate", over="the paragraphs holding every word of the question", hits=held)
        run.take(held, "passage")
    _read_best_summaries(nav, run, cited)


def _read_whole(nav: Navigator, run: Run) -> None:
    """The summary of all that is asked of, read by its sources."""
    graph = nav.graph
    whole = scope_node(graph, run.scope)
    sources = graph.summary_sources(whole) if whole else []
    if sources:
        # a collection's summary draws on several documents: one source of each in
        # turn, so that the budget does not run out on the first document's (a fetch
        # puts its pieces in reading order)
        by_doc: dict[str, list[str]] = {}
        for nid in sources:
            by_doc.setdefault(graph.node(nid).path, []).append(nid)
        # of how many it draws on: its few sentences (Budget(8, ...)) come from a few of
        # the documents, and an answer from 7 of 30 read as one about them all
        drawn = ({"document_count": len(by_doc), "of": len(graph.document_paths())}
                 if graph.node(whole).kind == "collection" else {})
        run.op("expand", node=whole, to="summary sources", n=len(sources), **drawn)
        run.take_each(interleave(list(by_doc.values())))


def _read_part_named(nav: Navigator, run: Run) -> None:
    """The part the question names ("Summarise Amazon's risk factors": what is left of the
    question is a heading in scope, "Item 1A. Risk Factors"), summed up by its summary's
    sources and its subsections', a subsection in turn (and a document's part in turn)."""
    graph = nav.graph
    named = headed(graph, run.state.question, run.filters)[: nav.options.documents]
    for part in named[:1]:  # its subsections' headings first: what a reader skims
        nav.take_outline(run, part)
    if named:
        parts = interleave([[s, *(c for c in graph.expand(s, depth=10_000)[1:]
                                    if graph.node(c).kind == "section")]
                             for s in named])
        sources = interleave([graph.summary_sources(p) for p in parts])
        run.op("expand", node=named[0], to="summary sources of the part named and of "
               "its subsections", sections=named, n=len(sources))
        run.asked_part.update(sources)  # the answer's first
        run.take_each(sources)


def _read_best_summaries(nav: Navigator, run: Run, cited: frozenset[str]) -> None:
    """The summaries the question finds best, each read by its sources (those of works
    ``cited`` left out), until the evidence suffices."""
    graph, state = nav.graph, run.state
    hits = graph.locate(run.question, k=6, filters=run.filters, via=["summary"])
    run.op("locate", over="summaries", hits=[h.node_id for h in hits])
    for h in hits:
        sources = graph.summary_sources(h.node_id)
        if cited:  # a summary of works cited alone is skipped, others read without them
            under = sources or [n for n in graph.expand(h.node_id, depth=10_000)
                                if graph.node(n).kind == "paragraph"]
            if under and set(under) <= cited:
                continue
            sources = [n for n in sources if n not in cited]
        if sources:
            run.op("expand", node=h.node_id, to="summary sources", n=len(sources))
            run.take(sources, "summary")
        else:  # an abstractive summary names no sources: its node's text is read
            run.op("expand", node=h.node_id, to="summarised text",
                   n=len(graph.expand(h.node_id, depth=1)) - 1)
            pieces = nav.read_part(h.node_id, state)
            run.op("fetch", nodes=[p.node_id for p in pieces][:8],
                   added=state.add(pieces, "summary"))
        if state.sufficient:
            break


def scope_node(graph: DocNavGraph, doc: str | list[str] | None) -> str | None:
    """The node whose summary covers what the question is asked of: the one document the
    glob matches, else the collection when it matches them all (no glob); None for a
    part of several documents, which no one summary covers."""
    paths = graph.document_paths(doc)
    if len(paths) == 1:
        return graph.document_root(paths[0])
    if len(paths) == len(graph.document_paths()):
        return next((nid for nid, _ in graph.nodes_of_kind("collection")), None)
    return None


def read_parts_named(nav: Navigator, run: Run) -> bool:
    """The cross-reference route: the part the question names by label or heading, else
    the best two sections, each read with the targets of its references. True when the
    tables or figures it names by label are all it asks for (nothing else is read)."""
    state, graph, question, filters = run.state, nav.graph, run.question, run.filters
    hits = [h.node_id for h in graph.locate(question, k=4, kinds=["section"], filters=filters)]
    run.op("locate", over="sections", hits=hits)
    named = named_sections(graph, question, filters, hits) if nav.options.named_sections else []
    if named:
        run.op("locate", over="sections named by heading", hits=named)
    # "Note 7", "Item 7A", "Section 4.2": the part so labelled, before any other
    labelled = labelled_parts(graph, question, filters, hits)
    if labelled:
        run.op("locate", over="sections named by label", hits=labelled)
        named = list(dict.fromkeys(labelled + named))
    # "Note 99" where no note is 99: the answer says so (it read other notes, and said
    # only that the question's words were not in them); "Table 9" likewise
    floats, unfound = labelled_floats(graph, question, filters)
    lacked = bool(unfound)  # a table or figure asked for by label that no caption carries
    terms = set(state.terms)
    if lacked:  # its number is no word to search for: "2" read "2 Section 2"
        searched_without_labels(run.state)
        run.searched = labels_as_kinds(run.search_text)
    # "In Table 2 , we report ...": the text mentions it, the store lacks the table itself
    mentioned = {u: ids for u in unfound if (ids := mentions(graph, u, filters))}
    # one neither captioned nor mentioned: its number, not searched, is still a gap
    run.label_gaps += len({t for u in unfound if u not in mentioned for t in label_terms(u)}
                          & terms - set(state.terms))
    unfound = unlabelled(graph, question, filters) + [u for u in unfound if u not in mentioned]
    # "What does Table 2 show?": the table so captioned, and what refers to it
    if floats and read_labelled(graph, run, floats[:6], nav.options.short_hit_words,
                                alone=not named and not unfound and not mentioned):
        return True
    if mentioned and read_mentioned(graph, run, mentioned,
                                    alone=not named and not unfound and not floats):
        return True
    if (floats or lacked) and not named:  # the sections found by its words (and "2") are
        # read as passages are
        hits = []
    if unfound:
        run.unfound += unfound
        run.op("no part", labels=unfound)
    # a section asked for with nothing under its heading: the answer says so
    run.empty = [s for s in named if not holds_text(graph, s)]
    if run.empty:
        run.op("empty", nodes=run.empty)
    # a section found by its heading and by its summary is one section, read once (an
    # empty one has nothing to read: the next is read in its place)
    for section in [s for s in dict.fromkeys(named + hits) if s not in run.empty][:2]:
        # of the part asked for, the subsections the question's other words head first
        # ("Note 7 ... about legal proceedings"): the part may be long
        subs = headed_within(graph, section, state.terms) if section in named else []
        for sub in subs:
            pieces = nav.read_part(sub, state, share=1.0)
            run.asked_part.update(p.node_id for p in pieces)
            run.op("expand", node=sub, to="a subsection the question's words head",
                   added=state.add(pieces, "section"))
        # asked about the part as a whole ("What does Item 1A say?"): its outline first
        if (section in named and not subs
                and set(state.terms) <= set(tokens(graph.node(section).breadcrumb))):
            nav.take_outline(run, section)
        run.op("expand", node=section, depth=1, n=len(graph.expand(section, depth=1)) - 1)
        # the section asked for by name is the answer: it may take the whole budget (its
        # first paragraph cut if need be: the passages would not come to it)
        pieces = nav.read_part(section, state, share=1.0 if section in named else None)
        if section in named:  # the answer's first, whatever the passages read before it
            run.asked_part.update(p.node_id for p in pieces)
        run.op("fetch", nodes=[p.node_id for p in pieces][:8], added=state.add(pieces, "section"))
        for source, target in _references(graph, run, section, pieces)[:2]:
            run.op("navigate", node=source, direction="references", to=target)
            targets = nav.read_part(target, state)
            if targets:
                run.op("fetch", nodes=[p.node_id for p in targets][:8],
                       added=state.add(targets, "reference"))
    return False


def _references(graph: DocNavGraph, run: Run, section: str,
                pieces: list[Piece]) -> list[tuple[str, str]]:
    """(source, target) of the references made by the section and by the paragraphs read
    from it, each target once, in the documents asked of: a "see Section 2" is a
    paragraph's edge, not its section's."""
    found: dict[str, str] = {}
    # a citation's entry in the works cited is no evidence, unless the question asks
    # about them ("Which works does Section 2 cite?")
    cited = unasked_apparatus(graph, run.question)
    for source in [section, *(p.node_id for p in pieces)]:
        for target in run.within(graph.navigate(source, "references")):
            if target in cited:
                continue
            found.setdefault(target, source)
    return [(source, target) for target, source in found.items()]


__all__ = ["read_summaries", "read_parts_named", "scope_node"]
