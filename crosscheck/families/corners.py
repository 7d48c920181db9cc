"""Second check of the ``corners`` family (independent of ``endless_exam.checker.families.corners``).

Checked: the points (shared schema ``endless_exam.certificates.schemas.corners``) are distinct, and no point p = (x, y) of
the set is the corner point of a corner, i.e. there is no d != 0 with (x + d, y) and (x, y + d) both
in the set. Every corner has exactly one corner point, so examining every point this way finds every
corner. This works point by point on offset sets, whereas the primary forms same-row pairs.

Path: plain Python integers used as bitsets (neither sympy nor z3 can examine 60,000 points with up
to 2000 offsets each in the time limit). For every row y the integer ROW[y] has bit x set iff (x, y)
is in the set, and for every column x, COL[x] has bit y set iff (x, y) is in the set; RROW and RCOL
are the same with bit positions mirrored (n - 1 - x, n - 1 - y). For a point (x, y):
  * d > 0: bit d - 1 of (ROW[y] >> (x + 1)) says (x + d, y) is present and bit d - 1 of
    (COL[x] >> (y + 1)) says (x, y + d) is present, so their AND is the set of valid d - 1;
  * d = -u < 0: bit u - 1 of (RROW[y] >> (n - x)) says (x - u, y) is present and bit u - 1 of
    (RCOL[x] >> (n - y)) says (x, y - u) is present.
A nonzero AND is a corner; its lowest set bit gives |d|. The cost is O(N n / 64) word operations.
The bits are laid out in an n x n boolean grid (numpy) and packed into the integers row by row.
The z3 formal oracle lives in ``endless_exam.crosscheck.oracle.corners``.

Libraries: plain Python (sets of tuples, integer bitsets and shifts); numpy only lays out the bits of the bitsets.
"""
from __future__ import annotations

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
    grid = np.zeros((n, n), dtype=np.bool_)                  # grid[y, x]: (x, y) in the set
    flat = np.array(points, dtype=np.int64).reshape(len(points), 2)
    grid[flat[:, 1], flat[:, 0]] = True
    row, rrow = _bitsets(grid), _bitsets(grid[:, ::-1])      # ROW[y] bit x, RROW[y] bit n - 1 - x
    col, rcol = _bitsets(grid.T), _bitsets(grid.T[:, ::-1])  # COL[x] bit y, RCOL[x] bit n - 1 - y
    for t, (x, y) in enumerate(points):
        pos = (row[y] >> (x + 1)) & (col[x] >> (y + 1))
        neg = (rrow[y] >> (n - x)) & (rcol[x] >> (n - y))
        if pos or neg:
            # the smallest |d|; for equal |d| the positive one
            dp = (pos & -pos).bit_length() if pos else None
            dn = (neg & -neg).bit_length() if neg else None
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
