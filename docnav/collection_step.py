"""The collection step of an index run (:class:`CollectionStep`): the collection level of the
graph (:mod:`docnav.collection`) updated around the work the runs queued in the store, the
collection summary, the prune of text vectors no node uses, and the collection's Parquet files.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import duckdb

from docnav.collection import (
    RESOLVER_VERSION, CollectionOptions, CollectionState, CollectionUpdate, references_outdated,
    stored_resolver, update_collection,
)
from docnav.export import (
    changing, collection_export_mark, export_collection, export_whole_collection, mark_collection_export,
)
from docnav.kept_documents import KeptDocuments
from docnav.progress import Progress
from docnav.report import IndexReport
from docnav.store import COLLECTION_DOC_ID, Store
from docnav.store_tokens import COLLECTION_TOKEN, read_token
from docnav.summaries import SummaryBuilder, collection_summary
from docnav.summary_rows import prune_summaries
from docnav.texts import KeptTexts


class CollectionStep:
    """The indexer's collection-level work, and what it keeps for it between runs: the
    collection state (section vectors and edges), and the documents whose Parquet files the
    run wrote, cleared from pending_export by the step's transaction."""

    def __init__(self, store: Store, documents: KeptDocuments) -> None:
        self.store = store
        self._documents = documents  # the indexer's kept document rows, shared with its batches
        self._state = CollectionState()
        self._exported: list[str] = []  # exported by this run, to clear from pending_export

    def exported(self, doc_ids: list[str]) -> None:
        """The documents whose files the run wrote: no longer pending once the next
        transaction commits (this step's, or :meth:`clear_exported`'s)."""
        self._exported = doc_ids

    def clear_exported(self) -> None:
        """Clear the run's exported documents from pending_export without a collection update
        (a run with ``collection=False``)."""
        if self._exported:
            with self.store.transaction() as con:
                self.store.exported(con, self._exported)
            self._exported = []

    def run(self, report: IndexReport, bar: Progress, texts: KeptTexts | None, *,
            model_id: Callable[[], str], summaries: SummaryBuilder | None,
            options: CollectionOptions, export_parquet: bool) -> None:
        """Collection node, links between documents, related edges, collection summary.

        texts: what the indexer keeps of the store's texts this run, kept in step with the
            collection's writes and prune.
        model_id: the embedding model's id, asked only when there is work (making the
            embedder loads its model: an update with nothing queued loads none).
        export_parquet: write the collection's Parquet files too.
        """
        t = time.perf_counter()
        bar.stage("links, related sections, collection summary")
        try:
            with self.store.transaction() as con:
                self.store.exported(con, self._exported)  # their files are written now
                self._exported = []
                token_before = read_token(con, COLLECTION_TOKEN)
                changed_ids, deletions, touched = self.store.take_collection_work(con)
                if (resolver := stored_resolver(con)) > RESOLVER_VERSION:
                    report.newer_resolver = resolver
                update = self._update_rows(con, changed_ids, deletions, touched, model_id,
                                           options)
                report.related_recomputed = update.related_recomputed
                report.references_written = update.references_written
                report.pull_lines_read = update.pull_lines_read
                report.pull_links_scanned = update.pull_links_scanned
                self._summary(con, summaries, report)
                if texts is not None and "nodes" in update.written:
                    texts.collection_written(update.written["nodes"]["text_hash"][0])
                if changed_ids or deletions:
                    pruned = self.store.prune_embeddings(con, texts)
                    if texts is not None:
                        texts.pruned(pruned)
                token_after = read_token(con, COLLECTION_TOKEN)
        except BaseException:
            self._state.discard()
            raise
        self._state.committed()
        report._time("collection", t)
        if export_parquet:
            t = time.perf_counter()
            bar.stage("Parquet export")
            self._export(token_before, token_after, update, deletions, texts)
            report._time("parquet", t)

    def differences(self, con: duckdb.DuckDBPyConnection) -> list[str]:
        """What the kept collection state says but the store does not (empty when in step)."""
        return self._state.differences(con)

    def _export(self, before: str | None, after: str | None, update: CollectionUpdate,
                deletions: list[str], texts: KeptTexts | None) -> None:
        """Write the files this update changed; or every collection file when the export is
        behind an earlier update (a run died between an update and its export: which files
        that one changed is not known). The collection token the export shows is kept in a
        file beside it."""
        behind = before is not None and collection_export_mark(self.store.parquet_dir) != before
        if not behind and after == before:
            return  # nothing updated, and the export is up to date
        with self.store.reader() as con, changing(self.store.parquet_dir):
            if behind:
                export_whole_collection(con, self.store.parquet_dir, texts)
            else:
                export_collection(con, self.store.parquet_dir, update.edges, deletions,
                                  update.written, texts)
            mark_collection_export(self.store.parquet_dir, after)

    def _update_rows(
        self, con: duckdb.DuckDBPyConnection, changed_ids: list[str], deletions: list[str],
        touched: list[str], model_id: Callable[[], str], options: CollectionOptions,
    ) -> CollectionUpdate:
        if not (changed_ids or deletions or touched or references_outdated(con)) and con.execute(
            "SELECT count(*) FROM nodes WHERE doc_id = ?", [COLLECTION_DOC_ID]
        ).fetchone()[0]:
            # nothing queued since the last update, and this DocNav's resolver resolved its
            # references: nothing to do
            return CollectionUpdate()
        # the document rows this process keeps (when no other writer came in between) spare
        # the collection update its queries of the documents table
        documents = {d: (r.path, r.tree_hash) for d, r in self._documents.rows(con).items()}
        return update_collection(
            con, model_id(), changed_ids, touched, documents, options,
            removed_docs=deletions, state=self._state,
        )

    def _summary(self, con: duckdb.DuckDBPyConnection, summaries: SummaryBuilder | None,
                 report: IndexReport) -> None:
        if summaries is not None:
            t = time.perf_counter()
            summaries.preload_verdicts(con)
            summary = collection_summary(con, summaries, report.summaries)
            summaries.write(con, [summary] if summary else [])
            report._time("summaries", t)
        else:  # a summary of the collection as it was is none of it now
            prune_summaries(con, COLLECTION_DOC_ID, stale=True)
