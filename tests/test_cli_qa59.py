"""The command line where a QA pass found it said less, or other, than it should: a store of a
newer DocNav, a reader given a file of something else, an empty `--meta` value, the notes of
the text output missing from the JSON, a collection node's id given to `show`, and wording.
Real store (the bundled sample, hashing embedder), real commands."""

from __future__ import annotations

import json
import shutil

import duckdb
import pytest
from _cli import Indexed, index_sample, run


@pytest.fixture(scope="module")
def indexed(tmp_path_factory) -> Indexed:
    return index_sample(tmp_path_factory.mktemp("qa59"))


def test_a_store_of_a_newer_docnav_is_never_to_be_deleted(tmp_path, indexed):
    """Of schema version 99, every command said "Rebuild it: delete the file and run docnav
    index again": that destroys what a newer DocNav wrote."""
    db = tmp_path / "newer.duckdb"
    shutil.copy(indexed.db, db)
    with duckdb.connect(str(db)) as con:
        con.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    for command in (["show"], ["locate", "send"], ["index", str(indexed.docs), "--embed-model",
                                                   "hashing", "--no-summaries"]):
        code, _, err = run(db, *command)
        assert code == 2, command
        assert f"{db}: written by a newer DocNav (schema 99; this one " in err, command
        assert ": upgrade DocNav" in err and "delete" not in err, command


def test_a_reader_given_a_file_of_something_else_does_not_speak_of_writing(tmp_path):
    db = tmp_path / "other.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute("CREATE TABLE t (a INTEGER)")
    for command in (["show"], ["locate", "send"], ["nav", "x", "--dir", "children"]):
        code, _, err = run(db, *command)
        assert code == 2, command
        assert err.strip() == (f"docnav: error: {db}: not a DocNav store: this DuckDB "
                               "database holds table main.t. Give --db (DOCNAV_DB under "
                               "Dagster) a DocNav store."), command
