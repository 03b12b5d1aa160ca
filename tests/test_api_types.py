"""Wrong types given to the Python library are said at once, naming the argument and what it
takes: they were TypeErrors or AttributeErrors from deep inside, some after the navigation's
work, a string of document criteria read as its characters, and a string taken for True."""

from __future__ import annotations

import math

import pytest
from _pump import QUESTION

from docnav.chat import ChatClient
from docnav.errors import ConfigError, InputError
from docnav.query import Navigator, NavigatorOptions


@pytest.mark.parametrize("where, said", [
    ("dated_after=2014", "where 'dated_after=2014' is not valid: give a dict of document "
                         "criteria, e.g. {'dated_after': '2014-01-01'}"),
    ([("dated_after", "2014-01-01")], "where [('dated_after', '2014-01-01')] is not valid"),
])
def test_document_criteria_are_a_dict(graph, where, said):
    # the string was read as its characters: "unknown document criteria 0, 1, 2, 4, =, _, a"
    with pytest.raises(InputError) as err:
        Navigator(graph).ask(QUESTION, where=where)
    assert str(err.value).startswith(said)


@pytest.mark.parametrize("doc", [5, b"*.md", ["*.md", 3]])
def test_doc_is_a_glob_or_a_list_of_globs(graph, doc):
    with pytest.raises(InputError) as err:  # TypeError: 'int' object is not iterable
        Navigator(graph).ask(QUESTION, doc=doc)
    assert str(err.value) == (f"doc {doc!r} is not valid: give a glob of document paths "
                              "(e.g. '*.md') or a list of them")


@pytest.mark.parametrize("field, value, said", [
    ("section_share", "0.4", "give a share of the budget from 0 to 1"),
    ("outline_share", math.nan, "give a share of the budget from 0 to 1"),
    ("document_share", None, "give a share of the budget from 0"),
    ("reading_weight", "1", "give a weight >= 0"),
    ("figures_weight", math.inf, "give a weight >= 0"),
    ("named_sections", "no", "give True or False"),
])
def test_navigator_options_of_the_wrong_type_are_refused(field, value, said):
    # TypeError on a comparison, or (named_sections="no") taken for True
    with pytest.raises(ConfigError) as err:
        NavigatorOptions(**{field: value})
    assert str(err.value).startswith(f"{field} {value!r} is not valid: {said}")


def test_a_navigator_is_made_of_a_graph_and_an_answerer_that_answers(graph):
    with pytest.raises(ConfigError, match="Navigator takes a DocNavGraph, not '/x.duckdb': "
                                          "open one with DocNavGraph.open"):
        Navigator("/x.duckdb")  # AttributeError: 'str' object has no attribute ...
    # an AttributeError after all the navigation's work
    with pytest.raises(ConfigError, match="answerer 'chat' is not valid: give an object with "
                                          "answerer_id and answer"):
        Navigator(graph, answerer="chat")


def test_a_chat_client_takes_chat_options():
    with pytest.raises(ConfigError, match="options {'model': 'm'} is not valid: give "
                                          "ChatOptions"):
        ChatClient({"model": "m"})  # AttributeError: 'dict' object has no attribute 'resolved'
