"""Summaries, their claims and the NLI verdicts as stored rows: the tables, and reading,
writing and pruning them (the building is :mod:`docnav.summaries`)."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass

import duckdb
import polars as pl

from docnav.hashing import digest
from docnav.summarize import SummarySentence
from docnav.verify import CONTRADICT, ENTAIL, NEUTRAL, Verdict

SUMMARY_SCHEMA = """
CREATE TABLE IF NOT EXISTS summaries (
    node_id VARCHAR, doc_id VARCHAR, tree_hash VARCHAR, summarizer VARCHAR, nli_model VARCHAR,
    text VARCHAR, sentences VARCHAR,   -- JSON: [{text, source_id, start, end, order}]
    status VARCHAR,                    -- verified | flagged | unverified | failed
    n_claims INTEGER, n_entailed INTEGER, n_neutral INTEGER, n_contradicted INTEGER,
    n_dropped INTEGER, error VARCHAR, created_at DOUBLE
);
CREATE TABLE IF NOT EXISTS claims (
    node_id VARCHAR, doc_id VARCHAR, tree_hash VARCHAR, idx INTEGER, text VARCHAR,
    claim_hash VARCHAR, source_id VARCHAR, start_offset INTEGER, end_offset INTEGER,
    verdict VARCHAR, score DOUBLE, best_chunk VARCHAR,
    p_entail DOUBLE, p_neutral DOUBLE, p_contradict DOUBLE,
    premise_hash VARCHAR, nli_model VARCHAR, kept BOOLEAN, note VARCHAR
);
CREATE TABLE IF NOT EXISTS verdicts (
    claim_hash VARCHAR, premise_hash VARCHAR, model VARCHAR, verdict VARCHAR, score DOUBLE,
    best_chunk VARCHAR, p_entail DOUBLE, p_neutral DOUBLE, p_contradict DOUBLE, note VARCHAR
);
"""

VERIFIED, FLAGGED, UNVERIFIED, FAILED = "verified", "flagged", "unverified", "failed"


@dataclass(frozen=True)
class Claim:
    text: str
    source_id: str | None
    start: int | None
    end: int | None
    verdict: Verdict | None
    kept: bool


@dataclass(frozen=True)
class NodeSummary:
    node_id: str
    doc_id: str
    tree_hash: str
    summarizer: str
    nli_model: str
    sentences: tuple[SummarySentence, ...]
    claims: tuple[Claim, ...]
    status: str
    error: str | None = None
    dropped: int = 0  # claims the drop policy took out (``n_dropped``, also of a loaded one)

    @property
    def text(self) -> str:
        return " ".join(s.text for s in self.sentences)

    def fits(self, policy: str) -> bool:
        """Whether this summary is what the claim ``policy`` makes of its claims, so that a
        run with that policy may reuse it: ``drop`` keeps no unsupported claim (a flagged
        summary kept one), ``flag`` drops none. One with every claim entailed, or none
        checked, fits both. :func:`fitting` says the same of stored rows."""
        return self.status != FLAGGED if policy == "drop" else not self.dropped


def fitting(policy: str) -> str:
    """An SQL condition on a ``summaries`` row ``s``: it fits ``policy``
    (:meth:`NodeSummary.fits`)."""
    return f"s.status <> '{FLAGGED}'" if policy == "drop" else "coalesce(s.n_dropped, 0) = 0"


def load_summaries(con: duckdb.DuckDBPyConnection, doc_ids: Sequence[str]
                   ) -> dict[str, NodeSummary]:
    """Stored summaries of these documents, by node id (without their claims)."""
    if not doc_ids:
        return {}
    con.register("_docs", pl.DataFrame({"doc_id": list(doc_ids)}, schema={"doc_id": pl.Utf8}))
    try:
        rows = con.execute(
            "SELECT node_id, doc_id, tree_hash, summarizer, nli_model, sentences, status, "
            "error, n_dropped FROM summaries WHERE doc_id IN (SELECT doc_id FROM _docs)"
        ).fetchall()
    finally:
        con.unregister("_docs")
    return {r[0]: _summary_from_row(r) for r in rows}


def stored_verdicts(con: duckdb.DuckDBPyConnection, model: str
                    ) -> dict[tuple[str, str, str], Verdict]:
    """The stored verdicts of NLI ``model``, keyed as the verifier's cache is."""
    rows = con.execute(
        "SELECT claim_hash, premise_hash, model, verdict, score, best_chunk, p_entail, "
        "p_neutral, p_contradict, note FROM verdicts WHERE model = ?", [model]
    ).fetchall()
    return {(ch, ph, m): Verdict(label, score, best, (pe, pn, pc), ph, note or "")
            for ch, ph, m, label, score, best, pe, pn, pc, note in rows}


def write_summaries(con: duckdb.DuckDBPyConnection, summaries: Sequence[NodeSummary]) -> None:
    """Store ``summaries`` in place of their nodes' earlier ones, with their claims, and the
    claims' verdicts that the ``verdicts`` table does not hold yet."""
    if not summaries:
        return
    now = time.time()
    ids = pl.DataFrame({"node_id": [s.node_id for s in summaries]}, schema={"node_id": pl.Utf8})
    con.register("_ids", ids)
    try:
        con.execute("DELETE FROM summaries WHERE node_id IN (SELECT node_id FROM _ids)")
        con.execute("DELETE FROM claims WHERE node_id IN (SELECT node_id FROM _ids)")
    finally:
        con.unregister("_ids")
    srows, crows, vrows = [], [], []
    for s in summaries:
        counts = {k: sum(1 for c in s.claims if c.verdict and c.verdict.label == k)
                  for k in (ENTAIL, NEUTRAL, CONTRADICT)}
        srows.append((
            s.node_id, s.doc_id, s.tree_hash, s.summarizer, s.nli_model, s.text,
            json.dumps([_sentence_json(x) for x in s.sentences]), s.status, len(s.claims),
            counts[ENTAIL], counts[NEUTRAL], counts[CONTRADICT],
            s.dropped, s.error, now,
        ))
        for i, c in enumerate(s.claims):
            v = c.verdict
            crows.append((
                s.node_id, s.doc_id, s.tree_hash, i, c.text, digest(c.text), c.source_id,
                c.start, c.end, v.label if v else None, v.score if v else None,
                v.best_chunk if v else None, *(v.probs if v else (None, None, None)),
                v.premise_hash if v else None, s.nli_model, c.kept, v.note if v else None,
            ))
            if v:
                vrows.append((digest(c.text), v.premise_hash, s.nli_model, v.label, v.score,
                              v.best_chunk, *v.probs, v.note))
    _insert_rows(con, "summaries", srows, 15)
    _insert_rows(con, "claims", crows, 19)
    if vrows:
        frame = pl.DataFrame(vrows, orient="row", schema=_VERDICT_SCHEMA).unique(
            subset=["claim_hash", "premise_hash", "model"])
        con.register("_verdicts", frame)
        try:
            con.execute(
                "INSERT INTO verdicts SELECT v.* FROM _verdicts v ANTI JOIN verdicts o "
                "ON o.claim_hash = v.claim_hash AND o.premise_hash = v.premise_hash "
                "AND o.model = v.model"
            )
        finally:
            con.unregister("_verdicts")


def prune_summaries(con: duckdb.DuckDBPyConnection, doc_id: str, stale: bool = False) -> None:
    """Drop summaries and claims of nodes this document no longer has; with ``stale`` (a run
    without summaries, which builds none in their place), also those of its nodes' earlier
    content (another tree hash): `docnav show` printed them above the text they no longer
    sum up, and `locate --via summary` found them. The next run with summaries builds them."""
    if stale:
        con.execute("DELETE FROM summaries WHERE doc_id = ? AND NOT EXISTS (SELECT 1 FROM nodes "
                    "n WHERE n.node_id = summaries.node_id AND n.tree_hash = summaries.tree_hash)",
                    [doc_id])
        con.execute("DELETE FROM claims WHERE doc_id = ? AND NOT EXISTS (SELECT 1 FROM "
                    "summaries s WHERE s.node_id = claims.node_id)", [doc_id])
        return
    for table in ("summaries", "claims"):
        con.execute(
            f"DELETE FROM {table} WHERE doc_id = ? AND node_id NOT IN "
            "(SELECT node_id FROM nodes WHERE doc_id = ?)", [doc_id, doc_id]
        )


_VERDICT_SCHEMA = {
    "claim_hash": pl.Utf8, "premise_hash": pl.Utf8, "model": pl.Utf8, "verdict": pl.Utf8,
    "score": pl.Float64, "best_chunk": pl.Utf8, "p_entail": pl.Float64, "p_neutral": pl.Float64,
    "p_contradict": pl.Float64, "note": pl.Utf8,
}


def _insert_rows(con: duckdb.DuckDBPyConnection, table: str, rows: list[tuple], width: int) -> None:
    if rows:
        con.executemany(f"INSERT INTO {table} VALUES ({', '.join('?' * width)})", rows)


def _sentence_json(s: SummarySentence) -> dict:
    return {"text": s.text, "source_id": s.source_id, "start": s.start, "end": s.end,
            "order": list(s.order)}


def _summary_from_row(r: tuple) -> NodeSummary:
    node_id, doc_id, tree_hash, summarizer, nli_model, sentences, status, error, dropped = r
    parsed = tuple(
        SummarySentence(x["text"], x["source_id"], x["start"], x["end"], tuple(x["order"]))
        for x in json.loads(sentences or "[]")
    )
    return NodeSummary(node_id, doc_id, tree_hash, summarizer, nli_model, parsed, (), status,
                       error, dropped or 0)
