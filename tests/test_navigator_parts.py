"""The navigator's rules for parts and documents a question names: sections named by heading
or label (and their subsections), a part most documents have, the outline of a part summed
up, a document named by its title, documents compared by their titles, and works cited. Over
stores built by the real pipeline."""

from __future__ import annotations

from pathlib import Path

import pytest
from _stores import indexed_graph

from docnav.embed import HashingEmbedder
from docnav.index import Indexer, IndexOptions
from docnav.query import DocNavGraph, Navigator, NavigatorOptions
from docnav.query.parts import headed
from docnav.store import Store
from docnav.summaries import SummaryPipelineOptions



RFC = """# {title}

## Summary

{title} for Rust.

## Motivation

{motivation}

{extra}## Drawbacks

{drawbacks}

## Rationale and alternatives

{alternatives}
"""


@pytest.fixture(scope="module")
def rfcs(tmp_path_factory):
    """Six RFCs with the same headings: a question names one's section by its heading."""
    base = tmp_path_factory.mktemp("rfcs")
    docs = base / "docs"
    docs.mkdir()
    texts = {
        "const-panic.md": ("Const panic", "A const fn cannot panic today.",
                           "Const panic makes the interpreter larger.",
                           "Produce no message at all."),
        "inline-asm.md": ("Inline assembly", "Inline assembly is needed for drivers.",
                          "Inline assembly is unsafe and hard to check.",
                          "Keep the llvm_asm macro."),
        "clamp.md": ("Clamp functions", "Clamping is a common pattern.",
                     "Clamp panics when min exceeds max.", "Leave clamp to crates."),
        "int128.md": ("Int128", "Some algorithms need 128 bits.", "More code to maintain.",
                      "A bignum crate."),
        "never-type.md": ("Never type", "Diverging functions need a name for their result. "
                          + " ".join(["A function that loops forever or aborts the process "
                                      "has no value to give back."] * 5),
                          "Inference changes.", "Keep the bang special."),
        "try-operator.md": ("Try operator", "Error handling is verbose.",
                            "The question mark is easy to miss.", "A try macro."),
    }
    # sections whose headings hold more of the question's words than "Drawbacks" does: the
    # section search ranks them first
    extra = ("## Const panic in a const fn\n\nA panic in a const fn stops const evaluation.\n\n"
             "## Messages of a const panic\n\nThe const panic message is shown as an error.\n\n"
             "## Prior art\n\nC++ has constexpr exceptions.\n\n")
    for name, (title, motivation, drawbacks, alternatives) in texts.items():
        (docs / name).write_text(RFC.format(
            title=title, motivation=motivation, drawbacks=drawbacks, alternatives=alternatives,
            extra=extra if name == "const-panic.md" else ""))
    store = Store(base / "db" / "g.duckdb")
    options = IndexOptions(summaries=SummaryPipelineOptions(verify=False), progress=False)
    Indexer(store, options, HashingEmbedder()).index([docs])
    return DocNavGraph.open(store.path, embedder=HashingEmbedder())


@pytest.mark.parametrize("question, heading, document, text", [
    ("What does the Drawbacks section of the const panic RFC say?", "Drawbacks",
     "const-panic.md", "interpreter larger"),
    ("What does the const panic RFC's drawbacks section say?", "Drawbacks", "const-panic.md",
     "interpreter larger"),
    ("What does the Rationale and alternatives section of the inline assembly RFC say?",
     "Rationale and alternatives", "inline-asm.md", "llvm_asm"),
    ('What does the "Drawbacks" section of the const panic RFC say?', "Drawbacks",
     "const-panic.md", "interpreter larger"),
    ("What does the section on drawbacks in the const panic RFC say?", "Drawbacks",
     "const-panic.md", "interpreter larger"),
    ("What is in the chapter called Rationale and alternatives of the clamp RFC?",
     "Rationale and alternatives", "clamp.md", "Leave clamp"),
])
def test_a_section_named_by_its_heading_is_read_first(rfcs, question, heading, document, text):
    """Every RFC has a Drawbacks section; the question names one by its heading and the
    document by its title. Two other sections of the const panic RFC, whose headings hold
    more of the question's words, are what the section search ranks first; the named section
    is read before them."""
    answer = Navigator(rfcs).ask(question, budget=200)
    assert answer.route == "cross-reference"
    first = next(t["node"] for t in answer.trace if t["op"] == "expand")
    node = rfcs.node(first)
    assert node.heading == heading and node.path.endswith(document)
    assert any(text in e.piece.text for e in answer.evidence)
    assert "section" not in answer.missing  # the part's own text does not say "section"


def test_a_heading_many_documents_have_is_read_where_the_search_found_it(rfcs):
    # the question's other words are in no title: no telling the six Drawbacks apart by
    # them, so only those the section search found (four hits) are read, in its order, not
    # the first ones in the store
    answer = Navigator(rfcs).ask("What does the Drawbacks section of the zyxt RFC say?",
                                 budget=200)
    (located,) = [t["hits"] for t in answer.trace if t.get("over") == "sections"]
    (named,) = [t["hits"] for t in answer.trace if t.get("over") == "sections named by heading"]
    drawbacks = set(headed(rfcs, "Drawbacks"))
    assert len(drawbacks) == 6
    assert named == [s for s in dict.fromkeys(located) if s in drawbacks] and named


def test_a_heading_no_section_has_names_nothing(rfcs):
    answer = Navigator(rfcs).ask("What does the Performance section of the clamp RFC say?",
                                 budget=200)
    assert answer.route == "cross-reference"
    assert not [t for t in answer.trace if t.get("over") == "sections named by heading"]


def test_sections_are_found_by_their_whole_heading(rfcs, graph):
    drawbacks = headed(rfcs, "drawbacks")
    assert len(drawbacks) == 6 and {rfcs.node(s).heading for s in drawbacks} == {"Drawbacks"}
    assert headed(rfcs, "alternatives") == []  # "Rationale and alternatives" is more than that
    assert len(headed(rfcs, "rationale and alternatives", {"path": "*clamp.md"})) == 1
    (maintenance,) = headed(graph, "Maintenance")  # "3 Maintenance": the number aside
    assert graph.node(maintenance).heading == "3 Maintenance"
    assert headed(graph, "the") == []


def _one_document(tmp_path, name: str, text: str, summaries=None, **others: str) -> DocNavGraph:
    """A store of the one document ``name`` holding ``text`` (and of ``others``, name=text),
    indexed by the real pipeline."""
    return indexed_graph(tmp_path, {name: text, **others}, summaries)


NOTES = """# Annual report

## Item 7A. Quantitative and Qualitative Disclosures About Market Risk

We are exposed to interest rate risk on our debt.

## Item 8. Financial Statements

### Notes to Consolidated Financial Statements

#### Note 6-OTHER LONG-TERM LIABILITIES

Capital leases, finance leases, lease obligations and lease liabilities: leases of equipment
and leases of buildings, 7 years on average, the note's lease terms and lease payments below.

#### Note 7-COMMITMENTS AND CONTINGENCIES

We have entered into non-cancellable operating agreements for offices and data centers.

#### 8. Segment Information

We have three segments.

## Segments of the market

Our segments, segment results and the note 8 segments of our markets.
"""


def test_a_part_named_by_its_label_is_read_first(tmp_path):
    """"What does Note 7 say about leases in Amazon's filing?" read Note 6 and Item 7 (their
    text says "lease" more): the part the question names by label is read first, the note
    headed "Note 7-…" or numbered "8." inside the notes, the item, a numbered section."""
    graph = _one_document(tmp_path, "filing.md", NOTES)

    def first_read(question: str) -> str:
        answer = Navigator(graph).ask(question, budget=60)
        assert answer.route == "cross-reference"
        (labelled,) = [t["hits"] for t in answer.trace if t.get("over") == "sections named "
                       "by label"]
        first = next(t["node"] for t in answer.trace if t["op"] == "expand")
        assert first == labelled[0]
        return graph.node(first).heading

    assert first_read("What does Note 7 say about leases?") == (
        "Note 7-COMMITMENTS AND CONTINGENCIES")
    assert first_read("What is in note 8 about segments?") == "8. Segment Information"
    assert first_read("What does Item 7A say about leases?") == (
        "Item 7A. Quantitative and Qualitative Disclosures About Market Risk")
    from docnav.query.parts import labelled_parts

    assert labelled_parts(graph, "What does note 9 say?", None, []) == []
    # a label no part carries: the answer says so ("Note 9" read the other notes, and said
    # only that its words were not in them)
    answer = Navigator(graph).ask("What does Note 9 say about leases?", budget=60)
    assert answer.absent == ["Note 9"] and answer.evidence
    assert any(t["op"] == "no part" and t["labels"] == ["Note 9"] for t in answer.trace)
    assert Navigator(graph).ask("What does Note 7 say about leases?", budget=60).absent == []
    from docnav.query.parts import unlabelled
    assert unlabelled(graph, "Compare Note 7, Item 9C and note 8", None) == ["Item 9C"]


CONTINGENCIES = """# Annual report

## Notes to Consolidated Financial Statements

### Note 7-COMMITMENTS AND CONTINGENCIES

#### Commitments

""" + " ".join(["We have entered into non-cancellable operating, capital and finance leases "
                "for equipment, offices and data centers, and purchase obligations."] * 4) + """

#### Pledged Assets

We have pledged assets to secure letters of credit.

#### Legal Proceedings

The Company is involved from time to time in claims, proceedings and litigation.
"""


def test_the_subsection_of_a_named_part_that_the_question_heads_is_read_first(tmp_path):
    """"What does Note 7 say about legal proceedings?" read Amazon's Note 7 from its top:
    its commitments took the budget before "Legal Proceedings", its fifth subsection. The
    subsections of the part asked for whose headings the question's words make up are read
    first, then the rest of the part."""
    graph = _one_document(tmp_path, "filing.md", CONTINGENCIES)
    answer = Navigator(graph).ask("What does Note 7 say about legal proceedings?", budget=60)
    assert answer.route == "cross-reference"
    (step,) = [t for t in answer.trace if t.get("to") == "a subsection the question's words head"]
    assert graph.node(step["node"]).heading == "Legal Proceedings"
    assert any("claims, proceedings and litigation" in e.piece.text for e in answer.evidence)
    # a question of no such words reads the part from its top
    answer = Navigator(graph).ask("What does Note 7 say?", budget=60)
    assert not [t for t in answer.trace if t.get("to") == "a subsection the question's words "
                "head"]
    assert answer.evidence[0].piece.breadcrumb.endswith("Commitments")
    # with room for it, after the outline of its subsections' headings (the part as a whole
    # is asked about), which a question naming one of them does without
    whole = Navigator(graph).ask("What does Note 7 say?", budget=200).evidence
    assert [e.found_by for e in whole[:2]] == ["outline", "section"]
    assert whole[0].piece.text == "- Commitments\n- Pledged Assets\n- Legal Proceedings"
    assert whole[1].piece.breadcrumb.endswith("Commitments")
    named = Navigator(graph).ask("What does Note 7 say about legal proceedings?", budget=200)
    assert all(e.found_by != "outline" for e in named.evidence)


def test_a_section_named_by_its_number_is_read_first(graph):
    # "seal" is in section 3's text; the question asks what section 2 says of it
    answer = Navigator(graph).ask("What does Section 2 say about the impeller seal?", budget=60)
    first = next(t["node"] for t in answer.trace if t["op"] == "expand")
    assert graph.node(first).heading == "2 Wiring"
    assert [t["hits"] for t in answer.trace if t.get("over") == "sections named by label"] == [
        [first]]


PAPER = """# Detecting offensive language

## 1 Data

We train on tweets annotated by crowd workers, one label each.

## 2 Results

The classifier reaches 0.82 macro F1.

## References

[1] Smith, J. (2019). Offensive language identification in social media datasets.

[2] Lee, K. (2018). A dataset for offensive language identification.
"""


def test_a_paper_s_works_cited_are_no_passages_unless_asked_about(tmp_path):
    """The entries of a paper's references hold the words of the titles they cite: "[12]
    Wiegand ... identification of offensive language" was the best passage for a question
    about the paper's offensive language data. They are left out of the passages (and of the
    gap search) unless the question asks about references or citations."""
    graph = _one_document(tmp_path, "paper.md", PAPER)
    answer = Navigator(graph).ask("Which dataset is used for offensive language "
                                  "identification?", budget=200)
    texts = [e.piece.text for e in answer.evidence]
    assert texts and not [t for t in texts if t.startswith("[")]
    assert any(t.startswith("We train on tweets") for t in texts)
    cited = Navigator(graph).ask("Which works on offensive language identification are "
                                 "cited?", budget=200)
    assert any(e.piece.text.startswith("[1] Smith") for e in cited.evidence)


def test_a_comparison_of_documents_named_by_their_titles_asks_each_in_turn(graph):
    """"Compare the datasets of the offensive language paper and the pioNER paper" read the
    first paper alone ("pioner" missing from the evidence): a comparison naming two documents
    by words of their titles that no other document holds is asked of each in turn, with half
    the budget, without the words naming the other."""
    asked = "Compare the manual's advice on the impeller seal with the field notes"
    answer = Navigator(graph).ask(asked, budget=60)
    step = answer.trace[0]
    assert step["op"] == "compare documents" and step["tokens_each"] == 30
    assert [Path(p).name for p in step["documents"]] == ["manual.md", "notes.md"]
    assert step["words"] == [["manual"], ["field", "notes"]]
    # nor "Compare": it asks how the parts read together, not for a word inside each
    # ("the manual", the one document whose title holds that word, is taken out whole, as is
    # "the field notes", "the" and the whole title of one)
    assert step["questions"] == ["the manual's advice on the impeller seal with",
                                 "advice on the impeller seal with the field notes"]
    read: dict[str, list[int]] = {}
    for e in answer.evidence:
        read.setdefault(Path(e.piece.doc_path).name, []).append(e.piece.tokens)
    assert list(read) == ["manual.md", "notes.md"] and all(sum(t) <= 30 for t in read.values())
    # without a comparison's words, or with words no one document holds alone, nothing changes
    for question in ("What do the manual and the field notes say about the impeller seal?",
                     "Compare the impeller seal and the breaker",
                     # words one document alone holds, but not in its title: no names
                     "Compare the clearance with the tripped breakers"):
        assert all(s["op"] != "compare documents"
                   for s in Navigator(graph).ask(question, budget=60).trace)


def test_a_heading_s_numbering_is_no_part_of_its_name():
    from docnav.query.parts import heading_terms

    assert heading_terms("Item 1A. Risk Factors") == heading_terms("risk factors")
    assert heading_terms("NOTE 16. COMMITMENTS") == heading_terms("Commitments")
    assert heading_terms("IV. Results") == heading_terms("4.2 Results") == {"result"}
    assert heading_terms("Appendix B: Proofs") == {"proof"}
    assert heading_terms("C++ interop") == {"c", "interop"}  # a word, not a label


RISKS = """# Annual report

## Item 1A. Risk Factors

### We Face Intense Competition

Our businesses are rapidly evolving and intensely competitive across many markets.

### Our Expansion Places a Strain on Our Resources

We are rapidly expanding our global operations, which increases complexity.

### We Have Foreign Exchange Risk

The results of our international operations are affected by exchange rates.

## Item 7. Management's Discussion and Analysis

Factors that add risk to our guidance: risk factors, risk of loss, and other risk factors
that could make results differ. Forward-looking statements carry risk; see the factors.

Risk factors and market risk factors are discussed in the factors and risk sections.
"""


@pytest.mark.parametrize("question", ["Summarise the risk factors",
                                      # went local (the cue "what are the main" was split by
                                      # "company's"), and its "s" was missing from the evidence
                                      "What are the company's main risk factors?"])
def test_a_global_question_naming_a_part_sums_up_that_part_and_its_subsections(tmp_path,
                                                                               question):
    """"Summarise Amazon's risk factors" read the MD&A's guidance and market risk, whose
    summaries say "risk" and "factors" more than Item 1A's does: the part the question names
    by its heading (numbering aside) is summed up first, a subsection's summary in turn."""
    graph = _one_document(tmp_path, "report.md", RISKS,
                          summaries=SummaryPipelineOptions(verify=False))
    answer = Navigator(graph).ask(question, budget=48)
    assert answer.route == "global" and answer.missing == []
    (step,) = [t for t in answer.trace if str(t.get("to", "")).startswith("summary sources "
                                                                          "of the part")]
    assert graph.node(step["node"]).heading == "Item 1A. Risk Factors"
    crumbs = [e.piece.breadcrumb.split(" › ")[-1] for e in answer.evidence]
    assert crumbs == ["We Face Intense Competition", "Our Expansion Places a Strain on Our "
                      "Resources", "We Have Foreign Exchange Risk"]


def test_a_part_summed_up_is_outlined_by_its_subsections_headings_first(tmp_path):
    """"What are Amazon's main risk factors?" gave three of Item 1A's 24 risks in 400 tokens,
    its summary's long sources: the headings of the part's subsections come first, one piece
    citing the part, a share of the budget, the number left out said."""
    graph = _one_document(tmp_path, "report.md", RISKS,
                          summaries=SummaryPipelineOptions(verify=False))
    answer = Navigator(graph).ask("What are the main risk factors?", budget=200)
    first = answer.evidence[0]
    assert (first.found_by, first.piece.breadcrumb.split(" › ")[-1]) == (
        "outline", "Item 1A. Risk Factors")
    assert first.piece.text == ("- We Face Intense Competition\n- Our Expansion Places a "
                                "Strain on Our Resources\n- We Have Foreign Exchange Risk")
    assert len(answer.evidence) > 1  # the sources follow
    cut = Navigator(graph, NavigatorOptions(outline_share=0.1)).ask(
        "What are the main risk factors?", 200)
    assert cut.evidence[0].piece.text == "- We Face Intense Competition\n(and 2 more)"
    assert [t["headings"] for t in cut.trace if t["op"] == "outline"] == [1]
    off = Navigator(graph, NavigatorOptions(outline_share=0)).ask(
        "What are the main risk factors?", 200)
    assert all(e.found_by != "outline" for e in off.evidence)
    # a local question whose words (the asking ones aside) are the part's heading likewise
    listed = Navigator(graph).ask("List the risk factors", budget=200)
    assert listed.route == "local" and listed.evidence[0].found_by == "outline"
    # not when other words are asked about, nor when no list is asked for
    for question in ("What are the risk factors of competition?",
                     "Tell me about the risk factors"):
        other = Navigator(graph).ask(question, budget=200)
        assert other.route == "local" and all(e.found_by != "outline" for e in other.evidence)


def test_a_part_most_documents_have_is_read_where_the_question_points(rfcs):
    """"What are the drawbacks of ...?" says no "section", but every RFC has a Drawbacks part:
    the question's other words pick the document whose part is read first. Its paragraph holds
    none of the question's words, so the passages alone do not come to it."""
    answer = Navigator(rfcs).ask("What are the drawbacks of const panic?", budget=60)
    assert answer.route == "local"
    step = answer.trace[0]
    assert step["op"] == "expand" and step["to"] == "a part most documents have"
    node = rfcs.node(step["node"])
    assert node.heading == "Drawbacks" and node.path.endswith("const-panic.md")
    assert any("interpreter larger" in e.piece.text for e in answer.evidence)
    assert answer.missing == []  # "drawbacks" is the part's heading, in its breadcrumb


@pytest.mark.parametrize("question, doc", [
    ("What prior art is there for const panic?", None),  # "Prior art": one RFC in six
    ("What are the drawbacks of const panic?", "*const-panic.md"),  # one document asked of
])
def test_a_heading_few_documents_have_is_only_words(rfcs, question, doc):
    answer = Navigator(rfcs).ask(question, budget=60, doc=doc)
    assert answer.route == "local"
    assert not [t for t in answer.trace if t.get("to") == "a part most documents have"]


@pytest.mark.parametrize("doc", ["*const-panic.md", ["*const-panic.md", "*clamp.md"]])
def test_a_missing_word_that_heads_a_part_of_a_document_read_is_pointed_to(rfcs, doc):
    """Asked of one or two documents, "drawbacks" is only a word (above): the Drawbacks part
    is not read first and the evidence lacks the word. The answer names the sections that
    word heads in the documents read, where a reader would look next; the other RFCs'
    Drawbacks (the clamp RFC's is asked of too) are not where this answer is."""
    answer = Navigator(rfcs).ask("What are the drawbacks of const panic?", budget=20, doc=doc)
    read = {e.piece.doc_path for e in answer.evidence}
    assert "drawbacks" in answer.missing and read
    (section,) = answer.headed["drawbacks"]
    node = rfcs.node(section)
    assert node.heading == "Drawbacks" and node.path.endswith("const-panic.md")
    assert node.path in read
    assert answer.to_json()["headed"] == {"drawbacks": [section]}


def test_documents_compared_in_turn_read_the_part_each_has(rfcs):
    # each document named by its title is asked in turn, one document each, without the
    # names ("the clamp RFC" whole: its "RFC" was searched for in the other), as if asked of
    # it by its title: each one's Drawbacks is read (it was named as missing)
    answer = Navigator(rfcs).ask(
        "Compare the drawbacks of the const panic RFC and the clamp RFC.", budget=40)
    step = answer.trace[0]
    assert step["op"] == "compare documents"
    assert step["questions"] == ["the drawbacks of the const panic RFC and the .",
                                 "the drawbacks of the and the clamp RFC."]
    assert [t["left_out"] for t in answer.trace if t["op"] == "focus"] == [
        ["const panic RFC"], ["clamp RFC"]]
    assert answer.missing == [] and answer.headed == {}
    assert [(e.piece.breadcrumb, e.piece.text) for e in answer.evidence] == [
        ("Const panic › Drawbacks", "Const panic makes the interpreter larger."),
        ("Clamp functions › Drawbacks", "Clamp panics when min exceeds max.")]


def test_a_document_named_by_its_title_is_the_one_asked_of(rfcs):
    """"What datasets are used in the zero-shot translation paper?" searched every paper for
    the title's words: the paper's abstract and introduction took the budget, and "datasets"
    was missing. The words between "the" and "paper" (or "RFC", "report", ...) that one
    title holds choose that document, and are not searched for inside it."""
    answer = Navigator(rfcs).ask("What alternatives does the int128 RFC give?", budget=200)
    focus = answer.trace[0]
    assert (focus["op"], focus["by"], focus["left_out"]) == ("focus", "title", ["int128 RFC"])
    assert {Path(e.piece.doc_path).name for e in answer.evidence} == {"int128.md"}
    assert any("bignum" in e.piece.text for e in answer.evidence) and answer.missing == []
    # the document so titled has the parts most documents have (asked of it alone, the
    # "Drawbacks" rule counted one document, too few for a part "most documents" have)
    answer = Navigator(rfcs).ask("What does the never type RFC say about drawbacks?", 60)
    assert [t.get("to") for t in answer.trace[:2]] == [None, "a part most documents have"]
    assert any("Inference changes" in e.piece.text for e in answer.evidence)
    # words that no one title holds all of choose nothing ("type" and "operator" are words
    # of two titles), nor does "this RFC"
    for question in ("What does the zyxt RFC say about drawbacks?",
                     "What does the type operator RFC say about drawbacks?",
                     "What does this RFC say about drawbacks?"):
        assert all(t["op"] != "focus" for t in Navigator(rfcs).ask(question, 200).trace)


@pytest.mark.parametrize("question", ["What is the const panic RFC about?",
                                      "Tell me about the const panic RFC.",
                                      "What does the const panic RFC propose?"])
def test_a_document_named_by_its_title_and_nothing_else_is_summed_up(rfcs, question):
    # the question asks nothing but what the document is: it had the local route, whose
    # passages searched the asking words ("about"), and said "about" was missing
    answer = Navigator(rfcs).ask(question, budget=60)
    assert answer.route == "global"
    focus, expand = answer.trace[:2]
    assert (focus["op"], focus["by"]) == ("focus", "title")
    assert (expand["op"], expand["to"]) == ("expand", "summary sources")
    assert rfcs.node(expand["node"]).kind == "document"
    assert {Path(e.piece.doc_path).name for e in answer.evidence} == {"const-panic.md"}
    assert answer.missing == [] and answer.absent == []
    # nothing named to look for: no share of it for a piece to hold (it said 0.00)
    assert answer.confidence is None and answer.to_json()["confidence"] is None
    # with a word of its own the question stays local
    for other in ("What is the const panic RFC's motivation?",
                  "What does the const panic RFC propose for messages?"):
        answer = Navigator(rfcs).ask(other, budget=60)
        assert answer.route == "local" and 0 < answer.confidence <= 1


def test_a_title_named_with_its_common_words_is_told_from_one_holding_the_rest(tmp_path):
    # "From" is no search term: "derive" alone is in both titles, and the question named no
    # document; the words as written ("derive From") are a run of one title only
    graph = indexed_graph(tmp_path, {
        "3809-derive-from.md": "# Derive From\n\n## Summary\n\nImplement From for newtypes.\n",
        "3698-declarative-derive-macros.md": "# Declarative derive macros\n\n## Summary\n\n"
                                             "Derive macros written with macro_rules.\n",
        "1961-clamp.md": "# Clamp\n\n## Summary\n\nClamp a value to a range.\n"})
    answer = Navigator(graph).ask("What does the derive From RFC implement?", budget=100)
    focus = answer.trace[0]
    assert (focus["op"], focus["by"], focus["left_out"]) == ("focus", "title",
                                                             ["derive From RFC"])
    assert {Path(e.piece.doc_path).name for e in answer.evidence} == {"3809-derive-from.md"}
    # the words as written in no title (or in several): no document is named
    for question in ("What does the derive for RFC implement?",
                     "What does the derive RFC implement?"):
        assert Navigator(graph).ask(question, budget=100).trace[0]["op"] != "focus"


def test_a_document_named_by_the_number_in_its_title_is_the_one_asked_of(tmp_path):
    """"What does RFC 1961 add?" read the field lines that say "rfcs#1961" and another
    RFC's mention of it: RFC 1961 is the document whose title holds 1961."""
    graph = _one_document(tmp_path, "1961-clamp.md", "# 1961-clamp\n\n- RFC PR: rfcs#1961\n\n"
                          "## Summary\n\nAdd functions that clamp a value to a range.\n",
                          **{"2345-const-panic.md": "# 2345-const-panic\n\n## Summary\n\n"
                             "Allow panics in const functions, as RFC 1961 did not.\n"})
    answer = Navigator(graph).ask("What does RFC 1961 add?", budget=60)
    assert (answer.trace[0]["by"], answer.trace[0]["left_out"]) == ("title", ["RFC 1961"])
    assert {Path(e.piece.doc_path).name for e in answer.evidence} == {"1961-clamp.md"}
    assert any("clamp a value" in e.piece.text for e in answer.evidence)


@pytest.mark.parametrize("question", ["What does the Motivation section of the never type RFC say?",
                                      "What does the never type RFC say about motivation?"])
def test_a_named_part_longer_than_a_share_is_read_cut(rfcs, question):
    """The never type's Motivation is one paragraph of ~90 tokens: more than a located
    section's share of 60 tokens, which leaves a paragraph it would cut to the passages. Asked
    for by name, the section is the answer: it is read, cut to the budget."""
    answer = Navigator(rfcs).ask(question, budget=60)
    motivation = [s for s in headed(rfcs, "Motivation")
                  if rfcs.node(s).path.endswith("never-type.md")]
    read = [e for e in answer.evidence if e.piece.breadcrumb.endswith("Never type › Motivation")]
    assert len(motivation) == 1 and read and read[0].piece.text.startswith("Diverging functions")


def test_a_part_is_not_read_in_another_document_than_the_one_named(tmp_path):
    """"What are the drawbacks of private fields?" asked of RFCs: the private fields RFC has no
    Drawbacks section, and the part most documents have was read in the optional authors
    field RFC ("field"), the whole budget of it. The question's words name a document without
    the part better than any part so headed: no part is read, the passages are."""
    from _stores import indexed_graph

    files = {f"{name}.md": RFC.format(title=title, motivation=f"{title} is needed.",
                                      drawbacks=f"{title} has a cost.",
                                      alternatives="Do nothing.", extra="")
             for name, title in (("clamp", "Clamp functions"), ("int128", "Int128"),
                                 ("never-type", "Never type"),
                                 ("optional-authors-field", "Optional authors field"))}
    files["private-fields.md"] = ("# Private fields\n\n## Motivation\n\nFields of a struct are "
                                  "public today; private fields hide an invariant.\n")
    graph = indexed_graph(tmp_path, files)
    answer = Navigator(graph).ask("What are the drawbacks of private fields?", budget=60)
    assert not [t for t in answer.trace if t.get("to") == "a part most documents have"]
    assert Path(answer.evidence[0].piece.doc_path).name == "private-fields.md"
    # the part is still read where the question names a document that has it
    answer = Navigator(graph).ask("What are the drawbacks of optional authors?", budget=60)
    step = next(t for t in answer.trace if t.get("to") == "a part most documents have")
    assert graph.node(step["node"]).path.endswith("/optional-authors-field.md")
