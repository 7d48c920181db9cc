"""Strict JSON loading.

Accepted JSON is the RFC 8259 grammar with these extra rules, each failure naming its reason code:
* the text is at most ``MAX_BYTES`` (32 MiB) of UTF-8 (``SIZE_LIMIT`` / ``JSON_ENCODING``);
* ``NaN``, ``Infinity``, ``-Infinity`` and number literals that overflow a float are refused
  (``JSON_NONFINITE``); integer literals longer than ``MAX_INT_DIGITS`` digits are refused (``JSON_NUMBER``);
* an object may not repeat a key (``JSON_DUPLICATE_KEY``);
* containers may nest at most ``MAX_DEPTH`` levels (``JSON_DEPTH``).
Integers come back as Python ``int`` and non-integral literals (``1.0``, ``1e3``) as ``float``, so that
schemas can refuse a float where an integer is required: a JSON integer is a literal without fraction
or exponent, nothing else.
"""
from __future__ import annotations

import json
import math
import re
from typing import Any

from .errors import AnswerError

MAX_BYTES = 32 * 1024 * 1024
MAX_DEPTH = 32
MAX_INT_DIGITS = 1000


class _Nonfinite(Exception):
    pass


class _LongInt(Exception):
    pass


class _DupKey(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _parse_constant(name: str) -> Any:
    raise _Nonfinite(name)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Nonfinite(text)
    return value


def _parse_int(text: str) -> int:
    digits = len(text) - (1 if text.startswith("-") else 0)
    if digits > MAX_INT_DIGITS:
        raise _LongInt(text[:20])
    return int(text)


def _pairs(pairs: list[tuple[str, Any]]) -> dict:
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise _DupKey(key)
        out[key] = value
    return out


_DECODER = json.JSONDecoder(
    object_pairs_hook=_pairs,
    parse_float=_parse_float,
    parse_int=_parse_int,
    parse_constant=_parse_constant,
    strict=True,
)


def depth_exceeds(value: Any, limit: int) -> bool:
    """True iff ``value`` nests containers more than ``limit`` levels deep (iterative, no recursion)."""
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (list, dict)):
            if level > limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            for child in children:
                if isinstance(child, (list, dict)):
                    stack.append((child, level + 1))
    return False


class JSONSyntaxError(AnswerError):
    """The text is not JSON at all (as opposed to JSON that breaks a strictness rule)."""

    def __init__(self, message: str) -> None:
        super().__init__("JSON_SYNTAX", message)


def decode_bytes(data: bytes) -> str:
    if len(data) > MAX_BYTES:
        raise AnswerError("SIZE_LIMIT", f"answer is {len(data):,} bytes; the limit is {MAX_BYTES:,} bytes (32 MiB)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise AnswerError("JSON_ENCODING", f"answer is not valid UTF-8 (byte offset {exc.start})") from None


def loads(text: str) -> Any:
    """Parse ``text`` strictly; raise ``AnswerError`` (``JSONSyntaxError`` for plain syntax errors)."""
    if len(text) > MAX_BYTES:
        raise AnswerError("SIZE_LIMIT", f"answer is {len(text):,} characters; the limit is {MAX_BYTES:,}")
    try:
        value, end = _DECODER.raw_decode(text, _skip_ws(text, 0))
    except _Nonfinite as exc:
        raise AnswerError("JSON_NONFINITE", f"non-finite number {exc.args[0]!r} is not allowed") from None
    except _LongInt as exc:
        raise AnswerError("JSON_NUMBER", f"integer literal {exc.args[0]}... has more than {MAX_INT_DIGITS} digits") from None
    except _DupKey as exc:
        raise AnswerError("JSON_DUPLICATE_KEY", f"duplicate key {exc.key!r} in a JSON object") from None
    except RecursionError:
        raise AnswerError("JSON_DEPTH", f"JSON nesting is deeper than {MAX_DEPTH} levels") from None
    except json.JSONDecodeError as exc:
        raise JSONSyntaxError(f"invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except ValueError as exc:  # e.g. an integer literal over Python's digit limit
        raise AnswerError("JSON_NUMBER", f"number literal refused: {exc}") from None
    if _skip_ws(text, end) != len(text):
        raise JSONSyntaxError(f"invalid JSON: extra data after position {end}")
    if depth_exceeds(value, MAX_DEPTH):
        raise AnswerError("JSON_DEPTH", f"JSON nesting is deeper than {MAX_DEPTH} levels")
    return value


def _skip_ws(text: str, pos: int) -> int:
    n = len(text)
    while pos < n and text[pos] in " \t\n\r":
        pos += 1
    return pos


_TOKEN = re.compile(r"""
    [ \t\n\r]*
    (?:
      (?P<str>"(?:[^"\\\x00-\x1f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*")
    | (?P<num>-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)
    | (?P<lit>true|false|null|NaN|Infinity|-Infinity)
    | (?P<punct>[\[\]{}:,])
    )""", re.VERBOSE)


def scan_value(text: str, pos: int = 0) -> int:
    """End position of the one JSON value starting at ``pos`` (after optional whitespace), in the
    permissive grammar (NaN/Infinity and repeated keys allowed, any depth); ``-1`` if there is none.
    Iterative, so any nesting depth is handled without recursion."""
    stack: list[str] = []          # "[" or "{" for each open container
    expect = "value"               # value | key | colon | next (comma or close) | value_or_close | key_or_close
    while True:
        m = _TOKEN.match(text, pos)
        if m is None:
            return -1
        pos = m.end()
        kind = m.lastgroup
        tok = m.group(kind)
        if expect in ("value", "value_or_close"):
            if kind == "punct" and tok in "[{":
                stack.append(tok)
                expect = "value_or_close" if tok == "[" else "key_or_close"
                continue
            if kind == "punct" and tok == "]" and expect == "value_or_close":
                stack.pop()
            elif kind not in ("str", "num", "lit"):
                return -1
        elif expect in ("key", "key_or_close"):
            if kind == "str":
                expect = "colon"
                continue
            if kind == "punct" and tok == "}" and expect == "key_or_close":
                stack.pop()
            else:
                return -1
        elif expect == "colon":
            if kind != "punct" or tok != ":":
                return -1
            expect = "value"
            continue
        elif expect == "next":
            if kind != "punct":
                return -1
            if tok == ",":
                expect = "value" if stack[-1] == "[" else "key"
                continue
            if (tok == "]" and stack[-1] == "[") or (tok == "}" and stack[-1] == "{"):
                stack.pop()
            else:
                return -1
        if not stack:              # a complete top-level value
            return pos
        expect = "next"


def is_json_syntax(text: str) -> bool:
    """True iff ``text`` is one JSON value in the permissive grammar (see ``scan_value``).

    Used by extraction to tell a candidate that is JSON but breaks a strictness rule (the answer is
    rejected) from one that is not JSON at all (the next candidate is tried).
    """
    end = scan_value(text, 0)
    return end != -1 and text[end:].strip(" \t\n\r") == ""


def object_members(text: str) -> list[tuple[str, str]] | None:
    """(key, raw value text) of each member of the JSON object ``text``, in order, without parsing the
    values; ``None`` if ``text`` is not a JSON object in the permissive grammar. Keys are decoded."""
    pos = _skip_ws(text, 0)
    if pos >= len(text) or text[pos] != "{":
        return None
    pos = _skip_ws(text, pos + 1)
    members: list[tuple[str, str]] = []
    if pos < len(text) and text[pos] == "}":
        return members if text[pos + 1:].strip(" \t\n\r") == "" else None
    while True:
        m = _TOKEN.match(text, pos)
        if m is None or m.lastgroup != "str":
            return None
        key = json.loads(m.group("str"))
        pos = _skip_ws(text, m.end())
        if pos >= len(text) or text[pos] != ":":
            return None
        start = _skip_ws(text, pos + 1)
        end = scan_value(text, start)
        if end == -1:
            return None
        members.append((key, text[start:end]))
        pos = _skip_ws(text, end)
        if pos < len(text) and text[pos] == ",":
            pos = _skip_ws(text, pos + 1)
            continue
        if pos < len(text) and text[pos] == "}":
            return members if text[pos + 1:].strip(" \t\n\r") == "" else None
        return None
