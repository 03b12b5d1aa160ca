"""Claims are split with nltk's Punkt, offline, with the trained English parameters."""

import pytest

from docnav.sentences import sentence_spans, split_sentences


def test_abbreviations_do_not_end_sentences():
    text = "Dr. Smith went to the U.S. in 1999. He met Mr. Jones there. Is it true? Yes."
    assert split_sentences(text) == [
        "Dr. Smith went to the U.S. in 1999.", "He met Mr. Jones there.", "Is it true?", "Yes.",
    ]


@pytest.mark.parametrize("text, sentences", [
    # the trained parameters (newswire) lack these: cut after "i.e." (RFC 3695's summary
    # sentence was "Allow true and false boolean literals as cfg predicates, i.e.")
    ("Allow true and false boolean literals as cfg predicates, i.e. cfg(true). Then more.",
     ["Allow true and false boolean literals as cfg predicates, i.e. cfg(true).", "Then more."]),
    ("Their state (e.g. what they are bound to) is tracked.", None),
    ("As shown by Smith et al. in 2019, it works. See Fig. 3 and Eq. 2 for details.",
     ["As shown by Smith et al. in 2019, it works.", "See Fig. 3 and Eq. 2 for details."]),
    ("Costs rose (cf. Table 2), approx. four percent. Revenue fell.",
     ["Costs rose (cf. Table 2), approx. four percent.", "Revenue fell."]),
    # before a number: cut after "No." ("See Note No.", "5 for details.")
    ("See Note No. 5 and Sec. 13, pp. 12-14 of Vol. 2. Then more.",
     ["See Note No. 5 and Sec. 13, pp. 12-14 of Vol. 2.", "Then more."]),
    ("The answer is no. The next part follows.",
     ["The answer is no.", "The next part follows."]),
    # a sentence ending in "etc." still ends there before a word that starts sentences
    ("We support lists, tables, etc. The next part is here.",
     ["We support lists, tables, etc.", "The next part is here."]),
    # "etc." glued to the word before it: Punkt cut before "that" (RFC 2963)
    ("The ID of the trait/struct/enum/etc. that this type refers to.", None),
    ("Some targets (tests/benches/etc.) are run. Then more.",
     ["Some targets (tests/benches/etc.) are run.", "Then more."]),
    ("We support lists/tables/etc. The next part is here.",
     ["We support lists/tables/etc.", "The next part is here."]),
])
def test_abbreviations_of_technical_writing_do_not_end_sentences(text, sentences):
    assert split_sentences(text) == (sentences or [text])


@pytest.mark.parametrize("text, sentences", [
    # informal spellings Punkt does not know: cut after "a.k.a." and "ie."
    ("Extend struct update syntax (a.k.a. functional record update (FRU)) to support it.", None),
    ("The size is that of a usize (ie. it is not a fat pointer).", None),
    ("It has a precedent in ECMAScript a.k.a. JavaScript. Then more.",
     ["It has a precedent in ECMAScript a.k.a. JavaScript.", "Then more."]),
    ("Where does this code go? Aka. why not in std?",
     ["Where does this code go?", "Aka. why not in std?"]),
    ("This breaks generic code (eg. T foo(); here) and more.", None),
    ("It is complementary wrt. RFC 2046. Then more.",
     ["It is complementary wrt. RFC 2046.", "Then more."]),
    ("All methods (esp. .start_index()) follow it.", None),
    ("Lints are told apart (c.f. PR 59658) from others.", None),
    ("It uses units (ex. \"3 days\"), however.", None),
    # in capitals these are acronyms and variables, which do end sentences
    ("We take the contextual embeddings EX. We leverage them.",
     ["We take the contextual embeddings EX.", "We leverage them."]),
    ("It runs in IE. Then it stops.", ["It runs in IE.", "Then it stops."]),
    ("I met my ex. Then I left.", ["I met my ex.", "Then I left."]),
])
def test_informal_abbreviations_do_not_end_sentences(text, sentences):
    assert split_sentences(text) == (sentences or [text])


@pytest.mark.parametrize("abbreviation", ["I.E.", "I.e.", "ie.", "Ie.", "eg.", "Eg.", "aka.",
                                          "Aka.", "a.k.a.", "A.k.a.", "wrt.", "esp.", "c.f."])
def test_an_abbreviation_that_leads_in_is_no_sentence_of_its_own(abbreviation):
    """Alone at the end it joins the sentence before it, as "I.E." does in RFC 1961; before a
    sentence it leads in to that one, in any case it is written in."""
    text = f"It clamps the input to the range. {abbreviation}"
    assert split_sentences(text) == [text]
    assert split_sentences(f"It failed. {abbreviation} The parser crashed. We fixed it.") == [
        "It failed.", f"{abbreviation} The parser crashed.", "We fixed it."]
    assert split_sentences(f"It is also called Foo, {abbreviation} The Bar tool.") == [
        f"It is also called Foo, {abbreviation} The Bar tool."]


def test_acronyms_alone_are_still_sentences():
    assert split_sentences("Which browser fails? IE. Which one works? AKA.") == [
        "Which browser fails?", "IE.", "Which one works?", "AKA."]


@pytest.mark.parametrize("text, sentences", [
    ("The `#` modifier (e.g. `{:#?}`) is new.", None),
    ("Write ``a`?b`` here. Then more.", ["Write ``a`?b`` here.", "Then more."]),
    # a run of backticks with no run of the same length after it is literal, as in Markdown:
    # it keeps no sentence open
    ("Type `` twice! Then `x` runs? Yes.", ["Type `` twice!", "Then `x` runs?", "Yes."]),
    # nor does code reach across a blank line
    ("Try `a?\n\nB` then. Done.", ["Try `a?", "B` then.", "Done."]),
])
def test_no_sentence_ends_inside_inline_code(text, sentences):
    assert split_sentences(text) == (sentences or [text])


@pytest.mark.parametrize("text, sentences", [
    ("It fails (why?). Then more.", ["It fails (why?).", "Then more."]),
    ("It was a bug (an old one!), now fixed. Then more.",
     ["It was a bug (an old one!), now fixed.", "Then more."]),
    ("See [the post.](https://example.com/a) and [*this one?*][b] for more. Done.",
     ["See [the post.](https://example.com/a) and [*this one?*][b] for more.", "Done."]),
    # a parenthesis of whole sentences still holds several
    ("It works. (It was hard. See the notes.) Then more.",
     ["It works.", "(It was hard.", "See the notes.)", "Then more."]),
])
def test_no_sentence_starts_with_a_closing_bracket(text, sentences):
    assert split_sentences(text) == sentences


@pytest.mark.parametrize("text, sentences", [
    # inline code as docling gives it, without backticks: Punkt cut after each "!" and "?"
    ("The # modifier (e.g. {:#?}) will be interpreted by Debug.", None),
    ("Use the println! macro or the ? operator here.", None),
    ("Some operations may have (documented!) side effects.", None),
    ("Is it sound? Then more. It works! The end.",
     ["Is it sound?", "Then more.", "It works!", "The end."]),
    # a macro's name and the identifier it is given: Punkt cut after "macro_rules!"
    ("Use macro_rules! struct_Dn to define it. Then go on.",
     ["Use macro_rules! struct_Dn to define it.", "Then go on."]),
    ("Call try_run! x_2 here.", None),
    # a hard-wrapped line goes on; a paragraph break ends the sentence
    ("Use the vec!\nmacro here.", None),
    ("Stop!\n\nfoo bar is next.", ["Stop!", "foo bar is next."]),
    # a question in the middle of a sentence that a conjunction goes on from
    ("Check whether it works? and then go on. Is it fast? or slow? Done.",
     ["Check whether it works? and then go on.", "Is it fast? or slow?", "Done."]),
    ("Is it fast? but does it scale? And is it safe?",
     ["Is it fast? but does it scale?", "And is it safe?"]),
    # only on the question's line: a conjunction after a line break starts a sentence
    ("Is it fast?\n\nand the rest is history.", ["Is it fast?", "and the rest is history."]),
    ("Is it fast?\nand the rest.", ["Is it fast?", "and the rest."]),
    ("Why?\n\nor else.", ["Why?", "or else."]),
    ("Is it fast?  or slow?", None),
    # a name or a word with a digit starts a sentence after "!"
    ("It works! iPhone sales grew. It works! x86 chips are fast.",
     ["It works!", "iPhone sales grew.", "It works!", "x86 chips are fast."]),
    # as does one with a digit before its first underscore
    ("Great news! x86_64 is supported.", ["Great news!", "x86_64 is supported."]),
    ("It works! x86_64 builds are fine now.", ["It works!", "x86_64 builds are fine now."]),
])
def test_a_lower_case_word_after_a_question_or_exclamation_mark_goes_on(text, sentences):
    assert split_sentences(text) == (sentences or [text])


def test_spans_are_offsets_into_the_text():
    text = "  First sentence here.   Second one follows!\nThird."
    for start, end in sentence_spans(text):
        assert text[start:end] == text[start:end].strip() and text[start:end]
    assert [text[s:e] for s, e in sentence_spans(text)] == split_sentences(text)


def test_no_nltk_data_download_is_needed(monkeypatch, tmp_path):
    import nltk

    from docnav.sentences import _tokenizer

    _tokenizer.cache_clear()  # build the tokenizer again, with no NLTK data anywhere
    monkeypatch.setattr(nltk.data, "path", [str(tmp_path)])
    assert len(split_sentences("One. Two.")) == 2


@pytest.mark.parametrize("text, sentences", [
    ("It is (surprisingly!)\n\nallowed here.", ["It is (surprisingly!)", "allowed here."]),
    ('He asked "why?"\n\nthen left.', ['He asked "why?"', "then left."]),
    ("It is (surprisingly!)\nallowed here.", None),
])
def test_a_blank_line_after_a_closed_question_or_exclamation_mark_ends_the_sentence(
        text, sentences):
    """Read "(surprisingly!)\\n\\nallowed" as one sentence: a blank line ended it after a
    bare "!" or "?", not after one closed by a bracket or a quote."""
    assert split_sentences(text) == (sentences or [text])


@pytest.mark.parametrize("text, sentences", [
    ("Stop!\r\n\r\nfoo bar is next.", ["Stop!", "foo bar is next."]),
    ("Stop!\r\n \r\nfoo bar is next.", ["Stop!", "foo bar is next."]),
    ("It is (surprisingly!)\r\n\r\nallowed here.", ["It is (surprisingly!)", "allowed here."]),
    ("Use the vec!\r\nmacro here.", None),
    ("Try `a?\r\n\r\nB` then. Done.", ["Try `a?", "B` then.", "Done."]),
])
def test_a_blank_line_with_windows_line_ends_is_a_blank_line(text, sentences):
    """"Stop!\\r\\n\\r\\nfoo bar" was one sentence: a blank line was two "\\n" with only
    spaces or tabs between, and "\\r" is neither."""
    assert split_sentences(text) == (sentences or [text])


@pytest.mark.parametrize("text, sentences", [
    ("Use a, b, etc.\n\nfoo is next.", ["Use a, b, etc.", "foo is next."]),
    ("Use a, b, etc.\r\n\r\nfoo is next.", ["Use a, b, etc.", "foo is next."]),
    ("Use a, b, etc.\n\t\nfoo is next.", ["Use a, b, etc.", "foo is next."]),
    ("A title without a stop\n\nThe body follows. Then more.",
     ["A title without a stop", "The body follows.", "Then more."]),
    ("See the list, e.g.\n\nfoo is next.", ["See the list, e.g.", "foo is next."]),
    ("It is clamped to the range.\n\nI.E.", ["It is clamped to the range.", "I.E."]),
    ("Use a, b, etc.\nfoo is next.", None),  # a line break alone goes on
    # a blank line inside a fenced code block (a model's answer) ends none: it cut the fence
    # in two
    ("Here is code:\n\n```rust\nfn main() {\n\n    let x = 1;\n}\n```\n\nAnd then more.",
     ["Here is code:", "```rust\nfn main() {\n\n    let x = 1;\n}\n```", "And then more."]),
])
def test_a_blank_line_ends_a_sentence_whatever_comes_before_it(text, sentences):
    """Punkt does not cut after "etc." before a lower-case word, nor where no stop ends the
    paragraph: "Use a, b, etc.\\n\\nfoo is next." was one sentence across the blank line."""
    assert split_sentences(text) == (sentences or [text])
