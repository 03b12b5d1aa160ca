"""Abstractive summarisers behind the :class:`~docnav.summarize.Summarizer` interface.

* :class:`ChatSummarizer` calls an OpenAI-compatible ``/chat/completions`` endpoint (vLLM,
  Ollama, llama.cpp server, a hosted API) through :mod:`docnav.chat`, which retries transient
  failures with exponential backoff; after the last try a :class:`SummarizerError` is raised,
  which marks that summary failed and keeps the previous one.
* :class:`LocalLMSummarizer` runs a local transformers causal LM (a GGUF file works).

Generated sentences carry no provenance; their claims are still verified by NLI against the
node's source paragraphs, so fabricated or contradicted claims are flagged (or dropped).
"""

from __future__ import annotations

from dataclasses import dataclass

from docnav.chat import ChatClient, ChatError, ChatOptions
from docnav.errors import ConfigError, DocNavError
from docnav.sentences import split_sentences
from docnav.summarize import Summarizer, SummaryInput, SummarySentence

PROMPT = (
    "Summarise the following section of a document in at most {n} sentences. Use only facts "
    "stated in the text.\n\nSection: {title}\n\n{text}"
)


class SummarizerError(DocNavError):
    """The summariser could not produce a summary (endpoint down, bad answer, ...)."""


def _material(item: SummaryInput, max_chars: int) -> str:
    # the authors' own summary first: it is what the document is about, and not cut off
    parts = [p.text for p in item.lead] + [p.text for p in item.paragraphs]
    parts += [" ".join(s.text for s in child) for child in item.children]
    return "\n\n".join(parts)[:max_chars]


class ChatSummarizer(Summarizer):
    """Summaries from an OpenAI-compatible endpoint (:mod:`docnav.chat`)."""

    def __init__(self, options: ChatOptions = ChatOptions()) -> None:
        self.client = ChatClient(options)
        self.options = self.client.options
        self.summarizer_id = f"chat:{self.options.model}"

    @property
    def requests(self) -> int:
        return self.client.requests

    def summarize(self, item: SummaryInput) -> list[SummarySentence]:
        text = _material(item, self.options.max_input_chars)
        if not text.strip():
            return []
        prompt = PROMPT.format(n=self.options.max_sentences, title=item.node.heading, text=text)
        try:
            completion = self.client.completion(prompt)
        except ChatError as exc:
            raise SummarizerError(f"chat summariser {exc}") from exc
        if completion.cut_off:  # its last sentence half-written
            raise SummarizerError(
                f"chat summariser: {self.summarizer_id}'s summary was cut off by the model's "
                f"output limit after {len(completion.text)} characters (finish_reason "
                "'length'): raise the endpoint's max_tokens or context length")
        if not completion.reply.strip():
            # stored, an empty summary would pass as verified and never be asked for again
            what = "only its reasoning (<think>…)" if completion.text.strip() else "an empty answer"
            raise SummarizerError(f"chat summariser: {self.summarizer_id} returned {what}")
        return _sentences(completion.reply)


@dataclass(frozen=True)
class LocalLMOptions:
    """A local causal LM: ``model`` is a folder or hub id; ``gguf_file`` a GGUF inside it."""

    model: str = ""
    gguf_file: str | None = None
    max_new_tokens: int = 120
    max_input_chars: int = 3000


class LocalLMSummarizer(Summarizer):
    def __init__(self, options: LocalLMOptions) -> None:
        if not options.model:
            raise ConfigError("the local LM summariser needs LocalLMOptions.model")
        self.options = options
        self.summarizer_id = f"local:{options.model}:{options.gguf_file or ''}"
        try:
            from transformers import AutoModelForCausalLM, AutoTokenizer

            from docnav.models import quiet_loading

            kwargs = {"gguf_file": options.gguf_file} if options.gguf_file else {}
            with quiet_loading():
                self._tokenizer = AutoTokenizer.from_pretrained(options.model, **kwargs)
                self._model = AutoModelForCausalLM.from_pretrained(options.model,
                                                                   **kwargs).eval()
        except Exception as exc:
            raise ConfigError(
                f"cannot load local LM {options.model!r} ({options.gguf_file}): {exc}"
            ) from exc

    def summarize(self, item: SummaryInput) -> list[SummarySentence]:
        import torch

        text = _material(item, self.options.max_input_chars)
        if not text.strip():
            return []
        messages = [{"role": "user", "content": PROMPT.format(n=3, title=item.node.heading,
                                                              text=text)}]
        enc = self._tokenizer.apply_chat_template(messages, add_generation_prompt=True,
                                                  return_tensors="pt", return_dict=True)
        with torch.inference_mode():
            out = self._model.generate(**enc, max_new_tokens=self.options.max_new_tokens,
                                       do_sample=False)
        prompt_length = enc["input_ids"].shape[1]
        answer = self._tokenizer.decode(out[0, prompt_length:], skip_special_tokens=True).strip()
        return _sentences(answer)


def _sentences(answer: str) -> list[SummarySentence]:
    """Generated text as one summary sentence per sentence, so that the ``drop`` policy can
    drop an unsupported sentence alone instead of the whole answer."""
    return [SummarySentence(s) for s in split_sentences(answer)]
