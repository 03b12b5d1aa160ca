"""Extractive summaries: provenance, budgets, coverage, and awkward sections."""

from __future__ import annotations

import pytest

from docnav.model import Block, BlockKind, NodeKind, ParsedDocument
from docnav.summaries import SummaryBuilder, SummaryStats
from docnav.summarize import Budget, ExtractiveSummarizer, SummaryOptions
from docnav.tree import build_tree


def tree_of(*blocks: Block):
    return build_tree(ParsedDocument("Doc", tuple(blocks), "md"), "doc1", "/x/doc.md")


def H(text: str, level: int = 1) -> Block:
    return Block(BlockKind.HEADING, text, level=level)


def P(text: str, kind: BlockKind = BlockKind.TEXT) -> Block:
    return Block(kind, text)


def summarise(tree, options: SummaryOptions = SummaryOptions()):
    builder = SummaryBuilder(ExtractiveSummarizer(options), verifier=None)
    stats = SummaryStats()
    return {s.node_id: s for s in builder.build_document(tree, {}, stats)}, stats


def normalise(text: str) -> str:
    return " ".join(text.split())


RIVER = (
    "The river floods every spring when the snow melts in the mountains. "
    "Farmers along the banks plant rice after the water recedes. "
    "In 1952 a dam was built upstream to control the floods."
)
CITY = (
    "The city grew around a market square in the twelfth century. "
    "Its cathedral took two hundred years to finish. "
    "Today the old town is a protected heritage site."
)


def test_every_sentence_comes_from_a_source_paragraph_at_its_offsets():
    tree = tree_of(H("Geography"), P(RIVER), H("Floods", 2), P(RIVER.upper()), H("History"),
                   P(CITY))
    summaries, _ = summarise(tree)
    paragraphs = {n.node_id: n.text for n in tree.paragraphs}
    assert summaries, "no summaries built"
    for summary in summaries.values():
        for s in summary.sentences:
            assert paragraphs[s.source_id][s.start:s.end] == s.text
            assert normalise(s.text) in normalise(paragraphs[s.source_id])


def test_every_section_and_the_document_get_a_summary_within_budget():
    tree = tree_of(H("Geography"), P(RIVER), H("History"), P(CITY), P(RIVER + " " + CITY))
    options = SummaryOptions(section=Budget(2, 300), document=Budget(3, 500))
    summaries, stats = summarise(tree, options)
    sections = [n for n in tree.nodes if n.kind is NodeKind.SECTION]
    assert set(summaries) == {n.node_id for n in sections} | {tree.root.node_id}
    assert stats.rebuilt == len(sections) + 1
    for node in sections:
        s = summaries[node.node_id]
        assert 1 <= len(s.sentences) <= 2 and len(s.text) <= 300 + 2
    assert len(summaries[tree.root.node_id].sentences) <= 3


def test_document_summary_covers_each_child_and_keeps_document_order():
    tree = tree_of(H("Geography"), P(RIVER), H("History"), P(CITY))
    summaries, _ = summarise(tree)
    doc = summaries[tree.root.node_id]
    sources = {n.node_id: n.parent_id for n in tree.paragraphs}
    assert len({sources[s.source_id] for s in doc.sentences}) == 2  # both sections covered
    positions = [(tree.node(s.source_id).position, s.start) for s in doc.sentences]
    assert positions == sorted(positions)


def test_sections_of_only_tables_or_lists_and_empty_sections():
    table = "| year | floods |\n| --- | --- |\n| 1950 | 3 |\n| 1951 | 5 |"
    tree = tree_of(
        H("Table only"), P(table, BlockKind.TABLE),
        H("List only"), P("Check the levee.", BlockKind.LIST_ITEM),
        P("Open the sluice gates before noon.", BlockKind.LIST_ITEM),
        H("Empty"),
    )
    summaries, _ = summarise(tree)
    by_heading = {tree.node(k).heading: v for k, v in summaries.items()}
    assert by_heading["Table only"].text == "| year | floods |"
    assert "levee" in by_heading["List only"].text or "sluice" in by_heading["List only"].text
    assert by_heading["Empty"].sentences == ()


def test_captions_are_not_summary_sentences():
    # "Figure 1: The circle and triangle dots represent source sentences ..." was the first
    # sentence of a paper's Introduction summary; a section of nothing else still has one
    tree = tree_of(
        H("Introduction"),
        P("Figure 1: The circle and triangle dots represent source sentences in two languages "
          "and the square dots the pivot sentences.", BlockKind.CAPTION),
        P("Neural machine translation needs large parallel corpora. We transfer a parent model "
          "to a zero-shot child. The child translates without parallel data."),
        H("Figures"), P("Figure 2: Results on the test sets.", BlockKind.CAPTION))
    summaries, _ = summarise(tree)
    by_heading = {tree.node(k).heading: v for k, v in summaries.items()}
    assert "Figure 1" not in by_heading["Introduction"].text
    assert "parallel corpora" in by_heading["Introduction"].text
    assert by_heading["Figures"].text == "Figure 2: Results on the test sets."


def test_field_lines_are_not_summary_sentences():
    # An RFC's front matter: "Start Date: ...", "RFC PR: ..." list items before the first
    # heading. They are a record, not what the document says: the document's summary is made
    # of its sentences; a section of nothing but fields has no summary (it would repeat them).
    fields = [P("Start Date: 2014-06-15", BlockKind.LIST_ITEM),
              P("RFC PR #: rust-lang/rfcs#123", BlockKind.LIST_ITEM),
              P("Rust Issue #: rust-lang/rust#16281", BlockKind.LIST_ITEM)]
    tree = tree_of(*fields, P("Note: the name was later changed to Sync."), H("Geography"),
                   P(RIVER), H("History"), P(CITY))
    summaries, _ = summarise(tree)
    doc = summaries[tree.root.node_id].text
    assert "Start Date" not in doc and "rust-lang" not in doc
    assert "river floods" in doc and "market square" in doc
    assert "Note: the name was later changed to Sync." in doc  # a statement, not a field
    only_fields = tree_of(H("Metadata"), *fields, H("History"), P(CITY))
    summaries, _ = summarise(only_fields)
    by_heading = {only_fields.node(k).heading: v for k, v in summaries.items()}
    assert by_heading["Metadata"].sentences == ()
    assert "rust-lang" not in summaries[only_fields.root.node_id].text


def test_a_paragraph_of_over_ten_thousand_tokens_stays_within_budget():
    words = " ".join(f"word{i % 500}" for i in range(12_000))
    text = ". ".join(words[i:i + 300] for i in range(0, len(words), 300)) + "."
    tree = tree_of(H("Huge"), P(text))
    summaries, _ = summarise(tree)
    for s in summaries.values():
        assert 0 < len(s.text) <= SummaryOptions().document.chars + 5


@pytest.mark.parametrize("text", [
    "Der Fluss tritt jedes Frühjahr über die Ufer. Die Bauern pflanzen danach Reis. "
    "Im Jahr 1952 wurde ein Damm gebaut.",
    "河流每年春天都会泛滥。农民在洪水退去后种植水稻。一九五二年修建了一座水坝。",
    "Река разливается каждую весну. Крестьяне сажают рис после паводка.",
])
def test_non_english_text_is_summarised_from_its_own_sentences(text):
    tree = tree_of(H("Section"), P(text))
    summaries, _ = summarise(tree)
    for s in summaries.values():
        assert s.sentences and all(x.text in text for x in s.sentences)


def test_unchanged_nodes_reuse_their_stored_summary():
    tree = tree_of(H("Geography"), P(RIVER), H("History"), P(CITY))
    builder = SummaryBuilder(ExtractiveSummarizer(), verifier=None)
    stats = SummaryStats()
    first = {s.node_id: s for s in builder.build_document(tree, {}, stats)}
    edited = tree_of(H("Geography"), P(RIVER), H("History"), P(CITY + " It rains often."))
    stats2 = SummaryStats()
    rebuilt = builder.build_document(edited, first, stats2)
    # History and the document changed; Geography is reused
    assert stats2.rebuilt == 2 and stats2.reused == 1
    assert {edited.node(s.node_id).heading for s in rebuilt} == {"History", "Doc"}


def test_lines_of_lists_are_not_summary_sentences_beside_prose():
    # A 10-K's contents page, its list of subsidiaries and its signatures are lines of lists:
    # Best Buy's document summary quoted "BBY Services, Inc. Delaware BestBuy.com, LLC
    # Virginia ..." and Adobe's "Item 1. Business 3 Item 1A. ... Consolidated Balance Sheets
    # 53". Sentences stand beside them, so the document's summary is made of those. A
    # section's summary, which also stands for it in search, keeps them.
    contents = ("Item 1. Business 3 Item 1A. Risk Factors 8 Consolidated Balance Sheets 53 "
                "Consolidated Statements of Income 54")
    subsidiaries = ("BBY Services, Inc. Delaware BestBuy.com, LLC Virginia Magnolia Hi-Fi, LLC "
                    "Washington")
    signature = "/s/ J. Patrick Doyle Chairman March 17, 2023"
    title = "Payments Due by Period Table"
    tree = tree_of(H("Table of Contents"), P(contents), H("Geography"), P(RIVER),
                   H("Obligations"), P("Our obligations fall due over five years."),
                   P(title),
                   H("Exhibits"), P(subsidiaries), P(signature), H("History"), P(CITY),
                   H("Kanji"), P("河流每年春天都会泛滥。"))
    summaries, _ = summarise(tree)
    doc = summaries[tree.root.node_id].text
    assert "river floods" in doc and "market square" in doc
    for line in (contents, subsidiaries, signature, title):
        assert line[:20] not in doc
    assert "河流每年春天都会泛滥" in doc  # no capitals in the script: prose
    by_heading = {tree.node(k).heading: v for k, v in summaries.items()}
    assert title in by_heading["Obligations"].text
    assert "BBY Services" in by_heading["Exhibits"].text
    assert "Item 1. Business" in by_heading["Table of Contents"].text


def test_a_filing_is_summed_up_by_its_business_and_results_items():
    # Best Buy's 10-K summary was its cover's check-box instructions, the safe-harbour
    # paragraph and "The information required by this Item is incorporated by reference":
    # the form's sentences, central to a filing's vocabulary. A filing's summary is made of
    # what its Business and MD&A items say.
    check = ("Indicate by check mark whether the registrant has filed all reports required "
             "to be filed by Section 13 or 15(d) of the Securities Exchange Act of 1934.")
    blocks = (P(check), H("PART I"), H("Item 1. Business.", 2),
              P("We sell consumer electronics through stores and online in two segments."),
              P("See Item 8 of Part II, Note 1, for a description of our business."),
              H("Item 1A. Risk Factors.", 2),
              P("Our business could be affected by changes in consumer spending."),
              H("PART II"), H("Item 7. Management's Discussion and Analysis", 2),
              P("Revenue fell by eleven percent as customers bought fewer laptops."),
              H("PART III"), H("Item 11. Executive Compensation.", 2),
              P("The information required by this Item is incorporated by reference to the "
                "applicable information in the 2023 Proxy Statement."))
    filing = build_tree(ParsedDocument("BEST BUY CO., INC. Form 10-K", blocks, "pdf",
                                       (("registrant", "BEST BUY CO., INC."), ("form", "10-K"))),
                        "doc1", "/x/bby.pdf")
    summaries, _ = summarise(filing)
    doc = summaries[filing.root.node_id]
    assert "consumer electronics" in doc.text and "Revenue fell" in doc.text
    assert "check mark" not in doc.text and "incorporated by reference" not in doc.text
    assert "See Item 8" not in doc.text  # a pointer says where, not what
    assert "consumer spending" not in doc.text  # risk factors: not a description of the business
    ids = {n.node_id for n in filing.nodes if n.kind is NodeKind.PARAGRAPH}
    assert {s.source_id for s in doc.sentences} <= ids  # cites its paragraphs as before
    # the same text without a form on its cover is summed up from all of it
    plain = build_tree(ParsedDocument("Report", blocks, "pdf"), "doc1", "/x/bby.pdf")
    summaries, _ = summarise(plain)
    assert "check mark" in summaries[plain.root.node_id].text


def test_a_filing_whose_business_items_say_nothing_is_summed_up_from_all_of_it():
    # "Item 1. Business" as a bare heading (a contents entry taken for one, an item left
    # empty): the filing's summary is made as any document's, not left empty
    blocks = (H("Item 1. Business."), H("Item 7. Management's Discussion and Analysis"),
              H("Geography"), P(RIVER))
    filing = build_tree(ParsedDocument("X Form 10-K", blocks, "pdf", (("form", "10-K"),)),
                        "doc1", "/x/x.pdf")
    summaries, _ = summarise(filing)
    assert "river floods" in summaries[filing.root.node_id].text


def test_a_lead_in_is_not_a_document_summary_sentence():
    # Best Buy's summary quoted "Reconciliations of operating income ... were as follows ($ in
    # millions, except per share amounts):", whose content is the table after the colon. A
    # section's summary, which stands for it in search, keeps it.
    lead_in = "Reconciliations of operating income to non-GAAP operating income were as follows:"
    tree = tree_of(H("Geography"), P(RIVER), H("Measures"), P(lead_in),
                   P("Operating income 1,795 2,500", BlockKind.TABLE), H("History"), P(CITY))
    summaries, _ = summarise(tree)
    doc = summaries[tree.root.node_id].text
    assert "river floods" in doc and "market square" in doc and "Reconciliations" not in doc
    by_heading = {tree.node(k).heading: v for k, v in summaries.items()}
    assert lead_in in by_heading["Measures"].text


def test_a_label_is_not_a_document_summary_sentence():
    # The IBM Redbook's summary opened with "ibm.com/redbooks Redpaper", its cover's line, set
    # as the one paragraph of its title's section: no sentence, a label. Nor are a heading set
    # as a paragraph or a list's fragment. A section's summary, which stands for it in search,
    # keeps them; a sentence that ends as one does, however short, stays.
    labels = ("ibm.com/redbooks Redpaper", "Guide-level explanation", "considered too complicated")
    tree = tree_of(H("Row and Column Access Control"), P(labels[0]), H("Geography"), P(RIVER),
                   H("Notes"), P(labels[1]), P(labels[2]), H("History"), P(CITY),
                   H("Short"), P("Floods recede."))
    summaries, _ = summarise(tree, SummaryOptions(document=Budget(10, 3000)))
    doc = summaries[tree.root.node_id]
    assert "river floods" in doc.text and "market square" in doc.text
    assert not any(label in doc.text for label in labels), doc.text
    assert "Floods recede." in doc.text
    by_heading = {tree.node(k).heading: v.text for k, v in summaries.items()}
    assert labels[0] in by_heading["Row and Column Access Control"]
    assert labels[1] in by_heading["Notes"]
    # a document of labels alone is summed up by them: something rather than nothing
    only = tree_of(H("Cover"), P(labels[0]), H("Notes"), P(labels[1]))
    summaries, _ = summarise(only)
    assert summaries[only.root.node_id].text


def test_a_filings_summary_leaves_its_executive_officers_out():
    # Amazon's 10-K summary began "Mr. Olsavsky has served as Senior Vice President and Chief
    # Financial Officer since June 2015": Item 1 ends with the executive officers' careers.
    # The item's own paragraphs and its other sections still sum the filing up.
    blocks = (H("PART I"), H("Item 1. Business", 2),
              P("Amazon.com, Inc. was incorporated in 1994 in the state of Washington."),
              H("General", 3), P("We seek to be Earth's most customer-centric company."),
              H("Executive Officers and Directors", 3),
              P("Mr. Olsavsky has served as Senior Vice President and Chief Financial Officer "
                "since June 2015."),
              H("Board of Directors", 3), P("Ms. Gorelick has served as a director since 2012."),
              H("PART II"), H("Item 7. Management's Discussion and Analysis", 2),
              P("Net sales increased thirty-one percent as unit sales grew."))
    filing = build_tree(ParsedDocument("AMAZON.COM, INC. Form 10-K", blocks, "pdf",
                                       (("registrant", "AMAZON.COM, INC."), ("form", "10-K"))),
                        "doc1", "/x/amzn.pdf")
    summaries, _ = summarise(filing)
    doc = summaries[filing.root.node_id].text
    assert "incorporated in 1994" in doc and "customer-centric" in doc and "Net sales" in doc
    assert "Olsavsky" not in doc and "Gorelick" not in doc
    item1 = next(n for n in filing.nodes if n.heading == "Item 1. Business")
    assert "Olsavsky" in summaries[item1.node_id].text  # the item's own summary keeps them


FIELDS = ("Allow struct definitions to provide default values for individual fields. "
          "When deriving Default, the provided values will then be used. "
          "Initializers may then omit those fields.")

# more parts than a document's summary has sentences, each central to the whole
BODY = tuple(b for i, (heading, text) in enumerate(
    [("Motivation", RIVER), ("History", CITY), ("Floods", RIVER), ("Market", CITY),
     ("Dams", RIVER), ("Heritage", CITY)])
    for b in (H(heading), P(text.replace("the", f"the {i}th", 1))))


def test_a_documents_own_summary_opens_its_summary():
    # RFC 3681's summary opened with "One thing to notice, is that taking default values into
    # consideration ...", from its Motivation; its Summary section's "Allow struct
    # definitions to provide default values ..." shares few words with the rest, so no
    # sentence of it was central enough to be chosen. The authors' summary leads.
    body = BODY
    for heading in ("Summary", "Abstract", "2. Overview", "TL;DR", "Executive summary"):
        tree = tree_of(H("Default field values"), P("Start Date: 2024-08-22"), H(heading),
                       P(FIELDS), *body)
        summaries, _ = summarise(tree)
        doc = summaries[tree.root.node_id]
        assert doc.sentences[0].text == FIELDS.split(". ")[0] + ".", heading
        lead = [s for s in doc.sentences if s.source_id == tree.paragraphs[1].node_id]
        assert len(lead) == 2, heading  # the first sentence and one more of theirs
        assert "river floods" in doc.text and "market square" in doc.text  # the rest: the parts
    # headed otherwise, the same section is summed up as any other: its sentences lose
    plain = tree_of(H("Default field values"), H("Proposal"), P(FIELDS), *body)
    summaries, _ = summarise(plain)
    assert "Allow struct definitions" not in summaries[plain.root.node_id].text


def test_an_own_summary_is_one_of_the_opening_sections_near_the_top():
    # a paper's Abstract under its title (level 2) opens it; an Overview deep in the document
    # (its fourth section, or three levels down) sums up only its own part
    body = BODY
    paper = tree_of(H("A paper"), H("Abstract", 2), P(FIELDS), *body)
    summaries, _ = summarise(paper)
    assert summaries[paper.root.node_id].text.startswith("Allow struct definitions")
    for late in (tree_of(*body, H("Design"), H("Overview", 2), P(FIELDS)),
                 tree_of(H("A"), H("B", 2), H("Overview", 3), P(FIELDS), *body)):
        summaries, _ = summarise(late)
        assert "Allow struct definitions" not in summaries[late.root.node_id].text


def test_an_own_summary_may_open_with_a_lead_in():
    # RFC 1522's Summary: "Add a conservative form of abstract return types ... initially
    # being restricted to:" and a list. The lead-in says what the RFC does: it opens the
    # summary (elsewhere a document's summary leaves lead-ins out).
    opening = ("Add a conservative form of abstract return types, also known as impl Trait, "
               "initially being restricted to:")
    tree = tree_of(H("Impl trait"), H("Summary"), P(opening),
                   P("Only free-standing or inherent functions.", BlockKind.LIST_ITEM),
                   H("Motivation"), P(RIVER), H("History"), P(CITY))
    summaries, _ = summarise(tree)
    doc = summaries[tree.root.node_id]
    assert doc.sentences[0].text == opening
    assert len(doc.sentences) <= SummaryOptions().document.sentences


def test_a_filing_s_overview_does_not_open_its_summary():
    # a filing is summed up by its Business and MD&A items (an Overview opens Item 7 of many
    # 10-Ks); the authors'-summary rule is for other documents
    blocks = (H("Overview"), P(FIELDS), H("PART I"), H("Item 1. Business", 2),
              P("We sell consumer electronics through stores and online in two segments."))
    filing = build_tree(ParsedDocument("X Form 10-K", blocks, "pdf", (("form", "10-K"),)),
                        "doc1", "/x/x.pdf")
    summaries, _ = summarise(filing)
    doc = summaries[filing.root.node_id].text
    assert "consumer electronics" in doc and "Allow struct definitions" not in doc
