"""What a long-lived indexer keeps of the store's documents between runs: the rows of the
``documents`` table and the trees it last wrote (:class:`KeptDocuments`), checked against
the store's documents token."""

from __future__ import annotations

from collections import OrderedDict

import duckdb

from docnav.model import DocTree
from docnav.rows import DocumentRecord
from docnav.store import Store

KEPT_TREES = 32  # documents whose last written tree is kept (an edit's diff needs it)


class KeptDocuments:
    """The documents table as of this process's last read or write, with the store's
    documents token then, and the trees of the last :data:`KEPT_TREES` documents written.

    Reading every document row costs each run time in proportion to the collection, and so
    does reading an edited document's stored tree (a scan of the nodes table); a long-lived
    indexer reads them again only when another writer came (the token changed).
    ``vectors_complete``: every stored text was found to have a vector of this indexer's
    model; forgotten with the rows, since another writer may have used another model.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._rows: tuple[str, dict[str, DocumentRecord]] | None = None
        self._trees: OrderedDict[str, DocTree] = OrderedDict()
        self.vectors_complete = False

    def rows(self, con: duckdb.DuckDBPyConnection) -> dict[str, DocumentRecord]:
        """The stored document rows (a copy): the kept ones while the store's documents token
        is unchanged, else read (and the kept trees and checks forgotten)."""
        token = self.store.documents_token(con)
        if token is not None and self._rows is not None and self._rows[0] == token:
            return dict(self._rows[1])
        rows = self.store.documents(con)
        self._rows = (token, rows) if token is not None else None
        self._trees.clear()
        self.vectors_complete = False  # first run, or another process wrote
        return dict(rows)

    def tree(self, con: duckdb.DuckDBPyConnection, doc_id: str) -> DocTree | None:
        """The stored tree of ``doc_id``: the one this process wrote, while the kept rows are
        the stored ones (call after :meth:`rows` in the same run), else read."""
        kept = self._trees.get(doc_id) if self._rows is not None else None
        return kept if kept is not None else self.store.load_tree(con, doc_id)

    def committed(
        self, before: str | None, after: str | None, written: dict[str, DocumentRecord],
        deleted: list[str], trees: dict[str, DocTree] | None = None,
    ) -> None:
        """After a committed write transaction that began at documents token ``before`` and
        ended at ``after``: apply what it wrote to the kept rows and trees (``trees``: the
        documents written with a new tree), if they were the stored ones when it began;
        otherwise forget them."""
        kept = self._rows
        if kept is None or before is None or after is None or kept[0] != before:
            self._rows = None
            self._trees.clear()
            return
        rows = kept[1]
        rows.update(written)
        for doc_id in deleted:
            rows.pop(doc_id, None)
            self._trees.pop(doc_id, None)
        for doc_id, tree in (trees or {}).items():
            self._trees[doc_id] = tree
            self._trees.move_to_end(doc_id)
        while len(self._trees) > KEPT_TREES:
            self._trees.popitem(last=False)
        self._rows = (after, rows)

    def differences(self, con: duckdb.DuckDBPyConnection) -> list[str]:
        """Where the kept rows and trees differ from the store (empty when in step)."""
        if self._rows is None:
            return []
        out = []
        token, rows = self._rows
        if token != self.store.documents_token(con):
            out.append("documents token: kept one is not the stored one")
        stored = self.store.documents(con)
        out += [f"document {d}: kept {rows.get(d)}, stored {stored.get(d)}"
                for d in sorted(set(rows) | set(stored)) if rows.get(d) != stored.get(d)][:5]
        for doc_id, tree in self._trees.items():
            if tree_rows(tree) != tree_rows(self.store.load_tree(con, doc_id)):
                out.append(f"tree of {doc_id}: the kept one is not the stored one")
        return out


def tree_rows(tree: DocTree | None) -> tuple | None:
    """What the store holds of a tree, order-free where the store keeps no order (edges, links)."""
    if tree is None:
        return None
    return (tree.doc_id, tree.path, tree.title, tree.format, tree.nodes,
            sorted((e.src, e.dst, e.kind.value, e.weight) for e in tree.edges),
            sorted((x.node_id, x.target, x.text) for x in tree.links), tree.metadata)
