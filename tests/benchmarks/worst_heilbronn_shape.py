"""Worst admitted inputs of ``heilbronn_shape`` (issue 31): ``python -m tests.benchmarks.worst_cases heilbronn_shape``.

Same domain and scans as ``heilbronn`` (n = 3..3,500 grid points; the primary's brute force over every
triple, the second's collinear pass and pair sweep), plus membership in the closed triangle T: the
primary's three edge signs (numpy, one pass) and the second's barycentric Fractions per point, both
before the scans. The most expensive inputs: 3,500 points in T with no collinear triple (every triple
and pair examined), in the largest T and in a thin, skewed T (the points on or near its edges), and the
rejections found last (the last point outside T, the duplicate of the point before it last).
"""
from __future__ import annotations

from tests.benchmarks.worst_heilbronn import late_collinear

N = 3_500
T0 = [[0, 0], [10000, 0], [0, 10000]]
# a thin skewed triangle holding the Erdos points (x, x^2 mod 3511) for x < 3500: y <= 3510 and x <= 3499
SKEW = [[0, 0], [3600, 0], [0, 3520]]


def _erdos() -> list[list[int]]:
    return [[x, x * x % 3511] for x in range(N)]


def _in_skew() -> list[list[int]]:
    """The points of the parabola x -> x^2 mod 3511 inside SKEW (x/3600 + y/3520 <= 1): no three
    collinear (a subset of an Erdos set)."""
    (_, _), (a, _), (_, b) = SKEW
    pts = [[x, x * x % 3511] for x in range(3511) if x * b + (x * x % 3511) * a <= a * b]
    return pts


def _outside_last() -> list[list[int]]:
    pts = _erdos()
    return pts[:-1] + [[10000, 10000]]


def _duplicate_last() -> list[list[int]]:
    pts = _erdos()
    return pts[:-1] + [pts[-2]]


def cases() -> list[dict]:
    skew = _in_skew()
    out = [
        {"name": "erdos in T0 n=3500", "path": "primary: membership + all 7.1e9 triples; second: 3,500 "
         "barycentric tests + collinear pass + sweep of all 6.1e6 pairs", "params": {"n": N, "T": T0},
         "answer": _erdos, "expect": "ACCEPT"},
        {"name": f"erdos in thin T n={len(skew)}", "path": "the same scans, every point near an edge of a "
         "thin T (the largest Erdos subset it holds)", "params": {"n": len(skew), "T": SKEW},
         "answer": _in_skew, "expect": "ACCEPT"},
        {"name": "collinear last three n=3500", "path": "the only collinear triple is the last three points: "
         "both scans reach it last", "params": {"n": N, "T": T0}, "answer": lambda: late_collinear(_erdos(), lambda q: q[0] + q[1] <= 10_000),
         "expect": "ACCEPT"},
        {"name": "last point outside T n=3500", "path": "PROPERTY_VIOLATION at index n-1, found before the scans",
         "params": {"n": N, "T": T0}, "answer": _outside_last, "expect": "REJECT"},
        {"name": "duplicate last n=3500", "path": "DUPLICATE (n-2, n-1), found first", "params": {"n": N, "T": T0},
         "answer": _duplicate_last, "expect": "REJECT"},
    ]
    return out
