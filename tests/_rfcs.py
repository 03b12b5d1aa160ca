"""Real RFC texts from the shared Rust RFCs bundle (../shared/data/rfcs), for the tests of
questions about how RFCs refer to each other: the RFCs written for a test link each other
in one way only, and the real ones link, name and mention each other in many."""

from __future__ import annotations

import subprocess
from pathlib import Path

from _paths import DATA, require

BUNDLE = DATA / "rfcs" / "rust-lang-rfcs.bundle"
# the bundle's commit the texts are read at, so that a newer bundle changes no test
COMMIT = "354518a8c9025f40be6f730452c1bfe71a12dc22"


def rfc_texts(base: Path, names: list[str]) -> dict[str, str]:
    """name -> text of each RFC of ``text/`` named (file names, "2349-pin.md"), cloned from
    the bundle into ``base``/rfcs without a checkout. A bundle missing skips the test."""
    clone = base / "rfcs"
    subprocess.run(["git", "clone", "-q", "--no-checkout", str(require(BUNDLE)), str(clone)],
                   check=True)
    return {name: subprocess.run(["git", "-C", str(clone), "show", f"{COMMIT}:text/{name}"],
                                 check=True, capture_output=True, text=True).stdout
            for name in names}


def rfc_graph(tmp_path_factory, names: list[str]):
    """A graph of the RFCs ``names`` indexed in a fresh folder (a module's fixture)."""
    from _stores import indexed_graph
    base = tmp_path_factory.mktemp("rfcs")
    return indexed_graph(base, rfc_texts(base, names))
