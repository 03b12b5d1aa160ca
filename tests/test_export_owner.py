"""Two stores in one folder share its `parquet/`: the export is marked with the store it is
of, a second store writing there is refused (it overwrote the first's files, and readers of
either read a mix), a reader never reads another store's export, and an export deleted or left
by a store no longer there is written again whole."""

from __future__ import annotations

import shutil

import polars as pl
import pytest
from _cli import TWO_DOCUMENTS, written
from _harness import held

from docnav.cli import main


@pytest.fixture
def docs(tmp_path):
    return written(tmp_path / "docs", TWO_DOCUMENTS)


def index(db, *paths, extra=()) -> int:
    return main(["--db", str(db), "index", *map(str, paths), "--embed-model", "hashing",
                 "--no-summaries", "--no-progress", *extra])


def exported(folder) -> list[str]:
    return sorted(pl.read_parquet(folder / "parquet" / "documents.parquet")["path"])


def test_a_second_store_in_the_folder_is_refused_its_export(tmp_path, docs, capsys):
    stores = tmp_path / "stores"
    a, b = stores / "a.duckdb", stores / "b.duckdb"
    assert index(a, docs / "a.md") == 0
    assert (stores / "parquet" / ".store").read_text() == str(a.resolve())
    capsys.readouterr()
    assert index(b, docs / "b.md") == 2
    assert capsys.readouterr().err == (
        f"docnav: error: {b}: its Parquet export folder {stores / 'parquet'} holds the export "
        f"of another store, {a.resolve()}: the two would overwrite each other's "
        "files. Give this store a folder of its own (`--db DIR/b.duckdb`), or index it with "
        "--no-parquet\n")
    assert exported(stores) == [str(docs / "a.md")]  # a's, untouched
    assert index(b, docs / "b.md", extra=["--no-parquet"]) == 0
    # b's reader, while a writer holds b: not a's export
    with held(b, "w", 30):
        for command in (["show"], ["locate", "boats"]):  # show did not say why not
            assert main(["--db", str(b), *command]) == 2
            assert (f"There is no Parquet export to read instead ({stores / 'parquet'} holds "
                    f"the export of another store, {a.resolve()})") in \
                capsys.readouterr().err, command
    with held(a, "w", 30):  # a's reader reads a's
        assert main(["--db", str(a), "locate", "apples"]) == 0
        assert "Alpha" in capsys.readouterr().out


def test_an_export_deleted_or_left_by_a_store_gone_is_written_again_whole(tmp_path, docs):
    stores = tmp_path / "stores"
    assert index(stores / "a.duckdb", docs) == 0
    shutil.rmtree(stores / "parquet")
    assert index(stores / "a.duckdb", docs) == 0  # nothing changed: the export is redone
    assert exported(stores) == [str(docs / "a.md"), str(docs / "b.md")]
    (docs / "c.md").write_text("# Charlie\n\nCharlie counts.\n")
    (stores / "a.duckdb").rename(stores / "c.duckdb")  # a store renamed takes its export back
    assert index(stores / "c.duckdb", docs) == 0
    assert (stores / "parquet" / ".store").read_text() == str((stores / "c.duckdb").resolve())
    assert exported(stores) == [str(docs / n) for n in ("a.md", "b.md", "c.md")]


def test_a_reader_given_another_folders_export_of_a_store_of_the_same_name_refuses_it(
        tmp_path, docs, capsys):
    """The export was marked with its store's file name alone: a reader of one/g.duckdb given
    two/parquet (two/g.duckdb's export) read it, without a word, while a writer held its own
    store. A store's folder copied with its export still reads its export."""
    from docnav.errors import StoreLocked
    from docnav.query import DocNavGraph

    one, two = tmp_path / "one" / "g.duckdb", tmp_path / "two" / "g.duckdb"
    assert index(one, docs / "a.md") == 0 and index(two, docs / "b.md") == 0
    with held(one, "w", 30):
        with pytest.raises(StoreLocked) as caught:
            DocNavGraph.open(one, parquet_dir=two.parent / "parquet")
        assert (f"({two.parent / 'parquet'} holds the export of another store, "
                f"{two.resolve()})") in str(caught.value)
        assert DocNavGraph.open(one).source == f"parquet:{one.parent / 'parquet'}"
    copy = tmp_path / "copy" / "g.duckdb"
    shutil.copytree(one.parent, copy.parent)
    with held(copy, "w", 30):
        graph = DocNavGraph.open(copy)
        assert graph.source == f"parquet:{copy.parent / 'parquet'}"
        assert graph.document_paths() == [str(docs / "a.md")]
    assert index(copy, docs) == 0, capsys.readouterr().err  # the copy's run takes it over
    assert (copy.parent / "parquet" / ".store").read_text() == str(copy.resolve())
    assert exported(copy.parent) == [str(docs / "a.md"), str(docs / "b.md")]


def test_a_db_that_is_no_store_does_not_take_the_export_folder(tmp_path, docs, capsys):
    """A folder, a file DuckDB cannot open and another program's database, each given as
    --db, were refused, but marked parquet/ as theirs first: the real store beside them was
    then refused the folder ("holds the export of adir, another store")."""
    import duckdb

    stores = tmp_path / "stores"
    (stores / "adir").mkdir(parents=True)
    (stores / "notes.duckdb").write_text("hello")
    with duckdb.connect(str(stores / "sales.duckdb")) as con:
        con.execute("CREATE TABLE sales (n INTEGER)")
    for wrong in ("adir", "notes.duckdb", "sales.duckdb"):
        assert index(stores / wrong, docs) == 2, wrong
        assert not (stores / "parquet" / ".store").exists(), wrong
    capsys.readouterr()
    assert index(stores / "graph.duckdb", docs) == 0, capsys.readouterr().err
    assert (stores / "parquet" / ".store").read_text() == str((stores / "graph.duckdb").resolve())
    assert exported(stores) == sorted(str(p) for p in docs.glob("*.md"))


def test_readers_say_when_the_export_is_older_than_the_store(tmp_path, docs, capsys):
    """A run with --no-parquet writes the store, not the export: readers of the export (while
    a writer holds the store) called it "the last complete state" and missed the new text."""
    db = tmp_path / "stores" / "a.duckdb"
    assert index(db, docs) == 0
    (docs / "c.md").write_text("# Charlie\n\nCharlie counts coins.\n")
    assert index(db, docs, extra=["--no-parquet"]) == 0
    capsys.readouterr()
    with held(db, "w", 30):
        assert main(["--db", str(db), "show"]) == 0
        assert "the export is behind it by 1 document (a run with --no-parquet wrote the " \
            "store since" in capsys.readouterr().out
        assert main(["--db", str(db), "locate", "coins"]) == 0
        assert "the export is behind the store by 1 document" in capsys.readouterr().err
    assert index(db, docs) == 0  # a run with the export: up to date again
    capsys.readouterr()
    with held(db, "w", 30):
        assert main(["--db", str(db), "show"]) == 0
        out = capsys.readouterr().out
        assert "the last complete state" in out and "older" not in out


def test_readers_say_the_export_is_behind_after_a_run_stopped_before_it(tmp_path, docs, capsys):
    """A run stopped (Ctrl-C, exit 130) after it wrote documents and before their export:
    readers of the export while the next run held the store were told "the last complete
    state", and not of the documents written."""
    from docnav.embed import HashingEmbedder
    from docnav.errors import RunCancelled
    from docnav.index import IndexOptions, Indexer
    from docnav.store import Store

    db = tmp_path / "stores" / "a.duckdb"
    assert index(db, docs) == 0
    for name in "cdef":
        (docs / f"{name}.md").write_text(f"# {name.upper()}\n\n{name} counts coins.\n")
    asked: list[int] = []
    run = Indexer(Store(db), IndexOptions(summaries=None, batch_size=1), HashingEmbedder())
    run.should_stop = lambda: (asked.append(1), len(asked) > 3)[1]  # Ctrl-C before the 4th
    with pytest.raises(RunCancelled):
        run.index([docs])
    capsys.readouterr()
    with held(db, "w", 30):
        assert main(["--db", str(db), "show"]) == 0
        out = capsys.readouterr().out
        assert "the last complete state" not in out
        assert "the export is behind it by 3 documents (a run that stopped before its " \
            "export wrote the store since" in out
        assert main(["--db", str(db), "locate", "coins"]) == 0
        assert "the export is behind the store by 3 documents" in capsys.readouterr().err
    assert index(db, docs) == 0  # the next run writes the export
    capsys.readouterr()
    with held(db, "w", 30):
        assert main(["--db", str(db), "show"]) == 0
        assert "the last complete state" in capsys.readouterr().out


def test_a_run_stopped_before_it_wrote_anything_leaves_the_mark_as_it_was(tmp_path, docs):
    """A run stopped (Ctrl-C) before it committed a write rewrote the mark's reason of an
    earlier --no-parquet run as "a run that stopped before its export wrote the store since"."""
    from docnav.embed import HashingEmbedder
    from docnav.errors import RunCancelled
    from docnav.index import IndexOptions, Indexer
    from docnav.store import Store

    db = tmp_path / "stores" / "a.duckdb"
    assert index(db, docs) == 0
    (docs / "c.md").write_text("# C\n\nc counts coins.\n")
    assert index(db, docs, extra=["--no-parquet"]) == 0
    mark = db.parent / "parquet" / ".behind"
    assert mark.read_text() == "1\na run with --no-parquet wrote the store since"
    (docs / "d.md").write_text("# D\n\nd counts coins.\n")
    run = Indexer(Store(db), IndexOptions(summaries=None, batch_size=1), HashingEmbedder())
    run.should_stop = lambda: True  # Ctrl-C before its first write
    with pytest.raises(RunCancelled):
        run.index([docs])
    assert mark.read_text() == "1\na run with --no-parquet wrote the store since"
