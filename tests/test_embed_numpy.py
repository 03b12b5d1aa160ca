"""Queries are embedded by all-MiniLM-L6-v2 run in numpy (docnav.embed_numpy), which must give
sentence-transformers' vectors, and a query must not import torch. Real model, real store:
the bundled sample indexed with sentence-transformers, searched with each embedder."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from docnav.embed import EmbeddingOptions, SentenceTransformerEmbedder, resolve_model
from docnav.embed_numpy import NumpyBertEmbedder, numpy_embedder
from docnav.query import DocNavGraph, embedder_for

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples" / "rfcs"
MODEL = Path(resolve_model(EmbeddingOptions().model))


def sample_texts() -> list[str]:
    paragraphs = [p.strip() for f in sorted(SAMPLES.glob("*.md"))
                  for p in f.read_text().split("\n\n") if p.strip()]
    return paragraphs[:40] + [
        "Why does Send need a static bound?",
        "  leading and trailing blanks  ",
        "",
        "Ünïcödé façade — naïve café, 東京, emoji 😀",
        " ".join(paragraphs),  # far past the 256 tokens the model reads: cut the same way
    ]


@pytest.fixture(scope="module")
def fast() -> NumpyBertEmbedder:
    embedder = numpy_embedder(MODEL, EmbeddingOptions())
    assert isinstance(embedder, NumpyBertEmbedder)
    return embedder


def test_numpy_vectors_are_sentence_transformers_vectors(fast, st_embedder):
    texts = sample_texts()
    ours, theirs = fast.embed(texts), st_embedder.embed(texts)
    assert ours.shape == theirs.shape == (len(texts), 384) and ours.dtype == np.float32
    assert np.abs(ours - theirs).max() < 1e-5
    # the order paragraphs are ranked in for a question is the same
    for q in range(40, 42):
        assert list(np.argsort(-(ours[:40] @ ours[q]))) == \
            list(np.argsort(-(theirs[:40] @ theirs[q])))
    assert fast.model_id == st_embedder.model_id == "st:all-MiniLM-L6-v2"
    assert fast.dim == st_embedder.dim


@pytest.fixture(scope="module")
def store(tmp_path_factory, st_embedder) -> Path:
    """The sample indexed with the sentence-transformers embedder (summaries unverified)."""
    from docnav.index import Indexer, IndexOptions
    from docnav.store import Store
    from docnav.summaries import SummaryPipelineOptions

    base = tmp_path_factory.mktemp("numpy-queries")
    docs = shutil.copytree(SAMPLES, base / "rfcs")
    options = IndexOptions(summaries=SummaryPipelineOptions(verify=False), progress=False,
                           export_parquet=False)
    report = Indexer(Store(base / "store.duckdb"), options, st_embedder).index([docs])
    assert not report.failed
    return base / "store.duckdb"


def test_a_store_of_the_default_model_is_searched_with_the_numpy_embedder(store, st_embedder):
    by_numpy = DocNavGraph.open(store)
    by_torch = DocNavGraph.open(store, embedder=st_embedder)
    assert isinstance(by_numpy.embedder, NumpyBertEmbedder)
    for question in ("Why does Send need a static bound?", "How are closures captured?",
                     "what happens to existing code"):
        ours = [(h.node_id, round(h.score, 6)) for h in by_numpy.locate(question, k=10)]
        theirs = [(h.node_id, round(h.score, 6)) for h in by_torch.locate(question, k=10)]
        assert ours == theirs and len(ours) == 10


def test_asking_from_the_command_line_does_not_import_torch(store):
    script = (
        "import sys\n"
        "from docnav.cli import main\n"
        f"code = main(['--db', {str(store)!r}, 'ask', 'Why does Send need a static bound?', "
        "'--budget', '200', '--json'])\n"
        "assert code == 0, code\n"
        "print('TORCH', 'torch' in sys.modules, 'sentence_transformers' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout[: done.stdout.rindex("TORCH")])
    assert answer["evidence"], answer
    assert done.stdout.rstrip().endswith("TORCH False False"), done.stdout[-200:]


DELETE = object()  # in model_copy's changes: remove the key


def model_copy(tmp_path: Path, **changes) -> Path:
    """The default model's folder with some of its JSON files changed (weights linked).
    ``changes``: file name (``/`` written ``__``) -> keys to set (DELETE removes one), or a
    whole new content (a list, or a string written as it is)."""
    folder = tmp_path / "model"
    folder.mkdir(parents=True)
    for item in MODEL.iterdir():
        target = folder / item.name
        if item.is_dir():
            shutil.copytree(item, target)
        elif item.suffix == ".json":
            shutil.copy(item, target)
        else:
            target.symlink_to(item)
    for name, update in changes.items():
        path = folder / name.replace("__", "/")
        if isinstance(update, str):
            path.write_text(update)
            continue
        data = json.loads(path.read_text()) if path.exists() else {}
        if isinstance(update, list):
            data = update
        else:
            data.update(update)
            data = {k: v for k, v in data.items() if v is not DELETE}
        path.write_text(json.dumps(data))
    return folder


REFUSED = {
    "max-pooling": {"1_Pooling__config.json": {"pooling_mode_mean_tokens": False,
                                               "pooling_mode_max_tokens": True}},
    "two-poolings": {"1_Pooling__config.json": {"pooling_mode_cls_token": True}},
    "no-pooling-flag": {"1_Pooling__config.json": {"pooling_mode_mean_tokens": False}},
    "roberta": {"config.json": {"model_type": "roberta"}},
    "other-gelu": {"config.json": {"hidden_act": "gelu_new"}},
    "relative-positions": {"config.json": {"position_embedding_type": "relative_key"}},
    "decoder": {"config.json": {"is_decoder": True}},
    "float16-config": {"config.json": {"torch_dtype": "float16"}},
    "bfloat16-config": {"config.json": {"dtype": "bfloat16"}},
    "default-prompt": {"config_sentence_transformers.json": {
        "prompts": {"query": "query: "}, "default_prompt_name": "query"}},
    "truncate-dim": {"config_sentence_transformers.json": {"truncate_dim": 128}},
    "other-st-model-type": {"config_sentence_transformers.json": {"model_type": "SparseEncoder"}},
    "dense-layer": {"modules.json": [
        {"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
        {"idx": 1, "name": "1", "path": "1_Pooling",
         "type": "sentence_transformers.models.Pooling"},
        {"idx": 2, "name": "2", "path": "2_Dense", "type": "sentence_transformers.models.Dense"},
    ]},
    "module-kwargs": {"modules.json": [
        {"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer",
         "kwargs": ["token_embeddings"]},
        {"idx": 1, "name": "1", "path": "1_Pooling",
         "type": "sentence_transformers.models.Pooling"},
    ]},
    "no-max-seq-length": {"sentence_bert_config.json": {"max_seq_length": DELETE}},
    "max-seq-past-positions": {"sentence_bert_config.json": {"max_seq_length": 1024}},
    "tokenizer-args": {"sentence_bert_config.json": {"tokenizer_args":
                                                     {"model_max_length": 128}}},
    "lower-case-disagrees": {"tokenizer_config.json": {"do_lower_case": False}},
    "accents-disagree": {"tokenizer_config.json": {"strip_accents": True}},
    "left-truncation": {"tokenizer_config.json": {"truncation_side": "left"}},
    "other-tokenizer": {"tokenizer_config.json": {"tokenizer_class": "XLMRobertaTokenizer"}},
    "peft-adapter": {"adapter_config.json": {"peft_type": "LORA"}},
    "modules-not-a-list": {"modules.json": "{}"},
    "pooling-not-an-object": {"1_Pooling__config.json": "[1, 2]"},
    "config-not-json": {"config.json": "{"},
}


@pytest.mark.parametrize("changes", REFUSED.values(), ids=REFUSED.keys())
def test_models_it_does_not_compute_exactly_are_left_to_sentence_transformers(tmp_path, changes):
    assert numpy_embedder(model_copy(tmp_path, **changes), EmbeddingOptions()) is None


def test_cls_pooling_gives_sentence_transformers_vectors(tmp_path):
    from sentence_transformers import SentenceTransformer

    folder = model_copy(tmp_path, **{"1_Pooling__config.json": {
        "pooling_mode_mean_tokens": False, "pooling_mode_cls_token": True}})
    ours = numpy_embedder(folder, EmbeddingOptions())
    assert isinstance(ours, NumpyBertEmbedder)
    texts = sample_texts()[:20]
    theirs = SentenceTransformer(str(folder), device="cpu").encode(
        texts, normalize_embeddings=True, convert_to_numpy=True)
    assert np.abs(ours.embed(texts) - theirs).max() < 1e-5


def rewrite_weights(folder: Path, change) -> None:
    from safetensors.numpy import load_file, save_file

    weights = load_file(str(MODEL / "model.safetensors"))
    (folder / "model.safetensors").unlink()
    save_file(change(weights), str(folder / "model.safetensors"))


def test_weights_with_a_bert_prefix_are_read(tmp_path, fast):
    folder = model_copy(tmp_path)
    rewrite_weights(folder, lambda w: {f"bert.{k}": v for k, v in w.items()})
    texts = sample_texts()[:5]
    assert np.abs(numpy_embedder(folder, EmbeddingOptions()).embed(texts)
                  - fast.embed(texts)).max() == 0


@pytest.mark.parametrize("change", [
    lambda w: {k: v.astype(np.float16) if v.dtype == np.float32 else v for k, v in w.items()},
    lambda w: {k: v for k, v in w.items() if "layer.5.output.dense" not in k},
], ids=["float16-weights", "a-layer-missing"])
def test_weights_it_cannot_use_as_they_are_are_left_to_sentence_transformers(tmp_path, change):
    folder = model_copy(tmp_path)
    rewrite_weights(folder, change)
    assert numpy_embedder(folder, EmbeddingOptions()) is None


def test_unreadable_model_files_are_left_to_sentence_transformers(tmp_path):
    folder = model_copy(tmp_path)
    assert isinstance(numpy_embedder(folder, EmbeddingOptions()), NumpyBertEmbedder)
    (folder / "model.safetensors").unlink()
    (folder / "model.safetensors").write_bytes(b"not safetensors")
    assert numpy_embedder(folder, EmbeddingOptions()) is None
    (folder / "model.safetensors").unlink()
    assert numpy_embedder(folder, EmbeddingOptions()) is None  # pytorch_model.bin only, say
    folder = model_copy(tmp_path / "again")
    (folder / "tokenizer.json").write_text("{")
    assert numpy_embedder(folder, EmbeddingOptions()) is None


def test_a_model_the_numpy_path_refuses_is_still_used_for_queries(tmp_path):
    """A store made by a model folder with a default prompt: queries load sentence-transformers,
    which applies the prompt, rather than the numpy path, which would not."""
    folder = model_copy(tmp_path, **{"config_sentence_transformers.json": {
        "prompts": {"query": "query: "}, "default_prompt_name": "query"}})
    assert isinstance(embedder_for(f"st:{folder}"), SentenceTransformerEmbedder)
    assert isinstance(embedder_for(f"st:{model_copy(tmp_path / 'plain')}"), NumpyBertEmbedder)
