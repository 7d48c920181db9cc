"""From a submitted file or a raw model response to one answer value.

The rule (docs/SPECIFICATION.md section 5), exactly as implemented:

1. If the whole text parses as strict JSON, that value is the answer candidate. A text that starts as an
   object (``{``, the ``{"answer": ...}`` form) but is not JSON, and holds no candidate of step 2 either, is
   ``JSON_SYNTAX`` with the line and column where it breaks (a truncated answer object), not
   ``NO_ANSWER``; so is a text that starts as a list or object and has a trailing comma (``["0000",
   "0001",]``: ``JSON_SYNTAX`` at the comma). Any other bare list that does not parse and holds no candidate
   stays ``NO_ANSWER``.
2. Otherwise the text is treated as a model response. Candidates are tried in this order and the first
   one that is syntactically JSON wins: every fenced code block (three backticks, an optional language
   tag on the opening line), the LAST block first; then the whole text; then the span from the first
   ``{`` to the last ``}``; then the span from the first ``[`` to the last ``]``.
3. A candidate that is syntactically JSON but breaks a strictness rule (NaN, a duplicate key, excessive
   depth, an over-long integer) is not skipped: the answer is rejected with that reason, because the
   submitter's JSON was found and it is not acceptable.
4. If the value is an object with the key ``answer``, it is unwrapped once, as the public release does;
   other keys beside ``answer`` (an explanation, a note) are ignored and the verdict's message says so
   (strictness still applies to everything inside the answer, and the whole text must be strict JSON).
   ``null`` (wrapped or not) is ``NO_ANSWER``.

Consequence worth knowing: a response that shows an example object in a later code block than its real
answer gets the example scored (last block first is the benchmark's rule).
"""
from __future__ import annotations

import re
from typing import Any

from .errors import AnswerError
from .strictjson import JSONSyntaxError, StrictnessError, decode_bytes, is_json_syntax, loads

_TAG = re.compile(r"(?:[A-Za-z][A-Za-z0-9_+.-]*)?")


def fenced_blocks(text: str) -> list[str]:
    """Contents of the fenced code blocks, in order; linear time on any input.

    Fences are paired in order of appearance (1st opens, 2nd closes, ...). A language tag on the line
    of the opening fence (e.g. ``json``) is dropped; an unclosed last fence opens no block.
    """
    marks = []
    pos = text.find("```")
    while pos != -1:
        marks.append(pos)
        pos = text.find("```", pos + 3)
    blocks = []
    for open_at, close_at in zip(marks[0::2], marks[1::2]):
        body = text[open_at + 3:close_at]
        newline = body.find("\n")
        if newline != -1 and _TAG.fullmatch(body[:newline].strip()):
            body = body[newline + 1:]
        blocks.append(body)
    return blocks


def unwrap_noted(value: Any) -> tuple[Any, str | None]:
    """Remove one ``{"answer": X}`` wrapper; other keys beside ``answer`` are ignored, and the note says so."""
    note = None
    if isinstance(value, dict) and "answer" in value:
        extra = sorted(k for k in value if k != "answer")
        if extra:
            shown = ", ".join(repr(k if len(k) <= 40 else k[:37] + "...") for k in extra[:5])
            more = f" and {len(extra) - 5} more" if len(extra) > 5 else ""
            note = f"the answer was taken from an object with other keys ({shown}{more}), which were ignored"
        value = value["answer"]
    if value is None:
        raise AnswerError("NO_ANSWER", "the answer is null")
    return value, note


def unwrap(value: Any) -> Any:
    return unwrap_noted(value)[0]


def _candidates(text: str, include_whole: bool = True) -> list[str]:
    out = list(reversed(fenced_blocks(text)))
    if include_whole:
        out.append(text)
    first, last = text.find("{"), text.rfind("}")
    if 0 <= first < last:
        out.append(text[first:last + 1])
    first, last = text.find("["), text.rfind("]")
    if 0 <= first < last:
        out.append(text[first:last + 1])
    return out


def extract_from_text(text: str, whole_text_tried: bool = False) -> Any:
    """Apply the extraction rule to a raw model response; return the unwrapped answer value."""
    return extract_from_text_noted(text, whole_text_tried)[0]


def extract_from_text_noted(text: str, whole_text_tried: bool = False) -> tuple[Any, str | None]:
    """The answer value of a raw model response and the unwrapping note, if any.

    ``whole_text_tried`` skips the whole-text candidate when the caller has already parsed it."""
    if not text.strip():
        raise AnswerError("NO_ANSWER", "the response is empty")
    for candidate in _candidates(text, include_whole=not whole_text_tried):
        if not candidate.strip():
            continue
        try:
            value = loads(candidate)
        except JSONSyntaxError:
            continue
        except StrictnessError as exc:
            if not exc.syntax_known and not is_json_syntax(candidate):
                continue          # too deep to parse and not JSON at all: not a candidate
            raise
        return unwrap_noted(value)
    raise AnswerError("NO_ANSWER", "no JSON answer found in the response")


def trailing_comma(text: str) -> tuple[int, int, str] | None:
    """``(line, column, bracket)`` of the first comma followed (after whitespace) by ``]`` or ``}`` outside
    strings, in a text that starts (after whitespace) with ``[`` or ``{``; else None. One pass, linear time."""
    if text.lstrip()[:1] not in ("[", "{"):
        return None
    in_str = escaped = False
    comma = -1
    for pos, ch in enumerate(text):
        if in_str:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_str = False
            continue
        if ch == '"':
            in_str, comma = True, -1
        elif ch == ",":
            comma = pos
        elif ch in "]}" and comma >= 0:
            line = text.count("\n", 0, comma) + 1
            return line, comma - (text.rfind("\n", 0, comma) + 1) + 1, ch
        elif ch not in " \t\r\n":
            comma = -1
    return None


def answer_from_bytes(data: bytes) -> Any:
    """An answer file: a bare answer, ``{"answer": ...}``, or raw model text."""
    return answer_from_bytes_noted(data)[0]


def answer_from_bytes_noted(data: bytes) -> tuple[Any, str | None]:
    text = decode_bytes(data)
    try:
        value = loads(text)
    except JSONSyntaxError as exc:
        try:
            return extract_from_text_noted(text, whole_text_tried=True)
        except AnswerError as found:
            # a file that starts as the {"answer": ...} object and holds no JSON anywhere is a broken
            # answer object (say, a truncated one), not a reply without an answer: say where it breaks.
            # (A bare list that does not parse stays NO_ANSWER, as the regression vectors state.)
            if found.reason == "NO_ANSWER" and text.lstrip()[:1] == "{":
                raise exc from None
            if found.reason == "NO_ANSWER" and (where := trailing_comma(text)) is not None:
                line, column, bracket = where
                raise JSONSyntaxError(f"invalid JSON: a trailing comma before '{bracket}' at line {line} column "
                                      f"{column} (JSON allows no comma after the last element)") from None
            raise
    except StrictnessError as exc:
        if exc.syntax_known or is_json_syntax(text):
            raise
        return extract_from_text_noted(text, whole_text_tried=True)
    return unwrap_noted(value)


def answer_from_json_text(text: str) -> Any:
    """An answer already given as JSON text (e.g. the ``answer`` field of answers.jsonl)."""
    return answer_from_json_text_noted(text)[0]


def answer_from_json_text_noted(text: str) -> tuple[Any, str | None]:
    return unwrap_noted(loads(text))
