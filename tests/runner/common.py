"""Shared pieces of the runner's tests: the CLI in a subprocess, the example answers as server replies,
and the comparison of two scores.json files call for call."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "fixtures" / "examples" / "answers.jsonl"


def cli(*args: str, env: dict | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    full = dict(os.environ, OPENAI_API_KEY="test-key", **(env or {}))
    return subprocess.run([sys.executable, "-m", "endless_exam.checker.cli", *args], capture_output=True,
                          text=True, env=full, timeout=timeout)


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
