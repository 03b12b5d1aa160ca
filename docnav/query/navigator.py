"""Answer a question by navigating the graph like a reader, collecting evidence.

The router classifies the question (rules first; any callable can replace it):

* *global* ("what are the main risks ...", "summarise ...") -> summaries first, then each
  summary hit is expanded to the paragraphs its sentences came from (an abstractive
  summary, which names none, to its node's text, read up to a share of the budget); a
  question about everything asked of reads the collection summary's sources a document in
  turn, and one naming a part by its heading ("summarise the risk factors") that part's
  and its subsections' sources first;
* *cross-reference* ("... in Section 3.2", "Table 2") -> the two best sections, expanded,
  and the targets of the references they make (their paragraphs' "see Section 2" and
  links), each read up to a share of the budget; a section named by its label ("Note 7")
  or heading ("the Drawbacks section of the int128 RFC", :mod:`docnav.query.parts`) first,
  up to the whole;
* *local* -> a part most of the documents asked of have, when the question's words name it
  ("the drawbacks of i128" asked of RFCs), then passages: asked of several documents, first
  those of the one it is most likely about (the one whose title holds a word of the question
  no other document holds, else that of the best-matching paragraph), up to three quarters of
  the budget, then those of them all; while the evidence is short, the
  question's words that no piece holds yet (its gaps) are searched for, then the best
  passages' neighbours are read.

Passages are read in the order of three fused rankings, the paragraphs' BM25 rank, their
embedding rank and the reading order of the sections found, each short hit with the paragraph
after it (:mod:`docnav.query.passages`).

A question naming one company, or one document by words of its title ("the zero-shot
translation paper"), is asked of that document alone, without those words
(:mod:`docnav.query.names`); one naming several companies, or asking which documents, is
asked of each in turn (:mod:`docnav.query.in_turn`, :mod:`docnav.query.which`; asked how many
documents there are, or which came first, they are counted, listed or ordered by date). What
the question has collected, and the answer, are in :mod:`docnav.query.evidence`.

The loop is locate -> fetch -> evaluate -> navigate/expand by gaps -> stop when the
:class:`EvidenceState` is confident or the token budget is spent. The result cites node ids,
breadcrumbs and pages, and carries a trace of every operation. The evidence is given document
by document, each in reading order, the document of the best passage first. Its text is the
cited evidence, or, with an answerer (:mod:`docnav.query.generate`), an answer generated from
that evidence with numbered citations, each of its sentences checked by NLI against the
evidence it cites when a verifier is given (with the ``drop`` policy only the supported
sentences stay); when generation fails the evidence stays the answer and the error is kept
beside it.
"""

from __future__ import annotations

import glob
import re
from collections.abc import Callable

from docnav.errors import ConfigError, DocNavError, InputError
from docnav.query._checks import check_text, whole
from docnav.query.graph import DocNavGraph, Piece, count_tokens
from docnav.query.evidence import Answer, Evidence, EvidenceState, Run
from docnav.query.acronyms import read_definitions, spell_out
from docnav.query.agents import agent_paragraphs
from docnav.query.cited import WORKS_ASKED, read_works_cited
from docnav.query.floats import LISTED, labelled_floats, read_captions, read_labelled
from docnav.query.in_turn import (EACH_DOCUMENT, MOST_COMPARED, compare, compare_documents,
                                   each_document, interleave, singled_out)
from docnav.query.lexical import tokens
from docnav.query.names import (company_mentions, each_company, named_documents,
                                named_registrants, own_names, titled_document, titled_documents,
                                untitled_names, without_names)
from docnav.query.layout import (OUTLINE_ASKED, PAGES_ASKED, WHICH_PAGE, can_outline,
                                  pages_asked, part_outline, read_outlines, read_pages)
from docnav.query.parts import (PART_WORDS, headed, headed_within, holds_text, labelled_parts,
                                 named_sections, template_part, unasked_apparatus, unlabelled)
from docnav.query.options import NavigatorOptions
from docnav.query.passages import Passages
from docnav.query.router import GLOBAL, SCOPE, route
from docnav.query.statements import figure_rows, statements_asked
from docnav.query.which import (BY_DATE, asks_companies, asks_documents, by_date, companies,
                                which_documents)

# what a document does as a whole, asked of one its name chose ("What does the clamp RFC
# propose?"): like "about", no word the evidence must hold
WHAT_IT_DOES = re.compile(r"\b(?:propos|discuss|cover|present|introduc)(?:e|es|ed|s)?\b", re.I)

# "Summarise the RFCs about async": the documents summed up, no word of what they hold
# ("Summarise the collection", "Summarise everything": of the bundled sample, "collection"
# and "everything" were searched as words)
THE_DOCUMENTS = re.compile(r"\b(?:(?:the|these|those|all(?:\s+the)?|every|each)\s+"
                           r"(?:documents?|papers?|rfcs?|filings?|articles?|reports?|"
                           r"collection)|everything|all\s+of\s+(?:it|them))\b", re.I)

# a question asking for a list of things
_LISTING = re.compile(r"\b(?:list|lists|listed|which|what are|name the|enumerate)\b", re.I)


# what ``Navigator.ask(where=...)`` chooses documents by (DocNavGraph.filter's criteria of a
# document's own fields)
WHERE = ("metadata", "dated_after", "dated_before")


class Navigator:
    """Runs the navigation loop over a :class:`DocNavGraph`."""

    def __init__(self, graph: DocNavGraph, options: NavigatorOptions = NavigatorOptions(),
                 router: Callable[[str], str] = route, answerer=None, verifier=None,
                 policy: str = "flag") -> None:
        if not isinstance(options, NavigatorOptions):  # the router was the second argument
            raise ConfigError(f"options {options!r} is not valid: give NavigatorOptions(...) "
                              "(docnav.query), or the router by name: Navigator(graph, "
                              "router=...)")
        if policy not in ("flag", "drop"):
            raise ConfigError(f"answer policy {policy!r} is not valid: use 'flag' (keep every "
                              "sentence, each with its verdict) or 'drop' (keep the supported)")
        if policy == "drop" and verifier is None:
            raise ConfigError("answer policy 'drop' needs a verifier to check the sentences")
        self.graph = graph
        self.options = options
        self.router = router
        self.answerer = answerer  # None: the answer is the cited evidence
        self.verifier = verifier  # checks a generated answer's sentences (None: not checked)
        self.policy = policy  # drop: a generated answer keeps only its supported sentences
        self.passages = Passages(graph, options)

    def ask(self, question: str, budget: int = 1024, doc: str | None = None,
            where: dict | None = None) -> Answer:
        """The cited evidence for ``question`` within ``budget`` tokens (and, with an
        answerer, an answer written from it), from the documents whose path matches ``doc``
        (a glob) and, given ``where``, whose own fields match it: ``metadata`` (values the
        document's fields must have, e.g. ``{"author": "Ada"}``), ``dated_after`` and
        ``dated_before`` (ISO dates bounding its own date), as
        :meth:`DocNavGraph.filter` takes them."""
        # a question too long (or empty) is said before any work on it (one of no words to
        # search for may still be answered: by the openings of what it is asked of)
        check_text(question)
        budget = whole(budget, "budget", 16, "give at least 16 tokens of evidence")
        if doc:
            self.graph.matching_documents(doc)
        scope: str | list[str] | None = doc
        if where:
            unknown = sorted(set(where) - set(WHERE))
            if unknown:
                raise InputError(f"unknown document criteria {', '.join(unknown)}; valid: "
                                 f"{', '.join(WHERE)}")
            kept = self.graph.filter(self.graph.document_roots(), path=doc, **where)
            if not kept:
                said = ", ".join(f"{k}={v!r}" for k, v in where.items())
                raise InputError(f"no indexed document{' matching ' + repr(doc) if doc else ''}"
                                 f" has {said} (a document's date is its own: front matter, "
                                 f"document properties, a field list's Start Date); "
                                 f"`docnav show DOC` prints a document's fields")
            scope = [glob.escape(self.graph.node(n).path) for n in kept]
        answer = self.collect(question, budget, scope)
        if self.answerer is None or not answer.evidence:
            return answer
        from docnav.query.generate import (check_claims, drop_unsupported,
                                           strip_invalid_citations)

        evidence_text = answer.text
        try:
            generated = self.answerer.answer(question, answer.evidence)
        except DocNavError as exc:  # the cited evidence stays the answer
            answer.generation_error = f"{self.answerer.answerer_id}: {exc}"
            answer.trace.append({"op": "generate", "by": self.answerer.answerer_id,
                                 "error": str(exc)})
            return answer
        # a citation of evidence that does not exist must not look like one that does
        answer.text, answer.invalid_citations = strip_invalid_citations(
            generated, len(answer.evidence))
        answer.generated_by = self.answerer.answerer_id
        answer.trace.append({"op": "generate", "by": answer.generated_by,
                             "chars": len(generated)})
        if answer.invalid_citations:
            answer.trace[-1]["invalid_citations"] = answer.invalid_citations
        if self.verifier is not None:
            answer.claims = check_claims(generated, answer.evidence, self.verifier)
            answer.trace.append({"op": "verify", "claims": len(answer.claims), "entailed": sum(
                c.supported for c in answer.claims)})
            if self.policy == "drop":
                drop_unsupported(answer, evidence_text)
        return answer

    def collect(self, asked: str, budget: int, doc: str | list[str] | None,
                first: list[str] | None = None, in_turn: bool = False) -> Answer:
        """The cited evidence for ``asked`` within ``budget`` tokens, from the documents ``doc``
        matches (a glob, a list of them, or all): :meth:`ask` without generating an answer,
        and what :mod:`docnav.query.in_turn` asks of each part of a question (``in_turn``:
        ``doc`` is one of the documents asked of). ``first``: nodes read before any search
        (the paragraphs of a document referring to the one a question names,
        :func:`docnav.query.which.which_documents`)."""
        kind = self.router(asked)
        # the name of the documents asked (a filing's company) chose them: inside them it is
        # no evidence; in a collection of filings, naming one company chooses its filings
        # (docnav/query/names.py)
        chosen: list[str] = []
        by_title = False
        if (co := asks_companies(asked)) and (listed := companies(self, asked, co, doc)):
            return listed  # "Which companies are in the store?", of filings
        asked_of = self.graph.document_paths(doc)
        several = len(asked_of) > 1
        # ("How many papers does the pioNER paper cite?", "How many references does each
        # paper have?" ask of the works cited, below)
        of_cited = WORKS_ASKED.search(asked)
        # "What dataset does each paper use?"
        if several and not of_cited and (each := EACH_DOCUMENT.search(asked)):
            return each_document(self, asked, budget, each, asked_of, doc)
        if several and (first := BY_DATE.search(asked)):  # "What is the newest RFC?"
            return by_date(self, asked, budget, first, doc)
        if doc and not of_cited and (which := asks_documents(asked)) and several:
            return which_documents(self, asked, budget, which, doc)  # "Which RFCs ...?"
        if doc:
            names = own_names(self.graph, doc)
            if not names:  # "What does the pin RFC propose?" asked of that RFC: its name
                inside = set(self.graph.document_paths(doc))  # is no evidence in it
                own = [(p, n) for p, n in titled_documents(self.graph, asked) if p in inside]
                if len(own) == 1:
                    chosen, names, by_title = [glob.escape(own[0][0])], [own[0][1]], True
        elif len(named := named_registrants(self.graph, asked)) > 1:
            return compare(self, asked, budget, named)
        elif (every := each_company(self.graph, asked, MOST_COMPARED))[1]:  # "each company's"
            return compare(self, every[0], budget, every[1], asked=asked)
        elif not of_cited and (which := asks_documents(asked)) and several:
            return which_documents(self, asked, budget, which)
        elif len(singled := singled_out(self.graph, asked)) > 1:
            return compare_documents(self, asked, budget, singled)
        else:
            chosen, names = named_documents(self.graph, asked)
            if not chosen:  # "the zero-shot translation paper": the one document so titled
                chosen, names = titled_document(self.graph, asked)
                by_title = bool(chosen)
        if names and not by_title:  # one company's filings: "the company" is that company
            names = [*names, *company_mentions(asked)]
        question = without_names(asked, names)
        unnamed = question != asked  # a name was taken out (not a page or a cue, below)
        # "What is on page 36 of the Adobe 10-K?": the page is read, not searched for
        pages = pages_asked(asked)
        if pages:
            question = PAGES_ASKED.sub(" ", question)
        question = WHICH_PAGE.sub(" where ", question)
        # a global question's cue ("what are the main", "summarise") says what kind of answer
        # is wanted, not what it is about: its words are no gaps to search for
        # likewise a cross-reference question's "section": the part it names is found by its
        # heading, whose text does not say "section"
        # nothing asked but a document's parts: its outline answers (below), where it can (of
        # a few documents; "What is in the table of contents?" of more is searched as asked)
        # ("Summarise the sections of ..." asks for what they say: "summarise" is no asking word)
        outline = (bool(OUTLINE_ASKED.search(question))
                   and EvidenceState(OUTLINE_ASKED.sub(" ", question), budget).names_nothing
                   and can_outline(self.graph, doc or chosen or None))
        if outline:
            question = OUTLINE_ASKED.sub(" ", question)
        # nothing asked but its tables or figures: their captions answer, where it has any
        # (below; where it has none, the question is searched as it is)
        captions = (not outline and bool(LISTED.search(question))
                    and EvidenceState(LISTED.sub(" ", question), budget).names_nothing)
        # its works cited asked for ("How many references does ... have?", "List the
        # references", of each document asked of: "the paper", "each paper"): they answer,
        # counted, where it has any; those about what else the question names ("What papers
        # does it cite about Wikipedia?") where any is (docnav/query/cited.py); those a part
        # cites ("Which works does the Method section cite?") by its references, below
        works = (not outline and kind != "cross-reference"
                 and bool(WORKS_ASKED.search(question)))
        if works:
            question = THE_DOCUMENTS.sub(" ", WORKS_ASKED.sub(" ", question))
        state = EvidenceState(THE_DOCUMENTS.sub(" ", GLOBAL.sub(" ", question))
                              if kind == "global" else
                              PART_WORDS.sub(" ", question) if kind == "cross-reference" else
                              question, budget)
        # "What is the zero-shot translation paper about?", "What does the clamp RFC propose?":
        # nothing asked but what the document a name chose is, as a whole: its summary
        # answers, as for "Summarise ..."
        whole = EvidenceState(WHAT_IT_DOES.sub(" ", question), budget) if (
            kind == "local" and chosen) else None
        if whole is not None and whole.names_nothing:
            kind, state = "global", whole
        scope = doc or chosen or None  # what the question is asked of: a glob, globs, or all
        run = Run(self.graph, asked, question, kind, state, scope, by_title or in_turn)
        if not chosen and not names:  # "the trusted publishing RFC", and none is so titled
            run.untitled = untitled_names(self.graph, asked, self.graph.document_paths(doc))
            if run.untitled:
                run.op("no document titled", names=run.untitled)
        spell_out(self.graph, run)  # "Who is the CEO of Adobe?": "Chief Executive Officer"
        if (kind == "local" and not chosen and not works and not outline
                and self.options.document_share > 0):
            run.lead = self.passages.best_document(run)
        if chosen:
            run.op("focus", documents=chosen, left_out=names, question=question,
                   by="title" if by_title else "registrant")
        elif names and unnamed:  # "What is on page 3?" of --doc '*ADOBE*' named no company
            run.op("focus", left_out=names, question=question)
        if outline and read_outlines(self.graph, run):
            return run.answer()
        if captions and read_captions(self.graph, run, question):
            return run.answer()
        if works and read_works_cited(self.graph, run):
            return run.answer()
        # (a page none has, and nothing else asked: the answer says so, with no evidence)
        if pages and (read_pages(self.graph, run, pages) or state.names_nothing):
            return run.answer()
        if first:  # "Which RFCs refer to RFC 1961?": where this one does
            run.op("references", nodes=first[:8])
            run.take(first, "reference")
        # a piece holding every word of the question is a sign the answer is in hand only
        # where few paragraphs hold them all: in a paper about word embeddings, "what were the
        # word embeddings trained on?" has its words together in a dozen paragraphs
        # (a question of no words but the asking ones has no confidence to stop on)
        holders = self.graph.holders(state.terms, kinds=["paragraph"],
                                     filters=run.filters) if state.terms else []
        if len(holders) > self.options.specific:
            state.common = True
            run.op("no confidence stop", reason="the question's words are together in "
                   f"{len(holders)} paragraphs", paragraphs=len(holders))
        if kind == "global":
            self._summaries(run, holders)
        if kind == "cross-reference" and self._parts_named(run):
            return run.answer()
        read_definitions(self.graph, run)  # "What does OLID stand for?"
        self._statements_and_template_parts(run)
        self.passages.read_field_lines(run)
        # "Who audits Best Buy?": where the text says by whom ("audited by Deloitte ...")
        agents = agent_paragraphs(self.graph, run.question, run.filters) if (
            kind == "local") else []
        if agents:
            run.op("locate", over="paragraphs saying by whom", hits=agents)
            run.take(agents, "agent")
        self.passages.read(run)  # every route ends here while evidence is short
        self._gaps_and_neighbours(run)
        return run.answer()

    def _summaries(self, run: Run, holders: list[str]) -> None:
        """The global route: the summary of what is asked of ("across these documents"), of
        the part the question names, the few paragraphs holding every word of the question
        (``holders``, in reading order), then the best summaries, each read by its sources."""
        state, graph = run.state, self.graph
        # "across these documents", "the whole report", or nothing but the asking
        # ("Summarise the zero-shot translation paper", the paper chosen by its title)
        if SCOPE.search(run.question) or state.names_nothing:
            whole = self._scope_node(run.scope)
            sources = graph.summary_sources(whole) if whole else []
            if sources:
                run.op("expand", node=whole, to="summary sources", n=len(sources))
                # a collection's summary draws on several documents: one source of each in
                # turn, so that the budget does not run out on the first document's (a fetch
                # puts its pieces in reading order)
                by_doc: dict[str, list[str]] = {}
                for nid in sources:
                    by_doc.setdefault(graph.node(nid).path, []).append(nid)
                run.take_each(interleave(list(by_doc.values())))
        if self.options.named_sections:
            # "Summarise Amazon's risk factors": what is left of the question is a heading in
            # scope ("Item 1A. Risk Factors"): that part is summed up by its summary's sources
            # and its subsections', a subsection in turn (and a document's part in turn)
            named = headed(graph, state.question, run.filters)[: self.options.documents]
            for part in named[:1]:  # its subsections' headings first: what a reader skims
                self._take_outline(run, part)
            if named:
                parts = interleave([[s, *(c for c in graph.expand(s, depth=10_000)[1:]
                                            if graph.node(c).kind == "section")]
                                     for s in named])
                sources = interleave([graph.summary_sources(p) for p in parts])
                run.op("expand", node=named[0], to="summary sources of the part named and of "
                       "its subsections", sections=named, n=len(sources))
                run.take_each(sources)
        if not tokens(run.question):  # "Compare the pin RFC and the unsafe pinned RFC", of
            return  # one of them: nothing but their names, read as their summaries above
        # a paper's works cited are no evidence unless asked about: "What is the main
        # contribution of it?" read pioNER's references by their section's summary
        cited = unasked_apparatus(graph, run.question)
        # "What is the main contribution of the pioNER paper?": the one paragraph saying "The
        # contributions of this work are ..." answers it; its introduction's summary read the
        # introduction's opening, which says none (nor do notices: "∗Equal contribution.")
        held = [n for n in holders if n not in cited and not self.passages.notice(n)]
        if held and len(holders) <= self.options.specific:
            run.op("locate", over="the paragraphs holding every word of the question",
                   hits=held)
            run.take(held, "passage")
        hits = graph.locate(run.question, k=6, filters=run.filters, via=["summary"])
        run.op("locate", over="summaries", hits=[h.node_id for h in hits])
        for h in hits:
            sources = graph.summary_sources(h.node_id)
            if cited:  # a summary of works cited alone is skipped, others read without them
                under = sources or [n for n in graph.expand(h.node_id, depth=10_000)
                                    if graph.node(n).kind == "paragraph"]
                if under and set(under) <= cited:
                    continue
                sources = [n for n in sources if n not in cited]
            if sources:
                run.op("expand", node=h.node_id, to="summary sources", n=len(sources))
                run.take(sources, "summary")
            else:  # an abstractive summary names no sources: its node's text is read
                run.op("expand", node=h.node_id, to="summarised text",
                       n=len(graph.expand(h.node_id, depth=1)) - 1)
                pieces = self._read(h.node_id, state)
                run.op("fetch", nodes=[p.node_id for p in pieces][:8],
                       added=state.add(pieces, "summary"))
            if state.sufficient():
                break

    def _parts_named(self, run: Run) -> bool:
        """The cross-reference route: the part the question names by label or heading, else
        the best two sections, each read with the targets of its references. True when the
        tables or figures it names by label are all it asks for (nothing else is read)."""
        state, graph, question, filters = run.state, self.graph, run.question, run.filters
        hits = [h.node_id for h in graph.locate(question, k=4, kinds=["section"],
                                                filters=filters)]
        run.op("locate", over="sections", hits=hits)
        named = (named_sections(graph, question, filters, hits)
                 if self.options.named_sections else [])
        if named:
            run.op("locate", over="sections named by heading", hits=named)
        # "Note 7", "Item 7A", "Section 4.2": the part so labelled, before any other
        labelled = labelled_parts(graph, question, filters, hits)
        if labelled:
            run.op("locate", over="sections named by label", hits=labelled)
            named = list(dict.fromkeys(labelled + named))
        # "Note 99" where no note is 99: the answer says so (it read other notes, and said
        # only that the question's words were not in them); "Table 9" likewise
        floats, unfound = labelled_floats(graph, question, filters)
        unfound = unlabelled(graph, question, filters) + unfound
        # "What does Table 2 show?": the table so captioned, and what refers to it
        if floats and read_labelled(graph, run, floats[:6], self.options.short_hit_words,
                                    alone=not named and not unfound):
            return True
        if floats and not named:  # the sections found by its words are read as passages are
            hits = []
        if unfound:
            run.unfound += unfound
            run.op("no part", labels=unfound)
        # a section asked for with nothing under its heading: the answer says so
        run.empty = [s for s in named if not holds_text(graph, s)]
        if run.empty:
            run.op("empty", nodes=run.empty)
        # a section found by its heading and by its summary is one section, read once (an
        # empty one has nothing to read: the next is read in its place)
        for section in [s for s in dict.fromkeys(named + hits) if s not in run.empty][:2]:
            # of the part asked for, the subsections the question's other words head first
            # ("Note 7 ... about legal proceedings"): the part may be long
            subs = headed_within(graph, section, state.terms) if section in named else []
            for sub in subs:
                pieces = self._read(sub, state, share=1.0)
                run.op("expand", node=sub, to="a subsection the question's words head",
                       added=state.add(pieces, "section"))
            # asked about the part as a whole ("What does Item 1A say?"): its outline first
            if (section in named and not subs
                    and set(state.terms) <= set(tokens(graph.node(section).breadcrumb))):
                self._take_outline(run, section)
            run.op("expand", node=section, depth=1, n=len(graph.expand(section, depth=1)) - 1)
            # the section asked for by name is the answer: it may take the whole budget (its
            # first paragraph cut if need be: the passages would not come to it)
            pieces = self._read(section, state, share=1.0 if section in named else None)
            run.op("fetch", nodes=[p.node_id for p in pieces][:8],
                   added=state.add(pieces, "section"))
            for source, target in self._references(run, section, pieces)[:2]:
                run.op("navigate", node=source, direction="references", to=target)
                targets = self._read(target, state)
                if targets:
                    run.op("fetch", nodes=[p.node_id for p in targets][:8],
                           added=state.add(targets, "reference"))
        return False

    def _statements_and_template_parts(self, run: Run) -> None:
        """A financial statement the question asks a figure of; on the local route, the
        outline of a part the question's words are the heading of, and a part most documents
        asked of have that the question's words name."""
        state = run.state
        # a filing asked for a figure of its statements ("revenue", "gross margin", "cash
        # flow", "accounts payable") reads the statement that reports it: a table of numbers
        # that the question's words rarely match (docnav/query/statements.py)
        for name, section in statements_asked(self.graph, run.question, run.scope):
            if state.sufficient() or section in state.visited:
                continue
            # the rows the figure asked labels, with the column heads above them, first; then
            # the statement from its top, in what is left of its share
            rows = [n for n in figure_rows(self.graph, section, run.question)
                    if n not in state.visited]
            before = state.tokens_used
            if rows:
                heads = list(dict.fromkeys(h for r in rows for h in self.passages.column_heads(r)))
                run.op("statement rows", statement=name, node=section, rows=rows, heads=heads)
                run.take(heads + rows, "statement")
            share = self.options.section_share - (state.tokens_used - before) / state.budget
            if share <= 0:
                continue
            pieces = self._read(section, state, share=share)
            run.op("statement", statement=name, node=section,
                   added=state.add(pieces, "statement"))
        # "What risk factors does Best Buy list?": the question asks for a list and its words
        # are a heading in scope, whose subsections' headings a reader skims first ("What
        # was Adobe's revenue?" asks for a figure, not the parts of "Revenue")
        if run.kind == "local" and self.options.named_sections and _LISTING.search(run.question):
            words = " ".join(dict.fromkeys(state.words.values()))
            for part in headed(self.graph, words, run.filters)[:1]:
                self._take_outline(run, part)
        # a part every document asked of has (an RFC's "Drawbacks"), named by the question's
        # words, is read in the document its other words pick
        if run.kind == "local" and self.options.named_sections:
            # (a document the question chose by its title, or asked of in turn, has the
            # parts most others have)
            lead = run.lead["document"] if run.lead else None
            scope = None if run.one_of_several else run.scope
            parts = template_part(self.graph, run.question, scope, run.filters,
                                  self.options.template_documents, lead)
            for section in parts[:1]:
                pieces = self._read(section, state, share=1.0)
                run.op("expand", node=section, depth=1, to="a part most documents have",
                       added=state.add(pieces, "section"))
            if not parts and run.one_of_several:  # "What are the drawbacks of each RFC?",
                # of one without that part: said, not left to the passages read instead
                elsewhere = template_part(self.graph, run.question, None, None,
                                          self.options.template_documents)
                if elsewhere:
                    run.op("no part", heading=self.graph.node(elsewhere[0]).heading,
                           documents=self.graph.document_paths((run.filters or {}).get("path")))

    def _gaps_and_neighbours(self, run: Run) -> None:
        """Evidence still short (the passages ran out with budget and steps left): the
        question's words that no evidence holds yet are searched for, then the best passages'
        neighbours and references are read (the sentences next to a hit often hold the rest
        of the answer)."""
        state, graph = run.state, self.graph
        gaps = state.gaps
        # a paper's works cited (and a table of contents) are no evidence, unless the
        # question asks about them
        cited = unasked_apparatus(graph, run.question)
        # nor a document's field lines whose keys the question does not name
        terms = set(tokens(run.question))
        if gaps and not state.sufficient() and run.steps < self.options.max_steps:
            hits = graph.locate(" ".join(gaps), k=5, kinds=["paragraph"], filters=run.filters)
            run.op("locate", over="gaps", terms=gaps, hits=[h.node_id for h in hits])
            for h in hits:
                if (h.node_id in state.visited or h.node_id in cited
                        or self.passages.unasked_field(h.node_id, terms)):
                    continue
                run.take([h.node_id], "gap")
                run.steps += 1
                if state.sufficient() or run.steps >= self.options.max_steps:
                    break
        best = sorted(state.evidence.values(), key=lambda e: -e.relevance)[:2]
        for e in best:
            if state.sufficient() or run.steps >= self.options.max_steps:
                break
            for direction in ("next", "previous", "references"):
                ids = [i for i in run.within(graph.navigate(e.piece.node_id, direction))
                       if i not in cited and not self.passages.unasked_field(i, terms)]
                if ids:
                    run.op("navigate", node=e.piece.node_id, direction=direction, to=ids[:3])
                    run.take(ids[:2], direction)
                    run.steps += 1

    def _take_outline(self, run: Run, section: str) -> None:
        outline = part_outline(self.graph, section,
                               int(self.options.outline_share * run.state.budget))
        if outline:
            run.op("outline", node=section, heading=self.graph.node(section).heading,
                   headings=outline.text.count("\n- ") + 1,
                   added=run.state.add([outline], "outline"))

    def _scope_node(self, doc: str | list[str] | None) -> str | None:
        """The node whose summary covers what the question is asked of: the one document the
        glob matches, else the collection when it matches them all (no glob); None for a
        part of several documents, which no one summary covers."""
        paths = self.graph.document_paths(doc)
        if len(paths) == 1:
            return self.graph.document_root(paths[0])
        if len(paths) == len(self.graph.document_paths()):
            return next((nid for nid, _ in self.graph.nodes_of_kind("collection")), None)
        return None

    def passage_order(self, question: str, filters: dict | None) -> list[str]:
        """Paragraph ids, best first, in the order passages are read
        (:meth:`docnav.query.passages.Passages.order`)."""
        return self.passages.order(question, filters)

    def _read(self, node_id: str, state: EvidenceState, share: float | None = None
              ) -> list[Piece]:
        """The text of a section (or paragraph) not read yet, in reading order, at most
        ``share`` of the budget (default ``section_share``); a paragraph that share would cut
        is left whole to the passages. Marked visited."""
        node = self.graph.node(node_id)
        parts = [node_id] if node.kind == "paragraph" else self.graph.expand(node_id, 1)[1:]
        share = int((self.options.section_share if share is None else share) * state.budget)
        pieces = self.graph.fetch([c for c in parts if c not in state.visited],
                                  budget=min(share, state.remaining))
        if pieces and share < state.remaining and _cut(self.graph, pieces[-1]):
            pieces.pop()
        state.visited.update(p.node_id for p in pieces)
        return pieces

    def _references(self, run: Run, section: str,
                    pieces: list[Piece]) -> list[tuple[str, str]]:
        """(source, target) of the references made by the section and by the paragraphs read
        from it, each target once, in the documents asked of: a "see Section 2" is a
        paragraph's edge, not its section's."""
        found: dict[str, str] = {}
        # a citation's entry in the works cited is no evidence, unless the question asks
        # about them ("Which works does Section 2 cite?")
        cited = unasked_apparatus(self.graph, run.question)
        for source in [section, *(p.node_id for p in pieces)]:
            for target in run.within(self.graph.navigate(source, "references")):
                if target in cited:
                    continue
                found.setdefault(target, source)
        return [(source, target) for target, source in found.items()]

def _cut(graph: DocNavGraph, piece: Piece) -> bool:
    """The piece holds only the start of its paragraph (the budget ran out inside it)."""
    return piece.tokens < count_tokens(graph.node(piece.node_id).text)


__all__ = ["Navigator", "EvidenceState", "Evidence", "Answer", "route", "count_tokens"]

