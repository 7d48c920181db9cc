"""``endless-exam run`` through inspect's real OpenAI provider against a fake server on 127.0.0.1 (no network).

The command runs in this process (``common.cli_here``: ``checker.cli.main`` with the same arguments; the
resuming run of the failures test is a process of its own), and inspect's backoff between retries is a
hundredth of its default (``_fast_backoff``): the same requests, the same retries, the same outcomes,
without a new process and inspect's import (seconds) per command nor seconds of sleep per retry.
``test_resume`` runs ``endless-exam run`` against this server as processes of their own.
"""
from __future__ import annotations

import gc
import json

import pytest

pytest.importorskip("inspect_ai")

from .common import (INSPECT_IN_PROCESS, cli, cli_here, example_records, per_call, prompt_of, reply_of,  # noqa: E402
                     summary_of)
from .fake_openai import FakeOpenAI  # noqa: E402

pytestmark = INSPECT_IN_PROCESS

FAST = ["-M", "max_retries=0", "-M", "responses_api=false", "--max-retries", "2", "--display", "none"]   # the SDK's own retries off; Chat Completions


@pytest.fixture(autouse=True)
def _fast_backoff(monkeypatch):
    """inspect's wait before a retry (``ModelAPI.retry_wait``, the hook through which a provider chooses it;
    the OpenAI provider keeps inspect's default, ``wait_exponential_jitter(initial=3, max=1800, jitter=3)``:
    3 to 6 s, then 6 to 9 s) with the same shape a hundred times shorter. Only the wait changes: how often
    a request is retried is still ``--max-retries``'s (inspect's stop condition, untouched)."""
    from inspect_ai.model import ModelAPI
    from tenacity import wait_exponential_jitter

    monkeypatch.setattr(ModelAPI, "retry_wait",
                        lambda self: wait_exponential_jitter(multiplier=0.03, max=18, jitter=0.03))
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    yield
    gc.collect()      # the memory streams inspect leaves to the collector go now, under this module's marks


def _run(server, out, *extra, only=None, here=True):
    """``run`` in this process (``here``) or as a process of its own (``common.cli``)."""
    args = ["run", "--model", "openai/fake-model", "--model-base-url", server.base_url, "--output", str(out), *FAST]
    if only:
        args += ["--only", *only]
    return (cli_here if here else cli)(*args, *extra)


def test_the_example_answers_served_by_a_model_reproduce_score_call_for_call(tmp_path, examples_scored):
    records = example_records()
    script = {prompt_of(r["call_id"]): [reply_of(r)] for r in records}
    calls = [r["call_id"] for r in records]
    with FakeOpenAI(script) as server:
        res = _run(server, tmp_path / "R", only=calls)
    assert res.returncode == 0, res.stderr
    ref = cli("score", str(tmp_path / ".." / tmp_path.name / "R" / "answers.jsonl"), "--output",
              str(tmp_path / "again.json"), "--allow-partial")
    direct = examples_scored      # score on the example answers (the fixture asserts its exit code 0)
    assert ref.returncode == 0, ref.stderr
    got, want = per_call(tmp_path / "R" / "scores.json"), per_call(direct)
    assert set(got) == set(want) == {(c, 0) for c in calls}
    assert got == want
    assert summary_of(tmp_path / "R" / "scores.json") == summary_of(direct)
    assert per_call(tmp_path / "again.json") == got       # the run's answers.jsonl scores the same with score
    rows = [json.loads(x) for x in (tmp_path / "R" / "answers.jsonl").read_text().splitlines()]
    assert [r["call_id"] for r in rows] == sorted(calls, key=calls.index) or len(rows) == len(calls)
    assert all(r["output_tokens"] == 20 and r["usage"]["input_tokens"] == 10 for r in rows)


def test_failures_are_retried_or_missing_then_collected_on_resume_and_outcomes_are_mapped(tmp_path):
    ok = ("ok", '{"answer": [1, 2, 3, 4, 5]}', "stop", {"prompt_tokens": 5, "completion_tokens": 9,
                                                         "reasoning_tokens": 7})
    lineq, schur, capset, apfree, corners = "a3-lineq-4", "a3-schur-1", "a3-capset-11", "a3-apfree_q-6", "a3-corners-0"
    schur_ok = [r for r in example_records() if r["call_id"] == schur][0]
    script = {
        prompt_of(lineq): [("status", 429), ("status", 500), ok],          # retried by inspect, then scored
        prompt_of(schur): [("status", 500)],                                # keeps failing: missing
        prompt_of(capset): [("ok", "I cannot help with that.", "content_filter", {"prompt_tokens": 1, "completion_tokens": 2})],
        prompt_of(apfree): [("ok", '{"answer": [', "length", {"prompt_tokens": 1, "completion_tokens": 2})],
        prompt_of(corners): [("tool_call",)],
    }
    calls = [lineq, schur, capset, apfree, corners]
    with FakeOpenAI(script) as server:
        first = _run(server, tmp_path / "R", only=calls)
        assert first.returncode == 2, first.stdout + first.stderr          # a sample is missing
        assert "missing" in first.stderr and schur in first.stderr
        assert server.count(prompt_of(lineq)) == 3 and server.count(prompt_of(schur)) == 3   # 1 + 2 retries
        doc = json.loads((tmp_path / "R" / "scores.json").read_text())
        assert [(f["call_id"], f["reason"]) for f in doc["infrastructure_failures"]] == [(schur, "server_error")]
        assert schur in doc["missing_call_ids"]
        rows = {r["call_id"]: r for r in doc["calls_scored"]}
        assert rows[lineq]["status"] == "ACCEPT" and rows[lineq]["objective"] == "5"
        assert rows[schur]["outcome"] == "missing" and rows[schur]["ratio"] is None    # never a zero
        assert rows[capset]["reason"] == "finish_reason:refusal"
        assert rows[apfree]["reason"] == "finish_reason:length"
        assert rows[corners]["reason"] == "finish_reason:tool_violation"
        answers = {json.loads(x)["call_id"]: json.loads(x) for x in (tmp_path / "R" / "answers.jsonl").read_text().splitlines()}
        assert answers[lineq]["output_tokens"] == 9 and answers[lineq]["usage"]["reasoning_tokens"] == 7
        assert answers[schur]["error"] == "server_error" and "content" not in answers[schur]

        server.script[prompt_of(schur)] = [reply_of(schur_ok)]            # the service recovers
        before = {c: server.count(prompt_of(c)) for c in calls}
        # the same command again as a process of its own, as a user runs it: it resumes from what the first
        # left on disk (and inspect's client of the first run is not reused in another event loop)
        second = _run(server, tmp_path / "R", only=calls, here=False)
        assert second.returncode == 0, second.stdout + second.stderr
        after = {c: server.count(prompt_of(c)) for c in calls}
    assert {c: after[c] - before[c] for c in calls} == {lineq: 0, schur: 1, capset: 0, apfree: 0, corners: 0}
    doc = json.loads((tmp_path / "R" / "scores.json").read_text())
    assert doc["infrastructure_failures"] == [] and not set(calls) & set(doc["missing_call_ids"])
    assert {r["call_id"]: r["status"] for r in doc["calls_scored"]}[schur] == "ACCEPT"


def test_a_truncated_body_and_a_garbage_body_are_infrastructure_never_zero(tmp_path):
    lineq, schur = "a3-lineq-4", "a3-schur-1"
    script = {prompt_of(lineq): [("truncated",)], prompt_of(schur): [("garbage",)]}
    with FakeOpenAI(script) as server:
        res = _run(server, tmp_path / "R", "--max-retries", "0", only=[lineq, schur])
    assert res.returncode == 2, res.stdout + res.stderr
    doc = json.loads((tmp_path / "R" / "scores.json").read_text())
    reasons = dict((f["call_id"], f["reason"]) for f in doc["infrastructure_failures"])
    assert set(reasons) == {lineq, schur}
    assert reasons[lineq] == "transport_error"
    assert reasons[schur] in ("malformed_event", "transport_error")
    assert all(r["outcome"] == "missing" for r in doc["calls_scored"])


def test_the_responses_api_maps_completed_incomplete_and_usage(tmp_path):
    ok = ("ok", '{"answer": [1, 2, 3, 4, 5]}', "stop", {"prompt_tokens": 4, "completion_tokens": 30,
                                                         "reasoning_tokens": 25})
    lineq, schur, capset = "a3-lineq-4", "a3-schur-1", "a3-capset-11"
    script = {prompt_of(lineq): [("status", 500), ok],
              prompt_of(schur): [("ok", '{"answer": [0, 1', "length", {"prompt_tokens": 1, "completion_tokens": 2})],
              prompt_of(capset): [("ok", "", "content_filter", {"prompt_tokens": 1, "completion_tokens": 0})]}
    with FakeOpenAI(script) as server:       # inspect's OpenAI provider on the Responses API
        res = cli_here("run", "--model", "openai/fake-model", "--model-base-url", server.base_url, "--output",
                       str(tmp_path / "R"), "-M", "max_retries=0", "-M", "responses_api=true", "--max-retries", "1",
                       "--display", "none", "--only", lineq, schur, capset)
    assert res.returncode == 0, res.stdout + res.stderr
    rows = {k[0]: v for k, v in per_call(tmp_path / "R" / "scores.json").items()}
    assert rows[lineq][1] == "ACCEPT" and rows[lineq][3] == "5"
    assert rows[schur][1:3] == ("ZERO", "finish_reason:length")
    assert rows[capset][1:3] == ("ZERO", "finish_reason:refusal")
    answers = {json.loads(x)["call_id"]: json.loads(x) for x in (tmp_path / "R" / "answers.jsonl").read_text().splitlines()}
    assert answers[lineq]["output_tokens"] == 30 and answers[lineq]["usage"]["reasoning_tokens"] == 25
