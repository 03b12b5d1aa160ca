"""A DOCX whose ZIP container is sound but whose XML inside is not: the error names the part
and where it breaks (docling said only "MsWordDocumentBackend could not load document with
hash ...")."""

from __future__ import annotations

import zipfile

import pytest
from _paths import FIXTURES, require

from docnav.errors import DocumentError
from docnav.parse import parse_file

GOOD_DOCX = FIXTURES / "docx" / "word_sample.docx"


def test_a_docx_with_its_document_xml_cut_short_names_the_part(tmp_path):
    broken = tmp_path / "broken.docx"
    with zipfile.ZipFile(require(GOOD_DOCX)) as good, zipfile.ZipFile(broken, "w") as out:
        for item in good.infolist():
            data = good.read(item)
            out.writestr(item, data[: len(data) // 2] if item.filename == "word/document.xml"
                         else data)
    with pytest.raises(DocumentError, match=r"broken.docx: DOCX file is damaged: its part "
                                            r"word/document.xml is not well-formed XML \("
                                            r"(unclosed token|no element found|not well-formed)"
                                            r".*line \d+, column \d+\)"):
        parse_file(broken)
    assert parse_file(require(GOOD_DOCX)).blocks  # a sound one parses as before
