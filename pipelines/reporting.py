"""IndexReport -> Dagster metadata and asset-check results (formatting only; no indexing)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from dagster import AssetCheckResult, AssetCheckSeverity, MetadataValue

from docnav.index import IndexReport
from docnav.store import Store
from docnav.wording import counted

PARSE_HEALTH = "parse_health"
NLI_VERIFICATION = "nli_verification"
WORST_CLAIMS = 5
LISTED = 50  # documents named in a run's list of changes, or of failures; then a count


def report_metadata(report: IndexReport, indexer: object = None) -> dict:
    """Plain numbers for the UI's plots, and one Markdown table that reads as the run's cost.
    ``indexer``: what ran the work; a ResidentIndexer says which worker (if any) did."""
    s = report.summaries
    counts = report.counts()
    rows = [
        ("documents added / changed / renamed / removed",
         f"{len(report.added)} / {len(report.changed)} / {len(report.renamed)} / "
         f"{len(report.removed)}"),
        ("documents unchanged / failed / paths not read",
         f"{len(report.unchanged)} / {counts['documents_failed']} / {counts['paths_unread']}"),
        ("nodes written / changed", f"{report.nodes_written} / {report.nodes_changed}"),
        ("embeddings computed / reused", f"{report.texts_embedded} / {report.embeddings_reused}"),
        ("summaries rebuilt / reused / failed", f"{s.rebuilt} / {s.reused} / {s.failed}"),
        ("claims checked / flagged", f"{s.claims_checked} / {s.claims_flagged}"),
        ("NLI calls (pairs scored)", str(s.nli_pairs)),
        *((f"seconds: {stage}", f"{secs:.3f}") for stage, secs in report.stage_seconds.items()),
        ("seconds: total", f"{report.seconds:.3f}"),
    ]
    table = "| what | count |\n|---|---|\n" + "\n".join(f"| {k} | {v} |" for k, v in rows)
    pid = getattr(indexer, "last_worker_pid", None)
    where = f"resident worker (pid {pid})" if pid else "the run's own process"
    return {**counts, "indexed_by": where, "report": MetadataValue.md(table),
            "changes": MetadataValue.md(_listed(_changes(report)) or "none")}


def run_metadata(report: IndexReport, indexer: object = None) -> dict:
    """What every partition of a range run carries: :func:`report_metadata` with each entry
    named ``run_…``. Unprefixed, each document of a run over three read "documents_added: 3"
    in the UI, as if the counts were its own; its own are in :func:`document_outcomes`."""
    whole = report_metadata(report, indexer)
    return {("indexed_by" if k == "indexed_by" else f"run_{k}"): v for k, v in whole.items()}


def document_outcomes(report: IndexReport, paths: Sequence[str]) -> dict[str, dict]:
    """Each of ``paths`` (a run's partitions) with what the run did to its document:
    ``outcome`` (added, changed, renamed, renamed away, unchanged, summaries rebuilt: unchanged
    but for its stale summaries, which "unchanged" hid from the UI's reader, summaries failed:
    rebuilding some of them failed, re-embedded: unchanged but embedded with a new model (one
    whose summaries were rebuilt or failed too says that, with the flag), failed, removed, or
    not indexed: the run read no file there, as it is gone, left out by DOCNAV_INCLUDE /
    DOCNAV_EXCLUDE or under a root that is gone, and stored none) and, where there is one, the
    ``error``, the first ``summary_error``
    (of a document added, changed or renamed as well: "changed" alone hid that its summaries
    failed), the parser's ``warnings``, the other path of a rename, whether it was
    ``reparsed`` or ``reembedded``. A removed document's partition is still materialised by the
    run (Dagster materialises every partition of a range); the sensor deletes it next."""
    rebuilt, errors = set(report.resummarised), _summary_errors(report)
    failed, reembedded = set(report.resummary_failed), set(report.reembedded)
    own: dict[str, dict] = {
        p: {"outcome": "summaries failed", "summary_error": errors.get(p, "")} if p in failed
        else {"outcome": "summaries rebuilt" if p in rebuilt else
              "re-embedded" if p in reembedded else "unchanged"}
        for p in report.unchanged}
    own.update({p: {"outcome": "added"} for p in report.added})
    own.update({p: {"outcome": "changed"} for p in report.changed})
    for old, new in report.renamed:
        own[new] = {"outcome": "renamed", "renamed_from": old}
        own[old] = {"outcome": "renamed away", "renamed_to": new}
    for path in (*report.added, *report.changed, *(new for _, new in report.renamed)):
        if path in errors:
            own[path]["summary_error"] = errors[path]
    excluded = set(report.excluded)
    own.update({p: {"outcome": "removed", "why": _EXCLUDED if p in excluded else _GONE}
                for p in report.removed})
    own.update({p: {"outcome": "failed", "error": _quote(e.removeprefix(f"{p}: "), 1000)}
                for p, e in report.failed})
    for path, said in report.warned:
        own.setdefault(path, {"outcome": "not indexed"})["warnings"] = _quote(said, 1000)
    for flag, done in (("reparsed", report.reparsed), ("reembedded", report.reembedded)):
        for path in done:
            own.setdefault(path, {"outcome": "not indexed"})[flag] = True
    return {p: own.get(p, {"outcome": "not indexed"}) for p in paths}


def _summary_errors(report: IndexReport) -> dict[str, str]:
    """The first summary error of each document with one, by path: a failure's place is its
    document's path, then the headings down to its node (the collection's is no path)."""
    errors: dict[str, str] = {}
    for _, error, _, place in report.summaries.failures:
        errors.setdefault(place.split(" › ", 1)[0], _quote(error, 1000))
    return errors


_EXCLUDED = "its file is still there: DOCNAV_INCLUDE / DOCNAV_EXCLUDE leave it out"
_GONE = ("its file is gone, and so is its document from the store; the document sensor "
         "deletes this partition once no unfinished run names it")


def common_outcome(outcomes: dict[str, dict]) -> dict:
    """The metadata that most of ``outcomes`` share and that holds an outcome alone: a run
    gives it to all its partitions, and each of the others its own. Each partition's own
    costs Dagster a read of every partition key (18 ms each at 1,000 partitions here, more
    with more), so a reconcile over thousands of unchanged documents gives only the few that
    changed theirs."""
    plain = Counter(m["outcome"] for m in outcomes.values() if len(m) == 1)
    return {"outcome": plain.most_common(1)[0][0]} if plain else {}


def _changes(report: IndexReport) -> list[str]:
    """Each document the run added, changed, renamed or removed, by path."""
    return ([f"added `{p}`" for p in report.added] + [f"changed `{p}`" for p in report.changed]
            + [f"renamed `{old}` → `{new}`" for old, new in report.renamed]
            + [f"removed `{p}`" for p in report.removed])


def _listed(lines: list[str]) -> str:
    """``lines`` as a Markdown list, the first :data:`LISTED` of them and how many more: the
    counts alone left the UI's reader to find which documents a run added or removed in its
    config (the partitions), and a run over thousands of failing files listed every one."""
    more = len(lines) - LISTED
    return "\n".join(f"- {line}" for line in lines[:LISTED]) + (
        f"\n- … and {more} more" if more > 0 else "")


def excluded_note(report: IndexReport, include: str, exclude: str) -> str | None:
    """Documents the run removed though their files are still there: the resource's patterns
    (DOCNAV_INCLUDE / DOCNAV_EXCLUDE, as given) leave them out. Counted apart: the files
    among them that never parsed, whose failure was all the store held of them ("6 documents
    were removed" when 4 were indexed)."""
    if not report.excluded:
        return None
    never = set(report.excluded_unparsed)
    unparsed = [p for p in report.excluded if p in never]
    gone = [p for p in report.excluded if p not in unparsed]
    parts = []
    if gone:
        were, files = ("was", "its file is") if len(gone) == 1 else ("were", "their files are")
        parts.append(f"{counted(len(gone), 'document')} {were} removed although {files} "
                     f"still there ({_names(gone)})")
    if unparsed:
        are = "is" if len(unparsed) == 1 else "are"
        parts.append(f"{counted(len(unparsed), 'file')} that never parsed ({_names(unparsed)}) "
                     f"{are} no longer listed as failed")
    them = "it" if len(report.excluded) == 1 else "them"
    return (f"{', and '.join(parts)}: DOCNAV_INCLUDE ({include!r}) and DOCNAV_EXCLUDE "
            f"({exclude!r}) leave {them} out; set them to cover the files to bring {them} back")


def _names(paths: list[str]) -> str:
    """The first three file names of ``paths``, then "..." where there are more."""
    return ", ".join(p.rsplit("/", 1)[-1] for p in paths[:3]) + (", ..." if len(paths) > 3
                                                                 else "")


def run_paths(report: IndexReport) -> list[str]:
    """The documents that this run left in the store, indexed or failed."""
    return sorted({*report.added, *report.changed, *(new for _, new in report.renamed),
                   *report.unchanged, *(path for path, _ in report.failed)})


def parse_health(report: IndexReport) -> AssetCheckResult:
    failed = report.failed
    # each error without the path it begins with: the line names the file already
    listing = _listed([f"`{path}`: {_quote(error.removeprefix(f'{path}: '))}"
                       for path, error in failed])
    warned = _listed([f"`{path}`: {_quote(said)}" for path, said in report.warned])
    return AssetCheckResult(
        check_name=PARSE_HEALTH,
        passed=not failed,
        severity=AssetCheckSeverity.WARN,
        metadata={
            "documents": len(run_paths(report)),
            "failed": len(failed),
            "failures": MetadataValue.md(listing or "none"),
            "warned": len(report.warned),  # parsed, with what the parser warned of
            "warnings": MetadataValue.md(warned or "none"),
        },
    )


def nli_verification(store: Store, report: IndexReport, off: str = "") -> AssetCheckResult:
    """Claims of this run's documents whose verdict is not *entail*; the worst ones quoted.
    ``off``: why no claim is checked (verification or summaries switched off), said in its
    metadata rather than passed as if every claim held."""
    if off:
        return AssetCheckResult(
            check_name=NLI_VERIFICATION, passed=True, severity=AssetCheckSeverity.WARN,
            description=f"not checked: {off}",
            metadata={"claims_checked": 0, "verification": f"off ({off})"})
    checked, bad = _claims(store, run_paths(report))
    quoted = "\n".join(
        f"- **{verdict}** ({score:.2f}) `{path}`: \"{_quote(text)}\""
        for path, text, verdict, score in bad[:WORST_CLAIMS]
    )
    # a run whose every document failed checked nothing: it passed, claims_checked 0, as if
    # every claim held
    none_indexed = bool(report.failed) and not checked and len(run_paths(report)) == len(
        {path for path, _ in report.failed})
    return AssetCheckResult(
        check_name=NLI_VERIFICATION,
        passed=not bad and not none_indexed,
        severity=AssetCheckSeverity.WARN,
        description=(f"no claim checked: every document of the run failed "
                     f"({len(report.failed)}; see parse_health)" if none_indexed else None),
        metadata={
            "claims_checked": checked,
            "claims_failed": len(bad),
            "contradicted": sum(1 for b in bad if b[2] == "contradict"),
            "worst_claims": MetadataValue.md(quoted or "none"),
        },
    )


def _claims(store: Store, paths: Sequence[str]) -> tuple[int, list[tuple[str, str, str, float]]]:
    if not paths or not store.exists():
        return 0, []
    with store.reader() as con:
        rows = Store.verdicts(con, paths)
    order = {"contradict": 0, "neutral": 1}
    bad = sorted((r for r in rows if r[2] != "entail"), key=lambda r: (order.get(r[2], 2), r[3]))
    return len(rows), bad


def _quote(text: str, limit: int = 300) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
