"""Scripted fake verifier: prints, for the request's ``op``, the raw line given in an environment variable.

EE_TEST_SCRIPT_<ROLE> holds a JSON object mapping an op ("check", "witness") to the exact text to print.
Each request is also appended to EE_TEST_LOG_<ROLE> (if set) as one JSON line {"header": ..., "payload": ...}.
"""
import json
import os
import sys


def main(role: str) -> None:
    header = json.loads(sys.stdin.buffer.readline())
    payload = sys.stdin.buffer.read()
    log = os.environ.get(f"EE_TEST_LOG_{role}")
    if log:
        with open(log, "a", encoding="utf-8") as fh:
            fh.write(json.dumps({"header": header, "payload": payload.decode("utf-8", "replace")}) + "\n")
    script = json.loads(os.environ[f"EE_TEST_SCRIPT_{role}"])
    out = script.get(header["op"])
    if out is None:
        sys.exit(5)
    sys.stdout.write(out + "\n")
    sys.stdout.flush()
