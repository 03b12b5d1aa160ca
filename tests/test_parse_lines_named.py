"""A line docling logs while a file is parsed names that file: "Skipping malformed hyperlink
address: ..." of a DOCX came on stderr alone, so in a run of 200 files nobody could tell which
file it was about. Two earlier attempts were reverted (1f9165d): they named the wrong file
when files were parsed in threads, missed loggers made during a parse, printed each line twice
where a script gave docling a handler of its own, and changed warnings' hook at import; each
of those is a test here, as are a parse that fails, one inside another and which loggers
name the file. The lines are docling's own, of real DOCX files."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest
from _docx_links import WORD, Lines, Meeting, linked, put_on, skipped
from _parsing import text_pdf

from docnav.errors import DocumentError
from docnav.parse import ParseOptions, parse_file


def test_a_line_docling_logs_names_the_file_being_parsed(tmp_path, caplog):
    path = linked(tmp_path / "100% links.docx", ["http://exa mple.com:99999/"])
    parsed = parse_file(path)
    assert [b.text for b in parsed.blocks] == ["See the site"]
    assert skipped([r.getMessage() for r in caplog.records]) == [
        f"{path}: Skipping malformed hyperlink address: 'http://exa mple.com:99999/'"]
    assert "conversion_warnings" not in dict(parsed.metadata)  # the document as before
    caplog.clear()
    logging.getLogger(WORD).warning("Skipping malformed hyperlink address: %r", "x")
    assert [r.getMessage() for r in caplog.records] == [  # said outside a parse: as it was
        "Skipping malformed hyperlink address: 'x'"]


def test_a_logger_made_while_a_file_is_parsed_names_it_too(tmp_path, caplog):
    """A filter put on docling's loggers before a parse missed the loggers made after: here
    one of docling_core's is made, and says a line, while docling's Word reader reads."""
    made: list[logging.Logger] = []

    def says_through_a_new_logger(record: logging.LogRecord) -> bool:
        if not made:
            made.append(logging.getLogger(f"docling_core.made_in_{tmp_path.name}"))
            made[0].warning("said by a logger made %s", "now")
        return True

    with put_on(WORD, says_through_a_new_logger):
        path = linked(tmp_path / "links.docx", ["http://exa mple.com:99999/"])
        parse_file(path)
    assert [r.getMessage() for r in caplog.records if r.name == made[0].name] == [
        f"{path}: said by a logger made now"]


def test_a_parse_that_fails_leaves_no_file_named(tmp_path, caplog):
    """A parse raising (a file that is no DOCX) leaves its thread naming no file: a line
    docling's loggers say after it is as said."""
    broken = tmp_path / "broken.docx"
    broken.write_bytes(b"not a zip")
    with pytest.raises(DocumentError):
        parse_file(broken)
    caplog.clear()
    logging.getLogger(WORD).warning("said after: %s", "x")
    assert [r.getMessage() for r in caplog.records] == ["said after: x"]


def test_a_parse_inside_a_parse_gives_the_outer_file_its_name_back(tmp_path):
    """A file parsed while another is (here from a filter on docling's first line of the
    outer): the inner file's lines name it, and the outer's after it the outer again."""
    outer = linked(tmp_path / "outer.docx", ["http://outer-1 x:1/", "http://outer-2 x:1/"])
    inner = linked(tmp_path / "inner.docx", ["http://inner x:1/"])
    started: list[Path] = []

    def parses_inner(record: logging.LogRecord) -> bool:
        if not started:
            started.append(inner)
            parse_file(inner)
        return True

    lines = Lines()
    with put_on(WORD, lines, parses_inner):
        parse_file(outer)
    assert skipped(lines.lines) == [
        f"{path}: Skipping malformed hyperlink address: 'http://{name} x:1/'"
        for path, name in ((inner, "inner"), (outer, "outer-1"), (outer, "outer-2"))]


def test_only_docling_s_loggers_name_the_file(tmp_path, caplog):
    """Lines of DocNav's loggers, of another library's (one whose name begins "docling"
    too) and of the root, said during a parse, are as said; docling's libraries' name it."""
    names = ("docnav.parse", "doclingfoo", "other_library", "", "docling_parse.x")
    said: list[str] = []

    def says_through_others(record: logging.LogRecord) -> bool:
        if not said:
            for name in names:
                said.append(name)
                logging.getLogger(name).warning("said by %s", name or "root")
        return True

    with put_on(WORD, says_through_others):
        path = linked(tmp_path / "links.docx", ["http://exa mple.com:99999/"])
        parse_file(path)
    assert [r.getMessage() for r in caplog.records if "said by" in r.getMessage()] == [
        "said by docnav.parse", "said by doclingfoo", "said by other_library", "said by root",
        f"{path}: said by docling_parse.x"]


def test_the_lines_of_making_a_converter_name_no_file(tmp_path, caplog):
    """A converter is made once and used for every file of its kind after: docling's lines
    about making it (its pipeline's) are about no one file, and named none; those about the
    file converted name it."""
    caplog.set_level(logging.INFO, logger="docling")
    path = tmp_path / "report.pdf"
    path.write_bytes(text_pdf([(False, 12, 72, 700, "A line of the report.")]))
    # (parser threads no other test asks for: a converter made for this parse)
    parse_file(path, ParseOptions(pdf_mode="native", pdf_parser_threads=5))
    said = [r.getMessage() for r in caplog.records if r.name.startswith("docling")]
    making = [line for line in said if line.startswith("Initializing pipeline for")]
    assert [line.split(" with ")[0] for line in making] == [
        "Initializing pipeline for NativePdfPipeline"]
    assert f"{path}: Processing document report.pdf" in said


MARKDOWN_WITH_HTML = """
import logging, sys
from pathlib import Path
logging.basicConfig(level=logging.INFO, format="%(name)s| %(message)s", stream=sys.stdout)
from docnav.parse import parse_file
parse_file(Path(sys.argv[1]))
"""


def test_a_converter_made_within_a_parse_names_no_file(tmp_path):
    """A Markdown file's raw HTML is read by docling's HTML reader, whose converter is made
    (in a fresh process) while the Markdown file is converted: docling's lines about making
    it name no file either (it named the Markdown file)."""
    path = tmp_path / "raw.md"
    path.write_text("# T\n\n<div>hello <b>x</b></div>\n\ntext\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", MARKDOWN_WITH_HTML, str(path)],
                          capture_output=True, text=True, check=True,
                          cwd=Path(__file__).resolve().parents[1])
    said = [line.partition("| ")[2] for line in done.stdout.splitlines()
            if line.startswith("docling")]
    making = [line for line in said if "Initializing pipeline for" in line]
    # the Markdown converter's and the HTML converter's
    assert [line.split(" with ")[0] for line in making] == [
        "Initializing pipeline for SimplePipeline"] * 2, done.stdout
    assert f"{path}: Processing document raw.md" in said, done.stdout


def test_files_parsed_in_two_threads_at_once_each_name_their_own(tmp_path):
    """A process-wide "file now parsed" names the file parsed last: here each thread's second
    line is made while both files are being parsed (each waits for the other's first)."""
    paths = {name: linked(tmp_path / f"{name}.docx", [f"http://{name}-{i} x:99999/"
                                                       for i in (1, 2)]) for name in "ab"}
    first_waits = Meeting()
    lines = Lines()
    with put_on(WORD, lines, first_waits):
        first_waits.parse(paths)
    assert first_waits.held("a", "b")  # the two parses were under way at once
    assert sorted(skipped(lines.lines)) == [
        f"{paths[name]}: Skipping malformed hyperlink address: 'http://{name}-{i} x:99999/'"
        for name in "ab" for i in (1, 2)]


def test_a_handler_of_the_user_s_own_on_docling_gets_each_line_once(tmp_path, caplog,
                                                                    monkeypatch):
    """A script giving docling's logger its own handler, not propagating: its handler prints
    each line once, with the file, and nothing reaches the root's handlers."""
    path = linked(tmp_path / "links.docx", ["http://exa mple.com:99999/", "http://b ad:1/"])
    own = Lines()
    monkeypatch.setattr(logging.getLogger("docling"), "propagate", False)
    with put_on("docling", own):
        parse_file(path)
    assert skipped(own.lines) == [
        f"{path}: Skipping malformed hyperlink address: 'http://exa mple.com:99999/'",
        f"{path}: Skipping malformed hyperlink address: 'http://b ad:1/'"]
    assert not skipped([r.getMessage() for r in caplog.records])


IMPORTS = """
import logging, warnings
NAMES = ("", "docling", "docling_core", "docling_parse", "docling.document_converter",
         "docling.datamodel.document", "docling.pipeline.native_pdf_pipeline",
         "docling.backend.msword_backend")
def state():
    loggers = [logging.getLogger(name) for name in NAMES]
    return (logging.getLogRecordFactory(), warnings.showwarning, warnings._showwarnmsg,
            list(warnings.filters), [(logger.level, logger.propagate, logger.disabled,
                                      list(logger.handlers), list(logger.filters))
                                     for logger in loggers])
before = state()
import docnav, docnav.parse, docnav.parse._docling, docnav.parse._named_lines
print(state() == before)
"""


def test_importing_docnav_s_parser_changes_nothing_of_logging_or_warnings():
    """Only a parse does (the record factory naming the file, docling's lines DocNav drops or
    keeps with the document): a program importing DocNav keeps its logging as it set it."""
    done = subprocess.run([sys.executable, "-c", IMPORTS], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[1], check=True)
    assert done.stdout.split() == ["True"], done.stderr
