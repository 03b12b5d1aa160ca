"""Claims are split with nltk's Punkt, offline, with the trained English parameters."""

from docnav.sentences import sentence_spans, split_sentences


def test_abbreviations_do_not_end_sentences():
    text = "Dr. Smith went to the U.S. in 1999. He met Mr. Jones there. Is it true? Yes."
    assert split_sentences(text) == [
        "Dr. Smith went to the U.S. in 1999.", "He met Mr. Jones there.", "Is it true?", "Yes.",
    ]


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
