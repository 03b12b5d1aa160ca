"""A question naming the format of the documents it asks of ("Which PDF mentions the
typewriter?", "How many HTML documents are there?", "In the Word document, ...") is asked of
the documents of that format alone, in a store of several formats; a format word that is what
the question is about ("How does rustdoc render Markdown headings?") narrows nothing. Asked of
a store mixing Markdown, HTML, a real PDF and real DOCX files, "How many HTML documents are
there?" read passages and said "html" was in none of them, and "In the Word document, what is
said about the seal?" read the word processor PDF first."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from _cli import index, run
from _paths import FIXTURES, require

from docnav.embed import HashingEmbedder
from docnav.errors import InputError
from docnav.query import DocNavGraph, Navigator
from docnav.query.formats import as_searched, format_named

TEXTS = {
    "rustdoc.md": "# Rustdoc rendering\n\nRustdoc renders Markdown headings as anchors, and the "
                  "HTML tags allowed in doc comments are passed through unchanged.\n",
    "seals.md": "# Elephant seals\n\nThe elephant seal dives deeper than any other seal.\n",
    "harbour.html": "<html><head><title>Harbour seals</title></head><body><h1>Harbour seals"
                    "</h1><p>The harbour seal rests on rocks at low tide.</p></body></html>",
}


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    """Two Markdown files, an HTML page, the word processor PDF ("typewriter") and two DOCX
    files (the duck sample, and one on wax seals written here), indexed by ``docnav index``."""
    docx = pytest.importorskip("docx", reason="python-docx (a docling dependency) is missing")
    docs = tmp_path_factory.mktemp("formats") / "docs"
    docs.mkdir()
    for name, text in TEXTS.items():
        (docs / name).write_text(text)
    shutil.copy(require(FIXTURES / "pdf" / "multi_page.pdf"), docs)
    shutil.copy(require(FIXTURES / "docx" / "word_sample.docx"), docs)
    wax = docx.Document()
    wax.add_heading("Wax seals", 0)
    wax.add_paragraph("A wax seal closes a letter; the seal shows the sender's crest.")
    wax.save(docs / "wax.docx")
    store = docs.parent / "g.duckdb"
    assert index(store, docs) == 0
    return store


@pytest.fixture(scope="module")
def nav(db) -> Navigator:
    return Navigator(DocNavGraph.open(db, embedder=HashingEmbedder()))


def _read(answer) -> set[str]:
    return {Path(e.piece.doc_path).name for e in answer.evidence}


def _step(answer) -> dict | None:
    return next((s for s in answer.trace if s["op"] == "format"), None)


@pytest.mark.parametrize("question, fmt, searched", [
    ("How many HTML documents are there?", "html", "How many documents are there?"),
    ("How many PDFs are there?", "pdf", "How many documents are there?"),
    ("List the DOCX files", "docx", "List the documents"),
    ("Which web pages mention seals?", "html", "Which documents mention seals?"),
    ("What does each PDF say about seals?", "pdf", "What does each document say about seals?"),
    ("Which PDF mentions the typewriter?", "pdf", "Which mentions the typewriter?"),
    ("Which HTML page mentions the seal?", "html", "Which mentions the seal?"),
    ("In the Word document, what is said about the seal?", "docx",
     "In , what is said about the seal?"),
    ("What does the PDF's title say?", "pdf", "What does its title say?"),
    ("How many Markdown files mention seals?", "markdown", "How many documents mention seals?"),
    # its verb no more searched for than "mentions" ("in none of the documents: contains")
    ("Which HTML page contains the seal?", "html", "Which the seal?"),
    ("Which PDF includes the typewriter?", "pdf", "Which the typewriter?"),
    # "a document", not "an document"
    ("Is there an HTML page?", "html", "Is there a document?"),
    ("Is there a PDF article about seals?", "pdf", "Is there an article about seals?"),
])
def test_a_format_word_naming_documents_is_read_as_their_format(question, fmt, searched):
    named = format_named(question)
    assert named is not None and named.formats == (fmt,)
    assert as_searched(named) == searched


@pytest.mark.parametrize("question", [
    "How does rustdoc render Markdown headings?",
    "What HTML tags are allowed?",
    "Which HTML tags are allowed?",
    "Which RFCs mention PDF files?",  # what they mention, not what they are
    "How does rustdoc render Markdown files?",
    "How does the PDF parser work?",
    "Which PDF version is supported?",
    "Which word means seal?",
    "Compare the PDF to the Word document",  # two formats: neither alone
    # found by a review, each narrowed (or refused) before the words had to read as documents
    # for sure: what they say, whether there are any, "in the ...", a listing
    "What is a PDF?", "What is an HTML page?", "How do I sign a PDF?",
    "Can a PDF file contain JavaScript?", "What happens if the PDF is encrypted?",
    "What is the maximum size of a PDF file?", "Which web pages load fastest?",
    "How many web pages does the crawler visit per second?",
    "How many Markdown files can the tool process at once?", "Why do researchers prefer PDFs?",
    "Which section explains how the PDF is generated?", "Can I open DOCX files in LibreOffice?",
    "How often does the word document appear in the text?",
    # and by the second review: a place or a clause after the words, a format's own parts
    "How many web pages are there on the internet?", "Which web pages are there on the site?",
    "Show me the HTML page template", "List the PDF files the tool can open",
    "Count the web pages linked from the homepage", "What goes in the HTML page head?",
    "In the PDF file format, what is an xref table?", "Of the web pages crawled, which were "
    "slowest?", "What does HTML stand for?", "In the HTML spec, what is a div?",
    # and beside those: a place that is not the store's, a condition
    "Are there any PDF files on the internet?", "What happens if the PDF contains a form?",
    "Can a PDF contain JavaScript?", "Do PDF files contain JavaScript?",
])
def test_a_format_word_that_is_the_subject_names_no_documents(question):
    assert format_named(question) is None


@pytest.mark.parametrize("question, fmt", [
    ("According to the PDF, what is a seal?", "pdf"),  # "to the" read as its object
    ("What is the newest PDF?", "pdf"), ("What is each PDF about?", "pdf"),
    ("Summarize the PDF", "pdf"), ("Which PDF is about seals?", "pdf"),
    ("How many PDF files have been indexed?", "pdf"), ("How many web pages are there?", "html"),
    # whether there are any, and which contains a thing (each searched its words before)
    ("Are there any PDFs?", "pdf"), ("Is there a PDF about typewriters?", "pdf"),
    ("Are there PDFs?", "pdf"), ("Are there web pages?", "html"),
    ("Are there any PDFs in the store?", "pdf"),
    ("Are there any web pages about seals?", "html"),
    ("Which PDF contains the typewriter?", "pdf"),
    # and which contain, include or hold a thing (only "contains" and "contained" narrowed)
    ("Which PDFs contain the typewriter?", "pdf"), ("Which PDF files contain a ribbon?", "pdf"),
    ("Which HTML pages contain the seal?", "html"), ("Which PDF includes the typewriter?", "pdf"),
    ("How many PDFs include seals?", "pdf"), ("Which web page holds the seal?", "html"),
])
def test_documents_of_a_format_asked_of_in_other_words_are_still_read_so(question, fmt):
    named = format_named(question)
    assert named is not None and named.formats == (fmt,)


def test_how_many_html_documents_counts_the_html_ones(nav):
    answer = nav.ask("How many HTML documents are there?", 300)
    assert answer.count is not None and not answer.evidence
    assert (answer.count["n"], answer.count["documents"]) == (
        1, [p for p in nav.graph.document_paths() if p.endswith("harbour.html")])
    assert answer.question == "How many HTML documents are there?"
    assert answer.text.startswith("1 HTML document asked of (of 6): ")
    step = _step(answer)
    assert (step["format"], step["document_count"], step["asked_of"]) == ("html", 1, 6)
    assert step["formats"] == {"Markdown": 2, "DOCX": 2, "HTML": 1, "PDF": 1}


def test_which_pdf_reads_the_pdf_alone_and_misses_no_format_word(nav):
    answer = nav.ask("Which PDF mentions the typewriter?", 300)
    assert _read(answer) == {"multi_page.pdf"}
    assert "pdf" not in [w.lower() for w in answer.missing + answer.absent]
    answer = nav.ask("Which HTML page mentions the seal?", 300)
    assert _read(answer) == {"harbour.html"}  # not wax.docx, the best match of them all
    assert not {"html", "page"} & {w.lower() for w in answer.missing + answer.absent}
    for question in ("Which HTML page contains the seal?", "Which HTML pages contain the seal?"):
        answer = nav.ask(question, 300)  # "in none of the documents asked of: contains"
        assert _read(answer) == {"harbour.html"}
        assert not {"contains", "contain"} & {w.lower() for w in answer.missing + answer.absent}


def test_the_word_document_is_a_docx_one(nav):
    answer = nav.ask("In the Word document, what is said about the seal?", 300)
    assert _read(answer) <= {"wax.docx", "word_sample.docx"}
    assert Path(answer.evidence[0].piece.doc_path).name == "wax.docx"
    assert _step(answer)["document_count"] == 2


def test_a_count_of_their_words_is_of_that_format(nav):
    answer = nav.ask("How many DOCX files mention the seal?", 300)
    assert [Path(p).name for p in answer.count["documents"]] == ["wax.docx"]
    assert (answer.count["n"], answer.count["of"], answer.count["asked_of"]) == (1, 2, 6)


def test_a_format_word_that_is_the_subject_is_searched_for(nav):
    for question in ("How does rustdoc render Markdown headings?",
                     "What HTML tags are allowed?"):
        answer = nav.ask(question, 200)
        assert _step(answer) is None
        assert Path(answer.evidence[0].piece.doc_path).name == "rustdoc.md"


def test_a_format_none_asked_of_has_is_said(nav):
    of = ["*.md", "*.html"]
    answer = nav.ask("How many PDFs are there?", 300, doc=of)
    assert (answer.count["n"], answer.count["documents"], answer.evidence) == (0, [], [])
    assert answer.text == "0 PDF documents asked of (of 3)"
    with pytest.raises(InputError, match=r"no document asked of is PDF \(theirs: 2 Markdown, "
                                         r"1 HTML; a document's format is its file's suffix"):
        nav.ask("Which PDFs mention the seal?", 300, doc=of)
    # anything else is asked of them all, the answer saying none is of that format
    answer = nav.ask("Which PDF mentions the seal?", 300, doc=of)
    assert _step(answer)["document_count"] == 0 and answer.evidence
    assert _read(answer) <= {"seals.md", "harbour.html", "rustdoc.md"}


def test_of_that_format_alone_a_count_still_counts(nav):
    answer = nav.ask("How many PDFs are there?", 300, doc="*.pdf")
    assert [Path(p).name for p in answer.count["documents"]] == ["multi_page.pdf"]
    # not where its words may be what the question is about: nothing to narrow, as asked
    assert _step(nav.ask("Which PDF mentions the typewriter?", 300, doc="*.pdf")) is None


def test_ask_says_the_question_was_asked_of_that_format(db):
    code, out, err = run(db, "ask", "Which PDF mentions the typewriter?", "--budget", "200")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[1] == ('asked of the 1 PDF document of the 6 asked of, by the format the '
                        'question names ("Which PDF")'), out
    assert not any(line.startswith("not in the evidence:") and "pdf" in line for line in lines)
    code, out, err = run(db, "ask", "How many HTML documents are there?")
    assert code == 0, err
    assert "how many documents: 1 HTML document asked of (of 6): harbour.html" in out, out
    code, out, err = run(db, "ask", "Which PDF mentions the seal?", "--doc", "*.md")
    assert code == 0, err
    assert out.splitlines()[1] == (
        'no document asked of is PDF, the format the question names ("Which PDF"; theirs: 2 '
        "Markdown): the evidence is the best match's of them all"), out


def test_how_many_of_one_document_of_that_format_is_still_counted(nav):
    # narrowed to harbour.html alone, it was asked as of one document ("--doc x.html"): what
    # it says of seals, no count
    answer = nav.ask("How many HTML pages mention the seal?", 300)
    assert [Path(p).name for p in answer.count["documents"]] == ["harbour.html"]
    assert (answer.count["n"], answer.count["of"], answer.count["asked_of"]) == (1, 1, 6)
    assert _read(answer) == {"harbour.html"}
    (step,) = [s for s in answer.trace if s["op"] == "documents"]
    assert step["left_out"] == "HTML pages"  # as the question says it, not "documents"


def test_are_there_any_of_a_format_lists_them_or_says_none(nav):
    """"Are there any PDFs?" searched the passages for "pdfs" ("in none of the documents asked
    of"); "Are there any DOCX files?" of a store with none is answered none, as how many is,
    not refused as "Which DOCX files ...?" is."""
    # (and without "any", or "in the store": each searched "pdfs", "store" too)
    for question in ("Are there any PDFs?", "Are there PDFs?", "Are there any PDFs in the store?"):
        answer = nav.ask(question, budget=1024)
        assert _step(answer)["document_count"] == 1
        assert [Path(p).name for p in answer.count["documents"]] == ["multi_page.pdf"]
    answer = nav.ask("Are there any DOCX files?", budget=1024, doc="*.md")
    assert _step(answer)["document_count"] == 0 and answer.count["n"] == 0
    assert answer.count["kind"] == "documents" and not answer.evidence


@pytest.mark.parametrize("question, formats, searched", [
    ("Which PDF or DOCX files mention seals?", ("pdf", "docx"),
     "Which documents mention seals?"),
    ("How many HTML and Markdown files are there?", ("html", "markdown"),
     "How many documents are there?"),
    ("List the PDF/Word documents", ("pdf", "docx"), "List the documents"),
    ("Which HTML, PDF or Word documents mention seals?", ("html", "pdf", "docx"),
     "Which documents mention seals?"),
    ("What do the PDF and DOCX files say about seals?", ("pdf", "docx"),
     "What do say about seals?"),  # searched as "What does the PDF say ...?" is
    ("How many .md or .html files are there?", ("markdown", "html"),
     "How many documents are there?"),
    # a bare "PDF" first: read as the PDF alone, it narrowed nothing (found by a review)
    ("Which PDF, HTML and DOCX files mention seals?", ("pdf", "html", "docx"),
     "Which documents mention seals?"),
    ("Which PDF and HTML and DOCX files mention seals?", ("pdf", "html", "docx"),
     "Which documents mention seals?"),
])
def test_formats_said_together_name_the_documents_of_each(question, formats, searched):
    """Formats said together before one noun name the documents of any of them; before, the
    last alone was read ("Which HTML and PDF files ...?" was asked of the PDF), or none."""
    named = format_named(question)
    assert named is not None and named.formats == formats
    assert as_searched(named) == searched


def test_which_html_and_pdf_files_reads_both_formats(nav, db):
    answer = nav.ask("Which HTML and PDF files mention the seal?", 300)
    step = _step(answer)
    assert (step["format"], step["document_count"], step["asked_of"]) == ("html or pdf", 2, 6)
    assert "harbour.html" in _read(answer)
    assert _read(answer) <= {"harbour.html", "multi_page.pdf"}
    answer = nav.ask("How many PDF or DOCX files are there?", 300)
    assert sorted(Path(p).name for p in answer.count["documents"]) == [
        "multi_page.pdf", "wax.docx", "word_sample.docx"]
    assert answer.text.startswith("3 PDF or DOCX documents asked of (of 6): "), answer.text
    code, out, err = run(db, "ask", "Which PDF or Word documents mention the seal?",
                         "--budget", "200")
    assert code == 0, err
    assert out.splitlines()[1] == (
        'asked of the 3 PDF or DOCX documents of the 6 asked of, by the formats the question '
        'names ("PDF or Word documents")'), out


@pytest.mark.parametrize("question, fmt, searched", [
    ("What is the longest PDF?", "pdf", "What is the longest document?"),
    ("Which Markdown document is the longest?", "markdown", "Which document is the longest?"),
    ("What is the shortest Markdown file?", "markdown", "What is the shortest document?"),
    ("Which DOCX files are the longest?", "docx", "Which documents are the longest?"),
    # the ordering words and what may follow them as docnav.query.ordered reads them (a copy
    # of its own lacked "most recent", "first", "last" and "that mentions ...": a review)
    ("What is the most recent PDF?", "pdf", "What is the most recent document?"),
    ("Which PDF is the most recent?", "pdf", "Which document is the most recent?"),
    ("What is the first PDF?", "pdf", "What is the first document?"),
    ("Which PDF is the newest that mentions seals?", "pdf",
     "Which document is the newest that mentions seals?"),
    # the format said after "of" (397978a: "Which one of all is the shortest?" was asked)
    ("Which one of all the Markdown files is the shortest?", "markdown",
     "Which one of all the documents is the shortest?"),
    ("Which is the longest of the HTML pages?", "html", "Which is the longest of the documents?"),
])
def test_the_longest_of_a_format_is_asked_for_as_the_longest_document(question, fmt, searched):
    # "longest" was not known beside "newest": no format was read, and every document asked
    named = format_named(question)
    assert named is not None and named.formats == (fmt,)
    assert as_searched(named) == searched


def test_the_longest_of_a_format_is_ordered_by_length_of_that_format(nav):
    assert format_named("Which web page is the largest contributor to load time?") is None
    answer = nav.ask("Which Markdown document is the longest?", 300)
    assert _step(answer)["format"] == "markdown"
    (step,) = [s for s in answer.trace if s.get("by_length")]
    assert ([Path(p).name for p in step["documents"]], step["length_of"]) == (["rustdoc.md"], 2)
    assert _read(answer) == {"rustdoc.md"}
    answer = nav.ask("What is the shortest Markdown file?", 300)
    (step,) = [s for s in answer.trace if s.get("by_length")]
    assert ([Path(p).name for p in step["documents"]], step["length_of"]) == (["seals.md"], 2)
    # of the one PDF, that one (nothing to order)
    answer = nav.ask("What is the longest PDF?", 300)
    assert _step(answer)["format"] == "pdf" and _read(answer) == {"multi_page.pdf"}


@pytest.mark.parametrize("question, read", [
    # the format said after "of" before the verb, as "Which Markdown file is the shortest?"
    # (asked which of them say "shortest": the best match read alone)
    ("Which of the Markdown files is the shortest?", "seals.md"),
    ("Which of the Markdown files is the longest?", "rustdoc.md"),
    ("Which one of all the Markdown files is the shortest?", "seals.md"),
    ("Which is the longest of the Markdown files?", "rustdoc.md"),
])
def test_the_format_said_after_of_is_ordered(nav, question, read):
    answer = nav.ask(question, 300)
    assert _step(answer)["format"] == "markdown"
    (step,) = [s for s in answer.trace if s.get("by_length")]
    assert ([Path(p).name for p in step["documents"]], step["length_of"]) == ([read], 2)


@pytest.mark.parametrize(("question", "listed"), [
    ("Which documents are DOCX files?", ["wax.docx", "word_sample.docx"]),
    ("Which documents are Word files?", ["wax.docx", "word_sample.docx"]),
    ("Which are Word documents?", ["wax.docx", "word_sample.docx"]),
    ("Which of the documents are PDFs?", ["multi_page.pdf"]),
    ("Which documents are HTML pages?", ["harbour.html"])])
def test_which_are_of_a_format_lists_those_of_it(nav, question, listed):
    """What they are asked for ("are DOCX files"): those of that format, none read; it was
    'no document of the 4 asked of holds "DOCX", "files"', and "Which are Word documents?"
    read the word processor PDF (its title says "Word")."""
    answer = nav.ask(question, budget=1024)
    assert sorted(Path(p).name for p in answer.count["documents"]) == listed
    assert not answer.evidence


def test_the_kind_of_documents_of_a_format_is_said_as_the_store_says_it():
    # (lower-cased, "Which RFCs are Markdown files?" listed them under "which rfcs")
    assert format_named("Which RFCs are Markdown files?").as_documents == "Which RFCs are there?"
