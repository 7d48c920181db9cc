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
walking the shorter line of each point, in the cheapest of the three roles a point plays in a corner
(corner point: its row and column; right point: its row and anti-diagonal; top point: its column and
anti-diagonal), the cost ``schema.role_lookups`` that the schema bounds (issue 31).
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


ROLES = ("corner", "right", "top")   # the role searched, in the order of ``schema.role_lookups``
WALKED = [0]                         # points walked by the last ``_sparse_first_corner`` (the tests' work count)


def _lines(keys, values, needed) -> dict:
    """{key: set of the values of its points} for the keys whose line holds at least two points."""
    lines = {key: set() for key, c in needed.items() if c > 1}
    for key, value in zip(keys, values):
        line = lines.get(key)
        if line is not None:
            line.add(value)
    return lines


def _sparse_first_corner(coords: tuple[int, ...], role: str = "corner",
                         counts: tuple[Counter, Counter, Counter] | None = None) -> tuple[int, int, int, int] | None:
    """The same search without bitsets, for large grids: every point, in answer order, is tested in one
    role of a corner (x, y), (x + d, y), (x, y + d) by walking the shorter of the role's two lines
    through it and testing each point met against the other line's set (Python sets, the walk inside
    ``set.intersection``):
    * "corner": the point is (x, y); a row point (x + d, y) needs y + d in column x, a column point
      (x, y + d) needs x + d in row y;
    * "right": the point is (x + d, y) = (a, b); the corner point (x, b) lies in its row and the top
      point (x, a + b - x) on its anti-diagonal a + b = x + (y + d): x in both lines' x sets, x != a;
    * "top": the point is (x, y + d) = (a, b); the corner point (a, y) lies in its column and the right
      point (a + b - y, y) on its anti-diagonal: y in both lines' y sets, y != b.
    Every corner has exactly one point of each role, so a search of all points in any one role finds
    every corner; a point alone on one of the role's lines plays that role in no corner and is passed
    over. Cost: the sum over the points of the shorter line of the role (``schema.role_lookups``; the
    corner role needs at most 2 N^(3/2) whatever n is: a point with both lines longer than sqrt(N) lies
    in one of fewer than sqrt(N) long rows and sqrt(N) long columns); ``check`` takes the cheapest role,
    and the schema refuses (``MAX_LOOKUPS``) a set of more than 60,000 points whose cheapest role costs
    more. The witness: the first point in answer order that plays the role in a corner, the corner with
    its smallest |d|, positive on a tie; (corner point, right point, top point, d) as indices."""
    xs, ys = coords[0::2], coords[1::2]
    WALKED[0] = 0
    in_row, in_col, in_anti = counts if counts is not None else (Counter(ys), Counter(xs), None)
    if role == "corner":
        rows = _lines(ys, xs, in_row)
        cols = _lines(xs, ys, in_col)
        for t, x, y in zip(itertools.count(), xs, ys):
            row, col = rows.get(y), cols.get(x)
            if row is None or col is None:
                continue
            WALKED[0] += min(len(row), len(col))
            # the row point (x + d, y) meets column x at y + d, the column point (x, y + d) meets row y at
            # x + d; the point itself (d = 0) is always a hit
            if len(row) <= len(col):
                hits, at = col.intersection(map((y - x).__add__, row)), y
            else:
                hits, at = row.intersection(map((x - y).__add__, col)), x
            if len(hits) > 1:
                d = min((w - at for w in hits if w != at), key=lambda e: (abs(e), e < 0))
                return t, _position(coords, x + d, y), _position(coords, x, y + d), d
        return None
    sums = list(map(int.__add__, xs, ys))
    own, mine = (ys, xs) if role == "right" else (xs, ys)      # the role's other line: row (right) or column (top)
    lines = _lines(own, mine, in_row if role == "right" else in_col)
    anti = _lines(sums, mine, Counter(sums) if in_anti is None else in_anti)
    for t, a, b, s_ in zip(itertools.count(), xs, ys, sums):
        key, value = (b, a) if role == "right" else (a, b)
        line, diag = lines.get(key), anti.get(s_)
        if line is None or diag is None:
            continue
        WALKED[0] += min(len(line), len(diag))
        hits = line.intersection(diag) if len(line) <= len(diag) else diag.intersection(line)
        if len(hits) > 1:
            d = min((value - w for w in hits if w != value), key=lambda e: (abs(e), e < 0))
            if role == "right":                                  # corner (a - d, b), top (a - d, b + d)
                x, y = a - d, b
                return _position(coords, x, y), t, _position(coords, x, y + d), d
            x, y = a, b - d                                      # top: corner (a, b - d), right (a + d, b - d)
            return _position(coords, x, y), _position(coords, x + d, y), t, d
    return None


def cheapest_role(parsed: schema.CornersAnswer) -> str:
    """The role with the fewest lookups (``parsed.lookups`` = ``schema.role_lookups``, the cost the schema
    bounds beyond ``DENSE_POINTS`` points); the corner role on a tie, and always up to ``DENSE_POINTS``
    points (then at most 2 N^(3/2) lookups, and the witnesses of small sets stay those of the corner role)."""
    if len(parsed.coords) // 2 <= schema.DENSE_POINTS:
        return "corner"
    costs = parsed.lookups
    return ROLES[costs.index(min(costs))]


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
        parsed = schema.CornersAnswer(n, coords)
        return _sparse_first_corner(coords, cheapest_role(parsed), parsed.line_counts)
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
        hit = _sparse_first_corner(coords, cheapest_role(parsed), parsed.line_counts)
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
