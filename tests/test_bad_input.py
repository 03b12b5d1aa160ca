"""Bad input never breaks a batch: each bad document gets a clear, recorded error.

For every kind of bad file (empty, binary junk, truncated, badly encoded, not a regular file,
a symlink loop or one leading out of the root) the tests check that

* the error names the document's path and the cause, is in ``report.failed`` and is recorded
  in the store (``documents.status = 'failed'``, ``documents.error``);
* the rest of the batch (a good document added in the same run) is indexed;
* when the bad file replaced a good version of the same path, that version stays queryable
  (its nodes, its ``version``) and the error is recorded beside it;
* ``docnav index`` exits 1 and prints the error on stderr.

Large and odd-but-valid documents (20 MB, 10,000 headings, 200 levels of nesting, no headings,
duplicate headings) must index. Everything runs the real docling parser and the hashing
embedder.
"""

from __future__ import annotations

import os
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from _parsing import blank_pdf, scanned_pdf

from docnav.cli import main
from docnav.embed import EmbeddingOptions
from docnav.index import IndexOptions, IndexReport, Indexer
from docnav.model import Block, BlockKind, ParsedDocument
from docnav.parse import ParseOptions, parse_file
from docnav.show import render_document
from docnav.store import Store
from docnav.tree import build_tree

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT.parent / "shared" / "data" / "fixtures"
GOOD_PDF = FIXTURES / "pdf" / "multi_page.pdf"
GOOD_DOCX = FIXTURES / "docx" / "word_sample.docx"
OPTIONS = IndexOptions(
    embedding=EmbeddingOptions(model="hashing"),
    parse=ParseOptions(pdf_mode="native"),  # offline and fast; the layout model needs the hub
    progress=False,
)
RUNNING_AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0

GOOD_MD = """# Widget guide

How to install and run the widget.

## Install

Run the installer and follow the prompts.

## Run

Start the widget from the menu.
"""
FRESH_MD = "# Fresh notes\n\nA document added in the same run as the bad one.\n"
OUTSIDE_TEXT = "Confidential text that lives outside the indexed root"


def test_unchanged_file_deleted_mid_run_is_removed_not_reported_unchanged(tmp_path):
    """A file unchanged at the scan is not read: deleted while the run parsed another, it was
    reported unchanged and `show` listed it as ok until the next run. So is one of a subfolder
    deleted whole (it was kept); a root folder gone keeps its documents (an unmounted drive)."""
    docs, other, db = tmp_path / "docs", tmp_path / "other", tmp_path / "docnav.duckdb"
    (docs / "sub").mkdir(parents=True)
    other.mkdir()
    a, b, inner, far = docs / "a.md", docs / "b.md", docs / "sub" / "c.md", other / "d.md"
    for path in (a, b, inner, far):
        path.write_text(GOOD_MD.replace("widget", path.stem))
    run_index(db, docs, other)
    b.write_text(FRESH_MD)

    def parse_deleting_others(path: str, options: ParseOptions):
        for gone in (a, inner, docs / "sub", far, other):
            gone.rmdir() if gone.is_dir() else gone.unlink()
        return parse_file(path, options)

    report = run_index(db, docs, other, parse=parse_deleting_others)
    assert (report.changed, report.removed, report.unchanged) == ([str(b)], [str(a), str(inner)],
                                                                   [str(far)])
    assert stored(db, a) is None and stored(db, inner) is None and stored(db, far) is not None


# -- helpers ---------------------------------------------------------------------------------


def run_index(db: Path, *roots: Path, parse: Callable | None = None) -> IndexReport:
    return Indexer(Store(db), OPTIONS, parse=parse).index(list(roots))


def cli_index(db: Path, *roots: Path) -> int:
    return main(["--db", str(db), "index", *map(str, roots), "--embed-model", "hashing",
                 "--pdf-mode", "native", "--no-summaries", "--no-progress"])


@dataclass(frozen=True)
class Stored:
    doc_id: str
    status: str
    error: str | None
    version: int
    content_hash: str | None
    n_nodes: int
    texts: tuple[str, ...]  # node texts and headings in reading order


def stored(db: Path, path: Path) -> Stored | None:
    with Store(db).reader() as con:
        row = con.execute(
            "SELECT doc_id, status, error, version, content_hash, n_nodes FROM documents "
            "WHERE path = ?", [str(path)]
        ).fetchone()
        if row is None:
            return None
        texts = con.execute(
            "SELECT heading || text FROM nodes WHERE doc_id = ? ORDER BY position", [row[0]]
        ).fetchall()
    return Stored(*row, texts=tuple(t for (t,) in texts))


def all_node_text(db: Path) -> str:
    with Store(db).reader() as con:
        rows = con.execute("SELECT heading, text, breadcrumb FROM nodes").fetchall()
    return "\n".join(" ".join(r) for r in rows)


def assert_clear_error(error: str, path: Path, cause: str) -> None:
    """The error names the path and matches the expected cause, in a line or two."""
    assert str(path) in error, f"error does not name {path}: {error!r}"
    assert re.search(cause, error, re.I), f"error does not say {cause!r}: {error!r}"
    assert "Traceback" not in error and len(error) < 600, error


def assert_indexed(db: Path, path: Path) -> Stored:
    doc = stored(db, path)
    assert doc is not None and doc.status == "ok" and doc.error is None, doc
    assert doc.n_nodes == len(doc.texts) > 1
    return doc


# -- bad files: one test per case --------------------------------------------------------------


def _write(data: bytes | Callable[[], bytes]) -> Callable[[Path], list[Path]]:
    def make(path: Path) -> list[Path]:
        _remove(path)
        path.write_bytes(data() if callable(data) else data)
        return [path]

    return make


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        path.rmdir()
    elif path.exists() or path.is_symlink():
        path.unlink()


def _junk(n: int = 8192) -> bytes:
    return random.Random(7).randbytes(n)


def _first_half(path: Path) -> Callable[[], bytes]:
    def read() -> bytes:
        data = path.read_bytes()
        return data[: len(data) // 2]

    return read


def _fifo(path: Path) -> list[Path]:
    _remove(path)
    os.mkfifo(path)
    return [path]


def _unreadable(path: Path) -> list[Path]:
    _remove(path)
    path.write_text(GOOD_MD)
    path.chmod(0)
    return [path]


def _symlink_loop(path: Path) -> list[Path]:
    partner = path.with_name(f"{path.stem}-partner{path.suffix}")
    _remove(path)
    path.symlink_to(partner.name)
    partner.symlink_to(path.name)
    return [path, partner]


def _symlink_outside(path: Path) -> list[Path]:
    outside = path.parents[1] / "outside" / f"target-{path.name}"
    outside.parent.mkdir(exist_ok=True)
    outside.write_text(f"# Outside\n\n{OUTSIDE_TEXT}.\n")
    _remove(path)
    path.symlink_to(os.path.relpath(outside, path.parent))
    return [path]


def _html() -> bytes:
    return b"<html><body><h1>Widget guide</h1><p>How to install the widget.</p></body></html>"


@dataclass(frozen=True)
class BadCase:
    name: str  # file name of the bad document
    good: Callable[[], bytes]  # a good version of the same format, indexed first
    make_bad: Callable[[Path], list[Path]]  # replaces the path; returns every bad path made
    cause: str  # regex the error must match


def _md() -> bytes:
    return GOOD_MD.encode()


BAD_CASES = [
    BadCase("empty.md", _md, _write(b""), r"empty"),
    BadCase("empty.pdf", GOOD_PDF.read_bytes, _write(b""), r"empty"),
    BadCase("junk.md", _md, _write(_junk()), r"binary data|not valid UTF-8"),
    BadCase("junk.pdf", GOOD_PDF.read_bytes, _write(_junk()), r"not a PDF file"),
    BadCase("junk.docx", GOOD_DOCX.read_bytes, _write(_junk()), r"not a valid DOCX file"),
    BadCase("truncated.pdf", GOOD_PDF.read_bytes, _write(_first_half(GOOD_PDF)),
            r"damaged or truncated"),
    BadCase("truncated.docx", GOOD_DOCX.read_bytes, _write(_first_half(GOOD_DOCX)),
            r"DOCX.*(truncated|damaged)"),
    BadCase("latin1.md", _md,
            _write("# Café menu\n\nCrème brûlée, déjà vu, naïve.\n".encode("latin-1")),
            r"not valid UTF-8"),
    # nothing to navigate: a scan, a page of scripts, fields alone
    BadCase("scanned.pdf", GOOD_PDF.read_bytes, _write(scanned_pdf),
            r"no text found on its 1 page: a scanned PDF .* has no text layer, and DocNav "
            r"runs no OCR"),
    BadCase("blank.pdf", GOOD_PDF.read_bytes, _write(blank_pdf),
            r"no text found on its 1 page: it holds neither text nor images"),
    BadCase("scripts.html", _html, _write(b"<html><head><title>Widget</title><script>var w = "
                                           b"1;</script></head><body></body></html>"),
            r"no text found in its body \(scripts, styles, markup and navigation menus are "
            r"not read\)"),
    BadCase("menu.html", _html, _write(b'<html><body><nav><a href="a.html">Home</a> <a '
                                       b'href="b.html">About</a></nav></body></html>'),
            r"no text found in its body \(scripts, styles, markup and navigation menus"),
    BadCase("fields.md", _md, _write(b"---\ntitle: Widget notes\nauthor: Ada\n---\n\n"),
            r"no text found after its front matter"),
    BadCase("x.md", _md, _fifo, r"not a regular file \(a named pipe\)"),
    BadCase("loop.md", _md, _symlink_loop, r"symlink loop, not followed"),
    BadCase("escape.md", _md, _symlink_outside,
            r"symlink points outside the indexed root .*, not followed"),
    pytest.param(
        BadCase("locked.md", _md, _unreadable, r"permission denied"),
        marks=pytest.mark.skipif(
            RUNNING_AS_ROOT, reason="running as root: chmod 000 does not stop root reading"
        ),
    ),
]


@pytest.mark.timeout(120)  # a reader blocked on the FIFO would hang here
@pytest.mark.parametrize("case", BAD_CASES, ids=lambda c: c.name)
def test_bad_file_is_reported_and_the_batch_goes_on(case: BadCase, tmp_path, capsys):
    if case.name.endswith((".pdf", ".docx")) and not FIXTURES.is_dir():
        pytest.skip(f"shared data not found: {FIXTURES}")
    docs, db = tmp_path / "docs", tmp_path / "store" / "docnav.duckdb"
    docs.mkdir()
    neighbour, target = docs / "neighbour.md", docs / case.name
    neighbour.write_text(GOOD_MD.replace("widget", "gadget"))
    target.write_bytes(case.good())
    first = run_index(db, docs)
    assert first.failed == [] and sorted(first.added) == sorted([str(neighbour), str(target)])
    good = assert_indexed(db, target)

    # the good version is replaced by a bad one; a new bad file and a good one arrive too
    bad = case.make_bad(target) + case.make_bad(docs / f"new-{case.name}")
    fresh = docs / "fresh.md"
    fresh.write_text(FRESH_MD)
    report = run_index(db, docs)

    failed = dict(report.failed)
    assert sorted(failed) == sorted(map(str, bad))
    for path in bad:
        assert_clear_error(failed[str(path)], path, case.cause)
        row = stored(db, path)
        assert row is not None and row.status == "failed", row
        assert row.error == failed[str(path)]
    # (b) the rest of the batch is indexed
    assert report.added == [str(fresh)]
    assert report.unchanged == [str(neighbour)]
    assert_indexed(db, fresh)
    # (c) the previous version of the replaced file stays queryable
    kept = stored(db, target)
    assert (kept.doc_id, kept.version, kept.content_hash, kept.n_nodes, kept.texts) == (
        good.doc_id, good.version, good.content_hash, good.n_nodes, good.texts
    )
    assert "last attempt failed, showing the previous version" in render_document(
        Store(db), str(target)
    )
    for path in bad[1:]:  # never indexed: recorded, with nothing to show
        assert (stored(db, path).version, stored(db, path).texts) == (0, ())
    assert OUTSIDE_TEXT not in all_node_text(db)

    # (d) the CLI retries the failed files, exits 1 and prints each error on stderr
    capsys.readouterr()
    assert cli_index(db, docs) == 1
    out, err = capsys.readouterr()
    for path in bad:
        line = next(x for x in err.splitlines() if x.startswith(f"error: {path}: "))
        assert_clear_error(line, path, case.cause)
    assert f", {len(bad)} failed; " in out.strip().splitlines()[-1]


@pytest.mark.timeout(120)
def test_fifo_and_symlink_loop_given_directly_are_reported_without_hanging(tmp_path, capsys):
    docs, db = tmp_path / "docs", tmp_path / "docnav.duckdb"
    docs.mkdir()
    (fifo,) = _fifo(docs / "x.md")
    (loop, partner) = _symlink_loop(docs / "a.md")
    assert cli_index(db, fifo, loop) == 1
    err = capsys.readouterr().err
    assert f"error: {fifo}: not a regular file (a named pipe)" in err
    assert f"error: {loop}: symlink loop, not followed" in err
    assert str(partner) not in err, "only the paths given are indexed"


def test_folder_named_like_a_document_is_walked_without_an_error(tmp_path, capsys):
    """A folder named ``y.md`` is a folder: its files were indexed, and it was reported as
    "not a regular file (a folder)" too, so every run exited 1. A link to one is passed over,
    as links to folders are; a pipe named like a document is still an error."""
    docs, db = tmp_path / "docs", tmp_path / "docnav.duckdb"
    docs.mkdir()
    (docs / "y.md").write_text(GOOD_MD)
    assert run_index(db, docs).added == [str(docs / "y.md")]
    (docs / "y.md").unlink()  # the file made a folder: its document is removed, not "excluded"
    (docs / "y.md").mkdir()
    inner = docs / "y.md" / "inner.md"
    inner.write_text(FRESH_MD)
    (docs / "z.md").symlink_to(docs / "y.md", target_is_directory=True)
    report = run_index(db, docs)
    assert report.failed == [] and report.excluded == []
    assert (report.added, report.removed) == ([str(inner)], [str(docs / "y.md")])
    from docnav.scan import scan_paths  # a run over named paths (Dagster, watch): the same

    assert [f.path for f in scan_paths([docs / "y.md", inner], [docs])] == [str(inner)]
    (fifo,) = _fifo(docs / "x.md")
    assert cli_index(db, docs) == 1
    err = capsys.readouterr().err
    assert f"error: {fifo}: not a regular file (a named pipe)" in err
    assert "y.md:" not in err and "z.md" not in err


# -- a file deleted while the run is going on ---------------------------------------------------


def test_file_deleted_mid_run_is_removed_by_that_run_new_or_indexed(tmp_path, capsys):
    """A file the scan found and deleted before the run read it: a changed one's document is
    removed by that run, a new one is left out (-v: "vanished:"); neither fails. The new one
    was "1 failed" (exit 1) and `show` listed it as a failed document ("! file not found"),
    the changed one failed, both until the next run removed them."""
    docs, db = tmp_path / "docs", tmp_path / "docnav.duckdb"
    docs.mkdir()
    a, b, c, d = (docs / f"{n}.md" for n in "abcd")
    for path in (a, b, c):
        path.write_text(GOOD_MD.replace("widget", path.stem))
    run_index(db, docs)

    # every file changes; while parsing a.md, c.md (changed) and d.md (new) disappear
    for path in (a, b, c, d):
        path.write_text(GOOD_MD.replace("widget", f"{path.stem} v2"))
    parsed: list[str] = []

    def parse_deleting_others(path: str, options: ParseOptions):
        parsed.append(Path(path).name)
        if Path(path) == a:
            c.unlink()
            d.unlink()
        return parse_file(path, options)

    report = run_index(db, docs, parse=parse_deleting_others)
    assert parsed == ["a.md", "b.md", "c.md", "d.md"]
    assert (report.failed, report.removed, report.vanished) == ([], [str(c)], [str(d)])
    assert sorted(report.changed) == [str(a), str(b)] and report.ok
    assert "a v2" in " ".join(assert_indexed(db, a).texts)
    assert "b v2" in " ".join(assert_indexed(db, b).texts)
    assert stored(db, c) is None and stored(db, d) is None
    assert f"vanished: {d} (deleted before it was stored)" in report.change_lines()
    assert main(["--db", str(db), "show"]) == 0
    out = capsys.readouterr().out
    assert "c.md" not in out and "d.md" not in out and "not found" not in out, out

    report = run_index(db, docs)
    assert (report.removed, report.vanished, report.failed, report.docs_parsed) == ([], [], [], 0)
    with Store(db).reader() as con:
        orphans = con.execute(
            "SELECT count(*) FROM nodes WHERE doc_id NOT IN (SELECT doc_id FROM documents) "
            "AND kind <> 'collection'"
        ).fetchone()[0]
    assert orphans == 0


# -- large and odd but valid documents -------------------------------------------------------


def _big_markdown(target_bytes: int, seed: int = 0) -> tuple[str, int]:
    """Realistic prose: headings on three levels, each over 3-8 paragraphs of 3-7 sentences."""
    rng = random.Random(seed)
    vocab = ["".join(rng.choices("abcdefghijklmnopqrstuvwxyz", k=rng.randint(2, 10)))
             for _ in range(3000)]
    parts: list[str] = []
    size = headings = 0
    while size < target_bytes:
        headings += 1
        level = 1 if headings % 50 == 1 else 2 if headings % 10 == 1 else 3
        title = " ".join(rng.choices(vocab, k=3)).title()
        section = [f"{'#' * level} Section {headings}: {title}\n\n"]
        for _ in range(rng.randint(3, 8)):
            sentences = (" ".join(rng.choices(vocab, k=rng.randint(6, 18))).capitalize() + "."
                         for _ in range(rng.randint(3, 7)))
            section.append(" ".join(sentences) + "\n\n")
        parts += section
        size += sum(map(len, section))
    return "".join(parts), headings


@pytest.mark.slow
@pytest.mark.timeout(600)  # "a few minutes": ~2-4 min on 2 cores, almost all of it in docling
def test_20_mb_markdown_indexes(tmp_path, capsys):
    """20 MB of Markdown is under the default size limits and indexes in one run.

    The time and its breakdown are printed (run with -s to see them).
    """
    docs, db = tmp_path / "docs", tmp_path / "docnav.duckdb"
    docs.mkdir()
    big = docs / "big.md"
    text, headings = _big_markdown(20 * 2**20)
    big.write_text(text)
    (docs / "fresh.md").write_text(FRESH_MD)

    started = time.perf_counter()
    report = run_index(db, docs)
    seconds = time.perf_counter() - started
    with capsys.disabled():
        stages = ", ".join(f"{k} {v:.1f} s" for k, v in report.stage_seconds.items())
        print(f"\n20 MB Markdown ({big.stat().st_size:,} bytes, {headings} headings): "
              f"indexed in {seconds:.1f} s ({stages}); {report.summary()}")

    assert report.failed == []
    assert sorted(report.added) == [str(big), str(docs / "fresh.md")]
    doc = assert_indexed(db, big)
    with Store(db).reader() as con:
        sections, paragraphs = con.execute(
            "SELECT count(*) FILTER (kind = 'section'), count(*) FILTER (kind = 'paragraph') "
            "FROM nodes WHERE doc_id = ?", [doc.doc_id]
        ).fetchone()
    assert sections == headings
    assert paragraphs == text.count("\n\n") - headings
    assert run_index(db, docs).unchanged == sorted([str(big), str(docs / "fresh.md")])


def test_10000_headings(tmp_path):
    docs, db = tmp_path / "docs", tmp_path / "docnav.duckdb"
    docs.mkdir()
    path = docs / "many.md"
    path.write_text("".join(f"{'#' if i % 100 == 0 else '##'} Heading {i}\n\n"
                            for i in range(10_000)))
    report = run_index(db, docs)
    assert report.failed == []
    with Store(db).reader() as con:
        tree = Store.load_tree(con, assert_indexed(db, path).doc_id)
    assert [s.heading for s in tree.sections] == [f"Heading {i}" for i in range(10_000)]
    assert len({s.node_id for s in tree.sections}) == 10_000
    tops = [s for s in tree.sections if s.parent_id == tree.root.node_id]
    assert [s.heading for s in tops] == [f"Heading {i}" for i in range(0, 10_000, 100)]
    assert {len(tree.children(s.node_id)) for s in tops} == {99}


def _nested_blocks(depth: int) -> tuple[Block, ...]:
    blocks: list[Block] = []
    for level in range(1, depth + 1):
        blocks += [Block(BlockKind.HEADING, f"Level {level}", level=level),
                   Block(BlockKind.TEXT, f"Text at level {level}.")]
    return tuple(blocks)


def test_200_levels_of_nesting_build_a_200_deep_tree():
    tree = build_tree(ParsedDocument("Deep", _nested_blocks(200), "md"), "doc-deep", "/d.md")
    deepest = next(s for s in tree.sections if s.heading == "Level 200")
    assert deepest.level == 200
    assert len(tree.ancestors(deepest.node_id)) == 200  # 199 sections and the document
    assert deepest.breadcrumb.count(" › ") == 200
    assert len({n.node_id for n in tree.nodes}) == len(tree.nodes) == 1 + 200 * 2


def test_200_levels_of_nesting_through_the_indexer_and_show(tmp_path, capsys):
    """A parser result 200 headings deep is stored, reloaded and shown (no recursion limit)."""
    docs, db = tmp_path / "docs", tmp_path / "docnav.duckdb"
    docs.mkdir()
    deep = docs / "deep.md"
    deep.write_text("placeholder: the parse callable below supplies the blocks\n")
    (docs / "fresh.md").write_text(FRESH_MD)

    def parse(path: str, options: ParseOptions):
        if Path(path) == deep:
            return ParsedDocument("Deep", _nested_blocks(200), "md")
        return parse_file(path, options)

    report = run_index(db, docs, parse=parse)
    assert report.failed == [] and len(report.added) == 2
    doc = assert_indexed(db, deep)
    with Store(db).reader() as con:
        tree = Store.load_tree(con, doc.doc_id)
    assert max(n.level for n in tree.sections) == 200
    shown = render_document(Store(db), str(deep)).splitlines()
    assert shown[-1].startswith("200 sections, 200 paragraphs")
    assert any(line.startswith(" " * 400 + "Level 200  [") for line in shown)


def test_markdown_heading_jumps_nest_under_the_nearest_open_heading(tmp_path):
    """Real Markdown cannot go past ``######``; jumps down and back up must still nest."""
    docs, db = tmp_path / "docs", tmp_path / "docnav.duckdb"
    docs.mkdir()
    path = docs / "jumps.md"
    path.write_text(
        "# A\n\na.\n\n###### A6\n\na6.\n\n### A3\n\na3.\n\n##### A35\n\na35.\n\n"
        "## A2\n\na2.\n\n# B\n\nb.\n\n#### B4\n\nb4.\n"
    )
    report = run_index(db, docs)
    assert report.failed == []
    with Store(db).reader() as con:
        tree = Store.load_tree(con, assert_indexed(db, path).doc_id)
    parent = {s.heading: tree.node(s.parent_id).heading for s in tree.sections}
    assert parent == {"A": tree.root.heading, "A6": "A", "A3": "A",
                      "A35": "A3", "A2": "A", "B": tree.root.heading, "B4": "B"}
    assert {s.heading: s.level for s in tree.sections} == {
        "A": 1, "A6": 2, "A3": 2, "A35": 3, "A2": 2, "B": 1, "B4": 2
    }


def test_no_headings_is_one_section(tmp_path):
    docs, db = tmp_path / "docs", tmp_path / "docnav.duckdb"
    docs.mkdir()
    path = docs / "plain.md"
    path.write_text("First paragraph, no heading.\n\nSecond one.\n\nThird one.\n")
    assert run_index(db, docs).failed == []
    with Store(db).reader() as con:
        tree = Store.load_tree(con, assert_indexed(db, path).doc_id)
    (section,) = tree.sections
    assert section.heading == "plain" and section.parent_id == tree.root.node_id
    assert [p.text for p in tree.paragraphs] == [
        "First paragraph, no heading.", "Second one.", "Third one."
    ]
    assert {p.parent_id for p in tree.paragraphs} == {section.node_id}


def test_duplicate_headings_get_distinct_ids(tmp_path):
    docs, db = tmp_path / "docs", tmp_path / "docnav.duckdb"
    docs.mkdir()
    path = docs / "dupes.md"
    path.write_text(
        "# Notes\n\nfirst.\n\n# Notes\n\nsecond.\n\n# Notes\n\nthird.\n\n"
        "## Examples\n\nunder the third.\n\n# Other\n\n## Examples\n\nelsewhere.\n"
    )
    assert run_index(db, docs).failed == []
    with Store(db).reader() as con:
        tree = Store.load_tree(con, assert_indexed(db, path).doc_id)
    notes = [s for s in tree.sections if s.heading == "Notes"]
    examples = [s for s in tree.sections if s.heading == "Examples"]
    assert len(notes) == 3 and len(examples) == 2
    assert len({n.node_id for n in tree.nodes}) == len(tree.nodes)
    assert [tree.children(n.node_id)[0].text for n in notes] == ["first.", "second.", "third."]
    assert {tree.node(e.parent_id).node_id for e in examples} == {
        notes[2].node_id, next(s for s in tree.sections if s.heading == "Other").node_id
    }


def test_an_embedding_model_folder_that_does_not_exist_names_every_setting(tmp_path):
    # under Dagster the model is DOCNAV_EMBED_MODEL: the message named only --embed-model
    from docnav.embed import resolve_model
    from docnav.errors import ConfigError

    with pytest.raises(ConfigError, match=r"embedding model folder '\S+/nowhere/model' does not "
                                          r"exist. Set the embedding model \(`--embed-model`, "
                                          r"\$DOCNAV_EMBED_MODEL under Dagster, or "
                                          r"EmbeddingOptions.model\)"):
        resolve_model(str(tmp_path / "nowhere" / "model"))
