"""A name joined by dots or double colons ("crates.io", "node.js", "U.S.", "io::Error") is
searched as the name, where it is written so. Before, "Which RFCs discuss crates.io?" was
searched as "crates" and "io": "crate" is in most RFCs, so it counted those holding "io"
alone, an RFC saying only `io::Error` and one only a `rust-num.github.io` address."""

from __future__ import annotations

from pathlib import Path

import pytest
from _cli import indexed_files, run

from docnav.embed import HashingEmbedder
from docnav.query import DocNavGraph, Navigator
from docnav.query.lexical import BM25, tokens

DOCS = {
    "registry.md": "# Registry\n\nEvery crate is published to crates.io by cargo.\n",
    "mirror.md": "# Mirror\n\nDownloads come from static.crates.io, a crate mirror.\n",
    "errors.md": "# Errors\n\nA crate's reader returns std::io::Error when a read fails.\n",
    "site.md": "# Site\n\nThe crate's docs live at rust-num.github.io, with its io tests.\n",
    "pin.md": "# Pins\n\nA pinned crate never moves again.\n",
    "clamp.md": "# Clamp\n\nClamp a number to a range.\n",
}


def test_a_dotted_name_is_a_term_as_written_beside_its_parts():
    assert tokens("Which RFCs discuss crates.io?") == ["rfcs", "discuss", "crates.io", "crate",
                                                       "io"]
    # unstemmed (Snowball made "node.js" "node.j" and "U.S." "u."), each run of its parts too
    assert {"node.js", "u.s", "crates.io", "static.crates"} <= set(
        tokens("Node.js in the U.S. from static.crates.io"))
    assert {"io::error", "std::io"} <= set(tokens("std::io::Error"))
    assert "3.14" not in tokens("pi is 3.14, version 1.2.3")  # numbers, not names
    bm25 = BM25(["Published to crates.io.", "Returns io::Error.", "Lives at num.github.io"])
    assert list(bm25.holding(tokens("crates.io"))) == [0]
    assert list(bm25.holding(tokens("io::Error"))) == [1]
    assert bm25.scores("crates.io").argmax() == 0


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    return indexed_files(tmp_path_factory.mktemp("names"), DOCS)


@pytest.mark.parametrize("question, holding, said", [
    ("Which RFCs discuss crates.io?", ["mirror.md", "registry.md"], "crates.io"),
    ("Which RFCs discuss io::Error?", ["errors.md"], "io::Error"),
])
def test_which_documents_hold_the_name_as_written(db, question, holding, said):
    answer = Navigator(DocNavGraph.open(db, embedder=HashingEmbedder())).ask(question, 300)
    assert [Path(p).name for p in answer.count["documents"]] == holding
    assert answer.count["words"] == [said]  # said once, not once for each of its parts
    assert said not in answer.missing


def test_ask_says_the_name_held(db):
    code, out, _ = run(db, "ask", "Which RFCs discuss crates.io?")
    assert code == 0
    assert ('which RFCs: 2 of the 6 documents asked of hold "crates.io" (counted by their '
            "words, not read: the evidence reads the best): ") in out, out
