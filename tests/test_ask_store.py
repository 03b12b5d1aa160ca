"""Questions about the documents asked of as a whole: how many there are ("How many RFCs are
there?", "How many papers use BERT?", "How many RFCs were started in 2024?"), counted, the
best of those counted read as for "Which ...?"; and which came first or last by their own
dates ("What is the newest RFC?", "Which RFC was started first?"), read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _cli import index, indexed_files, run
from _paths import file_names
from _stores import html_document as _html, indexed_graph

from docnav.errors import InputError
from docnav.query import Navigator
from docnav.query.count_text import count_line


DOCS = {
    "old.html": _html("Old report", "2021-05-01", "Ada Lovelace", "Pump sales fell in the north."),
    "new.html": _html("New report", "2023-02-01", "Bo Li", "Pump sales rose in the north."),
    "mid.html": _html("Mid report", "2022-06-01", "Ada Lovelace", "Pump sales held in the south."),
    "undated.md": "# Notes\n\nPump sales were flat.\n",
}


@pytest.fixture(scope="module")
def nav(tmp_path_factory):
    return Navigator(indexed_graph(tmp_path_factory.mktemp("count"), DOCS))


@pytest.mark.parametrize("question", [
    "How many reports are there?", "How many documents are in the store?",
    "How many reports do you have?", "How many of the documents are indexed?",
    "How many reports?", "How many reports are there in the store?",
])
def test_how_many_documents_there_are_is_counted_not_searched(nav, question):
    # "How many RFCs are there?" read a paragraph of the docs team RFC saying "how many
    # documentation-related RFCs there would even be", with confidence 1.00
    answer = nav.ask(question, 300)
    assert answer.count["n"] == 4 and answer.count["words"] is None
    assert sorted(file_names(answer.count["documents"])) == sorted(DOCS)
    assert answer.evidence == [] and answer.trace[0]["op"] == "count documents"
    assert answer.text.startswith("4 documents asked of: ")
    # of those asked of only
    assert nav.ask(question, 300, doc="*.html").count["n"] == 3


def test_how_many_documents_there_are_is_counted_of_one_document_or_none(tmp_path):
    # of one document (or none) it was searched: "in none of the documents asked of:
    # documents, store", no evidence found
    one = Navigator(indexed_graph(tmp_path / "one", {"old.html": DOCS["old.html"]}))
    answer = one.ask("How many documents are in the store?", 300)
    assert answer.count["n"] == 1 and answer.evidence == []
    assert answer.text.startswith("1 document asked of: ") and answer.text.endswith("old.html")
    # what they hold, of one document: what it says, as before
    assert one.ask("How many reports mention pumps?", 300).evidence
    (tmp_path / "none").mkdir()
    db = tmp_path / "none.duckdb"
    assert index(db, tmp_path / "none") == 0
    code, out, err = run(db, "ask", "How many documents are there?")
    assert code == 0 and out.splitlines()[1] == "how many documents: 0 documents asked of"


@pytest.mark.parametrize("question", [
    "What documents do you have?", "Which reports are in the store?", "What reports are there?",
    "List all the documents", "Which documents are indexed?",
])
def test_which_documents_there_are_is_a_list_not_a_search(nav, question):
    # "What documents do you have?" read the passages saying "you have" of two RFCs
    answer = nav.ask(question, 300)
    assert (answer.count["asked"], answer.count["n"], answer.evidence) == ("which", 4, [])
    assert sorted(file_names(answer.count["documents"])) == sorted(DOCS)


@pytest.mark.parametrize("question", [
    "Which reports were written by Ada?", "Which reports did Ada write?",
    "Which reports that Ada Lovelace wrote are there?", "List the reports by Ada",
])
def test_which_documents_an_author_wrote_are_chosen_by_their_author_field(nav, question):
    # "Which reports were written by Ada?" read the undated notes and one of hers: her name
    # is in no text, only in the documents' author field
    answer = nav.ask(question, 300)
    assert (answer.count["by"], sorted(file_names(answer.count["documents"]))) == (
        "Ada Lovelace" if "Lovelace" in question else "Ada", ["mid.html", "old.html"])


def test_documents_an_author_wrote_counted_dated_and_searched(nav):
    assert nav.ask("How many reports were written by Ada?", 300).count["n"] == 2
    # of documents that all have an author field, none by Zed: 0, and whose they are
    count = nav.ask("How many reports did Zed write?", 300, doc="*.html").count
    assert (count["n"], count["authors"]) == (0, "their authors: Ada Lovelace, Bo Li")
    # the undated notes have none: "Zed" is searched for (a byline may hold it)
    count = nav.ask("How many reports did Zed write?", 300).count
    assert (count["n"], count["authors"], count["words"]) == (0, None, ["Zed"])
    # and what is asked of hers: of those only (the new report says "north" too)
    answer = nav.ask("Which reports by Ada mention the north?", 300)
    assert file_names(answer.trace[0]["documents"]) == ["old.html"]
    assert _read(answer) == {"old.html"}
    step = nav.ask("Which reports were written by Ada in 2022?", 300).trace[0]
    assert (step["dated"], file_names(step["documents"])) == ("in 2022", ["mid.html"])
    with pytest.raises(InputError, match=r"no document asked of was written by Zed \(their "
                                         r"authors: Ada Lovelace, Bo Li; an author is"):
        nav.ask("Which reports did Zed write?", 300, doc="*.html")


def test_which_documents_hold_both_words(nav):
    # "both" asks that they hold the two, and is no word they must hold
    answer = nav.ask("Which reports mention both pumps and the north?", 300)
    assert answer.trace[0]["question"] == "Which both pumps and the north?"
    assert "both" not in answer.missing


def test_there_is_no_word_a_piece_must_hold(nav):
    # "How many ways are there to pin a value?": "not in the evidence: ways, there"
    answer = nav.ask("How many pump sales were there in the north?", 300)
    assert answer.evidence and "there" not in answer.missing


def test_had_is_no_word_a_piece_must_hold(nav):
    # "Which company had the most employees?": "not in the evidence: had" ("has" and "have"
    # were common words already)
    answer = nav.ask("Which report had the most pump sales in the north?", 300)
    assert answer.evidence and "had" not in answer.missing


@pytest.mark.parametrize("question", ["Why should pump sales in the north rise?",
                                      "Which report could say the most about pump sales?",
                                      "Must pump sales in the north rise?"])
def test_a_modal_verb_is_no_word_a_piece_must_hold(nav, question):
    # "Why should the Share trait be renamed?": "not in the evidence: should"
    answer = nav.ask(question, 300)
    assert answer.evidence
    assert not {"should", "could", "must"} & set(answer.missing), answer.missing



@pytest.mark.parametrize("question", ["Which report mentions pump sales in the north?",
                                      "Why do pump sales in the north need a rise?"])
def test_mentions_and_need_are_no_words_a_piece_must_hold(nav, question):
    # the demo's "Why does Send need a static bound?": "not in the evidence: need";
    # "Which PDF mentions the typewriter?": "not in the evidence: mentions"
    answer = nav.ask(question, 300)
    assert answer.evidence
    assert not {"mentions", "need"} & set(answer.missing), answer.missing

def test_how_many_documents_hold_what_is_asked_and_the_best_are_read(nav):
    answer = nav.ask("How many reports mention the north?", 300)
    count = answer.count
    assert (count["n"], count["of"], count["words"], count["held"]) == (2, 4, ["north"], 1)
    assert sorted(file_names(count["documents"])) == ["new.html", "old.html"]
    assert {Path(e.piece.doc_path).name for e in answer.evidence} == {"new.html", "old.html"}
    assert [s["op"] for s in answer.trace[:2]] == ["count documents", "documents"]
    assert nav.ask("How many reports talk about the south?", 300).count["n"] == 1
    assert nav.ask("How many reports are there about the south?", 300).count["n"] == 1
    # a word no document holds: none, and what was searched said
    answer = nav.ask("How many reports mention zebras?", 300)
    assert (answer.count["n"], answer.count["held"], answer.count["documents"]) == (0, 0, [])
    assert answer.absent == ["zebras"]


def test_which_documents_hold_a_word_all_are_said_the_best_read(nav):
    answer = nav.ask("Which reports mention the north?", 150)
    count = answer.count
    assert (count["asked"], count["n"], count["of"], count["words"]) == (
        "which", 2, 4, ["north"])
    assert sorted(file_names(count["documents"])) == ["new.html", "old.html"]
    assert len(_read(answer)) == 1


def test_which_documents_hold_a_word_none_holds(nav):
    # "Which reports mention zebras?", no passage found by either search, divided the budget
    # among no documents (ZeroDivisionError): the first asked of are read, and lack it
    answer = nav.ask("Which reports mention zebras?", 300)
    assert len(answer.trace[0]["documents"]) == 2  # as many as 300 tokens read
    assert answer.missing == answer.absent == ["zebras"]
    # and no budget is said to read one more: none holds it ("--budget 600 reads one more")
    answer = nav.ask("Which reports mention zebras?", 100)
    assert len(answer.trace[0]["documents"]) == 1
    assert answer.trace[0]["more_with"] is None
    # where another holds it, the budget that reads it is said
    answer = nav.ask("Which reports mention the north?", 100)
    assert len(answer.trace[0]["documents"]) == 1 and answer.trace[0]["more_with"] > 100


def test_the_words_counted_are_said_in_the_questions_order(nav):
    # they came in a set's order, which changes from one run to the next
    answer = nav.ask("Which reports mention zebras, giraffes, lions, tigers, bears, wolves "
                     "or otters?", 300)
    assert answer.count["words"] == ["zebras", "giraffes", "lions", "tigers", "bears",
                                     "wolves", "otters"]


def test_how_many_documents_so_dated(nav):
    count = nav.ask("How many reports were published in 2022?", 300).count
    assert (count["n"], count["dated"], file_names(count["documents"])) == (
        1, "in 2022", ["mid.html"])
    # and what they hold, of those so dated
    count = nav.ask("How many reports from 2023 mention the north?", 300).count
    assert (count["n"], count["of"], file_names(count["documents"])) == (1, 1, ["new.html"])
    # none so dated is an answer (zero), with the dates they have, not an error
    answer = nav.ask("How many reports were written before 2020?", 300)
    assert answer.count["n"] == 0 and answer.evidence == []
    assert answer.text == ("0 documents asked of dated before 2020 (of 4) (theirs run from "
                           "2021-05-01 to 2023-02-01, 1 undated)")


@pytest.mark.parametrize("question", [
    "How many articles are in the dataset?",  # of what a document says, not of the store
    "How many articles are there in the dataset?",
    "How many reports were filed with the regulator?",
    "How many pumps were sold in the north?",  # not documents at all
])
def test_how_many_of_anything_else_is_a_passage_question(nav, question):
    answer = nav.ask(question, 300)
    assert answer.count is None
    assert answer.trace[0]["op"] not in ("count documents", "documents")
    assert answer.evidence


def test_ask_prints_the_count_and_the_documents_counted(tmp_path):
    files = {**DOCS, **{f"note{i:02}.md": f"# Note {i}\n\nPump sales in the north, week {i}.\n"
                        for i in range(10)}}
    db = indexed_files(tmp_path, files)
    code, out, err = run(db, "ask", "How many reports are there?")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "route: local; a count of the documents asked of, none read"
    assert lines[1].startswith("how many reports: 14 documents asked of: mid.html, new.html, "
                               "note00.md, ")
    assert lines[1].endswith(", … and 4 more (--json lists them all)")
    assert "no evidence found" not in out
    code, out, err = run(db, "ask", "What documents do you have?")
    assert code == 0, err
    assert out.splitlines()[:2] == [
        "route: local; a list of the documents asked of, none read",
        "which documents: 14 documents asked of: mid.html, new.html, note00.md, note01.md, "
        "note02.md, note03.md, note04.md, note05.md, note06.md, note07.md, … and 4 more "
        "(--json lists them all)"]
    code, out, err = run(db, "ask", "How many reports mention the north?", "--budget", "300")
    assert code == 0, err
    assert ('how many reports: 12 of the 14 documents asked of hold "north" (counted by their '
            'words, not read: the evidence reads the best): new.html, note00.md') in out
    assert "[1] " in out  # the best read
    # which they are, likewise: "Which RFCs mention async?" read the best two of eight, and
    # named no other
    code, out, err = run(db, "ask", "Which reports mention the north?", "--budget", "300")
    assert code == 0, err
    assert ('which reports: 12 of the 14 documents asked of hold "north" (counted by their '
            'words, not read: the evidence reads the best): new.html, note00.md') in out
    assert "asked of the 2 best documents" in out  # the best read
    assert len([line for line in out.splitlines() if line.startswith("[")]) == 2
    code, out, err = run(db, "ask", "How many reports mention the south?", "--json")
    assert code == 0, err
    count = json.loads(out)["count"]
    assert (count["n"], file_names(count["documents"])) == (1, ["mid.html"])


def _read(answer) -> set[str]:
    return {Path(e.piece.doc_path).name for e in answer.evidence}


@pytest.mark.parametrize("question, order, read", [
    ("What is the newest report?", "latest", ["new.html"]),
    ("Which report was published first?", "earliest", ["old.html"]),
    ("What was the oldest document about?", "earliest", ["old.html"]),
    ("Which is the most recent report?", "latest", ["new.html"]),
    ("What are the oldest reports?", "earliest", ["old.html", "mid.html"]),  # as many as fit
    ("Which reports were written last?", "latest", ["new.html", "mid.html"]),
    ("Which report is the oldest?", "earliest", ["old.html"]),  # "oldest": "in none of the
    ("Which reports are the newest?", "latest", ["new.html", "mid.html"]),  # documents"
])
def test_the_first_or_last_documents_by_their_own_dates_are_read(nav, question, order, read):
    # "What is the newest RFC?" said no document was titled "newest RFC" and read the best
    # match's passages
    answer = nav.ask(question, 300)
    step = answer.trace[0]
    assert (step["op"], step["order"], file_names(step["documents"])) == ("documents", order, read)
    assert (step["dated_of"], step["undated"], step["question"]) == (3, 1, "Summarise")
    assert _read(answer) == set(read) and not answer.untitled


def test_the_first_document_holding_what_is_asked(nav):
    # of those that say "north" (the old and the new report), the earliest, asked the rest
    answer = nav.ask("What was the first report to mention the north?", 300)
    step = answer.trace[0]
    assert (file_names(step["documents"]), step["holding"], step["dates"]) == (
        ["old.html"], ["north"], ["2021-05-01"])
    assert step["question"] == "What was the report to mention the north?"
    assert _read(answer) == {"old.html"}
    # asked a thing of it ("'s"), not which: of them all
    step = nav.ask("What is the newest report's finding?", 300).trace[0]
    assert (file_names(step["documents"]), step["holding"]) == (["new.html"], [])
    assert step["question"] == "What is the report's finding?"


def test_first_or_last_of_one_document_or_of_none_dated(nav, tmp_path):
    # asked of one document, the words are the question's
    assert nav.ask("What is the newest report?", 300, doc="*new*").trace[0]["op"] != "documents"
    undated = Navigator(indexed_graph(tmp_path, {"a.md": "# A\n\nPumps.\n",
                                                 "b.md": "# B\n\nValves.\n"}))
    with pytest.raises(InputError, match=r"asks for the newest report by their dates, and none "
                                         r"of the 2 documents asked of has a date of its own"):
        undated.ask("What is the newest report?", 300)
    # said by an adverb, named by its adjective
    with pytest.raises(InputError, match=r"asks for the most recent report by their dates"):
        undated.ask("Which report was written most  recently?", 300)


def test_ask_prints_which_documents_came_first(tmp_path):
    db = indexed_files(tmp_path, DOCS)
    code, out, err = run(db, "ask", "What is the newest report?")
    assert code == 0, err
    assert out.splitlines()[1] == ("asked of the latest by their own dates of the 3 dated "
                                   "documents asked of, 1 undated: new.html (2023-02-01)")
    code, out, err = run(db, "ask", "What were the first reports about the north?", "--budget",
                         "300")
    assert code == 0, err
    assert out.splitlines()[1] == ('asked of the earliest by their own dates of the 2 dated '
                                   'documents asked of holding "north": old.html (2021-05-01), '
                                   'new.html (2023-02-01), 150 tokens each')


def _filing(registrant: str, body: str) -> str:
    return f"---\nregistrant: {registrant}\nform: 10-K\n---\n\n# Annual report\n\n{body}\n"


@pytest.mark.parametrize("question, asked", [
    ("Which companies are in the store?", "which"), ("What companies do you have?", "which"),
    ("How many companies are there?", "how many"), ("Which registrants are indexed?", "which"),
])
def test_the_companies_of_the_filings_asked_of_are_listed(tmp_path_factory, question, asked):
    # "Which companies are in the store?" read Best Buy's "Store Development" section
    graph = indexed_graph(tmp_path_factory.mktemp("filings"), {
        "acme-2022.md": _filing("ACME WIDGETS CO., INC.", "We sell widgets."),
        "acme-2023.md": _filing("ACME WIDGETS CO., INC.", "We sell more widgets."),
        "globex.md": _filing("GLOBEX CORP", "We sell pumps."),
        "notes.md": "# Notes\n\nCompanies we follow.\n"})
    answer = Navigator(graph).ask(question, 300)
    count = answer.count
    assert (count["asked"], count["n"], file_names(count["without"])) == (asked, 2, ["notes.md"])
    assert {k: file_names(v) for k, v in count["companies"].items()} == {
        "ACME WIDGETS CO., INC.": ["acme-2022.md", "acme-2023.md"], "GLOBEX CORP": ["globex.md"]}
    assert answer.evidence == [] and answer.text == (
        "2 companies in the 4 documents asked of: ACME WIDGETS CO., INC. (2 filings); GLOBEX "
        "CORP (1 filing); 1 of them names no registrant (a filing's cover names it)")


def test_companies_asked_of_documents_with_no_registrant_is_a_passage_question(nav):
    # papers and RFCs name no registrant: "How many companies are there?" asks what they say
    for question in ("How many companies are there?", "Which companies are in the dataset?"):
        answer = nav.ask(question, 300)
        assert answer.count is None
        assert answer.trace[0]["op"] == "locate" and "paragraphs" in answer.trace[0]["over"]


def test_an_author_no_field_names_is_searched_for_where_some_have_no_field(tmp_path):
    # a PDF without an author field names its authors in its byline: "Which papers were
    # written by Ghukasyan?" of papers of which one had an author field was an error
    graph = indexed_graph(tmp_path, {
        "ner.md": "# pioNER\n\nTsolak Ghukasyan, Garnik Davtyan\n\n## Data\n\nArmenian text.\n",
        "mt.md": "---\nauthor: Baijun Ji\n---\n\n# Zero-shot translation\n\nPivots help.\n",
        "qa.md": "# Reformulation\n\nQuestions are rewritten.\n"})
    nav = Navigator(graph)
    answer = nav.ask("Which papers were written by Ghukasyan?", 300)
    assert answer.trace[0]["question"] == "Which Ghukasyan?"
    assert _read(answer) >= {"ner.md"} and "ghukasyan" not in [w.lower() for w in answer.missing]
    assert nav.ask("How many papers were written by Ghukasyan?", 300).count["n"] == 1
    # an author field that names them still chooses
    assert file_names(nav.ask("Which papers were written by Baijun Ji?", 300).count["documents"]) \
        == ["mt.md"]


def test_documents_referring_to_a_document_named_leave_that_one_out(tmp_path):
    # "Which RFCs refer to RFC 2349?" read RFC 2349, the one holding "2349" most
    graph = indexed_graph(tmp_path, {
        "1961-clamp.md": "# 1961-clamp\n\nAdd clamp to Ord. RFC 1961 is this one.\n",
        "3516-deps.md": "# Public dependencies\n\nThis supersedes RFC 1961 in part.\n",
        "2000-other.md": "# Other\n\nNothing of clamping here.\n"})
    nav = Navigator(graph)
    answer = nav.ask("Which RFCs refer to RFC 1961?", 300)
    assert file_names(answer.trace[0]["documents"]) == ["3516-deps.md"]
    assert _read(answer) == {"3516-deps.md"}
    count = nav.ask("How many RFCs mention RFC 1961?", 300).count
    assert (count["n"], count["of"], file_names(count["documents"])) == (1, 2, ["3516-deps.md"])


def test_the_documents_referring_to_one_are_those_whose_references_lead_to_it(tmp_path):
    """"How many RFCs refer to RFC 1961?" counted the documents holding "1961": a year said
    elsewhere counted, a link to it without the number did not. Those whose references lead
    into it are the answer, where any does."""
    graph = indexed_graph(tmp_path, {
        "1961-clamp.md": "# 1961-clamp\n\nAdd clamp to Ord.\n",
        "3516-deps.md": "# Public dependencies\n\nThis supersedes RFC 1961 in part.\n",
        "2000-link.md": "# Linker\n\nSee [the clamp proposal](1961-clamp.md) for the idea.\n",
        "2001-year.md": "# History\n\nThe first compiler of 1961 did nothing of clamping.\n",
        "2002-other.md": "# Other\n\nNothing here.\n"})
    nav = Navigator(graph)
    for question in ("How many RFCs refer to RFC 1961?", "How many RFCs cite RFC 1961?",
                     "How many RFCs link to the clamp RFC?"):
        count = nav.ask(question, 300).count
        assert (count["n"], count["of"], file_names(count["documents"])) == (
            2, 4, ["2000-link.md", "3516-deps.md"]), question
    assert count_line(count) == ("2 of the 4 documents asked of refer to 1961-clamp.md (by "
                                 "their references: a link to it, its number; the evidence "
                                 "reads the best)")
    answer = nav.ask("Which RFCs refer to RFC 1961?", 600)  # the link's words are not the
    assert _read(answer) == {"2000-link.md", "3516-deps.md"}  # question's: read all the same
    code, out, err = run(tmp_path / "g.duckdb", "ask", "Which RFCs refer to RFC 1961?",
                         "--budget", "600")
    assert code == 0, err
    assert out.splitlines()[1] == ("asked of the 2 documents whose references lead to "
                                   "1961-clamp.md, 300 tokens each")
    assert "See the clamp proposal for the idea." in out
    # the words naming it are no missing words: the link need not say them ("not in the
    # evidence: rfc, 1961", and "in none of the documents asked of", said of its own number)
    for question in ("Which RFCs refer to RFC 1961?", "Which RFCs link to 1961-clamp.md?"):
        linked = nav.ask(question, 300, doc=["*2000-link*", "*1961-clamp*", "*2002*"])
        assert _read(linked) == {"2000-link.md"}, question
        assert linked.missing == [] and linked.absent == [], question
    # a question of what they hold, not what they point at: their words, as before
    count = nav.ask("How many RFCs discuss RFC 1961?", 300).count
    assert "refers_to" not in count and count["words"]
    assert file_names(count["documents"]) == ["3516-deps.md"]  # the link says neither word


# a document whose title has no kind word in it ("Parts list": no "guide", "paper", "RFC")
PARTS_LIST = {"parts.md": "# Parts list\n\nSeal S-42 fits every pump.\n",
              "guide.md": "# Pump guide\n\nReplace the seal of the pump.\n",
              "notes.md": "# Notes\n\nSpare parts and seals are kept in the shed.\n"}


def test_a_document_referred_to_by_its_whole_title_is_the_one_named(tmp_path):
    # "Which documents refer to the parts list?" named no document (a title is named with a
    # kind word, "the ... guide", or a number): the documents holding "parts" were counted,
    # and the outline its "parts" asks for was read instead of the paragraphs linking to it
    graph = indexed_graph(tmp_path, {
        **PARTS_LIST,
        "guide.md": "# Pump guide\n\n## Seals\n\nReplace the seal; see [the parts "
                    "list](parts.md) for its number.\n\n## Wiring\n\nWire the motor.\n"})
    nav = Navigator(graph)
    for question in ("Which documents refer to the parts list?",
                     "Which documents link to Parts List?"):
        answer = nav.ask(question, 300)
        step = answer.trace[0]
        assert Path(step["refers_to"]).name == "parts.md", question
        assert file_names(step["documents"]) == ["guide.md"]
        assert any("see the parts list for its number" in e.piece.text
                   for e in answer.evidence), question
    count = nav.ask("How many documents refer to the parts list?", 300).count
    assert (count["n"], file_names(count["documents"])) == (1, ["guide.md"])
    # what they say of it, not what they point at: their words, as before
    assert "refers_to" not in nav.ask("Which documents discuss the parts list?", 300).count


def test_a_question_names_a_document_by_the_and_its_whole_title(tmp_path):
    # "What does the parts list say about seals?" read the guide's seals as well: a title was
    # named only with a kind word after it ("the pump guide") or a number
    graph = indexed_graph(tmp_path, PARTS_LIST)
    nav = Navigator(graph)
    answer = nav.ask("What does the Parts  List say about seals?", 300)
    assert _read(answer) == {"parts.md"}
    focus = next(s for s in answer.trace if s["op"] == "focus")
    assert focus["left_out"] == ["the Parts  List"]
    # a title of one word is a word any question may use: "the notes" names no document
    assert len(_read(nav.ask("What do the notes say about seals?", 300))) > 1


def test_a_comparison_names_a_document_by_its_whole_title(tmp_path):
    # "Compare the guide and the parts list" was asked of the guide alone: "the parts list"
    # has no kind word ("the ... guide") to name a document by
    graph = indexed_graph(tmp_path, PARTS_LIST)
    nav = Navigator(graph)
    for question, order in (("Compare the pump guide and the parts list",
                             ["guide.md", "parts.md"]),
                            ("Compare the Parts List with the pump guide",
                             ["parts.md", "guide.md"])):
        answer = nav.ask(question, 300)
        step = answer.trace[0]
        assert step["op"] == "compare documents", question
        assert file_names(step["documents"]) == order, question
        assert _read(answer) == {"guide.md", "parts.md"}, question
        # its own name asked of it is no outline asked for ("parts")
        assert not [s for s in answer.trace if s["op"] == "outline"], question


def test_a_document_the_text_names_by_number_is_read_by_its_reference_of_the_store_only(
        tmp_path):
    """"This builds on RFC 439": asked of every document, the section that says so leads to
    RFC 439 (0439-cmp.md), which is read as its reference; asked of the one RFC (--doc),
    nothing of another document is read."""
    graph = indexed_graph(tmp_path, {
        "2000-const.md": "# 2000-const\n\n## Summary\n\nConst generics for arrays.\n\n"
                         "## Prior art\n\nThis builds on RFC 439, whose operators it keeps.\n",
        "0439-cmp.md": "# 0439-cmp\n\n## Summary\n\nSplit the comparison traits into "
                       "PartialEq and PartialOrd.\n",
        "other.md": "# Other\n\n## Prior art\n\nNothing of traits here, nor of RFC 439.\n"})
    question = "What does the prior art section build on?"
    answer = Navigator(graph).ask(question, 300)
    assert [(Path(e.piece.doc_path).name, e.found_by) for e in answer.evidence
            if "PartialOrd" in e.piece.text] == [("0439-cmp.md", "reference")]
    answer = Navigator(graph).ask(question, 300, doc="2000-const.md")
    assert any("RFC 439" in e.piece.text for e in answer.evidence)
    assert _read(answer) == {"2000-const.md"}
    # and back: what refers to RFC 439 (`docnav nav 0439-cmp.md --dir referenced-by`)
    [(root, _)] = [(i, n) for i, n in graph.nodes_of_kind("document")
                   if n.path.endswith("0439-cmp.md")]
    assert [graph.node(i).text for i in graph.navigate(root, "referenced-by")] == [
        "This builds on RFC 439, whose operators it keeps.",
        "Nothing of traits here, nor of RFC 439."]  # in reading order
    assert graph.navigate(graph.navigate(root, "referenced-by")[0], "referenced-by") == []
