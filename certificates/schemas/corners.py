"""Answer schema of the ``corners`` family.

Params ``{"n": 1..MAX_N}`` (``MAX_N`` = 10^9, a sanity cap: coordinates, keys y * 2n + x and sums
fit int64; issue 21). The verifiers' work depends on the answer, not on n. A literal list holds at
most ``MAX_POINTS`` = 4,000,000 points (more than a 32 MiB answer can hold: the JSON size limit binds
first; it was 60,000 before issue 21's second pass).

Up to n = ``DENSE_N`` = 2,000 there is no work bound: the primary scans same-row pairs on a dense
grid, at most delta^2 n^3 / 2 for a set of density delta (1.2 * 10^8 at n = 2,000 needs delta > 0.17,
far denser than any known corner-free set; a set with a corner is rejected within the first pairs it
scans, the scan growing chunk by chunk), and the second uses n-bit row and column bitsets, O(N n / 64)
word operations whatever N is (about 3 s for 2.8 million points). Beyond, the primary scans the
same-line pairs of the cheapest of three corner-preserving views (rows, columns, anti-diagonals) with
sorted-key lookups, and the second walks the shorter line of every point; both costs are bounded
from the coordinates alone, before any scan (``_check_work``):
* a set whose rows, columns and anti-diagonals all hold more than ``MAX_PAIRS`` = 1.2 * 10^8
  same-line pairs (``pair_work``) is ``SIZE_LIMIT`` (about 12 s of CPU for the primary at the bound);
* a set of more than ``DENSE_POINTS`` = 60,000 points is ``SIZE_LIMIT`` when, for each of the three
  roles a point can play in a corner (corner point: partners in its row and column; right point
  (x + d, y): in its row and anti-diagonal; top point (x, y + d): in its column and anti-diagonal),
  the points' shorter lines of that role sum to more than ``MAX_LOOKUPS`` = 8 * 10^7
  (``role_lookups``: the second searches every point in the cheapest role, one set lookup per point
  of the shorter line, 100-175 ns each, so about 14 s at the bound; up to 60,000 points the corner
  role needs at most 2 N^(3/2) = 2.9 * 10^7). Issue 31: with the corner role alone the product set
  {1000 i} x {0..459} (211,600 points, 9.7 * 10^7 lookups) was refused; as right points its points
  need one lookup each (every anti-diagonal holds one point).
The public release scans every ordered same-row pair, 2 P_rows for P_rows unordered same-row pairs:
the pair bound refuses only sets with more than 2.4 * 10^8 ordered pairs in every view. The lookup
bound can refuse only a set whose rows, columns and anti-diagonals are all long (a role's lookups are
at most 2 P + N for P the same-line pairs of either of its lines) with between 0.8 and 2.4 * 10^8
ordered same-row pairs and more than 60,000 points, which the public release may still scan in its
60 s; such sets were refused outright by the former 60,000-point cap.

Accepted forms (docs/SPECIFICATION.md 3.7):
* a JSON list of 1..``MAX_POINTS`` points, each a JSON list ``[x, y]`` of two strict JSON
  integers with 0 <= x, y <= n-1 (order of the points does not matter);
* ``{"diff_set": D}`` (exactly that key), expanded by ``endless_exam.certificates.forms.diffset`` over the
  difference range [-(n-1), n-1]: all grid points with x - y in D, at most 60,000 points
  (``EXPANSION_LIMIT``, counted before any point is built; the benchmark's expansion limit).
The result holds the points in submission (or expansion) order, flattened into ``coords`` (x0, y0,
x1, y1, ...; the pairs themselves are ``points``, made on first use); witness indices refer to that
order. Duplicates and corners are decided by the verifiers, not here.
"""
from __future__ import annotations

import functools
import operator
from collections import Counter
from dataclasses import dataclass
from itertools import chain, compress
from typing import Any

from ..errors import AnswerError, describe
from ..forms import diffset, intvectors
from ..params import exact_keys, int_in
from ..witness import Indexed, int_list

MAX_N = 10 ** 9
MAX_POINTS = 4_000_000
DENSE_N = 2000          # up to this n the verifiers use dense grids and bitsets
DENSE_POINTS = 60_000   # up to this many points on such a grid no work bound is needed (N n / 2 <= 6 * 10^7 pairs)
MAX_PAIRS = 120_000_000
MAX_LOOKUPS = 80_000_000
LIMITS = {"MAX_POINTS": MAX_POINTS, "MAX_N": MAX_N, "POINT_LIMIT": diffset.POINT_LIMIT, "MAX_PAIRS": MAX_PAIRS,
          "MAX_LOOKUPS": MAX_LOOKUPS}
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

    @functools.cached_property
    def line_counts(self) -> tuple[Counter, Counter, Counter]:
        """Points per row (y), per column (x) and per anti-diagonal (x + y), counted once."""
        return _line_counts(self.coords)

    @functools.cached_property
    def lookups(self) -> tuple[int, int, int]:
        """``role_lookups`` of the points (computed once, by the bound or by the second verifier)."""
        return role_lookups(self.coords, *self.line_counts)

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


def _line_counts(coords: tuple[int, ...]) -> tuple[Counter, Counter, Counter]:
    xs, ys = coords[0::2], coords[1::2]
    return Counter(ys), Counter(xs), Counter(map(operator.add, xs, ys))


def _pairs(counts: Counter) -> int:
    """Sum of C(c, 2) over the line sizes c: (sum of c^2 - sum of c) / 2."""
    sizes = counts.values()
    return (sum(map(operator.mul, sizes, sizes)) - sum(sizes)) // 2


def pair_work(coords: tuple[int, ...]) -> int:
    """The fewest same-line pairs over rows (equal y), columns (equal x) and anti-diagonals (equal x + y)."""
    return min(map(_pairs, _line_counts(coords)))


def role_lookups(coords: tuple[int, ...], rows: Counter | None = None, cols: Counter | None = None,
                 anti: Counter | None = None) -> tuple[int, int, int]:
    """The second verifier's set lookups for each of the three roles a point can play in a corner
    (x, y), (x + d, y), (x, y + d): as the corner point its partners lie in its row and its column, as
    the right point (x + d, y) in its row and its anti-diagonal, as the top point (x, y + d) in its
    column and its anti-diagonal; searching every point in one role walks, for every point, the
    shorter of that role's two lines. Returns (sum of min(row, column), sum of min(row, anti-diagonal),
    sum of min(column, anti-diagonal)) over the points."""
    xs, ys = coords[0::2], coords[1::2]
    rows = Counter(ys) if rows is None else rows
    cols = Counter(xs) if cols is None else cols
    sums = list(map(operator.add, xs, ys))
    anti = Counter(sums) if anti is None else anti
    points = len(xs)
    # min(a, b) = 1 for a point alone on one of the two lines: only the points on two lines of at least
    # two points each add more, so the sums are N plus a pass over the points of long lines (C loops)
    long_rows = {key for key, c in rows.items() if c > 1}
    long_cols = {key for key, c in cols.items() if c > 1}

    def extra(keys_a, keys_b, count_a, count_b, long_a) -> int:
        on = list(map(long_a.__contains__, keys_a))
        a, b = list(compress(keys_a, on)), list(compress(keys_b, on))
        return sum(map(min, map(count_a.__getitem__, a), map(count_b.__getitem__, b))) - len(a)

    return (points + extra(ys, xs, rows, cols, long_rows), points + extra(ys, sums, rows, anti, long_rows),
            points + extra(xs, sums, cols, anti, long_cols))


def lookup_work(coords: tuple[int, ...], rows: Counter | None = None, cols: Counter | None = None,
                anti: Counter | None = None) -> int:
    """The second's lookups in its cheapest role (``role_lookups``), the quantity ``MAX_LOOKUPS`` bounds."""
    return min(role_lookups(coords, rows, cols, anti))


def _check_work(parsed: CornersAnswer) -> CornersAnswer:
    points = len(parsed.coords) // 2
    if parsed.n <= DENSE_N:                  # dense grids and bitsets: no bound (the module docstring)
        return parsed
    rows, cols, anti = parsed.line_counts
    by_row, by_col, by_anti = _pairs(rows), _pairs(cols), _pairs(anti)
    pairs = min(by_row, by_col, by_anti)
    if pairs > MAX_PAIRS:
        raise AnswerError("SIZE_LIMIT", f"the set's rows, columns and anti-diagonals all hold too many pairs of "
                          f"points to check in the time limit: the fewest is {pairs:,} > {MAX_PAIRS:,}")
    # a role's lookups are at most the sum over the points of one of its lines' sizes, 2 pairs + N
    if points > DENSE_POINTS and 2 * pairs + points > MAX_LOOKUPS:
        lookups = min(parsed.lookups)
        if lookups > MAX_LOOKUPS:
            raise AnswerError("SIZE_LIMIT", f"for each of the three roles of a point in a corner, its two lines "
                              f"(row and column, row and anti-diagonal, column and anti-diagonal) have shorter "
                              f"ones holding more than {MAX_LOOKUPS:,} points in all (the fewest: {lookups:,})")
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
