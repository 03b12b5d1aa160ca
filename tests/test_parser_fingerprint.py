"""What the parser makes of a fixed set of files, one fingerprint per
:data:`docnav.parse.PARSER_VERSION`: a change of the parsing code that makes another tree of
some file (a heading, its level, a block's text, a page, a link or a mention read from a node)
fails here until the version is bumped, and every document an older version parsed is then
named as parsed by another version until `docnav index --reparse`. An edit that leaves the
trees as they were (a comment, a refactor) needs no bump and changes nothing stored.

The files cover each reader: Markdown (two Rust RFCs of samples/ and one of edge cases written
here: front matter, nested lists, a table, code, a footnote, mentions of RFCs and pull
requests; one of numbered parts under a title, "2 May-Meeting" among them), HTML (written
here: sections, a merged table cell, a description list), DOCX and
PDFs read by the native pipeline (one with an outline, one with headings by font size, a
paper's page, a paper whose line-end hyphens its own spellings decide) from ../shared's
fixtures. What is hashed is the tree the indexer stores
(tree.build_tree of the parse): the nodes with their kinds, levels, headings, texts, pages,
anchors, keys and hashes, the edges, the links and mentions, the title and the metadata."""

from __future__ import annotations

import hashlib
import json
import shutil
from dataclasses import astuple
from pathlib import Path

import pytest
from _paths import FIXTURES, require
from _source_check import source_hash, unchecked

from docnav.model import DocTree, NodeKind
from docnav.parse import PARSER_VERSION, ParseOptions, parse_file, parser_fingerprint
from docnav.parse._fingerprint import _LIBRARIES, _version
from docnav.tree import build_tree

# what each parser version makes of the files, with the parsing libraries it was recorded
# with (the parser's name after its version: parse.parser_fingerprint()); a new version adds
# its own line, and the lines before it stay as they were. Other libraries than recorded (a
# fresh install taking a newer docling) may read the files otherwise whatever DocNav's code
# does, and the parser's name records them already: the test says so and skips
FINGERPRINTS = {
    1: ("ddebe412", "48e78fb6238b3f8b"),
    2: ("ddebe412", "67379dd915659616"),
    3: ("ddebe412", "25a3f3fe35a95a84"),
}

# the parsing code as last checked against PARSER_VERSION (test below): (version, its hash)
CHECKED = (3, "6ee8460cdbbee12d")
# what it is: the readers, the tree builder, what a node's links and mentions are read with and
# the month names a dated heading is read by
SOURCES = ("parse/*.py", "tree.py", "refs.py", "pull_requests.py", "months.py")
HERE = "tests/test_parser_fingerprint.py"  # where CHECKED is recorded

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ("0003-attribute-usage.md", "0458-send-improvements.md")
DOCX = ("word_sample.docx", "unit_test_headers_numbered.docx")
PDFS = ("bookmark_sample.pdf", "multi_page.pdf", "2305.03393v1-pg9.pdf", "2001.03131.pdf",
        "redp5110_sampled.pdf", "1909.00754.pdf")
# the native pipeline whatever is installed: `auto` would read with the layout model where it
# is downloaded, and this test pins DocNav's own rules
OPTIONS = ParseOptions(pdf_mode="native")

WRITTEN = {
    "edge-cases.md": """---
title: Edge cases
tags: [parser, fixture]
---
# Edge cases

Intro naming RFC 1859, RFC #0439 and rust-lang/rfcs#2349, with a [link](#lists), some
*emphasis*, **bold**. and a footnote.[^1]

## Lists

- one
  - one point one
    1. deep
- two with `code`

<a id="older-name"></a>
### Table and code

| Key | Value |
|-----|------:|
| a   | 1     |
| b   | 22    |

```rust
fn main() { println!("# not a heading"); }
```

> A quote
> on two lines.

[^1]: The footnote's text, see [RFC 2592](https://github.com/rust-lang/rfcs/pull/2592).
""",
    "page.html": """<html><head><title>A page</title></head><body>
<h1>A page</h1><p>First paragraph with <a href="other.html#part">a link</a>, <b>bold</b>.
and <i>italic</i> (<code>code</code>).</p>
<section><h2>Part one</h2><p>Inside part one.</p>
<section><h3>Deeper</h3><p>Inside deeper.</p></section>
<p>Back in part one.</p></section>
<h2>Part two</h2>
<table><tr><th>Item</th><th>Q1</th><th>Q2</th></tr>
<tr><td colspan="2">Total</td><td>42</td></tr></table>
<dl><dt>Term</dt><dd>Its definition.</dd></dl>
<ul><li>Item one<ul><li>nested</li></ul></li><li>Item two</li></ul>
</body></html>
""",
    # numbered parts under a title, one of a month's name in a compound word (no date since
    # version 3: version 2 took it for one, and the file's name for the title)
    "pump-guide.md": """# Pump guide

# 1 Install

Unpack it.

# 2 May-Meeting

Meet on the second.
""",
}


def _files(folder: Path) -> list[Path]:
    """The fixtures, copied into ``folder`` (whose path the test leaves out of the hash)."""
    for name in SAMPLES:
        shutil.copy(ROOT / "samples" / "rfcs" / name, folder)
    for kind, names in (("docx", DOCX), ("pdf", PDFS)):
        for name in names:
            shutil.copy(require(FIXTURES / kind / name), folder)
    for name, text in WRITTEN.items():
        (folder / name).write_text(text, encoding="utf-8")
    return sorted(folder.iterdir())


def _read(tree: DocTree) -> list:
    return [tree.path, tree.title, tree.format, [list(m) for m in tree.metadata],
            [astuple(n) for n in tree.nodes], [astuple(e) for e in tree.edges],
            [astuple(link) for link in tree.links]]


def test_the_parser_makes_the_trees_its_version_made(tmp_path):
    assert sorted(FINGERPRINTS) == list(range(1, PARSER_VERSION + 1))
    assert len({made for _, made in FINGERPRINTS.values()}) == len(FINGERPRINTS)
    trees = [build_tree(parse_file(path, OPTIONS), "fixture", path.name)
             for path in _files(tmp_path)]
    # (the files still read as meant: each format, sections nested three deep, pages, the
    # mentions of each kind that a node's links take from its text)
    assert sorted({t.format for t in trees}) == ["docx", "html", "markdown", "pdf"]
    nodes = [n for t in trees for n in t.nodes]
    assert {n.level for n in nodes if n.kind is NodeKind.SECTION} >= {1, 2, 3}
    assert max(n.page or 0 for n in nodes) > 1  # a page past the first
    targets = {link.target for t in trees for link in t.links}
    assert {"rfc:1859", "rfc:439", "pr:rust-lang/rfcs#2349"} <= targets, sorted(targets)
    # (docling makes an HTML page's relative link absolute: the folder is named as a word)
    read = json.dumps([_read(t) for t in trees], default=str).replace(str(tmp_path), "FOLDER")
    made = hashlib.sha256(read.encode()).hexdigest()[:16]
    libraries, recorded = FINGERPRINTS[PARSER_VERSION]
    installed = parser_fingerprint().partition("-")[2]
    if installed != libraries:
        versions = ", ".join(f"{name}=={_version(name)}" for name in _LIBRARIES)
        pytest.skip(f"the parsing libraries installed ({installed}: {versions}) are not those "
                    f"version {PARSER_VERSION}'s fingerprint was recorded with ({libraries}); "
                    f"the trees' fingerprint with these is {made}: where DocNav's parsing code "
                    f"is as version {PARSER_VERSION}'s, its line may be replaced by "
                    f"({installed!r}, {made!r})")
    assert made == recorded, (
        f"the parser makes other trees of the fixtures than PARSER_VERSION {PARSER_VERSION} "
        f"made (fingerprint {made}, not {recorded}): if a change of the "
        "parsing code did so on purpose, bump PARSER_VERSION in docnav/parse/_fingerprint.py "
        f"and add the line {PARSER_VERSION + 1}: (\"{libraries}\", \"{made}\") to FINGERPRINTS "
        "here (the documents parsed before are then named as parsed by another version until "
        "`docnav index --reparse`)")


def test_an_edit_of_the_parsing_code_is_checked_against_its_version():
    # the fixtures above reach no rule of some code (a 10-K's cover, the standard PDF
    # pipeline, a filing's tables), and an edit there could make other trees under the same
    # name, stale trees no run would note: so any edit of the parsing code, a comment's too,
    # fails here until whoever made it records that it was checked against PARSER_VERSION
    files = sorted({p for pattern in SOURCES for p in (ROOT / "docnav").glob(pattern)})
    made = source_hash(ROOT, files)
    if (PARSER_VERSION, made) == CHECKED:
        return
    # (the files changed since CHECKED was recorded, where git can tell; else all hashed)
    which = unchecked(ROOT, CHECKED[1], HERE, files, tuple(f"docnav/{s}" for s in SOURCES))
    assert (PARSER_VERSION, made) == CHECKED, (
        f"the parsing code ({', '.join(SOURCES)}) is not the code checked as version "
        f"{CHECKED[0]} (source {made}, not {CHECKED[1]}; {which}): where the edit may make "
        "another tree of some file (a heading, a level, a block's text, a page, a link, a "
        "title or a field), bump PARSER_VERSION in docnav/parse/_fingerprint.py; then set "
        f"CHECKED here to (PARSER_VERSION, \"{made}\")")
