"""The title asked of a document named by its file's name without the extension ("What is
the title of 1907.05664?"), and of a name no document has."""

from __future__ import annotations

from _cli import indexed_files, run
from _stores import indexed_graph

from docnav.query import Navigator

DOCS = {
    "1809.01202.md": "# Causal explanation analysis on social media\n\n"
                     "## Method\n\nWe parse discourse arguments.\n",
    "2349-pin.md": "# Pinned references\n\nA pinned value never moves again.\n",
    "notes.md": "# Meeting notes\n\nThe notes say pins are hard.\n",
}


def test_the_title_of_a_file_s_name_without_its_extension_is_its_heading(tmp_path):
    # "What is the title of 1907.05664?" chose 1907.05664.md and said "in none of the
    # documents asked of: title"; with "1907.05664.md" it gave the title
    nav = Navigator(indexed_graph(tmp_path, DOCS))
    for question, title in (("What is the title of 1809.01202?",
                             "Causal explanation analysis on social media"),
                            ("What is the title of 2349-pin?", "Pinned references")):
        answer = nav.ask(question, 200)
        assert [f.get("title") for f in answer.fields.values()] == [title], question
        assert "title" not in answer.missing + answer.absent and answer.confidence == 1.0
    # a name holding a digit but no file's ("the 3rd chapter") asks no document's title
    assert not nav.ask("What is the title of the 3rd chapter?", 200, doc="notes.md").fields


def test_the_title_of_a_file_s_name_no_document_has_is_said_and_no_field_given(tmp_path):
    # of a store without 1907.05664.md, "What is the title of 1907.05664?" read the best
    # match and gave its title field as the answer (`title = ADBE 10-K FY22`)
    nav = Navigator(indexed_graph(tmp_path, {k: v for k, v in DOCS.items()
                                             if k != "1809.01202.md"}))
    for name in ("1809.01202", "1809.01202.md"):
        answer = nav.ask(f"What is the title of {name}?", 200)
        assert (answer.untitled, answer.fields) == ([name], {}), name


def test_ask_says_no_document_has_the_file_s_name(tmp_path):
    db = indexed_files(tmp_path, {k: v for k, v in DOCS.items() if k != "1809.01202.md"})
    code, out, err = run(db, "ask", "What is the title of 1809.01202?")
    assert code == 0, err
    assert out.splitlines()[1].startswith('no document asked of is titled "1809.01202" (no '
                                          'title or file name holds its words)')
    assert "asked for, in the fields of" not in out and "title = " not in out


def test_the_title_of_a_name_no_document_has_is_asked_with_no_confidence(tmp_path):
    """"What is the title of nosuchdoc.md?" gave the best match's title field (``title =``
    another document's) with confidence 0.25 and said nothing of the name (one without a
    digit was no file's name); "... of 1999.12345.md?" kept the confidence of the words
    read (0.14 on a store of 11 documents): no evidence is the title of a document none
    has."""
    nav = Navigator(indexed_graph(tmp_path, {k: v for k, v in DOCS.items()
                                             if k != "1809.01202.md"}))
    for name in ("nosuchdoc.md", "1809.01202", "1809.01202.md", "no-such-notes.pdf"):
        answer = nav.ask(f"What is the title of {name}?", 200)
        assert (answer.untitled, answer.fields, answer.confidence) == ([name], {}, 0.0), name
    # a document that has the name: its title, as before
    answer = nav.ask("What is the title of notes.md?", 200)
    assert (answer.untitled, answer.confidence) == ([], 1.0)
    assert [f.get("title") for f in answer.fields.values()] == ["Meeting notes"]


def test_a_part_of_a_file_s_name_with_its_extension_names_that_file(tmp_path):
    """"What is the title of futures.md?" of a store holding 2592-futures.md said "no
    document asked of is titled "futures.md"" with confidence 0.00 (so did async_await.md,
    amazon.pdf, pin.md): a file's name whose words hold the name's is no name no document
    has; it is answered from the best match, as before names without a digit were names."""
    nav = Navigator(indexed_graph(tmp_path, {**DOCS, "AMAZON_2017_10K.md": "# Amazon\n"}))
    for name in ("pin.md", "amazon.pdf", "2349-pin.md"):
        answer = nav.ask(f"What is the title of {name}?", 200)
        assert answer.untitled == [] and answer.confidence > 0, name
        assert answer.fields, name
    # a name whose words no file's name holds is still one no document has
    assert nav.ask("What is the title of nosuchdoc.md?", 200).untitled == ["nosuchdoc.md"]


def test_the_title_of_a_name_no_document_has_asked_of_one_document(tmp_path):
    """With --doc, "What is the title of nosuchdoc.md?" gave the title field of the one
    document asked of (--doc '*1805*': 1805.02400.md's title) with confidence 0.25."""
    nav = Navigator(indexed_graph(tmp_path, DOCS))
    answer = nav.ask("What is the title of nosuchdoc.md?", 200, doc="notes.md")
    assert (answer.untitled, answer.fields, answer.confidence) == (["nosuchdoc.md"], {}, 0.0)
    # the document's own name: no name none has; part of another stored file's name alone
    # ("pin.md" of 2349-pin.md) names that file, outside those asked of
    assert nav.ask("What is the title of notes.md?", 200, doc="notes.md").untitled == []
    answer = nav.ask("What is the title of pin.md?", 200, doc="notes.md")
    assert (answer.untitled, answer.fields) == (["pin.md"], {})


def test_a_file_s_name_said_with_the_word_for_it_is_one_name(tmp_path):
    """"What is the title of the nosuchdoc.md document?" said two names no document has,
    "nosuchdoc.md document" and "nosuchdoc.md"; "... of the style-guide.md RFC?" too."""
    nav = Navigator(indexed_graph(tmp_path, DOCS))
    for name, kind in (("nosuchdoc.md", "document"), ("style-guide.md", "RFC")):
        answer = nav.ask(f"What is the title of the {name} {kind}?", 200)
        assert answer.untitled == [name], name
    # nor "the title of paper.md" ("title of paper", the word for a document, and "paper.md")
    assert nav.ask("What is the title of paper.md?", 200).untitled == ["paper.md"]


def test_a_name_with_the_extension_of_any_format_parsed_is_a_file_s_name():
    """The extensions a name of a file none has may end with are those parsed, one list
    (they were written out again beside the parser's)."""
    from docnav.parse import SUPPORTED_SUFFIXES
    from docnav.query.names import TITLE_OF_FILE

    for suffix in SUPPORTED_SUFFIXES:
        question = f"What is the title of nosuchdoc{suffix}?"
        assert [m[1] for m in TITLE_OF_FILE.finditer(question)] == [f"nosuchdoc{suffix}"]
    assert not TITLE_OF_FILE.search("What is the title of nosuchdoc.txt?")


def test_a_name_whose_words_a_title_holds_is_no_name_none_has(tmp_path):
    """"What is the title of restaurant.md?" of a store holding 1805.02400.md ("... Fake
    Restaurant Reviews") said `no document asked of is titled "restaurant.md"` with confidence
    0.00 while the next line said 1805.02400.md held it, a word of its title; --doc too."""
    nav = Navigator(indexed_graph(tmp_path, DOCS))
    for doc in (None, "notes.md"):
        answer = nav.ask("What is the title of meeting.md?", 200, doc=doc)
        assert answer.untitled == [] and answer.confidence > 0, doc
        assert [f.get("title") for f in answer.fields.values()] == ["Meeting notes"], doc
