"""Shared by the tests of docling's lines naming the file parsed: real DOCX files docling's
Word reader says a line about ("Skipping malformed hyperlink address: ..."), or that Pillow
warns of; a handler keeping the lines a logger hands it, and :func:`put_on` to put handlers and
filters on a logger for a block."""

from __future__ import annotations

import logging
import math
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from io import BytesIO
from pathlib import Path

import pytest

docx = pytest.importorskip("docx", reason="python-docx (a docling dependency) is missing")

from docx.opc.constants import RELATIONSHIP_TYPE as RT  # noqa: E402
from docx.oxml import OxmlElement  # noqa: E402
from docx.oxml.ns import qn  # noqa: E402

WORD = "docling.backend.msword_backend"  # the logger docling's Word reader says it with
SKIPPING = "Skipping malformed hyperlink address: %r"  # what it says, as docling logs it


def linked(path: Path, addresses: list[str]) -> Path:
    """A DOCX of one paragraph linking to each of ``addresses``, which docling skips, saying
    so once each ("Skipping malformed hyperlink address: '...'")."""
    document = docx.Document()
    paragraph = document.add_paragraph("See ")
    for address in addresses:
        link = OxmlElement("w:hyperlink")
        link.set(qn("r:id"), paragraph.part.relate_to(address, RT.HYPERLINK, is_external=True))
        run, text = OxmlElement("w:r"), OxmlElement("w:t")
        text.text = " the site"
        run.append(text)
        link.append(run)
        paragraph._p.append(link)
    document.save(path)
    return path


class Lines(logging.Handler):
    """The messages of the records a logger hands it, as a handler prints them."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@contextmanager
def put_on(logger: str, *things: logging.Handler | Callable[[logging.LogRecord], bool]
           ) -> Iterator[None]:
    """Each of ``things`` put on the logger named ``logger`` for the block (a handler as a
    handler, else as a filter), and taken off after, whatever the block raised."""
    on = logging.getLogger(logger)
    for thing in things:
        (on.addHandler if isinstance(thing, logging.Handler) else on.addFilter)(thing)
    try:
        yield
    finally:
        for thing in reversed(things):
            (on.removeHandler if isinstance(thing, logging.Handler) else on.removeFilter)(thing)


def skipped(lines: list[str]) -> list[str]:
    return [line for line in lines if "Skipping malformed hyperlink" in line]


def pictured(path: Path) -> Path:
    """``path``, a DOCX, with a picture added of a few pixels more than Pillow's limit
    (``Image.MAX_IMAGE_PIXELS``), which Pillow warns of when docling's Word reader opens it:
    a DecompressionBombWarning ("Image size (... pixels) exceeds limit ..."), Pillow's, not
    docling's. (One colour: a few KB of PNG.)"""
    from PIL import Image

    side = math.isqrt(Image.MAX_IMAGE_PIXELS) + 1
    png = BytesIO()
    Image.new("1", (side, side)).save(png, "PNG")
    png.seek(0)
    document = docx.Document(str(path))
    document.add_picture(png)
    document.save(path)
    return path


class Meeting:
    """A filter for a docling logger that holds each thread at its first line until the other
    parsing thread reaches its own, so two parses are under way at once (two threads)."""

    def __init__(self) -> None:
        self.both = threading.Barrier(2, timeout=30)
        self.met: set[str] = set()
        self.failed: list[str] = []

    def __call__(self, record: logging.LogRecord) -> bool:
        name = threading.current_thread().name
        if name not in self.met:
            self.met.add(name)
            try:
                self.both.wait()
            except threading.BrokenBarrierError:
                self.failed.append(name)
        return True

    def parse(self, paths: dict[str, Path]) -> None:
        """Parse each of ``paths`` in a thread of its name, all at once, and wait for them."""
        from docnav.parse import parse_file
        threads = [threading.Thread(target=parse_file, args=(path,), name=name)
                   for name, path in paths.items()]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)

    def held(self, *names: str) -> bool:
        """The threads ``names`` all met, none broke the barrier."""
        return not self.failed and self.met == set(names)
