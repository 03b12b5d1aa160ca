"""A local OpenAI-compatible chat endpoint for tests: nobody has an LLM endpoint here.

It answers every POST with ``reply`` as a chat completion, or misbehaves as ``mode`` says
("500", "garbage": not JSON, "slow": 1.5 s before answering); it keeps every request body.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class ChatEndpoint:
    def __init__(self, reply: str = "") -> None:
        self.reply = reply
        self.mode = "ok"
        self.requests = 0
        self.bodies: list[dict] = []
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (http.server API)
                endpoint.requests += 1
                length = int(self.headers.get("Content-Length", 0))
                endpoint.bodies.append(json.loads(self.rfile.read(length)))
                if endpoint.mode == "slow":
                    time.sleep(1.5)
                if endpoint.mode == "500":
                    self.send_response(500)
                    self.end_headers()
                    return
                body = (b"<html>not json" if endpoint.mode == "garbage" else json.dumps(
                    {"choices": [{"message": {"role": "assistant", "content": endpoint.reply}}]}
                ).encode())
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/v1"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def prompt(self, i: int = -1) -> str:
        """The user message of request ``i``."""
        return self.bodies[i]["messages"][0]["content"]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
