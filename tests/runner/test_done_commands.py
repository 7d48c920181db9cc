"""The issue's two commands with inspect's plain ``mockllm/model``, as a user types them.

Offline, one thing stands in the way of ``inspect eval`` that is not ours: inspect's mockllm counts the
tokens of its default output with tiktoken's ``o200k_base`` encoding, which tiktoken downloads on first use.
That subprocess gets a ``sitecustomize`` (on ``PYTHONPATH``) that gives tiktoken a stand-in encoding (one
token per whitespace-separated word) instead of the download; nothing else is replaced, and the verifier
processes (started with ``python -I``) never see it. ``endless-exam run`` runs as it is: it gives mockllm its
default reply with the usage stated (``cli_run._offline_mock``).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("inspect_ai")

from .common import per_call  # noqa: E402

STAND_IN = '''
import tiktoken

class _Words:
    def encode(self, text, **kwargs):
        return text.split()

tiktoken.get_encoding = lambda name: _Words()
'''


def _env(tmp_path: Path) -> dict:
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(STAND_IN)
    return dict(os.environ, PYTHONPATH=str(site))


def test_inspect_eval_and_endless_exam_run_with_mockllm_finish_and_score_as_score_does(tmp_path):
    env = _env(tmp_path)
    bindir = Path(sys.executable).parent
    inspect_cli = bindir / "inspect"
    if not inspect_cli.exists():
        pytest.skip(f"inspect's command is not installed beside {sys.executable}")
    res = subprocess.run([str(inspect_cli), "eval", "endless_exam/bench_v1", "--model", "mockllm/model", "--limit", "3",
                          "--log-dir", str(tmp_path / "logs"), "--display", "none"], env=env, capture_output=True,
                         text=True, timeout=600, cwd=tmp_path)
    assert res.returncode == 0, res.stdout + res.stderr
    from inspect_ai.log import list_eval_logs, read_eval_log

    logs = [read_eval_log(info) for info in list_eval_logs(str(tmp_path / "logs"))]
    assert len(logs) == 1 and logs[0].status == "success" and len(logs[0].samples) == 3
    assert all(s.scores["endless_exam_scorer"].answer == "REJECT" for s in logs[0].samples)   # no JSON in the reply

    out = tmp_path / "R"
    # endless-exam run needs no stand-in: it states mockllm's usage itself (no tokenizer download)
    res = subprocess.run([sys.executable, "-m", "endless_exam.checker.cli", "run", "--model", "mockllm/model",
                          "--limit", "3", "--output", str(out), "--display", "none"], capture_output=True,
                         text=True, timeout=600)
    assert res.returncode == 0, res.stdout + res.stderr
    rows = [json.loads(x) for x in (out / "answers.jsonl").read_text().splitlines()]
    assert len(rows) == 3 and all(r["content"] == "Default output from mockllm/model" for r in rows)
    again = subprocess.run([sys.executable, "-m", "endless_exam.checker.cli", "score", str(out / "answers.jsonl"),
                            "--output", str(tmp_path / "s.json"), "--allow-partial"], capture_output=True, text=True,
                           timeout=600)
    assert again.returncode == 0, again.stderr
    assert per_call(out / "scores.json") == per_call(tmp_path / "s.json")
    assert len(per_call(tmp_path / "s.json")) == 3
