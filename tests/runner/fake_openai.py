"""A small OpenAI-compatible Chat Completions server on 127.0.0.1, for the runner's tests (no network).

``FakeOpenAI(script)`` serves ``POST /v1/chat/completions``. ``script`` maps the text of the request's
last user message to a list of steps, used one per request in order (the last one repeats):

* ``("ok", content, finish_reason, usage)``: a 200 response with one choice (``usage`` a dict with
  ``prompt_tokens``, ``completion_tokens`` and optionally ``reasoning_tokens``, or None for no usage);
* ``("status", code)``: an error response with that HTTP status (429 with ``retry-after-ms: 1``);
* ``("truncated",)``: a 200 whose ``Content-Length`` promises more bytes than are sent before closing;
* ``("garbage",)``: a 200 whose body is not JSON;
* ``("tool_call",)``: a 200 whose choice is a tool call (``finish_reason: tool_calls``);
* ``("hang", seconds)``: wait, then answer 500 (for the kill-and-resume test).

``POST /v1/responses`` (the Responses API) serves the same steps: ``ok`` with finish ``stop`` is a
``completed`` response, ``length`` an ``incomplete`` one with reason ``max_output_tokens``,
``content_filter`` an ``incomplete`` one with reason ``content_filter``; usage as ``input_tokens``,
``output_tokens`` and ``output_tokens_details.reasoning_tokens``; ``status`` steps as above.

Every request is appended to ``requests`` (the prompt and the step used), under a lock.
"""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class _QuietServer(ThreadingHTTPServer):
    """A client that hangs up mid-reply (a cancelled retry, a run torn down) is expected here: no traceback
    on standard error for it; any other handler error is still printed."""

    def handle_error(self, request, client_address) -> None:
        import sys
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


class FakeOpenAI:
    def __init__(self, script: dict[str, list[tuple]], default: tuple = ("status", 404)) -> None:
        self.script = {k: list(v) for k, v in script.items()}
        self.default = default
        self.requests: list[tuple[str, tuple]] = []
        self.lock = threading.Lock()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:     # quiet
                pass

            def do_POST(self) -> None:
                n = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(n))
                responses = self.path.rstrip("/").endswith("/responses")
                prompt = owner.prompt_of(body, responses)
                step = owner.next_step(prompt)
                (owner.respond_responses if responses else owner.respond)(self, body, step)

        self.server = _QuietServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self) -> "FakeOpenAI":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

    @staticmethod
    def prompt_of(body: dict, responses: bool) -> str:
        """The text of the request's last user message (Chat Completions ``messages``, Responses ``input``)."""
        items = body.get("input") if responses else body.get("messages")
        if isinstance(items, str):
            return items
        users = [m for m in items or [] if m.get("role") == "user"]
        if not users:
            return ""
        content = users[-1].get("content")
        if isinstance(content, list):
            content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
        return content or ""

    def next_step(self, prompt: str) -> tuple:
        with self.lock:
            steps = self.script.get(prompt)
            step = self.default if not steps else (steps.pop(0) if len(steps) > 1 else steps[0])
            self.requests.append((prompt, step))
            return step

    def count(self, prompt: str) -> int:
        with self.lock:
            return sum(1 for p, _ in self.requests if p == prompt)

    @staticmethod
    def _send(handler, code: int, data: bytes, headers: dict | None = None, length: int | None = None) -> None:
        handler.send_response(code)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(data) if length is None else length))
        for k, v in (headers or {}).items():
            handler.send_header(k, v)
        handler.end_headers()
        handler.wfile.write(data)
        handler.wfile.flush()

    def respond(self, handler, body: dict, step: tuple) -> None:
        kind = step[0]
        if kind == "hang":
            time.sleep(step[1])
            kind, step = "status", ("status", 500)
        if kind == "status":
            code = step[1]
            err = {"error": {"message": f"fake error {code}", "type": "server_error" if code >= 500 else "rate_limit",
                             "code": None}}
            headers = {"retry-after-ms": "1"} if code == 429 else {}
            self._send(handler, code, json.dumps(err).encode(), headers)
            return
        if kind == "truncated":
            data = b'{"id": "chatcmpl-x", "object": "chat.completion", "choi'
            self._send(handler, 200, data, length=len(data) + 500)
            handler.close_connection = True
            return
        if kind == "garbage":
            self._send(handler, 200, b"this is not json")
            return
        if kind == "tool_call":
            message = {"role": "assistant", "content": None, "tool_calls": [
                {"id": "call_1", "type": "function", "function": {"name": "python", "arguments": "{\"code\": \"1\"}"}}]}
            finish, usage = "tool_calls", {"prompt_tokens": 3, "completion_tokens": 4}
        else:
            _, content, finish, usage = step
            message = {"role": "assistant", "content": content}
        doc = {"id": "chatcmpl-fake", "object": "chat.completion", "created": int(time.time()),
               "model": body.get("model", "fake"),
               "choices": [{"index": 0, "message": message, "finish_reason": finish}]}
        if usage is not None:
            u = {"prompt_tokens": usage["prompt_tokens"], "completion_tokens": usage["completion_tokens"],
                 "total_tokens": usage["prompt_tokens"] + usage["completion_tokens"]}
            if "reasoning_tokens" in usage:
                u["completion_tokens_details"] = {"reasoning_tokens": usage["reasoning_tokens"]}
            doc["usage"] = u
        self._send(handler, 200, json.dumps(doc).encode())

    def respond_responses(self, handler, body: dict, step: tuple) -> None:
        kind = step[0]
        if kind != "ok":
            self.respond(handler, body, step)     # errors, truncated and garbage bodies look the same
            return
        _, content, finish, usage = step
        status, incomplete = "completed", None
        if finish == "length":
            status, incomplete = "incomplete", {"reason": "max_output_tokens"}
        elif finish == "content_filter":
            status, incomplete = "incomplete", {"reason": "content_filter"}
        doc = {"id": "resp_fake", "object": "response", "created_at": int(time.time()), "status": status,
               "incomplete_details": incomplete, "model": body.get("model", "fake"), "error": None,
               "output": [{"type": "message", "id": "msg_fake", "status": "completed", "role": "assistant",
                           "content": [{"type": "output_text", "text": content, "annotations": []}]}],
               "parallel_tool_calls": True, "tool_choice": "auto", "tools": []}
        if usage is not None:
            doc["usage"] = {"input_tokens": usage["prompt_tokens"], "output_tokens": usage["completion_tokens"],
                            "total_tokens": usage["prompt_tokens"] + usage["completion_tokens"],
                            "input_tokens_details": {"cached_tokens": 0},
                            "output_tokens_details": {"reasoning_tokens": usage.get("reasoning_tokens", 0)}}
        self._send(handler, 200, json.dumps(doc).encode())
