"""Worst admitted inputs of ``heilbronn`` (issue 31): ``cases()`` for ``python -m tests.benchmarks.worst_cases heilbronn``.

The domain admits n = 3..3,500 grid points (``certificates/schemas/_grid.py``). Neither verifier has a
size-dependent choice of path: the primary scans every triple by brute force (int32 blocks) and stops at
the first exact 0; the second looks for a collinear triple (gcd-reduced direction keys from every point i,
stopping at the first i that has one) and otherwise sweeps all n(n-1)/2 pair directions in plain Python.
So the most expensive inputs are the largest n with no collinear triple (every triple and every pair is
examined), a collinear triple placed where both scans reach it last, and rejections found as late as
the answer allows (the duplicate of the last point; both verifiers find duplicates before any scan).
"""
from __future__ import annotations

import itertools
import math

import numpy as np

from tests.benchmarks.bench_heilbronn import erdos

GRID = 10_000

N = 3_500


def late_collinear(pts: list[list[int]], admit=lambda q: True) -> list[list[int]]:
    """``pts`` (no three collinear) without its last point, then a grid point on the line through the two
    points before it that lies on no other line through two of the points: the only collinear triple is
    the last three points (the last triple of the primary's scan and of the second's collinear pass).
    ``admit(q)`` restricts the new point further (heilbronn_shape: inside T)."""
    pts = pts[:-1]
    xy = np.array(pts, dtype=np.int64)
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    g = math.gcd(bx - ax, by - ay)
    dx, dy = (bx - ax) // g, (by - ay) // g
    taken = set(map(tuple, pts))
    for t in itertools.chain.from_iterable((s, -s) for s in range(1, 2 * GRID)):
        q = (bx + t * dx, by + t * dy)
        if not (0 <= q[0] <= GRID and 0 <= q[1] <= GRID) or q in taken or not admit(q):
            continue
        d = xy - np.array(q, dtype=np.int64)                      # q is on the line ab iff d_a x d_b = 0
        on_lines = np.count_nonzero(np.triu(np.outer(d[:, 0], d[:, 1]) - np.outer(d[:, 1], d[:, 0]) == 0, 1))
        if on_lines == 1:
            return pts + [list(q)]
    raise RuntimeError("no suitable last point")


def _reversed_erdos() -> list[list[int]]:
    """The Erdos points in reverse order: the primary's running minimum improves at other blocks (the
    argmin of a block is taken only when the block improves on the minimum so far)."""
    return erdos(N)[::-1]


def _duplicate_last() -> list[list[int]]:
    pts = erdos(N)
    return pts[:-1] + [pts[-2]]


def cases() -> list[dict]:
    return [
        {"name": "erdos n=3500", "path": "primary: all C(n,3) = 7.1e9 triples; second: collinear pass + sweep of "
         "all 6.1e6 pairs", "params": {"n": N}, "answer": lambda: erdos(N), "expect": "ACCEPT"},
        {"name": "erdos reversed n=3500", "path": "as above, the minimum met in another scan order",
         "params": {"n": N}, "answer": _reversed_erdos, "expect": "ACCEPT"},
        {"name": "collinear last three n=3500", "path": "the only collinear triple is (n-3, n-2, n-1): the "
         "primary's scan and the second's collinear pass reach it last", "params": {"n": N},
         "answer": lambda: late_collinear(erdos(N)), "expect": "ACCEPT"},
        {"name": "duplicate of n-2 last n=3500", "path": "DUPLICATE (n-2, n-1), the last pair; found before the "
         "scans", "params": {"n": N}, "answer": _duplicate_last, "expect": "REJECT"},
    ]
