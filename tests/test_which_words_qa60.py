"""Questions asking which documents hold words, left over: words joined by "or" ("Which RFCs
mention futures or pinning?" counted those holding "pinning" alone, "futures" being held by
most), "headings" asked for with a verb after them ("Which headings mention lifetimes?"
searched the word "headings"), and negations ("Which RFCs do not mention async?" counted
those holding "async", "Which documents are not RFCs?" those holding "not" and "RFCs")."""

from __future__ import annotations

import pytest
from _mixed_kinds import MIXED, rfc_text, unordered_navigator as _nav
from _paths import sorted_names as _names
from _stores import indexed_graph

from docnav.ask_text import answer_text

WORDS = {"3101-a.md": rfc_text("3101", "a", "Futures and pinning."),
         "3102-b.md": rfc_text("3102", "b", "Futures run to the end."),
         "3103-c.md": rfc_text("3103", "c", "Futures wait for a wake."),
         "3104-d.md": rfc_text("3104", "d", "Futures poll in async blocks."),
         "3105-e.md": rfc_text("3105", "e", "Pinning keeps a value in place."),
         "3106-f.md": rfc_text("3106", "f", "Macros expand to code."),
         "3107-g.md": rfc_text("3107", "g", "Async functions.") + (
             "\n## Lifetime capture\n\nAll of the input lifetimes are captured.\n")}


@pytest.fixture(scope="module")
def words(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("words"), WORDS, search_vectors=False)


def test_words_joined_by_or_count_those_holding_either(words):
    either = _nav(words).ask("Which RFCs mention futures or pinning?", budget=300)
    futures = _nav(words).ask("Which RFCs mention futures?", budget=300)
    pinning = _nav(words).ask("Which RFCs mention pinning?", budget=300)
    assert _names(futures.count["documents"]) == ["3101-a.md", "3102-b.md", "3103-c.md",
                                                  "3104-d.md"]
    assert _names(pinning.count["documents"]) == ["3101-a.md", "3105-e.md"]
    # each listed once ("futures", held by most, was no rare word: a.md and e.md alone)
    assert either.count["documents"] == sorted(
        {*futures.count["documents"], *pinning.count["documents"]})
    assert '5 of the 7 documents asked of hold "futures" or "pinning"' in (
        answer_text(either, words))


def test_headings_said_to_mention_a_word_are_the_sections_that_do(words):
    headings = _nav(words).ask("Which headings mention lifetimes?", budget=300)
    assert "headings" not in headings.missing  # (it was searched for, and said missing)
    assert headings.searched_as == "Which sections are on lifetimes?"
    sections = _nav(words).ask("Which sections are on lifetimes?", budget=300)
    assert [e.piece.node_id for e in headings.evidence] == [
        e.piece.node_id for e in sections.evidence]
    assert any(e.piece.breadcrumb.endswith("Lifetime capture") for e in headings.evidence)


@pytest.mark.parametrize("asked", ["Which RFCs do not mention pinning?",
                                   "Which RFCs don't mention pinning?",
                                   "Which RFCs are not about pinning?"])
def test_documents_not_holding_a_word(words, asked):
    answer = _nav(words).ask(asked, budget=300)
    assert _names(answer.count["documents"]) == ["3102-b.md", "3103-c.md", "3104-d.md",
                                                 "3106-f.md", "3107-g.md"]
    assert not answer.evidence  # none read: there is nothing of theirs to read of it
    assert ('5 of the 7 documents asked of do not hold "pinning" (counted by their words; '
            'none read)') in answer_text(answer, words)
    # as "mention neither ... nor" is answered
    neither = _nav(words).ask("Which RFCs mention neither pinning nor macros?", budget=300)
    assert _names(neither.count["documents"]) == ["3102-b.md", "3103-c.md", "3104-d.md",
                                                  "3107-g.md"]


def test_documents_not_of_a_kind_are_those_of_the_others(tmp_path):
    graph = indexed_graph(tmp_path, MIXED, search_vectors=False)
    answer = _nav(graph).ask("Which documents are not RFCs?", budget=300)
    assert answer.trace[0] == {"op": "kind left out", "kind": "RFC", "document_count": 2,
                               "asked_of": 5}
    assert _names(answer.count["documents"]) == ["demand.md", "globex.md", "sails.md"]
    assert "leaving out the 2 RFCs of the 5 documents asked of" in answer_text(answer, graph)


def test_or_not_joins_no_words(tmp_path):
    graph = indexed_graph(tmp_path, {"a.md": "# A\n\nFutures do not wait.\n",
                                     "b.md": "# B\n\nTasks do not block.\n",
                                     "c.md": "# C\n\nPins do not move; whether they hold.\n",
                                     "d.md": "# D\n\nPins hold values.\n",
                                     "e.md": "# E\n\nMacros expand.\n"},
                          search_vectors=False)
    answer = _nav(graph).ask("Which documents discuss whether or not pins hold?", budget=300)
    # ("not", held by most, was counted as a word joined to "whether": "hold "whether" or
    # "not", and ...")
    assert answer.count["words"] == ["whether", "pins", "hold"] and "any" not in answer.count
    assert _names(answer.count["documents"]) == ["c.md"]
