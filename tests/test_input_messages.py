"""What bad input to `docnav ask`, `nav` and `fetch` is told: a budget past any model's
reading, an unknown node id, a glob that never closes its "[" (a user's QA pass)."""

from __future__ import annotations

import pytest
from _cli import indexed_files, run

from docnav.errors import InputError
from docnav.query import DocNavGraph, Navigator

DOCS = {"pump.md": "# Pump guide\n\n## Seals\n\nThe seal of the pump is replaced yearly.\n",
        "valve.md": "# Valve guide\n\nA valve is checked monthly.\n"}


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    return indexed_files(tmp_path_factory.mktemp("messages"), DOCS)


def test_a_budget_past_a_million_tokens_is_refused(db):
    # "--budget 100000000" was taken, and said "read first (up to 75000000 tokens)"
    code, out, err = run(db, "ask", "How is the seal replaced?", "--budget", "100000000")
    assert (code, out) == (2, "")
    assert "budget 100000000: give a whole number of tokens, at least 16 and at most " \
           "1,000,000" in err
    nav = Navigator(DocNavGraph.open(db))
    with pytest.raises(InputError, match="at most 1,000,000"):
        nav.ask("How is the seal replaced?", budget=1_000_001)
    assert nav.ask("How is the seal replaced?", budget=1_000_000).evidence


@pytest.mark.parametrize("command", [["nav", "deadbeefdead", "--dir", "children"],
                                     ["fetch", "deadbeefdead"]])
def test_an_unknown_node_id_names_the_store_by_its_path(db, command):
    # it said "nor a document's path (duckdb:/.../store.duckdb)"
    code, out, err = run(db, *command)
    assert code == 2
    assert f"unknown node id 'deadbeefdead', nor a document's path ({db}): " in err, err
    assert "duckdb:" not in err


def test_a_glob_that_never_closes_its_set_says_so(db):
    # "[abc" said only "no indexed document matches '[abc'"
    code, out, err = run(db, "ask", "How is the seal replaced?", "--doc", "[abc")
    assert code == 2
    assert "no indexed document matches '[abc' ('[abc' opens a set of characters with \"[\" " \
           "and never closes it" in err, err
    for glob in ("[xy]*", "*[]x]*"):  # closed sets: nothing more said
        code, out, err = run(db, "ask", "How is the seal replaced?", "--doc", glob)
        assert code == 2 and "never closes" not in err and "matches" in err, err
