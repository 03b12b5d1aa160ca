"""What an index run did (:class:`IndexReport`): for the CLI's final line, Dagster metadata,
benchmarks and tests."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from docnav.errors import without_path
from docnav.plan import Job
from docnav.scan import one_line
from docnav.summaries import SummaryStats
from docnav.wording import counted


@dataclass
class IndexReport:
    """What a run did, for the CLI's final line, Dagster metadata and tests."""

    added: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    renamed: list[tuple[str, str]] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    # of ``removed``: files still there that the run's include/exclude globs leave out
    excluded: list[str] = field(default_factory=list)
    # of ``excluded``: the records of files that never parsed, no document (its failure kept)
    excluded_unparsed: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    # folders given to the run in which no file matched its include globs
    empty_roots: list[str] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)  # (path, error)
    # of ``failed``: the paths given that are not there and the folders that could not be
    # listed, failures of the run that are no document (the summary line says them apart)
    unread: list[str] = field(default_factory=list)
    # new files found by the scan and deleted before the run stored them (before it read
    # them, or after it parsed them): nothing to store
    vanished: list[str] = field(default_factory=list)
    # parsed this run with what the parser warned of ("front matter ... kept as text")
    warned: list[tuple[str, str]] = field(default_factory=list)  # (path, warnings)
    docs_parsed: int = 0
    nodes_written: int = 0
    nodes_changed: int = 0
    texts_embedded: int = 0
    embeddings_reused: int = 0
    related_recomputed: int = 0
    references_written: int = 0  # cross-document reference edges deleted or inserted
    # RFC PR lines read (rows) and pull request links scanned by the collection update: the
    # whole store's in a process's first update, the changed documents' lines after
    pull_lines_read: int = 0
    pull_links_scanned: int = 0
    reembedded: list[str] = field(default_factory=list)  # unchanged, embedded with a new model
    reembedded_texts: int = 0  # of texts_embedded, those of ``reembedded`` (none: switched back)
    reparsed: list[str] = field(default_factory=list)  # unchanged, parsed again on request
    # unchanged, their stale summaries rebuilt (another summariser or NLI model, a failure)
    resummarised: list[str] = field(default_factory=list)
    # unchanged, with stale summaries of which some failed again (kept stale for the next run)
    resummary_failed: list[str] = field(default_factory=list)
    # in the run's scope, with trees another parser made (an older DocNav, other options)
    parsed_otherwise: list[str] = field(default_factory=list)
    # the resolver version that resolved the store's links between documents, where a newer
    # DocNav's than this one's: its links are left as that one resolved them
    newer_resolver: int | None = None
    seconds: float = 0.0
    stage_seconds: dict[str, float] = field(default_factory=dict)
    diffs: dict[str, dict[str, int]] = field(default_factory=dict)
    summaries: SummaryStats = field(default_factory=SummaryStats)
    # of added, changed, renamed and removed: how many are committed (:meth:`commit`)
    _committed: tuple[int, int, int, int] = field(default=(0, 0, 0, 0), repr=False,
                                                  compare=False)

    @property
    def ok(self) -> bool:
        return not self.failed

    @property
    def changed_nothing(self) -> bool:
        """No document added, changed, renamed, removed, embedded or parsed again, none failed
        or warned of, no text embedded, no summary rebuilt or failed, no collection work done
        (related edges a run without it left to compute): a watch batch of files saved with the
        same bytes (a `cp` of an identical file, a `touch`), which the watcher does not
        report."""
        return not (self.added or self.changed or self.renamed or self.removed or self.failed
                    or self.warned or self.reembedded or self.reparsed or self.nodes_written
                    or self.texts_embedded or self.references_written
                    or self.related_recomputed or self.summaries.rebuilt
                    or self.summaries.failed)

    def commit(self, removals: bool = False) -> None:
        """The documents recorded so far are in the store (their transaction committed), and
        with ``removals`` the removed ones: what a run stopped after it keeps
        (:meth:`written_lines`)."""
        self._committed = (len(self.added), len(self.changed), len(self.renamed),
                           len(self.removed) if removals else self._committed[3])

    def written_lines(self) -> list[str]:
        """:meth:`change_lines` of the documents whose transaction committed: all of them
        after a run, those written before it stopped after a signal or an error."""
        added, changed, renamed, removed = self._committed
        return IndexReport(added=self.added[:added], changed=self.changed[:changed],
                           renamed=self.renamed[:renamed],
                           removed=self.removed[:removed]).change_lines()

    def record(self, job: Job) -> None:
        """Count a job's document as added, renamed or changed. A file whose every attempt
        failed has a row but no stored version: its first is added, not changed."""
        if job.reason == "added" or job.previous is None or job.previous.content_hash is None:
            self.added.append(job.found.path)
        elif job.reason == "renamed":
            self.renamed.append((job.previous.path, job.found.path))
        else:
            self.changed.append(job.found.path)

    def counts(self) -> dict[str, int | float]:
        """The run's work as plain numbers (for metadata, benchmarks and logs)."""
        s = self.summaries
        return {
            "documents_added": len(self.added),
            "documents_changed": len(self.changed),
            "documents_renamed": len(self.renamed),
            "documents_removed": len(self.removed),
            "documents_excluded": len(self.excluded),  # removed, the file still there
            "documents_unchanged": len(self.unchanged),
            "documents_failed": len(self.failed) - len(self.unread),
            "paths_unread": len(self.unread),
            "documents_warned": len(self.warned),
            "documents_reembedded": len(self.reembedded),
            "documents_reparsed": len(self.reparsed),
            "documents_parsed_otherwise": len(self.parsed_otherwise),
            "docs_parsed": self.docs_parsed,
            "nodes_written": self.nodes_written,
            "nodes_changed": self.nodes_changed,
            "texts_embedded": self.texts_embedded,
            "embeddings_reused": self.embeddings_reused,
            "related_recomputed": self.related_recomputed,
            "references_written": self.references_written,
            "summaries_rebuilt": s.rebuilt,
            "summaries_reused": s.reused,
            "summaries_failed": s.failed,
            "claims_checked": s.claims_checked,
            "claims_flagged": s.claims_flagged,
            "nli_pairs": s.nli_pairs,
            "seconds": round(self.seconds, 3),
        }

    def to_json(self) -> dict:
        """`docnav index --json`: :meth:`counts`, whether every document indexed (``ok``), and
        the documents by what happened to them, each failure with its path and its error
        without that path (as `ask --json`'s "stale" gives it; the text output's error line
        names the file, and "/docs/0458.md: file is empty (0 bytes)" said it twice here)."""
        return {
            "ok": self.ok, **self.counts(),
            "added": self.added, "changed": self.changed,
            "renamed": [{"from": old, "to": new} for old, new in self.renamed],
            "removed": self.removed, "excluded": self.excluded, "vanished": self.vanished,
            "empty_roots": self.empty_roots,
            "failed": [{"path": path, "error": without_path(path, error)}
                       for path, error in self.failed],
            "warned": [{"path": path, "warnings": said} for path, said in self.warned],
            "summary_failures": [{"node_id": node_id, "where": place, "error": error,
                                  "previous_kept": kept}
                                 for node_id, error, kept, place in self.summaries.failures],
            "reembedded": self.reembedded, "reparsed": self.reparsed,
            "resummarised": self.resummarised, "resummary_failed": self.resummary_failed,
            "parsed_otherwise": self.parsed_otherwise,
            "stage_seconds": {k: round(v, 3) for k, v in self.stage_seconds.items()},
        }

    def change_lines(self) -> list[str]:
        """Each document added, changed, renamed or removed, by path: "changed: docs/a.md",
        "renamed: docs/a.md -> docs/b.md" (`docnav index --verbose`), and each new file that
        was deleted before the run could store it ("vanished: docs/c.md (deleted before it
        was stored)": before it was read, or after it was parsed, before its check)."""
        return ([f"added: {one_line(p)}" for p in self.added]
                + [f"changed: {one_line(p)}" for p in self.changed]
                + [f"renamed: {one_line(old)} -> {one_line(new)}" for old, new in self.renamed]
                + [f"removed: {one_line(p)}" for p in self.removed]
                + [f"vanished: {one_line(p)} (deleted before it was stored)"
                   for p in self.vanished])

    def failure_lines(self) -> list[str]:
        """Each file that failed, each parsed with warnings and each summary that failed, by
        name: "error: …", "warning: …"."""
        return [f"error: {one_line(error)}" for _, error in self.failed] + [
            f"warning: {one_line(path)}: {one_line(said)}" for path, said in self.warned] + [
            f"warning: summary of {one_line(place)} (node {node_id}) failed"
            f"{', previous kept' if kept else ''}: {one_line(error)}"
            for node_id, error, kept, place in self.summaries.failures]

    def summary(self) -> str:
        """The run's last line. A clause of work that may not happen (summaries, re-embedding,
        parsing again) is said only where some happened: "0 summaries rebuilt (1 reused, 0
        failed)" was said of a run that changed nothing."""
        s = self.summaries
        summaries = (
            f"{counted(s.rebuilt, 'summary', 'summaries')} rebuilt ({s.reused:,} reused, "
            f"{s.failed:,} failed), "
            f"{counted(s.claims_checked, 'claim')} checked ({s.claims_flagged:,} flagged); "
            if s.rebuilt or s.failed else ""
        )
        n = len(self.reembedded)
        # switched back to a model: its vectors of an earlier run are there, none is embedded
        unchanged = counted(n, "unchanged document")
        reembedded = ("" if not n else f"{unchanged} embedded with a new model; "
                      if self.reembedded_texts else f"{unchanged} given the "
                      "vectors of this model's earlier run; ")
        unread = len(self.unread)  # a path given that is not there is no failed document
        failed = f"{len(self.failed) - unread:,} failed" + (
            f", {counted(unread, 'path')} not read" if unread else "") + (
            f", {counted(len(self.vanished), 'new file')} vanished" if self.vanished else "")
        return (
            f"{len(self.added):,} added, {len(self.changed):,} changed, "
            f"{len(self.renamed):,} renamed, {len(self.removed):,} removed, "
            f"{len(self.unchanged):,} unchanged, {failed}; "
            f"{counted(self.nodes_written, 'node')} written, "
            f"{counted(self.texts_embedded, 'text')} embedded "
            f"({self.embeddings_reused:,} reused); "
            f"{reembedded}{self._reparsed_summary()}{summaries}{self.seconds:.2f} s"
        )

    def _reparsed_summary(self) -> str:
        if not self.reparsed:
            return ""
        reparsed = set(self.reparsed)
        rewritten = len(reparsed & set(self.changed))
        failed = len(reparsed & {path for path, _ in self.failed})
        return (f"{counted(len(reparsed), 'unchanged file')} parsed again ({rewritten:,} came "
                "out different"
                + (f", {failed:,} failed" if failed else "") + "); ")

    def _time(self, stage: str, started: float) -> None:
        self.stage_seconds[stage] = self.stage_seconds.get(stage, 0.0) + time.perf_counter() - started
