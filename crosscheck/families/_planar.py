"""Second-verifier geometry shared by ``heilbronn`` and ``heilbronn_shape`` (plain Python integers).

Not a family module (leading underscore); independent of ``checker/families/_planar.py``:

* ``min_double_area`` enumerates the triangles by their first two points: for every pair i < j the
  line through p_i and p_j is written as a x + b y + c = 0 with a = y_j - y_i, b = x_i - x_j,
  c = -(a x_i + b y_i); for a third point p_k the value |a x_k + b y_k + c| is the doubled area of
  (p_i, p_j, p_k) (it is the cross product (p_j - p_i) x (p_k - p_i) up to sign, expanded). The minimum
  over k > j is taken for every pair; Python integers have no width, so nothing can overflow. An exact 0
  ends the scan. Cost: C(n, 3) evaluations (a few seconds at n = 400).
* ``first_duplicate`` uses a dict of the points seen so far.
* ``inside`` uses barycentric coordinates, not edge signs: p = t0 + u (t1 - t0) + v (t2 - t0) with
  u = cross(p - t0, t2 - t0) / D, v = cross(t1 - t0, p - t0) / D, D = cross(t1 - t0, t2 - t0) != 0
  (Cramer's rule), as exact Fractions; p is in the closed triangle iff u >= 0, v >= 0 and u + v <= 1.
"""
from __future__ import annotations

from fractions import Fraction

Point = tuple[int, int]


def first_duplicate(points: tuple[Point, ...]) -> tuple[int, int] | None:
    seen: dict[Point, int] = {}
    for j, p in enumerate(points):
        if p in seen:
            return seen[p], j
        seen[p] = j
    return None


def min_double_area(points: tuple[Point, ...]) -> tuple[int, tuple[int, int, int]]:
    n = len(points)
    best, where = None, None
    for i in range(n - 2):
        xi, yi = points[i]
        for j in range(i + 1, n - 1):
            xj, yj = points[j]
            a, b = yj - yi, xi - xj
            c = -(a * xi + b * yi)
            rest = points[j + 1:]
            values = [abs(a * x + b * y + c) for x, y in rest]
            m = min(values)
            if best is None or m < best:
                best, where = m, (i, j, j + 1 + values.index(m))
                if best == 0:
                    return best, where
    if best is None:
        raise RuntimeError("heilbronn second check: fewer than three points")
    return best, where


def triangle_area2(a: Point, b: Point, c: Point) -> int:
    """Doubled area by the shoelace formula (a third formula, for self-checks and witnesses)."""
    return abs(a[0] * (b[1] - c[1]) + b[0] * (c[1] - a[1]) + c[0] * (a[1] - b[1]))


def inside(p: Point, triangle: tuple[Point, Point, Point]) -> bool:
    (x0, y0), (x1, y1), (x2, y2) = triangle
    d = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0)
    if d == 0:
        raise ValueError("degenerate triangle")
    px, py = p[0] - x0, p[1] - y0
    u = Fraction(px * (y2 - y0) - py * (x2 - x0), d)
    v = Fraction((x1 - x0) * py - (y1 - y0) * px, d)
    return u >= 0 and v >= 0 and u + v <= 1
