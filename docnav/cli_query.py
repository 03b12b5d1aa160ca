"""The ``docnav`` commands that read the store: ask, locate, nav, show, and their output
(an answer's, :mod:`docnav.ask_text`; fetch's, :mod:`docnav.cli_fetch`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

from docnav.cli_common import (EXIT_FAILED_DOCS, EXIT_OK, _db_path, _given, _nli_model,
                               print_result)
from docnav.errors import InputError



def open_graph(args: argparse.Namespace, with_embedder: bool = True):
    """The graph of the store --db names, for a query command (``fetch``'s too), with notes
    on stderr of what it lacks: documents, a current export, vectors of its model."""
    from docnav.query import DocNavGraph

    # the stored vectors' model embeds queries, loaded at the first search (never for `nav`)
    # (as text: `--db .` names the folder, which the store's error says; a Path "." is also
    # what an empty Path is, which the graph's check says)
    graph = DocNavGraph.open(str(_db_path(args)), embedder="stored" if with_embedder else None)
    if not graph.document_roots():  # every run failed: the answers would say nothing of why
        failed = sum(r["status"] == "failed" for r in graph.documents.values())
        print(f"docnav: note: no document is indexed in {_db_path(args)}"
              + (f" ({failed} failed: `docnav show` lists them with their errors)"
                 if failed else ""), file=sys.stderr)
    if graph.export_behind:
        from docnav.export import behind_note
        from docnav.store import Store

        print("docnav: note: another process is writing the store, so its Parquet export "
              "was read, and " + behind_note(Store(_db_path(args)).parquet_dir), file=sys.stderr)
    missing = graph.documents_without_vectors
    if with_embedder and missing:
        print(f"docnav: note: {len(missing)} document(s) have no vectors of {graph.model} "
              f"(indexed with another embedding model), so only their words are searched: "
              f"{', '.join(missing[:3])}{', ...' if len(missing) > 3 else ''}", file=sys.stderr)
    return graph


def _cmd_ask(args: argparse.Namespace) -> int:
    import json

    from docnav.ask_text import answer_text
    from docnav.query import Navigator

    answerer = verifier = None
    if args.generate:
        from docnav.chat import ChatOptions
        from docnav.query.generate import ChatAnswerer

        if args.policy == "drop" and args.no_verify:
            raise InputError("--policy drop keeps the sentences the NLI check supports: "
                             "it cannot go with --no-verify")
        if args.nli_model and args.no_verify:
            raise InputError("--nli-model names the model of the check that --no-verify "
                             "leaves out: give one or the other")
        answerer = ChatAnswerer(ChatOptions())
    elif args.policy == "drop" or args.no_verify or args.nli_model:
        given = ("--policy drop" if args.policy == "drop" else "--no-verify" if args.no_verify
                 else "--nli-model")
        raise InputError(f"{given} applies to a generated answer: add --generate")
    # the store first: with none there, that is what to fix, not the NLI model's setting
    graph = open_graph(args)
    _fields(args.meta)  # --meta first, as before the library's checks were made here
    _check_options(args)
    doc = _globs(args.doc)
    if doc:  # as the library checks it, before the dates
        graph.matching_documents(doc)
    _check_dates(args)
    if args.generate and not args.no_verify:  # the NLI model loads now, before any search:
        from docnav.verify import TransformersNLI, Verifier, VerifyOptions

        nli = VerifyOptions(model=_nli_model(args))  # a bad one is said before the question
        model = TransformersNLI(nli)  # goes to the chat endpoint (it reads in steps, on first
        model.load()  # use: its weights were read after the request, at the first claim)
        verifier = Verifier(model, nli)
    where = {k: v for k, v in {"metadata": _fields(args.meta), "dated_after": args.after,
                               "dated_before": args.before}.items() if v}
    # none having them is said with the options as given (as `locate` says it)
    answer = Navigator(graph, answerer=answerer, verifier=verifier, policy=args.policy).ask(
        args.question, budget=args.budget, doc=doc, where=where or None,
        said_as=_said_as(args))
    # 1, as for an index run with failed documents: the work is done, a part of it failed
    code = EXIT_FAILED_DOCS if answer.generation_error else EXIT_OK
    if answer.generation_error:
        print(f"docnav: warning: answer generation failed ({answer.generation_error}); the "
              "answer is the cited evidence", file=sys.stderr)
    if answerer is not None and not answer.evidence:  # nothing sent: said, not left to guess
        what = "the answer is a count of documents" if answer.count else "nothing was found"
        print(f"docnav: note: --generate: no evidence was collected ({what}), so no answer was "
              "written from it", file=sys.stderr)
    if answer.invalid_citations:
        print(f"docnav: warning: the generated answer cites evidence that does not exist: "
              f"{', '.join(answer.invalid_citations)} (the evidence is [1] to "
              f"[{len(answer.evidence)}]); those citations are left out of it", file=sys.stderr)
    if answer.dropped and answer.generated_by is None:
        print(f"docnav: warning: no sentence of the generated answer is supported by the "
              f"evidence (--policy drop removed all {len(answer.dropped)}); the answer is the "
              "cited evidence", file=sys.stderr)
    if args.json:
        stale = graph.stale(e.piece.doc_path for e in answer.evidence)
        # none: the evidence is only close in meaning (the text says so in words); one field
        # a script reads, where the exit code stays 0 (an answer was made, of what there is)
        asked = ([graph.node(r).path for r in graph.documents_where(doc, where, _said_as(args))]
                 if where else graph.document_paths(doc) if doc else None)
        out = answer.to_json() | {"matched_words": _words_held(graph, _searched(answer),
                                                               asked),
                                  "stale": [{"document": path, "error": error}
                                            for path, error in stale]}
        print_result(json.dumps(out, indent=2, ensure_ascii=False))
        return code
    print_result(answer_text(answer, graph, trace=args.trace))
    return code


def _no_summaries(graph, args: argparse.Namespace) -> str:
    """Why --via summary or --verified-only found nothing, where the store has no summary
    at all (it said "no hits with --via" of a store indexed with --no-summaries)."""
    if graph.summaries or not (args.verified_only or "summary" in (args.via or [])):
        return ""
    return (" (the store has no summaries: it was indexed with --no-summaries; `docnav index "
            "PATH` without it builds them)")


def _cmd_locate(args: argparse.Namespace) -> int:
    import json

    if args.k < 1:  # said of the option, not of the library's argument ("k 0:")
        raise InputError(f"-k {args.k}: ask for at least 1 hit")
    graph = open_graph(args)
    doc = _globs(args.doc)
    if doc:  # a glob matching nothing is an error, as for `ask`: not "no hits"
        graph.matching_documents(doc)
    _fields(args.meta)  # --meta first, as before the library's checks were made here
    _check_dates(args)
    _check_options(args)
    filters = {"path": doc, "metadata": _fields(args.meta),
               "dated_after": args.after, "dated_before": args.before,
               "verified_only": args.verified_only}
    where = {k: filters[k] for k in ("metadata", "dated_after", "dated_before") if filters[k]}
    searched = None  # the documents searched: all, those of --doc, or those of the criteria
    if where:  # documents none of which has them: said, as `ask` says it (not "no hits")
        searched = [graph.node(r).path
                    for r in graph.documents_where(doc, where, _said_as(args))]
    elif doc:
        searched = graph.document_paths(doc)
    hits = graph.locate(args.query, k=args.k, kinds=args.kind or None, levels=args.level,
                        via=args.via, filters={k: v for k, v in filters.items() if v})
    rows = [{"node_id": h.node_id, "score": round(h.score, 5), "kind": h.kind,
             "block_kind": h.block_kind, "via": h.via, "vias": list(h.vias),
             "breadcrumb": graph.node(h.node_id).breadcrumb, "page": graph.node(h.node_id).page,
             "document": graph.node(h.node_id).path, "text": _matched_text(graph, h)}
            # a node matched by its summary too (one hit since de-duplication): its words,
            # which the hit of the summary showed
            | ({"summary": graph.summaries[h.node_id]["text"]} if "summary" in h.vias else {})
            for h in hits]
    note_stale(graph, [r["document"] for r in rows])
    # where the hits are only close in meaning, or there is none: why, said
    note = _none_held(graph, args.query, searched) if rows else (
        f"no hits{' with ' + ', '.join(_used(args)) if _used(args) else ''}"
        + _no_summaries(graph, args))
    if args.json:
        if note:  # the JSON is a list of hits: the note goes where the other notes go
            print(f"docnav: note: {note}", file=sys.stderr)
        print_result(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        print_result("\n".join([note] * bool(note) + list(_hit_lines(rows))))
    return EXIT_OK


def _check_options(args: argparse.Namespace) -> None:
    """The library's checks of what ask and locate pass on, made here so that an error names
    the option typed ("--level -1: ..."), not the library's parameter ("levels -1: ..."); in
    the order the library checks them: the question, then the budget (ask; the store first),
    or the query, then the kinds, then the levels (locate; after the --doc globs and the
    dates); --meta is checked before all of them, as it was."""
    from docnav.query._checks import (LEAST_PIECE, check_kinds, check_levels, check_query,
                                      check_text, token_budget)

    if args.func is _cmd_ask:  # (a question of no word to search for may still be answered)
        check_text(args.question)
        token_budget(args.budget, least=LEAST_PIECE, name="--budget")
    else:
        check_query(args.query)
        check_kinds(args.kind or [])  # before the levels, as the library checks them
        check_levels(args.level or [], name="--level")
        _check_summarised_kinds(args)


def _check_summarised_kinds(args: argparse.Namespace) -> None:
    """--verified-only (or --via summary alone) with only kinds of paragraph (--kind
    paragraph, table, ...): refused, since only sections and documents have summaries (it
    said "no hits with --verified-only, --kind paragraph", as if the search had failed)."""
    from docnav.model import NodeKind
    from docnav.query._checks import check_kinds

    summarised = {NodeKind.SECTION.value, NodeKind.DOCUMENT.value, NodeKind.COLLECTION.value}
    by_summary = ["--verified-only"] * args.verified_only + ["--via summary"] * (
        args.via == ["summary"])
    if not (by_summary and args.kind):
        return
    check_kinds(args.kind)  # a kind mistyped is said as such first
    if not set(args.kind) & summarised:
        kinds = ", ".join(f"--kind {k}" for k in args.kind)
        does = {"--verified-only": "keeps the sections and documents whose summary the NLI "
                "model verified", "--via summary": "matches sections and documents by their "
                "summaries"}[by_summary[0]]
        raise InputError(f"{' and '.join(by_summary)} with {kinds}: paragraphs have no "
                         "summaries (a table, a list item, code: paragraphs too), so none "
                         f"can match; {by_summary[0]} {does} (--kind section, --kind "
                         "document), or leave it out")


def _check_dates(args: argparse.Namespace) -> None:
    """--after and --before as dates, named so in an error (the library says "date ..."):
    after the --doc globs, as the library checks them."""
    from docnav.query._checks import iso_date

    for option in ("after", "before"):
        iso_date(getattr(args, option), name=f"--{option}")


def _used(args: argparse.Namespace) -> list[str]:
    """The options that chose what was searched, with their values (`--level 99`)."""
    import shlex

    return [f"--{key.replace('_', '-')}" + ("" if given is True else f" {shlex.quote(given)}")
            for key in ("doc", "meta", "after", "before", "level", "via", "verified_only",
                        "kind")
            for given in ([str(v) for v in getattr(args, key)]
                          if isinstance(getattr(args, key), list) else [getattr(args, key)])
            if given]


def _none_held(graph, query: str, searched: list[str] | None) -> str:
    """Where none of the query's words is in any document searched (``None``: all), that
    the hits are only close in meaning, as `ask` says of its evidence; else ""."""
    from docnav.query.lexical import search_words

    words = search_words(query)
    if _words_held(graph, list(words.values()), searched):
        return ""
    return (f"none of the query's words is in any document searched ({', '.join(words.values())})"
            ": the hits are only close in meaning")


def _searched(answer) -> list[str]:
    """The words an answer's search looked for, as the question wrote them: those of its
    evidence search (``Answer.searched``: the router's, without the asking words, "Which
    RFCs mention zzzz?" searched "zzzz"), else those a count counted by; else, where neither
    was made (a route that reads what it names), the question's search words."""
    from docnav.query.lexical import search_words

    return (answer.searched or (answer.count or {}).get("words")
            or list(search_words(answer.question).values()))


def _words_held(graph, words: list[str], searched: list[str] | None) -> list[str]:
    """Those of ``words`` (as given) that some document of ``searched`` (``None``: all)
    holds by one of their search terms, in their order."""
    from docnav.query.lexical import search_words

    terms = {w: list(search_words(w)) for w in dict.fromkeys(words)}
    held = graph.term_documents(list({t for ts in terms.values() for t in ts}))
    scope = set(graph.document_paths() if searched is None else searched)
    return [w for w, ts in terms.items() if any(held.get(t, set()) & scope for t in ts)]


def _hit_lines(rows: list[dict]) -> Iterator[str]:
    for r in rows:
        # a paragraph's block kind where it says more: a table, a list item, a caption
        kind = (r["block_kind"] if r["kind"] == "paragraph" and r["block_kind"] not in (
            None, "", "text") else r["kind"])
        page = f", p. {r['page']}" if r["page"] else ""
        yield (f"{r['node_id'][:12]}  {r['score']:.4f}  {kind:<9} {r['via']:<7} "
               f"{r['breadcrumb']}{page}")
        if r["text"] and (r["kind"] == "paragraph" or r["via"] == "summary"):
            yield f"    {_shortened(r['text'], 160)}"  # (a heading is the breadcrumb's end)
        if r["via"] != "summary" and r.get("summary"):  # matched by its summary too
            yield f"    summary: {_shortened(r['summary'], 151)}"


def note_stale(graph, paths: list[str]) -> None:
    """On stderr, as `ask` says it with its evidence: the documents read whose file failed to
    index since their stored version."""
    for path, error in graph.stale(paths):
        print(f"docnav: note: {path} is the version last indexed: its file now fails "
              f"({error})", file=sys.stderr)


def _doc_option(p: argparse.ArgumentParser) -> None:
    """--doc, repeatable (ask, locate): the library takes a list of globs, and a second
    --doc replaced the first without a word."""
    p.add_argument("--doc", type=_given("a glob"), action="append", metavar="GLOB",
                   help="only documents whose path matches this glob (a path as stored, its "
                   "end after a /, or one relative to here; repeatable: those matching any)")


def _document_options(p: argparse.ArgumentParser) -> None:
    """--meta, --after, --before: documents chosen by their own fields (ask, locate)."""
    p.add_argument("--meta", action="append", metavar="KEY=VALUE",
                   help="only documents whose metadata has this value, e.g. author=Jane "
                   "(any case; an author also by one of its names; repeatable)")
    p.add_argument("--after", metavar="YYYY-MM-DD", type=_given("a date"),
                   help="only documents dated on or after this day (their own date: a PDF's "
                   "arXiv identifier, or the day its first version's stamp gives; front "
                   "matter, document properties; a month, an arXiv identifier's or a field's "
                   "'March 2018', is kept where it ends on or after the day)")
    p.add_argument("--before", metavar="YYYY-MM-DD", type=_given("a date"),
                   help="only documents dated on or before (a month: where it begins on or "
                   "before the day)")


def _globs(given: list[str] | None) -> str | list[str] | None:
    """--doc as the library takes it: one glob as itself (its errors quote it, not a list of
    it), several as their list (documents matching any)."""
    return given[0] if given and len(given) == 1 else given


def _fields(pairs: list[str] | None) -> dict[str, str]:
    """``--meta author=Jane`` as {"author": "Jane"}; an empty value is refused (it kept every
    document without the field: as if the filter were not there)."""
    out = {}
    for pair in pairs or []:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise InputError(f"--meta {pair!r}: give KEY=VALUE, e.g. --meta author=Jane")
        if not value.strip():
            raise InputError(f"--meta {pair!r}: no value after '='; give the value the field "
                             "must have, e.g. --meta author=Jane")
        out[key.strip()] = value.strip()
    return out


def _said_as(args: argparse.Namespace) -> dict[str, str]:
    """The document criteria as the command line gave them, for the error where no document
    has them (``--meta author=Jane``, not ``metadata={'author': 'Jane'}``)."""
    import shlex

    # joined as locate's options are said ("--doc '0458*', --level 99"), one way
    return {"metadata": ", ".join(f"--meta {shlex.quote(f'{k}={v}')}"
                                 for k, v in _fields(args.meta).items()),
            "dated_after": f"--after {args.after}", "dated_before": f"--before {args.before}"}


def _matched_text(graph, hit) -> str:
    """What the hit matched: a paragraph's text, a section's or document's heading (the end
    of its breadcrumb), a summary."""
    if hit.via == "summary":
        return graph.summaries[hit.node_id]["text"]
    node = graph.node(hit.node_id)
    return node.text if node.kind == "paragraph" else node.heading or ""


def _shortened(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + " …"


# what `docnav nav` says when nothing lies in a direction
_NOTHING_THAT_WAY = {
    "parent": " has no parent: it is the top of the graph",
    "children": " has no children",
    "siblings": " has no siblings",
    "next": ": nothing comes after it in its document",
    "previous": ": nothing comes before it in its document",
    "references": " has no references",
    "referenced-by": ": nothing refers to it",
    "related": ": no section is related to it (related edges join sections alike in meaning)",
}

# of what has no place in a document's reading order, "nothing comes after it in its document"
# is untrue: the way in is said instead
_NOT_IN_READING_ORDER = {
    "document": ": next and previous lead through a document's sections and paragraphs in "
                "reading order, not from one document to another; `docnav nav {id} --dir "
                "children` lists its sections",
    "collection": ": next and previous lead through a document's sections and paragraphs in "
                  "reading order; `docnav nav {id} --dir children` lists the documents",
}

# the directions whose links of a document's or section's parts are listed too: the JSON key
# and each one's key for the parts, the text's header (of a document, of a section) and arrow
_ACROSS = {
    "referenced-by": ("into_sections", "to", ("referring to its sections from other documents",
                                              "referring to its sections from outside it"), "→"),
    "references": ("from_sections", "from", ("referred to by its sections, in other documents",
                                              "referred to by its sections, outside it"), "←"),
}


def _cmd_nav(args: argparse.Namespace) -> int:
    import json

    graph = open_graph(args, with_embedder=False)
    node_id = graph.resolve(args.node)
    found = graph.navigate(node_id, args.dir)
    # what refers to a document or section is also what links into it from outside
    # ("parts.html#seals" of the parts list)
    # and what it refers to, what its sections and paragraphs refer to outside it
    across = graph.parts_lead_to(node_id, args.dir) if args.dir in _ACROSS else {}

    def row(nid: str) -> dict:
        n = graph.node(nid)
        return {"node_id": nid, "kind": n.kind, "block_kind": n.block_kind, "level": n.level,
                "heading": n.heading, "breadcrumb": n.breadcrumb, "page": n.page,
                "document": n.path, "text": n.text}

    kind = graph.node(node_id).kind
    nothing = "" if found else f"{node_id[:12]} ({kind})" + _nothing_that_way(
        kind, node_id, args.dir, bool(across))
    if args.json:
        out = {"from": node_id, "direction": args.dir, "nodes": [row(nid) for nid in found]}
        if nothing:  # a machine reading the empty list learns why, as a person does
            out["note"] = nothing
        if kind in ("document", "section") and args.dir in _ACROSS:
            key, parts_key, _, _ = _ACROSS[args.dir]
            out[key] = [row(nid) | {parts_key: parts} for nid, parts in across.items()]
        print_result(json.dumps(out, indent=2, ensure_ascii=False))
        return EXIT_OK
    lines = [_nav_line(graph, nid) for nid in found]
    if nothing:
        lines.append(nothing)
    if across:
        _, _, (of_document, of_section), arrow = _ACROSS[args.dir]
        header = of_document if kind == "document" else of_section
        lines.append(f"{header} ({len(across)}):")
        for nid, parts in across.items():
            crumbs = ", ".join(graph.node(p).breadcrumb for p in parts)
            lines.append(f"{_nav_line(graph, nid)}  {arrow} {crumbs}")
    print_result("\n".join(lines))
    return EXIT_OK


def _nothing_that_way(kind: str, node_id: str, direction: str, across: bool) -> str:
    if direction in ("next", "previous") and kind in _NOT_IN_READING_ORDER:
        return _NOT_IN_READING_ORDER[kind].format(id=node_id[:12])
    return _NOTHING_THAT_WAY[direction] + (" itself" if across else "")


def _nav_line(graph, nid: str) -> str:
    n = graph.node(nid)
    label = {"paragraph": _shortened(n.text, 90), "document": f"{n.heading} ({n.path})"}.get(
        n.kind, n.heading)
    page = f", p. {n.page}" if n.page else ""  # as locate and fetch say where it is printed
    return f"{nid[:12]}  {n.kind:<9} {n.breadcrumb}{page} | {label}"


def _cmd_show(args: argparse.Namespace) -> int:
    import json

    from docnav.show import document_json, documents_json, render_document, render_documents
    from docnav.store import Store

    given = [flag for flag, on in (("--text", args.text), ("--no-summaries", args.no_summaries))
             if on]
    if args.doc is None and given:  # the listing has neither paragraphs nor summaries
        args.usage_error(f"{' and '.join(given)} need{'s' * (len(given) == 1)} DOC, the "
                         f"document to show (`docnav show DOC {' '.join(given)}`); without "
                         "DOC, `docnav show` lists the documents")
    store = Store(_db_path(args))
    if args.json:
        shown = documents_json(store) if args.doc is None else document_json(
            store, args.doc, show_text=args.text, show_summaries=not args.no_summaries)
        print_result(json.dumps(shown, indent=2, ensure_ascii=False))
    elif args.doc is None:
        print_result(render_documents(store))
    else:
        print_result(render_document(store, args.doc, show_text=args.text,
                              show_summaries=not args.no_summaries))
    return EXIT_OK


def add_ask_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "ask", help="answer a question with cited evidence by navigating the graph",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Routes the question (local, cross-reference, global), then locates, "
        "fetches, expands and follows references until the evidence is sufficient or the "
        "token budget is spent. The answer is the cited evidence; with --generate, also an "
        "answer written from it by a chat model, citing it.",
        epilog='examples:\n  docnav ask "Why does Send need a static bound?"\n'
        '  docnav ask "What are the main risks?" --doc "*10K*" --budget 2048 --json\n'
        '  docnav ask "Which RFCs discuss crates.io?" --after 2024-01-01\n'
        '  DOCNAV_LLM_BASE_URL=http://localhost:8000/v1 DOCNAV_LLM_MODEL=qwen2.5-7b \\\n'
        '    docnav ask "How is the seal replaced?" --generate --policy drop',
    )
    p.add_argument("question", help="the question, in quotes")
    _doc_option(p)
    _document_options(p)
    p.add_argument("--budget", type=int, default=1024,
                   help="evidence tokens, 16 to 1,000,000 (default 1024)")
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
    p.add_argument("--nli-model", type=_given("a model"),
                   help="NLI model id or folder for that check (default: $DOCNAV_NLI_MODEL "
                   "or cross-encoder/nli-deberta-v3-xsmall)")
    p.add_argument("--policy", choices=["flag", "drop"], default="flag",
                   help="with --generate: keep every sentence of the answer, each marked with "
                   "its verdict (default), or drop the ones the evidence does not support (none "
                   "left: the answer is the evidence)")
    p.set_defaults(func=_cmd_ask)


def add_locate_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "locate", help="hybrid (BM25 + embedding) search over paragraphs, sections, summaries",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Searches the store's nodes (paragraphs, with their blocks: tables, list "
        "items, code; sections; documents) for the words: BM25 keyword scores and embedding "
        "similarity, fused, over each node's own text (a section's heading) and its summary. "
        "Prints the best hits first, a line each: node id, score, kind (a paragraph's block "
        "kind where it has one: table, list_item, code), what it matched (text or summary) and "
        "where it is; under it a paragraph's text, or a section's or document's summary (its "
        "heading ends the line above).",
        epilog='examples:\n  docnav locate "negative impls" -k 5\n'
        '  docnav locate "operating margin" --kind section --json\n'
        '  docnav locate "risks" --via summary --verified-only --after 2022-01-01\n'
        'a hit\'s text: docnav fetch ID (a section: its paragraphs); around it: docnav nav ID '
        '--dir children',
    )
    p.add_argument("query", help="the words to search for, in quotes")
    p.add_argument("-k", "--k", type=int, default=10, help="how many hits (default 10)")
    p.add_argument("--kind", action="append", help="paragraph, section, document, or a block "
                   "kind such as table (repeatable)")
    p.add_argument("--level", type=int, action="append", help="only nodes at this depth: 0 the "
                   "document, 1 a top-level section, 2 the sections in it, ...; a paragraph is "
                   "one below its section (repeatable)")
    p.add_argument("--via", action="append", choices=["text", "summary"],
                   help="what a hit matched: its own text (a section's heading) or its summary "
                   "(repeatable; default both: a node matching both ways is one hit, at its "
                   "better match, its JSON's vias naming both, its summary shown too)")
    _doc_option(p)
    _document_options(p)
    p.add_argument("--verified-only", action="store_true", help="only nodes whose summary "
                   "the NLI model verified (with --via summary: verified summaries)")
    p.add_argument("--json", action="store_true", help="machine-readable output: the list "
                   "of hits (notes on stderr)")
    p.set_defaults(func=_cmd_locate)


def add_nav_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "nav", help="navigate from a node: parent, children, siblings, next, previous, "
        "references, referenced-by, related",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Prints the nodes one step from a node in the direction given: its place "
        "in the heading tree (parent, children, siblings, next, previous), the references "
        "between nodes, or the sections most alike in meaning.",
        epilog="examples:\n  docnav nav 3f2a9c1b --dir children\n"
               "  docnav nav 3f2a9c1b --dir related\n"
               "  docnav nav 1977-public-private-dependencies.md --dir referenced-by\n"
               "  docnav nav 0458-send-improvements.md --dir children",
    )
    p.add_argument("node", help="node id or a unique prefix of one; a document id, or a "
                   "document's path as `docnav show` takes it, stands for the document's root "
                   "node")
    p.add_argument("--dir", required=True, help="parent, children, siblings, next, previous, "
                   "references, referenced-by (the nodes whose references lead to it; of a "
                   "document or section, also those outside it leading into its sections) or "
                   "related (of a section, the sections most alike in meaning)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=_cmd_nav)


def add_show_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "show",
        help="list documents, or print one document's heading tree with ids",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Without DOC: every document with its status. With DOC (a doc id, a "
        "prefix of one, or a path): its heading tree with node ids and counts.",
        epilog="examples:\n  docnav show\n  docnav show samples/rfcs/0458-send-improvements.md"
        "\n  docnav show 3f2a --text\n  docnav show 3f2a --json",
    )
    p.add_argument("doc", nargs="?", help="document id, id prefix or path")
    p.add_argument("--text", action="store_true", help="print paragraph text under headings")
    p.add_argument("--no-summaries", action="store_true", help="hide summaries and claims")
    p.add_argument("--json", action="store_true", help="machine-readable output: the "
                   "documents, or the document's tree as nested sections")
    p.set_defaults(func=_cmd_show, usage_error=p.error)
