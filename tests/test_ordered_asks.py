"""What a question asking for the longest or newest documents says besides: a noun after the
word ordering them is no question of order ("Which RFC is the biggest change to the
language?" was read as a question of length); what it leaves out is not ordered ("Which RFC
is the largest, besides RFC 2497?" answered RFC 2497); only what it says they are about
restricts them ("Which RFC is the shortest one?" was of those holding "one"); a year after
them is their date ("Which is the longest RFC from 2018?" was of those holding "2018")."""

from __future__ import annotations


import pytest
from _cli import run
from _paths import file_names
from _stores import html_document as _html, indexed_graph

from docnav.errors import InputError
from docnav.query import Navigator
from docnav.query.ordered import BY_DATE, BY_LENGTH

# gamma.html is the longest and the newest, dated 2021, and alone says "one", "2018",
# "they" and "propose"; of 2018's, alpha.html is the longest and beta.html the newest
DOCS = {
    "alpha.html": _html("Alpha report", "2018-03-01", "Ada Lovelace",
                        "The pump moves water through the pipes to every floor of the "
                        "building and back to the boiler in the cellar."),
    "beta.html": _html("Beta report", "2018-09-01", "Bo Li", "The valve opens."),
    "gamma.html": _html("Gamma report", "2021-05-01", "Cy Young",
                        "They propose one plan for the pumps, replacing the 2018 plan. "
                        + "The new pumps move more water with less power each year. " * 6),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    base = tmp_path_factory.mktemp("ordered")
    return base, Navigator(indexed_graph(base, DOCS))


def _step(answer) -> dict:
    return next(s for s in answer.trace if s["op"] == "documents")


@pytest.mark.parametrize("question", [
    "Which report is the biggest change to the pumps?",
    "Which report is the smallest addition to the plan?",
    "Which report is the largest contributor to power use?",
])
def test_a_noun_after_biggest_is_no_question_of_length(question):
    assert BY_LENGTH.search(question) is None


@pytest.mark.parametrize("question", [
    "Which report is the biggest?", "Which report is the smallest one?",
    "Which report is the largest about pumps?", "Which report is the longest of 2018?",
    "Which report is the longest, besides gamma.html?", "Which report is the longest on pumps?",
    "Which reports are the shortest, and what do they propose?",
])
def test_what_may_follow_the_word_ordering_them(question):
    assert BY_LENGTH.search(question)


def test_a_noun_after_first_is_no_question_of_dates():
    # (the first to do something is: "What was the first paper to use BERT?")
    assert BY_DATE.search("Which report was the first change to the pumps?") is None
    assert BY_DATE.search("Which report was the first to mention pumps?")


@pytest.mark.parametrize("question, read", [
    ("Which report is the largest, besides gamma.html?", ["alpha.html"]),
    ("Which report is the largest, excluding gamma.html?", ["alpha.html"]),
    ("Which report besides gamma.html is the longest?", ["alpha.html"]),
    ("What is the longest report besides gamma.html?", ["alpha.html"]),
    ("Which report is the newest, excluding gamma.html?", ["beta.html"]),
])
def test_the_document_left_out_is_not_ordered(store, question, read):
    step = _step(store[1].ask(question, 300))
    assert file_names(step["documents"]) == read
    assert file_names(step["besides"]) == ["gamma.html"] and step["holding"] == []


@pytest.mark.parametrize("question, read, asked", [
    ("Which report is the shortest one?", ["beta.html"], "Summarise"),
    ("Which reports are the shortest, and what do they propose?",
     ["beta.html", "alpha.html"], "What do they propose?"),
    ("What is the longest report's title?", ["gamma.html"], "What is the report's title?"),
])
def test_words_not_said_to_be_about_are_held_by_none(store, question, read, asked):
    step = _step(store[1].ask(question, 300))
    assert file_names(step["documents"]) == read
    assert (step["holding"], step["question"]) == ([], asked)


def test_what_they_are_said_to_be_about_restricts_them(store):
    step = _step(store[1].ask("Which report is the shortest one about the 2018 plan?", 300))
    assert (file_names(step["documents"]), step["holding"]) == (["gamma.html"], ["2018", "plan"])


@pytest.mark.parametrize("question, read", [
    ("Which is the longest report from 2018?", ["alpha.html"]),
    ("Which report is the longest in 2018?", ["alpha.html"]),
    ("What is the newest report of 2018?", ["beta.html"]),
    ("Which report was the newest of 2018?", ["beta.html"]),
])
def test_a_year_after_them_is_their_date(store, question, read):
    step = _step(store[1].ask(question, 300))
    assert (file_names(step["documents"]), step["dated"], step["holding"]) == (read, "in 2018", [])


def test_ask_says_their_year_and_what_it_leaves_out(store):
    db = store[0] / "g.duckdb"
    code, out, err = run(db, "ask", "Which is the longest report from 2018?")
    assert code == 0, err
    assert out.splitlines()[1].startswith("asked of the longest of the 2 documents asked of "
                                          "dated in 2018, by their words: alpha.html ("), out
    code, out, err = run(db, "ask", "What is the newest report, besides gamma.html?")
    assert code == 0, err
    assert out.splitlines()[1] == ("asked of the latest by their own dates of the 2 dated "
                                   "documents asked of besides gamma.html: beta.html "
                                   "(2018-09-01)"), out


@pytest.mark.parametrize("question, read, asked", [
    ("Which report is the longest report?", ["gamma.html"], "Summarise"),
    ("Which report is the newest report?", ["gamma.html"], "Summarise"),
    ("Which reports are the shortest reports?", ["beta.html", "alpha.html"], "Summarise"),
    ("Which report is the longest and what does it propose?", ["gamma.html"],
     "What does it propose?"),
])
def test_the_kind_or_and_what_after_the_word_ordering_them(store, question, read, asked):
    # (each said no document was titled "longest report", or was no question of order)
    step = _step(store[1].ask(question, 300))
    assert (file_names(step["documents"]), step["holding"], step["question"]) == (read, [], asked)


@pytest.mark.parametrize("question, held", [
    ("Which report is the shortest of those mentioning water?", ["water"]),
    ("Which report is the shortest of those that mention water?", ["water"]),
    ("Which report is the shortest of the boiler ones?", ["boiler"]),
    ("Which report is the shortest in the cellar?", ["cellar"]),
])
def test_what_follows_of_restricts_them(store, question, held):
    # (since "of/in" may follow the word ordering them, each read all three: beta.html)
    step = _step(store[1].ask(question, 300))
    assert (file_names(step["documents"]), step["holding"]) == (["alpha.html"], held)


@pytest.mark.parametrize("question", [
    "Which report is the shortest in length?", "Which report is the shortest in the store?",
    "Which report is the shortest of all?", "Which report is the shortest in words?",
    "Which report is the shortest in this collection?", "Which report is the shortest of them?",
])
def test_what_follows_of_saying_only_which_or_by_what_restricts_nothing(store, question):
    # (found by a review: "Which RFC is the longest in length?" was asked of the 2 RFCs holding
    # "length", "... in the store?" of the 8 holding "store")
    step = _step(store[1].ask(question, 300))
    assert (step["holding"], step["length_of"]) == ([], 3)


@pytest.mark.parametrize("question, read, dated", [
    ("What is the oldest report after 2018?", ["gamma.html"], "after 2018"),
    ("Which report is the newest before 2021?", ["beta.html"], "before 2021"),
    ("Which is the shortest report since 2019?", ["gamma.html"], "since 2019"),
])
def test_a_bound_year_after_them_is_their_date(store, question, read, dated):
    # (the year was dropped unsaid: alpha.html, gamma.html, beta.html of all three)
    step = _step(store[1].ask(question, 300))
    assert (file_names(step["documents"]), step["dated"], step["holding"]) == (read, dated, [])


@pytest.fixture(scope="module")
def chains(tmp_path_factory):
    # a title of three words: holding.left_out names a document by two words alone
    return Navigator(indexed_graph(tmp_path_factory.mktemp("chains"), {
        "if-let-chains.html": _html("If let chains", "2018-07-01", "Ada Lovelace",
                                    "Chains of if let in conditions. " * 12),
        "needle.html": _html("Needle report", "2018-08-01", "Bo Li", "A needle."),
    }))


@pytest.mark.parametrize("question", [
    "Which report is the longest, excluding if-let chains?",
    "Which report is the longest besides if let chains?",
])
def test_the_document_left_out_by_title_words_is_not_ordered(chains, question):
    # (it was dropped unsaid, and if-let-chains.html was the longest)
    step = _step(chains.ask(question, 300))
    assert (file_names(step["documents"]), file_names(step["besides"])) == (
        ["needle.html"], ["if-let-chains.html"])


def test_what_is_left_out_naming_no_document_is_said(store):
    with pytest.raises(InputError, match="leaves out 'the boring ones', which names no"):
        store[1].ask("Which report is the longest, besides the boring ones?", 300)
