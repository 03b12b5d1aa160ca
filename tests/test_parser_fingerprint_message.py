"""The message of tests/test_parser_fingerprint.py where the parsing code is not the code
checked: the files changed since CHECKED was recorded (git's, at the commit that recorded
it), else every file hashed. It named no file before."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from _source_check import changed_since, source_hash, unchecked
from test_parser_fingerprint import CHECKED, HERE, ROOT, SOURCES

PATTERNS = tuple(f"docnav/{s}" for s in SOURCES)


def _git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c",
                           "user.email=t@example.com", *args], check=True,
                          capture_output=True, text=True).stdout


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


def _sources(root: Path) -> list[Path]:
    return sorted({p for pattern in SOURCES for p in (root / "docnav").glob(pattern)})


def test_the_files_changed_since_the_hash_was_recorded_are_named(tmp_path):
    _git(tmp_path, "init", "-q")
    _write(tmp_path, {"docnav/parse/a.py": "A = 1\n", "docnav/parse/b.py": "B = 1\n",
                      "docnav/tree.py": "T = 1\n", "docnav/query/other.py": "O = 1\n"})
    recorded = source_hash(tmp_path, _sources(tmp_path))
    _write(tmp_path, {HERE: f'CHECKED = (1, "{recorded}")\n'})
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-q", "-m", "checked")
    commit = _git(tmp_path, "log", "-1", "--format=%h").strip()
    # after the check: one edited, one new, one gone, and code outside the parsing code
    _write(tmp_path, {"docnav/parse/b.py": "B = 2  # a comment\n", "docnav/parse/c.py": "",
                      "docnav/query/other.py": "O = 2\n"})
    (tmp_path / "docnav" / "tree.py").unlink()
    files = _sources(tmp_path)
    assert source_hash(tmp_path, files) != recorded
    assert changed_since(tmp_path, recorded, HERE, files, PATTERNS) == (commit, [
        "docnav/parse/b.py", "docnav/parse/c.py", "docnav/tree.py"])
    assert unchecked(tmp_path, recorded, HERE, files, PATTERNS) == (
        f"changed since it was checked (at {commit}): docnav/parse/b.py, docnav/parse/c.py, "
        "docnav/tree.py")


def test_without_git_every_file_hashed_is_listed(tmp_path):
    _write(tmp_path, {"docnav/parse/a.py": "A = 1\n", "docnav/refs.py": "R = 1\n"})
    files = _sources(tmp_path)
    assert changed_since(tmp_path, "0123456789abcdef", HERE, files, PATTERNS) is None
    assert unchecked(tmp_path, "0123456789abcdef", HERE, files, PATTERNS) == (
        "the files hashed: docnav/parse/a.py, docnav/refs.py")


def test_in_this_repository_the_commit_recording_checked_is_found():
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    since = changed_since(ROOT, CHECKED[1], HERE, _sources(ROOT), PATTERNS)
    assert since is not None
    # the code as checked: none changed since (an edit not checked yet: those it touched)
    if source_hash(ROOT, _sources(ROOT)) == CHECKED[1]:
        assert since[1] == []
