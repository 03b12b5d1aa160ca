"""Verify summary claims against the summary's own source chunks with an NLI model.

For each claim the premise is drawn from the leaf paragraphs under the summarised node — never
from another summary — windowed to the model's input length: the paragraphs sharing most words
with the claim (and the paragraph an extractive claim came from) are cut into windows, each
window is scored against the claim, and the verdict is *entail* if some window entails it,
*contradict* if some window contradicts it and none entails it, else *neutral*. Verdicts are
cached by (claim hash, premise hash, model id).
"""

from __future__ import annotations

import re
from functools import lru_cache
import threading
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from docnav.errors import ConfigError, cause
from docnav.hashing import digest

DEFAULT_NLI_MODEL = "cross-encoder/nli-deberta-v3-xsmall"
ENTAIL, NEUTRAL, CONTRADICT = "entail", "neutral", "contradict"
VERDICTS = (ENTAIL, NEUTRAL, CONTRADICT)
_LABEL_NAMES = {
    "entailment": ENTAIL, "entail": ENTAIL, "entails": ENTAIL,
    "neutral": NEUTRAL,
    "contradiction": CONTRADICT, "contradict": CONTRADICT, "contradicts": CONTRADICT,
}
_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class VerifyOptions:
    """NLI verification settings.

    model: hub id or local folder of a 3-label NLI sequence classifier (labels read from its
        config: entailment / neutral / contradiction).
    batch_size: premise/claim pairs per forward pass.
    max_length: model input length in tokens (capped by the model's own limit).
    paragraphs_per_claim: how many source paragraphs (by word overlap) each claim is checked on.
    windows_per_paragraph: at most this many windows of a long paragraph are scored.
    entail_threshold: minimum entailment probability for *entail*.
    number_guard: an entailed claim whose numbers do not all occur in the entailing window is
        downgraded to *neutral* (small NLI models overlook changed figures).
    policy: "drop" removes unsupported claims and rebuilds the summary from the rest;
        "flag" keeps them and flags the summary.
    """

    model: str = DEFAULT_NLI_MODEL
    batch_size: int = 32
    max_length: int = 256
    paragraphs_per_claim: int = 3
    windows_per_paragraph: int = 2
    entail_threshold: float = 0.5
    number_guard: bool = True
    policy: str = "flag"
    device: str = "cpu"

    def __post_init__(self) -> None:
        if self.policy not in ("drop", "flag"):
            raise ConfigError(f"verify policy {self.policy!r} is not valid: use 'drop' or 'flag'")


@dataclass(frozen=True)
class Chunk:
    """A source chunk: a leaf paragraph under the summarised node."""

    node_id: str
    text: str


@dataclass(frozen=True)
class Verdict:
    label: str  # entail | neutral | contradict
    score: float  # probability of that label in the deciding window
    best_chunk: str | None  # node id of the best supporting (or contradicting) chunk
    probs: tuple[float, float, float]  # entail, neutral, contradict of the deciding window
    premise_hash: str
    note: str = ""


class NLIModel(ABC):
    """Scores (premise, hypothesis) pairs: probabilities of entail, neutral, contradict."""

    model_id: str
    max_length: int

    def __init__(self) -> None:
        self.pairs_scored = 0  # work counter

    def load(self) -> None:
        """Load the model now rather than at the first claim (no-op for models without one)."""

    def score(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        if not pairs:
            return np.zeros((0, 3), dtype=np.float32)
        out = self._score(list(pairs))
        self.pairs_scored += len(pairs)
        return out

    @abstractmethod
    def _score(self, pairs: list[tuple[str, str]]) -> np.ndarray: ...

    def count_tokens(self, text: str) -> int:
        return len(_WORD.findall(text)) * 4 // 3 + 1


def check_nli_model(source: str) -> bool:
    """Whether the NLI model ``source`` names a local folder (else a hub id); a local path
    that is no folder: ConfigError. What can be said of the setting without loading the model
    (the indexer says it before it waits for the store, and loads the model once it holds
    it)."""
    looks_local = source.startswith(("/", ".", "~")) or Path(source).suffix != ""
    if looks_local and not Path(source).expanduser().is_dir():
        raise ConfigError(
            f"NLI model folder {source!r} does not exist. Set the NLI model "
            "(`--nli-model`, $DOCNAV_NLI_MODEL or VerifyOptions.model) to a local folder "
            f"or a hub id such as {DEFAULT_NLI_MODEL}."
        )
    return looks_local


class TransformersNLI(NLIModel):
    """A sequence-classification NLI model from transformers (hub id or local folder).

    Read in steps, each on first use: its config (labels, input length, and the version in
    ``model_id``, which keys stored verdicts: a run that only looks whether stored summaries
    are still this model's reads that file alone), its tokenizer once a claim is counted, its
    weights once a claim is scored (seconds and ~100 MB that a run with no claim to check, or
    with every verdict stored, does not spend)."""

    def __init__(self, options: VerifyOptions = VerifyOptions()) -> None:
        super().__init__()
        self.options = options
        self._lock = threading.Lock()
        self._config = None
        self._config_file: tuple | None = None  # a local config.json's stat when it was read
        self._tokenizer = None
        self._model = None

    @property
    def model_id(self) -> str:  # type: ignore[override]
        return self._configured()[0]

    @property
    def max_length(self) -> int:  # type: ignore[override]
        return self._configured()[1]

    def _configured(self) -> tuple[str, int, list[int]]:
        if self._config is not None:  # (not under the lock, which a scoring thread holds)
            return self._config
        with self._lock:
            if self._config is None:
                from transformers import AutoConfig

                self._config_file = self._config_stat()
                config = self._loading(AutoConfig.from_pretrained)
                columns = _label_columns(config.id2label, self.options.model)
                limit = getattr(config, "max_position_embeddings", 512) or 512
                version = getattr(config, "_commit_hash", None) or _config_version(config)
                self._config = (f"{self.options.model}@{version}",
                                min(self.options.max_length, limit, 512), columns)
            return self._config

    def _tokenizer_loaded(self):
        """The tokenizer, loaded on first use (claims are counted for their windows even where
        their verdicts are stored)."""
        if self._tokenizer is not None:
            return self._tokenizer
        self._configured()
        with self._lock:
            if self._tokenizer is None:
                self._same_config()
                from transformers import AutoTokenizer

                self._tokenizer = self._loading(AutoTokenizer.from_pretrained)
            return self._tokenizer

    def _loaded(self):
        """The tokenizer, the model and its label columns, loaded on first use."""
        tokenizer, columns = self._tokenizer_loaded(), self._configured()[2]
        with self._lock:
            if self._model is None:
                self._same_config()
                from transformers import AutoModelForSequenceClassification

                self._model = self._loading(
                    AutoModelForSequenceClassification.from_pretrained).eval()
            return tokenizer, self._model, columns

    def load(self) -> None:
        self._loaded()

    def _config_stat(self) -> tuple | None:
        """A local model's config.json as it is now (None for a hub id, pinned by its commit,
        or where there is no such file)."""
        if not check_nli_model(self.options.model):
            return None
        try:
            st = (Path(self.options.model).expanduser() / "config.json").stat()
        except OSError:
            return None
        return st.st_ino, st.st_size, st.st_mtime_ns

    def _same_config(self) -> None:
        """Before the tokenizer or weights load (under the lock): a local config.json changed
        since the id was read from it (a long-lived process reads the id at its first run and
        the weights at its first claim) is refused, the id to be read anew: what the run
        stored was keyed by the old version."""
        if self._config_stat() != self._config_file:
            self._config = self._config_file = self._tokenizer = None
            raise ConfigError(
                f"NLI model folder {self.options.model!r} changed since its id (and version) "
                "was read: what this run checked is keyed by the old one. Run again: the "
                "model is read anew.")

    def _loading(self, from_pretrained):
        """``from_pretrained`` of the model's location, quietly; a model that cannot be read:
        ConfigError naming the setting."""
        source = self.options.model
        looks_local = check_nli_model(source)
        from docnav.models import hub_kwargs, offline_note, quiet_loading

        location = str(Path(source).expanduser()) if looks_local else source
        try:
            with quiet_loading():
                return from_pretrained(location, **hub_kwargs(looks_local))
        except Exception as exc:  # hub errors, bad folders: many exception types
            raise ConfigError(
                f"cannot load NLI model {source!r}{offline_note(looks_local)}: "
                f"{type(exc).__name__}: {cause(exc)}. Set the NLI model (`--nli-model`, "
                "$DOCNAV_NLI_MODEL or VerifyOptions.model) to a local folder or a reachable "
                "hub id."
            ) from exc

    def count_tokens(self, text: str) -> int:
        # verbose=False: counting a text longer than the model takes is what this is for, so
        # transformers' "sequence length is longer than ... will result in indexing errors"
        # warning would be noise on every index run with a long paragraph.
        tokenizer = self._tokenizer_loaded()
        return len(tokenizer(text, add_special_tokens=False, verbose=False)["input_ids"])

    def _score(self, pairs: list[tuple[str, str]]) -> np.ndarray:
        import torch

        tokenizer, model, columns = self._loaded()
        max_length = self.max_length
        out = []
        bs = self.options.batch_size
        with self._lock, torch.inference_mode():
            for i in range(0, len(pairs), bs):
                batch = pairs[i : i + bs]
                enc = tokenizer(
                    [p for p, _ in batch], [h for _, h in batch], truncation="longest_first",
                    max_length=max_length, padding=True, return_tensors="pt",
                )
                probs = model(**enc).logits.softmax(-1).numpy()
                out.append(probs[:, columns])
        return np.concatenate(out).astype(np.float32)


def _config_version(config) -> str:
    """The version of a local model's config, as its loaded model's config gives it (the id's
    version was read from that before the config was read alone): a config saved without a
    dtype says None, where the loaded model says the dtype it was loaded in (torch's default,
    as DocNav gives none), and every stored verdict would have been checked again once."""
    items = config.to_dict()
    if items.get("dtype") is None:
        import torch

        items["dtype"] = str(torch.get_default_dtype()).removeprefix("torch.")
    return digest(str(sorted(items.items())))[:12]


def _label_columns(id2label: dict, source: str) -> list[int]:
    """Column index of entail, neutral, contradict in the model's output."""
    found: dict[str, int] = {}
    for idx, name in id2label.items():
        key = _LABEL_NAMES.get(str(name).strip().lower())
        if key:
            found[key] = int(idx)
    if set(found) != set(VERDICTS):
        raise ConfigError(
            f"NLI model {source!r} has labels {sorted(map(str, id2label.values()))}; DocNav needs "
            "a 3-way NLI model with labels entailment, neutral and contradiction. Choose another "
            "model (`--nli-model`)."
        )
    return [found[ENTAIL], found[NEUTRAL], found[CONTRADICT]]


class Verifier:
    """Checks claims against source chunks with an NLI model, caching verdicts."""

    def __init__(self, model: NLIModel, options: VerifyOptions = VerifyOptions()) -> None:
        self.model = model
        self.options = options
        self.cache: dict[tuple[str, str, str], Verdict] = {}

    def premises(self, claim: str, chunks: Sequence[Chunk], source_id: str | None) -> list[Chunk]:
        """The windows a claim is checked on.

        The paragraphs sharing most words with the claim (the one an extractive claim came
        from first) are cut into windows of one or two consecutive sentences, cut further to
        fit the model; the windows sharing most words with the claim are kept. Short premises
        are where small NLI models are reliable.
        """
        claim_words = _bag(claim)
        ranked = sorted(
            chunks,
            key=lambda c: (c.node_id != source_id, -len(claim_words & _bag(c.text)), c.node_id),
        )
        budget = max(32, self.model.max_length - min(self.model.count_tokens(claim),
                                                     self.model.max_length // 2) - 8)
        windows: list[Chunk] = []
        for chunk in ranked[: self.options.paragraphs_per_claim]:
            pieces = _sentence_windows(chunk.text, budget * 3 // 4)
            pieces.sort(key=lambda t: (-len(claim_words & _bag(t)), len(t)))
            windows += [Chunk(chunk.node_id, t) for t in pieces[: self.options.windows_per_paragraph]]
        return windows

    def verify(
        self, claims: Sequence[tuple[str, str | None]], chunks: Sequence[Chunk]
    ) -> list[Verdict]:
        """Verdicts for (claim text, source paragraph id or None) pairs, batched across claims.

        Two rounds: each claim is first scored on its best window (the sentence an extractive
        claim came from, or the one sharing most words); only claims that window does not
        entail are scored on their other windows. A claim is entailed if any window entails
        it, so the first round decides most claims at a fraction of the cost.
        """
        keys, plans = [], []
        for claim, source_id in claims:
            windows = self.premises(claim, chunks, source_id)
            premise_hash = digest(*(w.node_id + "\0" + w.text for w in windows))
            keys.append((digest(claim), premise_hash, self.model.model_id))
            plans.append(windows)
        pending = [i for i, k in enumerate(keys) if k not in self.cache and plans[i]]
        scored: dict[int, list[np.ndarray]] = {i: [] for i in pending}
        first = self.model.score([(plans[i][0].text, self._fit_claim(claims[i][0]))
                                  for i in pending])
        rest_pairs, rest_owner = [], []
        for row, i in enumerate(pending):
            scored[i].append(first[row])
            if not self._entails(first[row]):
                for w in plans[i][1:]:
                    rest_pairs.append((w.text, self._fit_claim(claims[i][0])))
                    rest_owner.append(i)
        rest = self.model.score(rest_pairs)
        for row, i in enumerate(rest_owner):  # rows come in window order per claim
            scored[i].append(rest[row])
        out = []
        for i, ((claim, _), key, windows) in enumerate(zip(claims, keys, plans)):
            if key in self.cache:
                out.append(self.cache[key])
            elif not windows:
                out.append(Verdict(NEUTRAL, 0.0, None, (0.0, 0.0, 0.0), key[1],
                                   note="no source text to check against"))
            else:
                probs = np.stack(scored[i])
                verdict = self._decide(probs, windows[: len(probs)], key[1], claim)
                self.cache[key] = verdict
                out.append(verdict)
        return out

    def _entails(self, probs: np.ndarray) -> bool:
        return bool(probs[0] >= self.options.entail_threshold and probs.argmax() == 0)

    def _fit_claim(self, claim: str) -> str:
        limit = self.model.max_length // 2
        if self.model.count_tokens(claim) <= limit:
            return claim
        words = claim.split()
        while words and self.model.count_tokens(" ".join(words)) > limit:
            words = words[: max(1, len(words) * 3 // 4)]
        return " ".join(words)

    def _decide(self, probs: np.ndarray, windows: list[Chunk], premise_hash: str,
                claim: str) -> Verdict:
        note = ""
        if self._fit_claim(claim) != claim:
            note = "claim longer than the model window: checked its first part only"
        e = int(np.argmax(probs[:, 0]))
        if self._entails(probs[e]):
            missing = _numbers(claim) - _numbers(windows[e].text)
            if not (self.options.number_guard and missing):
                return Verdict(ENTAIL, float(probs[e, 0]), windows[e].node_id,
                               tuple(map(float, probs[e])), premise_hash, note)
            note = (note + "; " if note else "") + (
                f"numbers not in the source: {', '.join(sorted(missing))}")
        c = int(np.argmax(probs[:, 2]))
        if probs[c].argmax() == 2:
            return Verdict(CONTRADICT, float(probs[c, 2]), windows[c].node_id,
                           tuple(map(float, probs[c])), premise_hash, note)
        return Verdict(NEUTRAL, float(probs[e, 1]), windows[e].node_id,
                       tuple(map(float, probs[e])), premise_hash, note)


_NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)*")


def _numbers(text: str) -> set[str]:
    return {n.replace(",", "") for n in _NUMBER.findall(text)}


@lru_cache(maxsize=16384)  # a claim's premises are ranked against every chunk, per claim
def _bag(text: str) -> frozenset[str]:
    return frozenset(w.lower() for w in _WORD.findall(text))


def _sentence_windows(text: str, words_per_window: int) -> list[str]:
    """Single sentences and pairs of neighbouring sentences, each cut to the word budget."""
    from docnav.sentences import sentence_spans

    sentences = [text[a:b] for a, b in sentence_spans(text)] or [text]
    candidates = sentences + [f"{a} {b}" for a, b in zip(sentences, sentences[1:])]
    out: list[str] = []
    for c in candidates:
        out += _windows(c, words_per_window)
    return list(dict.fromkeys(out))


def _windows(text: str, words_per_window: int) -> list[str]:
    """Split text into windows of whole words, overlapping by a quarter."""
    words = text.split()
    if len(words) <= words_per_window:
        return [text]
    step = max(1, words_per_window * 3 // 4)
    return [" ".join(words[i : i + words_per_window])
            for i in range(0, max(1, len(words) - words_per_window + step), step)]
