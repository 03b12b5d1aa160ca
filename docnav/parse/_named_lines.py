"""docling's log lines name the file being parsed: "a.docx: Skipping malformed hyperlink
address: ..." where docling said only the rest, so that in a run of many files one could not
tell which file a line was about.

The file is the one the logging thread parses (a thread-local set by :func:`naming`), so files
parsed in several threads at once each get their own name; a line logged outside a parse, or
in a thread of docling's own (the standard PDF pipeline's page workers), is left as it was.
The name is added where a record is made, by a record factory chained to the one before it
(:func:`logging.setLogRecordFactory`), installed at the first parse and never at import: which
handlers print a line, and whether docling's loggers propagate, stay the user's. A record
named so also holds the file as ``docnav_file`` and docling's own message as ``docling_msg``.
Python warnings docling raises are not named here (see ``_docling.convert``).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

# the loggers named: docling's and its libraries', with every logger under them
FAMILY = ("docling", "docling_core", "docling_parse", "docling_ibm_models")

_PARSING = threading.local()  # .file: the file this thread parses, else None
_INSTALLING = threading.Lock()
_installed = False


@contextmanager
def naming(path: Path) -> Iterator[None]:
    """While the block runs, the docling lines this thread logs name ``path``."""
    _install()
    before = getattr(_PARSING, "file", None)
    _PARSING.file = str(path)
    try:
        yield
    finally:
        _PARSING.file = before


def docling_msg(record: logging.LogRecord) -> object:
    """The message docling logged, before the file's name was put in front of it."""
    return getattr(record, "docling_msg", record.msg)


def _install() -> None:
    global _installed
    if _installed:
        return
    with _INSTALLING:
        if not _installed:
            logging.setLogRecordFactory(_named(logging.getLogRecordFactory()))
            _installed = True


def _named(previous):
    """A record factory making records as ``previous`` does, then naming the file in each of
    :data:`FAMILY`'s made in a thread that parses one. (Chained, not replaced back: a factory
    set after this one may hold it.)"""

    def factory(*args, **kwargs) -> logging.LogRecord:
        record = previous(*args, **kwargs)
        file = getattr(_PARSING, "file", None)
        if file is not None and _of_docling(record.name):
            # (the message is %-formatted with its args, if any: the name is kept as written)
            said = file.replace("%", "%%") if record.args else file
            record.docnav_file, record.docling_msg = file, record.msg
            record.msg = f"{said}: {record.msg}"
        return record

    return factory


def _of_docling(name: object) -> bool:
    # (logging.makeLogRecord makes its record with the name None)
    return isinstance(name, str) and name.partition(".")[0] in FAMILY
