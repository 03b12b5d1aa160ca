"""A question that names a page ("What is on page 2 of ...?", "pages 1-2", "p. 3") reads that
page of the documents asked of, in reading order; a page none has is said, with the last page
there is. Before, "page 36" was a cross-reference no part carried and the question's word
"page" asked for the "pages" field: the answer was the page count and the cover page."""

from __future__ import annotations

import shutil

import pytest
from _cli import run
from _paths import FIXTURES, require

from docnav.embed import HashingEmbedder
from docnav.index import Indexer, IndexOptions
from docnav.query import DocNavGraph, Navigator
from docnav.query.layout import pages_asked
from docnav.store import Store

PUMP = "# Pump guide\n\n## Seals\n\nThe seal of the pump is replaced every year.\n"


@pytest.fixture(scope="module")
def nav(tmp_path_factory):
    """The five-page word processor history (a PDF) beside a Markdown guide (no pages)."""
    base = tmp_path_factory.mktemp("pages")
    docs = base / "docs"
    docs.mkdir()
    shutil.copy(require(FIXTURES / "pdf" / "multi_page.pdf"), docs / "multi_page.pdf")
    (docs / "pump.md").write_text(PUMP)
    store = Store(base / "g.duckdb")
    Indexer(store, IndexOptions(summaries=None, progress=False), HashingEmbedder()).index([docs])
    nav = Navigator(DocNavGraph.open(store.path, embedder=HashingEmbedder()))
    nav.db = store.path  # for the command line
    return nav


def _page_of(nav, page: int) -> list[str]:
    graph = nav.graph
    return [nid for nid, n in sorted(graph.nodes_of_kind("paragraph"),
                                     key=lambda x: x[1].position)
            if n.path.endswith("multi_page.pdf") and n.page == page]


@pytest.mark.parametrize("question", [
    "What is on page 2 of the word processor document?",
    "Summarise page 2 of the word processor document",
    "What does p. 2 of multi_page.pdf say?",
])
def test_a_page_asked_for_is_read_whole_in_reading_order(nav, question):
    answer = nav.ask(question, budget=2000)
    assert [e.piece.node_id for e in answer.evidence] == _page_of(nav, 2)
    assert not answer.fields  # "page" asks for no "pages" field
    assert not answer.missing and not answer.absent
    # the pages step, its fetch, then why collecting stopped
    assert {"op": "pages", "first": 2, "last": 2}.items() <= answer.trace[-3].items()
    assert answer.trace[-1]["op"] == "stop"


def test_a_range_of_pages_is_read_to_the_budget(nav):
    answer = nav.ask("What is on pages 1-2 of the word processor document?", budget=2000)
    assert [e.piece.node_id for e in answer.evidence] == _page_of(nav, 1) + _page_of(nav, 2)
    short = nav.ask("What is on pages 1-2 of the word processor document?", budget=60)
    assert short.tokens_used <= 60 and short.evidence[0].piece.node_id == _page_of(nav, 1)[0]


def test_a_page_no_document_has_is_said(nav):
    last = max(n.page for _, n in nav.graph.nodes_of_kind("paragraph") if n.page)
    answer = nav.ask("What does page 40 of the word processor document say?", budget=300)
    assert answer.absent == [f"page 40 (the last page is {last})"]
    assert not any(e.piece.page == 40 for e in answer.evidence)
    # five digits and more too: "page 99999" was searched for as the word "99999"
    answer = nav.ask("What does page 99999 of the word processor document say?", budget=300)
    assert answer.absent == [f"page 99999 (the last page is {last})"]
    guide = nav.ask("What is on page 2?", budget=300, doc="pump.md")
    assert guide.absent == ["page 2 (no document asked of has page numbers)"]
    assert guide.evidence == []  # nothing else was asked


def test_the_pages_a_question_names():
    assert pages_asked("What is on page 36 of the 10-K?") == [("page 36", 36, 36)]
    assert pages_asked("Summarise pages 3-5 and p. 9") == [("pages 3-5", 3, 5), ("p. 9", 9, 9)]
    assert pages_asked("pages 2 to 400")[0][1:] == (2, 400)  # read_pages reads 20 of them
    assert pages_asked("pp. 12345-12346") == [("pp. 12345-12346", 12345, 12346)]
    assert pages_asked("How many pages does it have?") == []
    assert pages_asked("Which pages mention pumps?") == []


def test_docnav_ask_reads_the_page_of_the_one_document_that_has_it(nav):
    # no document named: the question is only its page ("focus" with no name left out
    # crashed the command line)
    code, out, err = run(nav.db, "ask", "What is on page 3?", "--budget", "2000")
    assert code == 0, err
    assert "multi_page.pdf" in out and "pump.md" not in out
    assert f"read page 3 of multi_page.pdf ({len(_page_of(nav, 3))} paragraphs), in reading " \
        "order" in out.splitlines()
    answer = nav.ask("What is on page 3?", budget=2000)
    assert [e.piece.node_id for e in answer.evidence] == _page_of(nav, 3)
    assert not [op for op in answer.trace if op["op"] == "focus"]


def test_which_page_asks_where_not_for_a_word_or_the_pages_field(nav):
    # "Which page discusses Adobe's stock repurchases?" said "not in the evidence: page" and
    # printed the "pages" field; every piece says its page
    answer = nav.ask("Which page of the word processor document mentions Microsoft Word?",
                     budget=300)
    assert answer.evidence and all(e.piece.page for e in answer.evidence)
    assert not answer.fields and "page" not in answer.missing
    assert any("Microsoft Word" in e.piece.text for e in answer.evidence)


def test_the_pages_field_asked_for_is_no_missing_word(nav):
    # "How many pages does the pioNER paper have?" printed "pages = 6" and "not in the
    # evidence: pages"
    answer = nav.ask("How many pages does the word processor document have?", budget=200)
    assert answer.fields and list(answer.fields.values())[0]["pages"] == "5"
    assert "pages" not in answer.missing and "pages" not in answer.absent


def test_docnav_fetch_pages_prints_those_pages_or_says_which_there_are(nav):
    import json

    code, out, err = run(nav.db, "fetch", "multi_page.pdf", "--pages", "2", "--json")
    assert code == 0, err
    fetched = json.loads(out)
    assert [p["node_id"] for p in fetched["pieces"]] == _page_of(nav, 2)
    assert fetched["paragraphs"] == len(_page_of(nav, 2))
    code, out, err = run(nav.db, "fetch", "multi_page.pdf", "--pages", "2-3", "--json")
    assert [p["node_id"] for p in json.loads(out)["pieces"]] == _page_of(nav, 2) + _page_of(nav, 3)
    last = max(n.page for _, n in nav.graph.nodes_of_kind("paragraph") if n.page)
    code, _, err = run(nav.db, "fetch", "multi_page.pdf", "--pages", "40")
    assert code == 2 and ("no paragraph of multi_page.pdf is printed on them; their pages run "
                          f"1-{last}") in err
    code, _, err = run(nav.db, "fetch", "pump.md", "--pages", "1")
    assert code == 2 and "they have no page numbers" in err
    code, _, err = run(nav.db, "fetch", "multi_page.pdf", "--pages", "3-1")
    assert code == 2 and "--pages '3-1': the range runs backwards; give 1-3" in err
    code, _, err = run(nav.db, "fetch", "multi_page.pdf", "--pages", "three")
    assert code == 2 and "--pages 'three': give a page (36) or a range (36-38)" in err
    # any number of digits ("1-100000" was no range)
    code, _, err = run(nav.db, "fetch", "multi_page.pdf", "--pages", "1-100000")
    assert code == 0, err


def test_pages_longer_than_the_budget_are_read_by_what_else_the_question_asks(nav):
    # "What do pages 30-45 say about stock repurchases?": the pages' first paragraphs filled
    # the budget; the paragraph that says it is on a later page
    asked = "What do pages 1-5 of the word processor document say about LaTeX?"
    answer = nav.ask(asked, budget=60)
    assert any("LaTeX" in e.piece.text for e in answer.evidence)
    assert all(e.found_by == "page" for e in answer.evidence)
    # nothing else asked, or room for all: the pages in reading order, from the first
    whole = nav.ask("What is on pages 1-5 of the word processor document?", budget=60)
    assert whole.evidence[0].piece.node_id == _page_of(nav, 1)[0]


def test_how_long_a_document_is_its_pages_field(nav):
    answer = nav.ask("How long is the word processor document?", budget=200)
    ((path, fields),) = answer.fields.items()
    last = max(n.page for _, n in nav.graph.nodes_of_kind("paragraph") if n.page)
    assert path.endswith("multi_page.pdf") and fields == {"pages": str(last)}
    # a length asked of something in it is no question of the document's length
    term = nav.ask("How long is the spell check of the word processor document?", budget=200)
    assert not term.fields


def test_how_long_a_document_without_pages_is_counted(nav):
    """Of a Markdown guide (no pages), its length in words, paragraphs and headings (its title
    and "Seals"); before, its summary alone."""
    answer = nav.ask("How long is the pump guide?", budget=200)
    ((path, fields),) = answer.fields.items()
    assert path.endswith("pump.md") and fields == {
        "length": "9 words in 1 paragraph under 2 headings"}
    code, out, err = run(nav.db, "ask", "How long is the pump guide?", "--budget", "200")
    assert code == 0, err
    assert "the length of pump.md, counted: 9 words in 1 paragraph under 2 headings" in (
        out.splitlines())
    assert "in the fields of" not in out


def test_docnav_ask_says_when_the_search_chose_what_to_read_of_the_pages(nav):
    code, out, err = run(nav.db, "ask", "What do pages 1-5 of the word processor document say "
                         "about LaTeX?", "--budget", "60")
    assert code == 0, err
    assert any(line.startswith("read pages 1-5 of multi_page.pdf (") and line.endswith(
        "paragraphs), what the question asks found on them first") for line in out.splitlines())


def test_a_date_key_that_is_a_verb_is_asked_for_only_with_a_date(nav):
    # "What are the steps to create a column mask?" printed the redbook's "created = ..."
    answer = nav.ask("How do I create a table in the word processor document?", budget=200)
    assert not answer.fields
    for asked in ("When was the word processor document created?",
                  "What is the creation date of the word processor document?"):
        ((path, fields),) = nav.ask(asked, budget=200).fields.items()
        assert path.endswith("multi_page.pdf") and list(fields) == ["created"], asked


def test_locate_gives_each_hit_s_page_and_block_kind(nav):
    import json

    code, out, err = run(nav.db, "locate", "word processor", "-k", "20", "--kind", "paragraph",
                         "--json")
    assert code == 0, err
    hits = json.loads(out)
    for hit in hits:  # as nav --json has them; neither was in locate's rows
        node = nav.graph.node(hit["node_id"])
        assert (hit["page"], hit["block_kind"]) == (node.page, node.block_kind)
    assert any(hit["page"] for hit in hits) and all(
        hit["page"] is None for hit in hits if hit["document"].endswith("pump.md"))
    code, out, _ = run(nav.db, "locate", "word processor", "-k", "20", "--kind", "paragraph")
    first = hits[0]
    assert f"{first['breadcrumb']}, p. {first['page']}" in out.splitlines()[0]
    # the history's timeline is a list: its items are named as such, as nav names them
    item = next(h for h in hits if h["block_kind"] == "list_item")
    assert any(line.startswith(item["node_id"][:12]) and " list_item " in line
               for line in out.splitlines())


def test_a_range_past_the_last_page_says_the_pages_read(nav):
    """"pages 1-25" of the five-page history said "read pages 1-20"; the pages read are
    1-5, and the answer says that its last page is 5."""
    code, out, err = run(nav.db, "ask", "What is on pages 1-25 of the word processor "
                         "document?", "--budget", "2000")
    assert code == 0, err
    n = sum(len(_page_of(nav, page)) for page in range(1, 6))
    assert (f"read pages 1-5 of multi_page.pdf ({n} paragraphs), in reading order; pages 1-25 "
            "asked, and its last page is 5") in out.splitlines()


def test_a_range_longer_than_twenty_pages_says_where_it_was_cut(tmp_path):
    """"pages 1-25" of a 25-page PDF read pages 1-20, and said nothing of 21-25."""
    import pypdfium2

    source = pypdfium2.PdfDocument(str(require(FIXTURES / "pdf" / "multi_page.pdf")))
    long = pypdfium2.PdfDocument.new()
    for _ in range(5):
        long.import_pages(source)
    docs = tmp_path / "docs"
    docs.mkdir()
    long.save(str(docs / "long.pdf"))
    db = tmp_path / "g.duckdb"
    assert run(db, "index", str(docs), "--embed-model", "hashing", "--no-summaries",
               "--no-progress")[0] == 0
    code, out, err = run(db, "ask", "What is on pages 1-25 of long.pdf?", "--budget", "100")
    assert code == 0, err
    [said] = [line for line in out.splitlines() if line.startswith("read pages")]
    assert said.startswith("read pages 1-20 of long.pdf (") and said.endswith(
        "; of pages 1-25 asked, at most 20 pages are read: ask for pages 21-25 next"), said


def test_a_page_no_document_has_reads_no_other_page(nav):
    # "What is on page 500 of the Adobe 10-K?" said the last page is 99, then gave twelve
    # passages holding "Adobe" with confidence 1.00
    for question in ("What is on page 40 of the word processor document?",
                     "What does page 40 say about the typewriter?"):
        answer = nav.ask(question, budget=300, doc="multi_page.pdf")
        assert answer.absent[-1].startswith("page 40 (the last page is "), question
        assert answer.evidence == [] and not answer.confidence, question  # 0.0, or None
    # a range running past the last page reads the pages there are
    answer = nav.ask("What is on pages 5-40 of the word processor document?", budget=300)
    assert answer.evidence and {e.piece.page for e in answer.evidence} == {5}
