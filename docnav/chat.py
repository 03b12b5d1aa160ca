"""A client for OpenAI-compatible ``/chat/completions`` endpoints (vLLM, Ollama, llama.cpp
server, a hosted API), shared by the chat summariser and answer generation.

Transient failures (connection refused, timeout, HTTP 5xx/429, an answer that is not a chat
completion) are retried with exponential backoff; after the last try a :class:`ChatError`
says how many attempts were made and what went wrong. A client error (HTTP 4xx other than
429) is not retried: it will not fix itself.
"""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from dataclasses import dataclass

from docnav.errors import ConfigError, DocNavError


class ChatError(DocNavError):
    """The endpoint gave no usable answer after every attempt."""


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
                "an OpenAI-compatible endpoint needs a base URL and a model: set "
                "ChatOptions.base_url and .model, or DOCNAV_LLM_BASE_URL and DOCNAV_LLM_MODEL"
            )
        key = self.api_key or os.environ.get("DOCNAV_LLM_API_KEY", "")
        return ChatOptions(base.rstrip("/"), model, key, self.timeout, self.retries,
                           self.backoff, self.max_sentences, self.max_input_chars)


class ChatClient:
    """Sends one user message, returns the assistant's text."""

    def __init__(self, options: ChatOptions = ChatOptions()) -> None:
        self.options = options.resolved()
        self.requests = 0  # attempts made, retries included

    def complete(self, prompt: str) -> str:
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
                content = payload["choices"][0]["message"]["content"]
                if not isinstance(content, str):
                    raise TypeError(type(content))
                return content
            except urllib.error.HTTPError as exc:
                last = f"HTTP {exc.code} from {url}"
                if exc.code < 500 and exc.code != 429:
                    break  # a client error will not fix itself
            except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
                last = f"cannot reach {url}: {getattr(exc, 'reason', exc)}"
            except (json.JSONDecodeError, UnicodeDecodeError, KeyError, IndexError, TypeError):
                last = f"unexpected answer from {url} (not an OpenAI chat completion)"
        raise ChatError(f"failed after {attempt + 1} attempts: {last}")
