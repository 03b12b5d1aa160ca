"""One error tree for DocNav.

``DocNavError`` is the root. ``InputError`` covers anything wrong with what a user gave us
(a document, a path, an option); ``StoreError`` problems with the database; ``InternalError``
defects in DocNav itself. Messages say what was received, what is valid and how to fix it.
"""

from __future__ import annotations


def cause(exc: BaseException) -> str:
    """``exc``'s message as one line without a closing full stop, to go inside a sentence of
    ours ("cannot load ...: OSError: We couldn't connect ... cached files. Set ..."): the hub's
    and DuckDB's messages run over lines and end with one."""
    return " ".join(str(exc).split()).rstrip(".")


def without_path(path: str, error: str) -> str:
    """A failed document's ``error`` without the ``path`` it begins with ("pump.md: file is
    empty (0 bytes)": "file is empty (0 bytes)"), for where the path is said beside it (a JSON
    field of its own, a line naming the file): said twice, "/docs/pump.md: ..." was."""
    return error.removeprefix(f"{path}: ")


def quoted(given: str, most: int = 60) -> str:
    """What was given, quoted as an error says it: whole up to ``most`` characters, else its
    start and its length (an unknown id of 5000 characters was echoed whole)."""
    if len(given) <= most:
        return repr(given)
    return f"{given[:most - 1]!r}… ({len(given)} characters)"


# where a store is given: --db, or DOCNAV_DB, which the CLI reads without --db, and Dagster
# ("DOCNAV_DB under Dagster" read as though the CLI had none)
GIVE_STORE = "Give --db (or DOCNAV_DB, read by the CLI without --db and by Dagster)"


class DocNavError(Exception):
    """Root of every error DocNav raises on purpose."""


class InputError(DocNavError):
    """Bad input from the user: a document, a path or an option."""


class DocumentError(InputError):
    """A single document could not be read or parsed.

    Carries the path so that a batch can record the failure against that document
    and go on with the rest.
    """

    def __init__(self, path: str, cause: str) -> None:
        self.path = str(path)
        self.cause = cause
        super().__init__(f"{self.path}: {cause}")


class ConfigError(InputError):
    """A setting is missing or invalid (a model path, an option value)."""


class StoreError(DocNavError):
    """The store is missing, locked, corrupt or of another schema version."""


class StoreLocked(StoreError):
    """Another process holds the store: a writer, a compaction, or a reader loading it.
    ``holder``: who holds it, without the advice on what to do (a wait's first line says it:
    writer_lock.waiting_line); the whole message where none is given."""

    def __init__(self, message: str, holder: str | None = None) -> None:
        super().__init__(message)
        self.holder = holder or message


class RunCancelled(DocNavError):
    """An index run stopped on request (its caller has gone) between documents: the documents
    written so far are kept, the rest is left to the next run."""


class InternalError(DocNavError):
    """A defect in DocNav: please report it."""


def names_several(given: str, paths: list[str]) -> InputError:
    """The error of a path ``given`` that names several documents (``paths``), the same from
    `show`, `nav` and `fetch`: "'x.md' names 2 documents (/a/x.md, /b/x.md); give more of
    the path"."""
    shown = ", ".join(paths[:5]) + (", ..." if len(paths) > 5 else "")
    return InputError(f"{given!r} names {len(paths)} documents ({shown}); give more of the path")
