"""A client for OpenAI-compatible ``/chat/completions`` endpoints (vLLM, Ollama, llama.cpp
server, a hosted API), shared by the chat summariser and answer generation.

Transient failures (connection refused or reset, a cut-off or malformed HTTP response, HTTP
5xx/429, an answer that is not a chat completion) are retried with exponential backoff, or
after the wait a 429/503's ``Retry-After`` asks for (at most a minute); after the last try a
:class:`ChatError` says how many attempts were made and what went wrong, with the server's
own error message where it sent one. Not retried: a client error (HTTP 4xx other than 429),
an error the server answers with, or a message holding a tool call, a refusal or a filtered
answer instead of text, which will not fix themselves, and a request that got
no answer within ``timeout`` seconds: each request has that long in all, however slowly the
answer trickles in, so a hung endpoint costs one timeout, not one per try.

After an error no request will get past (HTTP 401, 403, 404) or ``GIVE_UP_AFTER`` failed
calls in a row, a client stops asking for ``GIVE_UP_FOR`` seconds: the rest of an index run's
summaries fail at once with the same error instead of each retrying in full.
"""

from __future__ import annotations

import http.client
import json
import math
import os
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, replace

from docnav.checks import finite_number
from docnav.errors import ConfigError, DocNavError
from docnav.wording import counted

DEFAULT_TIMEOUT = 60.0
MAX_TIMEOUT = 86400.0  # a day: socket timeouts overflow past ~1e9 s, and inf is none
MAX_RETRY_AFTER = 60.0  # seconds; a longer Retry-After is not waited out
GIVE_UP_AFTER = 3  # failed calls in a row
GIVE_UP_FOR = 300.0  # seconds; then one call tries again (a long `docnav watch`)
_ENDPOINT_WIDE = (401, 403, 404)  # wrong key, no access, wrong URL: no request will do
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


class ChatError(DocNavError):
    """The endpoint gave no usable answer after every attempt."""


@dataclass(frozen=True)
class Completion:
    """The assistant's text, and why the model stopped: "stop", or "length" when its output
    limit (max_tokens, or the context window) cut the text off; "" when the server says not."""

    text: str
    finish_reason: str = ""

    @property
    def reply(self) -> str:
        """The text after a reasoning model's thinking (``<think>…</think>``), which some
        servers leave in the content; "" when it never stopped thinking."""
        _, end, reply = self.text.rpartition("</think>")
        if end:
            return reply
        return "" if self.text.lstrip().startswith("<think>") else self.text

    @property
    def cut_off(self) -> bool:
        """The model's output limit (max_tokens, or the context window) ended the text."""
        return self.finish_reason == "length"


class _NoAnswer(Exception):
    """A failed attempt; ``retry`` says whether another attempt can help."""

    def __init__(self, message: str, retry: bool = True, wait: float = 0.0,
                 scope: str = "endpoint") -> None:
        super().__init__(message)
        self.retry = retry
        self.wait = wait  # seconds the server asked us to wait (Retry-After)
        # "endpoint": counts towards giving up; "all": give up now (no request will fare
        # better); "request": this request's own fault (too long, say), other requests may do
        self.scope = scope


@dataclass(frozen=True)
class ChatOptions:
    """OpenAI-compatible endpoint settings; empty values are read from the environment
    (DOCNAV_LLM_BASE_URL, DOCNAV_LLM_MODEL, DOCNAV_LLM_API_KEY, DOCNAV_LLM_TIMEOUT).

    timeout: seconds one request may take in all (0: DOCNAV_LLM_TIMEOUT, else 60).
    """

    base_url: str = ""
    model: str = ""
    api_key: str = ""
    timeout: float = 0.0
    retries: int = 3
    backoff: float = 1.0
    max_sentences: int = 4
    max_input_chars: int = 12000

    def resolved(self) -> "ChatOptions":
        self._check()
        base = (self.base_url or os.environ.get("DOCNAV_LLM_BASE_URL", "")).strip()
        model = self.model or os.environ.get("DOCNAV_LLM_MODEL", "")
        if not base or not model:
            raise ConfigError(
                "an OpenAI-compatible endpoint needs a base URL and a model: set "
                "DOCNAV_LLM_BASE_URL and DOCNAV_LLM_MODEL (or ChatOptions.base_url and .model)"
            )
        if any(c.isspace() for c in base):  # sent in the request line: a broken request
            raise ConfigError(f"the endpoint's base URL {base!r} holds a space: set "
                              "DOCNAV_LLM_BASE_URL (or ChatOptions.base_url) to the URL alone")
        url = urllib.parse.urlsplit(base)
        if url.scheme not in ("http", "https") or not url.netloc:
            raise ConfigError(
                f"the endpoint's base URL {base!r} is not an http(s) URL: set "
                "DOCNAV_LLM_BASE_URL (or ChatOptions.base_url) to e.g. http://localhost:8000/v1"
            )
        key = self.api_key or os.environ.get("DOCNAV_LLM_API_KEY", "")
        return replace(self, base_url=base.rstrip("/"), model=model, api_key=key,
                       timeout=self.timeout or _env_timeout())

    def _check(self) -> None:
        """Numbers a request can use: each was a ValueError, OverflowError or
        UnboundLocalError inside the first request otherwise."""
        wrong = [
            ("timeout", "seconds, 0 (DOCNAV_LLM_TIMEOUT, else 60) or above and at most "
             f"{MAX_TIMEOUT:g}", finite_number(self.timeout)
             and 0 <= self.timeout <= MAX_TIMEOUT),
            ("retries", "a whole number, 0 or more", finite_number(self.retries, whole=True)
             and self.retries >= 0),
            ("backoff", "seconds, 0 or more", finite_number(self.backoff) and self.backoff >= 0),
        ]
        for name, expected, ok in wrong:
            if not ok:
                raise ConfigError(f"ChatOptions.{name}={getattr(self, name)!r} is not valid: "
                                  f"give {expected}")


def _env_timeout() -> float:
    raw = os.environ.get("DOCNAV_LLM_TIMEOUT", "").strip()
    if not raw:
        return DEFAULT_TIMEOUT
    try:
        seconds = float(raw)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds <= MAX_TIMEOUT:  # nan too
        raise ConfigError(f"DOCNAV_LLM_TIMEOUT={raw!r} is not valid: give the seconds one "
                          f"request to the endpoint may take, a number above 0 and at most "
                          f"{MAX_TIMEOUT:g} (e.g. 120)")
    return seconds


class ChatClient:
    """Sends one user message, returns the assistant's text."""

    def __init__(self, options: ChatOptions = ChatOptions()) -> None:
        if not isinstance(options, ChatOptions):
            raise ConfigError(f"options {options!r} is not valid: give ChatOptions(...) "
                              "(docnav.chat)")
        self.options = options.resolved()
        self.requests = 0  # attempts made, retries included
        self._failed_calls = 0  # in a row
        self._given_up: tuple[float, str] | None = None  # (until when, the error)

    def complete(self, prompt: str) -> str:
        return self.completion(prompt).text

    def completion(self, prompt: str) -> Completion:
        if self._given_up and time.monotonic() < self._given_up[0]:
            raise ChatError(self._given_up[1])
        body = json.dumps({
            "model": self.options.model,
            "messages": [{"role": "user", "content": prompt}],
            "temperature": 0,
        }).encode()
        headers = {"Content-Type": "application/json"}
        if self.options.api_key:
            headers["Authorization"] = f"Bearer {self.options.api_key}"
        url = f"{self.options.base_url}/chat/completions"
        wait = 0.0
        for attempt in range(self.options.retries + 1):
            if attempt:
                time.sleep(max(wait, self.options.backoff * 2 ** (attempt - 1)))
            self.requests += 1
            try:
                request = urllib.request.Request(url, data=body, headers=headers, method="POST")
                completion = _completion(self._post(request), url)
                self._failed_calls = 0
                return completion
            except _NoAnswer as exc:
                failure, wait = exc, exc.wait
                if not exc.retry:
                    break
        error = f"failed after {counted(attempt + 1, 'attempt')}: {failure}"
        if failure.scope != "request":
            self._failed_calls += 1
            if failure.scope == "all" or self._failed_calls >= GIVE_UP_AFTER:
                self._given_up = (time.monotonic() + GIVE_UP_FOR,
                                  f"{error} (not asked again for {GIVE_UP_FOR:g} s)")
        raise ChatError(error)

    def _post(self, request: urllib.request.Request) -> bytes:
        """The response body, read within the timeout; any failure as :class:`_NoAnswer`."""
        url, timeout = request.full_url, self.options.timeout
        deadline = time.monotonic() + timeout
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return _read(response, deadline)
        except urllib.error.HTTPError as exc:
            message = f"HTTP {exc.code} from {url}{_server_message(exc)}"
            transient = exc.code >= 500 or exc.code == 429
            scope = "all" if exc.code in _ENDPOINT_WIDE else "endpoint" if transient else "request"
            raise _NoAnswer(message, transient, _retry_after(exc), scope) from exc
        except (TimeoutError, urllib.error.URLError) as exc:
            if isinstance(exc, TimeoutError) or isinstance(exc.reason, TimeoutError):
                raise _NoAnswer(f"no answer from {url} within {timeout:g} s (raise "
                                "DOCNAV_LLM_TIMEOUT if the model needs longer)", False) from exc
            raise _NoAnswer(f"cannot reach {url}: {exc.reason}") from exc
        except (http.client.HTTPException, OSError) as exc:
            # a cut-off answer (IncompleteRead), a bad status line, a reset connection
            if isinstance(exc, http.client.IncompleteRead):
                detail = f"cut off after {len(exc.partial)} bytes, {exc.expected} more expected"
            else:
                detail = f"{type(exc).__name__}: {_start(str(exc).encode(), 80)}"
            raise _NoAnswer(f"broken HTTP response from {url} ({detail})") from exc


def _read(response: http.client.HTTPResponse, deadline: float) -> bytes:
    """The body as it arrives, given up at the deadline: a server dripping bytes, each
    within the socket timeout, must not hold us longer than that."""
    chunks = []
    # each read waits only as long as the request has left (the socket's own timeout, the
    # whole request's, let a body coming late take it twice)
    sock = getattr(getattr(response.fp, "raw", None), "_sock", None)
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the answer was still arriving at the deadline")
        if sock is not None:
            sock.settimeout(left)
        chunk = response.read1(65536)
        if not chunk:
            break
        chunks.append(chunk)
    body = b"".join(chunks)
    expected = response.headers.get("Content-Length", "")
    if expected.isdigit() and len(body) < int(expected):
        raise http.client.IncompleteRead(body, int(expected) - len(body))
    return body


def _completion(raw: bytes, url: str) -> Completion:
    """The assistant's text in a chat completion, lone surrogates (which no encoder takes)
    replaced by U+FFFD."""
    try:
        payload = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise _NoAnswer(f"unexpected answer from {url} (not JSON: {_start(raw)!r})") from exc
    if isinstance(payload, dict) and payload.get("error"):
        raise _NoAnswer(f"{url} answered with an error: {_error_text(payload)}", False,
                        scope="request")
    try:
        choice = payload["choices"][0]
        content = choice["message"].get("content")
    except (KeyError, IndexError, TypeError, AttributeError) as exc:
        raise _NoAnswer(f"unexpected answer from {url} (not an OpenAI chat completion: "
                        f"{_start(raw)!r})") from exc
    # a filtered message may come as no content or as empty content: said as filtered either way
    if not isinstance(content, str) or (not content.strip() and choice.get("finish_reason")
                                        == "content_filter"):
        raise _no_text(choice, url)
    return Completion(_LONE_SURROGATE.sub("\ufffd", content),
                      str(choice.get("finish_reason") or ""))


def _no_text(choice: dict, url: str) -> _NoAnswer:
    """Why a chat completion's message holds no text. A model that chose to call a tool, to
    refuse or was filtered will do so again: only a gap with no reason given is retried."""
    message, reason = choice["message"], choice.get("finish_reason")
    calls = message.get("tool_calls") or ([{"function": message["function_call"]}]
                                          if message.get("function_call") else [])
    if calls:
        names = ", ".join(str((c.get("function") or {}).get("name", "?")) for c in calls
                          if isinstance(c, dict))
        return _NoAnswer(f"{url} answered with a tool call ({names}) instead of text; DocNav "
                         "offers the model no tools, so the endpoint adds them: check its chat "
                         "template and tool settings", False, scope="request")
    if message.get("refusal"):
        return _NoAnswer(f"the model at {url} refused to answer: "
                         f"{_start(str(message['refusal']).encode())}", False, scope="request")
    if reason == "content_filter":
        return _NoAnswer(f"{url} held the answer back (finish_reason 'content_filter')", False,
                         scope="request")
    return _NoAnswer(f"unexpected answer from {url} (a message with no text: content "
                     f"{_start(json.dumps(message.get('content')).encode(), 60)}, finish_reason "
                     f"{reason!r})")


def _server_message(exc: urllib.error.HTTPError) -> str:
    """': <the server's error message>', or '' when it sent none."""
    try:
        raw = exc.read()
    except (http.client.HTTPException, OSError):
        return ""
    try:
        text = _error_text(json.loads(raw))
    except (ValueError, TypeError):
        text = _start(raw)
    return f": {text}" if text else ""


def _error_text(payload) -> str:
    """The message of an OpenAI-style error body ({"error": {"message": ...}}) or a looser
    one ({"error": "..."}, {"message": "..."})."""
    error = payload.get("error", payload) if isinstance(payload, dict) else payload
    if isinstance(error, dict):
        error = error.get("message") or json.dumps(error)
    return _start(str(error).encode())


def _start(raw: bytes, limit: int = 200) -> str:
    text = " ".join(raw.decode("utf-8", "replace").split())
    return text if len(text) <= limit else text[:limit] + "…"


def _retry_after(exc: urllib.error.HTTPError) -> float:
    """The seconds a Retry-After header asks for (capped), 0 when there is none."""
    value = (exc.headers.get("Retry-After") or "").strip() if exc.headers else ""
    try:
        seconds = float(value)
    except ValueError:
        return 0.0  # absent, or an HTTP date: the usual backoff
    return min(max(seconds, 0.0), MAX_RETRY_AFTER) if math.isfinite(seconds) else 0.0
