"""The CLI against stores and outputs that are not what it expects: a DuckDB file of something
else, a store folder that cannot be made, a store another process is writing, paths named
through `..`, a reader that stops reading, a write-ahead log a stopped run left. Real store,
real processes."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest
from _cli import SAMPLES, TWO_DOCUMENTS, docnav, written
from _harness import held

from docnav.cli import main


def index(db: Path, *paths, wait: str = "10") -> int:
    return docnav(db, "index", *map(str, paths), "--embed-model", "hashing", "--no-summaries",
                  "--no-progress", "--wait", wait)


@pytest.fixture
def docs(tmp_path):
    return written(tmp_path / "docs", TWO_DOCUMENTS)


def test_a_duckdb_file_of_something_else_is_refused_and_left_as_it_was(tmp_path, docs, capsys):
    db = tmp_path / "other.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute("CREATE TABLE t (a INTEGER PRIMARY KEY)")
        con.execute("CREATE VIEW v AS SELECT * FROM t")
        con.execute("CREATE SCHEMA s")
        con.execute("CREATE TABLE s.u AS SELECT 42 AS z")
    for args in (["prune", "--dry-run"], ["prune"], ["index", str(docs), "--embed-model",
                                                      "hashing", "--no-summaries"]):
        assert docnav(db, *args) == 2, args
        err = capsys.readouterr().err
        assert f"{db}: not a DocNav store: this DuckDB database holds schema s, table main.t, " \
               "table s.u, view main.v" in err
        # a dry run reads only: what was not written goes without saying (a QA pass)
        assert ("nothing was written" in err) is (args[-1] != "--dry-run"), args
    with duckdb.connect(str(db), read_only=True) as con:
        tables = {r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}
        assert tables == {"t", "u"}
        assert con.execute("SELECT z FROM s.u").fetchone() == (42,)
        assert con.execute("SELECT count(*) FROM v").fetchone() == (0,)


def test_an_empty_duckdb_file_becomes_a_store(tmp_path, docs):
    db = tmp_path / "empty.duckdb"
    duckdb.connect(str(db)).close()
    assert index(db, docs) == 0


def test_a_store_folder_that_cannot_be_made_is_a_clear_error(tmp_path, docs, capsys):
    (tmp_path / "file").write_text("in the way")
    db = tmp_path / "file" / "store" / "x.duckdb"
    assert index(db, docs) == 2
    err = capsys.readouterr().err
    assert f"{db}: cannot create the store's folder {db.parent}" in err
    assert "Traceback" not in err


def test_a_path_through_dotdot_is_the_same_document(tmp_path, docs, capsys):
    db = tmp_path / "s.duckdb"
    assert index(db, docs) == 0
    capsys.readouterr()
    assert index(db, docs / ".." / docs.name / "b.md") == 0
    assert "0 added, 0 changed" in capsys.readouterr().out
    with duckdb.connect(str(db), read_only=True) as con:
        assert sorted(p for (p,) in con.execute("SELECT path FROM documents").fetchall()) == [
            str(docs / "a.md"), str(docs / "b.md")]
    assert docnav(db, "show", str(docs / ".." / docs.name / "b.md")) == 0
    assert "Bravo" in capsys.readouterr().out


def test_a_missing_store_says_the_command_that_makes_it(tmp_path, capsys):
    db = tmp_path / "none.duckdb"
    assert docnav(db, "show") == 2
    hint = capsys.readouterr().err.split("Create it with ")[1].split("`")[1]
    assert hint == f"docnav --db {db} index PATH"
    # the hint works as written (PATH put in)
    assert main(hint.split()[1:-1] + [str(SAMPLES / "0019-opt-in-builtin-traits.md"),
                                      "--embed-model", "hashing", "--no-summaries",
                                      "--no-progress"]) == 0


def test_a_folder_given_as_the_store_is_named_as_one(tmp_path, docs, capsys):
    # `--db .docnav` (the default store's folder) said "IO Error: Could not read from file
    # ...: Is a directory"
    folder = tmp_path / ".docnav"
    assert index(folder / "docnav.duckdb", docs) == 0
    for args in (["show"], ["ask", "apples"], ["prune"], ["compact"],
                 ["index", str(docs), "--embed-model", "hashing", "--no-summaries"]):
        capsys.readouterr()
        assert docnav(folder, *args) == 2, args
        assert capsys.readouterr().err == (
            f"docnav: error: {folder}: a folder, not a store: a store is one DuckDB file; this "
            f"folder holds one: --db {folder / 'docnav.duckdb'}\n"), args
    assert docnav(docs, "show") == 2
    assert capsys.readouterr().err.endswith(
        f"a store is one DuckDB file, such as {docs / 'docnav.duckdb'}\n")
    assert sorted(p.name for p in docs.iterdir()) == ["a.md", "b.md"]  # nothing written


@pytest.mark.parametrize("args", [["prune"], ["compact"], ["index", "docs", "--embed-model",
                                                               "hashing", "--no-summaries"]])
def test_the_current_folder_given_as_the_store_is_named_as_one(tmp_path, docs, monkeypatch,
                                                               capsys, args):
    # `--db .` ended index, prune and compact in a traceback (ValueError: PosixPath('.') has
    # an empty name, naming the store's write-ahead log); the query commands said this
    monkeypatch.chdir(tmp_path)
    assert main(["--db", ".", *args]) == 2
    assert capsys.readouterr().err == ("docnav: error: .: a folder, not a store: a store is one "
                                       "DuckDB file, such as docnav.duckdb\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["docs"]  # nothing written


def test_a_store_whose_every_document_failed_says_so(tmp_path, capsys):
    # ask said "in none of the documents asked of" (with --doc, that none matches), fetch and
    # nav of the file's path "unknown node id", show "1 documents"
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "e.md").write_text("")
    db = tmp_path / "s.duckdb"
    assert index(db, folder) == 1
    capsys.readouterr()
    for args in (["ask", "apples"], ["locate", "apples"]):
        assert docnav(db, *args) == 0
        assert capsys.readouterr().err == (f"docnav: note: no document is indexed in {db} (1 "
                                           "failed: `docnav show` lists them with their "
                                           "errors)\n")
    for args in (["fetch", "e.md"], ["nav", str(folder / "e.md"), "--dir", "children"]):
        assert docnav(db, *args) == 2
        assert capsys.readouterr().err.splitlines()[-1] == (
            f"docnav: error: {folder / 'e.md'}: not indexed, its last run failed (file is "
            "empty (0 bytes)); fix the file and run `docnav index` again")
    assert docnav(db, "ask", "apples", "--doc", "e.md") == 2  # said: "matches no document"
    assert capsys.readouterr().err.splitlines()[-1] == (
        "docnav: error: no indexed document matches 'e.md': it names only documents that "
        f"failed to index ({folder / 'e.md'}: file is empty (0 bytes))")
    assert docnav(db, "show") == 0
    assert "1 document; edges: 0 contains" in capsys.readouterr().out
    (folder / "e.md").write_text("# E\n\nApples.\n")  # fixed: as any document
    assert index(db, folder) == 0
    capsys.readouterr()
    assert docnav(db, "ask", "apples") == 0
    out, err = capsys.readouterr()
    assert "Apples." in out and err == ""
    assert docnav(db, "fetch", "e.md") == 0 and "Apples." in capsys.readouterr().out


def test_show_reads_the_export_while_another_process_writes_the_store(tmp_path, docs, capsys):
    db = tmp_path / "s.duckdb"
    assert index(db, docs) == 0
    capsys.readouterr()
    assert docnav(db, "show") == 0
    direct = capsys.readouterr().out.splitlines()
    assert docnav(db, "show", "a.md", "--text") == 0
    direct_doc = capsys.readouterr().out.splitlines()
    with held(db, "w", 60):
        assert docnav(db, "show") == 0
        listing = capsys.readouterr().out.splitlines()
        assert docnav(db, "show", "a.md", "--text") == 0
        document = capsys.readouterr().out.splitlines()
        assert docnav(db, "show", "--json") == 0
        exported = json.loads(capsys.readouterr().out)
        assert docnav(db, "show", "a.md", "--json") == 0
        exported_doc = json.loads(capsys.readouterr().out)
    note = ("read from the Parquet export, the last complete state: another process is "
            "writing the store")
    # the same rows (each with its title, from the export's nodes too); the file's size line
    # (the database's own) gives way to the note
    assert direct[1].endswith('a.md  "Alpha"') and direct[2].endswith('b.md  "Bravo"')
    assert listing == [*direct[:-1], note] and direct[-1].startswith("store file ")
    assert document == [*direct_doc, note]
    assert exported["from_export"] and exported["notes"] == listing[4:] and listing[-1] == note
    assert [Path(d["path"]).name for d in exported["documents"]] == ["a.md", "b.md"]
    assert exported_doc["from_export"] and exported_doc["tree"]["heading"] == "Alpha"


def test_a_reader_that_stops_reading_ends_the_command_quietly(tmp_path, docs):
    db = tmp_path / "s.duckdb"
    for i in range(300):
        (docs / f"n{i:03}.md").write_text(f"# Note {i}\n\nText {i}.\n")
    assert index(db, docs) == 0
    shown = subprocess.Popen([sys.executable, "-m", "docnav.cli", "--db", str(db), "show"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    shown.stdout.close()  # as `docnav show | head -1` once head has its line
    err = shown.stderr.read().decode()
    shown.stderr.close()
    assert shown.wait() == 141 and err == ""


def test_a_run_says_when_it_removes_documents_whose_files_are_still_there(tmp_path, docs,
                                                                           capsys):
    db = tmp_path / "s.duckdb"
    assert index(db, docs) == 0
    capsys.readouterr()
    assert index(db, docs, "--exclude", "b.md") == 0
    out, err = capsys.readouterr()
    assert "1 removed" in out
    assert ("note: 1 document was removed although its file is still there (b.md): this "
            "run's --include/--exclude leave it out. Index the folder with the settings that "
            "cover it to bring it back.") in err
    (docs / "a.md").unlink()  # a file deleted: removed without a note
    assert index(db, docs, "--exclude", "b.md") == 0
    out, err = capsys.readouterr()
    assert "1 removed" in out and "removed although" not in err
    assert err.splitlines() == [  # the folder has nothing left that the run reads
        f"note: {docs}: no file here matches what this run reads (*.md, *.markdown, *.html, "
        "*.htm, *.docx, *.pdf, less what --exclude leaves out); it holds 1 file (.md: 1)"]


def test_show_lists_a_title_that_says_more_than_its_file_name(tmp_path, capsys):
    # `docnav show` listed paths alone: "1705.07830.pdf" said nothing of the paper, and the
    # error messages send people to it to choose a --doc
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "annual_report.md").write_text("# Annual Report\n\nSales rose.\n")
    (folder / "q3.md").write_text("# Quarterly pump sales in the northern region, with the "
                                  "valve recall and its costs\n\nSales fell.\n")
    db = tmp_path / "s.duckdb"
    assert index(db, folder) == 0
    capsys.readouterr()
    assert docnav(db, "show") == 0
    rows = capsys.readouterr().out.splitlines()[1:3]
    assert rows[0].endswith("annual_report.md")  # its title is its file name's words
    assert rows[1].endswith('q3.md  "Quarterly pump sales in the northern region, with the '
                            'valve…"')
    (folder / "q3.md").unlink()  # one document left: said so ("(1 documents)" before)
    assert index(db, folder) == 0
    capsys.readouterr()
    assert docnav(db, "show") == 0
    assert "embedded with hashing-v1-256 (1 document)" in capsys.readouterr().out.splitlines()


def test_show_counts_the_write_ahead_log_left_by_a_run_that_stopped(tmp_path, docs, capsys):
    # a run stopped by a full disk left 16 documents' rows in the log and "store file 0.0 MiB"
    # was printed: the blocks a checkpoint wrote, not the file
    db = tmp_path / "s.duckdb"
    assert index(db, docs) == 0
    subprocess.run([sys.executable, "-c", (
        "import duckdb, os, sys; con = duckdb.connect(sys.argv[1]); "
        "con.execute(\"UPDATE documents SET error = 'x' WHERE doc_id = "
        "(SELECT min(doc_id) FROM documents)\"); os._exit(0)"), str(db)], check=True)
    log = Path(f"{db}.wal").stat().st_size
    assert log > 0
    capsys.readouterr()
    assert docnav(db, "show") == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == (f"store file {db.stat().st_size / 2**20:.1f} MiB and {log / 1024:.1f} KiB "
                    "in its write-ahead log (the next `docnav index` writes it into the file)")


def test_a_file_indexed_by_its_path_and_deleted_is_removed_by_a_run_over_that_path(
        tmp_path, docs, capsys):
    db = tmp_path / "s.duckdb"
    assert index(db, docs / "a.md", docs / "b.md") == 0
    (docs / "b.md").unlink()
    capsys.readouterr()
    # it said "no such file or folder to index", and the document stayed listed and found
    assert index(db, docs / "b.md") == 0
    out, err = capsys.readouterr()
    assert out.startswith("0 added, 0 changed, 0 renamed, 1 removed, 0 unchanged") and err == ""
    assert docnav(db, "locate", "boats") == 0
    assert "b.md" not in capsys.readouterr().out
    # a folder that is gone keeps its documents, as under `docnav watch`; a path never
    # indexed is no such file
    assert index(db, docs) == 0
    docs.rename(tmp_path / "away")
    capsys.readouterr()
    assert index(db, docs) == 2
    assert capsys.readouterr().err == (
        f"docnav: error: {docs}: no such folder to index; the store keeps the 1 document "
        "indexed from it (an empty folder in its place removes it)\n")
    assert index(db, tmp_path / "never.md") == 2
    assert "never.md: no such file or folder to index" in capsys.readouterr().err


def test_a_gone_folder_among_the_paths_keeps_its_documents_and_the_others_are_indexed(
        tmp_path, capsys):
    """`index g/f1 g/f2` with g/f2 gone: the run stopped at once ("no such folder to index")
    and the edit under g/f1 was not indexed. Now g/f1 is indexed, g/f2's documents are kept,
    and the run fails for g/f2, naming it, as for a folder it cannot list."""
    f1, f2 = tmp_path / "g" / "f1", tmp_path / "g" / "f2"
    for folder, name in ((f1, "one"), (f2, "two")):
        folder.mkdir(parents=True)
        (folder / f"{name}.md").write_text(f"# {name.title()}\n\nThe {name} text.\n")
    db = tmp_path / "gdb" / "g.duckdb"
    assert index(db, f1, f2) == 0
    for path in (f2 / "two.md", f2):
        path.unlink() if path.is_file() else path.rmdir()
    (f1 / "one.md").write_text("# One\n\nThe one text.\n\nMore oranges.\n")
    capsys.readouterr()
    assert index(db, f1, f2) == 1
    out, err = capsys.readouterr()
    assert err == (f"error: {f2}: no such folder to index; the store keeps the 1 document "
                   "indexed from it (an empty folder in its place removes it)\n")
    assert out.startswith("0 added, 1 changed, 0 renamed, 0 removed, 0 unchanged, 0 failed, "
                          "1 path not read; ")
    assert docnav(db, "locate", "oranges") == 0
    assert "More oranges." in capsys.readouterr().out
    assert docnav(db, "show") == 0
    assert str(f2 / "two.md") in capsys.readouterr().out
    # every path gone: refused as before, nothing to index
    assert index(db, f2) == 2
    assert "no such folder to index; the store keeps the 1 document indexed" in (
        capsys.readouterr().err)


def test_a_file_no_run_reads_by_default_is_removed_with_a_note_saying_so(tmp_path, docs,
                                                                         capsys):
    db = tmp_path / "s.duckdb"
    (docs / "x.txt").write_text("plain text")
    assert index(db, docs / "x.txt") == 1  # given by its name: stored as failed
    assert index(db, docs) == 0
    err = capsys.readouterr().err
    assert ("note: 1 document was removed although its file is still there (x.txt): this run "
            "reads *.md, *.markdown, *.html, *.htm, *.docx, *.pdf (no --include given). Index "
            "the folder with the settings that cover it to bring it back.") in err


def test_a_folder_given_through_a_link_to_one_indexed_says_it_is_indexed_twice(
        tmp_path, docs, capsys):
    # `docnav index docs-link` after `docnav index docs` added every document again, silently
    db = tmp_path / "s.duckdb"
    link = tmp_path / "docs-link"
    link.symlink_to(docs)
    assert index(db, docs) == 0
    capsys.readouterr()
    assert index(db, link) == 0
    out, err = capsys.readouterr()
    assert out.startswith("2 added") and err == (
        f"note: {link} is a link to {docs}, under which the store holds 2 documents too: "
        "each is indexed twice, under both paths (index the folder by one path; the other's "
        "copies go with an empty folder in its place)\n")
    assert index(db, docs) == 0 and capsys.readouterr().err == ""  # by its own path: no note


def test_show_lists_a_file_named_with_a_newline_on_one_row(tmp_path, docs, capsys):
    (docs / "new\nline.md").write_text("# N\n\nText n.\n")
    db = tmp_path / "s.duckdb"
    assert index(db, docs) == 0
    capsys.readouterr()
    assert docnav(db, "show") == 0
    rows = capsys.readouterr().out.splitlines()
    assert any(row.endswith(f"{docs}/new\\nline.md  \"N\"") for row in rows), rows
    assert not any(row.startswith("line.md") for row in rows)  # its row was cut in two


def test_index_verbose_names_each_document_by_what_happened_to_it(tmp_path, docs, capsys):
    db = tmp_path / "s.duckdb"
    assert index(db, docs, "-v") == 0
    assert capsys.readouterr().out.splitlines()[:2] == [f"added: {docs}/a.md",
                                                         f"added: {docs}/b.md"]
    (docs / "a.md").write_text("# Alpha\n\nAlpha has pears now.\n")
    (docs / "b.md").rename(docs / "c.md")
    (docs / "d.md").write_text("# Delta\n\nDelta digs.\n")
    assert index(db, docs, "--verbose") == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:3] == [f"added: {docs}/d.md", f"changed: {docs}/a.md",
                         f"renamed: {docs}/b.md -> {docs}/c.md"]
    assert lines[3].startswith("1 added, 1 changed, 1 renamed, 0 removed") and len(lines) == 4
    (docs / "d.md").unlink()
    assert index(db, docs, "-v") == 0
    assert capsys.readouterr().out.splitlines()[0] == f"removed: {docs}/d.md"
    assert index(db, docs) == 0  # without it: the summary line alone, as before
    assert len(capsys.readouterr().out.splitlines()) == 1


def test_show_text_gives_a_table_or_code_block_one_line_of_the_tree(tmp_path, capsys):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "t.md").write_text("# T\n\n## Data\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
                               "```\nline one\nline two\n```\n")
    db = tmp_path / "s.duckdb"
    assert index(db, docs) == 0
    capsys.readouterr()
    assert docnav(db, "show", "t.md", "--text") == 0
    lines = capsys.readouterr().out.splitlines()
    table = next(line for line in lines if "- table:" in line)
    assert table.startswith("      - table: |   a |   b | ⏎ |--") and "|   1 |   2 |  [" in table
    code = next(line for line in lines if "- code:" in line)
    assert "line one ⏎ line two  [" in code
    assert not any(line.startswith(("|", "line two")) for line in lines)  # no row of its own


def test_an_empty_file_given_as_the_store_becomes_one(tmp_path, docs, capsys):
    # `touch s.duckdb` or `mktemp`: "cannot open the store: ... not a valid DuckDB database"
    db = tmp_path / "s.duckdb"
    db.write_bytes(b"")
    assert docnav(db, "show") == 2
    assert capsys.readouterr().err == (f"docnav: error: {db}: an empty file, no store yet. "
                                       f"Create it with `docnav --db {db} index PATH`.\n")
    assert index(db, docs) == 0 and db.stat().st_size > 0
    assert docnav(db, "show") == 0 and "2 documents" in capsys.readouterr().out


def _foreign(path: Path) -> None:
    con = duckdb.connect(str(path))
    con.execute("CREATE TABLE t (a INT)")
    con.close()


@pytest.mark.parametrize("make, said", [
    (lambda p: p.write_text("some notes\n"), "not a DocNav store: not a DuckDB database file"),
    (_foreign, "not a DocNav store: this DuckDB database holds table main.t"),
    (lambda p: socket.socket(socket.AF_UNIX).bind(str(p)), "not a regular file, so no store"),
], ids=["text file", "other tables", "socket"])
def test_a_store_refused_leaves_no_lock_file_beside_it(tmp_path, capsys, make, said):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A\n\nText.\n")
    db = tmp_path / "odd.txt"
    make(db)
    assert index(db, tmp_path / "docs") == 2
    assert f"docnav: error: {db}: {said}" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["docs", "odd.txt"]


def test_prune_dry_run_only_reads_the_store(tmp_path, docs, capsys):
    # it opened the store for writing: on a read-only store "cannot open the store's lock file"
    db = tmp_path / "g.duckdb"
    assert index(db, docs) == 0
    lock = db.with_name("g.duckdb.lock")
    lock.unlink()
    capsys.readouterr()
    assert docnav(db, "prune", "--dry-run") == 0
    assert capsys.readouterr().out.startswith("nothing to prune: every stored model is in use")
    assert not lock.exists()  # the writer lock is never taken


def test_prune_of_a_store_without_vectors_says_so(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    db = tmp_path / "g.duckdb"
    assert index(db, tmp_path / "empty") == 0
    capsys.readouterr()
    assert docnav(db, "prune") == 0
    assert capsys.readouterr().out == "nothing to prune: the store holds no vectors\n"


def test_show_of_a_store_emptied_by_removals_does_not_say_none_was_indexed(tmp_path, docs,
                                                                           capsys):
    db = tmp_path / "g.duckdb"
    assert index(db, docs) == 0
    for doc in docs.iterdir():
        doc.unlink()
    assert index(db, docs) == 0
    capsys.readouterr()
    assert docnav(db, "show") == 0
    assert capsys.readouterr().out == ("no documents in the store: none indexed yet, or every "
                                       "one removed since\n")


def test_a_path_never_indexed_and_not_there_fails_alone(tmp_path, docs, capsys):
    """`index docs/ typo` refused the whole run (exit 2), docs/ not indexed: now docs/ is
    indexed and the run fails for the path, naming it (exit 1); given alone, it is refused."""
    db = tmp_path / "s.duckdb"
    typo = tmp_path / "typo"
    assert index(db, docs, typo) == 1
    out, err = capsys.readouterr()
    assert err == f"error: {typo}: no such file or folder to index\n"
    assert out.startswith("2 added, 0 changed, 0 renamed, 0 removed, 0 unchanged, 0 failed, "
                          "1 path not read; "), out
    assert docnav(db, "show") == 0
    assert "typo" not in capsys.readouterr().out
    assert index(db, typo) == 2
    assert f"{typo}: no such file or folder to index" in capsys.readouterr().err


def test_show_json_gives_a_failed_document_s_error_without_its_path(docs, tmp_path, capsys):
    """`show --json` gave "/…/a.md: file is empty (0 bytes)", its path said twice (``path``
    beside it), where `index --json`'s failed[].error and `ask --json`'s stale[].error give
    "file is empty (0 bytes)"; of one indexed before (its previous version kept) and one
    never indexed alike."""
    db = tmp_path / "s.duckdb"
    assert index(db, docs) == 0
    (docs / "a.md").write_text("")
    (docs / "e.md").write_text("")
    assert index(db, docs) == 1
    capsys.readouterr()
    assert docnav(db, "show", "--json") == 0
    listed = {Path(d["path"]).name: d for d in json.loads(capsys.readouterr().out)["documents"]}
    assert [(n, listed[n]["status"], listed[n]["error"]) for n in ("a.md", "b.md", "e.md")] == [
        ("a.md", "failed", "file is empty (0 bytes)"), ("b.md", "ok", None),
        ("e.md", "failed", "file is empty (0 bytes)")]
    for name in ("a.md", "e.md"):
        assert docnav(db, "show", str(docs / name), "--json") == 0
        assert json.loads(capsys.readouterr().out)["error"] == "file is empty (0 bytes)"
    assert docnav(db, "show", str(docs / "a.md")) == 0  # the text says what it shows
    assert ("! last attempt failed, showing the previous version: file is empty (0 bytes)"
            in capsys.readouterr().out.splitlines())  # the header line names the file
