"""Reading ``answers.jsonl`` (BENCHMARK.md sections 5 and 7), strictly, before anything is scored.

One JSON object per non-blank line with ``call_id`` and any of: ``answer`` (the answer, possibly still
wrapped in ``{"answer": ...}``; ``null`` = unparseable, scored zero), ``content`` (raw model text to
extract the answer from when ``answer`` is absent), ``finish_reason`` (default ``stop``),
``output_tokens`` (integer >= 0 or null), ``track``, ``submission_within_deadline`` (boolean),
``error``, ``verify_msg``, and the bookkeeping fields upstream runners write (``scored``,
``retryable``, ``usage``, ``usage_complete``, ``response_model``, ``response_id``, ``service_tier``,
``system_fingerprint``, ``attempt``, ``started_at``, ``completed_at``, ``seconds``), which are ignored.
Any other key, an unknown or duplicate call id, an unknown finish reason, or a ``stop`` record with
neither ``answer`` nor ``content`` is a clear error naming the line, raised before any scoring.

If a line is not strictly valid as a whole, each top-level member is parsed on its own (so depth is
counted from the answer, not the record): a strictness violation (NaN, a duplicate key, excessive
depth, an over-long number, an over-size value) inside ``answer`` or ``content`` is the answer's, the
record is kept and its answer is rejected with that reason; anywhere else it is a file error.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from endless_exam.certificates.errors import AnswerError
from endless_exam.certificates.strictjson import JSONSyntaxError, loads, object_members

INFRASTRUCTURE = frozenset({
    "transport_error", "network_error", "connection_error", "server_error", "quota", "rate_limit",
    "missing_usage", "incomplete_turn", "cli_error", "malformed_event", "collector_error",
    "verification_process_failed", "independent_verifier_disagreement",
})
FINAL_FINISH = frozenset({"stop", "length", "timeout", "refusal", "tool_violation", "resource_limit"})
IGNORED_FIELDS = frozenset({"scored", "retryable", "usage", "usage_complete", "response_model", "response_id",
                            "service_tier", "system_fingerprint", "attempt", "started_at", "completed_at",
                            "seconds"})
FIELDS = frozenset({"call_id", "answer", "content", "finish_reason", "output_tokens", "track",
                    "submission_within_deadline", "error", "verify_msg"}) | IGNORED_FIELDS
TRACKS = ("tool-free", "tool-assisted")


class AnswersFileError(Exception):
    pass


@dataclass(frozen=True)
class AnswerRecord:
    line: int
    call_id: str
    has_answer: bool
    answer_json: str | None          # the answer value re-serialised as JSON (wrapper kept)
    answer_error: tuple[str, str] | None
    content: str | None
    finish_reason: str
    output_tokens: int | None
    track: str | None
    submission_within_deadline: bool | None
    error: str | None
    verify_msg: str | None

    @property
    def infrastructure_reason(self) -> str | None:
        for value in (self.error, self.finish_reason, self.verify_msg):
            if value in INFRASTRUCTURE:
                return value
        return None


def _members_one_by_one(text: str, where: str) -> tuple[dict, tuple[str, str] | None]:
    """Slow path for a line that is not strictly valid as a whole: parse each top-level member on its
    own. A strictness error inside ``answer`` (or ``content``) is the answer's and is returned; one
    anywhere else, a repeated top-level key, or a line that is not a JSON object is a file error."""
    members = object_members(text)
    if members is None:
        raise AnswersFileError(f"{where}: not a JSON object")
    obj: dict = {}
    answer_error = None
    for key, raw in members:
        if key in obj:
            raise AnswersFileError(f"{where}: the record repeats the key {key!r}")
        try:
            obj[key] = loads(raw)
        except AnswerError as exc:
            # the answer may break any rule; raw content (a JSON string) only the size limit
            if not (key == "answer" or (key == "content" and exc.reason == "SIZE_LIMIT")):
                raise AnswersFileError(f"{where}: field {_short(key)}: {exc.message}") from None
            answer_error = (exc.reason, exc.message)
            obj[key] = None
    return obj, answer_error


def _short(value, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _opt_str(obj: dict, key: str, where: str) -> str | None:
    value = obj.get(key)
    if value is not None and type(value) is not str:
        raise AnswersFileError(f"{where}: {key!r} must be a string or null")
    return value


def parse_line(text: str, lineno: int) -> AnswerRecord:
    where = f"answers line {lineno}"
    answer_error = None
    try:
        obj = loads(text)
    except JSONSyntaxError as exc:
        raise AnswersFileError(f"{where}: {exc.message}") from None
    except AnswerError:
        # strictness (or depth counted with the record's own level): decide member by member
        obj, answer_error = _members_one_by_one(text, where)
    if type(obj) is not dict:
        raise AnswersFileError(f"{where}: each line must be a JSON object")
    unknown = sorted(set(obj) - FIELDS)
    if unknown:
        more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        raise AnswersFileError(f"{where}: unknown field(s) {', '.join(_short(k, 40) for k in unknown[:5])}{more}")
    call_id = obj.get("call_id")
    if type(call_id) is not str or not call_id:
        raise AnswersFileError(f"{where}: 'call_id' must be a non-empty string")
    finish = obj.get("finish_reason", "stop")
    if finish is None:
        finish = "stop"
    if type(finish) is not str or (finish not in FINAL_FINISH and finish not in INFRASTRUCTURE):
        raise AnswersFileError(f"{where}: unknown finish_reason {_short(finish)}")
    tokens = obj.get("output_tokens")
    if tokens is not None and (type(tokens) is not int or tokens < 0):
        raise AnswersFileError(f"{where}: 'output_tokens' must be a non-negative integer or null")
    track = _opt_str(obj, "track", where)
    if track is not None and track not in TRACKS:
        raise AnswersFileError(f"{where}: unknown track {_short(track)}")
    deadline = obj.get("submission_within_deadline")
    if deadline is not None and type(deadline) is not bool:
        raise AnswersFileError(f"{where}: 'submission_within_deadline' must be a boolean")
    error = _opt_str(obj, "error", where)
    verify_msg = _opt_str(obj, "verify_msg", where)
    content = _opt_str(obj, "content", where)
    has_answer = "answer" in obj
    answer_json = None
    if has_answer and answer_error is None:
        answer_json = json.dumps(obj["answer"], ensure_ascii=True)
    return AnswerRecord(lineno, call_id, has_answer, answer_json, answer_error, content, finish,
                        tokens, track, deadline, error, verify_msg)


def read(path: str, known_call_ids: set[str]) -> list[AnswerRecord]:
    records: list[AnswerRecord] = []
    seen: dict[str, int] = {}
    try:
        fh = open(path, "rb")   # JSON Lines: records end at "\n" only (a bare "\r" is JSON whitespace)
    except OSError as exc:
        raise AnswersFileError(f"cannot read {path}: {exc.strerror}") from None
    with fh:
        try:
            for lineno, raw in enumerate(fh, start=1):
                if lineno == 1 and raw.startswith(b"\xef\xbb\xbf"):
                    raw = raw[3:]          # a UTF-8 byte order mark
                line = raw.decode("utf-8")
                if not line.strip():
                    continue
                rec = parse_line(line, lineno)
                if rec.call_id not in known_call_ids:
                    raise AnswersFileError(f"answers line {lineno}: unknown call id {_short(rec.call_id)}")
                if rec.call_id in seen:
                    raise AnswersFileError(f"answers line {lineno}: duplicate call id {_short(rec.call_id)}"
                                           f" (first on line {seen[rec.call_id]})")
                seen[rec.call_id] = lineno
                if (rec.finish_reason == "stop" and rec.infrastructure_reason is None
                        and not rec.has_answer and rec.content is None):
                    raise AnswersFileError(f"answers line {lineno}: a 'stop' record needs 'answer' or 'content'")
                records.append(rec)
        except UnicodeDecodeError:
            raise AnswersFileError(f"{path} is not valid UTF-8") from None
    return records
