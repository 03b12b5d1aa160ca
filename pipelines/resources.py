"""Typed configuration for the DocNav Dagster code location."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from dagster import ConfigurableResource
from pydantic import Field

from docnav.embed import EmbeddingOptions
from docnav.errors import ConfigError, InputError
from docnav.index import IndexOptions, Indexer
from docnav.parse import ParseOptions
from docnav.scan import DEFAULT_INCLUDE, absolute, in_scope
from docnav.store import Store
from docnav.summaries import SummaryPipelineOptions
from docnav.verify import DEFAULT_NLI_MODEL, VerifyOptions
from docnav.worker import ResidentIndexer, WorkerOptions


FILTER_SETTINGS = ("DOCNAV_INCLUDE", "DOCNAV_EXCLUDE")  # what the user set include/exclude by


def _split(value: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in value.split(",") if part.strip())


def gone_note(root: str, indexed: bool | None = None) -> str:
    """What a tick and a run say of a root that is gone while another is there (see
    :meth:`DocNavResource.roots_now`; with none there, :func:`every_root_gone` alone);
    ``indexed``: whether files were indexed from it (None: not known, in a run)."""
    rest = "the other roots are indexed"
    if indexed is False:
        return (f"{root} (DOCNAV_ROOTS): no such file or folder, and no document was indexed "
                f"from it; {rest}")
    kept = "the" if indexed else "any"
    return (f"{root} (DOCNAV_ROOTS) is gone: {kept} documents indexed from it are kept until "
            f"it comes back (an empty folder in its place removes them); {rest}")


def every_root_gone(gone: list[str], kept: bool = True) -> str:
    """What a tick (its skip reason), the schedules (theirs) and a run (its error) say when no
    root of DOCNAV_ROOTS is there: all leave the store and the partitions as they are (a typo
    in DOCNAV_ROOTS made the tick delete every partition of the root it replaced while the
    run kept the documents). ``kept``: whether there are documents or partitions to keep (a
    run has some); a first tick with a typo has none, and says no document was indexed."""
    if not kept:
        them = "it" if len(gone) == 1 else "them"
        return (f"every root of DOCNAV_ROOTS is gone ({', '.join(gone)}): no such file or "
                f"folder, and no document was indexed from {them}, so nothing is indexed; "
                "check DOCNAV_ROOTS for a typo")
    return (f"every root of DOCNAV_ROOTS is gone ({', '.join(gone)}): nothing is indexed or "
            "removed, and the store keeps its documents (and the sensor their partitions) "
            "until a root is there; check DOCNAV_ROOTS for a typo")


def outside(paths: list[str], gone: list[str]) -> list[str]:
    """Of ``paths``, those not in a folder of ``gone``: a run leaves their documents as they
    are (a gone root that was a file is its own path: its document is removed)."""
    return [p for p in paths if not any(p != g and in_scope(p, [g]) for g in gone)]


def check_policy(policy: str, summaries: bool, verify: bool,
                 environ: Mapping[str, str] | None = None) -> None:
    """A drop policy with verification off refused, as `docnav index` refuses --policy drop
    with --no-verify: drop removes the claims the check does not support, and no claim would
    be checked (the code version recorded policy=off, and the setting did nothing). With
    summaries off neither setting is used. ``environ``: where the settings came from the
    environment (DOCNAV_POLICY, DOCNAV_VERIFY), named as set there; else the resource's fields
    (set in code or a launchpad) are named."""
    if not (summaries and not verify and policy == "drop"):
        return
    if environ is not None:
        drop, off = (f"{var}={environ.get(var, '')}" for var in ("DOCNAV_POLICY", "DOCNAV_VERIFY"))
        ways = "unset DOCNAV_POLICY (or set it to 'flag'), or unset DOCNAV_VERIFY"
    else:
        drop, off = "the resource's policy='drop'", "verify=False"
        ways = "set policy='flag', or verify=True"
    raise ConfigError(f"{drop} removes the claims the NLI check does not support: it cannot go "
                      f"with {off}, which leaves the check out; {ways} to check the claims")


class DocNavResource(ConfigurableResource):
    """Where the documents are, where the graph is stored, and which models build it."""

    roots: str = Field(description="Comma-separated folders (or files) to index.")
    db: str = Field(description="DuckDB store path; the Parquet export sits beside it.")
    embed_model: str = Field(
        default="all-MiniLM-L6-v2",
        description="sentence-transformers model id or folder, or 'hashing' (no model).",
    )
    include: str = Field(
        default=",".join(DEFAULT_INCLUDE), description="Comma-separated file-name globs to index."
    )
    exclude: str = Field(default="", description="Comma-separated globs to skip.")
    pdf_mode: str = Field(
        default="auto",
        description="PDF pipeline: 'standard' (docling's layout model), 'native' (text layer, "
                    "headings from bookmarks and fonts), or 'auto' (standard when its model is "
                    "available locally). A change parses the PDFs again: the reverify "
                    "schedule's run (reparse_parsed_otherwise), or any run with reparse=true.",
    )
    summaries: bool = Field(default=True, description="Build summaries on every level.")
    verify: bool = Field(default=True, description="Verify summary claims with the NLI model.")
    nli_model: str = Field(
        default="", description=f"NLI model id or folder; empty = {DEFAULT_NLI_MODEL}."
    )
    policy: str = Field(
        default="flag",
        description="What a summary does with a claim its sources do not support: 'flag' "
                    "keeps it, marked; 'drop' removes its sentence. A change rebuilds the "
                    "summaries that do not fit it, across the store, on the next run.",
    )

    spool: str = Field(
        default="",
        description="Folder `docnav watch --spool` writes its change batches to: the sensor "
                    "then scans the roots only on a tick with batches waiting (and consumes "
                    "them); empty: it scans them on every tick.",
    )

    lock_wait_seconds: float = Field(
        default=600.0, ge=0,
        description="How long a run waits for the store while another process holds it (a "
                    "`docnav index` from the shell, a compaction) before it fails.",
    )

    resident_worker: bool = Field(
        default=False,
        description="Hand index work to a long-lived worker process per store that keeps "
                    "docling and the models loaded (docnav/worker.py); a run then skips seconds "
                    "of imports and model loads. Off: every run indexes in its own process.",
    )
    worker_idle_seconds: float = Field(
        default=WorkerOptions.idle_seconds,
        description="An unused resident worker exits after this many seconds.",
    )


    def verification_off(self) -> str:
        """Why no summary claim is verified, or "" where they are."""
        return ("summaries are off (DOCNAV_SUMMARIES=0)" if not self.summaries else
                "verification is off (DOCNAV_VERIFY=0)" if not self.verify else "")

    def root_list(self) -> list[str]:
        """The folders to index; an empty setting (``DOCNAV_ROOTS=$UNSET``) is an error, not
        an empty collection: a run with no roots would count every stored document removed."""
        roots = list(_split(self.roots))
        if not roots:
            said = f"is {self.roots!r}" if self.roots else "is not set (or blank)"
            raise ConfigError(f"DOCNAV_ROOTS (the resource's roots) {said}: it is required; "
                              "give the comma-separated folders (or files) to index")
        return roots

    def roots_now(self) -> tuple[list[str], list[str]]:
        """(the roots there now, the absolute paths of those that are gone). A folder that is
        gone (an unmounted drive, a share offline) is no reason to stop indexing the others,
        nor to remove its documents: the sensor keeps their files' state, the runs index the
        other roots only (one ``docnav index`` of it refuses, as the CLI's gone root does)."""
        there, gone = [], []
        for root in self.root_list():
            path = absolute(root)
            if path.exists() or path.is_symlink():
                there.append(root)
            else:
                gone.append(str(path))
        return there, gone

    def run_roots(self, log: Callable[[str], None]) -> tuple[list[str], list[str]]:
        """:meth:`roots_now` for a run, each gone root logged (``log``: the run's warning);
        an error when every root is gone: the store keeps their documents."""
        there, gone = self.roots_now()
        if not there:
            raise InputError(every_root_gone(gone))
        for root in gone:
            log(gone_note(root))
        return there, gone

    def index_options(self) -> IndexOptions:
        check_policy(self.policy, self.summaries, self.verify)  # set in code or a launchpad
        summaries = None
        if self.summaries:
            nli = VerifyOptions(model=self.nli_model or DEFAULT_NLI_MODEL, policy=self.policy)
            summaries = SummaryPipelineOptions(verify=self.verify, nli=nli)
        return IndexOptions(
            include=_split(self.include) or DEFAULT_INCLUDE,
            exclude=_split(self.exclude),
            embedding=EmbeddingOptions(model=self.embed_model),
            parse=ParseOptions(pdf_mode=self.pdf_mode),
            summaries=summaries,
            progress=False,
            lock_wait=self.lock_wait_seconds,
            # a full run whose patterns read no file of a root holding documents (a typo)
            refuse_filtered_out=True, filter_settings=FILTER_SETTINGS,
        )

    def store(self, waiting: Callable[[str], None] | None = None) -> Store:
        """The store; ``waiting`` (a run's ``context.log.info``) is told who holds it as a
        wait for it starts."""
        return Store(self.db, lock_wait=self.lock_wait_seconds, waiting=waiting)

    def preload_worker(self) -> None:
        """With ``resident_worker``: start the store's worker (in the background) if none runs,
        so that the first run finds docling and the models loaded."""
        if self.resident_worker:
            ResidentIndexer(self.db, self.index_options(),
                            WorkerOptions(idle_seconds=self.worker_idle_seconds)).preload()

    def indexer(self, log: Callable[[str], None] | None = None) -> Indexer | ResidentIndexer:
        """The run's indexer; ``log`` (the run's ``context.log.info``) gets a progress line
        after each batch of documents written, from the resident worker too, and one for each
        stage before them that runs for seconds (the scan, the store's opening)."""
        options = self.index_options()
        if self.resident_worker:
            return ResidentIndexer(self.db, options,
                                   WorkerOptions(idle_seconds=self.worker_idle_seconds),
                                   progress_log=log)
        return Indexer(self.store(), options, progress_log=log)
