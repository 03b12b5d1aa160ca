"""Re-embedding after a change of embedding model (:class:`Reembedding`): an index run embeds
with its own model the unchanged documents of its scope whose texts have no vector of it, so
the store is searched with one model again."""

from __future__ import annotations

import time
from collections.abc import Callable

from docnav.embed import Embedder, embed_missing, section_vectors
from docnav.kept_documents import KeptDocuments
from docnav.progress import Progress
from docnav.report import IndexReport
from docnav.rows import DocumentRecord
from docnav.store import COLLECTION_DOC_ID, Store
from docnav.store_tokens import DOCUMENTS_TOKEN, stamp_token
from docnav.texts import KeptTexts
from docnav.wording import counted


class Reembedding:
    """The re-embedding of one index run: its store, the indexer's kept document rows and
    texts, its embedder, and the report it counts in."""

    def __init__(self, store: Store, documents: KeptDocuments, embedder: Embedder,
                 texts: KeptTexts | None, report: IndexReport) -> None:
        self.store = store
        self._documents = documents
        self._embedder = embedder
        self._texts = texts
        self._report = report

    def run(self, done: set[str], covered: Callable[[str], bool],
            stored: dict[str, DocumentRecord], batch_size: int,
            show_progress: Callable[[int, str], Progress],
            checkpoint: Callable[[str], None] = lambda before: None) -> list[str]:
        """Embed with this indexer's model the unchanged documents of the run's scope that
        have texts without a vector of it (indexed with another embedding model): their
        section vectors are replaced and their related edges recomputed, so the store is
        searched with one model again. The other model's text vectors stay, as after any
        model change (a document of another scope waits for a run over it).

        done: the documents the run wrote already; covered: whether a path is in the run's
        scope; show_progress: the run's progress over this many documents from now on;
        checkpoint: called before each batch (it raises to stop the run there)."""
        if self._documents.vectors_complete:
            return []
        t = time.perf_counter()
        model = self._embedder.model_id
        with self.store.reader() as con:
            # every text is embedded when its node is written: with no vector of another
            # model stored (~1 ms), none can lack one of this model (the join: ~15 ms at
            # 1,000 documents)
            (others,) = con.execute(
                "SELECT EXISTS (SELECT 1 FROM embeddings WHERE model <> $m) "
                "OR EXISTS (SELECT 1 FROM node_vectors WHERE model <> $m)", {"m": model}
            ).fetchone()
            # a document whose texts all have a vector of this model may still have section
            # vectors of another: indexed with it after this one (switched back, it stayed
            # on the other model, with no related edges)
            stale = [d for (d,) in con.execute(
                "SELECT DISTINCT n.doc_id FROM nodes n ANTI JOIN embeddings e "
                "ON e.text_hash = n.text_hash AND e.model = $m "
                "WHERE n.doc_id <> $c AND n.kind <> 'collection' "
                "UNION SELECT DISTINCT doc_id FROM node_vectors WHERE model <> $m "
                "AND doc_id <> $c ORDER BY 1",
                {"m": model, "c": COLLECTION_DOC_ID}).fetchall() if d not in done] if others else []
        self._report._time("load", t)
        mine = [d for d in stale if d in stored and covered(stored[d].path)]
        written: list[str] = []
        if mine:
            bar = show_progress(len(mine), "embedding with the new model")
            for start in range(0, len(mine), batch_size):
                batch = mine[start : start + batch_size]
                left = counted(len(mine) - start, "stored document")
                checkpoint(f"embedding {left} with {model}")
                written += self._reembed(batch, bar)
                bar.advance(len(batch))
            self._relist(written)
        self._documents.vectors_complete = len(mine) == len(stale)
        return written

    def _relist(self, written: list[str]) -> None:
        """Queue for the collection step the other documents with sections of this model
        but no related list: a run with another model dropped their lists (their sections
        had no vector of it), and the related edges are kept up to date only around changed
        documents. Switched back, two untouched RFCs stayed without their related edges."""
        with self.store.transaction() as con:
            listless = [d for (d,) in con.execute(
                "SELECT DISTINCT v.doc_id FROM node_vectors v WHERE v.model = $m "
                "AND v.doc_id <> ALL($w::VARCHAR[]) AND NOT EXISTS (SELECT 1 FROM edges e "
                "WHERE e.doc_id = $c AND e.kind = 'related' AND e.src = v.node_id) ORDER BY 1",
                {"m": self._embedder.model_id, "w": written, "c": COLLECTION_DOC_ID},
            ).fetchall()]
            self.store.queue_collection_work(con, listless, [], [])

    def _reembed(self, doc_ids: list[str], bar: Progress) -> list[str]:
        report = self._report
        t = time.perf_counter()
        model = self._embedder.model_id
        with self.store.reader() as con:
            trees = [tr for tr in (self.store.load_tree(con, d) for d in doc_ids) if tr]
            wanted = sorted({n.text_hash for tr in trees for n in tr.nodes})
            cached = self.store.cached_embeddings(con, model, wanted, known=self._texts).vectors
        report._time("load", t)
        t = time.perf_counter()
        fresh = embed_missing(self._embedder, trees, cached, bar)
        report._time("embed", t)
        t = time.perf_counter()
        vectors = {**cached, **fresh}
        with self.store.transaction() as con:
            before = self.store.documents_token(con)
            self.store.put_embeddings(con, model, fresh, absent=self._texts is not None)
            for tr in trees:
                con.execute("DELETE FROM node_vectors WHERE doc_id = ?", [tr.doc_id])
                self.store.put_node_vectors(con, model, tr.doc_id, section_vectors(tr, vectors))
            self.store.queue_collection_work(con, [tr.doc_id for tr in trees], [], [])
            self.store.queue_export(con, [tr.doc_id for tr in trees])
            stamp_token(con, DOCUMENTS_TOKEN)  # other processes' kept texts are stale now
            after = self.store.documents_token(con)
        self._documents.committed(before, after, {}, [])
        if self._texts is not None:
            self._texts.embedded(model, fresh)
        report.reembedded += [tr.path for tr in trees]
        report.reembedded_texts += len(fresh)
        report._time("write", t)
        return [tr.doc_id for tr in trees]
