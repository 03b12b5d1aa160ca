"""Pages of a PDF that are pictures of text: an image and no text layer, as a scanner writes
them. DocNav runs no OCR, so it reads nothing of them, and says so."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

# how the parse's warnings name such pages, and how `fetch --pages` finds that again
_SAID = re.compile(r"no text on pages? [^:]*: images without a text layer \(scanned\?\), and "
                   r"DocNav runs no OCR")


def image_only_pages(path: Path, pages: Iterable[int]) -> list[int]:
    """Of ``pages`` (1-based), those holding an image and no text (a text layer that OCR
    added is text: such a page is read)."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    pdf = pdfium.PdfDocument(str(path))
    try:
        out = []
        for number in pages:
            kinds = {o.type for o in pdf[number - 1].get_objects()}
            if raw.FPDF_PAGEOBJ_IMAGE in kinds and raw.FPDF_PAGEOBJ_TEXT not in kinds:
                out.append(number)
        return out
    finally:
        pdf.close()


def page_span(pages: list[int]) -> str:
    """"page 4", "pages 4-6, 9": ``pages`` (sorted) with their runs joined."""
    runs: list[list[int]] = []
    for n in pages:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    spans = ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)
    return f"page{'s' * (len(pages) > 1)} {spans}"


def scanned_warning(pages: list[int]) -> str:
    """The parse's warning of ``pages`` (sorted): "no text on pages 6-7, 9: images ..."."""
    return (f"no text on {page_span(pages)}: images without a text layer (scanned?), and "
            "DocNav runs no OCR")


def said_scanned(warnings: str) -> str | None:
    """The warning of scanned pages among a document's parse ``warnings``, if any."""
    found = _SAID.search(warnings)
    return found.group(0) if found else None
