"""The navigator's settings are one typed object; a setting out of its range is refused
when the object is made, naming the setting, the value and what is valid."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from docnav.errors import ConfigError
from docnav.query import NavigatorOptions


@pytest.mark.parametrize("setting, value, valid", [
    ("max_steps", 0, "whole number >= 1"),
    ("candidates", 2.5, "whole number >= 1"),
    ("sections", -1, "whole number >= 0"),
    ("documents", True, "whole number >= 1"),  # a bool is no count
    ("section_share", 1.5, "from 0 to 1"),
    ("outline_share", -0.1, "from 0 to 1"),
    ("reading_weight", float("nan"), "weight >= 0"),
    ("figures_weight", -0.5, "weight >= 0"),
    ("document_share", 2, "from 0"),
])
def test_a_setting_out_of_range_is_refused(setting, value, valid):
    with pytest.raises(ConfigError, match=f"{setting} {value!r} is not valid: .*{valid}"):
        NavigatorOptions(**{setting: value})


def test_the_defaults_are_valid_and_the_settings_cannot_change_under_a_navigator():
    options = NavigatorOptions()
    assert options.document_share == 0.75 and options.reading_weight == 0.75
    assert NavigatorOptions(sections=0, outline_share=0, document_share=0).sections == 0
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.sections = 0  # type: ignore[misc]


def test_a_navigator_is_given_its_settings_as_one_object(graph):
    from docnav.query import Navigator, route

    with pytest.raises(ConfigError, match="give NavigatorOptions"):
        Navigator(graph, route)  # the router, once the second argument, is asked by name
    with pytest.raises(TypeError, match="sections"):
        Navigator(graph, sections=0)  # settings are no keywords of the navigator
    assert Navigator(graph, NavigatorOptions(sections=0)).options.sections == 0


def test_max_steps_is_the_most_passages_read(tmp_path):
    # max_steps=1 read 3 passages: the best document's reading of passages stopped at the
    # limit, then the reading of every document's took one more (and what it announced)
    # before looking at the steps taken
    from _stores import indexed_copies

    from docnav.query import Navigator

    samples = Path(__file__).resolve().parents[1] / "samples" / "rfcs"
    graph = indexed_copies(tmp_path, sorted(samples.glob("*.md")))
    asked = "What does the Send trait require of lifetimes?"
    answer = Navigator(graph, NavigatorOptions(max_steps=1)).ask(asked, budget=3000)
    assert [e.found_by for e in answer.evidence] == ["passage"]
    for steps in (2, 3, 5, 8):  # (a lead-in's next paragraph is read with it at the limit)
        answer = Navigator(graph, NavigatorOptions(max_steps=steps)).ask(asked, budget=3000)
        read = [e.found_by for e in answer.evidence if e.found_by != "next"]
        assert len(read) <= steps, (steps, read)
