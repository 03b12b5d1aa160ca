"""What `index` and readers say of stores held by another process, store paths and broken links
(the sixty-second session's QA): each reader or writer told what it can do, DOCNAV_DB named as
the CLI reads it, a link's target as the link says it. Real stores and processes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from _cli import TWO_DOCUMENTS, run, written
from _harness import held, writer_held

from docnav.errors import StoreLocked
from docnav.store import Store

INDEX = ("--embed-model", "hashing", "--no-summaries", "--no-progress")


@pytest.fixture
def docs(tmp_path):
    return written(tmp_path / "docs", TWO_DOCUMENTS)


def test_a_second_writer_is_told_to_wait_and_a_reader_to_read_the_export(tmp_path, docs):
    """A second `index` was told "... or read the Parquet export instead", no help to a
    writer: it is told to try again or give --wait; a reader is still told of the export."""
    db = tmp_path / "s.duckdb"
    assert run(db, "index", str(docs), *INDEX)[0] == 0
    with held(db, "w", 60):
        code, _, err = run(db, "index", str(docs), *INDEX, "--wait", "0")
        assert code == 2
        assert "Parquet export" not in err and "`--wait SECONDS`" in err, err
        assert "Try again when it has finished" in err, err
        with pytest.raises(StoreLocked, match="read the Parquet export instead"):
            with Store(db).reader():
                pass


@pytest.mark.parametrize("command", [("index", "DOCS"), ("prune",)], ids=["index", "prune"])
def test_a_writer_held_off_by_a_compaction_is_told_to_wait(tmp_path, docs, command):
    """A compaction holding the writer lock gave writers a reader's advice ("Wait for it to
    finish (readers meanwhile use the Parquet export).") and no --wait."""
    db = tmp_path / "s.duckdb"
    assert run(db, "index", str(docs), *INDEX)[0] == 0
    args = [str(docs) if a == "DOCS" else a for a in command]
    args += list(INDEX) if command[0] == "index" else []
    with writer_held(db, 60, exclusive=True):
        code, _, err = run(db, *args, "--wait", "0")
    assert code == 2
    assert "`docnav compact` is compacting it" in err, err
    assert "Parquet export" not in err and "give `--wait SECONDS`" in err, err


def test_a_writer_that_waited_is_told_to_wait_longer(tmp_path, docs):
    """`index --wait 1` was told, after its wait, to give `--wait SECONDS`."""
    db = tmp_path / "s.duckdb"
    assert run(db, "index", str(docs), *INDEX)[0] == 0
    with held(db, "w", 60):
        code, _, err = run(db, "index", str(docs), *INDEX, "--wait", "1")
    assert code == 2
    assert "or give a longer `--wait SECONDS`. (waited 1 s)" in err, err
    assert "give `--wait SECONDS`" not in err, err


def test_prune_dry_run_waits_for_the_store_and_is_told_of_its_wait(tmp_path, docs):
    """`prune --dry-run` (read-only, takes --wait) lost its --wait hint and was told to read
    the export, no help to it; its --wait was not used (a read-only open waited 0 s)."""
    db = tmp_path / "s.duckdb"
    assert run(db, "index", str(docs), *INDEX)[0] == 0
    with held(db, "w", 60):
        code, _, err = run(db, "prune", "--dry-run", "--wait", "0")
    assert code == 2
    assert "Parquet export" not in err and "give `--wait SECONDS`" in err, err
    with held(db, "w", 1.5) as holder:
        code, _, err = run(db, "prune", "--dry-run", "--wait", "60")
        assert holder.poll() is not None  # it waited for the holder to let go
    assert code == 0, err
    assert "waiting up to 60 s" in err, err


@pytest.mark.parametrize("made", ["text file", "duckdb of a table"])
def test_a_store_error_names_docnav_db_as_the_cli_reads_it_too(tmp_path, docs, made):
    """"Give --db (DOCNAV_DB under Dagster) ..." read as though the CLI had no DOCNAV_DB, which
    it reads without --db."""
    db = tmp_path / "notes.duckdb"
    if made == "text file":
        db.write_text("some notes\n")
    else:
        import duckdb

        with duckdb.connect(str(db)) as con:
            con.execute("CREATE TABLE t (a INTEGER)")
    code, _, err = run(db, "index", str(docs), *INDEX)
    assert code == 2
    assert "DOCNAV_DB under Dagster" not in err, err
    assert "Give --db (or DOCNAV_DB, read by the CLI without --db and by Dagster) a new " in err


@pytest.mark.parametrize("target", ["/nonexistent-fd4/a.md", "../gone/a.md"])
def test_a_broken_link_is_said_with_its_target_as_the_link_says_it(tmp_path, docs, target):
    """"broken symlink ([Errno 2] No such file or directory: '/nonexistent')": the target
    resolved, in Python's words; a relative target was said resolved, not as written."""
    os.symlink(target, docs / "link.md")
    code, out, err = run(tmp_path / "s.duckdb", "index", str(docs), *INDEX)
    assert code == 1
    assert (f"error: {docs / 'link.md'}: broken symlink to {target} (No such file or "
            "directory)") in err.splitlines(), err
    assert "Errno" not in err, err
    if not target.startswith("/"):
        assert str((docs / target).resolve()) not in err, err
    assert Path(docs / "link.md").is_symlink()


def test_a_broken_chain_of_links_names_its_missing_end(tmp_path, docs):
    """chain.md -> c2.md -> ../gone/z.md said "broken symlink to c2.md", a file that is there
    (itself the broken link): the chain's missing end is named."""
    os.symlink("../gone/z.md", docs / "c2.md")
    os.symlink("c2.md", docs / "chain.md")
    code, _, err = run(tmp_path / "s.duckdb", "index", str(docs), *INDEX)
    assert code == 1
    gone = tmp_path / "gone" / "z.md"
    assert (f"error: {docs / 'chain.md'}: broken symlink to c2.md, a chain of 2 links ending "
            f"at {gone} (No such file or directory)") in err.splitlines(), err
    assert (f"error: {docs / 'c2.md'}: broken symlink to ../gone/z.md (No such file or "
            "directory)") in err.splitlines(), err
