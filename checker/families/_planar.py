"""Primary geometry shared by ``heilbronn`` and ``heilbronn_shape`` (numpy on validated grid points).

Not a family module (leading underscore). Every value is an exact integer:

* The doubled area of the triangle (a, b, c) is |cross(b - a, c - a)| with
  cross(u, v) = u_x v_y - u_y v_x. For grid points (coordinates in 0..10,000) every difference has
  absolute value <= 10^4, each product <= 10^8 and every cross product <= 2 * 10^8 < 2^31 - 1, so the
  int32 arithmetic of the scan cannot overflow (nor can ``abs``: no value reaches -2^31); the
  parameters' vertices of T are grid points too.
* ``min_double_area`` scans every triple i < j < k by brute force: for each first point i the cross
  products of the differences d_j = p_j - p_i are taken ``ROWS`` rows j at a time against every column
  k > j0 (j0 the block's first row), as two int32 outer products, a difference, ``abs`` and a ``min``
  in preallocated buffers small enough for the cache. Inside a block the entries k < j are the triples
  (i, k, j), already valid triples, and the diagonal k = j (cross 0, not a triangle) is overwritten
  before the minimum is taken, so every triple is examined and nothing else. Cost ~ C(n, 3) int32
  cells at about 1.8 ns each (8 s at n = 3,500 on one idle core). An exact 0 stops the scan.
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
ROWS = 64                                   # rows j per block of the triple scan
_NOT_A_TRIANGLE = np.int32(2 ** 31 - 1)     # above every cross product (<= 2 * 10^8)


def _arrays(points: tuple[Point, ...]) -> tuple[np.ndarray, np.ndarray]:
    flat = np.array([c for p in points for c in p], dtype=np.int64).reshape(len(points), 2)
    return flat[:, 0], flat[:, 1]


def first_duplicate(points: tuple[Point, ...]) -> tuple[int, int] | None:
    """(i, j), i < j, of equal points: the pair whose second occurrence j comes first."""
    x, y = _arrays(points)
    return _duplicates.first_duplicate(x * 10_001 + y)


def min_double_area(points: tuple[Point, ...]) -> tuple[int, tuple[int, int, int]]:
    """The smallest |cross| over all triples i < j < k and a triple attaining it (the first block, in scan
    order, that reaches the minimum)."""
    flat = np.array([c for p in points for c in p], dtype=np.int32).reshape(len(points), 2)
    x, y = flat[:, 0].copy(), flat[:, 1].copy()
    n = len(points)
    rows = ROWS
    prod = np.empty(rows * n, dtype=np.int32)
    other = np.empty(rows * n, dtype=np.int32)
    diagonal = np.arange(1, rows)
    best, where = None, None
    for i in range(n - 2):
        dx, dy = x[i + 1:] - x[i], y[i + 1:] - y[i]
        m = len(dx)
        for j0 in range(0, m - 1, rows):
            h, w = min(rows, m - 1 - j0), m - 1 - j0          # rows j0..j0+h-1, columns k = j0+1..m-1
            a = prod[:h * w].reshape(h, w)
            b = other[:h * w].reshape(h, w)
            np.multiply(dx[j0:j0 + h, None], dy[None, j0 + 1:], out=a)
            np.multiply(dy[j0:j0 + h, None], dx[None, j0 + 1:], out=b)
            np.subtract(a, b, out=a)
            np.abs(a, out=a)
            r = diagonal[:h - 1]
            a.ravel()[r * w + r - 1] = _NOT_A_TRIANGLE             # row r, column r - 1 is k = j
            value = int(a.min())
            if best is None or value < best:
                r0, c0 = divmod(int(a.argmin()), w)
                j, k = sorted((j0 + r0, j0 + 1 + c0))
                best, where = value, (i, i + 1 + j, i + 1 + k)
                if best == 0:
                    return best, where
    if best is None or best >= _NOT_A_TRIANGLE:
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
