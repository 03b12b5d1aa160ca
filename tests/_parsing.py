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


def text_pdf(lines: list[tuple[bool, int, int, int, str]]) -> bytes:
    """A one-page PDF of text lines, each (bold, size, x, y, text) in Helvetica: a layout
    written to the point, for the heading rules."""
    return pages_pdf([lines])


REPORTED = "The company reported results for the year that were in line with the plan, line {}."


def table_page(heading: str, lead_in: tuple[str, str], rows: list[tuple[str, ...]]
               ) -> list[tuple[bool, int, int, int, str]]:
    """A 10-K's page (for :func:`pages_pdf`) setting a table as Adobe's does: a heading, a
    lead-in in two lines, the column heads ("(dollars in millions)", the years, "% Change") as
    lines of their own, then ``rows`` of five cells (label, three years, change)."""
    return [(True, 16, 72, 740, "Annual Report"), (False, 10, 72, 715, REPORTED.format(1)),
            (True, 12, 72, 670, heading),
            (False, 10, 72, 650, lead_in[0]), (False, 10, 72, 637, lead_in[1]),
            (False, 10, 72, 610, "(dollars in millions)"), (False, 10, 300, 610, "2022"),
            (False, 10, 360, 610, "2021"), (False, 10, 420, 610, "2020"),
            (False, 10, 480, 597, "% Change"),
            *[(False, 10, x, 580 - 13 * i, cell) for i, row in enumerate(rows)
              for x, cell in zip((72, 300, 360, 420, 480), row)],
            (False, 10, 72, 540, REPORTED.format(2))]


def pages_pdf(pages: list[list[tuple[bool, int, int, int, str]]]) -> bytes:
    """A PDF of :func:`text_pdf`'s lines, a list of them a page: for what a page break cuts."""
    def escaped(text: str) -> str:
        return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")

    font = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica{} /Encoding /WinAnsiEncoding >>"
    n = len(pages)
    kids = " ".join(f"{5 + 2 * i} 0 R" for i in range(n))
    objects = [font.format(""), font.format("-Bold"), f"<< /Type /Pages /Kids [{kids}] "
               f"/Count {n} >>", "<< /Type /Catalog /Pages 3 0 R >>"]
    for i, lines in enumerate(pages):
        content = "".join(f"BT /F{2 if bold else 1} {size} Tf {x} {y} Td ({escaped(text)}) Tj "
                          "ET\n" for bold, size, x, y, text in lines)
        objects += [f"<< /Type /Page /Parent 3 0 R /MediaBox [0 0 612 792] /Contents {6 + 2 * i}"
                    " 0 R /Resources << /Font << /F1 1 0 R /F2 2 0 R >> >> >>",
                    f"<< /Length {len(content)} >>\nstream\n{content}endstream"]
    out, offsets = b"%PDF-1.4\n", []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n{body}\nendobj\n".encode("latin-1")
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += "".join(f"{o:010d} 00000 n \n" for o in offsets).encode()
    out += (f"trailer\n<< /Size {len(objects) + 1} /Root 4 0 R >>\nstartxref\n{xref}\n"
            "%%EOF\n").encode()
    return out
