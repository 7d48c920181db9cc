"""The legacy ``{"linear": rows}`` form of ternary codes: the span of 1..8 generator rows over F_3.

The rows are strings over ``012`` of one length n. The span is expanded here (shared by both
verifiers, like every compact form): the rows are row-reduced over F_3 (dependent rows add nothing, so
the span has 3^r words for the rank r <= 8, at most 6,561), and the words are listed as
c_1 b_1 + ... + c_r b_r for the reduced basis b_1..b_r in lexicographic order of (c_1, ..., c_r)
(c_1 most significant). The words are distinct because the b_i are independent.

Vectors are bit-sliced into two Python integers (bit j of the first set iff coordinate j is 1, of the
second iff it is 2); sums are computed with the carry-free formula of ``_add``.
"""
from __future__ import annotations

from typing import Any

from ..errors import AnswerError, describe
from .digitstrings import check_string

MAX_ROWS = 8
ALPHABET = "012"


def _add(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    t = (a[0] | b[1]) ^ (a[1] | b[0])
    return (a[1] | b[1]) ^ t, (a[0] | b[0]) ^ t


def _neg(a: tuple[int, int]) -> tuple[int, int]:
    return a[1], a[0]


def _slices(word: str) -> tuple[int, int]:
    one = int(word.translate(_ONES), 2)
    two = int(word.translate(_TWOS), 2)
    return one, two


_ONES = str.maketrans("012", "010")
_TWOS = str.maketrans("012", "001")


def _text(v: tuple[int, int], n: int) -> str:
    """The string of the bit-sliced vector (bit n-1-j is coordinate j)."""
    digits = int(format(v[0], "b") or "0") + 2 * int(format(v[1], "b") or "0")
    return str(digits).zfill(n)


def check_rows(value: Any, n: int, max_rows: int, key: str) -> tuple[str, ...]:
    """1..max_rows strings of exactly n characters over 012 (the value of the key ``key``)."""
    if type(value) is not list:
        raise AnswerError("FORMAT_TYPE", f"'{key}' must be a JSON list of generator rows (strings), got {describe(value)}")
    if not value:
        raise AnswerError("EMPTY", f"'{key}' has no generator rows")
    if len(value) > max_rows:
        raise AnswerError("SIZE_LIMIT", f"'{key}' has {len(value)} rows; at most {max_rows} are accepted")
    return tuple(check_string(row, n, ALPHABET, f"'{key}' row {i}") for i, row in enumerate(value))


def reduced_basis(rows: tuple[str, ...]) -> list[tuple[int, int]]:
    """A reduced row echelon basis of the span of ``rows`` (bit-sliced), pivots from the left."""
    basis: list[tuple[int, tuple[int, int]]] = []          # (pivot bit, vector with 1 at the pivot)
    for row in rows:
        v = _slices(row)
        for bit, b in basis:
            if v[0] & bit:
                v = _add(v, _neg(b))
            elif v[1] & bit:
                v = _add(v, b)
        nz = v[0] | v[1]
        if not nz:
            continue
        bit = 1 << (nz.bit_length() - 1)                     # leftmost non-zero coordinate
        if v[1] & bit:
            v = _neg(v)
        reduced = []
        for pb, b in basis:
            if b[0] & bit:
                b = _add(b, _neg(v))
            elif b[1] & bit:
                b = _add(b, v)
            reduced.append((pb, b))
        basis = reduced + [(bit, v)]
    basis.sort(key=lambda item: -item[0])
    return [b for _, b in basis]


def expand(rows: tuple[str, ...], n: int) -> tuple[tuple[str, ...], int]:
    """(the words of the span, its rank r); 3^r <= 3^8 = 6,561 words."""
    if len(rows) > MAX_ROWS:                                # re-checked: expand() may be called on its own
        raise AnswerError("SIZE_LIMIT", f"at most {MAX_ROWS} generator rows are accepted")
    basis = reduced_basis(rows)
    span = [(0, 0)]
    for b in basis:
        twice = _neg(b)
        span = [w2 for w in span for w2 in (w, _add(w, b), _add(w, twice))]
    return tuple(_text(v, n) for v in span), len(basis)
