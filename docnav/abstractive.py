"""Abstractive summarisers behind the :class:`~docnav.summarize.Summarizer` interface.

* :class:`ChatSummarizer` calls an OpenAI-compatible ``/chat/completions`` endpoint (vLLM,
  Ollama, llama.cpp server, a hosted API). Transient failures (connection refused, timeout,
  HTTP 5xx/429, unparsable JSON) are retried with exponential backoff; after the last try a
  :class:`SummarizerError` is raised, which marks that summary failed and keeps the previous one.
* :class:`LocalLMSummarizer` runs a local transformers causal LM (a GGUF file works).

Generated sentences carry no provenance; their claims are still verified by NLI against the
node's source paragraphs, so fabricated or contradicted claims are flagged (or dropped).
"""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from dataclasses import dataclass

from docnav.errors import ConfigError, DocNavError
from docnav.summarize import Summarizer, SummaryInput, SummarySentence

PROMPT = (
    "Summarise the following section of a document in at most {n} sentences. Use only facts "
    "stated in the text.\n\nSection: {title}\n\n{text}"
)


class SummarizerError(DocNavError):
    """The summariser could not produce a summary (endpoint down, bad answer, ...)."""


def _material(item: SummaryInput, max_chars: int) -> str:
    parts = [p.text for p in item.paragraphs]
    parts += [" ".join(s.text for s in child) for child in item.children]
    return "\n\n".join(parts)[:max_chars]


@dataclass(frozen=True)
class ChatOptions:
    """OpenAI-compatible endpoint settings; empty values are read from the environment
    (DOCNAV_LLM_BASE_URL, DOCNAV_LLM_MODEL, DOCNAV_LLM_API_KEY)."""

    base_url: str = ""
    model: str = ""
    api_key: str = ""
    timeout: float = 60.0
    retries: int = 3
    backoff: float = 1.0
    max_sentences: int = 4
    max_input_chars: int = 12000

    def resolved(self) -> "ChatOptions":
        base = self.base_url or os.environ.get("DOCNAV_LLM_BASE_URL", "")
        model = self.model or os.environ.get("DOCNAV_LLM_MODEL", "")
        if not base or not model:
            raise ConfigError(
                "the chat summariser needs an endpoint and a model: set ChatOptions.base_url "
                "and .model, or DOCNAV_LLM_BASE_URL and DOCNAV_LLM_MODEL"
            )
        key = self.api_key or os.environ.get("DOCNAV_LLM_API_KEY", "")
        return ChatOptions(base.rstrip("/"), model, key, self.timeout, self.retries,
                           self.backoff, self.max_sentences, self.max_input_chars)


class ChatSummarizer(Summarizer):
    def __init__(self, options: ChatOptions = ChatOptions()) -> None:
        self.options = options.resolved()
        self.summarizer_id = f"chat:{self.options.model}"
        self.requests = 0

    def summarize(self, item: SummaryInput) -> list[SummarySentence]:
        text = _material(item, self.options.max_input_chars)
        if not text.strip():
            return []
        prompt = PROMPT.format(n=self.options.max_sentences, title=item.node.heading, text=text)
        answer = self._complete(prompt)
        return [SummarySentence(answer.strip())] if answer.strip() else []

    def _complete(self, prompt: str) -> str:
        body = json.dumps({
            "model": self.options.model,
            "messages": [{"role": "user", "content": prompt}],
            "temperature": 0,
        }).encode()
        headers = {"Content-Type": "application/json"}
        if self.options.api_key:
            headers["Authorization"] = f"Bearer {self.options.api_key}"
        url = f"{self.options.base_url}/chat/completions"
        last = "no attempt made"
        for attempt in range(self.options.retries + 1):
            if attempt:
                time.sleep(self.options.backoff * 2 ** (attempt - 1))
            self.requests += 1
            try:
                request = urllib.request.Request(url, data=body, headers=headers, method="POST")
                with urllib.request.urlopen(request, timeout=self.options.timeout) as response:
                    payload = json.loads(response.read().decode("utf-8"))
                return payload["choices"][0]["message"]["content"]
            except urllib.error.HTTPError as exc:
                last = f"HTTP {exc.code} from {url}"
                if exc.code < 500 and exc.code != 429:
                    break  # a client error will not fix itself
            except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
                last = f"cannot reach {url}: {getattr(exc, 'reason', exc)}"
            except (json.JSONDecodeError, UnicodeDecodeError, KeyError, IndexError, TypeError):
                last = f"unexpected answer from {url} (not an OpenAI chat completion)"
        raise SummarizerError(f"chat summariser failed after {attempt + 1} attempts: {last}")


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

            kwargs = {"gguf_file": options.gguf_file} if options.gguf_file else {}
            self._tokenizer = AutoTokenizer.from_pretrained(options.model, **kwargs)
            self._model = AutoModelForCausalLM.from_pretrained(options.model, **kwargs).eval()
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
        return [SummarySentence(answer)] if answer else []
