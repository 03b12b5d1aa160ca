"""Shared by the parser tests: the native PDF pipeline's options, a parsed document's
headings, the FinanceBench 10-Ks parsed once a run, and PDFs with no text (a scan, a blank
page)."""

from __future__ import annotations

import functools
import io

from _paths import FINANCEBENCH, require

from docnav.model import BlockKind
from docnav.parse import ParseOptions, parse_file

H = BlockKind.HEADING
NATIVE = ParseOptions(pdf_mode="native")


def headings(parsed) -> list[tuple[int, str]]:
    return [(b.level, b.text) for b in parsed.blocks if b.kind is H]


@functools.cache
def filing(name: str):
    """A 10-K of ../shared's FinanceBench sample ("AMAZON_2017_10K") parsed by the native
    pipeline, once a test run (a few seconds each)."""
    return parse_file(require(FINANCEBENCH / "pdfs" / f"{name}.pdf"), NATIVE)


def scanned_pdf() -> bytes:
    """A page as an image, as a scanner writes it: no text layer."""
    from PIL import Image, ImageDraw  # docling's dependency

    page = Image.new("RGB", (600, 800), "white")
    ImageDraw.Draw(page).text((50, 50), "Install the widget before running it.", fill="black")
    out = io.BytesIO()
    page.save(out, "PDF")
    return out.getvalue()


def blank_pdf() -> bytes:
    """A page with nothing on it."""
    import pypdfium2 as pdfium  # docling's dependency

    pdf = pdfium.PdfDocument.new()
    pdf.new_page(600, 800)
    out = io.BytesIO()
    pdf.save(out)
    pdf.close()
    return out.getvalue()
