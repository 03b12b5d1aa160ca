"""A local OpenAI-compatible chat endpoint for tests: nobody has an LLM endpoint here.

It answers every POST with ``reply`` as a chat completion, or misbehaves as ``mode`` says:
"500"; "garbage": not JSON; "slow": 1.5 s before answering; "drip": the answer a byte every
50 ms; "truncated": a Content-Length larger than the body it sends; "bad status": no HTTP
status line; "401" and "error": an OpenAI-style error body, with HTTP 401 or 200; "429": a
rate limit with ``Retry-After: 1`` (``retry_after``), the next request answered; "late body":
the headers after 1 s, the body 5 s after them. ``choice``, when set, is sent as
the completion's choice instead of ``reply`` (a tool call, a message without content, a
``finish_reason``). It keeps every request body and the time it came in.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class ChatEndpoint:
    def __init__(self, reply: str = "") -> None:
        self.reply = reply
        self.choice: dict | None = None
        self.mode = "ok"
        self.retry_after = "1"
        self.requests = 0
        self.bodies: list[dict] = []
        self.times: list[float] = []  # time.monotonic() of each request
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (http.server API)
                endpoint.requests += 1
                endpoint.times.append(time.monotonic())
                length = int(self.headers.get("Content-Length", 0))
                endpoint.bodies.append(json.loads(self.rfile.read(length)))
                mode = endpoint.mode
                if mode == "slow":
                    time.sleep(1.5)
                if mode == "500":
                    self.send_response(500)
                    self.end_headers()
                    return
                if mode == "bad status":
                    self.wfile.write(b"garbage\r\n\r\n")
                    self.close_connection = True
                    return
                if mode in ("401", "error"):
                    error = {"error": {"message": "Incorrect API key provided",
                                       "type": "invalid_request_error"}}
                    return self._send(401 if mode == "401" else 200, json.dumps(error).encode())
                if mode == "429":
                    endpoint.mode = "ok"
                    return self._send(429, b'{"error": {"message": "Rate limit reached"}}',
                                      retry_after=endpoint.retry_after)
                choice = endpoint.choice or {
                    "message": {"role": "assistant", "content": endpoint.reply}}
                body = (b"<html>not json" if mode == "garbage" else json.dumps(
                    {"choices": [choice]}).encode())
                if mode == "truncated":
                    self._send(200, body[:20], length=len(body))
                    self.close_connection = True
                elif mode == "late body":
                    time.sleep(1)
                    self._send(200, b"", length=len(body))
                    time.sleep(5)
                    try:
                        self.wfile.write(body)
                    except OSError:
                        pass  # the client gave up
                elif mode == "drip":
                    self._send(200, b"", length=len(body))
                    try:
                        for byte in body:
                            self.wfile.write(bytes([byte]))
                            self.wfile.flush()
                            time.sleep(0.05)
                    except OSError:
                        pass  # the client gave up
                else:
                    self._send(200, body)

            def _send(self, status, body, length=None, retry_after=None):
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body) if length is None else length))
                if retry_after:
                    self.send_header("Retry-After", retry_after)
                self.end_headers()
                self.wfile.write(body)
                self.wfile.flush()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_port}/v1"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def prompt(self, i: int = -1) -> str:
        """The user message of request ``i``."""
        return self.bodies[i]["messages"][0]["content"]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
