"""The fast path of strict parsing for lists of integer vectors (points, coordinate lists, factors).

``flat_ints(answer, length, lo, hi)`` returns, with loops that run in C (``map``, ``set``,
``chain``), the coordinates of ``answer`` flattened into one list (item 0's, then item 1's, ...)
when every item is a JSON list of exactly ``length`` JSON integers (type ``int`` exactly, so no
booleans or floats) in lo..hi, and ``None`` otherwise; ``well_formed`` is the same test as a bool,
and ``ints_in(values, lo, hi)`` the test on a flat list alone. A schema takes its fast path when the
test holds and otherwise runs its own item-by-item checks, which name the first fault; both paths
accept the same answers.

The range is read off the set of distinct values (one hashing pass, then ``min`` and ``max`` over
the few distinct values), which is exact only because the types have been checked first: in a set
``True`` and ``1.0`` would stand for ``1``.
"""
from __future__ import annotations

from itertools import chain


def ints_in(values: list, lo: int, hi: int) -> bool:
    """Is every element of the list ``values`` a JSON integer (``type(x) is int``) in lo..hi? (True
    for an empty list.)"""
    if not values:
        return True
    if list(map(type, values)).count(int) != len(values):     # faster than a set of the types
        return False
    distinct = set(values)
    return min(distinct) >= lo and max(distinct) <= hi


def flat_ints(answer: list | tuple, length: int, lo: int, hi: int) -> list[int] | None:
    """All coordinates in item order when every item of the non-empty ``answer`` is a list of
    ``length`` integers in lo..hi, else None."""
    if not answer or set(map(type, answer)) != {list} or set(map(len, answer)) != {length}:
        return None
    flat = list(chain.from_iterable(answer))
    return flat if ints_in(flat, lo, hi) else None


def well_formed(answer: list | tuple, length: int, lo: int, hi: int) -> bool:
    return flat_ints(answer, length, lo, hi) is not None
