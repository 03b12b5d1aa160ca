"""A PDF's information dictionary as the document's fields: a placeholder a library writes when
nobody gave a value (ReportLab's "untitled", "anonymous", "unspecified") is no value, nor is an
EDGAR accession number as a filing's title. Before, "author = anonymous" matched `--meta
author=...` and answered "Who wrote ...?", and the Best Buy 10-K's title field was
"0000764478-23-000006"."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
from _paths import FIXTURES, require
from PIL import Image

from docnav.parse._metadata import pdf_metadata


def info_pdf(**info) -> pdfium.PdfDocument:
    """A one-page PDF whose information dictionary holds ``info`` (PIL writes it)."""
    out = io.BytesIO()
    Image.new("RGB", (200, 200), "white").save(out, "PDF", **info)
    return pdfium.PdfDocument(out.getvalue())


def test_placeholders_are_no_values():
    fields = dict(pdf_metadata(pdfium.PdfDocument(str(require(FIXTURES / "pdf" /
                                                              "bookmark_sample.pdf")))))
    assert not {"title", "author", "subject"} & set(fields), fields
    fields = dict(pdf_metadata(info_pdf(title="0000764478-23-000006", author="Unknown",
                                        subject="Annual report")))
    assert fields.get("subject") == "Annual report" and "title" not in fields
    assert "author" not in fields


def test_given_values_are_kept():
    fields = dict(pdf_metadata(info_pdf(title="Pump Manual", author="Ada Lovelace",
                                        keywords="pumps, seals")))
    assert (fields["title"], fields["author"], fields["keywords"]) == (
        "Pump Manual", "Ada Lovelace", "pumps, seals")
