"""The parser's fingerprint reads every module the tree builder and the reference builder
take a document's links and mentions from: pull_requests.py (the pull requests a link or
"rust-lang/rfcs#2349" names) was no source of it, so an edit of it left stored trees
unflagged for a reparse."""

from __future__ import annotations

import ast
from pathlib import Path

import docnav
from docnav.parse._fingerprint import fingerprinted_files

_PACKAGE = Path(docnav.__file__).resolve().parent
# what the builders import that reads no file: the data types, the hash of an id
_NOT_READING = {"docnav.hashing", "docnav.model"}


def _imported(module: str) -> set[str]:
    tree = ast.parse((_PACKAGE / module).read_text(encoding="utf-8"))
    return {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
            and node.module and node.module.startswith("docnav.")} - _NOT_READING


def test_the_fingerprint_reads_each_module_the_tree_and_reference_builders_import():
    read = {p.relative_to(_PACKAGE).as_posix() for p in fingerprinted_files()}
    assert {"tree.py", "refs.py", "pull_requests.py"} <= read
    for module in ("tree.py", "refs.py"):
        for imported in _imported(module):
            path = imported.removeprefix("docnav.").replace(".", "/")
            assert f"{path}.py" in read or f"{path}/__init__.py" in read, (module, imported)
