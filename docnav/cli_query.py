"""The ``docnav`` commands that read the store: ask, locate, nav, show, and their output."""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from pathlib import Path

from docnav.cli_common import EXIT_FAILED_DOCS, EXIT_OK, _db_path, _nli_model
from docnav.errors import InputError

COUNT_NAMED = 10  # the documents a count names on the terminal; --json lists them all


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


def read_first(lead: dict) -> str:
    """The header line naming the document a question asked of several was read in first
    (the trace's step for it, :meth:`docnav.query.passages.Passages.best_document`)."""
    def said(words: list[str]) -> str:
        words = [f'"{w}"' for w in words]
        return " and ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)

    if lead["named_by"]:
        why = (f"the only one of the {lead['of']} documents asked of that says "
               f"{said(lead['named_by'])}, {'words' if len(lead['named_by']) > 1 else 'a word'}"
               f" of its title")
    elif lead.get("defines"):  # "What is MIR?"
        why = (f"the one of the {lead['of']} documents asked of that spells {lead['defines']} "
               "out" if lead["spelling"] == 1 else f"of the {lead['spelling']} documents "
               f"spelling {lead['defines']} out, the one using it most")
    elif lead.get("titled_by"):
        why = (f"the one of the {lead['of']} documents asked of whose title holds most of the "
               f"question's words ({said(lead['titled_by'])})")
    else:
        why = f"the best match of the {lead['of']} documents asked of"
    return f"read first (up to {lead['up_to']} tokens): {Path(lead['document']).name}, {why}"


def _cmd_ask(args: argparse.Namespace) -> int:
    import json

    from docnav.query import Navigator
    from docnav.query.which import count_line
    from docnav.query.passages import BEST_DOCUMENT

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
    graph = _graph(args)
    where = {"metadata": _fields(args.meta), "dated_after": args.after,
             "dated_before": args.before}
    answer = Navigator(graph, answerer=answerer, verifier=verifier, policy=args.policy).ask(
        args.question, budget=args.budget, doc=args.doc,
        where={k: v for k, v in where.items() if v} or None)
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
    if answer.count is not None and not answer.evidence:  # "How many RFCs are there?"
        what = "count" if answer.count["asked"] == "how many" else "list"
        of = "companies of the documents" if "companies" in answer.count else "documents"
        print(f"route: {answer.route}; a {what} of the {of} asked of, none read")
    elif answer.confidence is None:  # "What is the clamp RFC about?": its summary answers
        how = (" (a summary answers)" if any(e.found_by == "summary" for e in answer.evidence)
               else "")
        print(f"route: {answer.route}; the question names nothing to look for{how}; "
              f"{answer.tokens_used} tokens of evidence")
    else:
        print(f"route: {answer.route}; confidence {answer.confidence:.2f}; "
              f"{answer.tokens_used} tokens of evidence")
    focus = next((s for s in answer.trace
                  if s["op"] in ("compare", "compare documents", "documents", "focus",
                                 "each document")), None)
    if focus and focus["op"] == "each document":  # "What dataset does each paper use?"
        read = ", ".join(Path(p).name for p in focus["documents"])
        if focus.get("not_read"):  # more than the budget reads: those whose passages rank best
            print(f"asked of {len(focus['documents'])} of the {focus['asked_of']} documents "
                  f"in turn (those whose passages rank best), {focus['tokens_each']} tokens "
                  f"each, as \"{focus['question']}\": {read}; not read: "
                  + ", ".join(Path(p).name for p in focus["not_read"])
                  + f" (--budget {focus['every_with']} reads each)")
        else:
            print(f"asked of each of the {len(focus['documents'])} documents in turn, "
                  f"{focus['tokens_each']} tokens each, as \"{focus['question']}\": {read}")
    elif focus and focus["op"] == "compare documents":  # documents named by their titles
        each = ", ".join(f"{Path(doc).name} ({', '.join(words)})"
                         for doc, words in zip(focus["documents"], focus["words"]))
        print(f"asked of each document the question names by its title, "
              f"{focus['tokens_each']} tokens each: {each}")
    elif focus and focus["op"] == "documents":  # "which RFCs …": the best documents, each in turn
        n, without = len(focus["documents"]), f"without \"{focus['left_out']}\""
        if focus.get("about"):  # "discuss": what they say of it is searched, not the verb
            without += f" or \"{focus['about']}\""
        more = (f" (--budget {focus['more_with']} reads one more)"
                if focus.get("more_with") else "")
        dated = f" dated {focus['dated']}" if focus.get("dated") else ""  # "in 2024"
        if focus.get("refers_to") or focus.get("cites"):  # "Which RFCs refer to RFC 1961?",
            whose = (f"whose references lead to {Path(focus['refers_to']).name}"  # by their
                     if focus.get("refers_to") else  # references; "... cite Devlin et al.?"
                     f"whose works cited hold {focus['cites']}")
            print(f"asked of the {n} documents {whose}, {focus['tokens_each']} tokens each"
                  f"{more}" if n > 1 else f"asked of the one document {whose}{more}")
        elif focus.get("order"):  # "What is the newest RFC?": by their own dates
            named = ", ".join(f"{Path(p).name} ({d})"
                              for p, d in zip(focus["documents"], focus["dates"]))
            undated = f", {focus['undated']} undated" if focus["undated"] else ""
            holding = (" holding " + ", ".join(f'"{w}"' for w in focus["holding"])
                       if focus["holding"] else "")
            print(f"asked of the {focus['order']} by their own dates of the "
                  f"{focus['dated_of']} dated documents asked of{holding}{undated}: {named}"
                  + (f", {focus['tokens_each']} tokens each" if n > 1 else ""))
        elif focus.get("earliest_of"):  # nothing asked but the date: the earliest so dated
            print(f"asked of the {n} earliest of the {focus['earliest_of']} documents{dated}, "
                  f"{focus['tokens_each']} tokens each, {without}")
        else:
            print(f"asked of the {n} best documents{dated}, {focus['tokens_each']} tokens each, "
                  f"{without}{more}" if n > 1 else
                  f"asked of the best document{dated} alone, {without}{more}")
    elif focus and focus["op"] == "compare":  # the question named several companies
        each = ", ".join(f"{name} ({len(docs)} filing{'s' if len(docs) > 1 else ''})"
                         for name, docs in zip(focus["companies"], focus["documents"]))
        which = "in the store" if focus.get("each") else "the question names"
        print(f"asked of each company {which}, {focus['tokens_each']} tokens each: {each}")
    elif focus and focus.get("by") == "title":  # "the zero-shot translation paper"
        name, said = Path(focus["documents"][0]).name, focus["left_out"][0]
        how = "file's name" if said.lower() in (name.lower(), Path(name).stem.lower()) else "title"
        print(f"asked of {name}, which the question names by its {how} (\"{said}\")")
    elif focus and focus.get("documents"):  # the question named a company: its filings alone
        n = len(focus["documents"])
        print(f"asked of the {n} filing{'s' if n > 1 else ''} of {focus['left_out'][0]}, "
              "which the question names")
    elif focus:  # --doc chose one company's filings: its name was not searched for
        said = [f'"{n}"' for n in focus["left_out"] if n.startswith("the ")]  # "the company"
        print(f"searched without {focus['left_out'][0]}"
              f"{' (or ' + ', '.join(said) + ')' if said else ''}, the name of the filings asked")
    if answer.count is not None:  # "How many RFCs mention traits?": the number, and which
        names = [Path(p).name for p in answer.count["documents"]]
        more = (f", … and {len(names) - COUNT_NAMED} more (--json lists them all)"
                if len(names) > COUNT_NAMED else "")
        print(f"{answer.count['asked']} {answer.count['kind']}: {count_line(answer.count)}"
              + (f": {', '.join(names[:COUNT_NAMED])}{more}" if names else ""))
    if any(s.get("figures") for s in answer.trace):  # "How many ...?": the answer is a number
        print("a question asking for a figure: the paragraphs stating one were ranked up")
    for step in (s for s in answer.trace if s["op"] == "spell out"):  # "the CEO"
        print("searched with the long forms too: " + ", ".join(
            f"{acronym} ({long_form})" for acronym, long_form in step["acronyms"].items()))
    for step in (s for s in answer.trace if s["op"] == "no part" and "heading" in s):
        # of each in turn, one without the part the others have ("What are the drawbacks of
        # each RFC?"); a label no part carries ("Note 99") is said with the evidence
        print(f"no section headed \"{step['heading']}\" in "
              f"{', '.join(Path(p).name for p in step['documents'])}: its best passages instead")
    for name in answer.untitled:  # the evidence may be of some other document
        print(f"no document asked of is titled \"{name}\" (no title or file name holds its "
              f"words): the evidence is the best match's (`docnav show` lists the documents)")
    lead = next((s for s in answer.trace if s.get("over") == BEST_DOCUMENT), None)
    if lead:  # a question asked of several documents: the one it is most likely about first
        print(read_first(lead))
        if lead["next"]:  # the question named nothing of its document: it may be about these
            print(f"next best: {', '.join(Path(p).name for p in lead['next'])} "
                  "(--doc asks one document alone)")
    for op in (s for s in answer.trace if s["op"] == "pages"):  # "What is on page 36 of ...?"
        span = (f"page {op['first']}" if op["first"] == op["last"]
                else f"pages {op['first']}-{op['last']}")
        found = any(s.get("over") == "the pages asked for" for s in answer.trace)
        print(f"read {span} of {Path(op['document']).name} ({op['paragraphs']} paragraphs), "
              + ("what the question asks found on them first" if found else "in reading order"))
    outline = next((s for s in answer.trace if s["op"] == "outline"), None)
    if outline and "documents" in outline:  # "What sections does ... have?"
        print("the outline of " + ", ".join(Path(p).name for p in outline["documents"])
              + ": its headings, as deep as the budget allows")
    elif outline:  # "What does Item 1A say?": the part's subsections named first
        print(f'the outline of "{outline["heading"]}" first ({outline["headings"]} of its '
              "subsections' headings), then its text")
    listed = next((s for s in answer.trace if s["op"] == "captions"), None)
    if listed:  # "What tables does the pioNER paper have?"
        what = " and ".join(f"{k}s" for k in listed["kinds"])
        if listed["n"]:
            print(f"the captions of the {what} of the documents asked of: {listed['n']} in "
                  f"{listed['documents']} document{'s' * (listed['documents'] > 1)}, in "
                  "reading order, as many as the budget allows")
        if listed.get("uncaptioned"):  # a document captioning none of its tables
            n, docs = listed["uncaptioned"], listed["uncaptioned_in"]
            print(f"{n} table{'s' * (n > 1)} without a caption in {docs} document"
                  f"{'s' * (docs > 1)} captioning none, read in order as the budget allows")
    for op in (s for s in answer.trace if s.get("over") == "paragraphs spelling the acronym out"):
        for nid, long_form in zip(op["hits"], op["long_forms"]):  # "What does OLID stand for?"
            print(f"{op['acronym']}: {long_form} "
                  f"({Path(graph.node(nid).path).name})")
    for op in (s for s in answer.trace if s["op"] == "works cited"):
        for listed in op["documents"]:  # "How many references does ... have?": counted
            n = listed["entries"]
            print(f"the works cited of {Path(listed['document']).name}: "
                  + (f"{n} ({listed['counted']})" if n else "no entry read")
                  + (f"; {listed['holding']} paragraphs of them hold {', '.join(op['about'])}"
                     if op["about"] else
                     f", {listed['paragraphs']} paragraphs, read in order as the budget "
                     "allows"))
    for op in (s for s in answer.trace if s["op"] == "no works cited"):
        print("no document asked of has a section headed References or Bibliography"
              if "about" not in op else
              f"no works cited asked of hold {', '.join(op['about'])}"
              + ": the question was searched")
    for path, fields in answer.fields.items():  # "When did ... start?": its start date
        counted = fields.get("length") if "length" not in graph.fields(path) else None
        named = "; ".join(f"{key} = {value}" for key, value in fields.items()
                          if counted is None or key != "length")
        if named:
            print(f"asked for, in the fields of {Path(path).name}: {named}")
        if counted:  # "How long is the pump guide?" of a document without pages
            print(f"the length of {Path(path).name}, counted: {counted}")
    for path, keys in answer.fields_lacking.items():  # "Who wrote ...?" of an RFC
        print(f"asked for, not in the fields of {Path(path).name}: author "
              f"({'its fields: ' + ', '.join(keys) if keys else 'it has no fields'})")
    for section in answer.empty:  # asked for, and nothing is written under its heading
        print(f"no text under the heading asked for: {graph.node(section).breadcrumb}  "
              f"[{section[:12]}]")
    if (answer.evidence and answer.confidence == 0 and answer.missing
            and not any(e.relevance for e in answer.evidence)):
        # (a question of only a global cue, "Summarise the main themes", has no words to miss;
        # asked of documents in turn, the confidence is the least part's: another's may hold
        # them)
        print("none of the question's words is in the evidence: the pieces below are only "
              "close in meaning")
    elif answer.evidence and answer.missing:
        print(f"not in the evidence: {', '.join(answer.missing)}")
    if answer.absent:  # no search can find these: the store lacks them, or the --doc scope does
        print(f"in none of the documents asked of: {', '.join(answer.absent)}")
    if answer.headed:  # where a reader would look for a word the evidence lacks
        print("sections headed by those words, not read (docnav fetch ID reads one):")
        for section in (s for sections in answer.headed.values() for s in sections):
            print(f"  {section[:12]}  {graph.node(section).breadcrumb}")
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
    if not answer.evidence and answer.count is None:
        print("no evidence found")
    if args.trace:
        print("trace:")
        for step in answer.trace:
            print("  " + ", ".join(f"{k}={v}" for k, v in step.items()))
    return code


def _cmd_locate(args: argparse.Namespace) -> int:
    import json

    graph = _graph(args)
    if args.doc:  # a glob matching nothing is an error, as for `ask`: not "no hits"
        graph.matching_documents(args.doc)
    filters = {"path": args.doc, "metadata": _fields(args.meta),
               "dated_after": args.after, "dated_before": args.before,
               "verified_only": args.verified_only}
    hits = graph.locate(args.query, k=args.k, kinds=args.kind or None, levels=args.level,
                        via=args.via, filters={k: v for k, v in filters.items() if v})
    rows = [{"node_id": h.node_id, "score": round(h.score, 5), "kind": h.kind, "via": h.via,
             "breadcrumb": graph.node(h.node_id).breadcrumb,
             "document": graph.node(h.node_id).path, "text": _matched_text(graph, h)}
            for h in hits]
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
    elif not rows:
        used = [f"--{k.replace('_', '-')}" for k in ("doc", "meta", "after", "before", "level",
                                                      "via", "verified_only", "kind")
                if getattr(args, k)]
        print(f"no hits{' with ' + ', '.join(used) if used else ''}")
    for r in rows if not args.json else []:
        print(f"{r['node_id'][:12]}  {r['score']:.4f}  {r['kind']:<9} {r['via']:<7} "
              f"{r['breadcrumb']}")
        if r["text"]:
            print(f"    {_shortened(r['text'], 160)}")
    return EXIT_OK


def _document_options(p: argparse.ArgumentParser) -> None:
    """--meta, --after, --before: documents chosen by their own fields (ask, locate)."""
    p.add_argument("--meta", action="append", metavar="KEY=VALUE",
                   help="only documents whose metadata has this value, e.g. author=Jane "
                   "(any case; repeatable)")
    p.add_argument("--after", metavar="YYYY-MM-DD", help="only documents dated on or after "
                   "this day (their own date: front matter, document properties)")
    p.add_argument("--before", metavar="YYYY-MM-DD", help="only documents dated on or before")


def _fields(pairs: list[str] | None) -> dict[str, str]:
    """``--meta author=Jane`` as {"author": "Jane"}."""
    out = {}
    for pair in pairs or []:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise InputError(f"--meta {pair!r}: give KEY=VALUE, e.g. --meta author=Jane")
        out[key.strip()] = value.strip()
    return out


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
        label = {"paragraph": _shortened(n.text, 90), "document": f"{n.heading} ({n.path})"}.get(
            n.kind, n.heading)
        print(f"{nid[:12]}  {n.kind:<9} {n.breadcrumb} | {label}")
    if not found:
        none = (": nothing refers to it" if args.dir == "referenced-by"
                else f" has no {args.dir}")
        print(f"{node_id[:12]} ({graph.node(node_id).kind}){none}")
    return EXIT_OK


def _cmd_fetch(args: argparse.Namespace) -> int:
    import json

    from docnav.query.graph import count_tokens

    if args.budget < 1:
        raise InputError(f"--budget {args.budget}: give at least 1 token")
    graph = _graph(args, with_embedder=False)
    nodes = list(dict.fromkeys(graph.resolve(ref) for ref in args.nodes))
    under = {p for nid in nodes for p in graph.expand(nid, depth=10_000)
             if graph.node(p).kind == "paragraph"}
    if args.pages:
        under = _on_pages(graph, args, under)
    pieces = graph.fetch(under if args.pages else nodes, budget=args.budget)
    tokens = sum(p.tokens for p in pieces)
    # the last piece may be its paragraph's start: the budget ran out inside it
    cut = bool(pieces) and pieces[-1].tokens < count_tokens(graph.node(pieces[-1].node_id).text)
    whole = len(pieces) - cut
    if args.json:
        print(json.dumps({"nodes": nodes, "budget": args.budget, "tokens": tokens,
                          "paragraphs": len(under), "whole": whole, "cut": cut,
                          "pieces": [{"node_id": p.node_id, "document": p.doc_path,
                                      "breadcrumb": p.breadcrumb, "page": p.page,
                                      "tokens": p.tokens, "text": p.text} for p in pieces]},
                         indent=2, ensure_ascii=False))
        return EXIT_OK
    more = len(under) - whole
    print(f"{whole} of {len(under)} paragraphs{', and the start of one more' if cut else ''}; "
          f"{tokens} tokens"
          f"{f' (--budget {args.budget}: a larger one reads the rest)' if more else ''}")
    where = None
    for i, piece in enumerate(pieces, start=1):
        page = f", p. {piece.page}" if piece.page else ""
        if f"{piece.breadcrumb}{page}  ({piece.doc_path})" != where:  # said once for a run
            where = f"{piece.breadcrumb}{page}  ({piece.doc_path})"
            print(f"\n{where}")
        print(f"[{i}] {piece.node_id[:12]}")
        print(textwrap.indent(piece.text, "  "))
    return EXIT_OK


def _on_pages(graph, args: argparse.Namespace, paragraphs: set[str]) -> set[str]:
    """Of ``paragraphs``, those printed on the pages ``--pages`` names ("36" or "36-38"); an
    error naming the pages there are where none is."""
    m = re.fullmatch(r"\s*(\d{1,5})\s*(?:-\s*(\d{1,5})\s*)?", args.pages)
    if not m or int(m.group(2) or m.group(1)) < int(m.group(1)):
        raise InputError(f"--pages {args.pages!r}: give a page (36) or a range (36-38)")
    first, last = int(m.group(1)), int(m.group(2) or m.group(1))
    pages = {p: graph.node(p).page for p in paragraphs if graph.node(p).page is not None}
    on = {p for p, page in pages.items() if first <= page <= last}
    if not on:
        there = (f"their pages run {min(pages.values())}-{max(pages.values())}" if pages else
                 "they have no page numbers (a PDF's paragraphs have)")
        raise InputError(f"--pages {args.pages}: no paragraph of {', '.join(args.nodes)} is "
                         f"printed on them; {there}")
    return on


def _cmd_show(args: argparse.Namespace) -> int:
    import json

    from docnav.show import document_json, documents_json, render_document, render_documents
    from docnav.store import Store

    store = Store(_db_path(args))
    if args.json:
        shown = documents_json(store) if args.doc is None else document_json(
            store, args.doc, show_text=args.text, show_summaries=not args.no_summaries)
        print(json.dumps(shown, indent=2, ensure_ascii=False))
    elif args.doc is None:
        print(render_documents(store))
    else:
        print(render_document(store, args.doc, show_text=args.text,
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
    p.add_argument("question")
    p.add_argument("--doc", help="only documents whose path matches this glob")
    _document_options(p)
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


def add_locate_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "locate", help="hybrid (BM25 + embedding) search over paragraphs, sections, summaries",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog='examples:\n  docnav locate "negative impls" -k 5\n'
        '  docnav locate "operating margin" --kind section --json\n'
        '  docnav locate "risks" --via summary --verified-only --after 2022-01-01\n'
        'a hit\'s text: docnav fetch ID (a section: its paragraphs); around it: docnav nav ID '
        '--dir children',
    )
    p.add_argument("query")
    p.add_argument("-k", "--k", type=int, default=10, help="how many hits (default 10)")
    p.add_argument("--kind", action="append", help="paragraph, section, document, or a block "
                   "kind such as table (repeatable)")
    p.add_argument("--level", type=int, action="append", help="only nodes at this depth: 1 a "
                   "top-level section, 2 the sections in it, ...; a paragraph is one below its "
                   "section (repeatable)")
    p.add_argument("--via", action="append", choices=["text", "summary"],
                   help="what a hit matched: its own text (a section's heading) or its summary "
                   "(repeatable; default both)")
    p.add_argument("--doc", help="only documents whose path matches this glob")
    _document_options(p)
    p.add_argument("--verified-only", action="store_true", help="only nodes whose summary "
                   "the NLI model verified (with --via summary: verified summaries)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_locate)


def add_nav_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "nav", help="navigate from a node: parent, children, siblings, next, previous, "
        "references, referenced-by, related",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n  docnav nav 3f2a9c1b --dir children\n"
               "  docnav nav 3f2a9c1b --dir related\n"
               "  docnav nav 1977-public-private-dependencies.md --dir referenced-by\n"
               "  docnav nav 0458-send-improvements.md --dir children",
    )
    p.add_argument("node", help="node id or a unique prefix of one; a document id, or a "
                   "document's path as `docnav show` takes it, stands for the document's root "
                   "node")
    p.add_argument("--dir", required=True, help="parent, children, siblings, next, previous, "
                   "references, referenced-by (the nodes whose references lead to it) or "
                   "related")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=_cmd_nav)


def add_fetch_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "fetch", help="print the text of nodes (a section or document: the paragraphs under "
        "it) with breadcrumbs, in document order, cut to a token budget",
        formatter_class=argparse.RawDescriptionHelpFormatter,
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


def add_show_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "show",
        help="list documents, or print one document's heading tree with ids",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Without DOC: every document with its status. With DOC (a doc id, a "
        "prefix of one, or a path): its heading tree with node ids and counts.",
        epilog="examples:\n  docnav show\n  docnav show samples/rfcs/0001-private-fields.md"
        "\n  docnav show 3f2a --text\n  docnav show 3f2a --json",
    )
    p.add_argument("doc", nargs="?", help="document id, id prefix or path")
    p.add_argument("--text", action="store_true", help="print paragraph text under headings")
    p.add_argument("--no-summaries", action="store_true", help="hide summaries and claims")
    p.add_argument("--json", action="store_true", help="machine-readable output: the "
                   "documents, or the document's tree as nested sections")
    p.set_defaults(func=_cmd_show)
