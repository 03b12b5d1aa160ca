"""A warning another library gives while docling converts a file is passed on to the user
naming that file: it was issued again as it came ("UserWarning: ... pin_memory ..."), beside
a run's other files, with nothing to say which one it concerned. docling's own warnings, and
now the warnings it logs, stay with the document (tests/test_parse_markdown.py)."""

from __future__ import annotations

import logging
import warnings
from contextlib import contextmanager
from pathlib import Path

from docnav.parse._docling import _docling_warnings


@contextmanager
def _logged():
    """The messages of docling's log lines reaching the root logger's handlers (where a
    program's logging, or Python's last resort, prints them); pytest's caplog would not do:
    it hangs its handler on each logger not propagating, as docling's top loggers are."""
    lines: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: lines.append(record.getMessage())
    handler.addFilter(lambda record: record.name.startswith("docling"))
    logging.getLogger().addHandler(handler)
    try:
        yield lines
    finally:
        logging.getLogger().removeHandler(handler)


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


def test_a_docling_log_warning_is_kept_with_the_document_it_concerns(tmp_path):
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
    with _logged() as shown:
        parsed = parse_file(tmp_path / "links.docx")
    assert [b.text for b in parsed.blocks] == ["See the site"]
    assert dict(parsed.metadata)["conversion_warnings"] == (
        "docling: Skipping malformed hyperlink address: 'http://exa mple.com:99999/'")
    assert not [line for line in shown if "hyperlink" in line]


def _converting_says(monkeypatch, said):
    """docling's converter (not ours) made to run ``said(file name)`` before it converts."""
    from docling.document_converter import DocumentConverter

    original = DocumentConverter.convert

    def convert(self, source, *args, **kwargs):
        said(Path(str(getattr(source, "name", source))).name)
        return original(self, source, *args, **kwargs)

    monkeypatch.setattr(DocumentConverter, "convert", convert)


def test_a_warning_raised_while_two_threads_convert_names_the_file_of_its_thread(
        tmp_path, monkeypatch):
    """warnings.catch_warnings is the process's, not a thread's: with a.md and b.md converted
    in two threads at once, a library's warning raised converting a.md was caught by b.md's
    and passed on as "a.md: b.md: ..." (named twice, the wrong file first)."""
    import threading

    from docnav.parse import parse_file

    b_converting, a_warned = threading.Event(), threading.Event()

    def said(name):
        if name == "a.md":
            assert b_converting.wait(10)
            warnings.warn_explicit("pin_memory is set", UserWarning, "/x/torch/data.py", 1)
            a_warned.set()
        else:
            b_converting.set()
            assert a_warned.wait(10)

    _converting_says(monkeypatch, said)
    for name in ("a.md", "b.md"):
        (tmp_path / name).write_text(f"# {name}\n\nText of {name}.\n")
    parsed = {}
    with warnings.catch_warnings(record=True) as passed_on:
        warnings.simplefilter("always")
        threads = [threading.Thread(target=lambda n=n: parsed.update(
            {n: parse_file(tmp_path / n)})) for n in ("a.md", "b.md")]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert [str(w.message) for w in passed_on] == [f"{tmp_path / 'a.md'}: pin_memory is set"]
    assert sorted(parsed) == ["a.md", "b.md"]
    assert not dict(parsed["b.md"].metadata).get("conversion_warnings")


def test_a_warning_any_docling_logger_logs_converting_is_kept_whenever_it_was_made(
        tmp_path, monkeypatch):
    """The keeping filter sat on the loggers named docling.* that existed before a
    conversion: docling_parse's, docling_core's and a logger made during the first
    conversion logged on stderr, naming no file. An INFO line still goes on as it did."""
    from docnav.parse import parse_file

    def said(name):
        logging.getLogger(f"docling_core.made_for_{name}").warning("core said of %s", name)
        logging.getLogger("docling_parse.pages").warning("parse said")
        logging.getLogger(f"docling.made_for_{name}").warning("docling said")
        logging.getLogger("docling.made_for_info").info("just so")

    _converting_says(monkeypatch, said)
    (tmp_path / "a.md").write_text("# A\n\nText.\n")
    level = logging.getLogger("docling").level
    logging.getLogger("docling").setLevel(logging.INFO)
    try:
        with _logged() as shown:
            parsed = parse_file(tmp_path / "a.md")
            logging.getLogger("docling_core.made_for_a.md").warning("said after")  # no file
    finally:
        logging.getLogger("docling").setLevel(level)
    assert dict(parsed.metadata)["conversion_warnings"] == (
        "docling: core said of a.md; docling: parse said; docling: docling said")
    assert "just so" in shown and "said after" in shown
    assert not [line for line in shown if "said of" in line or line.endswith(" said")]
