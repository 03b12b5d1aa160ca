"""A warning another library gives while docling converts a file is passed on to the user
naming that file: it was issued again as it came ("UserWarning: ... pin_memory ..."), beside
a run's other files, with nothing to say which one it concerned. docling's own warnings, and
now the warnings it logs, stay with the document (tests/test_parse_markdown.py)."""

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


def test_a_docling_log_warning_is_kept_with_the_document_it_concerns(tmp_path, caplog):
    """docling logged "Skipping malformed hyperlink address: ..." of a DOCX's link on stderr,
    alone: which of a run's files was it? It is the document's, in its conversion_warnings
    (reported with its path), and logged no more."""
    import docx
    from docx.opc.constants import RELATIONSHIP_TYPE
    from docx.oxml.shared import OxmlElement, qn

    from docnav.parse import parse_file

    document = docx.Document()
    paragraph = document.add_paragraph("See ")
    link = OxmlElement("w:hyperlink")
    link.set(qn("r:id"), paragraph.part.relate_to("http://exa mple.com:99999/",
                                                  RELATIONSHIP_TYPE.HYPERLINK,
                                                  is_external=True))
    run, text = OxmlElement("w:r"), OxmlElement("w:t")
    text.text = "the site"
    run.append(text)
    link.append(run)
    paragraph._p.append(link)
    document.save(tmp_path / "links.docx")
    parsed = parse_file(tmp_path / "links.docx")
    assert [b.text for b in parsed.blocks] == ["See the site"]
    assert dict(parsed.metadata)["conversion_warnings"] == (
        "docling: Skipping malformed hyperlink address: 'http://exa mple.com:99999/'")
    assert not [r for r in caplog.records if "hyperlink" in r.getMessage()]
