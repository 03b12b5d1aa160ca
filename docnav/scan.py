"""Find the documents under the indexed roots and hash their bytes.

Symlinks are followed only when they resolve inside the root they were found in; links out of
the root and symlink loops are reported as errors for that path, never followed. Only regular
files are read (a FIFO named ``x.md`` would block a reader forever).
"""

from __future__ import annotations

import fnmatch
import os
import stat
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from docnav.errors import InputError
from docnav.hashing import file_digest

SUPPORTED_SUFFIXES = (".md", ".markdown", ".html", ".htm", ".docx", ".pdf")
DEFAULT_INCLUDE = tuple(f"*{s}" for s in SUPPORTED_SUFFIXES)


@dataclass(frozen=True)
class FoundFile:
    """A candidate document: its absolute path, its root, and its hash or why it can't be read."""

    path: str
    root: str
    size: int = 0
    content_hash: str | None = None
    error: str | None = None


class HashCache:
    """Content hashes of files seen by earlier scans in this process, keyed by path.

    A file whose inode, size, mtime and ctime are unchanged is not read again, unless it was
    modified less than :attr:`RACY_NS` before it was hashed: a write within the same clock
    tick as the earlier one would leave the times unchanged (git's "racily clean" case), so
    such a file is hashed until it has been still for a while.
    """

    RACY_NS = 2_000_000_000

    def __init__(self) -> None:
        self._seen: dict[str, tuple[tuple[int, int, int, int], int, str]] = {}

    def lookup(self, path: str, st: os.stat_result) -> str | None:
        entry = self._seen.get(path)
        if entry is None:
            return None
        key, hashed_at, digest = entry
        if key != _stat_key(st) or st.st_mtime_ns > hashed_at - self.RACY_NS:
            return None
        return digest

    def store(self, path: str, st: os.stat_result, hashed_at: int, digest: str) -> None:
        self._seen[path] = (_stat_key(st), hashed_at, digest)


def _stat_key(st: os.stat_result) -> tuple[int, int, int, int]:
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def scan(
    roots: Sequence[str | Path],
    include: Sequence[str] = DEFAULT_INCLUDE,
    exclude: Sequence[str] = (),
    hashes: HashCache | None = None,
) -> list[FoundFile]:
    """Every matching file under ``roots`` (files or folders), sorted by path.

    hashes: reuse the hashes of files unchanged since an earlier scan (see :class:`HashCache`).
    """
    found: dict[str, FoundFile] = {}
    for raw in roots:
        root = Path(raw).expanduser().absolute()
        if not root.exists() and not root.is_symlink():
            raise InputError(f"{raw}: no such file or folder to index")
        if not root.is_dir():  # a file, or a pipe/device/dangling link reported as such
            entry = _inspect(root, root.parent, hashes)
            found[entry.path] = entry
            continue
        for path in _walk(root):
            rel = path.relative_to(root).as_posix()
            if not _matches(rel, include) or _matches(rel, exclude):
                continue
            entry = _inspect(path, root, hashes)
            found.setdefault(entry.path, entry)
    return sorted(found.values(), key=lambda f: f.path)


def root_of(roots: Sequence[str | Path]) -> list[str]:
    """Absolute forms of the roots, for deciding which stored documents are in scope."""
    return [str(Path(r).expanduser().absolute()) for r in roots]


def in_scope(path: str, roots: Iterable[str]) -> bool:
    return any(path == r or path.startswith(r.rstrip(os.sep) + os.sep) for r in roots)


def _matches(rel: str, patterns: Sequence[str]) -> bool:
    name = rel.rsplit("/", 1)[-1]
    return any(fnmatch.fnmatch(name, p) or fnmatch.fnmatch(rel, p) for p in patterns)


def _walk(root: Path) -> Iterable[Path]:
    # followlinks=False: a symlinked folder is never descended into, so loops cannot recurse.
    for folder, dirs, files in os.walk(root, followlinks=False, onerror=lambda e: None):
        dirs.sort()
        for name in sorted(files):
            yield Path(folder) / name
        # Folders (and links to them) are yielded too: one whose name matches the patterns,
        # such as ``notes.md/``, is reported as not a regular file instead of silently skipped.
        for name in dirs:
            yield Path(folder) / name


_FILE_KINDS = {
    stat.S_IFDIR: "a folder", stat.S_IFIFO: "a named pipe", stat.S_IFSOCK: "a socket",
    stat.S_IFCHR: "a character device", stat.S_IFBLK: "a block device",
}


def _inspect(path: Path, root: Path, hashes: HashCache | None = None) -> FoundFile:
    key = str(path)
    if path.is_symlink():
        try:
            target = path.resolve(strict=True)
        except (RuntimeError, OSError) as exc:
            loop = isinstance(exc, RuntimeError) or "loop" in str(exc).lower()
            cause = "symlink loop, not followed" if loop else f"broken symlink ({exc})"
            return FoundFile(key, str(root), error=cause)
        if not target.is_relative_to(root.resolve()):
            return FoundFile(
                key, str(root),
                error=f"symlink points outside the indexed root ({target}), not followed",
            )
    try:
        st = path.stat()
    except OSError as exc:
        return FoundFile(key, str(root), error=f"cannot read file: {exc.strerror or exc}")
    if not stat.S_ISREG(st.st_mode):
        kind = _FILE_KINDS.get(stat.S_IFMT(st.st_mode), "special file")
        return FoundFile(
            key, str(root),
            error=f"not a regular file ({kind}), not read; rename it or skip it with --exclude",
        )
    digest = hashes.lookup(key, st) if hashes is not None else None
    if digest is None:
        hashed_at = time.time_ns()
        try:
            digest = file_digest(path)
        except OSError as exc:
            return FoundFile(key, str(root), error=f"cannot read file: {exc.strerror or exc}")
        if hashes is not None:
            hashes.store(key, st, hashed_at, digest)
    return FoundFile(key, str(root), size=st.st_size, content_hash=digest)


def scan_paths(
    paths: Sequence[str | Path],
    roots: Sequence[str | Path],
    include: Sequence[str] = DEFAULT_INCLUDE,
    exclude: Sequence[str] = (),
) -> list[FoundFile]:
    """Only the given files (each under one of ``roots``), hashed; missing ones are skipped.

    What a per-document run needs: the cost is that of the documents, not of the corpus.
    """
    absolute_roots = [Path(r).expanduser().absolute() for r in roots]
    found: dict[str, FoundFile] = {}
    for raw in paths:
        path = Path(raw).expanduser().absolute()
        root = next((r for r in absolute_roots if path.is_relative_to(r)), None)
        if root is None or not (path.exists() or path.is_symlink()):
            continue  # outside every root, or gone (the caller treats it as removed)
        rel = path.relative_to(root).as_posix() if path != root else path.name
        if not _matches(rel, include) or _matches(rel, exclude):
            continue
        entry = _inspect(path, root)
        found[entry.path] = entry
    return sorted(found.values(), key=lambda f: f.path)
