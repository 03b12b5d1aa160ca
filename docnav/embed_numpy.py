"""Query embeddings without torch: a sentence-transformers BERT model run in numpy.

A `docnav ask` or `docnav locate` embeds one short question. Importing torch and
sentence-transformers for it takes about 5 s of a 6.5 s call on the development machine; the
forward pass itself takes milliseconds. For the models most stores are indexed with — a BERT
encoder followed by mean or CLS pooling and an optional normalisation, as all-MiniLM-L6-v2 is —
this module computes the same vectors with numpy, the model's own ``tokenizer.json`` and its
safetensors weights. Any other model layout (extra Dense layers, another architecture, weights
in another format) is refused by :func:`numpy_embedder`, and the caller falls back to
sentence-transformers: this is a faster way to the same vectors, never another model.
``tests/test_embed_numpy.py`` checks the vectors against sentence-transformers'.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from docnav.embed import Embedder, EmbeddingOptions

_TRANSFORMER = "sentence_transformers.models.Transformer"
_POOLING = "sentence_transformers.models.Pooling"
_NORMALIZE = "sentence_transformers.models.Normalize"
_EMBEDDING_WEIGHTS = [f"embeddings.{name}" for name in (
    "word_embeddings.weight", "position_embeddings.weight", "token_type_embeddings.weight",
    "LayerNorm.weight", "LayerNorm.bias")]
_LAYER_WEIGHTS = [f"{name}.{part}" for name in (
    "attention.self.query", "attention.self.key", "attention.self.value",
    "attention.output.dense", "attention.output.LayerNorm", "intermediate.dense",
    "output.dense", "output.LayerNorm") for part in ("weight", "bias")]


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
        self._weights = _strip_prefix(load_file(str(folder / "model.safetensors")))
        wanted = [f"encoder.layer.{i}.{name}" for i in range(self._layers)
                  for name in _LAYER_WEIGHTS] + _EMBEDDING_WEIGHTS
        if missing := [name for name in wanted if name not in self._weights]:
            raise ValueError(f"weights missing: {missing[:3]}")
        # dense layers as (input x output) matrices in row order: half the time of ``x @ W.T``
        self._dense = {name[: -len(".weight")]: (np.ascontiguousarray(w.T),
                                                 self._weights[name[: -len("weight")] + "bias"])
                       for name, w in self._weights.items()
                       if name.startswith("encoder.") and w.ndim == 2}
        self._tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self._tokenizer.no_padding()
        self._tokenizer.enable_truncation(max_length=max_length)

    def _embed(self, texts: list[str]) -> np.ndarray:
        # sentence-transformers strips each text before tokenising it
        return np.stack([self._encode(t[: self.options.max_chars].strip()) for t in texts])

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
        scores = q @ k.transpose(0, 2, 1) / np.sqrt(d // h)
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
        modules = json.loads((folder / "modules.json").read_text())
        config = json.loads((folder / "config.json").read_text())
        st_config = json.loads((folder / "sentence_bert_config.json").read_text())
    except (OSError, ValueError):
        return None
    types = [m.get("type") for m in modules]
    if types not in ([_TRANSFORMER, _POOLING], [_TRANSFORMER, _POOLING, _NORMALIZE]):
        return None
    if modules[0].get("path") not in ("", None):
        return None
    pooling = _pooling_mode(folder / modules[1]["path"] / "config.json")
    plain_bert = (config.get("model_type") == "bert"
                  and config.get("hidden_act") == "gelu"
                  and config.get("position_embedding_type", "absolute") == "absolute")
    if (pooling is None or not plain_bert or st_config.get("do_lower_case")
            or not (folder / "model.safetensors").is_file()
            or not (folder / "tokenizer.json").is_file()):
        return None
    if _default_prompt(folder / "config_sentence_transformers.json"):
        return None  # sentence-transformers would put a prompt before every text
    max_length = min(int(st_config.get("max_seq_length") or 512),
                     int(config.get("max_position_embeddings", 512)))
    try:
        return NumpyBertEmbedder(folder, options, config, pooling, max_length)
    except Exception:  # noqa: BLE001 - safetensors and tokenizers raise their own kinds
        return None  # sentence-transformers loads it, or reports what is wrong with it


def _pooling_mode(path: Path) -> str | None:
    try:
        config = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    modes = {k for k, v in config.items() if k.startswith("pooling_mode") and v}
    if modes == {"pooling_mode_mean_tokens"}:
        return "mean"
    if modes == {"pooling_mode_cls_token"}:
        return "cls"
    return None


def _default_prompt(path: Path) -> bool:
    try:
        config = json.loads(path.read_text())
    except FileNotFoundError:
        return False
    except (OSError, ValueError):
        return True  # unreadable: do not guess
    return bool(config.get("default_prompt_name"))


def _strip_prefix(weights: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Weight names without a ``bert.`` prefix (checkpoints saved from a task model have it)."""
    return {k.removeprefix("bert."): v.astype(np.float32, copy=False) for k, v in weights.items()}


def _gelu(x: np.ndarray) -> np.ndarray:
    from scipy.special import erf  # exact GELU, as BERT's "gelu" activation

    return 0.5 * x * (1.0 + erf(x / np.sqrt(2.0)))
