"""Documents asked for by a part they have ("Which RFCs have a Drawbacks section?", "How many
RFCs have a Drawbacks section?"): those with a section so headed, counted and each read from
it. Of the bundled sample, "Which RFCs have drawbacks sections?" read one RFC's "Unsafe
traits" and said "sections" was in none of the documents asked of."""

from __future__ import annotations

from pathlib import Path

import pytest
from _cli import index_sample, run

from docnav.embed import HashingEmbedder
from docnav.query import DocNavGraph, Navigator

WITH_DRAWBACKS = ["0019-opt-in-builtin-traits.md", "0123-share-to-threadsafe.md",
                  "0458-send-improvements.md"]  # 0003-attribute-usage.md has none


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    indexed = index_sample(tmp_path_factory.mktemp("sample"))
    assert indexed.code == 0
    return indexed


@pytest.mark.parametrize("question", ["Which RFCs have drawbacks sections?",
                                      "Which RFCs have a Drawbacks section?",
                                      "Which RFCs contain a section on drawbacks?"])
def test_the_documents_with_a_part_are_those_with_a_section_so_headed(sample, question):
    graph = DocNavGraph.open(sample.db, embedder=HashingEmbedder())
    answer = Navigator(graph).ask(question, 300)
    assert [Path(p).name for p in answer.count["documents"]] == WITH_DRAWBACKS
    assert (answer.count["n"], answer.count["of"]) == (3, 4)
    # each read from that section
    read = {(Path(e.piece.doc_path).name, e.piece.breadcrumb.rsplit(" › ", 1)[-1])
            for e in answer.evidence}
    assert ("0019-opt-in-builtin-traits.md", "Drawbacks") in read
    assert "sections" not in answer.missing and "sections" not in answer.absent


def test_ask_counts_them_and_says_none(sample):
    code, out, _ = run(sample.db, "ask", "How many RFCs have a Drawbacks section?")
    assert code == 0
    assert ("how many RFCs: 3 of the 4 documents asked of have a section headed "
            f"\"Drawbacks\": {', '.join(WITH_DRAWBACKS)}") in out, out
    code, out, _ = run(sample.db, "ask", "Which RFCs have a Zebra section?")
    assert code == 0
    assert "0 of the 4 documents asked of have a section headed \"Zebra\"" in out, out
