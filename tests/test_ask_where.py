"""Questions asked of the documents their own fields choose (``Navigator.ask(where=...)``,
``docnav ask --after/--before/--meta``), as ``locate`` filters them; "Which ... documents"
questions asked of some documents only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _cli import indexed_files, run
from _stores import html_document as _html, indexed_graph

from docnav.ask_text import answer_text
from docnav.errors import InputError
from docnav.query import Navigator


DOCS = {
    "old.html": _html("Old report", "2021-05-01", "Ada", "Pump sales fell in the north."),
    "new.html": _html("New report", "2023-02-01", "Bo", "Pump sales rose in the north."),
    "mid.html": _html("Mid report", "2022-06-01", "Ada", "Pump sales held in the south."),
    "undated.md": "# Notes\n\nPump sales were flat.\n",
}


def _read(answer) -> set[str]:
    return {Path(e.piece.doc_path).name for e in answer.evidence}


def test_a_question_is_asked_of_the_documents_its_criteria_choose(tmp_path):
    graph = indexed_graph(tmp_path, DOCS)
    nav = Navigator(graph)
    assert _read(nav.ask("How did pump sales do?", 200)) == set(DOCS)
    assert _read(nav.ask("How did pump sales do?", 200,
                         where={"dated_after": "2022-01-01"})) == {"new.html", "mid.html"}
    assert _read(nav.ask("How did pump sales do?", 200, where={
        "dated_before": "2022-12-31", "metadata": {"author": "ada"}})) == {"old.html",
                                                                          "mid.html"}
    # with a glob too: both choose
    assert _read(nav.ask("How did pump sales do?", 200, doc="*old*",
                         where={"metadata": {"author": "Ada"}})) == {"old.html"}
    with pytest.raises(InputError, match=r"no indexed document matching '\*new\*' has "
                                         r"metadata=\{'author': 'Ada'\}"):
        nav.ask("How did pump sales do?", 200, doc="*new*", where={"metadata": {"author": "Ada"}})
    with pytest.raises(InputError, match="unknown document criteria kinds; valid: metadata, "
                                         "dated_after, dated_before"):
        nav.ask("How did pump sales do?", 200, where={"kinds": ["paragraph"]})
    with pytest.raises(InputError, match="date 'May 2021'"):
        nav.ask("How did pump sales do?", 200, where={"dated_after": "May 2021"})


def test_which_documents_is_asked_of_those_asked_of(tmp_path):
    # "Which reports ...?" asked of some documents read the local route's passages: it is
    # asked of each of the best of those, as of all
    graph = indexed_graph(tmp_path, DOCS)
    question = "Which reports say pump sales changed in the north?"
    step = Navigator(graph).ask(question, 300).trace[0]  # a budget for two
    assert step["op"] == "documents"
    assert sorted(Path(p).name for p in step["documents"]) == ["new.html", "old.html"]
    answer = Navigator(graph).ask(question, 300, where={"metadata": {"author": "Ada"}})
    step = answer.trace[0]
    assert step["op"] == "documents"
    assert [Path(p).name for p in step["documents"]] == ["old.html"]  # Ada's, of the north
    assert _read(answer) == {"old.html"}


def test_which_documents_of_one_asks_what_it_says_without_missing_the_asking(tmp_path):
    # criteria leaving one document: "Which reports discuss pump sales?" named "reports" and
    # "discuss" missing from its evidence (confidence 0.33); they ask, the text need not say
    graph = indexed_graph(tmp_path, DOCS)
    for question in ("Which reports discuss pump sales?", "How many reports mention pump "
                     "sales?", "Are there reports about pump sales?"):
        answer = Navigator(graph).ask(question, 200, where={"dated_after": "2023-01-01"})
        assert _read(answer) == {"new.html"}, question
        assert answer.missing == [] and answer.confidence == 1.0, question
    # of several, which of them, as before
    assert Navigator(graph).ask("Which reports discuss pump sales?", 300).trace[0]["op"] == (
        "documents")


def test_ask_takes_after_before_and_meta(tmp_path):
    db = indexed_files(tmp_path, DOCS)
    code, out, err = run(db, "ask", "How did pump sales do?", "--after", "2022-01-01",
                         "--meta", "author=Bo")
    assert code == 0, err
    assert "new.html" in out and not any(n in out for n in ("old.html", "mid.html", "undated"))
    code, out, err = run(db, "ask", "How did pump sales do?", "--before", "2020-01-01")
    assert code == 2 and "no indexed document has --before 2020-01-01" in err
    code, out, err = run(db, "ask", "How did pump sales do?", "--meta", "author")
    assert code == 2 and "--meta 'author': give KEY=VALUE" in err
    # bounds the wrong way round are said as such, by ask and locate ("no hits" from locate)
    crossed = ("dated after 2023-01-01 and before 2021-01-01: no date is both (the first "
               "bound is later than the second)")
    for command in ("ask", "locate"):
        code, out, err = run(db, command, "pump sales", "--after", "2023-01-01", "--before",
                             "2021-01-01")
        assert code == 2 and crossed in err, (command, out, err)
    code, out, err = run(db, "locate", "pump sales", "--after", "2022-06-01", "--before",
                         "2022-06-01")  # one day: the same bound twice is no error
    assert code == 0 and "Mid report" in out, err
    code, out, err = run(db, "ask", "Which reports were published since 2022?", "--budget",
                         "150")
    assert code == 0, err
    assert out.splitlines()[1] == ('asked of the 1 earliest of the 2 documents dated since '
                                   '2022, 150 tokens each, without "reports"')


def test_what_an_author_wrote_is_the_documents_of_that_author(tmp_path):
    # "What did Bo Chen write?" searched for "bo", "chen" and "write" in the text; asked
    # "Which documents did Bo Chen write?" it listed Bo's documents by their author field
    nav = Navigator(indexed_graph(tmp_path, DOCS))
    for question, names in (("What did Bo write?", ["new.html"]),
                            ("what has Ada written?", ["mid.html", "old.html"])):
        count = nav.ask(question, 300).count
        assert count is not None and count["by"] == question.split()[2], question
        assert sorted(Path(p).name for p in count["documents"]) == names, question
    # a name no author field holds: what the documents say of it, as before
    assert nav.ask("What did Zed write?", 300).count is None


def test_which_documents_dated_by_the_question_are_asked_of(tmp_path):
    # "Which RFCs were started in 2024?" read RFC 3501 ("edition 2024", started 2023-09-25):
    # a date right after "which RFCs" chooses the documents by their own dates
    graph = indexed_graph(tmp_path, DOCS)
    nav = Navigator(graph)
    step = nav.ask("Which reports were published in 2022?", 300).trace[0]
    assert (step["op"], step["dated"], step["earliest_of"]) == ("documents", "in 2022", 1)
    assert [Path(p).name for p in step["documents"]] == ["mid.html"]
    # "are from 2022" is their year as "from 2022" is ("no document holds '2022'" was said)
    for question in ("Which reports are from 2022?", "Which reports were from 2022?"):
        step = nav.ask(question, 300).trace[0]
        assert step["dated"] == "in 2022", question
        assert [Path(p).name for p in step["documents"]] == ["mid.html"], question
    assert nav.ask("How many reports are from 2023?", 300).count["n"] == 1
    # nothing asked but the date: the earliest so dated, each summed up
    step = nav.ask("Which reports were written since 2021?", 450).trace[0]
    assert [Path(p).name for p in step["documents"]] == ["old.html", "mid.html", "new.html"]
    # and what is asked of them, of those only; the verb saying they are about it is no word
    answer = nav.ask("Which reports were published after 2021 and mention the north?", 300)
    step = answer.trace[0]
    assert (step["dated"], step["about"], step["question"]) == (
        "after 2021", "mention", "Which the north?")
    assert [Path(p).name for p in step["documents"]] == ["new.html"]  # of 2022 on, the north
    assert _read(answer) == {"new.html"}
    with pytest.raises(InputError, match=r"no document asked of is dated before 2020 \(theirs "
                       r"run from 2021-05-01 to 2023-02-01, 1 undated;"):
        nav.ask("Which reports were written before 2020?", 300)
    # a year the question asks about, not the documents' date, chooses nothing
    step = nav.ask("Which reports say pump sales fell in 2023?", 300).trace[0]
    assert step["dated"] is None
    assert [Path(p).name for p in step["documents"]] == ["old.html"]  # of 2021


@pytest.mark.parametrize("question", [
    "Which reports from 2023 mention the north?",
    "Which 2023 reports mention the north?",
    "In 2023, which reports mention the north?",
    "Which reports of 2023 mention the north?",
])
def test_a_year_said_anywhere_of_the_documents_chooses_them(tmp_path, question):
    # "Which RFCs from 2024 mention async closures?" searched for "2024" in every RFC, and
    # "Which 2024 RFCs ...?" and "In 2024, which RFCs ...?" were not asked of each document
    nav = Navigator(indexed_graph(tmp_path, DOCS))
    answer = nav.ask(question, 300)
    step = answer.trace[0]
    assert (step["op"], step["dated"], step["about"]) == ("documents", "in 2023", "mention")
    assert "2023" not in step["question"] and "north" in step["question"]
    assert [Path(p).name for p in step["documents"]] == ["new.html"]
    assert _read(answer) == {"new.html"}  # not the old report, which says "north" too


def test_a_year_said_before_the_documents_with_the_verb_after(tmp_path):
    # "In 2024, which RFCs were started?": the verb says the year is theirs, nothing more
    nav = Navigator(indexed_graph(tmp_path, DOCS))
    step = nav.ask("In 2022, which reports were published?", 300).trace[0]
    assert (step["dated"], step["earliest_of"], step["question"]) == ("in 2022", 1, "Summarise")
    assert [Path(p).name for p in step["documents"]] == ["mid.html"]


def test_a_date_said_of_the_documents_after_what_they_are_about(tmp_path):
    # "Which RFCs on traits were started in 2015?" searched for "2015"
    nav = Navigator(indexed_graph(tmp_path, DOCS))
    step = nav.ask("Which reports about the north were published in 2023?", 300).trace[0]
    assert (step["dated"], step["about"], step["question"]) == ("in 2023", "about",
                                                                "Which the north")
    assert [Path(p).name for p in step["documents"]] == ["new.html"]
    # said of what they are about, not of them: no date of theirs
    step = nav.ask("Which reports mention sales that fell in 2021?", 300).trace[0]
    assert step["dated"] is None


def test_an_author_criterion_matches_any_of_the_author_s_names(tmp_path):
    # `--meta author=Ada` (the README's example) chose nothing of "Ada Lovelace"'s
    graph = indexed_graph(tmp_path, {
        "a.html": _html("A report", "2021-05-01", "Ada Lovelace", "Pump sales fell."),
        "b.html": _html("B report", "2022-05-01", "Adam Smith; Bo Li", "Pump sales rose."),
        "c.html": _html("C report", "2023-05-01", "Bo", "Pump sales held.")})
    roots = graph.document_roots()

    def chosen(**criteria) -> set[str]:
        return {Path(graph.node(n).path).name for n in graph.filter(roots, **criteria)}

    assert chosen(metadata={"author": "Ada"}) == {"a.html"}  # not "Adam"
    assert chosen(metadata={"author": "ada lovelace"}) == {"a.html"}
    assert chosen(metadata={"author": "Bo"}) == {"b.html", "c.html"}
    assert chosen(metadata={"author": "Li Bo"}) == set()  # its words in order
    assert chosen(metadata={"title": "report"}) == set()  # other fields: the whole value
    assert chosen(metadata={"title": "a REPORT"}) == {"a.html"}


@pytest.mark.parametrize("flags, said", [
    (["--after", "2030-01-01"], "no indexed document has --after 2030-01-01 (a "
                                "document's date is its own"),
    (["--meta", "author=Zed"], "no indexed document has --meta author=Zed (`docnav "
                               "show DOC` prints a document's fields)"),
])
def test_locate_says_when_its_criteria_choose_no_document_as_ask_does(tmp_path, flags, said):
    # locate printed "no hits with --after" and exited 0; ask named the criteria, exit 2
    db = indexed_files(tmp_path, DOCS)
    for command in ("ask", "locate"):
        code, out, err = run(db, command, "pump sales", *flags)
        assert code == 2 and out == "" and said in err, (command, err)


def test_which_documents_of_a_date_are_listed_every_one(tmp_path):
    # "Which RFCs were started in 2018?" read the two earliest of 19 and named only those two
    # ("asked of the 2 earliest of the 19 documents dated in 2018"): which they are is the
    # count's list, as "How many ...?" gives it
    graph = indexed_graph(tmp_path, DOCS)
    answer = Navigator(graph).ask("Which reports were written since 2021?", 150)
    (step,) = [s for s in answer.trace if s["op"] == "documents"]
    assert len(step["documents"]) == 1 and step["earliest_of"] == 3
    assert (answer.count["asked"], answer.count["n"], answer.count["dated"]) == (
        "which", 3, "since 2021")
    assert sorted(Path(p).name for p in answer.count["documents"]) == [
        "mid.html", "new.html", "old.html"]
    assert "which reports: 3 documents asked of dated since 2021" in answer_text(answer, graph)


@pytest.mark.parametrize("question", ["Which reports were accepted in 2022?",
                                      "Which reports were submitted in 2022?",
                                      "How many reports were merged in 2022?",
                                      "Which reports about pumps were approved in 2022?"])
def test_a_document_s_own_date_whichever_verb_asks_it(tmp_path, question):
    # "Which RFCs were accepted in 2018?" counted the RFCs holding the word "accepted"
    answer = Navigator(indexed_graph(tmp_path, DOCS)).ask(question, 300)
    assert answer.count["dated"] == "in 2022", question
    assert [Path(p).name for p in answer.count["documents"]] == ["mid.html"], question


def test_ask_says_what_is_wrong_first_in_one_order_with_criteria_or_without(tmp_path):
    # `ask "" --doc '*nomatch*' --meta author=Zed` said the glob (checked in the CLI first),
    # without --meta the empty question: now both the question, as the library checks it
    db = indexed_files(tmp_path, DOCS)
    for criteria in ([], ["--meta", "author=Zed"]):
        code, out, err = run(db, "ask", "", "--doc", "*nomatch*", *criteria)
        assert code == 2 and "empty query" in err, (criteria, err)
        code, out, err = run(db, "ask", "How did pump sales do?", "--doc", "*nomatch*",
                             *criteria)  # the glob, then the criteria, as before
        assert code == 2 and "no indexed document matches '*nomatch*'" in err, (criteria, err)
    # the question first, then the budget, then the glob, then the criteria
    code, out, err = run(db, "ask", "", "--after", "bad-date")
    assert code == 2 and "empty query" in err, err
    budget = "budget 0: give a whole number of tokens"
    for chosen in ([], ["--meta", "author=Zed"], ["--doc", "*nomatch*", "--meta", "author=Zed"]):
        code, out, err = run(db, "ask", "What is pinning?", "--budget", "0", "--after",
                             "2030-01-01", "--json", *chosen)
        assert code == 2 and budget in json.loads(out)["error"], (chosen, out)
