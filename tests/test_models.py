"""Models load without transformers' progress bars (noise on stderr at every CLI query), and
the caller's progress-bar setting comes back afterwards. Real models: all-MiniLM-L6-v2 and the
shared NLI cross-encoder."""

from __future__ import annotations

import logging

from _paths import NLI_MODEL, require
from transformers.utils import logging as hf_logging

from docnav.embed import EmbeddingOptions, SentenceTransformerEmbedder
from docnav.verify import TransformersNLI, VerifyOptions


def test_models_load_without_progress_bars_and_leave_the_setting_as_it_was(capfd):
    hf_logging.enable_progress_bar()
    SentenceTransformerEmbedder(EmbeddingOptions()).load()  # (both load on first use)
    TransformersNLI(VerifyOptions(model=str(require(NLI_MODEL)))).load()
    err = capfd.readouterr().err
    assert "Loading weights" not in err and "it/s]" not in err, err
    assert hf_logging.is_progress_bar_enabled()
    hf_logging.disable_progress_bar()
    SentenceTransformerEmbedder(EmbeddingOptions()).load()
    assert not hf_logging.is_progress_bar_enabled()
    hf_logging.enable_progress_bar()


def test_counting_the_tokens_of_a_long_text_warns_of_nothing():
    """The verifier counts the tokens of paragraphs longer than the model takes, to cut them to
    fit; transformers' "will result in indexing errors" warning was printed at index time."""
    model = TransformersNLI(VerifyOptions(model=str(require(NLI_MODEL))))
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append
    root = hf_logging.get_logger("transformers")
    root.addHandler(handler)
    try:
        sentence = "The seal is replaced after every 500 hours of operation."
        counted = model.count_tokens(f"{sentence} " * 60)  # (loads the tokenizer)
        expected = len(model._tokenizer.tokenize(sentence)) * 60
        assert counted == expected > model.max_length
    finally:
        root.removeHandler(handler)
    assert not [r for r in records if "sequence length is longer" in r.getMessage()], records
