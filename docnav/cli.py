"""The ``docnav`` command line: a thin layer over the library.

Every ``DocNavError`` becomes one clean line on stderr and a non-zero exit code.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import textwrap
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path

from docnav.errors import DocNavError, InputError

DEFAULT_DB = Path(".docnav") / "docnav.duckdb"

EXIT_OK, EXIT_FAILED_DOCS, EXIT_ERROR = 0, 1, 2
EXIT_BROKEN_PIPE = 141  # as a process killed by SIGPIPE: 128 + 13
EXIT_INTERRUPTED, EXIT_TERMINATED = 130, 143  # Ctrl-C, SIGTERM: 128 + the signal's number


def _db_path(args: argparse.Namespace) -> Path:
    return Path(args.db or os.environ.get("DOCNAV_DB") or DEFAULT_DB)


def _cmd_index(args: argparse.Namespace) -> int:
    from docnav.index import Indexer
    from docnav.store import Store

    report = Indexer(Store(_db_path(args)), _index_options(args)).index(
        args.paths, reparse=args.reparse)
    _report_run(report, args)
    return EXIT_OK if report.ok else EXIT_FAILED_DOCS


def _report_run(report, args: argparse.Namespace) -> None:
    """A run's (or a watch batch's) failures and notes on stderr, its summary line last on
    stdout."""
    for path, error in report.failed:
        print(f"error: {error}", file=sys.stderr)
    for node_id, error, kept in report.summaries.failures:
        print(f"warning: summary of node {node_id} failed{', previous kept' if kept else ''}: "
              f"{error}", file=sys.stderr)
    _note_parsed_otherwise(report, args)
    _note_excluded(report)
    print(report.summary(), flush=True)


def _note_excluded(report) -> None:
    """Documents removed whose files are still there: the run's --include/--exclude leave them
    out (a run over PDFs only, `--include '*.pdf'`, removes the folder's other documents)."""
    gone = report.excluded
    if not gone:
        return
    names = ", ".join(Path(p).name for p in gone[:3]) + (", ..." if len(gone) > 3 else "")
    were, files = ("document was", "its file is") if len(gone) == 1 else (
        "documents were", "their files are")
    print(f"note: {len(gone)} {were} removed although {files} still there ({names}): "
          "this run's --include/--exclude leave them out. Index the folder with the settings "
          "that cover them to bring them back.", file=sys.stderr)


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


# the options of a run that its reparse must repeat: the same store, files, models, parsing
_RUN_OPTIONS = ("include", "exclude", "embed_model", "pdf_mode", "no_summaries", "summarizer",
                "nli_model", "no_verify", "policy", "no_parquet")


def _reparse_command(args: argparse.Namespace) -> str:
    """The `docnav index` command that parses the run's files again with its settings."""
    import shlex

    defaults = _parser().parse_args(["index", "."])
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


def _index_options(args: argparse.Namespace):
    from docnav.embed import EmbeddingOptions
    from docnav.index import IndexOptions
    from docnav.parse import ParseOptions
    from docnav.scan import DEFAULT_INCLUDE

    return IndexOptions(
        include=tuple(args.include) or DEFAULT_INCLUDE,
        exclude=tuple(args.exclude),
        embedding=EmbeddingOptions(model=args.embed_model),
        parse=ParseOptions(pdf_mode=args.pdf_mode),
        summaries=_summary_options(args),
        export_parquet=not args.no_parquet,
        progress=None if not args.no_progress else False,
        lock_wait=args.wait,
    )


def _cmd_watch(args: argparse.Namespace) -> int:
    import time

    from docnav.index import Indexer
    from docnav.store import Store
    from docnav.watch import Watcher, WatchOptions, catch_up, index_batches, spool_batches

    options = WatchOptions(debounce=args.debounce, close_wait=args.close_wait)
    if args.spool:
        watcher = Watcher(args.paths, spool_batches(args.spool), options, ignore=[args.spool])
    else:
        indexer = Indexer(Store(_db_path(args)), _index_options(args))
        on_batch = index_batches(indexer, args.paths, log=lambda m: print(m, flush=True),
                                 on_report=lambda report: _report_run(report, args))
        # observing starts before the catch-up, whose changes wait for its end
        watcher = Watcher(args.paths, on_batch, options, hold=True,
                          ignore=indexer.store.files())
        indexer.should_stop = watcher.stopping  # a stop ends a running batch between documents
    with _sigterm_as(_Terminated), watcher:
        if args.spool:
            print(f"watching {', '.join(args.paths)}; batches go to {args.spool} "
                  "(Dagster sensor)", flush=True)
        else:
            report = catch_up(lambda: indexer.index(args.paths), options,
                              log=lambda m: print(m, flush=True))
            _report_run(report, args)
            watcher.release()
            print(f"watching {', '.join(args.paths)}; Ctrl-C to stop", flush=True)
        deadline = time.monotonic() + args.seconds if args.seconds else None
        while deadline is None or time.monotonic() < deadline:
            time.sleep(0.2)
    return EXIT_OK


class _Terminated(Exception):
    """SIGTERM arrived (a service manager, `kill`): stop as after Ctrl-C."""


@contextlib.contextmanager
def _sigterm_as(error: type[Exception]) -> Iterator[None]:
    """Within: SIGTERM raises ``error`` in the main thread, so that cleanup runs."""
    def raise_error(signum, frame):
        raise error()

    if threading.current_thread() is not threading.main_thread():  # main() in a thread
        yield
        return
    previous = signal.signal(signal.SIGTERM, raise_error)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _summary_options(args: argparse.Namespace):
    """Summary settings from the command line; None when summaries are switched off."""
    if args.no_summaries:
        return None
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


def _nli_model(args: argparse.Namespace) -> str:
    """``--nli-model``, else $DOCNAV_NLI_MODEL, else the default (for summaries and answers)."""
    from docnav.verify import DEFAULT_NLI_MODEL

    return args.nli_model or os.environ.get("DOCNAV_NLI_MODEL") or DEFAULT_NLI_MODEL


def _cmd_show(args: argparse.Namespace) -> int:
    from docnav.show import render_document, render_documents
    from docnav.store import Store

    store = Store(_db_path(args))
    if args.doc is None:
        print(render_documents(store))
    else:
        print(render_document(store, args.doc, show_text=args.text,
                              show_summaries=not args.no_summaries))
    return EXIT_OK


def _cmd_prune(args: argparse.Namespace) -> int:
    from docnav.prune import prune_vectors
    from docnav.store import Store

    report = prune_vectors(Store(_db_path(args), lock_wait=args.wait), dry_run=args.dry_run,
                           export=not args.no_parquet)
    if len(report.users) > 1:
        used = "; ".join(f"{m} by {len(p)} ({', '.join(p[:2])}{', ...' if len(p) > 2 else ''})"
                         for m, p in report.users.items())
        print(f"note: {len(report.users)} models are in use, each by documents no run has "
              f"embedded with another since: {used}. To keep one, index every folder with it, "
              "then prune again", file=sys.stderr)
    print(report.summary())
    return EXIT_OK


def _cmd_compact(args: argparse.Namespace) -> int:
    from docnav.compact import compact_store
    from docnav.store import Store

    print(compact_store(Store(_db_path(args))).summary())
    return EXIT_OK


def _add_index_options(p: argparse.ArgumentParser) -> None:
    """Options shared by `index` and `watch`."""
    p.add_argument("--include", action="append", default=[],
                   help="glob of files to index (repeatable; default: all supported suffixes)")
    p.add_argument("--exclude", action="append", default=[], help="glob of files or folders "
                   "to skip (repeatable; a folder's name skips everything under it)")
    p.add_argument("--embed-model", default="all-MiniLM-L6-v2",
                   help="sentence-transformers model id or folder, or 'hashing' "
                   "(default: all-MiniLM-L6-v2)")
    p.add_argument("--pdf-mode", choices=["auto", "standard", "native"], default="auto",
                   help="PDF pipeline: docling's layout model (standard), text layer with "
                   "recovered headings (native), or standard when its model is available (auto)")
    p.add_argument("--no-summaries", action="store_true",
                   help="skip summaries (and their verification)")
    p.add_argument("--summarizer", choices=["extractive", "chat"], default="extractive",
                   help="extractive (default) or an OpenAI-compatible chat endpoint "
                   "(DOCNAV_LLM_BASE_URL, DOCNAV_LLM_MODEL, DOCNAV_LLM_API_KEY; "
                   "DOCNAV_LLM_TIMEOUT: seconds per request, default 60)")
    p.add_argument("--nli-model",
                   help="NLI model id or folder for claim verification (default: "
                   "$DOCNAV_NLI_MODEL or cross-encoder/nli-deberta-v3-xsmall)")
    p.add_argument("--no-verify", action="store_true",
                   help="store summaries unverified (no NLI model needed)")
    p.add_argument("--policy", choices=["flag", "drop"], default="flag",
                   help="unsupported claims: keep and flag the summary (default), or drop them")
    p.add_argument("--no-parquet", action="store_true", help="skip the Parquet export")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    _add_wait(p)


def _add_wait(p: argparse.ArgumentParser) -> None:
    p.add_argument("--wait", type=_seconds, default=10.0, metavar="SECONDS",
                   help="wait this long for the store while another process holds it (another "
                   "run, a compaction, a query loading it) before giving up (default: 10)")


def _seconds(value: str) -> float:
    try:
        seconds = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a number of seconds") from None
    if not seconds >= 0 or seconds == float("inf"):
        raise argparse.ArgumentTypeError(f"{value!r}: give 0 or more seconds")
    return seconds


def _graph(args: argparse.Namespace, with_embedder: bool = True):
    from docnav.query import DocNavGraph

    # the stored vectors' model embeds queries, loaded at the first search (never for `nav`)
    graph = DocNavGraph.open(_db_path(args), embedder="stored" if with_embedder else None)
    missing = graph.documents_without_vectors
    if with_embedder and missing:
        print(f"docnav: note: {len(missing)} document(s) have no vectors of {graph.model} "
              f"(indexed with another embedding model), so only their words are searched: "
              f"{', '.join(missing[:3])}{', ...' if len(missing) > 3 else ''}", file=sys.stderr)
    return graph


def _cmd_ask(args: argparse.Namespace) -> int:
    import json

    from docnav.query import Navigator

    answerer = verifier = None
    if args.generate:
        from docnav.chat import ChatOptions
        from docnav.query.generate import ChatAnswerer

        if args.policy == "drop" and args.no_verify:
            raise InputError("--policy drop keeps the sentences the NLI check supports: "
                             "it cannot go with --no-verify")
        answerer = ChatAnswerer(ChatOptions())
        if not args.no_verify:  # the NLI model loads now: a bad setting fails before any work
            from docnav.verify import TransformersNLI, Verifier, VerifyOptions

            nli = VerifyOptions(model=_nli_model(args))
            verifier = Verifier(TransformersNLI(nli), nli)
    elif args.policy == "drop":
        raise InputError("--policy drop applies to a generated answer: add --generate")
    answer = Navigator(_graph(args), answerer=answerer, verifier=verifier,
                       policy=args.policy).ask(
        args.question, budget=args.budget, doc=args.doc)
    # 1, as for an index run with failed documents: the work is done, a part of it failed
    code = EXIT_FAILED_DOCS if answer.generation_error else EXIT_OK
    if answer.generation_error:
        print(f"docnav: warning: answer generation failed ({answer.generation_error}); the "
              "answer is the cited evidence", file=sys.stderr)
    if answer.invalid_citations:
        print(f"docnav: warning: the generated answer cites evidence that does not exist: "
              f"{', '.join(answer.invalid_citations)} (the evidence is [1] to "
              f"[{len(answer.evidence)}]); those citations are left out of it", file=sys.stderr)
    if answer.dropped and answer.generated_by is None:
        print(f"docnav: warning: no sentence of the generated answer is supported by the "
              f"evidence (--policy drop removed all {len(answer.dropped)}); the answer is the "
              "cited evidence", file=sys.stderr)
    if args.json:
        print(json.dumps(answer.to_json(), indent=2, ensure_ascii=False))
        return code
    print(f"route: {answer.route}; confidence {answer.confidence:.2f}; "
          f"{answer.tokens_used} tokens of evidence")
    if answer.evidence and answer.confidence == 0:
        print("none of the question's words is in the evidence: the pieces below are only "
              "close in meaning")
    elif answer.evidence and answer.missing:
        print(f"not in the evidence: {', '.join(answer.missing)}")
    print()
    if answer.generated_by:
        cites = ("[n] cites the evidence below" if answer.cited else
                 "it cites none of the evidence below")
        print(f"answer ({answer.generated_by}; {cites}):")
        print(textwrap.indent(answer.text, "  ") + "\n")  # every line: a list, paragraphs
    if answer.claims:  # also when --policy drop left none of them (the answer: the evidence)
        marks = {"entail": "✓", "neutral": "?", "contradict": "✗"}
        print("the generated answer's sentences, checked against the evidence they cite "
              "(✓ entailed, ? not supported, ✗ contradicted):")
        for c in answer.claims:
            cited = ", ".join(f"[{r}]" for r in c.refs) or "no citation: all evidence"
            if c.invalid:
                cited += f"; {', '.join(c.invalid)} cited: no such evidence"
            gone = "  [dropped]" if c in answer.dropped else ""
            print(f"  {marks.get(c.verdict, '?')} {c.text}  ({cited}; {c.score:.2f}){gone}")
        print()
    if answer.generated_by or answer.claims:
        print("evidence:")
    for i, e in enumerate(answer.evidence, start=1):
        page = f", p. {e.piece.page}" if e.piece.page else ""
        print(f"[{i}] {e.piece.node_id[:12]}  {e.piece.breadcrumb}{page}  ({e.piece.doc_path})")
        print(textwrap.indent(e.piece.text, "  ") + "\n")  # a table's rows too
    if not answer.evidence:
        print("no evidence found")
    if args.trace:
        print("trace:")
        for step in answer.trace:
            print("  " + ", ".join(f"{k}={v}" for k, v in step.items()))
    return code


def _cmd_locate(args: argparse.Namespace) -> int:
    import json

    graph = _graph(args)
    hits = graph.locate(args.query, k=args.k, kinds=args.kind or None,
                        filters={"path": args.doc} if args.doc else None)
    rows = [{"node_id": h.node_id, "score": round(h.score, 5), "kind": h.kind, "via": h.via,
             "breadcrumb": graph.node(h.node_id).breadcrumb,
             "document": graph.node(h.node_id).path, "text": _matched_text(graph, h)}
            for h in hits]
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
    for r in rows if not args.json else []:
        print(f"{r['node_id'][:12]}  {r['score']:.4f}  {r['kind']:<9} {r['via']:<7} "
              f"{r['breadcrumb']}")
        if r["text"]:
            print(f"    {_shortened(r['text'], 160)}")
    return EXIT_OK


def _matched_text(graph, hit) -> str:
    """What the hit matched beyond its breadcrumb: a paragraph's text, a summary."""
    if hit.via == "summary":
        return graph.summaries[hit.node_id]["text"]
    node = graph.node(hit.node_id)
    return node.text if node.kind == "paragraph" else ""


def _shortened(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + " …"


def _cmd_nav(args: argparse.Namespace) -> int:
    import json

    graph = _graph(args, with_embedder=False)
    node_id = graph.resolve(args.node)
    found = graph.navigate(node_id, args.dir)
    if args.json:
        rows = [{"node_id": nid, "kind": n.kind, "block_kind": n.block_kind, "level": n.level,
                 "heading": n.heading, "breadcrumb": n.breadcrumb, "page": n.page,
                 "document": n.path, "text": n.text}
                for nid, n in ((nid, graph.node(nid)) for nid in found)]
        print(json.dumps({"from": node_id, "direction": args.dir, "nodes": rows}, indent=2,
                         ensure_ascii=False))
        return EXIT_OK
    for nid in found:
        n = graph.node(nid)
        label = {"paragraph": n.text[:90], "document": f"{n.heading} ({n.path})"}.get(
            n.kind, n.heading)
        print(f"{nid[:12]}  {n.kind:<9} {n.breadcrumb} | {label}")
    if not found:
        print(f"{node_id[:12]} ({graph.node(node_id).kind}) has no {args.dir}")
    return EXIT_OK


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="docnav",
        description="Keep long structured documents navigable: an incrementally "
        "maintained graph of sections, paragraphs, references and summaries.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="example:\n  docnav index samples/rfcs && docnav show",
    )
    parser.add_argument("--db", help=f"store path (default: $DOCNAV_DB or {DEFAULT_DB})")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser(
        "index",
        help="index files or folders incrementally",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Index documents (Markdown, HTML, DOCX, PDF). Only added or changed files "
        "are reparsed; deleted files are removed; renames keep the document id.",
        epilog="examples:\n  docnav index docs/\n  docnav --db /tmp/x.duckdb index a.md b.pdf "
        "--exclude 'drafts/*'\n  docnav index docs/ --pdf-mode standard --reparse"
        "\n\nexit codes: 0 all indexed, 1 some documents failed "
        "(listed on stderr), 2 bad usage or store error",
    )
    p.add_argument("paths", nargs="+", help="files or folders to index")
    p.add_argument("--reparse", action="store_true",
                   help="parse unchanged files again too (after upgrading DocNav or changing "
                   "--pdf-mode); documents that come out the same are not rewritten")
    _add_index_options(p)
    p.set_defaults(func=_cmd_index)

    p = sub.add_parser(
        "watch",
        help="watch folders and index changes as they happen",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Index the folders, then watch them (watchdog): each burst of changes is "
        "debounced into one incremental run; changes made during the first run follow it. "
        "A folder that is gone keeps its documents (the log says so) until it comes back; "
        "an empty folder in its place removes them. With --spool, batches are written to a folder "
        "for the Dagster sensor instead of being indexed here.",
        epilog="examples:\n  docnav watch docs/\n  docnav watch docs/ --spool "
        "dagster_home/docnav-events\n\nexit codes: 0 after --seconds, 2 bad usage or store "
        "error, 130 Ctrl-C, 143 SIGTERM (the running batch stops before its next document)",
    )
    p.add_argument("paths", nargs="+", help="folders to watch")
    _add_index_options(p)
    p.add_argument("--debounce", type=_seconds, default=0.3,
                   help="seconds of quiet that end a burst of changes while a file may still "
                   "be being written (default 0.3); a burst whose files were all closed, moved "
                   "into place or deleted ends after 0.05 s")
    p.add_argument("--close-wait", type=_seconds, default=60.0,
                   help="longest a file that a writer still has open (a slow copy) is held back "
                   "from its batch, waiting for its close (default 60; Linux, where closes are "
                   "reported)")
    p.add_argument("--spool", help="write batches here for the Dagster sensor, do not index")
    p.add_argument("--seconds", type=_seconds, default=0,
                   help="stop after this long (0 = never)")
    p.set_defaults(func=_cmd_watch)

    p = sub.add_parser(
        "ask", help="answer a question with cited evidence by navigating the graph",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Routes the question (local, cross-reference, global), then locates, "
        "fetches, expands and follows references until the evidence is sufficient or the "
        "token budget is spent. The answer is the cited evidence; with --generate, also an "
        "answer written from it by a chat model, citing it.",
        epilog='examples:\n  docnav ask "Why does Send need a static bound?"\n'
        '  docnav ask "What are the main risks?" --doc "*10K*" --budget 2048 --json\n'
        '  DOCNAV_LLM_BASE_URL=http://localhost:8000/v1 DOCNAV_LLM_MODEL=qwen2.5-7b \\\n'
        '    docnav ask "How is the seal replaced?" --generate --policy drop',
    )
    p.add_argument("question")
    p.add_argument("--doc", help="only documents whose path matches this glob")
    p.add_argument("--budget", type=int, default=1024, help="evidence tokens (default 1024)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--trace", action="store_true", help="print the operations performed")
    p.add_argument("--generate", action="store_true",
                   help="also write an answer from the evidence, citing it as [n], through an "
                   "OpenAI-compatible endpoint (DOCNAV_LLM_BASE_URL, DOCNAV_LLM_MODEL, "
                   "DOCNAV_LLM_API_KEY, DOCNAV_LLM_TIMEOUT); if that fails, the evidence is the "
                   "answer and the exit code is 1. Each sentence of the answer is checked with "
                   "the NLI model against the evidence it cites")
    p.add_argument("--no-verify", action="store_true",
                   help="with --generate: do not check the answer's sentences (no NLI model)")
    p.add_argument("--nli-model", help="NLI model id or folder for that check (default: "
                   "$DOCNAV_NLI_MODEL or cross-encoder/nli-deberta-v3-xsmall)")
    p.add_argument("--policy", choices=["flag", "drop"], default="flag",
                   help="with --generate: keep every sentence of the answer, each marked with "
                   "its verdict (default), or drop the ones the evidence does not support (none "
                   "left: the answer is the evidence)")
    p.set_defaults(func=_cmd_ask)

    p = sub.add_parser(
        "locate", help="hybrid (BM25 + embedding) search over paragraphs, sections, summaries",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog='examples:\n  docnav locate "negative impls" -k 5\n'
        '  docnav locate "operating margin" --kind section --json',
    )
    p.add_argument("query")
    p.add_argument("-k", "--k", type=int, default=10, help="how many hits (default 10)")
    p.add_argument("--kind", action="append", help="paragraph, section, document, or a block "
                   "kind such as table (repeatable)")
    p.add_argument("--doc", help="only documents whose path matches this glob")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_locate)

    p = sub.add_parser(
        "nav", help="navigate from a node: parent, children, siblings, next, previous, "
        "references, related",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n  docnav nav 3f2a9c1b --dir children\n  docnav nav 3f2a9c1b --dir related",
    )
    p.add_argument("node", help="node id or a unique prefix of one; a document id stands for "
                   "the document's root node")
    p.add_argument("--dir", required=True, help="parent, children, siblings, next, previous, "
                   "references or related")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=_cmd_nav)

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
    p.set_defaults(func=_cmd_prune)

    p = sub.add_parser(
        "compact", help="shrink the database file to its rows (after a prune or many edits)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="DuckDB reuses the space of deleted rows for later writes but never "
        "shrinks its file. This copies every table into a new file and swaps it in. A writer "
        "started meanwhile (`docnav index`, a Dagster run) stops with a 'locked' error, to be "
        "run again; readers use the Parquet export meanwhile. Needs free disk space for the "
        "copy.",
        epilog="examples:\n  docnav prune && docnav compact\n  docnav --db /data/graph.duckdb compact",
    )
    p.set_defaults(func=_cmd_compact)

    p = sub.add_parser(
        "show",
        help="list documents, or print one document's heading tree with ids",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Without DOC: every document with its status. With DOC (a doc id, a "
        "prefix of one, or a path): its heading tree with node ids and counts.",
        epilog="examples:\n  docnav show\n  docnav show samples/rfcs/0001-private-fields.md"
        "\n  docnav show 3f2a --text",
    )
    p.add_argument("doc", nargs="?", help="document id, id prefix or path")
    p.add_argument("--text", action="store_true", help="print paragraph text under headings")
    p.add_argument("--no-summaries", action="store_true", help="hide summaries and claims")
    p.set_defaults(func=_cmd_show)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return args.func(args)
    except DocNavError as exc:  # bad input or a store problem
        print(f"docnav: error: {exc}", file=sys.stderr)
        if getattr(args, "json", False):  # a machine reading stdout gets the error there too
            import json

            print(json.dumps({"error": str(exc), "exit_code": EXIT_ERROR}, ensure_ascii=False))
        return EXIT_ERROR
    except KeyboardInterrupt:
        print("docnav: interrupted; the store keeps every document written so far",
              file=sys.stderr)
        return EXIT_INTERRUPTED
    except _Terminated:
        print("docnav: terminated; the store keeps every document written so far",
              file=sys.stderr)
        return EXIT_TERMINATED
    except BrokenPipeError:  # `docnav show | head`: the reader has all it wants
        _silence_stdout()
        return EXIT_BROKEN_PIPE


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
