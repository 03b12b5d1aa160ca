"""Who does something: "Who audits Best Buy?" is answered where the 10-K says by whom
("The accompanying consolidated financial statements have been audited by Deloitte & Touche
LLP, ..."). Searched as words, the paragraphs saying "audit" most (its critical audit
matters) filled 400 tokens, and the auditor was not named in them."""

from __future__ import annotations

import pytest
from _paths import FINANCEBENCH
from _stores import indexed_copies, indexed_graph

from docnav.query import Navigator
from docnav.query.agents import agent_paragraphs

AUDITED = "The accompanying consolidated financial statements have been audited by Deloitte"


@pytest.fixture(scope="module")
def best_buy(tmp_path_factory):
    return indexed_copies(tmp_path_factory.mktemp("filing"),
                          [FINANCEBENCH / "pdfs" / "BESTBUY_2023_10K.pdf"])


def test_who_does_it_is_read_where_the_text_says_by_whom(best_buy):
    for question in ("Who audits Best Buy?", "Who audits Best Buy's financial statements?"):
        answer = Navigator(best_buy).ask(question, 400)
        texts = [e.piece.text for e in answer.evidence]
        assert any(t.startswith(AUDITED) for t in texts), (question, texts)
        assert [s for s in answer.trace if s.get("over") == "paragraphs saying by whom"]


def test_only_a_name_after_by_and_only_who_does(tmp_path):
    graph = indexed_graph(tmp_path, {"report.md": (
        "# Annual report\n\n## Accounts\n\nThe accounts were audited by management each "
        "year.\n\nThe statements were audited by KPMG LLP, an independent firm.\n\n"
        "The auditor is appointed yearly.\n")})
    found = [graph.node(n).text for n in agent_paragraphs(graph, "Who audits the report?",
                                                          None)]
    assert found == ["The statements were audited by KPMG LLP, an independent firm."]
    for question in ("Who is the auditor?", "Who wrote it?", "What audits are there?"):
        assert agent_paragraphs(graph, question, None) == [], question


def test_a_verb_whose_participle_its_stem_does_not_give(tmp_path):
    # "Who leads the project?": "led by Ada Lovelace", which "lead" does not start
    graph = indexed_graph(tmp_path, {"project.md": (
        "# Project\n\n## People\n\nThe project is led by Ada Lovelace since 2020.\n\n"
        "Leads are followed up weekly.\n\nThe engine was built by Charles Babbage.\n")})
    texts = {q: [graph.node(n).text for n in agent_paragraphs(graph, q, None)]
             for q in ("Who leads the project?", "Who built the engine?", "Who makes it?")}
    assert texts == {
        "Who leads the project?": ["The project is led by Ada Lovelace since 2020."],
        "Who built the engine?": ["The engine was built by Charles Babbage."],
        "Who makes it?": []}
