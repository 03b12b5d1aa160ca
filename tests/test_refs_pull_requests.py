"""An RFC linked by its pull request ("[RFC 2349](https://github.com/rust-lang/rfcs/pull/2349)",
"rust-lang/rfcs#2349") is the document whose RFC PR line names that pull request: a references
edge, found by "Which RFCs refer to RFC 2349?", where one document names it; none where no
document does or two do."""

from __future__ import annotations

import pytest

from _stores import collection_references as _references, indexed_graph
from docnav.embed import HashingEmbedder
from docnav.index import Indexer, IndexOptions
from docnav.query import Navigator
from docnav.pull_requests import own_pull_requests, pull_request
from docnav.store import Store


def _rfc(number: int, title: str, body: str, pull: int | None = None) -> str:
    pull = number if pull is None else pull
    return (f"- Feature Name: `{title}`\n- Start Date: 2018-02-19\n"
            f"- RFC PR: [rust-lang/rfcs#{pull}](https://github.com/rust-lang/rfcs/pull/{pull})\n"
            f"- Rust Issue: [rust-lang/rust#{pull}](https://github.com/rust-lang/rust/issues/"
            f"{pull})\n\n## Summary\n\n{body}\n")


FILES = {
    "2349-pin.md": _rfc(2349, "pin", "Pinning APIs keep a value in place in memory."),
    "2592-futures.md": _rfc(2592, "futures_api", "The [pinning APIs](https://github.com/"
                            "rust-lang/rfcs/pull/2349) made borrowing across yields safe."),
    # its file's number is not its pull request's (RFC 3673 was pull request 3505)
    "3673-rustdoc-types.md": _rfc(3673, "rustdoc_types", "A team keeps the rustdoc types.",
                                  pull=3505),
    "3700-notes.md": _rfc(3700, "notes", "As rust-lang/rfcs#2349 says, pins stay put. The "
                          "[types](https://github.com/rust-lang/rfcs/pull/3505/files) are kept. "
                          "Not [this one](https://github.com/rust-lang/rfcs/pull/3673), nor "
                          "[the compiler's](https://github.com/rust-lang/rust/pull/2349)."),
}



def test_a_pull_request_link_or_name_reaches_the_document_whose_rfc_pr_line_names_it(tmp_path):
    graph = indexed_graph(tmp_path, FILES)
    assert _references(tmp_path / "g.duckdb") == {
        ("2592-futures.md", "2349-pin.md"), ("3700-notes.md", "2349-pin.md"),
        # pull request 3505 is RFC 3673's; pull request 3673 is no document's, and the
        # compiler's pull request 2349 is no RFC
        ("3700-notes.md", "3673-rustdoc-types.md")}
    answer = Navigator(graph).ask("Which RFCs refer to RFC 2349?", 400)
    assert [p.rsplit("/", 1)[-1] for p in answer.count["documents"]] == [
        "2592-futures.md", "3700-notes.md"]


def test_a_pull_request_two_documents_name_is_neither_s(tmp_path):
    files = {**FILES, "2350-pin-again.md": _rfc(2350, "pin2", "A second take.", pull=2349)}
    indexed_graph(tmp_path, files)
    assert not {t for _, t in _references(tmp_path / "g.duckdb")} & {
        "2349-pin.md", "2350-pin-again.md"}


def test_the_edge_comes_and_goes_with_the_document_naming_the_pull_request(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    for name in ("2592-futures.md", "3700-notes.md"):
        (docs / name).write_text(FILES[name])
    store = Store(tmp_path / "g.duckdb")
    indexer = Indexer(store, IndexOptions(summaries=None, progress=False), HashingEmbedder())
    indexer.index([docs])
    assert _references(store.path) == set()
    (docs / "pin.md").write_text(FILES["2349-pin.md"])  # named by its line, not its file
    indexer.index([docs])
    assert _references(store.path) == {("2592-futures.md", "pin.md"), ("3700-notes.md", "pin.md")}
    (docs / "pin.md").unlink()
    indexer.index([docs])
    assert _references(store.path) == set()


@pytest.mark.parametrize("target, pull", [
    ("https://github.com/rust-lang/rfcs/pull/2349", "pr:rust-lang/rfcs#2349"),
    ("https://github.com/rust-lang/rfcs/pull/2349/files", "pr:rust-lang/rfcs#2349"),
    ("https://github.com/rust-lang/rfcs/pull/2349#issuecomment-371", "pr:rust-lang/rfcs#2349"),
    ("https://github.com/Rust-Lang/RFCs/issues/2349", "pr:rust-lang/rfcs#2349"),
    ("https://github.com/rust-lang/rfcs/pull/23490", "pr:rust-lang/rfcs#23490"),
    ("https://github.com/rust-lang/rfcs.git/pull/2349", "pr:rust-lang/rfcs#2349"),
    ("https://github.com/rust-lang/rfcs/blob/master/text/2349-pin.md", None),
    ("https://github.com/rust-lang/rfcs/pull/2349/checks/x", None),
])
def test_pull_request_of_a_link(target, pull):
    assert pull_request(target) == pull


def test_own_pull_requests_are_read_from_the_rfc_pr_line_alone():
    assert own_pull_requests([
        ("a", "RFC PR: rust-lang/rfcs#2349", "https://github.com/rust-lang/rfcs/pull/2349"),
        ("b", "RFC PR #: https://github.com/rust-lang/rfcs/pull/7", None),
        ("c", "RFC PR: #8", "https://github.com/rust-lang/rfcs/pull/8"),
        ("d", "eRFC PR: rust-lang/rfcs#3424", None),  # another's: the experiment's
        ("e", "Prior RFC PR: rust-lang/rfcs#2349", None),
        ("f", "Rust Issue: rust-lang/rust#9", None),
    ]) == {"pr:rust-lang/rfcs#2349": "a", "pr:rust-lang/rfcs#7": "b", "pr:rust-lang/rfcs#8": "c"}


def test_an_rfc_whose_line_names_another_pull_request_loses_the_edges_of_the_old(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "2592-futures.md").write_text(FILES["2592-futures.md"])
    (docs / "pin.md").write_text(FILES["2349-pin.md"])
    store = Store(tmp_path / "g.duckdb")
    indexer = Indexer(store, IndexOptions(summaries=None, progress=False), HashingEmbedder())
    indexer.index([docs])
    assert _references(store.path) == {("2592-futures.md", "pin.md")}
    (docs / "pin.md").write_text(FILES["2349-pin.md"].replace("2349", "2350"))
    indexer.index([docs])
    assert _references(store.path) == set()  # the link names pull request 2349, no RFC's now
    (docs / "pin.md").write_text(FILES["2349-pin.md"])
    indexer.index([docs])
    assert _references(store.path) == {("2592-futures.md", "pin.md")}


def test_the_rfc_pr_field_owns_its_first_pull_request_alone():
    assert own_pull_requests([
        # an unbulleted header is one paragraph: the Rust issue is the compiler's
        ("a", "RFC PR: rust-lang/rfcs#700\nRust Issue: rust-lang/rust#2349", None),
        ("b", "RFC PR: rust-lang/rfcs#701 Rust Issue: rust-lang/rust#2348",
         "https://github.com/rust-lang/rust/issues/2348"),
        ("c", "RFC PR: rust-lang/rfcs#2349 (replaces rust-lang/rfcs#2000)", None),
        ("d", "RFC PR: rust-lang/rfcs#2000", None),
    ]) == {"pr:rust-lang/rfcs#700": "a", "pr:rust-lang/rfcs#701": "b",
           "pr:rust-lang/rfcs#2349": "c", "pr:rust-lang/rfcs#2000": "d"}


def test_an_unbulleted_header_s_rust_issue_is_no_rfc_s_pull_request(tmp_path):
    # a link to the compiler's pull request 2349 was an edge to RFC 700, whose header
    # paragraph named rust-lang/rust#2349 after its RFC PR field; and #2000, named after
    # another RFC's own, was that RFC's too, so no one's
    indexed_graph(tmp_path, {
        "0700-old.md": "RFC PR: rust-lang/rfcs#700\nRust Issue: rust-lang/rust#2349\n\n"
                       "# Summary\n\nAn old design.\n",
        "2349-new.md": "RFC PR: rust-lang/rfcs#2349 (replaces rust-lang/rfcs#2000)\n\n"
                       "# Summary\n\nA new design.\n",
        "2000-first.md": "RFC PR: rust-lang/rfcs#2000\n\n# Summary\n\nThe first design.\n",
        "3000-user.md": "# Summary\n\nSee [the fix](https://github.com/rust-lang/rust/pull/2349) "
                        "and [the first](https://github.com/rust-lang/rfcs/pull/2000).\n"})
    assert _references(tmp_path / "g.duckdb") == {  # (the one it replaces, named: a reference)
        ("3000-user.md", "2000-first.md"), ("2349-new.md", "2000-first.md")}


@pytest.mark.parametrize("change", ["remove", "edit"])
def test_the_edge_comes_back_when_the_pull_request_is_one_document_s_again(tmp_path, change):
    # two lines named pull request 2349 (no edge, rightly); one went or named another, and
    # the edge to the other stayed away, though a fresh store has it
    docs = tmp_path / "docs"
    docs.mkdir()
    for name in ("2592-futures.md", "2349-pin.md"):
        (docs / name).write_text(FILES[name])
    (docs / "again.md").write_text(_rfc(2350, "pin2", "A second take.", pull=2349))
    store = Store(tmp_path / "g.duckdb")
    indexer = Indexer(store, IndexOptions(summaries=None, progress=False), HashingEmbedder())
    indexer.index([docs])
    assert _references(store.path) == set()
    if change == "remove":
        (docs / "again.md").unlink()
    else:
        (docs / "again.md").write_text(_rfc(2350, "pin2", "A second take.", pull=2351))
    indexer.index([docs])
    assert _references(store.path) == {("2592-futures.md", "2349-pin.md")}


def test_an_rfc_pr_field_owns_every_pull_request_it_lists():
    # RFC 2 was amended by pull request 6, RFC 19 by 127: each line lists both
    assert own_pull_requests([
        ("a", "RFC PR: rust-lang/rfcs#2, rust-lang/rfcs#6", None),
        ("b", "RFC PR #: rust-lang/rfcs#19 and https://github.com/rust-lang/rfcs/pull/127", None),
        ("c", "RFC PR: #30, #31", "https://github.com/rust-lang/rfcs/pull/30"),
        ("c", "RFC PR: #30, #31", "https://github.com/rust-lang/rfcs/pull/31"),
        ("d", "RFC PR: rust-lang/rfcs#40 (replaces rust-lang/rfcs#41, rust-lang/rfcs#42)", None),
    ]) == {f"pr:rust-lang/rfcs#{n}": doc for n, doc in [
        (2, "a"), (6, "a"), (19, "b"), (127, "b"), (30, "c"), (31, "c"), (40, "d")]}
    # a pull request two lines list, first or not, is neither's
    assert own_pull_requests([("a", "RFC PR: rust-lang/rfcs#2, rust-lang/rfcs#6", None),
                              ("e", "RFC PR: rust-lang/rfcs#6", None)]) == {
        "pr:rust-lang/rfcs#2": "a"}


def test_a_mention_of_the_second_pull_request_an_rfc_pr_line_lists_reaches_its_rfc(tmp_path):
    # the header lines of 0002-rfc-process.md and 0019-opt-in-builtin-traits.md
    rfc2 = ("- RFC PR: [rust-lang/rfcs#2](https://github.com/rust-lang/rfcs/pull/2), "
            "[rust-lang/rfcs#6](https://github.com/rust-lang/rfcs/pull/6)\n- Rust Issue: N/A")
    rfc19 = ("- RFC PR #: [rust-lang/rfcs#19](https://github.com/rust-lang/rfcs/pull/19), "
             "[rust-lang/rfcs#127](https://github.com/rust-lang/rfcs/pull/127)\n- Rust Issue #: "
             "[rust-lang/rust#13231](https://github.com/rust-lang/rust/issues/13231)")
    indexed_graph(tmp_path, {
        "0002-rfc-process.md": f"- Start Date: 2014-03-11\n{rfc2}\n\n# Summary\n\nThe process.\n",
        "0019-opt-in-builtin-traits.md": f"- Start Date: 2014-09-18\n{rfc19}\n\n# Summary\n\n"
                                         "Opt-in builtin traits.\n",
        "3000-user.md": "# Summary\n\nAs [the amendment](https://github.com/rust-lang/rfcs/pull/6)"
                        " says.\n\nAnd rust-lang/rfcs#127 made the traits opt-in.\n"})
    assert _references(tmp_path / "g.duckdb") == {
        ("3000-user.md", "0002-rfc-process.md"),
        ("3000-user.md", "0019-opt-in-builtin-traits.md")}
