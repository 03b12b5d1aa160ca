"""What a question leaves out that names no one document is refused with an example of the
store's own documents, not of RFCs ("besides RFC 2394", "besides the if-let chains RFC" of a
store of papers)."""

from __future__ import annotations

import pytest
from _mixed_kinds import paper_text
from _stores import indexed_graph

from docnav.errors import InputError
from docnav.query import Navigator

PAPERS = {"1805.02400.md": paper_text("Neural fake reviews", "fake reviews by an LSTM."),
          "1811.00942.md": paper_text("Neural language models", "an LSTM language model."),
          "1907.05664.md": paper_text("Saliency maps", "saliency maps of an LSTM.")}


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("examples"), PAPERS, search_vectors=False)


@pytest.mark.parametrize(("question", "example"), [
    ("Which papers mention LSTM besides neural?", '"besides 1805.02400.md"'),
    ("Which is the longest paper besides the quantum widget theory?",
     '"besides 1805.02400.md"')])
def test_a_name_left_out_naming_none_is_refused_with_a_document_of_the_store(graph, question,
                                                                               example):
    with pytest.raises(InputError) as refused:
        Navigator(graph).ask(question, 400)
    assert example in str(refused.value) and "RFC" not in str(refused.value)
