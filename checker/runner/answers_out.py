"""The ``answers.jsonl`` that ``run`` writes: the scorer's format (``checker.scoring.answers``), one line per call and sample.

Each line: ``call_id``, ``sample`` (only when not 0, as the scorer reads it), ``content`` (the model's text,
tool-free track) or ``answer`` (the tool-assisted track's ``/workspace/answer.json``, see
:func:`answer_file_fields`), ``finish_reason``, ``output_tokens`` (inspect's ``usage.output_tokens``, which
includes reasoning tokens for OpenAI and Anthropic), ``track``, ``submission_within_deadline`` (tool-assisted
track), ``error`` (an infrastructure reason, ``outcomes``), and bookkeeping the scorer ignores: ``usage``
(``input_tokens``, ``output_tokens``, ``reasoning_tokens``), ``usage_complete``, ``response_model``,
``response_id``, ``attempt`` (which invocation of ``run`` wrote it), ``started_at``, ``completed_at``, ``seconds``.

While a run goes, every finished sample is appended at once as one ``os.write`` of one line
(:class:`Journal`), so a killed run loses at most the samples in flight; a torn last line (a kill during a
write) is cut off when the file is read back (:func:`read`). At the end the file is rewritten atomically
(:func:`compact`): one line per key, the newest, in suite order, samples ascending. A key whose newest line
is an infrastructure failure is collected again by the next run.
"""
from __future__ import annotations

import json
import os
from typing import Iterable

from endless_exam.certificates.errors import AnswerError
from endless_exam.certificates.strictjson import MAX_BYTES, loads

from endless_exam.checker.scoring.answers import INFRASTRUCTURE
from endless_exam.checker.files.outputs import replace_file

Key = tuple[str, int]


def line(fields: dict, raw_answer: bytes | None = None) -> bytes:
    """One answers line (with its ``\\n``). ``raw_answer``: JSON bytes (already checked, without line
    breaks) to put verbatim as the ``answer`` value."""
    text = json.dumps(fields, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    data = text.encode("utf-8")
    if raw_answer is not None:
        data = data[:-1] + b',"answer":' + raw_answer + b"}"
    return data + b"\n"


def answer_file_fields(data: bytes | None, size: int | None = None) -> tuple[dict, bytes | None]:
    """The answer fields for the tool-assisted track's answer file: (fields, raw answer bytes or None).

    * no file -> ``answer: null`` (scored zero);
    * a file over 32 MiB (``size``, or ``len(data)``) -> ``answer: null`` with ``answer_bytes`` noted in
      ``verify_msg`` (scored zero: answers over 32 MiB score zero);
    * a file that parses strictly as JSON -> its bytes verbatim as ``answer`` (line breaks, which JSON
      allows only between tokens, become spaces; nothing else changes, so numbers keep every digit);
    * anything else (model text, fenced JSON) -> ``content`` (the scorer extracts the JSON as from a reply).
    """
    n = size if size is not None else None if data is None else len(data)
    if n is not None and n > MAX_BYTES:
        return {"answer": None, "verify_msg": f"answer.json is {n:,} bytes; the limit is {MAX_BYTES:,} (32 MiB)"}, None
    if data is None:
        return {"answer": None}, None
    try:
        text = data.decode("utf-8")
        loads(text)
    except (UnicodeDecodeError, AnswerError, RecursionError, ValueError):
        return {"content": data.decode("utf-8", errors="replace")}, None
    return {}, data.replace(b"\r", b" ").replace(b"\n", b" ")


def _key(row: dict) -> Key:
    return row["call_id"], int(row.get("sample", 0))


def is_done(row: dict) -> bool:
    """A row that needs no new collection: anything but an infrastructure failure."""
    return not any(row.get(k) in INFRASTRUCTURE for k in ("error", "finish_reason", "verify_msg"))


class Journal:
    """Appends answers lines to ``path``, one ``os.write`` per line (O_APPEND)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def append(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            n = os.write(self.fd, view)
            view = view[n:]

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


def read(path: str, log=lambda m: None) -> dict[Key, tuple[dict, bytes]]:
    """The newest line per key in ``path`` (parsed envelope, raw line with ``\\n``); a torn last line
    (no ``\\n``, or not JSON) is cut off the file. A missing file reads as empty."""
    try:
        fh = open(path, "rb")
    except FileNotFoundError:
        return {}
    out: dict[Key, tuple[dict, bytes]] = {}
    good = 0
    with fh:
        data_lines = fh.read().split(b"\n")
    tail = data_lines.pop()            # b"" when the file ends with a newline
    offset = 0
    for n, raw in enumerate(data_lines, 1):
        try:
            row = json.loads(raw)
            key = _key(row)
        except (ValueError, KeyError, TypeError):
            raise ValueError(f"{path}: line {n} is not an answers row written by run; move the file away "
                             "or use --restart") from None
        out[key] = (row, raw + b"\n")
        offset += len(raw) + 1
        good = offset
    if tail:
        log(f"{path}: cut off a torn last line ({len(tail)} bytes) left by an interrupted run")
        os.truncate(path, good)
    return out


def compact(path: str, rows: dict[Key, tuple[dict, bytes]], order: Iterable[Key]) -> int:
    """Rewrite ``path`` atomically with the rows of ``order`` that exist (one per key). Returns the count."""
    chosen = [rows[k][1] for k in order if k in rows]
    replace_file(path, lambda fh: [fh.write(b) for b in chosen])
    return len(chosen)
