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
The z3 formal oracle lives in ``endless_exam.crosscheck.oracle.corners``.

Libraries: plain Python only (sets of tuples, integer bitsets).
"""
from __future__ import annotations


from endless_exam.certificates.schemas import corners as schema
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

LIBRARIES = ()   # distributions this verifier's process loads for the family



def find_corner(points: tuple[tuple[int, int], ...], n: int) -> tuple[int, int, int, int] | None:
    """(i, j, k, d) for the first point (in answer order) that is a corner point; points distinct."""
    row = [0] * n
    col = [0] * n
    rrow = [0] * n
    rcol = [0] * n
    where: dict[tuple[int, int], int] = {}
    for t, (x, y) in enumerate(points):
        row[y] |= 1 << x
        col[x] |= 1 << y
        rrow[y] |= 1 << (n - 1 - x)
        rcol[x] |= 1 << (n - 1 - y)
        where[(x, y)] = t
    for t, (x, y) in enumerate(points):
        pos = (row[y] >> (x + 1)) & (col[x] >> (y + 1))
        neg = (rrow[y] >> (n - x)) & (rcol[x] >> (n - y))
        if pos or neg:
            # the smallest |d|; for equal |d| the positive one
            dp = (pos & -pos).bit_length() if pos else None
            dn = (neg & -neg).bit_length() if neg else None
            d = dp if dn is None or (dp is not None and dp <= dn) else -dn
            return t, where[(x + d, y)], where[(x, y + d)], d
    return None


def check(parsed: schema.CornersAnswer) -> Verdict:
    n, points = parsed.n, parsed.points
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
