"""The settings of an index run (:class:`IndexOptions`), apart from the run itself
(:mod:`docnav.index`, which imports them from here)."""

from __future__ import annotations

from dataclasses import dataclass, field

from docnav.collection import CollectionOptions
from docnav.embed import EmbeddingOptions
from docnav.parse import ParseOptions
from docnav.scan import DEFAULT_INCLUDE
from docnav.summaries import SummaryPipelineOptions


@dataclass(frozen=True)
class IndexOptions:
    """Settings of an index run.

    include / exclude: glob patterns on file names or root-relative paths.
    batch_size: documents written per store transaction (each document stays atomic).
    export_parquet: keep the Parquet export beside the database up to date.
    progress: show a progress bar on stderr (auto: only when stderr is a terminal).
    lock_wait: seconds to wait for the store while another process holds it (another run, a
    compaction, a query loading it); 0: fail at once.
    refuse_filtered_out: a full run whose include/exclude read no file of one of its folders
    while documents indexed from it still have their files there is refused (InputError,
    naming each such folder and the CLI's --include/--exclude: docnav index and watch, or
    the settings named by filter_settings: Dagster's full runs); off (the library's default),
    their documents are removed and the run's note says so.
    filter_settings: the names the refusal gives the include and exclude settings
    (DOCNAV_INCLUDE, DOCNAV_EXCLUDE); None: the CLI's --include/--exclude.
    """

    include: tuple[str, ...] = DEFAULT_INCLUDE
    exclude: tuple[str, ...] = ()
    embedding: EmbeddingOptions = EmbeddingOptions()
    parse: ParseOptions = field(default_factory=ParseOptions)
    collection: CollectionOptions = CollectionOptions()
    summaries: SummaryPipelineOptions | None = None
    batch_size: int = 16
    export_parquet: bool = True
    progress: bool | None = None
    lock_wait: float = 0.0
    refuse_filtered_out: bool = False
    filter_settings: tuple[str, str] | None = None
