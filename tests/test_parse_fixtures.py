"""Real documents from ../shared/data: heading structure against references.

* DOCX: the headings equal those of docling's expected Markdown (text, order and level).
* PDF (native pipeline, no layout model): recall and precision of the expected Markdown's
  headings, each held to a floor just under what was measured when the thresholds were set
  (measured values are in ``PDF_FLOORS``; the assertion message prints the current ones).
* FinanceBench 10-K filings: the standard items are found as headings, in order.
* Qasper: a paper rendered to Markdown parses back to exactly its section structure.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from pathlib import Path

import pytest
from _parsing import NATIVE, headings
from _paths import FINANCEBENCH, FIXTURES, QASPER, REPO, require

from docnav.datasets import load_financebench, load_qasper, qasper_section_paths, qasper_to_markdown
from docnav.model import NodeKind
from docnav.parse import parse_file
from docnav.tree import BREADCRUMB_SEP, build_tree

# fixture: (recall floor, precision floor); measured (recall, precision) in the comment
PDF_FLOORS = {
    "2305.03393v1-pg9": (1.0, 1.0),  # 1.00, 1.00 (2 headings)
    "amt_handbook_sample": (1.0, 1.0),  # 1.00, 1.00 (3 italic headings)
    "multi_page": (1.0, 1.0),  # 1.00, 1.00 (11 headings)
    "text_document_01.odt": (1.0, 1.0),  # 1.00, 1.00 (5 headings)
    "redp5110_sampled": (0.80, 0.53),  # 0.82, 0.56 (cover page and figure text add headings)
    "normal_4pages": (0.80, 0.77),  # 0.84, 0.80 (Korean report; front-page boxes add headings)
}


def _key(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).replace("\\_", "_")
    return re.sub(r"[\W_]+", "", text.casefold())


def expected_headings(md: Path) -> list[tuple[int, str]]:
    """``(level, text)`` of the ``#`` lines of docling's expected Markdown."""
    out = []
    for line in md.read_text(encoding="utf-8").splitlines():
        match = re.match(r"^(#{1,6})\s+(.*?)\s*$", line)
        if match:
            out.append((len(match.group(1)), match.group(2)))
    return out


def recall_precision(found: list[str], expected: list[str]) -> tuple[float, float]:
    """Multiset overlap of normalized heading texts."""
    ours, theirs = Counter(map(_key, found)), Counter(map(_key, expected))
    hits = sum((ours & theirs).values())
    return hits / max(1, sum(theirs.values())), hits / max(1, sum(ours.values()))


# -- DOCX ------------------------------------------------------------------------------------

DOCX = sorted((FIXTURES / "docx").glob("*.docx")) if (FIXTURES / "docx").exists() else []


def test_docx_fixtures_exist():
    require(FIXTURES / "docx")
    assert len(DOCX) >= 4


@pytest.mark.parametrize("path", DOCX, ids=[p.name for p in DOCX])
def test_docx_headings_match_the_expected_markdown(path):
    md = require(FIXTURES / "expected-md" / f"{path.name}.md")
    expected = expected_headings(md)
    found = headings(parse_file(path))
    recall, precision = recall_precision([t for _, t in found], [t for _, t in expected])
    assert found == expected, (
        f"{path.name}: recall {recall:.2f}, precision {precision:.2f}\n"
        f"found:    {found}\nexpected: {expected}"
    )


# -- PDF -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PDF_FLOORS))
def test_native_pdf_heading_recall(name):
    pdf = require(FIXTURES / "pdf" / f"{name}.pdf")
    expected = [t for _, t in expected_headings(require(FIXTURES / "expected-md" / f"{name}.md"))]
    found = [t for _, t in headings(parse_file(pdf, NATIVE))]
    recall, precision = recall_precision(found, expected)
    min_recall, min_precision = PDF_FLOORS[name]
    keys = set(map(_key, found))
    missed = [t for t in expected if _key(t) not in keys]
    assert recall >= min_recall and precision >= min_precision, (
        f"{name}: recall {recall:.2f} (floor {min_recall}), precision {precision:.2f} "
        f"(floor {min_precision}); {len(found)} found, {len(expected)} expected; missed {missed}"
    )


def test_every_expected_pdf_fixture_is_measured():
    require(FIXTURES / "expected-md")
    with_reference = {p.stem for p in (FIXTURES / "pdf").glob("*.pdf")
                      if (FIXTURES / "expected-md" / f"{p.stem}.md").exists()}
    assert with_reference == set(PDF_FLOORS)


# -- FinanceBench 10-K filings ---------------------------------------------------------------

TEN_KS = ["ADOBE_2022_10K", "AMAZON_2017_10K", "BESTBUY_2023_10K"]
ITEMS = ["1", "1A", "7", "8"]


@pytest.mark.parametrize("name", TEN_KS)
def test_10k_items_are_headings(name):
    """About 17 s a filing here (75-99 pages; docling's native parse is most of it)."""
    parsed = parse_file(require(FINANCEBENCH / "pdfs" / f"{name}.pdf"), NATIVE)
    texts = [t for _, t in headings(parsed)]
    positions = {}
    for item in ITEMS:
        pattern = re.compile(rf"^item\s+{item}\b", re.I)
        hits = [i for i, t in enumerate(texts) if pattern.match(t)]
        assert hits, f"{name}: no heading for Item {item}; item headings: " + repr(
            [t for t in texts if t.lower().startswith("item")])
        positions[item] = hits[-1]
    assert sorted(positions.values()) == [positions[i] for i in ITEMS], positions
    tree = build_tree(parsed, name, name)
    (item7,) = [s for s in tree.sections if re.match(r"^item\s+7\b", s.heading, re.I)
                and tree.children(s.node_id)]
    inside = [p for p in tree.paragraphs
              if item7.node_id in {a.node_id for a in tree.ancestors(p.node_id)}]
    assert len(inside) > 50, f"{name}: Item 7 holds only {len(inside)} paragraphs"
    # the table of contents: an entry a row, its page number after " … " (the entries ran
    # together as one paragraph: "Item 1. Business 3 Item 1A. Risk Factors 20 ..."), on its
    # own page only; a financial statement's rows ending in a number are no entries
    rows = [(b.page, row) for b in parsed.blocks for row in b.text.split("\n")]
    entries = [(page, row) for page, row in rows if " … " in row]
    assert any(re.fullmatch(r"Item 1A\. Risk Factors\.? … \d+", row) for _, row in entries), name
    assert {page for page, _ in entries} <= {2, 3, 35, 52}, (name, entries[-3:])
    assert not any(re.search(r"Business\.? \d+ Item 1A", row) for _, row in rows), name


def test_financebench_questions_point_at_the_filings():
    questions = load_financebench(require(FINANCEBENCH / "questions.jsonl"))
    assert len(questions) == 7
    assert {q["doc_name"] for q in questions} == set(TEN_KS)
    assert all(q["evidence"][0]["evidence_page_num"] >= 0 for q in questions)


OTHER_KINDS = REPO / "benchmarks" / "data" / "financebench-other-kinds.jsonl"


def test_the_filing_questions_of_other_kinds_cite_pages_that_hold_their_answers():
    """benchmarks/data/financebench-other-kinds.jsonl (questions written here, in FinanceBench's
    format, about the three filings: employees, acquisitions, auditors, segments, stores): each
    evidence page (0-based, as FinanceBench counts) holds the text its evidence quotes."""
    import pypdfium2 as pdfium

    questions = load_financebench(OTHER_KINDS)
    assert len(questions) == 11 and {q["doc_name"] for q in questions} == set(TEN_KS)
    for name in TEN_KS:
        pdf = pdfium.PdfDocument(str(require(FINANCEBENCH / "pdfs" / f"{name}.pdf")))
        try:
            for q in (q for q in questions if q["doc_name"] == name):
                for evidence in q["evidence"]:
                    page = pdf[evidence["evidence_page_num"]].get_textpage().get_text_range()
                    assert evidence["evidence_text"] in " ".join(page.split()), (
                        q["financebench_id"], evidence)
        finally:
            pdf.close()


# -- Qasper ----------------------------------------------------------------------------------


def _with_parents(paths: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """Section paths in order, with the parent sections Qasper leaves implicit."""
    out: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()
    for path in paths:
        for depth in range(1, len(path)):
            if path[:depth] not in seen:
                out.append(path[:depth])
                seen.add(path[:depth])
        out.append(path)
        seen.add(path)
    return out


QASPER_IDS = sorted(load_qasper(QASPER)) if QASPER.exists() else []


def test_qasper_papers_exist():
    assert len(load_qasper(require(QASPER))) == 4


@pytest.mark.parametrize("paper_id", QASPER_IDS)
def test_qasper_paper_round_trips_its_section_structure(paper_id, tmp_path):
    paper = load_qasper(QASPER)[paper_id]
    path = tmp_path / f"{paper_id}.md"
    path.write_text(qasper_to_markdown(paper), encoding="utf-8")
    parsed = parse_file(path)
    tree = build_tree(parsed, paper_id, str(path))

    title = " ".join(paper["title"].split())
    assert tree.title == title
    title_section, *sections = tree.sections  # "# title" is the one top section
    assert title_section.heading == title and title_section.parent_id == tree.root.node_id
    found = [tuple(s.breadcrumb.split(BREADCRUMB_SEP)[1:]) for s in sections]  # below the title
    paths, texts = _expected_sections(paper)
    assert found == [("Abstract",)] + _with_parents(paths)

    # every non-empty paragraph comes back as one paragraph of its own section
    by_path = dict(zip(found, sections))
    for path in paths:
        got = [n.text for n in tree.children(by_path[path].node_id)
               if n.kind is NodeKind.PARAGRAPH]
        assert got == texts[path], path


def _expected_sections(paper: dict) -> tuple[list[tuple[str, ...]], dict]:
    """The section paths the rendered paper should have, in order, and each one's paragraphs:
    Qasper's sections, and the paper's own LaTeX headings left in their text (a paragraph
    "\\subsection{MTurk study}" opens a section below the top section it is in)."""
    levels = {"section": 1, "subsection": 2, "subsubsection": 3}
    paths: list[tuple[str, ...]] = []
    texts: dict[tuple[str, ...], list[str]] = {}
    for section, path in zip(paper["full_text"], qasper_section_paths(paper)):
        paths.append(path)
        texts.setdefault(path, [])
        for paragraph in section["paragraphs"]:
            text = " ".join(paragraph.split())
            latex = re.fullmatch(r"\\(section|subsection|subsubsection)\*?\{(.+)\}", text)
            if latex:
                path = path[: levels[latex.group(1)] - 1] + (latex.group(2).strip(),)
                paths.append(path)
                texts.setdefault(path, [])
            elif text:
                texts[path].append(text)
    return paths, texts


def test_a_papers_latex_headings_are_its_sections():
    """1805.02400 came out of Qasper's extraction with its subsections as LaTeX lines in the
    text of "Generative Model": rendered, they are sections again, the study's paragraphs in
    the study's section and "Evaluation" a top section beside "Generative Model"."""
    paper = load_qasper(require(QASPER))["1805.02400"]
    markdown = qasper_to_markdown(paper)
    assert "\\subsection{" not in markdown and "#### MTurk study" in markdown
    assert "\n## Evaluation\n" in markdown and "\n### Comparative user study\n" in markdown
