"""The navigator's passage order over stores built by the real pipeline: what is read after
a hit, which sections' reading order counts, and how much it weighs beside the searches."""

from __future__ import annotations

import pytest
from _stores import indexed_graph

from docnav.errors import ConfigError
from docnav.query import DocNavGraph, Navigator, NavigatorOptions

NO_READING_ORDER = NavigatorOptions(sections=0)  # passages in the searches' order alone


def _lexical_store(tmp_path, files: dict[str, str]) -> DocNavGraph:
    """``files`` indexed by the real pipeline without summaries; the graph's lexical side alone
    (no embedder), so that the passage order is the tests' to reason about."""
    return indexed_graph(tmp_path, files, search_vectors=False)


TRY = """# Operators

## Error propagation

The desugaring of the question mark operator is changed to the following, where Try is a new
trait that this proposal introduces below:

```rust
match Try::into_result(expr) {
    Ok(v) => v,
    Err(e) => return Try::from_error(From::from(e)),
}
```

Closures and loops keep their meaning; nothing else in the language changes with this proposal.
"""


def test_a_lead_in_is_read_with_what_it_announces(tmp_path):
    # The hit ends with a colon: what it introduces (the code, sharing no word with the
    # question) is the answer. One passage read, no reading order, no embeddings: only the
    # step that reads a lead-in with what follows it can find the code.
    lexical_only = _lexical_store(tmp_path, {"try.md": TRY})
    answer = Navigator(lexical_only, NavigatorOptions(sections=0, max_steps=1)).ask(
        "What is the question mark operator's desugaring?", budget=300)
    assert [e.found_by for e in answer.evidence] == ["passage", "next"]
    assert "Try::into_result" in answer.evidence[1].piece.text


BANG = """- Feature Name: bang_type
- Start Date: 2015-07-19

## Summary

Promote `!` to a full member of the language, equivalent to an enum with no variants.

## Drawbacks

Someone has to write the code.
"""


def test_a_found_preamble_is_read_as_its_whole_document(tmp_path):
    # The question's "bang type" is in the document's title (its file name), which names the
    # preamble section of its front matter lines. A reader who found the document reads it
    # from the start, past the front matter: the summary, which shares no word with the
    # question, is read (with one found section, only that step reads it).
    lexical_only = _lexical_store(tmp_path, {
        "bang-type.md": BANG,
        "kinds.md": "## Kinds\n\nEvery type has a kind: the kind of a type was introduced "
                    "long ago.\n"})
    answer = Navigator(lexical_only, NavigatorOptions(sections=1)).ask(
        "Why was the bang type introduced?", budget=300)
    assert any(e.piece.text.startswith("Promote") and e.found_by == "passage"
               for e in answer.evidence)


def test_passages_of_the_best_section_are_read_first(built):
    # "wiring" is only in the heading of the notes' section; its paragraph does not contain
    # the word, yet a reader who found the section reads it (lexical search over paragraphs
    # alone finds nothing).
    lexical_only = DocNavGraph.open(built.path, embedder=None)
    assert lexical_only.locate("wiring", kinds=["paragraph"], filters={"path": "notes.md"}) == []
    answer = Navigator(lexical_only).ask("wiring", budget=60, doc="notes.md")
    assert any("Undersized breakers" in e.piece.text for e in answer.evidence)


LOG = """# Workshop log

## Pump seal

Order the kit from the store and replace it every spring.

## Other jobs

The pump seal leaks when the pump runs dry and the seal is old.

A worn seal on the pump drips onto the floor.

The fence needs paint.
"""


def test_a_found_section_s_opening_does_not_come_before_a_better_match(tmp_path):
    # The section found by its heading opens with a paragraph that shares no word with the
    # question; the search ranks two other paragraphs. The reading order is a guess about
    # where the answer is: at full weight its first paragraph came before the second match,
    # at the default (three quarters of a search's weight) it comes after both matches.
    lexical_only = _lexical_store(tmp_path, {"log.md": LOG})

    def passage_order(**options) -> list[str]:
        answer = Navigator(lexical_only, NavigatorOptions(**options)).ask(
            "pump seal", budget=500, doc="log.md")
        step = next(s for s in answer.trace if s.get("over", "").startswith("paragraphs"))
        return [" ".join(lexical_only.node(h).text.split()[:2]) for h in step["hits"]]

    assert passage_order() == ["The pump", "A worn", "Order the"]
    assert passage_order(reading_weight=1.0) == ["The pump", "Order the", "A worn"]
    assert passage_order(reading_weight=0.0) == ["The pump", "A worn"]
    with pytest.raises(ConfigError, match="reading_weight -1"):
        Navigator(lexical_only, NavigatorOptions(reading_weight=-1))


FILING = """---
registrant: ACME WIDGETS CO., INC.
form: 10-K
---

# Annual report

## Business

We sell widgets to makers of machines.

Acme Widgets was founded long ago by the Acme family.

We ship our widgets from three plants.

## Competition

We compete with many makers of widgets.

Acme Widgets' rivals sell total solutions.

Our prices are lower than theirs.

## Balance sheet

Cash and cash equivalents 1,874 2,936
Receivables, net 1,141 1,042
Merchandise inventories 5,140 5,965
Other current assets 647 596
Total current assets 8,802 10,539
Land and buildings 688 671
Leasehold improvements 2,260 2,160
Fixtures and equipment 3,928 5,419
Accounts payable 5,687 6,803
Accrued liabilities 843 1,000
Total liabilities 6,400 7,100
"""


def test_the_documents_own_name_is_not_searched_for_inside_it(tmp_path):
    # Inside a filing the company's name is everywhere it is not the answer: with it, the
    # paragraphs naming Acme outrank the balance sheet's row. Leaving the name of the documents
    # asked out (their registrant) finds the row first; the trace says what was left out.
    graph = _lexical_store(tmp_path, {"acme.md": FILING, "other.md": "# Other\n\nTotal "
                                      "current assets of another company 5 6.\n"})
    nav = Navigator(graph, NavigatorOptions(sections=0, max_steps=1))
    asked = "What were Acme Widgets' total current assets?"
    answer = nav.ask(asked, budget=64, doc="acme.md")
    found = [e.piece.text for e in answer.evidence if e.found_by == "passage"]
    assert len(found) == 1 and "Total current assets 8,802 10,539" in found[0]
    assert answer.question == asked and answer.missing == []
    assert answer.trace[0] == {"op": "focus", "left_out": ["ACME WIDGETS"],
                               "question": "What were total current assets?", "filings": 1,
                               "tokens": 0, "confidence": 0.0}
    # asked of every document, the name is what finds the filing: it stays
    everywhere = nav.ask(asked, budget=64)
    assert all(step["op"] != "focus" for step in everywhere.trace)
    # "the company" is the company asked of, likewise ("company" was missing from the
    # evidence, the balance sheet's row not saying it)
    answer = nav.ask("What were the company's total current assets?", budget=64, doc="acme.md")
    assert "Total current assets 8,802 10,539" in answer.evidence[0].piece.text
    assert answer.missing == [] and answer.trace[0]["left_out"] == ["ACME WIDGETS",
                                                                    "the company"]
    assert answer.trace[0]["question"] == "What were total current assets?"
    # where it is no company's filing, "the company" is words of the question
    other = nav.ask("What were the company's total current assets?", budget=64,
                    doc="other.md")
    assert all(step["op"] != "focus" for step in other.trace)


def test_names_are_left_out_only_when_they_leave_a_question():
    from docnav.query.names import without_names

    names = ["AMAZON.COM", "AMAZON"]
    assert without_names("What is Amazon's FY2017 DPO? See Amazon.com's filing.", names) == \
        "What is FY2017 DPO? See ."
    assert without_names("Best Buy?", ["BEST BUY"]) == "Best Buy?"
    # what the company's documents are called goes with its name
    assert without_names("What does Note 7 of Amazon's filing say? And Amazon's 10-K?",
                         names) == "What does Note 7 of say? And ?"
    assert without_names("Who buys best?", ["BEST BUY"]) == "Who buys best?"

    from docnav.query.graph import path_matches
    assert path_matches("/d/a[1].md", ["x.md", "/d/a[[]1].md"]) and not path_matches("/d/a.md", [])


GLOBEX = """---
registrant: GLOBEX CORPORATION
---

# Annual report

## Balance sheet

Total current assets 1,111 2,222
"""


def test_in_a_collection_of_filings_naming_a_company_asks_its_filings(tmp_path):
    # Two companies' filings: the question names Globex, so Globex's filing alone is read,
    # without its name, and the trace says which documents the name chose.
    graph = _lexical_store(tmp_path, {"acme.md": FILING, "globex.md": GLOBEX})
    answer = Navigator(graph, NO_READING_ORDER).ask("What were Globex's total current assets?",
                                                    budget=64)
    assert {e.piece.doc_path for e in answer.evidence} == {str(tmp_path / "docs" / "globex.md")}
    focus = answer.trace[0]
    assert focus["op"] == "focus" and focus["left_out"] == ["GLOBEX"]
    assert focus["documents"] == [str(tmp_path / "docs" / "globex.md")]
    assert focus["question"] == "What were total current assets?"
    # naming neither chooses nothing
    neither = Navigator(graph, NO_READING_ORDER).ask("What were total current assets?", budget=200)
    assert all(step["op"] not in ("focus", "compare") for step in neither.trace)
    assert len({e.piece.doc_path for e in neither.evidence}) == 2


def test_a_question_naming_two_companies_is_asked_of_each_with_half_the_budget(tmp_path):
    # "Compare the revenue of Adobe and Best Buy", searched over both 10-Ks, filled its budget
    # with Best Buy's pages. Each named company's filings are asked in turn, with half the
    # budget and without either name, in the order the question names them.
    graph = _lexical_store(tmp_path, {"acme.md": FILING, "globex.md": GLOBEX})
    docs = tmp_path / "docs"
    answer = Navigator(graph, NO_READING_ORDER).ask(
        "Compare the total current assets and merchandise inventories of Globex and Acme "
        "Widgets", budget=160)
    compare = answer.trace[0]
    assert compare["op"] == "compare" and compare["companies"] == ["GLOBEX", "ACME WIDGETS"]
    assert compare["documents"] == [[str(docs / "globex.md")], [str(docs / "acme.md")]]
    assert compare["tokens_each"] == 80
    by_doc = {}
    for e in answer.evidence:
        by_doc.setdefault(e.piece.doc_path, []).append(e.piece)
    assert list(by_doc) == [str(docs / "globex.md"), str(docs / "acme.md")]
    assert all(sum(p.tokens for p in pieces) <= 80 for pieces in by_doc.values())
    assert any("Total current assets 8,802" in p.text for p in by_doc[str(docs / "acme.md")])
    assert any("1,111" in p.text for p in by_doc[str(docs / "globex.md")])
    focus = [step for step in answer.trace if step["op"] == "focus"]
    asked = "the total current assets and merchandise inventories of and"  # nor "Compare"
    assert [(f["of"], f["question"]) for f in focus] == [("GLOBEX", asked),
                                                             ("ACME WIDGETS", asked)]
    # missing: what no company's evidence holds (Globex's has no inventories; Acme's has),
    # and "compare" is no word to find in either (it was missing and absent)
    assert answer.missing == answer.absent == []


def test_a_question_about_each_company_is_asked_of_every_company_in_turn(tmp_path):
    # "What was each company's revenue?" over three 10-Ks read Adobe's pages alone, and
    # "each" and "company" were missing. It is asked of every company's filings in turn, as
    # of one ("the company's"), which leaves "the company" out as the company's name.
    graph = _lexical_store(tmp_path, {"acme.md": FILING, "globex.md": GLOBEX})
    docs = tmp_path / "docs"
    answer = Navigator(graph, NO_READING_ORDER).ask(
        "What were each company's total current assets?", budget=160)
    compare = answer.trace[0]
    assert (compare["op"], compare["each"]) == ("compare", True)
    assert compare["companies"] == ["ACME WIDGETS", "GLOBEX"] and compare["tokens_each"] == 80
    assert {e.piece.doc_path for e in answer.evidence} == {str(docs / "acme.md"),
                                                            str(docs / "globex.md")}
    assert answer.question == "What were each company's total current assets?"
    assert answer.missing == []
    focus = [(f["of"], f["left_out"]) for f in answer.trace if f["op"] == "focus"]
    assert focus == [("ACME WIDGETS", ["ACME WIDGETS", "the company"]),
                     ("GLOBEX", ["GLOBEX", "the company"])]
    # "the company", asked of no one company's filings, is each of them too
    the = Navigator(graph, NO_READING_ORDER).ask(
        "What were the company's total current assets?", 160)
    assert the.trace[0]["op"] == "compare" and the.trace[0]["each"]
    # "Which company had the highest ...?" asks each company's, the comparison the reader's:
    # it read Adobe's revenue pages alone, "company" and "highest" missing
    which = Navigator(graph, NO_READING_ORDER).ask(
        "Which company had the largest total current assets?", 160)
    assert which.trace[0]["op"] == "compare" and which.trace[0]["companies"] == [
        "ACME WIDGETS", "GLOBEX"]
    assert [f["question"] for f in which.trace if f["op"] == "focus"] == [
        "had the total current assets?"] * 2
    assert {e.piece.doc_path for e in which.evidence} == {str(docs / "acme.md"),
                                                          str(docs / "globex.md")}
    # naming one, it asks of another company: Acme's filing alone ("What company did Adobe
    # agree to acquire?" read every filing's pages in turn)
    acquired = Navigator(graph, NO_READING_ORDER).ask(
        "What company did Acme Widgets agree to acquire?", 160)
    assert (acquired.trace[0]["op"], acquired.trace[0]["documents"]) == (
        "focus", [str(docs / "acme.md")])
    # a store with a document of no registrant: nothing to ask in turn
    (tmp_path / "b").mkdir()
    plain = _lexical_store(tmp_path / "b", {"acme.md": FILING, "other.md": "# Other\n\nText.\n"})
    assert all(t["op"] != "compare" for t in Navigator(plain, NO_READING_ORDER).ask(
        "What were each company's total current assets?", budget=160).trace)


def test_a_company_named_beside_documents_without_a_registrant_chooses_nothing(tmp_path):
    # A news item about Globex is as much about Globex as its filing: nothing is narrowed,
    # and the name stays a search word.
    graph = _lexical_store(tmp_path, {"globex.md": GLOBEX, "news.md": "# News\n\nGlobex "
                                      "reported total current assets of 1,111 this year.\n"})
    answer = Navigator(graph, NO_READING_ORDER).ask("What were Globex's total current assets?",
                                                    budget=200)
    assert all(step["op"] != "focus" for step in answer.trace)
    assert len({e.piece.doc_path for e in answer.evidence}) == 2


TRUSTED = """# Security Improvements for CI Publishing to crates.io

- Feature Name: crates-io-trusted-publishing
- Start Date: 2024-09-10

## Summary

This RFC adds support for publishing crates from a CI system without a long-lived token.

## Guide-level explanation

The CI provider hands the workflow an identity token, which crates.io exchanges for a
short-lived access token that authenticates the upload.
"""


def test_a_document_s_field_lines_are_no_passages_unless_the_question_names_their_key(
        tmp_path):
    # "How does trusted publishing authenticate to crates.io?" read "Feature Name:
    # crates-io-trusted-publishing" first (short, holding the title's words), then "Start
    # Date: 2024-09-10" as the content it announces
    graph = _lexical_store(tmp_path, {"3691-trusted-publishing-cratesio.md": TRUSTED,
                                      "0385-module-system-cleanup.md": "# Modules\n\nText.\n"})
    fields = {graph.node(n).text: n for n, v in graph.nodes_of_kind("paragraph")
              if v.text.startswith(("Feature Name", "Start Date"))}
    assert set(fields) == {"Feature Name: crates-io-trusted-publishing", "Start Date: 2024-09-10"}
    navigator = Navigator(graph)
    question = "How does trusted publishing authenticate to crates.io?"
    assert not set(navigator.passages.order(question, None)) & set(fields.values())
    # budget to spare: nor are they read as the neighbours of the best pieces
    answer = navigator.ask(question, budget=300)
    read = {e.piece.node_id for e in answer.evidence}
    assert read and not read & set(fields.values())
    assert any("authenticates the upload" in e.piece.text for e in answer.evidence)
    # asked about a field's key, its line is a passage as any other
    order = navigator.passages.order("What is the feature name of the crates.io publishing RFC?",
                                     None)
    assert fields["Feature Name: crates-io-trusted-publishing"] in order
    assert fields["Start Date: 2024-09-10"] not in order


@pytest.mark.parametrize("question, fields", [
    ("When did the trusted publishing RFC start?", {"start date": "2024-09-10"}),
    ("What is the feature name of the crates.io publishing RFC?",
     {"feature name": "crates-io-trusted-publishing"}),
    ("How does trusted publishing authenticate to crates.io?", None),
    ("When does the CI provider hand out the token?", None),  # no date's other word asked
])
def test_the_fields_a_question_asks_for_are_in_the_answer(tmp_path, question, fields):
    # "When did the trusted publishing RFC start?" read passages that do not say when: its
    # start date is a field of the document, said apart from the evidence
    graph = _lexical_store(tmp_path, {"3691-trusted-publishing-cratesio.md": TRUSTED,
                                      "0385-module-system-cleanup.md": "# Modules\n\nText.\n"})
    answer = Navigator(graph).ask(question, budget=100)
    path = next(p for p in graph.document_paths()
                if p.endswith("3691-trusted-publishing-cratesio.md"))
    expected = {path: fields} if fields else {}
    assert answer.fields == expected and answer.to_json()["fields"] == expected
    # the line stating it is read first, and cited ("Start Date: 2024-09-10")
    lines = [e.piece.text for e in answer.evidence if e.found_by == "field"]
    assert lines == [f"{key.title()}: {value}" for key, value in (fields or {}).items()]


@pytest.mark.parametrize("question, fields", [
    ("Who wrote the pump guide?", {"author": "Ada Lovelace"}),
    ("By whom was the pump guide written?", {"author": "Ada Lovelace"}),
    ("Who is the author of the pump guide?", {"author": "Ada Lovelace"}),
    ("Who services the pump?", None),
])
def test_a_question_asking_who_wrote_a_document_asks_for_its_author(tmp_path, question, fields):
    # "Who wrote the zero-shot translation paper?" found the author line, but no field: the
    # answer said "wrote" was in none of the documents
    guide = "---\nauthor: Ada Lovelace\n---\n\n# Pump guide\n\nThe fitter services the pump.\n"
    graph = _lexical_store(tmp_path, {"guide.md": guide, "log.md": "# Log\n\nPump ran.\n"})
    answer = Navigator(graph).ask(question, budget=100)
    path = next(p for p in graph.document_paths() if p.endswith("guide.md"))
    assert answer.fields == ({path: fields} if fields else {})
    # the field answers "wrote": no word missing from the evidence, or absent from all, and
    # the confidence is the field's (it was 0.00: no piece says "wrote")
    if fields:
        assert not {"wrote", "written", "whom"} & set(answer.missing + answer.absent)
        assert answer.confidence == 1.0


def test_a_document_asked_who_wrote_it_without_an_author_field_says_so(tmp_path):
    # "Who wrote the lint reasons RFC?": an RFC's field list has no author, and the answer
    # said only that no document holds "wrote"
    guide = "---\nauthor: Ada Lovelace\n---\n\n# Pump guide\n\nThe fitter services the pump.\n"
    log = ("---\ndate: 2024-05-01\n---\n\n# Pump log\n\nKept by Ada Lovelace.\n\nThe pump "
           "ran.\n\n## Notes\n\nThe fitter wrote down each fault of the pump.\n")
    graph = _lexical_store(tmp_path, {"guide.md": guide, "log.md": log})
    path = next(p for p in graph.document_paths() if p.endswith("log.md"))
    answer = Navigator(graph).ask("Who wrote the pump log?", budget=100)
    assert answer.fields == {} and answer.fields_lacking == {path: ["date"]}
    assert answer.to_json()["fields_lacking"] == {path: ["date"]}
    # its byline is where a reader looks: at the start (the search for "wrote" read the notes)
    assert [e.piece.text for e in answer.evidence if e.found_by == "opening"] == [
        "Kept by Ada Lovelace.", "The pump ran."]
    answer = Navigator(graph).ask("Who wrote the pump guide?", budget=100)
    assert answer.fields_lacking == {} and answer.fields
    # not asked who wrote it: nothing lacks
    assert Navigator(graph).ask("When did the pump run?", budget=100).fields_lacking == {}


@pytest.mark.parametrize("question, untitled", [
    ("When did the trusted publishing RFC start?", ["trusted publishing RFC"]),
    ("What does RFC 9999 say about modules?", ["RFC 9999"]),
    ("When did the lint reasons RFC start?", []),  # so titled
    ("What does RFC 2383 say about lints?", []),
    ("What does the original RFC say about lints?", []),  # no name: it points at one
    ("What does the annual report say about lints?", []),  # no name: it points at one
    ("What does the Rust RFC say about lints?", []),  # every document says "Rust"
])
def test_a_name_no_title_holds_is_said_and_no_other_document_s_field_answers(
        tmp_path, question, untitled):
    # Asked of 106 RFCs without it, "When did the trusted publishing RFC start?" was answered
    # with the start date of the lint reasons RFC, the best match: nothing said the RFC named
    # was not there
    lints = ("# Lint reasons\n\n- Feature Name: lint_reasons\n- Start Date: 2018-04-02\n\n"
             "## Summary\n\nLint attributes gain a reason, published with the annual "
             "report of lints; Rust crates start publishing them.\n")
    graph = _lexical_store(tmp_path, {
        "2383-lint-reasons.md": lints,
        "0385-module-system-cleanup.md": "# Modules\n\nThe annual clean-up of Rust modules.\n",
        "0401-coercions.md": "# Coercions\n\nAn annual list of Rust coercions.\n"})
    answer = Navigator(graph).ask(question, budget=100)
    assert answer.untitled == untitled and answer.to_json()["untitled"] == untitled
    assert any(step["op"] == "no document titled" for step in answer.trace) == bool(untitled)
    if untitled:  # the lint reasons RFC's start date is no answer about another RFC
        assert answer.fields == {}


def test_a_field_line_whose_key_shares_one_word_with_the_question_is_no_passage(tmp_path):
    # "Which RFCs discuss crates.io?" read "Crates.io Issue: rust-lang/crates.io#13758" first:
    # its key shares "crates.io" with the question, which does not ask for the issue
    rfc = TRUSTED.replace("- Start Date: 2024-09-10\n", "- Start Date: 2024-09-10\n"
                          "- Crates.io Issue: rust-lang/crates.io#13758\n")
    graph = _lexical_store(tmp_path, {"3691-trusted-publishing-cratesio.md": rfc,
                                      "0385-module-system-cleanup.md": "# Modules\n\nText.\n"})
    [issue] = [n for n, v in graph.nodes_of_kind("paragraph")
               if v.text.startswith("Crates.io Issue")]
    navigator = Navigator(graph)
    assert issue not in navigator.passages.order("How does crates.io accept the upload?", None)
    # asked for by its whole key, it is one
    assert issue in navigator.passages.order("What is the crates.io issue of trusted publishing?",
                                             None)
