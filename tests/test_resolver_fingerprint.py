"""What the resolver of links between documents makes of a fixed corpus, one fingerprint per
:data:`docnav.collection.RESOLVER_VERSION`: a change that resolves some link otherwise fails
here until the version is bumped, and a store an older version resolved gets every link
resolved again once. The corpus is the Rust RFCs' text/ at a pinned commit, its links,
mentions and RFC PR lines read by this file's own plain patterns, not by the parser: a change
of the parser (which a reparse answers) leaves the resolver's input as it is."""

from __future__ import annotations

import hashlib
import io
import json
import re
import subprocess
import tarfile
from pathlib import Path

from _paths import require
from _rfcs import BUNDLE, COMMIT

from docnav.collection import RESOLVER_VERSION
from docnav.pull_requests import own_pull_requests
from docnav.refs import cross_references

# what each resolver version resolves of the corpus; a new version adds its own line, and the
# lines before it stay as they were
FINGERPRINTS = {
    1: "90084af4b2167a9c",
}

# what the RFCs do not have: a pull request two RFC PR lines name, a field after the line's
# value, a list joined by "and", a clone's address, links by a folder, a suffix, an anchor
EXTRA = {
    "extra/a.md": "- RFC PR: rust-lang/rfcs#9001 (replaces rust-lang/rfcs#9000) "
                  "Rust Issue: rust-lang/rust#9002\n",
    "extra/b.md": "- RFC PR: rust-lang/rfcs#9003, rust-lang/rfcs#9004 and rust-lang/rfcs#9005\n",
    "extra/c.md": "- RFC PR: rust-lang/rfcs#9003\n",
    "extra/d.md": "- RFC PR #: [#9006](https://github.com/rust-lang/rfcs.git/pull/9006)\n",
    "extra/e.md": "See rust-lang/rfcs#9000, rust-lang/rfcs#9001, rust-lang/rfcs#9003 and "
                  "rust-lang/rust#9002.\n[x](https://github.com/rust-lang/rfcs/pull/9004/files)"
                  " [y](https://github.com/rust-lang/rfcs/issues/9005#c) "
                  "[z](https://www.github.com/Rust-Lang/RFCs/pull/9006?x=1)\n"
                  "[p](../text/0002-rfc-process.md#motivation) [q](0002-rfc-process.md) "
                  "[r](https://github.com/rust-lang/rfcs/blob/master/text/0019-opt-in-builtin-"
                  "traits.md) [s](b.md) [t](e.md#self) [u](nothere.md), PEP 8, RFC #3.\n"
                  "# Self\n",
}
_INLINE = re.compile(r"\]\(\s*<?([^)\s>]+)")  # [text](target)
_DEFINED = re.compile(r"^\s*\[[^\]]+\]:\s*<?([^\s>]+)")  # [label]: target
_AUTOLINK = re.compile(r"<(https?://[^>\s]+)>")
_MENTION = re.compile(r"\b(RFC|PEP) ?#?(\d{1,5})\b")
_PULL = re.compile(r"(?<![\w./-])([A-Za-z\d][\w.-]*/[\w.-]+)#(\d{1,6})\b")
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$")
# a line naming an RFC PR, its list bullet cut as the parser cuts it: own_pull_requests (by
# OWN_PULL_LINE, as the store's scan) tells the RFC's own field from "eRFC PR:", "Prior RFC
# PR:" (3424, 3502, 3516, 3558), which a narrower choice here kept from it
_PULL_LINE = re.compile(r"^\s*(?:[-*]\s+)?(.*RFC PR.*)$")


def _texts(base: Path) -> dict[str, str]:
    """path ("text/0002-rfc-process.md") -> text of each RFC at the pinned commit."""
    clone = base / "rfcs"
    subprocess.run(["git", "clone", "-q", "--no-checkout", str(require(BUNDLE)), str(clone)],
                   check=True)
    tar = subprocess.run(["git", "-C", str(clone), "archive", COMMIT, "text"], check=True,
                         capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        return {m.name: archive.extractfile(m).read().decode("utf-8") for m in archive
                if m.isfile() and m.name.endswith(".md")}


def _slug(heading: str) -> str:
    return re.sub(r"\s", "-", re.sub(r"[^\w\s-]", "", heading.strip().lower()))


def _corpus(texts: dict[str, str]):
    """The resolver's input: links (node, document, target) with a node per line, each
    document's path, its headings' anchors, its root node, and its RFC PR lines (document,
    line, a link target of it or None)."""
    links, anchors, pull_lines = [], {}, []
    for path, text in sorted(texts.items()):
        for number, line in enumerate(text.splitlines()):
            node = f"{path}:{number}"
            targets = [*_INLINE.findall(line), *_DEFINED.findall(line), *_AUTOLINK.findall(line)]
            targets += [f"{w.lower()}:{int(n)}" for w, n in _MENTION.findall(line)]
            targets += [f"pr:{r.lower().removesuffix('.git')}#{int(n)}"
                        for r, n in _PULL.findall(line)]
            links += [(node, path, t) for t in targets]
            if heading := _HEADING.match(line):
                anchors.setdefault((path, _slug(heading.group(1))), node)
            if own := _PULL_LINE.match(line):
                linked = _INLINE.findall(own.group(1))
                pull_lines += [(path, own.group(1), t) for t in linked or [None]]
    paths = {p: p for p in texts}
    return links, paths, anchors, {p: f"{p}:root" for p in texts}, pull_lines


def test_the_resolver_resolves_the_corpus_as_its_version_did(tmp_path):
    assert sorted(FINGERPRINTS) == list(range(1, RESOLVER_VERSION + 1))
    assert len(set(FINGERPRINTS.values())) == len(FINGERPRINTS)
    links, paths, anchors, roots, pull_lines = _corpus({**_texts(tmp_path), **EXTRA})
    owners = own_pull_requests(pull_lines)
    edges = cross_references(links, paths, paths, anchors, roots, owners)
    # (the corpus read as meant: pull requests owned, and links of each kind resolved)
    assert len(owners) > 500
    assert len({e.dst for e in edges if e.dst.endswith(":root")}) > 200
    assert any(not e.dst.endswith(":root") for e in edges)  # to a heading's anchor
    resolved = json.dumps([sorted(owners.items()),
                           sorted((e.src, e.dst, e.weight) for e in edges)])
    assert hashlib.sha256(resolved.encode()).hexdigest()[:16] == FINGERPRINTS[RESOLVER_VERSION], (
        "the resolver resolves the corpus otherwise than this RESOLVER_VERSION did: if on "
        "purpose, bump RESOLVER_VERSION in docnav/collection.py (stores resolved before get "
        "every link resolved again once) and add the new fingerprint as its line here")
