"""The parser's name, recorded with each document (``documents.parsed_with``): its version
(:data:`docnav.parse.PARSER_VERSION`, bumped by hand when a change makes other trees) and its
libraries' versions. It was 12 hex digits of the parsing modules' source, so any edit of them,
a comment's included, named every stored document as parsed by another version. A store
written then is named so once more, until `docnav index --reparse`. Real parser, real store."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import duckdb
from _paths import FIXTURES, require

from docnav.cli import main
from docnav.parse import ParseOptions, parser_fingerprint, parser_id

ROOT = Path(__file__).resolve().parents[1]
OLD = "87834d13bae3"  # what a DocNav before parser versions recorded (README's example)


def _name_in(package_root: Path) -> str:
    """The parser's name as a process running the ``docnav`` package under ``package_root``
    gives it."""
    return subprocess.run(
        [sys.executable, "-P", "-c",
         "from docnav.parse import parser_fingerprint; print(parser_fingerprint())"],
        env={"PYTHONPATH": str(package_root)}, capture_output=True, text=True,
        check=True).stdout.strip()


def test_an_edit_of_the_parsing_code_names_another_parser_only_with_another_version(tmp_path):
    """Appending a comment to the PDF heading rules, the tree builder and the pull request
    reader gave another name (and every stored document was "parsed by another version")."""
    copy = tmp_path / "docnav"
    shutil.copytree(ROOT / "docnav", copy, ignore=shutil.ignore_patterns("__pycache__"))
    assert _name_in(tmp_path) == parser_fingerprint()
    for module in ("parse/_pdf_headings.py", "tree.py", "pull_requests.py"):
        with (copy / module).open("a", encoding="utf-8") as f:
            f.write("\n# a comment: no other tree of any file\n")
    assert _name_in(tmp_path) == parser_fingerprint()
    from docnav.parse import PARSER_VERSION  # (after the check that needs none: it failed)

    assert re.fullmatch(rf"v{PARSER_VERSION}-[0-9a-f]{{8}}", parser_fingerprint())

    version = copy / "parse" / "_fingerprint.py"
    text = version.read_text(encoding="utf-8")
    assert f"\nPARSER_VERSION = {PARSER_VERSION}\n" in text
    version.write_text(text.replace(f"\nPARSER_VERSION = {PARSER_VERSION}\n",
                                    f"\nPARSER_VERSION = {PARSER_VERSION + 1}\n"))
    bumped = _name_in(tmp_path)
    assert bumped == f"v{PARSER_VERSION + 1}-" + parser_fingerprint().split("-", 1)[1]


def test_another_version_of_a_parsing_library_names_another_parser(monkeypatch):
    from docnav.parse import PARSER_VERSION, _fingerprint

    installed = parser_fingerprint()
    real = _fingerprint._version
    monkeypatch.setattr(_fingerprint, "_version",
                        lambda name: "0.0-other" if name == "docling" else real(name))
    _fingerprint.parser_fingerprint.cache_clear()
    try:
        other = _fingerprint.parser_fingerprint()
        assert other != installed and other.startswith(f"v{PARSER_VERSION}-")
    finally:
        monkeypatch.undo()
        _fingerprint.parser_fingerprint.cache_clear()
    assert parser_fingerprint() == installed


def test_a_store_written_before_parser_versions_is_parsed_again_once(tmp_path, capsys):
    """Its documents name the old source fingerprint: named as parsed by another version by
    `index` and `show`, until one `--reparse` records this version (writing no tree)."""
    from docnav.parse import PARSER_VERSION

    docs, db = tmp_path / "docs", tmp_path / "store.duckdb"
    docs.mkdir()
    shutil.copy(require(FIXTURES / "pdf" / "bookmark_sample.pdf"), docs)
    (docs / "notes.md").write_text("# Notes\n\nThe pump moves water.\n")
    run = ["--db", str(db), "index", str(docs), "--embed-model", "hashing", "--no-summaries",
           "--no-progress"]
    assert main(run) == 0
    with duckdb.connect(str(db)) as con:  # as the DocNav before parser versions recorded it
        now = dict(con.execute("SELECT path, parsed_with FROM documents").fetchall())
        con.execute("UPDATE documents SET parsed_with = "
                    "regexp_replace(parsed_with, '^[^;]*', ?)", [OLD])
        older = dict(con.execute("SELECT path, parsed_with FROM documents").fetchall())
    pdf, notes = str(docs / "bookmark_sample.pdf"), str(docs / "notes.md")
    assert older[notes] == OLD
    assert older[pdf] == OLD + now[pdf][now[pdf].index(";"):]
    assert older[pdf].startswith(f"{OLD};pdf_mode=auto;outline=True;furniture=True;pipeline=")
    capsys.readouterr()

    assert main(["--db", str(db), "locate", "pump"]) == 0  # it answers as it is
    assert "The pump moves water." in capsys.readouterr().out
    assert main(run) == 0
    err = capsys.readouterr().err
    assert "note: 2 documents were parsed by another version of DocNav's parsers" in err
    assert main(["--db", str(db), "show", "notes.md"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == (
        f"parsed by parser {OLD} (another version: `docnav index DIR --reparse` parses it "
        "again)")

    assert main([*run, "--reparse"]) == 0
    out = capsys.readouterr()
    assert "2 unchanged files parsed again (0 came out different)" in out.out
    with duckdb.connect(str(db), read_only=True) as con:
        assert dict(con.execute("SELECT path, parsed_with FROM documents").fetchall()) == now
        assert con.execute("SELECT max(version) FROM documents").fetchone() == (1,)
    assert now[notes] == parser_id("markdown", ParseOptions())
    assert now[notes].startswith(f"v{PARSER_VERSION}-")
    assert main(run) == 0 and "note:" not in capsys.readouterr().err
    assert main(["--db", str(db), "show", "notes.md"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == f"parsed by parser {parser_fingerprint()}"
