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
  the budget, then those of them all; while the evidence is short, the question's words that
  no piece holds yet (its gaps) are searched for, then the best passages' neighbours are read.

What the global and cross-reference routes read first is in :mod:`docnav.query.routes`.
Passages are read in the order of three fused rankings, the paragraphs' BM25 rank, their
embedding rank and the reading order of the sections found, each short hit with the paragraph
after it (:mod:`docnav.query.passages`).

A question naming one company, or one document by words of its title ("the zero-shot
translation paper"), is asked of that document alone, without those words
(:mod:`docnav.query.names`); one naming several companies, or asking which documents, is
asked of each in turn (:mod:`docnav.query.in_turn`, :mod:`docnav.query.which`; asked how many
documents there are, or which came first or is longest, they are counted, listed or ordered
by date or length). What the question has collected, and the answer, are in
:mod:`docnav.query.evidence`.

The loop is locate -> fetch -> evaluate -> navigate/expand by gaps -> stop when the
:class:`EvidenceState` is confident or the token budget is spent. The result cites node ids,
breadcrumbs and pages, and carries a trace of every operation. The evidence is given document
by document, each in reading order, the document of the best passage first. Its text is the
cited evidence, or, with an answerer (:mod:`docnav.query.generate`), an answer generated from
that evidence with numbered citations, each of its sentences checked by NLI against the
evidence it cites when a verifier is given (with the ``drop`` policy only the supported
sentences stay); when generation fails the evidence stays the answer, the error beside it.
"""

from __future__ import annotations

import glob
import re
from collections.abc import Callable
from dataclasses import dataclass

from docnav.errors import ConfigError, DocNavError, InputError
from docnav.query._checks import check_text, question_budget
from docnav.query.graph import DocNavGraph, Piece, count_tokens
from docnav.query.evidence import (Answer, Evidence, EvidenceState, Run, fetch_within,
                                   names_nothing)
from docnav.query.acronyms import read_definitions, spell_out
from docnav.query.as_documents import as_documents_said, as_documents_written
from docnav.query.agents import agent_paragraphs
from docnav.query.cited import WORKS_ASKED, asks_works, read_works_cited, unasked
from docnav.query.kind_words import ASKED_OF, plural, said
from docnav.query.companies import asks_companies, companies, company_mentions, each_company
from docnav.query.floats import LISTED, read_captions
from docnav.query.formats import format_answer
from docnav.query.kinds import kind_answer, kind_left_out
from docnav.query.holding import as_documents_referred, needing_verb
from docnav.query.in_turn import (EACH_DOCUMENT, MOST_COMPARED, compare, compare_documents,
                                   each_document, each_named, said_by_each, singled_out)
from docnav.query.lexical import tokens
from docnav.query.names import (named_documents, named_outside, named_registrants, own_names,
                                titled_document, titled_documents, unindexed_named,
                                untitled_names, without_names)
from docnav.query.layout import (OUTLINE_ASKED, PAGES_ASKED, PARTS_ON, WHICH_PAGE, as_sections,
                                  can_outline, pages_asked, part_outline, read_outlines,
                                  read_pages, read_parts_on)
from docnav.query.left_out import without_left_out
from docnav.query.relating import related_named, relate
from docnav.query.referring import (as_referring, one_as_several, read_references,
                                    references_each, referring_pair)
from docnav.query.parts import PART_WORDS, headed, heading_asked, template_part, unasked_apparatus
from docnav.query.options import NavigatorOptions
from docnav.query.ordered import answer_ordered, ordering
from docnav.query.passages import Passages
from docnav.query.described import described_document
from docnav.query.sequence import read_sequence
from docnav.query.pieces import is_cut
from docnav.query.router import GLOBAL, WHAT_IT_DOES, route, routed
from docnav.query.routes import read_parts_named, read_summaries
from docnav.query.statements import figure_rows, statements_asked
from docnav.query.unnumbered import capped, said_not_in_store, unheld_numbers, unkinded
from docnav.query.which import (asks_documents, counts_the_store, of_one, referred_outside,
                                which_documents)

# "Summarise the RFCs about async": the documents summed up, no word of what they hold
# ("Summarise the collection", "Summarise everything": of the bundled sample, "collection"
# and "everything" were searched as words); their kind ending it after what they are
# about ("the allocator RFCs": "not in the evidence: rfcs")
THE_DOCUMENTS = re.compile(rf"\b(?:(?:the|these|those|all(?:\s+the)?|every|each)\s+"
                           rf"(?:{said(ASKED_OF)}|collection)|everything|all\s+of\s+(?:it|them)|"
                           rf"(?<=\w\s){plural(ASKED_OF)}(?=\W*$))\b", re.I)

# a question asking for a list of things
_LISTING = re.compile(r"\b(?:list|lists|listed|which|what are|name the|enumerate)\b", re.I)


@dataclass
class _Shaped:
    """A question as :meth:`Navigator.collect` searches it (:meth:`Navigator._shaped`)."""
    question: str  # without the names that chose its documents, and the words only asking
    kind: str  # its route: a local question about a chosen document as a whole goes global
    state: EvidenceState
    unnamed: bool  # a name was taken out of it
    pages: list[tuple[str, int, int]]  # the pages it asks to read (docnav.query.layout)
    outline: bool  # it asks for nothing but the documents' parts
    captions: bool  # ... their tables or figures
    works: bool  # ... their works cited
    unwanted: frozenset[str]  # the terms of what it leaves out ("besides pinning")


# what ``Navigator.ask(where=...)`` chooses documents by (DocNavGraph.filter's own criteria)
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
        if not isinstance(graph, DocNavGraph):
            raise ConfigError(f"Navigator takes a DocNavGraph, not {graph!r}: open one with "
                              "DocNavGraph.open(path) (docnav.query)")
        if answerer is not None and not (hasattr(answerer, "answerer_id")
                                         and callable(getattr(answerer, "answer", None))):
            raise ConfigError(f"answerer {answerer!r} is not valid: give an object with "
                              "answerer_id and answer(question, evidence), such as "
                              "ChatAnswerer() (docnav.query.generate)")
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
            where: dict | None = None, said_as: dict | None = None) -> Answer:
        """The cited evidence for ``question`` within ``budget`` tokens (and, with an
        answerer, an answer written from it), from the documents whose path matches ``doc``
        (a glob) and, given ``where``, whose own fields match it: ``metadata`` (values the
        document's fields must have, e.g. ``{"author": "Ada"}``), ``dated_after`` and
        ``dated_before`` (ISO dates bounding its own date), as :meth:`DocNavGraph.filter`
        takes them; where none has them, the error says each as ``said_as`` (the CLI's
        ``{"metadata": "--meta author=Ada"}``) does: :meth:`DocNavGraph.documents_where`."""
        # a question too long (or empty) is said before any work on it (one of no words to
        # search for may still be answered: by the openings of what it is asked of)
        check_text(question)
        budget = question_budget(budget)
        if not (doc is None or isinstance(doc, str) or isinstance(doc, (list, tuple))
                and all(isinstance(d, str) for d in doc)):
            raise InputError(f"doc {doc!r} is not valid: give a glob of document paths "
                             "(e.g. '*.md') or a list of them")
        if where is not None and not isinstance(where, dict):  # a string: its characters
            raise InputError(f"where {where!r} is not valid: give a dict of document criteria,"
                             f" e.g. {{'dated_after': '2014-01-01'}}, from {', '.join(WHERE)}")
        if doc:
            self.graph.matching_documents(doc)
        scope: str | list[str] | None = doc
        if where:
            if unknown := sorted(set(where) - set(WHERE)):
                raise InputError(f"unknown document criteria {', '.join(unknown)}; valid: "
                                 f"{', '.join(WHERE)}")
            kept = self.graph.documents_where(doc, where, said_as)
            scope = [glob.escape(self.graph.node(n).path) for n in kept]
        # "Which headings are on lifetimes?": the sections; "Which RFC cites ...?": which RFCs
        asked = one_as_several(self.graph, as_sections(question))
        answer = (kind_left_out(self, asked, budget, scope)  # "..., besides RFCs?": the others
                  or format_answer(self, asked, budget, scope)  # "Which PDF ...?" of PDFs
                  or kind_answer(self, asked, budget, scope)  # "Which RFC ...?" of RFCs
                  or self.collect(asked, budget, scope))  # (docnav/query/formats.py, kinds.py)
        if answer.question != question:  # searched in other words: said, the asked one kept
            answer.searched_as, answer.question = answer.question, question
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
                first: list[str] | None = None, in_turn: bool = False,
                referred: bool = False) -> Answer:
        """The cited evidence for ``asked`` within ``budget`` tokens, from the documents ``doc``
        matches (a glob, a list of them, or all): :meth:`ask` without generating an answer,
        and what :mod:`docnav.query.in_turn` asks of each part of a question (``in_turn``:
        ``doc`` is one of the documents asked of, or those a glob chose, of which the part
        names one: that one alone). ``first``: nodes read before any search
        (the paragraphs of a document referring to the one a question names,
        :func:`docnav.query.which.which_documents`); ``referred``: the references between
        the documents it names are read already
        (:func:`docnav.query.referring.read_references`), not asked for again."""
        asked = as_referring(self.graph, asked)  # "How many references does RFC 2592 have?"
        kind = self.route_of(asked)
        if (answered := self._answered_whole(asked, budget, doc, referred)) is not None:
            return answered
        chosen, names, by_title, also = self._chosen(asked, doc)
        if names and not by_title:  # one company's filings: "the company" is that company
            names = [*names, *company_mentions(asked)]
        # what the question is asked of: a glob, globs, or all; a part of "What do RFC 2349
        # and RFC 2592 say ...?" of --doc '*/2*', the one it names (it searched the whole glob)
        scope = chosen if in_turn and chosen else doc or chosen or None
        # "RFC 9999" of a store without it: its kind word is not searched (unnumbered.py)
        unheld = [] if chosen or names or referred else unheld_numbers(self.graph, asked)
        shaped = self._shaped(unkinded(asked, unheld), budget, kind, names, scope, bool(chosen),
                              bool(by_title))
        question, kind, state = shaped.question, shaped.kind, shaped.state
        run = Run(self.graph, asked, question, kind, state, scope, bool(by_title) or in_turn,
                  unwanted=shaped.unwanted, max_steps=self.options.max_steps)
        if not chosen and not names:  # "the trusted publishing RFC", and none is so titled
            run.untitled = untitled_names(self.graph, asked, self.graph.document_paths(
                None if referred else doc))  # (one referred to is not asked of)
            if run.untitled:
                run.op("no document titled", names=run.untitled)
        if doc and not in_turn and not referred and (
                outside := named_outside(self.graph, asked, doc)):  # "RFC 2592" of '*2349*'
            run.untitled = list(dict.fromkeys([*outside, *run.untitled]))
            run.op("named outside", not_asked=outside)
        spell_out(self.graph, run)  # "Who is the CEO of Adobe?": "Chief Executive Officer"
        if (kind == "local" and not chosen and not shaped.works and not shaped.outline
                and self.options.document_share > 0):
            run.lead = self.passages.best_document(run)
        if chosen:
            run.op("focus", documents=chosen, left_out=names, question=question,
                   by=by_title or "registrant", **({"also_fits": also} if also else {}))
        elif names and shaped.unnamed:  # "What is on page 3?" of --doc '*ADOBE*': no company
            run.op("focus", left_out=names, question=question,
                   filings=len(self.graph.document_paths(scope)))
        # "Which RFCs refer to RFC 1961?": where this one does, before anything else (the
        # outline "Which documents refer to the parts list?" asked for read instead)
        if first:  # the answer's first, whatever the passages read before them in the text
            run.op("references", nodes=first[:8])
            run.asked_part.update(first)
            run.take(first, "reference")
        if (not said_not_in_store(self.graph, run, unheld)
                and not self._read_as_listed(run, shaped)):
            self._read_route(run)
        answer = capped(run, unheld)  # as searched: "besides pinning" left out (searched_as)
        answer.question = without_left_out(asked)[0]
        return answer

    def _shaped(self, asked: str, budget: int, kind: str, names: list[str],
                scope: str | list[str] | None, chosen: bool, by_title: bool = False) -> _Shaped:
        """The question as searched: without the names that chose its documents, the pages
        it reads, the words asking for an outline, captions or works cited, and its route's
        cue; a local question about what a chosen document is, as a whole, goes global."""
        # a question that is a document's name alone ("pump.md"): what it is, as a whole
        question = without_names(asked, names, keep=not by_title)
        unnamed = question != asked  # a name was taken out (not a page or a cue, below)
        # "besides pinning": not searched for (nor "RFC" pushed down, of "besides the pin RFC")
        question, unwanted = without_left_out(question)[0], without_left_out(asked)[1]
        # "Which RFCs discuss Send?" of one document: what it says of Send (the question's
        # other words are none its text need hold); not "Which papers do they cite?"
        if ((which := asks_documents(question)) and not WORKS_ASKED.search(question)
                and len(self.graph.document_paths(scope)) == 1):
            question = of_one(question, which)
        # "What is on page 36 of the Adobe 10-K?": the page is read, not searched for
        if pages := pages_asked(asked):
            question = PAGES_ASKED.sub(" ", question)
        question = WHICH_PAGE.sub(" where ", question)
        # a global question's cue ("what are the main", "summarise") says what kind of answer
        # is wanted, not what it is about: its words are no gaps to search for
        # likewise a cross-reference question's "section": its part is found by its heading
        # nothing asked but a document's parts: its outline answers (below), where it can (of
        # a few documents; "What is in the table of contents?" of more is searched as asked)
        # ("Summarise the sections of ..." asks for what they say: "summarise" is no asking word)
        outline = (bool(OUTLINE_ASKED.search(question))
                   and names_nothing(OUTLINE_ASKED.sub(" ", question))
                   and can_outline(self.graph, scope))
        if outline:
            question = OUTLINE_ASKED.sub(" ", question)
        # nothing asked but its tables or figures: their captions answer, where it has any
        # (below; where it has none, the question is searched as it is)
        captions = (not outline and bool(LISTED.search(question))
                    and names_nothing(LISTED.sub(" ", question)))
        # its works cited asked for ("How many references does ... have?", "List the
        # references", of each document asked of: "the paper", "each paper"): they answer,
        # counted, where it has any; those about what else the question names ("What papers
        # does it cite about Wikipedia?") where any is (docnav/query/cited.py); those a part
        # cites ("Which works does the Method section cite?") by its references, below
        works = (not outline and kind != "cross-reference"
                 and asks_works(self.graph, question, scope))
        if works:
            question = THE_DOCUMENTS.sub(" ", unasked(question))
        # (and a global question's "section": "Summarise the Drawbacks section" names the
        # part headed "Drawbacks", whose summary answers; "section" was said missing)
        state = EvidenceState(PART_WORDS.sub(" ", THE_DOCUMENTS.sub(" ", GLOBAL.sub(
                                  " ", question)))
                              if kind == "global" else
                              PART_WORDS.sub(" ", question) if kind == "cross-reference" else
                              question, budget, remainder=True)
        state.no_gaps = needing_verb(asked, names) if by_title else frozenset()
        # "What is the zero-shot translation paper about?", "What does the clamp RFC propose?":
        # nothing asked but what the document a name chose is, as a whole: its summary answers
        whole = EvidenceState(WHAT_IT_DOES.sub(" ", question), budget, remainder=True) if (
            kind == "local" and chosen) else None
        if whole is not None and whole.names_nothing:
            kind, state = "global", whole
        return _Shaped(question, kind, state, unnamed, pages, outline, captions, works,
                       unwanted)

    def _read_as_listed(self, run: Run, shaped: _Shaped) -> bool:
        """What the question asks for a list of, read: the outline, the captions, the works
        cited, the pages, a section by its place. True when that is the answer."""
        if (read_sequence(self.graph, run) or shaped.outline and read_outlines(self.graph, run)
                or PARTS_ON.search(run.question) and read_parts_on(self.graph, run)):  # "on books"
            return True
        if shaped.captions and read_captions(self.graph, run, shaped.question):
            return True
        if shaped.works and read_works_cited(self.graph, run):
            return True
        # (a page none has: the answer says so, with no evidence: layout.read_pages)
        return bool(shaped.pages) and (read_pages(self.graph, run, shaped.pages)
                                       or run.state.names_nothing)

    def _read_route(self, run: Run) -> None:
        """The question's route read: the summaries of a global question, the parts a
        cross-reference names, then on every route the definitions, statements and template
        parts, field lines and agents asked for, the passages, the gaps and neighbours."""
        state, kind = run.state, run.kind
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
            read_summaries(self, run, holders)
        if kind == "cross-reference" and read_parts_named(self, run):
            return
        read_definitions(self.graph, run)  # "What does OLID stand for?"
        self._statements_and_template_parts(run)
        self.passages.read_field_lines(run)
        # "Who audits Best Buy?": where the text says by whom ("audited by Deloitte ...")
        if kind == "local" and (agents := agent_paragraphs(self.graph, run.question,
                                                           run.filters)):
            run.op("locate", over="paragraphs saying by whom", hits=agents)
            run.take(agents, "agent")
        self.passages.read(run)  # every route ends here while evidence is short
        self._gaps_and_neighbours(run)

    def _answered_whole(self, asked: str, budget: int, doc: str | list[str] | None,
                        referred: bool = False) -> Answer | None:
        """The answer of a question that a module of its own answers whole, else None: the
        companies in the store; what each document asked of says; the documents first or
        last by date ("What is the newest RFC?") or length ("Which RFC is the longest?");
        which documents hold something; several companies or documents named and compared."""
        if (co := asks_companies(asked)) and (listed := companies(self, asked, co, doc)):
            return listed  # "Which companies are in the store?", of filings
        asked_of = self.graph.document_paths(doc)
        several = len(asked_of) > 1
        # ("How many papers does the pioNER paper cite?", "How many references does each
        # paper have?" ask of the works cited, read by the collecting)
        of_cited = WORKS_ASKED.search(asked)
        if several and not of_cited and (each := EACH_DOCUMENT.search(asked)):  # "each paper"
            return each_document(self, asked, budget, each, asked_of, doc)
        if several and (first := ordering(self.graph, asked, asked_of)):  # (or of those named)
            return answer_ordered(self, asked, budget, first, doc)
        if several and not referred and (pair := related_named(self.graph, asked, asked_of)):
            return relate(self, asked, budget, pair)  # "How does RFC 2592 relate to 2394?"
        if not referred and (pair := referring_pair(self.graph, asked)) and (  # "Does RFC
                several or asked_of == [pair[0]]):  # 2592 refer to 2394?", of it alone too
            return read_references(self, asked, budget, {pair[0]: pair[1]}, pair[2], every=False)
        if not referred and (each := references_each(self.graph, asked, asked_of)):  # "What
            return read_references(self, asked, budget, *each)  # do RFC 2349 and ... refer to?"
        if several and len(parts := said_by_each(self.graph, asked)) > 1 and (  # "What do
                said := each_named(self, asked, budget, parts, doc)):  # the pin RFC and ...
            return said  # say about X?" (of those --doc chose, none named: as any question)
        if several:  # "What did Bo Chen write?": which documents Bo Chen wrote; "What does
            # RFC 2349 build on?": which documents it refers to
            asked = as_documents_referred(self, as_documents_written(  # "Which sources
                self, as_documents_said(asked), doc))  # mention ...?": which documents
        which = asks_documents(asked) if not of_cited else None
        if not several and which is not None and not counts_the_store(asked, which):
            if doc and (outside := referred_outside(self, asked, which, doc, budget)):
                return outside  # "Which RFCs link to the futures RFC?" of that RFC alone
            which = None  # of one document, "Which RFCs ...?" asks what it says

        if doc:  # the documents a glob chose: which of them ("Which RFCs ...?")
            return which_documents(self, asked, budget, which, doc) if which else None
        if len(named := named_registrants(self.graph, asked)) > 1:
            return compare(self, asked, budget, named)
        if (every := each_company(self.graph, asked, MOST_COMPARED))[1]:  # "each company's"
            return compare(self, every[0], budget, every[1], asked=asked)
        if which:
            return which_documents(self, asked, budget, which)
        if len(singled := singled_out(self.graph, asked, bool(of_cited))) > 1:
            return compare_documents(self, asked, budget, singled)
        return None

    def _chosen(self, asked: str, doc: str | list[str] | None
                ) -> tuple[list[str], list[str], str, list[str]]:
        """(the documents the question's names choose, as globs; those names, no evidence
        inside them; what chose a document by its words: "title", "description", or ""; the
        other documents its description fits as well, :func:`described_document`): a
        company's filings, a document named by its title ("the zero-shot translation
        paper"), one asked to be summed up named by what it is about ("Summarize the RFC on
        pinning"); asked of documents a glob chose, none but the one of them titled so
        ("What does the pin RFC propose?" of that RFC) (:mod:`docnav.query.names`)."""
        if doc:
            names = own_names(self.graph, doc)
            if not names:  # "What does the pin RFC propose?" asked of that RFC: its name
                inside = set(self.graph.document_paths(doc))  # is no evidence in it
                own = [(p, n) for p, n in titled_documents(self.graph, asked) if p in inside]
                if len(own) == 1:
                    return [glob.escape(own[0][0])], [own[0][1]], "title", []
            return [], names, "", []
        chosen, names = named_documents(self.graph, asked)
        if chosen:
            return chosen, names, "", []
        # "the zero-shot translation paper": the one document so titled
        chosen, names = titled_document(self.graph, asked)
        if chosen:
            return chosen, names, "title", []
        if failed := unindexed_named(self.graph, asked):
            # "What is empty.md about?": no other document answers for it
            why = "; ".join(f"{path}: {error}" for path, error in failed[:3])
            what = "a document" if len(failed) == 1 else "documents"
            raise InputError(f"the question names {what} no run could index ({why}); fix "
                             "the file and run `docnav index` again")
        # "Summarize the RFC on pinning": the one whose summaries say so best
        chosen, names, also = described_document(self.graph, asked)
        return chosen, names, "description" if chosen else "", also

    def _statements_and_template_parts(self, run: Run) -> None:
        """A financial statement the question asks a figure of; on the local route, the
        outline of a part the question's words are the heading of, and a part most documents
        asked of have that the question's words name."""
        state = run.state
        # a filing asked for a figure of its statements ("revenue", "gross margin", "cash
        # flow", "accounts payable") reads the statement that reports it: a table of numbers
        # that the question's words rarely match (docnav/query/statements.py)
        for name, section in statements_asked(self.graph, run.question, run.scope):
            if state.sufficient or section in state.visited:
                continue
            # the rows the figure asked labels, with the column heads above them, first; then
            # the statement from its top, in what is left of its share
            rows = [n for n in figure_rows(self.graph, section, run.question)
                    if n not in state.visited]
            before = state.tokens_used
            if rows:
                self.passages.take_rows(run, rows, "statement", statement=name, node=section)
            share = self.options.section_share - (state.tokens_used - before) / state.budget
            if share <= 0:
                continue
            pieces = self.read_part(section, state, share=share)
            run.op("statement", statement=name, node=section,
                   added=state.add(pieces, "statement"))
        # "What risk factors does Best Buy list?": the question asks for a list and its words
        # are a heading in scope, whose subsections' headings a reader skims first ("What
        # was Adobe's revenue?" asks for a figure, not the parts of "Revenue")
        if run.kind == "local" and self.options.named_sections and _LISTING.search(run.question):
            words = " ".join(dict.fromkeys(state.words.values()))
            for part in headed(self.graph, words, run.filters)[:1]:
                self.take_outline(run, part)
        # a part every document asked of has (an RFC's "Drawbacks"), named by the question's
        # words, is read in the document its other words pick
        if run.kind == "local" and self.options.named_sections:
            # (a document chosen by its title, or asked of in turn, has the parts others have)
            lead = run.lead["document"] if run.lead else None
            scope = None if run.one_of_several else run.scope
            parts = template_part(self.graph, run.question, scope, run.filters,
                                  self.options.template_documents, lead)
            asked = [] if parts else heading_asked(self.graph, " ".join(dict.fromkeys(
                state.words.values())), run.question, run.filters, lead, run.scope)
            for section in (parts or asked)[:1]:
                pieces = self.read_part(section, state, share=1.0)
                run.op("expand", node=section, depth=1, added=state.add(pieces, "section"),
                       to="a part most documents have" if parts else
                       "the part the question's words head")
            if not parts and not asked and run.one_of_several:  # "What are the drawbacks of
                # each RFC?", of one without that part: said, not left to the passages
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
        # a paper's works cited (and a table of contents) are no evidence, unless asked about
        cited = unasked_apparatus(graph, run.question)
        # nor a document's field lines whose keys the question does not name
        terms = set(tokens(run.question))
        if gaps and not state.sufficient and run.steps < self.options.max_steps:
            hits = graph.locate(" ".join(gaps), k=5, kinds=["paragraph"], filters=run.filters)
            run.op("locate", over="gaps", terms=gaps, hits=[h.node_id for h in hits])
            for h in hits:
                if (h.node_id in state.visited or h.node_id in cited
                        or self.passages.unasked_field(h.node_id, terms)):
                    continue
                run.take([h.node_id], "gap")
                run.steps += 1
                if state.sufficient or run.steps >= self.options.max_steps:
                    break
        best = sorted(state.evidence.values(), key=lambda e: -e.relevance)[:2]
        for e in best:
            if state.sufficient or run.steps >= self.options.max_steps:
                break
            for direction in ("next", "previous", "references"):
                if (room := min(2, self.options.max_steps - run.steps)) <= 0:  # each
                    break  # neighbour a step
                ids = [i for i in run.within(graph.navigate(e.piece.node_id, direction))
                       if i not in cited and not self.passages.passed_over(i, terms)]
                if ids:
                    run.op("navigate", node=e.piece.node_id, direction=direction, to=ids[:3])
                    run.take(ids[:room], direction)
                    run.steps += len(ids[:room])

    def take_outline(self, run: Run, section: str) -> None:
        """The headings under ``section`` (its outline), up to ``outline_share`` of the
        budget: what a reader skims of a part before reading it."""
        outline = part_outline(self.graph, section,
                               int(self.options.outline_share * run.state.budget))
        if outline:
            run.asked_part.add(outline.node_id)  # before the part's text, as a reader skims
            run.op("outline", node=section, heading=self.graph.node(section).heading,
                   headings=outline.text.count("\n- ") + 1,
                   added=run.state.add([outline], "outline"))

    def route_of(self, question: str) -> str:
        """The route the router gives ``question``: one of "local", "global",
        "cross-reference" (another name is a :class:`ConfigError`)."""
        return routed(self.router, question)

    def passage_order(self, question: str, filters: dict | None) -> list[str]:
        """Paragraph ids, best first, in the order passages are read
        (:meth:`docnav.query.passages.Passages.order`)."""
        return self.passages.order(question, filters)

    def read_part(self, node_id: str, state: EvidenceState, share: float | None = None
                  ) -> list[Piece]:
        """A section's (or paragraph's) text not read yet, in reading order, to ``share`` of the
        budget (default ``section_share``), less unasked works cited or contents not holding it
        (:func:`unasked_apparatus`) and lines of structure alone ("\\label{sec:intro}":
        :meth:`~Passages.structure`); a paragraph that share would cut is left to the passages."""
        passed = state.visited | unasked_apparatus(self.graph, state.question, node_id)
        parts = [p for p in self.graph.expand(node_id, 10_000) if self.graph.node(p).kind
                 == "paragraph" and p not in passed and not self.passages.structure(p)]
        share = int((self.options.section_share if share is None else share) * state.budget)
        pieces = fetch_within(self.graph, parts, min(share, state.remaining))
        if pieces and share < state.remaining and is_cut(pieces[-1], self.graph):
            pieces.pop()
        pieces = self.passages.without_lone_heads(pieces, state.evidence)
        state.visited.update(p.node_id for p in pieces)
        return pieces


__all__ = ["Navigator", "EvidenceState", "Evidence", "Answer", "route", "count_tokens"]

