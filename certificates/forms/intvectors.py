"""The fast path of strict parsing for lists of integer vectors (points, coordinate lists).

``well_formed(answer, length, lo, hi)`` says, with loops that run in C (``map``, ``set``, ``min``,
``max``), whether every item of ``answer`` is a JSON list of exactly ``length`` JSON integers (type
``int`` exactly, so no booleans or floats) in lo..hi. A schema takes its fast path when it holds and
otherwise runs its own item-by-item checks, which name the first fault; both paths accept the same
answers.
"""
from __future__ import annotations

from itertools import chain


def well_formed(answer: list | tuple, length: int, lo: int, hi: int) -> bool:
    if not answer or set(map(type, answer)) != {list} or set(map(len, answer)) != {length}:
        return False
    if length == 0:
        return True
    flat = list(chain.from_iterable(answer))
    return set(map(type, flat)) == {int} and min(flat) >= lo and max(flat) <= hi
