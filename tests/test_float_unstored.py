"""A table or figure the text mentions by label that is not itself in the store: Qasper's
papers as Markdown keep "In Table 2 , we report perplexity ..." but not the table. "What does
Table 2 show?" said "in none of the documents asked of: Table 2" under the very paragraph
saying "Table 2", and searched "2" as a word: a document's "2 Section 2" filled the budget."""

from __future__ import annotations

import pytest
from _cli import indexed_files, run

from docnav.query import DocNavGraph, Navigator

FILES = {
    "lm.md": "# Progress in Language Models\n\n## Results\n\nQuality and performance. In Table "
             "2 , from left to right, we report perplexity on the validation and test sets, "
             "and the latency and energy of each query.\n\nThe five-gram model is fast and "
             "uses little power (Table 2 , row 1), about 7 ms a query on the board.\n\n"
             "Neural models cut perplexity by more than half, at a high cost in energy.\n",
    "numbered.md": "# Test Document\n\n## 2 Section 2\n\nParagraph 2.1\n\nParagraph 2.2\n\n"
                   "### 2.1 Section 2.1\n\nParagraph 2.1.1\n",
}


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    return indexed_files(tmp_path_factory.mktemp("unstored"), FILES)


def test_a_table_only_mentioned_reads_its_mentions_and_says_it_is_not_stored(db):
    answer = Navigator(DocNavGraph.open(db)).ask("What does Table 2 show?", 1024)
    texts = [e.piece.text for e in answer.evidence]
    assert [t[:24] for t in texts[:2]] == ["Quality and performance.", "The five-gram model is f"]
    assert {e.found_by for e in answer.evidence[:2]} == {"reference"}
    # the text holds "Table 2": it is not absent, its table is not stored
    assert answer.absent == [] and answer.mentioned == ["Table 2"]
    assert "2" not in answer.missing
    # "2" is the label's number, no word to search for: no "Paragraph 2.1"
    assert not [t for t in texts if t.startswith("Paragraph")], texts
    code, out, err = run(db, "ask", "What does Table 2 show?")
    assert code == 0, err
    assert ("mentioned in the text, not itself in the store: Table 2 (the pieces mentioning "
            "it are read)") in out.splitlines(), out
    assert "in none of the documents asked of" not in out


def test_a_label_neither_stored_nor_mentioned_is_absent_and_its_number_not_searched(db):
    answer = Navigator(DocNavGraph.open(db)).ask("What does Table 9 show?", 1024)
    assert answer.absent == ["Table 9"] and answer.mentioned == []
    assert not [e for e in answer.evidence if e.piece.doc_path.endswith("numbered.md")]
    # scoped to a document that only mentions Table 2, Table 2 is still only mentioned there
    scoped = Navigator(DocNavGraph.open(db)).ask("What does Table 2 show?", 1024, doc="lm.md")
    assert scoped.mentioned == ["Table 2"] and scoped.absent == []
    # and to one that does not mention it, absent
    other = Navigator(DocNavGraph.open(db)).ask("What does Table 2 show?", 1024,
                                                doc="numbered.md")
    assert other.absent == ["Table 2"] and other.mentioned == []
    # what it reads there holds no word asked ("2" is none)
    assert other.confidence == 0 and not [e for e in other.evidence if e.relevance]


@pytest.mark.parametrize("asked", ["What does Table 9 show?", "table 3"])
def test_a_label_no_document_has_stays_a_gap_of_the_confidence(db, asked):
    # lm.md says "table" (of "Table 2"): once the label's number was no longer searched, every
    # word searched was held there, and a table no document has was answered at 1.00
    answer = Navigator(DocNavGraph.open(db)).ask(asked, 1024)
    assert answer.absent == [asked.removeprefix("What does ").removesuffix(" show?")]
    assert answer.confidence == 0.5


def test_a_label_written_without_its_space_is_said_once(db):
    # "What does Table1 show?" said "not in the evidence: table1" and then that Table1 is
    # mentioned in the text: its word joined to its number is the label, no word searched
    answer = Navigator(DocNavGraph.open(db)).ask("What does Table2 show?", 1024)
    assert answer.mentioned == ["Table2"] and answer.absent == []
    assert answer.missing == [] and answer.confidence == 1.0
    nine = Navigator(DocNavGraph.open(db)).ask("What does Table9 show?", 1024)
    assert nine.absent == ["Table9"] and nine.missing == [] and nine.confidence == 0.5
