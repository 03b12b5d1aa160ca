"""The ``docnav`` commands that write the store: index, watch, prune, compact, and the
report of an index run (or a watch batch)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from docnav.cli_common import (EXIT_FAILED_DOCS, EXIT_OK, SIGNALS, _db_path, _given,
                               _new_db_path, _nli_model, print_result)
from docnav.wording import counted


def _cmd_index(args: argparse.Namespace) -> int:
    from docnav.index import Indexer
    from docnav.store import Store

    indexer = Indexer(Store(_new_db_path(args), waiting=_on_stderr), _index_options(args),
                      progress_log=_progress_lines(args))
    # Ctrl-C stops the run before its next document, even where a library dropped its
    # KeyboardInterrupt (one raised in a destructor)
    indexer.should_stop = SIGNALS.stopped
    try:
        report = indexer.index(args.paths, reparse=args.reparse)
    except BaseException:  # a signal's stop says what the run wrote (the CLI's _stopped)
        args.written = indexer.report
        raise
    _note_linked_roots(args)
    _report_run(report, args)
    return EXIT_OK if report.ok else EXIT_FAILED_DOCS


def _progress_lines(args: argparse.Namespace):
    """Where progress goes as lines: stderr when it is not a terminal (a log file, a cron
    mail), so a long run shows that it moves; a terminal gets the bar instead."""
    if args.no_progress or sys.stderr.isatty():
        return None
    return _on_stderr


def _on_stderr(line: str) -> None:
    """A line on stderr now: progress as lines, or the line a wait for the store starts with
    (the holder, as the error past the wait names it), on a terminal too, whatever the
    progress shown."""
    print(line, file=sys.stderr, flush=True)


def _report_run(report, args: argparse.Namespace, one_line: bool = False,
                noted: dict[str, str] | None = None) -> None:
    """A run's (or a watch batch's) failures and notes on stderr, its summary line last on
    stdout (with ``--json``, the report as JSON instead: on one line for ``one_line``, a
    watch's batches, JSON Lines). ``noted``: a watch's notes on empty folders, said once."""
    for line in report.failure_lines():
        print(line, file=sys.stderr)
    _note_parsed_otherwise(report, args)
    _note_newer_resolver(report)
    _note_excluded(report, args)
    _note_empty_roots(report, args, noted)
    _print_report(report, args, one_line)


def _note_linked_roots(args: argparse.Namespace) -> None:
    """A folder given by a path through a symbolic link whose target the store also holds
    documents under (`index docs-link` after `index docs`): each is indexed twice, under both
    paths, and found twice."""
    import os

    from docnav.errors import DocNavError
    from docnav.scan import absolute, in_scope
    from docnav.store import Store

    linked = {str(absolute(r)): os.path.realpath(r) for r in args.paths
              if os.path.isdir(r) and os.path.realpath(r) != str(absolute(r))}
    if not linked:
        return
    try:
        with Store(_db_path(args)).reader() as con:
            stored = [r.path for r in Store.documents(con).values()]
    except DocNavError:  # another writer holds it now: nothing to say
        return
    for root, target in linked.items():
        twice = sum(in_scope(p, [target]) for p in stored)
        if twice:
            print(f"note: {root} is a link to {target}, under which the store holds "
                  f"{counted(twice, 'document')} too: {'each' if twice > 1 else 'it'} is "
                  "indexed twice, under both paths (index the "
                  "folder by one path; the other's copies go with an empty folder in its "
                  "place)", file=sys.stderr)


def _note_empty_roots(report, args: argparse.Namespace,
                      noted: dict[str, str] | None = None) -> None:
    """A folder given to the run that holds no document it reads ("docs/" of .txt files, or
    of PDFs with --include '*.md'), and what it holds instead. ``noted`` (a watch's: each
    full rescan of an empty folder said it again) keeps the note said of each folder: it is
    said again only when it changes, or once the folder held a document since."""
    from docnav.scan import DEFAULT_INCLUDE, file_kinds, in_scope

    if noted is None:
        noted = {}
    indexed = [*report.added, *report.changed, *(new for _, new in report.renamed)]
    for root in [r for r in noted if any(in_scope(p, [r]) for p in indexed)]:
        del noted[root]
    globs = ", ".join(args.include or DEFAULT_INCLUDE)
    for root in report.empty_roots:
        kinds = file_kinds(root)
        n = sum(kinds.values())
        held = (f"it holds {counted(n, 'file')} ("
                + ", ".join(f"{k or 'no suffix'}: {n}" for k, n in list(kinds.items())[:5])
                + (", ..." if len(kinds) > 5 else "") + ")" if kinds else _hidden_alone(root))
        note = (f"note: {root}: no file here matches what this run reads ({globs}"
                f"{', less what --exclude leaves out' if args.exclude else ''}); {held}")
        if noted.get(root) != note:
            print(note, file=sys.stderr)
        noted[root] = note


def _hidden_alone(root: str) -> str:
    """What a folder holding no file a walk reads holds: nothing, or hidden files and folders
    alone (".git", ".notes.md"), which a run passes over (:func:`docnav.scan._walk`)."""
    try:
        with os.scandir(root) as listing:
            hidden = sorted(e.name for e in listing if e.name.startswith("."))
    except OSError:
        hidden = []
    if not hidden:
        return "it is empty"
    return (f"it holds hidden files or folders alone ({', '.join(hidden[:3])}"
            f"{', ...' if len(hidden) > 3 else ''}), which a run passes over: give one as a "
            f"root of its own to index it")


def _print_report(report, args: argparse.Namespace, one_line: bool = False) -> None:
    """A report's summary line on stdout, or with ``--json`` the report as JSON (on one line
    for ``one_line``)."""
    verbose = getattr(args, "verbose", False) and not args.json  # index, watch (not prune)
    lines = report.change_lines() if verbose else []
    lines.append(json.dumps(report.to_json(), indent=None if one_line else 2,
                            ensure_ascii=False) if args.json else report.summary())
    if one_line:  # a watch batch's: the watch goes on
        print("\n".join(lines), flush=True)
    else:
        print_result("\n".join(lines))


def _note_excluded(report, args: argparse.Namespace) -> None:
    """Documents removed whose files are still there: the run's --include/--exclude leave them
    out (a run over PDFs only, `--include '*.pdf'`, removes the folder's other documents), or
    the files a run reads by default (a .txt file once given by its name)."""
    from docnav.scan import DEFAULT_INCLUDE, hidden_under

    hidden = [p for p in report.excluded if hidden_under(p, args.paths)]
    if hidden:
        n = len(hidden)
        print(f"note: {n} document{'s were' if n > 1 else ' was'} removed although "
              f"{'their files are' if n > 1 else 'its file is'} still there "
              f"({', '.join(Path(p).name for p in hidden[:3])}{', ...' if n > 3 else ''}): "
              f"in a hidden folder or a hidden file (a name starting with \".\"), which a run "
              f"passes over. Give such a folder as a root of its own to index it (`docnav "
              f"index . .github`).", file=sys.stderr)
    gone = [p for p in report.excluded if p not in hidden]
    if not gone:
        return
    names = ", ".join(Path(p).name for p in gone[:3]) + (", ..." if len(gone) > 3 else "")
    were, files, them = ("document was", "its file is", "it") if len(gone) == 1 else (
        "documents were", "their files are", "them")
    why = (f"this run's --include/--exclude leave {them} out" if args.include or args.exclude
           else f"this run reads {', '.join(DEFAULT_INCLUDE)} (no --include given)")
    print(f"note: {len(gone)} {were} removed although {files} still there ({names}): "
          f"{why}. Index the folder with the settings that cover {them} to bring {them} back.",
          file=sys.stderr)


def _note_parsed_otherwise(report, args: argparse.Namespace) -> None:
    """After an upgrade: which stored trees another parser made, and the command that parses
    them again (stderr, so the summary line stays the last line of stdout)."""
    stale = report.parsed_otherwise
    if not stale:
        return
    names = ", ".join(Path(p).name for p in stale[:3]) + (", ..." if len(stale) > 3 else "")
    were = "document was" if len(stale) == 1 else "documents were"
    print(f"note: {len(stale)} {were} parsed by another version of DocNav's parsers or with "
          f"other parse options ({names}); `{_reparse_command(args)}` parses them again",
          file=sys.stderr)


def _note_newer_resolver(report) -> None:
    """A store whose links between documents a newer DocNav resolved: this one resolves the
    links of the documents it changes by its own rules, leaves the others as they are, and
    records its own version, so that the newer one resolves them all again on its next run
    (:data:`docnav.collection.RESOLVER_VERSION`)."""
    from docnav.collection import RESOLVER_VERSION

    if report.newer_resolver is not None:
        print(f"note: the store's links between documents were resolved by a newer DocNav "
              f"(resolver version {report.newer_resolver}; this one's is {RESOLVER_VERSION}): "
              f"they are left as it resolved them; the links this run's changes touch are "
              f"resolved by this version's rules, and the newer DocNav resolves every link "
              f"again on its next run", file=sys.stderr)


# the options of a run that its reparse must repeat: the same store, files, models, parsing
_RUN_OPTIONS = ("include", "exclude", "embed_model", "pdf_mode", "max_text_mb", "max_file_mb",
                "no_summaries", "summarizer", "nli_model", "no_verify", "policy", "no_parquet")


def _reparse_command(args: argparse.Namespace) -> str:
    """The `docnav index` command that parses the run's files again with its settings."""
    import shlex

    defaults = _index_option_defaults()
    parts = ["docnav", *(["--db", args.db] if args.db else []), "index", *args.paths,
             "--reparse"]
    for name in _RUN_OPTIONS:
        value, flag = getattr(args, name), "--" + name.replace("_", "-")
        if value == getattr(defaults, name):
            continue
        if value is True:
            parts.append(flag)
        elif isinstance(value, list):
            parts += [part for item in value for part in (flag, item)]
        else:
            parts += [flag, str(value)]
    return shlex.join(parts)


def _index_option_defaults() -> argparse.Namespace:
    """The values of the options `index` and `watch` share when none is given."""
    options = argparse.ArgumentParser()
    _add_index_options(options)
    return options.parse_args([])


def _index_options(args: argparse.Namespace):
    from docnav.embed import EmbeddingOptions
    from docnav.index import IndexOptions
    from docnav.parse import ParseOptions
    from docnav.parse._options import MiB
    from docnav.scan import DEFAULT_INCLUDE

    return IndexOptions(
        include=tuple(args.include) or DEFAULT_INCLUDE,
        exclude=tuple(args.exclude),
        embedding=EmbeddingOptions(model=args.embed_model),
        parse=ParseOptions(pdf_mode=args.pdf_mode, max_text_bytes=int(args.max_text_mb * MiB),
                           max_file_bytes=int(args.max_file_mb * MiB)),
        summaries=_summary_options(args),
        export_parquet=not args.no_parquet,
        progress=None if not args.no_progress else False,
        lock_wait=args.wait,
        refuse_filtered_out=True,
    )


def _cmd_watch(args: argparse.Namespace) -> int:
    import time

    from docnav.index import Indexer
    from docnav.store import Store
    from docnav.watch import Watcher, WatchOptions, catch_up, index_batches, spool_batches

    options = WatchOptions(debounce=args.debounce, close_wait=args.close_wait)
    noted: dict[str, str] = {}  # the note on each empty folder, said once

    def say(message: str) -> None:
        """What the watcher says, on stderr as `docnav index` says its notes: stdout is the
        runs' reports alone (a summary line each, or with --json a line of JSON)."""
        print(message, file=sys.stderr, flush=True)

    if args.spool:
        watcher = Watcher(args.paths, spool_batches(args.spool), options, ignore=[args.spool],
                          log=say)
    else:
        # the first full run shows its progress as `docnav index` does (lines on a stderr that
        # is no terminal): a long one said nothing until its report; a batch's shows none
        indexer = Indexer(Store(_new_db_path(args), waiting=_on_stderr), _index_options(args),
                          progress_log=_progress_lines(args))
        on_batch = index_batches(indexer, args.paths, log=say,
                                 on_report=lambda report: _report_run(report, args, True,
                                                                      noted))
        # observing starts before the catch-up, whose changes wait for its end
        watcher = Watcher(args.paths, on_batch, options, hold=True,
                          ignore=indexer.store.files(), log=say)
        # a stop (or a signal, which a library may have swallowed: docling reports it as a
        # failed document) ends the catch-up or a running batch between documents
        indexer.should_stop = lambda: watcher.stopping() or SIGNALS.stopped()
    with watcher:
        if args.spool:
            say(f"watching {', '.join(args.paths)}; batches go to {args.spool} "
                "(Dagster sensor)")
        else:
            report = catch_up(lambda: indexer.index(args.paths), options, log=say)
            indexer.progress_log = None
            _report_run(report, args, True, noted)
            watcher.release()
            say(f"watching {', '.join(args.paths)}; Ctrl-C to stop")
        deadline = time.monotonic() + args.seconds if args.seconds else None
        while (deadline is None or time.monotonic() < deadline) and not SIGNALS.stopped():
            time.sleep(0.2)
    return EXIT_OK


def _summary_options(args: argparse.Namespace):
    """Summary settings from the command line; None when summaries are switched off."""
    if args.no_summaries:
        return None
    if args.policy == "drop" and args.no_verify:  # as `ask` says it
        from docnav.errors import InputError

        raise InputError("--policy drop removes the claims the NLI check does not support: "
                         "it cannot go with --no-verify, which leaves the check out")
    from docnav.summaries import SummaryPipelineOptions
    from docnav.verify import VerifyOptions

    nli = _nli_model(args)
    summarizer = None
    if args.summarizer == "chat":
        from docnav.abstractive import ChatOptions, ChatSummarizer

        summarizer = ChatSummarizer(ChatOptions())
    return SummaryPipelineOptions(
        verify=not args.no_verify,
        nli=VerifyOptions(model=nli, policy=args.policy),
        summarizer=summarizer,
    )


def _cmd_prune(args: argparse.Namespace) -> int:
    from docnav.prune import prune_vectors
    from docnav.store import Store

    report = prune_vectors(Store(_db_path(args), lock_wait=args.wait, waiting=_on_stderr),
                           dry_run=args.dry_run,
                           export=not args.no_parquet)
    if len(report.users) > 1:
        used = "; ".join(f"{m} by {len(p)} ({', '.join(p[:2])}{', ...' if len(p) > 2 else ''})"
                         for m, p in report.users.items())
        print(f"note: {len(report.users)} models are in use, each by documents no run has "
              f"embedded with another since: {used}. To keep one, index every folder with it, "
              "then prune again", file=sys.stderr)
    _print_report(report, args)
    return EXIT_OK


def _cmd_compact(args: argparse.Namespace) -> int:
    from docnav.compact import compact_store
    from docnav.store import Store

    _print_report(compact_store(Store(_db_path(args), lock_wait=args.wait, waiting=_on_stderr)),
                  args)
    return EXIT_OK


def _add_index_options(p: argparse.ArgumentParser) -> None:
    """Options shared by `index` and `watch`."""
    p.add_argument("-v", "--verbose", action="store_true",
                   help="list each document added, changed, renamed or removed, a line each "
                   "before the summary line (--json lists them always)")
    p.add_argument("--include", action="append", default=[], type=_given("a glob"),
                   help="glob of files to index (repeatable; default: all supported suffixes)")
    p.add_argument("--exclude", action="append", default=[], type=_given("a glob"),
                   help="glob of files or folders to skip (repeatable; a folder's name skips "
                   "everything under it)")
    p.add_argument("--embed-model", default="all-MiniLM-L6-v2", type=_given("a model"),
                   help="sentence-transformers model id or folder, or 'hashing' "
                   "(default: all-MiniLM-L6-v2)")
    p.add_argument("--pdf-mode", choices=["auto", "standard", "native"], default="auto",
                   help="PDF pipeline: docling's layout model (standard), text layer with "
                   "recovered headings (native), or standard when its model is available (auto)")
    p.add_argument("--max-text-mb", type=_megabytes, default=50.0, metavar="MB",
                   help="Markdown and HTML files larger than this are refused (default: 50; "
                   "docling reads about 1 MB in 7 s)")
    p.add_argument("--max-file-mb", type=_megabytes, default=200.0, metavar="MB",
                   help="files of any format larger than this are refused (default: 200)")
    p.add_argument("--no-summaries", action="store_true",
                   help="skip summaries (and their verification)")
    p.add_argument("--summarizer", choices=["extractive", "chat"], default="extractive",
                   help="extractive (default) or an OpenAI-compatible chat endpoint "
                   "(DOCNAV_LLM_BASE_URL, DOCNAV_LLM_MODEL, DOCNAV_LLM_API_KEY; "
                   "DOCNAV_LLM_TIMEOUT: seconds per request, default 60)")
    p.add_argument("--nli-model", type=_given("a model"),
                   help="NLI model id or folder for claim verification (default: "
                   "$DOCNAV_NLI_MODEL or cross-encoder/nli-deberta-v3-xsmall)")
    p.add_argument("--no-verify", action="store_true",
                   help="store the summaries a run builds unverified (no NLI model needed); "
                   "those it keeps keep their verdicts")
    p.add_argument("--policy", choices=["flag", "drop"], default="flag",
                   help="unsupported claims: keep and flag the summary (default), or drop them")
    p.add_argument("--no-parquet", action="store_true", help="skip the Parquet export")
    p.add_argument("--no-progress", action="store_true",
                   help="no progress bar (on a terminal) or progress lines (on stderr elsewhere)")
    _add_wait(p)


def _add_wait(p: argparse.ArgumentParser) -> None:
    p.add_argument("--wait", type=_seconds, default=10.0, metavar="SECONDS",
                   help="wait this long for the store while another process holds it (another "
                   "run, a compaction, a query loading it) before giving up (default: 10)")


def _megabytes(value: str) -> float:
    try:
        megabytes = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a number of MB") from None
    if not 0 < megabytes < float("inf"):
        raise argparse.ArgumentTypeError(f"{value!r}: give a size in MB over 0")
    from docnav.parse._options import MiB

    if megabytes * MiB < 1:  # 0 bytes was refused by ParseOptions, the option unnamed
        raise argparse.ArgumentTypeError(f"{value!r} MB is under 1 byte: give 0.000001 (1 byte) "
                                         "or more")
    return megabytes


def _seconds(value: str) -> float:
    try:
        seconds = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a number of seconds") from None
    if not seconds >= 0 or seconds == float("inf"):
        raise argparse.ArgumentTypeError(f"{value!r}: give 0 or more seconds")
    return seconds


def add_index_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "index",
        help="index files or folders incrementally",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Index documents (Markdown, HTML, DOCX, PDF). Only added or changed files "
        "are reparsed; deleted files are removed; renames keep the document id.",
        epilog="examples:\n  docnav index docs/\n  docnav --db /tmp/x.duckdb index a.md b.pdf "
        "--exclude 'drafts/*'\n  docnav index docs/ --pdf-mode standard --reparse"
        "\n  docnav index docs/ --json"
        "\n\nexit codes: 0 all indexed, 1 some documents failed "
        "(listed on stderr), 2 bad usage or store error",
    )
    p.add_argument("paths", nargs="+", type=_given("a file or folder"),
                   help="files or folders to index")
    p.add_argument("--reparse", action="store_true",
                   help="parse unchanged files again too (after upgrading DocNav or changing "
                   "--pdf-mode); documents that come out the same are not rewritten")
    _add_index_options(p)
    p.add_argument("--json", action="store_true",
                   help="the run's report as JSON on stdout (counts, the documents added, "
                   "changed, renamed, removed, and each failure with its error)")
    p.set_defaults(func=_cmd_index, writes=True)


def add_watch_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "watch",
        help="watch folders and index changes as they happen",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Index the folders, then watch them (watchdog): each burst of changes is "
        "debounced into one incremental run; changes made during the first run follow it. "
        "A folder that is gone keeps its documents (the log says so) until it comes back; "
        "an empty folder in its place removes them. With --spool, batches are written to a folder "
        "for the Dagster sensor instead of being indexed here (set DOCNAV_SPOOL to that folder: "
        "the sensor then scans the roots on the ticks that find batches, and consumes them).",
        epilog="examples:\n  docnav watch docs/\n  docnav watch docs/ --spool "
        "dagster_home/docnav-events\n\nexit codes: 0 after --seconds, 2 bad usage or store "
        "error, 130 Ctrl-C, 143 SIGTERM (the running batch stops before its next document)",
    )
    p.add_argument("paths", nargs="+", type=_given("a folder"), help="folders to watch")
    _add_index_options(p)
    p.add_argument("--debounce", type=_seconds, default=0.3,
                   help="seconds of quiet that end a burst of changes while a file may still "
                   "be being written (default 0.3); a burst whose files were all closed, moved "
                   "into place or deleted ends after 0.05 s")
    p.add_argument("--close-wait", type=_seconds, default=60.0,
                   help="longest a file that a writer still has open (a slow copy) is held back "
                   "from its batch, waiting for its close (default 60; Linux, where closes are "
                   "reported)")
    p.add_argument("--spool", type=_given("a folder"),
                   help="write batches here for the Dagster sensor, do not index")
    p.add_argument("--json", action="store_true",
                   help="each run's report (the first full run's, then each batch's that "
                   "changed something) as a line of JSON on stdout, as `docnav index --json` "
                   "has it; the watcher's messages go to stderr")
    p.add_argument("--seconds", type=_seconds, default=0,
                   help="stop after watching this long, counted from the end of the first "
                   "full run (0 = never)")
    p.set_defaults(func=_cmd_watch, writes=True)


def add_prune_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "prune", help="delete the vectors of embedding models no document uses any more",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="After a change of embedding model, index runs embed every document "
        "with the new model and keep the old model's vectors (switching back costs nothing). "
        "This deletes the vectors of every model no document uses. Documents no run has "
        "re-embedded since the change keep the old model in use; stderr names them (index "
        "their folders, then prune again).",
        epilog="examples:\n  docnav prune --dry-run\n  docnav --db /data/graph.duckdb prune",
    )
    p.add_argument("--dry-run", action="store_true", help="only say what would be deleted")
    _add_wait(p)
    p.add_argument("--no-parquet", action="store_true", help="leave the Parquet export to the "
                   "next index run (the documents stay queued for it)")
    p.add_argument("--json", action="store_true", help="what was deleted (or would be) and "
                   "what was kept, as JSON")
    p.set_defaults(func=_cmd_prune, writes=True)


def add_compact_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "compact", help="shrink the database file to its rows (after a prune or many edits)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="DuckDB reuses the space of deleted rows for later writes but never "
        "shrinks its file. This copies every table into a new file and swaps it in. A writer "
        "started meanwhile (`docnav index`, a Dagster run) stops with a 'locked' error, to be "
        "run again; readers use the Parquet export meanwhile. Needs free disk space for the "
        "copy.",
        epilog="examples:\n  docnav prune && docnav compact\n"
               "  docnav --db /data/graph.duckdb compact",
    )
    p.add_argument("--json", action="store_true", help="the file's size before and after, "
                   "as JSON")
    _add_wait(p)
    p.set_defaults(func=_cmd_compact, writes=True)
