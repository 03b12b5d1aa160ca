"""The incremental indexer used by the CLI and by Dagster alike.

A run: scan the roots and hash every file; compare with the ``documents`` table to find
added, changed, renamed, unchanged and deleted documents; parse only what changed; embed
only text whose hash has no cached vector; write each batch of documents in one
transaction; then update the collection level (collection node, links between documents,
related edges) around what changed. A document that fails keeps its previous version and
records the error; the rest of the batch goes on.

This module holds the run and its batches (:class:`Indexer`); the collection step is
:mod:`docnav.collection_step`, the re-embedding after a change of embedding model
:mod:`docnav.reembed`, the export of a run :mod:`docnav.run_export`, and the run's settings
:mod:`docnav.index_options`.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import replace
from pathlib import Path
from typing import Literal

import duckdb
import numpy as np
import polars as pl

from docnav.collection_step import CollectionStep
from docnav.compact import compact_store, worth_compacting
from docnav.diff import diff_trees
from docnav.embed import Embedder, embed_missing, make_embedder, section_vectors
from docnav.errors import DocNavError, InputError, RunCancelled
from docnav.export import WritingMark, mark_writing
from docnav.index_options import IndexOptions
from docnav.kept_documents import KeptDocuments
from docnav.model import DocTree, NodeKind
from docnav.parse import parse_file, parser_id
from docnav.parse import preload as preload_parser
from docnav.plan import (
    Job, Parser, Plan, document_record, drop_alike, parse_job, parsed_otherwise, plan_run,
    went_missing,
)
from docnav.progress import Progress, progress, starting
from docnav.reembed import Reembedding
from docnav.report import IndexReport
from docnav.run_files import run_files
from docnav.scan import (
    FoundFile, HashCache, absolute, in_scope, links_to, readable_name, root_of, scan_paths,
)
from docnav.rows import DocumentRecord, embeddings_frame
from docnav.run_export import export_pending, note_export, note_stopped
from docnav.store import Store
from docnav.store_embeddings import CachedEmbeddings
from docnav.summaries import SummaryBuilder, make_builder
from docnav.summary_rows import NodeSummary, prune_summaries
from docnav.texts import KeptTexts, texts_tokens
from docnav.verify import check_nli_model
from docnav.wording import counted


log = logging.getLogger(__name__)

_EXPORT_IN_HAND = 64  # documents per run up to which the rows to export are kept in memory


class Indexer:
    """Keeps a store up to date with folders of documents."""

    def __init__(
        self,
        store: Store,
        options: IndexOptions = IndexOptions(),
        embedder: Embedder | None = None,
        parse: Parser | None = None,
        summaries: SummaryBuilder | None = None,
        progress_log: Callable[[str], None] | None = None,
    ) -> None:
        self.store = store
        # where progress goes as lines instead of a bar (Dagster's context.log.info), whatever
        # options.progress says: "indexing: k/n documents done (...)" after each batch, and
        # before the documents a line for each stage that runs for seconds ("indexing:
        # opening the store ..."); a consumer counting batches picks the "documents done" ones
        self.progress_log = progress_log
        # asked before each document: True stops the run there (RunCancelled); the resident
        # worker's, when the run that sent the request has gone
        self.should_stop: Callable[[], bool] | None = None
        self.options = options
        self._embedder = embedder
        self._parse = parse or parse_file
        self._summaries = summaries
        self._hashes = HashCache()  # a long-lived indexer does not re-read unchanged files
        self._documents = KeptDocuments(store)  # document rows and trees, between runs
        self._collection = CollectionStep(store, self._documents)
        # which texts the stored nodes use and which vectors are stored, from the second
        # run on (a one-off run would spend more reading it than it saves); None when unknown
        self._texts: KeptTexts | None = None
        self._runs = 0
        self._bar: Progress = Progress()  # the running index run's progress, when shown
        self._started = 0.0  # time.monotonic() as the running run started: its progress's 0 s
        self._marked: WritingMark | None = None  # the export's mark the running run found
        self.report: IndexReport | None = None  # the running (or last) run's report

    @property
    def summaries(self) -> SummaryBuilder | None:
        """The summary builder, created on first use when summaries are enabled."""
        if self._summaries is None and self.options.summaries is not None:
            self._summaries = make_builder(self.options.summaries)
        return self._summaries

    def _check_summaries(self) -> None:
        """The summary settings checked as far as they can be without loading the NLI model
        (a model folder that is not there): loading it takes seconds, which a run waiting for
        a store held by another process spent before it said so, or before its --wait."""
        options = self.options.summaries
        if self._summaries is None and options is not None and options.verify:
            check_nli_model(options.nli.model)

    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            self._embedder = make_embedder(self.options.embedding)
        return self._embedder

    def preload(self) -> None:
        """Load the parser and the models now, so that the first run does not wait for them."""
        self.embedder.load()
        if self.summaries is not None and self.summaries.verifier is not None:
            self.summaries.verifier.model.load()
        preload_parser("markdown")

    def index(
        self,
        roots: Sequence[str | Path],
        paths: Sequence[str | Path] | None = None,
        collection: bool = True,
        reparse: bool | Literal["parsed_otherwise"] = False,
    ) -> IndexReport:
        """Bring the store up to date with ``roots``.

        paths: only these files (under the roots) are considered: added, changed, renamed
            among them, or removed when they no longer exist. None = everything under the
            roots, and stored documents under the roots that are gone are removed.
        collection: also update the collection level now. With False (per-document Dagster
            runs) the work is queued in the store and done by :meth:`update_collection`.
        reparse: parse the unchanged files in scope again too (after an upgrade of DocNav's
            parsers or a change of ``parse`` options); a document whose stored rows come out
            the same is left as it is and counted unchanged. ``"parsed_otherwise"``: only those
            another parser or other ``parse`` options made (a new PDF mode: only the PDFs).
        """
        started = time.perf_counter()
        # settings first: a missing root or model is an error before any work or store
        if isinstance(roots, (str, Path)) or not roots:  # nothing to scan: not "all removed"
            raise InputError(f"roots {roots!r}: give a list of the folders or files to index")
        self._begin()
        try:
            self._bar.stage(f"scanning {readable_name(str(absolute(roots[0])))}"
                            if len(roots) == 1 else f"scanning {len(roots)} folders and files")
            found, scope, empty = run_files(self.store, roots, paths, self.options,
                                            self._hashes)
            scanned = time.perf_counter() - started
            self._check_summaries()  # a bad setting fails before the wait for the store
            with self._session() as report:
                self._claim_export()
                report.empty_roots = empty
                self._index(found, scope, report, exact_scope=paths is not None,
                            reparse=reparse, roots=root_of(roots))
                report.stage_seconds["scan"] = report.stage_seconds.get("scan", 0.0) + scanned
                if collection:
                    self._collection_step(report)
                else:
                    self._collection.clear_exported()
                note_export(self.store, self.options.export_parquet)
            if worth_compacting(report):
                self._compact(report)
        finally:
            self._bar.close()
            self._bar = Progress()
        report.seconds = time.perf_counter() - started
        return report

    def _claim_export(self) -> None:
        """The export folder marked as this store's, once the store is open (a --db that
        is no store, a folder or another program's database, marked it, and the real store
        beside it was then refused the folder); another store's export there: said before
        any work."""
        if self.options.export_parquet:
            self.store.claim_export()

    def _compact(self, report: IndexReport) -> None:
        """After a run that wrote much of the collection: the store copied into a new file
        of its rows only (:func:`compact_store`). The appends of a bulk run leave the tables in
        many small segments, which every later checkpoint pays for, and the file twice the
        size of its rows. The run's work is committed already: a compaction that cannot run
        (another writer came in between, no disk space for the copy) is logged and skipped."""
        t = time.perf_counter()
        self._bar.stage("compacting the store")
        try:
            compact_store(self.store)
        except (DocNavError, OSError, duckdb.Error) as exc:
            log.warning("%s: not compacted after this run (%s)", self.store.path, exc)
        report._time("compact", t)

    def update_collection(self) -> IndexReport:
        """Do the collection-level work queued by runs with ``collection=False``."""
        started = time.perf_counter()
        self._begin()
        try:
            self._check_summaries()
            with self._session() as report:
                self._claim_export()
                _ = self.summaries  # settings checked; the NLI model loads at its first claim
                self._collection_step(report)
                if self._marked is not None:  # the documents' export is as it was
                    self._marked.put_back()
        finally:
            self._bar.close()
            self._bar = Progress()
        report.seconds = time.perf_counter() - started
        return report

    def _begin(self) -> None:
        """A run starts: its clock, and its stages said until its documents are counted."""
        self._started = time.monotonic()
        self._bar.close()
        self._bar = starting(self.options.progress, log=self.progress_log)

    @contextmanager
    def _session(self) -> Iterator[IndexReport]:
        """The store held open for one run, its open and close (checkpoint) timed as 'store'."""
        self.report = report = IndexReport()  # what a run stopped by a signal wrote: said
        t = time.perf_counter()
        told = self.progress_log or self.store.waiting

        def waiting(line: str) -> None:  # the wait's own line says this stage
            self._bar.stage("waiting for the store", said=True)
            if told is not None:
                told(line)

        self._bar.stage("opening the store")
        with self.store.session(lock_wait=max(self.options.lock_wait, self.store.lock_wait),
                                should_stop=self.should_stop, waiting=waiting):
            with self.store.reader() as con:
                self._texts, before = self._kept_texts(con), set(self.store.pending_exports(con))
            # before any write: a run killed before its export has readers told all the same
            self._marked = mark_writing(self.store)
            report._time("store", t)
            try:
                yield report
            except BaseException:
                self._texts = None  # a write may have failed after it was applied here
                with suppress(Exception):  # what it wrote and did not export: readers say so
                    note_stopped(self.store, self.options.export_parquet, before, self._marked)
                raise
            t = time.perf_counter()
            if self._texts is not None:
                with self.store.reader() as con:
                    self._texts.tokens = texts_tokens(con)
            self._runs += 1
        report._time("store", t)

    def _kept_texts(self, con: duckdb.DuckDBPyConnection) -> KeptTexts | None:
        """The kept text uses if no other process wrote since; else read (not in a first
        run); inside the run's session, so only this process writes until it ends."""
        if self._texts is not None and self._texts.tokens == texts_tokens(con):
            return self._texts
        return KeptTexts.read(con) if self._runs else None

    def _with_links(self, found: list[FoundFile], scope: list[str],
                    stored: dict[str, DocumentRecord], roots: list[str],
                    ) -> tuple[list[FoundFile], list[str]]:
        """A run over given paths (a watch batch) also covers the stored documents that are
        symbolic links to them: the watcher hears of the target's edit, never of the link's."""
        links = links_to(scope, [r.path for r in stored.values()
                                 if r.path not in scope and in_scope(r.path, roots)])
        if not links:
            return found, scope
        more = scan_paths(links, roots, self.options.include, self.options.exclude)
        return sorted(found + more, key=lambda f: f.path), sorted(scope + links)

    def _index(
        self, found: list[FoundFile], scope: list[str], report: IndexReport, exact_scope: bool,
        reparse: bool | Literal["parsed_otherwise"], roots: list[str],
    ) -> None:
        t = time.perf_counter()
        self._bar.stage("planning the run")  # the stored rows read, compared with the files
        with self.store.reader() as con:
            stored = self._documents.rows(con)
        if found or stored:  # the summary builder; its NLI model loads at the first claim
            _ = self.summaries  # to check (an empty folder, an unchanged store: none)
        if exact_scope:
            found, scope = self._with_links(found, scope, stored, roots)
        if reparse == "parsed_otherwise":
            reparse = set(parsed_otherwise(stored, self.options.parse, lambda path: True))
        plan = plan_run(found, stored, scope, exact_scope, reparse=reparse, roots=roots)
        report.unchanged, report.removed = plan.unchanged, plan.removed
        report.failed += plan.unlisted
        report.unread = [path for path, _ in plan.unlisted]
        report.excluded = [p for p in plan.removed if os.path.lexists(p) and not os.path.isdir(p)]
        indexed = {r.path for r in stored.values() if r.content_hash}
        report.excluded_unparsed = [p for p in report.excluded if p not in indexed]
        report._time("scan", t)
        if plan.jobs:  # a model folder that is not there: said before the parsing, not after
            self.embedder.check()  # the first batch's (an unchanged run needs no model)
        embedder_before = self.embedder.texts_embedded
        # the export of a few documents is written from the rows in hand (a query per table
        # scans it, and reads every stored vector); a big run lets the export query in chunks
        in_hand: dict[str, dict[str, pl.DataFrame]] | None = \
            {} if len(plan.jobs) <= _EXPORT_IN_HAND else None
        changed_ids = self._index_jobs(plan, report, in_hand, roots)
        report.vanished = [job.found.path for job in plan.vanished if job.previous is None]

        def covered(path: str) -> bool:
            return path in scope if exact_scope else in_scope(path, scope)

        # unchanged documents indexed with another embedding model: embedded with this one
        self._bar.stage("finding texts to embed again")
        Reembedding(self.store, self._documents, self.embedder, self._texts, report).run(
            set(changed_ids), covered, stored, self.options.batch_size, self._show_progress,
            self._checkpoint)
        if (found or stored) and self.summaries is not None:
            t = time.perf_counter()
            self._bar.stage("finding stale summaries")
            refreshed = self.summaries.refresh_stale(
                self.store, set(changed_ids), report.summaries, self._show_progress,
                self.options.batch_size, self._checkpoint)
            report.resummarised, report.resummary_failed = (
                sorted(stored[d].path for d in ids if d in stored)
                for ids in (refreshed.rebuilt, refreshed.failed))
            report._time("summaries", t)
        self._delete(went_missing(plan, stored, roots), stored, report)
        if self.options.export_parquet:
            self._export(in_hand, report)
        report.texts_embedded = self.embedder.texts_embedded - embedder_before
        with self.store.reader() as con:
            report.parsed_otherwise = parsed_otherwise(
                self._documents.rows(con), self.options.parse, covered)

    def _index_jobs(self, plan: Plan, report: IndexReport,
                    in_hand: dict[str, dict[str, pl.DataFrame]] | None,
                    roots: list[str]) -> list[str]:
        """Index ``plan``'s jobs batch by batch, with progress; returns the ids written. A job
        whose file was deleted before it was read goes to ``plan.vanished``."""
        changed_ids: list[str] = []
        jobs = plan.jobs
        self._show_progress(len(jobs), "indexing")
        for start in range(0, len(jobs), self.options.batch_size):
            batch = jobs[start : start + self.options.batch_size]
            failed = len(report.failed)
            changed_ids += self._index_batch(batch, report, in_hand,
                                             lambda job: plan.vanish(job, roots))
            self._bar.advance(len(batch), len(report.failed) - failed)
        return changed_ids

    def _delete(self, deletions: list[str], stored: dict[str, DocumentRecord],
                report: IndexReport) -> None:
        """Delete the documents no longer found, in one transaction with the collection work
        and the export they leave."""
        t = time.perf_counter()
        touched = [stored[d].path for d in deletions]
        with self.store.transaction() as con:
            before = self.store.documents_token(con)
            for doc_id in deletions:
                texts = self.store.delete_document(con, doc_id)
                if self._texts is not None:
                    self._texts.replaced(texts, ())
            self.store.queue_collection_work(con, [], deletions, touched)
            self.store.queue_export(con, deletions)
            after = self.store.documents_token(con)
        self._documents.committed(before, after, {}, deletions)
        report.commit(removals=True)
        report._time("write", t)

    def _export(self, in_hand: dict[str, dict[str, pl.DataFrame]] | None,
                report: IndexReport) -> None:
        """Write the Parquet files of the documents whose export is pending."""
        t = time.perf_counter()
        self._bar.stage("Parquet export")
        # no longer pending once the next transaction commits
        self._collection.exported(export_pending(self.store, self._documents, in_hand))
        report._time("parquet", t)

    def _collection_step(self, report: IndexReport) -> None:
        """Collection node, links between documents, related edges, collection summary (none
        of a store without documents: "1 summaries rebuilt" was said of an empty folder's, a
        summary of nothing, for which the NLI model was loaded)."""
        with self.store.reader() as con:
            held = bool(self._documents.rows(con))
        self._collection.run(
            report, self._bar, self._texts, model_id=lambda: self.embedder.model_id,
            summaries=self.summaries if held else None, options=self.options.collection,
            export_parquet=self.options.export_parquet)

    def _show_progress(self, total: int, desc: str) -> Progress:
        """The run's progress over ``total`` documents from now on, in place of the one shown
        (a run that re-embeds with a new model counts those documents next)."""
        if not total:  # nothing to count: the stages are said as before
            return self._bar
        self._bar.close()
        self._bar = progress(total, self.options.progress, desc, self.progress_log,
                             self._started)
        return self._bar

    # -- per batch ---------------------------------------------------------------------------

    def _parser_id(self, tree: DocTree) -> str:
        """The parser that made ``tree``, with the PDF pipeline that read it."""
        pipeline = dict(tree.metadata).get("pdf_pipeline") if tree.format == "pdf" else None
        return parser_id(tree.format, self.options.parse, pipeline)

    def _note_parsed(self, alike: list[tuple[Job, DocTree]]) -> None:
        """The documents parsed again into their stored trees: only their rows change, where
        they name another parser or a failure (and their export follows); the trees, and
        their versions, stay."""
        now = time.time()
        records = {}
        for job, tree in alike:
            prev = job.previous
            parser = self._parser_id(tree)
            if prev.parsed_with != parser or prev.status != "ok":
                records[job.doc_id] = replace(prev, parsed_with=parser, status="ok", error=None,
                                              seen_hash=job.found.content_hash, checked_at=now)
        if not records:
            return
        with self.store.transaction() as con:
            before = self.store.documents_token(con)
            self.store.update_document_rows(con, records.values())
            self.store.queue_export(con, records)
            after = self.store.documents_token(con)
        self._documents.committed(before, after, records, [])

    def _checkpoint(self, before: str) -> None:
        """End the run here (RunCancelled) if it should stop: asked before each document and
        each batch of stored documents re-embedded or re-summarised; what was written stays."""
        if self.should_stop is not None and self.should_stop():
            raise RunCancelled(f"stopped before {before}: the run was cancelled; "
                               "the documents written are kept, the next run does the rest")

    def _index_batch(
        self, batch: list[Job], report: IndexReport,
        in_hand: dict[str, dict[str, pl.DataFrame]] | None,
        vanished: Callable[[Job], bool],
    ) -> list[str]:
        """Parse, embed, summarise and write one batch; returns the ids of the documents
        written, and puts the rows written for each, per table, into ``in_hand`` when given."""
        parsed = self._parse_batch(batch, report, vanished)
        t = time.perf_counter()
        with self.store.reader() as con:
            old_trees = {j.doc_id: self._documents.tree(con, j.doc_id)
                         for j, tree, _ in parsed if tree is not None and j.previous}
            parsed, alike = drop_alike(parsed, old_trees, report)
        if alike:
            self._note_parsed(alike)
        if not parsed:
            return []
        trees = [tree for _, tree, _ in parsed if tree is not None]
        with self.store.reader() as con:
            wanted = sorted({n.text_hash for tr in trees for n in tr.nodes
                             if n.kind is not NodeKind.COLLECTION})
            lookup = self.store.cached_embeddings(
                con, self.embedder.model_id, wanted,
                near=[j.doc_id for j, tree, _ in parsed if tree is not None and j.previous],
                known=self._texts)
        report._time("load", t)

        t = time.perf_counter()
        fresh = embed_missing(self.embedder, trees, lookup.vectors, self._bar)
        report.embeddings_reused += len(wanted) - len(fresh)
        report._time("embed", t)

        t = time.perf_counter()
        summaries = []
        if self.summaries is not None and trees:
            with self.store.reader() as con:
                self.summaries.preload_verdicts(con)
                stored = self.summaries.load(con, [tr.doc_id for tr in trees])
            summaries = self.summaries.build_documents(trees, stored, report.summaries,
                                                       self._bar)
        report._time("summaries", t)

        t = time.perf_counter()
        written = self._write_batch(parsed, old_trees, lookup, fresh, summaries, report,
                                    in_hand)
        report._time("write", t)
        return written

    def _parse_batch(self, batch: list[Job], report: IndexReport,
                     vanished: Callable[[Job], bool],
                     ) -> list[tuple[Job, DocTree | None, str | None]]:
        """Each job of ``batch`` parsed: (the job, its tree or None, the error or None); not
        one that failed because its file was deleted since the scan (``vanished`` takes it)."""
        t = time.perf_counter()
        parsed: list[tuple[Job, DocTree | None, str | None]] = []
        for job in batch:
            self._checkpoint(job.found.path)
            name = Path(job.found.path).name
            # docling-parse holds the interpreter while it reads a PDF: no redraw runs then
            self._bar.stage(f"parsing {name}", now=name.lower().endswith(".pdf"))
            job, tree, error = parse_job(job, self._parse, self.options.parse)
            if error is not None:  # a stop asked while it parsed: the parser's failure is the
                self._checkpoint(job.found.path)  # signal's (docling reports it so), not kept
            if error is None or not vanished(job):
                parsed.append((job, tree, error))
            said = dict(tree.metadata).get("conversion_warnings") if tree else None
            if said:
                report.warned.append((job.found.path, said))
            report.docs_parsed += job.found.error is None
        report._time("parse", t)
        return parsed

    def _write_batch(
        self, parsed: list[tuple[Job, DocTree | None, str | None]],
        old_trees: dict[str, DocTree], lookup: CachedEmbeddings, fresh: dict[str, np.ndarray],
        summaries: list[NodeSummary], report: IndexReport,
        in_hand: dict[str, dict[str, pl.DataFrame]] | None,
    ) -> list[str]:
        """Write the batch in one transaction — the new embeddings, each document (a failed
        one's record and error), its section vectors, the summaries, the collection work and
        the export queued with them — then tell the kept state; returns the ids written."""
        vectors = {**lookup.vectors, **fresh}
        written: list[str] = []
        now = time.time()
        records: dict[str, DocumentRecord] = {}
        self._bar.stage(f"writing {counted(len(parsed), 'document')}")
        with self.store.transaction() as con:
            before = self.store.documents_token(con)
            # with the kept texts, ``fresh`` holds only texts without a stored vector
            self.store.put_embeddings(con, self.embedder.model_id, fresh,
                                      absent=self._texts is not None)
            for job, tree, error in parsed:
                record = document_record(job, tree, error, now,
                                         self._parser_id(tree) if tree else None)
                frames = self.store.replace_document(
                    con, record, tree, old_trees.get(job.doc_id) if tree is not None else "read")
                records[record.doc_id] = record
                if tree is None:
                    report.failed.append((job.found.path, error or "unknown error"))
                    continue
                frames["node_vectors"] = self.store.put_node_vectors(
                    con, self.embedder.model_id, tree.doc_id, section_vectors(tree, vectors)
                )
                prune_summaries(con, tree.doc_id, stale=self.summaries is None)
                diff = diff_trees(old_trees.get(job.doc_id), tree)
                report.diffs[job.found.path] = diff.counts()
                report.nodes_written += len(tree.nodes)
                report.nodes_changed += len(diff.dirty)
                written.append(tree.doc_id)
                hashes = {n.text_hash for n in tree.nodes}
                if in_hand is not None:
                    if not hashes & lookup.other_models:
                        frames["embeddings"] = embeddings_frame(
                            self.embedder.model_id, {h: vectors[h] for h in sorted(hashes)})
                    in_hand[tree.doc_id] = frames
                report.record(job)
            if self.summaries is not None:
                self.summaries.write(con, summaries)
            # queued in the same transaction as the documents: a crash cannot separate them
            touched = [j.found.path for j, tree, _ in parsed if tree is not None] + [
                j.previous.path for j, tree, _ in parsed if tree is not None and j.previous]
            self.store.queue_collection_work(con, written, [], touched)
            self.store.queue_export(con, records)
            after = self.store.documents_token(con)
        self._documents.committed(before, after, records, [],
                                  {tree.doc_id: tree for _, tree, _ in parsed if tree is not None})
        report.commit()
        if self._texts is not None:
            self._texts.embedded(self.embedder.model_id, fresh)
            for job, tree, _ in parsed:
                if tree is not None:
                    old = old_trees.get(job.doc_id)
                    self._texts.replaced((n.text_hash for n in old.nodes) if old else (),
                                         (n.text_hash for n in tree.nodes))
        return written

    def kept_state_differences(self, con: duckdb.DuckDBPyConnection) -> list[str]:
        """What this indexer keeps in memory between runs but the store does not say (empty
        when in step): the section vectors, related lists, texts, document rows and trees.
        For tests."""
        out = self._collection.differences(con)
        if self._texts is not None:
            out += self._texts.differences(con)
        return out + self._documents.differences(con)


def index_paths(
    roots: Sequence[str | Path], db: str | Path, options: IndexOptions = IndexOptions(),
    embedder: Embedder | None = None,
) -> IndexReport:
    """Index ``roots`` into the store at ``db``: the one-call entry point."""
    return Indexer(Store(db), options, embedder).index(roots)


