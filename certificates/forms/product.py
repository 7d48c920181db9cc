"""The ``product`` compact form: all concatenations of one string from each factor, in factor order.

The expanded size is the product of the factor sizes; it is computed, and compared with the limit,
before any expanded string is built, so an expansion bomb costs nothing.
"""
from __future__ import annotations

import itertools
from typing import Any

from ..errors import AnswerError, describe
from .digitstrings import check_string

EXPANSION_LIMIT = 60_000


def check_factors(value: Any, total_length: int, alphabet: str) -> list[tuple[str, ...]]:
    """Validate ``[S1, S2, ...]``: non-empty lists of equal-length strings whose lengths sum to ``total_length``."""
    if type(value) is not list:
        raise AnswerError("FORMAT_TYPE", f"'product' must be a JSON list of factors, got {describe(value)}")
    if not value:
        raise AnswerError("EMPTY", "'product' has no factors")
    if len(value) > total_length:
        raise AnswerError("FORMAT_SHAPE", f"'product' has {len(value)} factors but the dimension is {total_length}"
                          " (every factor has length at least 1)")
    factors: list[tuple[str, ...]] = []
    size = 1
    used = 0
    for f, factor in enumerate(value):
        if type(factor) is not list:
            raise AnswerError("FORMAT_TYPE", f"product factor {f} must be a JSON list of strings, got {describe(factor)}")
        if not factor:
            raise AnswerError("EMPTY", f"product factor {f} is empty")
        if len(factor) > EXPANSION_LIMIT:
            raise AnswerError("EXPANSION_LIMIT", f"product factor {f} alone has {len(factor):,} strings"
                              f" > {EXPANSION_LIMIT:,}")
        first = factor[0]
        if type(first) is not str:
            raise AnswerError("FORMAT_TYPE", f"product factor {f} element 0 must be a string, got {describe(first)}")
        width = len(first)
        if width == 0:
            raise AnswerError("FORMAT_SHAPE", f"product factor {f} has strings of length 0")
        used += width
        if used > total_length:
            raise AnswerError("FORMAT_SHAPE", f"product factor lengths exceed the dimension {total_length}")
        for i, item in enumerate(factor):
            check_string(item, width, alphabet, f"product factor {f} element {i}")
        size *= len(factor)
        if size > EXPANSION_LIMIT:
            raise AnswerError("EXPANSION_LIMIT", f"product expands to more than {EXPANSION_LIMIT:,} strings"
                              f" (at least {size:,} after factor {f})")
        factors.append(tuple(factor))
    if used != total_length:
        raise AnswerError("FORMAT_SHAPE", f"product factor lengths sum to {used}, expected {total_length}")
    return factors


def expansion_size(factors: list[tuple[str, ...]]) -> int:
    size = 1
    for factor in factors:
        size *= len(factor)
    return size


def expand(factors: list[tuple[str, ...]]) -> tuple[str, ...]:
    """All concatenations, first factor most significant (lexicographic in factor order)."""
    if expansion_size(factors) > EXPANSION_LIMIT:  # re-checked: expand() may be called on its own
        raise AnswerError("EXPANSION_LIMIT", f"product expands to more than {EXPANSION_LIMIT:,} strings")
    return tuple("".join(parts) for parts in itertools.product(*factors))
