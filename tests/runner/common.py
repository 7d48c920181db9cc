"""Shared pieces of the runner's tests: the CLI in a subprocess or in this process, the example answers as
server replies, and the comparison of two scores.json files call for call."""
from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "fixtures" / "examples" / "answers.jsonl"

# the marks of a test module that runs inspect's evals in this process: inspect (0.3.285) builds tenacity's
# wait with a parameter tenacity 9.1 deprecates; not ours to fix; and leaves anyio memory streams to the
# garbage collector
INSPECT_IN_PROCESS = [
    pytest.mark.filterwarnings("ignore:The 'initial' parameter is deprecated:DeprecationWarning"),
    pytest.mark.filterwarnings("ignore:Exception ignored in. <function MemoryObject(Send|Receive)Stream.__del__"
                               ":pytest.PytestUnraisableExceptionWarning"),
    pytest.mark.filterwarnings("ignore:Unclosed <MemoryObject(Send|Receive)Stream:ResourceWarning")]


def cli(*args: str, env: dict | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    full = dict(os.environ, OPENAI_API_KEY="test-key", **(env or {}))
    return subprocess.run([sys.executable, "-m", "endless_exam.checker.cli", *args], capture_output=True,
                          text=True, env=full, timeout=timeout)


def cli_here(*args: str) -> subprocess.CompletedProcess:
    """The CLI in this process: ``checker.cli.main`` with ``args`` (what ``python -m endless_exam.checker.cli``
    runs), its exit code and what it wrote to standard output and error, as ``cli`` returns them. Spares the
    start of a process and the import of inspect and its providers (seconds each) on every command."""
    from endless_exam.checker import cli as checker_cli

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = checker_cli.main(list(args))
    return subprocess.CompletedProcess(["endless-exam", *args], code, out.getvalue(), err.getvalue())


def example_records() -> list[dict]:
    return [json.loads(line) for line in EXAMPLES.read_text().splitlines() if line.strip()]


def reply_of(record: dict) -> tuple:
    """The server step that reproduces an example answers record: its text (the answer as
    ``{"answer": ...}``, or its raw content) and its finish reason."""
    finish = record.get("finish_reason", "stop")
    if "content" in record:
        text = record["content"]
    else:       # the reply the answer was extracted from: the envelope it came in, or one around it
        answer = record.get("answer")
        text = json.dumps(answer if isinstance(answer, dict) and "answer" in answer else {"answer": answer})
    return ("ok", text, finish, {"prompt_tokens": 10, "completion_tokens": 20})


def prompt_of(call_id: str, track: str = "tool-free") -> str:
    from endless_exam.checker.suites import export
    from endless_exam.checker.suites import instances as suites

    return export.record(suites.find(call_id), track)["prompt"]


def per_call(scores_path: Path) -> dict:
    """What must agree call for call: the verdict, reason, exact objective and ratio, and the outcome."""
    doc = json.loads(Path(scores_path).read_text())
    return {(r["call_id"], r.get("sample", 0)): (r["outcome"], r["status"], r["reason"], r["objective"],
                                                 r["ratio_exact"]) for r in doc["calls_scored"]}


def summary_of(scores_path: Path) -> dict:
    doc = json.loads(Path(scores_path).read_text())
    keep = ("complete", "calls", "score", "subset_score", "published_hfr", "construction_reference_ratio",
            "valid_fraction", "missing_call_ids")
    return {k: doc.get(k) for k in keep} | {"infra": [(f["call_id"], f["reason"]) for f in doc["infrastructure_failures"]]}
