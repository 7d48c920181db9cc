"""Kill ``endless-exam run`` midway (SIGKILL) and run it again: the final scores.json equals the one of an
uninterrupted run (``score`` on the same answers), call for call, and only the lost sample is asked again."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

pytest.importorskip("inspect_ai")

from .common import example_records, per_call, prompt_of, reply_of, summary_of  # noqa: E402
from .fake_openai import FakeOpenAI  # noqa: E402


def test_killed_midway_then_resumed_gives_the_uninterrupted_scores(tmp_path, examples_scored):
    records = example_records()
    calls = [r["call_id"] for r in records]
    stuck = calls[1]
    script = {prompt_of(r["call_id"]): [reply_of(r)] for r in records}
    script[prompt_of(stuck)] = [("hang", 120)]
    run_dir = tmp_path / "R"
    args = [sys.executable, "-m", "endless_exam.checker.cli", "run", "--model", "openai/fake-model",
            "--output", str(run_dir), "--display", "none", "-M", "max_retries=0", "-M", "responses_api=false",
            "--only", *calls]
    env = dict(os.environ, OPENAI_API_KEY="test-key")
    with FakeOpenAI(script) as server:
        proc = subprocess.Popen([*args, "--model-base-url", server.base_url], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        try:
            answers = run_dir / "answers.jsonl"
            deadline = time.monotonic() + 240
            while time.monotonic() < deadline:
                if answers.exists() and answers.read_bytes().count(b"\n") >= len(calls) - 1:
                    break
                assert proc.poll() is None, proc.communicate()
                time.sleep(0.2)
            else:
                pytest.fail("the run did not collect the other samples in time")
            assert server.count(prompt_of(stuck)) == 1
            proc.send_signal(signal.SIGKILL)                 # midway: one sample in flight, nothing scored
            proc.communicate(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
        assert not (run_dir / "scores.json").exists()
        kept = [json.loads(x)["call_id"] for x in answers.read_text().splitlines()]
        assert sorted(kept) == sorted(c for c in calls if c != stuck)

        server.script[prompt_of(stuck)] = [reply_of(records[1])]
        before = {c: server.count(prompt_of(c)) for c in calls}
        res = subprocess.run([*args, "--model-base-url", server.base_url], env=env, capture_output=True, text=True,
                             timeout=300)
        assert res.returncode == 0, res.stdout + res.stderr
        asked = {c: server.count(prompt_of(c)) - before[c] for c in calls}
    assert asked == {c: int(c == stuck) for c in calls}            # only the lost sample was asked again
    direct = examples_scored      # score on the example answers (the fixture asserts its exit code 0)
    assert per_call(run_dir / "scores.json") == per_call(direct)
    assert summary_of(run_dir / "scores.json") == summary_of(direct)
