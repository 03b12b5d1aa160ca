"""Indexing with nothing to index loads no model and summarises nothing (a QA pass): an empty
folder into a new store loaded the NLI model (29 s) and reported "1 summaries rebuilt", the
collection's, a summary of no document. The NLI model here is a folder that is no model: were
it loaded, the run would fail saying it cannot load it."""

from __future__ import annotations

import pytest

from docnav.embed import HashingEmbedder
from docnav.errors import ConfigError
from docnav.index import Indexer, IndexOptions
from docnav.store import Store
from docnav.summaries import SummaryPipelineOptions
from docnav.verify import VerifyOptions


def _indexer(tmp_path) -> Indexer:
    no_model = tmp_path / "no-model"
    no_model.mkdir()
    options = SummaryPipelineOptions(nli=VerifyOptions(model=str(no_model)))
    return Indexer(Store(tmp_path / "e.duckdb"), IndexOptions(summaries=options, progress=False),
                   HashingEmbedder())


def test_an_empty_folder_loads_no_nli_model_and_summarises_nothing(tmp_path):
    (tmp_path / "empty").mkdir()
    report = _indexer(tmp_path).index([tmp_path / "empty"])
    assert (report.added, report.summaries.rebuilt, report.summaries.nli_pairs) == ([], 0, 0)
    assert report.empty_roots  # said, as before


def test_a_folder_with_a_document_still_loads_it(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "pump.md").write_text("# Pump\n\nThe pump runs at 6 bar.\n")
    with pytest.raises(ConfigError, match="cannot load NLI model"):
        _indexer(tmp_path).index([tmp_path / "docs"])
