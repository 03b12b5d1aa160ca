"""A Markdown document's title: its leading heading, where that is the only one at its level,
else its file's name. A README's logo or badges above the heading, Markdown images, are read
as a paragraph of their alt text, which once kept the heading from leading."""

from __future__ import annotations

import pytest

from docnav.parse import parse_file

BODY = "\n\n# ProjectName\n\nA fast tool.\n\n## Install\n\nRun it.\n"


def title(tmp_path, text: str) -> str:
    path = tmp_path / "readme.md"
    path.write_text(text, encoding="utf-8")
    return parse_file(path).title


@pytest.mark.parametrize("images", [
    "![Logo](logo.png)",
    "[![CI](ci.svg)](https://ci.example) [![PyPI](pypi.svg)](https://pypi.org/p/x)",
    "![Logo](logo.png)\n[![CI](ci.svg)](https://ci.example)",
    "![Logo](logo.png)\n\n[![CI](ci.svg)](https://ci.example)",
    "![The *fast* logo](logo.png)",
    '![Logo](logo.png)\n\n<p align="center"><img src="b.svg" alt="Build"></p>',
])
def test_images_above_the_heading_leave_it_the_title(tmp_path, images):
    assert title(tmp_path, images + BODY) == "ProjectName"


@pytest.mark.parametrize("text", [
    "See ![Logo](logo.png) here.",  # text with an image in it
    "![Intro](x.png)\n\nIntro",  # a paragraph that reads as the image's alt text, after it
    "![](logo.png)\n\nBefore the heading.",  # an image without alt text has no paragraph
    "- Feature Name: fast",  # an RFC's metadata
])
def test_text_above_the_heading_leaves_the_file_name(tmp_path, text):
    assert title(tmp_path, text + BODY) == "readme"


def test_an_image_over_one_of_two_top_headings_leaves_the_file_name(tmp_path):
    assert title(tmp_path, "![Logo](logo.png)" + BODY + "\n# Other\n") == "readme"
