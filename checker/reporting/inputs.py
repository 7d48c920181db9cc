"""What ``report`` says about a file that is not a scores file: a missing path, a directory, or an answers
file (answers.jsonl) given where the scores.json that ``score`` writes is expected. Checked before the file
is parsed, so the user reads what was expected instead of "[Errno 2]" or "Extra data"."""
from __future__ import annotations

import json
import os

EXPECTED = "a scores.json written by 'endless-exam score ANSWERS --output scores.json'"


def problem(path: str) -> str | None:
    """Why ``path`` cannot be a scores file, in words, or None (then the strict reader decides)."""
    if not os.path.exists(path):
        return f"{path}: no such file (report reads {EXPECTED})"
    if os.path.isdir(path):
        return f"{path} is a directory (report reads {EXPECTED})"
    try:
        with open(path, "rb") as fh:
            head = fh.read(1 << 16)
    except OSError as exc:
        return f"cannot read {path}: {exc.strerror or exc}"
    first, _sep, rest = head.partition(b"\n")
    if rest.strip():
        try:
            row = json.loads(first)
        except ValueError:
            return None
        if isinstance(row, dict) and "call_id" in row and ("answer" in row or "content" in row):
            return (f"{path} looks like an answers file (answers.jsonl: one answer per line); report reads "
                    f"{EXPECTED} -- score it first")
        if isinstance(row, dict) and "answers_sha256" in row and "integrity" not in row:
            return (f"{path} looks like a scoring progress file (OUTPUT.progress.jsonl); report reads "
                    f"{EXPECTED}, the OUTPUT itself")
    return None
