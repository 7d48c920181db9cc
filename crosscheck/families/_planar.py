"""Second-verifier geometry shared by ``heilbronn`` and ``heilbronn_shape`` (Python integers, numpy sorts).

Not a family module (leading underscore); independent of ``checker/families/_planar.py``, whose brute
force examines every triple. Here the smallest triangle is found by a rotating sweep, O(n^2 log n):

* ``collinear`` first decides whether three points are collinear (then the minimum is 0): for every
  point i, the directions p_j - p_i (j > i) reduced by their gcd and normalised to the upper half-plane
  are integer keys; two equal keys are a line through p_i and two later points. numpy computes the
  gcds and sorts the keys (exact integers, |key| < 2^31).
* ``sweep_min_double_area`` (no three points collinear): for a direction u at angle a in [0, pi) order
  the points by their signed distance to a line of direction u, i.e. by y cos a - x sin a. For a pair
  (p, q) with direction u, p and q tie at a; so just before a they are neighbours in the order and
  swap at a, and the points at signed distance nearest to the line pq on either side are the points
  just before and just after them. The doubled area of (p, q, r) is |pq| times the distance of r to
  the line, so for the base pq the smallest triangle uses one of those two neighbours; every triangle
  has a base, so the minimum over all pairs of these two candidates is the minimum over all triples.
  The sweep starts just below the angle 0 (order by y, then x), visits the n(n-1)/2 pairs by
  increasing angle of their direction and swaps each pair as it passes. Pairs of the same direction
  are parallel and disjoint (no three points are collinear), so their order among themselves does not
  matter. The angle order is exact: a direction (dx, dy) with dy > 0 sorts by -dx/dy, and two distinct
  such fractions (denominators <= 10^4) differ by at least 10^-8, so the integer keys
  floor(-dx 2^28 / dy) (|key| < 2^42, int64) are distinct and in the same order; dy = 0 (angle 0)
  sorts first. That the two points of a pair are neighbours when it is visited is checked (a failure
  is an internal error, never a verdict). Areas are Python integers; the loop is plain Python.
* ``first_duplicate`` uses a dict of the points seen so far.
* ``inside`` uses barycentric coordinates, not edge signs: p = t0 + u (t1 - t0) + v (t2 - t0) with
  u = cross(p - t0, t2 - t0) / D, v = cross(t1 - t0, p - t0) / D, D = cross(t1 - t0, t2 - t0) != 0
  (Cramer's rule), as exact Fractions; p is in the closed triangle iff u >= 0, v >= 0 and u + v <= 1.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

Point = tuple[int, int]
ANGLE_SCALE = 1 << 28          # > 10^8 = the largest product of two denominators of -dx/dy
CHUNK = 1 << 16                # pairs converted to Python lists at a time


def first_duplicate(points: tuple[Point, ...]) -> tuple[int, int] | None:
    seen: dict[Point, int] = {}
    for j, p in enumerate(points):
        if p in seen:
            return seen[p], j
        seen[p] = j
    return None


def _upper(dx: np.ndarray, dy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each direction or its opposite, whichever has dy > 0 or (dy = 0 and dx > 0)."""
    flip = (dy < 0) | ((dy == 0) & (dx < 0))
    return np.where(flip, -dx, dx), np.where(flip, -dy, dy)


def collinear(points: tuple[Point, ...]) -> tuple[int, int, int] | None:
    """Three indices i < j < k of collinear points (the first i that has such a line), or None."""
    xy = np.array(points, dtype=np.int64).reshape(len(points), 2)
    for i in range(len(points) - 2):
        dx, dy = xy[i + 1:, 0] - xy[i, 0], xy[i + 1:, 1] - xy[i, 1]
        g = np.gcd(dx, dy)                                   # > 0: the points are distinct
        dx, dy = _upper(dx // g, dy // g)
        key = dx * 20_001 + dy                               # |dx|, dy <= 10^4: distinct keys
        order = np.argsort(key, kind="stable")
        same = np.flatnonzero(key[order[1:]] == key[order[:-1]])
        if len(same):
            j, k = sorted((int(order[same[0]]), int(order[same[0] + 1])))
            return i, i + 1 + j, i + 1 + k
    return None


def _pairs_by_angle(points: tuple[Point, ...]) -> tuple[np.ndarray, np.ndarray]:
    xy = np.array(points, dtype=np.int64).reshape(len(points), 2)
    first, second = np.triu_indices(len(points), 1)
    dx, dy = _upper(xy[second, 0] - xy[first, 0], xy[second, 1] - xy[first, 1])
    flat = dy == 0
    key = np.where(flat, np.iinfo(np.int64).min, -(dx * ANGLE_SCALE) // np.where(flat, 1, dy))
    order = np.argsort(key, kind="stable")
    return first[order].astype(np.int32), second[order].astype(np.int32)


def sweep_min_double_area(points: tuple[Point, ...]) -> tuple[int, tuple[int, int, int]]:
    """The smallest doubled area over all triples and a triple attaining it, for points no three of
    which are collinear (the rotating sweep described above)."""
    n = len(points)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    order = sorted(range(n), key=lambda t: (ys[t], xs[t]))     # the order just below the angle 0
    pos = [0] * n
    for t, r in enumerate(order):
        pos[r] = t
    first, second = _pairs_by_angle(points)
    best, where = None, None
    last = n - 1
    for start in range(0, len(first), CHUNK):
        for p, q in zip(first[start:start + CHUNK].tolist(), second[start:start + CHUNK].tolist()):
            a, b = pos[p], pos[q]
            if a > b:
                a, b, p, q = b, a, q, p
            if b != a + 1:
                raise RuntimeError("heilbronn second check: a visited pair is not adjacent in the sweep order")
            px, py = xs[p], ys[p]
            ux, uy = xs[q] - px, ys[q] - py
            for r in ((order[a - 1],) if a else ()) + ((order[b + 1],) if b < last else ()):
                v = abs(ux * (ys[r] - py) - uy * (xs[r] - px))
                if best is None or v < best:
                    best, where = v, (p, q, r)
            order[a], order[b] = q, p
            pos[p], pos[q] = b, a
    if best is None:
        raise RuntimeError("heilbronn second check: fewer than three points")
    return best, tuple(sorted(where))


def min_double_area(points: tuple[Point, ...]) -> tuple[int, tuple[int, int, int]]:
    """The smallest doubled triangle area over all triples (0 if three points are collinear) and a triple
    attaining it. The points are distinct (the caller checks duplicates first)."""
    line = collinear(points)
    if line is not None:
        return 0, line
    return sweep_min_double_area(points)


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
