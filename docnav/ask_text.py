"""How ``docnav ask`` prints an answer: a header line (the route, the confidence, the tokens
of evidence), then what a reader needs to weigh the evidence — which documents it was asked of
and why, what was read first, what the question's words did not find, why collecting it
stopped — then the generated answer with its sentences' verdicts, where there is one, the
cited evidence, and the trace when asked for. Every line comes from the
:class:`~docnav.query.answer.Answer` and its trace; ``--json`` prints the answer whole
instead (:meth:`Answer.to_json`)."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING

from docnav.query.count_text import count_line, named_said, names_listed, partly_line
from docnav.query.formats import held_formats
from docnav.query.kinds import kind_note, left_out_note
from docnav.query.passages import BEST_DOCUMENT
from docnav.query.unnumbered import not_in_store_line
from docnav.which_text import which_documents
from docnav.wording import counted

if TYPE_CHECKING:
    from docnav.query.answer import Answer
    from docnav.query.graph import DocNavGraph

COUNT_NAMED = 10  # the documents a count names on the terminal; --json lists them all
# the trace's step saying which documents a question was asked of, and how
_FOCUS = ("compare", "compare documents", "each named", "relate documents", "documents", "focus",
          "each document")
_MARKS = {"entail": "✓", "neutral": "?", "contradict": "✗"}


def answer_text(answer: Answer, graph: DocNavGraph, trace: bool = False) -> str:
    """The answer as ``docnav ask`` prints it (``trace``: with every operation)."""
    focus = next((s for s in answer.trace if s["op"] in _FOCUS), None)
    lines = [_header(answer), *left_out_note(answer), *_format_notes(answer), *kind_note(answer),
             *([_focused(focus)] if focus else []),
             *_search_notes(answer), *_reading_notes(answer, graph),
             *_field_notes(answer, graph), *_missing_notes(answer, graph),
             *(f"from the version last indexed of {Path(path).name}: its file now fails "
               f"({error})" for path, error in graph.stale(
                   e.piece.doc_path for e in answer.evidence)), *_stopped(answer), "",
             *_generated(answer), *_evidence(answer)]
    if trace:
        lines += ["trace:", *("  " + ", ".join(f"{k}={v}" for k, v in step.items())
                              for step in answer.trace)]
    return "\n".join(lines)


def read_first(lead: dict) -> str:
    """The header line naming the document a question asked of several was read in first
    (the trace's step for it, :meth:`docnav.query.passages.Passages.best_document`)."""
    if lead["named_by"]:
        why = (f"the only one of the {lead['of']} documents asked of that says "
               f"{_said(lead['named_by'])}, {'words' if len(lead['named_by']) > 1 else 'a word'}"
               f" of its title")
    elif lead.get("defines"):  # "What is MIR?"
        why = (f"the one of the {lead['of']} documents asked of that spells {lead['defines']} "
               "out" if lead["spelling"] == 1 else f"of the {lead['spelling']} documents "
               f"spelling {lead['defines']} out, the one using it most")
    elif lead.get("titled_by"):
        why = (f"the one of the {lead['of']} documents asked of whose title holds most of the "
               f"question's words ({_said(lead['titled_by'])})")
    else:
        why = f"the best match of the {lead['of']} documents asked of"
    return f"read first (up to {lead['up_to']} tokens): {Path(lead['document']).name}, {why}"


def _said(words: list[str]) -> str:
    """``"a", "b" and "c"``."""
    words = [f'"{w}"' for w in words]
    return " and ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


def _header(answer: Answer) -> str:
    if answer.count is not None and not answer.evidence:  # "How many RFCs are there?"
        what = "count" if answer.count["asked"] == "how many" else "list"
        of = ("companies of the documents asked of" if "companies" in answer.count else
              # (of those referring to the one a glob chose: "Which RFCs cite it?")
              "documents outside the --doc glob" if answer.count.get("outside") else
              "documents asked of")
        return f"route: {answer.route}; a {what} of the {of}, none read"
    if any(s["op"] == "referred by kind" for s in answer.trace):  # "Which RFCs do the 10-Ks
        return f"route: {answer.route}; a list of the documents asked of, none read"  # cite?"
    related = next((s for s in answer.trace if s["op"] == "relate documents"), None)
    if answer.confidence is None and related and answer.route == "cross-reference":
        # "How does RFC 2592 relate to RFC 2394?": their references answer before any summary
        # (said: "names nothing to look for (a summary answers)")
        # (none of their referring paragraphs fit a small budget: "0 read first" of each)
        read = sum(s.get("read", len(s["nodes"])) for s in answer.trace if s["op"] == "refers")
        then = ", then what sums them up" if related["summed_up"] else ""
        first = (f"their paragraphs referring to each other read first{then}" if read else
                 "none of their paragraphs referring to each other read"
                 + (", what sums them up read" if related["summed_up"] else ""))
        return (f"route: {answer.route}; the question names only documents: {first}; "
                f"{answer.tokens_used} tokens of evidence")
    if answer.confidence is None:  # "What is the clamp RFC about?": its summary answers
        how = (" (a summary answers)" if any(e.found_by == "summary" for e in answer.evidence)
               else "")
        return (f"route: {answer.route}; the question names nothing to look for{how}; "
                f"{answer.tokens_used} tokens of evidence")
    return (f"route: {answer.route}; confidence {answer.confidence:.2f}; "
            f"{answer.tokens_used} tokens of evidence")


def _stopped(answer: Answer) -> list[str]:
    """Why collecting the evidence stopped, as the trace's last "stop" step says it."""
    step = next((s for s in reversed(answer.trace) if s["op"] == "stop"), None)
    return [f"stopped: {step['why']}"] if answer.stopped and step else []


def _focused(focus: dict) -> str:
    """The documents the question was asked of, and why those."""
    if focus["op"] == "each document":  # "What dataset does each paper use?"
        read = ", ".join(Path(p).name for p in focus["documents"])
        if focus.get("not_read"):  # more than the budget reads: those whose passages rank best
            return (f"asked of {len(focus['documents'])} of the {focus['asked_of']} documents "
                    f"in turn (those whose passages rank best), {focus['tokens_each']} tokens "
                    f"each, as \"{focus['question']}\": {read}; not read: "
                    + ", ".join(Path(p).name for p in focus["not_read"])
                    + f" (--budget {focus['every_with']} reads each)")
        return (f"asked of each of the {len(focus['documents'])} documents in turn, "
                f"{focus['tokens_each']} tokens each, as \"{focus['question']}\": {read}")
    if focus["op"] in ("compare documents", "each named"):  # documents named by their titles
        each = ", ".join(f"{Path(doc).name} ({', '.join(words)})"
                         for doc, words in zip(focus["documents"], focus["words"]))
        rest = (f"; not read: {', '.join(Path(p).name for p in focus['not_read'])} (at most "
                f"{len(focus['documents'])} named are asked of in turn; ask of the rest apart)"
                if focus.get("not_read") else "")
        return (f"asked of each document the question names by its title, "
                f"{focus['tokens_each']} tokens each: {each}{rest}")
    if focus["op"] == "relate documents":  # "How does RFC 2592 relate to RFC 2394?"
        return _relating(focus)
    if focus["op"] == "documents":  # "which RFCs …": the best documents, each in turn
        return which_documents(focus)
    if focus["op"] == "compare":  # the question named several companies
        each = ", ".join(f"{name} ({counted(len(docs), 'filing')})"
                         for name, docs in zip(focus["companies"], focus["documents"]))
        which = "in the store" if focus.get("each") else "the question names"
        return f"asked of each company {which}, {focus['tokens_each']} tokens each: {each}"
    if focus.get("by") == "title":  # "the zero-shot translation paper"
        name, said = Path(focus["documents"][0]).name, focus["left_out"][0]
        how = "file's name" if re.sub(r"(?<=\d)v\d+\b", "", said.lower()).endswith(
            (name.lower(), Path(name).stem.lower())) else "title"  # "paper 1912.01214v2"
        if how == "title" and Path(said).suffix.lower() == Path(name).suffix.lower() != "":
            how = "file's name, in part"  # "futures.md" of 2592-futures.md
        return f"asked of {name}, which the question names by its {how} (\"{said}\")"
    if focus.get("by") == "description":  # "Summarize the RFC on pinning"
        return (f"asked of {Path(focus['documents'][0]).name}, the document that best matches "
                f"what the question says it is about (\"{focus['left_out'][0]}\")"
                + _also_fits(focus.get("also_fits", [])))
    if focus.get("documents"):  # the question named a company: its filings alone
        n = len(focus["documents"])
        return (f"asked of the {counted(n, 'filing')} of {focus['left_out'][0]}, "
                "which the question names")
    # --doc chose one company's filings: its name was not searched for ("the filings" of
    # --doc '*ADOBE*', one filing, before)
    said = [f'"{n}"' for n in focus["left_out"] if n.startswith("the ")]  # "the company"
    filings = "filing" if focus.get("filings") == 1 else "filings"
    return (f"searched without {focus['left_out'][0]}"
            f"{' (or ' + ', '.join(said) + ')' if said else ''}, the name of the {filings} asked")


def _relating(focus: dict) -> str:
    """What was read of the documents a question asks how they relate ("How does RFC 2592
    relate to RFC 2394?"), after whether each refers to the others (its "refers" lines): the
    tokens each had, and whether what sums each up was read after its referring paragraphs
    (at 300 tokens RFC 2592's five took its share, and "then what sums it up" was false)."""
    each = ", ".join(f"{Path(doc).name} ({words[0]}, {focus['shares'][doc]} tokens)"
                     for doc, words in zip(focus["documents"], focus["words"]))
    said = f"asked of each document the question names by its title: {each}"
    if focus.get("not_related"):  # (more than a relation question reads)
        said += (f"; not read, past the {focus['most']} a relation question reads: "
                 + ", ".join(focus["not_related"]))
    two = len(focus["documents"]) == 2
    summed = [Path(p).name for p in focus["summed_up"]]
    every = len(summed) == len(focus["documents"])
    if not any(focus["referring"].values()):
        return said + ("; neither refers to the other: " if two else
                       "; none refers to another: ") + (
            "each is summed up" if every else
            f"{', '.join(summed)} {'is' if len(summed) == 1 else 'are'} summed up" if summed
            else "nothing read sums up any")
    then = (", then what sums it up" if every else
            f", then what sums up {', '.join(summed)}" if summed else "")
    return said + (f"; in each, its paragraphs referring to the "
                   f"{'other' if two else 'others'} first{then}")


def _also_fits(paths: list[str]) -> str:
    """The other documents a description fits, whose titles hold as many of its words as
    the best ("the RFC on attributes": 0003-attribute-usage.md), and how to ask of one."""
    if not paths:
        return ""
    names = [Path(p).name for p in paths]
    more = f", … and {len(names) - COUNT_NAMED} more" if len(names) > COUNT_NAMED else ""
    whose = "its title" if len(names) == 1 else "their titles"
    return (f"; also fits, by {whose}: {', '.join(names[:COUNT_NAMED])}{more} (name one by "
            "its number or title to ask of it)")


def _format_notes(answer: Answer) -> list[str]:
    """The format the question names its documents by: those it was asked of, or that none
    asked of is of it (:mod:`docnav.query.formats`)."""
    step = next((s for s in answer.trace if s["op"] == "format"), None)
    if step is None:
        return []
    n, label, said = step["document_count"], step["label"], step["said"]
    names = "formats the question names" if len(step["named"]) > 1 else "format the question names"
    if n == step["asked_of"]:  # "How many PDFs are there?" of PDFs alone
        return [f"{f'all {n} documents' if n > 1 else 'the one document'} asked of "
                f"{'are' if n > 1 else 'is'} {label}, the {names} (\"{said}\")"]
    if n:
        return [f"asked of the {counted(n, label + ' document')} of the {step['asked_of']} "
                f"asked of, by the {names} (\"{said}\")"]
    return [f"no document asked of is {label}, the {names} (\"{said}\"; "
            f"{held_formats(step)})" + (": the evidence is the best match's of them all"
                                          if answer.evidence else "")]


def _search_notes(answer: Answer) -> list[str]:
    """How the question was searched: a count's documents, figures ranked up, long forms,
    parts and titles not found, the document read first."""
    lines = []
    if answer.count is not None:  # "How many RFCs mention traits?": the number, and which
        names = [named_said(answer.count, Path(p).name) for p in answer.count["documents"]]
        more = (f", … and {len(names) - COUNT_NAMED} more (--json lists them all)"
                if len(names) > COUNT_NAMED else "")
        lines.append(f"{answer.count['asked']} {answer.count['kind']}: {count_line(answer.count)}"
                     + (f": {', '.join(names[:COUNT_NAMED])}{more}" if names else "")
                     + partly_line(answer.count, COUNT_NAMED))
    for step in (s for s in answer.trace if s["op"] == "refers"):  # "Does RFC 2592 refer to
        source, n = Path(step["document"]).name, len(step["nodes"])  # RFC 2394?"
        if step["to"] is None:  # "What do RFC 2349 and RFC 2592 refer to?": of RFC 2349
            unindexed = step.get("unindexed")  # "RFC 2046", not in the store
            lines.append(f"{source} refers to no other document in the store (no link to one, "
                         f"nor its number; it names {names_listed(unindexed)}, not indexed)"
                         if unindexed else
                         f"{source} refers to no other document (no link to one, nor its "
                         "number)")
            continue
        target, read = Path(step["to"]).name, step.get("read", n)
        cut = f", {step['cut']} cut short" if step.get("cut") else ""
        first = ("read first" if read == n else  # (of two related, not all fit the budget)
                 f"{read} read first{cut}; --budget {step['every_with']} reads them all")
        # (of documents related: an entry of its works cited holding the other's title)
        k = step.get("cited", 0)
        cited = (f"; {k} {'is an entry' if k == 1 else 'are entries'} of its works cited "
                 "holding its title" if k else "")
        title = ", nor its title in its works cited" if step.get("has_works_cited") else ""
        lines.append(f"{source} refers to {target}: {n} of its paragraphs "
                     f"{'links to it or names' if n == 1 else 'link to it or name'} it "
                     f"({first}{cited})" if n else
                     f"{source} makes no reference to {target} (no link to it, nor its "
                     f"number{title})")
        if (outside := step.get("unindexed")) and not any(  # (once, after its last step)
                s["document"] == step["document"] for s in answer.trace[
                    answer.trace.index(step) + 1:] if s["op"] == "refers"):
            lines.append(f"{source} also names {names_listed(outside)}, not indexed")
    if any(s.get("figures") for s in answer.trace):  # "How many ...?": the answer is a number
        lines.append("a question asking for a figure: the paragraphs stating one were ranked up")
    # "the CEO" (once, though each company asked in turn spelled it out)
    lines += dict.fromkeys("searched with the long forms too: " + ", ".join(
        f"{acronym} ({long_form})" for acronym, long_form in step["acronyms"].items())
        for step in answer.trace if step["op"] == "spell out")
    for step in (s for s in answer.trace if s["op"] == "no part" and "heading" in s):
        # of each in turn, one without the part the others have ("What are the drawbacks of
        # each RFC?"); a label no part carries ("Note 99") is said with the evidence
        lines.append(f"no section headed \"{step['heading']}\" in "
                     f"{', '.join(Path(p).name for p in step['documents'])}: its best passages "
                     "instead")
    # of several named, one outside those asked of is not read in turn with the others; nor
    # one a question asks of outside the glob ("What does RFC 2592 refer to?" of '*2349*')
    unread = {n for s in answer.trace if s["op"] in ("each named", "named outside")
              for n in s.get("not_asked", [])}
    left = {n for s in answer.trace if s["op"] == "named outside" and s.get("left_out")
            for n in s["not_asked"]}  # "besides 2349" of a glob without it
    # what a count leaves out that names no one document ("besides pinning", "besides Pin":
    # 2349-pin.md's file holds "pin", so "no title or file name holds its words" was untrue)
    unnamed = {n for s in answer.trace if s["op"] == "no document titled" and s.get("left_out")
               for n in s["names"]}
    unheld = [s for s in answer.trace if s["op"] == "not in the store"]
    # "RFC 9999" of 27 RFCs, once (a step of each document read in turn: RB 4)
    lines += list(dict.fromkeys(not_in_store_line(s) for s in unheld))
    for name in answer.untitled:  # the evidence may be of some other document
        if any(name in s["names"] for s in unheld):
            continue
        lines.append(f"\"{name}\" names a document outside those asked of (--doc, "
                     "--after/--before or --meta): "
                     + ("none of them to leave out" if name in left else "not read")
                     if name in unread else
                     f"\"{name}\" names no one document asked of: none is left out of those "
                     "counted (`docnav show` lists the documents)" if name in unnamed else
                     f"no document asked of is titled \"{name}\" (no title or file name holds "
                     "its words): the evidence is the best match's (`docnav show` lists the "
                     "documents)")
    lead = next((s for s in answer.trace if s.get("over") == BEST_DOCUMENT), None)
    if lead:  # a question asked of several documents: the one it is most likely about first
        lines.append(read_first(lead))
        if lead["next"]:  # the question named nothing of its document: it may be about these
            lines.append(f"next best: {', '.join(Path(p).name for p in lead['next'])} "
                         "(--doc asks one document alone)")
    return lines


def _pages_not_read(op: dict) -> str:
    """Of a range of pages asked, those not read: past the document's last page, or past the
    :data:`MOST_PAGES` a range reads ("pages 1-25" of a long report: 1-20)."""
    from docnav.query.layout import MOST_PAGES

    first, asked_last = op["asked"]
    cut, last = op["cut"], op["document_last"]
    asked = f"pages {first}-{asked_last}"
    if cut is not None and last > cut:
        return (f"; of {asked} asked, at most {MOST_PAGES} pages are read: ask for pages "
                f"{cut + 1}-{min(asked_last, last)} next")
    if last < asked_last:
        return f"; {asked} asked, and its last page is {last}"
    return ""


def _placed(said: dict) -> str:
    """A section asked for by its place, as the document's headings give it."""
    doc = said["document"]
    if "end" in said:
        return f'the {said["end"]} section of {doc}, by its headings: "{said["heading"]}"'
    if said["heading"] is None:
        return (f'no section comes {said["side"]} "{said["of"]}" in {doc} at its level, by its '
                "headings")
    return (f'the section {said["side"]} "{said["of"]}" in {doc}, by its headings: '
            f'"{said["heading"]}"')


def _reading_notes(answer: Answer, graph: DocNavGraph) -> list[str]:
    """What was read instead of searched: pages, outlines, captions, long forms, works
    cited."""
    lines = []
    for op in (s for s in answer.trace if s["op"] == "pages"):  # "What is on page 36 of ...?"
        span = (f"page {op['first']}" if op["first"] == op["last"]
                else f"pages {op['first']}-{op['last']}")
        found = any(s.get("over") == "the pages asked for" for s in answer.trace)
        lines.append(f"read {span} of {Path(op['document']).name} ({op['paragraphs']} "
                     "paragraphs), " + ("what the question asks found on them first" if found
                                        else "in reading order") + _pages_not_read(op))
    # the collection's summary, of how many documents: asked in turn, each part's steps say
    # "of" their document too
    for op in (s for s in answer.trace if s.get("to") == "summary sources"
                                           and "document_count" in s):
        if op["document_count"] < op["of"]:  # "What are the main themes across these RFCs?"
            lines.append(f"the collection's summary draws on {op['document_count']} of the "
                         f"{op['of']} documents (its sentences come from those alone)")
    # (asked of each document in turn, each part's steps are in the trace: each is said)
    lines += [f"the sections of {', '.join(Path(p).name for p in s['documents'])} holding "
              f"\"{s['said']}\" ({s['sections']}), then their paragraphs"
              for s in answer.trace if s["op"] == "sections holding"]  # "... on books?"
    for op in (s for s in answer.trace if s["op"] == "sections in order"):  # "the first
        lines += [_placed(said) for said in op["documents"]]  # section of ...", "after ..."
    outlines = [s for s in answer.trace if s["op"] == "outline"]
    for outline in outlines:
        if "documents" in outline:  # "What sections does ... have?"
            lines.append("the outline of " + ", ".join(Path(p).name
                                                       for p in outline["documents"])
                         + ": its headings, as deep as the budget allows")
            continue
        # "What does Item 1A say?": the part's subsections named first (of several
        # documents' parts, or of one document asked in turn, named with its document)
        of = (f" ({Path(graph.node(outline['node']).path).name})"
              if len(outlines) > 1 or "of" in outline else "")
        lines.append(f'the outline of "{outline["heading"]}"{of} first ({outline["headings"]} '
                     "of its subsections' headings), then its text")
    for listed in (s for s in answer.trace if s["op"] == "captions"):
        lines += _captions(listed)
    for op in (s for s in answer.trace if s.get("over") == "paragraphs spelling the acronym out"):
        for nid, long_form in zip(op["hits"], op["long_forms"]):  # "What does OLID stand for?"
            lines.append(f"{op['acronym']}: {long_form} ({Path(graph.node(nid).path).name})")
    for op in (s for s in answer.trace if s["op"] == "works cited"):
        for listed in op["documents"]:  # "How many references does ... have?": counted
            n, holding, read = listed["entries"], listed["holding"], listed["paragraphs"]
            lines.append(f"the works cited of {Path(listed['document']).name}: "
                         + (f"{n} ({listed['counted']})" if n else "no entry read")
                         + (f"; {counted(holding, 'paragraph')} of them "
                            f"hold{'s' * (holding == 1)} {', '.join(op['about'])}"
                            if op["about"] else
                            f", {counted(read, 'paragraph')}, read in order as the "
                            "budget allows"))
    # (said once where each document asked in turn had none: "How many references do the pin
    # proposal and the futures proposal have?" said it twice)
    lines += dict.fromkeys(
        "no document asked of has a section headed References or Bibliography"
        if "about" not in op else
        f"no works cited asked of hold {', '.join(op['about'])}: the question was searched"
        for op in answer.trace if op["op"] == "no works cited")
    return lines


def _captions(listed: dict) -> list[str]:
    """The tables or figures listed by their captions ("What tables does the pioNER paper
    have?"; of one document, when each was asked in turn: "How many tables does each paper
    have?")."""
    lines = []
    what = " and ".join(f"{k}s" for k in listed["kinds"])
    if "counts" in listed:
        lines.append(_counted_floats(listed))
    if "of" in listed:  # one document of several asked in turn
        name = Path(listed["of"]).name
        if listed["n"]:
            lines.append(f"the captions of the {what} of {name}: {listed['n']}, in reading "
                         "order, as many as the budget allows")
        if listed.get("uncaptioned"):
            n = listed["uncaptioned"]
            lines.append(f"{counted(n, 'table')} without a caption in {name}, which "
                         "captions none, read in order as the budget allows")
        return lines
    if listed["n"]:
        holding = listed["document_count"]
        lines.append(f"the captions of the {what} of the documents asked of: {listed['n']} in "
                     f"{counted(holding, 'document')}, in reading order, as many as the budget "
                     "allows")
    if listed.get("uncaptioned"):  # a document captioning none of its tables
        n, docs = listed["uncaptioned"], listed["uncaptioned_in"]
        lines.append(f"{counted(n, 'table')} without a caption in {counted(docs, 'document')} "
                     "captioning none, read in order as the budget allows")
    return lines


def _counted_floats(listed: dict) -> str:
    """How many tables or figures the documents asked of have ("3 tables in 2 of the 4
    documents asked of"), or that none has one."""
    counts, asked_of = listed["counts"], listed["asked_of"]
    if not any(counts.values()):
        kinds = " or ".join(listed["kinds"])
        article = "an" if kinds[0] in "aeiou" else "a"
        if "of" in listed:
            return f"{Path(listed['of']).name} has no {kinds}"
        if asked_of == 1:
            return f"the document asked of has no {kinds}"
        return f"none of the {asked_of:,} documents asked of has {article} {kinds}"
    said = " and ".join(counted(n, kind) for kind, n in counts.items())
    if "of" in listed:
        return f"{said} in {Path(listed['of']).name}"
    if asked_of == 1:
        return f"{said} in the document asked of"
    return f"{said} in {listed['holding']:,} of the {counted(asked_of, 'document')} asked of"


def _field_notes(answer: Answer, graph: DocNavGraph) -> list[str]:
    """The documents' fields asked for (found or not), and parts asked for with no text."""
    lines = []
    for path, fields in answer.fields.items():  # "When did ... start?": its start date
        length = fields.get("length") if "length" not in graph.fields(path) else None
        named = "; ".join(f"{key} = {value}" for key, value in fields.items()
                          if length is None or key != "length")
        if named:
            lines.append(f"asked for, in the fields of {Path(path).name}: {named}")
        if length:  # "How long is the pump guide?" of a document without pages
            lines.append(f"the length of {Path(path).name}, counted: {length}")
    for path, keys in answer.fields_lacking.items():  # "Who wrote ...?" of an RFC
        lines.append(f"asked for, not in the fields of {Path(path).name}: author "
                     f"({'its fields: ' + ', '.join(keys) if keys else 'it has no fields'})")
    for path, dated in answer.dated.items():  # "When was RFC 2349 merged?"
        name = Path(path).name
        lines.append(f"asked when {name} was {dated['verb']}: no field of it says; " + (
            f"it is dated {dated['date']} {dated['by']}, as questions by date read it"
            if dated["date"] else "nothing dates it (`docnav show` lists its fields)"))
    for section in answer.empty:  # asked for, and nothing is written under its heading
        lines.append(f"no text under the heading asked for: {graph.node(section).breadcrumb}  "
                     f"[{section[:12]}]")
    return lines


def _missing_notes(answer: Answer, graph: DocNavGraph) -> list[str]:
    """The question's words the evidence lacks, those no document asked of holds, and the
    sections they head."""
    lines = []
    if (answer.evidence and answer.confidence == 0 and answer.missing
            and not any(e.relevance for e in answer.evidence)):
        # (a question of only a global cue, "Summarise the main themes", has no words to miss)
        lines.append("none of the question's words is in the evidence: the pieces below are "
                     "only close in meaning")
    elif answer.evidence and answer.missing:
        lines.append(f"not in the evidence: {', '.join(answer.missing)}")
    # asked of documents in turn, the parts that found nothing (the confidence is the mean)
    nothing = next((s["found_nothing"] for s in answer.trace
                    if "found_nothing" in s and "of" not in s), [])
    if nothing:
        lines.append("found nothing in " + ", ".join(Path(label).name for label in nothing)
                     + ": none of the question's words (the confidence is the mean of the "
                     "documents')")
    if answer.mentioned:
        lines.append(f"mentioned in the text, not itself in the store: "
                     f"{', '.join(answer.mentioned)} (the pieces mentioning it are read)")
    if answer.absent:  # no search can find these: the store lacks them, or the --doc scope does
        lines.append(f"in none of the documents asked of: {', '.join(answer.absent)}")
    if answer.headed:  # where a reader would look for a word the evidence lacks
        lines.append("sections headed by those words, not read (docnav fetch ID reads one):")
        lines += [f"  {section[:12]}  {graph.node(section).breadcrumb}"
                  for sections in answer.headed.values() for section in sections]
    return lines


def _generated(answer: Answer) -> list[str]:
    """The generated answer, and its sentences with their verdicts."""
    lines = []
    if answer.generated_by:
        cites = ("[n] cites the evidence below" if answer.cited else
                 "it cites none of the evidence below")
        lines += [f"answer ({answer.generated_by}; {cites}):",
                  textwrap.indent(answer.text, "  ") + "\n"]  # every line: a list, paragraphs
    if answer.claims:  # also when --policy drop left none of them (the answer: the evidence)
        lines.append("the generated answer's sentences, checked against the evidence they cite "
                     "(✓ entailed, ? not supported, ✗ contradicted):")
        for c in answer.claims:
            cited = ", ".join(f"[{r}]" for r in c.refs) or "no citation: all evidence"
            if c.invalid:
                cited += f"; {', '.join(c.invalid)} cited: no such evidence"
            gone = "  [dropped]" if c in answer.dropped else ""
            lines.append(f"  {_MARKS.get(c.verdict, '?')} {c.text}  ({cited}; "
                         f"{c.score:.2f}){gone}")
        lines.append("")
    if answer.generated_by or answer.claims:
        lines.append("evidence:")
    return lines


def _evidence(answer: Answer) -> list[str]:
    """The cited evidence, numbered, each piece under its breadcrumb."""
    lines = []
    for i, e in enumerate(answer.evidence, start=1):
        page = f", p. {e.piece.page}" if e.piece.page else ""
        lines += [f"[{i}] {e.piece.node_id[:12]}  {e.piece.breadcrumb}{page}  "
                  f"({e.piece.doc_path})",
                  textwrap.indent(e.piece.text, "  ") + "\n"]  # a table's rows too
    if not answer.evidence and answer.count is None:
        lines.append("no evidence found")
    return lines


__all__ = ["answer_text", "read_first", "COUNT_NAMED"]
