"""Summaries on every level, rebuilt only where the tree hash changed, claims verified by NLI.

For a document tree, sections and the document node are visited children-first. A node whose
(node_id, tree_hash, summariser, NLI model) matches its stored summary, which fits the claim
policy (:meth:`NodeSummary.fits`), and none of whose children is rebuilt, is reused as is (a
run without NLI keeps one of any NLI model and policy, verdicts and all); any
other is rebuilt from its own paragraphs and its children's (final) summaries, split into claims,
each claim verified against the leaf paragraphs under the node, and the policy applied: ``drop``
removes claims that are not entailed, ``flag`` keeps them and flags the summary. A summary with a
contradicted claim is never stored as verified.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import TYPE_CHECKING

import duckdb
import polars as pl

from docnav.errors import DocNavError
from docnav.filings import filing_content
from docnav.model import DocTree, Node, NodeKind
from docnav.progress import Progress
from docnav.sentences import sentence_spans
from docnav.summary_rows import (
    FAILED,
    FLAGGED,
    UNVERIFIED,
    VERIFIED,
    Claim,
    NodeSummary,
    fitting,
    load_summaries,
    prune_summaries,
    stored_verdicts,
    write_summaries,
)
from docnav.summarize import (
    ExtractiveSummarizer,
    Summarizer,
    SummaryInput,
    SummaryOptions,
    SummarySentence,
    own_summary,
)
from docnav.verify import (
    ENTAIL,
    Chunk,
    NLIModel,
    TransformersNLI,
    Verifier,
    VerifyOptions,
)
from docnav.wording import counted

if TYPE_CHECKING:
    from docnav.store import Store

# The rules by which the builder makes a document's (and the collection's) summary from its
# parts, which no summariser's id covers: a filing is summed up from its Business and MD&A
# items, without its executive officers; another document opens with its own summary (its
# Abstract, Summary, Overview: :func:`docnav.summarize.own_summary`); and which sentences the
# extractive summariser leaves out of a document's summary alone (lists' lines, pointers,
# lead-ins, labels: :func:`docnav.summarize._describes`). Part of those summaries' key (their
# ``summarizer`` is the summariser's id and these rules), so a change of them rebuilds every
# document's summary, one a document, and no section's. documents-4: no labels ("ibm.com/
# redbooks Redpaper", a cover line).
DOCUMENT_RULES = "documents-4"


def _with_rules(summarizer_id: str) -> str:
    return f"{summarizer_id} {DOCUMENT_RULES}"


@dataclass
class SummaryStats:
    rebuilt: int = 0
    reused: int = 0
    failed: int = 0
    claims_checked: int = 0
    claims_flagged: int = 0
    nli_pairs: int = 0
    seconds: float = 0.0
    # node id, error, previous kept, where the node is (path › headings: :func:`where`)
    failures: list[tuple[str, str, bool, str]] = field(default_factory=list)


@dataclass(frozen=True)
class Refreshed:
    """The stored documents whose stale summaries :meth:`SummaryBuilder.refresh_stale` took
    up, by id: ``rebuilt`` all of them, or ``failed`` some (an endpoint down), which stay stale
    for the next run. Only the former are done: a run that tried and failed is not one that
    rebuilt them."""

    rebuilt: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)


class SummaryBuilder:
    """Builds and verifies summaries for trees, reusing whatever the tree hashes allow."""

    def __init__(
        self, summarizer: Summarizer, verifier: Verifier | None, policy: str = "flag"
    ) -> None:
        self.summarizer = summarizer
        self.verifier = verifier
        self.policy = policy

    @property
    def nli_model(self) -> str:
        """The verifier's model id, which reads the model's config (not its weights) the
        first time it is asked; "none" without a verifier."""
        return self.verifier.model.model_id if self.verifier else "none"

    # -- reading state -----------------------------------------------------------------------

    def load(self, con: duckdb.DuckDBPyConnection, doc_ids: Sequence[str]) -> dict[str, NodeSummary]:
        """Stored summaries of these documents, by node id."""
        return load_summaries(con, doc_ids)

    def preload_verdicts(self, con: duckdb.DuckDBPyConnection) -> None:
        """Fill the verifier's cache with stored verdicts for the current NLI model."""
        if self.verifier is None or self.verifier.cache:
            return
        self.verifier.cache.update(stored_verdicts(con, self.nli_model))

    # -- building ----------------------------------------------------------------------------

    def build_documents(
        self, trees: Sequence[DocTree], stored: dict[str, NodeSummary], stats: SummaryStats,
        bar: Progress = Progress(),
    ) -> list[NodeSummary]:
        """:meth:`build_document` of each tree, the stage counting the summaries built: one
        from an endpoint can take seconds, and a long document has hundreds."""
        keeps = [self._keeps(tree, stored) for tree in trees]  # what each reuses, read once
        total = sum(1 for tree, kept in zip(trees, keeps) for node in tree.nodes
                    if node.kind is not NodeKind.PARAGRAPH and node.node_id not in kept)
        built = itertools.count(1)

        def step(tree: DocTree) -> None:
            # the document by its name: "(document 5/5)", of the batch's parsed documents,
            # read as contradicting the bar's "0/6 documents done" of the run's
            bar.stage(f"summaries {next(built)}/{total} (of {PurePath(tree.path).name})")

        out: list[NodeSummary] = []
        for tree, kept in zip(trees, keeps):
            out += self.build_document(tree, stored, stats,
                                       on_build=functools.partial(step, tree), keeps=kept)
        return out

    def _keeps(self, tree: DocTree, stored: dict[str, NodeSummary]) -> dict[str, NodeSummary]:
        """The stored summary each node of ``tree`` keeps (:meth:`_kept`), by node id: none
        for a node one of whose children is built. Made from its children's summaries, its
        old one may lack a sentence a child's new one has (a child rebuilt under the ``flag``
        policy, its parent built under ``drop`` and supported throughout) or hold one it
        no longer has."""
        orphans = _orphans(tree, stored)
        keeps: dict[str, NodeSummary] = {}
        for node in reversed(tree.nodes):  # children before parents
            if node.kind is NodeKind.PARAGRAPH:
                continue
            kept = self._kept(node, tree, stored, orphans)
            if kept is not None and all(c.node_id in keeps for c in tree.children(node.node_id)
                                        if c.kind is not NodeKind.PARAGRAPH):
                keeps[node.node_id] = kept
        return keeps

    def build_document(
        self, tree: DocTree, stored: dict[str, NodeSummary], stats: SummaryStats,
        order_prefix: tuple = (), on_build: Callable[[], None] = lambda: None,
        keeps: dict[str, NodeSummary] | None = None,
    ) -> list[NodeSummary]:
        """Summaries of every section and the document node; rebuilt only where needed,
        ``on_build`` called before each one built. ``keeps``: :meth:`_keeps` of the tree,
        where the caller has it."""
        started = time.perf_counter()
        final: dict[str, NodeSummary] = {}
        out: list[NodeSummary] = []
        leaves: dict[str, list[Node]] = {}
        if keeps is None:
            keeps = self._keeps(tree, stored)
        for node in reversed(tree.nodes):  # children before parents
            if node.kind is NodeKind.PARAGRAPH:
                continue
            children = tree.children(node.node_id)
            own = [c for c in children if c.kind is NodeKind.PARAGRAPH]
            leaves[node.node_id] = own + [p for c in children if c.kind is not NodeKind.PARAGRAPH
                                          for p in leaves[c.node_id]]
            kept = keeps.get(node.node_id)
            if kept is not None:
                if kept.node_id == node.node_id:
                    final[node.node_id] = _in_place(kept, tree)
                else:  # carried over from the section's old id: written under the new one
                    final[node.node_id] = self._carry(node, tree, kept, leaves[node.node_id])
                    out.append(final[node.node_id])
                stats.reused += 1
                continue
            old = stored.get(node.node_id)
            on_build()
            done = [final[c.node_id] for c in children if c.node_id in final]
            paragraphs, content = (filing_content(tree) if node.kind is NodeKind.DOCUMENT
                                   else ([], []))
            lead = own_summary(tree) if node.kind is NodeKind.DOCUMENT else []
            if any(final[n.node_id].sentences for n in content):
                # a filing is summed up by what it says of its business, not by its form
                own, done, lead = paragraphs, [final[n.node_id] for n in content], []
            item = SummaryInput(node, own, [s.sentences for s in done], order_prefix,
                                lead=lead)
            failed = [s.error or "" for s in done if s.status == FAILED]
            if failed:
                summary = self._fail(node, tree.doc_id, _children_failed("section", failed),
                                     stats, old, where(tree, node))
            else:
                summary = self._build(node, tree.doc_id, item, leaves[node.node_id], stats, old,
                                      where(tree, node))
            final[node.node_id] = summary
            out.append(summary)
        stats.seconds += time.perf_counter() - started
        return out

    def made_by(self, node: Node) -> str:
        """What a summary of ``node`` records as its maker: the summariser's id, and for a
        document or the collection also the builder's :data:`DOCUMENT_RULES`."""
        whole = node.kind in (NodeKind.DOCUMENT, NodeKind.COLLECTION)
        return _with_rules(self.summarizer.summarizer_id) if whole else self.summarizer.summarizer_id

    def _reusable(self, old: NodeSummary, node: Node) -> bool:
        """Whether ``old`` still sums up ``node`` as this builder would. A builder without a
        verifier (``--no-verify``) checks no claim, so the NLI model and the claim policy are
        no part of its key: it keeps a stored summary with its verdicts, where rebuilding it
        unverified threw them away and the next run with the model verified it all again."""
        checked = self.verifier is None or (old.nli_model == self.nli_model
                                            and old.fits(self.policy))
        return (old.tree_hash == node.tree_hash and old.summarizer == self.made_by(node)
                and old.status != FAILED and checked)

    def _build(
        self, node: Node, doc_id: str, item: SummaryInput,
        leaves: list[Node] | Callable[[Sequence[SummarySentence]], list[Node]],
        stats: SummaryStats, old: NodeSummary | None, place: str,
    ) -> NodeSummary:
        try:
            sentences = self.summarizer.summarize(item)
        except DocNavError as exc:
            return self._fail(node, doc_id, str(exc), stats, old, place)
        stats.rebuilt += 1
        return self._checked(node, doc_id, sentences, leaves, stats)

    def _kept(self, node: Node, tree: DocTree, stored: dict[str, NodeSummary],
              orphans: dict[str, NodeSummary]) -> NodeSummary | None:
        """The stored summary ``node`` keeps instead of a new one: its own, still valid, or
        one :meth:`_carried` over from its old id; None: it is built."""
        old = stored.get(node.node_id)
        # a paragraph's id is its text's and its place among the same texts: a copy of a
        # cited paragraph added or edited before it moves the citation to the copy
        if old is not None and self._reusable(old, node) and _cites_below(old, node, tree):
            return old
        return self._carried(node, tree, orphans)

    def _carried(self, node: Node, tree: DocTree,
                 orphans: dict[str, NodeSummary]) -> NodeSummary | None:
        """The stored summary of a section whose content is now this node's (same tree hash)
        under another id: a section's id follows its heading path, so renaming a heading
        above it, moving it under another heading, or a sibling of the same name inserted or
        removed before it (its ordinal) gives it a new id."""
        old = orphans.get(node.tree_hash)
        if old is None or not self._reusable(old, node):
            return None
        if not _cites_below(old, node, tree):
            return None  # cites paragraphs elsewhere (a copy of this section's text)
        return old

    def _carry(self, node: Node, tree: DocTree, old: NodeSummary,
               leaves: list[Node]) -> NodeSummary:
        """``old`` as the summary of ``node``: its sentences sorted by their paragraphs'
        new places, its claims checked again (the verdicts are known, no NLI runs). The
        claims the drop policy took out of ``old`` are counted still: carried as verified,
        it fitted the flag policy later, which would have kept them."""
        sentences = _in_place(old, tree).sentences
        carried = self._checked(node, old.doc_id, sentences, leaves, SummaryStats())
        return dataclasses.replace(carried, dropped=carried.dropped + old.dropped)

    def _checked(self, node: Node, doc_id: str, sentences: Sequence[SummarySentence],
                 leaves: list[Node] | Callable[[Sequence[SummarySentence]], list[Node]],
                 stats: SummaryStats) -> NodeSummary:
        owners, claims = _claims(sentences)
        if self.verifier is None:
            return NodeSummary(node.node_id, doc_id, node.tree_hash, self.made_by(node),
                               self.nli_model, tuple(sentences), tuple(claims), UNVERIFIED)
        if callable(leaves):
            leaves = leaves(sentences)
        chunks = [Chunk(p.node_id, p.text) for p in leaves]
        before = self.verifier.model.pairs_scored
        verdicts = self.verifier.verify([(c.text, c.source_id) for c in claims], chunks)
        stats.nli_pairs += self.verifier.model.pairs_scored - before
        stats.claims_checked += len(claims)
        checked = []
        for claim, verdict in zip(claims, verdicts):
            keep = verdict.label == ENTAIL or self.policy == "flag"
            checked.append(Claim(claim.text, claim.source_id, claim.start, claim.end, verdict, keep))
        stats.claims_flagged += sum(1 for c in checked if c.verdict.label != ENTAIL)
        kept = [c for c in checked if c.kept]
        status = VERIFIED if all(c.verdict.label == ENTAIL for c in kept) else FLAGGED
        if self.policy == "drop":
            # rebuild the summary from the sentences whose claims all survived
            dropped = {owners[i] for i, c in enumerate(checked) if not c.kept}
            sentences = [s for i, s in enumerate(sentences) if i not in dropped]
        return NodeSummary(node.node_id, doc_id, node.tree_hash, self.made_by(node),
                           self.nli_model, tuple(sentences), tuple(checked), status,
                           dropped=sum(1 for c in checked if not c.kept))

    def _fail(self, node: Node, doc_id: str, error: str, stats: SummaryStats,
              old: NodeSummary | None, place: str) -> NodeSummary:
        """A failed summary: the previous text kept, if any; being failed, it is rebuilt by the
        next run (and so are its parents, which fail with it rather than be built without
        it and then reused as they are)."""
        stats.failed += 1
        stats.failures.append((node.node_id, error, bool(old and old.sentences), place))
        if old is None:
            return NodeSummary(node.node_id, doc_id, "", self.made_by(node),
                               self.nli_model, (), (), FAILED, error)
        return NodeSummary(old.node_id, doc_id, old.tree_hash, old.summarizer, old.nli_model,
                           old.sentences, old.claims, FAILED, error)

    # -- writing -----------------------------------------------------------------------------

    def write(self, con: duckdb.DuckDBPyConnection, summaries: Sequence[NodeSummary]) -> None:
        write_summaries(con, summaries)

    def refresh_stale(self, store: Store, done: set[str], stats: SummaryStats,
                      show_progress: Callable[[int, str], Progress] = lambda n, desc: Progress(),
                      batch_size: int = 16,
                      checkpoint: Callable[[str], None] = lambda before: None) -> Refreshed:
        """Rebuild the summaries of stored documents (other than ``done``) that are stale: a
        failed summary, another summariser or NLI model, one that does not fit the claim
        policy (:meth:`NodeSummary.fits`), or summaries switched on after indexing. Returns
        those documents' ids, rebuilt or failed (each queued for the collection step and the
        export with the write).

        Written ``batch_size`` documents to a transaction, each batch counted by the progress
        ``show_progress`` gives over them (summaries switched on for a store of a thousand
        documents take hours from an endpoint; a run stopped then keeps the batches done).
        ``checkpoint`` is called before each batch (it raises to stop the run there)."""
        # the same key as :meth:`_reusable`'s: without a verifier, no NLI model nor policy
        checked = (f"AND s.nli_model = ? AND {fitting(self.policy)} " if self.verifier
                   else "")
        with store.reader() as con:
            stale = [d for (d,) in con.execute(
                "SELECT DISTINCT n.doc_id FROM nodes n LEFT JOIN summaries s "
                "ON s.node_id = n.node_id AND s.tree_hash = n.tree_hash "
                "AND s.summarizer = CASE WHEN n.kind = 'document' THEN ? ELSE ? END "
                f"AND s.status <> 'failed' {checked}"
                "WHERE n.kind IN ('section', 'document') AND s.node_id IS NULL ORDER BY 1",
                [_with_rules(self.summarizer.summarizer_id), self.summarizer.summarizer_id,
                 *([self.nli_model] if self.verifier else [])],
            ).fetchall() if d not in done]
            self.preload_verdicts(con)
        done_now = Refreshed()
        if stale:
            bar = show_progress(len(stale), "summarising")
            for start in range(0, len(stale), batch_size):
                batch = stale[start : start + batch_size]
                checkpoint(f"the summaries of {counted(len(stale) - start, 'stored document')}")
                failed = self._refresh(store, batch, stats, bar)
                done_now.rebuilt.extend(d for d in batch if d not in failed)
                done_now.failed.extend(d for d in batch if d in failed)
                bar.advance(len(batch))
        return done_now

    def _refresh(self, store: Store, doc_ids: list[str], stats: SummaryStats,
                 bar: Progress) -> set[str]:
        """Rebuild the stale summaries of ``doc_ids``; returns those of them with a summary
        that failed."""
        with store.reader() as con:
            trees = [store.load_tree(con, d) for d in doc_ids]
            stored = self.load(con, doc_ids)
        summaries = self.build_documents([t for t in trees if t is not None], stored, stats, bar)
        if summaries:
            with store.transaction() as con:
                for doc_id in doc_ids:
                    prune_summaries(con, doc_id)
                self.write(con, summaries)
                store.queue_collection_work(con, doc_ids, [], [])
                store.queue_export(con, doc_ids)
        return {s.doc_id for s in summaries if s.status == FAILED}


COLLECTION_PLACE = "the collection"


def where(tree: DocTree, node: Node) -> str:
    """Where ``node`` is, for a message: its document's path, then the headings down to it
    (its breadcrumb, which begins with the document's title instead)."""
    if node.kind is NodeKind.DOCUMENT:
        return tree.path
    return " › ".join([tree.path, *(node.breadcrumb.split(" › ")[1:] or [node.heading])])


def _documents_newer(con: duckdb.DuckDBPyConnection, node: Node) -> bool:
    """Whether a document's summary was written after the collection's. Made from theirs, it
    follows them as a section's parent does (:meth:`SummaryBuilder._keeps`): one rebuilt for
    another claim policy keeps its tree hash, and so does the collection."""
    return con.execute(
        "SELECT EXISTS (SELECT 1 FROM summaries s JOIN nodes n ON n.node_id = s.node_id "
        "AND n.kind = 'document' WHERE s.created_at > "
        "(SELECT created_at FROM summaries WHERE node_id = ?))", [node.node_id]
    ).fetchone()[0]


def _children_failed(kind: str, errors: Sequence[str]) -> str:
    """Why a summary made from its children's summaries was not made."""
    which = f"{len(errors)} {kind}s' summaries" if len(errors) > 1 else f"a {kind}'s summary"
    return f"{which} failed ({errors[0]})"


def _cites_below(summary: NodeSummary, node: Node, tree: DocTree) -> bool:
    """Whether each paragraph ``summary`` cites is in ``tree``, under ``node``."""
    cited = {s.source_id for s in summary.sentences if s.source_id is not None}
    return all(tree.get(i) is not None and node in tree.ancestors(i) for i in cited)


def _orphans(tree: DocTree, stored: dict[str, NodeSummary]) -> dict[str, NodeSummary]:
    """Stored summaries of this document that no node of its tree has under the same id any
    more, by tree hash: their node is gone, or holds other content now (a second "Example"
    inserted before the first takes the first's id, and the first's content the id of
    ("Example", 1))."""
    out = {}
    for s in stored.values():
        if s.doc_id != tree.doc_id:
            continue
        node = tree.get(s.node_id)
        if node is None or node.tree_hash != s.tree_hash:
            out[s.tree_hash] = s
    return out


def _in_place(summary: NodeSummary, tree: DocTree) -> NodeSummary:
    """A reused summary whose sentences sort by their paragraphs' places in ``tree``: a
    section moved among its siblings keeps its id and summary, not its place."""
    return dataclasses.replace(summary, sentences=tuple(_replaced(s, tree)
                                                        for s in summary.sentences))


def _replaced(s: SummarySentence, tree: DocTree) -> SummarySentence:
    """``s`` with the position of its paragraph in ``tree`` in its sort key."""
    source = tree.get(s.source_id) if s.source_id is not None else None
    if source is None or len(s.order) < 2:
        return s
    order = s.order[:-2] + (source.position, s.order[-1])
    return SummarySentence(s.text, s.source_id, s.start, s.end, order)


def _claims(sentences: Sequence[SummarySentence]) -> tuple[list[int], list[Claim]]:
    """Claims are the summary's sentences as Punkt splits them (generated text may hold several
    sentences in one piece); offsets stay relative to the source paragraph. Also returns, per
    claim, the index of the sentence it came from."""
    owners, claims = [], []
    for i, s in enumerate(sentences):
        for a, b in sentence_spans(s.text) or [(0, len(s.text))]:
            start = None if s.start is None else s.start + a
            end = None if s.start is None else s.start + b
            owners.append(i)
            claims.append(Claim(s.text[a:b], s.source_id, start, end, None, True))
    return owners, claims


@dataclass(frozen=True)
class SummaryPipelineOptions:
    """Summaries and their verification during indexing.

    verify: check every claim with the NLI model (``nli``); off stores summaries as unverified.
    summarizer: a ready :class:`Summarizer` (e.g. a ChatSummarizer); None = extractive with
        ``summary`` budgets.
    """

    summary: SummaryOptions = field(default_factory=lambda: SummaryOptions())
    verify: bool = True
    nli: VerifyOptions = field(default_factory=lambda: VerifyOptions())
    summarizer: Summarizer | None = None


def make_builder(options: SummaryPipelineOptions, nli_model: NLIModel | None = None) -> SummaryBuilder:
    summarizer = options.summarizer or ExtractiveSummarizer(options.summary)
    verifier = None
    if options.verify:
        verifier = Verifier(nli_model or TransformersNLI(options.nli), options.nli)
    return SummaryBuilder(summarizer, verifier, options.nli.policy)


def collection_summary(
    con: duckdb.DuckDBPyConnection, builder: SummaryBuilder, stats: SummaryStats
) -> NodeSummary | None:
    """Rebuild the collection summary when the collection's tree hash changed, when it does not
    fit the builder's claim policy, or when a document's summary was written after it."""
    row = con.execute(
        "SELECT node_id, doc_id, local_key, kind, block_kind, level, position, parent_id, "
        "heading, breadcrumb, text, page, anchor, text_hash, tree_hash FROM nodes "
        "WHERE kind = 'collection'"
    ).fetchone()
    if row is None:
        return None
    node = Node(*row[:3], NodeKind.COLLECTION, *row[4:])
    stored = builder.load(con, [node.doc_id]).get(node.node_id)
    if stored is not None and builder._reusable(stored, node) and not _documents_newer(con, node):
        stats.reused += 1
        return None
    docs = con.execute(
        "SELECT s.node_id, s.doc_id, s.sentences, s.status, s.error FROM summaries s "
        "JOIN nodes n ON n.node_id = s.node_id AND n.kind = 'document' "
        "JOIN documents d ON d.doc_id = s.doc_id "
        "ORDER BY d.path"
    ).fetchall()
    failed = [error or "" for *_, status, error in docs if status == FAILED]
    if failed:  # built without them, it would be reused as it is until the collection changes
        return builder._fail(node, node.doc_id, _children_failed("document", failed), stats,
                             stored, COLLECTION_PLACE)
    children = []
    for i, (_, _, sentences, *_) in enumerate(docs):
        children.append(tuple(
            SummarySentence(x["text"], x["source_id"], x["start"], x["end"], (i, *x["order"]))
            for x in json.loads(sentences or "[]")
        ))

    def sources(chosen: Sequence[SummarySentence]) -> list[Node]:
        ids = sorted({s.source_id for s in chosen if s.source_id})
        if not ids:
            return []
        con.register("_src", pl.DataFrame({"node_id": ids}, schema={"node_id": pl.Utf8}))
        try:
            docs_of = con.execute(
                "SELECT DISTINCT doc_id FROM nodes WHERE node_id IN (SELECT node_id FROM _src)"
            ).fetchall()
        finally:
            con.unregister("_src")
        from docnav.rows import NODE_COLUMNS, node_from_row

        rows = con.execute(
            f"SELECT {', '.join(NODE_COLUMNS)} FROM nodes WHERE kind = 'paragraph' AND doc_id IN "
            f"({', '.join('?' * len(docs_of))}) ORDER BY doc_id, position",
            [d for (d,) in docs_of],
        ).fetchall() if docs_of else []
        return [node_from_row(r) for r in rows]

    item = SummaryInput(node, [], children)
    started = time.perf_counter()
    summary = builder._build(node, node.doc_id, item, sources, stats, stored, COLLECTION_PLACE)
    stats.seconds += time.perf_counter() - started
    return summary
