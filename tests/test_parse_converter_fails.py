"""A converter whose pipeline docling cannot make (here docling's own setting of a models
folder, ``DOCLING_ARTIFACTS_PATH``, naming none: docling refuses to make any pipeline) fails
the file being parsed, a DocumentError naming it and docling's reason, as it did before the
pipeline was made with the converter (6d70cee): it escaped as docling's RuntimeError, and an
index run, which records a file's DocumentError and goes on, stopped at it."""

from __future__ import annotations

from pathlib import Path

import pytest
from _parsing import text_pdf

from docnav.embed import HashingEmbedder
from docnav.errors import DocumentError
from docnav.index import Indexer, IndexOptions
from docnav.parse import ParseOptions, parse_file
from docnav.store import Store

# (parser threads no other test asks for: a converter made here, under the setting below)
OPTIONS = ParseOptions(pdf_mode="native", pdf_parser_threads=7)
REASON = r"docling could not convert this PDF file: The value of self\.artifacts_path="


@pytest.fixture
def docling_without_models(tmp_path, monkeypatch):
    from docling.datamodel.settings import settings

    # (a note's converter made first, as in a process that has parsed one: it is kept)
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "note.md").write_text("# Note\n\nA line of the note.\n", encoding="utf-8")
    parse_file(docs / "note.md", OPTIONS)
    (docs / "report.pdf").write_bytes(text_pdf([(False, 12, 72, 700, "A line.")]))
    monkeypatch.setattr(settings, "artifacts_path", tmp_path / "no such folder")
    return docs


def test_a_pipeline_that_cannot_be_made_fails_the_file(docling_without_models):
    report = docling_without_models / "report.pdf"
    with pytest.raises(DocumentError, match=f"^{report}: {REASON}"):
        parse_file(report, OPTIONS)


def test_an_index_run_goes_on_past_it(docling_without_models, tmp_path):
    store = Store(tmp_path / "g.duckdb")
    done = Indexer(store, IndexOptions(parse=OPTIONS, summaries=None, progress=False),
                   HashingEmbedder()).index([docling_without_models])
    assert [path for path, _ in done.failed] == [str(docling_without_models / "report.pdf")]
    assert REASON.replace("\\", "") in done.failed[0][1]
    assert [Path(p).name for p in done.added] == ["note.md"]
