"""Readers of the Parquet export while a writer changes it (a run holds the store, readers
read the export): they take the files of one state of it. Before, a reader during a run saw
the new document rows beside the old documents' nodes (or edges into nodes just deleted), and
failed on a file deleted between its listing and its read (FileNotFoundError)."""

from __future__ import annotations

import os
import threading
import time

import polars as pl
import pytest
from _stores import indexed_graph

from docnav.export import changing, export_files
from docnav.query.tables import tables_from_parquet

DOCS = {"a.md": "# Alpha\n\nAlpha pumps water.\n\n## Seals\n\nThe seal of the alpha pump.\n",
        "b.md": "# Bravo\n\nBravo pumps water too.\n\n## Seals\n\nThe seal of the bravo pump.\n",
        "c.md": "# Charlie\n\nCharlie counts coins.\n"}


@pytest.fixture
def export(tmp_path):
    indexed_graph(tmp_path, DOCS)
    return tmp_path / "parquet"


def doc_id_of(export, name: str) -> str:
    documents = pl.read_parquet(export / "documents.parquet")
    return documents.filter(pl.col("path").str.ends_with(name))["doc_id"][0]


def test_a_reader_waits_for_a_change_of_the_files_to_end(export):
    """A removal deletes the document's files, then rewrites documents.parquet: a reader
    between the two read the document's row without its nodes."""
    gone = doc_id_of(export, "a.md")
    read: dict = {}
    with changing(export):
        for table in ("nodes", "edges", "embeddings", "summaries", "claims", "links",
                      "node_vectors"):
            (export / table / f"{gone}.parquet").unlink(missing_ok=True)
        reader = threading.Thread(target=lambda: read.update(tables_from_parquet(export)))
        reader.start()
        time.sleep(0.5)
        assert not read  # it waits: the export is half changed
        documents = pl.read_parquet(export / "documents.parquet")
        documents.filter(pl.col("doc_id") != gone).write_parquet(export / "documents.parquet")
    reader.join(10)
    assert gone not in read["documents"]["doc_id"].to_list()
    assert gone not in read["nodes"]["doc_id"].to_list()
    assert len(read["documents"]) == 2


def test_the_files_a_reader_took_stay_its_own_while_a_writer_replaces_them(export):
    before = tables_from_parquet(export)
    gone = doc_id_of(export, "b.md")
    with export_files(export, ["documents", "nodes"]) as files:
        with changing(export):  # the writer, after the reader took its files
            for path in (export / "nodes").glob("*.parquet"):
                path.unlink()
            # as the writer does: to a temporary name, renamed into place
            pl.DataFrame({"doc_id": ["x"]}).write_parquet(export / ".documents.tmp")
            os.replace(export / ".documents.tmp", export / "documents.parquet")
        nodes = pl.concat([pl.read_parquet(f) for f in files["nodes"]])
        documents = pl.read_parquet(files["documents"][0])
    assert len(nodes) == len(before["nodes"]) and gone in nodes["doc_id"].to_list()
    assert documents.equals(before["documents"])
    assert not list(export.glob(".reading-*"))  # its links are gone with it
