"""The chat client's settings and the headers it is sent, against a local test endpoint
(tests/_endpoint.py): a value Python's sockets or sleeps cannot take is a clear ConfigError
(exit 2 from the CLI), not a traceback after the navigation's work, and one request keeps to
its timeout however the answer arrives."""

from __future__ import annotations

import math
import time

import pytest
from _endpoint import ChatEndpoint

from docnav.chat import ChatClient, ChatError, ChatOptions
from docnav.errors import ConfigError


@pytest.fixture
def endpoint():
    server = ChatEndpoint("An answer.")
    yield server
    server.close()


@pytest.mark.parametrize("value", ["inf", "1e12", "nan", "-3", "soon"])
def test_a_timeout_sockets_cannot_take_is_refused(endpoint, monkeypatch, value):
    # "inf" and "1e12" passed the check and failed in socket.settimeout (OverflowError)
    monkeypatch.setenv("DOCNAV_LLM_TIMEOUT", value)
    with pytest.raises(ConfigError, match=f"DOCNAV_LLM_TIMEOUT={value!r} is not valid: give "
                                          "the seconds one request to the endpoint may take, "
                                          "a number above 0 and at most 86400"):
        ChatClient(ChatOptions(base_url=endpoint.url, model="m"))


@pytest.mark.parametrize("field, value", [
    ("timeout", -1), ("timeout", math.nan), ("timeout", math.inf), ("timeout", "5"),
    ("retries", -1), ("retries", 1.5), ("backoff", -0.5), ("backoff", math.nan),
])
def test_options_are_checked_when_the_client_is_made(endpoint, field, value):
    # each failed later, inside a request: ValueError, OverflowError, UnboundLocalError
    with pytest.raises(ConfigError, match=f"ChatOptions.{field}={value!r} is not valid"):
        ChatClient(ChatOptions(base_url=endpoint.url, model="m", **{field: value}))


def test_a_base_url_s_surrounding_spaces_are_dropped(endpoint):
    # a trailing space was sent in the request line: "broken HTTP response", 4 tries, 7 s
    client = ChatClient(ChatOptions(base_url=f" {endpoint.url} \n", model="m", retries=0))
    assert client.complete("Hello?") == "An answer."
    with pytest.raises(ConfigError, match="holds a space"):
        ChatClient(ChatOptions(base_url=endpoint.url.replace("/v1", "/v 1"), model="m"))


def test_a_retry_after_that_is_no_number_of_seconds_is_the_usual_backoff(endpoint):
    # "Retry-After: nan" went to time.sleep: ValueError, the evidence lost with the traceback
    endpoint.mode, endpoint.retry_after = "429", "nan"
    client = ChatClient(ChatOptions(base_url=endpoint.url, model="m", retries=1, backoff=0.01))
    assert client.complete("Hello?") == "An answer." and endpoint.requests == 2


def test_one_request_keeps_to_its_timeout_when_the_body_comes_late(endpoint):
    # the headers at 1 s and the body 5 s later, with a 2 s timeout: it gave up at 3 s (each
    # read had the whole timeout again); now at the deadline
    endpoint.mode = "late body"
    client = ChatClient(ChatOptions(base_url=endpoint.url, model="m", timeout=2, retries=0))
    started = time.monotonic()
    with pytest.raises(ChatError, match="within 2 s"):
        client.complete("Hello?")
    assert time.monotonic() - started < 2.6
