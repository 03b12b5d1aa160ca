"""The command line where a path is mistyped: `--db` in a folder that is not there is refused
rather than made with every folder above it. Real store, real commands."""

from __future__ import annotations

import json

import pytest
from _cli import Indexed, index_sample, run


@pytest.fixture(scope="module")
def indexed(tmp_path_factory) -> Indexed:
    return index_sample(tmp_path_factory.mktemp("qa51"))


@pytest.mark.parametrize("command", ["index", "watch"])
def test_a_store_whose_folder_has_no_parent_is_refused_and_nothing_is_made(
        tmp_path, indexed, command):
    """`docnav index --db /data/grpah/store/g.duckdb` made /data/grpah and its store folder
    without a word: a typo put the store where no later command looked for it."""
    typo = tmp_path / "grpah"
    db = typo / "store" / "g.duckdb"
    more = ["--seconds", "0.1"] if command == "watch" else []
    code, out, err = run(db, command, str(indexed.docs), "--embed-model", "hashing",
                         "--no-summaries", "--no-progress", *more)
    assert code == 2
    assert err.strip().splitlines()[-1] == (
        f"docnav: error: {db}: no folder {typo} to make the store's folder {db.parent} in: "
        f"a new store's own folder is made, not the folders above it; check the path, or "
        f"create them first (`mkdir -p {db.parent}`)")
    assert not typo.exists()
    code, out, _ = run(db, command, str(indexed.docs), "--json", *more)
    assert code == 2 and json.loads(out.splitlines()[-1])["exit_code"] == 2


def test_the_store_s_own_folder_is_still_made(tmp_path, indexed):
    db = tmp_path / "store" / "g.duckdb"
    code, _, err = run(db, "index", str(indexed.docs / "0003-attribute-usage.md"),
                       "--embed-model", "hashing", "--no-summaries", "--no-progress")
    assert code == 0, err
    assert db.is_file()
