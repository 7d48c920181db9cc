"""Reading ``answers.jsonl`` strictly (checker.scoring.answers; docs/SPECIFICATION.md sections 5 and 7, UPSTREAM_NOTES 3.2-3.3).

Errors in the envelope of a record are errors of the file, raised before anything is scored and naming
the line. The scorer only frames ``answer`` and ``content``: their raw bytes go to the verifier
processes, which parse them strictly (``certificates.worker.decode_answer``), so a strictness violation
(NaN, duplicate key, depth, over-long number) *inside the answer* keeps the record and rejects its
answer with the reason code. Tests below read the raw value back and decode it as a worker does.
"""
from __future__ import annotations

import json
import sys

import pytest

from endless_exam.certificates.errors import AnswerError
from endless_exam.certificates.strictjson import MAX_DEPTH
from endless_exam.certificates.worker import decode_answer
from endless_exam.checker.suites import instances as suites
from endless_exam.checker.scoring.answers import FIELDS, FINAL_FINISH, IGNORED_FIELDS, INFRASTRUCTURE, AnswerRecord, AnswersFileError, \
    AnswersSource, parse_line, read

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


def read_values(answers, *lines) -> list[tuple[AnswerRecord, bytes | None, bytes | None]]:
    """Records with the raw bytes of their ``answer`` and ``content`` values, read back as ``score`` does."""
    with AnswersSource(answers(*lines)) as source:
        recs = source.scan(KNOWN)
        return [(r, None if r.answer_span is None else source.read_value(r, r.answer_span),
                 None if r.content_span is None else source.read_value(r, r.content_span)) for r in recs]


def worker_reason(payload: bytes, kind: str = "json") -> str | None:
    """The reason code a verifier process gives when it decodes the payload (None: it decodes)."""
    try:
        decode_answer(kind, payload)
    except AnswerError as exc:
        return exc.reason
    return None


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
    # upstream's fields, and ours: "sample" (several responses per call)
    assert {"call_id", "answer", "content", "finish_reason", "output_tokens", "track",
            "submission_within_deadline", "error", "verify_msg"} | IGNORED_FIELDS | {"sample"} == FIELDS


def test_minimal_record_and_defaults(answers):
    [(rec, answer, content)] = read_values(answers, {"call_id": CID, "answer": ["000000000"]})
    assert rec.line == 1 and rec.call_id == CID
    assert rec.has_answer and answer == json.dumps(["000000000"]).encode() and rec.size_error() is None
    assert rec.finish_reason == "stop"            # default when absent
    assert rec.output_tokens is None and rec.track is None and rec.submission_within_deadline is None
    assert content is None and not rec.has_content and rec.error is None and rec.verify_msg is None
    assert rec.infrastructure_reason is None


def test_answer_bytes_are_kept_raw_with_the_wrapper(answers):
    value = {"answer": {"product": [["0", "1"], ["00", "11"]]}}
    [(rec, answer, _)] = read_values(answers, {"call_id": CID, "answer": value})
    assert answer == json.dumps(value).encode() and json.loads(answer) == value


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


@pytest.mark.parametrize("field", ["answers", "Answer", "finishReason", "call-id", "Output_Tokens"])
def test_a_misspelt_top_level_field_is_an_error(answers, field):
    """Other unknown fields (``model``) are ignored with a warning: tests/scoring/test_ignored_fields.py."""
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
    assert rec.has_answer is False and rec.answer_span is None


def test_answer_null_is_allowed_and_kept_as_null(answers):
    [(rec, answer, _)] = read_values(answers, '{"call_id": "a3-capset-11", "answer": null}')
    assert rec.has_answer is True and answer == b"null" and rec.size_error() is None
    assert worker_reason(answer) == "NO_ANSWER"


def test_content_only_record(answers):
    text = 'My answer:\n```json\n{"answer": ["000000000"]}\n```'
    [(rec, answer, content)] = read_values(answers, {"call_id": CID, "content": text})
    assert rec.has_answer is False and answer is None and json.loads(content) == text
    assert rec.payload_span() == ("content", rec.content_span)
    assert decode_answer("jsonl_content", content) == ["000000000"]


def test_answer_and_content_both_given_keeps_both(answers):
    [(rec, answer, content)] = read_values(answers, {"call_id": CID, "answer": [1], "content": "raw text"})
    assert rec.has_answer and answer == b"[1]" and content == b'"raw text"'
    assert rec.payload_span() == ("answer", rec.answer_span)      # the answer is what gets verified


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
    [(plain, pa, pc)] = read_values(answers, base)
    [(rich, ra, rc)] = read_values(answers, {**base, **BOOKKEEPING})
    fields = ("call_id", "finish_reason", "output_tokens", "track", "submission_within_deadline", "error", "verify_msg")
    assert [getattr(rich, f) for f in fields] == [getattr(plain, f) for f in fields]
    assert (ra, rc) == (pa, pc)


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
    recs = read_values(answers, {"call_id": CID2, "answer": []}, line, {"call_id": CID3, "answer": []})
    rec, raw, _ = recs[1]
    assert (rec.line, rec.call_id) == (2, CID)
    assert rec.has_answer and raw == answer.encode()                  # kept raw for the verifiers ...
    assert worker_reason(raw) == reason                               # ... which reject it with the reason
    assert rec.output_tokens == 7 and rec.finish_reason == "stop"     # the envelope is still read
    assert worker_reason(recs[0][1]) is None and worker_reason(recs[2][1]) is None


def test_violation_inside_the_answer_with_a_non_stop_finish_is_kept():
    text = '{"call_id": "a3-capset-11", "finish_reason": "length", "answer": [NaN]}'
    rec = one(text)
    start, end = rec.answer_span
    assert rec.finish_reason == "length" and worker_reason(text.encode()[start:end]) == "JSON_NONFINITE"


def test_nesting_far_beyond_the_recursion_limit_inside_the_answer_rejects_only_the_answer(answers):
    """An answer nested deeper than Python's recursion limit is still only the answer's problem
    (JSON_DEPTH); it must not make the whole answers file unreadable."""
    depth = sys.getrecursionlimit() * 5
    line = '{"call_id": "a3-capset-11", "answer": ' + nest(depth) + '}'
    recs = read_values(answers, line, {"call_id": CID2, "answer": []})
    assert worker_reason(recs[0][1]) == "JSON_DEPTH" and len(recs) == 2


def test_integer_beyond_pythons_digit_limit_inside_the_answer_rejects_only_the_answer(answers):
    """A 5,000-digit integer literal exceeds both the strict 1,000-digit limit and Python's default
    int/str conversion limit (4,300 digits): the answer is rejected with JSON_NUMBER, the file is fine."""
    line = '{"call_id": "a3-capset-11", "answer": [' + "7" * 5000 + ']}'
    recs = read_values(answers, line, {"call_id": CID2, "answer": []})
    assert worker_reason(recs[0][1]) == "JSON_NUMBER" and len(recs) == 2


def test_answer_at_exactly_the_depth_limit_is_not_rejected(answers):
    """The depth limit applies to the answer: an answer nested exactly MAX_DEPTH levels is within it, as it
    is when the same answer comes as raw ``content`` or as a file to ``verify``; the record envelope
    around it must not count as one more level."""
    line = '{"call_id": "a3-capset-11", "answer": ' + nest(MAX_DEPTH) + '}'
    [(rec, raw, _)] = read_values(answers, line)
    assert raw == nest(MAX_DEPTH).encode()
    assert worker_reason(raw) is None
    [(over, raw, _)] = read_values(answers, '{"call_id": "a3-capset-11", "answer": ' + nest(MAX_DEPTH + 1) + '}')
    assert worker_reason(raw) == "JSON_DEPTH"


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
    [(rec, _, content)] = read_values(answers, json.dumps({"call_id": CID, "content": text}, ensure_ascii=False))
    assert json.loads(content.decode("utf-8")) == text
    assert decode_answer("jsonl_content", content) == ["000000000"]


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
    msg = file_error(answers, {"call_id": CID, "answer": []}, {"call_id": CID2, "answer": [], "Answer": 1},
                     {"call_id": "nope", "answer": []})
    assert "line 2" in msg and "Answer" in msg


def test_parse_line_reports_the_given_line_number():
    with pytest.raises(AnswersFileError, match="line 17"):
        parse_line('{"call_id": "x", "finish_reason": "nope"}', 17)
    assert parse_line('{"call_id": "x", "answer": 1}', 17).line == 17



# =====================================================================================================
# streaming: framing only, bounded memory, sizes, sources (issue 8, item 4)
# =====================================================================================================

import os
import random
import threading
import tracemalloc

from endless_exam.checker.scoring import answers as answers_mod
from endless_exam.checker.scoring.answers import ENVELOPE_LIMIT, AnswersChangedError


def _random_value(rnd: random.Random, depth: int = 0):
    def text():
        return "".join(rnd.choice('ab\\"{}[],: \t\u00e9\u2603\U0001F600\n\r') for _ in range(rnd.randint(0, 10)))
    k = rnd.random()
    if depth > 4 or k < 0.3:
        return rnd.choice([1, -2.5, None, True, text(), "x"])
    if k < 0.65:
        return [_random_value(rnd, depth + 1) for _ in range(rnd.randint(0, 4))]
    return {text(): _random_value(rnd, depth + 1) for _ in range(rnd.randint(0, 4))}


@pytest.mark.parametrize("piece", [1, 2, 3, 7, 64, 1 << 20])
def test_framing_finds_exactly_the_members_of_valid_records(monkeypatch, piece):
    """Strings (escapes, brackets and commas inside them) and nesting are tracked across piece
    boundaries: the raw spans of ``answer`` and ``content`` are exactly their values."""
    monkeypatch.setattr(answers_mod, "PIECE", piece)
    rnd = random.Random(piece)
    for _ in range(100 if piece < 4 else 300):
        rec = {"call_id": "c-" + str(rnd.randint(0, 9))}
        if rnd.random() < 0.8:
            rec["answer"] = _random_value(rnd)
        if rnd.random() < 0.5:
            rec["content"] = str(_random_value(rnd))
        if rnd.random() < 0.5:
            rec["usage"] = _random_value(rnd)
        items = list(rec.items())
        rnd.shuffle(items)
        sep = rnd.choice([(", ", ": "), (",", ":"), (" ,\t", " :  ")])
        data = ("  " + json.dumps(dict(items), ensure_ascii=rnd.random() < 0.5, separators=sep) + " \r").encode()
        r = parse_line(data, 2)
        assert r.call_id == rec["call_id"]
        assert (r.answer_span is None) == ("answer" not in rec)
        if "answer" in rec:
            assert json.loads(data[r.answer_span[0]:r.answer_span[1]]) == rec["answer"]
        if "content" in rec:
            assert json.loads(data[r.content_span[0]:r.content_span[1]]) == rec["content"]


def test_mutated_records_are_framed_or_refused_never_a_crash(monkeypatch):
    monkeypatch.setattr(answers_mod, "PIECE", 5)
    rnd = random.Random(7)
    for _ in range(600):
        b = bytearray(json.dumps({"call_id": "c", "answer": _random_value(rnd), "usage": _random_value(rnd),
                                  "content": "t"}).encode())
        for _ in range(rnd.randint(1, 3)):
            b[rnd.randrange(len(b))] = ord(rnd.choice('{}[],:"\\ ax0'))
        try:
            parse_line(bytes(b), 1)
        except AnswersFileError:
            pass


def test_the_scorer_never_parses_the_answer_or_the_content(answers, monkeypatch):
    """Hard parsing belongs to the isolated verifiers: reading a record parses only its envelope,
    never the (possibly huge or deeply nested) answer and content values."""
    seen = []
    real = answers_mod.loads

    def spy(text):
        seen.append(text)
        return real(text)

    monkeypatch.setattr(answers_mod, "loads", spy)
    nested = "[1," * 50_000 + "1" + "]" * 50_000
    [(rec, raw, content)] = read_values(answers, '{"call_id": "a3-capset-11", "answer": ' + nested
                                        + ', "content": "' + "x" * 100_000 + '", "output_tokens": 5}')
    assert raw == nested.encode() and rec.output_tokens == 5 and len(content) == 100_002
    assert max(len(t) for t in seen) < 100, [t[:40] for t in seen]


def test_a_syntax_error_inside_the_answer_is_the_answers_reject(answers):
    """A record whose framing is intact keeps its envelope; the answer's own JSON (syntax included)
    is judged by the verifiers."""
    [(rec, raw, _)] = read_values(answers, '{"call_id": "a3-capset-11", "answer": [1 2], "finish_reason": "stop"}')
    assert raw == b"[1 2]" and worker_reason(raw) == "JSON_SYNTAX"
    [(rec, _, content)] = read_values(answers, '{"call_id": "a3-capset-11", "content": "bad \\x escape"}')
    assert worker_reason(content, "jsonl_content") == "JSON_SYNTAX"


@pytest.mark.parametrize("value", ["", " ", "\t"])
def test_a_member_without_a_value_is_a_file_error(answers, value):
    msg = file_error(answers, '{"call_id": "a3-capset-11", "answer": ' + value + '}')
    assert "line 1" in msg and "no value" in msg


def test_a_line_over_the_length_limit_is_a_size_limit_of_that_call(answers, monkeypatch):
    monkeypatch.setattr(answers_mod, "MAX_LINE_BYTES", 1000)
    recs = read_lines(answers, {"call_id": CID, "answer": ["0" * 2000]}, {"call_id": CID2, "answer": ["0"]})
    reason, message = recs[0].size_error()
    assert reason == "SIZE_LIMIT" and "answers line 1" in message and "1,000" in message
    assert recs[1].size_error() is None


@pytest.mark.parametrize("field", ["answer", "content"])
def test_an_answer_or_content_over_32_mib_is_a_size_limit(answers, monkeypatch, field):
    monkeypatch.setattr(answers_mod, "MAX_BYTES", 100)
    value = ["0" * 200] if field == "answer" else "0" * 200
    [rec] = read_lines(answers, {"call_id": CID, field: value})
    reason, message = rec.size_error()
    assert reason == "SIZE_LIMIT" and f"the {field} is" in message
    [small] = read_lines(answers, {"call_id": CID, field: ["0"] if field == "answer" else "0"})
    assert small.size_error() is None


def test_the_envelope_outside_answer_and_content_is_bounded(answers):
    big = "x" * (ENVELOPE_LIMIT + 10)
    msg = file_error(answers, {"call_id": CID, "answer": [], "error": big})
    assert "line 1" in msg and "MiB" in msg and len(msg) < 500
    # the same number of bytes inside the answer or the content is fine (it is not held by the scorer)
    [rec] = read_lines(answers, {"call_id": CID, "answer": [big], "content": big})
    assert rec.size_error() is None


def test_scanning_holds_no_whole_line_in_memory(tmp_path):
    """Three 12 MiB lines: the scan's peak allocation stays far below one line."""
    path = tmp_path / "big.jsonl"
    with open(path, "wb") as fh:
        for cid in (CID, CID2, CID3):
            fh.write(b'{"call_id": "' + cid.encode() + b'", "answer": [' + b"1," * (6 << 20) + b'1]}\n')
    tracemalloc.start()
    try:
        with AnswersSource(str(path)) as source:
            recs = source.scan(KNOWN)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [r.call_id for r in recs] == [CID, CID2, CID3]
    assert peak < 8 << 20, f"peak {peak:,} bytes"


def test_the_hash_is_that_of_the_bytes_read(tmp_path):
    import hashlib

    data = b'{"call_id": "a3-capset-11", "answer": null}\n\n{"call_id": "a3-capset-0", "answer": []}'
    path = tmp_path / "a.jsonl"
    path.write_bytes(data)
    with AnswersSource(str(path)) as source:
        recs = source.scan(KNOWN)
        assert source.regular and source.sha256 == hashlib.sha256(data).hexdigest()
    assert [r.sha256 for r in recs] == [hashlib.sha256(line).hexdigest() for line in data.split(b"\n") if line]


def test_a_pipe_is_spooled_and_hashed(tmp_path):
    """From a FIFO (as from a shell pipe) the bytes are hashed as they are read (never the hash of an
    empty re-read) and copied aside, so the values can still be read back."""
    import hashlib

    data = (json.dumps({"call_id": CID, "answer": ["000000000"]}) + "\n"
            + json.dumps({"call_id": CID2, "content": "```[1]```"}) + "\n").encode()
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(data))
    writer.start()
    try:
        with AnswersSource(str(fifo), spool_dir=str(tmp_path)) as source:
            recs = source.scan(KNOWN)
            assert source.regular is False
            assert source.sha256 == hashlib.sha256(data).hexdigest() != hashlib.sha256(b"").hexdigest()
            assert source.read_value(recs[0], recs[0].answer_span) == b'["000000000"]'
            assert source.read_value(recs[1], recs[1].content_span) == b'"```[1]```"'
    finally:
        writer.join()
    assert sorted(os.listdir(tmp_path)) == ["pipe"]          # the spool is anonymous: nothing left behind


def test_reading_back_a_changed_line_is_refused(tmp_path):
    path = tmp_path / "a.jsonl"
    path.write_text(json.dumps({"call_id": CID, "answer": ["000000000"]}) + "\n")
    with AnswersSource(str(path)) as source:
        [rec] = source.scan(KNOWN)
        path.write_text(json.dumps({"call_id": CID, "answer": ["111111111"]}) + "\n")   # same length
        with pytest.raises(AnswersChangedError, match="changed while it was being scored"):
            source.read_value(rec, rec.answer_span)


def test_a_directory_is_not_an_answers_file(tmp_path):
    with pytest.raises(AnswersFileError, match="directory"):
        read(str(tmp_path), KNOWN)
