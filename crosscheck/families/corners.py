"""Second check of the ``corners`` family (independent of ``endless_exam.checker.families.corners``).

Checked: the points (shared schema ``endless_exam.certificates.schemas.corners``) are distinct, and no point p = (x, y) of
the set is the corner point of a corner, i.e. there is no d != 0 with (x + d, y) and (x, y + d) both
in the set. Every corner has exactly one corner point, so examining every point this way finds every
corner. This works point by point on offset sets, whereas the primary forms same-row pairs.

Path: plain Python integers used as bitsets (neither sympy nor z3 can examine 60,000 points with up
to 2000 offsets each in the time limit). For every row y the integer ROW[y] has bit n - 1 + x set iff
(x, y) is in the set, and for every column x, COL[x] has bit n - 1 + y set iff (x, y) is in the set
(the rows and columns shifted up by n - 1). For a point (x, y), bit n - 1 + d of ROW[y] >> x says
(x + d, y) is present and bit n - 1 + d of COL[x] >> y says (x, y + d) is present, for every d in
-(n - 1)..n - 1; so A = (ROW[y] >> x) & (COL[x] >> y) has bit n - 1 (d = 0: the point itself) and
a further bit exactly for each d != 0 that makes a corner with corner point (x, y). Bits above n - 1
are the d > 0, bits below the d < 0; the witness takes the smallest |d|, the positive one on a tie.
The cost is O(N n / 64) word operations. The bits are laid out in an n x (2n - 1) boolean grid
(numpy) and packed into the integers row by row.
The z3 formal oracle lives in ``endless_exam.crosscheck.oracle.corners``.

Libraries: plain Python (sets of tuples, integer bitsets and shifts); numpy only lays out the bits of the bitsets.
"""
from __future__ import annotations

import itertools

import numpy as np

from endless_exam.certificates.schemas import corners as schema
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

LIBRARIES = ("numpy",)   # distributions this verifier's process loads for the family



def _bitsets(grid: np.ndarray) -> list[int]:
    """Row r of the boolean array as an integer with bit x set iff grid[r, x] (``numpy.packbits``, little
    endian: bit i of byte k is position 8 k + i)."""
    packed = np.packbits(grid, axis=1, bitorder="little")
    return [int.from_bytes(row.tobytes(), "little") for row in packed]


def find_corner(points: tuple[tuple[int, int], ...], n: int) -> tuple[int, int, int, int] | None:
    """(i, j, k, d) for the first point (in answer order) that is a corner point; points distinct."""
    flat = np.fromiter(itertools.chain.from_iterable(points), dtype=np.int64, count=2 * len(points))
    xs, ys = flat[0::2], flat[1::2]
    rows = np.zeros((n, 2 * n - 1), dtype=np.bool_)          # rows[y, n - 1 + x]: (x, y) in the set
    rows[ys, n - 1 + xs] = True
    cols = np.zeros((n, 2 * n - 1), dtype=np.bool_)          # cols[x, n - 1 + y]: (x, y) in the set
    cols[xs, n - 1 + ys] = True
    row, col = _bitsets(rows), _bitsets(cols)
    itself = 1 << (n - 1)
    for t, (x, y) in enumerate(points):
        both = (row[y] >> x) & (col[x] >> y)
        if both != itself:
            pos = both >> n                                   # bit d - 1 for d > 0
            neg = both & (itself - 1)                         # bit n - 1 - u for d = -u < 0
            dp = (pos & -pos).bit_length() if pos else None   # the smallest d > 0
            dn = n - neg.bit_length() if neg else None        # the smallest u > 0
            d = dp if dn is None or (dp is not None and dp <= dn) else -dn
            return t, points.index((x + d, y)), points.index((x, y + d)), d
    return None


def check(parsed: schema.CornersAnswer) -> Verdict:
    n, points = parsed.n, parsed.points
    if len(set(points)) != len(points):
        seen: dict[tuple[int, int], int] = {}
        for j, p in enumerate(points):
            if p in seen:
                return reject("DUPLICATE", f"point {list(p)} occurs at indices {seen[p]} and {j}",
                              {"point": list(p), "indices": [seen[p], j]})
            seen[p] = j
    hit = find_corner(points, n)
    if hit is not None:
        i, j, k, d = hit
        x, y = points[i]
        return reject("PROPERTY_VIOLATION",
                      f"corner: ({x}, {y}), ({x + d}, {y}), ({x}, {y + d}) with d = {d} (indices {i}, {j}, {k})",
                      {"corner": [x, y, d], "indices": [i, j, k]})
    return accept(len(points), f"corner-free set of {len(points)} points in the {n} x {n} grid")


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
