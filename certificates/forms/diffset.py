"""The difference-set form of grid sets: ``{"diff_set": D}`` (docs/SPECIFICATION.md 3.7, UPSTREAM_NOTES 2.0).

D is either a JSON list of integers or a digit spec (``endless_exam.certificates.forms.digits``). It stands for
all grid points (x, y) in {0..n-1}^2 with x - y in D.

* A literal D: 1..``POINT_LIMIT`` entries (each entry describes at least one point, so a longer list
  is an ``EXPANSION_LIMIT`` without looking further), every entry a strict JSON integer in
  [-(n-1), n-1] (``FORMAT_TYPE`` / ``RANGE``). The order is kept and a repeated entry is kept too:
  it describes its diagonal twice, so the expanded list holds those points twice and the verifiers
  reject it as ``DUPLICATE`` with a witness (two indices of the same point).
* A digit spec: expanded with the spec's own limits, then the elements in [-(n-1), n-1] are kept,
  sorted and de-duplicated; none left -> ``EMPTY``.

The diagonal x - y = d holds n - |d| grid points, so the point count sum_{d in D} (n - |d|) is known
before any point is built; more than ``POINT_LIMIT`` (60,000) -> ``EXPANSION_LIMIT``.
Expansion order: the entries of D in order; on each diagonal, increasing x.
"""
from __future__ import annotations

from typing import Any

from ..errors import AnswerError, describe
from . import digits

POINT_LIMIT = 60_000


def check_diffs(value: Any, n: int) -> tuple[int, ...]:
    """The differences described by D (literal order and repeats kept; digit specs sorted, distinct)."""
    lo, hi = -(n - 1), n - 1
    if type(value) is list:
        if not value:
            raise AnswerError("EMPTY", "diff_set is an empty list")
        if len(value) > POINT_LIMIT:
            raise AnswerError("EXPANSION_LIMIT", f"diff_set lists {len(value):,} differences; each describes at "
                              f"least one point and at most {POINT_LIMIT:,} points are accepted")
        for i, d in enumerate(value):
            if type(d) is not int:
                raise AnswerError("FORMAT_TYPE", f"diff_set[{i}] must be a JSON integer, got {describe(d)}",
                                  {"at": i})
            if not lo <= d <= hi:
                raise AnswerError("RANGE", f"diff_set[{i}] = {d} is outside {lo}..{hi}", {"at": i})
        return tuple(value)
    if type(value) is dict:
        spec = digits.check_spec(value, "the diff_set digit spec")
        diffs = digits.expand(spec, lo, hi)
        if not diffs:
            raise AnswerError("EMPTY", f"the diff_set digit spec has no element in {lo}..{hi}")
        return diffs
    raise AnswerError("FORMAT_TYPE", f"diff_set must be a JSON list of integers or a digit spec object, "
                      f"got {describe(value)}")


def point_count(diffs: tuple[int, ...], n: int) -> int:
    return sum(n - abs(d) for d in diffs)


def expand(diffs: tuple[int, ...], n: int) -> tuple[tuple[int, int], ...]:
    """All grid points with x - y in D; the count is checked against the limit before building."""
    total = point_count(diffs, n)
    if total > POINT_LIMIT:
        raise AnswerError("EXPANSION_LIMIT", f"diff_set describes {total:,} grid points; at most "
                          f"{POINT_LIMIT:,} are accepted")
    points: list[tuple[int, int]] = []
    for d in diffs:
        start = d if d >= 0 else 0
        points.extend((x, x - d) for x in range(start, n + min(d, 0)))
    return tuple(points)


def check(value: Any, n: int) -> tuple[tuple[int, int], ...]:
    return expand(check_diffs(value, n), n)
