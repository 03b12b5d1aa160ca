"""The command line where a QA pass found it said less, or other, than it should: a store of a
newer DocNav, a reader given a file of something else, an empty `--meta` value, the notes of
the text output missing from the JSON, a collection node's id given to `show`, and wording.
Real store (the bundled sample, hashing embedder), real commands."""

from __future__ import annotations

import json
import re
import shutil

import duckdb
import pytest
from _cli import ROOT, Indexed, index_sample, indexed_files, run

from docnav.errors import InputError
from docnav.query import DocNavGraph


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
                               "database holds table main.t. Give --db (or DOCNAV_DB, read "
                               "by the CLI without --db and by Dagster) a DocNav store."), command


@pytest.mark.parametrize("given", ["author=", "nokey= "])
def test_an_empty_meta_value_is_refused_not_dropped(indexed, given):
    """`locate pin --meta author=` gave the hits of no filter (it kept every document without
    the field); the library's `filter(ids, metadata={'author': ''})` kept them all."""
    for command in ("locate", "ask"):
        code, _, err = run(indexed.db, command, "send", "--meta", given)
        assert code == 2, command
        assert err.strip() == (f"docnav: error: --meta {given!r}: no value after '='; give "
                               "the value the field must have, e.g. --meta author=Jane")
    graph = DocNavGraph.open(indexed.db, embedder=None)
    with pytest.raises(InputError, match=r"metadata \{'author': ''\}: no value for 'author'"):
        graph.filter(graph.document_roots(), metadata={"author": ""})


def test_no_document_with_the_fields_is_said_with_the_options_given(indexed):
    """It said `no indexed document has metadata={'nokey': 'x'}`: a Python dict, of a command
    line that said --meta nokey=x."""
    for command in ("locate", "ask"):
        code, _, err = run(indexed.db, command, "send", "--meta", "nokey=x", "--meta",
                           "rfc pr=1", "--before", "2001-01-01")
        assert code == 2, command
        # joined one way, as locate's options are said ("--doc '0458*', --level 99")
        assert err.startswith("docnav: error: no indexed document has --meta nokey=x, --meta "
                              "'rfc pr=1', --before 2001-01-01 (a document's date is its own")


def test_the_readme_s_query_of_the_exported_vectors_gives_the_store_s_rows(tmp_path):
    """A text held by two documents is in each one's file of `embeddings/`: a glob read it
    twice (3025 rows of 2827 in the 27 RFCs); README gives the query that reads each once."""
    readme = (ROOT / "README.md").read_text()
    query = re.search(r"`(SELECT DISTINCT \* FROM 'parquet/embeddings/\*\.parquet')`",
                      " ".join(readme.split())).group(1)
    shared = "Both pumps share this paragraph about the seal."
    db = indexed_files(tmp_path, {"a.md": f"# Alpha\n\n{shared}\n\nAlpha pumps water.\n",
                                  "b.md": f"# Bravo\n\n{shared}\n\nBravo pumps oil.\n"})
    with duckdb.connect(str(db), read_only=True) as con:
        stored = sorted(con.execute("SELECT text_hash, model, vector FROM embeddings").fetchall())
    with duckdb.connect() as con:
        files = str(db.parent / "parquet" / "embeddings" / "*.parquet")
        assert con.execute(f"SELECT count(*) FROM '{files}'").fetchone()[0] > len(stored)
        read = con.execute(query.replace("parquet/embeddings/*.parquet", files)).fetchall()
    assert sorted(read) == stored


def test_locate_says_when_none_of_the_query_s_words_is_in_any_document(indexed):
    """`locate "zebra giraffe"` listed hits close in meaning alone, without the word `ask`
    gives: none of the words is in any document."""
    note = ("none of the query's words is in any document searched (zebra, giraffe): the hits "
            "are only close in meaning")
    code, out, err = run(indexed.db, "locate", "zebra giraffe", "-k", "2")
    assert code == 0 and out.splitlines()[0] == note and len(out.splitlines()) > 1, err
    code, out, err = run(indexed.db, "locate", "zebra giraffe", "-k", "2", "--json")
    assert code == 0 and len(json.loads(out)) == 2  # the JSON stays a list of hits
    assert f"docnav: note: {note}" in err
    # a word held by a document not searched is none of the searched documents'
    code, out, _ = run(indexed.db, "locate", "lint", "-k", "2", "--doc", "0458*")
    assert out.startswith("none of the query's words is in any document searched (lint)")
    for args in (["lint"], ["lint zebra"], ["lint", "--doc", "0003*"]):
        code, out, err = run(indexed.db, "locate", *args, "-k", "2")
        assert code == 0 and "none of the query's words" not in out + err, args


def test_show_given_the_collection_node_s_id_says_what_it_is(indexed):
    """`nav DOC --dir parent` prints the collection node's id; `show` of it said "no document
    matches", as of an id of nothing, where a section's id is said to be one."""
    _, out, _ = run(indexed.db, "nav", "0003-attribute-usage.md", "--dir", "parent", "--json")
    (collection,) = json.loads(out)["nodes"]
    assert collection["kind"] == "collection"
    short = collection["node_id"][:12]
    code, out, err = run(indexed.db, "show", short)
    assert code == 2 and err.strip() == (
        f"docnav: error: {short!r} is the id of the collection node (the parent of every "
        f"document), not of a document: `docnav show` lists the documents, `docnav nav {short} "
        "--dir children` their nodes")


def test_an_unknown_id_of_5000_characters_is_not_echoed_whole(indexed):
    given = "ab" * 2500
    for command in (["show", given], ["fetch", given], ["nav", given, "--dir", "children"]):
        code, _, err = run(indexed.db, *command)
        assert code == 2 and f"{given[:59]!r}… (5000 characters)" in err, command
        assert len(err) < 400, command


def test_show_counts_one_paragraph_as_one(indexed):
    said = [run(indexed.db, "show", name)[1] for name in ("0003-attribute-usage.md",
                                                          "0019-opt-in-builtin-traits.md")]
    assert any("] (1 paragraph)" in out for out in said)
    assert not any("(1 paragraphs" in out for out in said)


def test_show_json_says_the_document_was_parsed_by_another_version(tmp_path, indexed):
    """The text said "(another version: `docnav index DIR --reparse` parses it again)"; the
    JSON had only `parsed_with`."""
    db = tmp_path / "older.duckdb"
    shutil.copy(indexed.db, db)
    name = "0003-attribute-usage.md"
    assert json.loads(run(db, "show", name, "--json")[1])["parser_note"] is None
    with duckdb.connect(str(db)) as con:
        con.execute("UPDATE documents SET parsed_with = 'v0-00000000'")
    shown = json.loads(run(db, "show", name, "--json")[1])
    assert shown["parser_note"] == ("another version: `docnav index DIR --reparse` parses it "
                                    "again")
    assert f"({shown['parser_note']})" in run(db, "show", name)[1]


def test_fetch_json_says_what_its_text_says_beside_the_counts(indexed):
    """`fetch ID --budget 10 --json` gave `"pieces": [], "cut": false` and no word of the
    text's "the first paragraph takes 87 tokens"."""
    section = next(s for s in _sections(indexed) if not _fetched(indexed, s, 10)["pieces"])
    fetched = _fetched(indexed, section, 10)
    assert fetched["note"].startswith("--budget 10: the first paragraph takes ")
    text_line = run(indexed.db, "fetch", section, "--budget", "10")[1].splitlines()[0]
    assert text_line.endswith(f"; 0 tokens ({fetched['note']})")
    assert "note" not in _fetched(indexed, section, 100_000)  # all of it read: nothing to say


def _sections(indexed) -> list[str]:
    _, out, _ = run(indexed.db, "nav", "0019-opt-in-builtin-traits.md", "--dir", "children",
                    "--json")
    return [n["node_id"] for n in json.loads(out)["nodes"] if n["kind"] == "section"]


def _fetched(indexed, node: str, budget: int) -> dict:
    return json.loads(run(indexed.db, "fetch", node, "--budget", str(budget), "--json")[1])


def test_fetch_of_one_paragraph_cut_says_so_plainly(indexed):
    """It said "0 of 1 paragraphs, and the start of one more"."""
    section = next(s for s in _sections(indexed)
                   if (fetched := _fetched(indexed, s, 20))["paragraphs"] == 1 and fetched["cut"])
    first = run(indexed.db, "fetch", section, "--budget", "20")[1].splitlines()[0]
    assert first == ("the start of the only paragraph; 20 tokens (--budget 20: a larger one "
                     "reads the rest)")


def test_locate_says_its_options_with_their_values(indexed):
    """`-k 0` was said "k 0:", the library's argument; `--level 99` "no hits with --level",
    and with --json a bare [] with no word at all."""
    code, _, err = run(indexed.db, "locate", "send", "-k", "0")
    assert code == 2 and err.strip() == "docnav: error: -k 0: ask for at least 1 hit"
    code, out, _ = run(indexed.db, "locate", "send", "--level", "99", "--doc", "0458*")
    assert code == 0 and out == "no hits with --doc '0458*', --level 99\n"
    code, out, err = run(indexed.db, "locate", "send", "--level", "99", "--json")
    assert code == 0 and json.loads(out) == []
    assert err == "docnav: note: no hits with --level 99\n"


def test_a_section_hit_s_text_is_its_heading(indexed):
    """README says a hit's matched text; a section's was ""."""
    _, out, _ = run(indexed.db, "locate", "drawbacks", "--kind", "section", "--json")
    hits = json.loads(out)
    assert hits and all(h["text"] and h["breadcrumb"].endswith(h["text"]) for h in hits)
    _, out, _ = run(indexed.db, "locate", "drawbacks", "--kind", "section")
    assert len(out.splitlines()) == len(hits)  # said once, at the breadcrumb's end


@pytest.mark.parametrize("budget", ["0", "99999999999"])
def test_fetch_says_both_bounds_of_its_budget_alike(indexed, budget):
    """`fetch ID --budget 0` said '--budget 0: give at least 1 token', and `--budget
    99999999999` 'budget 99999999999: give a whole number ...' (the library's name)."""
    code, out, err = run(indexed.db, "fetch", "0019-opt-in-builtin-traits.md", "--budget", budget)
    assert code == 2 and out == "" and err == (
        f"docnav: error: --budget {budget}: give a whole number of tokens, at least 1 and at "
        "most 1,000,000\n")
