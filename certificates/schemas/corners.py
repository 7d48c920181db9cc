"""Answer schema of the ``corners`` family.

Params ``{"n": 1..MAX_N}`` (``MAX_N`` = 10^9, a sanity cap: coordinates, keys y * 2n + x and sums
fit int64; issue 21). The verifiers' work depends on the answer (at most 60,000 points), not on n: up
to n = 2,000 the primary scans same-row pairs on a dense grid and the second uses n-bit row and
column bitsets, as before; beyond, the primary scans the same-line pairs of the cheapest of three
corner-preserving views (rows, columns, anti-diagonals) with sorted-key lookups, and the second walks
the shorter line of every point (at most 2 N^(3/2) lookups). The primary's pair count is bounded from
the coordinates alone, before any scan (``pair_work``): a set (n > 2,000) whose rows, columns and
anti-diagonals all hold more than ``MAX_PAIRS`` = 1.2 * 10^8 same-line pairs is ``SIZE_LIMIT``
(about 12 s of CPU for the primary at the bound; the public release scans every ordered same-row
pair, at least twice as many, 2.4 * 10^8).

Accepted forms (docs/SPECIFICATION.md 3.7):
* a JSON list of 1..``MAX_POINTS`` (60,000) points, each a JSON list ``[x, y]`` of two strict JSON
  integers with 0 <= x, y <= n-1 (order of the points does not matter);
* ``{"diff_set": D}`` (exactly that key), expanded by ``endless_exam.certificates.forms.diffset`` over the
  difference range [-(n-1), n-1]: all grid points with x - y in D, at most 60,000 points
  (``EXPANSION_LIMIT``, counted before any point is built).
The result holds the points in submission (or expansion) order, flattened into ``coords`` (x0, y0,
x1, y1, ...; the pairs themselves are ``points``, made on first use); witness indices refer to that
order. Duplicates and corners are decided by the verifiers, not here.
"""
from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from itertools import chain
from typing import Any

from ..errors import AnswerError, describe
from ..forms import diffset, intvectors
from ..params import exact_keys, int_in
from ..witness import Indexed, int_list

MAX_N = 10 ** 9
MAX_POINTS = 60_000
DENSE_N = 2000          # up to this n the verifiers use dense grids and bitsets (and need no pair bound)
MAX_PAIRS = 120_000_000
LIMITS = {"MAX_POINTS": MAX_POINTS, "MAX_N": MAX_N, "POINT_LIMIT": diffset.POINT_LIMIT, "MAX_PAIRS": MAX_PAIRS}
WITNESSES = (
    Indexed("duplicate", "DUPLICATE", arity=2, echo="point", echo_one=True),
    # (x, y), (x + d, y), (x, y + d) at the indices, d != 0
    Indexed("corner", "PROPERTY_VIOLATION", arity=3, fields={"corner": int_list(3)}),
)


def validate_params(params: Any) -> dict:
    """``{"n": 1..10^9}``."""
    return {"n": int_in(exact_keys(params, {"n"}), "n", 1, MAX_N)}


@dataclass(frozen=True)
class CornersAnswer:
    """The grid size and the points' coordinates flattened, x0, y0, x1, y1, ... (the fast path of the
    parse builds that list anyway, and the verifiers lay their arrays out from it); ``points``, the
    (x, y) pairs in the same order, is made from them when first asked for."""
    n: int
    coords: tuple[int, ...]

    @functools.cached_property
    def points(self) -> tuple[tuple[int, int], ...]:
        return tuple(zip(self.coords[0::2], self.coords[1::2]))

    @classmethod
    def of(cls, n: int, points: tuple[tuple[int, int], ...]) -> "CornersAnswer":
        """The answer of these points (``points`` is kept as the pairs)."""
        answer = cls(n, tuple(chain.from_iterable(points)))
        answer.__dict__["points"] = points          # what cached_property stores (a frozen dataclass has no setter)
        return answer


def _check_points(value: list, n: int) -> CornersAnswer:
    if not value:
        raise AnswerError("EMPTY", "the point list is empty")
    if len(value) > MAX_POINTS:
        raise AnswerError("SIZE_LIMIT", f"the point list has {len(value):,} points; at most {MAX_POINTS:,} are accepted")
    flat = intvectors.flat_ints(value, 2, 0, n - 1)
    if flat is not None:
        return CornersAnswer(n, tuple(flat))
    out = []
    for i, p in enumerate(value):                          # names the first fault
        if type(p) is not list:
            raise AnswerError("FORMAT_TYPE", f"point {i} must be a JSON list [x, y], got {describe(p)}", {"at": i})
        if len(p) != 2:
            raise AnswerError("FORMAT_SHAPE", f"point {i} has {len(p)} entries, expected 2 ([x, y])", {"at": i})
        x, y = p
        for c in (x, y):
            if type(c) is not int:
                raise AnswerError("FORMAT_TYPE", f"point {i} has a coordinate that is not a JSON integer: {describe(c)}",
                                  {"at": i})
        for c in (x, y):
            if not 0 <= c < n:
                raise AnswerError("RANGE", f"point {i} = [{x}, {y}] lies outside the grid 0..{n - 1}", {"at": i})
        out.append((x, y))
    return CornersAnswer.of(n, tuple(out))


def pair_work(coords: tuple[int, ...]) -> int:
    """The fewest same-line pairs over rows (equal y), columns (equal x) and anti-diagonals (equal x + y)."""
    out = []
    for key in (lambda x, y: y, lambda x, y: x, lambda x, y: x + y):
        counts = Counter(map(key, coords[0::2], coords[1::2]))
        out.append(sum(c * (c - 1) // 2 for c in counts.values()))
    return min(out)


def _check_work(parsed: CornersAnswer) -> CornersAnswer:
    if parsed.n > DENSE_N:
        pairs = pair_work(parsed.coords)
        if pairs > MAX_PAIRS:
            raise AnswerError("SIZE_LIMIT", f"the set's rows, columns and anti-diagonals all hold too many pairs of "
                              f"points to check in the time limit: the fewest is {pairs:,} > {MAX_PAIRS:,}")
    return parsed


def parse(answer: Any, params: dict) -> CornersAnswer:
    n = params["n"]
    if type(answer) is dict:
        if set(answer) != {"diff_set"}:
            keys = sorted(answer)[:5]
            raise AnswerError("FORMAT_SHAPE", f"a corners object must have exactly the key 'diff_set', got {keys}")
        return _check_work(CornersAnswer.of(n, diffset.check(answer["diff_set"], n)))
    if type(answer) is list:
        return _check_work(_check_points(answer, n))
    raise AnswerError("FORMAT_TYPE", f"a corners answer must be a list of [x, y] points or a diff_set object, "
                      f"got {describe(answer)}")


def size(parsed: CornersAnswer) -> int:
    return len(parsed.coords) // 2


def item(parsed: CornersAnswer, i: int) -> list[int]:
    return list(parsed.coords[2 * i:2 * i + 2])
