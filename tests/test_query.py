"""DocNavGraph and the navigator over a store built by the real pipeline."""

from __future__ import annotations

import re

import duckdb
import pytest
from _pump import MANUAL, QUESTION, find

from docnav.embed import HashingEmbedder
from docnav.errors import ConfigError, InputError, StoreError
from docnav.index import Indexer, IndexOptions
from docnav.query import DIRECTIONS, DocNavGraph, EvidenceState, Navigator, Piece
from docnav.query.graph import count_tokens
from docnav.query.lexical import BM25, search_words, tokens
from docnav.store import Store


def test_locate_ranks_the_passage_with_the_words_first(graph):
    hits = graph.locate("impeller seal operating hours", k=3, kinds=["paragraph"])
    assert "2000 operating hours" in graph.node(hits[0].node_id).text
    assert all(h.kind == "paragraph" for h in hits)


def test_locate_over_sections_and_summaries(graph):
    sections = graph.locate("wiring breaker", kinds=["section"])
    assert sections and all(graph.node(h.node_id).kind == "section" for h in sections)
    summaries = graph.locate("impeller seals failures", via=["summary"])
    assert summaries and all(h.via == "summary" for h in summaries)


@pytest.mark.parametrize("query, message", [("", "empty query"), ("  ", "empty query"),
                                            ("x" * 10_000, "too long")])
def test_bad_queries_are_clear_errors(graph, query, message):
    with pytest.raises(InputError, match=message):
        graph.locate(query)


def test_navigate_every_direction(graph):
    clearance = find(graph, "Clearance")
    installation = find(graph, "1 Installation")
    assert graph.navigate(clearance.node_id, "parent") == [installation.node_id]
    assert clearance.node_id in graph.navigate(installation.node_id, "children")
    wiring = find(graph, "2 Wiring")
    assert wiring.node_id in graph.navigate(installation.node_id, "siblings")
    mount = find(graph, "Mount the pump")
    (after,) = graph.navigate(mount.node_id, "next")
    assert graph.node(after).kind in ("section", "paragraph")
    leave = find(graph, "Leave at least")
    assert graph.navigate(leave.node_id, "previous")  # across the section boundary
    assert graph.navigate(mount.node_id, "references") == [wiring.node_id]  # "See Section 2"
    table_ref = find(graph, "Table 1 lists")
    assert isinstance(graph.navigate(table_ref.node_id, "related"), list)


def test_the_collection_contains_the_documents(graph):
    """The collection node is navigable like any other: its children are the document nodes
    (by path), a document's parent is the collection, its siblings the other documents."""
    (collection,) = [n for n in graph._nodes.values() if n.kind == "collection"]
    docs = sorted((n for n in graph._nodes.values() if n.kind == "document"),
                  key=lambda n: n.path)
    assert len(docs) >= 2
    assert graph.navigate(collection.node_id, "children") == [d.node_id for d in docs]
    assert graph.navigate(docs[0].node_id, "parent") == [collection.node_id]
    assert graph.navigate(docs[0].node_id, "siblings") == [d.node_id for d in docs[1:]]
    assert graph.navigate(collection.node_id, "parent") == []
    assert graph.expand(collection.node_id, depth=1) == [collection.node_id] + [
        d.node_id for d in docs]
    pieces = graph.fetch([collection.node_id], budget=10_000)  # every document's text
    assert {p.doc_path for p in pieces} == {d.path for d in docs}


def test_unknown_direction_lists_the_valid_ones(graph):
    node = find(graph, "Mount the pump")
    with pytest.raises(InputError) as err:
        graph.navigate(node.node_id, "sideways")
    for d in DIRECTIONS:
        assert d in str(err.value)


def test_unknown_node_id_is_a_clear_error(graph):
    with pytest.raises(InputError, match="unknown node id 'nope'"):
        graph.navigate("nope", "parent")


def test_expand_to_a_depth(graph):
    installation = find(graph, "1 Installation")
    one = graph.expand(installation.node_id, depth=1)
    two = graph.expand(installation.node_id, depth=2)
    assert one[0] == installation.node_id and set(one) < set(two)
    assert find(graph, "Leave at least").node_id in two and \
        find(graph, "Leave at least").node_id not in one


def test_fetch_orders_deduplicates_and_cites(graph):
    seal = find(graph, "Replace the impeller")
    installation = find(graph, "1 Installation")
    leave = find(graph, "Leave at least")
    pieces = graph.fetch([seal.node_id, installation.node_id, leave.node_id], budget=1000)
    ids = [p.node_id for p in pieces]
    assert ids.count(leave.node_id) == 1  # inside the fetched section: not repeated
    assert ids[-1] == seal.node_id  # document order
    assert pieces[0].breadcrumb.startswith("Pump Manual › 1 Installation")


def test_fetch_respects_the_token_budget(graph):
    doc = next(n for n in graph._nodes.values() if n.kind == "document" and "manual" in n.path)
    longest = max((n for n in graph._nodes.values() if n.kind == "paragraph"),
                  key=lambda n: count_tokens(n.text))
    assert count_tokens(longest.text) > 18
    for budget, ids in [(b, [doc.node_id]) for b in (30, 200)] + [
            (b, [longest.node_id]) for b in (16, 17, 18)]:
        pieces = graph.fetch(ids, budget=budget)
        assert sum(p.tokens for p in pieces) <= budget
        # the text as shown, the mark of a cut piece counted (" …" was not: 18 at 16)
        assert sum(count_tokens(p.text) for p in pieces) <= budget, budget
        assert pieces[-1].tokens == count_tokens(pieces[-1].text)


def test_filter_by_path_kind_level_and_verification(graph):
    ids = list(graph._nodes)
    manual = graph.filter(ids, path="*manual.md")
    assert manual and all(graph.node(i).path.endswith("manual.md") for i in manual)
    tables = graph.filter(ids, kinds=["table"])
    assert len(tables) == 1 and "cable" in graph.node(tables[0]).text
    assert all(graph.node(i).level == 2 for i in graph.filter(ids, levels=[2]))
    assert graph.filter(ids, verified_only=True) == []  # built without verification


def test_a_possessive_or_a_contraction_leaves_no_search_term_of_its_own():
    # the "s" of "company's" was a term: in every filing, and named missing from the evidence
    assert tokens("the company's seals") == tokens("the company seals") == ["compani", "seal"]
    assert tokens("Amazon\u2019s risks") == ["amazon", "risk"]
    assert tokens("we're sure they'll say it isn't") == ["sure", "they", "say"]
    assert tokens("Why wasn't a macro used? They can't, won't") == ["macro", "use", "they",
                                                                    "can", "will"]
    assert tokens("O'Brien's pump") == ["o", "brien", "pump"]


def test_the_words_addressing_the_reader_are_no_search_terms_of_a_question():
    # "How do I close the store?" said "not in the evidence: i" and ranked "I propose ..."
    assert tokens("How do I close the store?") == ["close", "store"]
    assert tokens("Can you tell me what our pump does? We're lost, I'm sure") == [
        "can", "tell", "pump", "lost", "sure"]
    # a numeral after a word that numbers, a term of art, the US: terms still
    assert tokens("What does Part I say? And Table I?") == ["part", "i", "say", "tabl", "i"]
    assert tokens("I/O errors in the US") == ["i", "o", "error", "us"]
    # a text's own words keep them: BM25's lengths are the text's
    from docnav.query.lexical import BM25
    bm25 = BM25(["I propose we use it", "They propose it"])
    assert bm25.holding(["i"]).tolist() == [0] and bm25.holding(["we"]).tolist() == [0]
    assert bm25.avg == 3.0  # lengths 4 ("i", "propose", "we", "use") and 2: "it" is dropped


def test_a_word_of_letters_and_digits_is_also_searched_by_its_runs():
    # "project goals for 2025" did not find the "2025h2" goals: one term, no "2025" in it
    assert tokens("Project-Goals-2025h2") == ["project", "goal", "2025h2", "2025"]
    assert tokens("FY2022 margin") == ["fy2022", "fy", "2022", "margin"]
    assert tokens("max_len of __init__") == ["max_len", "max", "len", "__init__", "init"]
    # a run of one character is no term ("F1" is no "f" and "1"), nor is a common word
    assert tokens("F1 h2 is_a") == ["f1", "h2", "is_a"]
    bm25 = BM25(["the 2025h2 goal slate", "goals for 2019", "the FY2022 operating margin"])
    assert bm25.scores("goals for 2025").argmax() == 0
    assert bm25.scores("fiscal 2022").argmax() == 2
    # the runs stand where their word stands: no text is longer for them, so a search for
    # other words ranks as before ("word2vec" is one word of the first text's two, as "model")
    bm25 = BM25(["seal word2vec", "seal model"])
    assert bm25.scores("seal")[0] == bm25.scores("seal")[1] > 0
    # a missing joined word is named once, as the question wrote it, not by its runs
    assert search_words("FY2022 margin") == {"fy2022": "fy2022", "fy": "fy2022",
                                             "2022": "fy2022", "margin": "margin"}
    assert EvidenceState("the FY2022 margin", budget=100).gaps == ["fy2022", "margin"]


_SCORES = """
import hashlib
from docnav.query.lexical import BM25
words = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima".split()
texts = [" ".join(words[(i * k) % 12] for k in range(1, 3 + i % 11)) for i in range(200)]
print(hashlib.sha1(BM25(texts).scores(" ".join(words)).tobytes()).hexdigest())
"""


def test_bm25_scores_are_the_same_in_every_run():
    # a query's terms were summed in a set's order, which Python's string hashing changes
    # from run to run: float32 sums differing in their last bits could swap near ties
    import os
    import subprocess
    import sys

    runs = {subprocess.run([sys.executable, "-c", _SCORES], capture_output=True, text=True,
                           check=True, env={**os.environ, "PYTHONHASHSEED": str(seed)}
                           ).stdout for seed in range(4)}
    assert len(runs) == 1, runs


def test_evidence_state_tracks_gaps_and_confidence(graph):
    state = EvidenceState("impeller seal hours", budget=200)
    assert state.confidence == 0.0 and set(state.gaps) == {"impeller", "seal", "hours"}
    state.add(graph.fetch([find(graph, "Replace the impeller").node_id]), "passage")
    assert state.gaps == [] and state.confidence >= state.confident
    assert not state.sufficient  # every word covered, but most of the budget still empty
    state.min_fill = 0.05
    assert state.sufficient


def test_navigator_answers_with_cited_evidence_and_a_trace(graph):
    answer = Navigator(graph).ask("How often should the impeller seal be replaced?",
                                  budget=256)
    assert answer.route == "local"
    assert any("2000 operating hours" in e.piece.text for e in answer.evidence)
    assert answer.tokens_used <= 256
    assert [step["op"] for step in answer.trace][0] == "locate"
    global_answer = Navigator(graph).ask("What are the main causes of pump failures overall?",
                                         budget=256)
    assert global_answer.route == "global"
    assert any(step.get("to") == "summary sources" for step in global_answer.trace)


def test_the_document_of_the_best_passage_comes_first_each_in_reading_order(graph):
    """The field notes answer this; the manual (first by path) only shares the pump. Its
    pieces came first, so the answer's [1] was a paragraph about mounting the pump."""
    answer = Navigator(graph).ask("Why did undersized breakers trip?", budget=256)
    paths = [e.piece.doc_path.rsplit("/", 1)[-1] for e in answer.evidence]
    assert paths[0] == "notes.md" and "manual.md" in paths
    assert paths == sorted(paths, key=lambda p: p != "notes.md")  # one document after the other
    assert "Undersized breakers tripped" in answer.evidence[0].piece.text or \
        "Undersized breakers tripped" in answer.evidence[1].piece.text
    for doc in set(paths):
        positions = [graph.node(e.piece.node_id).position for e in answer.evidence
                     if e.piece.doc_path.endswith(doc)]
        assert positions == sorted(positions)


def test_missing_store_says_what_to_run(tmp_path):
    with pytest.raises(StoreError, match=r"`docnav --db \S+none.duckdb index PATH`"):
        DocNavGraph.open(tmp_path / "none.duckdb")


def test_a_store_locked_by_a_writer_is_read_from_its_parquet_export(built):
    import time

    from _harness import held

    # another process holds the write lock, as a running `docnav index` does
    with held(built.path, "w", 60):
        time.sleep(0.2)
        graph = DocNavGraph.open(built.path)
        assert graph.source.startswith("parquet:")
        assert any("2000 operating hours" in n.text for n in graph._nodes.values())
        answer = Navigator(graph).ask("How often is the impeller seal replaced?", budget=128)
        assert answer.evidence


def test_queries_are_embedded_by_the_stored_vectors_model_unless_told_otherwise(built, graph):
    default = DocNavGraph.open(built.path)
    assert default.model == "hashing-v1-256"
    query = "Which clearance does the motor need?"
    assert default.locate(query, k=5) == graph.locate(query, k=5)  # graph: HashingEmbedder()
    assert default.embedder.model_id == default.model
    lexical = DocNavGraph.open(built.path, embedder=None)
    assert lexical.embedder is None
    assert set(lexical.rankings(query)) == {"lexical"}
    assert set(default.rankings(query)) == {"lexical", "dense"}


def test_an_embedder_of_another_model_is_refused_with_both_names(built):
    with pytest.raises(ConfigError, match="'hashing-v1-256'.*'hashing-v1-128'"):
        DocNavGraph.open(built.path, embedder=HashingEmbedder(128))
    with pytest.raises(InputError, match="'yes'"):
        DocNavGraph.open(built.path, embedder="yes")


def test_a_store_made_by_a_model_docnav_cannot_name_needs_that_embedder(tmp_path):
    class Custom(HashingEmbedder):
        def __init__(self):
            super().__init__(64)
            self.model_id = "acme-encoder-7"

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text(MANUAL)
    store = Store(tmp_path / "g.duckdb")
    Indexer(store, IndexOptions(summaries=None, progress=False), Custom()).index(
        [tmp_path / "docs"])
    with pytest.raises(ConfigError, match="'acme-encoder-7'.*cannot load by name"):
        DocNavGraph.open(store.path)
    graph = DocNavGraph.open(store.path, embedder=Custom())
    assert graph.locate("impeller seal", k=1, kinds=["paragraph"])
    assert DocNavGraph.open(store.path, embedder=None).embedder is None


def test_an_older_schema_version_asks_for_a_rebuild(built, tmp_path):
    import shutil

    copy = tmp_path / "old.duckdb"
    shutil.copy(built.path, copy)
    with duckdb.connect(str(copy)) as con:
        con.execute("UPDATE meta SET value = '0' WHERE key = 'schema_version'")
    with pytest.raises(StoreError, match="schema version 0"):
        DocNavGraph.open(copy)


ACME = """# Acme Corp Annual Report

Acme Corp makes anvils. Acme Corp ships Acme anvils from the Acme plant.

Acme Corp employs 300 people at Acme sites.

## Results

Net revenue rose 12 percent to 40 million dollars.
"""

MARKET = """# Market Review

Revenue of the anvil market rose. Revenue of rivals fell.

Revenue per customer grew. Revenue from exports grew.

Revenue forecasts are uncertain.

Revenue recognition follows the usual rules.
"""


CASH = """# Bolt Inc Annual Report

## Financial Statements

Consolidated Statements of Cash Flows

| activity | 2023 | 2022 |
| --- | --- | --- |
| operating | 1,824 | 3,252 |
| investing | (962) | (1,372) |

## Outlook

Management expects activities that bring cash to grow; cash flow guidance for activities
is given each quarter, and which activities matter most is discussed with investors.
"""


@pytest.fixture(scope="module")
def filings(tmp_path_factory):
    """A company's report beside a market review: the company's name is rare in the store
    but in nearly every paragraph of its own report. And a report whose statement is a
    title line followed by a table of numbers."""
    base = tmp_path_factory.mktemp("filings")
    docs = base / "docs"
    docs.mkdir()
    (docs / "acme.md").write_text(ACME)
    (docs / "market.md").write_text(MARKET)
    (docs / "bolt.md").write_text(CASH)
    store = Store(base / "g.duckdb")
    options = IndexOptions(summaries=None, progress=False)
    Indexer(store, options, HashingEmbedder()).index([docs])
    return DocNavGraph.open(store.path, embedder=None)  # the lexical side alone


def test_locate_weighs_words_within_the_searched_documents(filings):
    # Over the whole store "acme" is rare and "revenue" common; inside acme.md it is the
    # other way round. Restricted to acme.md, the revenue paragraph answers the question.
    hits = filings.locate("Acme revenue", k=3, kinds=["paragraph"],
                          filters={"path": "acme.md"})
    assert "Net revenue rose" in filings.node(hits[0].node_id).text
    assert all(filings.node(h.node_id).path.endswith("acme.md") for h in hits)


def test_word_search_matches_word_forms(filings):
    # acme.md says "revenue" and "employs"; the question says "revenues" and "employing".
    hits = filings.locate("revenues", k=1, kinds=["paragraph"], filters={"path": "acme.md"})
    assert hits and "Net revenue rose" in filings.node(hits[0].node_id).text
    answer = Navigator(filings).ask("Who is employing anvilsmiths?", budget=200, doc="acme.md")
    assert any("employs 300" in e.piece.text for e in answer.evidence)
    assert answer.missing == ["anvilsmiths"]  # the question's word, not its stem


def test_a_short_hit_is_read_with_the_paragraph_after_it(filings):
    # The title line matches; the table under it shares no word with the question but holds
    # the answer. The navigator reads on after a title-like hit and keeps what it finds.
    answer = Navigator(filings).ask("Which activities brought the most cash flows?",
                                    budget=120, doc="bolt.md")
    table = [e for e in answer.evidence if "1,824" in e.piece.text]
    assert table and table[0].found_by == "next"
    assert {"op": "navigate", "direction": "next"}.items() <= next(
        s for s in answer.trace if s["op"] == "navigate").items()


def test_most_of_the_question_in_one_piece_is_not_enough_to_stop():
    # Word overlap is a weak sign of an answer: a piece holding four of the question's five
    # words (stemmed, so easily) does not stop the search while budget is left.
    state = EvidenceState("impeller seal clearance motor hours", budget=100)
    state.min_fill = 0.0
    state.add([Piece("a", "p.md", "p", None, "The impeller seal clearance of the motor.", 10)],
              "passage")
    assert state.confidence == 0.8 and not state.sufficient
    state.add([Piece("b", "p.md", "p", None, "Motor seals: impeller clearances, 500 hours.", 10)],
              "passage")
    assert state.confidence == 1.0 and state.sufficient


def test_the_words_that_ask_are_no_part_of_what_the_evidence_must_hold():
    """"What does Note 7 say about pledged assets?": a piece on Note 7's pledged assets
    answers it without saying "say" or "about", which the answer listed as missing. A question
    made only of such words keeps them (something must be looked for)."""
    state = EvidenceState("What does Note 7 say about pledged assets?", budget=100)
    state.min_fill = 0.0
    state.add([Piece("a", "k.pdf", "Note 7 › Pledged Assets", None,
                     "As of 2017 we have pledged $1.4 billion of assets.", 12)], "passage")
    assert state.gaps == [] and state.confidence == 1.0 and state.sufficient
    assert EvidenceState("Tell me about it", budget=100).gaps == ["tell", "about"]
    # "how many employees": the answer is a number, which is no "many"; "long" after "how"
    # asks, elsewhere it names
    employees = EvidenceState("How many employees does Amazon have?", budget=100)
    employees.add([Piece("e", "k.pdf", "Item 1 › Employees", None,
                         "We employed approximately 566,000 people.", 8)], "passage")
    assert employees.gaps == ["amazon"]
    assert "many" not in EvidenceState("How many layers?", budget=100).gaps
    assert "long" not in EvidenceState("How long did training take?", budget=100).gaps
    assert "long" in EvidenceState("Why are long documents hard?", budget=100).gaps


def test_confidence_needs_one_piece_holding_the_question_together(graph):
    state = EvidenceState("impeller seal clearance motor", budget=400)
    state.min_fill = 0.0
    state.add(graph.fetch([find(graph, "Replace the impeller").node_id]), "passage")
    state.add(graph.fetch([find(graph, "Leave at least").node_id]), "passage")
    assert state.gaps == []  # every word is somewhere in the evidence ...
    assert not state.sufficient  # ... but no single piece answers the question
    assert state.confidence == 0.5


# -- arguments a caller can get wrong --------------------------------------------------------------

def test_a_budget_too_small_for_any_evidence_is_refused(graph):
    for budget in (0, -5, 15):
        with pytest.raises(InputError, match=f"budget {budget}"):
            Navigator(graph).ask(QUESTION, budget=budget)
    assert Navigator(graph).ask(QUESTION, budget=16).tokens_used <= 16


def test_a_document_glob_that_matches_nothing_is_named(graph):
    with pytest.raises(InputError, match=r"no indexed document matches '\*10K\*'"):
        Navigator(graph).ask(QUESTION, doc="*10K*")
    assert graph.document_paths("manual.md") == [p for p in graph.document_paths()
                                                if p.endswith("/manual.md")]


def test_locate_refuses_no_hits_and_unknown_kinds(graph):
    with pytest.raises(InputError, match="at least 1 hit"):
        graph.locate("impeller", k=0)
    with pytest.raises(InputError, match=r"unknown kind 'paragraphs'; valid: .*paragraph.*table"):
        graph.locate("impeller", kinds=["paragraphs"])
    with pytest.raises(InputError, match="unknown kind 'tables'"):
        graph.filter(list(graph._nodes), kinds=["tables"])
    assert graph.locate("cable sizes", kinds=["table"])  # a block kind is a kind too


def test_resolve_takes_ids_prefixes_and_document_ids(graph):
    seal = find(graph, "Replace the impeller")
    assert graph.resolve(seal.node_id) == seal.node_id
    assert graph.resolve(seal.node_id[:10]) == seal.node_id
    root = graph.resolve(seal.doc_id)  # a document id stands for its root node
    assert graph.node(root).kind == "document" and graph.node(root).doc_id == seal.doc_id
    assert graph.resolve(seal.doc_id[:10]) == root
    # (the digit may begin a document id too, which is then named as such: "ids")
    with pytest.raises(InputError, match=r"begins \d+ (?:node )?ids .*give more of it"):
        graph.resolve(_common_prefix(graph))
    with pytest.raises(InputError, match="unknown node id 'zz'"):
        graph.resolve("zz")
    with pytest.raises(InputError, match="empty node id"):
        graph.resolve("  ")


def test_resolve_takes_a_document_s_path_as_docnav_show_does(graph, tmp_path):
    # `docnav nav pump-manual.md --dir children`: `docnav show` lists paths, and takes them
    seal = find(graph, "Replace the impeller")
    path = graph.node(seal.node_id).path
    root = graph.resolve(seal.doc_id)
    name = path.rsplit("/", 1)[-1]
    assert graph.resolve(path) == graph.resolve(name) == graph.resolve(name[:4]) == root
    assert graph.resolve("docs/" + name) == root  # the end of its path after a "/"
    with pytest.raises(InputError, match="unknown node id '.md'"):
        graph.resolve(".md")  # the end of every path, but after no "/", nor a name's start


def test_a_path_that_names_several_documents_is_refused_with_them(tmp_path):
    from _stores import indexed_graph

    graph = indexed_graph(tmp_path, {"pump-a.md": "# A\n\nOne.\n",
                                     "pump-b.md": "# B\n\nTwo.\n"})
    assert graph.node(graph.resolve("pump-b")).heading == "B"
    with pytest.raises(InputError, match=r"'pump' names 2 documents \(.*a.md, .*b.md\)"):
        graph.resolve("pump")


def _common_prefix(graph) -> str:
    """One hex digit that begins several node ids."""
    from collections import Counter

    digit, count = Counter(nid[0] for nid in graph._nodes).most_common(1)[0]
    assert count > 1
    return digit


@pytest.mark.parametrize("query", ["?!.,;:", "the of and", "🦀🦀", "What is it?"])
def test_a_query_without_words_to_search_is_refused(graph, query):
    with pytest.raises(InputError, match="no words to search for"):
        graph.locate(query)
    with pytest.raises(InputError, match="no words to search for"):
        Navigator(graph).ask(query)


def test_one_value_stands_for_a_list_and_wrong_types_are_input_errors(graph):
    seal = find(graph, "2000 operating hours")
    assert graph.fetch(seal.node_id) == graph.fetch([seal.node_id])
    assert graph.locate("wiring", kinds="section") == graph.locate("wiring", kinds=["section"])
    level = graph.node(graph.locate("wiring", kinds=["section"])[0].node_id).level
    assert graph.locate("wiring", levels=level) == graph.locate("wiring", levels=[level])
    assert graph.filter([seal.node_id], kinds="paragraph") == [seal.node_id]
    import numpy as np

    assert graph.locate("wiring", k=np.int64(2)) == graph.locate("wiring", k=2)
    for call, message in [
            (lambda: graph.locate("wiring", k=True), "k True"),
            (lambda: graph.locate("wiring", k="3"), "k '3'"),
            (lambda: graph.locate(5), "query 5: give it as a string"),
            (lambda: graph.locate("wiring", filters={"bogus": 1}),
             "unknown filter 'bogus'; valid: path, kinds, levels"),
            (lambda: graph.expand(seal.node_id, "2"), "depth '2'"),
            (lambda: graph.expand(seal.node_id, None), "depth None"),
            (lambda: graph.fetch([seal.node_id], budget=None), "budget None"),
            (lambda: Navigator(graph).ask("seal", budget=2.5), "budget 2.5")]:
        with pytest.raises(InputError, match=re.escape(message)):
            call()
    # the length limit is on the query itself, not on the spaces around it
    assert graph.locate("seal" + " " * 5_000, k=1)
