"""Pull requests named in the text or linked to ("rust-lang/rfcs#2349",
"https://github.com/rust-lang/rfcs/pull/2349"), and the documents they name: an RFC is known
by the pull request its field list's RFC PR line names, which its file's number need not be
(RFC 3673 was pull request 3505). :func:`docnav.refs.cross_references` resolves them."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

# a pull request (or an issue: GitHub numbers both in one sequence, and sends an issue's
# address of a pull request's number to it) by its address, "https://github.com/rust-lang/
# rfcs/pull/2349" (its files or a comment too), or as GitHub writes it, "rust-lang/rfcs#2349"
_PULL_URL = re.compile(r"https?://(?:www\.)?github\.com/([\w.-]+/[\w.-]+)/(?:pull|issues)/"
                       r"(\d{1,6})(?!\d)", re.I)
_PULL_REST = re.compile(r"(?:/(?:files|commits)?)?(?:[?#].*)?")
_PULL_NAMED = re.compile(r"(?<![\w./-])([A-Za-z\d][\w.-]*/[\w.-]+)#(\d{1,6})\b")
_PULL_TARGET = re.compile(r"pr:[\w.-]+/[\w.-]+#\d+")
# the line of an RFC's field list naming the pull request that made it, "RFC PR:
# rust-lang/rfcs#2349" ("RFC PR #: ..."; not "eRFC PR:" or "Prior RFC PR:", another's)
OWN_PULL_LINE = re.compile(r"^\s*RFC PR\s*#?\s*:")
# its value ends at the line's end or the next field's label ("Rust Issue:", "Start Date:"):
# a header of unbulleted lines is one paragraph, and the Rust issue it names is no RFC's
_FIELD_END = re.compile(r"\n|\s(?:[A-Z][\w-]*\s+){0,2}[A-Z][\w-]*\s*#?\s*:")
_NUMBER = re.compile(r"#\s*(\d{1,6})\b")
# what stands between two pull requests a field lists: "#2, #6", "#19 and #127"
_LIST_GAP = re.compile(r"[\s,;&]*(?:and\b)?[\s,;&]*", re.I)


def pull_request(target: str) -> str | None:
    """The pull request a link's target or a mention names, as ``pr:rust-lang/rfcs#2349``
    (of "https://github.com/rust-lang/rfcs/pull/2349", "rust-lang/rfcs#2349"); None for
    any other target."""
    if _PULL_TARGET.fullmatch(target):
        return target
    target = target.strip()
    m = _PULL_URL.match(target)
    return _pull(m.group(1), m.group(2)) if m and _PULL_REST.fullmatch(
        target, m.end()) else None


def _pull(repo: str, number: str) -> str:
    # (a clone's address names the repository as "rfcs.git": the same pull request)
    return f"pr:{re.sub(r'[.]git$', '', repo.lower())}#{int(number)}"


def pull_mentions(text: str) -> list[tuple[str, str]]:
    """The pull requests ``text`` names as GitHub writes them, each once: (link target, as
    written), ``pr:rust-lang/rfcs#2349`` for "rust-lang/rfcs#2349"; resolved, as links to
    their addresses are, to the document whose RFC PR line names it
    (:func:`own_pull_requests`)."""
    found: dict[str, str] = {}
    for m in _PULL_NAMED.finditer(text):
        found.setdefault(_pull(m.group(1), m.group(2)), m.group(0))
    return list(found.items())


def own_pull_requests(lines: Iterable[tuple[str, str, str | None]]) -> dict[str, str]:
    """Pull request (``pr:rust-lang/rfcs#2349``) -> the one document whose RFC PR line
    names it, of ``lines`` (doc_id, the line's text, a link target of it or None): the
    line "RFC PR: rust-lang/rfcs#2349", or "RFC PR: [#2349](https://github.com/...)" by
    its link; every one a line lists ("RFC PR: rust-lang/rfcs#2, rust-lang/rfcs#6": RFC 2
    was amended by pull request 6). A pull request two documents name is neither's (a
    number is no guess)."""
    return pull_owners(named_pull_requests(lines))


def named_pull_requests(lines: Iterable[tuple[str, str, str | None]]
                        ) -> dict[str, frozenset[str]]:
    """Document -> the pull requests its RFC PR lines name, of ``lines`` as
    :func:`own_pull_requests` reads them (a document whose lines name none is left out): what
    a process keeps between collection updates, so that one reads the changed documents'
    lines alone."""
    named: dict[str, set[str]] = {}
    for doc_id, text, target in lines:
        if pulls := _own_pulls(text, target):
            named.setdefault(doc_id, set()).update(pulls)
    return {d: frozenset(pulls) for d, pulls in named.items()}


def pull_owners(named: Mapping[str, Iterable[str]]) -> dict[str, str]:
    """Pull request -> its document, of ``named`` (document -> the pull requests its RFC PR
    lines name): the one document naming it; one that two name is neither's."""
    owners: dict[str, set[str]] = {}
    for doc_id, pulls in named.items():
        for p in pulls:
            owners.setdefault(p, set()).add(doc_id)
    return {p: next(iter(docs)) for p, docs in owners.items() if len(docs) == 1}


def _own_pulls(text: str, target: str | None) -> list[str]:
    """The pull requests the RFC PR field of ``text`` names: the first its value names (by
    its text, or by ``target``, a link of it, where the value says its number, "[#2349](...)")
    and those listed with it ("#2, #6"), none after a word ("rust-lang/rfcs#2349 (replaces
    rust-lang/rfcs#2000)": 2000 is another RFC's), nor one of a field after it ("Rust Issue:
    rust-lang/rust#2349": the compiler's)."""
    line = OWN_PULL_LINE.match(text)
    if line is None:
        return []
    end = _FIELD_END.search(text, line.end())
    value = text[line.end():end.start() if end else len(text)]
    named = [(m.start(), m.end(), _pull(m.group(1), m.group(2)))
             for m in _PULL_NAMED.finditer(value)]
    named += [(m.start(), m.end(), p) for m in _PULL_URL.finditer(value)
              if (p := pull_request(m.group(0)))]
    linked = pull_request(target) if target else None
    # a number alone is the link's pull request where the link says it: "[#8](.../pull/8)"
    named += [(m.start(), m.end(), linked if linked and linked.endswith(
                  f"#{int(m.group(1))}") else None)
              for m in _NUMBER.finditer(value)
              if not any(start <= m.start() < stop for start, stop, _ in named)]
    named.sort(key=lambda n: n[:2])
    listed = named[:1]
    for mention in named[1:]:
        if not _LIST_GAP.fullmatch(value, listed[-1][1], mention[0]):
            break
        listed.append(mention)
    return [p for _, _, p in listed if p is not None]
