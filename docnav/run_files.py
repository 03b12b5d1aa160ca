"""The files of an index run: what the scan of its roots (or its given paths) finds, its
scope, and the roots in which nothing was found (:class:`docnav.index.Indexer`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from docnav.errors import DocNavError, InputError
from docnav.filter_refusal import refuse_filtered_out
from docnav.index_options import IndexOptions
from docnav.scan import (
    FoundFile, HashCache, absolute, empty_roots, gone_roots, readable_name,
    root_of, scan, scan_paths,
)
from docnav.store import Store


def run_files(store: Store, roots: Sequence[str | Path], paths: Sequence[str | Path] | None,
              options: IndexOptions, hashes: HashCache,
              ) -> tuple[list[FoundFile], list[str], list[str]]:
    """The files found, the run's scope, and the roots given in which no file was found.
    ``paths``: only these files under ``roots`` (a watch batch); None: every file under them."""
    if paths is not None:
        for r in roots:
            if not Path(r).expanduser().exists():
                raise InputError(f"{r}: no such file or folder to index")
        found = scan_paths(paths, roots, options.include, options.exclude)
        return found, sorted({readable_name(str(absolute(p))) for p in paths}), []
    # a file given by its path and deleted since: its document is removed by the run;
    # a folder gone: its documents are kept, and the run fails for it
    deleted, away = _gone_roots(store, roots)
    gone = {str(absolute(r)) for r in deleted} | {f.root for f in away}
    found = scan([r for r in roots if str(absolute(r)) not in gone],
                 options.include, options.exclude, hashes)
    found = sorted(found + away, key=lambda f: f.path)
    empty = empty_roots(roots, found)
    if options.refuse_filtered_out:  # a filter that reads no file of a folder (a typo)
        refuse_filtered_out(roots, found, lambda: _stored_paths(store), options.include,
                            options.exclude, options.filter_settings)
    return found, root_of(roots), empty


def _gone_roots(store: Store, roots: Sequence[str | Path]
                ) -> tuple[list[str | Path], list[FoundFile]]:
    """The roots that are gone: files with a stored document each, and folders whose
    documents are kept (:func:`gone_roots`, which refuses the others)."""
    if all(absolute(r).exists() or absolute(r).is_symlink() for r in roots):
        return [], []
    return gone_roots(roots, _stored_paths(store))


def _stored_paths(store: Store) -> list[str]:
    """The paths of the store's documents; none where there is no store yet or a writer
    holds it (nothing known of them)."""
    try:
        with store.reader() as con:
            return [d.path for d in store.documents(con).values()]
    except DocNavError:
        return []
