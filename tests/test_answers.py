"""Reading ``answers.jsonl`` strictly (checker.answers; BENCHMARK.md sections 5 and 7, UPSTREAM_NOTES 3.2-3.3).

Errors in the envelope of a record are errors of the file, raised before anything is scored and naming
the line; a strictness violation (NaN, duplicate key, depth, over-long number) *inside the answer* keeps
the record and rejects its answer with the reason code.
"""
from __future__ import annotations

import json
import sys

import pytest

from endless_exam.certificates.strictjson import MAX_DEPTH
from endless_exam.checker import suites
from endless_exam.checker.answers import FIELDS, FINAL_FINISH, IGNORED_FIELDS, INFRASTRUCTURE, AnswerRecord, AnswersFileError, \
    parse_line, read

KNOWN = {i.call_id for i in suites.load("bench-v1")}
CID = "a3-capset-11"
CID2 = "a3-capset-0"
CID3 = "a3-capset-2"
UPSTREAM_INFRASTRUCTURE = {
    "transport_error", "network_error", "connection_error", "server_error", "quota", "rate_limit",
    "missing_usage", "incomplete_turn", "cli_error", "malformed_event", "collector_error",
    "verification_process_failed", "independent_verifier_disagreement",
}
BOOKKEEPING = {
    "scored": True, "retryable": False,
    "usage": {"input_tokens": 812, "output_tokens": 20411, "reasoning_tokens": 19000},
    "usage_complete": True, "response_model": "model-x-2026", "response_id": "resp_123",
    "service_tier": "default", "system_fingerprint": "fp_abc", "attempt": 2,
    "started_at": "2026-11-30T00:00:00Z", "completed_at": "2026-11-30T00:03:00Z", "seconds": 180.25,
}


@pytest.fixture
def answers(tmp_path):
    """Write lines (dicts are JSON-encoded, str/bytes written as given) and read them back."""
    def write(*lines, name="answers.jsonl") -> str:
        path = tmp_path / name
        chunks = []
        for line in lines:
            if isinstance(line, dict):
                line = json.dumps(line)
            if isinstance(line, str):
                line = line.encode("utf-8")
            chunks.append(line + b"\n")
        path.write_bytes(b"".join(chunks))
        return str(path)
    return write


def read_lines(answers, *lines) -> list[AnswerRecord]:
    return read(answers(*lines), KNOWN)


def one(text: str) -> AnswerRecord:
    return parse_line(text, 1)


def file_error(answers, *lines) -> str:
    with pytest.raises(AnswersFileError) as info:
        read_lines(answers, *lines)
    return str(info.value)


def nest(depth: int) -> str:
    return "[" * depth + "]" * depth


# =====================================================================================================
# the envelope
# =====================================================================================================

def test_constants_match_upstream():
    assert INFRASTRUCTURE == UPSTREAM_INFRASTRUCTURE
    assert {"stop", "length", "timeout", "refusal", "tool_violation"} <= FINAL_FINISH
    assert not (FINAL_FINISH & INFRASTRUCTURE)
    assert set(BOOKKEEPING) == IGNORED_FIELDS
    assert {"call_id", "answer", "content", "finish_reason", "output_tokens", "track",
            "submission_within_deadline", "error", "verify_msg"} | IGNORED_FIELDS == FIELDS


def test_minimal_record_and_defaults(answers):
    [rec] = read_lines(answers, {"call_id": CID, "answer": ["000000000"]})
    assert rec.line == 1 and rec.call_id == CID
    assert rec.has_answer and rec.answer_json == json.dumps(["000000000"]) and rec.answer_error is None
    assert rec.finish_reason == "stop"            # default when absent
    assert rec.output_tokens is None and rec.track is None and rec.submission_within_deadline is None
    assert rec.content is None and rec.error is None and rec.verify_msg is None
    assert rec.infrastructure_reason is None


def test_answer_is_reserialised_with_the_wrapper_kept(answers):
    value = {"answer": {"product": [["0", "1"], ["00", "11"]]}}
    [rec] = read_lines(answers, {"call_id": CID, "answer": value})
    assert json.loads(rec.answer_json) == value


def test_records_keep_file_order_and_line_numbers(answers):
    recs = read_lines(answers, {"call_id": CID3, "answer": []}, "", {"call_id": CID, "answer": []},
                      {"call_id": CID2, "finish_reason": "length"})
    assert [(r.line, r.call_id) for r in recs] == [(1, CID3), (3, CID), (4, CID2)]


def test_unknown_call_id_names_the_line(answers):
    msg = file_error(answers, {"call_id": CID, "answer": []}, {"call_id": "a3-capset-999", "answer": []})
    assert "line 2" in msg and "a3-capset-999" in msg and "unknown call id" in msg


def test_duplicate_call_id_names_both_lines(answers):
    msg = file_error(answers, {"call_id": CID, "answer": []}, {"call_id": CID2, "answer": []},
                     {"call_id": CID, "finish_reason": "length"})
    assert "duplicate call id" in msg and CID in msg
    assert "line 3" in msg and "line 1" in msg


@pytest.mark.parametrize("field", ["answers", "Answer", "reasoning", "model", "finishReason", "ratio"])
def test_unknown_top_level_field_is_an_error(answers, field):
    msg = file_error(answers, {"call_id": CID, "answer": []}, {"call_id": CID2, "answer": [], field: 1})
    assert "line 2" in msg and field in msg and "unknown field" in msg


@pytest.mark.parametrize("call_id", [None, "", 7, ["a3-capset-11"]])
def test_call_id_must_be_a_non_empty_string(answers, call_id):
    rec = {"answer": []} if call_id is None else {"call_id": call_id, "answer": []}
    assert "line 1" in file_error(answers, rec)


@pytest.mark.parametrize("finish", ["bogus", "STOP", "", "content_filter", "max_tokens", 1, True, ["stop"]])
def test_bad_finish_reason_is_an_error(answers, finish):
    msg = file_error(answers, {"call_id": CID, "answer": [], "finish_reason": finish})
    assert "line 1" in msg and "finish_reason" in msg


@pytest.mark.parametrize("finish", sorted(FINAL_FINISH | INFRASTRUCTURE))
def test_every_known_finish_reason_is_read(answers, finish):
    [rec] = read_lines(answers, {"call_id": CID, "finish_reason": finish, "answer": None})
    assert rec.finish_reason == finish
    assert (rec.infrastructure_reason == finish) is (finish in INFRASTRUCTURE)


@pytest.mark.parametrize("tokens", [True, False, -1, 1.0, 128000.0, "128000", [1], {"n": 1}])
def test_bad_output_tokens_is_an_error(answers, tokens):
    msg = file_error(answers, {"call_id": CID, "answer": [], "output_tokens": tokens})
    assert "line 1" in msg and "output_tokens" in msg


@pytest.mark.parametrize("tokens", [None, 0, 1, 128000, 128001, 10 ** 9])
def test_good_output_tokens(answers, tokens):
    [rec] = read_lines(answers, {"call_id": CID, "answer": [], "output_tokens": tokens})
    assert rec.output_tokens == tokens and (tokens is None or type(rec.output_tokens) is int)


@pytest.mark.parametrize("record", [
    {"call_id": CID},
    {"call_id": CID, "finish_reason": "stop"},
    {"call_id": CID, "finish_reason": "stop", "output_tokens": 10, "error": "some non-infrastructure note"},
    {"call_id": CID, "content": None},
])
def test_stop_record_without_answer_or_content_is_an_error(answers, record):
    msg = file_error(answers, {"call_id": CID2, "answer": []}, record)
    assert "line 2" in msg and "'stop'" in msg


@pytest.mark.parametrize("record", [
    {"call_id": CID, "finish_reason": "length"},
    {"call_id": CID, "finish_reason": "refusal", "output_tokens": 3},
    {"call_id": CID, "error": "transport_error"},
    {"call_id": CID, "finish_reason": "rate_limit"},
    {"call_id": CID, "verify_msg": "verification_process_failed"},
    {"call_id": CID, "content": ""},
])
def test_records_that_need_no_answer(answers, record):
    [rec] = read_lines(answers, record)
    assert rec.has_answer is False and rec.answer_json is None


def test_answer_null_is_allowed_and_kept_as_null(answers):
    [rec] = read_lines(answers, '{"call_id": "a3-capset-11", "answer": null}')
    assert rec.has_answer is True and rec.answer_json == "null" and rec.answer_error is None


def test_content_only_record(answers):
    text = 'My answer:\n```json\n{"answer": ["000000000"]}\n```'
    [rec] = read_lines(answers, {"call_id": CID, "content": text})
    assert rec.has_answer is False and rec.content == text and rec.answer_json is None


def test_answer_and_content_both_given_keeps_both(answers):
    [rec] = read_lines(answers, {"call_id": CID, "answer": [1], "content": "raw text"})
    assert rec.has_answer and rec.answer_json == "[1]" and rec.content == "raw text"


@pytest.mark.parametrize("field, value", [
    ("track", "tool_free"), ("track", "tools"), ("track", 1),
    ("submission_within_deadline", "true"), ("submission_within_deadline", 1), ("submission_within_deadline", 0),
    ("error", 5), ("error", {"code": "quota"}), ("verify_msg", ["x"]), ("content", 3), ("content", ["a"]),
])
def test_mistyped_optional_fields_are_errors(answers, field, value):
    msg = file_error(answers, {"call_id": CID, "answer": [], field: value})
    assert "line 1" in msg and field in msg


def test_optional_fields_are_read(answers):
    [rec] = read_lines(answers, {"call_id": CID, "answer": [], "track": "tool-assisted",
                                 "submission_within_deadline": False, "error": None, "verify_msg": None,
                                 "finish_reason": "timeout", "output_tokens": 250000})
    assert rec.track == "tool-assisted" and rec.submission_within_deadline is False
    assert rec.finish_reason == "timeout" and rec.output_tokens == 250000


@pytest.mark.parametrize("field", ["error", "finish_reason", "verify_msg"])
@pytest.mark.parametrize("reason", sorted(UPSTREAM_INFRASTRUCTURE))
def test_infrastructure_reason_from_any_of_the_three_fields(reason, field):
    rec = one(json.dumps({"call_id": CID, field: reason}))
    assert rec.infrastructure_reason == reason


def test_non_infrastructure_error_string_is_not_infrastructure():
    rec = one(json.dumps({"call_id": CID, "answer": [], "error": "model said something odd"}))
    assert rec.infrastructure_reason is None


def test_upstream_bookkeeping_fields_are_accepted_and_ignored(answers):
    base = {"call_id": CID, "answer": ["000000000"], "finish_reason": "stop", "output_tokens": 20411,
            "content": "```json\n{\"answer\": [\"000000000\"]}\n```"}
    [plain] = read_lines(answers, base)
    [rich] = read_lines(answers, {**base, **BOOKKEEPING})
    assert rich == plain


@pytest.mark.parametrize("field", sorted(IGNORED_FIELDS))
def test_each_bookkeeping_field_accepts_null(field):
    rec = one(json.dumps({"call_id": CID, "answer": [], field: None}))
    assert rec.call_id == CID


# =====================================================================================================
# strictness: inside the answer -> the answer is rejected; outside -> the file is in error
# =====================================================================================================

@pytest.mark.parametrize("answer, reason", [
    ("[NaN]", "JSON_NONFINITE"),
    ("[1, Infinity]", "JSON_NONFINITE"),
    ("{\"x\": -Infinity}", "JSON_NONFINITE"),
    ("[1e999]", "JSON_NONFINITE"),
    ("{\"a\": 1, \"a\": 2}", "JSON_DUPLICATE_KEY"),
    ("[{\"p\": [1]}, {\"q\": 1, \"q\": 1}]", "JSON_DUPLICATE_KEY"),
    ("{\"answer\": [1], \"answer\": [2]}", "JSON_DUPLICATE_KEY"),   # a wrapper that repeats its key
    (nest(40), "JSON_DEPTH"),
    ("[" + "1" * 1500 + "]", "JSON_NUMBER"),
])
def test_violation_inside_the_answer_keeps_the_record(answers, answer, reason):
    line = '{"call_id": "a3-capset-11", "answer": ' + answer + ', "output_tokens": 7}'
    recs = read_lines(answers, {"call_id": CID2, "answer": []}, line, {"call_id": CID3, "answer": []})
    rec = recs[1]
    assert (rec.line, rec.call_id) == (2, CID)
    assert rec.has_answer and rec.answer_json is None
    assert rec.answer_error is not None and rec.answer_error[0] == reason
    assert rec.output_tokens == 7 and rec.finish_reason == "stop"     # the envelope is still read
    assert recs[0].answer_error is None and recs[2].answer_error is None


def test_violation_inside_the_answer_with_a_non_stop_finish_is_kept():
    rec = one('{"call_id": "a3-capset-11", "finish_reason": "length", "answer": [NaN]}')
    assert rec.finish_reason == "length" and rec.answer_error[0] == "JSON_NONFINITE"


def test_nesting_far_beyond_the_recursion_limit_inside_the_answer_rejects_only_the_answer(answers):
    """An answer nested deeper than Python's recursion limit is still only the answer's problem
    (JSON_DEPTH); it must not make the whole answers file unreadable."""
    depth = sys.getrecursionlimit() * 5
    line = '{"call_id": "a3-capset-11", "answer": ' + nest(depth) + '}'
    recs = read_lines(answers, line, {"call_id": CID2, "answer": []})
    assert recs[0].answer_error is not None and recs[0].answer_error[0] == "JSON_DEPTH"


def test_integer_beyond_pythons_digit_limit_inside_the_answer_rejects_only_the_answer(answers):
    """A 5,000-digit integer literal exceeds both the strict 1,000-digit limit and Python's default
    int/str conversion limit (4,300 digits): the answer is rejected with JSON_NUMBER, the file is fine."""
    line = '{"call_id": "a3-capset-11", "answer": [' + "7" * 5000 + ']}'
    recs = read_lines(answers, line, {"call_id": CID2, "answer": []})
    assert recs[0].answer_error is not None and recs[0].answer_error[0] == "JSON_NUMBER"


def test_answer_at_exactly_the_depth_limit_is_not_rejected(answers):
    """The depth limit applies to the answer: an answer nested exactly MAX_DEPTH levels is within it, as it
    is when the same answer comes as raw ``content`` or as a file to ``verify``; the record envelope
    around it must not count as one more level."""
    line = '{"call_id": "a3-capset-11", "answer": ' + nest(MAX_DEPTH) + '}'
    [rec] = read_lines(answers, line)
    assert rec.answer_error is None
    assert rec.answer_json == nest(MAX_DEPTH)
    [over] = read_lines(answers, '{"call_id": "a3-capset-11", "answer": ' + nest(MAX_DEPTH + 1) + '}')
    assert over.answer_error is not None and over.answer_error[0] == "JSON_DEPTH"


@pytest.mark.parametrize("line", [
    '{"call_id": "a3-capset-11", "call_id": "a3-capset-0", "answer": []}',
    '{"call_id": "a3-capset-11", "answer": [1], "answer": [2]}',
    '{"call_id": "a3-capset-11", "answer": [], "finish_reason": "stop", "finish_reason": "length"}',
    '{"call_id": "a3-capset-11", "answer": {"a": 1, "a": 2}, "output_tokens": 1, "output_tokens": 2}',
])
def test_duplicated_top_level_key_is_an_error(answers, line):
    msg = file_error(answers, {"call_id": CID3, "answer": []}, line)
    assert "line 2" in msg


@pytest.mark.parametrize("line", [
    '{"call_id": "a3-capset-11", "answer": [], "output_tokens": NaN}',
    '{"call_id": "a3-capset-11", "answer": [], "seconds": NaN}',
    '{"call_id": "a3-capset-11", "answer": [], "seconds": Infinity}',
    '{"call_id": "a3-capset-11", "answer": [], "usage": {"output_tokens": NaN}}',
    '{"call_id": "a3-capset-11", "answer": [NaN], "seconds": NaN}',
    '{"call_id": "a3-capset-11", "content": "text", "attempt": -Infinity}',
    '{"call_id": "a3-capset-11", "finish_reason": "length", "seconds": NaN}',
])
def test_nan_outside_the_answer_is_an_error(answers, line):
    msg = file_error(answers, {"call_id": CID3, "answer": []}, line)
    assert "line 2" in msg


def test_duplicate_key_nested_in_the_envelope_is_an_error_not_the_answers(answers):
    """A key repeated inside a bookkeeping object (outside the answer) is a fault of the record, like NaN
    outside the answer; it must not be blamed on a perfectly good answer (which would score zero)."""
    line = ('{"call_id": "a3-capset-11", "answer": ["000000000"], '
            '"usage": {"output_tokens": 5, "output_tokens": 6}}')
    msg = file_error(answers, line)
    assert "line 1" in msg


@pytest.mark.parametrize("line", ["[]", "\"a3-capset-11\"", "1", "null", "true",
                                  "{\"call_id\": \"a3-capset-11\", \"answer\": [1]",        # torn line
                                  "{\"call_id\": \"a3-capset-11\", \"answer\": [1]} {}",   # two values
                                  "{'call_id': 'a3-capset-11'}", "call_id=a3-capset-11"])
def test_line_that_is_not_one_json_object_is_an_error(answers, line):
    msg = file_error(answers, {"call_id": CID3, "answer": []}, line)
    assert "line 2" in msg


def test_blank_lines_are_ignored(answers):
    path = answers("", "   ", "\t", {"call_id": CID, "answer": []}, "", " \t ", {"call_id": CID2, "answer": []}, "")
    recs = read(path, KNOWN)
    assert [(r.line, r.call_id) for r in recs] == [(4, CID), (7, CID2)]


def test_empty_file_gives_no_records(answers):
    assert read(answers(), KNOWN) == []


def test_crlf_line_endings_are_read(tmp_path):
    path = tmp_path / "answers.jsonl"
    path.write_bytes(b'{"call_id": "a3-capset-11", "answer": []}\r\n\r\n{"call_id": "a3-capset-0", "answer": null}\r\n')
    assert [r.call_id for r in read(str(path), KNOWN)] == [CID, CID2]


def test_unicode_in_content_is_read(answers):
    text = "Réponse — ответ ✓ ```json\n[\"000000000\"]\n```"
    [rec] = read_lines(answers, json.dumps({"call_id": CID, "content": text}, ensure_ascii=False))
    assert rec.content == text


@pytest.mark.parametrize("data", [
    b'{"call_id": "a3-capset-11", "content": "caf\xe9"}\n',                     # latin-1 byte
    b'{"call_id": "a3-capset-0", "answer": []}\n{"call_id": "a3-capset-11", "content": "\xff\xfe"}\n',
    "\ufeff".encode("utf-16") + b'{"call_id": "a3-capset-11", "answer": []}\n',
])
def test_non_utf8_file_is_an_error(tmp_path, data):
    path = tmp_path / "answers.jsonl"
    path.write_bytes(data)
    with pytest.raises(AnswersFileError, match="UTF-8"):
        read(str(path), KNOWN)


def test_unreadable_path_is_an_error(tmp_path):
    with pytest.raises(AnswersFileError, match="cannot read"):
        read(str(tmp_path / "nope.jsonl"), KNOWN)
    with pytest.raises(AnswersFileError):
        read(str(tmp_path), KNOWN)           # a directory


def test_first_error_wins_and_names_its_line(answers):
    msg = file_error(answers, {"call_id": CID, "answer": []}, {"call_id": CID2, "answer": [], "bogus": 1},
                     {"call_id": "nope", "answer": []})
    assert "line 2" in msg and "bogus" in msg


def test_parse_line_reports_the_given_line_number():
    with pytest.raises(AnswersFileError, match="line 17"):
        parse_line('{"call_id": "x", "finish_reason": "nope"}', 17)
    assert parse_line('{"call_id": "x", "answer": 1}', 17).line == 17

