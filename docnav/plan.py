"""What a run has to do, decided from content hashes before anything is parsed.

The files found under the roots are compared with the stored documents: a new path is added,
unless its bytes are those of a stored document whose path is gone (a rename: the document
keeps its id, so its nodes, embeddings and summaries carry over); a known path with other bytes,
or whose last attempt failed, is changed; a stored path in scope that is no longer found is
removed, unless it is under a folder the scan could not list. A run asked to reparse makes an
unchanged document a job too (after an upgrade of the parser or a change of its options); the
indexer keeps it as it is when its tree comes out the same, as it does a failed document whose
file is back to the stored version's bytes. A file that cannot be read is still a job: its
error is recorded for that document. Then each job's file is parsed into its tree
(:func:`parse_job`), checked against the bytes the plan was made from.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from docnav.errors import DocNavError, DocumentError
from docnav.hashing import digest, file_digest
from docnav.kept_documents import tree_rows
from docnav.model import DocTree, ParsedDocument
from docnav.parse import ParseOptions, parser_id, same_parser
from docnav.refs import internal_references
from docnav.rows import DocumentRecord
from docnav.scan import FoundFile, in_scope
from docnav.tree import build_tree

if TYPE_CHECKING:
    from docnav.report import IndexReport


@dataclass(frozen=True)
class Job:
    """One document to (re)index in this run."""

    found: FoundFile
    doc_id: str
    previous: DocumentRecord | None
    reason: str  # added | changed | renamed | error | reparse


@dataclass
class Plan:
    """jobs: documents to parse; deletions: ids of documents to remove; unchanged and removed:
    paths, for the run's report; unlisted: (folder, error) of the folders the scan could not
    list, failures of the run that are no document; vanished: jobs whose files were deleted
    before the run read them (:func:`file_gone`)."""

    jobs: list[Job] = field(default_factory=list)
    deletions: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    unlisted: list[tuple[str, str]] = field(default_factory=list)
    vanished: list[Job] = field(default_factory=list)

    def vanish(self, job: Job, roots: Sequence[str]) -> bool:
        """Whether ``job`` failed because its file was deleted since the scan
        (:func:`file_gone`); if so it is kept in ``vanished``, for the run to remove its
        document if it has one (:func:`went_missing`) and record no failure: a new file
        deleted so was a failed document until the next run."""
        if job.found.error is not None or not file_gone(job.found.path, roots):
            return False  # (a name not valid UTF-8 is said as no path that is there)
        self.vanished.append(job)
        return True


def file_gone(path: str, roots: Sequence[str]) -> bool:
    """``path`` is no longer there while the folder of the ``roots`` it is under is: a file
    deleted, not a drive unmounted (a run keeps a gone root's documents); a subfolder deleted
    takes its files with it, as it does at the scan."""
    if os.path.lexists(path):
        return False
    try:  # a folder that cannot be listed cannot say its file is gone (permission denied)
        os.listdir(os.path.dirname(path))
    except FileNotFoundError:
        pass
    except OSError:
        return False
    return not any(path != r and in_scope(path, [r]) for r in roots if not os.path.isdir(r))


def went_missing(plan: Plan, stored: dict[str, DocumentRecord], roots: Sequence[str]
                 ) -> list[str]:
    """``plan``'s deletions, with the documents whose files were deleted since the scan (while
    the run parsed others, :func:`file_gone`) moved to its removed: the unchanged ones, which
    were reported unchanged and listed by `show` until the next run, and the stored ones of
    its vanished jobs, which failed with "file not found" until the next run removed them."""
    gone = {p for p in plan.unchanged if file_gone(p, roots)}
    if gone:
        plan.unchanged[:] = [p for p in plan.unchanged if p not in gone]
        plan.removed += sorted(gone)
        plan.deletions += [d for d, record in stored.items() if record.path in gone]
    left = sorted((job.previous.path, job.doc_id) for job in plan.vanished if job.previous)
    plan.removed += [path for path, _ in left]
    plan.deletions += [doc_id for _, doc_id in left]
    return plan.deletions


def plan_run(
    found: list[FoundFile],
    stored: dict[str, DocumentRecord],
    scope: list[str],
    exact_scope: bool = False,
    reparse: bool | Collection[str] = False,
    roots: Sequence[str] = (),
) -> Plan:
    """The plan for ``found`` files against the ``stored`` documents (by id).

    scope: the roots of the run (a stored document under one of them that is not found is
    removed), or with ``exact_scope`` the very paths it was asked to look at. reparse: unchanged
    documents are jobs too (reason ``reparse``): every one, or those whose paths it holds.
    roots: with ``exact_scope``, the run's roots:
    a new file is also a rename of a stored document under them whose file is gone although its
    path is not among the paths (a move between two watched folders: watchdog reports the file
    created in one at once, its deletion from the other half a second later, a batch apart);
    without it, of a root that is a file, one whose file is gone from the same folder.
    """
    by_path = {r.path: r for r in stored.values()}
    unlisted = [f.path for f in found if f.unlisted]

    def covered(path: str) -> bool:  # under a folder not listed, a file may well be there
        inside = path in scope if exact_scope else in_scope(path, scope)
        return inside and not in_scope(path, unlisted)

    present = {f.path for f in found}
    vanished = {
        r.content_hash: r
        for r in stored.values()
        if r.path not in present and covered(r.path) and r.content_hash
    }
    # a file given by its own path (`docnav index d/new.md` after `mv d/old.md d/new.md`) is
    # also a rename of a document whose file is gone from that folder (the folder is there,
    # so the file is gone, not a drive away); it was added beside the old one
    near = roots if exact_scope else [os.path.dirname(r) for r in roots if os.path.isfile(r)]
    under_roots = _by_hash(stored, near) if near else {}
    plan = Plan()
    renamed_ids: set[str] = set()
    taken = {r.doc_id for r in stored.values()}  # a renamed document keeps its first id
    for f in found:
        old = by_path.get(f.path)
        if f.unlisted:
            plan.unlisted.append((f.path, f"{f.path}: {f.error}"))
        elif f.error:
            doc_id = old.doc_id if old else new_doc_id(f.path, taken)
            plan.jobs.append(Job(f, doc_id, old, "error"))
        elif old is None:
            source = vanished.pop(f.content_hash, None) or _file_gone(
                under_roots.get(f.content_hash, ()), renamed_ids)
            if source is not None and source.doc_id not in renamed_ids:
                renamed_ids.add(source.doc_id)
                plan.jobs.append(Job(f, source.doc_id, source, "renamed"))
            else:
                plan.jobs.append(Job(f, new_doc_id(f.path, taken), None, "added"))
        elif old.content_hash == f.content_hash and old.status == "ok":
            if reparse is True or (reparse and f.path in reparse):
                plan.jobs.append(Job(f, old.doc_id, old, "reparse"))
            else:
                plan.unchanged.append(f.path)
        else:
            plan.jobs.append(Job(f, old.doc_id, old, "changed"))
    plan.deletions = [
        r.doc_id
        for r in stored.values()
        if r.path not in present and covered(r.path) and r.doc_id not in renamed_ids
    ]
    plan.removed = sorted(stored[d].path for d in plan.deletions)
    return plan


def _by_hash(stored: dict[str, DocumentRecord],
             roots: Sequence[str]) -> dict[str, list[DocumentRecord]]:
    """The stored documents under ``roots`` by content hash."""
    by_hash: dict[str, list[DocumentRecord]] = {}
    for r in stored.values():
        if r.content_hash and in_scope(r.path, roots):
            by_hash.setdefault(r.content_hash, []).append(r)
    return by_hash


def _file_gone(candidates: Sequence[DocumentRecord],
               renamed_ids: set[str]) -> DocumentRecord | None:
    """The first of ``candidates`` whose file is gone and that no file was renamed from yet
    (the file system is asked only about documents with the bytes of a new file)."""
    return next((r for r in candidates
                 if r.doc_id not in renamed_ids and not os.path.lexists(r.path)), None)


def parsed_alike(job: Job, tree: DocTree | None, stored: DocTree | None) -> bool:
    """A job with nothing to write but its ``documents`` row: a reparse, or the retry of a
    document whose last attempt failed, whose file has the bytes of the stored version (not
    edited while it was parsed) and whose tree holds what the ``stored`` one does, row for row
    (nodes with their pages, anchors and levels, edges, links, title, metadata)."""
    prev = job.previous
    return (job.reason in ("reparse", "changed") and tree is not None and stored is not None
            and prev is not None and job.found.content_hash == prev.content_hash
            and tree_rows(tree) == tree_rows(stored))


def drop_alike(parsed: list[tuple[Job, DocTree | None, str | None]],
               old_trees: dict[str, DocTree | None], report: IndexReport,
               ) -> tuple[list[tuple[Job, DocTree | None, str | None]],
                          list[tuple[Job, DocTree]]]:
    """The parsed jobs less those that would write the stored tree again
    (:func:`parsed_alike`), and those jobs with their trees: a reparse counts unchanged, a
    failed document that parses again into its stored tree changed (its status is ok
    again)."""
    kept, alike = [], []
    for job, tree, error in parsed:
        if job.reason == "reparse":
            report.reparsed.append(job.found.path)
        if parsed_alike(job, tree, old_trees.get(job.doc_id)):
            if job.reason == "reparse":
                report.unchanged.append(job.found.path)
            else:
                report.record(job)
            alike.append((job, tree))
        else:
            kept.append((job, tree, error))
    return kept, alike


def parsed_otherwise(stored: dict[str, DocumentRecord], options: ParseOptions,
                     covered: Callable[[str], bool]) -> list[str]:
    """Paths of the ``stored`` documents (those ``covered``) whose trees another parser made
    than this one with ``options`` (an older DocNav, other PDF options): ``--reparse`` brings
    them up to date. A failed document is left out: every run parses it again anyway."""
    current = {fmt: parser_id(fmt, options) for fmt in {r.format for r in stored.values()}}
    return sorted(r.path for r in stored.values() if r.status == "ok" and covered(r.path)
                  and not same_parser(r.parsed_with, current[r.format]))


def new_doc_id(path: str, taken: set[str]) -> str:
    """H(path), unless a stored document already has that id: one renamed away from this
    path keeps the id it was given here. Adds the id to ``taken``."""
    doc_id, n = digest("doc", path), 0
    while doc_id in taken:
        n += 1
        doc_id = digest("doc", path, str(n))
    taken.add(doc_id)
    return doc_id


def document_record(
    job: Job, tree: DocTree | None, error: str | None, now: float, parsed_with: str | None,
) -> DocumentRecord:
    """The ``documents`` row after the job: the new version (made by the parser
    ``parsed_with``), or the failure noted on the previous version (which stays queryable),
    or a failed row for a document never indexed."""
    f, prev = job.found, job.previous
    if tree is None:
        if prev is not None:
            return replace(prev, seen_hash=f.content_hash, status="failed", error=error,
                           checked_at=now)
        return DocumentRecord(
            doc_id=job.doc_id, path=f.path, format=Path(f.path).suffix.lstrip(".").lower(),
            title="", content_hash=None, seen_hash=f.content_hash, tree_hash=None, version=0,
            status="failed", error=error, size_bytes=f.size, n_nodes=0, metadata="[]",
            indexed_at=None, checked_at=now,
        )
    return DocumentRecord(
        doc_id=job.doc_id, path=f.path, format=tree.format, title=tree.title,
        content_hash=f.content_hash, seen_hash=f.content_hash, tree_hash=tree.tree_hash,
        version=(prev.version if prev else 0) + 1, status="ok", error=None,
        size_bytes=f.size, n_nodes=len(tree.nodes), metadata=json.dumps(tree.metadata),
        indexed_at=now, checked_at=now, parsed_with=parsed_with,
    )


Parser = Callable[[str, ParseOptions], ParsedDocument]


def parse_job(job: Job, parse: Parser, options: ParseOptions,
              tries: int = 3) -> tuple[Job, DocTree | None, str | None]:
    """The job's file parsed into its tree (with its internal references), or the error
    naming the file. The file is checked afterwards to still have the bytes that were hashed:
    one modified while it was parsed is parsed again (the job then carries the new hash), so
    the stored tree and hash always belong to the same content, the newest when edits stop."""
    for _ in range(tries):
        tree, error = _parse_once(job, parse, options)
        if job.found.error or error:
            return job, tree, error
        try:
            now = file_digest(job.found.path)
        except OSError as exc:
            return job, None, f"{job.found.path}: file disappeared while indexing ({exc})"
        if now == job.found.content_hash:
            return job, tree, None
        job = replace(job, found=replace(job.found, content_hash=now))
    return job, None, f"{job.found.path}: file kept changing while it was parsed; retry later"


def _parse_once(job: Job, parse: Parser,
                options: ParseOptions) -> tuple[DocTree | None, str | None]:
    if job.found.error:
        return None, f"{job.found.path}: {job.found.error}"
    try:
        tree = build_tree(parse(job.found.path, options), job.doc_id, job.found.path)
    except DocumentError as exc:
        return None, str(exc)
    except DocNavError as exc:
        return None, f"{job.found.path}: {exc}"
    except (OSError, ValueError, RecursionError, MemoryError) as exc:
        return None, f"{job.found.path}: {type(exc).__name__}: {exc}"
    refs = internal_references(tree)
    return replace(tree, edges=tree.edges + tuple(refs)), None
