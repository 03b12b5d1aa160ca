"""The ``docnav`` command line: a thin layer over the library.

Every ``DocNavError`` becomes one clean line on stderr and a non-zero exit code.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import signal
import sys
from collections.abc import Iterator, Sequence

from docnav.cli_common import (DEFAULT_DB, EXIT_BROKEN_PIPE, EXIT_ERROR, EXIT_INTERRUPTED,
                               EXIT_TERMINATED, SIGNALS, _given, _Terminated)
from docnav.cli_fetch import add_fetch_parser
from docnav.cli_index import (add_compact_parser, add_index_parser, add_prune_parser,
                              add_watch_parser)
from docnav.cli_query import (add_ask_parser, add_locate_parser, add_nav_parser,
                               add_show_parser)
from docnav.errors import DocNavError

# in the order `docnav --help` lists them
_COMMANDS = (add_index_parser, add_watch_parser, add_ask_parser, add_locate_parser,
             add_nav_parser, add_fetch_parser, add_prune_parser, add_compact_parser,
             add_show_parser)


class _Version(argparse.Action):
    """`docnav --version`: DocNav's, the store schema it writes and its parser's name (its
    version and its libraries' versions: the one `docnav show` names a document's parser by),
    worked out only when asked."""

    def __init__(self, option_strings, dest, **kwargs) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print the version and exit")

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from docnav import __version__
        from docnav.model import SCHEMA_VERSION
        from docnav.parse import parser_fingerprint

        print(f"docnav {__version__} (store schema {SCHEMA_VERSION}, parser "
              f"{parser_fingerprint()})")
        parser.exit()


class _Parser(argparse.ArgumentParser):
    """argparse's parser; with ``json_errors`` (``--json`` among the arguments) a usage error
    is also printed on stdout as JSON, as the commands print their own errors."""

    def __init__(self, *args, json_errors: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.json_errors = json_errors

    def error(self, message: str):
        if self.json_errors:
            import json

            print(json.dumps({"error": f"{self.prog}: {message}", "exit_code": EXIT_ERROR},
                             ensure_ascii=False))
        super().error(message)


def _parser(json_errors: bool = False) -> argparse.ArgumentParser:
    parser = _Parser(
        json_errors=json_errors,
        prog="docnav",
        description="Keep long structured documents navigable: an incrementally "
        "maintained graph of sections, paragraphs, references and summaries.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="example:\n  docnav index samples/rfcs && docnav show",
    )
    db_help = f"store path (default: $DOCNAV_DB or {DEFAULT_DB})"
    db_type = _given("the store's file (or leave --db out)")
    parser.add_argument("--db", type=db_type, help=db_help)
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", required=True,
                                parser_class=functools.partial(_Parser, json_errors=json_errors))
    for add_command in _COMMANDS:
        add_command(sub)
    # `docnav ask --db x.duckdb ...` as well as `docnav --db x.duckdb ask ...`: the store is
    # named where people type it; given after the command, it wins over one given before
    for command in sub.choices.values():
        command.add_argument("--db", type=db_type, default=argparse.SUPPRESS, help=db_help)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    stdout, sys.stdout = sys.stdout, _Output(sys.stdout)
    try:
        return _main(argv)
    except BrokenPipeError:  # `docnav show | head`: the reader has all it wants
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except _OutputFailed as exc:  # `> /dev/full`, a disk that filled up
        print(f"docnav: error: cannot write the output: {exc}", file=sys.stderr)
        _silence_stdout()
        return EXIT_ERROR
    finally:
        sys.stdout = stdout


def _main(argv: list[str]) -> int:
    try:
        args = _parser(json_errors="--json" in argv).parse_args(argv)
        with SIGNALS.caught():
            code = _run(args)
    finally:
        sys.stdout.flush()  # what is buffered fails now, not at exit as a traceback
    # a signal whose exception a library dropped (or turned into another error) still ends
    # the command as one
    if SIGNALS.received is not None and code not in (EXIT_INTERRUPTED, EXIT_TERMINATED):
        return _stopped(SIGNALS.received == signal.SIGINT, args)
    return code


def _run(args: argparse.Namespace) -> int:
    try:
        return args.func(args)
    except DocNavError as exc:  # bad input or a store problem
        if SIGNALS.stopped():  # the run stopped for it (RunCancelled), or a half import
            return _stopped(SIGNALS.received == signal.SIGINT, args)
        print(f"docnav: error: {exc}", file=sys.stderr)
        if getattr(args, "json", False):  # a machine reading stdout gets the error there too
            import json

            print(json.dumps({"error": str(exc), "exit_code": EXIT_ERROR}, ensure_ascii=False))
        return EXIT_ERROR
    except KeyboardInterrupt:
        return _stopped(True, args)
    except _Terminated:
        return _stopped(False, args)
    except Exception:
        if SIGNALS.stopped():  # what a signal inside an import left behind
            return _stopped(SIGNALS.received == signal.SIGINT, args)
        raise


def _stopped(interrupted: bool, args: argparse.Namespace) -> int:
    """The command stopped by a signal, said on stderr (and with --json as JSON on stdout:
    it was empty), with what it leaves of the store."""
    writes = getattr(args, "writes", False) and not getattr(args, "dry_run", False)
    said = f"{'interrupted' if interrupted else 'terminated'}; " + (
        _spool_left(args.spool) if getattr(args, "spool", None) else
        "the store keeps every document written so far" + _written(args) if writes else
        "nothing was written: this command only reads the store")
    code = EXIT_INTERRUPTED if interrupted else EXIT_TERMINATED
    print(f"docnav: {said}", file=sys.stderr)
    if getattr(args, "json", False):
        import json

        print(json.dumps({"error": said, "exit_code": code}), flush=True)
    return code


def _written(args: argparse.Namespace) -> str:
    """How many documents an index run stopped by a signal wrote (added, changed, renamed or
    removed, their transaction committed), with -v their lines on stdout as a run's."""
    report = getattr(args, "written", None)
    if report is None:  # not an index run, or stopped before it held the store
        return ""
    lines = report.written_lines()
    if lines and getattr(args, "verbose", False) and not getattr(args, "json", False):
        print("\n".join(lines), flush=True)
    return f" ({len(lines) or 'none'} by this run)"


def _spool_left(spool: str) -> str:
    """What `watch --spool` leaves, stopped: it opens no store; its batches are files."""
    return (f"--spool opens no store: the batches written to {spool} stay there for the "
            "Dagster sensor; a change not yet written as a batch is found by the sensor's "
            "next full scan (the reconcile schedule scans every root every 15 minutes)")


class _OutputFailed(Exception):
    """stdout cannot be written: no space left on its device, an I/O error."""


class _Output:
    """stdout as the commands write to it, a failed write told apart from the other errors
    (those of a store, a file): it is said in a line, and is no traceback."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        with _writing():
            return self._stream.write(text)

    def flush(self) -> None:
        with _writing():
            self._stream.flush()

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


@contextlib.contextmanager
def _writing() -> Iterator[None]:
    try:
        yield
    except BrokenPipeError:  # the reader is gone: exit 141, as for SIGPIPE
        raise
    except OSError as exc:
        raise _OutputFailed(exc.strerror or str(exc)) from exc


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that flushing it at exit does not fail again."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # stdout is no file (a test's buffer)
        pass


if __name__ == "__main__":
    sys.exit(main())
