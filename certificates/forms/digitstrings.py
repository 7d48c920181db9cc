"""Lists of fixed-length digit strings (cap sets, progression-free sets in F_q^n, codes)."""
from __future__ import annotations

from typing import Any

from ..errors import AnswerError, describe

_DIGITS = "0123456789"


def check_string(value: Any, length: int, alphabet: str, where: str) -> str:
    """Return ``value`` if it is a string of ``length`` characters from ``alphabet``."""
    if type(value) is not str:
        raise AnswerError("FORMAT_TYPE", f"{where} must be a string of digits, got {describe(value)}",
                          {"at": where})
    if len(value) != length:
        raise AnswerError("FORMAT_SHAPE", f"{where} has length {len(value)}, expected {length}",
                          {"at": where, "length": len(value)})
    bad = value.strip(alphabet)
    if bad:
        ch = next(c for c in value if c not in alphabet)
        code = "RANGE" if ch in _DIGITS else "FORMAT_TYPE"
        raise AnswerError(code, f"{where} contains {ch!r}; allowed characters are {alphabet!r}",
                          {"at": where, "character": ch})
    return value


def check_string_list(value: Any, length: int, alphabet: str, max_items: int, what: str) -> tuple[str, ...]:
    """A non-empty JSON list of at most ``max_items`` digit strings of the given length and alphabet."""
    if type(value) is not list:
        raise AnswerError("FORMAT_TYPE", f"{what} must be a JSON list of strings, got {describe(value)}")
    if not value:
        raise AnswerError("EMPTY", f"{what} is empty")
    if len(value) > max_items:
        raise AnswerError("SIZE_LIMIT", f"{what} has {len(value):,} elements; at most {max_items:,} are accepted")
    if set(map(type, value)) == {str} and set(map(len, value)) == {length} and not "".join(value).strip(alphabet):
        return tuple(value)                  # the fast path (C-level loops): every item is well formed
    for i, item in enumerate(value):         # names the first fault
        check_string(item, length, alphabet, f"element {i}")
    return tuple(value)
