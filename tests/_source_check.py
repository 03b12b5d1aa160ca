"""Which files of the parsing code changed since its hash was recorded as checked
(tests/test_parser_fingerprint.py's CHECKED): its message named no file, and whoever's edit
failed it had to guess which of some twenty modules the hash covers had moved."""

from __future__ import annotations

import hashlib
import subprocess
from fnmatch import fnmatch
from pathlib import Path


def source_hash(root: Path, files: list[Path]) -> str:
    """16 hex digits of the ``files``' paths (relative to ``root``) and texts."""
    return hashlib.sha256("".join(f"{p.relative_to(root).as_posix()}\n{p.read_text('utf-8')}"
                                  for p in files).encode()).hexdigest()[:16]


def changed_since(root: Path, recorded: str, record_file: str, files: list[Path],
                  patterns: tuple[str, ...]) -> tuple[str, list[str]] | None:
    """(the commit, short, that last added or removed ``recorded`` in ``record_file``, the
    paths relative to ``root`` of the ``files`` whose text is not as at that commit, new ones
    too, and of those matching ``patterns`` there that are gone); None where git cannot tell
    (no repository, no such commit): one ``git log -S`` of one file and two more calls."""
    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(root), *args], capture_output=True,
                              text=True, timeout=60, check=True).stdout

    try:
        commit = git("log", "-1", "--format=%h", "-S", recorded, "--", record_file).strip()
        if not commit:
            return None
        names = [p.relative_to(root).as_posix() for p in files]
        tops = sorted({pattern.split("*")[0].rstrip("/") for pattern in patterns})
        then = {n for n in git("ls-tree", "-r", "--name-only", commit, "--", *tops).split()
                if any(fnmatch(n, pattern) for pattern in patterns)}
        edited = set(git("diff", "--name-only", commit, "--", *names).split())
    except (OSError, subprocess.SubprocessError):
        return None
    return commit, sorted(edited | (set(names) - then) | (then - set(names)))


def unchecked(root: Path, recorded: str, record_file: str, files: list[Path],
              patterns: tuple[str, ...]) -> str:
    """What the message of a parsing code not checked names: the files changed since
    ``recorded`` was (:func:`changed_since`), else every file hashed."""
    since = changed_since(root, recorded, record_file, files, patterns)
    if since and since[1]:
        return f"changed since it was checked (at {since[0]}): {', '.join(since[1])}"
    return "the files hashed: " + ", ".join(p.relative_to(root).as_posix() for p in files)
