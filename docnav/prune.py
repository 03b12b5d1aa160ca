"""Give back the space of embedding models the store no longer searches with.

After a change of embedding model, each run embeds the unchanged documents of its folders
with the new model too (:mod:`docnav.reembed`), and the old model's text vectors stay: switching
back costs nothing. :func:`prune_vectors` deletes the vectors of every model that no document
uses any more. A document uses the model of its section vectors (every document has a root
section; they are rewritten whole with every re-embedding), and, should some of its texts have
vectors of no such model, the models those texts have vectors of: a document's vectors are
never taken from it. A document no run has re-embedded since a model change keeps the old
model in use (:attr:`PruneReport.users` names the documents of each model).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import duckdb

from docnav.errors import StoreError
from docnav.export import (PRUNED, changing, export_documents, export_whole_collection,
                           mark_behind, mark_collection_export, mark_writing)
from docnav.store import COLLECTION_DOC_ID, Store
from docnav.store_tokens import COLLECTION_TOKEN, DOCUMENTS_TOKEN, read_token, stamp_token
from docnav.wording import counted


@dataclass
class PruneReport:
    users: dict[str, list[str]] = field(default_factory=dict)  # model in use -> document paths
    pruned: dict[str, int] = field(default_factory=dict)  # model -> text vectors deleted
    exported: int = 0  # documents whose Parquet files were rewritten
    dry_run: bool = False  # nothing was deleted: ``pruned`` is what would be

    @property
    def kept(self) -> list[str]:
        return sorted(self.users)

    def to_json(self) -> dict:
        """`docnav prune --json`: the models kept with the documents using each, the vectors
        deleted (or, with ``dry_run``, that would be) by model, the documents re-exported."""
        return {"dry_run": self.dry_run, "kept": {m: self.users[m] for m in self.kept},
                "pruned": dict(sorted(self.pruned.items())),
                "vectors_pruned": sum(self.pruned.values()), "exported": self.exported}

    def summary(self) -> str:
        if not self.pruned:
            if not self.kept:
                return "nothing to prune: the store holds no vectors"
            return f"nothing to prune: every stored model is in use ({', '.join(self.kept)})"
        gone = ", ".join(f"{n:,} of {m}" for m, n in sorted(self.pruned.items()))
        vectors = counted(sum(self.pruned.values()), "text vector")
        if self.dry_run:
            return (f"would delete {vectors} ({gone}); would "
                    f"keep {', '.join(self.kept)}")
        return (f"deleted {vectors} ({gone}); kept {', '.join(self.kept)}; "
                f"{counted(self.exported, 'document')} re-exported")


def models_in_use(con: duckdb.DuckDBPyConnection) -> dict[str, list[str]]:
    """Each embedding model some document uses -> the paths of those documents, sorted."""
    users: dict[str, set[str]] = {}
    for model, path in con.execute(
            "SELECT DISTINCT v.model, d.path FROM node_vectors v JOIN documents d USING (doc_id)"
    ).fetchall():
        users.setdefault(model, set()).add(path)
    # texts without a vector of any of those models keep the models they have vectors of
    for path, model in con.execute(
        "SELECT DISTINCT d.path, e.model FROM nodes n JOIN documents d USING (doc_id) "
        "JOIN embeddings e ON e.text_hash = n.text_hash "
        "WHERE n.doc_id <> ? AND n.kind <> 'collection' "
        "AND NOT EXISTS (SELECT 1 FROM embeddings k WHERE k.text_hash = n.text_hash "
        "AND k.model = ANY(?::VARCHAR[]))", [COLLECTION_DOC_ID, sorted(users)]).fetchall():
        users.setdefault(model, set()).add(path)
    return {m: sorted(paths) for m, paths in sorted(users.items())}


def prune_vectors(store: Store, dry_run: bool = False, export: bool = True) -> PruneReport:
    """Delete the text vectors of every embedding model no document uses (see the module
    docstring) in one transaction, then rewrite the Parquet files that held them.

    dry_run: only say what would be deleted. export: rewrite the export now (else the
    documents stay queued for the next run's export, and the export is marked behind the
    store by them, as after ``--no-parquet``).
    """
    if not store.exists() or store.is_empty_file():
        raise StoreError(f"{store.path}: {'an empty file, ' * store.is_empty_file()}no store "
                         "here, nothing to prune")
    report = PruneReport(dry_run=dry_run)
    if dry_run:  # it writes nothing: a read-only store, or one a reader may open, will do
        with store.reader(wait=store.lock_wait) as con:  # its --wait, as a prune's
            _count(con, report)
        return report
    with store.session():
        with store.reader() as con:
            _count(con, report)
        if not report.pruned:
            return report
        marked = mark_writing(store)  # killed before its export, it leaves readers told
        try:
            with store.transaction() as con:
                con.execute("DELETE FROM embeddings WHERE model = ANY(?::VARCHAR[])",
                            [sorted(report.pruned)])
                docs = [d for (d,) in
                        con.execute("SELECT doc_id FROM documents ORDER BY 1").fetchall()]
                store.queue_export(con, docs)  # every document's embeddings file held some
                stamp_token(con, DOCUMENTS_TOKEN)  # long-lived indexers read their texts again
                behind = 0 if export else len(store.pending_exports(con))  # (said below)
        except BaseException:  # nothing written
            if marked is not None:
                marked.put_back()
            raise
        if not export and store.has_export():  # its readers say so, as after --no-parquet
            mark_behind(store.parquet_dir, behind, PRUNED)
        if export:
            store.claim_export()
            with store.reader() as con, changing(store.parquet_dir):
                pending = store.pending_exports(con)
                current = set(docs)
                export_documents(con, store.parquet_dir, [d for d in pending if d in current],
                                 [d for d in pending if d not in current])
                export_whole_collection(con, store.parquet_dir)
                mark_collection_export(store.parquet_dir, read_token(con, COLLECTION_TOKEN))
            with store.transaction() as con:
                store.exported(con, pending)
            mark_behind(store.parquet_dir, 0)  # nothing pending: the export is up to date
            report.exported = len(pending)
    return report


def _count(con: duckdb.DuckDBPyConnection, report: PruneReport) -> None:
    """The models in use, and the vectors of each other model (those a prune deletes)."""
    report.users = models_in_use(con)
    report.pruned = dict(con.execute(
        "SELECT model, count(*) FROM embeddings WHERE model <> ALL(?::VARCHAR[]) "
        "GROUP BY model ORDER BY model", [report.kept]).fetchall())


__all__ = ["PruneReport", "models_in_use", "prune_vectors"]
