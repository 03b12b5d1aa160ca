"""Questions of real RFC texts joining what they name by "or", "and" or "neither ... nor": a
document named beside a word ("Which RFCs mention RFC 2394 or pinning?"), a hyphenated word
("if-let"), a number no document has beside an indexed one, and the singular "Which RFC"."""

from __future__ import annotations

import pytest
from _paths import file_names
from _rfcs import rfc_graph

from docnav.ask_text import answer_text
from docnav.errors import InputError
from docnav.query import Navigator

# 2349 (2018) and 2394 (2018-03-30) named; 2592 refers to both, 3668 to 2394 alone, 0002 and
# 0160 to neither; 0160 writes "if let", no other "if let" nor "if-let"
RFCS = ["0002-rfc-process.md", "0160-if-let.md", "2349-pin.md", "2394-async_await.md",
        "2592-futures.md", "3668-async-closures.md"]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    return rfc_graph(tmp_path_factory, RFCS)


def test_neither_says_a_number_not_indexed_as_such(graph):
    # (said "refer to neither 2394-async_await.md nor RFC 9999", as if RFC 9999 were one of
    # the documents, with nothing to tell it is none)
    answer = Navigator(graph).ask("Which RFCs cite neither RFC 2394 nor RFC 9999?", 600)
    text = answer_text(answer, graph)
    assert "none read) (RFC 9999 is not indexed): 0002-rfc-process.md" in text
    both = Navigator(graph).ask("Which RFCs cite neither RFC 9998 nor RFC 9999?", 600)
    assert both.count["n"] == 6
    assert "(RFC 9998 and RFC 9999 are not indexed)" in answer_text(both, graph)


@pytest.mark.parametrize("question, by, listed", [
    ("Which RFC cites neither RFC 2394 nor RFC 2349?", "references",
     ["0002-rfc-process.md", "0160-if-let.md"]),
    ("What RFC refers to neither RFC 2592 nor RFC 2394?", "references",
     ["0002-rfc-process.md", "0160-if-let.md", "2349-pin.md"]),
    ("Which RFC mentions neither async nor pinning?", "words",
     ["0002-rfc-process.md", "0160-if-let.md"])])
def test_neither_asked_of_one_rfc_lists_them_as_of_several(graph, question, by, listed):
    # (read the best match, 2394-async_await.md, named by its title: "not in the evidence:
    # cites, neither, nor, 2349")
    answer = Navigator(graph).ask(question, 600)
    assert answer.count["neither_by"] == by
    assert file_names(answer.count["documents"]) == listed


def test_neither_before_the_verb_of_one_rfc_is_refused(graph):
    # (read the best match, as "Which RFCs neither cite ...?" is refused)
    with pytest.raises(InputError, match='"neither ... nor" is read only right after the verb'):
        Navigator(graph).ask("Which RFC neither cites RFC 2394 nor RFC 2349?", 600)


@pytest.mark.parametrize("question, listed, line", [
    ("Which RFCs cite RFC 2394 and RFC 9999?", [],
     "none of the 5 documents asked of refers to 2394-async_await.md and RFC 9999 (none links "
     "to, or names the number of, each of them; RFC 9999 is not indexed: read by its number)"),
    ("How many RFCs cite RFC 2394, RFC 2349 and RFC 9999?", [],
     "none of the 6 documents asked of refers to 2394-async_await.md, 2349-pin.md and RFC "
     "9999"),
    # (RFC 3668 names RFC 2229, not indexed, by its number)
    ("Which RFCs cite RFC 2394 and RFC 2229?", ["3668-async-closures.md"],
     "1 of the 5 documents asked of refers to 2394-async_await.md and RFC 2229 (")])
def test_and_of_a_number_not_indexed_counts_those_naming_it_too(graph, question, listed, line):
    # (listed those citing RFC 2394, 2592-futures.md too, "RFC 9999, also named, is not
    # indexed", as if "and" were "or")
    answer = Navigator(graph).ask(question, 600)
    assert answer.route == "cross-reference"
    assert file_names(answer.count["documents"]) == listed
    assert line in answer_text(answer, graph)


def test_or_of_a_number_not_indexed_still_counts_those_citing_the_other(graph):
    answer = Navigator(graph).ask("Which RFCs cite RFC 2394 or RFC 9999?", 600)
    assert file_names(answer.count["documents"]) == ["2592-futures.md", "3668-async-closures.md"]
    # (read by its number: none names it; it was also counted by the words "RFC", "9999")
    text = answer_text(answer, graph)
    assert "RFC 9999 is not indexed: read by its number" in text and '"RFC 9999"' not in text


@pytest.mark.parametrize("question, word, listed", [
    ("Which RFCs mention RFC 2394 or pinning?", "pinning",  # (2349 holds "pinning", 2592
     ["2349-pin.md", "2592-futures.md", "3668-async-closures.md"]),  # and 3668 cite 2394)
    ("Which RFCs mention pinning or RFC 2394?", "pinning",
     ["2349-pin.md", "2592-futures.md", "3668-async-closures.md"]),
    ("Which RFCs cite RFC 2349 or zebras?", "zebras", ["2592-futures.md"])])
def test_a_document_or_a_word_counts_those_referring_or_holding_it(graph, question, word,
                                                                  listed):
    # (counted those referring to the one named alone, "pinning" dropped: "none of the 26
    # documents asked of refers to 2394-async_await.md" of 27 RFCs, 2349-pin.md unlisted here)
    answer = Navigator(graph).ask(question, 600)
    assert answer.route == "cross-reference"
    assert file_names(answer.count["documents"]) == listed
    assert f' or hold{"s" if len(listed) == 1 else ""} "{word}" (by their words)' in (
        answer_text(answer, graph))


def test_a_document_or_a_word_none_refers_to_nor_holds(graph):
    answer = Navigator(graph).ask("Which RFCs cite RFC 160 or zebras?", 600)
    assert answer.count["n"] == 0
    assert ("none of the 5 documents asked of refers to 0160-if-let.md (none links to it, nor "
            'names its number) or holds "zebras" (by their words)') in answer_text(answer, graph)


def test_a_hyphenated_word_joined_by_or_is_held_in_its_spaced_spelling(graph):
    # ("if", "let" held apart by most: those holding "pinning" alone were counted, 0160-if-let.md
    # writing "if let" not one of them)
    answer = Navigator(graph).ask("Which RFCs mention if-let or pinning?", 600)
    assert answer.count["words"] == ["if-let", "pinning"] and answer.count.get("any")
    assert "0160-if-let.md" in file_names(answer.count["documents"])
    # ("pinning" counted by its stem: the forms counted said, stem_forms.py)
    text = answer_text(answer, graph)
    assert 'hold "if-let" or "pinning" (any form of its stem: "pinning", "pin' in text
    assert ') (counted by their words' in text


def test_a_hyphenated_word_is_held_in_any_spelling_a_reader_takes_as_it(tmp_path):
    from _stores import indexed_graph
    texts = {"spaced.md": "# Spaced\n\nUse if let to match one pattern.\n",
             "hyphen.md": "# Hyphen\n\nThe if-let form matches one pattern.\n",
             "under.md": "# Under\n\nThe lint is named if_let_chain; if_let is its stem.\n",
             "apart.md": "# Apart\n\nIf we let the pattern fail, it returns early.\n",
             "other.md": "# Other\n\nNothing about patterns here, only zebras.\n"}
    graph = indexed_graph(tmp_path, texts)
    answer = Navigator(graph).ask("Which documents mention if-let or zebras?", 600)
    assert file_names(answer.count["documents"]) == ["hyphen.md", "other.md", "spaced.md",
                                                     "under.md"]


def test_one_left_out_that_refers_is_said_to_refer(graph):
    # (those asked of were rebuilt without it: "besides 2592-futures.md (which makes no
    # reference to 2394-async_await.md)", where RFC 2592 cites RFC 2394)
    answer = Navigator(graph).ask("Which RFCs, besides 2592, mention RFC 2394 or pinning?", 600)
    assert "2592-futures.md" not in file_names(answer.count["documents"])
    assert "besides 2592-futures.md (which refers to 2394-async_await.md)" in (
        answer_text(answer, graph))


def test_the_one_named_asked_of_alone_says_the_word_held_apart(graph):
    # (--doc on RFC 2394: 2349-pin.md, holding "pinning" alone, was said to refer to it)
    answer = Navigator(graph).ask("Which RFCs mention RFC 2394 or pinning?", 600,
                                  doc="*2394-async_await.md")
    assert "2349-pin.md" in file_names(answer.count["documents"])
    assert ('refer to it (by their references: a link to it, its number) or hold "pinning" '
            "(by their words)") in answer_text(answer, graph)


@pytest.mark.parametrize("question, listed", [
    # ("mention pinning" was a piece to hold whole: 2349-pin.md, without "mention", missed)
    ("How many RFCs cite RFC 2394 or mention pinning?",
     ["2349-pin.md", "2592-futures.md", "3668-async-closures.md"]),
    ("Which RFCs cite RFC 2394 or are about pinning?",
     ["2349-pin.md", "2592-futures.md", "3668-async-closures.md"]),
    # (held by those holding "if" and "let" apart: 2394-async_await.md among them)
    ("Which RFCs mention RFC 2349 or if-let?", ["0160-if-let.md", "2592-futures.md"])])
def test_a_document_or_a_word_reads_the_word_as_said(graph, question, listed):
    answer = Navigator(graph).ask(question, 600)
    assert file_names(answer.count["documents"]) == listed
    assert not answer.count.get("or_holding") or all(
        not w.startswith(("mention", "are")) for w in answer.count["or_holding"])


def test_or_of_a_number_not_indexed_reads_it_by_number(graph):
    # ("RFC 2229" was a piece held by its words, "RFC" and "2229" anywhere, 'or holds "RFC
    # 2229" (by their words)'); RFC 3668 names RFC 2229
    answer = Navigator(graph).ask("Which RFCs cite RFC 2349 or RFC 2229?", 600)
    text = answer_text(answer, graph)
    assert "3668-async-closures.md" in file_names(answer.count["documents"])
    assert "refer to 2349-pin.md or RFC 2229 (by their references: a link to them" in text
    assert "RFC 2229 is not indexed: read by its number" in text
    assert '"RFC 2229"' not in text


@pytest.mark.parametrize("question, word, alone", [
    # (the hyphenated word took the plain one's term: those writing "let" alone dropped)
    ("Which RFCs mention let or if-let?", "let", "Which RFCs mention let?"),
    ("Which RFCs mention async or async-await?", "async", "Which RFCs mention async?")])
def test_a_word_beside_a_hyphenated_one_of_its_parts_is_held_alone(graph, question, word,
                                                                   alone):
    answer = Navigator(graph).ask(question, 600)
    held = Navigator(graph).ask(alone, 600)
    assert set(held.count["documents"]) <= set(answer.count["documents"])
    assert word in answer.count["words"]


def test_a_hyphenated_word_is_held_in_another_form_of_its_last_part(tmp_path):
    # (only "type-ascription", "type ascription" as written: "type ascriptions" missed)
    from _stores import indexed_graph
    texts = {"plural.md": "# Plural\n\nType ascriptions are gone from the language.\n",
             "other.md": "# Other\n\nNothing about types here, only zebras.\n",
             "apart.md": "# Apart\n\nA type of dog; its ascription to a breed is unsure.\n"}
    graph = indexed_graph(tmp_path, texts)
    answer = Navigator(graph).ask("Which documents mention type-ascription or zebras?", 600)
    assert file_names(answer.count["documents"]) == ["other.md", "plural.md"]


def test_neither_after_use_is_read_as_after_mention(graph):
    # (refused: '"neither ... nor" is read only right after the verb', which it is)
    mention = Navigator(graph).ask("Which RFCs mention neither async nor pinning?", 600)
    for question in ("Which RFC uses neither async nor pinning?",
                     "Which RFCs use neither async nor pinning?"):
        answer = Navigator(graph).ask(question, 600)
        assert answer.count["documents"] == mention.count["documents"]


@pytest.mark.parametrize("question, listed", [
    ("Which documents don't mention if-let or pinning?", ["apart.md", "other.md"]),
    ("Which documents mention neither if-let nor pinning?", ["apart.md", "other.md"]),
    ("Which document mentions neither if-let nor pinning?", ["apart.md", "other.md"]),
    ("Which documents mention if-let but not async?", ["spaced.md"]),
    # (asked alone, counted by "if" and "let" anywhere: apart.md too, and the negated form
    # left it out, the pair more than all)
    ("Which documents mention if-let?", ["async.md", "spaced.md"]),
    ("Which documents don't mention if-let?", ["apart.md", "other.md", "pin.md"])])
def test_a_hyphenated_word_is_held_in_any_spelling_in_each_shape(tmp_path, question, listed):
    # (counted by "if" and "let" held anywhere, and said 'hold neither "if-let" nor
    # "pinning"': apart.md was one holding it, with the "or" form 6 + 8 of 27 RFCs)
    from _stores import indexed_graph
    texts = {"spaced.md": "# Spaced\n\nUse if let to match one pattern.\n",
             "apart.md": "# Apart\n\nIf we let the pattern fail, it returns early.\n",
             "pin.md": "# Pin\n\nPinning keeps a value in its place.\n",
             "async.md": "# Async\n\nAn async fn may use if-let inside.\n",
             "other.md": "# Other\n\nNothing about patterns here, only zebras.\n"}
    answer = Navigator(indexed_graph(tmp_path, texts)).ask(question, 600)
    assert file_names(answer.count["documents"]) == listed


def test_a_document_or_a_word_counts_the_word_as_held(graph):
    # (--json said "words": [] and "held": 0 while 2349-pin.md was counted by "pinning")
    answer = Navigator(graph).ask("Which RFCs mention RFC 2394 or pinning?", 600)
    assert (answer.count["words"], answer.count["held"]) == (["pinning"], 1)


def test_the_one_named_asked_of_alone_says_the_number_read_beside_it(graph):
    # (--doc on RFC 2349: "2 refer to it", 3668-async-closures.md among them, which names RFC
    # 2229 and not RFC 2349)
    answer = Navigator(graph).ask("Which RFCs cite RFC 2349 or RFC 2229?", 600,
                                  doc="*2349-pin.md")
    text = answer_text(answer, graph)
    assert "3668-async-closures.md" in file_names(answer.count["documents"])
    assert "refer to 2349-pin.md or RFC 2229 (by their references: a link to them" in text
    assert "RFC 2229 is not indexed: read by its number" in text
    assert "refer to it" not in text


def test_a_word_of_a_longer_piece_beside_a_hyphenated_one_is_not_held_alone(tmp_path):
    # ("type" of "type inference" was taken for a word said alone: apart.md, holding "type"
    # and "inference" apart, counted as holding "type" or "type-ascription", and "inference")
    from _stores import indexed_graph
    texts = {"compound.md": "# Compound\n\nType-ascription helps inference here.\n",
             "apart.md": "# Apart\n\nA type of dog; its inference is unsure.\n",
             "other.md": "# Other\n\nNothing about types here, only zebras.\n"}
    answer = Navigator(indexed_graph(tmp_path, texts)).ask(
        "Which documents mention type-ascription or type inference?", 600)
    assert "apart.md" not in file_names(answer.count["documents"])
    assert "type" not in answer.count["words"]


@pytest.mark.parametrize("question, piece", [
    # (the verb strip took nouns: 'hold "cases"', 'hold "of unsafe"')
    ("Which RFCs mention RFC 2349 or use cases?", "use cases"),
    ("Which RFCs mention RFC 2349 or uses of unsafe?", "uses of unsafe")])
def test_a_noun_like_a_verb_after_or_is_kept_in_its_piece(graph, question, piece):
    answer = Navigator(graph).ask(question, 600)
    assert answer.count["or_holding"] == [piece]
    assert f'"{piece}"' in answer_text(answer, graph)


@pytest.mark.parametrize("question", [
    # ("the word pinning" was a piece held by "word" too)
    "Which RFCs mention RFC 2394 or the word pinning?",
    "Which RFCs cite RFC 2394 or mention the word pinning?"])
def test_the_word_before_a_piece_after_or_is_not_held(graph, question):
    answer = Navigator(graph).ask(question, 600)
    plain = Navigator(graph).ask("Which RFCs mention RFC 2394 or pinning?", 600)
    assert answer.count["or_holding"] == ["pinning"]
    assert answer.count["documents"] == plain.count["documents"]
