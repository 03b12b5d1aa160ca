"""Query embeddings without torch: a sentence-transformers BERT model run in numpy.

A `docnav ask` or `docnav locate` embeds one short question. Importing torch and
sentence-transformers for it takes about 5 s of a 6 s call on the development machine; the
forward pass itself takes milliseconds. For the models most stores are indexed with — a BERT
encoder followed by mean or CLS pooling and an optional normalisation, saved by
sentence-transformers 2–5 in float32, as all-MiniLM-L6-v2 is — this module computes the same
vectors with numpy, the model's ``tokenizer.json`` and its safetensors weights.

It is a faster way to the same vectors, never another model: :func:`numpy_embedder` accepts a
folder only when every setting that sentence-transformers or transformers would apply is one it
reproduces (module list, pooling, tokenizer normaliser and template, truncation, sequence
length, dtype, no prompts, no adapters, ...), and returns None otherwise, so the caller uses
sentence-transformers. ``tests/test_embed_numpy.py`` compares the vectors with
sentence-transformers' and covers each refusal.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np

from docnav.embed import Embedder, EmbeddingOptions

_MODULES = ["sentence_transformers.models.Transformer", "sentence_transformers.models.Pooling"]
_NORMALIZE = "sentence_transformers.models.Normalize"
_EMBEDDING_WEIGHTS = [f"embeddings.{name}" for name in (
    "word_embeddings.weight", "position_embeddings.weight", "token_type_embeddings.weight",
    "LayerNorm.weight", "LayerNorm.bias")]
_LAYER_WEIGHTS = [f"{name}.{part}" for name in (
    "attention.self.query", "attention.self.key", "attention.self.value",
    "attention.output.dense", "attention.output.LayerNorm", "intermediate.dense",
    "output.dense", "output.LayerNorm") for part in ("weight", "bias")]
# config_sentence_transformers.json: keys that never change a vector (prompts apply only when
# named, and DocNav names none), and the values the others must have
_ST_CONFIG_ANY = {"__version__", "prompts", "similarity_fn_name"}
_ST_CONFIG_REQUIRED = {"model_type": "SentenceTransformer", "default_prompt_name": None,
                       "truncate_dim": None}


class NumpyBertEmbedder(Embedder):
    """A BERT sentence encoder (Transformer → mean/CLS pooling) evaluated with numpy.

    Built by :func:`numpy_embedder`, which checks that the folder holds such a model. Texts
    are embedded one at a time (no padding), which is what a query needs.
    """

    def __init__(self, folder: Path, options: EmbeddingOptions, config: dict,
                 pooling: str, max_length: int) -> None:
        super().__init__()
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        self.options = options
        self.model_id = f"st:{options.model}"
        self.dim = int(config["hidden_size"])
        self._heads = int(config["num_attention_heads"])
        self._layers = int(config["num_hidden_layers"])
        self._eps = float(config.get("layer_norm_eps", 1e-12))
        self._pooling = pooling
        weights = load_file(str(folder / "model.safetensors"))
        if any(w.dtype.kind == "f" and w.dtype != np.float32 for w in weights.values()):
            raise ValueError("weights are not float32 (transformers would run them as stored)")
        weights = {k.removeprefix("bert."): w for k, w in weights.items()}
        wanted = [f"encoder.layer.{i}.{name}" for i in range(self._layers)
                  for name in _LAYER_WEIGHTS] + _EMBEDDING_WEIGHTS
        if missing := [name for name in wanted if name not in weights]:
            raise ValueError(f"weights missing: {missing[:3]}")
        self._weights = {name: weights[name] for name in _EMBEDDING_WEIGHTS}
        # dense layers as (input x output) matrices in row order: half the time of ``x @ W.T``
        self._dense = {}
        for i in range(self._layers):
            for name in _LAYER_WEIGHTS:
                key = f"encoder.layer.{i}.{name}"
                if name.endswith("LayerNorm.weight") or name.endswith("LayerNorm.bias"):
                    self._weights[key] = weights[key]
                elif name.endswith(".weight"):
                    base = key.removesuffix(".weight")
                    self._dense[base] = (np.ascontiguousarray(weights[key].T),
                                         weights[base + ".bias"])
        self._tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self._tokenizer.no_padding()
        self._tokenizer.enable_truncation(max_length=max_length, direction="right")

    def _embed(self, texts: list[str]) -> np.ndarray:
        return np.stack([self._encode(t[: self.options.max_chars]) for t in texts])

    def _encode(self, text: str) -> np.ndarray:
        w = self._weights
        encoding = self._tokenizer.encode(text)
        ids = np.asarray(encoding.ids, dtype=np.int64)
        types = np.asarray(encoding.type_ids, dtype=np.int64)
        x = (w["embeddings.word_embeddings.weight"][ids]
             + w["embeddings.position_embeddings.weight"][: len(ids)]
             + w["embeddings.token_type_embeddings.weight"][types])
        x = self._norm(x, "embeddings.LayerNorm")
        for i in range(self._layers):
            x = self._layer(x, f"encoder.layer.{i}.")
        return x[0] if self._pooling == "cls" else x.mean(axis=0)

    def _layer(self, x: np.ndarray, p: str) -> np.ndarray:
        n, d = x.shape
        h = self._heads

        def heads(name: str) -> np.ndarray:  # (heads, tokens, head size)
            return self._linear(x, p + name).reshape(n, h, d // h).transpose(1, 0, 2)

        q = heads("attention.self.query")
        k = heads("attention.self.key")
        v = heads("attention.self.value")
        scores = q @ k.transpose(0, 2, 1) * (1.0 / math.sqrt(d // h))  # a float keeps float32
        scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
        scores /= scores.sum(axis=-1, keepdims=True)
        context = (scores @ v).transpose(1, 0, 2).reshape(n, d)
        x = self._norm(x + self._linear(context, p + "attention.output.dense"),
                       p + "attention.output.LayerNorm")
        inner = _gelu(self._linear(x, p + "intermediate.dense"))
        return self._norm(x + self._linear(inner, p + "output.dense"), p + "output.LayerNorm")

    def _linear(self, x: np.ndarray, name: str) -> np.ndarray:
        weight, bias = self._dense[name]
        return x @ weight + bias

    def _norm(self, x: np.ndarray, name: str) -> np.ndarray:
        mean = x.mean(axis=-1, keepdims=True)
        var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
        return ((x - mean) / np.sqrt(var + self._eps) * self._weights[name + ".weight"]
                + self._weights[name + ".bias"])


def numpy_embedder(folder: str | Path, options: EmbeddingOptions) -> NumpyBertEmbedder | None:
    """The numpy encoder for the sentence-transformers model in ``folder``, or None when the
    model is not one it computes exactly (then use sentence-transformers)."""
    folder = Path(folder)
    try:
        accepted = _accept(folder)
        if accepted is None:
            return None
        return NumpyBertEmbedder(folder, options, *accepted)
    except Exception:  # noqa: BLE001 - odd JSON, safetensors and tokenizers errors alike
        return None  # sentence-transformers loads it, or reports what is wrong with it


def _accept(folder: Path) -> tuple[dict, str, int] | None:
    """(config, pooling, max length) when ``folder`` holds a model this module reproduces."""
    if (folder / "adapter_config.json").exists():
        return None  # sentence-transformers would apply the PEFT adapter
    modules = _json(folder / "modules.json")
    types = [m["type"] for m in modules]
    if types not in (_MODULES, [*_MODULES, _NORMALIZE]):
        return None
    if modules[0].get("path") != "" or any(set(m) - {"idx", "name", "path", "type"}
                                           for m in modules):
        return None
    config = _json(folder / "config.json")
    if not _plain_bert(config):
        return None
    pooling = _pooling_mode(_json(folder / modules[1]["path"] / "config.json"), config)
    st_config = _json(folder / "sentence_bert_config.json")
    if set(st_config) - {"max_seq_length", "do_lower_case"} or st_config.get("do_lower_case"):
        return None  # tokenizer/model/config arguments, another task or output, ...
    max_length = st_config.get("max_seq_length")
    if not isinstance(max_length, int) or not 0 < max_length <= config[
            "max_position_embeddings"]:
        return None
    extra = folder / "config_sentence_transformers.json"
    if extra.exists() and not _neutral(_json(extra)):
        return None
    tokenizer_ok = _bert_tokenizer(_json(folder / "tokenizer.json"),
                                   _json(folder / "tokenizer_config.json"))
    if pooling is None or not tokenizer_ok:
        return None
    return config, pooling, max_length


def _plain_bert(config: dict) -> bool:
    """A float32 BERT encoder whose forward pass is the one computed here."""
    return (config.get("model_type") == "bert"
            and config.get("hidden_act") == "gelu"
            and config.get("position_embedding_type", "absolute") == "absolute"
            and not config.get("is_decoder") and not config.get("add_cross_attention")
            and (config.get("dtype") or config.get("torch_dtype")) in (None, "float32"))


def _pooling_mode(pooling: dict, config: dict) -> str | None:
    if pooling.get("word_embedding_dimension", config["hidden_size"]) != config["hidden_size"]:
        return None
    if any(key not in ("word_embedding_dimension", "include_prompt")
           and not key.startswith("pooling_mode_") for key in pooling):
        return None
    modes = {k for k, v in pooling.items() if k.startswith("pooling_mode_") and v}
    return {frozenset({"pooling_mode_mean_tokens"}): "mean",
            frozenset({"pooling_mode_cls_token"}): "cls"}.get(frozenset(modes))


def _neutral(st_config: dict) -> bool:
    """No prompt put before texts, no cut dimension, the modules.json pipeline used."""
    return all(key in _ST_CONFIG_ANY
               or (key in _ST_CONFIG_REQUIRED and value == _ST_CONFIG_REQUIRED[key])
               for key, value in st_config.items())


def _bert_tokenizer(tokenizer: dict, config: dict) -> bool:
    """Whether ``tokenizer.json`` tokenises as transformers' BertTokenizer built from
    ``tokenizer_config.json`` would (transformers rebuilds the normaliser from the config)."""
    if config.get("tokenizer_class") not in (None, "BertTokenizer", "BertTokenizerFast"):
        return False
    if config.get("truncation_side", "right") != "right" or not config.get(
            "do_basic_tokenize", True) or config.get("never_split"):
        return False
    if (tokenizer.get("truncation") or {}).get("direction", "Right") != "Right":
        return False
    normalizer = {"type": "BertNormalizer", "clean_text": True,
                  "handle_chinese_chars": config.get("tokenize_chinese_chars", True),
                  "strip_accents": config.get("strip_accents"),
                  "lowercase": config.get("do_lower_case", True)}
    model = tokenizer["model"]
    vocab = model.get("vocab", {})
    if (tokenizer.get("normalizer") != normalizer
            or tokenizer.get("pre_tokenizer") != {"type": "BertPreTokenizer"}
            or model.get("type") != "WordPiece" or model.get("continuing_subword_prefix") != "##"
            or model.get("unk_token") != _token(config.get("unk_token", "[UNK]"))
            or any(not t.get("special") for t in tokenizer.get("added_tokens", []))):
        return False
    cls, sep = _token(config.get("cls_token", "[CLS]")), _token(config.get("sep_token", "[SEP]"))
    if cls not in vocab or sep not in vocab:
        return False
    post = tokenizer.get("post_processor") or {}
    if post.get("type") == "BertProcessing":
        return post.get("cls") == [cls, vocab[cls]] and post.get("sep") == [sep, vocab[sep]]
    specials = post.get("special_tokens", {})
    return (post.get("type") == "TemplateProcessing"
            and post.get("single") == [{"SpecialToken": {"id": cls, "type_id": 0}},
                                       {"Sequence": {"id": "A", "type_id": 0}},
                                       {"SpecialToken": {"id": sep, "type_id": 0}}]
            and specials.get(cls, {}).get("ids") == [vocab[cls]]
            and specials.get(sep, {}).get("ids") == [vocab[sep]])


def _token(value) -> str:
    """A special token of tokenizer_config.json, written as a string or an AddedToken dict."""
    return value["content"] if isinstance(value, dict) else value


def _json(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


def _gelu(x: np.ndarray) -> np.ndarray:
    from scipy.special import erf  # exact GELU, as BERT's "gelu" activation

    return 0.5 * x * (1.0 + erf(x * (1.0 / math.sqrt(2.0))))
