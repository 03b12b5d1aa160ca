"""A `docnav` command refused for its settings leaves nothing behind: no store file, lock
file or folder where there was none (an empty store there was then taken for one), and a
store that was there as it was. Real stores, real files."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from _cli import run


@pytest.fixture
def docs(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.md").write_text("# Alpha\n\nAlpha has apples.\n")
    return folder


def _index(db: Path, docs: Path, model: str = "hashing") -> tuple[int, str, str]:
    return run(db, "index", str(docs), "--embed-model", model, "--no-summaries",
               "--no-progress")


def _files(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` with a digest of its bytes."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_store_refused_another_store_s_export_leaves_no_file(tmp_path, docs):
    """A second store in a folder whose Parquet export is the first's left a 780 KB empty
    other.duckdb (and its lock file) beside it."""
    store = tmp_path / "s"
    assert _index(store / "a.duckdb", docs)[0] == 0
    before = _files(store)
    code, _, err = _index(store / "other.duckdb", docs)
    assert code == 2 and "holds the export of another store" in err
    assert _files(store) == before


def test_a_model_that_cannot_load_leaves_no_store(tmp_path, docs):
    """`--embed-model ./no-such-model` on a new store left x.duckdb, its lock file, an export
    folder and the store's folder."""
    code, _, err = _index(tmp_path / "new" / "x.duckdb", docs, model="./no-such-model")
    assert code == 2 and "embedding model folder './no-such-model' does not exist" in err
    assert not (tmp_path / "new").exists()
    # on a store that was there: as it was, its documents kept
    db = tmp_path / "s" / "g.duckdb"
    assert _index(db, docs)[0] == 0
    (docs / "b.md").write_text("# Bravo\n\nBravo builds boats.\n")
    before = _files(db.parent)
    assert _index(db, docs, model="./no-such-model")[0] == 2
    assert _files(db.parent) == before
    code, out, _ = run(db, "show")
    assert code == 0 and "a.md" in out


def test_an_export_folder_that_is_a_file_is_refused_before_indexing(tmp_path, docs):
    """`pf/parquet` a file: "pf/parquet: cannot write the Parquet export: File exists", which
    did not say that it must be a folder."""
    (tmp_path / "pf").mkdir()
    (tmp_path / "pf" / "parquet").write_text("notes")
    code, out, err = _index(tmp_path / "pf" / "s.duckdb", docs)
    assert code == 2 and out == ""
    assert err == (f"docnav: error: {tmp_path / 'pf' / 'parquet'}: the store's Parquet export "
                   "goes to a folder of that name, and a file is there: move the file away, "
                   "give the store a folder of its own (`--db DIR/s.duckdb`), or index it "
                   "with --no-parquet\n")
    assert _files(tmp_path / "pf") == {"parquet": hashlib.sha256(b"notes").hexdigest()}
    assert run(tmp_path / "pf" / "s.duckdb", "index", str(docs), "--embed-model", "hashing",
               "--no-summaries", "--no-progress", "--no-parquet")[0] == 0


@pytest.mark.parametrize("flags", [["--text"], ["--no-summaries"], ["--text", "--json"]])
def test_show_refuses_a_document_s_option_without_a_document(tmp_path, docs, capsys, flags):
    """`docnav show --text` printed the document list, the option silently ignored."""
    from docnav.cli import main

    db = tmp_path / "s.duckdb"
    assert _index(db, docs)[0] == 0
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit_:
        main(["--db", str(db), "show", *flags])
    assert exit_.value.code == 2
    named = [f for f in flags if f != "--json"]
    assert (f"docnav show: error: {named[0]} needs DOC, the document to show (`docnav show DOC "
            f"{named[0]}`); without DOC, `docnav show` lists the documents"
            ) in capsys.readouterr().err
