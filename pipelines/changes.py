"""What the document sensor decides, as pure functions of the file state, the cursor and the
partitions that exist: which partitions to add and delete, and the one run that covers it all.

Cursor: JSON ``{"seq": n, "files": {path: content_hash}, "held": [key, ...]}`` (an unreadable
file is recorded as ``"error:<reason>"`` so that it, too, gets a partition and shows its
failure). ``seq`` counts the ticks that requested a run: the run key is a hash of ``seq`` and the
change set, so a tick that is retried after a crash re-requests the same run (deduplicated by
Dagster), while a file that changes back to an earlier content still gets a new run. ``held``:
partitions of gone files whose removal a run already has planned, kept because an unfinished
run's range ends there (pipelines/inflight.py); a later tick deletes them, requesting nothing.

Dynamic partitions are ordered by when they were added, so one tick's new documents form one
contiguous key range: an initial load of thousands of files is one run. Changed documents are
scattered; the range from the first to the last affected key then also covers unchanged
documents between them, which the indexer reports as unchanged at the cost of a hash check.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Literal

from dagster import (
    AddDynamicPartitionsRequest,
    DeleteDynamicPartitionsRequest,
    RunRequest,
    SensorResult,
)
from dagster._core.storage.tags import (
    ASSET_PARTITION_RANGE_END_TAG,
    ASSET_PARTITION_RANGE_START_TAG,
)

from docnav.errors import ConfigError
from docnav.hashing import digest
from docnav.scan import FoundFile, in_scope
from pipelines.assets import STORE_TAGS
from pipelines.partitions import documents_partitions, key_for_path, path_for_key
from pipelines.recovery import RECOVERS_TAG, OrphanWork

PARTITIONS = documents_partitions.name


@dataclass(frozen=True)
class ChangeSet:
    added: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    renamed: list[tuple[str, str]] = field(default_factory=list)  # (old, new), also in the above

    def __bool__(self) -> bool:
        return bool(self.added or self.changed or self.removed)


def file_state(found: Sequence[FoundFile], old: dict[str, str] | None = None) -> dict[str, str]:
    """Each found file's hash, or its error. A folder the scan could not list is no document:
    the files under it keep their ``old`` state, since they are not known to be gone."""
    unlisted = [f.path for f in found if f.unlisted]
    state = {f.path: f.content_hash or f"error:{f.error}" for f in found if not f.unlisted}
    if unlisted:
        state.update({p: s for p, s in (old or {}).items() if in_scope(p, unlisted)})
    return state


def read_cursor(cursor: str | None) -> tuple[int, dict[str, str], list[str]]:
    """The cursor's parts; one set by hand on the sensor's page that is not of this form is an
    error saying how to start afresh, not a JSON parser's message on every tick."""
    try:
        data = json.loads(cursor) if cursor else {}
    except ValueError:
        data = None
    if not isinstance(data, dict) or not isinstance(data.get("files", {}), dict):
        raise ConfigError(
            f"document_sensor's cursor {cursor[:80]!r} is not one it wrote (JSON: "
            '{"seq": n, "files": {path: hash}}): clear the cursor on the sensor\'s page; the '
            "next tick then scans every root afresh and asks for one run over every document, "
            "which rewrites only what changed")
    return data.get("seq", 0), data.get("files", {}), data.get("held", [])


def write_cursor(seq: int, files: dict[str, str], held: Sequence[str] = ()) -> str:
    data = {"seq": seq, "files": files, **({"held": sorted(held)} if held else {})}
    return json.dumps(data, sort_keys=True)


def diff_state(old: dict[str, str], new: dict[str, str]) -> ChangeSet:
    added = sorted(p for p in new if p not in old)
    removed = sorted(p for p in old if p not in new)
    changed = sorted(p for p in new if p in old and old[p] != new[p])
    gone_by_hash = {old[p]: p for p in removed}
    renamed = [(gone_by_hash[new[p]], p) for p in added if new[p] in gone_by_hash]
    return ChangeSet(added, changed, removed, renamed)


def plan_tick(
    cursor: str | None, found: Sequence[FoundFile], existing_keys: Sequence[str],
    selection: dict[str, list], orphans: Sequence[OrphanWork] = (),
    in_flight: Collection[str] = (),
    idle: str | None = None,
) -> SensorResult:
    """The sensor's answer. ``selection``: asset keys for {"documents": ..., "removals": ...}.
    ``orphans``: work of runs that died with the deployment, redone by this tick's run against
    the files as they are now (a document deleted meanwhile is removed, not indexed).
    ``in_flight``: partition keys that runs not yet done name as range ends
    (pipelines/inflight.py): a gone file's partition among them is deleted by a later tick.
    ``idle``: what a tick with nothing to do says beside "no run" (a root holding no file)."""
    seq, old, held_before = read_cursor(cursor)
    new = file_state(found, old)
    changes = diff_state(old, new)
    existing = list(existing_keys)
    stale = [k for k in existing if path_for_key(k) not in new]  # also after a cursor reset
    unplanned = [k for k in stale if k not in held_before]  # no run has planned their removal
    held = [k for k in stale if k in in_flight]
    to_delete = [k for k in stale if k not in in_flight]
    redo = [p for o in orphans for p in o.paths if p in new]
    removed = sorted({*changes.removed, *map(path_for_key, unplanned),
                      *(p for o in orphans for p in [*o.paths, *o.removed] if p not in new)})
    if not changes and not unplanned and not orphans:
        return SensorResult(cursor=write_cursor(seq, new, held), skip_reason=idle,
                            dynamic_partitions_requests=delete_requests(to_delete))

    to_add = [key_for_path(p) for p in [*changes.added, *changes.changed]
              if key_for_path(p) not in existing]
    order = [k for k in existing if k not in stale] + to_add
    wanted = {key_for_path(p) for p in [*changes.added, *changes.changed, *redo]}
    affected = [k for k in order if k in wanted]
    full = any(o.full for o in orphans)
    recovers = {RECOVERS_TAG: ",".join(o.run_id for o in orphans)} if orphans else {}
    run_key = digest("docnav-sensor", str(seq + 1),
                     json.dumps([affected, removed, sorted(recovers.values())]))
    if full and order:
        request = full_range_request(order, run_key=run_key, tags=recovers)
    elif affected:
        request = RunRequest(
            run_key=run_key, asset_selection=selection["documents"],
            tags={ASSET_PARTITION_RANGE_START_TAG: affected[0],
                  ASSET_PARTITION_RANGE_END_TAG: affected[-1], **STORE_TAGS, **recovers},
            run_config={"ops": {"document": {"config": {"removed": removed}}}},
        )
    else:
        request = RunRequest(
            run_key=run_key, asset_selection=selection["removals"], tags={**STORE_TAGS, **recovers},
            run_config={"ops": {"collection": {"config": {"removed": removed, "full": full}}}},
        )
    adds = [AddDynamicPartitionsRequest(PARTITIONS, to_add)] if to_add else []
    return SensorResult(
        run_requests=[request], dynamic_partitions_requests=adds + delete_requests(to_delete),
        cursor=write_cursor(seq + 1, new, held),
    )


def delete_requests(keys: list[str]) -> list[DeleteDynamicPartitionsRequest]:
    return [DeleteDynamicPartitionsRequest(PARTITIONS, keys)] if keys else []


def full_range_request(keys: Sequence[str], run_key: str | None = None,
                       tags: dict[str, str] | None = None,
                       reparse: bool | Literal["parsed_otherwise"] = False
                       ) -> RunRequest | None:
    """Every document partition in one run, indexing the roots incrementally (reconcile);
    with ``reparse`` the unchanged files are parsed again too (after a parser change), or
    with ``"parsed_otherwise"`` those another parser or PDF mode made (after a change of the
    PDF mode alone)."""
    if not keys:
        return None
    option = {True: "reparse", "parsed_otherwise": "reparse_parsed_otherwise"}.get(reparse)
    config: dict[str, bool] = {"full": True, **({option: True} if option else {})}
    return RunRequest(
        run_key=run_key,
        tags={ASSET_PARTITION_RANGE_START_TAG: keys[0], ASSET_PARTITION_RANGE_END_TAG: keys[-1],
              **STORE_TAGS, **(tags or {})},
        run_config={"ops": {"document": {"config": config}}},
    )
