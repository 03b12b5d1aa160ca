"""Typed options for :func:`docnav.parse.parse_file`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

MiB = 1024 * 1024

PdfMode = Literal["auto", "standard", "native"]


@dataclass(frozen=True)
class ParseOptions:
    """How files are turned into blocks. Every field has a default that works offline."""

    pdf_mode: PdfMode = "auto"
    """Which docling PDF pipeline reads PDFs.

    ``"standard"``: docling's layout model (real headings, tables, reading order); it needs the
    model ``docling-project/docling-layout-heron`` from the Hugging Face hub or its local cache,
    and fails with a message naming this setting when the model is missing.
    ``"native"``: docling's model-free ``NativePdfPipeline`` (one text item per line); DocNav
    recovers headings from the PDF outline, font sizes and weights and numbered headings.
    ``"auto"``: ``"standard"`` when the layout model is in the local cache, else ``"native"``;
    the choice is recorded in the document's metadata as ``pdf_pipeline`` and in the parser it
    was parsed with (``documents.parsed_with``: ``...;pdf_mode=auto;...;pipeline=native``).
    """

    max_file_bytes: int = 200 * MiB
    """Files larger than this are refused (any format). Raise it to parse bigger files."""

    max_text_bytes: int = 50 * MiB
    """Markdown and HTML files larger than this are refused. docling's Markdown parser takes
    about 7 s and 75 MB of memory per MB of input on a 2-core machine (20 MB: ~140 s, 1.5 GB)."""

    pdf_outline: bool = True
    """Native PDF mode: use the PDF outline (bookmarks) as the heading structure when it has
    at least two entries that can be placed in the text; set False to rely on fonts alone."""

    pdf_drop_furniture: bool = True
    """Native PDF mode: drop running page headers/footers repeated on many pages and bare
    page numbers."""

    pdf_parser_threads: int | None = None
    """Native PDF mode: PDF parser threads; None keeps docling's default (all CPUs but one)."""

    def __post_init__(self) -> None:
        from docnav.errors import ConfigError

        if self.pdf_mode not in ("auto", "standard", "native"):
            raise ConfigError(
                f"pdf_mode={self.pdf_mode!r} is not valid; use 'auto', 'standard' or 'native'"
            )
        for name in ("max_file_bytes", "max_text_bytes"):
            if getattr(self, name) <= 0:
                raise ConfigError(
                    f"{name} must be a positive number of bytes, got {getattr(self, name)!r}"
                )
        if self.pdf_parser_threads is not None and self.pdf_parser_threads < 1:
            raise ConfigError(
                f"pdf_parser_threads must be >= 1 or None, got {self.pdf_parser_threads!r}"
            )
