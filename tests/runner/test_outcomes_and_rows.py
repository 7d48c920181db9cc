"""The outcome mapping and the answers rows, without running a model (fast)."""
from __future__ import annotations

import json

import pytest

from endless_exam.checker.scoring.answers import parse_line
from endless_exam.checker.runner import answers_out
from endless_exam.checker.runner.outcomes import classify_error, classify_output

inspect_ai = pytest.importorskip("inspect_ai")
from inspect_ai.model import ContentText, ModelOutput  # noqa: E402


def _out(text="x", stop="stop"):
    return ModelOutput.from_content("m", text, stop_reason=stop)


@pytest.mark.parametrize("stop, finish, infra", [
    ("stop", "stop", False), ("max_tokens", "length", False), ("model_length", "length", False),
    ("content_filter", "refusal", False), ("tool_calls", "tool_violation", False),
    ("unknown", "incomplete_turn", True),
])
def test_stop_reasons_map_to_upstreams_outcome_classes(stop, finish, infra):
    got = classify_output(_out(stop=stop))
    assert (got.finish_reason, got.infrastructure) == (finish, infra)
    assert got.error == (finish if infra else None)


def test_a_refusal_block_a_tool_call_and_an_empty_response_are_recognised():
    refusal = _out()
    refusal.choices[0].message.content = [ContentText(text="no", refusal=True)]
    assert classify_output(refusal).finish_reason == "refusal"
    tool = ModelOutput.for_tool_call("m", "bash", {"command": "ls"})
    assert classify_output(tool).finish_reason == "tool_violation"
    assert classify_output(tool, "tool-assisted").finish_reason == "stop"   # tools are the point there
    empty = _out()
    empty.choices = []
    assert classify_output(empty).finish_reason == "malformed_event"


def test_exceptions_after_retries_are_infrastructure_with_their_reason():
    import httpx
    import openai
    from tenacity import Future, RetryError

    req = httpx.Request("POST", "http://127.0.0.1/v1/chat/completions")

    def status(code, body=None):
        return openai.APIStatusError("boom", response=httpx.Response(code, request=req), body=body)

    def wrapped(exc):                     # what inspect raises once its retries are used up
        fut = Future(1)
        fut.set_exception(exc)
        return RetryError(fut)

    assert classify_error(wrapped(status(500))).finish_reason == "server_error"
    assert classify_error(openai.RateLimitError("slow", response=httpx.Response(429, request=req), body=None)).finish_reason == "rate_limit"
    assert classify_error(openai.RateLimitError("q", response=httpx.Response(429, request=req),
                                                body={"code": "insufficient_quota"})).finish_reason == "quota"
    assert classify_error(openai.APIConnectionError(request=req)).finish_reason == "transport_error"
    assert classify_error(status(400)).finish_reason == "collector_error"
    assert classify_error(json.JSONDecodeError("x", "", 0)).finish_reason == "malformed_event"
    assert all(classify_error(e).infrastructure for e in (status(500), status(400), RuntimeError("?")))


def test_the_answer_file_is_kept_verbatim_when_strict_json_else_read_as_text():
    fields, raw = answers_out.answer_file_fields(b'{"answer":\n [1, 2,\r\n 100000000000000000000000000001]}\n')
    assert fields == {} and raw == b'{"answer":  [1, 2,   100000000000000000000000000001]} '
    line = answers_out.line({"call_id": "a3-lineq-4", "finish_reason": "stop"}, raw)
    rec = parse_line(line, 1)                             # the scorer frames it, the bytes unchanged
    start, end = rec.answer_span
    assert line[start:end] == raw.strip()
    # a raw line break inside a string is not JSON: it must not become valid by the replacement
    fields, raw = answers_out.answer_file_fields(b'{"answer": ["00\n01"]}')
    assert raw is None and fields == {"content": '{"answer": ["00\n01"]}'}
    fields, raw = answers_out.answer_file_fields(b"```json\n{\"answer\": [1]}\n```")
    assert raw is None and "content" in fields
    assert answers_out.answer_file_fields(None) == ({"answer": None}, None)
    fields, raw = answers_out.answer_file_fields(None, size=(32 << 20) + 1)
    assert raw is None and fields["answer"] is None and "32 MiB" in fields["verify_msg"]
    fields, raw = answers_out.answer_file_fields(b"[1]", size=32 << 20)   # exactly 32 MiB is allowed
    assert raw == b"[1]"


def test_a_torn_last_line_is_cut_and_the_newest_row_per_key_wins(tmp_path):
    path = tmp_path / "answers.jsonl"
    rows = [{"call_id": "a", "finish_reason": "server_error", "error": "server_error"},
            {"call_id": "b", "content": "x", "finish_reason": "stop"},
            {"call_id": "a", "content": "y", "finish_reason": "stop"},
            {"call_id": "a", "sample": 1, "finish_reason": "rate_limit", "error": "rate_limit"}]
    path.write_bytes(b"".join(answers_out.line(r) for r in rows) + b'{"call_id": "c", "cont')
    notes = []
    got = answers_out.read(str(path), notes.append)
    assert notes and path.read_bytes().endswith(b"\n")
    assert set(got) == {("a", 0), ("b", 0), ("a", 1)}
    assert got[("a", 0)][0]["content"] == "y"
    assert [answers_out.is_done(got[k][0]) for k in (("a", 0), ("b", 0), ("a", 1))] == [True, True, False]
    answers_out.compact(str(path), got, [("b", 0), ("a", 0), ("a", 1), ("z", 0)])
    assert [json.loads(x)["call_id"] for x in path.read_text().splitlines()] == ["b", "a", "a"]
    path.write_text("not json\n")
    with pytest.raises(ValueError, match="line 1"):
        answers_out.read(str(path))
