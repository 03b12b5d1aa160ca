"""Find the documents under the indexed roots and hash their bytes.

Symlinks are followed only when they resolve inside the root they were found in; links out of
the root and symlink loops are reported as errors for that path, never followed. Only regular
files are read (a FIFO named ``x.md`` would block a reader forever). A folder that cannot be
listed (no permission, an I/O error) is reported as an error for that folder, whose stored
documents are kept: their files are not known to be gone.
"""

from __future__ import annotations

import fnmatch
import os
import re
import stat
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from operator import attrgetter
from pathlib import Path

from docnav.errors import InputError
from docnav.hashing import file_digest
from docnav.wording import counted

SUPPORTED_SUFFIXES = (".md", ".markdown", ".html", ".htm", ".docx", ".pdf")
DEFAULT_INCLUDE = tuple(f"*{s}" for s in SUPPORTED_SUFFIXES)


@dataclass(slots=True)
class FoundFile:
    """A candidate document: its absolute path, its root, and its hash or why it can't be read;
    or, ``unlisted``, a folder whose files could not be listed (``error`` says why).

    A value, never modified (``dataclasses.replace`` makes a changed copy); not frozen because
    a walk makes one per file and a frozen instance costs twice as long to make (+0.7 ms per
    walk of 1,000 files).
    """

    path: str
    root: str
    size: int = 0
    content_hash: str | None = None
    error: str | None = None
    unlisted: bool = False


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
    The walk costs one ``stat`` per matching file and no other system call, since the
    sensor and every edit rescan the whole corpus.
    """
    wanted, unwanted = Globs(include), Globs(exclude)
    found: dict[str, FoundFile] = {}
    for raw in roots:
        root = absolute(raw)
        if not root.exists() and not root.is_symlink():
            raise InputError(f"{raw}: no such file or folder to index")
        if not root.is_dir():  # a file, or a pipe/device/dangling link reported as such
            entry = _badly_named(_inspect(str(root), root.parent, hashes))
            found[entry.path] = entry
            continue
        root_text = str(root)
        unlisted: list[tuple[str, str, OSError]] = []
        for dir_entry, rel in _walk(root_text, unlisted):
            name = dir_entry.name
            if name.startswith(EDITOR_LOCKS) or not wanted.match(rel, name) \
                    or unwanted.excludes(rel, name) or _folder(dir_entry):
                continue
            entry = _known_file(dir_entry, root_text, hashes) or \
                _inspect(dir_entry.path, root, hashes, dir_entry)
            entry = _badly_named(entry)
            found.setdefault(entry.path, entry)
        for folder, rel, exc in unlisted:
            if not (rel and unwanted.excludes(rel)):
                found.setdefault(folder, _unlisted(folder, root_text, exc))
    return sorted(found.values(), key=attrgetter("path"))


def gone_roots(roots: Sequence[str | Path], stored: Sequence[str]
               ) -> tuple[list[str | Path], list[FoundFile]]:
    """Of ``roots``, those that are gone (``stored``: the stored documents' paths): the files
    with a stored document each, which a run over them removes; and the folders with stored
    documents, as folders the scan could not list (:attr:`FoundFile.unlisted`): a folder keeps
    its documents (an unmounted drive should not cost a full re-index; an empty folder in its
    place removes them) and the run fails for it, naming it, while the other roots are
    indexed; so does a root never indexed that is not there ("docs/ typo": no such file or
    folder, docs/ indexed). An error when no root is there: the run would do nothing else."""
    deleted: list[str | Path] = []
    away: list[FoundFile] = []
    for root in roots:
        path = absolute(root)
        if path.exists() or path.is_symlink():
            continue
        if str(path) in stored:
            deleted.append(root)
            continue
        kept = sum(in_scope(p, [str(path)]) for p in stored)
        them = "it" if kept == 1 else "them"
        said = (f"no such folder to index; the store keeps the {counted(kept, 'document')} "
                f"indexed from it (an empty folder in its place removes {them})" if kept
                else "no such file or folder to index")
        if len(deleted) + len(away) + 1 == len(roots):
            raise InputError(f"{root}: {said}")
        away.append(FoundFile(readable_name(str(path)), str(path), error=said, unlisted=True))
    return deleted, away


def empty_roots(roots: Iterable[str | Path], found: Sequence[FoundFile]) -> list[str]:
    """The folders of ``roots`` that ``found`` (their scan) has no file of: none under them,
    whichever root it was found through (n/sub's file found through n is n/sub's too)."""
    folders = dict.fromkeys(str(absolute(r)) for r in roots if absolute(r).is_dir())
    return [r for r in folders if not any(in_scope(f.path, [r]) for f in found)]


def file_kinds(root: str | Path, most: int = 10_000) -> dict[str, int]:
    """How many files of each suffix (".txt"; "" for none) are under the folder ``root``, by
    the first ``most`` entries: what a folder holding no document holds instead."""
    kinds: dict[str, int] = {}
    for n, (entry, _) in enumerate(_walk(str(root), [])):
        if n >= most:
            break
        try:
            if entry.is_file():
                suffix = Path(entry.name).suffix  # as written: patterns are case-sensitive
                kinds[suffix] = kinds.get(suffix, 0) + 1
        except OSError:
            continue
    return dict(sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0])))


def _unlisted(folder: str, root: str, exc: OSError) -> FoundFile:
    return FoundFile(readable_name(folder), root, unlisted=True,
                     error=f"cannot list this folder ({exc.strerror or exc}): the documents "
                     "indexed from it are kept as they are until it can be read")


# an editor's marks beside a file it has open, never documents: Emacs's lock (a symbolic link
# to nowhere, ".#notes.md") and Microsoft Office's owner file ("~$report.docx")
EDITOR_LOCKS = (".#", "~$")


def readable_name(path: str) -> str:
    """``path`` as text a store can hold: a name that is not valid UTF-8 (the file system
    gives it to Python with lone surrogates) with its bad bytes written as ``\\xe9``."""
    if path.isascii():
        return path
    try:
        path.encode("utf-8")
        return path
    except UnicodeEncodeError:
        return os.fsencode(path).decode("utf-8", "backslashreplace")


def _named_as_read(path: Path) -> Path:
    """The file a path names, also as :func:`readable_name` wrote it (a name not valid UTF-8,
    its bytes as ``\\xe9``: what a Dagster partition key holds): its own name where no file
    has the written one but one has that."""
    if "\\x" not in str(path) or os.path.lexists(path):
        return path
    raw = re.sub(rb"\\x([0-9a-f]{2})", lambda m: bytes([int(m[1], 16)]),
                 os.fsencode(str(path)))
    named = Path(os.fsdecode(raw))
    return named if os.path.lexists(named) else path


def _badly_named(found: FoundFile) -> FoundFile:
    """A file whose name is not valid UTF-8: a failed document under its readable name (it
    cannot be stored or shown under its own), retried by every run until it is renamed."""
    name = readable_name(found.path)
    if name == found.path:
        return found
    return FoundFile(name, found.root, error="file name is not valid UTF-8 (bytes shown as "
                     "\\xNN); rename the file to index it")


def absolute(path: str | Path) -> Path:
    """``path`` made absolute and normal: ``~`` expanded, ``.`` and ``..`` taken out (as the
    shell reads them), so that one file has one path however it was named."""
    return Path(os.path.abspath(Path(path).expanduser()))


def root_of(roots: Sequence[str | Path]) -> list[str]:
    """Absolute forms of the roots, for deciding which stored documents are in scope."""
    return [str(absolute(r)) for r in roots]


def in_scope(path: str, roots: Iterable[str]) -> bool:
    return any(path == r or path.startswith(r.rstrip(os.sep) + os.sep) for r in roots)


class Globs:
    """Glob patterns, matched against a file's name or its path relative to the root
    (``fnmatch`` rules), compiled once into one regular expression."""

    def __init__(self, patterns: Sequence[str]) -> None:
        # the default patterns, the suffixes DocNav reads, match in any case ("NOTES.MD",
        # "Report.Html": the parser reads them); patterns a user gives match as written
        flags = re.IGNORECASE if tuple(patterns) == DEFAULT_INCLUDE else 0
        self._regex = (
            re.compile("|".join(f"(?:{fnmatch.translate(p)})" for p in patterns), flags)
            if patterns else None
        )

    def match(self, rel: str, name: str | None = None) -> bool:
        if self._regex is None:
            return False
        name = rel.rsplit("/", 1)[-1] if name is None else name
        return self._regex.match(name) is not None or self._regex.match(rel) is not None

    def excludes(self, rel: str, name: str | None = None) -> bool:
        """The file matches, or a folder it is in does (by name or by path relative to the
        root): ``drafts`` leaves out everything under a ``drafts`` folder, as ``drafts/*``."""
        if self.match(rel, name):
            return True
        folders = rel.split("/")[:-1]
        return any(self.match("/".join(folders[: i + 1]), folder)
                   for i, folder in enumerate(folders))


def _hidden(rel: str) -> bool:
    """Whether a path relative to its root is in a hidden folder or is a hidden file, which a
    walk of the root passes over (:func:`_walk`)."""
    return any(part.startswith(".") for part in rel.split("/"))


def hidden_under(path: str | Path, roots: Sequence[str | Path]) -> bool:
    """Whether the file at ``path`` is passed over as hidden by a walk of every one of
    ``roots`` holding it (none holding it: not)."""
    text = str(path)
    if "/." not in text and not text.startswith("."):  # most, at once: asked of every event
        return False
    path = absolute(path)
    holding = [r for r in map(absolute, roots) if path.is_relative_to(r) and path != r]
    return bool(holding) and all(_hidden(path.relative_to(r).as_posix()) for r in holding)


def _walk(root: str, unlisted: list[tuple[str, str, OSError]]
          ) -> Iterator[tuple[os.DirEntry, str]]:
    """Every file and folder under ``root`` with its path relative to it, depth first in name
    order. Symlinked folders are never descended into, so loops cannot recurse; folders that
    cannot be listed are skipped and added to ``unlisted`` (path, relative path, error), unless
    they were deleted meanwhile. Folders (and links to them) are yielded too; one whose name
    matches the patterns, such as ``notes.md/``, is walked as any other (:func:`_folder`).
    Hidden files and folders (a name starting with "."; ``.git``, ``.venv``, a store's
    ``.docnav``) are not: a root given as ``.`` indexed the Markdown of every package
    in a project's virtual environment. Given as a root of its own, one is."""
    stack = [(root, "")]
    while stack:
        folder, prefix = stack.pop()
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except (FileNotFoundError, NotADirectoryError):  # gone since its parent was listed
            continue
        except OSError as exc:
            unlisted.append((folder, prefix.rstrip("/"), exc))
            continue
        below = []
        for entry in entries:
            if entry.name.startswith("."):
                continue
            rel = prefix + entry.name
            yield entry, rel
            try:
                if entry.is_dir(follow_symlinks=False):
                    below.append((entry.path, rel + "/"))
            except OSError:
                continue
        stack.extend(reversed(below))


def _folder(entry: os.DirEntry | Path) -> bool:
    """Whether ``entry`` is a folder, or a link to one: a folder named like a document
    (``notes.md/``) was reported as "not a regular file (a folder)" so that it was not
    skipped unseen, yet its files were walked and indexed all the same, and the error made
    every run exit 1. It is a folder: walked as one (a link to one: passed over, as links to
    folders are). Pipes, sockets, devices and broken links named like documents stay errors."""
    try:
        return entry.is_dir()
    except OSError:
        return False


_FILE_KINDS = {
    stat.S_IFDIR: "a folder", stat.S_IFIFO: "a named pipe", stat.S_IFSOCK: "a socket",
    stat.S_IFCHR: "a character device", stat.S_IFBLK: "a block device",
}


def _known_file(
    entry: os.DirEntry, root: str, hashes: HashCache | None
) -> FoundFile | None:
    """The common case without the checks of :func:`_inspect`: a regular file (not a link)
    whose hash the cache holds. None for anything else."""
    if hashes is None:
        return None
    try:
        if not entry.is_file(follow_symlinks=False):  # from the listing: no system call
            return None
        st = entry.stat(follow_symlinks=False)
    except OSError:
        return None
    digest = hashes.lookup(entry.path, st)
    if digest is None:
        return None
    return FoundFile(entry.path, root, size=st.st_size, content_hash=digest)


def _broken(path: str, exc: OSError) -> str:
    """Why the symbolic link at ``path`` leads nowhere, naming its target as the link says it
    ("broken symlink to ../old/a.md (No such file or directory)"); the error named the path
    resolved ("'/docs/old/a.md'"), or the last link of a chain, and said it in Python's
    words ("[Errno 2] ...")."""
    why = exc.strerror or exc
    try:
        target = os.readlink(path)
    except OSError:  # replaced since the listing: what resolving it said
        return f"broken symlink ({why})"
    # a chain of links (a.md -> b.md -> ../gone/z.md) named its first hop only, which is
    # there (itself the broken link): the missing end is named too, as a path
    at, hops = os.path.join(os.path.dirname(path), target), 1
    while os.path.islink(at) and hops < 40:
        try:
            at = os.path.join(os.path.dirname(at), os.readlink(at))
        except OSError:
            break
        hops += 1
    if hops == 1:
        return f"broken symlink to {target} ({why})"
    return (f"broken symlink to {target}, a chain of {hops} links ending at "
            f"{os.path.normpath(at)} ({why})")


def _inspect(
    path: str, root: Path, hashes: HashCache | None = None, entry: os.DirEntry | None = None
) -> FoundFile:
    """Hash the regular file at ``path`` (absolute), or say why it is not read. ``entry``, from
    the folder listing, saves the system calls it already answered."""
    if entry.is_symlink() if entry is not None else os.path.islink(path):
        try:
            target = Path(path).resolve(strict=True)
        except (RuntimeError, OSError) as exc:
            loop = isinstance(exc, RuntimeError) or "loop" in str(exc).lower()
            cause = "symlink loop, not followed" if loop else _broken(path, exc)
            return FoundFile(path, str(root), error=cause)
        if not target.is_relative_to(root.resolve()):
            return FoundFile(
                path, str(root),
                error=f"symlink points outside the indexed root ({target}), not followed",
            )
    try:
        st = entry.stat() if entry is not None else os.stat(path)
    except OSError as exc:
        return FoundFile(path, str(root), error=f"cannot read file: {exc.strerror or exc}")
    if not stat.S_ISREG(st.st_mode):
        kind = _FILE_KINDS.get(stat.S_IFMT(st.st_mode), "special file")
        return FoundFile(
            path, str(root),
            error=f"not a regular file ({kind}), not read; rename it or skip it with --exclude "
                  "(DOCNAV_EXCLUDE under Dagster)",
        )
    digest = hashes.lookup(path, st) if hashes is not None else None
    if digest is None:
        hashed_at = time.time_ns()
        try:
            digest = file_digest(path)
        except OSError as exc:
            return FoundFile(path, str(root), error=f"cannot read file: {exc.strerror or exc}")
        if hashes is not None:
            hashes.store(path, st, hashed_at, digest)
    return FoundFile(path, str(root), size=st.st_size, content_hash=digest)


def links_to(targets: Iterable[str], candidates: Iterable[str]) -> list[str]:
    """Those of ``candidates`` that are symbolic links to one of ``targets`` (through any chain
    of links): a write to a target changes what they read, though no file event names them."""
    real = {os.path.realpath(t) for t in targets}
    return sorted(c for c in candidates if os.path.islink(c) and os.path.realpath(c) in real)


def candidates(
    paths: Iterable[str],
    roots: Sequence[str | Path],
    include: Sequence[str] = DEFAULT_INCLUDE,
    exclude: Sequence[str] = (),
) -> list[str]:
    """Those of ``paths`` a run over them would look at: under one of ``roots``, matched by
    ``include`` and not by ``exclude``, not an editor's lock file."""
    absolute_roots = [absolute(r) for r in roots]
    wanted, unwanted = Globs(include), Globs(exclude)
    return [p for p in paths
            if _candidate_root(absolute(p), absolute_roots, wanted, unwanted) is not None]


def _candidate_root(path: Path, roots: list[Path], wanted: Globs, unwanted: Globs) -> Path | None:
    """The root of the file at ``path`` (absolute) when it could be a document there."""
    # the first root holding it where it is not hidden: of roots "." and ".github" (`docnav
    # index . .github`), ".github/ci.md" is hidden under the first and not under the second
    root = next((r for r in roots if path.is_relative_to(r)
                 and (path == r or not _hidden(path.relative_to(r).as_posix()))), None)
    if root is None:
        return None
    rel = path.relative_to(root).as_posix() if path != root else path.name
    if path.name.startswith(EDITOR_LOCKS) or not wanted.match(rel) or unwanted.excludes(rel):
        return None
    return root


def scan_paths(
    paths: Sequence[str | Path],
    roots: Sequence[str | Path],
    include: Sequence[str] = DEFAULT_INCLUDE,
    exclude: Sequence[str] = (),
) -> list[FoundFile]:
    """Only the given files (each under one of ``roots``), hashed; missing ones are skipped.

    What a per-document run needs: the cost is that of the documents, not of the corpus.
    """
    absolute_roots = [absolute(r) for r in roots]
    wanted, unwanted = Globs(include), Globs(exclude)
    found: dict[str, FoundFile] = {}
    for raw in paths:
        path = _named_as_read(absolute(raw))
        root = _candidate_root(path, absolute_roots, wanted, unwanted)
        if root is None or _folder(path):  # its files come as paths of their own
            continue
        try:
            os.lstat(path)
        except (FileNotFoundError, NotADirectoryError):
            continue  # gone: the caller treats it as removed
        except OSError as exc:  # there or not, it cannot be told (a folder without permission)
            entry = FoundFile(str(path), str(root), error=f"cannot read file: {exc.strerror}")
        else:
            entry = _inspect(str(path), root)
        entry = _badly_named(entry)
        found[entry.path] = entry
    return sorted(found.values(), key=lambda f: f.path)


def one_line(text: str) -> str:
    """``text`` with its control characters escaped as Python writes them ("\\n", "\\t"): a
    file named with a newline is one line of `docnav index -v`'s output and one row of
    `docnav show`'s listing."""
    return "".join(repr(c)[1:-1] if ord(c) < 32 or ord(c) == 127 else c for c in text)
