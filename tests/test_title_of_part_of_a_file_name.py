"""The title asked of part of one file's name with its extension ("futures.md" of
2592-futures.md), said with the word for the document or asked of another (--doc)."""

from __future__ import annotations

from _cli import indexed_files, run
from _stores import indexed_graph

from docnav.query import Navigator

DOCS = {
    "2592-futures.md": "# 2592-futures\n\n## Summary\n\nThe task system of std.\n",
    "2394-async_await.md": "# 2394-async_await\n\n## Summary\n\nThe futures RFC: futures are "
                           "awaited; this RFC builds on the futures RFC and its futures.\n",
    "notes.md": "# Meeting notes\n\nThe notes say pins are hard.\n",
}


def test_part_of_one_file_s_name_said_with_the_word_for_it_names_that_file(tmp_path):
    """"What is the title of the futures.md RFC?" (mixed store) gave 2394-async_await.md's
    title, the best match, and no note; "... of futures.md?" read 2592-futures.md."""
    nav = Navigator(indexed_graph(tmp_path, DOCS))
    for question in ("What is the title of the futures.md RFC?",
                     "What is the title of futures.md?"):
        answer = nav.ask(question, 200)
        assert [f.get("title") for f in answer.fields.values()] == ["2592-futures"], question
        assert answer.untitled == [], question


def test_part_of_a_file_s_name_outside_those_asked_of_is_said_named_outside(tmp_path):
    """"What is the title of futures.md?" --doc '*1805*' gave 1805.02400.md's title with
    confidence 0.25; "... of 2592-futures.md?" said it named a document outside."""
    nav = Navigator(indexed_graph(tmp_path, DOCS))
    answer = nav.ask("What is the title of futures.md?", 200, doc="notes.md")
    assert (answer.untitled, answer.fields, answer.confidence) == (["futures.md"], {}, 0.0)


def test_ask_says_the_file_is_named_by_part_of_its_name(tmp_path):
    db = indexed_files(tmp_path, DOCS)
    code, out, err = run(db, "ask", "What is the title of the futures.md RFC?")
    assert code == 0, err
    assert out.splitlines()[1] == ('asked of 2592-futures.md, which the question names by its '
                                   'file\'s name, in part ("futures.md")')
