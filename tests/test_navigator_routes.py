"""The navigator's routes over a store built by the real pipeline: what the cross-reference,
global and local routes read, how the budget cuts them, and what the answer says is missing."""

from __future__ import annotations

from pathlib import Path

import pytest
from _pump import MANUAL, find
from _stores import indexed_graph

from docnav.embed import HashingEmbedder
from docnav.errors import InputError
from docnav.index import Indexer, IndexOptions
from docnav.query import DocNavGraph, Navigator, NavigatorOptions
from docnav.store import Store


def test_the_cross_reference_route_follows_the_references_of_the_section_it_reads(graph):
    """A "See Section 2" is an edge of the paragraph that says it, not of its section: the
    route follows the references of the paragraphs it read from a located section."""
    answer = Navigator(graph).ask("What does Section 1 Installation say about mounting?",
                                  budget=60)
    assert answer.route == "cross-reference"
    mount, wiring = find(graph, "Mount the pump"), find(graph, "2 Wiring")
    followed = [(t["node"], t["to"]) for t in answer.trace
                if t["op"] == "navigate" and t["direction"] == "references"]
    assert followed[:1] == [(mount.node_id, wiring.node_id)]
    read = [graph.node(e.piece.node_id) for e in answer.evidence if e.found_by == "reference"]
    assert read and all(n.parent_id == wiring.node_id for n in read)
    # a section reached by a reference is read as a located one is: a share of the budget
    share = int(NavigatorOptions().section_share * 60)
    assert sum(e.piece.tokens for e in answer.evidence if e.found_by == "reference") <= share


def test_the_cross_reference_route_reads_a_section_found_twice_once(graph):
    """A section found by its heading and by its summary is one hit: the route reads the two
    best sections, not the best one twice."""
    answer = Navigator(graph).ask("What does section 3 Maintenance say about the impeller seal?",
                                  budget=200)
    assert answer.route == "cross-reference"
    (located,) = [t["hits"] for t in answer.trace if t.get("over") == "sections"]
    # the best section is found by its text and by its summary, and since 0ecffbb locate lists
    # it once (its hit's vias both), so the two read are the two best sections
    assert len(located) == len(set(located))
    best = graph.locate(answer.question, k=1, kinds=["section"])[0]
    assert best.node_id == located[0] and {"text", "summary"} <= set(best.vias)
    expanded = [t["node"] for t in answer.trace if t["op"] == "expand"]
    assert len(expanded) == 2 and len(set(expanded)) == 2
    assert expanded == list(dict.fromkeys(located))[:2]


@pytest.mark.parametrize("question", ["What does Section 1 Installation say about clearance?",
                                      "What does Section 2 Wiring say about the breaker?"])
def test_a_paragraph_is_cut_only_where_the_whole_budget_runs_out(graph, question):
    """An expanded section takes a share of the budget; a paragraph that share would cut is
    left whole to the passages, not kept as a stub nothing reads again."""
    from docnav.query.graph import count_tokens

    for budget in (40, 60, 100, 150):
        answer = Navigator(graph).ask(question, budget=budget)
        assert answer.route == "cross-reference"
        cut = [e for e in answer.evidence
               if e.piece.tokens < count_tokens(graph.node(e.piece.node_id).text)]
        assert len(cut) <= 1 and (not cut or answer.tokens_used == budget), (budget, cut)


def test_the_answer_names_the_question_words_no_evidence_holds(graph):
    answer = Navigator(graph).ask("impeller seal zzyzxq", budget=200)
    assert answer.missing == ["zzyzxq"] and answer.to_json()["missing"] == ["zzyzxq"]
    assert answer.confidence > 0  # "impeller seal" is there
    nothing = Navigator(graph).ask("zzyzxq qqxqq", budget=200)
    assert nothing.missing == ["zzyzxq", "qqxqq"] and nothing.confidence == 0


def test_the_answer_names_the_missing_words_no_document_asked_of_holds(graph):
    """A word no document in scope holds ("3M" asked of filings of other companies) cannot
    be found by reading more: the answer says so apart from words the evidence lacks."""
    everywhere = Navigator(graph).ask("impeller seal failures zzyzxq", budget=30)
    assert everywhere.absent == ["zzyzxq"] and "failures" not in everywhere.absent
    assert everywhere.to_json()["absent"] == ["zzyzxq"]
    manual = Navigator(graph).ask("impeller seal failures zzyzxq", budget=200, doc="manual.md")
    assert manual.absent == ["failures", "zzyzxq"]  # only the field notes hold "failures"
    assert manual.missing == manual.absent
    held = Navigator(graph).ask("impeller seal failures", budget=200)
    assert held.absent == []


def test_a_question_asking_which_documents_reads_each_of_the_best_in_turn(graph):
    """"Which RFCs changed the borrow checker?" read one RFC's passages, found by "rfcs" in
    field lines ("RFC PR: rust-lang/rfcs#1607"): a question asking which documents reads the
    documents whose passages rank best, each with a share of the budget, without that word."""
    answer = Navigator(graph).ask("Which documents mention the impeller seal?", budget=300)
    step = answer.trace[0]
    assert step["op"] == "documents" and step["left_out"] == "documents"
    assert step["question"] == "Which the impeller seal?"  # nor "mention": see below
    assert sorted(step["documents"]) == sorted(graph.document_paths())
    assert step["tokens_each"] == 150
    read = {}
    for e in answer.evidence:
        read.setdefault(e.piece.doc_path, []).append(e.piece.tokens)
    assert list(read) == step["documents"] and all(sum(t) <= 150 for t in read.values())
    assert {s["of"] for s in answer.trace[1:]} == set(step["documents"])
    # only documents holding the question's rarer words: the field notes alone say "failures"
    rare = Navigator(graph).ask("Which documents report pump failures?", budget=300)
    assert [(s["documents"], s["tokens_each"]) for s in rare.trace[:1]] == [
        ([str(p) for p in graph.document_paths("notes.md")], 300)]
    # a budget too small to share reads the best document alone
    small = Navigator(graph).ask("Which documents mention the impeller seal?", budget=100)
    assert len(small.trace[0]["documents"]) == 1
    assert {e.piece.doc_path for e in small.evidence} == set(small.trace[0]["documents"])
    # asked of one document (or not asking which documents), nothing changes
    for ask in (lambda n: n.ask("Which documents mention the impeller seal?", 300,
                                doc="manual.md"),
                lambda n: n.ask("What do the documents say about the impeller seal?", 300)):
        assert all(s["op"] != "documents" for s in ask(Navigator(graph)).trace)


CAPTURES = """# Closure captures

Some discussion of this has already taken place:

## Examples

The borrow checker passes because the fields are disjoint.
"""


@pytest.mark.parametrize("verb", ["discuss", "talk about", "mention", "say anything about"])
def test_which_documents_discuss_it_asks_for_it_not_for_discussion(tmp_path, verb):
    """"Which RFCs discuss the borrow checker?" read "Note that some discussion of this has
    already taken place:" first, and only the documents that say "discussion" too."""
    graph = indexed_graph(tmp_path, {
        "captures.md": CAPTURES.replace("discussion", {"talk about": "talk",
                                                       "mention": "mention",
                                                       "say anything about": "saying"
                                                       }.get(verb, "discussion")),
        "lifetimes.md": "# Lifetimes\n\nThe borrow checker rejects a reference that outlives "
                        "its value.\n",
        "pump.md": "# Pump\n\nDrain the housing first.\n",
        "seal.md": "# Seal\n\nFit the new seal by hand.\n"})
    answer = Navigator(graph).ask(f"Which documents {verb} the borrow checker?", budget=300)
    step = answer.trace[0]
    assert step["op"] == "documents" and step["question"] == "Which the borrow checker?"
    assert sorted(Path(p).name for p in step["documents"]) == ["captures.md", "lifetimes.md"]
    read = [graph.node(n) for t in answer.trace if t["op"] == "fetch" for n in t["nodes"]]
    first = next(n for n in read if n.path.endswith("captures.md"))
    assert first.text.startswith("The borrow checker passes")


@pytest.mark.parametrize("question, left, about", [
    ("List the documents about the borrow checker", "Which the the borrow checker", "about"),
    ("Find documents that mention the borrow checker", "Which the borrow checker", "mention"),
    ("Show me all the documents discussing the borrow checker", "Which the the borrow checker",
     "discussing"),
    ("Which documents on the borrow checker say more?", "Which the borrow checker say more?",
     "on"),
    ("In which documents is the borrow checker discussed?", "In which is the borrow checker",
     "discussed"),
    ("Are there any documents about the borrow checker?", "Which the borrow checker?", "about"),
    ("Do any documents mention the borrow checker?", "Which the borrow checker?", "mention"),
])
def test_a_list_of_documents_asked_for_is_asked_of_each(tmp_path, question, left, about):
    """"List the RFCs about traits", "Find papers that use BERT", "Are there RFCs about
    ...?": asked for documents as "Which RFCs ...?" is, they were searched as one question,
    "RFCs" and "about" with it."""
    graph = indexed_graph(tmp_path, {
        "captures.md": CAPTURES,
        "lifetimes.md": "# Lifetimes\n\nThe borrow checker rejects a reference that outlives "
                        "its value.\n",
        "pump.md": "# Pump\n\nDrain the housing first.\n",
        "seal.md": "# Seal\n\nFit the new seal by hand.\n"})
    nav = Navigator(graph)
    step = nav.ask(question, budget=300).trace[0]
    assert (step["op"], step["left_out"], step["question"], step["about"]) == (
        "documents", "documents", left, about)
    assert sorted(Path(p).name for p in step["documents"]) == ["captures.md", "lifetimes.md"]
    # one asked for, whether there is one: of each of the best too ("Which RFC ...?" is not:
    # the one document it is about is read first, tests/test_best_document.py)
    step = nav.ask("Is there a document about the borrow checker?", budget=300).trace[0]
    assert (step["op"], step["left_out"], step["question"]) == (
        "documents", "document", "Which the borrow checker?")
    assert all(s["op"] != "documents" for s in nav.ask(
        "Which document explains the borrow checker?", budget=300).trace)
    # asking for them all, nothing about them: they are listed ("list" is no word to search
    # for); asking what they hold and naming nothing is an error
    answer = nav.ask("List all the documents", budget=300)
    assert (answer.count["asked"], answer.count["n"], answer.evidence) == (
        "which", len(graph.document_paths()), [])
    with pytest.raises(InputError, match=r"asks which documents but not what about: .*"
                       r"`docnav show` lists every document"):
        nav.ask("Which documents discuss?", budget=300)


def test_a_global_question_s_cue_words_are_not_missing_evidence(graph):
    answer = Navigator(graph).ask("Summarise what the manual says about the impeller seal",
                                  budget=200)
    assert answer.route == "global" and answer.evidence
    assert "summarise" not in answer.missing and answer.confidence > 0
    gap_searches = [s for s in answer.trace if s.get("over") == "gaps"]
    assert all("summarise" not in s["terms"] for s in gap_searches)
    # nor are the documents it sums up ("Summarise the RFCs about async": "rfcs" was missing)
    for question in ("Summarise the documents about the impeller seal",
                     "Give an overview of all the reports on the impeller seal"):
        answer = Navigator(graph).ask(question, budget=200)
        assert answer.route == "global" and answer.evidence and answer.confidence == 1.0
        assert not {"documents", "reports"} & set(answer.missing)


def test_a_question_across_the_documents_reads_a_source_of_each_in_turn(graph):
    """The collection's summary draws on the manual three times, then on the field notes:
    read in reading order, the manual's sources filled the budget ("the main themes across
    these filings" read Adobe's 10-K alone, of three). One source of each document in turn."""
    collection = next(n for n in graph._nodes.values() if n.kind == "collection")
    by_doc = [graph.node(s).path.rsplit("/", 1)[-1]
              for s in graph.summary_sources(collection.node_id)]
    assert by_doc[:2] == ["manual.md", "manual.md"] and "notes.md" in by_doc
    answer = Navigator(graph).ask("What are the main themes across these documents?", budget=30)
    assert answer.route == "global"
    assert sorted({e.piece.doc_path.rsplit("/", 1)[-1] for e in answer.evidence}) == [
        "manual.md", "notes.md"]


@pytest.mark.parametrize("question", ["Summarise the collection", "Summarise everything",
                                      "Give me an overview of all of them"])
def test_the_collection_asked_for_by_name_is_summed_up_by_its_summary(graph, question):
    # "collection" and "everything" were searched as words: "none of the question's words is
    # in the evidence", the pieces only close in meaning
    collection = next(n.node_id for n in graph._nodes.values() if n.kind == "collection")
    answer = Navigator(graph).ask(question, budget=200)
    assert answer.route == "global" and answer.missing == [] and answer.confidence is None
    first = next(t for t in answer.trace if t["op"] == "expand")
    assert (first["node"], first["to"]) == (collection, "summary sources")


def test_a_summary_asked_of_one_document_reads_that_document_s_summary_first(graph):
    """"Summarise the zero-shot translation paper" (the paper chosen by its title) leaves no
    word to search the summaries for: they were located by "summarise", and the Conclusion's
    came first. Nothing asked but a summary reads the summary of what the question is asked
    of, as "the whole report" does."""
    manual = next(nid for nid, n in graph.nodes_of_kind("document")
                  if n.path.endswith("manual.md"))
    for answer in (Navigator(graph).ask("Summarise the pump manual", budget=200),
                   Navigator(graph).ask("Give me a summary", budget=200, doc="manual.md")):
        assert answer.route == "global" and answer.evidence
        first = next(t for t in answer.trace if t["op"] == "expand")
        assert (first["node"], first["to"]) == (manual, "summary sources")
        assert {Path(e.piece.doc_path).name for e in answer.evidence} == {"manual.md"}


@pytest.mark.parametrize("question", [
    "What are the main themes across these documents?",
    "What are the key topics overall?",
    "Summarise the central ideas",
])
def test_a_cue_that_runs_into_the_next_is_left_out_whole(graph, question):
    # "What are the main" and "main themes" are both cues: taking out the first must not
    # leave "themes" behind as a word the evidence is missing
    answer = Navigator(graph).ask(question, budget=200)
    assert answer.route == "global" and answer.evidence
    assert answer.missing == []


@pytest.mark.parametrize("question", ["What are the main risks across these documents?",
                                      "Summarise the major risks"])
def test_what_a_global_question_is_about_stays_a_word_of_it(graph, question):
    # "risks" makes the question global and is also what its evidence is about: the manual
    # names none, and the answer says so
    answer = Navigator(graph).ask(question, budget=200)
    assert answer.route == "global" and answer.missing == ["risks"]


def test_a_question_about_everything_asked_reads_its_own_summary_first(graph):
    """"Summarise the main themes across these documents" matched, by its words, summaries
    that use them (an RFC about RFCs), not the collection's summary, which is the answer.
    A question about the whole of what it is asked of starts from that whole's summary: the
    collection's, or, asked of one document, the document's; one about a topic ("the main
    causes of seal failures") still starts from the summaries it matches."""
    (collection, _), = graph.nodes_of_kind("collection")
    answer = Navigator(graph).ask("Summarise the main themes across these documents", budget=300)
    first = answer.trace[0]
    assert first["op"] == "expand" and first["node"] == collection
    assert first["to"] == "summary sources"
    sources = set(graph.summary_sources(collection))
    assert sources and sources & {e.piece.node_id for e in answer.evidence}

    manual = next(nid for nid, n in graph.nodes_of_kind("document") if n.path.endswith("manual.md"))
    whole = Navigator(graph).ask("Give an overview of the whole document", budget=300,
                                 doc="manual.md")
    assert whole.trace[0]["node"] == manual
    assert {e.piece.doc_path for e in whole.evidence} == {graph.node(manual).path}

    topic = Navigator(graph).ask("What are the main causes of seal failures?", budget=300)
    assert topic.route == "global" and topic.trace[0]["op"] == "locate"
    with pytest.raises(InputError, match="unknown kind"):
        graph.nodes_of_kind("chapter")


def test_the_words_no_evidence_holds_are_searched_for(built):
    # One passage per ranking and no reading order: the seal paragraph is read, "breaker" is
    # still a gap, and a search for it finds the wiring paragraph (not a neighbour of the seal).
    graph = DocNavGraph.open(built.path, embedder=None)
    nav = Navigator(graph, NavigatorOptions(candidates=1, sections=0))
    answer = nav.ask("impeller seal breaker", budget=300, doc="manual.md")
    by = {e.found_by: e.piece.text for e in answer.evidence}
    assert "impeller seal" in by["passage"] and "16 ampere breaker" in by["gap"]
    step = next(s for s in answer.trace if s.get("over") == "gaps")
    assert step["terms"] == ["breaker"]


def test_the_global_route_reads_what_an_abstractive_summary_summarises(tmp_path):
    """A chat summary's sentences name no source paragraph: a summary hit is read as its
    node's own text (up to a share of the budget), not skipped with nothing fetched."""
    from _endpoint import ChatEndpoint

    from docnav.abstractive import ChatOptions, ChatSummarizer
    from docnav.summaries import SummaryPipelineOptions

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "manual.md").write_text(MANUAL)
    endpoint = ChatEndpoint("The manual explains how the pump is installed and maintained.")
    try:
        summarizer = ChatSummarizer(ChatOptions(base_url=endpoint.url, model="test-model"))
        options = IndexOptions(summaries=SummaryPipelineOptions(verify=False,
                                                                summarizer=summarizer),
                               progress=False)
        store = Store(tmp_path / "g.duckdb")
        Indexer(store, options, HashingEmbedder()).index([tmp_path / "docs"])
    finally:
        endpoint.close()
    graph = DocNavGraph.open(store.path, embedder=HashingEmbedder())
    answer = Navigator(graph).ask("Summarise how the pump is maintained", budget=100)
    assert answer.route == "global"
    (located,) = [t["hits"] for t in answer.trace if t.get("over") == "summaries"]
    assert located and all(graph.summary_sources(h) == [] for h in located)
    read = [e for e in answer.evidence if e.found_by == "summary"]
    summarised = {p.node_id for p in graph.fetch(located, budget=10_000)}
    first = {p.node_id for p in graph.fetch(located[:1], budget=10_000)}
    assert {e.piece.node_id for e in read} <= summarised
    assert {e.piece.node_id for e in read} & first


def test_summarise_without_summaries_reads_the_document_from_its_start(tmp_path):
    """A store indexed without summaries (DOCNAV_SUMMARIES=0) has no summary sources for
    "Summarise" to read, and it names no word to search for: it read nothing. It reads the
    document from its start, as far as the budget goes."""
    graph = indexed_graph(tmp_path, {
        "a.md": "# Alpha\n\nPump sales fell in the north.\n\n## More\n\nValves rose.\n\n"
                "## Last\n\n" + "Filler words here. " * 60 + "\n",
        "b.md": "# Beta\n\nPump sales rose.\n"})
    answer = Navigator(graph).ask("Summarise", budget=40, doc="*a.md")
    texts = [e.piece.text for e in answer.evidence]
    assert texts[:2] == ["Pump sales fell in the north.", "Valves rose."]
    assert len(texts) == 3 and texts[2].startswith("Filler") and texts[2].endswith("…")
    assert answer.tokens_used <= 40  # cut where the budget ends
    assert [t["to"] for t in answer.trace if t["op"] == "expand"] == [
        "the opening of each document asked of"]
