"""Questions leaving documents out ("besides RFCs 2349 and 2394", "excluding RFC 2394", "besides
async closures") said in the ways a first reading missed: a verb after the author that opens
like a name's particle, names of documents as words of their titles or numbers after "RFCs",
the cue set off by commas or after the count, a list joined by commas alone."""

from __future__ import annotations


import pytest
from _paths import file_names
from _rfcs import rfc_graph
from _stores import html_document as _html, indexed_graph

from docnav.ask_text import answer_text
from docnav.query import Navigator

REPORTS = {
    "delta-chillers.html": _html("Delta chiller report", "2021-03-01", "Grace",
                                 "Expansion valves on the delta chiller were recalibrated."),
    "epsilon-fans.html": _html("Epsilon fan report", "2020-05-05", "Grace Hopper",
                               "Fan bearings were greased and the belts tensioned."),
    "alpha-pumps.html": _html("Alpha pump report", "2022-01-10", "Ada",
                              "The alpha pump's intake valves were replaced."),
    "beta-boilers.html": _html("Beta boiler report", "2022-02-10", "Ada Lovelace",
                               "The beta boiler's relief valves were tested."),
    "gamma-towers.html": _html("Gamma tower report", "2023-02-10", "Grace",
                               "Cooling tower valves and fans were cleaned."),
}
RFCS = ["2349-pin.md", "2394-async_await.md", "2592-futures.md", "3467-unsafe-pinned.md",
        "3668-async-closures.md", "0003-attribute-usage.md"]


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    return indexed_graph(tmp_path_factory.mktemp("reports"), REPORTS)


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return rfc_graph(tmp_path_factory, RFCS)


@pytest.mark.parametrize("verb", ["discuss", "describe", "deal with"])
@pytest.mark.parametrize("besides", ["", " besides delta-chillers.html"])
def test_a_verb_after_the_author_is_no_particle_of_the_name(reports, verb, besides):
    # "no document asked of was written by Grace di": "di" of "discuss" (and "de" of
    # "describe", "deal") was read as a particle of the author's name ("Leonardo da Vinci")
    answer = Navigator(reports).ask(f"Which reports{besides} by Grace {verb} valves?", 300)
    assert answer.count["by"] == "Grace" and answer.count["words"] == ["valves"]
    held = ["gamma-towers.html"] if besides else ["delta-chillers.html", "gamma-towers.html"]
    assert file_names(answer.count["documents"]) == held


@pytest.mark.parametrize("question, left", [
    ("Which RFCs besides RFCs 2349 and 2394 mention async?",
     ["2349-pin.md", "2394-async_await.md"]),
    ("Which RFCs besides async closures mention async?", ["3668-async-closures.md"]),
    ("Which RFCs besides async-closures mention async?", ["3668-async-closures.md"]),
    ("Which RFCs besides unsafe pinned mention async?", ["3467-unsafe-pinned.md"]),
    ("Which RFCs besides unsafe pinned and async closures mention async?",
     ["3467-unsafe-pinned.md", "3668-async-closures.md"])])
def test_a_name_of_numbers_or_title_words_leaves_its_documents_out(graph, question, left):
    # ""RFCs 2349 and 2394" names no one document asked of: none is left out" (and so of
    # "async closures", "unsafe pinned"): "RFCs N and M" and a title's words alone named none
    answer = Navigator(graph).ask(question, 300)
    assert sorted(file_names(answer.count["besides"])) == left and answer.untitled == []
    assert answer.count["words"] == ["async"]
    assert answer.count["of"] == len(RFCS) - len(left)
    assert not set(left) & set(file_names(answer.count["documents"]))
    assert "names no one document" not in answer_text(answer, graph)


@pytest.mark.parametrize("question", ["Which RFCs, excluding RFC 2394, mention async?",
                                      "Which RFCs, besides RFC 2394, mention async?"])
def test_a_cue_set_off_by_commas_keeps_what_follows(graph, question):
    # "besides 2394-async_await.md, 5 documents asked of" (all but it): "mention async" lost,
    # searched as "Which RFCs?"
    answer = Navigator(graph).ask(question, 300)
    plain = Navigator(graph).ask("Which RFCs mention async?", 300)
    assert file_names(answer.count["besides"]) == ["2394-async_await.md"]
    assert answer.count["words"] == ["async"]
    assert answer.count["documents"] == [
        p for p in plain.count["documents"] if not p.endswith("2394-async_await.md")]
    assert answer.to_json()["searched_as"] == "Which RFCs mention async?"


@pytest.mark.parametrize("question", ["How many RFCs are there excluding RFC 2394?",
                                      "How many RFCs are there, excluding RFC 2394?",
                                      "How many RFCs are there but not RFC 2394?",
                                      "How many RFCs are there, other than RFC 2394?"])
def test_a_count_of_those_there_are_excluding_one_counts_the_others(graph, question):
    # asked of RFC 2394's text alone (its title named it), no count made
    answer = Navigator(graph).ask(question, 300)
    assert answer.count["asked"] == "how many"
    assert file_names(answer.count["besides"]) == ["2394-async_await.md"]
    assert answer.count["n"] == len(RFCS) - 1
    assert answer.to_json()["searched_as"] == "How many RFCs are there?"


@pytest.mark.parametrize("question", ["Which RFCs besides 2349, 2394 mention async?",
                                      "Which RFCs besides RFC 2349, RFC 2394 mention async?",
                                      "Which RFCs mention async besides 2349, 2394?"])
def test_two_numbers_joined_by_a_comma_alone_leave_both_out(graph, question):
    answer = Navigator(graph).ask(question, 300)
    assert file_names(answer.count["besides"]) == ["2349-pin.md", "2394-async_await.md"]
    assert answer.count["words"] == ["async"] and answer.count["of"] == len(RFCS) - 2


def test_two_file_names_joined_by_a_comma_alone_leave_both_out(reports):
    answer = Navigator(reports).ask(
        "Which reports besides delta-chillers.html, alpha-pumps.html mention valves?", 300)
    assert file_names(answer.count["besides"]) == ["delta-chillers.html", "alpha-pumps.html"]
    assert answer.count["words"] == ["valves"]
    assert file_names(answer.count["documents"]) == ["beta-boilers.html", "gamma-towers.html"]


@pytest.mark.parametrize("question", ["Which RFCs mention async besides pinning?",
                                      "Which RFCs mention async, besides pinning?",
                                      "Which RFCs besides pinning mention async?"])
def test_a_name_of_none_left_out_at_the_end_is_no_word_they_must_hold(graph, question):
    # at the end, "5 of the 6 documents asked of hold "async", "pinning"": the name was
    # searched, while before the verb it was said to name none and was not
    answer = Navigator(graph).ask(question, 300)
    plain = Navigator(graph).ask("Which RFCs mention async?", 300)
    assert answer.count["words"] == ["async"] and answer.untitled == ["pinning"]
    assert answer.count["documents"] == plain.count["documents"]
    assert answer.to_json()["searched_as"] == "Which RFCs mention async?"
    assert ('"pinning" names no one document asked of: none is left out of those counted'
            in answer_text(answer, graph))


@pytest.mark.parametrize("question", [
    "Which reports by Ada Lovelace besides beta-boilers.html mention valves?",
    "How many reports by Ada Lovelace besides beta-boilers.html mention valves?",
    "Which reports besides beta-boilers.html by Ada Lovelace mention valves?"])
def test_leaving_out_the_only_document_of_an_author_leaves_none(reports, question):
    # "besides beta-boilers.html, 1 of the 1 documents asked of by Ada Lovelace holds
    # "valves": beta-boilers.html": with every one left out, all were asked of again
    answer = Navigator(reports).ask(question, 300)
    assert answer.count["by"] == "Ada Lovelace"
    assert file_names(answer.count["besides"]) == ["beta-boilers.html"]
    assert answer.count["n"] == answer.count["of"] == 0 and answer.count["documents"] == []
    assert answer.evidence == []
    assert ('besides beta-boilers.html, no document of the 0 asked of by Ada Lovelace holds '
            '"valves"') in answer_text(answer, reports)
