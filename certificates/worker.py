"""The worker side of the harness protocol, shared by both verifiers' entry points.

A verifier process reads one request from stdin: a JSON header line, then the raw payload bytes.
Header: ``{"op": "check" | "witness", "family": F, "params": P, "kind": "file" | "json" | "text" |
"jsonl_content", "witness": W}``. ``kind`` says how the payload holds the answer: an answer file (bare
answer, wrapper or raw model text), JSON text of the answer value (possibly still wrapped; for
``score`` the raw bytes of an answers.jsonl ``answer`` value, parsed here and nowhere before), raw
model text to extract from, or the raw JSON string literal of an answers.jsonl ``content`` value
(decoded strictly here, then extracted from). The process writes one JSON object to stdout and exits:
``{"verdict": {...}}`` for ``check`` and ``{"holds": bool, "message": str}`` for ``witness``.
A MemoryError becomes a LIMIT verdict; any other exception an ERROR verdict with ``INTERNAL_ERROR``.
The caller (``endless_exam.checker.harness``) enforces wall-clock and memory limits from outside.
"""
from __future__ import annotations

import json
import sys
import time
import traceback
from typing import Any, Callable

from .errors import AnswerError, ParamsError
from .extract import answer_from_bytes, answer_from_json_text, extract_from_text
from .params import validate
from .strictjson import decode_bytes, loads
from .verdict import Status, Verdict, reject


def decode_answer(kind: str, payload: bytes) -> Any:
    if kind == "file":
        return answer_from_bytes(payload)
    if kind == "json":
        return answer_from_json_text(decode_bytes(payload))
    if kind == "text":
        return extract_from_text(decode_bytes(payload))
    if kind == "jsonl_content":
        text = loads(decode_bytes(payload))
        if type(text) is not str:
            raise AnswerError("FORMAT_TYPE", "the content is not a JSON string")
        return extract_from_text(text)
    raise ValueError(f"unknown payload kind {kind!r}")


def handle(header: dict, payload: bytes, load_family: Callable[[str], Any]) -> dict:
    started = time.perf_counter()
    op = header["op"]
    try:
        params = validate(header["family"], header["params"])
        module = load_family(header["family"])
        try:
            answer = decode_answer(header["kind"], payload)
        except AnswerError as exc:
            if op == "witness":
                return {"holds": False, "message": f"the answer does not parse: {exc.message}"}
            verdict = reject(exc.reason, exc.message, exc.witness)
        else:
            if op == "witness":
                holds, message = module.witness_holds(params, answer, header.get("witness"))
                return {"holds": bool(holds), "message": message, "seconds": time.perf_counter() - started}
            verdict = module.check(params, answer)
    except ParamsError as exc:
        verdict = Verdict(Status.ERROR, reason="PARAMS_INVALID", message=str(exc))
    except NotImplementedError as exc:
        verdict = Verdict(Status.ERROR, reason="FAMILY_NOT_IMPLEMENTED", message=str(exc))
    except MemoryError:
        verdict = Verdict(Status.LIMIT, reason="MEMORY_LIMIT", message="the verifier ran out of memory")
    except Exception as exc:  # a bug: reported as an infrastructure ERROR, never as a verdict on the answer
        tb = traceback.extract_tb(exc.__traceback__)
        where = f"{tb[-1].filename}:{tb[-1].lineno}" if tb else "?"
        verdict = Verdict(Status.ERROR, reason="INTERNAL_ERROR", message=f"{type(exc).__name__}: {exc} (at {where})")
    if op == "witness":
        return {"holds": False, "message": f"witness check failed: {verdict.message}"}
    data = verdict.to_json()
    data["seconds"] = time.perf_counter() - started
    return {"verdict": data}


def main(load_family: Callable[[str], Any]) -> int:
    stdin = sys.stdin.buffer
    header = json.loads(stdin.readline())
    payload = stdin.read()
    result = handle(header, payload, load_family)
    out = json.dumps(result, ensure_ascii=True, default=str)
    sys.stdout.write(out + "\n")
    sys.stdout.flush()
    return 0
