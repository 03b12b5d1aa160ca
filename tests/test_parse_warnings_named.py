"""A warning another library gives while docling converts a file is passed on to the user
naming that file: it was issued again as it came ("UserWarning: ... pin_memory ..."), beside
a run's other files, with nothing to say which one it concerned. docling's own warnings stay
with the document (tests/test_parse_markdown.py)."""

from __future__ import annotations

import warnings
from pathlib import Path

from docnav.parse._docling import _docling_warnings


def _caught(message: str, category=UserWarning) -> list[warnings.WarningMessage]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        warnings.warn(message, category)
    return caught


def test_another_library_s_warning_is_passed_on_naming_the_file():
    with warnings.catch_warnings(record=True) as passed_on:
        warnings.simplefilter("always")
        kept = _docling_warnings(_caught("pin_memory is set but no accelerator is found"),
                                 Path("docs/report.pdf"))
    assert kept == ()
    assert [(w.category, str(w.message)) for w in passed_on] == [
        (UserWarning, "docs/report.pdf: pin_memory is set but no accelerator is found")]
    assert Path(passed_on[0].filename).name == Path(__file__).name  # where it was said, kept


def test_a_warning_s_own_category_is_kept():
    with warnings.catch_warnings(record=True) as passed_on:
        warnings.simplefilter("always")
        _docling_warnings(_caught("old API", DeprecationWarning), Path("a.docx"))
    assert [(w.category, str(w.message)) for w in passed_on] == [
        (DeprecationWarning, "a.docx: old API")]
