"""The Dagster definitions load, and the graph asset materialises for real."""

import duckdb
from dagster import materialize

from pipelines.assets import document_graph
from pipelines.definitions import defs
from pipelines.resources import DocNavResource


def test_definitions_load():
    repo = defs.get_repository_def()
    assert repo.has_job("index_documents")
    assert {s.name for s in repo.schedule_defs} == {"reconcile_scan"}


def test_materialize_indexes_the_folder(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# Alpha\n\nFirst paragraph.\n\n## Beta\n\nSecond one.\n")
    db = tmp_path / "store" / "graph.duckdb"
    resource = DocNavResource(roots=str(docs), db=str(db), embed_model="hashing")
    result = materialize([document_graph], resources={"docnav": resource})
    assert result.success
    meta = result.asset_materializations_for_node("document_graph")[0].metadata
    assert meta["added"].value == 1 and meta["failed"].value == 0
    with duckdb.connect(str(db), read_only=True) as con:
        texts = {r[0] for r in con.execute("SELECT text FROM nodes WHERE kind='paragraph'").fetchall()}
    assert texts == {"First paragraph.", "Second one."}
