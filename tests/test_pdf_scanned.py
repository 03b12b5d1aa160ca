"""A PDF some of whose pages are scans (an image, no text layer): DocNav runs no OCR, so the
run indexes the other pages and names those, as `docnav show` and `fetch --pages` do. (A PDF
of scans alone fails: tests/test_bad_input.py.)"""

from __future__ import annotations

import pypdfium2 as pdfium
from _parsing import scanned_pdf
from _paths import FIXTURES, require

from docnav.cli import main
from docnav.show import render_document
from docnav.store import Store


def cli_index(db, docs) -> int:
    return main(["--db", str(db), "index", str(docs), "--embed-model", "hashing",
                 "--pdf-mode", "native", "--no-summaries", "--no-progress"])


def test_a_pdf_with_scanned_pages_is_indexed_and_they_are_named(tmp_path, capsys):
    # its text pages are read, its scanned ones were left out without a word
    good = require(FIXTURES / "pdf" / "multi_page.pdf")
    docs, db = tmp_path / "docs", tmp_path / "s.duckdb"
    docs.mkdir()
    pdf, scan, again = (pdfium.PdfDocument(source) for source in (
        str(good), scanned_pdf(), str(good)))
    pdf.import_pages(scan)
    pdf.import_pages(scan)
    pdf.import_pages(again, [0])
    pdf.import_pages(scan)
    pdf.save(str(docs / "mixed.pdf"))
    for opened in (pdf, scan, again):
        opened.close()
    assert cli_index(db, docs) == 0
    said = (f"warning: {docs / 'mixed.pdf'}: no text on pages 6-7, 9: images without a text "
            "layer (scanned?), and DocNav runs no OCR")
    assert said in capsys.readouterr().err.splitlines()
    with Store(db).reader() as con:
        pages = {p for (p,) in con.execute(
            "SELECT DISTINCT page FROM nodes JOIN documents USING (doc_id) WHERE path = ? "
            "AND status = 'ok'", [str(docs / "mixed.pdf")]).fetchall()}
    assert pages >= {1, 2, 3, 4, 5, 8} and not pages & {6, 7, 9}
    assert f"! the parser warned: {said.split(': ', 2)[2]}" in render_document(
        Store(db), str(docs / "mixed.pdf"))
    # asked for by page: said why nothing is there
    capsys.readouterr()
    assert main(["--db", str(db), "fetch", "mixed.pdf", "--pages", "6-7"]) == 2
    assert capsys.readouterr().err == (
        "docnav: error: --pages 6-7: no paragraph of mixed.pdf is printed on them; their pages "
        "run 1-8 (its parse said: no text on pages 6-7, 9: images without a text layer "
        "(scanned?), and DocNav runs no OCR)\n")
