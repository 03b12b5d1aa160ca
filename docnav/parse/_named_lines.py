"""docling's log lines name the file being parsed: "a.docx: Skipping malformed hyperlink
address: ..." where docling said only the rest, so that in a run of many files one could not
tell which file a line was about.

The file is the one the logging thread parses (a thread-local set by :func:`naming`), so files
parsed in several threads at once each get their own name; a line logged outside a parse, or
in a thread of docling's own (the standard PDF pipeline's page workers), is left as it was:
docling starts those (its stages' and page producer's) with plain ``threading.Thread``, which
carries no thread-local nor context of the thread starting it, and runs its models on
executors pooled per pipeline, reused by the next file's run, and submitted to from the stage
threads; carrying the file there would take overriding docling's private methods. (The native
PDF pipeline logs in the converting thread: its parser's threads are docling-parse's C++.)
The name is added where a record is made, by a record factory chained to the one before it
(:func:`logging.setLogRecordFactory`), installed at a parse (again where a program's factory
set since does not call it) and never at import: which handlers print a line, and whether
docling's loggers propagate, stay the user's.

The record stays docling's: its ``msg`` and ``args`` as docling gave them (a program's filter
matching docling's message still matches it, a service grouping lines by their template groups
them as before), and of the class the program's factory made it, given a subclass whose
``getMessage`` (what a handler prints as ``%(message)s``) puts the file in front, as
``docnav_file`` holds it. A copy of the record made by ``logging.makeLogRecord(record.__dict__)``
(structlog's ``ProcessorFormatter`` formats such a copy) is of the named class too where it is
made in the parse, as a handler run by the logging call makes it; one made in another thread
(a handler of its own thread copying the record it is handed) says docling's words alone, the
file still in its ``docnav_file``.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

# the loggers named: docling's and its libraries', with every logger under them
FAMILY = ("docling", "docling_core", "docling_parse", "docling_ibm_models")

Factory = Callable[..., logging.LogRecord]

_PARSING = threading.local()  # .file: the file this thread parses, else None
_INSTALLING = threading.Lock()
_naming_factory: Factory | None = None  # the record factory last seen naming the file


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


@contextmanager
def unnamed() -> Iterator[None]:
    """While the block runs, the docling lines this thread logs name no file: what they are
    about is none (a converter made in a parse, and used for every file after it)."""
    before = getattr(_PARSING, "file", None)
    _PARSING.file = None
    try:
        yield
    finally:
        _PARSING.file = before


def _install() -> None:
    """Our factory in the chain of the active one, where it is not: at the first parse, and
    again where a program has since set a factory not calling ours (``logging.
    setLogRecordFactory(logging.LogRecord)`` after a parse stopped the naming for good). A
    program's factory calling ours is left as it is, with no second naming layer over it."""
    global _naming_factory
    if logging.getLogRecordFactory() is _naming_factory:
        return
    with _INSTALLING:
        active = logging.getLogRecordFactory()
        if active is _naming_factory:
            return
        if not _names(active):
            logging.setLogRecordFactory(_named(active))
        _naming_factory = logging.getLogRecordFactory()


def _names(factory: Factory) -> bool:
    """Whether the records ``factory`` makes for docling's loggers in a parse name the file:
    one record made to see, once each time a program sets another factory."""
    before = getattr(_PARSING, "file", None)
    _PARSING.file = "(probe)"
    try:
        record = factory("docling", logging.DEBUG, __file__, 0, "probe", (), None)
    finally:
        _PARSING.file = before
    return isinstance(record, _Named)


def _named(previous: Factory) -> Factory:
    """A record factory making records as ``previous`` does, then naming the file in each of
    :data:`FAMILY`'s made in a thread that parses one. (Chained, not replaced back: a factory
    set after this one may hold it.)"""

    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = previous(*args, **kwargs)
        file = getattr(_PARSING, "file", None)
        if file is None or isinstance(record, _Named):
            return record
        # (a record of no name is made by logging.makeLogRecord, to be a copy of another's
        # __dict__, as structlog's ProcessorFormatter copies each record it formats: of the
        # named class, it names the file where the record copied did, with its docnav_file)
        copy = record.name is None
        if copy or _of_docling(record.name):
            try:
                record.__class__ = _named_class(type(record))
            except TypeError:  # (a record of no class of LogRecord's layout: as it was)
                return record
            if not copy:
                record.docnav_file = file
        return record

    return factory


class _Named:
    """What a named record's class adds to the class it was made of: its message begins with
    the file's name. (No ``__slots__``: a record's class cannot be set to one made of a class
    with them put before the record's own.)"""

    _unnamed: type[logging.LogRecord]  # the class it was made of

    def getMessage(self) -> str:
        said, file = super().getMessage(), getattr(self, "docnav_file", None)
        if file is None:  # (a copy of a record naming no file)
            return said
        named = f"{file}: "
        # (once: a QueueHandler sends a copy whose message is the line it formatted, the
        # name in it already)
        return said if named in said else named + said

    def __reduce__(self) -> tuple[Callable[..., logging.LogRecord], tuple[type], object]:
        # copied or pickled as a named record of its class (the class made here has no name
        # pickle can find); its state as the record's own class would keep it
        return _renamed, (self._unnamed,), self.__getstate__()


_CLASSES: dict[type, type] = {}  # a record class: its named subclass


def _named_class(unnamed: type[logging.LogRecord]) -> type[logging.LogRecord]:
    named = _CLASSES.get(unnamed)
    if named is None:
        made = type(f"Named{unnamed.__name__}", (_Named, unnamed),
                    {"__slots__": (), "_unnamed": unnamed, "__module__": __name__})
        named = _CLASSES.setdefault(unnamed, made)
    return named


def _renamed(unnamed: type[logging.LogRecord]) -> logging.LogRecord:
    """A record of ``unnamed``'s named class, its state to be set (a copy or an unpickling)."""
    named = _named_class(unnamed)
    return named.__new__(named)


def _of_docling(name: object) -> bool:
    # (logging.makeLogRecord makes its record with the name None)
    return isinstance(name, str) and name.partition(".")[0] in FAMILY
