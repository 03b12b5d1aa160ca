"""The ``docnav fetch`` command: the text of nodes (a section's or document's paragraphs),
with breadcrumbs, cut to a token budget; ``--pages`` of a PDF."""

from __future__ import annotations

import argparse
import re
import sys
import textwrap

from docnav.cli_common import EXIT_OK, print_result
from docnav.cli_query import note_stale, open_graph
from docnav.errors import InputError
from docnav.query._checks import MOST_BUDGET, token_budget
from docnav.query.pieces import TABLE_CUT_ONLY, too_large


def _cmd_fetch(args: argparse.Namespace) -> int:
    import json

    from docnav.query.graph import count_tokens

    # the library's one check, named as given here ("--budget 0: give at least 1 token", but
    # "budget 99999999999: give a whole number ...", the library's name, were said)
    token_budget(args.budget, least=1, name="--budget")
    graph = open_graph(args, with_embedder=False)
    nodes = list(dict.fromkeys(graph.resolve(ref) for ref in args.nodes))
    under = {p for nid in nodes for p in graph.expand(nid, depth=10_000)
             if graph.node(p).kind == "paragraph"}
    if args.pages:
        under = _on_pages(graph, args, under)
    pieces = graph.fetch(under if args.pages else nodes, budget=args.budget)
    note_stale(graph, [p.doc_path for p in pieces])
    tokens = sum(p.tokens for p in pieces)
    # the last piece may be its paragraph's start: the budget ran out inside it
    cut = bool(pieces) and pieces[-1].tokens < count_tokens(graph.node(pieces[-1].node_id).text)
    whole = len(pieces) - cut
    note = _fetch_note(graph, args, nodes, under, pieces, whole)
    if args.json:
        out = {"nodes": nodes, "budget": args.budget, "tokens": tokens,
               "paragraphs": len(under), "whole": whole, "cut": cut,
               "pieces": [{"node_id": p.node_id, "document": p.doc_path,
                           "breadcrumb": p.breadcrumb, "page": p.page,
                           "tokens": p.tokens, "text": p.text} for p in pieces]}
        if note:  # what the text says of what is left out, or that nothing is under them
            out["note"] = note
        print_result(json.dumps(out, indent=2, ensure_ascii=False))
        return EXIT_OK
    if not under:  # a heading with nothing under it, a paragraph-less document
        print_result(f"0 paragraphs: {note}")
        return EXIT_OK
    n = f"{len(under)} paragraph{'s' * (len(under) != 1)}"
    only = "the only paragraph" if len(under) == 1 else f"the first of {n}"
    read = (f"{whole} of {n}{', and the start of one more' if cut else ''}" if whole or not cut
            else f"the start of {only}")  # not "0 of 1 paragraphs, and the start of one more"
    lines = [f"{read}; {tokens} tokens{f' ({note})' if note else ''}"]
    where = None
    for i, piece in enumerate(pieces, start=1):
        page = f", p. {piece.page}" if piece.page else ""
        if f"{piece.breadcrumb}{page}  ({piece.doc_path})" != where:  # said once for a run
            where = f"{piece.breadcrumb}{page}  ({piece.doc_path})"
            lines += ["", where]
        lines += [f"[{i}] {piece.node_id[:12]}", textwrap.indent(piece.text, "  ")]
    print_result("\n".join(lines))
    return EXIT_OK


def _fetch_note(graph, args: argparse.Namespace, nodes: list[str], under: set[str],
                pieces: list, whole: int) -> str:
    """What the text says beside the counts: that no text is under the nodes, or what the
    budget left out and how to read it; "" where everything was read."""
    if not under:
        return f"no text is under {'; '.join(graph.node(n).breadcrumb for n in nodes)}"
    if whole == len(under):
        return ""
    larger = "a larger one reads the rest"
    every = graph.fetch(under if args.pages else nodes, budget=MOST_BUDGET)
    fetched = {p.node_id for p in pieces}
    if not pieces:  # the first paragraph does not fit, and is too little room to cut
        larger = too_large(graph.node(every[0].node_id))
    elif left := [p for p in every[:[p.node_id for p in every].index(pieces[-1].node_id)]
                  if p.node_id not in fetched]:  # tables with no room for a row, passed over
        which = (f"a table of {left[0].tokens} tokens is" if len(left) == 1 else
                 f"{len(left)} tables of {', '.join(str(p.tokens) for p in left)} tokens are")
        larger = f"{which} left out, as {TABLE_CUT_ONLY}; {larger}"
    return f"--budget {args.budget}: {larger}"


def _on_pages(graph, args: argparse.Namespace, paragraphs: set[str]) -> set[str]:
    """Of ``paragraphs``, those printed on the pages ``--pages`` names ("36" or "36-38"); an
    error naming the pages there are where none is."""
    m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", args.pages)
    if not m:
        raise InputError(f"--pages {args.pages!r}: give a page (36) or a range (36-38)")
    first, last = int(m.group(1)), int(m.group(2) or m.group(1))
    if first == 0:
        raise InputError(f"--pages {args.pages!r}: pages are numbered from 1"
                         + (f"; give 1-{last}" if last > 1 else ""))
    if last < first:
        raise InputError(f"--pages {args.pages!r}: the range runs backwards; give "
                         f"{last}-{first}")
    pages = {p: graph.node(p).page for p in paragraphs if graph.node(p).page is not None}
    on = {p for p, page in pages.items() if first <= page <= last}
    if not on:
        there = (f"their pages run {min(pages.values())}-{max(pages.values())}" if pages else
                 "they have no page numbers (a PDF's paragraphs have)")
        # pages of images its parse named ("no text on pages 6-7: images without ...")
        from docnav.parse._scanned import said_scanned

        scans = {said for p in {graph.node(n).path for n in paragraphs}
                 if (said := said_scanned(graph.fields(p).get("conversion_warnings", "")))}
        raise InputError(f"--pages {args.pages}: no paragraph of {', '.join(args.nodes)} is "
                         f"printed on them; {there}"
                         + "".join(f" (its parse said: {scan})" for scan in sorted(scans)))
    end = max(pages.values())
    if last > end:  # else pages 99-105 of a 99-page filing read as page 99, without a word
        read = f"page {end} is" if first == end else f"pages {first}-{end} are"
        print(f"docnav: note: --pages {args.pages}: the paragraphs of {', '.join(args.nodes)} "
              f"run to page {end}, so {read} read", file=sys.stderr)
    return on


def add_fetch_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "fetch", help="print the text of nodes (a section or document: the paragraphs under "
        "it) with breadcrumbs, in document order, cut to a token budget",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Prints the text of the nodes given, each under its breadcrumb (document "
        "› sections): a paragraph's own text; a section's or document's paragraphs, in "
        "document order. Stops at the token budget.",
        epilog="examples:\n  docnav fetch 3f2a9c1b\n"
               "  docnav fetch 3f2a9c1b 9e04d7a2 --budget 2048\n"
               "  docnav fetch 0458-send-improvements.md --budget 300 --json\n"
               "  docnav fetch ADOBE_2022_10K.pdf --pages 36-37",
    )
    p.add_argument("nodes", nargs="+", metavar="node", help="node id or a unique prefix of "
                   "one; a document id or path stands for the whole document")
    p.add_argument("--budget", type=int, default=1024,
                   help="most tokens of text (default 1024)")
    p.add_argument("--pages", metavar="N[-M]", help="only the paragraphs printed on these "
                   "pages of a PDF: 36, or 36-38")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=_cmd_fetch)
