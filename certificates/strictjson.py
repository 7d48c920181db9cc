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


_DIGITS_AS_ZERO = str.maketrans("123456789", "0" * 9)


def _long_digit_run(text: str) -> bool:
    """Does ``text`` hold more than ``MAX_INT_DIGITS`` consecutive digits anywhere (inside a string or
    not)? If not, no integer literal can be too long, and the decoder may leave integers to the C
    scanner's own conversion (a Python callback per integer costs about 0.4 us: 3.5 s for 8 million)."""
    return "0" * (MAX_INT_DIGITS + 1) in text.translate(_DIGITS_AS_ZERO)


def _recording_decoder(violations: list[tuple[str, str]], check_ints: bool = True) -> json.JSONDecoder:
    """A decoder that records strictness violations instead of stopping at them, so that one pass
    (in C) both decides whether the text is syntactically JSON and finds the first violation. With
    ``check_ints`` False integers are converted by the scanner itself: only for a text without a run of
    more than ``MAX_INT_DIGITS`` digits (``_long_digit_run``), where ``parse_int`` could never record a
    violation and would return ``int(text)`` just the same."""

    def parse_constant(name: str) -> float:
        violations.append(("JSON_NONFINITE", f"non-finite number {name!r} is not allowed"))
        return 0.0

    def parse_float(text: str) -> float:
        value = float(text)
        if not math.isfinite(value):
            violations.append(("JSON_NONFINITE", f"number literal {text[:30]!r} overflows to infinity"))
            return 0.0
        return value

    def parse_int(text: str) -> int:
        digits = len(text) - (1 if text.startswith("-") else 0)
        if digits > MAX_INT_DIGITS:
            violations.append(("JSON_NUMBER", f"integer literal {text[:20]}... has more than {MAX_INT_DIGITS} digits"))
            return 0
        return int(text)

    def pairs(items: list[tuple[str, Any]]) -> dict:
        out: dict = {}
        for key, value in items:
            if key in out:
                violations.append(("JSON_DUPLICATE_KEY", f"duplicate key {key[:60]!r} in a JSON object"))
            out[key] = value
        return out

    return json.JSONDecoder(object_pairs_hook=pairs, parse_float=parse_float,
                            parse_int=parse_int if check_ints else None,
                            parse_constant=parse_constant, strict=True)


def depth_exceeds(value: Any, limit: int) -> bool:
    """True iff ``value`` nests containers more than ``limit`` levels deep (iterative, no recursion)."""
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (list, dict)):
            if level > limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            if len(children) > 16:                # a long list of numbers or strings: one C-level pass
                kinds = set(map(type, children))
                if not any(issubclass(k, (list, dict)) for k in kinds):
                    continue
            for child in children:
                if isinstance(child, (list, dict)):
                    stack.append((child, level + 1))
    return False


class JSONSyntaxError(AnswerError):
    """The text is not JSON at all (as opposed to JSON that breaks a strictness rule)."""

    def __init__(self, message: str) -> None:
        super().__init__("JSON_SYNTAX", message)


class StrictnessError(AnswerError):
    """JSON that breaks a strictness rule. ``syntax_known`` is False only when the nesting was too deep
    to finish parsing, so that whether the text is JSON at all is not known (see ``is_json_syntax``)."""

    def __init__(self, reason: str, message: str, syntax_known: bool = True) -> None:
        super().__init__(reason, message)
        self.syntax_known = syntax_known


def decode_bytes(data: bytes) -> str:
    if len(data) > MAX_BYTES:
        # a reader stops at MAX_BYTES + 1 bytes: then only "more than the limit" is known, never the real size
        exact = f" ({len(data):,} bytes)" if len(data) > MAX_BYTES + 1 else ""
        raise AnswerError("SIZE_LIMIT", f"the answer is more than 32 MiB{exact}; the limit is {MAX_BYTES:,} bytes "
                                        "(32 MiB)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise AnswerError("JSON_ENCODING", f"answer is not valid UTF-8 (byte offset {exc.start})") from None


def loads(text: str, *, max_chars: int = MAX_BYTES) -> Any:
    """Parse ``text`` strictly.

    Raises ``JSONSyntaxError`` if the text is not JSON at all (even if it also contains, say, a NaN),
    ``StrictnessError`` if it is JSON that breaks a rule (the first violation in parse order), and
    ``AnswerError("SIZE_LIMIT")`` for a text over ``max_chars`` (an answer's limit unless the caller, say
    ``report`` reading a scores file, reads something else).
    """
    if len(text) > max_chars:
        raise AnswerError("SIZE_LIMIT", f"answer is {len(text):,} characters; the limit is {max_chars:,}")
    violations: list[tuple[str, str]] = []
    try:
        decoder = _recording_decoder(violations, check_ints=_long_digit_run(text))
        value, end = decoder.raw_decode(text, _skip_ws(text, 0))
    except RecursionError:
        raise StrictnessError("JSON_DEPTH", f"JSON nesting is deeper than {MAX_DEPTH} levels", syntax_known=False) from None
    except json.JSONDecodeError as exc:
        raise JSONSyntaxError(f"invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if _skip_ws(text, end) != len(text):
        raise JSONSyntaxError(f"invalid JSON: extra data after position {end}")
    if violations:
        raise StrictnessError(*violations[0])
    if depth_exceeds(value, MAX_DEPTH):
        raise StrictnessError("JSON_DEPTH", f"JSON nesting is deeper than {MAX_DEPTH} levels")
    return value


def _skip_ws(text: str, pos: int) -> int:
    n = len(text)
    while pos < n and text[pos] in " \t\n\r":
        pos += 1
    return pos


_TOKEN = re.compile(r"""
    [ \t\n\r]*
    (?:
      (?P<opens>\[{2,})
    | (?P<closes>\]{2,})
    | (?P<str>"(?:[^"\\\x00-\x1f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*")
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
        if kind == "opens":            # a run of k "[": k nested arrays opened at once
            if expect not in ("value", "value_or_close"):
                return -1
            stack.extend("[" * len(tok))
            expect = "value_or_close"
            continue
        if kind == "closes":           # a run of k "]": valid iff the k innermost containers are arrays
            k = len(tok)
            if expect not in ("value_or_close", "next") or len(stack) < k or stack[-k:].count("[") != k:
                return -1
            del stack[-k:]
            if not stack:
                return pos
            expect = "next"
            continue
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
