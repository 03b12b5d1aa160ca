"""What a docling line naming the file parsed is to a program's logging: docling's record as
docling made it (its ``msg`` and ``args`` as given, of the program's own record class), the
file said by the record's message, so that a program's filters, handlers and groupings of
docling's lines keep working. It was written into ``msg``: a script's filter silencing one
line by its message let it through again, each file made a template of its own and a message
that was no string became one. The lines are docling's own, of real DOCX files."""

from __future__ import annotations

import io
import logging
import pickle
import queue
from logging.handlers import QueueHandler

import pytest
from _docx_links import SKIPPING, WORD, linked, put_on, skipped

from docnav.parse import parse_file

ADDRESS = "http://exa mple.com:99999/"


def test_a_filter_on_docling_s_message_still_silences_its_line(tmp_path, caplog):
    """As the logging cookbook filters: by the message, here its start. And the template is
    docling's for every file (a service grouping lines by it groups them as before)."""
    paths = [linked(tmp_path / f"{name}.docx", [ADDRESS]) for name in "ab"]
    made: list[logging.LogRecord] = []

    def seen(record: logging.LogRecord) -> bool:
        made.append(record)
        return True

    def quiet(record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("Skipping malformed hyperlink")

    with put_on(WORD, seen, quiet):
        for path in paths:
            parse_file(path)
    assert not skipped([r.getMessage() for r in caplog.records])  # silenced, as before
    said = [r for r in made if r.msg == SKIPPING]
    assert [(r.args, r.docnav_file) for r in said] == [((ADDRESS,), str(p)) for p in paths]
    assert [r.getMessage() for r in said] == [
        f"{path}: Skipping malformed hyperlink address: '{ADDRESS}'" for path in paths]


def test_a_message_that_is_no_string_stays_what_it_was(tmp_path, caplog):
    """An exception logged as the message (``log.warning(exc)``) stays that exception."""
    error, said = ValueError("not read"), []

    def says_an_error(record: logging.LogRecord) -> bool:
        if not said:  # (at docling's first line of the parse)
            said.append(error)
            logging.getLogger("docling_core.errors_said").warning(error)
        return True

    with put_on(WORD, says_an_error):
        path = linked(tmp_path / "links.docx", [ADDRESS])
        parse_file(path)
    [record] = [r for r in caplog.records if r.name == "docling_core.errors_said"]
    assert record.msg is error and record.args == ()
    assert record.getMessage() == f"{path}: not read"


def test_a_line_through_a_queue_names_the_file_once(tmp_path):
    """A QueueHandler (with a formatter of its own) sends a copy whose message is the line it
    formatted, the file's name in it already: the listener's handler prints it so, not with
    the name again; and the copy pickles, for a queue of another process."""
    sent: queue.Queue = queue.Queue()
    handler = QueueHandler(sent)
    handler.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
    with put_on(WORD, handler):
        path = linked(tmp_path / "links.docx", [ADDRESS])
        parse_file(path)
    records = [sent.get_nowait() for _ in range(sent.qsize())]
    line = f"WARNING {path}: Skipping malformed hyperlink address: '{ADDRESS}'"
    assert skipped([r.getMessage() for r in records]) == [line]
    assert skipped([pickle.loads(pickle.dumps(r)).getMessage() for r in records]) == [line]


class _Copying(logging.Handler):
    """A handler formatting a copy of each record it is handed, made as structlog's
    ProcessorFormatter makes it (``logging.makeLogRecord(record.__dict__)``), so as to change
    the copy and leave the record to other handlers."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        copy = logging.makeLogRecord(record.__dict__)
        self.lines.append(copy.getMessage())


def test_a_copy_of_a_line_names_the_file_as_the_line_does(tmp_path):
    """Made in the parse, the copy says the file too (it said docling's words alone: the name
    was said by the record's class, and the copy is of the class makeLogRecord makes); a copy
    of another logger's line made then is as said."""
    path, copying = linked(tmp_path / "links.docx", [ADDRESS]), _Copying()

    def app_says(record: logging.LogRecord) -> bool:
        logging.getLogger("app").warning("said by the app")
        return True

    with put_on(WORD, copying, app_says), put_on("app", copying):
        parse_file(path)
    assert copying.lines == [
        "said by the app", f"{path}: Skipping malformed hyperlink address: '{ADDRESS}'"]


def test_structlog_s_formatter_prints_the_file_s_name(tmp_path):
    structlog = pytest.importorskip("structlog")
    lines = io.StringIO()
    handler = logging.StreamHandler(lines)
    handler.setFormatter(structlog.stdlib.ProcessorFormatter(
        processor=structlog.processors.KeyValueRenderer(key_order=["event"])))
    with put_on(WORD, handler):
        path = linked(tmp_path / "links.docx", [ADDRESS])
        parse_file(path)
    line = f"{path}: Skipping malformed hyperlink address: '{ADDRESS}'"
    assert skipped(lines.getvalue().splitlines()) == [f"event={line!r}"]


class _Shouting(logging.LogRecord):
    """A program's own record class, saying its messages in capitals."""

    def getMessage(self) -> str:
        return super().getMessage().upper()


def test_a_record_factory_set_after_a_parse_does_not_stop_the_naming(tmp_path, caplog):
    """A program setting its factory after the first parse, one not calling the factory
    before it (a record class of its own, or logging's own class back): later parses still
    name the file, through the program's class."""
    path = linked(tmp_path / "links.docx", [ADDRESS])
    parse_file(path)
    before = logging.getLogRecordFactory()
    try:
        said = f"Skipping malformed hyperlink address: '{ADDRESS}'"
        for factory, said in ((logging.LogRecord, said), (_Shouting, said.upper())):
            logging.setLogRecordFactory(factory)
            caplog.clear()
            parse_file(path)
            records = [r for r in caplog.records if r.name == WORD]
            assert [r.getMessage() for r in records] == [f"{path}: {said}"]
            assert all(isinstance(r, factory) for r in records)
    finally:
        logging.setLogRecordFactory(before)


def test_a_program_s_factory_calling_ours_is_kept_as_it_is(tmp_path, caplog):
    """Set after a parse, calling the factory before it (ours): it stays the one set, the
    file named once, not under a second naming layer put over it."""
    path = linked(tmp_path / "links.docx", [ADDRESS])
    parse_file(path)
    before = logging.getLogRecordFactory()

    def marking(*args, **kwargs) -> logging.LogRecord:
        record = before(*args, **kwargs)
        record.marked = True
        return record

    logging.setLogRecordFactory(marking)
    try:
        caplog.clear()
        parse_file(path)
        assert logging.getLogRecordFactory() is marking
    finally:
        logging.setLogRecordFactory(before)
    records = [r for r in caplog.records if r.name == WORD]
    assert [(r.getMessage(), r.marked) for r in records] == [
        (f"{path}: Skipping malformed hyperlink address: '{ADDRESS}'", True)]
