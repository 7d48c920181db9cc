"""Second check of the ``corners`` family (independent of ``endless_exam.checker.families.corners``).

Checked: the points (shared schema ``endless_exam.certificates.schemas.corners``) are distinct, and no point p = (x, y) of
the set is the corner point of a corner, i.e. there is no d != 0 with (x + d, y) and (x, y + d) both
in the set. Every corner has exactly one corner point, so examining every point this way finds every
corner. This works point by point on offset sets, whereas the primary forms same-row pairs.

Path: plain Python integers used as bitsets (neither sympy nor z3 can examine hundreds of thousands of
points with up to 2000 offsets each in the time limit). For every row y the integer ROW[y] has bit n - 1 + x set iff
(x, y) is in the set, and for every column x, COL[x] has bit n - 1 + y set iff (x, y) is in the set
(the rows and columns shifted up by n - 1). For a point (x, y), bit n - 1 + d of ROW[y] >> x says
(x + d, y) is present and bit n - 1 + d of COL[x] >> y says (x, y + d) is present, for every d in
-(n - 1)..n - 1; so A = (ROW[y] >> x) & (COL[x] >> y) has bit n - 1 (d = 0: the point itself) and
a further bit exactly for each d != 0 that makes a corner with corner point (x, y). Bits above n - 1
are the d > 0, bits below the d < 0; the witness takes the smallest |d|, the positive one on a tie.
The cost is O(N n / 64) word operations. The bits are laid out in an n x (2n - 1) boolean grid
(numpy) and packed into the integers row by row. Distinctness: the points are distinct iff they set
as many cells of the row grid as there are points (only then is a repeated point looked for, to name
it).
For n > 2,000 (issue 21: n is bounded only by 10^9) the bitsets would have n bits per line, so
``_sparse_first_corner`` does the same per-point search on Python sets of the lines' coordinates,
walking the shorter line of each point: at most 2 N^(3/2) lookups whatever n is.
The z3 formal oracle lives in ``endless_exam.crosscheck.oracle.corners``.

Libraries: plain Python (integer bitsets and shifts, a dict to name a repeated point); numpy lays out
the bits of the bitsets, counts the filled cells and finds the answer index of a point of the witness.
"""
from __future__ import annotations

import itertools
from collections import Counter

import numpy as np

from endless_exam.certificates.schemas import corners as schema
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

from ._repeats import duplicate

LIBRARIES = ("numpy",)   # distributions this verifier's process loads for the family



def _bitsets(grid: np.ndarray) -> list[int]:
    """Row r of the boolean array as an integer with bit x set iff grid[r, x] (``numpy.packbits``, little
    endian: bit i of byte k is position 8 k + i)."""
    packed = np.packbits(grid, axis=1, bitorder="little")
    return [int.from_bytes(row.tobytes(), "little") for row in packed]


class _Layout:
    """The points as numpy coordinate arrays, the row and column bitsets, and how many distinct cells
    they fill (fewer than the points: there is a duplicate)."""

    def __init__(self, points: tuple[tuple[int, int], ...], n: int, coords: tuple[int, ...] = ()):
        stream = coords if coords else itertools.chain.from_iterable(points)
        flat = np.fromiter(stream, dtype=np.int64, count=len(coords) if coords else 2 * len(points))
        self.xs, self.ys = flat[0::2], flat[1::2]
        rows = np.zeros((n, 2 * n - 1), dtype=np.bool_)          # rows[y, n - 1 + x]: (x, y) in the set
        rows[self.ys, n - 1 + self.xs] = True
        self.cells = int(np.count_nonzero(rows))
        self.rows, self.n = rows, n

    def bitsets(self) -> tuple[list[int], list[int]]:
        n = self.n
        cols = np.zeros((n, 2 * n - 1), dtype=np.bool_)          # cols[x, n - 1 + y]: (x, y) in the set
        cols[self.xs, n - 1 + self.ys] = True
        return _bitsets(self.rows), _bitsets(cols)

    def index(self, x: int, y: int) -> int:
        """The answer index of the point (x, y) of the set (the points are distinct)."""
        at = np.flatnonzero((self.xs == x) & (self.ys == y))
        if len(at) != 1:
            raise RuntimeError("corners self-check failed: a point of a corner is not in the set once")
        return int(at[0])


def _first_corner(coords: tuple[int, ...], layout: _Layout) -> tuple[int, int, int, int] | None:
    """The first corner point in answer order, from the flattened coordinates x0, y0, x1, y1, ..."""
    n = layout.n
    row, col = layout.bitsets()
    itself = 1 << (n - 1)
    for t, x, y in zip(itertools.count(), coords[0::2], coords[1::2]):
        both = (row[y] >> x) & (col[x] >> y)
        if both != itself:
            pos = both >> n                                   # bit d - 1 for d > 0
            neg = both & (itself - 1)                         # bit n - 1 - u for d = -u < 0
            dp = (pos & -pos).bit_length() if pos else None   # the smallest d > 0
            dn = n - neg.bit_length() if neg else None        # the smallest u > 0
            d = dp if dn is None or (dp is not None and dp <= dn) else -dn
            return t, layout.index(x + d, y), layout.index(x, y + d), d
    return None


BITSET_N = 2000   # up to this n the row and column bitsets above; beyond, the sparse lines below


def _sparse_first_corner(coords: tuple[int, ...]) -> tuple[int, int, int, int] | None:
    """The same search without bitsets, for large grids: for each point (x, y), in answer order, the
    shorter of its row and its column is walked, and the offset d to each other point of it is tested
    against the other line's set (a row point (x + d, y) needs y + d in column x, a column point
    (x, y + d) needs x + d in row y). The corner point of a corner has its two partners in those two
    lines, so every corner is found at its corner point; a point alone in its row or in its column is
    the corner point of no corner and is passed over (its lines are not even stored). Cost: sum over
    the points of min(row, column) set lookups, at most 2 N^(3/2) whatever n is (a point with both
    lines longer than sqrt(N) lies in one of fewer than sqrt(N) long rows and sqrt(N) long columns),
    and bounded by the schema (``MAX_LOOKUPS``) beyond 60,000 points. The witness is as in the bitset
    path: the first corner point in answer order, its smallest |d|, positive on a tie."""
    xs, ys = coords[0::2], coords[1::2]
    in_row, in_col = Counter(ys), Counter(xs)
    rows = {y: set() for y, c in in_row.items() if c > 1}
    cols = {x: set() for x, c in in_col.items() if c > 1}
    for x, y in zip(xs, ys):
        row, col = rows.get(y), cols.get(x)
        if row is not None:
            row.add(x)
        if col is not None:
            col.add(y)
    for t, x, y in zip(itertools.count(), xs, ys):
        row, col = rows.get(y), cols.get(x)
        if row is None or col is None:
            continue
        # the row point (x + d, y) meets column x at y + d, the column point (x, y + d) meets row y at x + d;
        # the set intersection runs the walk at C speed; the point itself (d = 0) is always a hit
        if len(row) <= len(col):
            hits, at = col.intersection(map((y - x).__add__, row)), y
        else:
            hits, at = row.intersection(map((x - y).__add__, col)), x
        if len(hits) > 1:
            d = min((w - at for w in hits if w != at), key=lambda e: (abs(e), e < 0))
            return t, _position(coords, x + d, y), _position(coords, x, y + d), d
    return None


def _position(coords: tuple[int, ...], x: int, y: int) -> int:
    """The answer index of the point (x, y) (the points are distinct)."""
    for t, (a, b) in enumerate(zip(coords[0::2], coords[1::2])):
        if a == x and b == y:
            return t
    raise RuntimeError("corners self-check failed: a point of a corner is not in the set")


def find_corner(points: tuple[tuple[int, int], ...], n: int, coords: tuple[int, ...] = ()) -> tuple[int, int, int, int] | None:
    """(i, j, k, d) for the first point (in answer order) that is a corner point; points distinct."""
    coords = coords or tuple(itertools.chain.from_iterable(points))
    if n > BITSET_N:
        return _sparse_first_corner(coords)
    return _first_corner(coords, _Layout(points, n, coords))


def check(parsed: schema.CornersAnswer) -> Verdict:
    n, coords = parsed.n, parsed.coords
    size = len(coords) // 2
    if n > BITSET_N:
        if len(set(zip(coords[0::2], coords[1::2]))) != size:          # only then name the repeated point
            dup = duplicate(parsed.points, list)
            if dup is None:
                raise RuntimeError("corners self-check failed: fewer distinct points than points but no repeat")
            return dup
        hit = _sparse_first_corner(coords)
    else:
        layout = _Layout((), n, coords)
        if layout.cells != size:                              # two points share a cell
            dup = duplicate(parsed.points, list)
            if dup is not None:
                return dup
            raise RuntimeError("corners self-check failed: fewer cells than points but no repeated point")
        hit = _first_corner(coords, layout)
    if hit is not None:
        i, j, k, d = hit
        x, y = coords[2 * i:2 * i + 2]
        return reject("PROPERTY_VIOLATION",
                      f"corner: ({x}, {y}), ({x + d}, {y}), ({x}, {y + d}) with d = {d} (indices {i}, {j}, {k})",
                      {"corner": [x, y, d], "indices": [i, j, k]})
    return accept(size, f"corner-free set of {size} points in the {n} x {n} grid")


def confirm(parsed: schema.CornersAnswer, w: Witness) -> tuple[bool, str]:
    """Re-check the primary's witness in plain Python (its syntax is already checked)."""
    points = parsed.points
    if w.kind == "duplicate":
        a, b = (points[t] for t in w.indices)
        return a == b, "duplicate confirmed" if a == b else "the indexed points are not the same"
    x, y, d = w["corner"]
    p, q, r = (points[t] for t in w.indices)
    ok = d != 0 and p == (x, y) and q[0] - p[0] == d and q[1] == p[1] and r[0] == p[0] and r[1] - p[1] == d
    return ok, "corner confirmed" if ok else "the indexed points are not the stated corner"
