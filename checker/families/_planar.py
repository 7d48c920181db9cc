"""Primary geometry shared by ``heilbronn`` and ``heilbronn_shape`` (numpy on validated grid points).

Not a family module (leading underscore). Every value is an exact integer:

* The doubled area of the triangle (a, b, c) is |cross(b - a, c - a)| with
  cross(u, v) = u_x v_y - u_y v_x. For grid points (coordinates in 0..10,000) every difference has
  absolute value <= 10^4, each product <= 10^8 and every cross product <= 2 * 10^8 < 2^31, so the int64
  arithmetic below cannot overflow (the parameters' vertices of T are grid points too).
* ``min_double_area`` scans every triple i < j < k: for each i, the (n-i-1)^2 cross products of the
  differences p_j - p_i, p_k - p_i are one outer-product expression; the strict upper triangle j < k is
  selected by a mask. Cost ~ n^3/3 int64 operations (0.3 s at n = 400). An exact 0 stops the scan.
* ``first_duplicate`` asks ``_duplicates.first_duplicate`` about the keys x * 10,001 + y (distinct for
  distinct grid points).
* ``first_outside``: a point p is inside or on the triangle T = (t0, t1, t2) iff the three edge cross
  products cross(t1 - t0, p - t0), cross(t2 - t1, p - t1), cross(t0 - t2, p - t2) are all >= 0 or all
  <= 0 (T non-degenerate: they are the doubled signed areas of the three sub-triangles, whose sum is
  the doubled signed area of T).
"""
from __future__ import annotations

import numpy as np

from . import _duplicates

Point = tuple[int, int]


def _arrays(points: tuple[Point, ...]) -> tuple[np.ndarray, np.ndarray]:
    flat = np.array([c for p in points for c in p], dtype=np.int64).reshape(len(points), 2)
    return flat[:, 0], flat[:, 1]


def first_duplicate(points: tuple[Point, ...]) -> tuple[int, int] | None:
    """(i, j), i < j, of equal points: the pair whose second occurrence j comes first."""
    x, y = _arrays(points)
    return _duplicates.first_duplicate(x * 10_001 + y)


def min_double_area(points: tuple[Point, ...]) -> tuple[int, tuple[int, int, int]]:
    """The smallest |cross| over all triples i < j < k and the first triple (in scan order) attaining it."""
    x, y = _arrays(points)
    n = len(points)
    upper = np.triu(np.ones((n, n), dtype=bool), k=1)
    big = np.int64(1) << 40
    best, where = None, None
    for i in range(n - 2):
        dx, dy = x[i + 1:] - x[i], y[i + 1:] - y[i]
        m = len(dx)
        cross = np.abs(dx[:, None] * dy[None, :] - dy[:, None] * dx[None, :])
        cross = np.where(upper[:m, :m], cross, big)
        flat = int(np.argmin(cross))
        value = int(cross.flat[flat])
        if best is None or value < best:
            j, k = divmod(flat, m)
            best, where = value, (i, i + 1 + j, i + 1 + k)
            if best == 0:
                break
    if best is None or best >= big:
        raise RuntimeError("heilbronn primary self-check failed: no triple was scanned")
    return best, where


def double_area(a: Point, b: Point, c: Point) -> int:
    return abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]))


def edge_crosses(points: tuple[Point, ...], triangle: tuple[Point, Point, Point]) -> np.ndarray:
    """The three edge cross products of every point, shape (n, 3)."""
    x, y = _arrays(points)
    out = []
    for (ax, ay), (bx, by) in zip(triangle, triangle[1:] + triangle[:1]):
        out.append((bx - ax) * (y - ay) - (by - ay) * (x - ax))
    return np.stack(out, axis=1)


def outside_mask(points: tuple[Point, ...], triangle: tuple[Point, Point, Point]) -> np.ndarray:
    c = edge_crosses(points, triangle)
    inside = np.all(c >= 0, axis=1) | np.all(c <= 0, axis=1)
    return ~inside


def first_outside(points: tuple[Point, ...], triangle: tuple[Point, Point, Point]) -> int | None:
    hits = np.nonzero(outside_mask(points, triangle))[0]
    return None if len(hits) == 0 else int(hits[0])
