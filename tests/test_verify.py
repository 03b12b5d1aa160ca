"""NLI verification with the real offline model: labels, windows, cache, bad settings."""

from __future__ import annotations

import shutil

import pytest

from docnav.errors import ConfigError
from docnav.verify import (
    ENTAIL,
    Chunk,
    TransformersNLI,
    Verifier,
    VerifyOptions,
)
from tests.conftest import NLI_MODEL, require

SOURCE = [
    Chunk("p1", "The committee approved the budget for 2024 after a long debate. "
                "The budget funds three new schools in the northern district."),
    Chunk("p2", "Rainfall in the region was twice the yearly average, and two bridges "
                "were closed for repairs in March."),
]


def test_verbatim_claim_is_entailed_and_cites_its_chunk(nli_model):
    verifier = Verifier(nli_model)
    [verdict] = verifier.verify(
        [("The budget funds three new schools in the northern district.", "p1")], SOURCE
    )
    assert verdict.label == ENTAIL
    assert verdict.best_chunk == "p1"
    assert verdict.score == pytest.approx(verdict.probs[0])


def test_claims_not_in_the_sources_are_not_entailed(nli_model):
    verifier = Verifier(nli_model)
    verdicts = verifier.verify(
        [("The budget funds three new hospitals in the southern district.", None),
         ("The committee rejected the budget.", None),
         ("Mount Everest is the highest mountain on Earth.", None)],
        SOURCE,
    )
    assert [v.label for v in verdicts].count(ENTAIL) == 0


def test_verdicts_are_cached_by_claim_and_premise(nli_model):
    verifier = Verifier(nli_model)
    claims = [(f"The budget funds {n} new schools.", None) for n in ("three", "four", "five")]
    first = verifier.verify(claims, SOURCE)
    scored = nli_model.pairs_scored
    again = verifier.verify(claims, SOURCE)
    assert nli_model.pairs_scored == scored  # nothing re-scored
    assert again == first
    changed_sources = [Chunk("p1", SOURCE[0].text + " It was signed in May."), SOURCE[1]]
    verifier.verify(claims[:1], changed_sources)
    assert nli_model.pairs_scored > scored  # a new premise means a new verdict


def test_a_claim_longer_than_the_window_is_checked_on_its_first_part(nli_model):
    verifier = Verifier(nli_model)
    long_claim = "The committee approved the budget. " + "It also discussed roads. " * 200
    [verdict] = verifier.verify([(long_claim, None)], SOURCE)
    assert "longer than the model window" in verdict.note
    assert verdict.label in ("entail", "neutral", "contradict")


def test_long_source_paragraphs_are_windowed(nli_model):
    filler = " ".join(f"Sentence number {i} talks about unrelated matters." for i in range(400))
    chunks = [Chunk("long", filler + " The harbour was dredged in 1998. " + filler)]
    verifier = Verifier(nli_model)
    windows = verifier.premises("The harbour was dredged in 1998.", chunks, None)
    assert all(nli_model.count_tokens(w.text) < nli_model.max_length for w in windows)
    assert any("harbour was dredged" in w.text for w in windows)


def test_missing_model_path_names_the_setting(tmp_path):  # (said as it loads: on first use)
    with pytest.raises(ConfigError) as err:
        TransformersNLI(VerifyOptions(model=str(tmp_path / "no-such-model"))).load()
    assert "no-such-model" in str(err.value) and "--nli-model" in str(err.value)


@pytest.mark.parametrize("offline", [False, True])
def test_a_hub_model_with_the_hub_out_of_reach_is_looked_for_in_the_cache_alone(monkeypatch,
                                                                                 offline):
    # with no network the hub client retried each file with back-off: `docnav index` with
    # the default NLI model waited ~50 s before its error
    import socket

    from docnav import models

    with socket.socket() as closed:  # a port nothing listens on: the connection is refused
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    monkeypatch.setenv("HF_ENDPOINT", f"http://127.0.0.1:{port}")
    if offline:
        monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    else:
        monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    models.hub_access.cache_clear()
    try:
        assert models.hub_access() == ("HF_HUB_OFFLINE is set" if offline else
                                       f"the hub at http://127.0.0.1:{port} cannot be reached "
                                       "(Connection refused)")
        assert models.hub_kwargs(local=False) == {"local_files_only": True}
        assert models.hub_kwargs(local=True) == {}
        with pytest.raises(ConfigError) as err:
            TransformersNLI(VerifyOptions(model="docnav-tests/no-such-nli-model")).load()
        assert "only the local cache was looked in" in str(err.value)
        assert "--nli-model" in str(err.value)
        # the hub's message inside ours: one line, one full stop ("cached files.. Set")
        assert "\n" not in str(err.value) and ".." not in str(err.value)
        # behind a proxy the hub is reached through it: a direct connection tells nothing
        models.hub_access.cache_clear()
        monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
        monkeypatch.setenv("HTTPS_PROXY", f"http://127.0.0.1:{port}")
        assert models.hub_access() is None and models.hub_kwargs(local=False) == {}
    finally:
        models.hub_access.cache_clear()


def test_model_with_other_labels_is_refused(tmp_path):
    from transformers import BertConfig, BertForSequenceClassification

    folder = tmp_path / "sentiment"
    config = BertConfig(vocab_size=30522, hidden_size=32, num_hidden_layers=1,
                        num_attention_heads=2, intermediate_size=64, num_labels=2,
                        id2label={0: "positive", 1: "negative"},
                        label2id={"positive": 0, "negative": 1})
    BertForSequenceClassification(config).save_pretrained(folder)
    for name in ("tokenizer.json", "tokenizer_config.json"):
        shutil.copy(require(NLI_MODEL) / name, folder / name)
    with pytest.raises(ConfigError) as err:
        TransformersNLI(VerifyOptions(model=str(folder))).load()
    assert "positive" in str(err.value) and "entailment" in str(err.value)


def test_a_different_model_invalidates_cached_verdicts(nli_model, tmp_path):
    copy = tmp_path / "nli-copy"
    shutil.copytree(require(NLI_MODEL), copy)
    other = TransformersNLI(VerifyOptions(model=str(copy)))
    assert other.model_id != nli_model.model_id
    claim = [("The committee approved the budget.", None)]
    first = Verifier(nli_model)
    first.verify(claim, SOURCE)
    second = Verifier(other)
    second.cache.update(first.cache)  # stale entries of another model must not be used
    second.verify(claim, SOURCE)
    assert other.pairs_scored > 0


def test_policy_is_validated():
    with pytest.raises(ConfigError, match="drop"):
        VerifyOptions(policy="ignore")



@pytest.mark.parametrize("edit", ["as shipped", "no dtype", "torch_dtype"])
def test_the_model_id_from_the_config_is_the_loaded_model_s(tmp_path, edit):
    """The version in the id (which keys stored verdicts) is read from the config alone; it
    is the one the loaded model's config gives (that of DocNav before the config was read
    alone), also for a config.json saved without a dtype (the loaded model says float32:
    every summary was verified again once)."""
    import json

    from transformers import AutoModelForSequenceClassification

    from docnav.hashing import digest

    folder = tmp_path / "nli"
    folder.mkdir()
    for path in require(NLI_MODEL).iterdir():
        if path.is_file() and path.name != "config.json":
            (folder / path.name).symlink_to(path)
    config = json.loads((NLI_MODEL / "config.json").read_text())
    if edit != "as shipped":
        config.pop("dtype")
    if edit == "torch_dtype":
        config["torch_dtype"] = "float32"
    (folder / "config.json").write_text(json.dumps(config))
    loaded = AutoModelForSequenceClassification.from_pretrained(str(folder)).config
    version = digest(str(sorted(loaded.to_dict().items())))[:12]
    assert TransformersNLI(VerifyOptions(model=str(folder))).model_id == f"{folder}@{version}"


def test_a_model_folder_changed_after_its_id_was_read_is_refused_at_the_load(tmp_path):
    """A long-lived process (a watch, Dagster in-process) reads the model's id at its first
    run and its weights at its first claim, maybe much later: weights of a folder replaced in
    between were keyed by the old version. The load is refused, and the id read anew."""
    import json

    folder = tmp_path / "nli"
    folder.mkdir()
    for path in require(NLI_MODEL).iterdir():
        if path.is_file():
            (folder / path.name).symlink_to(path)
    model = TransformersNLI(VerifyOptions(model=str(folder)))
    before = model.model_id
    config = json.loads((NLI_MODEL / "config.json").read_text()) | {"hidden_dropout_prob": 0.2}
    (folder / "config.json").unlink()
    (folder / "config.json").write_text(json.dumps(config))
    with pytest.raises(ConfigError, match="changed since its id .* was read"):
        model.load()
    assert model.model_id != before
    model.load()  # the new folder, read as a whole
    assert model.score([("A cat sat.", "A cat sat.")]).shape == (1, 3)
